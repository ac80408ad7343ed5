"""COMBINE options: every distinct choice of hand cards to play, their total, and how
many display cards of that total to take."""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.quibbles import combinable, to_counts
from cardsolve.solvers.quibbles.results import CombineOption


def combine_options(hand: Sequence[int], display: Sequence[int], top_value: int = 6) -> list[CombineOption]:
    """Every distinct (cards played, total, cards taken) a COMBINE allows: the played cards
    are 2-6 hand cards worth at most 6; 1 up to all display cards showing that total may be
    taken. Most cards taken first, then fewest cards played, then the played cards."""
    on_display = to_counts(display)
    options = [
        CombineOption(part, sum(part), k)
        for part in combinable(to_counts(hand), top_value)
        for k in range(1, on_display[sum(part)] + 1)
    ]
    return sorted(options, key=lambda o: (-o.taken, len(o.played), o.played))
