"""The Ubongo layout search: Redelmeier's enumeration over a hand's tables
(``kernel_tables``, whose vocabulary it uses), its state between slices, the check that
keeps one layout per picture, and the first slice of ``solve`` built in one call.

Vocabulary:
- *picture*: a layout up to moving and turning it as a whole. Its *representations*: the
  sets of placements it becomes when moved and turned so that a card of its lowest type
  lies unrotated at the origin (one per such card, or two when that card's grid is its
  own half turn; some may coincide). As types are pictures, a set of placements shows
  one picture, and a picture at one position is one set.
- *goal*: what a search looks for (``_Goal``): layouts of k cards holding a seed, how
  many to find and keep, and whether one per picture.

Encoding:
- A search takes three bundles: the hand's ``_Tables``, its ``_Goal`` and its mutable
  ``_State`` (arrays, and the scalars in ``regs``; see ``_State``).
- A candidate row is a placement row with ``_LEVEL`` after it, the level it was checked
  at.
- A placement's key (``_key``) numbers it in a search of k cards: orientation, x + reach,
  y + reach as digits of base ``width = 2 * reach + 1``, where ``reach = SPAN * (k - 1)``
  is the farthest a card lies from the first. ``seen`` is indexed by keys, and
  representations are compared as their sorted keys.
- ``_solve_once`` answers in one array ``out`` of laid rows: its head row holds the
  candidate placements checked and the layouts found (columns ``_OUT_NODES``,
  ``_OUT_FOUND``), the next rows the layout found.

Search (``_search``): Redelmeier's enumeration of connected sets on the graph of
placements joined by legal joints, which reaches every valid layout of k cards holding
the seed exactly once; the roots, the one-layout-per-picture rule and why it holds:
docs/pages/solvers.md, section "The numba search" (``#ubongo-numba``). In the code:
``complete`` seeds the search with the cards on the table (moved so that the first lies
at the origin, and moved back after); ``solve`` and ``enumerate_layouts`` root it at
each type in turn, unrotated at the origin, with only that type and later ones in play;
``enumerate_layouts`` keeps a layout only when it is the least of its representations
(``_least``), so ``limit`` counts distinct layouts. No bound: the search is exhaustive,
and a placement that breaks a pair rule or the face counts is never tried below that
point (both only get worse as cards are added).

Compiling. A bundle handed to a numba function hands it all its arrays, and numba counts
a reference to each at every call. So the steps of ``_search`` (``_lay_seed``,
``_extend``, ``_open_level``, ``_record``, ``_take_back``, ``_lift_seed``) are inlined
into it by numba (``inline="always"``): one compiled loop, as before it was split, over
borrowed views (``_borrowed_tables``, ...) whose counts cost nothing. The helpers it
calls per candidate or per layout (``_fits``, ``_status``, ``_least``,
``_sorted_keys``, ``_quarter_turn``) allocate nothing and are compiled without numba's
runtime (``jit.no_runtime``), so they count no references at all. Called as plain
functions, the steps made a 9-card verify 2.6 times and an enumeration 1.9 times
slower.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from cardsolve.models.ubongo.cards import COLS, ROTATIONS, ROWS
from cardsolve.solvers.infrastructure.interpreted import borrowed, kernel
from cardsolve.solvers.ubongo.kernel_tables import (
    _GEOMETRY,
    _ILLEGAL,
    _LYING,
    _ORIENT,
    _PLACE_COLUMNS,
    _SHAPES,
    _X,
    _Y,
    SPAN,
    _Geometry,
    _group,
    _joints_of,
    _laid,
    _status,
    _Tables,
    _tables,
)

_LEVEL = _PLACE_COLUMNS
"""In a candidate row, after the placement: the level it was checked against."""
_CAND_COLUMNS = _LEVEL + 1

_OUT_NODES = 0
"""In the head row of ``_solve_once``'s ``out``: the candidate placements checked."""
_OUT_FOUND = 1
"""In the head row of ``_solve_once``'s ``out``: the layouts found (0 or 1)."""

_R_ROOT = 0
"""In ``_State.regs``: the root type searched now (the seeded search has one root, 0);
all roots are done when it reaches their number."""
_R_INSIDE = 1
"""In ``_State.regs``: 1 while the current root's search is under way (its seed laid)."""
_R_DEPTH = 2
"""In ``_State.regs``: the level of the last card laid."""
_R_GROW = 3
"""In ``_State.regs``: 1 when that card was just laid and its joints are still to mark."""
_R_NODES = 4
"""In ``_State.regs``: the candidate placements checked so far."""
_R_IN_PLAY = 5
"""In ``_State.regs``: the faces of the types not yet taken as roots."""
_R_FOUND = 6
"""In ``_State.regs``: the layouts found so far, kept or not."""
_R_JOINT_ROWS = 7
"""In ``_State.regs``: the rows of ``joints`` written so far."""
_REGISTERS = _R_JOINT_ROWS + 1

_UNREAD = -1
"""In ``_State.first``: the orientation's joints are not read yet."""

_LEAST_COST = 64
"""What meeting a layout costs in a slice's budget of candidate placements: ``_least``
turns and moves it to each card of the root's type and sorts its keys. Without it, on a
hand whose faces are all alike (12 faces AAA/AAA, k 9: a layout every 200 candidates)
slices took up to 0.7 s (median 0.18 s) instead of 0.05 s, and Ctrl-C waited for them."""


class _Goal(NamedTuple):
    """What a search looks for: layouts of ``k`` >= 1 cards, stopping at the ``cap``-th
    one found, the first ``keep`` of them kept. ``seed`` holds the cards laid from the
    start, placement rows, connected and pairwise legal, the first at the origin, fewer
    than ``k`` of them; when it is empty, each type in turn is the root (a card of it laid
    unrotated at the origin, earlier types out of play) and, if ``distinct``, only the
    least representation of each picture is kept (see the module docstring)."""

    k: int
    seed: np.ndarray
    cap: int
    keep: int
    distinct: bool


class _State(NamedTuple):
    """Everything ``_search`` keeps between two calls, so that a search runs in slices of
    candidate placements and Python regains control in between (to report progress and
    let Ctrl-C land).

    Level ``d`` is the state with cards 0..d laid (``card``): its untried candidates are
    the ranges ``lo[d, r]:hi[d, r]`` (``n_ranges[d]`` of them) of the candidate buffer
    ``cand`` (the parent's untried ones left when card d was taken, then those card d
    itself added, up to ``cand_end[d]``), popped from the end; the levels of the seed cards
    are built as if each had been taken in turn, with nothing popped, and the search
    never takes a seed card back. A candidate fits the cards up to its ``_LEVEL``, and
    later cards are checked when it is popped. ``seen`` marks the placements laid, untried
    or already excluded on this branch (their keys listed in ``marks`` up to
    ``mark_end[d]``); the marks each level made are undone when it is left. ``used``
    counts the laid faces of each type; ``mine`` and ``other`` are ``_least``'s scratch.
    An orientation's joints are read into ``joints[first[o]:last[o]]`` (``_joints_of``)
    when a card of it is first laid, and kept for the rest of the search. ``found`` holds
    the layouts kept, ``k`` placement rows each, seed first; ``regs`` the search's
    scalars (``_R_ROOT``, ...), among them the layouts found and the candidate placements
    checked."""

    seen: np.ndarray
    cand: np.ndarray
    marks: np.ndarray
    card: np.ndarray
    used: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    n_ranges: np.ndarray
    cand_end: np.ndarray
    mark_end: np.ndarray
    found: np.ndarray
    mine: np.ndarray
    other: np.ndarray
    first: np.ndarray
    last: np.ndarray
    joints: np.ndarray
    regs: np.ndarray


@kernel()
def _fresh_state(k: int, tables: _Tables, room: int) -> _State:
    """The state of a search of ``k`` cards over ``tables`` before its first step, with
    room for ``room`` layouts (more is made as needed, see ``fast._run``). An orientation
    of shape s has at most ``most`` joints, one per orientation b and joint of shapes s
    and b's; a level adds at most its card's joints to the candidates, and marks as many
    (the buffers ``cand``, ``marks`` and ``joints`` are only read where written)."""
    joint_count = _GEOMETRY.joint_count  # loaded once: numba loads a global array anew at every use
    shape, type_count = tables.shape, tables.type_count
    n_orient, n_types = shape.shape[0], type_count.shape[0]
    width = 2 * SPAN * (k - 1) + 1
    most = 1
    for s in range(len(_SHAPES)):
        bound = 0
        for o in range(n_orient):
            bound += joint_count[s, shape[o]]
        most = max(most, bound)
    capacity = k * (most + 1)
    regs = np.zeros(_REGISTERS, np.int64)
    regs[_R_IN_PLAY] = type_count.sum()
    return _State(
        seen=np.zeros(n_orient * width * width, np.bool_),
        cand=np.empty((capacity, _CAND_COLUMNS), np.int64),
        marks=np.empty(capacity, np.int64),
        card=np.zeros((k, _PLACE_COLUMNS), np.int64),
        used=np.zeros(n_types, np.int64),
        lo=np.zeros((k, k), np.int64),
        hi=np.zeros((k, k), np.int64),
        n_ranges=np.zeros(k, np.int64),
        cand_end=np.zeros(k, np.int64),
        mark_end=np.zeros(k, np.int64),
        found=np.zeros((room, k, _PLACE_COLUMNS), np.int64),
        mine=np.zeros(k, np.int64),
        other=np.zeros(k, np.int64),
        first=np.full(n_orient, _UNREAD, np.int64),
        last=np.zeros(n_orient, np.int64),
        joints=np.empty((n_orient * most, _PLACE_COLUMNS), np.int64),
        regs=regs,
    )


@kernel(inline="always")
def _borrowed_tables(tables: _Tables) -> _Tables:
    """``tables`` as borrowed views (``jit.borrowed``), so that the search's loops count no
    references to them (the atomic counts took about a fifth of a verify's time)."""
    return _Tables(
        orient_type=borrowed(tables.orient_type),
        type_count=borrowed(tables.type_count),
        type_root=borrowed(tables.type_root),
        symbols=borrowed(tables.symbols),
        shape=borrowed(tables.shape),
        behind=borrowed(tables.behind),
    )


@kernel(inline="always")
def _borrowed_goal(goal: _Goal) -> _Goal:
    """``goal`` with its seed as a borrowed view (see ``_borrowed_tables``)."""
    return _Goal(goal.k, borrowed(goal.seed), goal.cap, goal.keep, goal.distinct)


@kernel(inline="always")
def _borrowed_state(state: _State) -> _State:
    """``state`` as borrowed views (see ``_borrowed_tables``)."""
    return _State(
        seen=borrowed(state.seen),
        cand=borrowed(state.cand),
        marks=borrowed(state.marks),
        card=borrowed(state.card),
        used=borrowed(state.used),
        lo=borrowed(state.lo),
        hi=borrowed(state.hi),
        n_ranges=borrowed(state.n_ranges),
        cand_end=borrowed(state.cand_end),
        mark_end=borrowed(state.mark_end),
        found=borrowed(state.found),
        mine=borrowed(state.mine),
        other=borrowed(state.other),
        first=borrowed(state.first),
        last=borrowed(state.last),
        joints=borrowed(state.joints),
        regs=borrowed(state.regs),
    )


@kernel(runtime=False)
def _fits(
    geometry: _Geometry, tables: _Tables, card: np.ndarray, first: int, end: int, o2: int, x2: int, y2: int
) -> bool:
    """Whether orientation ``o2`` at ``(x2, y2)`` is legal against the laid cards
    ``first`` to ``end - 1``: no pair of status ``_ILLEGAL`` (the exactly-two rule;
    ``_status``)."""
    for j in range(first, end):
        dx = x2 - card[j, _X]
        dy = y2 - card[j, _Y]
        if (
            -SPAN <= dx <= SPAN
            and -SPAN <= dy <= SPAN
            and _status(geometry, tables, card[j, _ORIENT], o2, dx + SPAN, dy + SPAN) == _ILLEGAL
        ):
            return False
    return True


@kernel(runtime=False)
def _quarter_turn(tables: _Tables, o: int, x: int, y: int) -> tuple[int, int, int]:
    """A card of orientation ``o`` with its top-left cell at (x, y), after a quarter turn
    clockwise of the whole layout, which takes cell (x, y) to (-y, x): turned one
    orientation on (a type's orientations are consecutive, in rotation order, so even
    steps from its first lie and odd ones stand), at (1 - y - h, x) for its height h."""
    orient_type, type_root = tables.orient_type, tables.type_root
    t = orient_type[o]
    root = type_root[t]
    end = type_root[t + 1] if t + 1 < type_root.shape[0] else orient_type.shape[0]
    height = ROWS if (o - root) % len(_SHAPES) == _LYING else COLS
    return root + (o - root + 1) % (end - root), 1 - y - height, x


@kernel()
def _key(o: int, x: int, y: int, width: int, reach: int) -> int:
    """The key of orientation ``o`` at (x, y) (see the module docstring)."""
    return (o * width + x + reach) * width + y + reach


@kernel(runtime=False)
def _sorted_keys(tables: _Tables, card: np.ndarray, c: int, g: int, width: int, reach: int, keys: np.ndarray) -> int:
    """``keys``, sorted: the keys (``_key``) of the cards ``card[:len(keys)]`` once the
    whole layout is turned ``g`` quarter turns clockwise and moved so that card ``c`` lies
    at the origin. Returns card c's orientation then."""
    oc, cx, cy = card[c, _ORIENT], card[c, _X], card[c, _Y]
    for _ in range(g):
        oc, cx, cy = _quarter_turn(tables, oc, cx, cy)
    for j in range(keys.shape[0]):
        o, x, y = card[j, _ORIENT], card[j, _X], card[j, _Y]
        for _ in range(g):
            o, x, y = _quarter_turn(tables, o, x, y)
        key = _key(o, x - cx, y - cy, width, reach)
        while j > 0 and keys[j - 1] > key:  # insertion sort: a few cards, and quick to compile
            keys[j] = keys[j - 1]
            j -= 1
        keys[j] = key
    return int(oc)


@kernel(runtime=False)
def _least(tables: _Tables, state: _State, root: int, width: int, reach: int) -> bool:
    """Whether the layout ``state.card``, its first card in orientation ``root`` at the
    origin, is the least of its representations (see the module docstring): no turn and
    move of it that brings another card, or the first card turned, to the origin in
    orientation ``root`` has smaller sorted keys (``state.mine`` and ``state.other`` are
    scratch)."""
    card, mine, other, orient_type = state.card, state.mine, state.other, tables.orient_type
    _sorted_keys(tables, card, 0, 0, width, reach, mine)
    for c in range(mine.shape[0]):
        if orient_type[card[c, _ORIENT]] != orient_type[root]:
            continue
        for g in range(1 if c == 0 else 0, len(ROTATIONS)):
            if _sorted_keys(tables, card, c, g, width, reach, other) != root:
                continue
            for j in range(mine.shape[0]):
                if other[j] != mine[j]:
                    if other[j] < mine[j]:
                        return False
                    break
    return True


@kernel(inline="always")
def _lay_seed(tables: _Tables, goal: _Goal, state: _State, root: int, width: int, reach: int) -> None:
    """Lays the cards a search of root ``root`` starts from (the goal's seed, or a card of
    the root's type unrotated at the origin), counted in ``used`` and marked."""
    card, seed = state.card, goal.seed
    if seed.shape[0] == 0:
        card[0, _ORIENT] = tables.type_root[root]
        card[0, _X] = 0
        card[0, _Y] = 0
    else:
        for d in range(seed.shape[0]):
            for c in range(_PLACE_COLUMNS):
                card[d, c] = seed[d, c]
    for d in range(max(seed.shape[0], 1)):
        state.used[tables.orient_type[card[d, _ORIENT]]] += 1
        key = _key(card[d, _ORIENT], card[d, _X], card[d, _Y], width, reach)
        state.seen[key] = True
        state.marks[d] = key


@kernel(inline="always")
def _lift_seed(tables: _Tables, state: _State, n_seed: int) -> None:
    """Takes the ``n_seed`` seed cards back, their marks and all marks below them undone,
    when the seed's last level is exhausted."""
    seen, marks, card = state.seen, state.marks, state.card
    for i in range(state.mark_end[n_seed - 1]):
        seen[marks[i]] = False
    for d in range(n_seed):
        state.used[tables.orient_type[card[d, _ORIENT]]] -= 1


@kernel(inline="always")
def _take_back(tables: _Tables, state: _State, depth: int) -> None:
    """Takes card ``depth`` back when its level is exhausted: the marks the level made
    undone, its face free again."""
    seen, marks, mark_end = state.seen, state.marks, state.mark_end
    for i in range(mark_end[depth - 1], mark_end[depth]):
        seen[marks[i]] = False
    state.used[tables.orient_type[state.card[depth, _ORIENT]]] -= 1


@kernel(inline="always")
def _record(tables: _Tables, goal: _Goal, state: _State, root: int, n_found: int, width: int, reach: int) -> bool:
    """Whether the layout of the cards laid counts as found (any, or with ``distinct`` only
    the least representation of its picture, rooted at type ``root``); if so it is kept
    as layout ``n_found`` while ``found`` has room."""
    if goal.distinct and not _least(tables, state, tables.type_root[root], width, reach):
        return False
    found, card = state.found, state.card
    if n_found < found.shape[0]:
        for d in range(goal.k):
            for c in range(_PLACE_COLUMNS):
                found[n_found, d, c] = card[d, c]
    return True


@kernel(inline="always")
def _open_level(state: _State, depth: int, start: int, top: int) -> None:
    """Level ``depth``'s untried ranges: its parent's untried ones, then the candidates
    ``start:top`` card ``depth`` added (none when the range is empty)."""
    lo, hi, n_ranges = state.lo, state.hi, state.n_ranges
    r = 0
    if depth > 0:
        for r in range(n_ranges[depth - 1]):
            lo[depth, r] = lo[depth - 1, r]
            hi[depth, r] = hi[depth - 1, r]
        r = n_ranges[depth - 1]
    if top > start:
        lo[depth, r] = start
        hi[depth, r] = top
        r += 1
    n_ranges[depth] = r


@kernel(inline="always")
def _extend(
    geometry: _Geometry,
    tables: _Tables,
    state: _State,
    root: int,
    depth: int,
    n_seed: int,
    width: int,
    reach: int,
    nodes: int,
    joint_rows: int,
) -> tuple[int, int]:
    """Builds level ``depth``, card ``depth`` just laid: its legal joints (read on the first
    card of its orientation) that are in play and not marked yet are marked, and checked
    against the cards before it; those that fit join the candidates. Returns ``nodes``
    and ``joint_rows`` moved on (the candidate placements checked, the rows of
    ``joints`` written)."""
    orient_type, type_count = tables.orient_type, tables.type_count
    card, cand, seen, marks, used = state.card, state.cand, state.seen, state.marks, state.used
    first, last, joints = state.first, state.last, state.joints
    o, x, y = card[depth, _ORIENT], card[depth, _X], card[depth, _Y]
    top = state.cand_end[depth - 1] if depth > 0 else 0
    start = top
    mark = state.mark_end[depth - 1] if depth > 0 else n_seed
    if first[o] == _UNREAD:
        first[o] = joint_rows
        joint_rows = last[o] = _joints_of(geometry, tables, o, joints, joint_rows)
    for e in range(first[o], last[o]):
        o2 = joints[e, _ORIENT]
        t2 = orient_type[o2]
        if t2 < root or used[t2] >= type_count[t2]:
            continue
        x2 = x + joints[e, _X]
        y2 = y + joints[e, _Y]
        key = _key(o2, x2, y2, width, reach)
        if seen[key]:
            continue
        seen[key] = True
        marks[mark] = key
        mark += 1
        nodes += 1
        if _fits(geometry, tables, card, 0, depth, o2, x2, y2):
            cand[top, _ORIENT] = o2
            cand[top, _X] = x2
            cand[top, _Y] = y2
            cand[top, _LEVEL] = depth
            top += 1
    state.cand_end[depth] = top
    state.mark_end[depth] = mark
    _open_level(state, depth, start, top)
    return nodes, joint_rows


@kernel()
def _search(tables: _Tables, goal: _Goal, state: _State, budget: int) -> bool:
    """Redelmeier's search for the layouts of ``goal`` over ``tables`` (see the module
    docstring), stopping at the ``goal.cap``-th one found; one slice of it, resumed from
    ``state`` and paused after ``budget`` candidate placements, or when ``state.found`` is
    full and ``goal.keep`` wants more, so that the caller can make room. Returns whether
    the search is over.

    A level's step: when its card was just laid, its candidates are built
    (``_extend``); then its last untried candidate is popped and, if it fits the cards
    laid after its ``_LEVEL``, laid as the next card; an exhausted level takes its card
    back (``_take_back``, or ``_lift_seed`` for the seed's last). At ``k`` cards the
    layout is recorded (``_record``) and the last card taken back.
    """
    geometry = _GEOMETRY  # loaded once: numba loads a global array anew at every use
    tables, goal, state = _borrowed_tables(tables), _borrowed_goal(goal), _borrowed_state(state)
    orient_type, type_count = tables.orient_type, tables.type_count
    card, cand, used, regs = state.card, state.cand, state.used, state.regs
    lo, hi, n_ranges = state.lo, state.hi, state.n_ranges
    k = goal.k
    n_seed = max(goal.seed.shape[0], 1)
    n_roots = type_count.shape[0] if goal.seed.shape[0] == 0 else 1
    reach = SPAN * (k - 1)
    width = 2 * reach + 1
    root, inside, depth, grow = regs[_R_ROOT], regs[_R_INSIDE] == 1, regs[_R_DEPTH], regs[_R_GROW] == 1
    nodes, in_play, n_found, joint_rows = regs[_R_NODES], regs[_R_IN_PLAY], regs[_R_FOUND], regs[_R_JOINT_ROWS]
    stop = nodes + budget  # each layout met brings it _LEAST_COST nearer
    over = False
    paused = False
    while root < n_roots and not over and not paused:
        if not inside:
            if goal.seed.shape[0] == 0:
                if in_play < k:
                    root = n_roots
                    break
                in_play -= type_count[root]
                nodes += 1
            _lay_seed(tables, goal, state, root, width, reach)
            depth = 0
            grow = True
            inside = True
        while True:
            if nodes >= stop or (n_found == state.found.shape[0] and n_found < goal.keep):
                paused = True
                break
            if depth == k - 1:
                # cards 0..k-1 are a layout: record it, then take card `depth` back
                stop -= _LEAST_COST
                if _record(tables, goal, state, root, n_found, width, reach):
                    n_found += 1
                    if n_found == goal.cap:
                        over = True
                        break
                grow = False
                if depth >= n_seed:
                    used[orient_type[card[depth, _ORIENT]]] -= 1
                    depth -= 1
                    continue
                # the root alone was the layout (k == 1): its level has nothing to try
                state.mark_end[depth] = n_seed
                n_ranges[depth] = 0
            if grow:
                nodes, joint_rows = _extend(
                    geometry, tables, state, root, depth, n_seed, width, reach, nodes, joint_rows
                )
                if depth < n_seed - 1:
                    depth += 1  # the next seed card, laid already
                    continue
                grow = False
            r = n_ranges[depth]
            while r > 0 and hi[depth, r - 1] == lo[depth, r - 1]:
                r -= 1
            n_ranges[depth] = r
            if r == 0:
                if depth == n_seed - 1:  # the seed's last level is exhausted: next root
                    _lift_seed(tables, state, n_seed)
                    inside = False
                    root += 1
                    break
                _take_back(tables, state, depth)
                depth -= 1
                continue
            i = hi[depth, r - 1] - 1
            hi[depth, r - 1] = i
            o2 = cand[i, _ORIENT]
            t2 = orient_type[o2]
            if used[t2] >= type_count[t2]:
                continue
            x2 = cand[i, _X]
            y2 = cand[i, _Y]
            nodes += 1
            if not _fits(geometry, tables, card, cand[i, _LEVEL] + 1, depth + 1, o2, x2, y2):
                continue
            depth += 1
            card[depth, _ORIENT] = o2
            card[depth, _X] = x2
            card[depth, _Y] = y2
            used[t2] += 1
            grow = True
    regs[_R_ROOT], regs[_R_INSIDE], regs[_R_DEPTH], regs[_R_GROW] = root, 1 if inside else 0, depth, 1 if grow else 0
    regs[_R_NODES], regs[_R_IN_PLAY], regs[_R_FOUND], regs[_R_JOINT_ROWS] = nodes, in_play, n_found, joint_rows
    return over or root >= n_roots


@kernel()
def _solve_once(k: int, codes: np.ndarray, budget: int, out: np.ndarray) -> bool:
    """The first slice of ``solve``'s search for a layout of ``k`` >= 1 cards of the faces
    of grid ``codes`` (see the module docstring), types, tables and state built here:
    returns whether the search is over, and writes into ``out`` (``k + 1`` rows of
    ``_LAID_COLUMNS``) the head row (the candidate placements checked, the layouts found,
    0 or 1) and the laid rows of the layout found."""
    types, face_type, face_half = _group(codes)
    tables = _tables(types)
    state = _fresh_state(k, tables, 1)
    over = _search(tables, _Goal(k, np.zeros((0, _PLACE_COLUMNS), np.int64), 1, 1, False), state, budget)
    regs = state.regs
    out[0, :] = 0
    out[0, _OUT_NODES] = regs[_R_NODES]
    out[0, _OUT_FOUND] = regs[_R_FOUND]
    if regs[_R_FOUND] > 0:
        _laid(tables, face_type, face_half, state.found[0], 0, out[1:])
    return over


@kernel()
def _started(tables: _Tables, goal: _Goal, room: int, budget: int) -> tuple[_State, bool]:
    """A search's state (``_fresh_state``, with room for ``room`` layouts) after its first
    slice of ``budget`` candidate placements (``_search``), and whether the search is over
    then: one call from Python where two would pass the bundles twice (see ``fast._run``)."""
    state = _fresh_state(goal.k, tables, room)
    return state, _search(tables, goal, state, budget)
