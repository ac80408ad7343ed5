"""A benchmark script run as its users run it, for the tests of the benchmark convention."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any


def quick_json(script: str) -> dict[str, Any]:
    """The JSON document of ``python -m cardsolve.benchmarks.SCRIPT --quick --json``, which
    must exit 0 (its stderr is the failure's message); a runaway bound of 300 s."""
    done = subprocess.run(
        [sys.executable, "-m", f"cardsolve.benchmarks.{script}", "--quick", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    document: dict[str, Any] = json.loads(done.stdout)
    return document
