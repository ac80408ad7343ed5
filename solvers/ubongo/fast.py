"""The fast Ubongo solver: a numba search over precomputed joint tables.

Vocabulary:
- *type*: a distinct face grid of the hand with its count (duplicated faces are one type,
  so layouts that only swap equal faces are not searched twice);
- *orientation*: a type turned by one rotation; rotations that give the same grid as an
  earlier one are dropped (a grid that is its own half turn has two orientations);
- *offset*: the column and row of the second card's top-left cell minus the first's;
- *status* of two oriented cards at an offset: 0 apart (no shared cell, no contact), 1 a
  legal joint (no overlap, exactly two contacts, each joining equal symbols), 2 illegal.
  Cards are 2x3 or 3x2, so offsets beyond ``SPAN`` in either direction are apart.

A layout is valid exactly when its cards are pairwise of status 0 or 1 and the status-1
pairs connect them. The search is Redelmeier's enumeration of connected sets, on the graph
whose nodes are placements (orientation, x, y) and whose edges are legal joints: every
valid layout of up to k cards that holds the root placement is reached exactly once. A
valid layout can be moved and turned so that any one of its cards lies unrotated at the
origin; rooting it at its lowest type, the roots are each type in turn, unrotated at the
origin, with only that type and later ones in play. Both pair rules and the face counts
only get worse as cards are added, so a placement that breaks them is never tried again
below that point.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from models.errors import BadInput
from models.ubongo.faces import COLS, ROTATIONS, ROWS, SYMBOLS, Face, Grid, rotate
from models.ubongo.layout import Placement
from solvers.jit import njit
from solvers.ubongo.reference import Solution

SPAN = max(ROWS, COLS)
"""Two cards at an offset beyond this (either coordinate) cannot touch."""
_WINDOW = 2 * SPAN + 1
_APART, _JOINT, _ILLEGAL = 0, 1, 2
_SYMBOL_CODE = {symbol: code for code, symbol in enumerate(SYMBOLS)}
_SHAPES = ((COLS, ROWS), (ROWS, COLS))
"""Card shapes as (width, height): 0 lying (0 and 180 degrees), 1 standing (90 and 270)."""


def _geometry() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What two cards of shapes ``a`` and ``b`` make at each offset, by cells alone.

    ``kind[a, b, dx + SPAN, dy + SPAN]`` is 0 apart, 2 illegal whatever the symbols
    (overlap, one contact, three or more), or 1 exactly two contacts. The offsets of
    kind 1 are ``joint[a, b, :count[a, b]]``, rows (dx + SPAN, dy + SPAN, then the two
    contacts as cell of the first card, cell of the second, twice); a cell is numbered
    ``row * SPAN + column`` of its (rotated) card.
    """
    kind = np.full((2, 2, _WINDOW, _WINDOW), _APART, np.int64)
    joint = np.zeros((2, 2, _WINDOW * _WINDOW, 6), np.int64)
    count = np.zeros((2, 2), np.int64)
    for a, (wa, ha) in enumerate(_SHAPES):
        for b, (wb, hb) in enumerate(_SHAPES):
            for dx in range(-SPAN, SPAN + 1):
                for dy in range(-SPAN, SPAN + 1):
                    first = {(x, y) for x in range(wa) for y in range(ha)}
                    second = {(dx + x, dy + y) for x in range(wb) for y in range(hb)}
                    touching = [(y * SPAN + x, (y2 - dy) * SPAN + (x2 - dx))
                                for x, y in sorted(first) for x2, y2 in sorted(second)
                                if abs(x - x2) + abs(y - y2) == 1]
                    if first & second or len(touching) not in (0, 2):
                        kind[a, b, dx + SPAN, dy + SPAN] = _ILLEGAL
                    elif touching:
                        kind[a, b, dx + SPAN, dy + SPAN] = _JOINT
                        joint[a, b, count[a, b]] = [dx + SPAN, dy + SPAN, *touching[0], *touching[1]]
                        count[a, b] += 1
    return kind, joint, count


_KIND, _JOINT_AT, _JOINT_COUNT = _geometry()
_MAX_JOINTS = int(_JOINT_COUNT.max())
"""At most this many offsets join two given orientations."""


@njit(cache=True)
def _tables(symbols: np.ndarray, shape: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The status of every pair of orientations at every offset in the window, and the
    legal joints of each orientation: ``joints[first[o]:first[o + 1]]`` are the rows
    (other orientation, dx, dy) with status 1 from orientation ``o``.

    ``symbols[o, row * SPAN + column]`` is the symbol code of orientation ``o``'s cell;
    ``shape[o]`` is 0 lying, 1 standing.
    """
    n = symbols.shape[0]
    status = np.empty((n, n, _WINDOW, _WINDOW), np.int64)
    first = np.zeros(n + 1, np.int64)
    joints = np.empty((n * n * _MAX_JOINTS, 3), np.int64)
    count = 0
    for a in range(n):
        first[a] = count
        for b in range(n):
            status[a, b] = _KIND[shape[a], shape[b]]
            for m in range(_JOINT_COUNT[shape[a], shape[b]]):
                joint = _JOINT_AT[shape[a], shape[b], m]
                i, j = joint[0], joint[1]
                if symbols[a, joint[2]] == symbols[b, joint[3]] and symbols[a, joint[4]] == symbols[b, joint[5]]:
                    joints[count, 0] = b
                    joints[count, 1] = i - SPAN
                    joints[count, 2] = j - SPAN
                    count += 1
                else:
                    status[a, b, i, j] = _ILLEGAL
    first[n] = count
    return status, first, joints[:count].copy()


@njit(cache=True)
def _fits(status: np.ndarray, card: np.ndarray, first: int, end: int, o2: int, x2: int, y2: int) -> bool:
    """Whether orientation ``o2`` at ``(x2, y2)`` is legal against the laid cards
    ``first`` to ``end - 1``: no pair of status illegal (the exactly-two rule)."""
    for j in range(first, end):
        dx = x2 - card[j, 1]
        dy = y2 - card[j, 2]
        if -SPAN <= dx <= SPAN and -SPAN <= dy <= SPAN and status[card[j, 0], o2, dx + SPAN, dy + SPAN] == _ILLEGAL:
            return False
    return True


@njit(cache=True)
def _search(k: int, orient_type: np.ndarray, type_count: np.ndarray, type_root: np.ndarray,
            status: np.ndarray, first: np.ndarray, joints: np.ndarray) -> tuple[int, int, np.ndarray]:
    """Redelmeier's search for ``k`` >= 1 cards (see the module docstring).

    Returns (1 if found else 0, candidate placements checked, the cards as rows
    (orientation, x, y), root first). Level ``d`` is the state with cards 0..d laid: its
    untried candidates are the ranges ``lo[d, r]:hi[d, r]`` of the candidate buffer (the
    parent's untried ones left when card d was taken, then those card d itself added),
    popped from the end. A candidate row is (orientation, x, y, level it was checked at):
    it fits the cards up to that level, and later cards are checked when it is popped.
    ``seen`` marks the placements laid, untried or already excluded on this branch; the
    marks each level made are undone when it is left.
    """
    n_orient = orient_type.shape[0]
    reach = SPAN * (k - 1)
    width = 2 * reach + 1
    seen = np.zeros(n_orient * width * width, np.bool_)
    degree = 1
    for o in range(n_orient):
        degree = max(degree, first[o + 1] - first[o])
    capacity = k * (degree + 1)
    cand = np.zeros((capacity, 4), np.int64)
    marks = np.zeros(capacity, np.int64)
    card = np.zeros((k, 3), np.int64)
    used = np.zeros(type_count.shape[0], np.int64)
    lo = np.zeros((k, k), np.int64)
    hi = np.zeros((k, k), np.int64)
    n_ranges = np.zeros(k, np.int64)
    cand_end = np.zeros(k, np.int64)
    mark_end = np.zeros(k, np.int64)
    nodes = 0
    in_play = 0
    for t in range(type_count.shape[0]):
        in_play += type_count[t]
    for root in range(type_count.shape[0]):
        if in_play < k:
            break
        in_play -= type_count[root]
        nodes += 1
        card[0, 0] = type_root[root]
        card[0, 1] = 0
        card[0, 2] = 0
        used[root] = 1
        if k == 1:
            return 1, nodes, card
        key = (type_root[root] * width + reach) * width + reach
        seen[key] = True
        marks[0] = key
        depth = 0
        grow = True
        while True:
            if grow:
                # card `depth` was just laid: mark and keep its legal joints (level `depth`)
                o, x, y = card[depth, 0], card[depth, 1], card[depth, 2]
                top = cand_end[depth - 1] if depth > 0 else 0
                start = top
                mark = mark_end[depth - 1] if depth > 0 else 1
                for e in range(first[o], first[o + 1]):
                    o2 = joints[e, 0]
                    t2 = orient_type[o2]
                    if t2 < root or used[t2] >= type_count[t2]:
                        continue
                    x2 = x + joints[e, 1]
                    y2 = y + joints[e, 2]
                    key = (o2 * width + x2 + reach) * width + y2 + reach
                    if seen[key]:
                        continue
                    seen[key] = True
                    marks[mark] = key
                    mark += 1
                    nodes += 1
                    if _fits(status, card, 0, depth, o2, x2, y2):
                        cand[top, 0] = o2
                        cand[top, 1] = x2
                        cand[top, 2] = y2
                        cand[top, 3] = depth
                        top += 1
                cand_end[depth] = top
                mark_end[depth] = mark
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
                grow = False
            r = n_ranges[depth]
            while r > 0 and hi[depth, r - 1] == lo[depth, r - 1]:
                r -= 1
            n_ranges[depth] = r
            if r == 0:
                # level `depth` is exhausted: take card `depth` back
                for i in range(mark_end[depth - 1] if depth > 0 else 0, mark_end[depth]):
                    seen[marks[i]] = False
                used[orient_type[card[depth, 0]]] -= 1
                if depth == 0:
                    break
                depth -= 1
                continue
            i = hi[depth, r - 1] - 1
            hi[depth, r - 1] = i
            o2 = cand[i, 0]
            t2 = orient_type[o2]
            if used[t2] >= type_count[t2]:
                continue
            x2 = cand[i, 1]
            y2 = cand[i, 2]
            nodes += 1
            if not _fits(status, card, cand[i, 3] + 1, depth + 1, o2, x2, y2):
                continue
            depth += 1
            card[depth, 0] = o2
            card[depth, 1] = x2
            card[depth, 2] = y2
            used[t2] += 1
            if depth == k - 1:
                return 1, nodes, card
            grow = True
    return 0, nodes, card


def _turn_cells() -> np.ndarray:
    """``cells[r, row * SPAN + column]``: which cell of the printed face, numbered
    ``row * COLS + column``, the face turned by ``ROTATIONS[r]`` shows there (``ROWS *
    COLS``, one past the last, where the turned card has no cell)."""
    printed = tuple(SYMBOLS[row * COLS:(row + 1) * COLS] for row in range(ROWS))
    cells = np.full((len(ROTATIONS), SPAN * SPAN), ROWS * COLS, np.int64)
    for r, rotation in enumerate(ROTATIONS):
        for y, row in enumerate(rotate(printed, rotation)):
            for x, symbol in enumerate(row):
                cells[r, y * SPAN + x] = SYMBOLS.index(symbol)
    return cells


_TURN_CELLS = _turn_cells()


@dataclass(frozen=True)
class _Turns:
    """The distinct orientations of one grid, in rotation order (rotation 0 first): their
    rotations, shapes (0 lying, 1 standing) and cell symbol codes, one row each, cell
    ``row * SPAN + column`` (-1 where the card has no cell)."""

    rotations: tuple[int, ...]
    shapes: np.ndarray
    symbols: np.ndarray


@lru_cache(maxsize=4096)
def _turns(grid: Grid) -> _Turns:
    """The orientations of ``grid``. A half turn repeats the grid exactly when it reads the
    same backwards (row by row); then the last two rotations repeat the first two."""
    if len(grid) != ROWS or any(len(row) != COLS for row in grid):
        raise BadInput(f"bad face {'/'.join(grid)!r}: a face is {ROWS} rows of {COLS} symbols",
                       "/".join(grid))
    letters = "".join(grid)
    for symbol in letters:
        if symbol not in _SYMBOL_CODE:
            raise BadInput(f"bad symbol {symbol!r}: symbols are the letters {SYMBOLS}", symbol)
    distinct = 2 if letters == letters[::-1] else 4
    codes = np.array([_SYMBOL_CODE[symbol] for symbol in letters] + [-1], np.int64)
    found = _Turns(ROTATIONS[:distinct], np.arange(distinct, dtype=np.int64) % 2, codes[_TURN_CELLS[:distinct]])
    found.shapes.setflags(write=False)  # shared by every call through the cache
    found.symbols.setflags(write=False)
    return found


def solve(faces: Sequence[Face], k: int) -> Solution:
    """A valid layout of ``k`` of ``faces``, or None when exhaustive search finds none;
    ``nodes`` counts the candidate placements checked against laid cards."""
    if not 0 <= k <= len(faces):
        raise BadInput(f"cannot lay {k} of {len(faces)} cards", str(k))
    if k == 0:
        return Solution([], 0)
    members: dict[Grid, list[int]] = {}
    for index, face in enumerate(faces):
        members.setdefault(face.grid, []).append(index)
    types = [_turns(grid) for grid in members]
    orientations = [(t, rotation) for t, turns in enumerate(types) for rotation in turns.rotations]
    roots = np.cumsum([0] + [len(turns.rotations) for turns in types[:-1]], dtype=np.int64)
    symbols = np.concatenate([turns.symbols for turns in types])
    shapes = np.concatenate([turns.shapes for turns in types])
    status, first, joints = _tables(symbols, shapes)
    found, nodes, cards = _search(
        k, np.array([t for t, _ in orientations], np.int64),
        np.array([len(m) for m in members.values()], np.int64), roots, status, first, joints)
    if not found:
        return Solution(None, int(nodes))
    unused = [list(reversed(m)) for m in members.values()]
    layout = []
    for o, x, y in cards.tolist():
        t, rotation = orientations[o]
        layout.append(Placement(faces[unused[t].pop()], rotation, x, y))
    return Solution(layout, int(nodes))
