"""The ``reference`` best-split backend: a plain recursive search over display positions,
short enough to be obviously right; the arbiter in tests (see ``split`` for the problem)."""

from __future__ import annotations

from itertools import combinations

from cardsolve.solvers.quibbles.results import BestSplit, CardSet
from cardsolve.solvers.quibbles.split import canonical


def solve(cards: list[int], value: int, time_limit: float, workers: int) -> BestSplit:
    """Recursive search: the lowest remaining position is left out, or it forms a set with
    any subset of the other remaining positions whose values sum to ``value``; the first
    best found is kept. It always finishes, on one core (``time_limit`` and ``workers``
    are the registry's common signature)."""

    def best_from(remaining: tuple[int, ...]) -> list[CardSet]:
        if not remaining:
            return []
        first, rest = remaining[0], remaining[1:]
        best = best_from(rest)
        for size in range(1, len(rest) + 1):
            for others in combinations(rest, size):
                if cards[first] + sum(cards[i] for i in others) == value:
                    left = tuple(i for i in rest if i not in others)
                    candidate = [(first, *others), *best_from(left)]
                    if sum(map(len, candidate)) > sum(map(len, best)):
                        best = candidate
        return best

    return canonical(cards, value, best_from(tuple(range(len(cards)))), True, "reference")
