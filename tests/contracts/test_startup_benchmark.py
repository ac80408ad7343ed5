"""The start-up benchmark (``benchmarks/startup.py``): its quick run times every
whole-process row once, the commands it times are the ones its docstring names, and a
``serve`` that does not answer, does not stop on Ctrl-C or leaves a process behind stops
the benchmark with every process of its group ended."""

from __future__ import annotations

import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from benchmark_runs import quick_json

from cardsolve.benchmarks import harness, startup

ROWS = {"cardsolve --help", "ubongo verify --help", "ubongo verify", "quibbles split", "serve ready"}


def test_the_quick_run_times_each_command_once_as_a_whole_process() -> None:
    document = quick_json("startup")
    assert document["game"] == "startup"
    assert {(row["task"], row["backend"]) for row in document["rows"]} == {("whole-process", name) for name in ROWS}
    for row in document["rows"]:
        assert row["n"] == 1 and 0 < row["median_s"] == row["p95_s"] == row["max_s"]


def test_a_timed_process_writes_and_reads_the_bytecode_cache_as_installed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Under ``PYTHONDONTWRITEBYTECODE`` (a source checkout) the timed process runs without
    it, as an installed package does (pip writes the bytecode cache)."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("CARDSOLVE_MARK", "kept")
    seen: list[dict[str, str]] = []

    def run(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        seen.append(options["env"])
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(subprocess, "run", run)
    assert len(harness.time_process(["--help"], 2)) == 2
    assert len(seen) == 3  # the warm-up run, then the two timed
    assert all("PYTHONDONTWRITEBYTECODE" not in env and env["CARDSOLVE_MARK"] == "kept" for env in seen)


def test_the_timed_hand_and_query_are_the_game_benchmarks_first_ones() -> None:
    """The verify's hand is the first solvable one of the Ubongo benchmark's verify-1-white
    hands, the split the first of the Quibbles benchmark's queries that takes cards."""
    from cardsolve.benchmarks import quibbles, ubongo
    from cardsolve.models.quibbles.deal import split_queries
    from cardsolve.models.ubongo.deal import sampled_hands
    from cardsolve.models.ubongo.scoring import TARGET
    from cardsolve.solvers.quibbles.split import best_split
    from cardsolve.solvers.ubongo.fast import solvable

    hand = next(hand for hand in sampled_hands(1, "white", 100, ubongo.SEED) if solvable(hand, TARGET).solvable)
    assert ",".join(face.name for face in hand) == startup.VERIFY_HAND
    queries = split_queries(100, quibbles.SEED, cards=(6, 10), values=(2, 6))
    display, value = next(query for query in queries if best_split(*query, "numba").taken)
    assert (value, ",".join(map(str, display))) == (startup.SPLIT_VALUE, startup.SPLIT_DISPLAY)


FAKE_SERVER = """# {marker}
import http.server, signal, subprocess, sys
if {mode!r} == "deaf":
    signal.signal(signal.SIGINT, signal.SIG_IGN)
if {mode!r} == "orphan":  # the child is started ignoring Ctrl-C (and keeps ignoring it)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)  # {marker}"])
    signal.signal(signal.SIGINT, signal.default_int_handler)
if {mode!r} == "silent":
    signal.pause()

class Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass

try:
    http.server.HTTPServer(("127.0.0.1", int(sys.argv[3])), Page).serve_forever()
except KeyboardInterrupt:
    pass
"""
"""A stand-in for ``cardsolve`` run as ``python -c FAKE_SERVER serve --port N``: it serves a
page until Ctrl-C, or ignores Ctrl-C (``deaf``), or leaves a child that ignores it
(``orphan``), or never answers (``silent``)."""


def _running(marker: str) -> list[int]:
    """The processes alive (not zombies) whose command line holds ``marker``."""
    found = []
    for folder in Path("/proc").glob("[0-9]*"):
        try:
            alive = folder.joinpath("stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
            if alive and marker in folder.joinpath("cmdline").read_bytes().decode(errors="replace"):
                found.append(int(folder.name))
        except OSError:
            continue
    return found


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("stops", None),
        ("deaf", r"did not end within 2 s of Ctrl-C"),
        ("orphan", r"left a process behind 2 s after Ctrl-C"),
        ("silent", r"did not answer at http://127\.0\.0\.1:\d+/: no message"),
    ],
)
def test_serve_ready_stops_the_server_and_every_process_it_started(
    mode: str, message: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Short waits keep the failing cases quick; those that answer get a loaded machine's time.
    monkeypatch.setattr(startup, "SERVE_WAIT", 2.0 if mode == "silent" else 30.0)
    monkeypatch.setattr(startup, "STOP_WAIT", 2.0)
    marker = f"fake-server-{uuid.uuid4().hex}"
    fake = [sys.executable, "-c", FAKE_SERVER.format(marker=marker, mode=mode)]
    if message is None:
        assert 0 < startup.serve_ready(fake) < startup.SERVE_WAIT
    else:
        with pytest.raises(SystemExit, match=message):
            startup.serve_ready(fake)
    assert _running(marker) == []
