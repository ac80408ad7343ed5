"""The Quibbles policies as bots of the game protocol (``solvers.quibbles.state_bots``):
each plays a seeded game of the game in progress to its end with legal moves only, the
same seeds giving the same game; the hint and the greedy bots beat the random one; and on seeded
positions each bot's move, made on what its seat sees, is the move the engine's policy
makes on the whole position (the bots are the same players)."""

from __future__ import annotations

import random

import pytest
from refusals import refused

from cardsolve.models.quibbles import Action, Draw, Stash, State, Turn, Variant
from cardsolve.models.quibbles.state import STASHING, QuibblesState, StashMove, TurnMove, start
from cardsolve.models.state import TABLE, Bot, GameState, Move, play, sees_all
from cardsolve.solvers.quibbles import api
from cardsolve.solvers.quibbles.bot_games import Lookahead, policy_by_name
from cardsolve.solvers.quibbles.state_bots import (
    BOTS,
    ClairvoyantBot,
    PolicyBot,
    bot,
    effect,
    play_bots,
    policy_move,
    seat_bots,
)

QUICK = Lookahead(samples=1, shortlist=1)
"""The hint's lookahead in these tests: one sample of the shortlisted candidates (the
finalists are still sampled again), a tenth of a second a turn."""


def checked(player: Bot, moves: list[str]) -> Bot:
    """``player``, each move it makes checked to be the very legal move of what its seat
    sees, and noted in ``moves``."""

    def decide(seen: GameState, rng: random.Random) -> Move:
        move = player(seen, rng)
        assert any(move is legal for legal in seen.legal_moves()), move
        moves.append(str(move))
        return move

    return decide


def test_the_bots_are_the_play_command_s_policies_but_the_clairvoyant() -> None:
    assert list(BOTS) == ["hint", "greedy", "random"]
    made = bot("hint", seed=3)
    assert isinstance(made, PolicyBot) and (made.name, made.seed, made.lookahead) == ("hint", 3, Lookahead())
    assert isinstance(api.bot("greedy"), PolicyBot) and "bot" in api.__all__
    said = refused(lambda: bot("clairvoyant"))
    assert "'clairvoyant': it reads the draw pile" in said and "expected one of hint, greedy, random" in said
    assert "unknown quibbles bot 'nope'; expected one of hint, greedy, random" in refused(lambda: bot("nope"))
    assert "unknown quibbles bot 'nope'" in refused(lambda: api.bot("nope"))
    assert "seed -1 is negative" in refused(lambda: api.bot("greedy", -1))


@pytest.mark.parametrize(
    ("name", "seed", "players"),
    [("greedy", 5, 2), ("greedy", 2, 1), ("random", 2, 3), ("random", 7, 1)],
)
def test_a_bot_plays_a_seeded_game_to_its_end_with_legal_moves_the_same_each_time(
    name: str, seed: int, players: int
) -> None:
    games = []
    for _ in range(2):
        moves: list[str] = []
        seats = {seat: checked(bot(name, seed=seat), moves) for seat in range(1, players + 1)}
        end = play(start(seed=seed, players=players), seats, seed=seed)
        assert end.is_over and moves
        games.append(end.history)
    assert games[0] == games[1]
    replayed = start(seed=seed, players=players)
    for move in games[0]:
        replayed = replayed.apply(move)
    assert replayed.is_over


def test_the_hint_bot_plays_a_game_to_its_end_and_beats_the_random_bot() -> None:
    moves: list[str] = []
    hint = checked(PolicyBot("hint", 1, QUICK), moves)
    end = play(start(seed=4, players=2), {1: hint, 2: bot("random")}, seed=4)
    assert end.is_over and end.scores() == {1: 1.0, 2: 0.0} and moves
    again = play(start(seed=4, players=2), {1: PolicyBot("hint", 1, QUICK), 2: bot("random")}, seed=4, max_moves=40)
    assert again.history == end.history[:40]  # the same seeds, the same game


def test_the_hint_bot_with_the_hint_command_s_lookahead_makes_legal_moves() -> None:
    moves: list[str] = []
    play(start(seed=3, players=2), {1: checked(bot("hint"), moves), 2: bot("greedy")}, seed=3, max_moves=8)
    assert moves and moves[0].startswith(("split", "combine", "draw"))


def test_the_greedy_bot_beats_the_random_bot() -> None:
    wins = 0.0
    for seed in range(6):
        seat = 1 + seed % 2
        seats = {seat: bot("greedy"), 3 - seat: bot("random")}
        wins += play(start(seed=seed, players=2), seats, seed=seed).scores()[seat]  # 1 for the winner
    assert wins >= 5
    for seed in range(3):
        greedy = play(start(seed=seed, players=1), [bot("greedy")], seed=seed).scores()[1]
        blind = play(start(seed=seed, players=1), [bot("random")], seed=seed).scores()[1]
        assert greedy < blind / 2  # the penalty pile: lower is better


def positions(seed: int, players: int) -> list[QuibblesState]:
    """Four positions with a seat to act of a seeded game of random moves, one every
    fifth move from the start, and the first with a seat to stash after a DRAW."""
    state, rng = start(seed=seed, players=players), random.Random(seed)
    acting: list[QuibblesState] = []
    stashing: list[QuibblesState] = []
    for at in range(200):
        if state.is_over or (len(acting) == 4 and stashing):
            break
        if state.to_move != TABLE:
            wanted = stashing if state.step == STASHING else acting if at % 5 == 0 else []
            if len(wanted) < (1 if wanted is stashing else 4):
                wanted.append(state)
        state = state.apply(rng.choice(state.legal_moves()))
    return acting + stashing


def policy_turn(name: str, state: QuibblesState, rng: random.Random) -> Turn | Stash | None:
    """The engine's policy ``name`` on the whole of ``state`` (every card known; a
    reshuffled pile dealt): after a DRAW's cards its stash, else its action and, but for
    a DRAW, the stash after it (as ``play_turn``)."""
    policy, engine = policy_by_name(name, QUICK), state.fill_hidden(99).engine_state(0)
    if state.step == STASHING:
        return policy.stash(engine, rng)
    action = policy.action(engine, rng)
    if isinstance(action, Draw):
        return Turn(action)
    engine.act(action)
    return Turn(action, policy.stash(engine, rng))


@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_bot_moves_as_its_policy_on_the_whole_position(players: int) -> None:
    seen_steps = set()
    for state in positions(7 + players, players):
        solo = state.variant is Variant.SOLO
        for name in BOTS:
            seed = 10 * len(state.history) + players
            chosen = PolicyBot(name, seed, QUICK)(state.observation(state.turn_seat), random.Random(seed))
            expected = policy_turn(name, state, random.Random(seed))
            if isinstance(expected, Turn):
                assert isinstance(chosen, TurnMove), (name, chosen)
                assert effect(chosen.turn, state.display, solo) == effect(expected, state.display, solo)
            else:
                assert isinstance(chosen, StashMove) and chosen.stash == expected, (name, chosen, expected)
            seen_steps.add(state.step)
    assert seen_steps == {"act", STASHING}


class _Stubborn:
    """A policy that always lays a 5 on the display, whether or not the hand holds one."""

    def action(self, state: State, rng: random.Random) -> Action:
        return Draw(5)

    def stash(self, state: State, rng: random.Random) -> Stash | None:
        return None


def test_a_policy_move_that_is_not_legal_is_a_bug_naming_both() -> None:
    state = start(seed=3, players=2)
    assert 5 not in state.hands[0] and 6 in state.hands[0]
    with pytest.raises(AssertionError, match=r"the policy's turn 'draw 5' is no legal move: .*draw 6"):
        policy_move(_Stubborn(), state.observation(1), random.Random(0))
    table = state.apply("draw 6")
    assert "no seat is to move here" in refused(lambda: bot("greedy")(table, random.Random(0)))


def test_seat_bots_draw_from_their_own_seeded_sources_and_stop_at_the_turn_cap() -> None:
    """A game's seat bots draw their random choices from their own sources, seeded by the
    game and the seat as the engine's games seeded each seat, so ``play``'s own seed
    changes nothing; ``play_bots`` stops as the cap's turn is done; the clairvoyant is a
    bound that sees the whole position."""
    games = [play_bots(start(seed=5, players=2), seat_bots(["random", "greedy"], 5), seed) for seed in (1, 2)]
    assert games[0].history == games[1].history and games[0].is_over
    bots = seat_bots(["random", "random"], 5)
    assert isinstance(bots[1], PolicyBot) and bots[1].source is not None
    assert bots[1].source.random() == random.Random("5/1").random()
    capped = play_bots(start(seed=5, players=2), seat_bots(["random", "random"], 5), 5, max_turns=7)
    assert capped.turn_count == 7 and capped.to_move == capped.turn_seat and capped.step == "act"
    (bound,) = seat_bots(["clairvoyant"], 5)
    assert isinstance(bound, ClairvoyantBot) and sees_all(bound) and not sees_all(bots[0])
