"""The web server's warm-up on two cores (``warmup.warm_up_beside``): until the ``BESIDE``
games have been warmed for the current sources, a second process compiles their kernels
while this one warms the others, then this one warms them from the cache; once warmed
(the mark in the kernel cache's folder) no second process starts; on one core none does;
and the second process ends with the process that started it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, ClassVar

import pytest
from processes import alive

from cardsolve.models.games import GAMES
from cardsolve.solvers.interfaces.web import warmup


class _Second:
    """Stands for the second process: records its command line and ends at once."""

    started: ClassVar[list[list[str]]] = []

    def __init__(self, command: list[str], **_: Any) -> None:
        _Second.started.append(command)

    def wait(self) -> int:
        return 0

    def poll(self) -> int:
        return 0


@pytest.fixture
def warmed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[list[str]]:
    """The games each ``warm_up`` call of this process was given, with the second process
    replaced by ``_Second`` and the mark kept in ``tmp_path``."""
    calls: list[list[str]] = []
    _Second.started = []
    monkeypatch.setattr(warmup, "warm_up", lambda games: calls.append(list(games)))
    monkeypatch.setattr(subprocess, "Popen", _Second)
    monkeypatch.setattr(warmup, "_warmed_mark", lambda games: tmp_path / f"warmed-{'-'.join(sorted(games))}")
    return calls


def test_a_first_warm_up_compiles_the_beside_games_in_a_second_process(
    warmed: list[list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0, 1})
    warmup.warm_up_beside(GAMES)
    beside = [game for game in GAMES if game in warmup.BESIDE]
    assert sorted(beside) == sorted(warmup.BESIDE)
    assert len(_Second.started) == 1
    assert _Second.started[0][:3] == [sys.executable, "-m", "cardsolve.solvers.interfaces.web.warmup"]
    assert _Second.started[0][3:] == ["--parent", str(os.getpid()), *beside]
    assert warmed == [[game for game in GAMES if game not in warmup.BESIDE], beside]  # the others first, here

    warmup.warm_up_beside(GAMES)  # warmed since the sources changed: this process alone
    assert len(_Second.started) == 1 and len(warmed) == 4


def test_on_one_core_the_warm_up_runs_in_this_process_alone(
    warmed: list[list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0})
    warmup.warm_up_beside(GAMES)
    assert _Second.started == [] and len(warmed) == 2


def test_the_warm_up_of_other_games_alone_starts_no_second_process(
    warmed: list[list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _: {0, 1})
    warmup.warm_up_beside(["subito"])
    assert _Second.started == [] and warmed == [["subito"], []]


SECOND = (
    "import sys, time\n"
    "from cardsolve.solvers.interfaces.web import warmup\n"
    "warmup._end_with(int(sys.argv[1]))\n"
    "print('going on', flush=True)\n"
    "time.sleep(60)\n"
)
PARENT = """
import os, subprocess, sys, time
second = subprocess.Popen([sys.executable, "-c", sys.argv[1], str(os.getpid())])
print(second.pid, flush=True)
time.sleep(60)
"""


def test_a_second_process_told_of_a_parent_it_does_not_have_ends_at_once() -> None:
    done = subprocess.run([sys.executable, "-c", SECOND, "1"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (1, "")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_second_process_ends_when_its_parent_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT, SECOND], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    second = int(parent.stdout.readline())
    assert parent.stdout.readline().strip() == "going on"  # its parent's child: it goes on
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    ends = time.monotonic() + 10  # a runaway bound: the kernel signals it at once
    while time.monotonic() < ends and alive(second):
        time.sleep(0.05)
    assert not alive(second)
