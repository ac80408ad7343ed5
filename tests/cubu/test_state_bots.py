"""The CUBU bots as protocol bots (``solvers.cubu.state_bots``): whole seeded rounds and races
with legal moves only, the same seed the same game, the strategist ahead of random, and the
same players as the old engine's: the views the adapters build equal those the old engine
hands the policies, and they decide alike, position by position and over whole rounds and
races."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardsolve.models.cubu import classic, speed
from cardsolve.models.cubu.cards import load_deck, parse_cards
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
            old = replace(classic.view_of(state.table(seat), seat - 1, state.sheet), pickup_size=len(state.pickup))
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


LINEUP = ("strategist", "random", "greedy", "runkeeper")


def old_round(seed: int) -> list[tuple[TurnView | InterruptView, Turn | bool]]:
    """The views and decisions of the old engine's round (``classic.play_turn``) from the deal
    ``start`` makes, up to the first turn after which the two engines part: a sequence cut
    short (the old engine keeps the cards not laid where they were in the hand, the state
    gives them back at its end) or a reshuffled pickup deck (the state's is drawn at random)."""
    table = classic.deal(load_deck(), len(LINEUP), len(LINEUP) - 1, random.Random(seed))
    log: list[tuple[TurnView | InterruptView, Turn | bool]] = []
    policies = [Recording(POLICIES[name](seed + seat), log) for seat, name in enumerate(LINEUP)]
    pickup = len(table.pickup)
    while table.winner is None:
        record = classic.play_turn(table, policies)
        pickup -= len(record.drawn)
        if record.interrupter is not None or pickup < 0:
            break
    return log


def test_the_adapters_play_the_old_engines_rounds_view_for_view() -> None:
    compared = interrupts = 0
    for seed in range(12):
        old = old_round(seed)
        log: list[tuple[TurnView | InterruptView, Turn | bool]] = []
        bots = {
            seat + 1: policy_bot(name, Recording(POLICIES[name](seed + seat), log)) for seat, name in enumerate(LINEUP)
        }
        play(start(seed=seed, players=len(LINEUP)), bots, seed=seed, max_moves=MAX_MOVES)
        assert log[: len(old)] == old
        compared += len(old)
        interrupts += sum(isinstance(view, InterruptView) for view, _ in old)
    assert compared >= 200 and interrupts >= 10, (compared, interrupts)


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


def test_the_adapters_play_the_old_engines_races() -> None:
    for seed, follow in ((0, "colour"), (1, "boxes"), (2, "colour"), (3, "boxes")):
        players = 3
        policies = [speed.RandomPolicy(seed + seat) for seat in range(players)]
        cards = load_deck().regular
        old = speed.play_race(cards, players, players - 1, follow, policies, random.Random(seed))
        first = start(seed=seed, players=players, mode="speed", follow=follow)
        final = play(first, [bot("random", seed + seat) for seat in range(players)], seed=seed, max_moves=MAX_MOVES)
        assert isinstance(final, SpeedRaceState)
        laid = [f"{event.card}@{event.cell[0]},{event.cell[1]}" for event in old.events if event.cell is not None]
        assert [move for move in final.history if "@" in move] == laid
        assert final.winners == tuple(seat + 1 for seat in old.winners)
