"""Ubongo benchmarks: ``python -m cardsolve.benchmarks.ubongo [--quick] [--json] [--markdown]``.

Task ``verify-<stack>-<colour>``: is there a 7-card layout of a seeded random 9-card hand
dealt from that stack of the bundled deck, with white or black faces? Every backend
runs on the same hands; CP-SAT and the reference, whose hardest hands take seconds to a
minute, on the first part of them (each row states its n); the run stops if any two
backends disagree, or if CP-SAT leaves a hand undecided at its time limit. After the timing table the script prints
each stack and colour's solvability rate, from the fast backend's answers on all hands,
and the median search effort of the plain reference search (nodes: partial layouts it
checked) on its hands: the calibration of the stand-in deck. (The fast backend's own node
count is no measure of difficulty: with few symbols it meets many joints and tries many
placements, yet finds a layout at once.)

Task ``verify-hand``: the end-to-end cost of one 9-card verify, on the numba hands of
every ``verify-*`` task together (the same hands for each row): ``numba`` is the
backend's ``solve`` through the registry (as the ``verify-*`` rows, the layout built),
``numba-yes-no`` the study's call (``fast.solvable``: the same search, no placements
built), ``api`` the whole ``api.verify`` (hand checks and the verdict too).

Task ``solvability-sample``: one sample of ``cardsolve analyze ubongo solvability`` (one
hand of each stack in both colours, and the largest layout of those without 7) on one
worker, samples 0 to n - 1 of seed 1, each timed on its own; the samples a second
(n over the total time) are printed after the table, with their ratio to the
``STUDY_BEFORE`` rate the issue started from.

Task ``evaluate``: the game's ``evaluate`` at its default setting on 100 seeded positions
(5 with ``--quick``) taken from random games (``harness.positions_to_evaluate``).

The commands as a user meets them, from process start to exit (``ubongo verify`` of one
hand and its help), are timed by the start-up benchmark (``benchmarks/startup.py``).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass

from cardsolve.benchmarks import harness
from cardsolve.benchmarks.harness import Row
from cardsolve.models.ubongo.cards import Face
from cardsolve.models.ubongo.deal import sampled_hands
from cardsolve.models.ubongo.scoring import TARGET, Side
from cardsolve.solvers.studies import ubongo_solvability as study
from cardsolve.solvers.ubongo import api, fast
from cardsolve.solvers.ubongo.backends import Solve, solver
from cardsolve.solvers.ubongo.results import Solution

SEED = 20261130
COLOURS: tuple[Side, ...] = ("white", "black")
STUDY_SEED = 1
"""The seed of the study's samples timed (``analyze``'s default)."""
STUDY_BEFORE = 613.2
"""Samples a second of the solvability study on one worker measured on 2026-11-30, before
the kernel built its own tables (the README's studies table)."""


@dataclass(frozen=True)
class Calibration:
    """How hard one stack and face colour is: the share of hands with a 7-card layout
    and the reference search's median effort."""

    stack: int
    colour: str
    hands: int
    solvable: float
    reference_hands: int
    median_reference_nodes: float


def verify_tasks(quick: bool) -> tuple[list[Row], list[Calibration]]:
    """Timing rows per stack and colour, and the calibration figures from the same runs."""
    sizes = {"numba": 100, "cpsat": 1, "reference": 1} if quick else {"numba": 1000, "cpsat": 30, "reference": 30}
    solvers: dict[str, Solve] = {backend: solver(backend) for backend in sizes}
    rows, calibration = [], []
    for stack in (1, 2, 3):
        for colour in COLOURS:
            task = f"verify-{stack}-{colour}"
            instances = sampled_hands(stack, colour, max(sizes.values()), SEED)
            answers: dict[str, dict[int, Solution]] = {backend: {} for backend in sizes}
            for backend, n in sizes.items():

                def timed(k: int, backend: str = backend) -> None:
                    # called by time_calls below, before the loop moves on
                    answers[backend][k] = solvers[backend](instances[k], TARGET)  # noqa: B023

                rows.append(Row(task, backend, harness.time_calls(timed, range(n))))
            fast_answers, checked = answers["numba"], answers["reference"]
            for backend, found in answers.items():
                if not all(a.proven for a in found.values()):
                    raise SystemExit(f"{task}: {backend} left a hand undecided at its time limit")
                if any((fast_answers[k].layout is None) != (a.layout is None) for k, a in found.items()):
                    raise SystemExit(f"{task}: {backend} and numba disagree on solvability")
            calibration.append(
                Calibration(
                    stack,
                    colour,
                    len(fast_answers),
                    sum(a.layout is not None for a in fast_answers.values()) / len(fast_answers),
                    len(checked),
                    statistics.median(a.nodes for a in checked.values()),
                )
            )
    return rows, calibration


def end_to_end_tasks(quick: bool) -> tuple[list[Row], float]:
    """The ``verify-hand`` rows, and the ``solvability-sample`` row with its samples a
    second (see the module docstring)."""
    n = 100 if quick else 1000
    hands = [hand for stack in (1, 2, 3) for colour in COLOURS for hand in sampled_hands(stack, colour, n, SEED)]
    numba = solver("numba")
    answers: dict[str, list[bool]] = {}

    def record(backend: str, call: Callable[[list[Face]], bool]) -> None:
        answers[backend] = []
        rows.append(
            Row("verify-hand", backend, harness.time_calls(lambda hand: answers[backend].append(call(hand)), hands))
        )

    rows: list[Row] = []
    record("numba", lambda hand: numba(hand, TARGET).layout is not None)
    record("numba-yes-no", lambda hand: fast.solvable(hand, TARGET).solvable)
    record("api", lambda hand: api.verify(hand, backend="numba").found.layout is not None)
    if len({tuple(found[1:]) for found in answers.values()}) != 1:  # [0] is the warm-up call
        raise SystemExit("verify-hand: the three calls disagree on solvability")
    samples = 200 if quick else 2000
    rows.append(
        Row(
            "solvability-sample",
            "1 worker",
            harness.time_calls(lambda sample: study.run_chunk(samples, STUDY_SEED, sample, 1), range(samples)),
        )
    )
    return rows, samples / sum(rows[-1].times)


STACK_NAMES = {1: "1|2", 2: "3|4", 3: "5|6"}


def main() -> None:
    args = harness.main_args("Time the Ubongo solvers and measure the stand-in deck's difficulty.")
    rows, calibration = verify_tasks(args.quick)
    end_to_end, per_second = end_to_end_tasks(args.quick)
    rows += end_to_end
    rows.append(harness.evaluation_row("ubongo", args.quick, SEED))
    notes = [
        f"solvability study, one worker: {per_second:,.1f} samples a second "
        f"({per_second / STUDY_BEFORE:.1f}x the {STUDY_BEFORE} of 2026-11-30)",
        *(calibration_note(c) for c in calibration),
    ]
    figures = {
        "calibration": [asdict(c) for c in calibration],
        "study_samples_per_second": per_second,
        "study_samples_per_second_before": STUDY_BEFORE,
    }
    harness.report("ubongo", rows, args.json, args.markdown, notes=notes, figures=figures)


def calibration_note(c: Calibration) -> str:
    """One stack and face colour's difficulty in a line: the share of hands with a layout
    and the reference search's median nodes."""
    return (
        f"stack {STACK_NAMES[c.stack]}, {c.colour} faces: {c.solvable:.1%} of {c.hands} hands solvable; "
        f"the reference's median {c.median_reference_nodes:g} nodes on {c.reference_hands} hands"
    )


if __name__ == "__main__":
    harness.run(main)
