"""The value of every option of a Was sticht? round in progress (``evaluate``), from what the
seat to move sees (its ``observation``; the trumps and hands are open by then, so nothing
is sampled and no seed is needed).

- The trick play: for each legal card, the verdict of each chip the seat plays for after
  that card, double dummy (``double_dummy.forceable`` / ``possible``, exact): the
  non-dealer's chosen chip, or for the dealer every chip the others chose (the dealer
  earns his discard by meeting any of them while its chooser fails; the verdict is the
  dealer's meeting of the task, the chooser's failing is not part of it). The rank: the
  count of forceable chips, then the count of possible ones (forceable counted too).
- The chip choice: each chip of the seat with ``chip_choice.chip_odds``, what ``choose``
  answers: its exact verdict and its chance (the share of the seeded random playouts
  that meet it). The rank is ``choose``'s order: a forceable chip above every other (by
  corner value; proven), then the expected corner value, value x chance (an estimate,
  its standard error from the playouts), then the impossible chips, the cheapest first
  (failing it keeps the dearer ones; proven).
- The dealer's discard: each of his chips by its corner value (proven), the round's score.

The preparation and the draft are not valued: nothing the solvers prove or estimate
gives a chip taken or a card picked a worth in the game's unit, so ``evaluate`` refuses
them, as it refuses a position where the table decides (the layout, a clue, the trumps,
the chips turned up, the next round's draw) or the game is over. Any round is valued alike.

A time limit is checked between the double-dummy searches (each is short: a few ms to a
few hundred at the round's start); a chip whose search did not start in time has no
verdict (null), and its option is an estimate that ties every other.
"""

from __future__ import annotations

import math

from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht.chips import Chip
from cardsolve.models.was_sticht.play import Position, start
from cardsolve.models.was_sticht.state import WasStichtState
from cardsolve.solvers.infrastructure.evaluation import Evaluation, Option, seat_to_value
from cardsolve.solvers.infrastructure.limits import Deadline, check_count, check_time_limit
from cardsolve.solvers.was_sticht.backends import BACKENDS
from cardsolve.solvers.was_sticht.chip_choice import chip_odds
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible, shared_table
from cardsolve.solvers.was_sticht.settings import MAX_PLAYOUTS, PLAYOUTS

GAME = "was_sticht"
DEFAULT_TIME_LIMIT = 10.0
"""Seconds ``evaluate`` may take by default (a typical position takes well under one)."""
FORCED = 100.0
"""The rank a forceable chip choice starts from: above any expected corner value."""


def evaluate(
    state: WasStichtState,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    backend: str = BACKENDS.default,
    playouts: int = PLAYOUTS,
) -> Evaluation:
    """Every legal option of the seat to move with its value (see the module): the trick
    play's cards by the verdicts of the seat's chips after each, the chip choice by
    ``choose``'s verdicts and chances, the dealer's discard by corner value. The table to
    move, a round over, the preparation or the draft is bad input saying so. ``playouts``
    (1 to ``MAX_PLAYOUTS``): the random playouts behind each chip's chance in the choice."""
    state, seat = seat_to_value(
        state,
        WasStichtState,
        "Was sticht?",
        "a card laid out, a clue, the trumps or the chosen chips turned up, or the next round's trumps drawn",
    )
    check_time_limit(time_limit)
    check_count("playouts", playouts, 1, MAX_PLAYOUTS)
    seen = state.observation(seat)
    deadline = Deadline.after(time_limit)
    if seen.phase == "play":
        return _play(seen, seat - 1, deadline, backend)
    if seen.phase == "choose":
        return _choice(seen, seat - 1, deadline, backend, playouts)
    if seen.phase == "discard":
        options = [
            Option(str(move), move.value.value, float(move.value.value), True, shown=f"corner value {move.value.value}")
            for move in seen.legal
        ]
        return Evaluation.ranked(GAME, seat, "corner value of the chip discarded", options, phase="discard")
    drafting = "the preparation's chip draft" if seen.phase == "prepare" else "the card draft"
    raise BadInput(
        f"evaluate values the chip choice, the trick play and the dealer's discard, not {drafting} "
        f"(seat {seat} is {'taking a chip' if seen.phase == 'prepare' else 'picking a card'})",
        seen.phase,
    )


def _plays_for(state: WasStichtState, seat: int) -> tuple[Chip, ...]:
    """The chips ``seat`` (from 0) plays for this round: his chosen one, or the dealer's
    choice among the others' chosen chips."""
    chosen = state.chosen_chips()
    return tuple(chosen[other] for other in state.choosers) if seat == state.dealer else (chosen[seat],)


def _verdict(position: Position, seat: int, chip: Chip, backend: str) -> str:
    if forceable(position, seat, chip, backend):
        return "forceable"
    return "possible" if possible(position, seat, chip, backend) else "impossible"


def _play(state: WasStichtState, seat: int, deadline: Deadline, backend: str) -> Evaluation:
    chips = _plays_for(state, seat)
    position = state.position()
    span = float((len(chips) + 1) * len(chips))
    options = []
    with shared_table(backend):
        for move in state.legal:
            after = position.play(move.value)
            verdicts: dict[str, str | None] = {}
            for chip in chips:
                verdicts[chip.id] = None if deadline.passed else _verdict(after, seat, chip, backend)
            known = list(verdicts.values())
            forced = known.count("forceable")
            rank = forced * (len(chips) + 1) + forced + known.count("possible")
            proven = None not in known
            shown = ", ".join(f"{chip} {verdict or 'not searched'}" for chip, verdict in verdicts.items())
            options.append(Option(str(move), verdicts, float(rank), proven, 0.0 if proven else span, shown))
    return Evaluation.ranked(
        GAME,
        seat + 1,
        "each chip the seat plays for after that card: forceable, possible or impossible (double dummy)",
        options,
        "Ranked by the chips forceable, then the chips possible; every hand is open after the draft.",
        phase="play",
        chips=[chip.id for chip in chips],
    )


def _choice(state: WasStichtState, seat: int, deadline: Deadline, backend: str, playouts: int) -> Evaluation:
    if state.trumps is None:
        raise BadInput("the trumps are not shown yet: chips are chosen after the reveal", "trump")
    position = start(state.hands, state.trumps, (state.dealer + 1) % state.players)
    options = []
    for move in state.legal:
        chip: Chip = move.value
        if deadline.passed:
            options.append(Option(str(move), None, 0.0, False, FORCED, "not searched", {"chance": None}))
            continue
        odds = chip_odds(position, seat, [chip], backend, playouts)[0]
        worth = chip.value * odds.chance
        extra = {"chance": round(odds.chance, 4), "expected_value": round(worth, 4)}
        if odds.verdict == "forceable":
            rank, proven, error = FORCED + chip.value, True, 0.0
        elif odds.verdict == "possible":
            rank, proven = worth, False
            error = chip.value * math.sqrt(odds.chance * (1 - odds.chance) / playouts)
        else:
            rank, proven, error = -chip.value / FORCED, True, 0.0
        shown = f"{odds.verdict}, met in {odds.chance:.0%} of {playouts} random playouts (value {chip.value})"
        options.append(Option(str(move), odds.verdict, rank, proven, error, shown, extra))
    return Evaluation.ranked(
        GAME,
        seat + 1,
        "the chip's verdict (forceable, possible or impossible, double dummy) and its chance in random playouts",
        options,
        "Ranked as 'choose' ranks them: forceable chips by corner value, then corner value x chance.",
        phase="choose",
    )
