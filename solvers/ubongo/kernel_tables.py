"""The tables of an Ubongo hand for the layout search (``kernel_search``): its faces
grouped into types, each type's orientations, and what two oriented cards make at each
offset; built once per hand, read-only in the search (what they are for:
docs/pages/solvers.md, section "The numba search", ``#ubongo-numba``).

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

Encoding:
- A hand reaches the kernel as one integer array, ``codes``: each face's grid code (its
  grid's symbol codes, cell ``row * COLS + column`` first, as the digits of base
  ``len(SYMBOLS)``; ``_code``, cached per grid). The kernel groups the faces into types
  (``_group``): the hand array ``types`` holds each type's grid code, then each type's
  count; ``face_type[i]`` is face i's type, ``face_half[i]`` 1 when face i is printed as
  its type's half turn. It builds every table below from them (``_tables``: ``_hand``,
  ``_behind``), so a hand costs Python a dictionary look-up per face and one array; an
  orientation's joints are read only when a card of it is first laid (``_joints_of``).
- A hand's tables travel together as one ``_Tables``, the tables of two shapes as the
  one ``_GEOMETRY`` (a ``_Geometry``): the kernels take these bundles, not their arrays.
- A turned card lies in a ``SPAN`` x ``SPAN`` box of ``_CELLS`` cells, cell
  ``row * SPAN + column``. ``symbols[o, cell]`` is orientation o's symbol code there (its
  place in ``SYMBOLS``; ``_NO_SYMBOL`` where the card has no cell), ``shape[o]`` its
  shape (``_LYING``, ``_STANDING``: the index into ``_SHAPES``). Orientations are
  numbered type by type, each type's in rotation order from ``type_root[t]`` (so they
  alternate lying and standing); ``orient_type[o]`` is o's type, ``type_count[t]`` the
  faces of type t.
- Offset (dx, dy) is entry (dx + SPAN, dy + SPAN) of a ``_WINDOW`` x ``_WINDOW`` table:
  ``kind[sa, sb]`` is the status of shapes sa and sb by cells alone (``_geometry``).
  ``joint_at[sa, sb, :joint_count[sa, sb]]`` are the offsets of kind ``_JOINT``: columns
  ``_AT_DX``, ``_AT_DY`` (window entries), then from ``_AT_CELLS`` one pair per contact
  (the first card's cell, the second card's); ``joint_index[sa, sb, i, j]`` is the row
  of window entry (i, j) there (``_NOT_JOINT`` for the other kinds). The status of two
  orientations (``_status``) is their shapes' kind, made ``_ILLEGAL`` where a joint's
  contacts show unequal symbols: a few look-ups, so no table per pair of orientations
  is built.
- A placement row (a laid card, a seed card, a card of a layout found) is (orientation,
  x, y) in columns ``_ORIENT``, ``_X``, ``_Y``; a joint row of orientation o (written by
  ``_joints_of``) is (other orientation, dx, dy) in the same columns.
- A *laid row* is a card of a layout as the faces lie (``_laid``): the index of its face
  in the hand, its rotation in degrees, x, y (columns ``_FACE``, ``_ROTATION``,
  ``_LAID_X``, ``_LAID_Y``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import COLS, ROTATIONS, ROWS, SYMBOLS, Face, Grid, rotate
from cardsolve.solvers.infrastructure.interpreted import kernel

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
"""In a ``joint_at`` row: the offset's column, as a window entry dx + SPAN."""
_AT_DY = 1
"""In a ``joint_at`` row: the offset's row, as a window entry dy + SPAN."""
_AT_CELLS = 2
"""In a ``joint_at`` row: the first contact's cell of the first card, then of the second
card; the next contact's pair follows."""
_CONTACT_COLUMNS = 2
"""Columns per contact in a ``joint_at`` row: the first card's cell, the second's."""
_AT_COLUMNS = _AT_CELLS + _CONTACT_COLUMNS * _JOINT_CONTACTS

_ORIENT = 0
"""In a placement row: the orientation (in a joint row: the other card's)."""
_X = 1
"""In a placement row: the column of the top-left cell (in a joint row: dx)."""
_Y = 2
"""In a placement row: the row of the top-left cell (in a joint row: dy)."""
_PLACE_COLUMNS = _Y + 1

_NOT_JOINT = -1
"""In ``joint_index``: the offset is not of kind ``_JOINT``."""
_FACE = 0
"""In a laid row: the index of the face in the hand."""
_ROTATION = 1
"""In a laid row: the face's rotation, degrees clockwise."""
_LAID_X = 2
"""In a laid row: the column of the top-left cell."""
_LAID_Y = 3
"""In a laid row: the row of the top-left cell."""
_LAID_COLUMNS = _LAID_Y + 1
_QUARTER = 360 // len(ROTATIONS)
"""Degrees of a quarter turn."""
_DIGITS = ROWS * COLS
"""The digits of a grid code: one per printed cell."""


class _Geometry(NamedTuple):
    """What two cards of shapes ``sa`` and ``sb`` make at each offset, by cells alone (see
    the module docstring): the status ``kind[sa, sb, dx + SPAN, dy + SPAN]``, the offsets
    of kind ``_JOINT`` as rows ``joint_at[sa, sb, :joint_count[sa, sb]]``, and each such
    offset's row there, ``joint_index[sa, sb, dx + SPAN, dy + SPAN]``."""

    kind: np.ndarray
    joint_at: np.ndarray
    joint_count: np.ndarray
    joint_index: np.ndarray


def _geometry() -> _Geometry:
    """The tables of ``_Geometry``: ``kind`` is ``_APART``, ``_ILLEGAL`` whatever the
    symbols (overlap, one contact, more than ``_JOINT_CONTACTS``), or ``_JOINT``;
    ``joint_index`` is ``_NOT_JOINT`` at the offsets of the other kinds."""
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
    return _Geometry(kind, joint, count, index)


_GEOMETRY = _geometry()
"""The status of two shapes at each offset by cells alone, their joints' offsets, and
each joint offset's row among them. A kernel loads it once into a local (numba loads a
global array anew at every use) and hands it on."""
_MAX_JOINTS = int(_GEOMETRY.joint_count.max())
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


class _Tables(NamedTuple):
    """The precomputed, read-only tables of a hand, one bundle for every kernel (numba
    takes it as a heterogeneous named tuple): each orientation's type, each type's count
    and first orientation, each orientation's symbols and shape, and its contact keys as
    the second card of a joint (``_behind``). See the module docstring."""

    orient_type: np.ndarray
    type_count: np.ndarray
    type_root: np.ndarray
    symbols: np.ndarray
    shape: np.ndarray
    behind: np.ndarray


@kernel(runtime=False)
def _status(geometry: _Geometry, tables: _Tables, a: int, b: int, i: int, j: int) -> int:
    """The status of orientation ``b`` at window entry (i, j) from orientation ``a``: their
    shapes' kind, ``_ILLEGAL`` for a joint whose contacts show unequal symbols. Checked
    for every candidate placement, so it counts no references to the bundles' arrays
    (``jit.no_runtime``; see ``kernel_search``)."""
    symbols, shape = tables.symbols, tables.shape
    sa, sb = shape[a], shape[b]
    status = geometry.kind[sa, sb, i, j]
    if status != _JOINT:
        return int(status)
    m = geometry.joint_index[sa, sb, i, j]
    joint_at = geometry.joint_at
    for cell in range(_AT_CELLS, _AT_COLUMNS, _CONTACT_COLUMNS):
        if symbols[a, joint_at[sa, sb, m, cell]] != symbols[b, joint_at[sa, sb, m, cell + 1]]:
            return _ILLEGAL
    return _JOINT


@kernel()
def _contact_key(symbols: np.ndarray, o: int, row: np.ndarray, side: int) -> int:
    """The contacts of joint ``row`` (a ``joint_at`` row) as orientation ``o`` shows
    them, as the first card (``side`` 0) or the second (1): the symbol codes of its
    contact cells as the digits of base ``len(SYMBOLS)`` (contact cells are always the
    card's own). Two orientations' contacts match exactly when their keys are equal."""
    key = 0
    for cell in range(_AT_CELLS, _AT_COLUMNS, _CONTACT_COLUMNS):
        key = key * _BASE + symbols[o, row[cell + side]]
    return key


@kernel()
def _behind(symbols: np.ndarray, shape: np.ndarray) -> np.ndarray:
    """``behind[b, s, m]``: the contact key (``_contact_key``) of orientation ``b`` as the
    second card of joint ``m`` from a card of shape ``s``."""
    geometry = _GEOMETRY  # loaded once: numba loads a global array anew at every use
    joint_at, joint_count = geometry.joint_at, geometry.joint_count
    n = symbols.shape[0]
    behind = np.empty((n, len(_SHAPES), _MAX_JOINTS), np.int64)
    for b in range(n):
        sb = shape[b]
        for s in range(len(_SHAPES)):
            for m in range(joint_count[s, sb]):
                behind[b, s, m] = _contact_key(symbols, b, joint_at[s, sb, m], 1)
    return behind


@kernel()
def _joints_of(geometry: _Geometry, tables: _Tables, a: int, joints: np.ndarray, top: int) -> int:
    """Writes the legal joints of orientation ``a`` into ``joints`` from row ``top`` on,
    returning the row after them: the rows (other orientation, dx, dy) of status
    ``_JOINT`` from ``a``, by other orientation and then in ``joint_at``'s order (the
    contacts match exactly when ``a``'s keys as the first card equal the other's in
    ``behind``)."""
    joint_at, joint_count = geometry.joint_at, geometry.joint_count
    symbols, shape, behind = tables.symbols, tables.shape, tables.behind
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


@kernel()
def _half_turn(code: int) -> int:
    """The grid code of a grid turned 180 degrees: its cells read backwards (the last
    cell first), so its digits in reverse order."""
    turned = 0
    for _ in range(_DIGITS):
        turned = turned * _BASE + code % _BASE
        code //= _BASE
    return turned


@kernel()
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


@kernel()
def _laid(
    tables: _Tables, face_type: np.ndarray, face_half: np.ndarray, rows: np.ndarray, skip: int, laid: np.ndarray
) -> None:
    """Writes the placement rows ``rows`` as laid rows into ``laid`` (see the module
    docstring): each card takes the first face of its type, from face ``skip`` on, that
    no card before it took, turned as its orientation from the type's grid, and 180
    degrees further when the face is printed as the type's half turn."""
    orient_type, type_root = tables.orient_type, tables.type_root
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


@kernel()
def _laid_all(
    tables: _Tables, face_type: np.ndarray, face_half: np.ndarray, layouts: np.ndarray, laid: np.ndarray
) -> None:
    """``_laid`` for each layout of ``layouts`` (placement rows, a layout per first
    index), faces from the first on, into ``laid``: one call for all the layouts of an
    enumeration (a call from Python costs about a microsecond per bundle it passes)."""
    for n in range(layouts.shape[0]):
        _laid(tables, face_type, face_half, layouts[n], 0, laid[n])


@kernel()
def _hand(types: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The orientations of a hand given as ``types`` (grid codes, then counts; see the
    module docstring): each orientation's type, each type's count and first orientation,
    and each orientation's symbols and shape. A grid that reads the same backwards is its
    own half turn: its last two rotations repeat the first two and are dropped."""
    turn_cells = _TURN_CELLS  # loaded once: numba loads a global array anew at every use
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


@kernel()
def _tables(types: np.ndarray) -> _Tables:
    """The tables of a hand array ``types`` (see the module docstring)."""
    orient_type, type_count, type_root, symbols, shape = _hand(types)
    return _Tables(orient_type, type_count, type_root, symbols, shape, _behind(symbols, shape))


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
