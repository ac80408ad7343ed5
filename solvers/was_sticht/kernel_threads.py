"""The helper thread of the Was sticht? kernel (the idea of "lazy SMP" in chess engines;
why its answers do not depend on the race: ``kernel_search``'s docstring).

Vocabulary:
- *handoff*: a search still running after ``HANDOFF`` nodes starts again from the root
  with the helper beside it (``root_search``).
- *helper*: the process's one extra thread (``_Helper``), searching the same root in a
  table of its own, its root cards in reverse order (``REVERSE_DEPTH``).
- *peer*: the other thread's table, read where a thread's own has no answer;
  ``_NO_PEER`` for a search alone.
- *halt*: the main search's answer stops the helper (``_HALT``).
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numpy.typing import NDArray

from cardsolve.solvers.was_sticht.kernel_layout import _HALT, _HELPED, _LIMIT, _NODES, _REVERSE, _STOPPED, work_rows
from cardsolve.solvers.was_sticht.kernel_search import _arrays_into, _node
from cardsolve.solvers.was_sticht.kernel_table import _TT_COLUMNS, TT_BITS

_NO_PEER = np.zeros((1, _TT_COLUMNS), dtype=np.int64)
"""The peer of a search without a helper: a table of one slot, never read."""
HANDOFF = 20_000
"""The nodes after which a helped search (``root_search``) calls in its helper: about 2 ms,
past 98% of the every-chip questions (a handoff at 100,000 nodes helped the slowest
questions as much and the 99th percentile less)."""
REVERSE_DEPTH = 1
"""The depths at which the helper tries the candidates in reverse order: the root only
(the first 2 depths did as well; the whole first trick, 4 depths, or the first 8 made the
helped searches 13-18% slower, and reversing below the root only, 13-27% slower)."""


def _spare_core() -> bool:
    """Whether this process may run on two cores or more."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores > 1


class _Helper:
    """The one helper thread of the process, with its own transposition table and work
    rows; a search that finds it busy goes on alone."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pool: ThreadPoolExecutor | None = None
        self.tt = np.zeros((0, _TT_COLUMNS), dtype=np.int64)
        self.buf = work_rows()

    def start(self) -> None:
        """Make the thread and the table at the first helped search."""
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="was-sticht-helper")
            self.tt = np.zeros((1 << TT_BITS, _TT_COLUMNS), dtype=np.int64)


_HELPERS: dict[int, _Helper] = {}
"""The helper of each process, by process id: a child forked while its parent had one
has its pool but not its thread (nor a free lock, if a search was running), so it makes
its own."""


def _helper() -> _Helper:
    """This process's helper."""
    return _HELPERS.setdefault(os.getpid(), _Helper())


def _helped(
    st: NDArray[np.int64],
    rows: NDArray[np.int64],
    tab: NDArray[np.int64],
    tt: NDArray[np.int64],
    buf: NDArray[np.int64],
) -> bool:
    """The search of ``st`` from the root, with the helper thread searching the same root
    beside it (its candidates reversed near the root) in its own table, each reading the
    other's table where its own has no answer; the main search's answer, once it has one,
    halts the helper. The helper's nodes are added to ``st``'s."""
    helper = _helper()
    if not helper.lock.acquire(blocking=False):
        _arrays_into(st, rows, tab, tt, buf, _NO_PEER)
        return bool(_node(st, 0))
    try:
        helper.start()
        assert helper.pool is not None
        st[_HELPED] = 1
        other = st.copy()
        other[_REVERSE] = REVERSE_DEPTH
        peer = helper.tt[: len(tt)]
        _arrays_into(other, rows, tab, peer, helper.buf, tt)
        _arrays_into(st, rows, tab, tt, buf, peer)
        running = helper.pool.submit(_node, other, 0)
        try:
            value = bool(_node(st, 0))
        finally:
            other[_HALT] = 1
            running.result()
        st[_NODES] += other[_NODES]
        return value
    finally:
        helper.lock.release()


def root_search(
    st: NDArray[np.int64],
    rows: NDArray[np.int64],
    tab: NDArray[np.int64],
    tt: NDArray[np.int64],
    buf: NDArray[np.int64],
    helped: bool,
) -> tuple[bool, NDArray[np.int64]]:
    """The search of ``st`` from the root, alone, or when ``helped`` and the process has a
    second core, handed off: a search still running after ``HANDOFF`` nodes starts again
    from the root (its table kept) with the helper thread beside it (``_helped``). The
    answer, and the state the search ended in (after a handoff the restarted one, its
    nodes counting the first run's too)."""
    handing_off = helped and _spare_core()
    start = st.copy() if handing_off else st
    if handing_off:
        st[_LIMIT] = HANDOFF
    _arrays_into(st, rows, tab, tt, buf, _NO_PEER)
    value = _node(st, 0)
    if st[_STOPPED]:
        spent = st[_NODES]
        st = start
        value = _helped(st, rows, tab, tt, buf)
        st[_NODES] += spent
    return bool(value), st
