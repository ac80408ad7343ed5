"""Subito's placement policies as bots of the one game protocol (``solvers.subito.state_bots``):
whole games of them by ``models.state.play``, and the same decisions as the policies."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.state import TABLE, play
from cardsolve.models.subito.state import DECK, SubitoState, start
from cardsolve.models.subito.tasks import SIDES, Side
from cardsolve.solvers.subito import api
from cardsolve.solvers.subito.policies import ORACLE, Turn, decision_seed, policy
from cardsolve.solvers.subito.state_bots import BOTS, PolicyBot, bot, round_table, round_turn

SAMPLES = 32
"""The hint's rollouts a side here: a whole game of hints in a tenth of a second."""
NAMES = list(BOTS)


def game(name: str, seed: int, players: int = 2) -> SubitoState:
    """A seeded game to its end, every seat played by the bot ``name`` seeded ``seed + seat``."""
    bots = {seat: bot(name, seed + seat, hint_samples=SAMPLES) for seat in range(1, players + 1)}
    end = play(start(seed=seed, players=players), bots, seed=seed)
    assert isinstance(end, SubitoState)
    return end


def replayed(state: SubitoState, moves: tuple[str, ...]) -> SubitoState:
    """``state`` after ``moves``, each checked legal by ``apply``."""
    for move in moves:
        state = state.apply(move)
    return state


def test_the_bots_are_the_policies_hint_greedy_and_random() -> None:
    assert NAMES == ["hint", "greedy", "random"]


@pytest.mark.parametrize("name", NAMES)
def test_a_bot_plays_a_seeded_game_to_its_end_with_legal_moves_the_same_each_time(name: str) -> None:
    end = game(name, 4)
    assert end.is_over and len(end.points) == 3
    assert len(end.history) == 3 * 2 * 71  # each round a turn and a placement, 36 + 35 cards
    assert replayed(start(seed=4), end.history).to_json() == end.to_json()
    assert game(name, 4).history == end.history


@pytest.mark.parametrize("players", [3, 4])
def test_the_bots_play_the_three_and_four_player_games(players: int) -> None:
    """The seats of a side of the table (a team, or the solo player) each decide as that side."""
    end = game("greedy", 2, players)
    assert end.is_over and len(end.points) == 3
    assert replayed(start(seed=2, players=players), end.history).to_json() == end.to_json()


def test_the_hint_beats_the_random_bot() -> None:
    for seed in range(2):
        for hinted in (1, 2):
            bots = {hinted: bot("hint", seed, hint_samples=SAMPLES), 3 - hinted: bot("random", seed)}
            scores = play(start(seed=seed), bots, seed=seed).scores()
            assert scores[hinted] > scores[3 - hinted], (seed, hinted, scores)


def placements(history: tuple[str, ...], cards: int) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The first ``cards`` placements of a 2-player game's history (a turned card, then its
    side; seat 1 first): each seat's cards by side, in placement order."""
    placed: tuple[dict[str, list[str]], dict[str, list[str]]] = ({}, {})
    for k in range(cards):
        card, side = history[2 * k], history[2 * k + 1]
        placed[k % 2].setdefault(side, []).append(card)
    return placed


@pytest.mark.parametrize("name", NAMES)
def test_the_bots_play_round_one_as_the_policies_play_the_round_dealt_alike(name: str) -> None:
    """A bot seeded as the game decides as the policy does in the round dealt alone with
    that round's deal seed (``round_table``, the hints study's round), every card of it."""
    seed = 3
    state = start(seed=seed)
    chooser = policy(name, SAMPLES)
    piles = tuple(tuple(card for card in pile if card is not None) for pile in state.piles)
    table = round_table(state.table.tasks, piles, (chooser, chooser), seed * 3 + 1)
    bots = {seat: bot(name, seed, hint_samples=SAMPLES) for seat in (1, 2)}
    end = play(state, bots, seed=seed, max_moves=2 * 71)
    assert isinstance(end, SubitoState) and end.round == 2
    theirs = tuple(
        {side: [card.name for card in cards] for side, cards in placed.placed.items() if cards}
        for placed in table.players
    )
    assert placements(end.history, 71) == theirs
    assert "5a" in theirs[0] and "5a" in theirs[1]  # each decided with the other's 5a cards face down


def positions(players: int, seed: int) -> list[SubitoState]:
    """Three positions of a seeded game played at random (5a often), each with a seat to
    place its card: round 1 after 10 cards, and round 2 after 20 and after 50 cards, where
    the seat's observation has the other side's 5a cards face down."""
    rng = random.Random(seed)
    state = start(seed=seed, players=players)
    found: list[SubitoState] = []
    wanted = [(1, 10), (2, 20), (2, 50)]
    while wanted:
        seat = state.to_move
        assert seat is not None
        reached = seat != TABLE and (state.round, sum(state.counts)) >= wanted[0]
        if reached and (state.round == 1 or state.observation(seat).hidden):
            found.append(state)
            wanted.pop(0)
        moves = [str(move) for move in state.legal_moves()]
        state = state.apply("5a" if "5a" in moves and rng.random() < 0.3 else rng.choice(moves))
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", NAMES)
def test_a_bot_moves_as_its_policy_decides_on_the_whole_table(name: str, players: int) -> None:
    """The policy given the whole table (the other side's face-down cards named), the bot
    the seat's observation (those cards counted only): the same side, by the decision's seed."""
    seed = 6
    for state in positions(players, seed):
        seat = state.to_move
        assert seat is not None and state.turned is not None
        entry = state.entry_of(seat)
        turn = Turn(
            state.table,
            entry + 1,
            state.turned,
            DECK,
            decision_seed(seed * 3 + state.round, entry + 1, state.counts[entry]),
        )
        decided = policy(name, SAMPLES).choose(turn)
        seen = state.observation(seat)
        assert str(bot(name, seed, hint_samples=SAMPLES)(seen, random.Random(0))) == decided.name
        assert str(api.bot(name, seed, hint_samples=SAMPLES)(seen, random.Random(1))) == decided.name


def test_an_unknown_bot_or_a_bad_seed_is_bad_input_naming_it() -> None:
    with pytest.raises(BadInput, match="no Subito bot 'hint-own-pile': the bots are hint, greedy, random"):
        bot("hint-own-pile")
    with pytest.raises(BadInput, match="no Subito bot 'best'"):
        api.bot("best")
    with pytest.raises(BadInput, match="seed"):
        bot("random", -1)
    with pytest.raises(BadInput, match="samples"):
        bot("hint", hint_samples=0)


def test_a_bot_refuses_a_position_where_its_seat_has_no_card() -> None:
    with pytest.raises(BadInput, match="places the card its seat has turned over"):
        bot("greedy")(start(seed=1), random.Random(0))


@dataclass(frozen=True)
class Stubborn:
    """A broken policy: always the side ``side``."""

    side: Side
    name: str = "stubborn"

    def choose(self, turn: Turn) -> Side:
        """``side``, whatever the card."""
        return self.side


def test_a_side_the_policy_chooses_that_is_not_legal_is_a_bug_naming_both() -> None:
    state = start(seed=7)
    while state.to_move != 1 or len(state.legal_moves()) == len(state.table.tasks):
        state = state.apply(state.legal_moves()[0])
    legal = [str(move) for move in state.legal_moves()]
    illegal = next(side for side in state.table.tasks if side.name not in legal)
    with pytest.raises(AssertionError, match=f"on {illegal.name}, not a legal move: {', '.join(legal)}"):
        PolicyBot(Stubborn(SIDES[illegal.name]))(state.observation(1), random.Random(0))


def test_only_the_policy_that_reads_its_own_pile_sees_all() -> None:
    """``hint-own-pile`` reads its coming cards, which no observation shows: ``play`` hands
    it the whole position (a bound); the seats' bots get their observation."""
    assert PolicyBot(policy(ORACLE, SAMPLES)).sees_all
    assert not any(PolicyBot(policy(name)).sees_all for name in NAMES)
    state = start(seed=2).apply(start(seed=2).legal_moves()[0])
    turn = round_turn(state, 7)
    assert turn.coming == tuple(card for card in state.piles[0] if card is not None) and len(turn.coming) == 35
    assert round_turn(state.observation(1), 7).coming == ()
