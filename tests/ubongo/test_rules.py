"""The Ubongo layout rules (rulebook Rules 2 and 3, as DESIGN.md reads them), one rule a
test, on hand-built layouts of literal faces.

Each layout is drawn in its comment: one letter per cell (the symbol it shows after
rotation), ``.`` for an empty cell, columns x = 0, 1, ... left to right, rows y = 0, 1,
... top to bottom. Symbols are chosen so that exactly the contacts a test is about
touch; every other cell meets nothing.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardsolve.models.ubongo.cards import ROTATIONS, parse_literal, rotate
from cardsolve.models.ubongo.layout import Cell, Layout, Placement
from cardsolve.models.ubongo.rules import Violation, contacts, is_valid, violations


def card(face: str, x: int, y: int, rotation: int = 0) -> Placement:
    return Placement(parse_literal(face), rotation, x, y)


def kinds(layout: Layout) -> list[tuple[str, tuple[int, ...]]]:
    return [(v.kind, v.cards) for v in violations(layout)]


# ABC.
# DEF.      long edge on long edge, offset by one column: E-E and F-F
# .EFG
# .HIJ
LONG_LONG = [card("ABC/DEF", 0, 0), card("EFG/HIJ", 1, 2)]

# ABCCGH
# DEFFIJ    short edge on short edge: C-C and F-F
SHORT_SHORT = [card("ABC/DEF", 0, 0), card("CGH/FIJ", 3, 0)]

# ABC
# DEF
# DE.       card 1 (EHI/DKL) turned 90 degrees stands 3 x 2: its short top edge D E meets
# KH.       card 0's long bottom edge: D-D and E-E
# LI.
SHORT_LONG = [card("ABC/DEF", 0, 0), card("EHI/DKL", 0, 2, 90)]

# ABCCGH
# DEFFIJ
# ...FI.    card 2 (IKL/FKL at 90) meets card 1 at F-F and I-I; its F at (3, 2) touches
# ...KK.    card 0's F at (2, 1) only at a corner, which is no contact
# ...LL.
CORNER = [card("ABC/DEF", 0, 0), card("CGH/FIJ", 3, 0), card("IKL/FKL", 3, 2, 90)]

VALID = [LONG_LONG, SHORT_SHORT, SHORT_LONG, CORNER]


def test_long_edges_offset_by_one_make_a_joint() -> None:
    assert contacts(LONG_LONG) == {(0, 1): [((1, 1), (1, 2)), ((2, 1), (2, 2))]}
    assert violations(LONG_LONG) == []


def test_short_edges_meet_fully() -> None:
    assert contacts(SHORT_SHORT) == {(0, 1): [((2, 0), (3, 0)), ((2, 1), (3, 1))]}
    assert is_valid(SHORT_SHORT)


def test_a_short_edge_meets_a_long_edge() -> None:
    assert contacts(SHORT_LONG) == {(0, 1): [((0, 1), (0, 2)), ((1, 1), (1, 2))]}
    assert is_valid(SHORT_LONG)


def test_rotation_is_respected() -> None:
    # card 1 turned 270 instead of 90 shows I L / H K / E D: its top edge I L meets D E.
    # ABC
    # DEF
    # IL.
    # HK.
    # ED.
    turned = [card("ABC/DEF", 0, 0), card("EHI/DKL", 0, 2, 270)]
    assert dict(turned[1].cells())[0, 2] == "I"
    assert kinds(turned) == [("mismatch", (0, 1))]


def test_long_edges_fully_aligned_make_three_contacts() -> None:
    # ABC
    # DEF       D-D, E-E and F-F: one contact too many, although all match
    # DEF
    # GHI
    layout = [card("ABC/DEF", 0, 0), card("DEF/GHI", 0, 2)]
    assert violations(layout) == [
        Violation(
            "too-many-contacts",
            (0, 1),
            "cards 1 (ABC/DEF) and 2 (DEF/GHI) meet at 3 contacts (D at (0, 1) - D at (0, 2); "
            "E at (1, 1) - E at (1, 2); F at (2, 1) - F at (2, 2)): exactly 2 are allowed",
        )
    ]


def test_one_contact_is_not_enough() -> None:
    # ABC..
    # DEF..     F-F only
    # ..FGH
    # ..IJK
    layout = [card("ABC/DEF", 0, 0), card("FGH/IJK", 2, 2)]
    assert violations(layout) == [
        Violation(
            "one-contact",
            (0, 1),
            "cards 1 (ABC/DEF) and 2 (FGH/IJK) meet at 1 contact (F at (2, 1) - F at (2, 2)): exactly 2 are needed",
        )
    ]


def test_touching_symbols_must_match() -> None:
    # ABC.
    # DEF.      E-E matches, F-G does not
    # .EGH
    # .IJK
    layout = [card("ABC/DEF", 0, 0), card("EGH/IJK", 1, 2)]
    assert violations(layout) == [
        Violation(
            "mismatch",
            (0, 1),
            "cards 1 (ABC/DEF) and 2 (EGH/IJK) join different symbols (F at (2, 1) - G at (2, 2)): "
            "touching cells must show the same symbol",
        )
    ]


def test_a_corner_touch_is_no_contact() -> None:
    assert sorted(contacts(CORNER)) == [(0, 1), (1, 2)]
    assert is_valid(CORNER)
    # without card 1 the corner alone does not connect cards 0 and 2
    # ABC...
    # DEF...
    # ...FI.
    # ...KK.
    # ...LL.
    assert kinds([CORNER[0], CORNER[2]]) == [("disconnected", (1,))]


def test_all_cards_form_one_group() -> None:
    # ABCCGH.....
    # DEFFIJ.....     cards 0-1 and 3-4 are joined pairs, card 2 stands alone;
    # ......ABC..     0-1 is the largest group (it ties with 3-4 and holds card 0)
    # ......DEF..
    # ...........
    # ABCCGH.....
    # DEFFIJ.....
    layout = [*SHORT_SHORT, card("ABC/DEF", 6, 2), card("ABC/DEF", 0, 5), card("CGH/FIJ", 3, 5)]
    assert violations(layout) == [
        Violation(
            "disconnected",
            (3, 4),
            "cards 4 (ABC/DEF) and 5 (CGH/FIJ) are not connected to the largest "
            "group (cards 1 (ABC/DEF) and 2 (CGH/FIJ)): all cards must form one group",
        ),
        Violation(
            "disconnected",
            (2,),
            "card 3 (ABC/DEF) is not connected to the largest group "
            "(cards 1 (ABC/DEF) and 2 (CGH/FIJ)): all cards must form one group",
        ),
    ]


def test_cards_never_overlap() -> None:
    # ABC.      card 1 (ABC/DEF) at (2, 0) lies on card 0's C and F
    # DEF.
    layout = [card("ABC/DEF", 0, 0), card("ABC/DEF", 2, 0)]
    assert violations(layout)[0] == Violation(
        "overlap", (0, 1), "cards 1 (ABC/DEF) and 2 (ABC/DEF) overlap at (2, 0), (2, 1): no cell may be covered twice"
    )


def test_every_violation_is_reported() -> None:
    # ABC.....
    # DEF.....      cards 0-1: D-D, E-E, F-G: too many contacts, one of them mismatched;
    # DEG.ABC.      card 2 stands alone and card 3 lies on it
    # HIJ.DEF.
    layout = [card("ABC/DEF", 0, 0), card("DEG/HIJ", 0, 2), card("ABC/DEF", 4, 2), card("ABC/DEF", 4, 2)]
    assert kinds(layout) == [
        ("overlap", (2, 3)),
        ("too-many-contacts", (0, 1)),
        ("mismatch", (0, 1)),
        ("too-many-contacts", (2, 3)),  # cells side by side within the overlap touch too
        ("mismatch", (2, 3)),
        ("disconnected", (2, 3)),
    ]


def test_no_card_and_one_card_are_valid() -> None:
    assert violations([]) == [] and contacts([]) == {}
    assert is_valid([card("ABC/DEF", 5, -3, 90)])


# -- Symmetry: moving or turning the whole layout changes nothing -------------------------


def turned_quarter(placement: Placement) -> Placement:
    """The placement after turning the whole table 90 degrees clockwise about the origin,
    which takes cell (x, y) to (-y, x): the card turns by 90 too."""
    rows = len(placement.grid)
    return Placement(placement.face, (placement.rotation + 90) % 360, -(placement.y + rows - 1), placement.x)


def moved(placement: Placement, dx: int, dy: int) -> Placement:
    return Placement(placement.face, placement.rotation, placement.x + dx, placement.y + dy)


faces = st.builds(
    lambda top, bottom: parse_literal(f"{top}/{bottom}"),
    st.text("AB", min_size=3, max_size=3),
    st.text("AB", min_size=3, max_size=3),
)
placements = st.builds(Placement, faces, st.sampled_from(ROTATIONS), st.integers(0, 5), st.integers(0, 5))
layouts = st.one_of(st.sampled_from(VALID), st.lists(placements, max_size=4))


@given(layouts, st.integers(0, 3), st.integers(-20, 20), st.integers(-20, 20))
def test_moving_or_turning_the_layout_changes_nothing(layout: Layout, quarters: int, dx: int, dy: int) -> None:
    turned = [moved(p, dx, dy) for p in layout]
    cells: dict[Cell, str] = {cell: symbol for p in turned for cell, symbol in p.cells()}
    for _ in range(quarters):
        turned = [turned_quarter(p) for p in turned]
        cells = {(-y, x): symbol for (x, y), symbol in cells.items()}
    assert {cell: symbol for p in turned for cell, symbol in p.cells()} == cells
    assert is_valid(turned) == is_valid(layout)
    assert kinds(turned) == kinds(layout)


def test_the_quarter_turn_matches_the_face_rotation() -> None:
    face = parse_literal("ABC/DEF")
    assert turned_quarter(Placement(face, 0, 0, 0)) == Placement(face, 90, -1, 0)
    assert rotate(face.grid, 90) == ("DA", "EB", "FC")
