"""The Python API of Was sticht?: one function per ``cardsolve was-sticht`` command, each
returning an immutable answer (``solvers.was_sticht.results``) whose ``to_json()`` and
``text()`` are what the command prints.

Inputs are model objects or the notation the CLI takes: cards as ``R9,B1`` or ``Card``s, a
task chip by id (``exactly-2``) or as a ``Chip``, a deal as a ``Deal``, a ``Position``
(any point of the play) or a deal file's JSON value, clues as ``Observation``s or a clues
file's JSON value. A game in progress (``start``, ``load``: ``models.was_sticht.state``)
is valued option by option by ``evaluate`` (``evaluation``) in any round and played by the
bots ``bot`` makes (``state_bots``), as ``models.state.play(start(seed=1), [bot("solver")] * 4)``;
``play`` is such a game.
Seats count from 1 (``seat=1`` is the first hand). Nothing here reads a file, and the
solvers' backends (numba) load only when a function needs them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.models.state import play as play_state
from cardsolve.models.was_sticht import (
    CHIPS,
    CHIPS_EACH,
    Card,
    Chip,
    Deal,
    Observation,
    check_clues,
    check_distinct,
    clues_from_json,
    deal_from_json,
    deal_round,
    parse_cards,
    parse_chip,
    parse_chips,
)
from cardsolve.models.was_sticht.deal import check_deal
from cardsolve.models.was_sticht.play import Position
from cardsolve.models.was_sticht.state import (
    DEFAULT_ROUNDS,
    MAX_ROUNDS,
    ROUND_MOVES,
    WasStichtState,
    load,
    settled_rounds,
    start,
)
from cardsolve.solvers.infrastructure.arguments import checked
from cardsolve.solvers.infrastructure.limits import check_count
from cardsolve.solvers.was_sticht.backends import BACKENDS
from cardsolve.solvers.was_sticht.bots import policies, seat_bots
from cardsolve.solvers.was_sticht.chip_choice import by_expected_value, chip_odds, expected_value_reason
from cardsolve.solvers.was_sticht.chip_table import chip_table, default_workers
from cardsolve.solvers.was_sticht.deduce import best_pick, consistent, likelihoods
from cardsolve.solvers.was_sticht.double_dummy import analyse
from cardsolve.solvers.was_sticht.evaluation import evaluate
from cardsolve.solvers.was_sticht.results import (
    Analysis,
    ChipChoice,
    ChipSet,
    ChipTable,
    DealtRound,
    Deduction,
    Game,
)
from cardsolve.solvers.was_sticht.settings import MAX_PLAYOUTS, PLAYOUTS
from cardsolve.solvers.was_sticht.state_bots import PolicyBot, bot

__all__ = ["bot", "chips", "choose", "deal", "deduce", "evaluate", "load", "play", "solve", "start", "table"]

Progress = Callable[[int, int], None]
"""Called with (done, total) as the work goes on."""
DealLike = Deal | Position | Mapping[str, Any]
"""A round to analyse: a deal, a position of the play, or a deal file's JSON value."""


def _position(round_: DealLike) -> Position:
    """The position to analyse from ``round_``."""
    if isinstance(round_, Position):
        return round_
    return check_deal(round_ if isinstance(round_, Deal) else deal_from_json(round_))


@checked
def deal(seed: int = 1, players: int = 4) -> DealtRound:
    """A seeded round: the trumps (one of the 50 pairs) and each seat's 9 cards, seat 1
    leading (3 players: the Table's 9 cards leave the round)."""
    return DealtRound(deal_round(seed, players))


@checked
def deduce(clues: Sequence[Observation] | Mapping[str, Any], offer: str | Sequence[Card] | None = None) -> Deduction:
    """The trump pairs that fit every clue of the draft so far, how likely each trump suit
    and number is (every fitting pair equally likely), and with ``offer`` the card with
    the highest expected trick strength over them. When no pair fits, the answer names the
    first clue that no pair fits together with the clues before it, and picks nothing. A
    card in two places is bad input."""
    observations = tuple(clues) if isinstance(clues, Sequence) else clues_from_json(clues)
    check_clues(observations, "the clues")
    offered = parse_cards(offer, "the offer") if isinstance(offer, str) else offer
    fitting = tuple(consistent(observations))
    pick = None
    if offered is not None:
        check_distinct([*(card for clue in observations for card in clue.cards), *offered], "the clues and the offer")
        pick = best_pick(offered, fitting) if fitting else None
    suits, numbers = likelihoods(fitting) if fitting else ((), ())
    contradiction = (
        None
        if fitting
        else next(k for k in range(1, len(observations) + 1) if not any(True for _ in consistent(observations[:k])))
    )
    return Deduction(len(observations), fitting, suits, numbers, pick, contradiction, offered is not None)


@checked
def solve(
    deal: DealLike, seat: int, task: str | Chip, backend: str = BACKENDS.default, alone: bool = False
) -> Analysis:
    """Double dummy (every hand known, as after the open draft): can the player at ``seat``
    (from 1) force the task whatever the others play, can it happen at all, the fewest and
    the most tricks that seat can force, and the best card for the seat to move. Unless
    ``alone``, a long numba search runs with a helper thread on a second core
    (``fast.search``): the same answer, a node count that varies between runs; ``alone``
    searches in one thread, the same node count every run."""
    chip = task if isinstance(task, Chip) else parse_chip(task)
    return analyse(_position(deal), seat - 1, chip, backend, helped=not alone)


@checked
def table(
    deal: DealLike, backend: str = BACKENDS.default, progress: Progress | None = None, workers: int | None = None
) -> ChipTable:
    """Every task chip for every seat of a dealt round: forceable, possible or impossible;
    the numba backend searches with ``workers`` threads side by side (1..16, default one
    per core, at most 4; the same table for any number)."""
    position = _position(deal)
    rows = chip_table(position, CHIPS, backend, progress, default_workers() if workers is None else workers)
    return ChipTable(position.trumps, position.leader + 1, position.players, tuple(rows), backend)


@checked
def choose(
    deal: DealLike,
    seat: int,
    chips: str | Sequence[Chip] | None = None,
    backend: str = BACKENDS.default,
    playouts: int = PLAYOUTS,
) -> ChipChoice:
    """Which of the task chips of the player at ``seat`` (from 1, not the dealer: the seat
    before the leader, who chooses none) to attempt once the trumps are shown, by the
    solver bot's rule: a forceable chip of the highest value, else the highest value times chance (the
    share of seeded random playouts of the round that meet it); ``chips`` as ids
    (``no-red,exactly-2``) or ``Chip``s, default all 24 to compare; ``playouts`` (1 to
    ``MAX_PLAYOUTS``) behind each chance."""
    check_count("playouts", playouts, 1, MAX_PLAYOUTS)
    position = _position(deal)
    if position.current or position.tricks:
        raise BadInput(
            "chips are chosen before the first card is played: give the round's start",
            ",".join(card.name for card in position.current) or str(len(position.tricks)),
        )
    players = position.players
    if not 1 <= seat <= players:
        raise BadInput(f"seat {seat} is not in this {players}-player round: seats are 1 to {players}", str(seat))
    dealer = (position.leader - 1) % players
    if seat - 1 == dealer:
        raise BadInput(
            f"seat {seat} deals this round and chooses no chip: the dealer plays for one of the others' chips",
            str(seat),
        )
    held = (
        CHIPS
        if chips is None
        else parse_chips(chips if isinstance(chips, str) else ",".join(chip.id for chip in chips))
    )
    odds = chip_odds(position, seat - 1, held, backend, playouts)
    reason = expected_value_reason(odds, playouts)
    return ChipChoice(seat, dealer + 1, position.trumps, by_expected_value(odds), reason, playouts, backend)


@checked
def chips() -> ChipSet:
    """The task chips in play: the bundled set's ids, corner values, sources and names
    (``solve --task`` takes an id; ``table`` has a row per chip)."""
    return ChipSet(CHIPS)


@checked
def play(
    seed: int = 1, players: int = 4, bots: str | Sequence[str] | None = None, rounds: int = DEFAULT_ROUNDS
) -> Game:
    """A whole seeded game between bots (``solver`` or ``random`` per seat, seat 1 first;
    default the solver bot everywhere), at most ``rounds`` rounds, seat 1 dealing first:
    ``start(seed=seed, dealer=1, rounds=rounds)`` played to its end by ``models.state.play``.
    The solver bot drafts by deducing the trumps from the clues, chooses a chip it can
    force and plays the double-dummy solver's cards; a random bot draws from the seed and
    its seat."""
    names = seat_bots(bots, players)
    check_count("round limit", rounds, 1, MAX_ROUNDS)
    begin = start(seed=seed, players=players, dealer=1, rounds=rounds)
    seated = [PolicyBot(policy) for policy in policies(names, seed)]
    end = play_state(begin, seated, seed=seed, max_moves=CHIPS_EACH * players + rounds * ROUND_MOVES)
    assert isinstance(end, WasStichtState) and end.is_over, "a game ends within its round limit"
    return Game(seed, names, settled_rounds(begin, end.history), end)
