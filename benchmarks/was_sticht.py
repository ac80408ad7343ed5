"""Was sticht? benchmarks: ``python -m cardsolve.benchmarks.was_sticht [--quick] [--json] [--markdown]``.

Task ``full-deal``: seeded 4-player deals of 9 cards each, random trumps (of the 50), a
seeded seat to lead (``random_start``) and a seeded player; the numba double-dummy
``forceable`` of the trick-count chip ``exactly-2`` for that player over the whole round.

Task ``ending-4``: seeded 4-player endings of 4 tricks (a full deal played at random down
to 4 tricks left, ``random_ending``) with a seeded player and chip (any of the 24);
``forceable`` through numba and through the reference on the same endings. The script
stops if they disagree.
"""

from __future__ import annotations

import random
import sys
from functools import partial

from cardsolve.benchmarks import harness
from cardsolve.benchmarks.harness import Row
from cardsolve.models.was_sticht import CHIP_IDS, CHIPS, Chip, random_ending, random_start
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht.double_dummy import forceable

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


def main() -> None:
    args = harness.main_args("Time the Was sticht? double-dummy solver on seeded deals and endings.")
    rows = []
    deals = full_deals(30 if args.quick else 1000)
    rows.append(Row("full-deal", "numba", harness.time_calls(
        lambda inst: forceable(inst[0], inst[1], inst[2], "numba"), deals)))
    cases = endings(20 if args.quick else 100)
    answers: dict[str, list[bool]] = {}
    for backend in ("numba", "reference"):
        found: list[bool] = []
        rows.append(Row("ending-4", backend, harness.time_calls(
            partial(_forceable, backend=backend, found=found),
            cases)))
        answers[backend] = found[1:]  # the first call is the untimed warm-up
    if answers["numba"] != answers["reference"]:
        k = next(k for k, pair in enumerate(zip(answers["numba"], answers["reference"])) if pair[0] != pair[1])
        sys.exit(f"ending {k}: numba and reference disagree")
    harness.report("was-sticht", rows, args.json, args.markdown)


if __name__ == "__main__":
    main()
