"""The strict type check (``[tool.mypy]`` in pyproject.toml) is part of the test run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api", reason="mypy comes with the test extras")


def test_mypy_strict_passes() -> None:
    root = Path(__file__).resolve().parent.parent
    cwd = os.getcwd()
    os.chdir(root)
    try:
        out, err, status = mypy_api.run(["--config-file", str(root / "pyproject.toml")])
    finally:
        os.chdir(cwd)
    assert status == 0, out + err
