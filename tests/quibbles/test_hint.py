"""The hint's fast paths against the plain ones they stand for: the reply step's score
worked out on the counts equals the static evaluation of the copied and played state,
and the remembered stashes and splits are the ones computed afresh; and the rules of the
solo evaluation they all score with."""

from __future__ import annotations

import random

import pytest

from cardsolve.models.quibbles import (
    HAND_SIZE,
    Combine,
    Draw,
    Split,
    Stash,
    State,
    Turn,
    Variant,
    deck_counts,
    from_counts,
    new_game,
    position,
    to_counts,
)
from cardsolve.solvers.quibbles import hint
from cardsolve.solvers.quibbles.policies import GreedyPolicy, RandomPolicy, most_taking_actions, play_turn
from cardsolve.solvers.quibbles.progress import (
    SOLO_PLACE_WORTH,
    evaluate,
    fresh_hand_to_come,
    kept_collection,
    solo_value,
)
from cardsolve.solvers.quibbles.split import best_split

GAMES = 60
"""Seeded solo games walked; every position of each is checked."""


def positions(games: int, variant: Variant = Variant.SOLO, players: int = 1) -> list[State]:
    """Every position of seeded games played half greedily, half at random (so that
    odd hands, full collections and long displays come up too)."""
    found = []
    for seed in range(games):
        state, rng = new_game(players, variant, seed), random.Random(seed)
        while not state.is_over and state.turns < 80:
            found.append(state.clone())
            play_turn(state, GreedyPolicy() if rng.random() < 0.5 else RandomPolicy(), rng)
    return found


def test_the_reply_score_is_the_evaluation_of_the_dry_outcome() -> None:
    """For every reply action and every stash its hand allows, in solo (the fast path) and
    with an opponent: the score on the counts equals ``evaluate`` of ``_dry_outcome``."""
    checked = 0
    for state in positions(GAMES) + positions(10, Variant.STANDARD, 2):
        for action in hint.reply_actions(state):
            stashes = [None] if isinstance(action, Draw) else [None, *state.stash_options(state.hand_after(action))]
            for stash in stashes:
                turn = Turn(action, stash)
                dry, _ = hint._dry_outcome(state, turn)
                assert hint.reply_score(state, turn) == evaluate(dry, state.to_act)
                checked += 1
    assert checked > 10_000


def test_remembered_stashes_and_splits_are_those_computed_afresh() -> None:
    """``best_stash`` from its memory (filled across many games, all hands after each
    reply action) answers as with an empty memory; each reply's split is the numba best
    split of the display, as ``best_split`` gives it afresh."""
    asked = [(state, state.hand_after(action)) for state in positions(GAMES) for action in hint.reply_actions(state)]
    fresh = []
    for state, hand in asked:
        hint._STASHES.clear()
        fresh.append(hint.best_stash(state, 0, hand))
    assert [hint.best_stash(state, 0, hand) for state, hand in asked] == fresh
    assert sum(stash is not None for stash in fresh) > 100
    for state in positions(GAMES):
        for action in most_taking_actions(state):
            if isinstance(action, Split):
                assert action.sets == best_split(state.display, action.card).sets


def test_the_solo_evaluation_never_expects_a_penalty_to_fall() -> None:
    """The fitted penalty still to come is never negative: no position is worth more than
    its penalty pile, so a game won now ranks at least as high as any unfinished one with
    the same pile, and a lower pile ranks higher with the same cards."""
    for state in positions(GAMES):
        hand, collection, pile = state.hands[0], state.collections[0], state.penalty_score
        value = solo_value(hand, collection, pile, False)
        assert value <= solo_value(hand, collection, pile, True) == -pile
        assert solo_value(hand, collection, pile + 1, False) == pytest.approx(value - 1)


def test_a_crowded_collection_counts_only_the_cards_expected_to_stay() -> None:
    """The solo evaluation counts a collection's lowest cards as evicted while its free
    places, at SOLO_PLACE_WORTH points each, could not bring it to 21: 1, 1, 2, 2, 3 is
    scored as 2, 3; 6, 5, 4 and 6, 5, 4, 3, 2 can still get there and stay whole. On
    seeded positions the kept cards are the collection's highest and can reach 21."""
    assert kept_collection((0, 2, 2, 1, 0, 0, 0)) == (0, 0, 1, 1, 0, 0, 0)
    for whole in ((0, 0, 0, 0, 1, 1, 1), (0, 0, 1, 1, 1, 1, 1), (0,) * 7):
        assert kept_collection(whole) == whole
    hand = [0, 1, 0, 2, 1, 0, 3]
    assert solo_value(hand, [0, 2, 2, 1, 0, 0, 0], 7, False) == solo_value(hand, [0, 0, 1, 1, 0, 0, 0], 7, False)
    crowded = 0
    for state in positions(GAMES):
        collection = from_counts(state.collections[0])
        kept = from_counts(list(kept_collection(tuple(state.collections[0]))))
        assert kept == collection[len(collection) - len(kept) :]
        assert (6 - len(kept)) * SOLO_PLACE_WORTH >= 21 - sum(kept)
        if len(kept) < len(collection):  # one card fewer evicted would not do
            crowded += 1
            fewer = collection[len(collection) - len(kept) - 1 :]
            assert (6 - len(fewer)) * SOLO_PLACE_WORTH < 21 - sum(fewer)
    assert crowded > 50


def test_an_emptied_hand_counts_as_the_six_cards_the_rule_deals() -> None:
    """The empty-hand rule deals six new cards at the end of the turn, so an emptied hand
    is scored as that new hand: better than a lone card that stashes nothing, and exactly
    the mean over every hand the deck deals (checked against seeded random deals)."""
    collection = [0, 0, 0, 1, 1, 1, 1]  # 3, 4, 5, 6: worth 18
    assert solo_value([0] * 7, collection, 5, False) > solo_value([0, 0, 0, 0, 0, 0, 1], collection, 5, False)
    deck, rng = from_counts(deck_counts(Variant.SOLO)), random.Random(3)
    dealt = [to_counts(rng.sample(deck, HAND_SIZE)) for _ in range(20_000)]
    mean = sum(-solo_value(hand, collection, 0, False) for hand in dealt) / len(dealt)
    assert fresh_hand_to_come(tuple(collection)) == pytest.approx(mean, abs=0.15)
    assert solo_value([0] * 7, collection, 5, False) == pytest.approx(-5 - fresh_hand_to_come(tuple(collection)))


def test_the_static_score_prefers_a_stash_that_empties_the_hand_and_refills_it() -> None:
    """Combining 1+2 for the three 3s, then stashing them, empties the hand: scored as
    the six cards dealt next, it ranks above keeping the 3s (as an empty hand it ranked below)."""
    state = position(Variant.SOLO, hand=[1, 2], display=[3, 3, 3, 5, 5, 5], collection=[4, 5, 6])
    static = {(ranked.turn.action, ranked.turn.stash): ranked.static for ranked in hint.rank_turns(state).ranked}
    take = Combine((1, 2), (0, 1, 2))
    assert static[(take, Stash(3))] > static[(take, None)]
