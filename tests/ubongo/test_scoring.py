"""Ubongo round plan and scoring (rulebook "Gameplay", "Reward", "New Round" and "End of
the Game"), with the rulebook's own example where it gives one."""

from __future__ import annotations

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import SYMBOLS, Card, Deck, Face
from cardsolve.models.ubongo.scoring import (
    ROUNDS,
    RoundResult,
    Standing,
    deal,
    game_ranking,
    hand_faces,
    round_points,
    side_for_round,
    stack_for_round,
)


def face(number: int, step: int, side: str) -> Face:
    """A made-up face for card ``number``: six symbols ``step`` letters apart."""
    letters = "".join(SYMBOLS[(number + step * k) % len(SYMBOLS)] for k in range(6))
    return Face((letters[:3], letters[3:]), f"{number}{side}")


def small_deck(per_stack: int = 36) -> Deck:
    """``per_stack`` cards in each of the 3 stacks, numbered on from 1."""
    numbers = range(1, 3 * per_stack + 1)
    return Deck({n: Card(n, (n - 1) // per_stack + 1, face(n, 1, "w"), face(n, 5, "b")) for n in numbers}, "test")


# -- Reward ---------------------------------------------------------------------------


def test_the_rulebook_example() -> None:
    results = [
        RoundResult("Lucy", 7, True, True),
        RoundResult("Finn", 4, True, False),
        RoundResult("Mia", 5, False, False),
    ]
    assert round_points(results) == {"Lucy": 10, "Finn": 4, "Mia": 0}


def test_simultaneous_callers_each_score_ten() -> None:
    results = [
        RoundResult("Lucy", 7, True, True),
        RoundResult("Finn", 7, True, True),
        RoundResult("Mia", 3, True, False),
    ]
    assert round_points(results) == {"Lucy": 10, "Finn": 10, "Mia": 3}


def test_an_invalid_caller_scores_nothing() -> None:
    results = [RoundResult("Lucy", 7, False, True), RoundResult("Finn", 6, True, False)]
    assert round_points(results) == {"Lucy": 0, "Finn": 6}


def test_the_early_end_scores_the_cards_laid() -> None:
    results = [
        RoundResult("Lucy", 6, True, False),
        RoundResult("Finn", 2, True, False),
        RoundResult("Mia", 5, False, False),
    ]
    assert round_points(results) == {"Lucy": 6, "Finn": 2, "Mia": 0}


@pytest.mark.parametrize(
    "result",
    [
        RoundResult("Lucy", 6, True, True),
        RoundResult("Lucy", 8, False, True),
        RoundResult("Lucy", 10, True, False),
        RoundResult("Lucy", -1, True, False),
    ],
)
def test_impossible_results_are_bad_input(result: RoundResult) -> None:
    with pytest.raises(BadInput):
        round_points([result])


def test_a_player_scores_once_a_round() -> None:
    with pytest.raises(BadInput, match="twice"):
        round_points([RoundResult("Lucy", 7, True, True), RoundResult("Lucy", 3, True, False)])


# -- End of the game ------------------------------------------------------------------


def test_most_points_win_then_most_ten_point_rounds() -> None:
    # Finn and Mia both total 30; Finn scored 10 twice, Mia once
    rounds = [
        {"Lucy": 10, "Finn": 10, "Mia": 6},
        {"Lucy": 10, "Finn": 10, "Mia": 10},
        {"Lucy": 10, "Finn": 4, "Mia": 7},
        {"Lucy": 3, "Finn": 6, "Mia": 7},
    ]
    assert game_ranking(rounds) == [Standing(1, "Lucy", 33, 3), Standing(2, "Finn", 30, 2), Standing(3, "Mia", 30, 1)]


def test_players_still_tied_share_their_place() -> None:
    # Lucy and Finn: 14 points and one 10 each; Mia 14 points, no 10
    rounds = [{"Lucy": 10, "Finn": 4, "Mia": 6, "Ole": 2}, {"Lucy": 4, "Finn": 10, "Mia": 8, "Ole": 2}]
    assert game_ranking(rounds) == [
        Standing(1, "Finn", 14, 1),
        Standing(1, "Lucy", 14, 1),
        Standing(3, "Mia", 14, 0),
        Standing(4, "Ole", 4, 0),
    ]


def test_a_ranking_needs_rounds_of_the_same_players() -> None:
    with pytest.raises(BadInput):
        game_ranking([])
    with pytest.raises(BadInput, match="round 2"):
        game_ranking([{"Lucy": 4, "Finn": 5}, {"Lucy": 4}])


# -- The round plan -------------------------------------------------------------------


def test_stacks_and_sides_by_round() -> None:
    assert [stack_for_round(r) for r in range(1, ROUNDS + 1)] == [1, 1, 2, 2, 3, 3]
    assert [side_for_round(r) for r in range(1, ROUNDS + 1)] == ["white", "black"] * 3
    for bad in (0, ROUNDS + 1):
        with pytest.raises(BadInput):
            stack_for_round(bad)


def test_dealing_is_seeded() -> None:
    deck = small_deck()
    assert deal(deck, 2, 3, seed=7) == deal(deck, 2, 3, seed=7)
    assert deal(deck, 2, 3, seed=7) != deal(deck, 2, 3, seed=8)


@pytest.mark.parametrize("stack", [1, 2, 3])
def test_each_player_gets_nine_distinct_cards_of_the_stack(stack: int) -> None:
    hands = deal(small_deck(), stack, 4, seed=1)
    numbers = [card.number for hand in hands for card in hand]
    assert [len(hand) for hand in hands] == [9, 9, 9, 9]
    assert len(set(numbers)) == 36
    assert {card.stack for hand in hands for card in hand} == {stack}


def test_the_even_round_turns_the_same_cards_to_black() -> None:
    hand = deal(small_deck(), 2, 2, seed=3)[0]
    assert hand_faces(hand, 3) == [card.white for card in hand]
    assert hand_faces(hand, 4) == [card.black for card in hand]
    assert [f.name for f in hand_faces(hand, 4)] == [f"{card.number}b" for card in hand]
    with pytest.raises(BadInput, match="stack 2"):
        hand_faces(hand, 5)


@pytest.mark.parametrize("deck, players", [(small_deck(), 5), (small_deck(), 0), (small_deck(20), 3)])
def test_a_stack_serves_only_so_many_players(deck: Deck, players: int) -> None:
    with pytest.raises(BadInput):
        deal(deck, 1, players, seed=0)


def test_there_are_three_stacks() -> None:
    with pytest.raises(BadInput, match="stack 4"):
        deal(small_deck(), 4, 2, seed=0)
