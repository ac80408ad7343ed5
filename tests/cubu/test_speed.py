"""Speed CUBU: relating cards in both modes (the rulebook's diagram example with its own
cards), the grid, wrong cards, the deal of 5 more, co-winners, and whole seeded games."""

from __future__ import annotations

import random

import pytest

from cardsolve.models.cubu import Card, load_deck, parse_card, parse_cards
from cardsolve.models.cubu.speed import (
    CENTRE,
    PENALTY,
    Cell,
    LayView,
    RandomPolicy,
    deal_more,
    frontier,
    hand_size,
    legal_cells,
    place,
    placements,
    play_game,
    play_race,
    race_points,
    relates,
    wrong_card,
)
from cardsolve.models.errors import BadInput


def card(text: str) -> Card:
    return parse_card(text)


# --- relating cards ---------------------------------------------------------------------


NEIGHBOUR = card("L-R-G-O-P")
"""The diagram's card: light blue 1, red 2, green 3, orange 4, purple 5."""


@pytest.mark.parametrize(
    "text, shows",
    [
        ("D-L", "light blue 2"),
        ("R-D", "red 1"),
        ("L-D-R", "red 3"),
        ("D-G", "green 2"),
        ("L-R-D-G", "green 4"),
        ("L-D-O", "orange 3"),
        ("L-R-G-D-O", "orange 5"),
        ("L-R-D-P", "purple 4"),
        ("L-R-G-O-D-P", "purple 6"),
    ],
)
def test_the_colour_diagram_example(text: str, shows: str) -> None:
    """The card next to it "could be: Light Blue 2; Red 1 or 3; Green 2 or 4; Orange 3 or 5;
    or Purple 4 or 6"; each card here shows just that one box one position off."""
    assert relates(card(text), NEIGHBOUR, "colour")


@pytest.mark.parametrize("text", ["L-R", "L-R-G-O-D", "D-P-G", "G-D", "O-P", "P-D-L"])
def test_cards_that_do_not_relate_in_colour_mode(text: str) -> None:
    """Same positions, two or more apart, or colours the neighbour does not show."""
    assert not relates(card(text), NEIGHBOUR, "colour")


def test_the_centre_card_dark_blue_2() -> None:
    """The diagram's dealer card shows dark blue 2: dark blue 1 and 3 relate to it, dark blue 2 does not."""
    centre = card("R-D")
    assert relates(card("D-L"), centre, "colour") and relates(card("L-G-D"), centre, "colour")
    assert not relates(card("G-D"), centre, "colour")


@pytest.mark.parametrize("boxes, relate", [(2, True), (3, False), (4, True), (5, False), (6, False)])
def test_boxes_mode_follows_the_number_of_boxes_plus_or_minus_1(boxes: int, relate: bool) -> None:
    three = card("D-R-G")
    assert relates(card("-".join("LROPGD"[:boxes])), three, "boxes") is relate


def test_a_bad_mode_is_named() -> None:
    with pytest.raises(BadInput, match="'colours'") as error:
        relates(NEIGHBOUR, NEIGHBOUR, "colours")
    assert error.value.token == "colours"


# --- the grid ---------------------------------------------------------------------------


def test_legal_cells_are_empty_orthogonal_neighbours_of_a_related_card() -> None:
    grid: dict[Cell, Card] = {CENTRE: card("D-R-G"), (1, 0): card("D-R-G-L-O")}
    assert frontier(grid) == [(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)]
    assert legal_cells(grid, card("L-G-O-P"), "boxes") == [(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)]
    assert legal_cells(grid, card("L-G"), "boxes") == [(-1, 0), (0, -1), (0, 1)]
    assert legal_cells(grid, card("O-P-L-G-R-D"), "boxes") == [(1, -1), (1, 1), (2, 0)]
    assert legal_cells(grid, card("L-P-O"), "boxes") == []


def test_a_card_relates_to_at_least_one_neighbour_not_all() -> None:
    grid: dict[Cell, Card] = {CENTRE: card("D-R"), (1, 1): card("D-R-G-L"), (2, 0): card("G-O-P-L-R-D")}
    assert (1, 0) in legal_cells(grid, card("L-G-O"), "boxes")  # relates to (1, 1) only, next to all three
    assert (1, -1) not in legal_cells(grid, card("L-G-O"), "boxes")  # diagonal cards do not count


def test_place_checks_the_card() -> None:
    grid: dict[Cell, Card] = {CENTRE: card("D-R-G")}
    place(grid, (0, 1), card("L-G"), "boxes")
    assert grid[(0, 1)] == card("L-G")
    for cell, text in (((1, 0), "L-P-O"), ((0, 1), "L-O"), ((5, 5), "O-P")):
        with pytest.raises(BadInput) as error:
            place(grid, cell, card(text), "boxes")
        assert error.value.token == text
    assert len(grid) == 2


def test_placements_pair_each_card_with_its_cells() -> None:
    grid: dict[Cell, Card] = {CENTRE: card("D-R-G")}
    hand = parse_cards("L-G,L-P-O")
    assert placements(grid, hand, "boxes") == [(card("L-G"), cell) for cell in frontier(grid)]


# --- the race ---------------------------------------------------------------------------


class Script:
    """A speed policy laying the given (card, cell) choices in order, then passing."""

    def __init__(self, lays: list[tuple[str, Cell]]) -> None:
        self.lays = list(lays)

    def lay(self, view: LayView) -> tuple[Card, Cell] | None:
        if not self.lays:
            return None
        text, cell = self.lays.pop(0)
        return card(text), cell


def test_a_wrong_card_costs_10_points_and_goes_back() -> None:
    penalties = [0, 0]
    wrong_card(penalties, 1)
    assert penalties == [0, PENALTY] == [0, 10]
    deck = load_deck().regular
    policies = [RandomPolicy(0, wrong_chance=1.0), RandomPolicy(1, speed=1.0)]
    race = play_race(deck, 2, 1, "boxes", policies, random.Random(3))
    wrong = [event for event in race.events if event.kind == "wrong"]
    assert wrong and all(event.seat == 0 for event in wrong) and race.penalties == (PENALTY * len(wrong), 0)
    assert all(race.grid.get(event.cell) != event.card for event in wrong if event.cell is not None)
    assert race.winners == (1,) and len(race.hands[0]) == 10 and race.points == {1: 50}


def test_a_card_not_held_is_bad_input() -> None:
    deck = load_deck().regular
    with pytest.raises(BadInput, match="does not hold"):
        play_race(deck[:30], 2, 0, "boxes", [Script([("L-R-G-O-P-D", (0, 1))])] * 2, random.Random(1))


def test_all_stuck_each_is_dealt_5_more() -> None:
    hands: list[list[Card]] = [[], [], []]
    pickup = parse_cards("D-R,D-G,D-L,D-O,D-P,R-D,R-G,R-L,R-O,R-P,G-D,G-R")
    events = deal_more(hands, pickup, dealer=2)
    assert [len(hand) for hand in hands] == [4, 4, 4] and not pickup
    assert hands[0][0] == card("G-R") and hands[1][0] == card("G-D") and hands[2][0] == card("R-P")
    assert [(event.kind, event.seat, len(event.cards)) for event in events] == [
        ("more", 0, 4),
        ("more", 1, 4),
        ("more", 2, 4),
    ]
    hands = [[], []]
    pickup = list(load_deck().regular)
    deal_more(hands, pickup, dealer=0)
    assert [len(hand) for hand in hands] == [5, 5] and len(pickup) == 38


def test_when_everyone_is_stuck_more_cards_are_dealt_until_the_deck_is_empty() -> None:
    """Only 2- and 4-box cards: nothing relates in boxes mode, so everyone is stuck at once."""
    deck = [c for c in load_deck().regular if c.boxes in (2, 4)]
    race = play_race(deck, 2, 0, "boxes", [RandomPolicy(0), RandomPolicy(1)], random.Random(2))
    more = [event for event in race.events if event.kind == "more"]
    assert len(deck) == 20 and [len(hand) for hand in race.dealt] == [9, 9]
    assert [(event.seat, len(event.cards)) for event in more] == [(1, 1)]
    assert race.winners == () and race.points == {} and len(race.grid) == 1


def test_co_winners_split_the_points_rounded_down() -> None:
    hands = [[], parse_cards("D-R,D-G,D-L"), [], parse_cards("O-P,O-R,O-G,O-L")]
    assert race_points(hands, [0, 2]) == {0: 17, 2: 17}
    assert race_points(hands, [0]) == {0: 35}


def test_hand_sizes() -> None:
    assert [hand_size(48, players) for players in range(2, 7)] == [10, 10, 10, 9, 7]


# --- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize("mode, players", [("boxes", 2), ("boxes", 4), ("colour", 3), ("colour", 6)])
def test_a_speed_game_runs_to_the_end(mode: str, players: int) -> None:
    game = play_game(4, players, mode)
    assert not game.limit_hit and game.winners and max(game.scores) >= 50
    scores = [0] * players
    for number, race in enumerate(game.races):
        assert max(scores) < 50 and race.dealer == number % players and race.mode == mode
        assert race.winners and all(not race.hands[seat] for seat in race.winners)
        assert dict(race.points) == race_points(race.hands, race.winners)
        for seat in range(players):
            scores[seat] += race.points.get(seat, 0) - race.penalties[seat]
        laid = [event for event in race.events if event.kind == "lay"]
        assert len(race.grid) == len(laid) + 1
    assert tuple(scores) == game.scores
    assert set(game.winners) == {seat for seat, score in enumerate(scores) if score == max(scores)}


def test_co_winners_happen_in_a_seeded_game() -> None:
    races = [race for seed in range(6) for race in play_game(seed, 3, "boxes").races]
    assert any(len(race.winners) > 1 for race in races)
    assert all(len(set(race.points.values())) == 1 for race in races if race.winners)


def test_the_same_seed_gives_the_same_speed_game() -> None:
    assert play_game(9, 3, "colour") == play_game(9, 3, "colour")


def test_bad_speed_settings() -> None:
    for kwargs, token in (
        ({"players": 7}, "7"),
        ({"mode": "fast"}, "fast"),
        ({"target": 0}, "0"),
        ({"dealer": 4}, "4"),
    ):
        with pytest.raises(BadInput) as error:
            play_game(1, **kwargs)
        assert error.value.token == token
