"""The CUBU bots as protocol bots (``solvers.cubu.state_bots``): whole seeded rounds and races
with legal moves only, the same seed the same game, the strategist ahead of random, and the
same players as the old engine's: the views the adapters build equal those the old engine
handed the policies, and they decide alike, position by position, over whole games (pinned
from the old engine's loop, since removed) and over races."""

from __future__ import annotations

import random

import pytest

from cardsolve.models.cubu import classic, speed
from cardsolve.models.cubu.cards import parse_cards
from cardsolve.models.cubu.classic import InterruptView, Turn, TurnView
from cardsolve.models.cubu.sequence import UP, Follow
from cardsolve.models.cubu.state import CubuState, SpeedRaceState, load, start, turn_move
from cardsolve.models.errors import BadInput
from cardsolve.models.state import TABLE, GameState, Move, play, random_bot
from cardsolve.solvers.cubu import api
from cardsolve.solvers.cubu.bots import BOTS as POLICIES
from cardsolve.solvers.cubu.state_bots import BOTS, bot, policy_bot, turn_view

MAX_MOVES = 5000
"""A cap no seeded round or race comes near (they take under 200 moves)."""


def replayed(final: GameState, first: GameState) -> GameState:
    """``final``'s history applied to ``first`` move by move: every move must be legal."""
    state = first
    for move in final.history:
        state = state.apply(move)
    return state


@pytest.mark.parametrize("name", list(BOTS))
def test_every_bot_plays_seeded_rounds_to_the_end_with_legal_moves_the_same_seed_the_same_round(name: str) -> None:
    for seed, players in ((1, 2), (2, 4), (3, 6)):
        bots = {seat: bot(name, seed + seat) if seat % 2 else bot("greedy", seat) for seat in range(1, players + 1)}
        final = play(start(seed=seed, players=players), bots, seed=seed, max_moves=MAX_MOVES)
        assert final.is_over and isinstance(final, CubuState) and final.winner is not None
        assert replayed(final, start(seed=seed, players=players)).to_json() == final.to_json()
        again = {seat: bot(name, seed + seat) if seat % 2 else bot("greedy", seat) for seat in range(1, players + 1)}
        assert play(start(seed=seed, players=players), again, seed=seed, max_moves=MAX_MOVES).history == final.history


@pytest.mark.parametrize("follow", ["colour", "boxes"])
def test_random_plays_seeded_speed_races_the_same_seed_the_same_race(follow: str) -> None:
    for seed in range(3):
        first = start(seed=seed, players=3, mode="speed", follow=follow)
        final = play(first, [bot("random", seed + seat) for seat in range(3)], seed=seed, max_moves=MAX_MOVES)
        assert final.is_over and isinstance(final, SpeedRaceState)
        assert any("@" in move for move in final.history)
        assert replayed(final, first).to_json() == final.to_json()
        again = play(first, [bot("random", seed + seat) for seat in range(3)], seed=seed, max_moves=MAX_MOVES)
        assert again.history == final.history


def test_the_strategist_wins_most_two_seat_rounds_against_random() -> None:
    wins = 0
    for seed in range(50):
        for seat in (1, 2):
            bots = {seat: bot("strategist", seed), 3 - seat: bot("random", seed)}
            final = play(start(seed=seed, players=2), bots, seed=seed, max_moves=MAX_MOVES)
            assert isinstance(final, CubuState)
            wins += final.winner == seat
    assert wins >= 60, wins  # 69 of the 100 rounds


def test_bot_names_refusals_and_the_api() -> None:
    assert set(BOTS) == {"greedy", "runkeeper", "strategist", "random"}
    assert api.bot is bot
    with pytest.raises(BadInput, match=r"'clever'.*greedy, runkeeper, strategist, random"):
        bot("clever")
    race = start(seed=1, players=2, mode="speed")
    with pytest.raises(BadInput, match="classic game, not a Speed CUBU race"):
        bot("greedy")(race.observation(1), random.Random(0))


# --- the same players as the old engine's ---------------------------------------------


def positions(seed: int, players: int) -> list[CubuState]:
    """The positions of a seeded round played by random bots where a seat is in turn."""
    state = start(seed=seed, players=players)
    rng = random.Random(seed)
    seen = []
    while not state.is_over:
        assert isinstance(state, CubuState)
        if state.to_move not in (None, TABLE) and state.laying is None:
            seen.append(state)
        state = state.apply(random_bot(state, rng))
    return seen


@pytest.mark.parametrize("name", list(POLICIES))
def test_the_adapter_makes_the_old_policys_turn_on_seeded_positions(name: str) -> None:
    checked = 0
    for seed in range(3):
        for state in positions(seed, 3)[::3]:
            seat = state.turn
            hands = [[card for card in hand if card is not None] for hand in state.hands]
            sizes = tuple(map(len, hands))
            old = TurnView(
                seat - 1, tuple(hands[seat - 1]), state.top, sizes, len(state.pickup), state.skips, state.sheet
            )
            assert turn_view(state.observation(seat)) == old
            move = bot(name, seed)(state.observation(seat), random.Random(0))
            assert str(move) == turn_move(POLICIES[name](seed).choose_turn(old)).notation
            checked += 1
    assert checked >= 20


class Recording:
    """A policy that logs every view it is handed and its decision."""

    def __init__(self, policy: classic.Policy, log: list[tuple[TurnView | InterruptView, Turn | bool]]) -> None:
        self.policy = policy
        self.log = log

    def choose_turn(self, view: TurnView) -> Turn:
        turn = self.policy.choose_turn(view)
        self.log.append((view, turn))
        return turn

    def interrupt(self, view: InterruptView) -> bool:
        answer = self.policy.interrupt(view)
        self.log.append((view, answer))
        return answer


PINNED = (
    (
        5,
        ("runkeeper", "strategist"),
        None,
        [75, 110],
        [2],
        "1 10 1 20, 2 18 2 25, 1 9 2 20, 2 8 2 25, 1 25 2 5, "
        "2 15 1 5, 1 25 2 15, 2 11 1 25, 1 8 1 15, 2 13 1 10, 1 5 2 20",
    ),
    (10, ("strategist", "random"), 3, [0, 65], [2], "1 13 2 15, 2 12 2 10, 1 11 2 40"),
    (17, ("runkeeper", "strategist", "random", "greedy"), 2, [0, 50, 0, 40], [2], "1 17 2 50, 2 22 4 40"),
)
"""Games of ``cubu play`` as the old engine's loop (``classic.play_game``, since removed)
played them: seed, bots, rounds (None: to 100), scores, winners and each round's dealer,
turns, winner and points."""


@pytest.mark.parametrize("seed, names, rounds, scores, winners, rounds_played", PINNED)
def test_the_adapters_play_the_old_engines_games(
    seed: int, names: tuple[str, ...], rounds: int | None, scores: list[int], winners: list[int], rounds_played: str
) -> None:
    document = api.play(seed, len(names), names, rounds=rounds).to_json()
    assert (document["scores"], document["winners"]) == (scores, winners)
    played = [(r["dealer"], r["turns"], r["winner"], r["points"]) for r in document["rounds"]]
    assert played == [tuple(int(n) for n in one.split()) for one in rounds_played.split(", ")]


def test_the_interrupt_view_reads_the_laid_cards_from_a_position_without_its_history() -> None:
    # Seat 1 declared red 1 up on R-G and laid D-R-L (red at 2) and O-L-R (red at 3); it means
    # to lay one more card. L-O, under R-G, shows no red at 0: two cards are laid. Seat 2,
    # holding an interrupt, is asked; the strategist interrupts a run of 2 cards.
    doc = {
        "game": "cubu",
        "to_move": 2,
        "turn_seat": 1,
        "hands": [["P-R-D"], ["interrupt", "G-O"]],
        "top": "O-L-R",
        "pile": ["L-O", "R-G", "D-R-L"],
        "sequence": {"follow": "R3up", "planned": ["?"], "asked_seat": 2},
    }
    seen = load(doc).observation(2)
    assert isinstance(seen, CubuState) and not seen.history
    log: list[tuple[TurnView | InterruptView, Turn | bool]] = []
    move: Move = policy_bot("strategist", Recording(POLICIES["strategist"](0), log))(seen, random.Random(0))
    hand = tuple(parse_cards("interrupt,G-O"))
    assert log == [(InterruptView(1, hand, 0, Follow("R", 1, UP), tuple(parse_cards("D-R-L,O-L-R")), 2), True)]
    assert str(move) == "interrupt"


RACES = (
    (0, 3, "colour", 0.0, [7, 7, 55], "1 3 25, 2 12 7, 3 3 30"),
    (1, 2, "boxes", 0.0, [50, 5], "1 2 5, 2 1 20, 1 1 25, 2 1 5"),
    (3, 4, "boxes", 0.1, [-40, 62, -38, -20], "1 1 40, 2 4 20, 3 2 30, 4 4 25, 1 23 7, 2 4 25, 3 2 25, 4 3 55, 1 2 60"),
)
"""Speed CUBU games as the old engine's loop (``speed.play_game``, since removed) played them
with ``speed.RandomPolicy`` (its chance of a wrong card given): seed, players, mode, wrong-card
chance, scores (points less penalties) and each race's dealer, winners (digits) and points."""


@pytest.mark.parametrize("seed, players, follow, wrong, scores, races", RACES)
def test_the_adapters_play_the_old_engines_speed_games(
    seed: int, players: int, follow: str, wrong: float, scores: list[int], races: str
) -> None:
    first = start(seed=seed, players=players, mode="speed", follow=follow, dealer=1, wrong_cards=wrong > 0)
    racers = [speed.RandomPolicy(f"{seed}:{seat}", wrong_chance=wrong) for seat in range(players)]
    final = play(first, [policy_bot("random", POLICIES["random"](0), racer) for racer in racers], max_moves=MAX_MOVES)
    assert isinstance(final, SpeedRaceState) and final.is_over
    assert [int(score) for score in final.scores().values()] == scores
    played = [(r.dealer, "".join(map(str, r.winners)), r.points) for r in final.results]
    played.append((final.dealer, "".join(map(str, final.winners)), final.points))
    assert played == [(int(d), w, int(p)) for d, w, p in (one.split() for one in races.split(", "))]
