"""Subito optimize: every backend's placement is valid by the model's scoring, and the
proven optima of all backends agree on seeded random instances."""

from __future__ import annotations

import random

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import (
    FIVE_A_LIMIT,
    Card,
    Placed,
    Side,
    Table,
    first_wrong,
    load_deck,
    parse_cards,
    parse_tasks,
    pile_against_table,
    points,
    score_round,
)
from cardsolve.solvers.subito.api import optimize
from cardsolve.solvers.subito.backends import BACKENDS
from cardsolve.solvers.subito.results import Placement

DECK = load_deck()
TASKS = parse_tasks("2,3a,4b,5a,6b,7a,8a,9b")


def check_valid(result: Placement, pile: list[Card], tasks: tuple[Side, ...], versus: Placed | None) -> None:
    """Re-score the placement with the model: nothing removed, 5a at most 12, and the
    reported values are the model's."""
    on: dict[str, list[Card]] = {side.name: [] for side in tasks}
    for card, side in zip(pile, result.sides):
        on[side.name].append(card)
    assert len(result.sides) == len(pile)
    for side in tasks:
        assert first_wrong(side, on[side.name]) is None
    assert sum(card.number for card in on.get("5a", [])) <= FIVE_A_LIMIT
    assert result.weighted_count == sum(points(side) * len(on[side.name]) for side in tasks)
    assert result.weighted_sum == sum(points(side) * sum(c.number for c in on[side.name]) for side in tasks)
    if versus is not None:
        mine = Placed("player", {name: tuple(cards) for name, cards in on.items()})
        assert result.won == score_round(Table(tasks, (mine, versus))).points[0]
    else:
        assert result.won is None


def instances(count: int, seed: int) -> list[tuple[list[Card], tuple[Side, ...], Placed | None]]:
    """Seeded small instances: 0-8 cards, random sides, every other one against a
    random opponent of 3-14 cards."""
    rng = random.Random(seed)
    out: list[tuple[list[Card], tuple[Side, ...], Placed | None]] = []
    for k in range(count):
        pile, tasks, versus = pile_against_table(DECK, rng, rng.randint(0, 8), rng.randint(3, 14))
        out.append((pile, tasks, versus if k % 2 else None))
    return out


FAST = [("numba", 200), ("cpsat", 40)]
"""Each backend the reference checks, with the seeded instances it is given (CP-SAT,
slower on these tiny models, takes the first 40 of the same ones)."""


@pytest.mark.parametrize(("backend", "count"), FAST, ids=[backend for backend, _ in FAST])
def test_every_backend_agrees_with_the_reference_on_proven_optima(backend: str, count: int) -> None:
    for pile, tasks, versus in instances(count, seed=4):
        expected = optimize(pile, tasks, vs=versus, backend="reference")
        result = optimize(pile, tasks, vs=versus, backend=backend, time_limit=30)
        for answer in (expected, result):
            assert answer.proven
            check_valid(answer, pile, tasks, versus)
        assert result.objective == expected.objective, (pile, tasks, versus)


def test_numba_matches_reference_on_ten_cards_against_close_tables() -> None:
    """Ten-card piles against tables of about as many cards, where sides are won and
    lost on equal counts and sums (numba's best response decides sets of sides)."""
    rng = random.Random(11)
    for _ in range(15):
        pile, tasks, versus = pile_against_table(DECK, rng, 10, rng.randint(4, 12))
        results = [optimize(pile, tasks, vs=versus, backend=backend) for backend in ("reference", "numba")]
        for result in results:
            assert result.proven
            check_valid(result, pile, tasks, versus)
        assert results[0].objective == results[1].objective, (pile, tasks, versus)


@pytest.mark.parametrize("backend", BACKENDS.names)
def test_no_cards(backend: str) -> None:
    pile = parse_cards("Y4A,R1B")
    for result in (optimize([], TASKS, backend=backend), optimize(pile, TASKS, cards=0, backend=backend)):
        assert result.sides == () and result.objective == (0, 0) and result.proven


@pytest.mark.parametrize("backend", BACKENDS.names)
def test_more_cards_than_the_pile_is_bad_input(backend: str) -> None:
    with pytest.raises(BadInput, match="3 cards from a pile of 2"):
        optimize(parse_cards("Y4A,R1B"), TASKS, cards=3, backend=backend)


def test_reference_limit_and_unknown_backend() -> None:
    with pytest.raises(BadInput, match="at most 10"):
        optimize(DECK[:11], TASKS, backend="reference")
    with pytest.raises(BadInput, match="unknown Subito placement backend"):
        optimize([], TASKS, backend="fastest")


@pytest.mark.parametrize("backend", BACKENDS.names)
def test_opponent_over_12_on_5a_gives_it_away(backend: str) -> None:
    """The opponent passed 12 on 5a: the player wins it without a card there, and
    the one card goes where it wins most (task 9 side b takes a 6 first)."""
    versus = Placed("opponent", {"5a": tuple(parse_cards("R6B,P6T,Y1A"))})
    result = optimize(parse_cards("G6S"), TASKS, vs=versus, backend=backend)
    assert result.won == 5 + 9 and result.proven
    assert [side.name for side in result.sides] == ["9b"]


@pytest.mark.parametrize("backend", BACKENDS.names)
def test_five_a_stays_at_most_12(backend: str) -> None:
    """Without an opponent, 5a takes cards only up to a sum of 12 (two of four sixes)."""
    tasks = parse_tasks("2,3b,4a,5a,6a,7b,8b,9a")
    pile = parse_cards("R6S,P6S,Y6S,G6S")
    result = optimize(pile, tasks, backend=backend)
    assert sum(c.number for c, side in zip(pile, result.sides) if side.name == "5a") <= FIVE_A_LIMIT
    check_valid(result, pile, tasks, None)


def test_ties_compare_values_not_placements() -> None:
    """Two cards that 9a and 8b both take in either order: several optimal placements."""
    pile = parse_cards("R1B,P2T")
    results = [optimize(pile, TASKS, backend=backend) for backend in BACKENDS.names]
    assert len({result.objective for result in results}) == 1
