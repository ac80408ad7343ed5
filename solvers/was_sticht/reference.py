"""The reference double-dummy solver: plain minimax over ``Position.play``, the outcome
judged by the model (``chips.measure``); the arbiter the numba kernel is tested against.
No pruning beyond ``any``/``all`` stopping at the first decisive child, and no bound: the
only shortcut is a memo of the exact positions met at trick boundaries, keyed by
everything the model's measures still read there (the hands, the seat to lead, every
seat's tricks, the player's cards won per colour and whether he won the first trick),
so a position reached by two orders of the same tricks is searched once. Fast enough
for endings of a few tricks: a 5-trick ending takes up to about 3 s a question, a 6-trick
one up to a minute, so it takes hands of at most ``LIMIT`` cards and refuses larger ones. (docs/pages/solvers.md, "The reference", ``#was-sticht-reference``.)

``search`` answers one yes/no question at the root: whether every condition can be made
to hold, with the player choosing his own cards and the other seats choosing theirs
against him (``cooperative=False``, an AND-OR tree) or for him (``cooperative=True``,
every seat an OR node). ``trick_bounds`` is the minimax of the player's trick count.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht.cards import Card
from cardsolve.models.was_sticht.chips import Condition, measure
from cardsolve.models.was_sticht.play import Position

LIMIT = 6
"""The most cards a hand may hold for the reference search (the tricks left to play)."""


def _check_size(position: Position) -> None:
    """Refuse a position the reference could search for hours (a hand over ``LIMIT`` cards)."""
    longest = max(len(hand) for hand in position.hands)
    if longest > LIMIT:
        raise BadInput(
            f"the reference backend takes endings of at most {LIMIT} cards a hand, not {longest}: "
            "use numba for longer ones",
            str(longest),
        )


def holds(position: Position, player: int, conditions: Sequence[Condition]) -> bool:
    """Whether every condition holds for the player over the position's played tricks."""
    return all(c.low <= measure(c.measure, player, position.tricks, position.players) <= c.high for c in conditions)


Memo = dict[tuple[object, ...], bool]


def _boundary(position: Position, player: int) -> tuple[object, ...]:
    """The memo key of a trick boundary: the hands (as sets), the seat to lead, every
    seat's tricks, the player's cards won per colour, whether he won the first trick."""
    won = [0] * position.players
    colours: dict[str, int] = {}
    for trick in position.tricks:
        won[trick.winner] += 1
        if trick.winner == player:
            for card in trick.cards:
                colours[card.colour] = colours.get(card.colour, 0) + 1
    first = position.tricks[0].winner == player if position.tricks else None
    return (
        tuple(frozenset(hand) for hand in position.hands),
        position.leader,
        tuple(won),
        tuple(sorted(colours.items())),
        first,
    )


def _achievable(
    position: Position, player: int, conditions: Sequence[Condition], cooperative: bool, nodes: list[int], memo: Memo
) -> bool:
    nodes[0] += 1
    if position.finished:
        return holds(position, player, conditions)
    key = _boundary(position, player) if not position.current else None
    if key is not None and key in memo:
        return memo[key]
    children = (
        _achievable(position.play(card), player, conditions, cooperative, nodes, memo) for card in position.legal()
    )
    value = any(children) if cooperative or position.to_move == player else all(children)
    if key is not None:
        memo[key] = value
    return value


def search(
    position: Position, player: int, conditions: Sequence[Condition], cooperative: bool, helped: bool = False
) -> tuple[bool, Card | None, int]:
    """The root's answer, the root card that decides it (for the seat choosing: a card
    that achieves it when the answer is yes; for a seat against the player: a card after
    which it fails, when the answer is no; else None), and the positions visited. The
    reference always searches alone: ``helped`` (numba's second thread) changes nothing."""
    _check_size(position)
    nodes = [1]
    if position.finished:
        return holds(position, player, conditions), None, 1
    chooses = cooperative or position.to_move == player
    memo: Memo = {}
    for card in sorted(position.legal(), key=lambda c: c.index):
        value = _achievable(position.play(card), player, conditions, cooperative, nodes, memo)
        if value == chooses:
            return value, card, nodes[0]
    return not chooses, None, nodes[0]


def _tricks(position: Position, player: int, most: bool, nodes: list[int], memo: dict[object, int]) -> int:
    """The player's tricks from here to the end (the tricks already won not counted)."""
    nodes[0] += 1
    if position.finished:
        return 0
    key = (tuple(frozenset(hand) for hand in position.hands), position.leader) if not position.current else None
    if key is not None and key in memo:
        return memo[key]
    values = []
    for card in position.legal():
        after = position.play(card)
        gained = int(len(after.tricks) > len(position.tricks) and after.tricks[-1].winner == player)
        values.append(gained + _tricks(after, player, most, nodes, memo))
    value = max(values) if (position.to_move == player) == most else min(values)
    if key is not None:
        memo[key] = value
    return value


def trick_bounds(position: Position, player: int, helped: bool = False) -> tuple[tuple[int, int], int]:
    """(fewest, most): the fewest tricks the player can force (he plays to lose tricks,
    the others to give him tricks) and the most (he plays to win, they to stop him), over
    the whole round; and the positions visited (``helped`` as for ``search``)."""
    _check_size(position)
    nodes = [0]
    won = measure("tricks", player, position.tricks, position.players)
    fewest = won + _tricks(position, player, False, nodes, {})
    most = won + _tricks(position, player, True, nodes, {})
    return (fewest, most), nodes[0]
