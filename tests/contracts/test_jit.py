"""The kernels' bit instructions (``solvers.jit``) against Python's own bit arithmetic
on seeded 64-bit values, the sign bit and the one-bit masks included; borrowed views
read and write the caller's arrays, also in a recursion loaded from the cache; the numba
cache's folder follows every solver and model source."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cardsolve.solvers.infrastructure.jit import borrowed, lowest_set, njit, numba_cache_dir, popcount, source_digest


@njit(cache=True)
def _both(values: np.ndarray) -> np.ndarray:
    out = np.zeros((values.shape[0], 2), dtype=np.int64)
    for k in range(values.shape[0]):
        out[k, 0] = popcount(values[k])
        out[k, 1] = lowest_set(values[k]) if values[k] != 0 else -1
    return out


def test_popcount_and_lowest_set_match_python() -> None:
    rng = random.Random(20261130)
    values = [0, 1, 2, 3, 1 << 35, (1 << 36) - 1, -1, -(1 << 63)] + [1 << k for k in range(63)]
    values += [rng.getrandbits(64) - (1 << 63) for _ in range(500)]
    got = _both(np.array(values, dtype=np.int64))
    for value, (count, low) in zip(values, got):
        unsigned = value & ((1 << 64) - 1)
        assert count == bin(unsigned).count("1")
        assert low == ((unsigned & -unsigned).bit_length() - 1 if unsigned else -1)


_RECURSION = """
import numpy as np
from cardsolve.solvers.infrastructure.jit import borrowed, njit

@njit(cache=True)
def walk(counts, grid, depth):
    # the recursion's entry borrows its arrays, as the Was sticht? search does
    if depth == 0:
        counts, grid = borrowed(counts), borrowed(grid)
    if depth == 12:
        return grid[depth % 3, depth % 4]
    counts[depth % 4] += 1
    grid[depth % 3, depth % 4] += depth
    return walk(counts, grid, depth + 1) + counts[depth % 4]

counts, grid = np.zeros(4, dtype=np.int64), np.ones((3, 4), dtype=np.int64)
print(walk(counts, grid, 0), counts.tolist(), int(grid.sum()))
"""


def test_borrowed_views_write_through_also_from_the_cache(tmp_path: Path) -> None:
    """A recursion on borrowed views changes the caller's arrays as on the arrays
    themselves, compiled and when loaded from numba's cache by a new process (a cached
    kernel that calls a recursive one crashes on loading: numba issue 6061)."""
    (tmp_path / "recursion.py").write_text(_RECURSION)
    env_cache = {"NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(tmp_path)}
    runs = [
        subprocess.run(
            [sys.executable, "-c", "import recursion"],
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, **env_cache},
            check=False,
        )
        for _ in range(2)
    ]
    counts, grid = [0] * 4, [[1] * 4 for _ in range(3)]

    def walk(depth: int) -> int:
        if depth == 12:
            return grid[depth % 3][depth % 4]
        counts[depth % 4] += 1
        grid[depth % 3][depth % 4] += depth
        return walk(depth + 1) + counts[depth % 4]

    expected = f"{walk(0)} {counts} {sum(map(sum, grid))}"
    assert [(run.returncode, run.stdout.strip()) for run in runs] == [(0, expected)] * 2


@njit(cache=True)
def _sum_borrowed(values: np.ndarray) -> int:
    view = borrowed(values)
    view[0] = 7
    return int(view.sum())


def test_a_borrowed_view_is_the_same_array() -> None:
    values = np.arange(10, dtype=np.int64)
    assert _sum_borrowed(values) == 7 + sum(range(1, 10))
    assert values[0] == 7


def test_the_cache_folder_changes_with_any_kernel_source(tmp_path: Path) -> None:
    """A kernel compiles in what it calls from other files, so an edit to any source
    must move the cache to a new folder; other files, and the interfaces, do not."""
    for name in ("solvers/cubu/a.py", "solvers/studies/sub/b.py", "models/c.py", "tests/d.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(f"X = '{name}'\n")
    first = source_digest(tmp_path)
    assert source_digest(tmp_path) == first
    (tmp_path / "tests/d.py").write_text("X = 0\n")
    for interface in ("solvers/interfaces/f.py", "solvers/interfaces/web/g.py", "benchmarks/h.py"):  # nothing cached
        (tmp_path / interface).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / interface).write_text("X = 2\n")
    assert source_digest(tmp_path) == first
    for name in ("solvers/studies/sub/b.py", "models/c.py", "solvers/cubu/a.py"):
        before = source_digest(tmp_path)
        (tmp_path / name).write_text("X = 1\n")
        assert source_digest(tmp_path) != before
    (tmp_path / "solvers/studies/sub/b.py").rename(tmp_path / "solvers/studies/sub/e.py")
    assert source_digest(tmp_path) != first


def test_a_worker_keeps_the_cache_folder_it_is_given(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    folder = numba_cache_dir()
    assert folder == tmp_path / f"src-{source_digest()}"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(folder))
    assert numba_cache_dir() == folder
