"""Subito duels: every answer wins at least what the answering player had; the final
points are the model's score of the final placements, which are valid; the duel settles
exactly when two answers in a row keep their placement; it is seeded."""

from __future__ import annotations

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Placed, Table, deal, load_deck, score_round
from cardsolve.solvers.subito.duel import duel

DECK = load_deck()


@pytest.mark.parametrize(("seed", "cards"), [(1, 6), (2, 8), (3, 10), (4, 5)])
def test_answers_improve_and_the_final_score_is_the_models(seed: int, cards: int) -> None:
    tasks, piles = deal(DECK, seed, sides="random")
    found = duel((piles[0], piles[1]), tasks, cards=cards, limit=8)
    assert all(a.after >= a.before and a.proven for a in found.answers)
    assert [a.player for a in found.answers] == [n % 2 for n in range(len(found.answers))]
    placed = []
    for k, sides in enumerate(found.placements):
        assert len(sides) == cards
        placed.append(Placed(f"P{k + 1}", {s.name: tuple(c for c, t in zip(piles[k], sides) if t == s)
                                           for s in found.tasks}))
    result = score_round(Table(found.tasks, (placed[0], placed[1])))
    assert result.points == found.points
    assert all(not kept.removed for r in result.tasks for kept in r.players)
    last_two = [a.after == a.before for a in found.answers[-2:]]
    assert found.settled == (len(last_two) == 2 and all(last_two))
    assert found == duel((piles[0], piles[1]), tasks, cards=cards, limit=8)


def test_nothing_to_place_settles_at_once() -> None:
    tasks, piles = deal(DECK, 1)
    found = duel((piles[0], piles[1]), tasks, cards=0)
    assert found.settled and found.points == (0, 0) and len(found.answers) == 2


def test_the_limit_stops_the_duel() -> None:
    tasks, piles = deal(DECK, 1)
    found = duel((piles[0], piles[1]), tasks, cards=12, limit=1)
    assert len(found.answers) == 1 and not found.settled
    with pytest.raises(BadInput):
        duel((piles[0], piles[1]), tasks, cards=12, limit=0)
