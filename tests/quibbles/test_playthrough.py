"""Seeded random Quibbles games in every variant, played with the shared helper
(``tests/playthrough.py``): after every turn no card is created or lost, no pile goes
negative, every listed turn passes the engine's own check, and the game ends with a
winner whose collection wins, stalls (no card left to play), or reaches the turn cap."""

from __future__ import annotations

import random

import pytest
from playthrough import random_playthrough

from cardsolve.models.quibbles import (
    COLLECTION_LIMIT,
    State,
    Turn,
    Variant,
    deck_counts,
    is_winning_collection,
    new_game,
    solo_rating,
)

MAX_TURNS = 2000
"""Random play in the standard game can wander for ~1000 turns before a win."""
DISPLAY_RESET = 10
"""The display never holds more than this many cards ("If there are 10 cards, discard all")."""

GAMES = [(Variant.SOLO, 1)] + [
    (variant, players) for variant in (Variant.STANDARD, Variant.SIMPLIFIED) for players in (2, 3, 4, 5)
]


def invariant(state: State) -> None:
    """What holds after every turn, whatever was played."""
    assert state.card_counts() == deck_counts(state.variant), "a card was created or lost"
    for zone in [*state.hands, *state.collections, state.discard]:
        assert all(n >= 0 for n in zone), zone
    assert all(sum(collection) <= COLLECTION_LIMIT for collection in state.collections), state.collections
    assert len(state.display) <= DISPLAY_RESET, state.display
    top = state.variant.top_value
    assert all(1 <= v <= top for v in [*state.display, *state.draw_pile, *state.penalty])
    assert 0 <= state.to_act < state.players
    if state.variant is not Variant.SOLO:
        assert state.penalty == []
    if not state.is_over:
        assert len(state.display) >= 6 or (not state.draw_pile and not any(state.discard)), (
            "a short display with cards left to refill it"
        )


def apply(state: State, turn: Turn) -> State:
    state.apply(turn)
    return state


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(("variant", "players"), GAMES, ids=lambda x: getattr(x, "value", x))
def test_random_playthrough(variant: Variant, players: int, seed: int) -> None:
    state = new_game(players, variant, seed=seed)
    game = random_playthrough(
        state,
        legal=State.legal_turns,
        is_legal=lambda s, t: s.check(t) is None,
        apply=apply,
        is_over=lambda s: s.is_over,
        invariant=invariant,
        rng=random.Random(seed),
        max_moves=MAX_TURNS,
    )
    end = game.state
    assert end.turns == len(game.moves)
    if not game.ended:
        assert len(game.moves) == MAX_TURNS and not end.is_over
        return
    assert end.legal_turns() == []
    if end.winner is not None:
        assert not end.stalled
        assert is_winning_collection(end.collections[end.winner], variant)
        assert end.check(game.moves[-1]) == "the game is over"
        assert game.moves[-1].stash is not None, "only a stash can complete a collection"
    else:
        assert end.stalled and sum(end.hands[end.to_act]) == 0
        assert not end.draw_pile and not any(end.discard)
    if variant is Variant.SOLO:
        assert end.penalty_score == sum(end.penalty)
        assert solo_rating(end.penalty_score)
