"""Subito duel: both piles known, the players take turns replacing their placement with a
best response to the other's, until neither can improve.

Each player starts from their best placement without an opponent (the weighted count,
then sum). Then player 1 answers player 2's placement with the placement that wins the
most points against it, then player 2 answers that, and so on; a player keeps their
placement unless the answer wins strictly more against the same opponent. The duel is
settled when both players in a row keep theirs: each placement is then a best response
to the other (when the searches were proven optimal). Otherwise it stops after
``limit`` answers. Both players place all the cards they are given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Card, Placed, Side, Table, score_round
from cardsolve.solvers.subito.optimize import optimize
from cardsolve.solvers.subito.problem import make_problem, placed_by_side


@dataclass(frozen=True)
class Answer:
    """One turn of the duel: who answered, the points their old and new placements win
    against the other's, and whether the new one was proven a best response."""

    player: int
    before: int
    after: int
    proven: bool


@dataclass(frozen=True)
class Duel:
    """The final placements (a side per card, pile order), the round's points for both,
    every answer, and whether the duel settled before the limit."""

    tasks: tuple[Side, ...]
    placements: tuple[tuple[Side, ...], tuple[Side, ...]]
    points: tuple[int, int]
    answers: tuple[Answer, ...]
    settled: bool


def _placed(name: str, pile: Sequence[Card], tasks: Sequence[Side], sides: Sequence[Side]) -> Placed:
    """A player's cards on each side when card k of ``pile`` goes to ``sides[k]``."""
    return Placed(name, placed_by_side(make_problem(pile[:len(sides)], tasks), sides).placed)


def duel(piles: tuple[Sequence[Card], Sequence[Card]], tasks: Sequence[Side], names: tuple[str, str] = ("P1", "P2"),
         cards: int | None = None, backend: str = "numba", limit: int = 10, time_limit: float = 10.0) -> Duel:
    """Alternate best responses from the two players' best weighted placements (see the
    module docstring); ``cards`` is how many of each pile are placed (default all)."""
    if limit < 1:
        raise BadInput(f"bad limit {limit}: give 1 or more answers", str(limit))
    ordered = tuple(sorted(tasks, key=lambda side: side.number))
    sides = [optimize(pile, ordered, cards, backend=backend, time_limit=time_limit).sides for pile in piles]
    answers: list[Answer] = []
    kept_in_a_row = 0
    mover = 0
    while kept_in_a_row < 2 and len(answers) < limit:
        other = _placed(names[1 - mover], piles[1 - mover], ordered, sides[1 - mover])
        best = optimize(piles[mover], ordered, cards, versus=other, backend=backend, time_limit=time_limit)
        before = score_round(Table(ordered, (_placed(names[mover], piles[mover], ordered, sides[mover]),
                                             other))).points[0]
        assert best.won is not None  # an answer has an opponent
        improved = best.won > before
        answers.append(Answer(mover, before, best.won if improved else before, best.proven_optimal))
        if improved:
            sides[mover], kept_in_a_row = best.sides, 0
        else:
            kept_in_a_row += 1
        mover = 1 - mover
    final = Table(ordered, (_placed(names[0], piles[0], ordered, sides[0]),
                            _placed(names[1], piles[1], ordered, sides[1])))
    return Duel(ordered, (sides[0], sides[1]), score_round(final).points, tuple(answers), kept_in_a_row >= 2)
