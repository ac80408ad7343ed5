"""The web server and a headless Chromium for the page tests (fixtures in conftest.py).

The server is the real one (uvicorn on a free loopback port, in a thread of the test
process); the browser is Debian's ``chromium`` driven by Playwright. Without a Chromium
the page tests are skipped, unless ``CARDSOLVE_BROWSER_TESTS=required`` (as ``.ci/run``
sets it), when they fail instead. Screenshots go to ``tests/screenshots/`` (or
``$CARDSOLVE_SCREENSHOTS``).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

PHONE: ViewportSize = {"width": 375, "height": 812}
LAPTOP: ViewportSize = {"width": 1280, "height": 860}
VIEWPORTS: dict[str, ViewportSize] = {"phone": PHONE, "laptop": LAPTOP}
ONE_SIZE_PHONE = pytest.mark.parametrize("page", ["phone"], indirect=True)
ONE_SIZE_LAPTOP = pytest.mark.parametrize("page", ["laptop"], indirect=True)
"""For a test of what a page does rather than how it looks, one window size is enough:
these run it with the ``page`` fixture at the one size only."""
ANSWER_TIMEOUT_MS = 60_000
"""How long a test waits for a page's answer (the first answers load the solvers)."""
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def screenshot_folder() -> Path:
    folder = Path(os.environ.get("CARDSOLVE_SCREENSHOTS", Path(__file__).parent / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def chromium_path() -> str | None:
    """Debian's Chromium, or None (the page tests are then skipped, or fail when required)."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def require_or_skip(reason: str) -> None:
    if os.environ.get("CARDSOLVE_BROWSER_TESTS") == "required":
        pytest.fail(f"the browser tests are required here: {reason}")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running_server() -> Iterator[str]:
    """``cardsolve serve``'s application on a free loopback port; yields its base address."""
    import uvicorn

    from cardsolve.solvers.interfaces.web.app import Settings, create_app

    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(Settings(time_limit=20.0, workers=2)), host="127.0.0.1", port=port, log_level="warning"
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the web server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium under Playwright."""
    path = chromium_path()
    if path is None:
        require_or_skip("no Chromium found (Debian: apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require_or_skip("Playwright is not installed (pip install '.[test]')")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def viewport_name(page: Page) -> str:
    """``phone`` or ``laptop``: the window the page fixture opened."""
    size = page.viewport_size
    return "phone" if size is not None and size["width"] < 600 else "laptop"


def open_board(page: Page, path: str) -> None:
    """Open the page at ``path`` and wait for its board's first answer: the board arrives
    above the page's other tools once it is drawn, moving them down, so a tap before it
    could land on the wrong place."""
    page.goto(path)
    page.wait_for_selector("#answer[data-state='fresh']", timeout=ANSWER_TIMEOUT_MS)


def wait_for_answer(page: Page, panel: str = ".answer") -> str:
    """Wait until the answer panel ``panel`` is done (or shows an error) and return its state."""
    page.wait_for_selector(f"{panel}[data-state='done'], {panel}[data-state='error']", timeout=ANSWER_TIMEOUT_MS)
    state = page.get_attribute(panel, "data-state")
    return state or ""


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot as ``<name>.png`` in the screenshot folder."""
    path = screenshot_folder() / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def no_outside_requests(page: Page) -> list[str]:
    """Record every request the page makes that leaves the server (there must be none)."""
    outside: list[str] = []
    page.on(
        "request",
        lambda request: (
            outside.append(request.url) if not request.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None
        ),
    )
    return outside
