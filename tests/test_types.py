"""The strict type check is part of the test run: mypy --strict over the package
``cardsolve`` (the repository's own files, the benchmarks included)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api", reason="mypy comes with the test extras")

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The repository's top level is the package cardsolve (pyproject's package-dir), so
    # mypy meets it through a folder of that name; MYPYPATH comes before site-packages,
    # so the files checked are the repository's, whether or not it is installed.
    (tmp_path / "cardsolve").symlink_to(ROOT, target_is_directory=True)
    monkeypatch.setenv("MYPYPATH", str(tmp_path))
    out, err, status = mypy_api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir",
                                     str(tmp_path / "cache"), "--python-executable", sys.executable,
                                     "-p", "cardsolve"])
    assert status == 0, out + err
