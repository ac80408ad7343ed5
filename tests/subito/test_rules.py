"""Subito rules: the card notation, the stand-in deck, and every task-card side's rule
with accept and reject cases in the rulebook's own wording."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import (
    SIDES,
    Card,
    accepts,
    first_wrong,
    format_cards,
    load_deck,
    parse_card,
    parse_cards,
    parse_side,
    parse_tasks,
    points,
    tasks_from_names,
)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def ok(side: str, placed: str) -> bool:
    """Whether the cards ``placed`` (in order) are all correct on ``side``."""
    return first_wrong(parse_side(side), cards(placed)) is None


# --- cards and the deck ---------------------------------------------------------------


def test_card_notation() -> None:
    card = parse_card(" y4a ")
    assert (card.colour, card.number, card.symbol, card.name, str(card)) == ("Y", 4, "A", "Y4A", "Y4A")
    assert format_cards(parse_cards("Y4A,r1b")) == "Y4A,R1B"
    assert parse_cards("") == []


@pytest.mark.parametrize("text", ["X4A", "Y7A", "Y0A", "Y4Q", "Y4", "Y44A", "4YA", "", "Y 4A"])
def test_bad_card_names_the_token(text: str) -> None:
    with pytest.raises(BadInput) as error:
        parse_card(text)
    assert repr(text) in str(error.value) and error.value.token == text


def test_empty_card_and_card_twice_in_a_pile() -> None:
    with pytest.raises(BadInput, match="empty card"):
        parse_cards("Y4A,,R1B")
    with pytest.raises(BadInput, match="R1B appears twice") as error:
        parse_cards("R1B,Y4A,r1b")
    assert error.value.token == "R1B"


def test_the_deck_is_balanced() -> None:
    deck = load_deck()
    assert len(deck) == len(set(deck)) == 72
    for key in (lambda c: c.colour, lambda c: c.number, lambda c: c.symbol):
        assert sorted(Counter(map(key, deck)).values()) == [12] * 6


@pytest.mark.parametrize(
    ("deck", "token"),
    [
        ({"cards": ["Y4A"]}, "1"),
        ({"cards": ["Y4A", "Y4Q"]}, "Y4Q"),
        ({"deck": []}, "cards"),
        ({"cards": [7]}, "7"),
    ],
)
def test_bad_deck_files(tmp_path: Path, deck: dict[str, list[object]], token: str) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck), encoding="utf-8")
    with pytest.raises(BadInput, match=token):
        load_deck(path)


def test_an_unbalanced_deck_file_names_the_value(tmp_path: Path) -> None:
    names = [c.name for c in load_deck()]
    spare = next(f"R{n}{s}" for n in range(1, 7) for s in "BTARPS" if f"R{n}{s}" not in names)
    first_dark_blue = next(k for k, name in enumerate(names) if name.startswith("D"))
    names[first_dark_blue] = spare  # one dark blue card fewer, one red card more
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"cards": names}), encoding="utf-8")
    with pytest.raises(BadInput, match="colour D is on 11 cards"):
        load_deck(path)


# --- sides ----------------------------------------------------------------------------


def test_the_fifteen_sides_and_their_points() -> None:
    assert list(SIDES) == ["2", "3a", "3b", "4a", "4b", "5a", "5b", "6a", "6b", "7a", "7b", "8a", "8b", "9a", "9b"]
    assert [points(parse_side(s)) for s in ("2", "3b", "9a")] == [2, 3, 9]
    assert parse_side("2a") is parse_side("2B") is SIDES["2"]
    assert all(side.rule.endswith(".") for side in SIDES.values())


def test_parse_tasks_orders_by_number() -> None:
    tasks = parse_tasks("9b,2a,3a,4b,5a,6b,7a,8A")
    assert [s.name for s in tasks] == ["2", "3a", "4b", "5a", "6b", "7a", "8a", "9b"]


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("2,3a,4b,5a,6b,7a,8a,9c", "9c"),
        ("2,3a,3b,4b,5a,6b,7a,8a,9b", "3b"),
        ("2,3a,4b,5a,6b,7a,8a", "9"),
        ("2,3a,4b,6b,7a,8a", "5"),
        ("2,3a,,4b,5a,6b,7a,8a,9b", "empty side"),
        ("2,2b,3a,4b,5a,6b,7a,8a,9b", "2b"),
    ],
)
def test_bad_tasks_name_the_token(text: str, token: str) -> None:
    with pytest.raises(BadInput, match=token):
        parse_tasks(text)


# Each case: side, cards placed in order, and whether they are all correct there.
RULES = [
    # Task card "2": every card may be placed without restrictions.
    ("2", "Y4A,G1S,D6R,R2B", True),
    # "3" side 1: no cards that are yellow or green may be placed.
    ("3a", "R1B,P2T,L3A,D4R", True),
    ("3a", "Y1B", False),
    ("3a", "G1B", False),
    # "3" side 2: only burger, palm tree or anchor symbols.
    ("3b", "Y1B,G2T,D3A", True),
    ("3b", "Y1R", False),
    ("3b", "Y1P", False),
    ("3b", "Y1S", False),
    # "4" side 1: only values 2, 4 or 6.
    ("4a", "Y2B,G4T,D6A", True),
    ("4a", "Y1B", False),
    ("4a", "Y5B", False),
    # "4" side 2: only rocket or peace, alternating; either may begin.
    ("4b", "Y1R,G2P,D3R", True),
    ("4b", "Y1P,G2R", True),
    ("4b", "Y1R,G2R", False),
    ("4b", "Y1B", False),
    ("4b", "Y1P,G2R,D3S", False),
    # "5" side 1: in principle all cards may be placed (the 12 limit is scored, not removed).
    ("5a", "Y6A,G6B,D6R", True),
    # "5" side 2: only values 5 and 6.
    ("5b", "Y5A,G6B", True),
    ("5b", "Y4A", False),
    ("5b", "Y5A,G1B", False),
    # "6" side 1: no more than two colours, alternating; the first card free.
    ("6a", "D1A", True),
    ("6a", "D1A,R2B", True),
    ("6a", "D1A,D2B", False),
    ("6a", "D1A,R2B,D3T,R4S", True),
    ("6a", "D1A,R2B,Y3T", False),
    ("6a", "D1A,R2B,R3T", False),
    # "6" side 2: alternately even and odd values; either may begin.
    ("6b", "Y1A,G2B,D3T", True),
    ("6b", "Y2A,G5B,D4T", True),
    ("6b", "Y1A,G3B", False),
    ("6b", "Y2A,G6B", False),
    # "7" side 1: the same value or the same symbol as the previous card.
    ("7a", "Y1A,G1B,G4B,R4T", True),
    ("7a", "Y1A,G2B", False),
    ("7a", "Y1A,Y2B", False),
    # "7" side 2: no more than two symbols, alternating; the first card free.
    ("7b", "Y1A,G2B,D3A,R4B", True),
    ("7b", "Y1A,G2A", False),
    ("7b", "Y1A,G2B,D3R", False),
    ("7b", "Y1A,G2B,D3B", False),
    # "8" side 1: the colour adjacent on the bar R P Y G L D; yellow's neighbours are pink and green.
    ("8a", "R1A,P1A", True),
    ("8a", "D1A,R1B", False),
    ("8a", "R1A,D1B", False),
    ("8a", "L1A,D1B", True),
    ("8a", "Y1A,P1B", True),
    ("8a", "Y1A,G1B", True),
    ("8a", "Y1A,L1B", False),
    ("8a", "Y1A,R1B", False),
    ("8a", "R1A,P2B,Y3T,G4R,L5P,D6S,L1A,G2B", True),
    ("8a", "Y1A,Y2B", False),
    # "8" side 2: exactly one higher or one lower than the previous card.
    ("8b", "Y3A,G4B,D3T,R2R", True),
    ("8b", "Y3A,G5B", False),
    ("8b", "Y3A,G3B", False),
    ("8b", "Y6A,G1B", False),
    # "9" side 1: differs from the previous card in all three properties.
    ("9a", "Y1A,G2B,Y3T", True),
    ("9a", "Y1A,Y2B", False),
    ("9a", "Y1A,G1B", False),
    ("9a", "Y1A,G2A", False),
    # "9" side 2: first a 1 or a 6, then ascending or descending, turning at 1 and 6.
    ("9b", "Y1A,G2B,D3T,R4R,P5P,L6S,Y5B", True),
    ("9b", "Y6A,G5B,D4T", True),
    ("9b", "Y3A", False),
    ("9b", "Y1A,G3B", False),
    ("9b", "Y1A,G2B,D1T", False),
    ("9b", "Y6A,G5B,D6T", False),
    ("9b", "Y6A,G5B,D4T,R3R,P2P,L1S,Y2B", True),
    ("9b", "Y1A,G6B", False),
    ("9b", "Y6A,G1B", False),
]


@pytest.mark.parametrize(("side", "placed", "correct"), RULES, ids=[f"{s}:{p}" for s, p, _ in RULES])
def test_side_rules(side: str, placed: str, correct: bool) -> None:
    assert ok(side, placed) is correct


def test_every_side_has_accept_and_reject_cases() -> None:
    verdicts: dict[str, set[bool]] = {}
    for side, _, correct in RULES:
        verdicts.setdefault(side, set()).add(correct)
    assert all(verdicts[s] == {True, False} for s in SIDES if s not in ("2", "5a"))


def test_alternation_with_first_and_second_card() -> None:
    side = parse_side("6a")
    first, second = parse_card("D1A"), parse_card("R2B")
    assert all(accepts(side, [], parse_card(c)) for c in ("D1A", "Y2B", "G6S"))
    assert not accepts(side, [first], parse_card("D3T"))
    assert accepts(side, [first], second)
    assert accepts(side, [first, second], parse_card("D3T")) and not accepts(side, [first, second], parse_card("Y3T"))


def test_first_wrong_is_the_first_broken_card() -> None:
    assert first_wrong(parse_side("9b"), cards("Y1A,G2B,D4T,R3R")) == 2
    assert first_wrong(parse_side("3a"), cards("R1A,G2B,Y3T")) == 1
    assert first_wrong(parse_side("3a"), []) is None


# --- fuzz: bad input is BadInput, good input round-trips ------------------------------

TEXT = st.text(alphabet="RPYGLDBTASrpygldbtas0123456789, x-", max_size=40)


@given(TEXT)
def test_fuzz_parse_card(text: str) -> None:
    try:
        card = parse_card(text)
    except BadInput:
        return
    assert parse_card(card.name) == card and card.name == text.strip().upper()


@given(TEXT)
def test_fuzz_parse_cards(text: str) -> None:
    try:
        pile = parse_cards(text)
    except BadInput:
        return
    assert parse_cards(format_cards(pile)) == pile and len(set(pile)) == len(pile)


ONE_SIDE_EACH = (
    st.tuples(*(st.sampled_from([s for s in [*SIDES, "2a", "2B", "3A"] if s[0] == str(n)]) for n in range(2, 10)))
    .flatmap(st.permutations)
    .map(",".join)
)
NOISE = st.lists(st.sampled_from([*SIDES, "2a", "9c", "", " 3b", "x"]), max_size=10).map(",".join)


@given(st.one_of(ONE_SIDE_EACH, NOISE))
def test_fuzz_parse_tasks(text: str) -> None:
    try:
        tasks = parse_tasks(text)
    except BadInput:
        return
    assert tasks_from_names(s.name for s in tasks) == tasks and [s.number for s in tasks] == list(range(2, 10))
