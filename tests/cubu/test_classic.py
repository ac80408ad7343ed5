"""The classic CUBU game as a State (``models.cubu.state``): sequences on the table, the
interrupt, each action card, drawing, going out, round scoring, the dealer, the targets, and
whole seeded games played by ``models.state.play``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardsolve.models.cubu import DOWN, UP, Card, Follow, load_deck, parse_card, parse_cards
from cardsolve.models.cubu.classic import (
    HAND,
    ActionPlay,
    Draw,
    InterruptPlay,
    RandomPolicy,
    SequencePlay,
    Table,
    TurnView,
    check_turn,
    deal,
    legal_turns,
    round_points,
    start_card,
)
from cardsolve.models.cubu.state import CubuState, load, start
from cardsolve.models.errors import BadInput
from cardsolve.models.state import TABLE, IllegalMove, play
from cardsolve.solvers.cubu.state_bots import MAX_MOVES, game_start, seated_bots


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def known(slots: tuple[Card | None, ...]) -> list[Card]:
    """The cards of a hand every card of which is known."""
    return [card for card in slots if card is not None]


def hand(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text)) if text else ()


def position(hands: list[str], top: str, pickup: str = "", turn: int = 1, **more: Any) -> CubuState:
    """A round of one (``rounds`` 1 unless told) with these hands, top card and pickup deck
    (its first card drawn first), seat ``turn`` to play."""
    doc = {
        "game": "cubu",
        "to_move": turn,
        "turn_seat": turn,
        "hands": [text.split(",") if text else [] for text in hands],
        "top": top,
        "pickup": pickup.split(",") if pickup else [],
        "rounds": 1,
        **more,
    }
    state = load(doc)
    assert isinstance(state, CubuState)
    return state


def turn(state: CubuState, move: str, interrupts: dict[int, list[bool]] | None = None) -> CubuState:
    """``move`` played, every seat asked while a sequence is laid answering from its list in
    ``interrupts`` (pass once it runs out), and the cards it makes anyone draw given."""
    answers = {seat: list(said) for seat, said in (interrupts or {}).items()}
    after = state.apply(move)
    while not after.is_over and (after.laying is not None or after.draws):
        seat = after.to_move
        if seat == TABLE:
            after = after.apply(after.legal_moves()[0])
            continue
        assert seat is not None
        said = answers.get(seat, [])
        after = after.apply("interrupt" if said and said.pop(0) else "pass")
    return after


def seq(colour: str, position: int, direction: int, played: str) -> SequencePlay:
    return SequencePlay(Follow(colour, position, direction), tuple(cards(played)))


def refused(state: CubuState, move: str, reason: str) -> IllegalMove:
    with pytest.raises(IllegalMove, match=reason) as error:
        state.apply(move)
    return error.value


# --- colour sequences on the table ------------------------------------------------------


def test_a_sequence_up_is_played_card_by_card() -> None:
    state = position(["D-R-G-O,D-R-G-L-O,D-R-G-L-P-O,L-P", "L-G", "P-G"], "D-R-O")
    after = turn(state, "O3up:D-R-G-O,D-R-G-L-O,D-R-G-L-P-O")
    assert after.top == parse_card("D-R-G-L-P-O") and after.pile == hand("D-R-O,D-R-G-O,D-R-G-L-O")
    assert after.hands[0] == hand("L-P") and after.to_move == 2


def test_a_sequence_down_to_position_1() -> None:
    after = turn(position(["D-O,O-D,L-P", "L-G"], "D-R-O"), "O3down:D-O,O-D")
    assert after.top == parse_card("O-D") and after.hands[0] == hand("L-P")


def test_a_wrong_sequence_card_is_rejected_and_nothing_is_played() -> None:
    state = position(["D-O,R-O,L-P", "L-G"], "D-R-O")
    refused(state, "O3down:D-O,R-O", "R-O")
    assert state.top == parse_card("D-R-O") and len(state.hands[0]) == 3


def test_a_sequence_card_not_in_hand_is_rejected() -> None:
    state = position(["D-O,L-P", "L-G"], "D-R-O")
    error = refused(state, "O3down:D-O,O-D", "does not hold O-D")
    assert error.token == "O3down:D-O,O-D" and "\n" not in str(error)
    assert state.top == parse_card("D-R-O") and state.hands[0] == hand("D-O,L-P") and not state.history


# --- the interrupt ----------------------------------------------------------------------


def test_the_interrupt_in_the_middle_of_a_sequence() -> None:
    """Interrupt: the player "doesn't get to put down any more cards. Play continues to the
    left of the interrupted player"; the cards already played stay."""
    state = position(["L-P", "D-R-G-O,D-R-G-L-O,D-R-G-L-P-O,L-G", "G-P", "interrupt,P-G"], "D-R-O", turn=2)
    laying = state.apply("O3up:D-R-G-O,D-R-G-L-O,D-R-G-L-P-O")
    # Every other seat is asked after each card but the last, from the player's left.
    asked = []
    while laying.laying is not None:
        asked.append((laying.to_move, laying.top.name))
        interrupts = laying.to_move == 4 and laying.top.name == "D-R-G-L-O"
        laying = laying.apply("interrupt" if interrupts else "pass")
    assert asked == [(3, "D-R-G-O"), (4, "D-R-G-O"), (1, "D-R-G-O"), (3, "D-R-G-L-O"), (4, "D-R-G-L-O")]
    assert laying.top == parse_card("D-R-G-L-O") and laying.hands[1] == hand("D-R-G-L-P-O,L-G")
    assert laying.hands[3] == hand("P-G") and laying.spent == hand("interrupt") and laying.to_move == 3


def test_the_first_interrupter_clockwise_from_the_players_left() -> None:
    state = position(["interrupt,L-P", "D-O,O-D,L-G", "interrupt,G-P"], "D-R-O", turn=2)
    after = turn(state, "O3down:D-O,O-D", {1: [True], 3: [True]})
    assert after.hands[2] == hand("G-P") and after.hands[0] == hand("interrupt,L-P")
    assert after.top == parse_card("D-O") and after.hands[1] == hand("O-D,L-G")


def test_no_interrupt_after_the_last_card_of_a_sequence() -> None:
    after = position(["D-O,L-P", "interrupt,L-G"], "D-R-O").apply("O3down:D-O")
    assert after.laying is None and after.to_move == 2 and after.hands[1] == hand("interrupt,L-G")


def test_the_interrupt_is_aimed_at_nobody() -> None:
    error = refused(position(["interrupt,L-P", "L-G"], "D-R-O"), "interrupt@2", "not played at a player")
    assert error.token == "interrupt@2"


def test_the_interrupter_playing_his_last_card_wins() -> None:
    after = turn(position(["D-O,O-D,L-P", "interrupt"], "D-R-O"), "O3down:D-O,O-D", {2: [True]})
    assert after.winner == 2 and after.hands[0] == hand("O-D,L-P") and after.is_over and after.points == 10


# --- the action cards -------------------------------------------------------------------


def test_miss_a_turn() -> None:
    state = position(["miss,L-P", "L-G", "G-P"], "D-R-O", pickup="D-G,D-R")
    missed = turn(state, "miss@3")
    assert missed.skips == (0, 0, 1) and missed.spent == hand("miss") and missed.hands[2] == hand("G-P")
    after = turn(missed, "draw")  # seat 2 draws; seat 3 misses its turn, without a move
    assert after.to_move == 1 and after.skips == (0, 0, 0) and after.turns == 3


def test_two_misses_skip_two_turns() -> None:
    state = position(["miss,L-P", "miss,L-G", "G-P"], "D-R-O")
    after = turn(turn(state, "miss@3"), "miss@3")
    assert after.to_move == 1 and after.skips == (0, 0, 1)  # seat 3 missed one turn, one to go
    after = turn(turn(after, "draw"), "draw")
    assert after.to_move == 1 and after.skips == (0, 0, 0) and after.turns == 6


def test_swap_hands() -> None:
    after = turn(position(["swap,L-P,D-G", "L-G,miss", "G-P"], "D-R-O"), "swap@2")
    assert after.hands[0] == hand("L-G,miss") and after.hands[1] == hand("L-P,D-G") and after.to_move == 2


@pytest.mark.parametrize("name, count", [("pickup1", 1), ("pickup2", 2), ("pickup3", 3)])
def test_pickup_cards(name: str, count: int) -> None:
    after = turn(position([f"{name},L-P", "L-G"], "D-R-O", pickup="D-L,D-P,D-G,D-R"), f"{name}@2")
    expected = hand("D-L,D-P,D-G")[:count]
    assert after.hands[1] == hand("L-G") + expected and len(after.pickup) == 4 - count
    assert after.hands[0] == hand("L-P") and after.history[1:] == tuple(card.name for card in expected)


def test_an_action_card_goes_to_another_player_held_by_the_player() -> None:
    state = position(["miss,L-P", "L-G"], "D-R-O")
    at_self = refused(state, "miss@1", "another player")
    not_held = refused(state, "swap@2", "does not hold swap")
    assert (at_self.token, not_held.token) == ("miss@1", "swap@2")
    assert "miss@2" in [str(move) for move in state.legal_moves()]  # at another seat it may go
    assert state.hands[0] == hand("miss,L-P") and not state.history


def test_swap_as_the_last_card_wins_without_an_exchange() -> None:
    after = turn(position(["swap", "L-G,miss"], "D-R-O"), "swap@2")
    assert after.winner == 1 and after.hands == ((), hand("L-G,miss"))


def test_pickup_as_the_last_card_still_makes_the_target_draw() -> None:
    after = turn(position(["pickup2", "L-G"], "D-R-O", pickup="D-G,D-R"), "pickup2@2")
    assert after.winner == 1 and after.points == 15 == round_points([[], known(after.hands[1])], 0)


# --- the legal turns -------------------------------------------------------------------


def table(hands: list[str], top: str) -> Table:
    return Table([cards(text) for text in hands], parse_card(top), [], 0)


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
    for legal in legal_turns(t):
        check_turn(t, 0, legal)
    assert legal_turns(table(["interrupt,L-P", "L-G"], "D-R-O")) == [InterruptPlay()]
    with pytest.raises(BadInput, match="may not draw"):
        check_turn(t, 0, Draw())


# --- drawing ----------------------------------------------------------------------------


def test_draw_only_when_nothing_can_be_played() -> None:
    refused(position(["D-O,L-P", "L-G"], "D-R-O"), "draw", "may not draw")
    refused(position(["pickup1,L-P", "L-G"], "D-R-O"), "draw", "may not draw")
    refused(position(["interrupt,L-P", "L-G"], "D-R-O"), "draw", "may not draw")
    after = turn(position(["L-P", "L-G"], "D-R-O", pickup="D-G,D-R"), "draw")
    assert after.hands[0] == hand("L-P,D-G") and after.pickup == hand("D-R")


def test_an_empty_pickup_deck_is_refilled_from_the_played_cards() -> None:
    # The table's seeded random source shuffles the played cards (not the top) into a new deck.
    state = position(["L-P", "L-G"], "D-R-O", pile=["D-R", "D-G"], spent=["miss"], shuffle_seed=4, shuffles=[60])
    drawing = state.apply("draw")
    assert drawing.to_move == TABLE and len(drawing.legal_moves()) == 1 and drawing.shuffles == (60, 3)
    after = turn(state, "draw")
    assert sorted(after.pickup + after.hands[0][1:], key=str) == sorted(hand("D-R,D-G,miss"), key=str)
    assert after.pile == () and after.spent == () and after.top == parse_card("D-R-O")
    # Without the seed nobody knows the new order: the table draws any of the played cards.
    hidden = position(["L-P", "L-G"], "D-R-O", pile=["D-R", "D-G"], spent=["miss"]).apply("draw")
    assert hidden.pickup == (None, None, None) and len(hidden.legal_moves()) > 3
    assert turn(position(["L-P", "L-G"], "D-R-O"), "draw").hands[0] == hand("L-P")  # nothing to draw


# --- the deal, going out and scoring ----------------------------------------------------


def test_the_deal() -> None:
    deck = load_deck()
    t = deal(deck, 4, dealer=2, rng=random.Random(5))
    assert [len(held) for held in t.hands] == [HAND] * 4 and not t.top.is_action and t.to_play == 3
    assert sorted(t.pickup + [t.top] + [c for held in t.hands for c in held]) == sorted(deck.cards)


def test_an_action_start_card_goes_to_the_bottom() -> None:
    pickup = cards("D-R,D-G,swap,miss")
    assert start_card(pickup) == parse_card("D-G") and pickup == cards("swap,miss,D-R")


def test_round_scoring_5_per_card_10_per_action_card() -> None:
    hands = [cards("D-R,L-G-P,miss"), [], cards("swap,interrupt,interrupt,O-P")]
    assert round_points(hands, 1) == 5 + 5 + 10 + 10 + 10 + 10 + 5


def test_a_round_ends_when_a_hand_is_empty() -> None:
    after = turn(position(["D-O,O-D", "L-G,miss"], "D-R-O"), "O3down:D-O,O-D")
    assert after.winner == 1 and after.points == 15 and after.turns == 1 and after.is_over


def test_the_turn_limit_ends_a_round_without_a_winner() -> None:
    state = position(["L-P", "L-G"], "D-R-O", turn_limit=4)
    for _ in range(4):
        state = turn(state, "draw")
    assert state.is_over and state.winner is None and state.points == 0 and state.turns == 4


# --- whole games ------------------------------------------------------------------------


def game_problems(players: int, seed: int, target: int = 100) -> list[str]:
    """A seeded game of random bots checked round by round: what is wrong with it (nothing,
    we hope)."""
    state = start(seed=seed, players=players, target=target, dealer=1)
    assert isinstance(state, CubuState)
    bots = seated_bots(["random"] * players, seed)
    problems = []
    rng = random.Random(seed)
    scores = [0] * players
    while not state.is_over:
        if state.turns == 0 and state.laying is None and not state.draws and not state.round_over:  # a round opens
            number = state.round_number
            if state.dealer != (number - 1) % players + 1 or state.turn != state.dealer % players + 1:
                problems.append(f"round {number}: dealt by {state.dealer}, opened by {state.turn}")
            if max(scores) >= target:
                problems.append(f"round {number} was played after the target was reached")
        if state.round_over and state.to_move == TABLE:  # the next deal
            if state.winner is None or state.hands[state.winner - 1]:
                problems.append(f"round {state.round_number} ended without an empty hand")
            elif state.points != round_points([known(held) for held in state.hands], state.winner - 1):
                problems.append(f"round {state.round_number} scored {state.points}")
            else:
                scores[state.winner - 1] += state.points
        seat = state.to_move
        assert seat is not None
        choice = (
            rng.choice(list(state.legal_moves())) if seat == TABLE else bots[seat - 1](state.observation(seat), rng)
        )
        after = state.apply(choice)
        assert isinstance(after, CubuState)
        state = after
    assert state.winner is not None
    scores[state.winner - 1] += state.points
    if state.limit_hit or max(scores) < target or state.winners() != (scores.index(max(scores)) + 1,):
        problems.append(f"the game did not end with one winner at {target}: {scores}")
    if tuple(scores) != tuple(state.scores().values()):
        problems.append(f"the rounds add up to {scores}, not {state.scores()}")
    return problems


@pytest.mark.parametrize("players", [2, 6])
def test_a_full_seeded_game(players: int) -> None:
    assert game_problems(players, seed=11) == []


@pytest.mark.parametrize("target", [50, 100, 200])
def test_the_game_ends_at_the_target(target: int) -> None:
    assert game_problems(3, seed=3, target=target) == []


def test_a_time_limit_is_a_number_of_rounds() -> None:
    game = play(game_start(5, 3, rounds=2), seated_bots(["random"] * 3, 5), max_moves=MAX_MOVES)
    assert isinstance(game, CubuState) and game.is_over and game.round_number == 2 and game.target is None
    scores = game.scores()
    assert not game.limit_hit and all(scores[seat] == max(scores.values()) for seat in game.winners())


def test_the_same_seed_gives_the_same_game() -> None:
    def game(seed: int) -> CubuState:
        final = play(game_start(seed, 4), seated_bots(["random"] * 4, seed), max_moves=MAX_MOVES)
        assert isinstance(final, CubuState)
        return final

    assert game(21) == game(21)
    assert game(21).history != game(22).history


def test_every_card_stays_in_play_through_a_round() -> None:
    """Hands, top card, played pile, set-aside action cards, pickup deck and the cards of a
    sequence still to be laid always hold the 60 cards."""
    deck = load_deck()
    state = start(seed=8, players=5, rounds=1)
    assert isinstance(state, CubuState)
    bots = seated_bots(["random"] * 5, 8)
    rng = random.Random(8)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        choice = state.legal_moves()[0] if seat == TABLE else bots[seat - 1](state.observation(seat), rng)
        after = state.apply(choice)
        assert isinstance(after, CubuState)
        state = after
        planned = list(state.laying.planned) if state.laying else []
        held = [card for held in state.hands for card in held] + planned + list(state.pickup)
        assert sorted([*held, *state.pile, *state.spent, state.top], key=str) == sorted(deck.cards, key=str)


def test_the_random_policy_plays_legal_turns() -> None:
    policy = RandomPolicy(1)
    view = TurnView(0, tuple(cards("D-O,O-D,miss,interrupt")), parse_card("D-R-O"), (4, 3), 10, (0, 0), (0, 0))
    turns = {policy.choose_turn(view) for _ in range(50)}
    assert ActionPlay("miss", 1) in turns and seq("O", 3, DOWN, "D-O,O-D") in turns
    assert all(not isinstance(played, Draw) for played in turns)
    assert (
        policy.choose_turn(TurnView(0, tuple(cards("interrupt,L-P")), parse_card("D-R-O"), (2, 3), 0, (0, 0), (0, 0)))
        == InterruptPlay()
    )


def test_bad_game_settings() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": 7}, "7"),
        ({"players": 1}, "1"),
        ({"dealer": 5}, "5"),
        ({"target": 0}, "0"),
        ({"rounds": 0}, "0"),
        ({"turn_limit": 0}, "0"),
    ]
    for settings, token in cases:
        with pytest.raises(BadInput) as error:
            start(seed=1, **settings)
        assert error.value.token == token
