"""The fast Ubongo solver: a numba search over joint tables built inside the kernel. This
module is its entry: the public functions (``solve``, ``solvable``, ``enumerate_layouts``,
``complete``) and the Python side that runs the kernels. The algorithm (the tables,
Redelmeier's search, one layout per picture, completions, slices) and how it is checked
against the reference and CP-SAT: docs/pages/solvers.md, section "The numba search"
(``#ubongo-numba``).

The kernels are split by job:
- ``kernel_tables``: the vocabulary (type, orientation, placement, offset, status), the
  encoding of a hand for the kernel and the tables built from it once per hand
  (``_Tables``), and the tables of two card shapes at each offset (``_GEOMETRY``);
- ``kernel_search``: Redelmeier's search over those tables (``_search``), what it looks
  for (``_Goal``) and its state between slices (``_State``), and ``solve``'s first slice
  in one call (``_solve_once``).

A search's faces stay on the Python side as ``_Cards``: the faces, each face's type and
half turn (``_group``) and the hand's tables; ``_Cards.layout`` and ``_Cards.layouts``
turn the kernel's placement rows back into placements of those faces.

Slices. The kernel keeps its whole state in arrays (``_State``) and returns after
``_BUDGET`` candidate placements; ``_run`` calls it again until the search is over.
``solve`` runs the first slice in one call that also builds the tables and the state
(``_solve_once``); only a search that needs more slices is started again, resumably, by
``_run`` (repeating that first slice, some milliseconds).

Calls from Python. numba types a bundle passed from Python field by field, about a
microsecond a call; so ``_run`` builds the state and runs the first slice in one call
(``_started``; in two, a completion of some 50 us took 6% longer), and an enumeration's
layouts are laid out in one call (``_Cards.layouts``), not one call each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from cardsolve.models.ubongo.cards import Face
from cardsolve.models.ubongo.layout import Layout, Placement
from cardsolve.solvers.infrastructure import interpreted
from cardsolve.solvers.infrastructure.limits import Deadline, check_budget
from cardsolve.solvers.ubongo.kernel_search import (
    _OUT_FOUND,
    _OUT_NODES,
    _R_FOUND,
    _R_NODES,
    _R_ROOT,
    _fresh_state,
    _Goal,
    _search,
    _solve_once,
    _started,
    _State,
)
from cardsolve.solvers.ubongo.kernel_tables import (
    _LAID_COLUMNS,
    _PLACE_COLUMNS,
    _QUARTER,
    _codes,
    _group,
    _laid,
    _laid_all,
    _Tables,
    _tables,
)
from cardsolve.solvers.ubongo.reference import check_k, check_limit, check_table
from cardsolve.solvers.ubongo.results import Enumeration, Solution

_BUDGET = 1 << 20
"""Candidate placements one ``_search`` call checks at most (some milliseconds) before
it hands control back to Python; every layout met counts as ``kernel_search._LEAST_COST``
of them."""
_FIRST_FOUND = 16
"""Rows of the buffer of layouts kept at first (doubled whenever it is full and more are
to be kept)."""


class _Cards(NamedTuple):
    """The faces of a search, each face's type and half turn (``_group``), and the
    kernel's tables."""

    faces: Sequence[Face]
    face_type: np.ndarray
    face_half: np.ndarray
    tables: _Tables

    def orientation(self, i: int, placement: Placement) -> int:
        """The orientation of face ``i`` laid as ``placement``: a face printed as its
        type's half turn lies turned 180 further; a type's orientations repeat after its
        number of them."""
        t = int(self.face_type[i])
        root = int(self.tables.type_root[t])
        end = int(self.tables.type_root[t + 1]) if t + 1 < len(self.tables.type_root) else len(self.tables.orient_type)
        rotation = placement.rotation + 2 * _QUARTER * int(self.face_half[i])
        return root + rotation // _QUARTER % (end - root)

    def layout(self, rows: np.ndarray, skip: int = 0, dx: int = 0, dy: int = 0) -> Layout:
        """Kernel placement rows (orientation, x, y) as placements moved by (dx, dy), the
        faces taken from face ``skip`` on (``_laid``)."""
        laid = np.empty((rows.shape[0], _LAID_COLUMNS), np.int64)
        _laid(self.tables, self.face_type, self.face_half, rows, skip, laid)
        return [Placement.unchecked(self.faces[i], rotation, x + dx, y + dy) for i, rotation, x, y in laid.tolist()]

    def layouts(self, layouts: np.ndarray) -> list[Layout]:
        """Kernel layouts (placement rows, a layout per first index) as placements, the
        faces taken from the first on, in one kernel call (``_laid_all``)."""
        laid = np.empty((*layouts.shape[:2], _LAID_COLUMNS), np.int64)
        _laid_all(self.tables, self.face_type, self.face_half, layouts, laid)
        faces = self.faces
        return [
            [Placement.unchecked(faces[i], rotation, x, y) for i, rotation, x, y in layout] for layout in laid.tolist()
        ]


def _cards(faces: Sequence[Face]) -> _Cards:
    """``faces`` grouped into types, with the kernel's tables."""
    types, face_type, face_half = _group(_codes(faces))
    return _Cards(faces, face_type, face_half, _tables(types))


_NO_SEED = np.zeros((0, _PLACE_COLUMNS), np.int64)
"""``_search``'s seed when the roots are each type in turn."""
_NO_CAP = int(np.iinfo(np.int64).max)
"""``_search``'s cap (or keep) when every layout is wanted."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: the roots searched so far, of all of them."""


class _Run(NamedTuple):
    """What a search found: the layouts found (kept or not), the candidate placements
    checked, the layouts kept (placement rows) and whether Ctrl-C or the deadline stopped
    it first."""

    found: int
    nodes: int
    rows: np.ndarray
    interrupted: bool
    timed_out: bool = False


def _run(
    k: int,
    tables: _Tables,
    seed: np.ndarray,
    cap: int,
    keep: int,
    distinct: bool,
    progress: Progress | None = None,
    stoppable: bool = False,
    deadline: Deadline = Deadline.after(None),
) -> _Run:
    """``_search`` run to its end slice by slice, making room for the layouts to keep
    (up to ``keep``) as they come and reporting ``progress`` after each slice. With
    ``stoppable``, Ctrl-C ends the run with what it found so far (the state is made
    before the first slice, so that what that slice finds reaches Python too); otherwise
    the first slice starts with the state in one call (``_started``, a microsecond less
    for a quick completion) and Ctrl-C goes up to the caller. A slice that ends past
    ``deadline`` ends the run too, marked timed out."""
    goal = _Goal(k, seed, cap, keep, distinct)
    roots = tables.type_count.shape[0] if seed.shape[0] == 0 else 1
    timed_out = False
    state: _State | None = None
    try:
        if stoppable:
            state = _fresh_state(k, tables, min(keep, _FIRST_FOUND))
            over = _search(tables, goal, state, _BUDGET)
        else:
            state, over = _started(tables, goal, min(keep, _FIRST_FOUND), _BUDGET)
        while not over:
            if deadline.passed:
                timed_out = True
                break
            if state.regs[_R_FOUND] == state.found.shape[0] < keep:  # full, and more are to be kept
                room = min(keep, 2 * state.found.shape[0]) - state.found.shape[0]
                state = state._replace(found=np.concatenate([state.found, np.zeros_like(state.found[:room])]))
            if progress is not None:
                progress(int(state.regs[_R_ROOT]), roots)
            over = _search(tables, goal, state, _BUDGET)
    except KeyboardInterrupt:
        if not stoppable:
            raise
        interrupted = True
    else:
        interrupted = False
        if progress is not None and not timed_out:
            progress(roots, roots)
    if state is None:  # Ctrl-C landed while the state was made: nothing was searched
        return _Run(0, 0, np.zeros((0, k, _PLACE_COLUMNS), np.int64), interrupted)
    found = int(state.regs[_R_FOUND])
    return _Run(found, int(state.regs[_R_NODES]), state.found[: min(found, keep)], interrupted, timed_out)


def solve(faces: Sequence[Face], k: int, time_limit: float | None = None) -> Solution:
    """A valid layout of ``k`` of ``faces``, or None when exhaustive search finds none;
    ``nodes`` counts the candidate placements checked against laid cards. The search
    always runs to its end (microseconds on a hand of 9): ``time_limit``, the backends'
    common parameter, is only checked to be well-formed."""
    check_k(k, len(faces))
    check_budget(time_limit)
    if k == 0:
        return Solution([], 0)
    out = np.empty((k + 1, _LAID_COLUMNS), np.int64)
    codes = _codes(faces)
    if _settled_interpreted(k, codes, out) or _solve_once(k, codes, _BUDGET, out):
        head, *laid = out.tolist()
        if not head[_OUT_FOUND]:
            return Solution(None, head[_OUT_NODES])
        return Solution([Placement.unchecked(faces[i], rotation, x, y) for i, rotation, x, y in laid], head[_OUT_NODES])
    cards = _cards(faces)
    run = _run(k, cards.tables, _NO_SEED, 1, 1, False)
    return Solution(cards.layout(run.rows[0]) if run.found else None, run.nodes)


_INTERPRETED_BUDGET = 1 << 13
"""Candidate placements the first slice checks when it runs interpreted (some tens of
milliseconds at most): a search that needs more runs compiled, from its start."""


def _settled_interpreted(k: int, codes: np.ndarray, out: np.ndarray) -> bool:
    """``_solve_once`` interpreted (``interpreted.interpreting``) on ``_INTERPRETED_BUDGET``
    candidate placements, when that is worth it (``interpreted.worth_interpreting``: a
    process of few questions, numba not loaded yet): whether it settled the search, its
    answer in ``out`` as the compiled search writes it (the same code, the same search)."""
    if not interpreted.worth_interpreting():
        return False
    with interpreted.interpreting():
        return bool(_solve_once(k, codes, _INTERPRETED_BUDGET, out))


class Decided(NamedTuple):
    """Whether a layout exists, and the candidate placements checked to know it."""

    solvable: bool
    nodes: int


def solvable(faces: Sequence[Face], k: int) -> Decided:
    """Whether ``k`` of ``faces`` make a valid layout, as ``solve`` finds it (the same
    search and node count), without building the layout's placements."""
    check_k(k, len(faces))
    if k == 0:
        return Decided(True, 0)
    codes = _codes(faces)
    out = np.empty((k + 1, _LAID_COLUMNS), np.int64)
    if _solve_once(k, codes, _BUDGET, out):
        return Decided(bool(out[0, _OUT_FOUND]), int(out[0, _OUT_NODES]))
    run = _run(k, _tables(_group(codes)[0]), _NO_SEED, 1, 1, False)
    return Decided(run.found > 0, run.nodes)


def enumerate_layouts(
    faces: Sequence[Face],
    k: int,
    limit: int | None = None,
    keep: int | None = None,
    progress: Progress | None = None,
    deadline: Deadline = Deadline.after(None),
) -> Enumeration:
    """Every distinct valid layout of ``k`` of ``faces`` (one per picture, up to moving and
    turning the whole layout; see the module docstring), or the first ``limit`` found;
    ``complete`` says whether those are all (the search goes on until it meets one more
    than ``limit``). Only the first ``keep`` (None: all) are kept, the others counted, so
    that memory stays bounded; ``progress(done, total)`` hears of the roots searched, and
    Ctrl-C ends the search with what it found so far, marked interrupted, and so does
    ``deadline`` (checked between slices, some milliseconds apart), marked timed out.
    ``nodes`` counts the candidate placements checked."""
    check_k(k, len(faces))
    check_limit(limit)
    check_limit(keep)
    if k == 0:
        return Enumeration([[]] if limit != 0 else [], limit != 0, 0)
    cards = _cards(faces)
    cap = _NO_CAP if limit is None else limit + 1
    kept = min(cap - 1, _NO_CAP if keep is None else keep)
    run = _run(k, cards.tables, _NO_SEED, cap, kept, True, progress, stoppable=True, deadline=deadline)
    counted = min(run.found, cap - 1)
    layouts = cards.layouts(run.rows)
    return Enumeration(
        layouts,
        run.found < cap and not run.interrupted and not run.timed_out,
        run.nodes,
        counted - len(layouts),
        run.interrupted,
        run.timed_out,
    )


def complete(table: Layout, hand: Sequence[Face], k: int) -> Solution:
    """A valid layout of ``k`` cards: the ``table`` (a valid layout) unchanged, then
    ``k - len(table)`` faces of ``hand``, each touching the cards before it; or None when
    none exists. The table's faces are types too; its cards seed the search (see the
    module docstring). An empty table is ``solve(hand, k)``."""
    check_table(table, hand, k)
    if not table:
        return solve(hand, k)
    if k == len(table):
        return Solution(list(table), 0)
    cards = _cards([p.face for p in table] + list(hand))
    x0, y0 = table[0].x, table[0].y
    seed = np.array([[cards.orientation(i, p), p.x - x0, p.y - y0] for i, p in enumerate(table)], np.int64)
    run = _run(k, cards.tables, seed, 1, 1, False)
    if not run.found:
        return Solution(None, run.nodes)
    return Solution([*table, *cards.layout(run.rows[0, len(table) :], len(table), x0, y0)], run.nodes)
