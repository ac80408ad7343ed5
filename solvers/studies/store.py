"""The store of finished chunks: one SQLite file, so an interrupted study resumes where it
stopped and a finished one is read back instead of run again.

A chunk is filed under its study key (the study, its size, seed and chunk size, the
project version and the digest of the solver and model sources, as sorted JSON) and its
chunk index; its part is kept as JSON and each
chunk is committed as it is saved. A file is only used when its ``meta`` table says it
is a cardsolve study store of this schema and it can be written; anything else (a missing
folder, not SQLite, another program's database, a read-only file, an unreadable part) is
bad input, found before any work, and the file is left as it is. Parts are read back one
at a time, in chunk order, so that no study holds all of them at once.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from importlib.metadata import version
from pathlib import Path
from types import TracebackType
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.cache import cache_root, source_digest
from cardsolve.solvers.studies.study import Part

FORMAT = "cardsolve-study-store"
"""The ``format`` entry of a store's ``meta`` table."""
SCHEMA = "1"
"""The ``schema`` entry of the stores this version reads and writes."""
OWN_OBJECTS = frozenset(
    {
        ("table", "meta"),
        ("table", "chunks"),
        ("index", "sqlite_autoindex_meta_1"),
        ("index", "sqlite_autoindex_chunks_1"),
    }
)
"""Everything a store's schema holds: a file with anything more (a view, a trigger that
changes chunks behind the runner's back, another table) is not a store.
"""
LOCK_WAIT = 30.0
"""Seconds to wait for a store another program holds (another study saving a chunk
holds it for milliseconds) before saying it is in use."""


def default_store() -> Path:
    """``studies.sqlite`` in the project's cache directory (``solvers.cache_dir``)."""
    return cache_root() / "studies.sqlite"


def study_key(
    game: str, name: str, samples: int, seed: int, chunk_size: int, options: Mapping[str, Any] | None = None
) -> str:
    """The key a study's chunks are filed under: its identity (its options too, when it
    has any), the project version and the digest of the solver and model sources, as JSON
    with sorted keys: a new version or a changed solver (a hint that plays otherwise)
    recomputes rather than trusting old chunks."""
    return json.dumps(
        {
            "game": game,
            "name": name,
            "samples": samples,
            "seed": seed,
            "chunk_size": chunk_size,
            "version": version("cardsolve"),
            "sources": source_digest(),
            **({"options": dict(options)} if options else {}),
        },
        sort_keys=True,
    )


class ChunkStore:
    """An open store file (created with its tables when it does not exist or holds no
    tables); a context manager that closes it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        if str(path) in ("", ":memory:") or str(path).startswith("file:"):
            raise BadInput(f"store {str(path)!r} names no file: a study keeps its chunks in a file", str(path))
        if not path.parent.is_dir():
            raise BadInput(f"store {path} cannot be opened: the folder {path.parent} does not exist", str(path))
        try:
            self._db = sqlite3.connect(path, timeout=LOCK_WAIT)
        except (OSError, sqlite3.Error) as error:
            raise BadInput(f"store {path} cannot be opened: {error}", str(path)) from None
        try:
            self._check_or_create()
            self._check_writable()
        except BaseException:
            self._db.close()
            raise

    def _foreign(self, why: str) -> BadInput:
        return BadInput(f"store {self.path} is not a cardsolve study store: {why}", str(self.path))

    def _unusable(self, error: sqlite3.Error) -> BadInput:
        """An SQLite error on reading the file: another program holding it, or a file that
        is not a store."""
        if _locked(error):
            return BadInput(
                f"store {self.path} is in use by another program (locked for {LOCK_WAIT:g} s); "
                "try again when it is done",
                str(self.path),
            )
        return self._foreign(str(error))

    def _check_or_create(self) -> None:
        """Create the tables in an empty database (no table, view, index or trigger), else
        check that it holds exactly a store's tables and its ``meta`` entries. Both happen in
        one write transaction (``BEGIN IMMEDIATE``): any number of studies may start on a
        store that does not exist yet, the first creates it and the others, waiting their
        turn, find it made."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            if _locked(error) or "readonly" not in str(error):
                raise self._unusable(error) from None
            raise BadInput(f"store {self.path} cannot be written: {error}", str(self.path)) from None
        try:
            found = list(self._db.execute("SELECT type, name FROM sqlite_master"))
            if not found:
                self._db.execute("CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT)")
                self._db.execute("CREATE TABLE chunks(study TEXT, chunk INTEGER, part TEXT, PRIMARY KEY(study, chunk))")
                self._db.executemany("INSERT INTO meta VALUES (?, ?)", [("format", FORMAT), ("schema", SCHEMA)])
                self._db.commit()
                return
            others = sorted((kind, name) for kind, name in found if (kind, name) not in OWN_OBJECTS)
            if others or {name for kind, name in found if kind == "table"} != {"meta", "chunks"}:
                raise self._foreign(f"it holds {', '.join(f'the {kind} {name}' for kind, name in sorted(found))}")
            meta = dict(self._db.execute("SELECT name, value FROM meta WHERE name IN ('format', 'schema')"))
        except sqlite3.Error as error:
            raise self._unusable(error) from None
        finally:
            if self._db.in_transaction:
                self._db.rollback()
        if meta.get("format") != FORMAT:
            raise self._foreign(f"its format is {meta.get('format')!r}")
        if meta.get("schema") != SCHEMA:
            raise self._foreign(f"its schema is {meta.get('schema')!r}, this version reads schema {SCHEMA}")

    def _check_writable(self) -> None:
        """Write to the file and take it back, so that a read-only file or folder is found
        before any work is done rather than when the first chunk is saved."""
        try:
            self._db.execute("UPDATE meta SET value = value WHERE name = 'format'")
        except sqlite3.Error as error:
            if _locked(error):
                raise self._unusable(error) from None
            raise BadInput(f"store {self.path} cannot be written: {error}", str(self.path)) from None
        finally:
            self._db.rollback()

    def count(self, key: str) -> int:
        """How many chunks are saved under the study key ``key``."""
        return int(self._query("SELECT count(*) FROM chunks WHERE study = ?", (key,)).fetchone()[0])

    def saved_between(self, key: str, low: int, high: int) -> set[int]:
        """The chunk indices ``low .. high - 1`` saved under the study key ``key``."""
        rows = self._query("SELECT chunk FROM chunks WHERE study = ? AND chunk >= ? AND chunk < ?", (key, low, high))
        return {chunk for (chunk,) in rows}

    def parts(self, key: str) -> Iterator[tuple[int, Part]]:
        """The chunks saved under the study key ``key``, in chunk order, each with its part,
        read one at a time; a part that is not a JSON object is bad input naming its chunk."""
        for chunk, text in self._query("SELECT chunk, part FROM chunks WHERE study = ? ORDER BY chunk", (key,)):
            try:
                part = json.loads(text)
            except (TypeError, ValueError) as error:
                raise self._foreign(f"chunk {chunk} is not JSON ({error})") from None
            if not isinstance(part, dict) or not isinstance(chunk, int):
                raise self._foreign(f"chunk {chunk} is not a JSON object under a chunk number")
            yield chunk, part

    def check(self, key: str, chunks: int, mismatch: Callable[[Part], str | None]) -> None:
        """Check every part saved under the study key ``key`` before any is used: its chunk
        is one of ``0 .. chunks - 1`` and ``mismatch(part)`` finds nothing wrong with it;
        otherwise bad input naming the chunk and what is wrong."""
        for chunk, part in self.parts(key):
            wrong = f"it is outside the study's {chunks} chunks" if not 0 <= chunk < chunks else mismatch(part)
            if wrong is not None:
                raise self._foreign(f"chunk {chunk} of this study is malformed: {wrong}")

    def _query(self, sql: str, values: tuple[Any, ...]) -> sqlite3.Cursor:
        """A read of the file; an SQLite error is bad input."""
        try:
            return self._db.execute(sql, values)
        except sqlite3.Error as error:
            raise self._unusable(error) from None

    def save(self, key: str, chunk: int, part: Part) -> None:
        """File ``part`` as chunk ``chunk`` of the study key ``key`` and commit it; a write
        that fails (a full disk) is bad input naming the file."""
        try:
            with self._db:
                self._db.execute(
                    "INSERT OR REPLACE INTO chunks VALUES (?, ?, ?)", (key, chunk, json.dumps(part, sort_keys=True))
                )
        except sqlite3.Error as error:
            raise BadInput(f"store {self.path} cannot be written: {error}", str(self.path)) from None

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def __enter__(self) -> ChunkStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def _locked(error: sqlite3.Error) -> bool:
    """The error says another connection holds the file (SQLite's "database is locked")."""
    return "locked" in str(error) or "busy" in str(error)
