"""Subito benchmarks: ``python -m cardsolve.benchmarks.subito [--quick] [--json] [--markdown]``.

Every instance is a seeded 2-player deal of the bundled deck with a random side of each
task card, player 1 placing their whole pile of 36:
- ``weighted-36``: the placement without an opponent (most points x cards, then points
  x numbers);
- ``best-response-36``: the best response to player 2's own weighted-count optimum
  (``solvers.subito.instances``; the script stops if numba does not prove it);
- ``best-response-random-36``: the best response to a seeded random accepted placement
  of player 2's pile (``pile_against_table``), the task the project measured first;
- ``best-response-greedy-36``: the best response to player 2's final table of a round
  both players play greedily (``state_bots.round_table``, as ``analyze subito hints``
  plays them), player 1 placing 36 cards and player 2 35;
- ``weighted-10``: the placement of the first 10 cards of player 1's pile, the most the
  reference optimizer takes, so that all three backends run on the same instances.
numba runs every instance and CP-SAT the first part of them (10 s each; on
``weighted-10`` every backend runs every instance); the script
stops if two proven optima disagree, and counts the answers proven optimal per backend,
with each backend's slowest instance and the answers over ``GOAL`` (issue 42 asks every
answer of the four 36-card tasks, the own placement and the best responses to optimal,
random and greedy tables, proven within a second).
Then ``hint``: ``subito hint`` at its default setting (``SAMPLES`` rollouts per side, in
numba) for player 1's next card on seeded tables of greedy rounds stopped at a seeded
card (both players having placed as many), from the first card of the round to the last.

Task ``evaluate``: the game's ``evaluate`` at its default setting on 100 seeded positions
(5 with ``--quick``) taken from random games (``harness.positions_to_evaluate``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from functools import partial

from cardsolve.benchmarks import harness
from cardsolve.benchmarks.harness import Row
from cardsolve.models.subito import Card, Placed, Side, Table, deal, load_deck, pile_against_table
from cardsolve.models.subito.table import PILE
from cardsolve.solvers.subito.api import optimize
from cardsolve.solvers.subito.hint import hint
from cardsolve.solvers.subito.instances import weighted_opponent
from cardsolve.solvers.subito.policies import GreedyPolicy
from cardsolve.solvers.subito.problem import OPPONENT
from cardsolve.solvers.subito.reference import LIMIT as REFERENCE_LIMIT
from cardsolve.solvers.subito.results import Placement
from cardsolve.solvers.subito.settings import SAMPLES
from cardsolve.solvers.subito.state_bots import round_table

SEED = 20240604
TIME_LIMIT = 10.0
"""CP-SAT's seconds per instance."""
QUICK_TIME_LIMIT = 0.25
"""CP-SAT's seconds per 36-card instance with ``--quick`` (a smoke run: an answer may be
unproven); the 10-card placements, which every backend proves in well under a second,
keep ``TIME_LIMIT``."""
WARM_UP_DEAL = 303581153
"""The deal of ``best-response-greedy-36``'s instance 114, whose best response runs every
kernel of the search (its counted and exact price ascents, costs and guided searches)."""
GOAL = 1.0
"""Issue 42's bound on each answer, in seconds: the summary counts the answers over it."""
Instance = tuple[list[Card], tuple[Side, ...], Placed | None]
Proven = dict[str, tuple[int, int]]
"""Per backend: the answers proven optimal, of how many."""


def _optimize(inst: Instance, backend: str, found: list[Placement], time_limit: float) -> None:
    found.append(optimize(inst[0], inst[1], vs=inst[2], backend=backend, time_limit=time_limit))


def _deals(n: int) -> list[tuple[tuple[Side, ...], list[list[Card]]]]:
    """``n`` seeded 2-player deals with a random side of each task card."""
    rng = random.Random(SEED)
    deck = load_deck()
    return [deal(deck, rng.randrange(10**9), sides="random") for _ in range(n)]


def weighted_instances(n: int) -> list[Instance]:
    """Player 1's whole pile of each deal, no opponent."""
    return [(piles[0], tasks, None) for tasks, piles in _deals(n)]


def best_responses(n: int) -> list[Instance]:
    """Player 1's whole pile against player 2's weighted-count optimum, which must be proven."""
    out: list[Instance] = []
    for k, (tasks, piles) in enumerate(_deals(n)):
        theirs, alone = weighted_opponent(piles[1], tasks)
        if not alone.proven:
            sys.exit(f"deal {k}: player 2's weighted-count optimum is not proven")
        out.append((piles[0], tasks, theirs))
    return out


def random_tables(n: int) -> list[Instance]:
    """Whole piles against whole random tables (``pile_against_table``)."""
    rng = random.Random(SEED)
    deck = load_deck()
    return [pile_against_table(deck, rng, PILE, PILE) for _ in range(n)]


def greedy_table(dealt: int) -> Instance:
    """Player 1's placed cards against player 2's final table of a greedy round of deal ``dealt``."""
    tasks, piles = deal(load_deck(), dealt, sides="random")
    table = round_table(tasks, piles, (GreedyPolicy(), GreedyPolicy()), dealt)
    return piles[0][: table.players[0].count], tasks, Placed(OPPONENT, table.players[1].placed)


def greedy_tables(n: int) -> list[Instance]:
    """``greedy_table`` of each of ``n`` seeded deals."""
    rng = random.Random(SEED)
    return [greedy_table(rng.randrange(10**9)) for _ in range(n)]


def reference_sized(n: int) -> list[Instance]:
    """The first ``REFERENCE_LIMIT`` cards of player 1's pile of each deal, no opponent."""
    return [(piles[0][:REFERENCE_LIMIT], tasks, None) for tasks, piles in _deals(n)]


TASKS: dict[str, Callable[[int], list[Instance]]] = {
    "weighted-36": weighted_instances,
    "best-response-36": best_responses,
    "best-response-random-36": random_tables,
    "best-response-greedy-36": greedy_tables,
    "weighted-10": reference_sized,
}
"""Each task's instances, the first ``n`` of a seeded sequence."""
EVERY_BACKEND = {"weighted-10"}
"""The tasks small enough for the reference: every backend runs every instance."""


HintPosition = tuple[Table, Card]
"""A table and player 1's card just turned over."""


def hint_positions(n: int) -> list[HintPosition]:
    """Seeded greedy rounds stopped after ``k`` cards each (``k`` seeded from 0 to 35), and
    player 1's next card."""
    rng = random.Random(SEED)
    deck = load_deck()
    out: list[HintPosition] = []
    for _ in range(n):
        dealt, laid = rng.randrange(10**9), rng.randrange(PILE)
        tasks, piles = deal(deck, dealt, sides="random")
        table = round_table(tasks, piles, (GreedyPolicy(), GreedyPolicy()), dealt, 2 * laid)
        out.append((table, piles[0][laid]))
    return out


def hint_row(n: int) -> Row:
    """The hint's time on ``n`` seeded positions (``hint_positions``)."""
    deck = load_deck()
    return Row("hint", "numba", harness.time_calls(lambda p: hint(p[0], 1, p[1], deck, SAMPLES), hint_positions(n)))


def run_task(task: str, sizes: dict[str, int], time_limit: float = TIME_LIMIT) -> tuple[list[Row], Proven]:
    """One task's timing rows per backend (``sizes``: instances per backend, each a prefix
    of the same instances; CP-SAT ``time_limit`` seconds each), and its proven counts;
    stops if proven optima disagree."""
    instances = TASKS[task](max(sizes.values()))
    results: dict[str, list[Placement]] = {}
    rows = []
    for backend, n in sizes.items():
        found: list[Placement] = []
        timed = partial(_optimize, backend=backend, found=found, time_limit=time_limit)
        rows.append(Row(task, backend, harness.time_calls(timed, instances[:n])))
        results[backend] = found[1:]  # the first call is the untimed warm-up
    for k, pair in enumerate(zip(*results.values())):
        proven = {r.objective for r in pair if r.proven}
        if len(proven) > 1:
            sys.exit(f"{task} instance {k}: proven optima disagree: {sorted(proven)}")
    return rows, {backend: (sum(r.proven for r in found), len(found)) for backend, found in results.items()}


def summary(task: str, rows: list[Row], counts: Proven) -> str:
    """One task's answers proven optimal per backend, its slowest instance and how many
    took longer than ``GOAL``."""
    parts = []
    for row in rows:
        proven, n = counts[row.backend]
        slowest = max(range(row.n), key=row.times.__getitem__)
        over = sum(t > GOAL for t in row.times)
        parts.append(
            f"{row.backend} {proven} of {n}, slowest {harness.format_seconds(row.max_s)} (instance {slowest}), "
            f"{over} over {GOAL:g} s"
        )
    return f"proven optimal, {task}: " + "; ".join(parts)


def warm_up() -> None:
    """Compile or load every kernel of the numba optimizer before any timing (a task's own
    warm-up, its first instance, may leave some unused, and a later timed call then
    compiles them for seconds after the sources changed)."""
    pile, tasks, theirs = greedy_table(WARM_UP_DEAL)
    optimize(pile, tasks, vs=theirs)
    optimize(pile, tasks)


def main() -> None:
    args = harness.main_args("Time the Subito optimizers on seeded 36-card placements and best responses.")
    warm_up()
    sizes = {"numba": 10, "cpsat": 1} if args.quick else {"numba": 500, "cpsat": 20}
    small = dict.fromkeys(("numba", "cpsat", "reference"), 5 if args.quick else 100)
    rows: list[Row] = []
    proven: dict[str, Proven] = {}
    for task in TASKS:
        limit = QUICK_TIME_LIMIT if args.quick and task not in EVERY_BACKEND else TIME_LIMIT
        task_rows, proven[task] = run_task(task, small if task in EVERY_BACKEND else sizes, limit)
        rows += task_rows
    rows.append(hint_row(5 if args.quick else 50))
    rows.append(harness.evaluation_row("subito", args.quick, SEED))
    notes = [summary(task, [row for row in rows if row.task == task], counts) for task, counts in proven.items()]
    figures = {
        "proven": {task: {b: {"proven": p, "of": n} for b, (p, n) in counts.items()} for task, counts in proven.items()}
    }
    harness.report("subito", rows, args.json, args.markdown, notes=notes, figures=figures)


if __name__ == "__main__":
    harness.run(main)
