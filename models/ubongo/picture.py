"""Pictures of an Ubongo layout: a terminal picture and a standalone SVG document.

Both pictures show the cells of the laid cards with their symbol letters, each card's
outline, and every *contact* (two cells of different cards sharing an edge), marked as
a match (equal symbols) or a mismatch. They draw any layout, valid or not, so that a
broken layout can be looked at; where cards overlap, the later card's cell is drawn.
Coordinates are normalised: the top-left cell of the bounding box comes first.

The SVG takes its contacts from the rules module; neither picture judges the layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Final

from cardsolve.models.ubongo.layout import Cell, Layout
from cardsolve.models.ubongo.rules import contacts

EMPTY_PICTURE: Final = "(no cards)"
"""The terminal picture of a layout without cards."""

PALETTE: Final[Mapping[str, str]] = {
    "A": "#f07070",  # red
    "B": "#f5a34a",  # orange
    "C": "#f2e35a",  # yellow
    "D": "#a6d854",  # lime
    "E": "#4fbf6f",  # green
    "F": "#7fd8d0",  # teal
    "G": "#6fb3f0",  # sky blue
    "H": "#a7a9f5",  # periwinkle
    "I": "#c88de8",  # violet
    "J": "#f29ccf",  # pink
    "K": "#c8a27a",  # tan
    "L": "#bdbdbd",  # grey
}
"""SVG fill colour of each symbol: light enough for a dark letter on top, and spread over
hue and lightness so that neighbouring symbols are told apart at a glance."""
UNKNOWN_FILL: Final = "#ffffff"
"""Fill of a cell whose symbol is not one of ``A``..``L`` (a hand-built face)."""
OUTLINE_COLOUR: Final = "#222222"
MATCH_COLOUR: Final = "#11802a"
MISMATCH_COLOUR: Final = "#d11a1a"

Owners = dict[Cell, tuple[int, str]]
"""Each covered cell with the index of its card in the layout and the symbol it shows."""


def _owners(layout: Layout) -> Owners:
    """The covered cells; a cell covered twice keeps the later card."""
    return {cell: (index, symbol) for index, placement in enumerate(layout) for cell, symbol in placement.cells()}


GAP: Final = 3
"""The longest run of empty rows or columns a terminal picture draws: only a
disconnected layout has any, and a longer run is drawn this long, so that the picture
takes room for the cards, not for the space between them."""


def _closed_up(values: set[int]) -> dict[int, int]:
    """Each of the ``values`` (rows or columns with a covered cell) mapped to its place once
    every run of missing values between them is shortened to at most ``GAP``."""
    ordered = sorted(values)
    places = {ordered[0]: 0} if ordered else {}
    for before, value in pairwise(ordered):
        places[value] = places[before] + 1 + min(value - before - 1, GAP)
    return places


def _gaps_closed(owners: Owners, marks: set[Cell]) -> tuple[Owners, set[Cell]]:
    """The covered cells and marks moved so that no run of empty rows or columns between
    cards is longer than ``GAP`` (marks on empty cells are dropped)."""
    column = _closed_up({x for x, _ in owners})
    row = _closed_up({y for _, y in owners})
    return (
        {(column[x], row[y]): owner for (x, y), owner in owners.items()},
        {(column[x], row[y]) for x, y in marks if (x, y) in owners},
    )


def _bounds(owners: Owners) -> tuple[int, int, int, int]:
    """The bounding box of the covered cells: left column, top row, columns, rows."""
    xs = [x for x, _ in owners]
    ys = [y for _, y in owners]
    return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def ascii_picture(layout: Layout, marks: Iterable[Cell] = ()) -> str:
    """The layout for a terminal: each cell 3 characters wide and 1 line tall with its
    symbol letter in the middle, and borders on the lines between cells.

    Conventions:

    - ``-`` and ``|``: a card's outline against empty space;
    - no border (spaces) between two cells of the same card;
    - a contact (cells of two different cards sharing an edge) is one border segment:
      ``===`` below a cell or ``:`` beside it when the two symbols match, ``xxx`` or
      ``x`` when they do not (a mismatch);
    - ``+`` where a border segment ends; only an outline running straight on through a
      grid point stays ``-`` or ``|``, so every contact segment is framed by ``+``;
    - cells in ``marks`` (layout coordinates, e.g. the cells of a card to take back) show
      their letter in lower case; marks on empty cells are ignored;
    - a run of more than ``GAP`` empty rows or columns between cards (a disconnected
      layout) is drawn ``GAP`` long, so the canvas never grows with the distance between
      cards.

    A layout without cards is ``(no cards)``. Lines carry no trailing spaces.

    Algorithm: the canvas has ``2*rows+1`` lines of ``4*cols+1`` characters. Normalised
    cell (c, r) has its letter at line ``2r+1``, column ``4c+2``; the segment to its left
    is the character at line ``2r+1``, column ``4c``; the segment above it is the three
    characters at line ``2r``, columns ``4c+1..4c+3``; grid points are at even lines and
    columns divisible by 4. Every segment is decided from the cards on its two sides
    (same card or both empty: none; one side empty: outline; two cards: contact), then
    every grid point from the four segments that meet there.
    """
    owners, marked = _gaps_closed(_owners(layout), set(marks))
    if not owners:
        return EMPTY_PICTURE
    left, top, cols, rows = _bounds(owners)
    canvas = [[" "] * (4 * cols + 1) for _ in range(2 * rows + 1)]

    def segment(a: Cell, b: Cell, horizontal: bool) -> str:
        """The border between cells a and b (b right of or below a), '' for none."""
        owner_a, owner_b = owners.get(a), owners.get(b)
        if owner_a is None and owner_b is None:
            return ""
        if owner_a is None or owner_b is None:
            return "-" if horizontal else "|"
        if owner_a[0] == owner_b[0]:
            return ""
        if owner_a[1] != owner_b[1]:
            return "x"
        return "=" if horizontal else ":"

    def above(c: int, r: int) -> str:
        """The segment on top of normalised cell (c, r)."""
        return segment((left + c, top + r - 1), (left + c, top + r), True)

    def beside(c: int, r: int) -> str:
        """The segment on the left of normalised cell (c, r)."""
        return segment((left + c - 1, top + r), (left + c, top + r), False)

    for r in range(rows + 1):
        for c in range(cols + 1):
            if c < cols:
                canvas[2 * r][4 * c + 1 : 4 * c + 4] = list(above(c, r) * 3 or "   ")
            if r < rows:
                canvas[2 * r + 1][4 * c] = beside(c, r) or " "
            up = beside(c, r - 1)
            down = beside(c, r)
            west = above(c - 1, r)
            east = above(c, r)
            if up == down == "|" and not west and not east:
                corner = "|"
            elif west == east == "-" and not up and not down:
                corner = "-"
            elif up or down or west or east:
                corner = "+"
            else:
                corner = " "
            canvas[2 * r][4 * c] = corner
    for (x, y), (_, symbol) in owners.items():
        canvas[2 * (y - top) + 1][4 * (x - left) + 2] = symbol.lower() if (x, y) in marked else symbol
    return "\n".join("".join(line).rstrip() for line in canvas)


MARK_COLOURS: Final[Mapping[str, str]] = {"take": "#b3261e", "lay": "#2d5fb3"}
"""The dashed frame an SVG picture draws around a marked card: red round a card to take
back, blue round the card to lay."""
AXIS_COLOUR: Final = "#5b6474"


def svg_picture(layout: Layout, cell: int = 40, *, marks: Mapping[int, str] | None = None, axes: bool = False) -> str:
    """The layout as a standalone SVG document, ``cell`` pixels per cell.

    Drawn, bottom to top: one filled ``<rect>`` per covered cell, coloured by its symbol
    (``PALETTE``), with the symbol letter on it (``<text>``); each card's outline as a
    thick dark ``<polygon>`` around its rectangle of cells; each contact as a short thick
    ``<line>`` across the middle of the shared edge, green if the two symbols match and
    red if not; each card of ``marks`` (its index in the layout -> ``take`` or ``lay``)
    framed by a dashed ``<rect class="mark take|lay">`` (``MARK_COLOURS``). The ``<title>``
    names the cards in layout order. The picture is the bounding box of the cells plus a
    margin of a quarter cell on every side, and with ``axes`` a band of half a cell above
    and on the left with the column and row numbers, the coordinates moves name; a layout
    without cards is an empty picture of one cell. The root says where the cells lie, so a
    page can put tap targets over them: ``data-left``/``data-top`` (the layout coordinates
    of the first column and row drawn), ``data-columns``/``data-rows``, ``data-cell`` and
    ``data-x0``/``data-y0`` (the pixel corner of that first cell).
    """
    from xml.sax.saxutils import escape  # here: xml.sax brings urllib and http, and a text answer needs neither

    owners = _owners(layout)
    margin = cell // 4
    band = cell // 2 if axes else 0
    left, top, cols, rows = _bounds(owners) if owners else (0, 0, 1, 1)
    width, height = cols * cell + 2 * margin + band, rows * cell + 2 * margin + band

    def corner(x: int, y: int) -> tuple[int, int]:
        """Pixel position of the top-left corner of layout cell (x, y)."""
        return band + margin + (x - left) * cell, band + margin + (y - top) * cell

    names = ", ".join(placement.face.name for placement in layout) or EMPTY_PICTURE
    first_x, first_y = corner(left, top)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="layout" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" data-left="{left}" data-top="{top}" data-columns="{cols}" '
        f'data-rows="{rows}" data-cell="{cell}" data-x0="{first_x}" data-y0="{first_y}">',
        f"<title>Ubongo layout: {escape(names)}</title>",
    ]
    for (x, y), (_, symbol) in sorted(owners.items()):
        px, py = corner(x, y)
        parts.append(
            f'<rect x="{px}" y="{py}" width="{cell}" height="{cell}" fill="{PALETTE.get(symbol, UNKNOWN_FILL)}"/>'
        )
        parts.append(_label(px + cell / 2, py + cell / 2, cell / 2, symbol, OUTLINE_COLOUR, bold=True))
    for placement in layout:
        grid = placement.grid
        x0, y0 = corner(placement.x, placement.y)
        x1, y1 = x0 + len(grid[0]) * cell, y0 + len(grid) * cell
        parts.append(
            f'<polygon points="{x0},{y0} {x1},{y0} {x1},{y1} {x0},{y1}" fill="none" '
            f'stroke="{OUTLINE_COLOUR}" stroke-width="{cell / 10:g}" stroke-linejoin="round"/>'
        )
    for a, b in (sorted(pair) for joint in contacts(layout).values() for pair in joint):  # left or upper first
        colour = MATCH_COLOUR if owners[a][1] == owners[b][1] else MISMATCH_COLOUR
        bx, by = corner(*b)
        ends: tuple[float, float, float, float]
        if b[0] != a[0]:  # b right of a: the shared edge is b's left side
            ends = (bx, by + cell / 4, bx, by + 3 * cell / 4)
        else:  # b below a: the shared edge is b's top side
            ends = (bx + cell / 4, by, bx + 3 * cell / 4, by)
        parts.append(
            '<line x1="{:g}" y1="{:g}" x2="{:g}" y2="{:g}" '.format(*ends)
            + f'stroke="{colour}" stroke-width="{cell / 5:g}" stroke-linecap="round"/>'
        )
    for index, tone in sorted((marks or {}).items()):
        placement = layout[index]
        grid = placement.grid
        px, py = corner(placement.x, placement.y)
        gap = cell / 10
        dashes = f"{cell * 0.3:g} {cell * 0.15:g}"
        parts.append(
            f'<rect class="mark {escape(tone)}" x="{px - gap:g}" y="{py - gap:g}" '
            f'width="{len(grid[0]) * cell + 2 * gap:g}" height="{len(grid) * cell + 2 * gap:g}" rx="{gap * 1.5:g}" '
            f'fill="none" stroke="{MARK_COLOURS[tone]}" stroke-width="{cell / 8:g}" stroke-dasharray="{dashes}"/>'
        )
    if axes:
        for x in range(left, left + cols):
            parts.append(_label(corner(x, top)[0] + cell / 2, band / 2, cell * 0.45, str(x), AXIS_COLOUR))
        for y in range(top, top + rows):
            parts.append(_label(band / 2, corner(left, y)[1] + cell / 2, cell * 0.45, str(y), AXIS_COLOUR))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _label(x: float, y: float, size: float, text: str, colour: str, *, bold: bool = False) -> str:
    """An SVG ``<text>`` centred on (x, y)."""
    from xml.sax.saxutils import escape

    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="{size:g}"{weight} text-anchor="middle" '
        f'dominant-baseline="central" fill="{colour}">{escape(text)}</text>'
    )
