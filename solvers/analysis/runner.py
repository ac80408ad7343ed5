"""Running a study: cut it into chunks, run the chunks not yet in the store (in this
process, in a local process pool or on a Dask cluster), save each as it finishes and
combine all of them in chunk order.

Every part goes through JSON before it is kept, so a part read back from the store and
a part just computed are the same object to ``combine``; with each chunk depending only
on (samples, seed, first, count), the result is the same whatever the workers, the
scheduler or the chunks reused.
"""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.solvers.analysis import registry
from cardsolve.solvers.analysis.store import ChunkStore, study_key
from cardsolve.solvers.analysis.study import Part, Result, Study

CONNECT_TIMEOUT_S = 10
"""How long to wait for a Dask scheduler before reporting it unreachable."""
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


class StudyInterrupted(Exception):
    """The run was interrupted (Ctrl-C) after ``done`` of ``total`` chunks; the finished
    ones are saved in the store, so a rerun with the same store resumes there."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"interrupted after {done} of {total} chunks")
        self.done = done
        self.total = total


def chunk_plan(samples: int, chunk_size: int) -> list[Chunk]:
    """Samples ``0 .. samples - 1`` cut into chunks of ``chunk_size`` (the last may be
    shorter): (chunk index, first sample, count) each."""
    if samples < 1:
        raise BadInput(f"a study needs at least one sample, not {samples}", str(samples))
    return [(index, first, min(chunk_size, samples - first))
            for index, first in enumerate(range(0, samples, chunk_size))]


def run_chunk(game: str, name: str, samples: int, seed: int, first: int, count: int,
              options: Mapping[str, Any]) -> Part:
    """One chunk of the registered study ``game name``: the function worker processes and
    cluster workers run (it names the study, so it pickles by reference)."""
    return registry.study(game, name).run_chunk(samples, seed, first, count, **options)


def _in_process(study: Study, samples: int, seed: int, options: Mapping[str, Any], todo: Sequence[Chunk],
                finish: Finish) -> None:
    for index, first, count in todo:
        finish(index, study.run_chunk(samples, seed, first, count, **options))


def _in_pool(study: Study, samples: int, seed: int, options: Mapping[str, Any], todo: Sequence[Chunk],
             workers: int, finish: Finish) -> None:
    """The chunks in a pool of ``workers`` processes; on any interruption or error the
    chunks not started are cancelled."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        try:
            futures: dict[Future[Part], int] = {
                pool.submit(run_chunk, study.game, study.name, samples, seed, first, count, options): index
                for index, first, count in todo}
            for future in as_completed(futures):
                finish(futures[future], future.result())
        except BaseException:
            pool.shutdown(cancel_futures=True)
            raise


@contextmanager
def _cluster(scheduler: str) -> Iterator[tuple[Any, Any]]:
    """The ``distributed`` module and a client of the Dask scheduler at ``scheduler``
    (closed on leaving); a missing extra or an unreachable scheduler is bad input."""
    try:  # an optional extra, untyped: imported by name when a cluster is asked for
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise BadInput("running on a Dask cluster needs dask: pip install 'cardsolve[cluster]'",
                       scheduler) from None
    try:
        client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT_S)
    except (OSError, ValueError) as error:
        raise BadInput(f"cannot reach the Dask scheduler {scheduler}: {error}", scheduler) from None
    try:
        yield distributed, client
    finally:
        client.close()


def _on_cluster(study: Study, samples: int, seed: int, options: Mapping[str, Any], todo: Sequence[Chunk],
                cluster: tuple[Any, Any], finish: Finish) -> None:
    """The chunks on a Dask cluster (``_cluster``; its workers need cardsolve installed);
    on any interruption or error the chunks not finished are cancelled."""
    distributed, client = cluster
    futures = {client.submit(run_chunk, study.game, study.name, samples, seed, first, count, options, pure=False): index
               for index, first, count in todo}
    try:
        for future in distributed.as_completed(futures):
            finish(futures[future], future.result())
    except BaseException:
        client.cancel(list(futures))
        raise


def run_study(study: Study, samples: int, seed: int, workers: int = 1, scheduler: str | None = None,
              store: Path | None = None, progress: Callable[[int, int], None] | None = None,
              options: Mapping[str, Any] | None = None) -> Outcome:
    """Run ``study`` over ``samples`` samples seeded ``seed`` with ``options`` (the
    study's own, overriding its defaults): reuse the chunks ``store``
    holds for it (none when ``store`` is None), run the others (in this process when
    ``workers`` is 1, else in a pool of ``workers`` processes; on the Dask cluster at
    ``scheduler`` when given, whatever ``workers``), save each as it finishes, and call
    ``progress(done, total)`` at the start and after each chunk. Workers other than this
    process look the study up in the registry by game and name.
    Ctrl-C raises ``StudyInterrupted``, the finished chunks already saved."""
    if workers < 1:
        raise BadInput(f"a study needs at least one worker, not {workers}", str(workers))
    chosen = study.resolve(options)
    plan = chunk_plan(samples, study.chunk_size)
    started = time.perf_counter()
    key = study_key(study.game, study.name, samples, seed, study.chunk_size, chosen)
    with ExitStack() as stack:
        saved = stack.enter_context(ChunkStore(store)) if store is not None else None
        parts = saved.finished(key) if saved is not None else {}
        reused = len(parts)
        todo = [chunk for chunk in plan if chunk[0] not in parts]
        cluster = stack.enter_context(_cluster(scheduler)) if scheduler is not None and todo else None

        def finish(index: int, part: Part) -> None:
            parts[index] = json.loads(json.dumps(part))
            if saved is not None:
                saved.save(key, index, part)
            if progress is not None:
                progress(len(parts), len(plan))

        try:
            if progress is not None:
                progress(reused, len(plan))
            if cluster is not None:
                _on_cluster(study, samples, seed, chosen, todo, cluster, finish)
            elif workers == 1 or not todo:
                _in_process(study, samples, seed, chosen, todo, finish)
            else:
                _in_pool(study, samples, seed, chosen, todo, workers, finish)
        except KeyboardInterrupt:
            raise StudyInterrupted(len(parts), len(plan)) from None
    result = study.combine(samples, [parts[index] for index, _, _ in plan])
    return Outcome(result, len(plan), reused, time.perf_counter() - started)
