"""Subito benchmarks: ``python -m cardsolve.benchmarks.subito [--quick] [--json] [--markdown]``.

Task ``best-response-36``: seeded 36-card best responses (two piles dealt with random
sides; the opponent's table a seeded random accepted placement of their pile), the same
instances through numba and, on the first part of them, cpsat. The script stops if two
proven optima disagree.
"""

from __future__ import annotations

import json
import random
import sys
from functools import partial

from cardsolve.benchmarks import harness
from cardsolve.benchmarks.harness import Row
from cardsolve.models.subito import Card, Placed, Side, load_deck, pile_against_table
from cardsolve.models.subito.table import PILE
from cardsolve.solvers.subito.api import optimize
from cardsolve.solvers.subito.results import Placement

SEED = 20240604
Instance = tuple[list[Card], tuple[Side, ...], Placed]


def _optimize(inst: Instance, backend: str, found: list[Placement]) -> None:
    found.append(optimize(inst[0], inst[1], vs=inst[2], backend=backend, time_limit=10))


def best_responses(n: int) -> list[Instance]:
    """``n`` whole piles against whole random tables (``pile_against_table``), seeded by ``SEED``."""
    rng = random.Random(SEED)
    deck = load_deck()
    return [pile_against_table(deck, rng, PILE, PILE) for _ in range(n)]


def best_response_task(quick: bool) -> tuple[list[Row], dict[str, tuple[int, int]]]:
    """Timing rows per backend, and per backend how many answers were proven optimal
    (of how many)."""
    sizes = {"numba": 10, "cpsat": 3} if quick else {"numba": 500, "cpsat": 50}
    instances = best_responses(max(sizes.values()))
    results: dict[str, list[Placement]] = {}
    rows = []
    for backend, n in sizes.items():
        found: list[Placement] = []
        rows.append(Row("best-response-36", backend, harness.time_calls(
            partial(_optimize, backend=backend, found=found),
            instances[:n])))
        results[backend] = found[1:]  # the first call is the untimed warm-up
    for k, pair in enumerate(zip(results["numba"], results["cpsat"])):
        if all(r.proven for r in pair) and pair[0].objective != pair[1].objective:
            sys.exit(f"instance {k}: proven optima disagree: {pair[0].objective} vs {pair[1].objective}")
    return rows, {backend: (sum(r.proven for r in found), len(found)) for backend, found in results.items()}


def main() -> None:
    args = harness.main_args("Time the Subito optimizers on seeded best responses.")
    rows, proven = best_response_task(args.quick)
    if args.json:
        print(json.dumps({"game": "subito", "rows": [harness.row_json(r) for r in rows],
                          "proven": {b: {"proven": p, "of": n} for b, (p, n) in proven.items()}}))
        return
    harness.report("subito", rows, False, args.markdown)
    print("\nproven optimal: " + ", ".join(f"{b} {p} of {n}" for b, (p, n) in proven.items()))


if __name__ == "__main__":
    main()
