"""The numba double-dummy backend of Was sticht?: ``search`` (can a chip's conditions be
made to hold?) and ``trick_bounds``, which ``double_dummy`` calls; ``forget`` makes the
transposition table's answers stale.

The kernel behind them lies in modules of one job each; read them in this order:
- ``kernel_search``: the vocabulary and the encoding in its docstring, with where each
  part of the algorithm lives, and the AND-OR search (``_node``);
- ``kernel_layout``: the sizes and packed layouts of the search state ``st``, the
  per-trumps tables ``tab`` (``Tables``) and the work rows ``buf``;
- ``kernel_question``: a position and a question as the kernel's inputs (``encode``);
- ``kernel_table``: the transposition table: the key, its buckets, storing and finding
  answers, each thread's table and the question families' stamps;
- ``kernel_bounds``: the bound rules asked at each trick boundary (``_status``);
- ``kernel_order``: the order a seat tries its cards in (``_candidates``);
- ``kernel_threads``: the helper thread that joins a long search.
Names with a leading underscore are the kernel's own, shared between these modules.
The algorithm: docs/pages/solvers.md, section "The double-dummy kernel"
(``#was-sticht-double-dummy``).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.was_sticht.cards import DECK, Card
from cardsolve.models.was_sticht.chips import TRICKS, Condition
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht.kernel_layout import _NODES, _ROOT_CARD, Tables, tables, work_rows
from cardsolve.solvers.was_sticht.kernel_question import PROBES, Question, _question, encode
from cardsolve.solvers.was_sticht.kernel_table import (
    _WORKSPACE,
    SMALL_TRICKS,
    TT_BITS,
    _family_stamp,
    forget,
    own_table,
)
from cardsolve.solvers.was_sticht.kernel_threads import HANDOFF, root_search

__all__ = [
    "HANDOFF",
    "PROBES",
    "TT_BITS",
    "Question",
    "Tables",
    "encode",
    "forget",
    "search",
    "tables",
    "trick_bounds",
    "work_rows",
]
"""The backend's entry points, and what callers and tests read of the kernel's settings."""


def search(
    position: Position, player: int, conditions: Sequence[Condition], cooperative: bool, helped: bool = False
) -> tuple[bool, Card | None, int]:
    """Whether the conditions can be made to hold (the other seats against the player,
    or for him when ``cooperative``), the root card that decides it (the chooser's card
    that achieves it, or the opposing seat's card after which it fails; else None), and
    the nodes searched. The position must not be finished. ``helped``: a search still
    running after ``HANDOFF`` nodes starts again from the root (its table kept) with the
    helper thread beside it (``kernel_threads``)."""
    rows, key = _question(tuple(conditions))
    stamp = _family_stamp(
        (position.trumps.suit, position.trumps.number, player, position.players, cooperative, tuple(conditions))
    )
    small = len(position.hands[0]) <= SMALL_TRICKS
    tt = own_table(small)
    st = encode(position, player, key, cooperative, stamp)
    tab = tables(position.trumps).packed
    value, st = root_search(st, rows, tab, tt, _WORKSPACE.buf, helped and not small)
    root, nodes = st[_ROOT_CARD], st[_NODES]
    return value, (DECK[root] if root >= 0 else None), int(nodes)


def trick_bounds(position: Position, player: int, helped: bool = False) -> tuple[tuple[int, int], int]:
    """(fewest, most) tricks the player can force over the round, by binary searches of
    yes/no questions (at most k tricks; at least k tricks, each ``search``ed, ``helped``
    or not); and the nodes searched."""
    won = sum(t.winner == player for t in position.tricks)
    left = (sum(map(len, position.hands)) + len(position.current)) // position.players
    nodes = 0
    lo, hi = won, won + left  # fewest: the least k with "at most k" forceable
    while lo < hi:
        mid = (lo + hi) // 2
        ok, _, n = search(position, player, (Condition("tricks", 0, mid),), False, helped)
        nodes += n
        lo, hi = (lo, mid) if ok else (mid + 1, hi)
    fewest = lo
    lo, hi = won, won + left  # most: the greatest k with "at least k" forceable
    while lo < hi:
        mid = (lo + hi + 1) // 2
        ok, _, n = search(position, player, (Condition("tricks", mid, TRICKS * 4),), False, helped)
        nodes += n
        lo, hi = (mid, hi) if ok else (lo, mid - 1)
    return (fewest, lo), nodes
