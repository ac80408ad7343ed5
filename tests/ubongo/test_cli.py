"""Ubongo from the command line: check and render layouts of literal or deck faces."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli

from cardsolve import ubongo
from cardsolve.models.errors import BadInput

#   A B C          card 0: ABC/DEF at (0, 0)
#   D E F
#     E F G        card 1: EFG/HIJ at (1, 2): E under E, F under F, two matching contacts
#     H I J
VALID = {
    "cards": [{"card": "ABC/DEF", "rotation": 0, "x": 0, "y": 0}, {"card": "EFG/HIJ", "rotation": 0, "x": 1, "y": 2}]
}
MISMATCH = {
    "cards": [{"card": "ABC/DEF", "rotation": 0, "x": 0, "y": 0}, {"card": "EKG/HIJ", "rotation": 0, "x": 1, "y": 2}]
}
DECK = {
    "cards": [
        {"number": 1, "stack": 1, "white": "ABC/DEF", "black": "LLL/LLL"},
        {"number": 2, "stack": 1, "white": "EFG/HIJ", "black": "KKK/KKK"},
    ]
}


def write(tmp_path: Path, name: str, data: str | dict[str, Any]) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_check_a_valid_layout(cardsolve: RunCli, tmp_path: Path) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "check", write(tmp_path, "ok.json", VALID))
    document = json.loads(out)
    assert code == 0 and document["valid"] and document["violations"] == []
    assert document["layout"] == VALID


def test_check_reports_a_mismatch_with_exit_1(cardsolve: RunCli, tmp_path: Path) -> None:
    code, out, _ = cardsolve("ubongo", "check", write(tmp_path, "bad.json", MISMATCH))
    assert code == 1
    assert "invalid" in out and "mismatch" in out


def test_check_with_a_deck_file(cardsolve: RunCli, tmp_path: Path) -> None:
    deck = write(tmp_path, "deck.json", DECK)
    layout = write(
        tmp_path,
        "deck_layout.json",
        {"cards": [{"card": "1w", "rotation": 0, "x": 0, "y": 0}, {"card": "2w", "rotation": 0, "x": 1, "y": 2}]},
    )
    code, out, _ = cardsolve("--json", "ubongo", "check", layout, "--deck", deck)
    assert code == 0 and json.loads(out)["valid"]


def test_render_ascii_and_svg(cardsolve: RunCli, tmp_path: Path) -> None:
    svg = tmp_path / "layout.svg"
    code, out, _ = cardsolve("ubongo", "render", write(tmp_path, "ok.json", VALID), "--svg", str(svg))
    assert code == 0
    assert all(letter in out for letter in "ABCDEFGHIJ")
    assert svg.read_text(encoding="utf-8").lstrip().startswith(("<svg", "<?xml"))


@pytest.mark.parametrize(
    ("layout", "deck", "token"),
    [
        ("{not json", None, "cannot read LAYOUT.json"),
        ({"cards": [{"card": "ABC/DEF", "rotation": 45, "x": 0, "y": 0}]}, None, "45"),
        ({"cards": [{"card": "ABC/DEF", "rotation": 0, "x": "1", "y": 0}]}, None, "'1'"),
        ({"cards": [{"card": "ABC/DEM", "rotation": 0, "x": 0, "y": 0}]}, None, "ABC/DEM"),
        ({"cards": [{"card": "ABC/DEF", "x": 0, "y": 0}]}, None, "rotation"),
        ({"cards": [{"card": "999w", "rotation": 0, "x": 0, "y": 0}]}, None, "999w"),
        ({"cards": [{"card": "99w", "rotation": 0, "x": 0, "y": 0}]}, DECK, "99w"),
        ({"cards": [{"card": "1w", "rotation": 0, "x": 0, "y": 0}]}, {"cards": [{"number": 1}]}, "number"),
    ],
)
def test_bad_layouts_and_decks_exit_2(
    cardsolve: RunCli, tmp_path: Path, layout: str | dict[str, Any], deck: dict[str, Any] | None, token: str
) -> None:
    args = ["ubongo", "check", write(tmp_path, "layout.json", layout)]
    if deck is not None:
        args += ["--deck", write(tmp_path, "deck.json", deck)]
    code, out, err = cardsolve(*args)
    assert code == 2 and not out
    assert err.count("\n") == 1 and token in err


@pytest.mark.parametrize("backend", ["numba", "cpsat", "reference"])
def test_verify_finds_a_layout(cardsolve: RunCli, backend: str) -> None:
    code, out, _ = cardsolve(
        "--json",
        "ubongo",
        "verify",
        "--hand",
        "ABC/DEF,EFG/HIJ,JKL/GCA,AAB/BCC,DDE/EFF",
        "--k",
        "3",
        "--backend",
        backend,
    )
    document = json.loads(out)
    assert code == 0 and document["solvable"] and document["backend"] == backend
    assert len(document["layout"]["cards"]) == 3 and document["nodes"] >= 0


def test_deal_and_verify_from_the_bundled_deck(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "deal", "--round", "3", "--seed", "4")
    hand = [f["face"] for f in json.loads(out)["hands"][0]]
    assert code == 0 and len(hand) == 9 and all(name.endswith("w") for name in hand)
    code, out, _ = cardsolve("--json", "ubongo", "verify", "--hand", ",".join(hand))
    document = json.loads(out)
    assert code == (0 if document["solvable"] else 1)
    assert document["solvable"] == (document["layout"] is not None)


def test_verify_proves_none_exists_with_exit_1(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("ubongo", "verify", "--hand", "ABC/DEF,GHI/JKL", "--k", "2")
    assert code == 1 and "No valid layout" in out


@pytest.mark.parametrize(
    ("hand", "token"), [("ABC/DEF,,GHI/JKL", "empty face"), ("ABC/DEX", "ABC/DEX"), ("999b", "999b")]
)
def test_verify_bad_hands_exit_2(cardsolve: RunCli, hand: str, token: str) -> None:
    code, out, err = cardsolve("ubongo", "verify", "--hand", hand, "--k", "1")
    assert code == 2 and not out and token in err


FIVE = "ABC/DEF,EFG/HIJ,JKL/GCA,AAB/BCC,DDE/EFF"
"""Five faces with 6 distinct layouts of 3 and none of 4."""


@pytest.mark.parametrize("backend", ["numba", "reference"])
def test_layouts_counts_distinct_layouts(cardsolve: RunCli, backend: str) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "layouts", "--hand", FIVE, "--k", "3", "--backend", backend)
    document = json.loads(out)
    assert code == 0 and document["count"] == 6 and document["proven"] is True and "complete" not in document
    assert len(document["layouts"]) == 6 and all(len(layout["cards"]) == 3 for layout in document["layouts"])


def test_layouts_stop_at_the_limit(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("ubongo", "layouts", "--hand", FIVE, "--k", "3", "--limit", "2", "--show", "1")
    assert code == 0 and out.startswith("More than 2 distinct valid layouts") and "Layout 1:" in out
    assert "Layout 2:" not in out and "1 more" in out


def test_solve_falls_back_to_the_largest_layout(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "solve", "--hand", FIVE, "--k", "5")
    document = json.loads(out)
    assert code == 0 and document["card_count"] == 3 and not document["complete"] and document["proven"]


def test_hint_takes_back_the_mismatched_card(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve(
        "--json",
        "ubongo",
        "hint",
        "--hand",
        "AAB/BCC,DDE/EFF",
        "--table",
        "tests/data/ubongo_mismatch.json",
        "--k",
        "3",
    )
    document = json.loads(out)
    assert code == 0 and [t["card"] for t in document["take_back"]] == [3]  # the third card, numbered from 1
    assert "different symbols" in document["take_back"][0]["reason"]
    assert document["placement"] is not None and len(document["target"]["cards"]) == 3


def test_hint_without_any_layout_exits_1_with_the_largest(cardsolve: RunCli, tmp_path: Path) -> None:
    table = write(tmp_path, "t.json", {"cards": [{"card": "ABC/ABC", "rotation": 0, "x": 0, "y": 0}]})
    code, out, _ = cardsolve("ubongo", "hint", "--hand", "DEF/DEF", "--table", table, "--k", "2")
    assert code == 1 and "No valid layout of 2" in out and "largest has 1" in out


def test_a_card_on_the_table_and_in_hand_is_bad_input(cardsolve: RunCli, tmp_path: Path) -> None:
    table = write(tmp_path, "t.json", {"cards": [{"card": "3w", "rotation": 0, "x": 0, "y": 0}]})
    code, out, err = cardsolve("ubongo", "hint", "--hand", "4w,3b", "--table", table, "--k", "2")
    assert code == 2 and not out and "3b" in err


@pytest.mark.parametrize(
    "args",
    [
        ["layouts", "--hand", FIVE, "--backend", "cpsat"],
        ["solve", "--hand", FIVE, "--k", "6"],
        ["verify", "--hand", "3w,7w,3w", "--k", "2"],
    ],
)
def test_bad_solve_requests_exit_2(cardsolve: RunCli, args: list[str]) -> None:
    code, out, err = cardsolve("ubongo", *args)
    assert code == 2 and not out and err.startswith("error:") and err.count("\n") == 1


def test_game_plays_six_rounds(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "game", "--players", "2", "--seed", "1")
    document = json.loads(out)
    assert code == 0 and [r["round"] for r in document["rounds"]] == [1, 2, 3, 4, 5, 6]
    assert document["player_count"] == 2
    assert all([p["seat"] for p in r["players"]] == [1, 2] for r in document["rounds"])
    totals = {seat: sum(r["players"][seat - 1]["points"] for r in document["rounds"]) for seat in (1, 2)}
    assert {s["seat"]: s["points"] for s in document["ranking"]} == totals


@pytest.mark.parametrize("limit", ["0", "18446744073709551615", "1" + "0" * 40])
def test_a_limit_past_what_the_search_counts_is_one_line(cardsolve: RunCli, limit: str) -> None:
    """``--limit`` of 2**64 - 1 once reached the numba kernel as a number it cannot type (a
    traceback); it is 1 to 10**18, and a longer number is refused before it is read."""
    code, out, err = cardsolve("ubongo", "layouts", "--hand", "ABC/DEF,EFG/HIJ", "--k", "2", "--limit", limit)
    assert (code, out) == (2, "") and err.startswith("error: bad --limit ") and err.count("\n") == 1
    assert "1 to 1000000000000000000" in err
    with pytest.raises(BadInput, match="bad limit"):
        ubongo.layouts("ABC/DEF,EFG/HIJ", k=2, limit=int(limit))
