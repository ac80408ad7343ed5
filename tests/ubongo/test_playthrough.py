"""Seeded random Ubongo rounds, played with the shared helper (``tests/playthrough.py``):
the players lay random legal cards in turn until one calls "Ubongo!" or nobody can lay.
After every card no card is created or lost (each player's laid cards and hand are the
9 dealt), every table is a valid layout, every listed card passes the engine's own check,
and at the end the points add up: 10 for the caller, the cards laid for everyone else;
a random table never beats the solver's largest layout of the same hand."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from playthrough import random_playthrough

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import load_deck
from cardsolve.models.ubongo.engine import Round, new_round
from cardsolve.models.ubongo.layout import Placement
from cardsolve.models.ubongo.rules import is_valid
from cardsolve.models.ubongo.scoring import CALL_POINTS, HAND, TARGET
from cardsolve.solvers.ubongo import fast
from cardsolve.solvers.ubongo.largest import largest_layout

MAX_CARDS = 4 * TARGET
"""No round lasts longer: every card laid is one of at most 4 players' 7."""


def invariant(dealt: Round) -> Callable[[Round], None]:
    """What holds after every card, whatever was laid, for the round dealt as ``dealt``."""

    def holds(state: Round) -> None:
        for player, (table, hand) in enumerate(zip(state.tables, state.hands)):
            assert Counter(p.face for p in table) + Counter(hand) == Counter(dealt.hands[player]), (
                "a card was created or lost"
            )
            assert len(hand) + len(table) == HAND and len(table) <= TARGET
            assert is_valid(list(table)), table
        assert state.to_act in state.seats

    return holds


def apply(state: Round, placement: Placement) -> Round:
    return state.apply(placement)


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(("number", "players"), [(1, 1), (2, 2), (4, 3), (6, 2), (6, 1)])
def test_random_playthrough(number: int, players: int, seed: int) -> None:
    dealt = new_round(load_deck(), number, players, seed)
    game = random_playthrough(
        dealt,
        legal=lambda s: s.legal_moves,
        is_legal=lambda s, p: s.check(p) is None,
        apply=apply,
        is_over=lambda s: s.is_over,
        invariant=invariant(dealt),
        rng=random.Random(seed),
        max_moves=MAX_CARDS,
    )
    assert game.ended
    end = game.state
    laid = [len(table) for table in end.tables]
    assert sum(laid) == len(game.moves)
    points = end.points()
    if end.caller is not None:
        assert laid[end.caller - 1] == TARGET and laid.count(TARGET) == 1
        assert end.check(game.moves[-1]) == "the round is over"
    else:
        assert not any(end.placements(seat) for seat in end.seats)  # the early end
    assert sum(points.values()) == sum(CALL_POINTS if n == TARGET else n for n in laid)
    for player, name in enumerate(end.names):
        assert points[name] == (CALL_POINTS if laid[player] == TARGET else laid[player])
        best = largest_layout(list(dealt.hands[player]), TARGET, fast.solve).layout
        assert best is not None and laid[player] <= len(best)


def test_illegal_cards_are_refused_with_the_reason() -> None:
    state = new_round(load_deck(), 1, 2, 0)
    first, other = state.hands[0][0], state.hands[1][0]
    assert state.check(Placement(first, 90, 0, 0)) == "the first card lies unrotated at the origin"
    assert state.check(Placement(other, 0, 0, 0)) == f"{other} is not in P1's hand"
    state = state.apply(Placement(first, 0, 0, 0))
    assert state.to_act == 2 and state.tables[0] == (Placement(first, 0, 0, 0),)
    state = state.apply(Placement(other, 0, 0, 0))
    second = state.hands[0][0]
    assert "overlap" in (state.check(Placement(second, 0, 1, 0)) or "")
    with pytest.raises(BadInput, match="P1 cannot lay"):
        state.apply(Placement(second, 0, 1, 0))
