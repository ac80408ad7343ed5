"""Subito rollouts: a round played on from a table by a fast greedy policy, for hints.
This is the plain-Python reference: the hint plays the same rounds in numba
(``solvers.subito.fast_rollout``), and tests hold the two to the same points and sides;
``greedy_side`` is also the greedy policy of ``solvers.subito.policies``.

Both sides of the table place their cards alternately, one each (equal speed), starting
with the side to move, until one of them places their last card, which ends the round.
The greedy policy places a card on an accepted side (task 5 side a only while its sum
stays at most 12) that most raises the points it wins against the other side's cards
as they lie now; ties go to the side worth more, which the policy keeps adding to as a
lead to defend.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardsolve.models.subito import FIVE_A_LIMIT, Card, Kept, Placed, Side, Table, accepts, points, score_round
from cardsolve.models.subito.scoring import award

FIVE_A = "5a"


@dataclass
class Hands:
    """One side of the table during a rollout: its cards on each side in play, by side
    name, and the cards it has still to place, top first."""

    name: str
    placed: dict[str, list[Card]]
    pile: list[Card] = field(default_factory=list)


def fits(side: Side, placed: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` may go on ``side`` after ``placed``: accepted by the side's rule,
    and on 5a without taking the sum over 12."""
    if not accepts(side, placed, card):
        return False
    return side.name != FIVE_A or sum(c.number for c in placed) + card.number <= FIVE_A_LIMIT


def _won(side: Side, mine: Sequence[Card], theirs: Sequence[Card]) -> int:
    """The points ``side`` gives the first of two players with these cards on it."""
    winner, _ = award(side, (Kept(tuple(mine), ()), Kept(tuple(theirs), ())), ("", ""))
    return points(side) if winner == 0 else 0


def greedy_side(tasks: Sequence[Side], me: Hands, them: Hands, card: Card) -> Side:
    """The greedy policy's side for ``card`` (see the module docstring); task 2 accepts
    every card, so there is always one."""
    best: tuple[int, int] | None = None
    choice = tasks[0]
    for side in tasks:
        mine = me.placed[side.name]
        if not fits(side, mine, card):
            continue
        theirs = them.placed[side.name]
        key = (_won(side, [*mine, card], theirs) - _won(side, mine, theirs), points(side))
        if best is None or key > best:
            best, choice = key, side
    return choice


def play_out(tasks: Sequence[Side], hands: tuple[Hands, Hands], to_move: int) -> tuple[int, int]:
    """Play the round on from ``hands`` (changing them) with the greedy policy, the two
    sides alternating from ``to_move``, until a pile runs out; the round's points."""
    mover = to_move
    while hands[0].pile and hands[1].pile:
        me, them = hands[mover], hands[1 - mover]
        card = me.pile.pop(0)
        me.placed[greedy_side(tasks, me, them, card).name].append(card)
        mover = 1 - mover
    table = Table(tuple(tasks), (Placed(hands[0].name, {k: tuple(v) for k, v in hands[0].placed.items()}),
                                 Placed(hands[1].name, {k: tuple(v) for k, v in hands[1].placed.items()})))
    return score_round(table).points
