"""The reference double-dummy solver: plain minimax over ``Position.play``, the outcome
judged by the model (``chips.measure``); the arbiter the numba kernel is tested against.
No memo, no pruning beyond ``any``/``all`` stopping at the first decisive child: fast
enough for endings of up to 4 tricks.

``search`` answers one yes/no question at the root: whether every condition can be made
to hold, with the player choosing his own cards and the other seats choosing theirs
against him (``cooperative=False``, an AND-OR tree) or for him (``cooperative=True``,
every seat an OR node). ``trick_bounds`` is the minimax of the player's trick count.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.was_sticht.cards import Card
from cardsolve.models.was_sticht.chips import Condition, measure
from cardsolve.models.was_sticht.play import Position


def holds(position: Position, player: int, conditions: Sequence[Condition]) -> bool:
    """Whether every condition holds for the player over the position's played tricks."""
    return all(c.low <= measure(c.measure, player, position.tricks, position.players) <= c.high
               for c in conditions)


def _achievable(position: Position, player: int, conditions: Sequence[Condition], cooperative: bool,
                nodes: list[int]) -> bool:
    nodes[0] += 1
    if position.finished:
        return holds(position, player, conditions)
    children = (_achievable(position.play(card), player, conditions, cooperative, nodes)
                for card in position.legal())
    return any(children) if cooperative or position.to_move == player else all(children)


def search(position: Position, player: int, conditions: Sequence[Condition],
           cooperative: bool) -> tuple[bool, Card | None, int]:
    """The root's answer, the root card that decides it (for the seat choosing: a card
    that achieves it when the answer is yes; for a seat against the player: a card after
    which it fails, when the answer is no; else None), and the positions visited."""
    nodes = [1]
    if position.finished:
        return holds(position, player, conditions), None, 1
    chooses = cooperative or position.to_move == player
    for card in sorted(position.legal(), key=lambda c: c.index):
        value = _achievable(position.play(card), player, conditions, cooperative, nodes)
        if value == chooses:
            return value, card, nodes[0]
    return not chooses, None, nodes[0]


def _tricks(position: Position, player: int, most: bool, nodes: list[int]) -> int:
    nodes[0] += 1
    if position.finished:
        return measure("tricks", player, position.tricks, position.players)
    values = [_tricks(position.play(card), player, most, nodes) for card in position.legal()]
    return max(values) if (position.to_move == player) == most else min(values)


def trick_bounds(position: Position, player: int) -> tuple[tuple[int, int], int]:
    """(fewest, most): the fewest tricks the player can force (he plays to lose tricks,
    the others to give him tricks) and the most (he plays to win, they to stop him), over
    the whole round; and the positions visited."""
    nodes = [0]
    fewest = _tricks(position, player, False, nodes)
    most = _tricks(position, player, True, nodes)
    return (fewest, most), nodes[0]
