"""Every chip for every seat of a dealt round: forceable, possible or impossible.

A chip is ``forceable`` for a seat when the seat meets it whatever the others play,
``possible`` when some play of all seats meets it, ``impossible`` otherwise (all double
dummy: the draft is open, so every hand is known).

A table asks many chips of one seat, and chips imply one another: when every outcome
that meets chip A's task meets chip B's (``implies``: exactly 4 tricks meets at least 4,
no tricks meets at most 1 and no red cards), A forceable makes B forceable and B not
possible makes A not possible (likewise for possible and for not forceable). The table
takes such answers from the chips already decided for the seat and searches only the
rest, all in one ``shared_table``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardsolve.models.was_sticht import CHIPS, Chip
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht.backends import BACKENDS
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible, shared_table
from cardsolve.solvers.was_sticht.results import ChipRow

Progress = Callable[[int, int], None]


def verdict(position: Position, seat: int, chip: Chip, backend: str = BACKENDS.default) -> str:
    """``forceable``, ``possible`` or ``impossible`` for the seat and chip."""
    if forceable(position, seat, chip, backend):
        return "forceable"
    return "possible" if possible(position, seat, chip, backend) else "impossible"


def _span(chip: Chip, measure: str) -> tuple[int, int] | None:
    """The values of ``measure`` that the chip's task allows (the intersection of its
    conditions on it), or None when the task does not bound it. No tricks at all also
    means no card of any colour."""
    spans = [(c.low, c.high) for c in chip.conditions if c.measure == measure]
    if measure.startswith("colour:"):
        spans += [(0, 0) for c in chip.conditions if c.measure == "tricks" and c.high <= 0]
    if not spans:
        return None
    return max(low for low, _ in spans), min(high for _, high in spans)


def implies(a: Chip, b: Chip) -> bool:
    """Whether every outcome that meets a's task meets b's: each condition of b allows
    every value that a's task allows for its measure."""
    for condition in b.conditions:
        span = _span(a, condition.measure)
        if span is None or not condition.low <= span[0] or not span[1] <= condition.high:
            return False
    return True


Known = dict[Chip, bool]


def _inferred(chip: Chip, known: Known) -> bool | None:
    """The answer for ``chip`` that the decided chips of the same question give: yes when
    a chip answered yes implies it, no when it implies a chip answered no; else None."""
    for other, answer in known.items():
        if answer and implies(other, chip):
            return True
        if not answer and implies(chip, other):
            return False
    return None


def _ask(position: Position, seat: int, chip: Chip, cooperative: bool, known: Known, backend: str) -> bool:
    """The answer for the seat and chip, inferred from ``known`` or searched; kept there."""
    answer = _inferred(chip, known)
    if answer is None:
        answer = (possible if cooperative else forceable)(position, seat, chip, backend)
    known[chip] = answer
    return answer


def chip_table(position: Position, chips: Sequence[Chip] = CHIPS, backend: str = BACKENDS.default,
               progress: Progress | None = None) -> list[ChipRow]:
    """The verdict of every chip for every seat, chips in the given order;
    ``progress(done, total)`` counts the chips done."""
    forced: list[Known] = [{} for _ in range(position.players)]
    reached: list[Known] = [{} for _ in range(position.players)]
    rows = []
    with shared_table(backend):
        for done, chip in enumerate(chips, start=1):
            verdicts = []
            for seat in range(position.players):
                if _ask(position, seat, chip, False, forced[seat], backend):
                    reached[seat][chip] = True
                    verdicts.append("forceable")
                else:
                    verdicts.append("possible" if _ask(position, seat, chip, True, reached[seat], backend)
                                    else "impossible")
            rows.append(ChipRow(chip, tuple(verdicts)))
            if progress is not None:
                progress(done, len(chips))
    return rows
