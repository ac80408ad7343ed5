"""Pictures of Ubongo layouts: the terminal picture pinned on fixed layouts, its contact
marks counted against contacts found here from the cells, and the SVG document read back
as XML."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from hypothesis import given
from hypothesis import strategies as st

from cardsolve.models.ubongo.cards import SYMBOLS, parse_literal
from cardsolve.models.ubongo.layout import Cell, Layout, Placement
from cardsolve.models.ubongo.picture import MATCH_COLOUR, MISMATCH_COLOUR, PALETTE, ascii_picture, svg_picture

SVG = "{http://www.w3.org/2000/svg}"


def card(face: str, rotation: int, x: int, y: int) -> Placement:
    return Placement(parse_literal(face), rotation, x, y)


STACKED = [card("ABC/DEF", 0, 0, 0), card("EFG/HIJ", 0, 1, 2)]
"""The second card below the first, one column to the right: E on E and F on F."""
SIDE_BY_SIDE = [card("ABC/DEF", 0, 0, 0), card("JKL/GCA", 90, 3, -1)]
"""Turned 90 degrees, JKL/GCA stands as GJ/CK/AL: its C meets C, its A meets F."""


def test_stacked_cards_are_pinned() -> None:
    assert ascii_picture(STACKED) == "\n".join(
        [
            "+-----------+",
            "| A   B   C |",
            "|           |",
            "| D   E   F |",
            "+---+===+===+---+",
            "    | E   F   G |",
            "    |           |",
            "    | H   I   J |",
            "    +-----------+",
        ]
    )


def test_rotated_card_with_a_mismatch_is_pinned() -> None:
    assert ascii_picture(SIDE_BY_SIDE) == "\n".join(
        [
            "            +-------+",
            "            | G   J |",
            "+-----------+       |",
            "| A   B   C : C   K |",
            "|           +       |",
            "| D   E   F x A   L |",
            "+-----------+-------+",
        ]
    )


def test_horizontal_mismatch_is_pinned() -> None:
    layout = [card("ABC/DEF", 0, 0, 0), card("EGH/IJK", 0, 1, 2)]
    assert ascii_picture(layout).splitlines()[4] == "+---+===+xxx+---+"


def test_marks_are_lower_case() -> None:
    marked = ascii_picture(STACKED, marks=[cell for cell, _ in STACKED[1].cells()])
    assert marked.splitlines()[5:8] == ["    | e   f   g |", "    |           |", "    | h   i   j |"]
    assert marked.splitlines()[:5] == ascii_picture(STACKED).splitlines()[:5]
    assert ascii_picture(STACKED, marks=[(-5, -5)]) == ascii_picture(STACKED)


def test_empty_layout() -> None:
    assert ascii_picture([]) == "(no cards)"
    root = ET.fromstring(svg_picture([]))
    assert root.findall(f"{SVG}rect") == []


def occupied(layout: Layout) -> dict[Cell, tuple[int, str]] | None:
    """Each cell with its card's index and symbol; None if two cards overlap."""
    cells: dict[Cell, tuple[int, str]] = {}
    for index, placement in enumerate(layout):
        for cell, symbol in placement.cells():
            if cell in cells:
                return None
            cells[cell] = (index, symbol)
    return cells


def contacts(cells: dict[Cell, tuple[int, str]]) -> tuple[int, int]:
    """Matching and mismatched contacts: edge-sharing cells of different cards."""
    match = mismatch = 0
    for (x, y), (index, symbol) in cells.items():
        for neighbour in ((x + 1, y), (x, y + 1)):
            if neighbour in cells and cells[neighbour][0] != index:
                if cells[neighbour][1] == symbol:
                    match += 1
                else:
                    mismatch += 1
    return match, mismatch


def marks_in(picture: str) -> tuple[int, int]:
    """Matching and mismatched contact segments drawn: ``===`` or ``:``, ``xxx`` or ``x``."""
    lines = picture.splitlines()
    border_lines, cell_lines = "\n".join(lines[0::2]), "\n".join(lines[1::2])
    match = len(re.findall("===", border_lines)) + cell_lines.count(":")
    mismatch = len(re.findall("xxx", border_lines)) + cell_lines.count("x")
    return match, mismatch


def check_picture(layout: Layout, marks: Iterable[Cell] = ()) -> None:
    cells = occupied(layout)
    assert cells is not None
    picture = ascii_picture(layout, marks)
    lines = picture.splitlines()
    left, top = min(x for x, _ in cells), min(y for _, y in cells)
    for (x, y), (_, symbol) in cells.items():
        assert lines[2 * (y - top) + 1][4 * (x - left) + 2] == symbol
    assert marks_in(picture) == contacts(cells)
    assert all(line == line.rstrip() for line in lines)
    assert len(lines) == 2 * (max(y for _, y in cells) - top + 1) + 1


def test_fixed_layouts_show_letters_and_contacts() -> None:
    assert contacts(occupied(STACKED) or {}) == (2, 0)
    assert contacts(occupied(SIDE_BY_SIDE) or {}) == (1, 1)
    check_picture(STACKED)
    check_picture(SIDE_BY_SIDE)


faces = st.builds(
    lambda top, bottom: parse_literal(f"{top}/{bottom}"),
    st.text(SYMBOLS[:4], min_size=3, max_size=3),
    st.text(SYMBOLS[:4], min_size=3, max_size=3),
)
# Offsets within 2 of the origin leave at most 2 empty rows or columns between cards, so
# the picture draws every cell where it lies (longer empty runs are shortened: GAP).
placements = st.builds(Placement, faces, st.sampled_from((0, 90, 180, 270)), st.integers(-2, 2), st.integers(-2, 2))


@given(st.lists(placements, min_size=1, max_size=5))
def test_random_layouts_show_letters_and_contacts(drawn: Layout) -> None:
    layout: Layout = []
    for placement in drawn:  # keep the cards that do not overlap an earlier one
        if occupied([*layout, placement]) is not None:
            layout.append(placement)
    assert layout[0] == drawn[0]  # the first card always stays
    check_picture(layout)


def test_svg_document() -> None:
    layout = SIDE_BY_SIDE
    text = svg_picture(layout, cell=40)
    assert text.startswith("<svg")
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    rects = root.findall(f"{SVG}rect")
    assert len(rects) == 12
    # The bounding box starts at column 0, row -1, after a margin of a quarter cell:
    # layout cell (0, 0), an A, is the second row's first square.
    a_square = [r for r in rects if (r.get("x"), r.get("y")) == ("10", "50")]
    assert len(a_square) == 1 and a_square[0].get("fill") == PALETTE["A"]
    assert [t.text for t in root.findall(f"{SVG}text")].count("C") == 2
    title = root.find(f"{SVG}title")
    assert title is not None and title.text is not None
    assert "ABC/DEF" in title.text and "JKL/GCA" in title.text
    assert len(root.findall(f"{SVG}polygon")) == 2
    lines = [line.get("stroke", "") for line in root.findall(f"{SVG}line")]
    assert sorted(lines) == sorted([MATCH_COLOUR, MISMATCH_COLOUR])
    assert (root.get("width"), root.get("height")) == (str(5 * 40 + 20), str(3 * 40 + 20))


def test_palette() -> None:
    assert sorted(PALETTE) == list(SYMBOLS)
    assert len(set(PALETTE.values())) == 12
    assert all(re.fullmatch("#[0-9a-f]{6}", colour) for colour in PALETTE.values())


def test_marks_frame_their_cards_and_the_root_says_where_the_cells_lie() -> None:
    root = ET.fromstring(svg_picture(SIDE_BY_SIDE, cell=40, marks={1: "lay", 0: "take"}))
    assert root.get("class") == "layout"
    where = [root.get(f"data-{name}") for name in ("left", "top", "columns", "rows", "cell", "x0", "y0")]
    assert where == ["0", "-1", "5", "3", "40", "10", "10"]
    frames = {rect.get("class"): rect for rect in root.findall(f"{SVG}rect") if rect.get("class")}
    assert set(frames) == {"mark take", "mark lay"}
    # each frame surrounds its card: ABC/DEF at (0, 0) is 3 x 2 cells, the turned card 2 x 3 cells at (3, -1)
    take, lay = frames["mark take"], frames["mark lay"]
    assert (float(take.get("x", "")), float(take.get("y", "")), float(take.get("width", ""))) == (6, 46, 128)
    assert (float(lay.get("x", "")), float(lay.get("y", "")), float(lay.get("height", ""))) == (126, 6, 128)


def test_axes_number_the_columns_and_rows_the_moves_name() -> None:
    plain = ET.fromstring(svg_picture(SIDE_BY_SIDE))
    root = ET.fromstring(svg_picture(SIDE_BY_SIDE, axes=True))
    numbers = [text.text for text in root.findall(f"{SVG}text")][len(plain.findall(f"{SVG}text")) :]
    assert numbers == ["0", "1", "2", "3", "4", "-1", "0", "1"]
    assert int(root.get("width", "")) == int(plain.get("width", "")) + 20 and root.get("data-x0") == "30"
