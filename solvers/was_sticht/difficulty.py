"""The chips' difficulty measured: over N seeded random deals and trumps, the share of
deals in which the seat on lead, and the seat after it, can force each chip (double
dummy, 4 players). The rulebook's corner values are a guess at difficulty; this is the
project's estimate beside them.

Deal ``i`` of a study with seed ``s`` is ``deal_round(s * 1_000_003 + i)`` (a seeded
shuffle and one of the 50 trump pairs), so the result of a seed does not depend on the
number of worker processes or on how the deals are cut into chunks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor

from cardsolve.models.was_sticht import CHIP_IDS, CHIPS, Chip, deal_round
from cardsolve.models.was_sticht.play import start
from cardsolve.solvers.was_sticht.double_dummy import forceable
from cardsolve.solvers.was_sticht.results import ChipShare

CHUNK = 5
"""Deals per task handed to a worker process."""


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of a study seeded ``seed``."""
    return seed * 1_000_003 + index


def forced_counts(seed: int, first: int, count: int, chips: Sequence[Chip]) -> list[tuple[int, int]]:
    """Forceable counts (leader, second) per chip of ``chips`` over deals
    ``first..first+count-1`` of the study seeded ``seed``."""
    counts = [[0, 0] for _ in chips]
    for index in range(first, first + count):
        deal = deal_round(deal_seed(seed, index))
        position = start(deal.hands, deal.trumps, deal.leader)
        for k, chip in enumerate(chips):
            for offset in (0, 1):
                counts[k][offset] += forceable(position, (deal.leader + offset) % position.players, chip)
    return [(a, b) for a, b in counts]


def _chunk(task: tuple[int, int, int, tuple[str, ...]]) -> list[tuple[int, int]]:
    """``forced_counts`` for a worker process, the chips given by id."""
    seed, first, count, ids = task
    return forced_counts(seed, first, count, [CHIP_IDS[chip_id] for chip_id in ids])


def chip_difficulty(deals: int, seed: int, chips: Sequence[Chip] = CHIPS, workers: int = 1,
                    done: Callable[[int], None] | None = None) -> list[ChipShare]:
    """Each chip's forceable counts over ``deals`` seeded deals, in the order of ``chips``;
    ``done(n)`` is called as each chunk of n deals finishes."""
    ids = tuple(chip.id for chip in chips)
    tasks = [(seed, first, min(CHUNK, deals - first), ids) for first in range(0, deals, CHUNK)]
    totals = [[0, 0] for _ in chips]

    def add(task: tuple[int, int, int, tuple[str, ...]], counts: list[tuple[int, int]]) -> None:
        for k, (leader, second) in enumerate(counts):
            totals[k][0] += leader
            totals[k][1] += second
        if done is not None:
            done(task[2])

    if workers <= 1:
        for task in tasks:
            add(task, _chunk(task))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for task, counts in zip(tasks, pool.map(_chunk, tasks)):
                add(task, counts)
    return [ChipShare(chip, leader, second, deals) for chip, (leader, second) in zip(chips, totals)]


def easiest_first(shares: Iterable[ChipShare]) -> tuple[ChipShare, ...]:
    """The chips ranked easiest first: by the leader's share, then the second seat's,
    then the chip id."""
    return tuple(sorted(shares, key=lambda s: (-s.leader_share, -s.second_share, s.chip.id)))
