"""Start-up benchmarks: ``python -m cardsolve.benchmarks.startup [--quick] [--json] [--markdown]``.

Every row is task ``whole-process``: a command as a user meets it, a fresh process from
its start, imports, kernel loading and all, one timing per run (``harness.process_row``:
20 runs after one untimed warm-up run, which fills a kernel cache that lacks a kernel;
with ``--quick`` one run and no warm-up, a smoke run), with Python's bytecode cache as an
installed package has it (``harness.as_installed``):

- ``cardsolve --help`` and ``ubongo verify --help``: the help of the root and of a command;
- ``ubongo verify``: one 9-card hand (``VERIFY_HAND``, 7 cards to lay);
- ``quibbles split``: one split query (``SPLIT_VALUE`` on ``SPLIT_DISPLAY``);
- ``serve ready``: ``cardsolve serve`` on a free port, from its start until its page
  answers (the solvers loaded and warmed, the request processes started), then stopped
  with Ctrl-C as a terminal sends it, to the whole process group
  (``SERVE_RUNS`` runs after a warm-up run; one run with ``--quick``). A server that does
  not answer within ``SERVE_WAIT`` seconds, that does not end within ``STOP_WAIT`` seconds
  of Ctrl-C, or that leaves a process of its group behind, stops the benchmark (the
  processes left are killed).

The goals (issue 42): the helps within 0.1 s, ``verify`` and ``split`` within 0.4 s on a
2-core machine, ``serve`` ready within 5 s with a warm kernel cache.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from cardsolve.benchmarks import harness
from cardsolve.benchmarks.harness import PROCESS_TASK, Row

VERIFY_HAND = "14w,26w,11w,36w,3w,5w,4w,2w,15w"
"""The first hand with a 7-card layout among the Ubongo benchmark's ``verify-1-white``
hands (``sampled_hands(1, "white", ...)`` of its seed, 20261130)."""
SPLIT_VALUE = 3
SPLIT_DISPLAY = "3,2,4,2,1,3,2,2,3"
"""The first of the Quibbles benchmark's split queries (its seed, 20240611) that takes cards."""
COMMANDS = (
    ("cardsolve --help", ["--help"]),
    ("ubongo verify --help", ["ubongo", "verify", "--help"]),
    ("ubongo verify", ["ubongo", "verify", "--hand", VERIFY_HAND, "--k", "7"]),
    ("quibbles split", ["quibbles", "split", str(SPLIT_VALUE), "--display", SPLIT_DISPLAY]),
)
"""The rows timed by ``harness.process_row``: each row's name and the command's arguments."""
SERVE_RUNS = 5
"""Timed starts of ``cardsolve serve`` (1 with ``--quick``)."""
SERVE_WAIT = 600.0
"""Seconds a server may take to answer its page (a fresh install compiles every kernel)."""
STOP_WAIT = 30.0
"""Seconds a server and every process it started may take to end after Ctrl-C."""
POLL = 0.005
"""Seconds between two attempts to open the page while the server starts."""


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now (the system's choice)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _answers(url: str) -> bool:
    """Whether ``url`` answers 200 now."""
    try:
        with urllib.request.urlopen(url, timeout=5) as page:
            return bool(page.status == 200)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def _group_alive(group: int) -> bool:
    """Whether a process of process group ``group`` is still running (not a zombie)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            return True
    return False


def serve_ready(cardsolve: list[str] | None = None) -> float:
    """Seconds from the start of ``cardsolve serve`` on a free port (in a session of its
    own, as a terminal starts it) until its page answers; then Ctrl-C to its process group,
    and the end of every process of the group awaited. ``cardsolve`` is the command that starts it (default: this
    interpreter's ``python -m cardsolve``). A server that does not answer, does not end or
    leaves a process behind stops the benchmark, naming what went wrong (see the module
    docstring), with every process of its group killed."""
    command = cardsolve or [sys.executable, "-m", "cardsolve"]
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryFile("w+") as log:
        start = time.perf_counter()
        server = subprocess.Popen(
            [*command, "serve", "--port", str(port)],
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,
            env=harness.as_installed(),
        )
        try:
            while not _answers(url):
                if server.poll() is not None or time.perf_counter() - start > SERVE_WAIT:
                    log.seek(0)
                    last = (log.read().strip().splitlines() or ["no message"])[-1]
                    raise SystemExit(f"cardsolve serve did not answer at {url}: {last}")
                time.sleep(POLL)
            ready = time.perf_counter() - start
            os.killpg(server.pid, signal.SIGINT)
            stop = time.perf_counter() + STOP_WAIT
            try:
                server.wait(STOP_WAIT)
            except subprocess.TimeoutExpired:
                raise SystemExit(f"cardsolve serve did not end within {STOP_WAIT:g} s of Ctrl-C") from None
            while _group_alive(server.pid):  # its helpers end as they see it gone
                if time.perf_counter() > stop:
                    raise SystemExit(f"cardsolve serve left a process behind {STOP_WAIT:g} s after Ctrl-C")
                time.sleep(POLL)
        finally:
            if server.poll() is None or _group_alive(server.pid):
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
                ends = time.perf_counter() + STOP_WAIT
                while (
                    _group_alive(server.pid) and time.perf_counter() < ends
                ):  # the others end as the kernel gets to them
                    time.sleep(POLL)
    return ready


def serve_row(quick: bool) -> Row:
    """``serve ready``: ``serve_ready`` ``SERVE_RUNS`` times after an untimed warm-up start
    (once with ``quick``, no warm-up)."""
    if not quick:
        serve_ready()
    return Row(PROCESS_TASK, "serve ready", [serve_ready() for _ in range(1 if quick else SERVE_RUNS)])


def main() -> None:
    args = harness.main_args("Time cardsolve's commands from process start to exit, and serve until ready.")
    rows = [harness.process_row(name, command, args.quick) for name, command in COMMANDS]
    rows.append(serve_row(args.quick))
    harness.report("startup", rows, args.json, args.markdown)


if __name__ == "__main__":
    harness.run(main)
