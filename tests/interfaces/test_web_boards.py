"""Every game's board in a real browser, on a phone-sized page (375 px: the sticky answer
bar and the smallest targets; the board behaves alike at any size, so the behaviours run
once, and the laptop-sized picture is taken by resizing): a position opened by its
address answers by itself; an option of the answer played changes the address and the
answer; undo and redo step the history and the address follows; a reload finds the same
position and history; an answer is never shown as the new position's while the next one
works; every tap target is at least 44x44 CSS px; the answer is in view; Stop ends the
request's worker. Screenshots: ``board-<game>-<viewport>.png``."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest
from browser import ANSWER_TIMEOUT_MS, LAPTOP, PHONE, no_outside_requests, screenshot

from cardsolve.models.was_sticht.state import start as was_sticht_start
from cardsolve.solvers.infrastructure.positions import start

pytestmark = pytest.mark.slow  # drives a browser: `-m "not slow"` skips it in a quick local run

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser, Page

STATIC = Path(__file__).parents[2] / "solvers" / "interfaces" / "web" / "static"
ALL_BOARDS: dict[str, tuple[str, dict[str, Any]]] = {
    "quibbles": ("quibbles", {"seed": 3, "players": 2}),
    "ubongo": ("ubongo", {"seed": 3}),
    "subito": ("subito", {"seed": 3, "players": 2}),
    "was_sticht": ("was-sticht", {"seed": 3}),
    "cubu": ("cubu", {"seed": 3}),
}
"""Each game by its name (``models.games``): its page and the seeded deal its tests open."""
BOARDS = {
    game: spec for game, spec in ALL_BOARDS.items() if 'id="board-panel"' in (STATIC / f"{spec[0]}.html").read_text()
}
"""The games whose page is a board (every game's, once each page is built on the board)."""


@dataclass(frozen=True)
class Slow:
    """How to make a board's answer take many seconds: the effort field to fill and its
    value, on the test's seeded deal or on ``position()`` when given."""

    field: str
    value: str
    position: Callable[[], dict[str, Any]] | None = None


def was_sticht_choosing() -> dict[str, Any]:
    """The Was sticht? test deal at a seat's chip choice (the draft played by first legal moves)."""
    state = was_sticht_start(seed=3)
    while state.phase != "choose" or state.to_move in (None, 0):
        state = state.apply(state.legal_moves()[0])
    return state.to_json()


SLOW: dict[str, Slow] = {
    "quibbles": Slow("#effort-samples", "5000"),
    "was_sticht": Slow("#effort-playouts", "10000", was_sticht_choosing),
    "subito": Slow("#effort-samples", "100000", lambda: start("subito", seed=3).state.apply("R2A").to_json()),
}
"""For each board that has a way, how to make its answer slow (to test Stop)."""


@dataclass(frozen=True)
class SlowTool:
    """How to ask one of a page's question tools (below the board) a question that takes
    many seconds: the fields to fill and the selects to choose (selector, value), then the
    button that asks."""

    fills: tuple[tuple[str, str], ...]
    selects: tuple[tuple[str, str], ...]
    ask: str


SLOW_TOOLS: dict[str, SlowTool] = {
    # nine faces of four symbols, all to be laid: the reference search runs out of the server's 20 s
    "ubongo": SlowTool(
        fills=(("#hand-field", "ACA/CDA,CCC/DBC,BCD/DBA,DCB/BAC,DBC/ADA,CAD/BAB,CBD/DCC,BBB/BBB,ADB/DBC"), ("#k", "9")),
        selects=(("#backend", "reference"),),
        ask="#verify",
    ),
    # a 20-card Speed CUBU hand by number of boxes: cpsat runs out of the server's 20 s
    "cubu": SlowTool(
        fills=(
            ("#top-field", "G-R-D-L-O-P"),
            (
                "#hand-field",
                "O-G-L-P,O-P-R-L-D,G-O,D-O-P-L,L-P-D-O-G-R,O-P,G-P-R-D,G-P-L-O-R-D,L-O,L-P-O-G,D-G,R-D-P,D-G-L,"
                "D-P-R-O-L-G,D-L-P-O-R-G,P-G,L-G-D-R-P-O,R-O,O-L-R,L-O-G-R",
            ),
        ),
        selects=(("#speed-mode", "boxes"), ("#backend", "cpsat")),
        ask="#ask-speed",
    ),
}
"""For each page whose tools have a way, how to ask them a slow question (to test Stop there)."""
STOPPED_WITHIN_S = 3.0
"""How soon after the tap on Stop the worker must be gone: far below the 20 s its slow
question would run on, so a Stop that did nothing fails, yet not a speed bound (the kill
itself is immediate; on a loaded machine the page and the poll took up to 0.8 s)."""
FRESH = "#answer[data-state='fresh']"
TAP_TARGETS = "button, a[href], input:not([type='hidden']), select, textarea, summary, [role='button']"
SMALLEST_TAP = 44


@pytest.fixture
def page(chromium_browser: Browser, web_server: str) -> Iterator[Page]:
    """A fresh phone-sized page (the conftest's ``page`` opens both sizes); every request
    it makes to anywhere else is a test failure."""
    context = chromium_browser.new_context(viewport=PHONE, base_url=web_server)
    opened = context.new_page()
    outside = no_outside_requests(opened)
    yield opened
    context.close()
    assert not outside, f"the page asked for outside addresses: {outside}"


def dealt(game: str) -> dict[str, Any]:
    """The position document of ``game``'s seeded deal for these tests."""
    document: dict[str, Any] = start(game, **BOARDS[game][1]).to_json()
    return document


def address(game: str, position: dict[str, Any]) -> str:
    return f"/{BOARDS[game][0]}?position={quote(json.dumps(position))}"


def position_in_address(page: Page) -> dict[str, Any]:
    """The position the page's address carries."""
    found: dict[str, Any] = page.evaluate("JSON.parse(new URLSearchParams(location.search).get('position'))")
    return found


def fresh_moves(page: Page) -> list[str]:
    """Wait for a fresh answer; the moves it offers to play."""
    page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
    moves: list[str] = page.locator("#answer [data-move]").evaluate_all("nodes => nodes.map(n => n.dataset.move)")
    return moves


def record_states(page: Page) -> None:
    """From now on the page records every answer state it shows, with the address at that moment."""
    page.evaluate(
        """() => {
          window.__states = [];
          const answer = document.getElementById('answer');
          new MutationObserver(() => window.__states.push([answer.dataset.state, location.search]))
            .observe(answer, {attributes: true, attributeFilter: ['data-state']});
        }"""
    )


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_a_position_in_the_address_answers_by_itself_and_follows_the_game(page: Page, game: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    position = dealt(game)
    page.goto(address(game, position))
    moves = fresh_moves(page)
    shown = start(game, **BOARDS[game][1])
    legal = [str(move) for move in shown.state.legal_moves()]
    assert moves and set(moves) <= set(legal)
    assert position_in_address(page) == position
    assert page.is_disabled("[data-action='undo']") and page.is_disabled("[data-action='redo']")
    screenshot(page, f"board-{game}-phone")
    page.set_viewport_size(LAPTOP)
    screenshot(page, f"board-{game}-laptop")
    page.set_viewport_size(PHONE)

    record_states(page)
    played = moves[0]
    page.click(f"#answer [data-move={json.dumps(played)}]")
    after = fresh_moves(page)
    expected = shown.state.apply(played).to_json()
    assert position_in_address(page) == expected
    states: list[list[str]] = page.evaluate("window.__states")
    first_fresh = next(index for index, (state, _) in enumerate(states) if state == "fresh")
    assert states[0][0] in ("stale", "working"), states  # the old answer is marked at once
    assert all(state != "fresh" for state, _ in states[:first_fresh])
    assert json.loads(_query_position(states[first_fresh][1])) == expected  # fresh only for the new position
    assert after and page.is_enabled("[data-action='undo']")

    page.click("[data-action='undo']")
    assert fresh_moves(page) == moves
    assert position_in_address(page) == position
    assert page.is_enabled("[data-action='redo']")
    page.click("[data-action='redo']")
    fresh_moves(page)
    assert position_in_address(page) == expected

    page.reload()
    assert fresh_moves(page) == after
    assert position_in_address(page) == expected
    assert page.is_enabled("[data-action='undo']"), "a reload keeps the history"
    page.click("[data-action='undo']")
    fresh_moves(page)
    assert position_in_address(page) == position
    assert not errors


def _query_position(search: str) -> str:
    from urllib.parse import parse_qs

    return parse_qs(search.lstrip("?"))["position"][0]


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_a_page_without_a_position_deals_one_and_keeps_it(page: Page, game: str) -> None:
    page.goto(f"/{BOARDS[game][0]}")
    fresh_moves(page)
    dealt_here = position_in_address(page)
    assert dealt_here["game"] == game
    page.goto(f"/{BOARDS[game][0]}")  # no address: the page finds the position it kept
    fresh_moves(page)
    assert position_in_address(page) == dealt_here


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_a_refused_move_is_named_and_leaves_the_position(page: Page, game: str) -> None:
    position = dealt(game)
    page.goto(address(game, position))
    fresh_moves(page)
    page.fill("#answer form.move-entry input", "nonsense-move")
    page.press("#answer form.move-entry input", "Enter")
    page.wait_for_selector("#answer p.refusal", timeout=ANSWER_TIMEOUT_MS)
    assert "nonsense-move" in page.inner_text("#answer p.refusal")
    fresh_moves(page)
    assert position_in_address(page) == position


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_an_address_that_is_not_a_position_is_an_error_on_the_page(page: Page, game: str) -> None:
    page.goto(f"/{BOARDS[game][0]}?position=%7Bnot-json")
    page.wait_for_selector("#answer[data-state='error']", timeout=ANSWER_TIMEOUT_MS)
    assert "not JSON" in page.inner_text("#answer")
    page.goto(f"/{BOARDS[game][0]}?position={quote(json.dumps({'game': game}))}")
    page.wait_for_selector("#answer[data-state='error']", timeout=ANSWER_TIMEOUT_MS)
    assert page.inner_text("#answer .error")


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_every_tap_target_is_large_and_the_answer_in_view_on_a_phone(page: Page, game: str) -> None:
    page.goto(address(game, dealt(game)))
    fresh_moves(page)
    small: list[str] = page.locator(TAP_TARGETS).evaluate_all(
        f"""nodes => nodes.filter(n => {{
              const box = n.getBoundingClientRect();
              if (box.width === 0 && box.height === 0) return false;  // not shown
              return box.width < {SMALLEST_TAP} - 0.5 || box.height < {SMALLEST_TAP} - 0.5;
            }}).map(n => `${{n.tagName.toLowerCase()}}#${{n.id}}.${{n.className}}
              [${{(n.textContent || n.getAttribute('aria-label') || '').trim().slice(0, 30)}}]
              ${{Math.round(n.getBoundingClientRect().width)}}x${{Math.round(n.getBoundingClientRect().height)}}`)"""
    )
    assert not small, f"{len(small)} tap targets under 44x44: {small[:12]}"
    box, viewport = page.locator("#answer").bounding_box(), page.viewport_size
    assert box is not None and viewport is not None
    assert box["y"] < viewport["height"] - SMALLEST_TAP, f"the answer starts at y={box['y']:.0f}, below the fold"


def request_workers() -> set[int]:
    """The processes computing a web request now: the children of the test server's fork
    server (a child of this process whose command line names the fork server)."""

    def parent(pid: int) -> int:
        stat = Path(f"/proc/{pid}/stat").read_text()
        return int(stat[stat.rindex(")") + 2 :].split()[1])

    def command(pid: int) -> str:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")

    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = parent(int(entry.name))
            except (OSError, ValueError):  # it ended while we looked
                continue
    servers = {pid for pid, up in parents.items() if up == os.getpid() and "forkserver" in command(pid)}
    return {pid for pid, up in parents.items() if up in servers and Path(f"/proc/{pid}").exists()}


def stopped_by_the_button(page: Page, stop: str) -> None:
    """Once a worker computes the page's slow request and the elapsed time has passed a
    second, tapping ``stop`` ends the worker (within ``STOPPED_WITHIN_S``)."""
    deadline = time.monotonic() + 10
    while not request_workers() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert request_workers(), "no worker computes the slow answer"
    page.wait_for_timeout(1_200)
    assert float(page.inner_text(f"{stop} >> xpath=.. >> .elapsed").split()[0]) >= 1.0, "the elapsed time runs"
    page.click(stop)
    stopped = time.monotonic()
    while request_workers() and time.monotonic() - stopped < 5:
        time.sleep(0.02)
    assert time.monotonic() - stopped <= STOPPED_WITHIN_S, (
        f"the worker outlived the Stop by more than {STOPPED_WITHIN_S:g} s"
    )


@pytest.mark.parametrize("game", sorted(SLOW))
def test_stop_ends_the_requests_worker_and_says_so(page: Page, game: str) -> None:
    slow = SLOW[game]
    page.goto(address(game, slow.position() if slow.position else dealt(game)))
    fresh_moves(page)
    page.fill(slow.field, slow.value)
    page.wait_for_selector("#answer[data-busy='evaluate'] [data-action='stop']", timeout=ANSWER_TIMEOUT_MS)
    stopped_by_the_button(page, "#answer [data-action='stop']")
    assert not page.locator("#answer[data-busy]").count()
    assert "Stopped after" in page.inner_text("#answer")
    assert page.locator("#answer [data-action='ask']").count() == 1


@pytest.mark.parametrize("game", sorted(SLOW_TOOLS))
def test_stop_ends_a_question_tools_worker_too(page: Page, game: str) -> None:
    """The question tools below the board show the elapsed time and a Stop button as the
    board does; Stop ends the worker, and the panel says so and takes questions again."""
    slow = SLOW_TOOLS[game]
    page.goto(address(game, dealt(game)))
    fresh_moves(page)
    for selector, value in slow.fills:
        page.fill(selector, value)
    for selector, value in slow.selects:
        page.select_option(selector, value)
    page.click(slow.ask)
    stop = "#tool-answer .answer[data-state='busy'] [data-action='stop']"
    page.wait_for_selector(stop, timeout=ANSWER_TIMEOUT_MS)
    stopped_by_the_button(page, stop)
    page.wait_for_selector("#tool-answer .answer[data-state='error']")
    assert page.inner_text("#tool-answer .answer").startswith("Stopped after")
    assert page.locator(slow.ask).is_enabled()
