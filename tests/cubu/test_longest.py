"""The longest CUBU run: the rulebook's examples, both directions, the ends of a run, the
list of maximal runs, bad input, and the search against the brute-force reference."""

from __future__ import annotations

import random

import pytest

from cardsolve.models.cubu import DOWN, UP, Card, Follow, declarations, load_deck, parse_card, parse_cards
from cardsolve.models.cubu.deal import one_run_hand, shuffled_hand
from cardsolve.models.errors import BadInput
from cardsolve.solvers.cubu import api as cubu
from cardsolve.solvers.cubu.longest import longest, longest_runs, maximal_runs, reference_runs
from cardsolve.solvers.cubu.results import Run

DECK = load_deck()


def run(colour: str, position: int, direction: int, played: str) -> Run:
    return Run(Follow(colour, position, direction), tuple(parse_cards(played)))


def test_the_rulebook_dark_blue_2_3_4() -> None:
    hand = parse_cards("R-D,R-L-D,R-L-G-D,O-P")
    assert longest(parse_card("D-R"), hand) == run("D", 1, UP, "R-D,R-L-D,R-L-G-D")


def test_the_rulebook_orange_3_up_to_6_or_down_to_1() -> None:
    top = parse_card("L-R-O")
    hand = parse_cards("D-G-P-O,D-G-P-L-O,D-G-P-L-R-O,G-O,O-G")
    assert longest_runs(top, hand) == [run("O", 3, UP, "D-G-P-O,D-G-P-L-O,D-G-P-L-R-O"), run("O", 3, DOWN, "G-O,O-G")]


def test_a_run_stops_where_no_card_has_the_box() -> None:
    # After dark blue 3 the run needs dark blue 4: the three-box card R-P-L has no box 4.
    top = parse_card("G-D")
    assert longest_runs(top, parse_cards("P-R-D,R-P-L,R-P-L-D")) == [run("D", 2, UP, "P-R-D,R-P-L-D")]
    assert longest_runs(top, parse_cards("P-R-D,R-P-L")) == [run("D", 2, UP, "P-R-D")]


def test_every_maximal_choice_is_listed_longest_first() -> None:
    # Two cards show red at 3: two runs of two; P-L-G follows green 2 up, a run of one.
    top = parse_card("R-G")
    hand = parse_cards("O-R,L-O-R,D-O-R,P-L-G")
    assert longest_runs(top, hand) == [
        run("R", 1, UP, "O-R,L-O-R"),
        run("R", 1, UP, "O-R,D-O-R"),
        run("G", 2, UP, "P-L-G"),
    ]
    assert longest_runs(top, hand, limit=1) == [run("R", 1, UP, "O-R,L-O-R")]
    # One card can follow two declarations: both choices are listed.
    assert longest_runs(parse_card("D-R"), parse_cards("R-D")) == [run("D", 1, UP, "R-D"), run("R", 2, DOWN, "R-D")]


def test_a_limited_list_says_how_many_choices_there_are() -> None:
    top, hand = "R-G", "O-R,L-O-R,D-O-R,P-L-G"
    cut = cubu.longest(top, hand, limit=2)
    assert cut.runs == tuple(longest_runs(parse_card(top), parse_cards(hand), limit=2)) and cut.maximal == 3
    assert "the 2 longest maximal choices" in cut.text()
    assert cut.text().endswith("\n3 maximal choices in all: --limit N shows more.")
    assert cut.to_json()["maximal"] == 3 and len(cut.to_json()["others"]) == 1
    whole = cubu.longest(top, hand, limit=3)
    assert whole.maximal == 3 and "every maximal choice" in whole.text() and whole.to_json()["maximal"] == 3
    assert cubu.longest(top, "miss").to_json()["maximal"] == 0


def test_nothing_to_play() -> None:
    assert longest(parse_card("D-R"), []) is None
    assert longest_runs(parse_card("D-R"), parse_cards("miss,O-P,interrupt")) == []


def test_the_json_shape() -> None:
    found = longest(parse_card("D-R-G"), parse_cards("O-L-P-G"))
    assert found is not None and found.as_json() == {
        "length": 1,
        "box": {"colour": "G", "position": 3},
        "direction": "up",
        "cards": ["O-L-P-G"],
    }


def test_the_top_card_cannot_also_be_in_hand() -> None:
    with pytest.raises(BadInput, match="the top card D-L-G is also in the hand") as error:
        longest_runs(parse_card("D-L-G"), parse_cards("O-P,D-L-G"))
    assert error.value.token == "D-L-G"


def test_bad_input() -> None:
    with pytest.raises(BadInput):
        parse_card("D-X")
    with pytest.raises(BadInput):
        parse_card("D")
    with pytest.raises(BadInput, match="action"):
        longest_runs(parse_card("miss"), parse_cards("D-R"))
    with pytest.raises(BadInput, match="twice"):
        longest_runs(parse_card("D-R"), [parse_card("R-D"), parse_card("R-D")])
    with pytest.raises(BadInput):
        longest(parse_card("D-R"), [Card(action="swap")] * 3)


def instances() -> list[tuple[Card, list[Card]]]:
    rng = random.Random(7)
    found = []
    for index in range(360):
        top, hand = shuffled_hand(rng, 0, 7, DECK)
        if index % 6 == 0:
            hand = []
        elif index % 6 == 1:
            hand = [card for card in hand if not any(f.accepts(card) for f in declarations(top))]
        elif index % 6 == 2:
            top, hand = one_run_hand(rng)
        found.append((top, hand))
    return found


@pytest.mark.parametrize("top,hand", instances())
def test_the_search_matches_the_reference(top: Card, hand: list[Card]) -> None:
    every = longest_runs(top, hand, limit=None)
    assert len(set(every)) == len(every) and set(every) == reference_runs(top, hand)
    assert [len(r) for r in every] == sorted((len(r) for r in every), reverse=True)
    assert longest_runs(top, hand, limit=3) == every[:3]
    best = longest(top, hand)
    assert (best is None) == (not every) and (best is None or len(best) == len(every[0]))
    assert bool(every) == any(f.accepts(card) for f in declarations(top) for card in hand)
    assert set(maximal_runs(top, hand)) == set(every)


def test_a_hand_that_is_one_run_plays_whole() -> None:
    rng = random.Random(3)
    for _ in range(50):
        top, hand = one_run_hand(rng)
        best = longest(top, hand)
        assert best is not None and sorted(best.cards) == sorted(hand)
