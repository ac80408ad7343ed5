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
        placed.append(
            Placed(f"P{k + 1}", {s.name: tuple(c for c, t in zip(piles[k], sides) if t == s) for s in found.tasks})
        )
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


def test_a_duel_that_comes_round_again_stops_and_names_its_cycle() -> None:
    """Seed 1, 3 cards: after answer 2 the placements, and who answers next, are those
    after answer 6; the answers are deterministic, so the 4 between would repeat for ever.
    The last answer of a cycle answers the same placement as the one a cycle earlier, so
    it wins the same points (what the mover had before may differ)."""
    found = duel(deal(1), cards=3, limit=10)
    assert found.cycle == 4 and not found.settled and len(found.replies) == 6
    assert found.replies[-1] == found.replies[-1 - found.cycle]
    assert "a cycle of 4 answers that would repeat for ever" in found.text()
    assert found.to_json()["cycle"] == 4
    cycles = 0
    for seed in range(1, 9):
        other = duel(deal(seed, sides="random"), cards=4, limit=12)
        if other.cycle is not None:
            cycles += 1
            last, earlier = other.replies[-1], other.replies[-1 - other.cycle]
            assert not other.settled and (last.player, last.after) == (earlier.player, earlier.after)
        else:
            assert other.settled or len(other.replies) == 12
    assert cycles > 0


def test_the_limit_says_it_stopped_the_duel() -> None:
    found = duel(deal(1), cards=0, limit=1)
    assert found.cycle is None and found.to_json()["cycle"] is None
    assert "not settled after 1 answer: --limit stopped the duel" in found.text()


def test_a_duel_is_for_two_players() -> None:
    with pytest.raises(BadInput, match="2 players, not 4"):
        duel(deal(1, players=4), cards=2)
