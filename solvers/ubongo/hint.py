"""Ubongo hints: for the cards on the table (which may hold a mistake) and the cards still
in hand, the next card to lay so that a complete layout stays reachable, or the fewest
laid cards to take back first, each with the reason (docs/pages/solvers.md,
``#ubongo-hint``).

Algorithm: the table's cards are tried as they lie. If the table is valid and the
completion search (``complete``: a layout of k cards holding the table unchanged) finds
one, its first added card is the hint; it touches the table, and the completion is the
proof that the hint keeps a complete layout reachable. Otherwise every set of laid cards
is tried, smallest first and, among sets of one size, those holding more of the cards a
rule violation names first: the first set whose removal leaves a valid table that the
cards in hand, together with the cards taken back, can complete is the answer. When even
an empty table cannot be completed, no layout of k of all these cards exists.

A table never keeps more than k cards: "Ubongo!" needs exactly 7 laid (the scoring
rejects a call with 8), so a valid table of more than k cards is told which to take back
so that k remain valid and connected, never to call.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import Face
from cardsolve.models.ubongo.layout import Layout
from cardsolve.models.ubongo.rules import Violation, card_label, contacts, violations
from cardsolve.solvers.ubongo.results import Hint, Solution, TakeBack

Complete = Callable[[Layout, Sequence[Face], int], Solution]
"""``complete(table, hand, k)``: a valid layout of k cards holding the (valid) table."""


def _check(table: Layout, hand: Sequence[Face], k: int) -> None:
    if k < 1:
        raise BadInput(f"bad target {k}: a layout has at least 1 card", str(k))
    if len(table) + len(hand) < k:
        raise BadInput(f"cannot lay {k} cards with {len(table)} on the table and {len(hand)} in hand", str(k))


def _reason(index: int, table: Layout, broken: list[Violation], taken: Sequence[int], k: int) -> str:
    """Why card ``index`` of ``table`` goes back, given the whole set ``taken``: the rules
    it breaks where it lies; else that it would hang on no card once the others in the
    set are gone; else that no layout of k can be finished with it where it lies."""
    own = [v.detail for v in broken if index in v.cards]
    if own:
        return "; ".join(own)
    others = [i for i in taken if i != index]
    kept = [p for i, p in enumerate(table) if i not in others]
    if any(v.kind == "disconnected" for v in violations(kept)):
        names = ", ".join(card_label(table, i) for i in others)
        return (
            f"once card{'s' * (len(others) != 1)} {names} {'are' if len(others) > 1 else 'is'} "
            "taken back it touches no other laid card"
        )
    if len(table) > k:
        return f"the table holds {len(table)} cards and a layout has exactly {k}"
    return f"with it where it lies, no valid layout of {k} cards can be finished from the cards kept and in hand"


def _removals(table: Layout, broken: list[Violation], k: int) -> Iterator[tuple[int, ...]]:
    """Every set of table indices that leaves at most ``k`` cards, smallest first; within a
    size, sets holding more cards that a violation names come first, then by index. Made
    one size at a time, as the search rarely needs more than the first sizes."""
    named = {i for v in broken for i in v.cards}
    for size in range(max(len(table) - k, 0), len(table) + 1):
        yield from sorted(
            itertools.combinations(range(len(table)), size), key=lambda s: (-len(named.intersection(s)), s)
        )


def hint(table: Layout, hand: Sequence[Face], k: int, complete: Complete) -> Hint:
    """The hint for ``table`` and ``hand`` towards a layout of ``k`` cards (see the module
    docstring); ``complete`` is a backend's completion search."""
    _check(table, hand, k)
    broken = violations(table)
    nodes = 0
    for taken in _removals(table, broken, k):
        kept = [p for i, p in enumerate(table) if i not in taken]
        if violations(kept):
            continue
        back = [table[i].face for i in taken]
        if len(kept) == k:
            target: Layout | None = kept
        else:
            found = complete(kept, [*hand, *back], k)
            nodes += found.nodes
            target = found.layout
        if target is not None:
            return Hint(
                tuple(TakeBack(i, _reason(i, table, broken, taken, k)) for i in taken),
                target[len(kept)] if len(kept) < k else None,
                target,
                _joins(target, [i for i in range(len(table)) if i not in taken]),
                nodes,
            )
    return Hint((), None, None, (), nodes)


def _joins(target: Layout, kept: list[int]) -> tuple[int, ...]:
    """The table indices of the kept cards that the first added card of ``target`` (the
    one after the kept cards) touches."""
    added = len(kept)
    if added >= len(target):
        return ()
    return tuple(kept[i] for i, j in contacts(target) if j == added and i < added)
