"""The fast Ubongo solver: a numba search over joint tables built inside the kernel.

Vocabulary:
- *type*: a distinct picture of a face among the cards, with its count: faces with equal
  grids, or with grids that are each other's half turn (``ABC/DEF`` and ``FED/CBA``), are
  one type, so layouts that only swap such faces are not searched twice; a type's grid
  is its first face's, and a face printed the other way up lies turned 180 further.
- *orientation*: a type turned by one rotation; rotations that give the same grid as an
  earlier one are dropped (a grid that is its own half turn has two orientations). Its
  *shape* is lying (0 and 180 degrees) or standing (90 and 270).
- *placement*: an orientation with its top-left cell at (x, y); a *layout*: a set of them.
- *offset*: the column and row of the second card's top-left cell minus the first's.
- *status* of two oriented cards at an offset: ``_APART`` (no shared cell, no contact),
  ``_JOINT`` (a legal joint: no overlap, exactly ``_JOINT_CONTACTS`` contacts, each
  joining equal symbols) or ``_ILLEGAL``. Cards are 2x3 or 3x2, so offsets beyond
  ``SPAN`` in either direction are apart.
- *picture*: a layout up to moving and turning it as a whole. Its *representations*: the
  sets of placements it becomes when moved and turned so that a card of its lowest type
  lies unrotated at the origin (one per such card, or two when that card's grid is its
  own half turn; some may coincide). As types are pictures, a set of placements shows
  one picture, and a picture at one position is one set.

Encoding:
- A hand reaches the kernel as one integer array, ``codes``: each face's grid code (its
  grid's symbol codes, cell ``row * COLS + column`` first, as the digits of base
  ``len(SYMBOLS)``; ``_code``, cached per grid). The kernel groups the faces into types
  (``_group``): the hand array ``types`` holds each type's grid code, then each type's
  count; ``face_type[i]`` is face i's type, ``face_half[i]`` 1 when face i is printed as
  its type's half turn. It builds every table below from them (``_hand``, ``_behind``),
  so a hand costs Python a dictionary look-up per face and one array; an orientation's
  joints are read only when a card of it is first laid (``_joints_of``).
- A turned card lies in a ``SPAN`` x ``SPAN`` box of ``_CELLS`` cells, cell
  ``row * SPAN + column``. ``symbols[o, cell]`` is orientation o's symbol code there (its
  place in ``SYMBOLS``; ``_NO_SYMBOL`` where the card has no cell), ``shape[o]`` its
  shape (``_LYING``, ``_STANDING``: the index into ``_SHAPES``). Orientations are
  numbered type by type, each type's in rotation order from ``type_root[t]`` (so they
  alternate lying and standing); ``orient_type[o]`` is o's type, ``type_count[t]`` the
  faces of type t.
- Offset (dx, dy) is entry (dx + SPAN, dy + SPAN) of a ``_WINDOW`` x ``_WINDOW`` table:
  ``_KIND[sa, sb]`` is the status of shapes sa and sb by cells alone (``_geometry``).
  ``_JOINT_AT[sa, sb, :_JOINT_COUNT[sa, sb]]`` are the offsets of kind ``_JOINT``: columns
  ``_AT_DX``, ``_AT_DY`` (window entries), then from ``_AT_CELLS`` one pair per contact
  (the first card's cell, the second card's); ``_JOINT_INDEX[sa, sb, i, j]`` is the row
  of window entry (i, j) there (``_NOT_JOINT`` for the other kinds). The status of two
  orientations (``_status``) is their shapes' kind, made ``_ILLEGAL`` where a joint's
  contacts show unequal symbols: a few look-ups, so no table per pair of orientations
  is built.
- A placement row (the laid ``card``, the ``seed``, the layouts found) is (orientation,
  x, y) in columns ``_ORIENT``, ``_X``, ``_Y``; a joint row of orientation o,
  ``joints[first[o]:last[o]]`` (``first[o]`` is ``_UNREAD`` until they are read), is
  (other orientation, dx, dy) in the same columns; a candidate row adds ``_LEVEL``, the
  level it was checked at.
- A *laid row* is a card of a layout as the faces lie (``_laid``): the index of its face
  in the hand, its rotation in degrees, x, y (columns ``_FACE``, ``_ROTATION``,
  ``_LAID_X``, ``_LAID_Y``). ``_solve_once`` answers in one array ``out`` of such rows:
  its head row holds the candidate placements checked and the layouts found (columns
  ``_OUT_NODES``, ``_OUT_FOUND``), the next rows the layout found.
- A placement's key (``_key``) numbers it in a search of k cards: orientation, x + reach,
  y + reach as digits of base ``width = 2 * reach + 1``, where ``reach = SPAN * (k - 1)``
  is the farthest a card lies from the first. ``seen`` is indexed by keys, and
  representations are compared as their sorted keys.

Search. A layout is valid exactly when its cards are pairwise ``_APART`` or ``_JOINT``
and the joint pairs connect them. The search (``_search``) is Redelmeier's enumeration
of connected sets, on the graph whose nodes are placements and whose edges are legal
joints: grown from a connected seed set of placements, it reaches every valid layout of
k cards that holds the seed exactly once.
- Seeds: ``complete`` seeds the search with the cards on the table (moved so that the
  first lies at the origin, and moved back after). ``solve`` and ``enumerate_layouts``
  use roots: a valid layout can be moved and turned so that any one of its cards lies
  unrotated at the origin; rooting it at a card of its lowest type, the roots are each
  type in turn, unrotated at the origin, with only that type and later ones in play.
- Distinct layouts: the run rooted at a picture's lowest type reaches each of its
  representations exactly once, and no other run reaches any. ``enumerate_layouts``
  keeps a layout only when it is the least of its representations (``_least``), so each
  picture is kept exactly once, by the kernel itself: nothing is deduplicated
  afterwards, and ``limit`` counts distinct layouts.

Slices. The kernel keeps its whole state in arrays (``_State``) and returns after
``_BUDGET`` candidate placements; ``_run`` calls it again until the search is over.
``solve`` first runs the first slice in one call that also builds the tables and the
state (``_solve_once``: a 9-card hand is settled there in microseconds); only a search
that needs more slices is started again, resumably, by ``_run`` (repeating that first
slice, some milliseconds). So
Python regains control every few milliseconds: progress is reported per root, Ctrl-C
lands (``enumerate_layouts`` then answers with what it found), and the layouts kept are
bounded (``keep``; those found after them are only counted).

Bounds: none; the search is exhaustive. Both pair rules and the face counts only get
worse as cards are added, so a placement that breaks them is never tried again below
that point.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import COLS, ROTATIONS, ROWS, SYMBOLS, Face, Grid, rotate
from cardsolve.models.ubongo.layout import Layout, Placement
from cardsolve.solvers.infrastructure.jit import borrowed, njit
from cardsolve.solvers.infrastructure.limits import Deadline, check_budget
from cardsolve.solvers.ubongo.reference import check_k, check_limit, check_table
from cardsolve.solvers.ubongo.results import Enumeration, Solution

SPAN = max(ROWS, COLS)
"""Two cards at an offset beyond this (either coordinate) cannot touch."""
_WINDOW = 2 * SPAN + 1
"""The offsets -SPAN..SPAN of one coordinate: the side of a status table."""
_CELLS = SPAN * SPAN
"""The cells of the box a turned card lies in, numbered ``row * SPAN + column``."""
_NO_CELL = ROWS * COLS
"""In ``_TURN_CELLS``: the box cell is outside the turned card (one past the printed
cells, numbered ``row * COLS + column``)."""
_NO_SYMBOL = -1
"""In ``symbols``: the box cell is outside the turned card."""
_SYMBOL_CODE = {symbol: code for code, symbol in enumerate(SYMBOLS)}
_BASE = len(SYMBOLS)
"""The base of grid codes and contact keys: one digit per symbol code."""

_APART = 0
"""Status: no shared cell, no contact."""
_JOINT = 1
"""Status: a legal joint (no overlap, exactly ``_JOINT_CONTACTS`` contacts of equal symbols)."""
_ILLEGAL = 2
"""Status: an overlap, a wrong number of contacts or a contact of unequal symbols."""
_JOINT_CONTACTS = 2
"""The contacts of a legal joint (the exactly-two rule)."""

_LYING = 0
"""Shape of an orientation turned 0 or 180 degrees."""
_STANDING = 1
"""Shape of an orientation turned 90 or 270 degrees."""
_SHAPES = ((COLS, ROWS), (ROWS, COLS))
"""Card shapes as (width, height), indexed by ``_LYING`` and ``_STANDING``."""

_AT_DX = 0
"""In a ``_JOINT_AT`` row: the offset's column, as a window entry dx + SPAN."""
_AT_DY = 1
"""In a ``_JOINT_AT`` row: the offset's row, as a window entry dy + SPAN."""
_AT_CELLS = 2
"""In a ``_JOINT_AT`` row: the first contact's cell of the first card, then of the second
card; the next contact's pair follows."""
_CONTACT_COLUMNS = 2
"""Columns per contact in a ``_JOINT_AT`` row: the first card's cell, the second's."""
_AT_COLUMNS = _AT_CELLS + _CONTACT_COLUMNS * _JOINT_CONTACTS

_ORIENT = 0
"""In a placement row: the orientation (in a joint row: the other card's)."""
_X = 1
"""In a placement row: the column of the top-left cell (in a joint row: dx)."""
_Y = 2
"""In a placement row: the row of the top-left cell (in a joint row: dy)."""
_PLACE_COLUMNS = _Y + 1
_LEVEL = _PLACE_COLUMNS
"""In a candidate row, after the placement: the level it was checked against."""
_CAND_COLUMNS = _LEVEL + 1

_NOT_JOINT = -1
"""In ``_JOINT_INDEX``: the offset is not of kind ``_JOINT``."""
_FACE = 0
"""In a laid row: the index of the face in the hand."""
_ROTATION = 1
"""In a laid row: the face's rotation, degrees clockwise."""
_LAID_X = 2
"""In a laid row: the column of the top-left cell."""
_LAID_Y = 3
"""In a laid row: the row of the top-left cell."""
_LAID_COLUMNS = _LAID_Y + 1
_OUT_NODES = 0
"""In the head row of ``_solve_once``'s ``out``: the candidate placements checked."""
_OUT_FOUND = 1
"""In the head row of ``_solve_once``'s ``out``: the layouts found (0 or 1)."""
_QUARTER = 360 // len(ROTATIONS)
"""Degrees of a quarter turn."""
_DIGITS = ROWS * COLS
"""The digits of a grid code: one per printed cell."""

_FIRST_FOUND = 16
"""Rows of the buffer of layouts kept at first (doubled whenever it is full and more are
to be kept)."""


def _geometry() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """What two cards of shapes ``a`` and ``b`` make at each offset, by cells alone.

    ``kind[a, b, dx + SPAN, dy + SPAN]`` is ``_APART``, ``_ILLEGAL`` whatever the symbols
    (overlap, one contact, more than ``_JOINT_CONTACTS``), or ``_JOINT``. The
    offsets of kind ``_JOINT`` are ``joint[a, b, :count[a, b]]``, rows as ``_JOINT_AT``
    (see the module docstring), and ``index[a, b, dx + SPAN, dy + SPAN]`` is the row of
    such an offset (``_NOT_JOINT`` at the others).
    """
    shapes = len(_SHAPES)
    kind = np.full((shapes, shapes, _WINDOW, _WINDOW), _APART, np.int64)
    joint = np.zeros((shapes, shapes, _WINDOW * _WINDOW, _AT_COLUMNS), np.int64)
    count = np.zeros((shapes, shapes), np.int64)
    index = np.full((shapes, shapes, _WINDOW, _WINDOW), _NOT_JOINT, np.int64)
    for a, (wa, ha) in enumerate(_SHAPES):
        for b, (wb, hb) in enumerate(_SHAPES):
            for dx in range(-SPAN, SPAN + 1):
                for dy in range(-SPAN, SPAN + 1):
                    first = {(x, y) for x in range(wa) for y in range(ha)}
                    second = {(dx + x, dy + y) for x in range(wb) for y in range(hb)}
                    touching = [
                        (y * SPAN + x, (y2 - dy) * SPAN + (x2 - dx))
                        for x, y in sorted(first)
                        for x2, y2 in sorted(second)
                        if abs(x - x2) + abs(y - y2) == 1
                    ]
                    if first & second or len(touching) not in (0, _JOINT_CONTACTS):
                        kind[a, b, dx + SPAN, dy + SPAN] = _ILLEGAL
                    elif touching:
                        kind[a, b, dx + SPAN, dy + SPAN] = _JOINT
                        index[a, b, dx + SPAN, dy + SPAN] = count[a, b]
                        row = joint[a, b, count[a, b]]
                        row[_AT_DX] = dx + SPAN
                        row[_AT_DY] = dy + SPAN
                        row[_AT_CELLS:] = [cell for contact in touching for cell in contact]
                        count[a, b] += 1
    return kind, joint, count, index


_KIND, _JOINT_AT, _JOINT_COUNT, _JOINT_INDEX = _geometry()
"""The status of two shapes at each offset by cells alone, their joints' offsets, and
each joint offset's row among them."""
_MAX_JOINTS = int(_JOINT_COUNT.max())
"""At most this many offsets join two given orientations."""


def _turn_cells() -> np.ndarray:
    """``cells[r, row * SPAN + column]``: which cell of the printed face, numbered
    ``row * COLS + column``, the face turned by ``ROTATIONS[r]`` shows there (``_NO_CELL``
    where the turned card has no cell)."""
    printed = tuple(SYMBOLS[row * COLS : (row + 1) * COLS] for row in range(ROWS))
    cells = np.full((len(ROTATIONS), _CELLS), _NO_CELL, np.int64)
    for r, rotation in enumerate(ROTATIONS):
        for y, row in enumerate(rotate(printed, rotation)):
            for x, symbol in enumerate(row):
                cells[r, y * SPAN + x] = SYMBOLS.index(symbol)
    return cells


_TURN_CELLS = _turn_cells()


@njit(cache=True)
def _status(
    kind: np.ndarray,
    joint_at: np.ndarray,
    joint_index: np.ndarray,
    symbols: np.ndarray,
    shape: np.ndarray,
    a: int,
    b: int,
    i: int,
    j: int,
) -> int:
    """The status of orientation ``b`` at window entry (i, j) from orientation ``a``: their
    shapes' kind, ``_ILLEGAL`` for a joint whose contacts show unequal symbols.

    ``kind``, ``joint_at`` and ``joint_index`` are ``_KIND``, ``_JOINT_AT`` and
    ``_JOINT_INDEX``, passed in (numba loads a global array anew at every use);
    ``symbols[o, cell]`` is the symbol code of orientation ``o``'s cell, ``shape[o]``
    ``_LYING`` or ``_STANDING`` (see the module docstring).
    """
    sa, sb = shape[a], shape[b]
    status = kind[sa, sb, i, j]
    if status != _JOINT:
        return int(status)
    m = joint_index[sa, sb, i, j]
    for cell in range(_AT_CELLS, _AT_COLUMNS, _CONTACT_COLUMNS):
        if symbols[a, joint_at[sa, sb, m, cell]] != symbols[b, joint_at[sa, sb, m, cell + 1]]:
            return _ILLEGAL
    return _JOINT


@njit(cache=True)
def _contact_key(symbols: np.ndarray, o: int, row: np.ndarray, side: int) -> int:
    """The contacts of joint ``row`` (a ``_JOINT_AT`` row) as orientation ``o`` shows
    them, as the first card (``side`` 0) or the second (1): the symbol codes of its
    contact cells as the digits of base ``len(SYMBOLS)`` (contact cells are always the
    card's own). Two orientations' contacts match exactly when their keys are equal."""
    key = 0
    for cell in range(_AT_CELLS, _AT_COLUMNS, _CONTACT_COLUMNS):
        key = key * _BASE + symbols[o, row[cell + side]]
    return key


@njit(cache=True)
def _behind(symbols: np.ndarray, shape: np.ndarray) -> np.ndarray:
    """``behind[b, s, m]``: the contact key (``_contact_key``) of orientation ``b`` as the
    second card of joint ``m`` from a card of shape ``s``."""
    joint_at, joint_count = _JOINT_AT, _JOINT_COUNT  # loaded once: numba reloads a global array at every use
    n = symbols.shape[0]
    behind = np.empty((n, len(_SHAPES), _MAX_JOINTS), np.int64)
    for b in range(n):
        sb = shape[b]
        for s in range(len(_SHAPES)):
            for m in range(joint_count[s, sb]):
                behind[b, s, m] = _contact_key(symbols, b, joint_at[s, sb, m], 1)
    return behind


@njit(cache=True)
def _joints_of(a: int, symbols: np.ndarray, shape: np.ndarray, behind: np.ndarray, joints: np.ndarray, top: int) -> int:
    """Writes the legal joints of orientation ``a`` into ``joints`` from row ``top`` on,
    returning the row after them: the rows (other orientation, dx, dy) of status
    ``_JOINT`` from ``a``, by other orientation and then in ``_JOINT_AT``'s order (the
    contacts match exactly when ``a``'s keys as the first card equal the other's in
    ``behind``)."""
    joint_at, joint_count = _JOINT_AT, _JOINT_COUNT  # loaded once: numba reloads a global array at every use
    sa = shape[a]
    ahead = np.empty((len(_SHAPES), _MAX_JOINTS), np.int64)
    for s in range(len(_SHAPES)):
        for m in range(joint_count[sa, s]):
            ahead[s, m] = _contact_key(symbols, a, joint_at[sa, s, m], 0)
    for b in range(symbols.shape[0]):
        sb = shape[b]
        for m in range(joint_count[sa, sb]):
            if ahead[sb, m] == behind[b, sa, m]:
                joints[top, _ORIENT] = b
                joints[top, _X] = joint_at[sa, sb, m, _AT_DX] - SPAN
                joints[top, _Y] = joint_at[sa, sb, m, _AT_DY] - SPAN
                top += 1
    return top


@njit(cache=True)
def _half_turn(code: int) -> int:
    """The grid code of a grid turned 180 degrees: its cells read backwards (the last
    cell first), so its digits in reverse order."""
    turned = 0
    for _ in range(_DIGITS):
        turned = turned * _BASE + code % _BASE
        code //= _BASE
    return turned


@njit(cache=True)
def _group(codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The faces of grid ``codes`` by type (see the module docstring): the hand array
    ``types``, ``face_type`` and ``face_half``. A face is of the first earlier type whose
    grid is its grid or its half turn, else of a new type with its grid."""
    n = codes.shape[0]
    grid = np.empty(n, np.int64)
    count = np.zeros(n, np.int64)
    face_type = np.empty(n, np.int64)
    face_half = np.zeros(n, np.int64)
    n_types = 0
    for i in range(n):
        code = codes[i]
        turned = _half_turn(code)
        t = 0
        while t < n_types and grid[t] != code and grid[t] != turned:
            t += 1
        if t == n_types:
            grid[t] = code
            n_types += 1
        face_type[i] = t
        face_half[i] = 1 if grid[t] != code else 0
        count[t] += 1
    return np.concatenate((grid[:n_types], count[:n_types])), face_type, face_half


@njit(cache=True)
def _laid(
    rows: np.ndarray,
    skip: int,
    orient_type: np.ndarray,
    type_root: np.ndarray,
    face_type: np.ndarray,
    face_half: np.ndarray,
    laid: np.ndarray,
) -> None:
    """Writes the placement rows ``rows`` as laid rows into ``laid`` (see the module
    docstring): each card takes the first face of its type, from face ``skip`` on, that
    no card before it took, turned as its orientation from the type's grid, and 180
    degrees further when the face is printed as the type's half turn."""
    resume = np.full(type_root.shape[0], skip, np.int64)  # per type: where its next face is sought
    for d in range(rows.shape[0]):
        o = rows[d, _ORIENT]
        t = orient_type[o]
        i = resume[t]
        while face_type[i] != t:
            i += 1
        resume[t] = i + 1
        laid[d, _FACE] = i
        laid[d, _ROTATION] = (_QUARTER * (o - type_root[t]) + 2 * _QUARTER * face_half[i]) % 360
        laid[d, _LAID_X] = rows[d, _X]
        laid[d, _LAID_Y] = rows[d, _Y]


@njit(cache=True)
def _hand(types: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The orientations of a hand given as ``types`` (grid codes, then counts; see the
    module docstring): each orientation's type, each type's count and first orientation,
    and each orientation's symbols and shape. A grid that reads the same backwards is its
    own half turn: its last two rotations repeat the first two and are dropped."""
    turn_cells = _TURN_CELLS  # loaded once: numba reloads a global array at every use
    n_types = types.shape[0] // 2
    printed = np.empty((n_types, _DIGITS + 1), np.int64)  # then _NO_SYMBOL at _NO_CELL
    turns = np.empty(n_types, np.int64)
    type_root = np.empty(n_types, np.int64)
    n = 0
    for t in range(n_types):
        code = types[t]
        for cell in range(_DIGITS - 1, -1, -1):
            printed[t, cell] = code % _BASE
            code //= _BASE
        printed[t, _NO_CELL] = _NO_SYMBOL
        turns[t] = len(ROTATIONS) // 2
        for cell in range(_DIGITS):
            if printed[t, cell] != printed[t, _DIGITS - 1 - cell]:
                turns[t] = len(ROTATIONS)
                break
        type_root[t] = n
        n += turns[t]
    orient_type = np.empty(n, np.int64)
    symbols = np.empty((n, _CELLS), np.int64)
    shape = np.empty(n, np.int64)
    for t in range(n_types):
        for r in range(turns[t]):
            o = type_root[t] + r
            orient_type[o] = t
            shape[o] = r % len(_SHAPES)  # quarter turns alternate lying and standing
            for cell in range(_CELLS):
                symbols[o, cell] = printed[t, turn_cells[r, cell]]
    return orient_type, types[n_types:].copy(), type_root, symbols, shape


@njit(cache=True)
def _fits(
    kind: np.ndarray,
    joint_at: np.ndarray,
    joint_index: np.ndarray,
    symbols: np.ndarray,
    shape: np.ndarray,
    card: np.ndarray,
    first: int,
    end: int,
    o2: int,
    x2: int,
    y2: int,
) -> bool:
    """Whether orientation ``o2`` at ``(x2, y2)`` is legal against the laid cards
    ``first`` to ``end - 1``: no pair of status ``_ILLEGAL`` (the exactly-two rule;
    ``_status``, whose tables come first)."""
    for j in range(first, end):
        dx = x2 - card[j, _X]
        dy = y2 - card[j, _Y]
        if (
            -SPAN <= dx <= SPAN
            and -SPAN <= dy <= SPAN
            and _status(kind, joint_at, joint_index, symbols, shape, card[j, _ORIENT], o2, dx + SPAN, dy + SPAN)
            == _ILLEGAL
        ):
            return False
    return True


@njit(cache=True)
def _quarter_turn(o: int, x: int, y: int, orient_type: np.ndarray, type_root: np.ndarray) -> tuple[int, int, int]:
    """A card of orientation ``o`` with its top-left cell at (x, y), after a quarter turn
    clockwise of the whole layout, which takes cell (x, y) to (-y, x): turned one
    orientation on (a type's orientations are consecutive, in rotation order, so even
    steps from its first lie and odd ones stand), at (1 - y - h, x) for its height h."""
    t = orient_type[o]
    root = type_root[t]
    end = type_root[t + 1] if t + 1 < type_root.shape[0] else orient_type.shape[0]
    height = ROWS if (o - root) % len(_SHAPES) == _LYING else COLS
    return root + (o - root + 1) % (end - root), 1 - y - height, x


@njit(cache=True)
def _key(o: int, x: int, y: int, width: int, reach: int) -> int:
    """The key of orientation ``o`` at (x, y) (see the module docstring)."""
    return (o * width + x + reach) * width + y + reach


@njit(cache=True)
def _sorted_keys(
    card: np.ndarray,
    c: int,
    g: int,
    orient_type: np.ndarray,
    type_root: np.ndarray,
    width: int,
    reach: int,
    keys: np.ndarray,
) -> int:
    """``keys``, sorted: the keys (``_key``) of the cards ``card[:len(keys)]`` once the
    whole layout is turned ``g`` quarter turns clockwise and moved so that card ``c`` lies
    at the origin. Returns card c's orientation then."""
    oc, cx, cy = card[c, _ORIENT], card[c, _X], card[c, _Y]
    for _ in range(g):
        oc, cx, cy = _quarter_turn(oc, cx, cy, orient_type, type_root)
    for j in range(keys.shape[0]):
        o, x, y = card[j, _ORIENT], card[j, _X], card[j, _Y]
        for _ in range(g):
            o, x, y = _quarter_turn(o, x, y, orient_type, type_root)
        key = _key(o, x - cx, y - cy, width, reach)
        while j > 0 and keys[j - 1] > key:  # insertion sort: a few cards, and quick to compile
            keys[j] = keys[j - 1]
            j -= 1
        keys[j] = key
    return int(oc)


@njit(cache=True)
def _least(
    card: np.ndarray,
    root: int,
    orient_type: np.ndarray,
    type_root: np.ndarray,
    width: int,
    reach: int,
    mine: np.ndarray,
    other: np.ndarray,
) -> bool:
    """Whether the layout ``card[:len(mine)]``, its first card in orientation ``root`` at
    the origin, is the least of its representations (see the module docstring): no turn
    and move of it that brings another card, or the first card turned, to the origin in
    orientation ``root`` has smaller sorted keys. ``mine`` and ``other`` are scratch."""
    _sorted_keys(card, 0, 0, orient_type, type_root, width, reach, mine)
    for c in range(mine.shape[0]):
        if orient_type[card[c, _ORIENT]] != orient_type[root]:
            continue
        for g in range(1 if c == 0 else 0, len(ROTATIONS)):
            if _sorted_keys(card, c, g, orient_type, type_root, width, reach, other) != root:
                continue
            for j in range(mine.shape[0]):
                if other[j] != mine[j]:
                    if other[j] < mine[j]:
                        return False
                    break
    return True


class _State(NamedTuple):
    """Everything ``_search`` keeps between two calls, so that a search runs in slices of
    ``_BUDGET`` candidate placements and Python regains control in between (to report
    progress and let Ctrl-C land). The arrays are described in ``_search``'s docstring;
    ``found`` holds the layouts kept, ``regs`` the search's scalars (``_R_ROOT``, ...)."""

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

_BUDGET = 1 << 20
"""Candidate placements one ``_search`` call checks at most (some milliseconds) before
it hands control back to Python; every layout met counts as ``_LEAST_COST`` of them."""
_LEAST_COST = 64
"""What meeting a layout costs in ``_budget``'s candidate placements: ``_least`` turns
and moves it to each card of the root's type and sorts its keys. Without it, on a hand
whose faces are all alike (12 faces AAA/AAA, k 9: a layout every 200 candidates) slices
took up to 0.7 s (median 0.18 s) instead of 0.05 s, and Ctrl-C waited for them."""


@njit(cache=True)
def _fresh_state(
    k: int, type_count: np.ndarray, shape: np.ndarray, found: int
) -> tuple[
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
]:
    """The arrays of ``_State`` (in its order) for a search of ``k`` cards before its first
    step, with room for ``found`` layouts. An orientation of shape s has at most ``most``
    joints, one per orientation b and joint of shapes s and b's; a level adds at most its
    card's joints to the candidates, and marks as many (the buffers ``cand``, ``marks``
    and ``joints`` are only read where written)."""
    joint_count = _JOINT_COUNT  # loaded once: numba reloads a global array at every use
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
    return (
        np.zeros(n_orient * width * width, np.bool_),
        np.empty((capacity, _CAND_COLUMNS), np.int64),
        np.empty(capacity, np.int64),
        np.zeros((k, _PLACE_COLUMNS), np.int64),
        np.zeros(n_types, np.int64),
        np.zeros((k, k), np.int64),
        np.zeros((k, k), np.int64),
        np.zeros(k, np.int64),
        np.zeros(k, np.int64),
        np.zeros(k, np.int64),
        np.zeros((found, k, _PLACE_COLUMNS), np.int64),
        np.zeros(k, np.int64),
        np.zeros(k, np.int64),
        np.full(n_orient, _UNREAD, np.int64),
        np.zeros(n_orient, np.int64),
        np.empty((n_orient * most, _PLACE_COLUMNS), np.int64),
        regs,
    )


def _new_state(k: int, tables: _Tables, found: int) -> _State:
    """A search of ``k`` cards over ``tables`` before its first step, with room for
    ``found`` layouts (more is made as needed, see ``_run``)."""
    return _State(*_fresh_state(k, tables.type_count, tables.shape, found))


@njit(cache=True)
def _search(
    k: int,
    orient_type: np.ndarray,
    type_count: np.ndarray,
    type_root: np.ndarray,
    symbols: np.ndarray,
    shape: np.ndarray,
    behind: np.ndarray,
    seed: np.ndarray,
    cap: int,
    keep: int,
    distinct: bool,
    budget: int,
    seen: np.ndarray,
    cand: np.ndarray,
    marks: np.ndarray,
    card: np.ndarray,
    used: np.ndarray,
    lo: np.ndarray,
    hi: np.ndarray,
    n_ranges: np.ndarray,
    cand_end: np.ndarray,
    mark_end: np.ndarray,
    found: np.ndarray,
    mine: np.ndarray,
    other: np.ndarray,
    first: np.ndarray,
    last: np.ndarray,
    joints: np.ndarray,
    regs: np.ndarray,
) -> bool:
    """Redelmeier's search for layouts of ``k`` >= 1 cards (see the module docstring),
    stopping at the ``cap``-th one found; one slice of it, resumed from the state in the
    arrays after ``budget`` (see ``_State``). Returns whether the search is over.

    ``seed`` holds the cards laid from the start, placement rows, connected and
    pairwise legal, the first at the origin, fewer than ``k`` of them; when it is empty,
    each type in turn is the root (a card of it laid unrotated at the origin, earlier
    types out of play) and, if ``distinct``, only the least representation of each
    picture is kept. The first ``keep`` layouts found are kept in ``found``, ``k``
    placement rows each, seed first; the slice also ends when ``found`` is full and
    ``keep`` wants more, so that the caller can make room. ``regs`` holds the scalars
    (``_R_ROOT``, ...), among them the layouts found and the candidate placements checked.

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
    An orientation's joints are read into ``joints`` (``_joints_of``) when a card of it
    is first laid, and kept for the rest of the search.
    """
    kind, joint_at, joint_index = (
        _KIND,
        _JOINT_AT,
        _JOINT_INDEX,
    )  # loaded once: numba reloads a global array at every use
    # the arguments as borrowed views, so that the helpers called in the loops count no
    # references (``jit.borrowed``: the atomic counts took about a fifth of a verify's time)
    orient_type, type_count, type_root, symbols = (
        borrowed(orient_type),
        borrowed(type_count),
        borrowed(type_root),
        borrowed(symbols),
    )
    shape, behind, seed, seen, cand = borrowed(shape), borrowed(behind), borrowed(seed), borrowed(seen), borrowed(cand)
    marks, card, used, lo, hi = borrowed(marks), borrowed(card), borrowed(used), borrowed(lo), borrowed(hi)
    n_ranges, cand_end, mark_end, found = borrowed(n_ranges), borrowed(cand_end), borrowed(mark_end), borrowed(found)
    mine, other, first, last = borrowed(mine), borrowed(other), borrowed(first), borrowed(last)
    joints, regs = borrowed(joints), borrowed(regs)
    n_types = type_count.shape[0]
    n_seed = max(seed.shape[0], 1)
    n_roots = n_types if seed.shape[0] == 0 else 1
    reach = SPAN * (k - 1)
    width = 2 * reach + 1
    root, inside, depth, grow = regs[_R_ROOT], regs[_R_INSIDE] == 1, regs[_R_DEPTH], regs[_R_GROW] == 1
    nodes, in_play, n_found, joint_rows = regs[_R_NODES], regs[_R_IN_PLAY], regs[_R_FOUND], regs[_R_JOINT_ROWS]
    stop = nodes + budget  # each layout met brings it _LEAST_COST nearer
    over = False
    paused = False
    while root < n_roots and not over and not paused:
        if not inside:
            if seed.shape[0] == 0:
                if in_play < k:
                    root = n_roots
                    break
                in_play -= type_count[root]
                nodes += 1
                card[0, _ORIENT] = type_root[root]
                card[0, _X] = 0
                card[0, _Y] = 0
            else:
                for d in range(n_seed):
                    for c in range(_PLACE_COLUMNS):
                        card[d, c] = seed[d, c]
            for d in range(n_seed):
                used[orient_type[card[d, _ORIENT]]] += 1
                key = _key(card[d, _ORIENT], card[d, _X], card[d, _Y], width, reach)
                seen[key] = True
                marks[d] = key
            depth = 0
            grow = True
            inside = True
        while True:
            if nodes >= stop or (n_found == found.shape[0] and n_found < keep):
                paused = True
                break
            if depth == k - 1:
                # cards 0..k-1 are a layout: keep it, then take card `depth` back
                stop -= _LEAST_COST
                if not distinct or _least(card, type_root[root], orient_type, type_root, width, reach, mine, other):
                    if n_found < found.shape[0]:
                        for d in range(k):
                            for c in range(_PLACE_COLUMNS):
                                found[n_found, d, c] = card[d, c]
                    n_found += 1
                    if n_found == cap:
                        over = True
                        break
                grow = False
                if depth >= n_seed:
                    used[orient_type[card[depth, _ORIENT]]] -= 1
                    depth -= 1
                    continue
                # the root alone was the layout (k == 1): its level has nothing to try
                mark_end[depth] = n_seed
                n_ranges[depth] = 0
            if grow:
                # card `depth` was just laid: mark and keep its legal joints (level `depth`)
                o, x, y = card[depth, _ORIENT], card[depth, _X], card[depth, _Y]
                top = cand_end[depth - 1] if depth > 0 else 0
                start = top
                mark = mark_end[depth - 1] if depth > 0 else n_seed
                if first[o] == _UNREAD:
                    first[o] = joint_rows
                    joint_rows = last[o] = _joints_of(o, symbols, shape, behind, joints, joint_rows)
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
                    if _fits(kind, joint_at, joint_index, symbols, shape, card, 0, depth, o2, x2, y2):
                        cand[top, _ORIENT] = o2
                        cand[top, _X] = x2
                        cand[top, _Y] = y2
                        cand[top, _LEVEL] = depth
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
                if depth < n_seed - 1:
                    depth += 1  # the next seed card, laid already
                    continue
                grow = False
            r = n_ranges[depth]
            while r > 0 and hi[depth, r - 1] == lo[depth, r - 1]:
                r -= 1
            n_ranges[depth] = r
            if r == 0:
                if depth == n_seed - 1:
                    # the seed's last level is exhausted: take the seed back, next root
                    for i in range(mark_end[depth]):
                        seen[marks[i]] = False
                    for d in range(n_seed):
                        used[orient_type[card[d, _ORIENT]]] -= 1
                    inside = False
                    root += 1
                    break
                # level `depth` is exhausted: take card `depth` back
                for i in range(mark_end[depth - 1], mark_end[depth]):
                    seen[marks[i]] = False
                used[orient_type[card[depth, _ORIENT]]] -= 1
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
            if not _fits(kind, joint_at, joint_index, symbols, shape, card, cand[i, _LEVEL] + 1, depth + 1, o2, x2, y2):
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


@njit(cache=True)
def _solve_once(k: int, codes: np.ndarray, budget: int, out: np.ndarray) -> bool:
    """The first slice of ``solve``'s search for a layout of ``k`` >= 1 cards of the faces
    of grid ``codes`` (see the module docstring), types, tables and state built here:
    returns whether the search is over, and writes into ``out`` (``k + 1`` rows of
    ``_LAID_COLUMNS``) the head row (the candidate placements checked, the layouts found,
    0 or 1) and the laid rows of the layout found."""
    types, face_type, face_half = _group(codes)
    orient_type, type_count, type_root, symbols, shape = _hand(types)
    behind = _behind(symbols, shape)
    (
        seen,
        cand,
        marks,
        card,
        used,
        lo,
        hi,
        n_ranges,
        cand_end,
        mark_end,
        found,
        mine,
        other,
        first,
        last,
        joints,
        regs,
    ) = _fresh_state(k, type_count, shape, 1)
    over = _search(
        k,
        orient_type,
        type_count,
        type_root,
        symbols,
        shape,
        behind,
        np.zeros((0, _PLACE_COLUMNS), np.int64),
        1,
        1,
        False,
        budget,
        seen,
        cand,
        marks,
        card,
        used,
        lo,
        hi,
        n_ranges,
        cand_end,
        mark_end,
        found,
        mine,
        other,
        first,
        last,
        joints,
        regs,
    )
    out[0, :] = 0
    out[0, _OUT_NODES] = regs[_R_NODES]
    out[0, _OUT_FOUND] = regs[_R_FOUND]
    if regs[_R_FOUND] > 0:
        _laid(found[0], 0, orient_type, type_root, face_type, face_half, out[1:])
    return over


_CODES: dict[Grid, int] = {}
"""``_code``'s answers so far: a deck's faces are met again and again (a plain dictionary
is quicker than ``lru_cache`` with a tuple key; emptied when it holds ``_KEPT_CODES``)."""
_KEPT_CODES = 4096


def _code(grid: Grid) -> int:
    """``grid``'s code (see the module docstring), checked first (once per grid, see
    ``_CODES``)."""
    known = _CODES.get(grid)
    if known is not None:
        return known
    if len(grid) != ROWS or any(len(row) != COLS for row in grid):
        raise BadInput(f"bad face {'/'.join(grid)!r}: a face is {ROWS} rows of {COLS} symbols", "/".join(grid))
    code = 0
    for symbol in "".join(grid):
        if symbol not in _SYMBOL_CODE:
            raise BadInput(f"bad symbol {symbol!r}: symbols are the letters {SYMBOLS}", symbol)
        code = code * _BASE + _SYMBOL_CODE[symbol]
    if len(_CODES) >= _KEPT_CODES:
        _CODES.clear()
    _CODES[grid] = code
    return code


def _codes(faces: Sequence[Face]) -> np.ndarray:
    """The kernel's ``codes`` of ``faces``: each face's grid code (``_code``)."""
    known = _CODES.get
    return np.array([known(face.grid) or _code(face.grid) for face in faces], np.int64)


class _Tables(NamedTuple):
    """The kernel's arguments that describe the cards (see ``_search``): each
    orientation's type, each type's count and first orientation, each orientation's
    symbols and shape, and its contact keys as the second card of a joint."""

    orient_type: np.ndarray
    type_count: np.ndarray
    type_root: np.ndarray
    symbols: np.ndarray
    shape: np.ndarray
    behind: np.ndarray


def _tables(types: np.ndarray) -> _Tables:
    """The kernel's tables of a hand array (see the module docstring)."""
    orient_type, type_count, type_root, symbols, shape = _hand(types)
    return _Tables(orient_type, type_count, type_root, symbols, shape, _behind(symbols, shape))


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
        _laid(rows, skip, self.tables.orient_type, self.tables.type_root, self.face_type, self.face_half, laid)
        return [Placement(self.faces[i], rotation, x + dx, y + dy) for i, rotation, x, y in laid.tolist()]


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
    ``stoppable``, Ctrl-C between slices ends the run with what it found so far;
    otherwise it goes up to the caller. A slice that ends past ``deadline`` ends the run
    too, marked timed out."""
    state = _new_state(k, tables, min(keep, _FIRST_FOUND))
    roots = tables.type_count.shape[0] if seed.shape[0] == 0 else 1
    timed_out = False
    try:
        while not _search(k, *tables, seed, cap, keep, distinct, _BUDGET, *state):
            if deadline.passed:
                timed_out = True
                break
            if state.regs[_R_FOUND] == state.found.shape[0] < keep:  # full, and more are to be kept
                room = min(keep, 2 * state.found.shape[0]) - state.found.shape[0]
                state = state._replace(found=np.concatenate([state.found, np.zeros_like(state.found[:room])]))
            if progress is not None:
                progress(int(state.regs[_R_ROOT]), roots)
    except KeyboardInterrupt:
        if not stoppable:
            raise
        interrupted = True
    else:
        interrupted = False
        if progress is not None and not timed_out:
            progress(roots, roots)
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
    if _solve_once(k, _codes(faces), _BUDGET, out):
        head, *laid = out.tolist()
        if not head[_OUT_FOUND]:
            return Solution(None, head[_OUT_NODES])
        return Solution([Placement(faces[i], rotation, x, y) for i, rotation, x, y in laid], head[_OUT_NODES])
    cards = _cards(faces)
    run = _run(k, cards.tables, _NO_SEED, 1, 1, False)
    return Solution(cards.layout(run.rows[0]) if run.found else None, run.nodes)


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
    layouts = [cards.layout(layout) for layout in run.rows]
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
