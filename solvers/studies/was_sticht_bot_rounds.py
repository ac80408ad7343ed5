"""The rounds of the study ``was-sticht bots`` (``solvers.studies.was_sticht_bots``): how
many of the chips a chip-choice rule chooses are met, the rest of the bot unchanged.

Round ``i`` of a study seeded ``s`` is a single-round game (``state.start(seed=...,
dealer=4, rounds=1)``) seeded ``seeds.sample_seed(s, i)``: the trumps (one of the 50 pairs)
and the layout are its deal, and the same random source then shuffles 15 of the 24 chips
out to seats 1, 2 and 3, five each, which they take in the preparation (the dealer the
next five); seat 4 deals, so seat 1 leads. Four solver bots (``state_bots.PolicyBot`` of
``bots.SolverBot``) draft the cards, played by ``models.state.play``. Then, for each rule
of ``RULES``, the three non-dealers choose their chip by that rule (``chip_choice``; the
random rule draws from the round's seed and the seat) and four solver bots play the round
out, the dealer aiming at the chosen tasks as in a game; a rule's outcome per seat is the
chip, its verdict and whether it was met. Rules that choose the same three chips share
one playout.

Two exact checks come with every round: a forceable chip is always met (the seat plays
the solver's card for it), and an impossible one never is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardsolve.models.state import play
from cardsolve.models.was_sticht import ALL_TRUMPS, CHIPS, CHIPS_EACH, COLUMNS, DECK, Chip
from cardsolve.models.was_sticht.play import Position
from cardsolve.models.was_sticht.state import WasStichtState, start
from cardsolve.solvers.infrastructure.seeds import sample_seed
from cardsolve.solvers.was_sticht.bots import SolverBot
from cardsolve.solvers.was_sticht.chip_choice import (
    by_value,
    chip_odds,
    expected_value,
    likeliest,
    random_possible,
)
from cardsolve.solvers.was_sticht.results import ChipOdds
from cardsolve.solvers.was_sticht.state_bots import PolicyBot

PLAYERS = 4
DEALER = PLAYERS - 1
"""Seat 4 (3 from 0) deals every round of the study, so seats 1..3 choose chips and seat 1 leads."""
CHUNK = 2
"""Rounds per chunk (a round is one draft, the chips' verdicts and up to four playouts)."""
Rule = Callable[[Sequence[ChipOdds], random.Random], Chip]
RULES: dict[str, Rule] = {
    "likeliest": lambda odds, rng: likeliest(odds),
    "expected-value": lambda odds, rng: expected_value(odds),
    "by-value": lambda odds, rng: by_value(odds),
    "random": random_possible,
}
"""The chip-choice rules compared, by name: the likeliest chip, chance times value (the
solver bot's), the bot's rule before issue 17, and random among the possible."""


@dataclass(frozen=True)
class Outcome:
    """One seat's chip under one rule: the seat (from 0), the chip, its verdict, whether it was met."""

    rule: str
    seat: int
    chip: Chip
    verdict: str
    met: bool


DRAFT_MOVES = len(DECK) + COLUMNS + 1
"""The moves from the end of the preparation to the chip choice: the picks, the clues and the reveal."""


@dataclass(frozen=True)
class StudyRound:
    """A round of the study before the chips are chosen: its seed, the game at the chip
    choice (``state``), its opening trick position and the chips each non-dealer holds
    (seat 0 first)."""

    seed: int | str
    state: WasStichtState
    position: Position
    held: tuple[tuple[Chip, ...], ...]


def study_round(seed: int, index: int) -> StudyRound:
    """Round ``index`` of the study seeded ``seed``, drafted by solver bots (module docstring)."""
    round_seed = sample_seed(seed, index)
    rng = random.Random(round_seed)
    rng.choice(ALL_TRUMPS)  # the deal, as ``start`` draws it: the trumps, then the shuffled layout
    rng.shuffle(list(DECK))
    chips = list(CHIPS)
    rng.shuffle(chips)
    held = tuple(tuple(chips[seat * CHIPS_EACH : (seat + 1) * CHIPS_EACH]) for seat in range(PLAYERS))
    state = start(seed=round_seed, players=PLAYERS, dealer=DEALER + 1, rounds=1)
    while state.phase == "prepare":
        seat = state.seat_to_move
        assert seat is not None
        state = state.apply(f"take {held[seat][len(state.chips[seat])].id}")
    drafted = play(state, [PolicyBot(SolverBot())] * PLAYERS, max_moves=DRAFT_MOVES)
    assert isinstance(drafted, WasStichtState) and drafted.phase == "choose", "the draft ends at the chip choice"
    state = drafted
    return StudyRound(round_seed, state, state.position(), held[:DEALER])


def outcomes(seed: int, index: int) -> list[Outcome]:
    """Every rule's outcome at seats 1..3 (from 0: 0..2) in round ``index`` of the study seeded ``seed``."""
    game = study_round(seed, index)
    odds = [{o.chip: o for o in chip_odds(game.position, seat, game.held[seat])} for seat in range(DEALER)]
    bots = [PolicyBot(SolverBot())] * PLAYERS
    met_by_choice: dict[tuple[Chip, ...], tuple[int, ...]] = {}
    found = []
    for name, rule in RULES.items():
        choice = tuple(rule(tuple(odds[seat].values()), random.Random(f"{game.seed}:{seat}")) for seat in range(DEALER))
        if choice not in met_by_choice:
            state = game.state
            for chip in choice:  # seats 1, 2, 3 choose in turn, from the dealer's left
                state = state.apply(f"choose {chip.id}")
            end = play(state, bots)
            assert isinstance(end, WasStichtState) and end.settlement is not None, "a single round ends settled"
            met_by_choice[choice] = end.settlement.met
        found += [
            Outcome(name, seat, chip, odds[seat][chip].verdict, seat in met_by_choice[choice])
            for seat, chip in enumerate(choice)
        ]
    return found
