"""The Quibbles best split: the rulebook example, the three backends cross-checked on
seeded random displays, every answer re-checked by a checker of its own, bad input."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles.deal import split_queries
from cardsolve.solvers.quibbles.backends import BACKENDS
from cardsolve.solvers.quibbles.fast import max_split_taken
from cardsolve.solvers.quibbles.results import BestSplit
from cardsolve.solvers.quibbles.split import best_split


def assert_valid_split(display: Sequence[int], value: int, result: BestSplit) -> None:
    """The rules, checked independently of any solver: disjoint sets of display positions,
    each of 2 or more cards summing to the played value, in canonical order."""
    assert result.value == value
    seen: set[int] = set()
    for card_set in result.sets:
        assert len(card_set) >= 2, card_set
        assert list(card_set) == sorted(set(card_set)), card_set
        assert all(0 <= i < len(display) for i in card_set), card_set
        assert not seen & set(card_set), f"{card_set} shares a card with another set"
        seen |= set(card_set)
        assert sum(display[i] for i in card_set) == value, card_set
    assert list(result.sets) == sorted(result.sets)
    assert result.taken == sum(len(card_set) for card_set in result.sets)


def counts_of(display: Sequence[int]) -> list[int]:
    return [display.count(card) for card in range(7)]


def solve_all(display: list[int], value: int) -> dict[str, BestSplit]:
    """Every backend's answer, each checked, deterministic and proven optimal."""
    results = {}
    for backend in BACKENDS.names:
        result = best_split(display, value, backend)
        assert_valid_split(display, value, result)
        assert result.backend == backend
        assert result.proven
        assert best_split(display, value, backend) == result, "same input, same output"
        results[backend] = result
    return results


def test_rulebook_example_six_takes_three_three_and_one_one_four() -> None:
    display = [6, 3, 1, 6, 3, 1, 4]  # the 6s cannot be in a set for a played 6
    for backend in BACKENDS.names:
        result = best_split(display, 6, backend)
        assert_valid_split(display, 6, result)
        assert result.taken == 5
        assert sorted(sorted(values) for values in result.set_values) == [[1, 1, 4], [3, 3]]


EDGE_CASES = [
    pytest.param([], 6, 0, id="empty display"),
    pytest.param([4], 6, 0, id="one card"),
    pytest.param([1, 1, 1, 1], 1, 0, id="a played 1 takes nothing"),
    pytest.param([4, 5, 6, 4, 6], 4, 0, id="display all >= value"),
    pytest.param([3, 5, 6], 6, 0, id="no pair sums to value"),
    pytest.param([1] * 6, 2, 6, id="six 1s for a 2: everything"),
    pytest.param([3, 3, 2, 4, 1, 5], 6, 6, id="three pairs for a 6: everything"),
    pytest.param([1] * 10, 6, 6, id="ten 1s for a 6"),
    pytest.param([1, 1, 2, 2, 3, 3, 4, 4, 5, 5], 6, 10, id="full display, everything"),
    pytest.param([3, 2, 1, 3], 6, 3, id="three cards beat a pair"),
    pytest.param([5, 1, 1], 6, 2, id="tie: which 1"),
    pytest.param([3, 3, 3], 6, 2, id="tie: which two 3s"),
    pytest.param([2, 4, 3, 3, 3], 6, 4, id="tie: pair of 3s"),
    pytest.param([2, 2, 2, 2, 1, 1, 1, 1], 4, 8, id="tie: many ways to take all"),
]


@pytest.mark.parametrize(("display", "value", "taken"), EDGE_CASES)
def test_edge_cases(display: list[int], value: int, taken: int) -> None:
    for result in solve_all(display, value).values():
        assert result.taken == taken
    assert max_split_taken(counts_of(display), value) == taken


def test_ties_resolve_to_the_lowest_positions() -> None:
    assert best_split([5, 1, 1], 6).sets == ((0, 1),)
    assert best_split([3, 3, 3], 6).sets == ((0, 1),)


def test_backends_agree_on_seeded_random_instances() -> None:
    for display, value in split_queries(500, seed=20240611):
        results = solve_all(display, value)
        takens = {backend: result.taken for backend, result in results.items()}
        assert len(set(takens.values())) == 1, (display, value, takens)
        assert max_split_taken(counts_of(display), value) == takens["reference"]


def test_cpsat_workers_and_time_limit_are_passed_through() -> None:
    display, value = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], 6
    result = best_split(display, value, "cpsat", time_limit=5.0, workers=2)
    assert_valid_split(display, value, result)
    assert result.taken == 10 and result.proven


@given(
    display=st.lists(st.integers(1, 6), max_size=10),
    value=st.integers(1, 6),
)
def test_numba_matches_reference(display: list[int], value: int) -> None:
    fast = best_split(display, value, "numba")
    assert_valid_split(display, value, fast)
    assert fast.taken == best_split(display, value, "reference").taken
    assert max_split_taken(np.array(counts_of(display)), value) == fast.taken


def test_accepts_numpy_cards() -> None:
    display = np.array([3, 3, 1, 1, 4], dtype=np.int64)
    # numpy values on purpose, outside the declared Sequence[int] and int: the solver takes them too
    assert best_split(display, np.int64(6)).taken == 5  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("display", "value", "backend", "token"),
    [
        ([1, 2], 7, "numba", "7"),
        ([1, 2], 0, "numba", "0"),
        ([1, 7, 2], 6, "numba", "7"),
        ([1, -1, 2], 6, "reference", "-1"),
        ([1, 2.5], 6, "numba", "2.5"),
        ([1] * 11, 6, "numba", "11"),
        ([1, 2], 3, "gurobi", "gurobi"),
    ],
)
def test_bad_input_names_the_token(display: list[int], value: int, backend: str, token: str) -> None:
    with pytest.raises(BadInput, match=token) as caught:
        best_split(display, value, backend)
    assert caught.value.token == token


@pytest.mark.parametrize(
    ("counts", "value", "token"),
    [
        ([0, 2, 0, 0, 0, 0, 0], 9, "9"),
        ([0, -1, 0, 0, 0, 0, 0], 6, "-1"),
        ([0, 6, 6, 0, 0, 0, 0], 6, "12"),
    ],
)
def test_max_split_taken_bad_input(counts: list[int], value: int, token: str) -> None:
    with pytest.raises(BadInput, match=token):
        max_split_taken(counts, value)


def test_numba_kernels_are_cached_on_disk() -> None:
    """The compiled split kernels land in the project's writable numba cache directory,
    so the next process loads them instead of compiling."""
    from cardsolve.solvers.infrastructure.jit import numba_cache_dir

    best_split([1, 2, 3, 4], 5, backend="numba")
    assert any(numba_cache_dir().rglob("*_split_kernel*.nbi"))
