"""Ubongo from the command line: check and render layouts of literal or deck faces."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


#   A B C          card 0: ABC/DEF at (0, 0)
#   D E F
#     E F G        card 1: EFG/HIJ at (1, 2): E under E, F under F, two matching contacts
#     H I J
VALID = {"cards": [{"card": "ABC/DEF", "rotation": 0, "x": 0, "y": 0},
                   {"card": "EFG/HIJ", "rotation": 0, "x": 1, "y": 2}]}
MISMATCH = {"cards": [{"card": "ABC/DEF", "rotation": 0, "x": 0, "y": 0},
                      {"card": "EKG/HIJ", "rotation": 0, "x": 1, "y": 2}]}
DECK = {"cards": [{"number": 1, "stack": 1, "white": "ABC/DEF", "black": "LLL/LLL"},
                  {"number": 2, "stack": 1, "white": "EFG/HIJ", "black": "KKK/KKK"}]}




def write(tmp_path: Path, name: str, data: Any) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_check_a_valid_layout(cardsolve, tmp_path) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "check", write(tmp_path, "ok.json", VALID))
    document = json.loads(out)
    assert code == 0 and document["valid"] and document["violations"] == []
    assert document["layout"] == VALID


def test_check_reports_a_mismatch_with_exit_1(cardsolve, tmp_path) -> None:
    code, out, _ = cardsolve("ubongo", "check", write(tmp_path, "bad.json", MISMATCH))
    assert code == 1
    assert "invalid" in out and "mismatch" in out


def test_check_with_a_deck_file(cardsolve, tmp_path) -> None:
    deck = write(tmp_path, "deck.json", DECK)
    layout = write(tmp_path, "deck_layout.json", {"cards": [
        {"card": "1w", "rotation": 0, "x": 0, "y": 0}, {"card": "2w", "rotation": 0, "x": 1, "y": 2}]})
    code, out, _ = cardsolve("--json", "ubongo", "check", layout, "--deck", deck)
    assert code == 0 and json.loads(out)["valid"]


def test_render_ascii_and_svg(cardsolve, tmp_path) -> None:
    svg = tmp_path / "layout.svg"
    code, out, _ = cardsolve("ubongo", "render", write(tmp_path, "ok.json", VALID), "--svg", str(svg))
    assert code == 0
    assert all(letter in out for letter in "ABCDEFGHIJ")
    assert svg.read_text(encoding="utf-8").lstrip().startswith(("<svg", "<?xml"))


@pytest.mark.parametrize(("layout", "deck", "token"), [
    ("{not json", None, "cannot read layout"),
    ({"cards": [{"card": "ABC/DEF", "rotation": 45, "x": 0, "y": 0}]}, None, "45"),
    ({"cards": [{"card": "ABC/DEF", "rotation": 0, "x": "1", "y": 0}]}, None, "'1'"),
    ({"cards": [{"card": "ABC/DEM", "rotation": 0, "x": 0, "y": 0}]}, None, "ABC/DEM"),
    ({"cards": [{"card": "ABC/DEF", "x": 0, "y": 0}]}, None, "rotation"),
    ({"cards": [{"card": "999w", "rotation": 0, "x": 0, "y": 0}]}, None, "999w"),
    ({"cards": [{"card": "99w", "rotation": 0, "x": 0, "y": 0}]}, DECK, "99w"),
    ({"cards": [{"card": "1w", "rotation": 0, "x": 0, "y": 0}]}, {"cards": [{"number": 1}]}, "number"),
])
def test_bad_layouts_and_decks_exit_2(cardsolve, tmp_path, layout, deck, token) -> None:
    args = ["ubongo", "check", write(tmp_path, "layout.json", layout)]
    if deck is not None:
        args += ["--deck", write(tmp_path, "deck.json", deck)]
    code, out, err = cardsolve(*args)
    assert code == 2 and not out
    assert err.count("\n") == 1 and token in err


@pytest.mark.parametrize("backend", ["numba", "reference"])
def test_verify_finds_a_layout(cardsolve, backend) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "verify", "--hand", "ABC/DEF,EFG/HIJ,JKL/GCA,AAB/BCC,DDE/EFF",
                             "--k", "3", "--backend", backend)
    document = json.loads(out)
    assert code == 0 and document["solvable"] and document["backend"] == backend
    assert len(document["layout"]["cards"]) == 3 and document["nodes"] > 0


def test_deal_and_verify_from_the_bundled_deck(cardsolve) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "deal", "--stack", "3", "--seed", "4")
    hand = [f["face"] for f in json.loads(out)["hands"][0]]
    assert code == 0 and len(hand) == 9 and all(name.endswith("w") for name in hand)
    code, out, _ = cardsolve("--json", "ubongo", "verify", "--hand", ",".join(hand))
    document = json.loads(out)
    assert code == (0 if document["solvable"] else 1)
    assert document["solvable"] == (document["layout"] is not None)


def test_verify_proves_none_exists_with_exit_1(cardsolve) -> None:
    code, out, _ = cardsolve("ubongo", "verify", "--hand", "ABC/DEF,GHI/JKL", "--k", "2")
    assert code == 1 and "No valid layout" in out


@pytest.mark.parametrize(("hand", "token"), [("ABC/DEF,,GHI/JKL", "empty face"), ("ABC/DEX", "ABC/DEX"),
                                              ("999b", "999b")])
def test_verify_bad_hands_exit_2(cardsolve, hand, token) -> None:
    code, out, err = cardsolve("ubongo", "verify", "--hand", hand, "--k", "1")
    assert code == 2 and not out and token in err
