"""Seeded random classic CUBU games as States, played with the shared helper
(``tests/playthrough.py``): every listed move passes the position's own check (``move``), no
card is created or lost, and when a hand empties the round scores 5 per regular and 10 per
action card left with the others, every score being the sum of its seat's rounds, until a
seat reaches the target."""

from __future__ import annotations

import random

import pytest
from playthrough import random_playthrough

from cardsolve.models.cubu import load_deck
from cardsolve.models.cubu.cards import Card
from cardsolve.models.cubu.classic import round_points
from cardsolve.models.cubu.state import CubuMove, CubuState, start
from cardsolve.models.errors import BadInput

DECK = load_deck()
TARGET = 60
"""Points the games are played to (short games, several rounds each)."""
MAX_MOVES = 20_000


def is_legal(state: CubuState, move: CubuMove) -> bool:
    try:
        state.move(str(move))
    except BadInput:
        return False
    return True


def apply(state: CubuState, move: CubuMove) -> CubuState:
    after = state.apply(move)
    if after.round_over and after.winner is not None and not after.draws and None not in after.hands[0]:
        hands = [[card for card in hand if card is not None] for hand in after.hands]
        assert (
            after.points == round_points(hands, after.winner - 1) == sum(card.points for hand in hands for card in hand)
        )
    return after


def invariant(state: CubuState) -> None:
    planned = list(state.laying.planned) if state.laying else []
    every: list[Card | None] = [*state.pile, *state.spent, *state.pickup, state.top, *planned]
    every += [card for hand in state.hands for card in hand]
    assert sorted(every, key=str) == sorted(DECK.cards, key=str), "a card was created or lost"
    assert not state.top.is_action, "an action card on the table"
    assert all(skips >= 0 for skips in state.skips)
    won = [0] * state.players
    for result in state.results:
        if result.winner is not None:
            won[result.winner - 1] += result.points
    assert list(state.sheet) == won, "a score is not the sum of its seat's rounds"


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_playthrough(players: int, seed: int) -> None:
    rng = random.Random(seed)
    first = start(seed=seed, players=players, target=TARGET)
    assert isinstance(first, CubuState)
    game = random_playthrough(
        first,
        legal=lambda state: state.legal_moves(),
        is_legal=is_legal,
        apply=apply,
        is_over=lambda state: state.is_over,
        invariant=invariant,
        rng=rng,
        max_moves=MAX_MOVES,
    )
    final = game.state
    assert game.ended and final.winner is not None and not final.limit_hit
    scores = final.scores()
    assert max(scores.values()) >= TARGET > max(final.sheet)
    assert all(result.points > 0 for result in final.results if result.winner is not None)
