"""Shared test settings: hypothesis without a per-example deadline, since the first call
of a numba kernel compiles (or loads the cache) and takes far longer than the rest."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "cardsolve",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("cardsolve")


import json
import sys
from typing import Any, Protocol

import pytest

from cardsolve import cli


class RunCli(Protocol):
    """The type of the ``cardsolve`` fixture: ``cardsolve(*args)`` runs the command line
    and returns (exit code, stdout, stderr)."""

    def __call__(self, *args: str) -> tuple[int, str, str]: ...


@pytest.fixture
def cardsolve(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> RunCli:
    """Run ``cardsolve ARGS`` in this process as the console script does; returns
    (exit code, stdout, stderr)."""

    def run(*args: str) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "argv", ["cardsolve", *args])
        with pytest.raises(SystemExit) as stop:
            cli.main()
        out, err = capsys.readouterr()
        return int(stop.value.code or 0), out, err

    return run


def run_json(cardsolve: RunCli, *args: str) -> dict[str, Any]:
    """The JSON document of ``cardsolve --json ARGS``, which must exit 0."""
    code, out, err = cardsolve("--json", *args)
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    return document
