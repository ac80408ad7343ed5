"""Shared test settings and fixtures: the kernels compiled once before the tests start;
hypothesis without a per-example deadline, since the first call of a numba kernel
compiles (or loads the cache) and takes far longer than the rest; the command line run
in this process; the web server and the browser of the page tests."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

import pytest
from hypothesis import HealthCheck, settings

from cardsolve import cli

settings.register_profile(
    "cardsolve",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("cardsolve")

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C reaches every test process as it does one started from a terminal: a shell
    without job control starts its background jobs with SIGINT ignored, which the test
    processes, and every process a test starts, would inherit (then a test's Ctrl-C does
    nothing: seen in a clean-clone run launched in the background)."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Before the test processes start (in pytest-xdist's controller, whose own hook starts
    them after this one, or in a run without xdist), every game's kernels are compiled into
    the cache, or found there, by the web server's warm-up (two processes at once, as
    ``warmup.warm_up_beside`` runs it): else each test process, and each one's web server,
    would compile the same kernels at the same time on a fresh install. A warm-up that
    fails leaves the tests to say why."""
    if hasattr(session.config, "workerinput"):
        return
    subprocess.run([sys.executable, "-m", "cardsolve.solvers.interfaces.web.warmup"], check=False)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests (browser, benchmark scripts, studies) first in each test process:
    pytest-xdist's worksteal gives each process an equal, contiguous block of this order to
    start with, so the order is one block per process (``PYTEST_XDIST_WORKER_COUNT``), each
    its share of the slow test modules and then its share of the others, whole modules
    (their fixtures stay in one process), the largest first onto the smallest block. Sorted
    slow-first as one list, every slow test landed in the first processes' blocks and the
    others stole them late: the run ended on browser tests."""
    parts = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    modules: dict[tuple[bool, str], list[pytest.Item]] = {}
    for item in items:
        modules.setdefault((item.get_closest_marker("slow") is None, item.nodeid.split("::")[0]), []).append(item)
    slow: list[list[pytest.Item]] = [[] for _ in range(parts)]
    rest: list[list[pytest.Item]] = [[] for _ in range(parts)]
    for (quick, _), tests in sorted(modules.items(), key=lambda entry: (entry[0][0], -len(entry[1]), entry[0][1])):
        part = min(range(parts), key=lambda p: (len(slow[p]) + len(rest[p]), p) if quick else (len(slow[p]), p))
        (rest if quick else slow)[part].extend(tests)
    items[:] = [item for part in range(parts) for item in (*slow[part], *rest[part])]


@pytest.fixture(autouse=True)
def _ctrl_c_left_as_found() -> Iterator[None]:
    """A test that leaves this process's Ctrl-C handling changed (SIGINT ignored, say)
    fails, and the handling is put back: else every later test of the process would run
    with it, and the processes they start would inherit an ignored SIGINT."""
    before = signal.getsignal(signal.SIGINT)
    yield
    after = signal.getsignal(signal.SIGINT)
    if after is not before:
        signal.signal(signal.SIGINT, before)
        pytest.fail(f"the test left SIGINT's handler {after!r} (it was {before!r})")


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


def interrupted_cli(args: list[str], after: float) -> tuple[int, str, str, float]:
    """Run ``cardsolve ARGS`` as a child process, send it Ctrl-C (SIGINT) ``after`` seconds
    in, and return (exit code, stdout, stderr, seconds from the signal to its exit). The
    child handles SIGINT itself: a background shell starts its jobs with it ignored."""
    import signal
    import subprocess
    import time

    process = subprocess.Popen(
        [sys.executable, "-m", "cardsolve.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        time.sleep(after)
        process.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()
    return process.returncode, out, err, time.monotonic() - sent


def run_json(cardsolve: RunCli, *args: str) -> dict[str, Any]:
    """The JSON document of ``cardsolve --json ARGS``, which must exit 0."""
    code, out, err = cardsolve("--json", *args)
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    return document


@pytest.fixture(scope="session")
def web_server() -> Iterator[str]:
    """The base address of a running ``cardsolve serve`` application (tests/browser.py)."""
    from browser import running_server

    with running_server() as address:
        yield address


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Browser]:
    """A headless Chromium for the page tests, or a skip (a failure in CI) without one."""
    from browser import chromium

    with chromium() as browser:
        yield browser


@pytest.fixture(params=["phone", "laptop"])
def page(request: pytest.FixtureRequest, chromium_browser: Browser, web_server: str) -> Iterator[Page]:
    """A fresh page in a phone-sized (375 px) and then a laptop-sized window, its base URL
    the test server; every request it makes to anywhere else is a test failure."""
    from browser import VIEWPORTS, no_outside_requests

    context = chromium_browser.new_context(viewport=VIEWPORTS[request.param], base_url=web_server)
    page = context.new_page()
    outside = no_outside_requests(page)
    yield page
    context.close()
    assert not outside, f"the page asked for outside addresses: {outside}"
