"""``cardsolve ubongo deck`` lists the deck's faces (what the web page's deck picker
draws), and ``ubongo render``'s JSON carries the SVG picture itself (what the page shows)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import RunCli

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import check_distinct_cards, face_reader, load_deck, parse_literal
from cardsolve.models.ubongo.layout import read_layout
from cardsolve.models.ubongo.picture import svg_picture
from cardsolve.solvers.ubongo import api

TABLE = "tests/data/ubongo_table.json"
DECK = {
    "cards": [
        {"number": 1, "stack": 1, "white": "ABC/DEF", "black": "LLL/LLL"},
        {"number": 7, "stack": 2, "white": "EFG/HIJ", "black": "KKK/KKK"},
    ]
}


def test_deck_lists_every_face_of_the_bundled_deck_by_round(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "deck")
    document = json.loads(out)
    assert code == 0 and document["card_count"] == 108 and document["round"] is None and document["bundled"]
    faces = document["faces"]
    assert len(faces) == 216 and len({face["face"] for face in faces}) == 216
    deck = load_deck()
    for face in faces:
        card = deck.cards[face["number"]]
        assert face["face"] == f"{card.number}{face['side'][0]}"
        assert face["grid"] == "/".join((card.white if face["side"] == "white" else card.black).grid)
        assert face["stack"] == card.stack and face["round"] == 2 * card.stack - (face["side"] == "white")
    assert [face["round"] for face in faces] == sorted(face["round"] for face in faces)
    assert faces[0] == {"face": "1w", "grid": "BAD/CDB", "number": 1, "stack": 1, "side": "white", "round": 1}


def test_deck_of_one_round_in_text_is_the_faces_deal_hands_out(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("ubongo", "deck", "--round", "3")
    lines = out.splitlines()
    assert code == 0 and lines[:2] == [
        "108 cards in the bundled stand-in deck, two faces each:",
        "round 3 (stack 3|4, white): 36 faces",
    ]
    assert lines[2] == "   37w AAD/BFB   38w ACE/DDC   39w DCD/CFE   40w DCD/DFE   41w EAC/BFD   42w DEF/BEE"
    assert len(lines) == 8
    dealt = api.deal(3, seed=4).hands[0]
    assert all(f"{face.name} {'/'.join(face.grid)}" in out for face in dealt)
    answer = api.deck(round_number=3)
    assert (answer.text() + "\n", answer.exit_code) == (out, code)


def test_deck_of_a_deck_file(cardsolve: RunCli, tmp_path: Path) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps(DECK), encoding="utf-8")
    code, out, _ = cardsolve("--json", "ubongo", "deck", "--round", "4", "--deck", str(deck))
    assert code == 0 and json.loads(out) == {
        "round": 4,
        "bundled": False,
        "card_count": 2,
        "faces": [{"face": "7b", "grid": "KKK/KKK", "number": 7, "stack": 2, "side": "black", "round": 4}],
    }
    code, out, _ = cardsolve("ubongo", "deck", "--deck", str(deck))
    assert code == 0 and out.startswith(
        "2 cards in your deck, two faces each:\nround 1 (stack 1|2, white): 1 face\n    1w ABC/DEF\nround 2"
    )


def test_deck_refuses_a_round_that_does_not_exist(cardsolve: RunCli) -> None:
    code, out, err = cardsolve("ubongo", "deck", "--round", "7")
    assert (code, out, err) == (2, "", "error: bad --round 7: give 1 to 6\n")
    with pytest.raises(BadInput, match="7"):
        api.deck(round_number=7)


def test_render_json_holds_the_svg_picture(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "render", TABLE)
    document = json.loads(out)
    assert code == 0 and document["svg"] is None
    assert document["picture"] == svg_picture(read_layout(TABLE, face_reader()))
    assert document["picture"].startswith("<svg") and document["picture"].count("<polygon") == 3
    assert set(document) == {"layout", "ascii", "svg", "picture"}


def test_a_deck_card_named_twice_is_bad_input_naming_the_second() -> None:
    """Seeded hands of deck and literal faces: ``check_distinct_cards`` accepts them while
    each card number appears once (literal faces may repeat) and, when a hand names a
    card again by either face, is bad input naming the later of the two; hands met again
    (as a deck's faces are) answer the same."""
    deck = load_deck()
    rng = random.Random("distinct")
    literal = parse_literal("ABC/DEF")
    for case in range(400):
        numbers = rng.sample(sorted(deck.cards), rng.randint(1, 9))
        hand = [rng.choice((deck.cards[n].white, deck.cards[n].black)) for n in numbers] + [literal] * (case % 3)
        rng.shuffle(hand)
        check_distinct_cards(hand)
        card = deck.cards[rng.choice(numbers)]
        place = rng.randint(0, len(hand))
        named = [*hand[:place], rng.choice((card.white, card.black)), *hand[place:]]
        later = [face for face in named if face in (card.white, card.black)][1]
        with pytest.raises(BadInput, match=f"card {card.number} is named twice") as raised:
            check_distinct_cards(named)
        assert raised.value.token == later.name
