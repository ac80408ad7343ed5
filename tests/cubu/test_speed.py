"""Speed CUBU: relating cards in both modes (the rulebook's diagram example with its own
cards), the grid, wrong cards, the deal of 5 more, co-winners, and whole seeded games."""

from __future__ import annotations

from typing import Any

import pytest

from cardsolve.models.cubu import Card, parse_card, parse_cards
from cardsolve.models.cubu.speed import (
    CENTRE,
    PENALTY,
    Cell,
    LayView,
    frontier,
    hand_size,
    legal_cells,
    place,
    placements,
    race_points,
    relates,
)
from cardsolve.models.cubu.state import RaceResult, SpeedRaceState, load, start
from cardsolve.models.errors import BadInput
from cardsolve.models.state import TABLE, play
from cardsolve.solvers.cubu.state_bots import bot


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


def race(hands: list[str], centre: str, to_move: int = 1, **more: Any) -> SpeedRaceState:
    """A race of one (boxes mode unless told), seat ``to_move`` to lay."""
    doc = {"game": "cubu", "mode": "speed", "to_move": to_move, "hands": [hand.split(",") for hand in hands]}
    state = load({**doc, "grid": [{"card": centre, "cell": [0, 0]}], "follow": "boxes", "races": 1, **more})
    assert isinstance(state, SpeedRaceState)
    return state


def test_a_wrong_card_costs_10_points_and_goes_back() -> None:
    # D-R-G has 3 boxes: L-O-R-P (4) relates in boxes mode, G-O-L (3) does not.
    state = race(["G-O-L,L-O-R-P", "L-P-O-R-D"], "D-R-G", wrong_cards=True)
    wrong = state.apply("G-O-L@1,0")
    assert wrong.penalties == (PENALTY, 0) == (10, 0) and wrong.hands[0] == state.hands[0]
    assert wrong.grid == state.grid and wrong.scores() == {1: -10, 2: 0} and wrong.to_move == 2
    with pytest.raises(BadInput, match="does not fit"):
        race(["G-O-L,L-O-R-P", "L-P-O-R-D"], "D-R-G").apply("G-O-L@1,0")  # refused unless the race allows it


def test_a_card_not_held_is_bad_input() -> None:
    with pytest.raises(BadInput, match="does not hold"):
        race(["G-O-L,L-O-R-P", "L-P-O-R-D"], "D-R-G").apply("L-R-G-O-P-D@0,1")


def test_all_stuck_each_is_dealt_5_more_from_the_dealers_left() -> None:
    """Only 2- and 4-box cards: nothing relates in boxes mode, so everyone is stuck at once."""
    state = race(["D-R,D-G", "D-L,D-O", "D-P,R-D"], "R-G", 3, pickup=["G-D", "G-R", "R-P", "R-O"], dealer=2)
    stuck = state.apply("pass").apply("pass").apply("pass")  # seats 3, 1 and 2, from the dealer's left
    assert stuck.to_move == TABLE and stuck.draws == (3, 1, 2, 3)  # as far as the pickup deck goes
    dealt = stuck.apply("G-D").apply("G-R").apply("R-P").apply("R-O")
    assert dealt.hands == tuple(tuple(parse_cards(text)) for text in ("D-R,D-G,G-R", "D-L,D-O,R-P", "D-P,R-D,G-D,R-O"))
    assert dealt.is_over and dealt.winners == () and dealt.scores() == {1: 0, 2: 0, 3: 0}  # still stuck, none left


def test_co_winners_split_the_points_rounded_down() -> None:
    hands = [[], parse_cards("D-R,D-G,D-L"), [], parse_cards("O-P,O-R,O-G,O-L")]
    assert race_points(hands, [0, 2]) == {0: 17, 2: 17}
    assert race_points(hands, [0]) == {0: 35}


def test_hand_sizes() -> None:
    assert [hand_size(48, players) for players in range(2, 7)] == [10, 10, 10, 9, 7]


# --- whole games ------------------------------------------------------------------------


def game(seed: int, players: int, mode: str, **variant: Any) -> SpeedRaceState:
    """A whole seeded Speed CUBU game of random bots, seat 1 dealing first."""
    first = start(seed=seed, players=players, mode="speed", follow=mode, dealer=1, **variant)
    final = play(first, [bot("random", seed * 10 + seat) for seat in range(players)], max_moves=10**7)
    assert isinstance(final, SpeedRaceState) and final.is_over
    return final


@pytest.mark.parametrize("mode, players", [("boxes", 2), ("boxes", 4), ("colour", 3), ("colour", 6)])
def test_a_speed_game_runs_to_the_end(mode: str, players: int) -> None:
    final = game(4, players, mode)
    races = [*final.results, RaceResult(final.dealer, final.winners, final.points, final.penalties or (0,) * players)]
    assert not final.limit_hit and final.winners_of_game() and max(final.scores().values()) >= 50
    scores = [0] * players
    for number, result in enumerate(races):
        assert max(scores) < 50 and result.dealer == number % players + 1 and result.winners
        for seat in range(1, players + 1):
            scores[seat - 1] += (result.points if seat in result.winners else 0) - result.penalties[seat - 1]
    assert all(not final.hands[seat - 1] for seat in final.winners)
    assert tuple(scores) == tuple(final.scores().values())
    assert set(final.winners_of_game()) == {seat for seat, score in enumerate(scores, 1) if score == max(scores)}


def test_co_winners_happen_in_a_seeded_game() -> None:
    results = [result for seed in range(6) for result in game(seed, 3, "boxes").results]
    assert any(len(result.winners) > 1 for result in results)


def test_the_same_seed_gives_the_same_speed_game() -> None:
    assert game(9, 3, "colour") == game(9, 3, "colour")
    wrong = game(9, 3, "colour", wrong_cards=True)
    assert wrong.history == game(9, 3, "colour", wrong_cards=True).history


def test_bad_speed_settings() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": 7}, "7"),
        ({"follow": "fast"}, "fast"),
        ({"target": 0}, "0"),
        ({"dealer": 5}, "5"),
    ]
    for settings, token in cases:
        with pytest.raises(BadInput) as error:
            start(seed=1, mode="speed", **settings)
        assert error.value.token == token
