"""Was sticht? ``chips``: how hard each task chip is. Over the study's seeded random
4-player deals and trumps, the share of deals in which the player on lead, and the player
after him, can force the chip double dummy; ranked easiest first beside the chip's corner
value and source (rulebook or stand-in). The rulebook's corner values are a guess at
difficulty; this is the project's estimate beside them. The study has no options.

Deal ``i`` of a study with seed ``s`` is ``deal_round(sample_seed(s, i))`` (a seeded
shuffle and one of the 50 trump pairs), so the result of a seed does not depend on the
number of worker processes or on how the deals are cut into chunks.

A chunk's part is the forceable counts per chip id; the result sums them and divides
by the deals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardsolve.models.was_sticht import CHIPS, Chip, deal_round
from cardsolve.models.was_sticht.play import start
from cardsolve.solvers.infrastructure.results import percent
from cardsolve.solvers.infrastructure.seeds import sample_seed
from cardsolve.solvers.studies import charts
from cardsolve.solvers.studies.study import Part, Result, Row, Shape, Study
from cardsolve.solvers.was_sticht.double_dummy import forceable

CHUNK = 5
"""Deals per chunk of the study."""


def forced_counts(seed: int, first: int, count: int, chips: Sequence[Chip]) -> list[tuple[int, int]]:
    """Forceable counts (leader, second) per chip of ``chips`` over deals
    ``first..first+count-1`` of the study seeded ``seed``."""
    counts = [[0, 0] for _ in chips]
    for index in range(first, first + count):
        deal = deal_round(sample_seed(seed, index))
        position = start(deal.hands, deal.trumps, deal.leader)
        for k, chip in enumerate(chips):
            for offset in (0, 1):
                counts[k][offset] += forceable(position, (deal.leader + offset) % position.players, chip)
    return [(a, b) for a, b in counts]


def run_chunk(samples: int, seed: int, first: int, count: int) -> Part:
    """Counts [lead, next] per chip id over deals ``first .. first + count - 1``."""
    counts = forced_counts(seed, first, count, CHIPS)
    return {"counts": {chip.id: [lead, after] for chip, (lead, after) in zip(CHIPS, counts)}}


def combine(samples: int, parts: Iterable[Part]) -> Result:
    """Each chip's corner value, source, counts and shares over the ``samples`` deals,
    easiest first (by the lead share, then the next share, then the chip id)."""
    forced = {chip.id: [0, 0] for chip in CHIPS}
    for part in parts:
        for chip_id, total in forced.items():
            total[0] += part["counts"][chip_id][0]
            total[1] += part["counts"][chip_id][1]
    rows: list[dict[str, Any]] = []
    for chip in CHIPS:
        lead, after = forced[chip.id]
        rows.append(
            {
                "id": chip.id,
                "value": chip.value,
                "source": chip.source,
                "lead": lead,
                "next": after,
                "lead_share": lead / samples,
                "next_share": after / samples,
            }
        )
    rows.sort(key=lambda row: (-row["lead_share"], -row["next_share"], row["id"]))
    return {"deals": samples, "chips": rows}


def part_shape(options: Mapping[str, Any]) -> Shape:
    """The counts [lead, next] of every chip."""
    return {"counts": {chip.id: Row((int, int)) for chip in CHIPS}}


def table(result: Result) -> list[tuple[str, ...]]:
    """A header, then per chip, easiest first: its rank from 1, id, corner value, source,
    lead share and next share."""
    return [("rank", "chip", "value", "source", "lead forces", "next forces")] + [
        (str(rank), row["id"], str(row["value"]), row["source"], percent(row["lead_share"]), percent(row["next_share"]))
        for rank, row in enumerate(result["chips"], start=1)
    ]


def plot(result: Result, title: str, path: str) -> None:
    """Bars of the two shares per chip, the chips in order of corner value."""
    rows = sorted(result["chips"], key=lambda row: (row["value"], row["id"]))
    charts.bars(
        path,
        title,
        [f"{row['id']} ({row['value']})" for row in rows],
        {
            "player on lead": [row["lead_share"] for row in rows],
            "player after him": [row["next_share"] for row in rows],
        },
        "share of deals the chip can be forced",
    )


STUDY = Study(
    "was-sticht",
    "chips",
    "the share of seeded deals in which the player on lead, and the next, can force each chip",
    CHUNK,
    run_chunk,
    combine,
    table,
    plot,
    part_shape,
)
