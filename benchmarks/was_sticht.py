"""Was sticht? benchmarks: ``python -m cardsolve.benchmarks.was_sticht [--quick] [--json] [--markdown]``.

Task ``full-deal``: seeded 4-player deals of 9 cards each, random trumps (of the 50), a
seeded seat to lead (``random_start``) and a seeded player; the numba double-dummy
``forceable`` of the trick-count chip ``exactly-2`` for that player over the whole round.

Task ``ending-4``: seeded 4-player endings of 4 tricks (a full deal played at random down
to 4 tricks left, ``random_ending``) with a seeded player and chip (any of the 24);
``forceable`` through numba and through the reference on the same endings. The script
stops if they disagree.

Task ``every-chip``: the tails. On 80 seeded full 4-player deals (``random_start``), every
chip for every seat in both modes (80 x 24 x 4 x 2 = 15,360 questions: ``forceable``
and ``possible`` each asked on its own, so each from an empty transposition table),
numba alone (``numba``) and with its helper thread on the second core past 20,000 nodes
(``numba-helped``, as ``was-sticht solve`` searches; the script stops if the answers
differ). The ``numba`` rows are the one-thread figures (a machine with one core has no
helper). Besides the table's median, p95 and max, the script prints the 99th percentile
and how many questions took over 5 ms and over 100 ms (issue 42's one-thread bounds),
with the slowest question (the report's notes).
Task ``every-chip-held-out``: the same on 80 deals of another seed (``HELD_OUT_SEED``),
on which no rule of the kernel was tuned: whether the tails hold beyond the deals they
were measured on; ``every-chip-777``: the same on the 80 deals of a third seed
(``THIRD_SEED``), used for checks only.

Task ``table``: the whole chip table (``chip_table``: forceable, then possible when not
forceable, for every chip and seat; answers implied by chips already decided are taken
without a search, and the searches share the table by question family) of each of the
same 80 deals, numba, timed per deal in process (start-up not included), by one thread (``numba``) and
by ``THREADS`` threads side by side (``numba-2-threads``: the wall time a user of
``was-sticht table`` sees on as many cores; the script stops if the two tables differ);
tasks ``table-held-out`` and ``table-777``: the same on the other two deal sets. For
each the script prints the slowest table, and how many took over 0.4 s, per thread count.
With ``--quick`` the tail tasks take two light deals of each set (``QUICK_DEALS``).

Task ``evaluate``: the game's ``evaluate`` at its default setting on 100 seeded positions
(5 with ``--quick``) taken from random games (``harness.positions_to_evaluate``).
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from functools import partial

from cardsolve.benchmarks import harness
from cardsolve.benchmarks.harness import Row
from cardsolve.models.was_sticht import CHIP_IDS, CHIPS, Chip, random_ending, random_start
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht.chip_table import chip_table
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible
from cardsolve.solvers.was_sticht.results import ChipRow

SEED = 20261130
Instance = tuple[Position, int, Chip]


def full_deals(n: int) -> list[Instance]:
    rng = random.Random(SEED)
    return [(random_start(rng), rng.randrange(4), CHIP_IDS["exactly-2"]) for _ in range(n)]


def _forceable(inst: Instance, backend: str, found: list[bool]) -> None:
    found.append(forceable(inst[0], inst[1], inst[2], backend))


def endings(n: int) -> list[Instance]:
    rng = random.Random(SEED + 1)
    return [(random_ending(rng, 4), rng.randrange(4), rng.choice(CHIPS)) for _ in range(n)]


TAIL_DEALS = 80
"""The full deals of the tail tasks (``every-chip`` and ``table``)."""
TAIL_SEED = SEED + 2
HELD_OUT_SEED = SEED + 3
"""The seed of ``every-chip-held-out``: deals no kernel rule was tuned on, to show whether
the tails measured on the first deals hold on others."""
THIRD_SEED = 777
"""The seed of ``every-chip-777`` and ``table-777``: a third deal set, for checks only."""
DEAL_SETS = (("", TAIL_SEED), ("-held-out", HELD_OUT_SEED), ("-777", THIRD_SEED))
"""The tail tasks' deal sets: each task's name suffix and seed."""
QUICK_DEALS = range(2, 4)
"""The deals of each set the tail tasks take with ``--quick``: light ones (seed 777's
first two deals alone take 12M nodes, more than all the others of a quick run)."""
Question = tuple[Position, int, Chip, bool]


def tail_deals(n: int, seed: int = TAIL_SEED) -> list[Position]:
    rng = random.Random(seed)
    return [random_start(rng) for _ in range(n)]


def every_question(deals: list[Position]) -> list[Question]:
    """Every chip for every seat of every deal, ``forceable`` then ``possible``."""
    return [
        (deal, seat, chip, cooperative)
        for deal in deals
        for chip in CHIPS
        for seat in range(deal.players)
        for cooperative in (False, True)
    ]


def _ask(question: Question, helped: bool, found: list[bool]) -> None:
    deal, seat, chip, cooperative = question
    found.append((possible if cooperative else forceable)(deal, seat, chip, "numba", helped))


THREADS = 2
"""The worker threads of the threaded table task (``chip_table``'s ``workers``)."""


def _table(deal: Position, workers: int, tables: list[list[ChipRow]]) -> None:
    tables.append(chip_table(deal, CHIPS, "numba", workers=workers))


TABLE_BOUND = 0.4
"""Seconds: issue 42's bound on one whole table on one thread; the script counts the tables over it."""


def tail_summary(task: str, times: list[float], questions: list[Question], first: int) -> str:
    """The 99th percentile (nearest rank), the counts over 5 ms and 100 ms, the slowest
    (its deal counted in the set from the timed deals' ``first``)."""
    ordered = sorted(times)
    p99 = ordered[max(math.ceil(0.99 * len(ordered)) - 1, 0)]
    worst = max(range(len(times)), key=times.__getitem__)
    _, seat, chip, cooperative = questions[worst]
    return (
        f"{task}: {len(times)} questions, median {harness.format_seconds(statistics.median(times))}, "
        f"p99 {harness.format_seconds(p99)}, max {harness.format_seconds(ordered[-1])}; "
        f"{sum(t > 0.005 for t in times)} over 5 ms, {sum(t > 0.1 for t in times)} over 100 ms; slowest: "
        f"deal {first + worst // (len(CHIPS) * 8)}, seat {seat + 1}, {chip.id}, "
        f"{'possible' if cooperative else 'forceable'}"
    )


def table_summary(task: str, times: list[float], first: int) -> str:
    """The slowest table (its deal, as ``tail_summary`` counts it) and the count over ``TABLE_BOUND``."""
    worst = max(range(len(times)), key=times.__getitem__)
    return (
        f"{task}: {len(times)} tables, slowest {harness.format_seconds(times[worst])} (deal {first + worst}); "
        f"{sum(t > TABLE_BOUND for t in times)} over {TABLE_BOUND:g} s"
    )


def main() -> None:
    args = harness.main_args("Time the Was sticht? double-dummy solver on seeded deals and endings.")
    rows = []
    deals = full_deals(30 if args.quick else 1000)
    rows.append(
        Row("full-deal", "numba", harness.time_calls(lambda inst: forceable(inst[0], inst[1], inst[2], "numba"), deals))
    )
    cases = endings(20 if args.quick else 100)
    answers: dict[str, list[bool]] = {}
    for backend in ("numba", "reference"):
        found: list[bool] = []
        rows.append(
            Row("ending-4", backend, harness.time_calls(partial(_forceable, backend=backend, found=found), cases))
        )
        answers[backend] = found[1:]  # the first call is the untimed warm-up
    if answers["numba"] != answers["reference"]:
        k = next(k for k, pair in enumerate(zip(answers["numba"], answers["reference"])) if pair[0] != pair[1])
        sys.exit(f"ending {k}: numba and reference disagree")
    chosen = QUICK_DEALS if args.quick else range(TAIL_DEALS)
    deal_sets = [(suffix, tail_deals(chosen.stop, seed)[chosen.start :]) for suffix, seed in DEAL_SETS]
    summaries = []
    for suffix, tail_set in deal_sets:
        task = f"every-chip{suffix}"
        questions = every_question(tail_set)
        answers = {}
        for backend, helped in (("numba", False), ("numba-helped", True)):
            answers[backend] = []
            times = harness.time_calls(partial(_ask, helped=helped, found=answers[backend]), questions)
            rows.append(Row(task, backend, times))
            summaries.append(tail_summary(f"{task} {backend}", times, questions, chosen.start))
        if answers["numba"] != answers["numba-helped"]:
            sys.exit(f"{task}: the helped answers differ from the answers alone")
    for suffix, tail_set in deal_sets:
        task = f"table{suffix}"
        tables: dict[int, list[list[ChipRow]]] = {}
        for workers in (1, THREADS):
            tables[workers] = []
            backend = "numba" if workers == 1 else f"numba-{workers}-threads"
            times = harness.time_calls(partial(_table, workers=workers, tables=tables[workers]), tail_set)
            rows.append(Row(task, backend, times))
            summaries.append(table_summary(f"{task} {backend}", times, chosen.start))
        if tables[1] != tables[THREADS]:
            sys.exit(f"{task}: the threaded table differs from the table of one thread")
    rows.append(harness.evaluation_row("was_sticht", args.quick, SEED))
    harness.report("was-sticht", rows, args.json, args.markdown, notes=summaries)


if __name__ == "__main__":
    harness.run(main)
