"""The clairvoyant bound of solo Quibbles (``solvers.quibbles.clairvoyant``): its plans are
legal games that end with the penalty they claim, the policy plays them, a plan said to be
proven equals an exhaustive search, and a narrow beam is never below that optimum.

The exhaustive search here is the reference: plain depth-first search over every whole
turn (the same successor list the beam expands), cut where the penalty reaches the best
finished game. It ends because, with a full draw pile, every turn costs at least 1."""

from __future__ import annotations

import random

import pytest
from refusals import refused

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import State, Turn, Variant, new_game, position
from cardsolve.models.quibbles.state import load, start
from cardsolve.models.state import sees_all
from cardsolve.solvers.quibbles import api
from cardsolve.solvers.quibbles.bot_games import seat_policies
from cardsolve.solvers.quibbles.clairvoyant import plan_solo, successors
from cardsolve.solvers.quibbles.state_bots import ClairvoyantBot, clairvoyant, play_bots

NEAR_END = 40
"""Seeded positions close to a win, where the exhaustive search is quick."""
CHEAP_BOUND = 4
"""Positions whose narrow beam finishes under this penalty are searched exhaustively
(the search is as deep as that penalty, since each turn costs at least 1)."""


def exhaustive_penalty(state: State, bound: int) -> int:
    """The least final penalty any play from ``state`` reaches, if under ``bound``; else ``bound``."""
    best = bound
    for _, after in successors(state):
        if after.winner is not None:
            best = min(best, after.penalty_score)
        elif not after.is_over and after.penalty_score < best:
            best = exhaustive_penalty(after, best)
    return best


def near_end(rng: random.Random) -> State:
    """A solo position with a collection worth 16-20 and a hand of 2-5 cards."""
    collection: list[int] = []
    while sum(collection) < 16:
        collection.append(rng.randint(3, 6))
    if sum(collection) > 20 or len(collection) > 5:
        return near_end(rng)
    hand = [rng.randint(1, 6) for _ in range(rng.randint(2, 5))]
    display = [rng.randint(1, 6) for _ in range(6)]
    return position(Variant.SOLO, hand, display, collection, seed=rng.randint(0, 10**6))


def replayed_penalty(state: State, turns: tuple[Turn, ...]) -> tuple[int | None, int]:
    """Play the turns on a copy, each checked by the engine; the winner and the penalty."""
    game = state.clone()
    for turn in turns:
        game.apply(turn)
    return game.winner, game.penalty_score


@pytest.mark.parametrize("seed", range(3))
def test_a_plan_is_a_legal_game_that_ends_with_its_penalty(seed: int) -> None:
    state = new_game(1, Variant.SOLO, seed)
    plan = plan_solo(state, width=2)
    assert plan.penalty is not None and plan.width == 2
    assert replayed_penalty(state, plan.turns) == (0, plan.penalty)


@pytest.mark.parametrize("seed", [7, 12])
def test_the_bot_plays_its_plan(seed: int) -> None:
    """The game is deterministic once the draw order is known (the discards' reshuffles
    too: the whole position holds their source), so the bot's game is the plan: handed
    the whole position by ``play`` (``sees_all``), it plays the plan's turns and ends
    with its penalty, proven or not as the plan is."""
    plan = plan_solo(new_game(1, Variant.SOLO, seed))
    game = api.play(players=1, bots="clairvoyant", seed=seed)
    assert [played.turn for played in game.log] == list(plan.turns)
    assert game.penalty == plan.penalty and game.winner == 1
    bot = clairvoyant(width=2)
    end = play_bots(start(seed=seed, players=1), [bot], seed)
    narrow = plan_solo(new_game(1, Variant.SOLO, seed), width=2)
    assert sees_all(bot) and end.scores() == {1: narrow.penalty} and bot.proven == narrow.proven


def test_the_bot_reads_the_whole_solo_position_only() -> None:
    """A bound, not a seat's player: a seat's view (the draw pile hidden), a position
    whose reshuffles are unknown, or a game of two seats is bad input naming why."""
    state = start(seed=3, players=1)
    assert "hides cards" in refused(lambda: ClairvoyantBot()(state.observation(1), random.Random(0)))
    doc = state.to_json() | {"shuffle_seed": "?"}
    assert "hides cards" in refused(lambda: ClairvoyantBot()(load(doc), random.Random(0)))
    assert "solo games only" in refused(lambda: ClairvoyantBot()(start(seed=3, players=2), random.Random(0)))


def test_a_proven_plan_is_the_optimum_and_a_narrow_beam_never_beats_it() -> None:
    rng = random.Random(17)
    proven_narrow = searched = 0
    while searched < NEAR_END:
        state = near_end(rng)
        narrow = plan_solo(state, width=1)
        assert narrow.penalty is not None
        if narrow.penalty >= CHEAP_BOUND:
            continue
        searched += 1
        optimum = exhaustive_penalty(state, narrow.penalty + 1)
        wide = plan_solo(state, width=100_000)
        assert wide.proven and wide.penalty == optimum
        assert replayed_penalty(state, wide.turns) == (0, optimum)
        assert narrow.penalty >= optimum
        if narrow.proven:
            proven_narrow += 1
            assert narrow.penalty == optimum
    assert proven_narrow < NEAR_END  # the narrow beam really had to cut somewhere


def test_a_game_won_at_once_is_proven_at_no_cost() -> None:
    """Five 5s and a 1 in hand, a collection worth 16, a display of six 6s: one turn wins
    before any penalty (lay the 1 and stash the 5s, or combine 1+5 for the 6s and stash
    one), and the beam proves it."""
    state = position(Variant.SOLO, [5, 5, 5, 5, 5, 1], [6, 6, 6, 6, 6, 6], [6, 6, 4])
    plan = plan_solo(state, width=1)
    assert plan.penalty == 0 and plan.proven and len(plan.turns) == 1
    assert replayed_penalty(state, plan.turns) == (0, 0)


def test_the_clairvoyant_plays_solo_only() -> None:
    with pytest.raises(BadInput, match="solo games only") as caught:
        seat_policies("greedy,clairvoyant", 2)
    assert caught.value.token == "clairvoyant"
    with pytest.raises(BadInput, match="solo games only"):
        api.play(players=2, bots="clairvoyant,greedy")
    assert seat_policies("clairvoyant", 1) == ("clairvoyant",)
