"""Issue 14, inputs: nothing a user types may eat the machine, and every reader of a hand,
a layout or a file applies the same bounds.

- Ubongo layouts are read only when their cards could come from one deck and lie within
  reach of each other; hands hold at most a deck's faces.
- Ubongo enumeration streams: the layouts kept are bounded, the rest counted; progress
  is reported per root; Ctrl-C ends it with what was found (exit 130).
- CUBU hands hold no more regular cards than the deck.
- Quibbles combine checks hand and display against the deck like every other position;
  a penalty pile outside solo is refused.
- Subito players need "placed", Ubongo deck numbers are numbers (not true), Was sticht?
  columns hold 4 cards, and every user file may start with a byte-order mark.
"""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli, interrupted_cli

from cardsolve.models.cubu.cards import REGULAR_CARDS, Card, parse_cards
from cardsolve.models.data import read_user_json
from cardsolve.models.errors import BadInput
from cardsolve.models.subito.table import table_from_json
from cardsolve.models.ubongo.cards import DECK_CARDS, deck_from_json, face_reader, load_deck, parse_hand
from cardsolve.models.ubongo.layout import MAX_COORDINATE, Placement, layout_from_json, read_layout
from cardsolve.models.ubongo.picture import GAP, ascii_picture
from cardsolve.models.was_sticht.deal import clues_from_json
from cardsolve.solvers.cubu import api as cubu
from cardsolve.solvers.infrastructure.results import INTERRUPTED
from cardsolve.solvers.quibbles import api as quibbles
from cardsolve.solvers.ubongo import api as ubongo
from cardsolve.solvers.ubongo import fast, reference
from cardsolve.solvers.ubongo.results import Enumeration

LITERAL = "ABC/DEF"
ALIKE = "AAA/AAA"
"""A face that joins itself in every way: a hand of them has many layouts."""


def card(face: str, x: int, y: int = 0, rotation: int = 0) -> dict[str, Any]:
    return {"card": face, "rotation": rotation, "x": x, "y": y}


def layout(*cards: dict[str, Any]) -> dict[str, Any]:
    return {"cards": list(cards)}


def one_line_bad_input(error: pytest.ExceptionInfo[BadInput]) -> str:
    """The message of a BadInput that names a token, checked to be one line."""
    assert error.value.token is not None
    assert "\n" not in str(error.value)
    return str(error.value)


# 1. Ubongo layouts: from one deck, within reach of each other ----------------------------


@pytest.mark.parametrize("x", [100_000, 10**30, -(10**18), MAX_COORDINATE + 1])
def test_a_card_beyond_any_layouts_reach_is_bad_input(x: int) -> None:
    with pytest.raises(BadInput) as error:
        layout_from_json(layout(card(LITERAL, 0), card(LITERAL, x, x)), face_reader())
    assert str(x) in one_line_bad_input(error)


def test_a_malformed_card_is_named_by_its_number_counted_from_1() -> None:
    with pytest.raises(BadInput) as error:
        layout_from_json(layout(card(LITERAL, 0, rotation=45)), face_reader())
    assert one_line_bad_input(error) == "layout: card 1 has rotation 45: use 0, 90, 180 or 270"
    with pytest.raises(BadInput) as error:
        layout_from_json(layout(card(LITERAL, 0), {"card": "1w", "x": 3, "y": 0}), face_reader())
    assert one_line_bad_input(error) == "layout: card 2 lacks rotation"


def test_cards_farther_apart_than_they_can_reach_are_bad_input() -> None:
    assert len(layout_from_json(layout(card(LITERAL, 0), card(LITERAL, 6)), face_reader())) == 2
    with pytest.raises(BadInput) as error:
        layout_from_json(layout(card(LITERAL, 0), card(LITERAL, 7)), face_reader())
    assert "farther apart" in one_line_bad_input(error)


def test_a_layout_holds_at_most_a_deck_and_each_deck_card_once() -> None:
    started = time.monotonic()
    with pytest.raises(BadInput) as error:
        layout_from_json(layout(*[card(LITERAL, 0)] * 2000), face_reader())
    assert str(DECK_CARDS) in one_line_bad_input(error)
    assert time.monotonic() - started < 1
    with pytest.raises(BadInput) as error:
        layout_from_json(layout(card("1w", 0), card("1w", 3)), face_reader())
    assert "1w" in one_line_bad_input(error)


def test_a_hand_holds_at_most_a_deck() -> None:
    with pytest.raises(BadInput) as error:
        parse_hand(",".join([LITERAL] * (DECK_CARDS + 1)), face_reader())
    assert str(DECK_CARDS) in one_line_bad_input(error)
    faces = parse_hand(",".join([LITERAL] * DECK_CARDS), face_reader())
    assert len(faces) == DECK_CARDS
    with pytest.raises(BadInput):
        ubongo.verify([*faces, faces[0]], k=2)


def test_cli_check_and_render_refuse_a_far_card(tmp_path: Path, cardsolve: RunCli) -> None:
    path = tmp_path / "far.json"
    path.write_text(json.dumps(layout(card(LITERAL, 0), card(LITERAL, 100_000, 100_000))), encoding="utf-8")
    for command in ("check", "render"):
        code, out, err = cardsolve("ubongo", command, str(path))
        assert (code, out) == (2, "")
        assert err.count("\n") == 1 and "100000" in err


def test_a_picture_is_the_cards_bounding_box_only() -> None:
    far = layout_from_json(layout(card(LITERAL, MAX_COORDINATE, -MAX_COORDINATE)), face_reader())
    lines = ascii_picture(far).splitlines()
    assert len(lines) == 2 * 2 + 1
    assert max(map(len, lines)) == 4 * 3 + 1


# 2. Ubongo enumeration streams ----------------------------------------------------------

ENUMERATORS = pytest.mark.parametrize("backend", [fast, reference], ids=["numba", "reference"])


@ENUMERATORS
def test_enumeration_keeps_the_first_layouts_and_counts_the_rest(backend: Any) -> None:
    faces = parse_hand(",".join([ALIKE] * 4), face_reader())
    every: Enumeration = backend.enumerate_layouts(faces, 3)
    assert every.count == len(every.layouts) > 3 and every.more == 0
    kept: Enumeration = backend.enumerate_layouts(faces, 3, keep=2)
    assert kept.layouts == every.layouts[:2]
    assert (kept.count, kept.more, kept.complete, kept.interrupted) == (every.count, every.count - 2, True, False)
    limited: Enumeration = backend.enumerate_layouts(faces, 3, limit=3, keep=2)
    assert (len(limited.layouts), limited.count, limited.complete) == (2, 3, False)


@ENUMERATORS
def test_enumeration_reports_progress_per_root(backend: Any) -> None:
    faces = parse_hand(",".join([ALIKE, LITERAL, "AAB/BAA"]), face_reader())
    heard: list[tuple[int, int]] = []
    backend.enumerate_layouts(faces, 2, progress=lambda done, total: heard.append((done, total)))
    assert heard and heard[-1][0] == heard[-1][1]
    assert [done for done, _ in heard] == sorted(done for done, _ in heard)


def interrupt(done: int, total: int) -> None:
    raise KeyboardInterrupt


@ENUMERATORS
def test_ctrl_c_ends_enumeration_with_what_was_found(backend: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast, "_BUDGET", 1)  # numba: a slice per candidate, so Python gets control back
    faces = parse_hand("AAA/AAA,AAA/AAB,AAB/BBB,BBB/BBB", face_reader())
    stopped: Enumeration = backend.enumerate_layouts(faces, 2, progress=interrupt)
    assert stopped.interrupted and not stopped.complete
    assert stopped.count < backend.enumerate_layouts(faces, 2).count


def test_layouts_after_ctrl_c_exit_130() -> None:
    found = ubongo.layouts(",".join([ALIKE] * 4), k=3, backend="reference", progress=interrupt)
    assert found.exit_code == INTERRUPTED
    assert found.text().startswith("Interrupted:")
    assert found.to_json()["interrupted"] is True and found.to_json()["proven"] is False


def test_sigint_stops_layouts_within_seconds() -> None:
    """The reference backend (plain Python) on 12 faces, k 9, runs for minutes."""
    hand = ",".join(f"{n}w" for n in range(1, 13))
    code, out, err, took = interrupted_cli(
        ["ubongo", "layouts", "--hand", hand, "--k", "9", "--backend", "reference"], after=3
    )
    assert took < 3 and code == INTERRUPTED
    assert out.startswith("Interrupted:") and "Traceback" not in err


# 3. CUBU hands ---------------------------------------------------------------------------


def regular_cards(count: int) -> list[Card]:
    """``count`` distinct regular cards."""
    colours = "DLRGOP"
    arrangements = (Card(tuple(p)) for boxes in range(2, 7) for p in itertools.permutations(colours, boxes))
    return list(itertools.islice(arrangements, count))


def test_a_cubu_hand_holds_at_most_the_decks_regular_cards() -> None:
    text = ",".join(c.name for c in regular_cards(REGULAR_CARDS + 1))
    with pytest.raises(BadInput) as error:
        parse_cards(text)
    assert str(REGULAR_CARDS) in one_line_bad_input(error)
    assert len(parse_cards(",".join(c.name for c in regular_cards(REGULAR_CARDS)))) == REGULAR_CARDS


@pytest.mark.parametrize("command", ["longest", "speed"])
def test_cubu_longest_and_speed_refuse_200_cards(command: str) -> None:
    started = time.monotonic()
    top, *hand = regular_cards(201)
    with pytest.raises(BadInput):
        getattr(cubu, command)(top, hand)
    assert time.monotonic() - started < 1


# 4. Consistency --------------------------------------------------------------------------


def test_quibbles_combine_checks_the_cards_against_the_deck() -> None:
    for hand, display in ((",".join(["1"] * 10_000), "2"), ("1,2", ",".join(["3"] * 10_000))):
        with pytest.raises(BadInput):
            quibbles.combine(hand, display)
    assert quibbles.combine("1,2", "3").options


@pytest.mark.parametrize(
    "command",
    [
        ("split", "6"),
        ("combine", "--hand", "1,2"),
        ("move", "--hand", "6", "--turn", "split 6 -> 1+1+1+1+1+1"),
    ],
)
def test_quibbles_commands_share_the_display_bound(command: tuple[str, ...], cardsolve: RunCli) -> None:
    code, out, err = cardsolve("quibbles", *command, "--display", ",".join(["1"] * 12))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "at most 10" in err


def test_quibbles_penalty_outside_solo_is_bad_input(cardsolve: RunCli) -> None:
    code, out, err = cardsolve("quibbles", "hint", "--hand", "1,2", "--display", "3", "--penalty", "4")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "solo" in err
    assert quibbles.hint("1,2", "3", penalty="4", variant="solo", samples=1).ranked


def test_a_subito_player_without_placed_is_bad_input() -> None:
    tasks = ["2", "3a", "4a", "5a", "6a", "7a", "8a", "9a"]
    table = {"tasks": tasks, "players": [{"name": "A", "placed": {}}, {"name": "B"}]}
    with pytest.raises(BadInput) as error:
        table_from_json(table)
    assert "placed" in one_line_bad_input(error)


@pytest.mark.parametrize("field", ["number", "stack"])
def test_an_ubongo_deck_card_numbered_true_is_bad_input(field: str) -> None:
    entry: dict[str, Any] = {"number": 1, "stack": 1, "white": LITERAL, "black": LITERAL}
    deck_from_json({"cards": [entry]}, "deck")
    with pytest.raises(BadInput):
        deck_from_json({"cards": [{**entry, field: True}]}, "deck")


@pytest.mark.parametrize("sizes", [[3], [4, 3], [4, 5]])
def test_a_was_sticht_column_holds_four_cards(sizes: list[int]) -> None:
    deck = iter(f"{colour}{number}" for colour in "RBGY" for number in range(1, 10))
    clues = {"observations": [{"cards": [next(deck) for _ in range(size)], "winner": 1} for size in sizes]}
    with pytest.raises(BadInput) as error:
        clues_from_json(clues)
    assert "4" in one_line_bad_input(error)


def test_every_user_file_may_start_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "layout.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(layout(card("1w", 0))).encode())
    assert read_user_json(path, "layout") == layout(card("1w", 0))
    assert read_layout(path, face_reader(load_deck()))[0].face.name == "1w"


def test_a_terminal_picture_closes_up_the_space_between_far_cards() -> None:
    face = parse_hand(LITERAL, face_reader())[0]
    near = ascii_picture([Placement(face, 0, 0, 0), Placement(face, 0, 3 + GAP, 2 + GAP)])
    far = ascii_picture([Placement(face, 0, 0, 0), Placement(face, 0, MAX_COORDINATE, MAX_COORDINATE)])
    assert far == near
    with pytest.raises(BadInput, match="beyond any layout's reach"):
        Placement(face, 0, 10**9, 10**9)  # a placement checks itself: no picture ever meets one
    assert len(near.splitlines()) == 2 * (2 + GAP + 2) + 1
