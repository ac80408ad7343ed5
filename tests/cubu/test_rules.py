"""CUBU rules: the card notation, the stand-in deck and deck files, and colour sequences
(the rulebook's worked examples with their own cards)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsolve.models.cubu import (
    ACTIONS,
    DOWN,
    UP,
    Card,
    Follow,
    check_distinct,
    check_sequence,
    continuations,
    deck_from_json,
    declarations,
    format_cards,
    load_deck,
    openings,
    parse_card,
    parse_cards,
)
from cardsolve.models.cubu.deal import regular_hand
from cardsolve.models.cubu.deck_generator import TARGET, generate
from cardsolve.models.errors import BadInput


def card(text: str) -> Card:
    return parse_card(text)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# --- the notation ---------------------------------------------------------------------


def test_card_notation_innermost_first() -> None:
    drg = card(" d-r-g ")
    assert drg.colours == ("D", "R", "G") and drg.name == str(drg) == "D-R-G"
    assert (drg.boxes, drg.colour_at(1), drg.colour_at(2), drg.colour_at(3), drg.colour_at(4)) == (
        3,
        "D",
        "R",
        "G",
        None,
    )
    assert (drg.position_of("G"), drg.position_of("O")) == (3, None)
    assert not drg.is_action and drg.points == 5
    miss = card("MISS")
    assert miss.is_action and miss.name == "miss" and miss.boxes == 0 and miss.points == 10
    assert format_cards(cards("D-R-G,l-p,miss")) == "D-R-G,L-P,miss"
    assert [card(name).action for name in ACTIONS] == list(ACTIONS)
    assert parse_cards(" ") == []


@pytest.mark.parametrize(
    "text", ["D", "D-X", "D-D", "D-R-G-L-O-P-D", "D--R", "D-R-", "", "pickup4", "DR", "D-R G", "1-2"]
)
def test_bad_card_names_the_token(text: str) -> None:
    with pytest.raises(BadInput) as error:
        parse_card(text)
    assert repr(text) in str(error.value) and error.value.token == text


def test_cards_show_2_to_6_boxes() -> None:
    """The rulebook: "Cards show 2, 3, 4, 5 and 6 boxes" (not 1, as DESIGN.md has it)."""
    assert card("D-R").boxes == 2 and card("D-R-G-L-O-P").boxes == 6
    with pytest.raises(BadInput, match="2 to 6"):
        parse_card("D")


def test_regular_cards_are_unique_action_cards_come_in_pairs() -> None:
    with pytest.raises(BadInput, match="D-R appears twice") as error:
        parse_cards("D-R,L-G,d-r")
    assert error.value.token == "D-R"
    assert format_cards(parse_cards("miss,D-R,miss")) == "miss,D-R,miss"
    with pytest.raises(BadInput, match="3 times") as error:
        check_distinct([*cards("swap,swap"), card("swap")], "the hand")
    assert error.value.token == "swap"
    with pytest.raises(BadInput, match="empty card"):
        parse_cards("D-R,,miss")


@given(st.text())
def test_any_text_parses_or_is_bad_input(text: str) -> None:
    """Any text is a card that reads back the same from its name, or one line of bad input."""
    try:
        read = parse_card(text)
    except BadInput as error:
        assert error.token is not None and "\n" not in str(error)
    else:
        assert parse_card(read.name) == read
    try:
        hand = parse_cards(text)
    except BadInput as error:
        assert error.token is not None and "\n" not in str(error)
    else:
        assert parse_cards(",".join(c.name for c in hand)) == hand


@given(st.lists(st.sampled_from(["D", "L", "R", "G", "O", "P", "-", ",", "miss", "swap", " ", "x"]), max_size=20))
def test_card_like_text_parses_or_is_bad_input(parts: list[str]) -> None:
    text = "".join(parts)
    try:
        parsed = parse_cards(text)
    except BadInput:
        return
    assert parse_cards(format_cards(parsed)) == parsed


# --- the deck -------------------------------------------------------------------------


def test_the_bundled_deck() -> None:
    deck = load_deck()
    assert len(deck.regular) == len(set(deck.regular)) == 48
    assert Counter(c.action for c in deck.actions) == dict.fromkeys(ACTIONS, 2)
    assert len(deck.cards) == 60
    assert all(2 <= c.boxes <= 6 and len(set(c.colours)) == c.boxes for c in deck.regular)
    assert sorted(Counter(c.boxes for c in deck.regular).values()) == [9, 9, 10, 10, 10]
    for position in range(1, 7):
        counts = Counter(c.colour_at(position) for c in deck.regular if c.colour_at(position))
        assert len(counts) == 6 and max(counts.values()) - min(counts.values()) <= 2


def test_the_generator_made_the_bundled_deck() -> None:
    assert generate() == json.loads(TARGET.read_text(encoding="utf-8"))


def longest(top: Card, hand: list[Card]) -> int:
    """The most cards ``hand`` can play in one sequence on ``top``."""

    def run(step: Follow, left: list[Card]) -> int:
        return max(
            (1 + run(step.after(), [c for c in left if c != nxt]) for nxt in continuations(step, left)), default=0
        )

    return max((run(follow, hand) for follow in declarations(top)), default=0)


def test_sequences_of_two_to_four_are_common_but_not_guaranteed() -> None:
    """In random deals of a top card and 7 cards from the stand-in deck, most hands can
    play a sequence of 2 to 4 cards, and a few cannot play at all."""
    deck, rng = load_deck(), random.Random(7)
    lengths = Counter(longest(*regular_hand(rng, 7, deck)) for _ in range(1000))
    assert sum(lengths[n] for n in (2, 3, 4)) > 700 and 0 < lengths[0] < 50


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def bundled() -> dict[str, list[object]]:
    deck = load_deck()
    return {"regular": [c.name for c in deck.regular], "actions": [c.name for c in deck.actions]}


def test_a_deck_file_of_ones_own(tmp_path: Path) -> None:
    assert load_deck(write(tmp_path, bundled())) == load_deck()


@pytest.mark.parametrize(
    "change, token",
    [
        (lambda d: d["regular"].__setitem__(0, "D-Q"), "D-Q"),
        (lambda d: d["regular"].__setitem__(0, "D"), "D"),
        (lambda d: d["regular"].pop(), "47"),
        (lambda d: d["actions"].__setitem__(0, "pickup9"), "pickup9"),
        (lambda d: d["actions"].__setitem__(0, "D-R"), "D-R"),
        (lambda d: d["regular"].__setitem__(0, 7), "7"),
        (lambda d: d.pop("actions"), "actions"),
    ],
)
def test_deck_file_errors_name_the_token(
    tmp_path: Path, change: Callable[[dict[str, list[object]]], object], token: str
) -> None:
    data = bundled()
    change(data)
    with pytest.raises(BadInput) as error:
        load_deck(write(tmp_path, data))
    assert str(tmp_path) in str(error.value) and error.value.token == token and token in str(error.value)


def test_duplicate_and_miscounted_cards_in_a_deck_file(tmp_path: Path) -> None:
    data = bundled()
    data["regular"][0] = data["regular"][1]
    with pytest.raises(BadInput, match="appears twice") as error:
        load_deck(write(tmp_path, data))
    assert error.value.token == data["regular"][1]
    data = bundled()
    data["actions"][0] = "swap"
    with pytest.raises(BadInput) as error:
        load_deck(write(tmp_path, data))
    assert error.value.token in ("swap", "miss")


def test_unreadable_deck_file(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(BadInput, match="cannot read deck") as error:
        load_deck(path)
    assert error.value.token == str(path)
    with pytest.raises(BadInput, match="cannot read deck"):
        load_deck(tmp_path / "missing.json")
    with pytest.raises(BadInput, match="JSON object"):
        deck_from_json([], "list")


# --- colour sequences -----------------------------------------------------------------


def test_the_rulebook_sequence_definition_dark_blue_2_3_4() -> None:
    """ "the turned over card shows a Dark Blue 2, Dark Blue 3 and Dark Blue 4 box in a row"."""
    played = cards("R-G-D,R-G-L-D")
    check_sequence(card("R-D-G"), Follow("D", 2, UP), played)  # raises if they do not follow
    assert [c.colour_at(position) for c, position in zip(played, (3, 4))] == ["D", "D"]


def test_the_rulebook_orange_example_up_and_down() -> None:
    """Follow Orange 3: place Orange 4, Orange 5, Orange 6 - or decrease: Orange 2, then Orange 1."""
    top = card("D-R-O")
    up = cards("D-R-G-O,D-R-G-L-O,D-R-G-L-P-O")
    down = cards("D-O,O-D")
    check_sequence(top, Follow("O", 3, UP), up)
    check_sequence(top, Follow("O", 3, DOWN), down)
    with pytest.raises(BadInput, match="position 2") as error:
        check_sequence(top, Follow("O", 3, DOWN), up[:1])
    assert error.value.token == "D-R-G-O"


def test_a_sequence_stops_at_position_6_going_up() -> None:
    six = card("D-R-G-L-P-O")
    assert Follow("O", 6, UP).next_position == 7
    assert not continuations(Follow("O", 6, UP), load_deck().regular)
    assert Follow("O", 6, UP) not in declarations(six) and Follow("O", 6, DOWN) in declarations(six)
    with pytest.raises(BadInput, match="ended at position 6") as error:
        check_sequence(card("D-R-G-L-O"), Follow("O", 5, UP), [six, card("D-R-G-L-P")])
    assert error.value.token == "D-R-G-L-P"


def test_a_sequence_stops_at_position_1_going_down() -> None:
    assert Follow("D", 1, DOWN) not in declarations(card("D-R"))
    assert not continuations(Follow("O", 1, DOWN), load_deck().regular)
    with pytest.raises(BadInput, match="R-O cannot follow: the sequence ended at position 1") as error:
        check_sequence(card("D-O"), Follow("O", 2, DOWN), cards("O-D,R-O"))
    assert error.value.token == "R-O"


def test_a_sequence_stops_at_the_cards_box_count() -> None:
    """A card with 4 boxes has no position 5: nothing follows its outermost box upwards."""
    four = card("D-G-L-R")
    assert four.colour_at(5) is None
    check_sequence(card("D-G-R"), Follow("R", 3, UP), [four])
    with pytest.raises(BadInput, match="needs red at position 4"):
        check_sequence(card("D-G-R"), Follow("R", 3, UP), [card("L-D-G")])
    assert not [c for c in load_deck().regular if c.boxes == 4 and Follow("R", 4, UP).accepts(c)]


def test_the_declared_box_must_be_on_the_top_card() -> None:
    with pytest.raises(BadInput, match="no box O2"):
        check_sequence(card("D-R"), Follow("O", 2, UP), cards("D-G-O"))
    with pytest.raises(BadInput, match="at least one card"):
        check_sequence(card("D-R"), Follow("R", 2, UP), [])
    with pytest.raises(BadInput):
        check_sequence(card("D-R"), Follow("R", 2, UP), cards("miss"))


def test_openings_list_every_box_direction_and_first_card() -> None:
    top = card("D-R")
    hand = cards("R-D,L-D,G-R-D,D-L,miss")
    assert declarations(top) == [Follow("D", 1, UP), Follow("R", 2, UP), Follow("R", 2, DOWN)]
    assert openings(top, hand) == [
        (Follow("D", 1, UP), card("R-D")),
        (Follow("D", 1, UP), card("L-D")),
        (Follow("R", 2, DOWN), card("R-D")),
    ]
    assert openings(top, cards("G-P,miss")) == []
    assert str(Follow("O", 3, DOWN)) == "orange 3 down"
