"""The chips' difficulty measured: over N seeded random deals and trumps, how often the
seat on lead, and the seat after it, can force each chip (double dummy, 4 players). The
rulebook's corner values are a guess at difficulty; this is the project's estimate beside
them, run as the study ``was-sticht chips`` (``solvers.analysis.was_sticht``).

Deal ``i`` of a study with seed ``s`` is ``deal_round(sample_seed(s, i))`` (a seeded
shuffle and one of the 50 trump pairs), so the result of a seed does not depend on the
number of worker processes or on how the deals are cut into chunks.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.was_sticht import Chip, deal_round
from cardsolve.models.was_sticht.play import start
from cardsolve.solvers.infrastructure.seeds import sample_seed
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
