"""Every chip for every seat of a dealt round: forceable, possible or impossible.

A chip is ``forceable`` for a seat when the seat meets it whatever the others play,
``possible`` when some play of all seats meets it, ``impossible`` otherwise (all double
dummy: the draft is open, so every hand is known).

A table asks many chips of one seat, and chips imply one another: when every outcome
that meets chip A's task meets chip B's (``implies``: exactly 4 tricks meets at least 4,
no tricks meets at most 1 and no red cards), A forceable makes B forceable and B not
possible makes A not possible (likewise for possible and for not forceable). The table
takes such answers from the chips already decided for the seat and searches only the
rest, all in one ``shared_table``; with numba, optionally by several threads at once
(``_Board``). (docs/pages/solvers.md, ``#was-sticht-chips``.)
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable, Sequence

from cardsolve.models.errors import BadInput
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


MAX_WORKERS = 16
"""The most threads one table searches with (each holds its own transposition table)."""


def check_workers(workers: int) -> int:
    """``workers`` when it lies in 1..``MAX_WORKERS``, else bad input naming it."""
    if not 1 <= workers <= MAX_WORKERS:
        raise BadInput(f"workers {workers} is not 1..{MAX_WORKERS}", str(workers))
    return workers


DEFAULT_WORKERS = 4
"""The most threads a table searches with unless told: each keeps a transposition table
of its own (52 MiB)."""


def default_workers() -> int:
    """The threads a table searches with by default: one per core, at most
    ``DEFAULT_WORKERS``."""
    return max(1, min(DEFAULT_WORKERS, os.cpu_count() or 1))


def chip_table(
    position: Position,
    chips: Sequence[Chip] = CHIPS,
    backend: str = BACKENDS.default,
    progress: Progress | None = None,
    workers: int = 1,
) -> list[ChipRow]:
    """The verdict of every chip for every seat, chips in the given order;
    ``progress(done, total)`` counts the chips done. With ``workers`` above 1 the numba
    backend's questions are searched by that many threads side by side (``_Board``): the
    same verdicts (each is a fact of the deal), in less time on as many cores; the
    reference, plain Python that holds the GIL, asks one question at a time."""
    check_workers(workers)
    if workers > 1 and backend == "numba":
        return _Board(position, chips, backend).run(workers, progress)
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
                    verdicts.append(
                        "possible" if _ask(position, seat, chip, True, reached[seat], backend) else "impossible"
                    )
            rows.append(ChipRow(chip, tuple(verdicts)))
            if progress is not None:
                progress(done, len(chips))
    return rows


Question = tuple[int, int, bool]
"""A question of the table: the chip's place in the table, the seat, cooperative."""


class _Helpers:
    """Daemon threads kept for the life of the process, each with its own transposition
    table (``fast``'s per-thread workspace), which so outlives one table: a new thread
    would make and touch a new one (52 MiB) at every table. Daemon, so that the process
    ends without waiting for a search in flight (after Ctrl-C, say)."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self.started = 0
        self.lock = threading.Lock()

    def _serve(self) -> None:
        while True:
            self.jobs.get()()

    def run(self, job: Callable[[], None], copies: int) -> None:
        """Start ``job`` in ``copies`` of the threads (more are started when needed)."""
        with self.lock:
            while self.started < copies:
                threading.Thread(target=self._serve, name=f"chip-table-{self.started + 1}", daemon=True).start()
                self.started += 1
        for _ in range(copies):
            self.jobs.put(job)


_HELPERS: dict[int, _Helpers] = {}
"""Each process's helper threads, by process id: a child forked from a process with
helpers has none of their threads, so it starts its own."""


def _helpers() -> _Helpers:
    """This process's helper threads."""
    return _HELPERS.setdefault(os.getpid(), _Helpers())


class _Board:
    """A table's questions shared by worker threads under one lock (the numba kernel
    releases the GIL and each thread searches in its own transposition table).

    Each cell (chip, seat) asks forceable, then possible when not forceable, as the
    sequential table does. A worker takes the first open question in the table's order
    (chip by chip, seat by seat) that the answers known so far do not settle
    (``_inferred``; settled ones are filled in at once) and that no question in flight
    for the same seat and mode may settle or be settled by (``implies`` either way),
    whose answer may come for free; only when every open question is such does it
    search one anyway rather than wait."""

    def __init__(self, position: Position, chips: Sequence[Chip], backend: str) -> None:
        self.position, self.chips, self.backend = position, list(chips), backend
        self.known: dict[tuple[int, bool], Known] = {
            (seat, cooperative): {} for seat in range(position.players) for cooperative in (False, True)
        }
        self.verdicts: dict[tuple[int, int], str] = {}
        self.in_flight: set[Question] = set()
        self.changed = threading.Condition()
        self.failure: BaseException | None = None
        self.stopping = False

    def _next(self, index: int, seat: int) -> Question | None:
        """The cell's open question, its settled answers filled in first (None once
        the cell has its verdict)."""
        for cooperative in (False, True):
            if (index, seat) in self.verdicts:
                return None
            question = (index, seat, cooperative)
            if question in self.in_flight:
                return question
            answer = _inferred(self.chips[index], self.known[seat, cooperative])
            if answer is None:
                return question
            self._record(question, answer)
        return None

    def _record(self, question: Question, answer: bool) -> None:
        """An answer into what is known, and the cell's verdict when it is settled."""
        index, seat, cooperative = question
        chip = self.chips[index]
        self.known[seat, cooperative][chip] = answer
        if not cooperative and answer:
            self.known[seat, True][chip] = True
            self.verdicts[index, seat] = "forceable"
        elif cooperative:
            self.verdicts[index, seat] = "possible" if answer else "impossible"

    def _blocked(self, question: Question) -> bool:
        """Whether a question in flight for the same seat and mode may settle this one,
        or this one it."""
        chip = self.chips[question[0]]
        return any(
            other[1:] == question[1:] and (implies(self.chips[other[0]], chip) or implies(chip, self.chips[other[0]]))
            for other in self.in_flight
        )

    def _take(self) -> Question | None:
        """The next question to search, marked in flight: the first open one that no
        question in flight may settle, else (rather than wait) the first open one; None
        when none is open."""
        waiting = None
        for index in range(len(self.chips)):
            for seat in range(self.position.players):
                question = self._next(index, seat)
                if question is None or question in self.in_flight:
                    continue
                if not self._blocked(question):
                    waiting = question
                    break
                waiting = waiting or question
            else:
                continue
            break
        if waiting is not None:
            self.in_flight.add(waiting)
        return waiting

    def _full(self) -> bool:
        return len(self.verdicts) == len(self.chips) * self.position.players

    def _chips_done(self) -> int:
        return sum(
            all((index, seat) in self.verdicts for seat in range(self.position.players))
            for index in range(len(self.chips))
        )

    def _work(self, progress: Progress | None = None) -> None:
        """A worker: take a question, search it outside the lock, record it; until the
        table is full or the work stops. ``progress``, for the caller's thread only, is
        told each count of chips done as it is reached (also while it waits for
        others)."""
        reported = 0
        while True:
            with self.changed:
                question = None if self.stopping else self._take()
                while question is None and not self.stopping and not self._full():
                    self.changed.wait(0.1 if progress is not None else None)
                    if progress is not None and self._chips_done() > reported:
                        break
                    question = self._take()
                done = self._chips_done() if progress is not None else reported
                over = question is None and (self.stopping or self._full())
            while progress is not None and reported < done:
                reported += 1
                progress(reported, len(self.chips))
            if over:
                return
            if question is None:
                continue
            index, seat, cooperative = question
            answer = (possible if cooperative else forceable)(self.position, seat, self.chips[index], self.backend)
            with self.changed:
                self.in_flight.discard(question)
                self._record(question, answer)
                self.changed.notify_all()

    def _help(self) -> None:
        """A helper thread's work; an error is handed to the caller's thread."""
        try:
            self._work()
        except BaseException as error:  # noqa: BLE001  (handed to the caller's thread)
            with self.changed:
                self.failure = self.failure or error
                self.stopping = True
                self.changed.notify_all()

    def run(self, workers: int, progress: Progress | None) -> list[ChipRow]:
        """The rows, searched by this thread and ``workers - 1`` helper threads. An error
        in a helper, or one here (Ctrl-C), stops the others taking work and is raised
        at once, without waiting for the searches in flight."""
        with shared_table(self.backend):
            _helpers().run(self._help, workers - 1)
            try:
                self._work(progress)
            finally:
                with self.changed:
                    self.stopping = True
                    self.changed.notify_all()
        if self.failure is not None:
            raise self.failure
        return [
            ChipRow(chip, tuple(self.verdicts[index, seat] for seat in range(self.position.players)))
            for index, chip in enumerate(self.chips)
        ]
