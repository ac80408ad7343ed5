"""Subito duels: every answer wins at least what the answering player had; the final
points are the model's score of the final placements, which are valid; the duel settles
exactly when two answers in a row keep their placement; it is seeded."""

from __future__ import annotations

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Placed, Table, score_round
from cardsolve.solvers.subito.api import deal
from cardsolve.solvers.subito.duel import duel


@pytest.mark.parametrize(("seed", "cards"), [(1, 6), (2, 8), (3, 10), (4, 5)])
def test_answers_improve_and_the_final_score_is_the_models(seed: int, cards: int) -> None:
    dealt = deal(seed, sides="random")
    piles = dealt.piles
    found = duel(dealt, cards=cards, limit=8)
    assert all(a.after >= a.before and a.proven for a in found.replies)
    assert [a.player for a in found.replies] == [n % 2 + 1 for n in range(len(found.replies))]
    placed = []
    for k, sides in enumerate(found.placements):
        assert len(sides) == cards
        placed.append(Placed(f"P{k + 1}", {s.name: tuple(c for c, t in zip(piles[k], sides) if t == s)
                                           for s in found.tasks}))
    result = score_round(Table(found.tasks, (placed[0], placed[1])))
    assert result.points == found.points
    assert all(not kept.removed for r in result.tasks for kept in r.players)
    last_two = [a.after == a.before for a in found.replies[-2:]]
    assert found.settled == (len(last_two) == 2 and all(last_two))
    assert found == duel(dealt, cards=cards, limit=8)


def test_nothing_to_place_settles_at_once() -> None:
    found = duel(deal(1), cards=0)
    assert found.settled and found.points == (0, 0) and len(found.replies) == 2


def test_the_limit_stops_the_duel() -> None:
    found = duel(deal(1), cards=12, limit=1)
    assert len(found.replies) == 1 and not found.settled
    with pytest.raises(BadInput):
        duel(deal(1), cards=12, limit=0)


def test_a_duel_is_for_two_players() -> None:
    with pytest.raises(BadInput, match="2 players, not 4"):
        duel(deal(1, players=4), cards=2)
