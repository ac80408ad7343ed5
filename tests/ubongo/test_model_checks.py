"""Ubongo's model objects check themselves when made (issue 39, item 10): a face, a deck
card, a deck or a placement built by hand meets the rules the readers of the notation and
the files apply, so every entrance to the API refuses what the command line refuses, in
one line naming the field and the value. Once a hand-made face of the symbols Z and ! was
solvable on cpsat and refused by numba, and ``ubongo.check`` took x = 0.5 and 5,000
placements (3.6 GB)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli
from refusals import refused

from cardsolve.models.ubongo.cards import DECK_CARDS, Card, Deck, Face, load_deck, parse_literal
from cardsolve.models.ubongo.layout import MAX_COORDINATE, Placement, layout_from_json
from cardsolve.solvers.ubongo import api as ubongo

FACE = parse_literal("ABC/DEF")


@pytest.mark.parametrize(
    ("grid", "said"),
    [
        (("ABZ", "DD!"), "symbol 'Z'"),
        (("ABC", "DD!"), "symbol '!'"),
        (("ABC", "DEFG"), "('ABC', 'DEFG')"),
        (("ABC",), "('ABC',)"),
        (["ABC", "DEF"], "['ABC', 'DEF']"),
        (("abc", "def"), "symbol 'a'"),
    ],
)
def test_a_face_off_the_deck_symbols_is_bad_input(grid: Any, said: str) -> None:
    assert said in refused(lambda: Face(grid, "my face"))


def test_a_face_needs_a_name() -> None:
    assert "face name ''" in refused(lambda: Face(FACE.grid, ""))
    nameless: Any = None
    assert "face name None" in refused(lambda: Face(FACE.grid, nameless))


@pytest.mark.parametrize("backend", ["numba", "cpsat", "reference"])
def test_every_backend_refuses_a_face_of_symbols_z_and_bang(backend: str) -> None:
    """The notation meets the same check as a hand-made face: no backend sees the face."""
    message = refused(lambda: ubongo.verify("ABZ/DD!,ABC/DEF", k=2, backend=backend))
    assert "'ABZ/DD!'" in message


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ((0, 0.5, 0), "has x 0.5, not a whole number"),
        ((0, 0, "1"), "has y '1', not a whole number"),
        ((45, 0, 0), "has rotation 45: use 0, 90, 180 or 270"),
        ((True, 0, 0), "has rotation True"),
        ((0, True, 0), "has x True, not a whole number"),
        ((0, MAX_COORDINATE + 1, 0), f"has x {MAX_COORDINATE + 1}, beyond any layout's reach"),
        ((0, 0, -(10**30)), f"has y {-(10**30)}, beyond"),
        ((0, 10**5000, 0), "has x a whole number of 16610 bits"),
    ],
)
def test_a_placement_off_the_grid_is_bad_input(fields: tuple[Any, Any, Any], said: str) -> None:
    message = refused(lambda: Placement(FACE, *fields))
    assert message.startswith("placed card ABC/DEF ") and said in message


def test_a_placement_of_something_else_than_a_face_is_bad_input() -> None:
    assert "bad placed face 'ABC/DEF'" in refused(lambda: Placement("ABC/DEF", 0, 0, 0))  # type: ignore[arg-type]


def test_check_refuses_a_hand_made_half_cell_as_the_file_reader_does() -> None:
    assert "has x 0.5" in refused(lambda: ubongo.check([Placement(FACE, 0, 0.5, 0)]))  # type: ignore[arg-type]
    data = {"cards": [{"card": "ABC/DEF", "rotation": 0, "x": 0.5, "y": 0}]}
    said = refused(lambda: layout_from_json(data, parse_literal))
    assert said == "layout: card 1 has x 0.5, not a whole number"


@pytest.mark.parametrize("function", ["check", "render", "hint"])
def test_a_hand_made_layout_of_more_than_a_deck_is_refused_at_once(function: str) -> None:
    """5,000 placements: refused before any work (once ``check`` reached 3.6 GB on them)."""
    many = [Placement(FACE, 0, 3 * (i % 100), 2 * (i // 100)) for i in range(5000)]
    call = {
        "check": lambda: ubongo.check(many),
        "render": lambda: ubongo.render(many),
        "hint": lambda: ubongo.hint("ABC/DEF", many),
    }[function]
    started = time.monotonic()
    message = refused(call)
    assert "5000 cards" in message and str(DECK_CARDS) in message
    assert time.monotonic() - started < 1


def test_a_hand_made_layout_meets_the_layout_files_rules() -> None:
    """A deck card in two places and cards out of each other's reach, as in a file."""
    deck = load_deck()
    twice = [Placement(deck.face("1w"), 0, 0, 0), Placement(deck.face("1b"), 0, 3, 0)]
    assert "card 1 is named twice" in refused(lambda: ubongo.check(twice))
    far = [Placement(FACE, 0, 0, 0), Placement(FACE, 0, 7, 0)]
    assert "farther apart" in refused(lambda: ubongo.render(far))
    assert ubongo.check([Placement(FACE, 0, 0, 0), Placement(FACE, 0, 6, 0)]).exit_code == 1  # within reach


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ((0, 1), "bad card number 0"),
        ((True, 1), "bad card number True"),
        ((1, 4), "card 1 has stack 4; stacks are 1, 2 and 3"),
        ((1, "1"), "card 1 has stack '1'"),
    ],
)
def test_a_deck_card_checks_its_number_and_stack(fields: tuple[Any, Any], said: str) -> None:
    assert said in refused(lambda: Card(*fields, FACE, FACE))


def test_a_deck_checks_its_cards() -> None:
    card = Card(1, 1, FACE, FACE)
    assert "files" in refused(lambda: Deck({2: card}, "mine"))
    text: Any = "ABC/DEF"
    assert "not a Face" in refused(lambda: Card(1, 1, FACE, text))
    cards = {n: Card(n, 1, FACE, FACE) for n in range(1, DECK_CARDS + 2)}
    assert f"{DECK_CARDS + 1} cards" in refused(lambda: Deck(cards, "mine"))


def test_a_deck_file_is_read_through_the_same_checks(tmp_path: Path, cardsolve: RunCli) -> None:
    """A deck file's bad stack or number is named as before, after the option's name."""
    for entry, said in (
        ({"number": 1, "stack": 5, "white": "ABC/DEF", "black": "ABC/DEF"}, "card 1 has stack 5"),
        ({"number": 0, "stack": 1, "white": "ABC/DEF", "black": "ABC/DEF"}, "bad card number 0"),
    ):
        path = tmp_path / "deck.json"
        path.write_text(json.dumps({"cards": [entry]}), encoding="utf-8")
        code, out, err = cardsolve("ubongo", "deck", "--deck", str(path))
        assert (code, out) == (2, "") and said in err and "--deck" in err and err.count("\n") == 1
    path.write_text(json.dumps({"cards": [{"number": 7, "stack": 2, "white": "ABC/DEF", "black": "AAA/BBB"}]}))
    code, out, _ = cardsolve("ubongo", "deck", "--deck", str(path))
    assert code == 0 and "7w" in out and "7b" in out
