"""``cardsolve subito deck``: the deck's cards by colour and the 15 task-card sides with
their rules (what the web page's pickers and side chooser show), text and JSON; the
JSON document is itself a deck file; a bad deck file exits 2 with one line on stderr."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import RunCli

from cardsolve.models.subito import SIDES, load_deck
from cardsolve.solvers.subito import api


def test_deck_json_lists_the_bundled_deck_and_every_side(cardsolve: RunCli) -> None:
    code, out, err = cardsolve("--json", "subito", "deck")
    document = json.loads(out)
    assert code == 0 and not err
    assert sorted(document["cards"]) == sorted(card.name for card in load_deck())
    assert len(document["cards"]) == 72 and len(set(document["cards"])) == 72
    assert [card[0] for card in document["cards"]] == sorted(
        (card[0] for card in document["cards"]), key="RPYGLD".index
    )
    assert [entry["side"] for entry in document["sides"]] == list(SIDES)
    assert document["sides"][1] == {"side": "3a", "points": 3, "rule": "No yellow or green cards."}
    assert document["colours"]["L"] == "light blue" and document["symbols"]["T"] == "palm tree"


def test_deck_text_shows_the_rules_and_the_cards_by_colour(cardsolve: RunCli) -> None:
    code, out, err = cardsolve("subito", "deck")
    assert code == 0 and not err
    assert "9b    9     The first card is a 1 or a 6" in out
    assert "72 cards; symbols B burger, T palm tree, A anchor, R rocket, P peace, S star:" in out
    yellow = next(line for line in out.splitlines() if line.startswith("Y       yellow"))
    assert len(yellow.split()[-1].split(",")) == 12
    assert out == api.deck().text() + "\n"


def test_the_json_document_is_a_deck_file(cardsolve: RunCli, tmp_path: Path) -> None:
    _, out, _ = cardsolve("--json", "subito", "deck")
    path = tmp_path / "deck.json"
    path.write_text(out, encoding="utf-8")
    code, again, err = cardsolve("--json", "subito", "deck", "--deck", str(path))
    assert code == 0 and not err and json.loads(again) == json.loads(out)


def test_a_bad_deck_file_is_bad_input(cardsolve: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"cards": ["Y4A"] * 72}), encoding="utf-8")
    code, out, err = cardsolve("subito", "deck", "--deck", str(path))
    assert code == 2 and not out
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1 and "Y4A" in err
