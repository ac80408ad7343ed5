"""Was sticht? rules: the trump ranking, following, the trick game's leads, the draft and
its clues (4 and 3 players) and every task chip, each with the rulebook's own examples."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from was_sticht_cases import drafted

from cardsolve.models.errors import BadInput
from cardsolve.models.state import IllegalMove
from cardsolve.models.was_sticht import (
    CHIP_IDS,
    CHIPS,
    DECK,
    TRICKS,
    Card,
    DraftView,
    Observation,
    Trick,
    Trumps,
    achieved,
    is_trump,
    lay_out,
    legal_plays,
    parse_card,
    parse_cards,
    parse_trumps,
    pick_order,
    trick_winner,
)
from cardsolve.models.was_sticht.chips import chips_from_json
from cardsolve.models.was_sticht.play import start
from cardsolve.solvers.was_sticht import api


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def winner(text: str, trumps: str) -> str:
    """The winning card of the trick ``text`` (in play order) under ``trumps``."""
    played = cards(text)
    return played[trick_winner(played, parse_trumps(trumps))].name


def legal(hand: str, lead: str, trumps: str) -> set[str]:
    return {card.name for card in legal_plays(cards(hand), parse_card(lead), parse_trumps(trumps))}


# --- trumps: the rulebook's ranking example ---------------------------------------------

RED_5_RANKING = ["R5", "B5", "R9", "R8", "R7", "R6", "R4", "R3", "R2", "R1"]
"""Trump suit red, trump number 5, highest first; B5 stands for any of B5/G5/Y5."""


@pytest.mark.parametrize("higher", range(len(RED_5_RANKING)))
def test_red_5_ranking_whichever_is_played_first(higher: int) -> None:
    for lower in RED_5_RANKING[higher + 1 :]:
        high = RED_5_RANKING[higher]
        assert winner(f"{high},{lower}", "R5") == high
        assert winner(f"{lower},{high}", "R5") == high
        assert winner(f"B9,{lower},{high}", "R5") == high  # trumps beat a non-trump lead


def test_red_5_supertrump_beats_everything() -> None:
    for card in DECK:
        if card.name != "R5":
            assert winner(f"{card.name},R5", "R5") == "R5"


def test_equal_number_trumps_first_played_wins() -> None:
    assert winner("B5,G5,Y5", "R5") == "B5"
    assert winner("Y5,B5,G5", "R5") == "Y5"
    assert winner("R9,G5,B5", "R5") == "G5"  # a number trump beats every suit trump
    assert winner("B1,Y5,R9,G5", "R5") == "Y5"


def test_trump_number_5_no_trump_suit_only_the_four_5s() -> None:
    trumps = parse_trumps("-5")
    assert {card.name for card in DECK if is_trump(card, trumps)} == {"R5", "B5", "G5", "Y5"}
    assert winner("R9,R5", "-5") == "R5"
    assert winner("B5,R5", "-5") == "B5"  # no supertrump without a trump suit
    assert winner("R1,R9,B9", "-5") == "R9"


def test_trump_suit_red_no_trump_number_only_the_reds() -> None:
    trumps = parse_trumps("R-")
    assert {card.name for card in DECK if is_trump(card, trumps)} == {f"R{n}" for n in range(1, 10)}
    for n in range(1, 9):
        assert winner(f"R{n + 1},R{n}", "R-") == f"R{n + 1}"
        assert winner(f"R{n},R{n + 1}", "R-") == f"R{n + 1}"
    assert winner("B9,R1", "R-") == "R1"


def test_no_trumps_at_all() -> None:
    trumps = parse_trumps("--")
    assert not any(is_trump(card, trumps) for card in DECK)
    assert winner("B2,B9,R9", "--") == "B9"


def test_the_led_suit_is_high() -> None:
    assert winner("B5,G9,Y9", "R3") == "B5"  # only a higher blue or a trump beats it
    assert winner("B5,G9,B6", "R3") == "B6"
    assert winner("B5,B9,R1", "R3") == "R1"
    assert winner("B5,B9,G3", "R3") == "G3"


# --- following ----------------------------------------------------------------------------


def test_a_red_lead_under_red_3_is_followed_by_a_red_card_or_a_3() -> None:
    assert legal("R1,B3,G8", "R7", "R3") == {"R1", "B3"}
    assert legal("B3,G8", "R7", "R3") == {"B3"}


def test_a_3_of_another_suit_still_counts_as_a_trump() -> None:
    assert legal("R5,Y3,G8", "G3", "R3") == {"R5", "Y3"}  # the green 8 does not follow
    assert legal("G8,B1", "G3", "R3") == {"G8", "B1"}  # no trump: anything
    assert winner("G3,G9,R9", "R3") == "G3"


def test_must_follow_the_led_suit_where_possible() -> None:
    assert legal("B1,B9,G2,R4", "B5", "R3") == {"B1", "B9"}


def test_a_colours_trump_number_card_does_not_follow_that_colour() -> None:
    assert legal("G3,B1", "G7", "R3") == {"G3", "B1"}  # cannot follow green: anything
    assert legal("G3,G5,B1", "G7", "R3") == {"G5"}


def test_who_cannot_follow_need_not_trump() -> None:
    assert legal("R1,G2", "B7", "R3") == {"R1", "G2"}
    position = start([cards("B7,B8"), cards("R1,G2"), cards("Y1,Y2"), cards("G4,G6")], parse_trumps("R3"), 0)
    position = position.play(parse_card("B7")).play(parse_card("G2"))
    assert position.to_move == 2


def test_an_illegal_card_is_bad_input() -> None:
    position = start([cards("B7,B8"), cards("B1,G2"), cards("Y1,Y2"), cards("G4,G6")], parse_trumps("R3"), 0)
    with pytest.raises(BadInput, match="may not play G2") as error:
        position.play(parse_card("B7")).play(parse_card("G2"))
    assert error.value.token == "G2"


def test_the_winner_leads_the_next_trick() -> None:
    position = start([cards("B7,Y9"), cards("B1,G2"), cards("R1,Y2"), cards("G4,G6")], parse_trumps("R3"), 0)
    for name in ("B7", "B1", "R1", "G4"):
        position = position.play(parse_card(name))
    assert position.tricks[0] == Trick(tuple(cards("B7,B1,R1,G4")), 0, 2)
    assert position.leader == position.to_move == 2


@pytest.mark.parametrize("players", [3, 4])
def test_in_every_round_the_dealers_left_leads_first_then_the_winner(players: int) -> None:
    rounds = api.play(seed=5, players=players, bots=["random"] * players).rounds
    for number, round_ in enumerate(rounds):
        assert round_.trumps is not None and round_.dealer == number % players
        assert round_.tricks[0].leader == (round_.dealer + 1) % players
        assert len(round_.tricks) == TRICKS
        for before, after in zip(round_.tricks, round_.tricks[1:]):
            assert after.leader == before.winner
        for trick in round_.tricks:
            assert trick.winner == (trick.leader + trick_winner(trick.cards, round_.trumps)) % players


# --- the draft ----------------------------------------------------------------------------


Pick = Callable[[DraftView], Card]


def random_pick(rng: random.Random) -> Pick:
    """Picks a card of the column at random (drawn from ``rng``)."""
    return lambda view: rng.choice(view.available)


def scripted(choices: dict[int, list[str]]) -> list[Pick]:
    """Per-seat pick policies: seat s takes its next card in ``choices[s]`` when that card
    is available, else the first card of the column."""

    def policy(seat: int) -> Pick:
        wanted = [parse_card(name) for name in choices.get(seat, [])]

        def pick(view: DraftView) -> Card:
            for card in wanted:
                if card in view.available:
                    return card
            return view.available[0]

        return pick

    return [policy(seat) for seat in range(4)]


def columns_with(column: int, names: str) -> list[list[Card]]:
    """A layout (9 columns of 4) whose column ``column`` holds ``names``, the rest of the
    deck filling the others in deck order."""
    special = cards(names)
    rest = [card for card in DECK if card not in special]
    layout = [rest[4 * k : 4 * k + 4] for k in range(8)]
    layout.insert(column, special)
    return layout


def test_the_marker_starts_left_of_the_dealer_and_moves_clockwise() -> None:
    assert pick_order(3, 0, 4) == (0, 1, 2, 3)
    assert pick_order(3, 1, 4) == (1, 2, 3, 0)
    assert pick_order(0, 0, 4) == (1, 2, 3, 0)
    assert [pick_order(1, column, 3)[0] for column in range(9)] == [2, 0, 1, 2, 0, 1, 2, 0, 1]


def test_the_rulebooks_draft_example() -> None:
    """Trumps red 2, C deals, A holds the marker (column 2, since D, C's left, had column
    1); the column is red 3, blue 7, red 6, yellow 2; A takes the blue 7, B the red 6, C
    the yellow 2, D the red 3: the yellow 2 wins, so the clue says A led and C won."""
    a, b, c, d = range(4)
    layout = columns_with(1, "R3,B7,R6,Y2")
    draft = drafted(layout, parse_trumps("R2"), c, scripted({a: ["B7"], b: ["R6"], c: ["Y2"]}))
    order = pick_order(c, 1, 4)
    assert order[0] == a
    assert draft.clues[1] == Observation(tuple(cards("B7,R6,Y2,R3")), 2)
    assert order[draft.clues[1].winner] == c
    assert parse_card("R3") in draft.hands[d]


def test_every_clue_is_its_column_as_a_trick_in_pick_order() -> None:
    trumps = parse_trumps("G7")
    layout = lay_out(random.Random(3))
    draft = drafted(layout, trumps, 2, [random_pick(random.Random(seat)) for seat in range(4)])
    assert sorted(card for hand in draft.hands for card in hand) == sorted(DECK)
    assert [len(hand) for hand in draft.hands] == [9] * 4 and draft.phase == "reveal"
    for column, observation in enumerate(draft.clues):
        assert sorted(observation.cards) == sorted(layout[column])
        assert observation.winner == trick_winner(observation.cards, trumps)
        for seat, card in zip(pick_order(2, column, 4), observation.cards):
            assert card in draft.hands[seat]


def test_only_the_dealer_knows_the_trumps_during_the_draft() -> None:
    seen: dict[int, set[Trumps | None]] = {seat: set() for seat in range(4)}
    taken_counts: list[int] = []

    def pick(view: DraftView) -> Card:
        seen[view.seat].add(view.trumps)
        taken_counts.append(len(view.taken))
        assert len(view.hand) == len(view.observations) == 8 - len(view.upcoming)
        return view.available[-1]

    drafted(lay_out(random.Random(1)), parse_trumps("Y4"), 1, [pick] * 4)
    assert seen == {0: {None}, 1: {parse_trumps("Y4")}, 2: {None}, 3: {None}}
    assert taken_counts == [0, 1, 2, 3] * 9


def test_a_pick_not_in_the_column_is_an_illegal_move() -> None:
    layout = columns_with(0, "R1,R2,R3,R4")
    with pytest.raises(IllegalMove, match="Y9 lies in column 9: seat 2 picks from column 1") as error:
        drafted(layout, parse_trumps("R2"), 0, [lambda view: parse_card("Y9")] * 4)
    assert error.value.token == "Y9"


def test_the_three_player_draft_the_table_takes_the_fourth_card() -> None:
    layout = lay_out(random.Random(8))
    draft = drafted(layout, parse_trumps("B-"), 0, [random_pick(random.Random(seat)) for seat in range(3)])
    in_play = [card for hand in draft.hands for card in hand]
    assert [len(hand) for hand in draft.hands] == [9] * 3 and len(in_play) == 27
    table = [card for column in layout for card in column if card not in in_play]  # left to the Table
    assert len(table) == 9
    for column, observation in enumerate(draft.clues):
        assert len(observation.cards) == 4 and observation.cards[3] == table[column]


def test_the_tables_card_is_in_the_clue_and_can_win_it() -> None:
    layout = columns_with(0, "B1,G2,Y3,R1")  # red trumps; the players leave the red 1
    draft = drafted(layout, parse_trumps("R-"), 2, scripted({0: ["B1"], 1: ["G2"], 2: ["Y3"]})[:3])
    assert parse_card("R1") not in [card for hand in draft.hands for card in hand]
    assert draft.clues[0] == Observation(tuple(cards("B1,G2,Y3,R1")), 3)


# --- the task chips -----------------------------------------------------------------------

RAINBOW = [tuple(DECK[k + 9 * colour] for colour in range(4)) for k in range(TRICKS)]
"""Nine tricks of one card of each colour: R(k+1), B(k+1), G(k+1), Y(k+1)."""


def tricks(winners: Sequence[int], trick_cards: Sequence[Sequence[Card]] = RAINBOW) -> list[Trick]:
    """Nine played tricks won by ``winners`` (seat 0 leading the first, the winner the next)."""
    played, leader = [], 0
    for seat, held in zip(winners, trick_cards):
        played.append(Trick(tuple(held), leader, seat))
        leader = seat
    return played


def met(chip: str, seat: int, winners: Sequence[int], players: int = 4) -> bool:
    return achieved(CHIP_IDS[chip], seat, tricks(winners), players)


def test_the_bundled_chips() -> None:
    assert len(CHIPS) == 24 and len(CHIP_IDS) == 24
    assert {chip.id for chip in CHIPS if chip.source == "rulebook"} >= {
        "no-tricks",
        "no-red",
        "no-blue",
        "no-green",
        "no-yellow",
        "exactly-1",
        "exactly-2",
        "last-trick",
        "most-tricks",
        "fewest-tricks",
    }


def test_no_tricks() -> None:
    assert met("no-tricks", 3, [0, 1, 2, 0, 1, 2, 0, 1, 2])
    assert not met("no-tricks", 3, [0, 1, 2, 0, 1, 2, 0, 1, 3])


def chunked(held: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Cards in tricks of four, in order."""
    return [tuple(held[k : k + 4]) for k in range(0, len(held), 4)]


@pytest.mark.parametrize("colour", ["R", "B", "G", "Y"])
def test_no_cards_of_a_colour(colour: str) -> None:
    """The first two tricks hold no card of the colour, the last ones all of them."""
    chip = CHIP_IDS[{"R": "no-red", "B": "no-blue", "G": "no-green", "Y": "no-yellow"}[colour]]
    held = chunked([c for c in DECK if c.colour != colour] + [c for c in DECK if c.colour == colour])
    assert achieved(chip, 0, tricks([0, 0, 1, 1, 1, 1, 1, 1, 1], held), 4)  # may win tricks
    assert not achieved(chip, 0, tricks([0, 0, 1, 1, 1, 1, 1, 1, 0], held), 4)  # not a card of the colour
    assert achieved(chip, 1, tricks([0] * 9, held), 4)  # no tricks at all: met


def test_no_red_fails_on_a_red_trump_number_card() -> None:
    """Under trumps -5 the red 5 is a trump, but it is still a red card to the chip."""
    first = cards("B5,R5,G1,Y1")
    assert trick_winner(first, parse_trumps("-5")) == 0
    held = [tuple(first), *chunked([c for c in DECK if c not in first])]
    assert not achieved(CHIP_IDS["no-red"], 0, tricks([0, 1, 1, 1, 1, 1, 1, 1, 1], held), 4)
    assert achieved(CHIP_IDS["no-red"], 0, tricks([1, 1, 1, 1, 1, 1, 1, 1, 1], held), 4)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_exactly_n_tricks(n: int) -> None:
    chip = f"exactly-{n}"
    for won in range(TRICKS + 1):
        winners = [0] * won + [1] * (TRICKS - won)
        assert met(chip, 0, winners) == (won == n)


def test_at_most_and_at_least() -> None:
    for won in range(TRICKS + 1):
        winners = [0] * won + [2] * (TRICKS - won)
        assert met("at-most-1", 0, winners) == (won <= 1)
        assert met("at-most-2", 0, winners) == (won <= 2)
        assert met("at-least-4", 0, winners) == (won >= 4)
        assert met("at-least-5", 0, winners) == (won >= 5)
        assert met("at-least-6", 0, winners) == (won >= 6)


def test_the_last_trick_all_others_irrelevant() -> None:
    assert met("last-trick", 2, [0, 0, 0, 0, 0, 0, 0, 0, 2])
    assert met("last-trick", 2, [2, 2, 2, 2, 2, 2, 2, 2, 2])
    assert not met("last-trick", 2, [2, 2, 2, 2, 2, 2, 2, 2, 1])


def test_the_first_trick_and_first_and_last() -> None:
    assert met("first-trick", 1, [1, 0, 0, 0, 0, 0, 0, 0, 0])
    assert not met("first-trick", 1, [0, 1, 1, 1, 1, 1, 1, 1, 1])
    assert met("first-and-last", 1, [1, 0, 0, 0, 0, 0, 0, 0, 1])
    assert not met("first-and-last", 1, [1, 1, 1, 1, 1, 1, 1, 1, 0])


def test_the_most_tricks_strictly() -> None:
    assert met("most-tricks", 0, [0, 0, 0, 1, 1, 2, 2, 3, 3])  # 3, 2, 2, 2
    assert not met("most-tricks", 0, [0, 0, 0, 1, 1, 1, 2, 2, 3])  # 3, 3, 2, 1: a tie fails
    assert not met("most-tricks", 1, [0, 0, 0, 1, 1, 1, 2, 2, 3])
    assert met("most-tricks", 2, [0, 0, 1, 1, 2, 2, 2, 1, 2], players=3)  # 2, 3, 4


def test_the_fewest_tricks_strictly() -> None:
    assert met("fewest-tricks", 3, [0, 0, 0, 1, 1, 2, 2, 3, 0])  # 4, 2, 2, 1
    assert met("fewest-tricks", 2, [0, 0, 0, 1, 1, 1, 2, 3, 3])  # 3, 3, 1, 2
    assert not met("fewest-tricks", 2, [0, 0, 0, 1, 1, 1, 2, 3, 0])  # 4, 3, 1, 1: a tie fails
    assert not any(met("fewest-tricks", seat, [0] * 9) for seat in range(4))  # three with none
    assert met("fewest-tricks", 2, [0, 0, 0, 1, 1, 1, 2, 0, 1], players=3)  # 4, 4, 1


@pytest.mark.parametrize("colour", ["R", "B", "G", "Y"])
def test_at_least_four_cards_of_a_colour(colour: str) -> None:
    chip = CHIP_IDS[{"R": "many-red", "B": "many-blue", "G": "many-green", "Y": "many-yellow"}[colour]]
    assert achieved(chip, 0, tricks([0, 0, 0, 0, 1, 1, 1, 1, 1]), 4)  # every rainbow trick has one of each
    assert not achieved(chip, 0, tricks([0, 0, 0, 1, 1, 1, 1, 1, 1]), 4)


def test_a_chip_in_a_three_player_round() -> None:
    assert met("fewest-tricks", 2, [0, 0, 0, 1, 1, 1, 1, 2, 0], players=3)
    assert not met("fewest-tricks", 2, [0, 0, 0, 1, 1, 1, 1, 2, 0], players=4)  # seat 3 took none


@pytest.mark.parametrize("number", [True, 5.0, 0, 10, "5"])
def test_a_trump_number_is_an_integer_1_to_9(number: object) -> None:
    with pytest.raises(BadInput):
        Trumps("R", number)  # type: ignore[arg-type]  # wrong types on purpose


@pytest.mark.parametrize(
    "data, token",
    [
        ({"chips": [{"id": "x", "de": "x", "en": "x", "source": "stand-in", "all": []}]}, "'value'"),
        ({"chips": [{"id": "x", "de": "x", "en": "x", "value": "hi", "source": "stand-in", "all": []}]}, "x"),
        (
            {
                "chips": [
                    {"id": "x", "de": "x", "en": "x", "value": 1, "source": "stand-in", "all": [{"tricks": "exactly"}]}
                ]
            },
            "'n'",
        ),
        ({"chips": ["no-red"]}, "no-red"),
        ({"chips": {}}, "test"),
    ],
)
def test_a_malformed_chip_file_is_bad_input_naming_the_field(data: object, token: str) -> None:
    with pytest.raises(BadInput) as error:
        chips_from_json(data, "test")
    assert error.value.token == token
