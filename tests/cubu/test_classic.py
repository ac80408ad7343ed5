"""The classic CUBU game: sequences on the table, the interrupt, each action card, drawing,
going out, round scoring, the dealer, the targets, and whole seeded games."""

from __future__ import annotations

import random
from functools import partial

import pytest

from cardsolve.models.cubu import DOWN, UP, Card, Follow, load_deck, parse_card, parse_cards
from cardsolve.models.cubu.classic import (
    HAND,
    ActionPlay,
    Draw,
    InterruptPlay,
    InterruptView,
    RandomPolicy,
    SequencePlay,
    Table,
    Turn,
    TurnView,
    check_turn,
    deal,
    legal_turns,
    play_game,
    play_round,
    play_turn,
    round_points,
    start_card,
)
from cardsolve.models.errors import BadInput


class Script:
    """A policy that plays the given turns in order and answers interrupts from a list
    (False once it runs out), remembering what it was asked."""

    def __init__(self, turns: list[Turn] | None = None, interrupts: list[bool] | None = None) -> None:
        self.turns = list(turns or [])
        self.interrupts = list(interrupts or [])
        self.asked: list[InterruptView] = []
        self.views: list[TurnView] = []

    def choose_turn(self, view: TurnView) -> Turn:
        self.views.append(view)
        return self.turns.pop(0)

    def interrupt(self, view: InterruptView) -> bool:
        self.asked.append(view)
        return self.interrupts.pop(0) if self.interrupts else False


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def table(hands: list[str], top: str, pickup: str = "", to_play: int = 0) -> Table:
    return Table([cards(hand) for hand in hands], parse_card(top), cards(pickup), to_play, random.Random(0))


def seq(colour: str, position: int, direction: int, played: str) -> SequencePlay:
    return SequencePlay(Follow(colour, position, direction), tuple(cards(played)))


# --- colour sequences on the table ------------------------------------------------------


def test_a_sequence_up_is_played_card_by_card() -> None:
    t = table(["D-R-G-O,D-R-G-L-O,D-R-G-L-P-O,L-P", "L-G", "P-G"], "D-R-O")
    record = play_turn(t, [Script([seq("O", 3, UP, "D-R-G-O,D-R-G-L-O,D-R-G-L-P-O")]), Script(), Script()])
    assert record.kind == "sequence" and record.interrupter is None and len(record.cards) == 3
    assert t.top == parse_card("D-R-G-L-P-O") and t.pile == cards("D-R-O,D-R-G-O,D-R-G-L-O")
    assert t.hands[0] == cards("L-P") and t.to_play == 1


def test_a_sequence_down_to_position_1() -> None:
    t = table(["D-O,O-D,L-P", "L-G"], "D-R-O")
    play_turn(t, [Script([seq("O", 3, DOWN, "D-O,O-D")]), Script()])
    assert t.top == parse_card("O-D") and t.hands[0] == cards("L-P")


def test_a_wrong_sequence_card_is_rejected_and_nothing_is_played() -> None:
    t = table(["D-O,R-O,L-P", "L-G"], "D-R-O")
    with pytest.raises(BadInput, match="R-O") as error:
        play_turn(t, [Script([seq("O", 3, DOWN, "D-O,R-O")]), Script()])
    assert error.value.token == "R-O" and t.top == parse_card("D-R-O") and len(t.hands[0]) == 3


def test_a_sequence_card_not_in_hand_is_rejected() -> None:
    t = table(["D-O,L-P", "L-G"], "D-R-O")
    with pytest.raises(BadInput, match="does not hold O-D"):
        play_turn(t, [Script([seq("O", 3, DOWN, "D-O,O-D")]), Script()])


# --- the interrupt ----------------------------------------------------------------------


def test_the_interrupt_in_the_middle_of_a_sequence() -> None:
    """Interrupt: the player "doesn't get to put down any more cards. Play continues to the
    left of the interrupted player"; the cards already played stay."""
    t = table(["L-P", "D-R-G-O,D-R-G-L-O,D-R-G-L-P-O,L-G", "G-P", "interrupt,P-G"], "D-R-O", to_play=1)
    interrupter = Script(interrupts=[False, True])
    policies = [Script(), Script([seq("O", 3, UP, "D-R-G-O,D-R-G-L-O,D-R-G-L-P-O")]), Script(), interrupter]
    record = play_turn(t, policies)
    assert record.interrupter == 3 and record.cards == tuple(cards("D-R-G-O,D-R-G-L-O"))
    assert t.top == parse_card("D-R-G-L-O") and t.hands[1] == cards("D-R-G-L-P-O,L-G")
    assert t.hands[3] == cards("P-G") and t.spent == cards("interrupt")
    assert t.to_play == 2
    assert [view.played for view in interrupter.asked] == [tuple(cards("D-R-G-O")), tuple(cards("D-R-G-O,D-R-G-L-O"))]
    assert not policies[0].asked and not policies[2].asked  # only players holding an interrupt are asked


def test_the_first_interrupter_clockwise_from_the_players_left() -> None:
    t = table(["interrupt,L-P", "D-O,O-D,L-G", "interrupt,G-P"], "D-R-O", to_play=1)
    policies = [Script(interrupts=[True]), Script([seq("O", 3, DOWN, "D-O,O-D")]), Script(interrupts=[True])]
    record = play_turn(t, policies)
    assert record.interrupter == 2 and t.hands[2] == cards("G-P") and t.hands[0] == cards("interrupt,L-P")
    assert record.cards == tuple(cards("D-O"))


def test_no_interrupt_after_the_last_card_of_a_sequence() -> None:
    t = table(["D-O,L-P", "interrupt,L-G"], "D-R-O")
    other = Script(interrupts=[True])
    play_turn(t, [Script([seq("O", 3, DOWN, "D-O")]), other])
    assert not other.asked and t.hands[1] == cards("interrupt,L-G")


def test_the_interrupt_is_aimed_at_nobody() -> None:
    t = table(["interrupt,L-P", "L-G"], "D-R-O")
    with pytest.raises(BadInput, match="not played at a player") as error:
        play_turn(t, [Script([ActionPlay("interrupt", 1)]), Script()])
    assert error.value.token == "interrupt"


def test_the_interrupter_playing_his_last_card_wins() -> None:
    t = table(["D-O,O-D,L-P", "interrupt"], "D-R-O")
    play_turn(t, [Script([seq("O", 3, DOWN, "D-O,O-D")]), Script(interrupts=[True])])
    assert t.winner == 1 and t.hands[0] == cards("O-D,L-P")


# --- the action cards -------------------------------------------------------------------


def test_miss_a_turn() -> None:
    t = table(["miss,L-P", "L-G", "G-P"], "D-R-O", pickup="D-R,D-G")
    policies = [Script([ActionPlay("miss", 2)]), Script([Draw()]), Script()]
    record = play_turn(t, policies)
    assert (record.kind, record.cards, record.target) == ("action", tuple(cards("miss")), 2)
    assert t.skips == [0, 0, 1] and t.spent == cards("miss") and t.hands[2] == cards("G-P")
    play_turn(t, policies)
    missed = play_turn(t, policies)
    assert missed.kind == "missed" and missed.seat == 2 and t.skips == [0, 0, 0] and t.to_play == 0


def test_two_misses_skip_two_turns() -> None:
    t = table(["miss,L-P", "miss,L-G", "G-P"], "D-R-O")
    policies = [Script([ActionPlay("miss", 2), Draw()]), Script([ActionPlay("miss", 2), Draw()]), Script()]
    kinds = [play_turn(t, policies).kind for _ in range(6)]
    assert kinds == ["action", "action", "missed", "draw", "draw", "missed"] and t.skips == [0, 0, 0]


def test_swap_hands() -> None:
    t = table(["swap,L-P,D-G", "L-G,miss", "G-P"], "D-R-O")
    play_turn(t, [Script([ActionPlay("swap", 1)]), Script(), Script()])
    assert t.hands[0] == cards("L-G,miss") and t.hands[1] == cards("L-P,D-G") and t.to_play == 1


@pytest.mark.parametrize("name, count", [("pickup1", 1), ("pickup2", 2), ("pickup3", 3)])
def test_pickup_cards(name: str, count: int) -> None:
    t = table([f"{name},L-P", "L-G"], "D-R-O", pickup="D-R,D-G,D-P,D-L")
    record = play_turn(t, [Script([ActionPlay(name, 1)]), Script()])
    expected = cards("D-L,D-P,D-G")[:count]
    assert record.drawn == tuple(expected) and t.hands[1] == cards("L-G") + expected
    assert len(t.pickup) == 4 - count and t.hands[0] == cards("L-P")


def test_an_action_card_goes_to_another_player_held_by_the_player() -> None:
    t = table(["miss,L-P", "L-G"], "D-R-O")
    with pytest.raises(BadInput, match="another player"):
        play_turn(t, [Script([ActionPlay("miss", 0)]), Script()])
    with pytest.raises(BadInput, match="does not hold swap"):
        play_turn(table(["miss,L-P", "L-G"], "D-R-O"), [Script([ActionPlay("swap", 1)]), Script()])


def test_swap_as_the_last_card_wins_without_an_exchange() -> None:
    t = table(["swap", "L-G,miss"], "D-R-O")
    play_turn(t, [Script([ActionPlay("swap", 1)]), Script()])
    assert t.winner == 0 and t.hands == [[], cards("L-G,miss")]


def test_pickup_as_the_last_card_still_makes_the_target_draw() -> None:
    t = table(["pickup2", "L-G"], "D-R-O", pickup="D-R,D-G")
    play_turn(t, [Script([ActionPlay("pickup2", 1)]), Script()])
    assert t.winner == 0 and round_points(t.hands, 0) == 15


# --- the legal turns -------------------------------------------------------------------


def test_legal_turns_are_every_sequence_and_aimed_action_card_else_a_draw() -> None:
    """D-R-O on top: dark blue 1 up (O-D), orange 3 up (one or two cards), orange 3 down
    (one or two cards), the miss at either other seat, and the interrupt, played alone."""
    t = table(["D-O,O-D,D-R-G-O,D-R-G-L-O,miss,interrupt", "L-G", "G-P"], "D-R-O")
    assert legal_turns(t) == [
        seq("D", 1, UP, "O-D"),
        seq("O", 3, UP, "D-R-G-O"),
        seq("O", 3, UP, "D-R-G-O,D-R-G-L-O"),
        seq("O", 3, DOWN, "D-O"),
        seq("O", 3, DOWN, "D-O,O-D"),
        ActionPlay("miss", 1),
        ActionPlay("miss", 2),
        InterruptPlay(),
    ]
    for turn in legal_turns(t):
        check_turn(t, 0, turn)
    assert legal_turns(table(["interrupt,L-P", "L-G"], "D-R-O")) == [InterruptPlay()]
    with pytest.raises(BadInput, match="may not draw"):
        check_turn(t, 0, Draw())


# --- drawing ----------------------------------------------------------------------------


def test_draw_only_when_nothing_can_be_played() -> None:
    t = table(["D-O,L-P", "L-G"], "D-R-O")
    with pytest.raises(BadInput, match="may not draw"):
        play_turn(t, [Script([Draw()]), Script()])
    with pytest.raises(BadInput, match="may not draw"):
        play_turn(table(["pickup1,L-P", "L-G"], "D-R-O"), [Script([Draw()]), Script()])
    with pytest.raises(BadInput, match="may not draw"):
        play_turn(table(["interrupt,L-P", "L-G"], "D-R-O"), [Script([Draw()]), Script()])
    t = table(["L-P", "L-G"], "D-R-O", pickup="D-R,D-G")
    record = play_turn(t, [Script([Draw()]), Script()])
    assert record.kind == "draw" and record.drawn == tuple(cards("D-G")) and t.hands[0][-1] == parse_card("D-G")


def test_an_empty_pickup_deck_is_refilled_from_the_played_cards() -> None:
    t = table(["L-P", "L-G"], "D-R-O")
    t.pile, t.spent = cards("D-R,D-G"), cards("miss")
    record = play_turn(t, [Script([Draw()]), Script()])
    assert len(record.drawn) == 1 and sorted(t.pickup + list(record.drawn)) == sorted(cards("D-R,D-G,miss"))
    assert t.pile == [] and t.spent == [] and t.top == parse_card("D-R-O")
    t = table(["L-P", "L-G"], "D-R-O")
    assert play_turn(t, [Script([Draw()]), Script()]).drawn == ()


# --- the deal, going out and scoring ----------------------------------------------------


def test_the_deal() -> None:
    deck = load_deck()
    t = deal(deck, 4, dealer=2, rng=random.Random(5))
    assert [len(hand) for hand in t.hands] == [HAND] * 4 and not t.top.is_action and t.to_play == 3
    assert sorted(t.pickup + [t.top] + [c for hand in t.hands for c in hand]) == sorted(deck.cards)


def test_an_action_start_card_goes_to_the_bottom() -> None:
    pickup = cards("D-R,D-G,swap,miss")
    assert start_card(pickup) == parse_card("D-G") and pickup == cards("swap,miss,D-R")


def test_round_scoring_5_per_card_10_per_action_card() -> None:
    hands = [cards("D-R,L-G-P,miss"), [], cards("swap,interrupt,interrupt,O-P")]
    assert round_points(hands, 1) == 5 + 5 + 10 + 10 + 10 + 10 + 5


def test_a_round_ends_when_a_hand_is_empty() -> None:
    t = table(["D-O,O-D", "L-G,miss"], "D-R-O")
    record = play_round(t, 1, [Script([seq("O", 3, DOWN, "D-O,O-D")]), Script()])
    assert record.winner == 0 and record.points == 15 and len(record.turns) == 1 and record.start == parse_card("D-R-O")


def test_the_turn_limit_ends_a_round_without_a_winner() -> None:
    t = table(["L-P", "L-G"], "D-R-O")
    record = play_round(t, 1, [Script([Draw()] * 5), Script([Draw()] * 5)], turn_limit=4)
    assert record.winner is None and record.points == 0 and len(record.turns) == 4


# --- whole games ------------------------------------------------------------------------


def game_problems(players: int, seed: int, target: int = 100) -> list[str]:
    """A seeded game checked round by round: what is wrong with it (nothing, we hope)."""
    game = play_game(seed, players, target=target)
    problems = []
    if game.limit_hit or max(game.scores) < target or game.winners != (game.scores.index(max(game.scores)),):
        problems.append(f"the game did not end with one winner at {target}: {game.scores}")
    scores = [0] * players
    for number, record in enumerate(game.rounds):
        if record.dealer != number % players or record.turns[0].seat != (record.dealer + 1) % players:
            problems.append(f"round {number}: dealt by {record.dealer}, opened by {record.turns[0].seat}")
        if max(scores) >= target:
            problems.append(f"round {number} was played after the target was reached")
        if record.winner is None or record.hands[record.winner]:
            problems.append(f"round {number} ended without an empty hand")
            continue
        if record.points != round_points(record.hands, record.winner):
            problems.append(f"round {number} scored {record.points}")
        scores[record.winner] += record.points
    if tuple(scores) != game.scores:
        problems.append(f"the rounds add up to {scores}, not {game.scores}")
    return problems


@pytest.mark.parametrize("players", [2, 6])
def test_a_full_seeded_game(players: int) -> None:
    assert game_problems(players, seed=11) == []


@pytest.mark.parametrize("target", [50, 100, 200])
def test_the_game_ends_at_the_target(target: int) -> None:
    assert game_problems(3, seed=3, target=target) == []


def test_a_time_limit_is_a_number_of_rounds() -> None:
    game = play_game(5, 3, rounds=2)
    assert len(game.rounds) == 2 and game.target is None and not game.limit_hit
    assert all(game.scores[seat] == max(game.scores) for seat in game.winners)


def test_the_same_seed_gives_the_same_game() -> None:
    assert play_game(21, 4) == play_game(21, 4)
    assert play_game(21, 4) != play_game(22, 4)


def test_every_card_stays_in_play_through_a_round() -> None:
    """Hands, top card, played pile, set-aside action cards and pickup deck always hold the 60 cards."""
    deck = load_deck()
    t = deal(deck, 5, dealer=0, rng=random.Random(8))
    policies = [RandomPolicy(seat) for seat in range(5)]
    while t.winner is None:
        play_turn(t, policies)
        held = [c for hand in t.hands for c in hand]
        assert sorted(held + t.pile + t.spent + t.pickup + [t.top]) == sorted(deck.cards)


def test_the_random_policy_plays_legal_turns() -> None:
    policy = RandomPolicy(1)
    view = TurnView(0, tuple(cards("D-O,O-D,miss,interrupt")), parse_card("D-R-O"), (4, 3), 10, (0, 0), (0, 0))
    turns = {policy.choose_turn(view) for _ in range(50)}
    assert ActionPlay("miss", 1) in turns and seq("O", 3, DOWN, "D-O,O-D") in turns
    assert all(not isinstance(turn, Draw) for turn in turns)
    assert (
        policy.choose_turn(TurnView(0, tuple(cards("interrupt,L-P")), parse_card("D-R-O"), (2, 3), 0, (0, 0), (0, 0)))
        == InterruptPlay()
    )


def test_bad_game_settings() -> None:
    for setup, token in (
        (partial(play_game, 1, players=7), "7"),
        (partial(play_game, 1, players=1), "1"),
        (partial(play_game, 1, dealer=4), "4"),
        (partial(play_game, 1, target=0), "0"),
        (partial(play_game, 1, rounds=0), "0"),
    ):
        with pytest.raises(BadInput) as error:
            setup()
        assert error.value.token == token
