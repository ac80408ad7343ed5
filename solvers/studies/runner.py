"""Running a study: cut it into chunks, run the chunks not yet in the store (in this
process, in a local process pool or on a Dask cluster), save each as it finishes and
combine all of them in chunk order.

Every part goes through the store (a temporary one when none is given) and ``combine``
reads them back from it one at a time in chunk order, so a part just computed and a part
read back are the same object to ``combine``, and memory does not grow with the number
of samples; with each chunk depending only on (samples, seed, first, count), the result
is the same whatever the workers, the scheduler or the chunks reused.

Work is handed out in bounded batches (``IN_FLIGHT`` chunks a worker), never all at
once. Local worker processes ignore SIGINT (Ctrl-C is the parent's to handle: it cancels
what is queued and stops the pool) and die with their parent, even after ``kill -9``.
"""

from __future__ import annotations

import importlib
import os
import re
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.processes import die_with_parent
from cardsolve.solvers.studies import registry
from cardsolve.solvers.studies.store import ChunkStore, study_key
from cardsolve.solvers.studies.study import Part, Result, Study, mismatch

CONNECT_TIMEOUT_S = 10
"""How long to wait for a Dask scheduler before reporting it unreachable."""
HANDSHAKE_S = 5
"""How much longer to wait, once connected, for the scheduler to answer as Dask does."""
MAX_SAMPLES = 10_000_000
"""The most samples a study takes: days of work for the slowest study, minutes for the
fastest, and a result (Quibbles keeps a penalty per game) that still fits in memory."""
IN_FLIGHT = 2
"""Chunks handed to each worker at a time: one running and one waiting, so that no worker
idles and Ctrl-C has little to cancel."""
WINDOW = 4096
"""Chunks of the plan looked up in the store at a time."""
SCHEDULER = re.compile(r"tcp://(?P<host>[^\s:/]+|\[[0-9a-fA-F:.]+\]):(?P<port>\d{1,5})")
"""A Dask scheduler address: ``tcp://host:port``."""
POLL_S = 0.5
"""How often a wait for finished chunks wakes, so that Ctrl-C is seen at once."""
Chunk = tuple[int, int, int]
"""A chunk of the plan: its index, its first sample and its number of samples."""
Finish = Callable[[int, Part], None]
"""What is done with a finished chunk: given its index and its part."""


@dataclass(frozen=True)
class Outcome:
    """A run's result (``combine`` over all chunks, in chunk order), the chunks of the
    study, how many of them were read back from the store, and the run's wall time."""

    result: Result
    chunks: int
    reused: int
    seconds: float


class StudyInterrupted(KeyboardInterrupt):
    """The run was interrupted (Ctrl-C) after ``done`` of ``total`` chunks; the finished
    ones are saved in the store (``store``: its path, or None when nothing is kept), so a
    rerun with the same store resumes there. It is a ``KeyboardInterrupt``, so whoever
    does not look for it ends as any interruption does."""

    def __init__(self, done: int, total: int, store: str | None = None) -> None:
        super().__init__(f"interrupted after {done} of {total} chunks")
        self.done = done
        self.total = total
        self.store = store

    def kept(self) -> str:
        """What was kept, in a line: the finished chunks and where, and how to go on."""
        where = f"are kept in {self.store}; the same command goes on from there" if self.store else "are not kept"
        return f"stopped: {self.done} of {self.total} chunks {where}"


@dataclass(frozen=True)
class ChunkPlan:
    """Samples ``0 .. samples - 1`` cut into chunks of ``chunk_size`` (the last may be
    shorter), each (chunk index, first sample, count); made on demand, never as a list."""

    samples: int
    chunk_size: int

    def __len__(self) -> int:
        return (self.samples + self.chunk_size - 1) // self.chunk_size

    def __iter__(self) -> Iterator[Chunk]:
        return (self.chunk(index) for index in range(len(self)))

    def chunk(self, index: int) -> Chunk:
        """Chunk ``index`` of the plan."""
        first = index * self.chunk_size
        return index, first, min(self.chunk_size, self.samples - first)


def chunk_plan(samples: int, chunk_size: int) -> ChunkPlan:
    """The plan of a study of ``samples`` samples in chunks of ``chunk_size``; fewer than
    one sample or more than ``MAX_SAMPLES`` is bad input."""
    if samples < 1:
        raise BadInput(f"a study needs at least one sample, not {samples}", str(samples))
    if samples > MAX_SAMPLES:
        raise BadInput(f"a study takes at most {MAX_SAMPLES} samples, not {samples}", str(samples))
    return ChunkPlan(samples, chunk_size)


def check_scheduler(address: str) -> str:
    """``address`` when it is a Dask scheduler address, ``tcp://host:port`` with a port
    1..65535; anything else is bad input naming it."""
    found = SCHEDULER.fullmatch(address)
    if found is None or not 1 <= int(found["port"]) <= 65535:
        raise BadInput(f"bad scheduler address {address!r}: write tcp://host:port, the port 1 to 65535", address)
    return address


def run_chunk(
    game: str, name: str, samples: int, seed: int, first: int, count: int, options: Mapping[str, Any]
) -> Part:
    """One chunk of the registered study ``game name``: the function worker processes and
    cluster workers run (it names the study, so it pickles by reference)."""
    return registry.find(game, name).run_chunk(samples, seed, first, count, **options)


@dataclass(frozen=True)
class _Job:
    """What every chunk of one run shares: the study, its size, seed and options."""

    study: Study
    samples: int
    seed: int
    options: Mapping[str, Any]

    def arguments(self, chunk: Chunk) -> tuple[Any, ...]:
        """``run_chunk``'s arguments for ``chunk``."""
        _, first, count = chunk
        return self.study.game, self.study.name, self.samples, self.seed, first, count, self.options


def _in_process(job: _Job, todo: Iterator[Chunk], finish: Finish) -> None:
    for chunk in todo:
        finish(chunk[0], run_chunk(*job.arguments(chunk)))


def _start_worker(parent: int) -> None:
    """A pool worker's start: Ctrl-C is the parent's to handle, and the parent's end is
    the worker's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """SIGINT ignored for the block (in the main thread), so that worker processes forked
    in it never see a Ctrl-C before their start ignores it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's processes now, the chunks they run included, and cancel the rest
    (Python 3.14's ``terminate_workers``; until then through the pool's process table)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()
    pool.shutdown(wait=True, cancel_futures=True)


def _in_pool(job: _Job, todo: Iterator[Chunk], workers: int, finish: Finish) -> None:
    """The chunks in a pool of ``workers`` processes, ``IN_FLIGHT`` a worker at a time; on
    any interruption or error the workers are stopped and the chunks not finished dropped."""
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(os.getpid(),))
    try:
        with _sigint_ignored():  # the first submit forks every worker
            running: dict[Future[Part], int] = {
                pool.submit(run_chunk, *job.arguments(chunk)): chunk[0] for chunk in islice(todo, 1)
            }
        running.update(
            {pool.submit(run_chunk, *job.arguments(chunk)): chunk[0] for chunk in islice(todo, workers * IN_FLIGHT - 1)}
        )
        while running:
            done, _ = wait(running, timeout=POLL_S, return_when=FIRST_COMPLETED)
            for future in done:
                finish(running.pop(future), future.result())
            running.update(
                {pool.submit(run_chunk, *job.arguments(chunk)): chunk[0] for chunk in islice(todo, len(done))}
            )
    except BaseException:
        _stop_workers(pool)
        raise
    pool.shutdown()


@contextmanager
def _cluster(scheduler: str) -> Iterator[tuple[Any, Any]]:
    """The ``distributed`` module and a client of the Dask scheduler at ``scheduler``
    (closed on leaving); a missing extra or an unreachable scheduler is bad input."""
    try:  # an optional extra, untyped: imported by name when a cluster is asked for
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise BadInput("running on a Dask cluster needs dask: pip install 'cardsolve[cluster]'", scheduler) from None
    client = _client(distributed, scheduler)
    try:
        yield distributed, client
    finally:
        client.close()


def _client(distributed: Any, scheduler: str) -> Any:
    """A client of the scheduler at ``scheduler``, made in a thread of its own: a server
    that takes the connection but never answers as Dask does would hold ``Client`` past its
    own timeout (it bounds only the connection), and one that answers otherwise makes it
    fail in any way at all. Both are bad input; the stuck thread is a daemon."""
    made: dict[str, Any] = {}

    def connect() -> None:
        try:
            made["client"] = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT_S)
        except OSError as error:
            made["unreachable"] = error
        except Exception as error:  # noqa: BLE001  (whatever a server that is not Dask's makes it raise)
            made["foreign"] = error

    thread = threading.Thread(target=connect, name="dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_TIMEOUT_S + HANDSHAKE_S)
    if "client" in made:
        return made["client"]
    if "unreachable" in made:
        raise BadInput(f"cannot reach the Dask scheduler {scheduler}: {made['unreachable']}", scheduler)
    why = "it did not answer" if not made else f"its answer was not Dask's ({type(made['foreign']).__name__})"
    raise BadInput(f"{scheduler} is not a Dask scheduler: {why}", scheduler)


def _on_cluster(job: _Job, todo: Iterator[Chunk], cluster: tuple[Any, Any], finish: Finish) -> None:
    """The chunks on a Dask cluster (``_cluster``; its workers need cardsolve installed),
    ``IN_FLIGHT`` a cluster thread at a time; on any interruption or error the chunks not
    finished are cancelled."""
    distributed, client = cluster
    threads = max(1, sum(client.nthreads().values()))
    running: dict[Any, int] = {}

    def submit(chunk: Chunk) -> Any:
        future = client.submit(run_chunk, *job.arguments(chunk), pure=False)
        running[future] = chunk[0]
        return future

    finished = distributed.as_completed([submit(chunk) for chunk in islice(todo, threads * IN_FLIGHT)])
    try:
        for future in finished:
            finish(running.pop(future), future.result())
            for chunk in islice(todo, 1):
                finished.add(submit(chunk))
    except BaseException:
        client.cancel(list(running))
        raise


def _dispatch(job: _Job, todo: Iterator[Chunk], workers: int, cluster: tuple[Any, Any] | None, finish: Finish) -> None:
    """Run the chunks of ``todo`` on the cluster when there is one, else in this process
    for one worker, else in a pool of ``workers`` processes."""
    if cluster is not None:
        _on_cluster(job, todo, cluster, finish)
    elif workers == 1:
        _in_process(job, todo, finish)
    else:
        _in_pool(job, todo, workers, finish)


def _todo(plan: ChunkPlan, saved: ChunkStore, key: str) -> Iterator[Chunk]:
    """The chunks of ``plan`` not saved under ``key``, looked up ``WINDOW`` at a time."""
    for low in range(0, len(plan), WINDOW):
        high = min(low + WINDOW, len(plan))
        done = saved.saved_between(key, low, high)
        yield from (plan.chunk(index) for index in range(low, high) if index not in done)


@contextmanager
def _opened(store: Path | None) -> Iterator[ChunkStore]:
    """The store at ``store``, or a temporary one (removed on leaving) when None."""
    if store is not None:
        with ChunkStore(store) as saved:
            yield saved
        return
    with (
        tempfile.TemporaryDirectory(prefix="cardsolve-study-") as folder,
        ChunkStore(Path(folder) / "studies.sqlite") as saved,
    ):
        yield saved


def run_study(
    study: Study,
    samples: int,
    seed: int,
    workers: int = 1,
    scheduler: str | None = None,
    store: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Outcome:
    """Run ``study`` over ``samples`` samples seeded ``seed`` with ``options`` (the
    study's own, overriding its defaults): reuse the chunks ``store``
    holds for it (none when ``store`` is None), run the others (in this process when
    ``workers`` is 1, else in a pool of ``workers`` processes; on the Dask cluster at
    ``scheduler`` when given, whatever ``workers``), save each as it finishes, and call
    ``progress(done, total)`` at the start and after each chunk. Workers other than this
    process look the study up in the registry by game and name. Every saved part is
    checked against the study's part shape before any work; a malformed one is bad input.
    Ctrl-C raises ``StudyInterrupted``, the finished chunks already saved."""
    if workers < 1:
        raise BadInput(f"a study needs at least one worker, not {workers}", str(workers))
    if scheduler is not None:
        check_scheduler(scheduler)
    chosen = study.resolve(options)
    plan = chunk_plan(samples, study.chunk_size)
    shape = study.part_shape(chosen)
    started = time.perf_counter()
    key = study_key(study.game, study.name, samples, seed, study.chunk_size, chosen)
    job = _Job(study, samples, seed, chosen)
    with _opened(store) as saved:
        saved.check(key, len(plan), lambda part: mismatch(part, shape))
        reused = done = saved.count(key)

        def finish(index: int, part: Part) -> None:
            nonlocal done
            saved.save(key, index, part)
            done += 1
            if progress is not None:
                progress(done, len(plan))

        with _cluster(scheduler) if scheduler is not None and done < len(plan) else nullcontext() as cluster:
            try:
                if progress is not None:
                    progress(done, len(plan))
                busy = min(workers, max(1, len(plan) - done))  # no process without a chunk to run
                _dispatch(job, _todo(plan, saved, key), busy, cluster, finish)
            except KeyboardInterrupt:
                raise StudyInterrupted(done, len(plan), None if store is None else str(store)) from None
        kept = saved.count(key)
        if kept != len(plan):  # another program changed the store while the study ran
            raise BadInput(
                f"store {saved.path} holds {kept} of the study's {len(plan)} finished chunks after the run: "
                "another program changed it",
                str(saved.path),
            )
        result = study.combine(samples, (part for _, part in saved.parts(key)))
    return Outcome(result, len(plan), reused, time.perf_counter() - started)
