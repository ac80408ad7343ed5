"""Subito rollouts: a round played on from a table by two fast policies, for hints
(docs/pages/solvers.md, ``#subito-hint``).
This is the plain-Python reference: the hint plays the same rounds in numba
(``solvers.subito.fast_rollout``), and tests hold the two to the same points and sides;
``greedy_side`` is also the greedy policy of ``solvers.subito.policies``.

Both sides of the table place their cards alternately, one each (equal speed), starting
with the side to move, until one of them places their last card, which ends the round.
The greedy policy places a card on an accepted side (task 5 side a only while its sum
stays at most 12) that most raises the points it wins against the other side's cards
as they lie now; ties go to the side worth more, which the policy keeps adding to as a
lead to defend.

The planner policy, which the hint's rollouts play for the hinted player, adds to that
gain, for each side taking the card, the side's points times four terms (``Weights``):
how contested the side is (``contest`` times exp(-|lead - ``centre``| / ``width``), the
lead being the player's cards there less the other's), how rarely the side takes a card
(``rare`` times the share of the card list it refuses), how much the card opens or closes
the side (``opens`` times the change in the share it takes), and a flat ``value``; on 5a
each share is scaled by the room left under 12. It does not waste cards on sides already
won or lost, and keeps chains open. Greedy is the same score with only a small flat
weight, which breaks ties of gain towards the side worth more. Its weights were fitted by hill-climbing over 1,000 seeded
rounds against greedy (issue 17), and the hint with it as the player's play-out picks
better sides than with greedy play-outs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardsolve.models.subito import FIVE_A_LIMIT, Card, Kept, Placed, Side, Table, accepts, points, score_round
from cardsolve.models.subito.scoring import award

FIVE_A = "5a"


@dataclass(frozen=True)
class Weights:
    """A policy's weights on a side's points (see the module docstring): on how contested
    it is (``contest``, the lead ``centre`` counted as most contested, falling off over
    ``width`` cards), how rarely it takes a card, how much the card opens it, and alone."""

    contest: float
    centre: float
    width: float
    rare: float
    opens: float
    value: float

    def as_array(self) -> tuple[float, ...]:
        """The weights in field order, as the kernels take them."""
        return (self.contest, self.centre, self.width, self.rare, self.opens, self.value)


GREEDY = Weights(contest=0.0, centre=0.0, width=1.0, rare=0.0, opens=0.0, value=0.01)
"""Greedy: the gain alone, a tie of gain to the side worth more (gains are whole points,
and 0.01 times a side's points stays under one)."""
PLANNER = Weights(contest=1.37, centre=-0.35, width=1.17, rare=0.18, opens=0.50, value=0.09)
"""The planner's weights, fitted on seeded rounds against greedy."""


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


def _share(side: Side, placed: Sequence[Card], cards: Sequence[Card]) -> float:
    """The share of ``cards`` that ``side`` takes after ``placed``; on 5a scaled by the
    room left under 12."""
    share = sum(accepts(side, placed, c) for c in cards) / len(cards)
    if side.name == FIVE_A:
        share *= max(0, FIVE_A_LIMIT - sum(c.number for c in placed)) / FIVE_A_LIMIT
    return share


def choose_side(
    tasks: Sequence[Side], me: Hands, them: Hands, card: Card, weights: Weights, cards: Sequence[Card] = ()
) -> Side:
    """The side taking ``card`` (5a only up to 12) of the highest score under ``weights``
    (see the module docstring), the shares taken over the card list ``cards`` (not needed
    when the weights ignore them); the first side in order wins a tie. Task 2 accepts
    every card, so there is always one."""
    best: float | None = None
    choice = tasks[0]
    for side in tasks:
        mine = me.placed[side.name]
        if not fits(side, mine, card):
            continue
        theirs = them.placed[side.name]
        gain = _won(side, [*mine, card], theirs) - _won(side, mine, theirs)
        weight = weights.value + weights.contest * math.exp(
            -abs(len(mine) - len(theirs) - weights.centre) / weights.width
        )
        if weights.rare or weights.opens:
            before, after = _share(side, mine, cards), _share(side, [*mine, card], cards)
            weight += weights.rare * (1.0 - before) + weights.opens * (after - before)
        score = gain + points(side) * weight
        if best is None or score > best:
            best, choice = score, side
    return choice


def greedy_side(tasks: Sequence[Side], me: Hands, them: Hands, card: Card) -> Side:
    """The greedy policy's side for ``card`` (see the module docstring)."""
    return choose_side(tasks, me, them, card, GREEDY)


@dataclass(frozen=True)
class Planner:
    """The seat (0 or 1) that plays the planner policy in a rollout, and the card list its
    shares are taken over."""

    seat: int
    cards: tuple[Card, ...]


def play_out(
    tasks: Sequence[Side], hands: tuple[Hands, Hands], to_move: int, planner: Planner | None = None
) -> tuple[int, int]:
    """Play the round on from ``hands`` (changing them), the two sides alternating from
    ``to_move``, until a pile runs out; the round's points. Both play greedy, but the
    ``planner`` seat, when given, plays the planner policy."""
    mover = to_move
    while hands[0].pile and hands[1].pile:
        me, them = hands[mover], hands[1 - mover]
        card = me.pile.pop(0)
        if planner is not None and planner.seat == mover:
            side = choose_side(tasks, me, them, card, PLANNER, planner.cards)
        else:
            side = greedy_side(tasks, me, them, card)
        me.placed[side.name].append(card)
        mover = 1 - mover
    table = Table(
        tuple(tasks),
        (
            Placed(hands[0].name, {k: tuple(v) for k, v in hands[0].placed.items()}),
            Placed(hands[1].name, {k: tuple(v) for k, v in hands[1].placed.items()}),
        ),
    )
    return score_round(table).points
