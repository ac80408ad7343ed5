"""CUBU benchmarks: ``python -m cardsolve.benchmarks.cubu [--quick] [--json] [--markdown]``.

Tasks ``speed-10-boxes`` and ``speed-10-colour``: Speed CUBU solvability (``speed_solve``)
of 2,000 seeded hands, each a centre card and 10 cards dealt from the bundled deck's
regular cards (``models.cubu.deal.regular_hand``), in each mode, through numba and cpsat
(at most 10 s a hand) on the same hands. Tasks ``speed-6-boxes`` and ``speed-6-colour``:
the same with 6-card hands, through numba, the reference (which takes at most 8 cards)
and cpsat, so that every backend runs on the same hands. Task ``speed-20-boxes``:
large hands (a stuck player takes 5 more cards), 200 seeded hands of 20 cards in boxes
mode through numba, and cpsat on the first ``LARGE_CPSAT`` of them (its proofs there take
seconds to minutes; 1 with ``--quick``). The script stops if two proven answers disagree
on the most cards laid, and reports the share of solvable hands per task (by numba,
which is exact) and how many cpsat answers were proven.

Task ``classic-game``: whole seeded classic games to 100 points, 4 players, the four bots
seated as ``cubu simulate`` seats them (500 games; 20 with ``--quick``), one process; the
games per second are 1 / the mean time.

Task ``evaluate``: the game's ``evaluate`` at its default setting on 100 seeded positions
(5 with ``--quick``) taken from random games (``harness.positions_to_evaluate``).
"""

from __future__ import annotations

import random
import sys
from functools import partial

from cardsolve.benchmarks import harness
from cardsolve.benchmarks.harness import Row
from cardsolve.models.cubu.cards import Card, load_deck
from cardsolve.models.cubu.deal import regular_hand
from cardsolve.models.cubu.speed import MODES
from cardsolve.solvers.cubu.bots import BOTS
from cardsolve.solvers.cubu.results import SpeedAnswer
from cardsolve.solvers.cubu.speed import speed_solve
from cardsolve.solvers.studies.cubu_games import play_one

SEED = 20261130
HANDS = 2000
"""Hands per task (10 with ``--quick``)."""
GAMES = 500
"""Classic games timed (20 with ``--quick``)."""
LARGE_HANDS = 200
"""Hands of the 20-card task (10 with ``--quick``)."""
LARGE_CPSAT = 20
"""The 20-card hands cpsat also solves (1 with ``--quick``)."""
TIME_LIMIT = 10.0
"""Seconds cpsat may take per hand."""
QUICK_TIME_LIMIT = 0.25
"""Seconds cpsat may take per hand with ``--quick`` (a smoke run: an answer may be undecided)."""
Instance = tuple[Card, list[Card]]


def _speed(inst: Instance, mode: str, backend: str, found: list[SpeedAnswer], time_limit: float) -> None:
    found.append(speed_solve(inst[0], inst[1], mode, backend, time_limit=time_limit))


def hands(size: int, n: int) -> list[Instance]:
    """``n`` seeded deals of a centre card and ``size`` more."""
    rng = random.Random(f"{SEED}:{size}")
    deck = load_deck()
    return [regular_hand(rng, size, deck) for _ in range(n)]


def speed_task(
    size: int, mode: str, backends: tuple[tuple[str, int], ...], n: int, time_limit: float = TIME_LIMIT
) -> tuple[list[Row], dict[str, list[SpeedAnswer]]]:
    """Timing rows per backend on the same hands (each backend on the first of the ``n``
    hands that it is given, all of them if that is more; cpsat ``time_limit`` seconds a
    hand), and each backend's answers; stops the script if two proven answers disagree."""
    task = f"speed-{size}-{mode}"
    instances = hands(size, n)
    rows = []
    results: dict[str, list[SpeedAnswer]] = {}
    for backend, most in backends:
        found: list[SpeedAnswer] = []
        rows.append(
            Row(
                task,
                backend,
                harness.time_calls(
                    partial(_speed, mode=mode, backend=backend, found=found, time_limit=time_limit), instances[:most]
                ),
            )
        )
        results[backend] = found[1:]  # the first call is the untimed warm-up
    first_name = backends[0][0]
    for backend, _ in backends[1:]:
        for k, (a, b) in enumerate(zip(results[first_name], results[backend])):
            if a.proven and b.proven and a.most != b.most:
                sys.exit(f"{task} hand {k}: {first_name} lays {a.most}, {backend} {b.most}")
    return rows, results


def main() -> None:
    args = harness.main_args("Time the Speed CUBU solvers on seeded hands.")
    n = 10 if args.quick else HANDS
    large = 10 if args.quick else LARGE_HANDS
    rows: list[Row] = []
    solvable: dict[str, float] = {}
    proven: dict[str, tuple[int, int]] = {}
    tasks: list[tuple[int, tuple[str, ...], tuple[tuple[str, int], ...], int]] = [
        (10, MODES, (("numba", n), ("cpsat", n)), n),
        (6, MODES, (("numba", n), ("reference", n), ("cpsat", n)), n),
        (20, ("boxes",), (("numba", large), ("cpsat", 1 if args.quick else LARGE_CPSAT)), large),
    ]
    for size, modes, backends, hands_n in tasks:
        for mode in modes:
            task_rows, answers = speed_task(
                size, mode, backends, hands_n, QUICK_TIME_LIMIT if args.quick else TIME_LIMIT
            )
            rows += task_rows
            solvable[f"speed-{size}-{mode}"] = sum(a.solvable is True for a in answers["numba"]) / len(answers["numba"])
            if "cpsat" in answers:
                proven[f"speed-{size}-{mode}"] = (sum(a.proven for a in answers["cpsat"]), len(answers["cpsat"]))
    names = tuple(BOTS)
    games = [(SEED, index, names, 4, 100) for index in range(20 if args.quick else GAMES)]
    rows.append(Row("classic-game", "bots", harness.time_calls(play_one, games)))
    per_second = len(rows[-1].times) / sum(rows[-1].times)
    rows.append(harness.evaluation_row("cubu", args.quick, SEED))
    notes = [
        "solvable: " + ", ".join(f"{task} {share:.1%}" for task, share in solvable.items()),
        "cpsat proven: " + ", ".join(f"{task} {p} of {k}" for task, (p, k) in proven.items()),
        f"classic games per second (one process): {per_second:.1f}",
    ]
    figures = {
        "solvable": solvable,
        "cpsat_proven": {task: {"proven": p, "of": k} for task, (p, k) in proven.items()},
        "classic_games_per_second": per_second,
    }
    harness.report("cubu", rows, args.json, args.markdown, notes=notes, figures=figures)


if __name__ == "__main__":
    harness.run(main)
