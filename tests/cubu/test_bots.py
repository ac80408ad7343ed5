"""The CUBU bots: only legal choices in whole games, the greedy longest run, the run-keeper's
shorter run, the strategist's interrupts, aim and swap, determinism, the registry, and the
tournament's seating and the check of its setting."""

from __future__ import annotations

import random

import pytest

from cardsolve.models.cubu import UP, Follow, load_deck, parse_card, parse_cards
from cardsolve.models.cubu.classic import (
    ActionPlay,
    Draw,
    InterruptPlay,
    InterruptView,
    SequencePlay,
    TurnView,
)
from cardsolve.models.cubu.deal import shuffled_hand
from cardsolve.models.cubu.state import CubuState
from cardsolve.models.errors import BadInput
from cardsolve.models.state import play
from cardsolve.solvers.cubu.bots import (
    BOTS,
    GreedyBot,
    RunKeeperBot,
    StrategistBot,
    bot_by_name,
    chain,
    score_leader,
)
from cardsolve.solvers.cubu.longest import longest
from cardsolve.solvers.cubu.state_bots import MAX_MOVES, game_start, seated_bots
from cardsolve.solvers.studies.cubu_games import check_setting, seating

DECK = load_deck()


def view(
    hand: str, top: str, sizes: tuple[int, ...], scores: tuple[int, ...] = (0, 0, 0, 0), seat: int = 0
) -> TurnView:
    cards = tuple(parse_cards(hand))
    sizes = tuple(len(cards) if s == seat else size for s, size in enumerate(sizes))
    return TurnView(seat, cards, parse_card(top), sizes, 20, (0,) * len(sizes), scores)


ORANGE_1_UP = Follow("O", 1, UP)
"""The follow most of these interrupts answer."""


def asked(hand: str, played: str, player_hand: int, follow: Follow = ORANGE_1_UP) -> InterruptView:
    return InterruptView(1, tuple(parse_cards(hand)), 0, follow, tuple(parse_cards(played)), player_hand)


def game(seed: int, seats: list[str], target: int = 100) -> CubuState:
    """A whole seeded classic game between the bots ``seats``, as ``cubu play`` plays it."""
    final = play(game_start(seed, len(seats), target=target), seated_bots(seats, seed), max_moves=MAX_MOVES)
    assert isinstance(final, CubuState) and final.is_over
    return final


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_bot_plays_only_legal_turns_in_whole_games(players: int) -> None:
    # The position refuses any illegal choice (a card not held, a wrong sequence, a draw
    # when a play exists, an action at oneself): IllegalMove.
    names = [name for name in BOTS if name != "random"]
    for seed in range(6):
        seats = [names[(seat + seed) % len(names)] for seat in range(players)]
        mixed = game(seed, seats, target=60)
        assert not mixed.limit_hit and mixed.winners()
        for name in names:
            assert game(seed, [name] * players, target=40).winners()


def random_views(count: int) -> list[TurnView]:
    rng = random.Random(11)
    views = []
    for _ in range(count):
        top, cards = shuffled_hand(rng, 1, 12, DECK)
        hand = tuple(cards)
        sizes = (len(hand), rng.randint(1, 9), rng.randint(1, 9), rng.randint(1, 9))
        views.append(TurnView(0, hand, top, sizes, 10, (0, 0, 0, 0), tuple(rng.choice((0, 20, 45)) for _ in range(4))))
    return views


def test_the_greedy_bot_plays_a_longest_run() -> None:
    bot = GreedyBot(1)
    for v in random_views(300):
        turn = bot.choose_turn(v)
        best = longest(v.top, v.hand)
        if best is None:
            assert not isinstance(turn, SequencePlay)
            assert isinstance(turn, Draw) == (not v.actions and not v.holds_interrupt)
        else:
            assert isinstance(turn, SequencePlay) and len(turn.cards) == len(best)


def test_the_greedy_bot_aims_at_the_fewest_cards_strongest_first() -> None:
    turn = GreedyBot(1).choose_turn(view("miss,pickup2,swap,O-P", "D-R", (0, 6, 3, 5)))
    assert turn == ActionPlay("pickup2", 2)
    assert GreedyBot(1).choose_turn(view("swap,O-P", "D-R", (0, 6, 3, 5))) == ActionPlay("swap", 2)
    assert GreedyBot(1).choose_turn(view("interrupt,O-P", "D-R", (0, 6, 3, 5))) == InterruptPlay()


def test_the_greedy_bot_interrupts_only_a_player_going_out() -> None:
    assert GreedyBot(1).interrupt(asked("interrupt,D-R", "R-O,G-R-O", 1))
    assert not GreedyBot(1).interrupt(asked("interrupt,D-R", "R-O,G-R-O,G-R-L-O", 2))


def test_the_run_keeper_keeps_a_long_chain_for_later() -> None:
    # Orange 1 up takes A, B, C (three cards); purple 2 up takes D, E (two). A, B, C with
    # Y and Z show green at 1..5: the run-keeper plays D, E and keeps that chain.
    top = "O-P"
    a, b, c, y, z, d, e = "D-O-G", "D-L-O-G", "D-L-R-O-G", "G-R", "R-G", "R-L-P", "R-L-D-P"
    v = view(",".join((a, b, c, y, z, d, e)), top, (0, 7, 7, 7))
    assert chain(parse_cards(",".join((a, b, c, y, z)))) == 5
    assert GreedyBot(1).choose_turn(v) == SequencePlay(Follow("O", 1, UP), tuple(parse_cards(",".join((a, b, c)))))
    assert RunKeeperBot(1).choose_turn(v) == SequencePlay(Follow("P", 2, UP), tuple(parse_cards(",".join((d, e)))))


def test_the_run_keeper_goes_out_when_it_can() -> None:
    v = view("D-O-G,D-L-O-G", "O-P", (0, 7, 7, 7))
    turn = RunKeeperBot(1).choose_turn(v)
    assert isinstance(turn, SequencePlay) and len(turn.cards) == 2


def test_the_strategist_interrupts_long_runs_and_players_going_out() -> None:
    bot = StrategistBot(1)
    assert not bot.interrupt(asked("interrupt,D-R", "R-O", 5))
    assert bot.interrupt(asked("interrupt,D-R", "R-O,G-O-R", 5))
    # One card played, orange 2 up: positions 3..6 are left, so a hand of 4 could go out.
    assert bot.interrupt(asked("interrupt,D-R", "R-O", 4))
    assert not bot.interrupt(asked("interrupt,D-R", "R-O", 5, Follow("O", 4, UP)))
    # Holding nothing but interrupts, the interrupt is its way out.
    assert bot.interrupt(asked("interrupt", "R-O", 6))


def test_the_strategist_aims_at_the_leader_or_the_player_about_to_go_out() -> None:
    bot = StrategistBot(1)
    # No run on D-R: the pickup goes to the score leader (seat 3), not the fewest cards (seat 1).
    v = view("pickup2,miss,O-P", "D-R", (0, 4, 6, 5), scores=(10, 30, 20, 60))
    assert score_leader(v) == 3 and bot.choose_turn(v) == ActionPlay("pickup2", 3)
    # Seat 2 holds one card: the strongest strike goes to him, even with a run to play.
    v = view("miss,pickup1,R-D", "D-R", (0, 4, 1, 5), scores=(10, 30, 20, 60))
    assert bot.choose_turn(v) == ActionPlay("pickup1", 2)
    # Two cards left is no danger yet: the run comes first.
    v = view("miss,pickup1,R-D,O-P", "D-R", (0, 4, 2, 5), scores=(10, 30, 20, 60))
    turn = bot.choose_turn(v)
    assert isinstance(turn, SequencePlay) and turn.cards == (parse_card("R-D"),)
    # Going out beats everything.
    v = view("R-D", "D-R", (0, 4, 1, 5))
    turn = bot.choose_turn(v)
    assert isinstance(turn, SequencePlay) and turn.cards == (parse_card("R-D"),)
    # The greedy bot aims at the fewest cards instead.
    assert GreedyBot(1).choose_turn(view("pickup2,O-P", "D-R", (0, 4, 6, 5), scores=(10, 30, 20, 60))) == ActionPlay(
        "pickup2", 1
    )


def test_the_strategist_swaps_a_much_larger_hand() -> None:
    v = view("swap,O-P,L-P,G-P,R-P,D-O,L-O,G-O", "D-R", (0, 4, 2, 5))
    assert StrategistBot(1).choose_turn(v) == ActionPlay("swap", 2)
    v = view("swap,O-P,L-P,G-P", "D-R", (0, 4, 2, 5))
    assert StrategistBot(1).choose_turn(v) == ActionPlay("swap", 2)  # forced: nothing else to play
    v = view("swap,O-P,L-P,R-D", "D-R", (0, 4, 2, 5))
    assert isinstance(StrategistBot(1).choose_turn(v), SequencePlay)


def test_bots_are_deterministic_given_their_seed() -> None:
    names = ["greedy", "runkeeper", "strategist", "random"]
    assert game(5, names) == game(5, names)
    for name in names:
        bots = [bot_by_name(name, "s"), bot_by_name(name, "s")]
        for v in random_views(40):
            assert bots[0].choose_turn(v) == bots[1].choose_turn(v)


def test_the_registry() -> None:
    assert set(BOTS) == {"greedy", "runkeeper", "strategist", "random"}
    assert isinstance(bot_by_name("strategist", 3), StrategistBot)
    with pytest.raises(BadInput, match="unknown bot 'clever'"):
        bot_by_name("clever", 1)
    with pytest.raises(BadInput, match="keep"):
        RunKeeperBot(1, keep=1.0)


def test_chain() -> None:
    assert chain([]) == 0
    assert chain(parse_cards("D-R")) == 1
    assert chain(parse_cards("D-R,L-O-D")) == 1
    assert chain(parse_cards("D-R,R-D,L-O-D")) == 3
    assert chain(DECK.regular) == 6


def test_each_name_sits_at_each_seat_once_per_block() -> None:
    names = ("greedy", "runkeeper", "strategist", "random")
    for block in range(3):
        seatings = [seating(names, 4, 9, block * 4 + turn) for turn in range(4)]
        for seat in range(4):
            assert sorted(s[seat] for s in seatings) == sorted(names)
    assert seating(names, 6, 9, 0)[4:] == seating(names, 6, 9, 0)[:2]


def test_a_tournament_setting_is_checked() -> None:
    assert check_setting(2, "greedy,greedy", 30) == ("greedy", "greedy")
    assert check_setting(6, ["random"], 1) == ("random",)
    for players, bots, target, token in (
        (7, "greedy", 100, "7"),
        (4, "greedy", 0, "0"),
        (4, "greedy,clever", 100, "clever"),
        (4, [], 100, ""),
    ):
        with pytest.raises(BadInput) as error:
            check_setting(players, bots, target)
        assert error.value.token == token
