"""Subito optimal scores: the weighted-count optimum and the best response's margin, per
combination of task-card sides.

Sample ``k`` deals a 2-player round with a seeded random side per task card (as later
rounds may combine them), the seed drawn from the study seed and ``k``; both players
place their whole piles of ``CARDS`` = 36 cards. The numba backend answers, proven
optimal unless it passes ``NODE_LIMIT`` nodes (a safety net: on the benchmark's 36-card
deals every answer is proven, in at most about a second):
- the *optimum*: player 1's best weighted count (points x cards over the sides, see
  ``solvers.subito.problem``) without an opponent;
- the *margin*: player 1's round points minus player 2's when player 2 lays their own
  weighted-best placement (``solvers.subito.instances``, the start of a duel) and player
  1 lays the best response to it.
Only answers proven optimal enter the distributions; the others are counted apart.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from cardsolve.models.subito import Card, Table, deal, load_deck, score_round
from cardsolve.models.subito.table import PILE
from cardsolve.solvers.studies import charts
from cardsolve.solvers.studies.study import (
    COUNTS,
    MapOf,
    Part,
    Result,
    Shape,
    Study,
    add_counts,
    counted_mean,
    counted_median,
)
from cardsolve.solvers.subito import fast
from cardsolve.solvers.subito.instances import weighted_opponent
from cardsolve.solvers.subito.problem import Budget, make_problem, placed_by_side

CARDS = PILE
"""Cards each player places: the whole pile."""
NODE_LIMIT = fast.NODE_LIMIT
"""Search nodes per answer before the numba backend gives up its proof (a few seconds)."""
BUDGET = Budget(node_limit=NODE_LIMIT)
_NONE: dict[str, Any] = {"samples": 0, "optimum": {}, "optimum_unproven": 0, "margin": {}, "margin_unproven": 0}
"""A combination's counts before any chunk."""


@lru_cache(maxsize=1)
def _deck() -> tuple[Card, ...]:
    return tuple(load_deck())


def _sample(seed: int, sample: int) -> tuple[str, int | None, int | None]:
    """Sample ``sample``'s sides in play (``2,3a,4b,...``), optimum and margin (None
    when not proven optimal)."""
    tasks, piles = deal(_deck(), random.Random(f"{seed}:{sample}").getrandbits(32), sides="random")
    alone = fast.optimize(make_problem(piles[0], tasks, CARDS), BUDGET)
    theirs, _ = weighted_opponent(piles[1], tasks, CARDS, BUDGET)
    problem = make_problem(piles[0], tasks, CARDS, theirs)
    answer = fast.optimize(problem, BUDGET)
    points = score_round(Table(problem.tasks, (placed_by_side(problem, answer.sides), theirs))).points
    return (
        ",".join(side.name for side in problem.tasks),
        alone.weighted_count if alone.proven else None,
        points[0] - points[1] if answer.proven else None,
    )


def _count(values: Iterable[int | None]) -> dict[str, int]:
    """The proven values (not None) as a value -> count table, string keys for JSON,
    values in increasing order."""
    found = Counter(value for value in values if value is not None)
    return {str(value): found[value] for value in sorted(found)}


def run_chunk(samples: int, seed: int, first: int, count: int) -> Part:
    """Per combination of sides dealt: samples, the proven optima and margins as value
    -> count tables, and how many of each were not proven."""
    found: dict[str, list[tuple[int | None, int | None]]] = {}
    for sample in range(first, first + count):
        sides, optimum, margin = _sample(seed, sample)
        found.setdefault(sides, []).append((optimum, margin))
    return {
        sides: {
            "samples": len(answers),
            "optimum": _count(o for o, _ in answers),
            "optimum_unproven": sum(o is None for o, _ in answers),
            "margin": _count(m for _, m in answers),
            "margin_unproven": sum(m is None for _, m in answers),
        }
        for sides, answers in sorted(found.items())
    }


def _merged(group: dict[str, Any]) -> dict[str, Any]:
    """One combination's counts added up over the chunks, with the mean and median of its
    proven optima and the mean of its proven margins (None when there are none)."""
    optima, margins = group["optimum"], group["margin"]
    return {
        **group,
        "mean_optimum": counted_mean(optima) if optima else None,
        "median_optimum": counted_median(optima) if optima else None,
        "mean_margin": counted_mean(margins) if margins else None,
    }


def _added(total: dict[str, Any], group: dict[str, Any]) -> dict[str, Any]:
    """Two chunks' counts of one combination added up."""
    return {
        "samples": total["samples"] + group["samples"],
        "optimum": add_counts([total["optimum"], group["optimum"]]),
        "optimum_unproven": total["optimum_unproven"] + group["optimum_unproven"],
        "margin": add_counts([total["margin"], group["margin"]]),
        "margin_unproven": total["margin_unproven"] + group["margin_unproven"],
    }


def combine(samples: int, parts: Iterable[Part]) -> Result:
    """The combinations met in any chunk, each added up over the chunks (``_merged``)."""
    totals: dict[str, dict[str, Any]] = {}
    for part in parts:
        for sides, group in part.items():
            totals[sides] = _added(totals.get(sides, _NONE), group)
    return {
        "samples": samples,
        "card_count": CARDS,
        "node_limit": NODE_LIMIT,
        "combinations": {sides: _merged(totals[sides]) for sides in sorted(totals)},
    }


def part_shape(options: Mapping[str, Any]) -> Shape:
    """Per combination of sides: samples, the proven optima and margins as count tables,
    and the unproven ones."""
    return MapOf({"samples": int, "optimum": COUNTS, "optimum_unproven": int, "margin": COUNTS, "margin_unproven": int})


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def table(result: Result) -> list[tuple[str, ...]]:
    """One row per combination of sides: samples, the proven optima's mean and median,
    the proven margins' mean, and the answers not proven."""
    rows: list[tuple[str, ...]] = [
        ("sides", "samples", "mean optimum", "median optimum", "mean margin", "unproven optimum", "unproven margin")
    ]
    for sides, group in result["combinations"].items():
        rows.append(
            (
                sides,
                str(group["samples"]),
                _number(group["mean_optimum"]),
                _number(group["median_optimum"]),
                _number(group["mean_margin"]),
                str(group["optimum_unproven"]),
                str(group["margin_unproven"]),
            )
        )
    return rows


def plot(result: Result, title: str, path: str) -> None:
    """Histograms of the proven optima and of the proven margins, all combinations together."""
    groups = result["combinations"].values()
    counts = {
        name: {int(value): times for value, times in add_counts(g[key] for g in groups).items()}
        for name, key in (
            ("weighted-count optimum (points x cards)", "optimum"),
            ("best-response margin (round points)", "margin"),
        )
    }
    charts.histograms(path, title, counts, "value (proven answers only)")


STUDY = Study(
    "subito",
    "optimal-scores",
    f"per combination of task-card sides: the weighted-count optimum of {CARDS} cards and the best "
    "response's margin against the other player's weighted optimum",
    10,
    run_chunk,
    combine,
    table,
    plot,
    part_shape,
)
