"""The strict type check is part of the test run: mypy --strict over the package
``cardsolve`` (the repository's own files, the benchmarks included) and over the tests."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Protocol

import pytest

pytest.importorskip("mypy.api", reason="mypy comes with the test extras")
from mypy import api as mypy_api

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


class RunMypy(Protocol):
    """The type of the ``run_mypy`` fixture."""

    def __call__(self, *args: str) -> tuple[str, str, int]: ...


@pytest.fixture
def run_mypy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RunMypy:
    """Run mypy with pyproject's settings on ARGS; returns (stdout, stderr, exit status)."""
    # The repository's top level is the package cardsolve (pyproject's package-dir), so
    # mypy meets it through a folder of that name; MYPYPATH comes before site-packages,
    # so the files checked are the repository's, whether or not it is installed.
    (tmp_path / "cardsolve").symlink_to(ROOT, target_is_directory=True)
    monkeypatch.setenv("MYPYPATH", str(tmp_path))

    def run(*args: str) -> tuple[str, str, int]:
        return mypy_api.run(
            [
                "--config-file",
                str(ROOT / "pyproject.toml"),
                "--cache-dir",
                str(tmp_path / "cache"),
                "--python-executable",
                sys.executable,
                *args,
            ]
        )

    return run


def test_mypy_strict_passes(run_mypy: RunMypy) -> None:
    out, err, status = run_mypy("-p", "cardsolve")
    assert status == 0, out + err


def test_mypy_strict_passes_on_the_tests(run_mypy: RunMypy, monkeypatch: pytest.MonkeyPatch) -> None:
    # The tests are top-level modules, as pytest imports them (tests/ is no package):
    # tests/ goes on MYPYPATH too, as the base their module names are taken from, so
    # ``from playthrough import ...`` finds the helper; ``cardsolve.*`` still comes from
    # the symlink. Files named on the command line are checked despite pyproject's exclude.
    monkeypatch.setenv("MYPYPATH", os.environ["MYPYPATH"] + os.pathsep + str(TESTS))
    files = sorted(str(path) for path in TESTS.glob("*.py"))
    assert len(files) > 10
    out, err, status = run_mypy("--explicit-package-bases", *files)
    assert status == 0, out + err
