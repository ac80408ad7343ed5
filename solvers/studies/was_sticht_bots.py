"""Was sticht? ``bots``: the solver bot's chip choice as numbers. Over the study's seeded
rounds (``solvers.studies.was_sticht_bot_rounds``: 4 players, seat 4 deals, seats 1..3 hold five
random chips each, solver bots draft and play), each chip-choice rule of ``RULES`` chooses
the three chips and the round is played out: per rule and seat, the share of chosen chips
met, the corner value met per chosen chip, the mean value chosen and how often the chosen
chip was forceable or impossible. "Possible" is judged double dummy, since the hands are
open and the trumps shown when the chips are chosen. The exact checks (a forceable chip
missed, an impossible one met) must stay 0. The study has no options.

A chunk's part is, per rule, one row of counts per seat (``COUNTS``) and the two checks;
the result adds them up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardsolve.solvers.infrastructure.results import percent
from cardsolve.solvers.studies import charts
from cardsolve.solvers.studies.study import ListOf, Part, Result, Row, Shape, Study
from cardsolve.solvers.studies.was_sticht_bot_rounds import CHUNK, DEALER, RULES, outcomes

COUNTS = ("chosen", "met", "value_chosen", "value_met", "forceable", "impossible")
"""What a chunk counts per rule and seat: chips chosen and met, their corner values chosen
and met, and the chosen chips that were forceable and impossible."""
CHECKS = ("forceable_missed", "impossible_met")
"""The exact checks: chips whose verdict the playout contradicts (always 0)."""


def run_chunk(samples: int, seed: int, first: int, count: int) -> Part:
    """The ``COUNTS`` per rule and seat and the ``CHECKS`` over rounds ``first .. first + count - 1``."""
    seats = {name: [[0] * len(COUNTS) for _ in range(DEALER)] for name in RULES}
    checks = dict.fromkeys(CHECKS, 0)
    for index in range(first, first + count):
        for found in outcomes(seed, index):
            row = seats[found.rule][found.seat]
            for k, value in enumerate(
                (
                    1,
                    found.met,
                    found.chip.value,
                    found.chip.value * found.met,
                    found.verdict == "forceable",
                    found.verdict == "impossible",
                )
            ):
                row[k] += int(value)
            checks["forceable_missed"] += found.verdict == "forceable" and not found.met
            checks["impossible_met"] += found.verdict == "impossible" and found.met
    return {"seats": seats, **checks}


def _rates(counts: list[int], seat: int | None = None) -> dict[str, Any]:
    """A row of the result: the seat (from 1; left out for all seats), the counts and the
    shares."""
    row: dict[str, Any] = {**({} if seat is None else {"seat": seat}), **dict(zip(COUNTS, counts))}
    chosen = max(1, row["chosen"])
    row.update(
        met_share=row["met"] / chosen,
        value_met_per_chip=row["value_met"] / chosen,
        mean_value_chosen=row["value_chosen"] / chosen,
        forceable_share=row["forceable"] / chosen,
        impossible_share=row["impossible"] / chosen,
    )
    return row


def combine(samples: int, parts: Iterable[Part]) -> Result:
    """Per rule, a row per seat and one for all seats (counts and shares), and the checks."""
    totals = {name: [[0] * len(COUNTS) for _ in range(DEALER)] for name in RULES}
    checks = dict.fromkeys(CHECKS, 0)
    for part in parts:
        for name, rows in totals.items():
            for total, counts in zip(rows, part["seats"][name]):
                total[:] = [a + b for a, b in zip(total, counts)]
        for name in CHECKS:
            checks[name] += part[name]
    rules = {
        name: {
            "seats": [_rates(counts, seat) for seat, counts in enumerate(rows, start=1)],
            "all_seats": _rates([sum(column) for column in zip(*rows)]),
        }
        for name, rows in totals.items()
    }
    return {"rounds": samples, "dealer": DEALER + 1, "rules": rules, **checks}


def part_shape(options: Mapping[str, Any]) -> Shape:
    """Per rule, the ``COUNTS`` of each non-dealer seat; the ``CHECKS``."""
    return {"seats": {name: ListOf(Row((int,) * len(COUNTS)), DEALER) for name in RULES}, **dict.fromkeys(CHECKS, int)}


def table(result: Result) -> list[tuple[str, ...]]:
    """A header, a row per rule and seat (then all seats), and the two checks."""
    rows: list[tuple[str, ...]] = [
        ("rule", "seat", "chips", "met", "value met a chip", "value chosen", "forceable", "impossible")
    ]
    for name, rule in result["rules"].items():
        rows += [
            (
                name,
                str(row.get("seat", "all")),
                str(row["chosen"]),
                percent(row["met_share"]),
                f"{row['value_met_per_chip']:.2f}",
                f"{row['mean_value_chosen']:.2f}",
                percent(row["forceable_share"]),
                percent(row["impossible_share"]),
            )
            for row in [*rule["seats"], rule["all_seats"]]
        ]
    return [
        *rows,
        ("check", "forceable chips missed", str(result["forceable_missed"]), "", "", "", "", ""),
        ("check", "impossible chips met", str(result["impossible_met"]), "", "", "", "", ""),
    ]


def plot(result: Result, title: str, path: str) -> None:
    """Bars of the share of chosen chips met, grouped by seat (then all seats), one per rule."""
    first = next(iter(result["rules"].values()))
    labels = [*(f"seat {row['seat']}" for row in first["seats"]), "all seats"]
    charts.bars(
        path,
        title,
        labels,
        {
            name: [row["met_share"] for row in [*rule["seats"], rule["all_seats"]]]
            for name, rule in result["rules"].items()
        },
        "share of chosen chips met",
    )


def broken(result: Result) -> list[str]:
    """The ``CHECKS`` that do not read 0: a chip the solver proved forceable was missed, or
    one it proved impossible was met, so the solver and the playout disagree."""
    names = {"forceable_missed": "forceable chips missed", "impossible_met": "impossible chips met"}
    return [f"{names[check]}: {result[check]}, where the solver's proof says 0" for check in CHECKS if result[check]]


STUDY = Study(
    "was-sticht",
    "bots",
    "the share of chosen chips met, per seat, by four chip-choice rules: the likeliest chip, chance "
    "times value (the solver bot's), the bot's old rule and a random possible chip",
    CHUNK,
    run_chunk,
    combine,
    table,
    plot,
    part_shape,
    broken=broken,
)
