"""Every chip for every seat of a dealt round: forceable, possible or impossible.

A chip is ``forceable`` for a seat when the seat meets it whatever the others play,
``possible`` when some play of all seats meets it, ``impossible`` otherwise (all double
dummy: the draft is open, so every hand is known).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.was_sticht import CHIPS, Chip
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht.backends import BACKENDS
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible
from cardsolve.solvers.was_sticht.results import ChipRow


def verdict(position: Position, seat: int, chip: Chip, backend: str = BACKENDS.default) -> str:
    """``forceable``, ``possible`` or ``impossible`` for the seat and chip."""
    if forceable(position, seat, chip, backend):
        return "forceable"
    return "possible" if possible(position, seat, chip, backend) else "impossible"


def chip_table(position: Position, chips: Sequence[Chip] = CHIPS, backend: str = BACKENDS.default) -> list[ChipRow]:
    """The verdict of every chip for every seat, chips in the given order."""
    return [ChipRow(chip, tuple(verdict(position, seat, chip, backend) for seat in range(position.players)))
            for chip in chips]
