"""The studies' API (``cardsolve.analyze``): ``analyze`` runs a registered study (seeded chunks, reused from the
store, in this process, a local pool or on a Dask cluster) and answers with its result,
its table and, when asked, its picture."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.arguments import checked
from cardsolve.solvers.infrastructure.limits import check_count
from cardsolve.solvers.infrastructure.processes import most_workers
from cardsolve.solvers.infrastructure.results import DOES_NOT_HOLD, DONE, Answer, plural, text_table
from cardsolve.solvers.studies.charts import check_picture
from cardsolve.solvers.studies.registry import find as registered_study
from cardsolve.solvers.studies.study import MAX_SAMPLES, Result


@dataclass(frozen=True)
class StudyAnswer(Answer):
    """A finished study: what was asked (game, study, samples, seed), how it ran (chunks,
    how many were read back from the store, wall time, the store's path), the picture
    written (or None), the study's result and its table (header row first)."""

    game: str
    study: str
    samples: int
    seed: int
    chunks: int
    reused: int
    seconds: float
    store: str
    plot: str | None
    result: Result
    rows: tuple[tuple[str, ...], ...]
    options: Mapping[str, Any]
    broken: tuple[str, ...] = ()
    """The study's exact checks that do not hold (``Study.broken``)."""

    @property
    def exit_code(self) -> int:
        return DOES_NOT_HOLD if self.broken else DONE

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "study": self.study,
            **({"options": dict(self.options)} if self.options else {}),
            "samples": self.samples,
            "seed": self.seed,
            "chunks": self.chunks,
            "reused": self.reused,
            "seconds": round(self.seconds, 3),
            "store": self.store,
            "plot": self.plot,
            "result": self.result,
            "broken_checks": list(self.broken),
        }

    def text(self) -> str:
        title = f"{self.game} {self.study}: {plural(self.samples, 'sample')}, seed {self.seed}"
        return "\n".join(
            [
                text_table(self.rows[0], self.rows[1:], title=title),
                f"{plural(self.chunks, 'chunk')}, {self.reused} read back from {self.store}, in {self.seconds:.1f} s",
                *([f"picture: {self.plot}"] if self.plot else []),
                *(f"check does not hold: {line}" for line in self.broken),
            ]
        )


def _same_file(first: str | Path, second: str | Path) -> bool:
    """Whether two names name one file: by device and inode when both exist (a hard link or
    a symbolic link is the same file), else by their resolved paths."""
    try:
        return os.path.samefile(first, second)
    except OSError:
        return os.path.realpath(first) == os.path.realpath(second)


def store_path(store: str | Path | None) -> Path:
    """The store file: ``store`` as given (its folder must exist, since a mistyped folder
    is not made silently), else ``default_store()``, whose folder in the user's cache is
    made on first use."""
    if store:
        return Path(store)
    from cardsolve.solvers.studies.store import default_store  # here, as run_study: the help starts without sqlite3

    path = default_store()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise BadInput(f"store {path} cannot be opened: {error.strerror or error}", str(path)) from None
    return path


@checked
def analyze(
    game: str,
    study: str,
    *,
    samples: int = 200,
    seed: int = 1,
    workers: int | None = None,
    scheduler: str | None = None,
    store: str | Path | None = None,
    plot: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    options: Mapping[str, Any] | None = None,
) -> StudyAnswer:
    """Run the study ``study`` of ``game`` over ``samples`` seeded samples on ``workers``
    local processes (default: all cores) or the Dask ``scheduler`` with the study's
    ``options`` (its defaults where not given; a list of names may be ``A,B`` text), keeping
    finished chunks in ``store`` (default: the user's cache), and write its picture to
    ``plot`` (in the format its extension names, checked before any work; a write that
    fails is bad input, the chunks kept in the store). Ctrl-C raises ``StudyInterrupted``
    with the finished chunks kept."""
    from cardsolve.solvers.studies.runner import run_study  # here: the help of analyze starts without the runner

    check_count("number of samples", samples, 1, MAX_SAMPLES)
    check_count("number of workers", workers, 1, most_workers())
    found = registered_study(game, study)
    if plot:
        check_picture(plot)
        if store and _same_file(store, plot):
            raise BadInput(f"store and plot both name {plot!r}: the picture would overwrite the store", plot)
    path = store_path(store)
    chosen = found.resolve(options)
    outcome = run_study(found, samples, seed, workers or most_workers(), scheduler, path, progress, chosen)
    if plot:
        found.plot(outcome.result, f"{game} {study}: {samples} samples, seed {seed}", plot)
    rows = tuple(tuple(row) for row in found.table(outcome.result))
    return StudyAnswer(
        game,
        study,
        samples,
        seed,
        outcome.chunks,
        outcome.reused,
        outcome.seconds,
        str(path),
        plot,
        outcome.result,
        rows,
        chosen,
        tuple(found.broken(outcome.result)),
    )
