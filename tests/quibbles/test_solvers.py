"""Quibbles solvers against the rules engine: combine options, the best split, the
policies, the hint and the solo study's games."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import (
    Combine,
    Draw,
    Split,
    Stash,
    Turn,
    Variant,
    deck_counts,
    new_game,
    position,
    to_counts,
)
from cardsolve.models.quibbles.deal import random_position
from cardsolve.solvers.quibbles import api
from cardsolve.solvers.quibbles.bot_games import MAX_TURNS, Lookahead, study_policies
from cardsolve.solvers.quibbles.combine import combine_options
from cardsolve.solvers.quibbles.hint import determinize, rank_turns
from cardsolve.solvers.quibbles.policies import GreedyPolicy, RandomPolicy
from cardsolve.solvers.quibbles.split import best_split
from cardsolve.solvers.studies.quibbles_solo import solo_game


def test_combine_options_are_exactly_the_engines_combines() -> None:
    """Every (played, total, taken) the solver lists is a legal COMBINE, and every legal
    COMBINE of the engine appears, on 300 seeded positions (empty displays included)."""
    rng = random.Random(7)
    for _ in range(300):
        state = random_position(rng)
        engine = {(a.played, sum(a.played), len(a.taken)) for a in state.legal_actions() if isinstance(a, Combine)}
        listed = [
            (o.played, o.total, o.taken)
            for o in combine_options([v for v in range(1, 7) for _ in range(state.hands[0][v])], state.display)
        ]
        assert len(listed) == len(set(listed))
        assert set(listed) == engine


def test_combine_options_when_nothing_matches() -> None:
    assert combine_options([1, 2], [6, 6, 5]) == []
    assert combine_options([], [1, 2, 3]) == []
    assert combine_options([5], [5, 5]) == []  # a single card is no combine


def test_best_split_takes_the_most_any_legal_split_takes() -> None:
    """The solver's optimum equals the largest split among all the engine's legal splits
    (an independent enumeration), and the solver's own sets form a legal turn."""
    rng = random.Random(11)
    for _ in range(300):
        state = random_position(rng, Variant.SOLO if rng.random() < 0.5 else Variant.STANDARD)
        by_value: dict[int, int] = defaultdict(int)
        for action in state.legal_actions():
            if isinstance(action, Split):
                by_value[action.card] = max(by_value[action.card], len(action.taken))
        for value in range(2, 7):
            if not state.hands[0][value]:
                continue
            found = best_split(state.display, value)
            assert found.taken == by_value[value]
            if found.taken:
                assert state.check(Turn(Split(value, found.sets))) is None


@pytest.mark.parametrize("seed", range(4))
def test_greedy_and_random_play_only_legal_turns(seed: int) -> None:
    """Each decision is legal where it is taken (``act`` and ``finish`` refuse others),
    and the stash is among the options the hand after the action allows."""
    rng = random.Random(seed)
    for policy in (GreedyPolicy(), RandomPolicy()):
        state = new_game(3, Variant.STANDARD, seed)
        for _ in range(60):
            if state.is_over:
                break
            action = policy.action(state, rng)
            assert state.check(Turn(action)) is None
            state.act(action)
            stash = policy.stash(state, rng)
            assert stash is None or stash in state.stash_options()
            state.finish(stash)


def test_greedy_takes_the_most_cards() -> None:
    """Greedy's action takes as many cards as the best legal action."""
    rng = random.Random(3)
    for _ in range(100):
        state = random_position(rng)
        action = GreedyPolicy().action(state, rng)
        most = max(len(a.taken) for a in state.legal_actions())
        assert len(action.taken) == most


def test_determinize_keeps_what_the_player_sees() -> None:
    state = new_game(3, Variant.STANDARD, 5)
    sample = determinize(state, 0, random.Random(1))
    assert sample.hands[0] == state.hands[0] and sample.display == state.display
    assert [sum(h) for h in sample.hands] == [sum(h) for h in state.hands]
    assert sample.card_counts() == deck_counts(Variant.STANDARD)
    assert sample.hands[1:] != state.hands[1:] or sample.draw_pile != state.draw_pile


def test_hint_ranks_every_distinct_turn_and_is_reproducible() -> None:
    state = position(Variant.SOLO, [1, 2, 2, 3, 4, 6], [1, 4, 2, 3, 3, 2], seed=1)
    first = rank_turns(state, samples=4, shortlist=5, seed=3)
    again = rank_turns(state, samples=4, shortlist=5, seed=3)
    assert [r.turn for r in first.ranked] == [r.turn for r in again.ranked]
    assert all(state.check(r.turn) is None for r in first.ranked)
    assert len({r.turn for r in first.ranked}) == len(first.ranked)
    draws = sum(isinstance(r.turn.action, Draw) for r in first.ranked)
    assert 5 <= first.sampled <= 5 + draws and first.samples == 4  # the shortlist of 5 and every DRAW
    assert first.explanation.startswith(first.best.turn.action.__class__.__name__.lower())


def test_hint_samples_every_draw_beyond_its_shortlist() -> None:
    """A DRAW's static score is taken before its cards are seen, so the shortlist keeps
    every DRAW: with a shortlist of 1 the best static turn and each card laid are sampled,
    and nothing else is."""
    state = position(Variant.SOLO, [1, 2, 2, 3, 4, 6], [1, 4, 2, 3, 3, 2], seed=1)
    found = rank_turns(state, samples=2, shortlist=1)
    sampled = [r.turn for r in found.ranked[: found.sampled]]
    draws = [t.action for t in sampled if isinstance(t.action, Draw)]
    assert sorted(draw.card for draw in draws) == [1, 2, 3, 4, 6]
    assert len(sampled) - len(draws) <= 1
    assert not any(isinstance(r.turn.action, Draw) for r in found.ranked[found.sampled :])


def test_hint_replies_deepen_the_lookahead_and_stay_seeded() -> None:
    """Each sample plays the candidate and then ``replies`` of the player's own turns:
    any depth ranks the same turns, reproducibly, and depth changes the expectations."""
    state = position(Variant.SOLO, [1, 2, 2, 3, 4, 6], [1, 4, 2, 3, 3, 2], seed=1)
    shallow, deep = (rank_turns(state, samples=3, shortlist=4, seed=5, replies=n) for n in (0, 2))
    assert {r.turn for r in shallow.ranked} == {r.turn for r in deep.ranked}
    assert deep == rank_turns(state, samples=3, shortlist=4, seed=5, replies=2)
    assert [r.expected for r in shallow.ranked] != [r.expected for r in deep.ranked]


def test_hint_samples_its_finalists_again_on_fresh_deals() -> None:
    """The second round samples the first round's best ``finalists`` ``final_samples``
    times more and ranks them first; the first round is the same with or without it."""
    state = position(Variant.SOLO, [1, 2, 2, 3, 4, 6], [1, 4, 2, 3, 3, 2], seed=1)
    one = rank_turns(state, samples=4, shortlist=5, seed=3, final_samples=0)
    two = rank_turns(state, samples=4, shortlist=5, seed=3, finalists=2, final_samples=6)
    assert (one.finalists, one.final_samples, two.finalists, two.final_samples) == (0, 0, 2, 6)
    assert {r.turn for r in two.ranked[:2]} == {r.turn for r in one.ranked[:2]}
    assert [r.expected for r in two.ranked[:2]] != [r.expected for r in one.ranked[:2]]
    assert two.ranked[2:] == one.ranked[2:]
    assert "the best 2 x 6 more" in two.text() and "the best" not in one.text()


def test_hint_takes_a_winning_stash() -> None:
    """With five 5s in hand and a collection worth 17, stashing a 5 wins at once: after
    combining 1+3 for the 4s, not after a split of a 5 (only four 5s would be left)."""
    state = position(Variant.STANDARD, [5, 5, 5, 5, 5, 1, 3], [4, 4, 4, 4, 2, 4], [6, 6, 5], opponents=1)
    found = rank_turns(state, samples=4, shortlist=6)
    assert found.best.turn.stash == Stash(5)
    assert isinstance(found.best.turn.action, Combine)
    assert "wins" in found.explanation


def test_hint_with_a_single_turn_needs_no_samples() -> None:
    """A hand of one 1 facing a display of 6s has only DRAW 1 (its stash is decided after
    the draw): one candidate, ranked without sampling."""
    state = position(Variant.STANDARD, [1], [6, 6, 6, 6, 6, 6], opponents=1)
    found = rank_turns(state, samples=8)
    assert len(found.ranked) == 1 and found.samples == 0


def test_solo_games_are_seeded_by_the_study_seed_and_the_game() -> None:
    """Game k of a study seed is the same game every time it is played, and another k or
    another seed deals another game."""
    games = [solo_game("greedy", Lookahead(), 2, k) for k in range(4)]
    assert games == [solo_game("greedy", Lookahead(), 2, k) for k in range(4)]
    assert len({(g.penalty, g.turns) for g in games}) > 1
    assert [solo_game("greedy", Lookahead(), 3, k) for k in range(4)] != games
    assert all(g.finished and g.penalty > 0 for g in games)


def test_percentiles_by_nearest_rank() -> None:
    from cardsolve.solvers.quibbles.results import PolicySummary, SoloGame

    summary = PolicySummary("x", tuple(SoloGame(p, 10, True) for p in (50, 10, 40, 20, 30)))
    assert [summary.percentile(q) for q in (0.1, 0.2, 0.5, 0.9, 1.0)] == [10, 10, 30, 50, 50]
    assert summary.median == 30 and summary.mean == 30


@pytest.mark.slow  # 10-20 s: started early, so that the run does not end on it
def test_hint_policy_beats_greedy_and_greedy_beats_random_in_solo() -> None:
    """On the same 4 seeded deals the hint's lookahead averages a lower penalty than
    greedy, and greedy lower than random play (by far: about 36, 92 and 465)."""
    deals = 4
    mean = {
        name: sum(solo_game(name, Lookahead(), 9, k).penalty for k in range(deals)) / deals
        for name in ("hint", "greedy", "random")
    }
    assert mean["hint"] < mean["greedy"] < mean["random"]


def test_a_bot_game_is_seeded() -> None:
    game = api.play(players=3, bots="greedy,random,greedy", seed=4)
    assert game == api.play(players=3, bots="greedy,random,greedy", seed=4)
    assert game != api.play(players=3, bots="greedy,random,greedy", seed=5)
    assert sum((game.winner is not None, game.stalled, game.cut_off)) == 1


def test_a_bot_game_is_cut_off_at_the_turn_cap_and_never_past_it() -> None:
    """Seed 29's five random players wander past 1,000 turns (as the engine's game of that
    seed did): the game stops as the cap's turn is done, and says so."""
    game = api.play(players=5, variant="simplified", bots="random," * 4 + "random", seed=29)
    assert game.cut_off and not game.stalled and game.winner is None
    assert game.turns == len(game.log) == MAX_TURNS
    assert game.text().splitlines()[-6] == f"Cut off after {MAX_TURNS} turns."


def test_unknown_policy_is_bad_input() -> None:
    from cardsolve.solvers.quibbles.bot_games import policy_by_name

    with pytest.raises(BadInput, match="smart"):
        policy_by_name("smart")


@pytest.mark.parametrize(("names", "token"), [("greedy,greedy", "greedy"), (["hint", "smart"], "smart")])
def test_study_policies_are_known_and_named_once(names: str | list[str], token: str) -> None:
    assert study_policies(" hint, random") == ("hint", "random")
    with pytest.raises(BadInput) as caught:
        study_policies(names)
    assert caught.value.token == token


@pytest.mark.parametrize(("samples", "shortlist"), [(0, 6), (6, 0)])
def test_a_lookahead_under_one_is_bad_input(samples: int, shortlist: int) -> None:
    with pytest.raises(BadInput, match="at least 1, not 0") as caught:
        Lookahead(samples, shortlist)
    assert caught.value.token == "0"


def test_position_rejects_more_cards_than_the_deck() -> None:
    with pytest.raises(BadInput, match="1s"):
        position(Variant.STANDARD, [1] * 15, [1] * 6, opponents=1)
    assert to_counts([1, 1])[1] == 2


def test_a_draw_stash_is_decided_with_the_drawn_cards() -> None:
    """Nothing to take: greedy lays its 6 and draws the two 4s on top of the pile; with
    them it holds four 4s, and its stash decision, taken after the draw, stashes a 4."""
    state = position(Variant.STANDARD, [4, 4, 6], [6, 6, 6, 6, 6, 6], opponents=1)
    state.draw_pile += [4, 4]
    policy = GreedyPolicy()
    action = policy.action(state, random.Random(0))
    assert action == Draw(6)
    state.act(action)
    assert policy.stash(state, random.Random(0)) == Stash(4)
