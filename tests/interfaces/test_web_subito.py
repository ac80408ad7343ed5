"""The Subito page in a real browser (phone and laptop): a short seeded game followed from
the deal to its end on the board alone; a table entered by tapping followed on the board;
the sides, the pile and the table entered by tapping drawn cards (the whole deck shown),
the best placement and the hint asked for, and the page showing what the command line
answers for the same position, drawn; an old answer marked stale once its entries change;
the sides within the noise of the best tied."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest
from browser import (
    ANSWER_TIMEOUT_MS,
    ONE_SIZE_LAPTOP,
    ONE_SIZE_PHONE,
    open_board,
    screenshot,
    viewport_name,
    wait_for_answer,
)

from cardsolve.solvers.infrastructure.positions import start
from cardsolve.solvers.subito import api

pytestmark = pytest.mark.slow  # drives a browser: `-m "not slow"` skips it in a quick local run
FOLLOWED_FROM = 100
"""The events of the seeded round played before the page follows it to its end."""

if TYPE_CHECKING:
    from playwright.sync_api import Page

DATA = Path(__file__).resolve().parents[1] / "data"
PILE = ["Y4R", "L6P", "R2R", "L1R", "D3B", "G3B", "D2S", "Y5B", "D6A", "P5S"]
TASKS = "2,3a,4a,5a,6a,7a,8a,9a"
MIDROUND: dict[str, Any] = json.loads((DATA / "subito_midround.json").read_text(encoding="utf-8"))
ADA, BEN = (entry["placed"] for entry in MIDROUND["players"])
"""The Subito page's hint position (docs): player 1's and player 2's cards on the table."""
OPTIMIZE = "#optimize-answer .answer"
HINT = "#hint-answer .answer"
FRESH = "#answer[data-state='fresh']"


def open_page(page: Page) -> None:
    """Open the Subito page and wait until it has loaded the deck and its board has answered
    (the board's arrival moves the tools below it)."""
    open_board(page, "/subito")
    page.wait_for_selector("body[data-ready='true']", state="attached")


def position_in_address(page: Page) -> dict[str, Any]:
    """The position the page's address carries."""
    found: dict[str, Any] = page.evaluate("JSON.parse(new URLSearchParams(location.search).get('position'))")
    return found


def in_view(page: Page, selector: str) -> bool:
    """Whether the top of ``selector`` lies within the window."""
    top: float = page.evaluate(f"document.querySelector({json.dumps(selector)}).getBoundingClientRect().top")
    viewport = page.viewport_size
    return viewport is not None and -1 <= top < viewport["height"] - 44  # scrolled to: 0 give or take a subpixel


class Picker:
    """A card picker of the page, tapped as a player does: the whole deck is shown, so a
    card is one tap."""

    def __init__(self, page: Page, selector: str) -> None:
        self.page, self.selector = page, selector

    def tap(self, token: str) -> None:
        self.page.click(f"{self.selector} [data-pick='{token}']")


def tap_table(picker: Picker, entry: int, placed: dict[str, list[str]]) -> None:
    """Put a player's cards on the table: their tab, then per task card its slot and its cards."""
    picker.page.click(f"#table-tabs [data-entry='{entry}']")
    for side, cards in placed.items():
        picker.page.click(f"#table-slots [data-slot='{int(side[0])}']")
        for token in cards:
            picker.tap(token)


def table(names: tuple[str, str], first: dict[str, list[str]], second: dict[str, list[str]]) -> dict[str, Any]:
    """A table file's content, as the CLI reads it."""
    return {
        "tasks": TASKS.split(","),
        "players": [{"name": names[0], "placed": first}, {"name": names[1], "placed": second}],
    }


def overflow(page: Page) -> int:
    """How many pixels the page is wider than its window (0 when it fits)."""
    width: int = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    return width


@ONE_SIZE_PHONE
def test_a_round_at_the_table_the_best_placement_then_the_hint_by_tapping(page: Page) -> None:
    open_page(page)
    page.click("#sides [data-side='4b']")
    assert page.input_value("#tasks-field") == "2,3a,4b,5a,6a,7a,8a,9a"
    page.click("#sides [data-side='4a']")
    assert page.input_value("#tasks-field") == TASKS
    pile, on_table = Picker(page, "#pile-picker"), Picker(page, "#table-picker")
    for token in PILE:
        pile.tap(token)
    assert page.input_value("#pile-field") == ",".join(PILE)
    assert page.locator("#pile-picker [data-pick='P5S']").is_disabled()
    tap_table(on_table, 2, BEN)
    page.check("#vs")
    page.click("#optimize")
    assert wait_for_answer(page, OPTIMIZE) == "done"
    best = api.optimize(",".join(PILE), TASKS, vs=table(("Player 1", "Player 2"), {}, BEN), seat=1)
    assert best.won == 35 and best.proven
    assert page.inner_text(f"{OPTIMIZE} pre.cli-text").strip() == best.text().strip()
    assert page.inner_text(f"{OPTIMIZE} .badge[data-proven]") == "proven"
    assert page.inner_text(f"{OPTIMIZE} .verdict") == "10 cards placed: wins 35 points against Player 2"
    for side, cards in best.to_json()["placed"].items():
        column = page.locator(f"{OPTIMIZE} .placement .column[data-side='{side}']")
        assert column.locator("svg.card").evaluate_all("cards => cards.map(card => card.dataset.card)") == cards
        assert column.locator(".theirs").inner_text() == f"vs {len(BEN.get(side, []))}"
    assert "--vs TABLE.json" in page.inner_text(f"{OPTIMIZE} .cli-line code")
    assert overflow(page) <= 0
    screenshot(page, f"subito-optimize-{viewport_name(page)}")

    tap_table(on_table, 1, ADA)
    page.click("#turned-aim")
    on_table.tap("Y6S")
    assert json.loads(page.input_value("#table-field")) == table(("Player 1", "Player 2"), ADA, BEN)
    page.click("#hint")
    assert wait_for_answer(page, HINT) == "done"
    hint = api.hint(table(("Player 1", "Player 2"), ADA, BEN), "Y6S", seat=1)
    shown = page.inner_text(f"{HINT} pre.cli-text")
    assert shown.strip() == hint.text().strip()
    assert shown.startswith("Place Y6S on 8a: 26.97 expected points over 1024 rollouts")
    bars = page.locator(f"{HINT} .bar-row")
    assert bars.evaluate_all("rows => rows.map(row => row.dataset.side)") == ["8a", "7a", "2", "5a", "4a"]
    assert "best" in bars.first.inner_text() and "26.97" in bars.first.inner_text()
    assert page.locator(f"{HINT} .hint-verdict svg.card[data-card='Y6S']").count() == 1
    refused = page.locator(f"{HINT} .refused svg.task").evaluate_all("tasks => tasks.map(t => t.dataset.task)")
    assert refused == ["3a", "6a", "9a"]
    assert overflow(page) <= 0
    screenshot(page, f"subito-hint-{viewport_name(page)}")


@ONE_SIZE_LAPTOP
def test_a_deal_fills_the_sides_and_the_pile_for_a_placement_alone(page: Page) -> None:
    open_page(page)
    page.select_option("#round-sides", "b")
    page.fill("#seed", "3")
    page.click("#deal")
    page.wait_for_selector("#deal-note code")
    dealt = api.deal(3, sides="b").to_json()
    assert page.input_value("#tasks-field") == ",".join(task["side"] for task in dealt["tasks"])
    assert page.locator("#sides [data-side='7b'][aria-pressed='true']").count() == 1
    assert page.input_value("#pile-field") == ",".join(dealt["piles"][0])
    assert page.locator("#pile .card-button").count() == 36
    page.fill("#cards", "8")
    page.click("#optimize")
    assert wait_for_answer(page, OPTIMIZE) == "done"
    expected = api.optimize(",".join(dealt["piles"][0]), page.input_value("#tasks-field"), cards=8)
    assert page.inner_text(f"{OPTIMIZE} pre.cli-text").strip() == expected.text().strip()
    assert page.inner_text(f"{OPTIMIZE} .verdict") == (
        f"8 cards placed: points × cards {expected.weighted_count}, points × numbers {expected.weighted_sum}"
    )
    assert page.locator(f"{OPTIMIZE} .placement svg.card").count() == 8
    assert page.locator(f"{OPTIMIZE} .unplaced svg.card").count() == 28
    assert overflow(page) <= 0
    screenshot(page, f"subito-deal-{viewport_name(page)}")


@ONE_SIZE_PHONE
def test_typing_the_notation_redraws_the_zones_and_bad_cards_are_the_servers_to_refuse(page: Page) -> None:
    open_page(page)
    page.fill("#tasks-field", "2,3b,4b,5b,6b,7b,8b,9b")
    pressed = page.locator("#sides [aria-pressed='true']").evaluate_all("buttons => buttons.map(b => b.dataset.side)")
    assert pressed == ["2", "3b", "4b", "5b", "6b", "7b", "8b", "9b"]
    page.fill("#table-field", json.dumps(MIDROUND))
    assert page.input_value("#tasks-field") == TASKS
    page.click("#table-tabs [data-entry='2']")
    assert page.locator("#slot-2-9 svg.card").count() == 4 and page.locator("#slot-2-2 svg.card").count() == 1
    page.click("#table-tabs [data-entry='1']")
    assert page.locator("#slot-1-9 svg.card").count() == 4
    page.click("#slot-1-9 [data-token='G3B']")
    assert json.loads(page.input_value("#table-field"))["players"][0]["placed"]["9a"] == ["Y4R", "L6P", "D2S"]
    page.fill("#table-field", '{"tasks": [')
    assert page.inner_text("#table-message").startswith("Not a table yet")
    page.click("#hint")
    assert "does not parse" in page.inner_text("#table-message") and page.get_attribute(HINT, "data-state") == "empty"
    page.fill("#pile-field", "Y4R,X9Z")
    assert page.locator("#pile svg.card[data-card='Y4R']").count() == 1
    assert page.locator("#pile .card-button.invalid").inner_text() == "X9Z"
    page.click("#optimize")
    assert wait_for_answer(page, OPTIMIZE) == "error"
    assert "bad card 'X9Z'" in page.inner_text(OPTIMIZE)


@ONE_SIZE_LAPTOP
def test_the_end_of_a_seeded_round_is_followed_on_the_board_to_the_game_over(page: Page) -> None:
    """A game of one round (142 events: each card turned over, then placed), its first
    ``FOLLOWED_FROM`` events played here (the table's first card, the first legal side),
    the last ones each a tap in the answer: the table's card, then the best side (one
    rollout a side keeps it short); the address follows, and at the end the page says the
    game is over and gives the scores. (The whole round took 1.5 minutes, and a board's
    first moves are followed in test_web_boards.)"""
    dealt = start("subito", seed=5, rounds=1).state
    for _ in range(FOLLOWED_FROM):
        dealt = dealt.apply(dealt.legal_moves()[0])
    page.goto(f"/subito?position={quote(json.dumps(dealt.to_json()))}")
    page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
    page.fill("#effort-samples", "1")
    played: list[str] = []
    began = time.monotonic()
    while True:
        page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
        if position_in_address(page)["to_move"] is None:
            break
        move = page.get_attribute("#answer [data-move]", "data-move")
        assert move is not None
        page.click(f"#answer [data-move={json.dumps(move)}]")
        played.append(move)
        if len(played) == 20:
            page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
            screenshot(page, "subito-board-late-in-the-round-laptop")
        assert FOLLOWED_FROM + len(played) <= 2 * 72, "a round ends when a side of the table has placed its 36 cards"
    seconds = time.monotonic() - began
    end = dealt
    for move in played:
        end = end.apply(move)
    assert position_in_address(page) == end.to_json() and end.is_over
    assert "The game is over" in page.inner_text("#answer")
    assert all(f"seat {seat}: {score:g}" in page.inner_text("#answer") for seat, score in end.scores().items())
    assert FOLLOWED_FROM + len(played) == 142, played
    print(f"followed {len(played)} events in {seconds:.1f} s")
    screenshot(page, "subito-board-over-laptop")


@ONE_SIZE_PHONE
def test_a_table_entered_by_tapping_is_followed_on_the_board(page: Page) -> None:
    """The table builder's cards and the card turned over become the board's position (the
    piles unknown): the seat to move is valued; once placed, the table's next card is any
    unseen one, tapped in the deck."""
    open_page(page)
    on_table = Picker(page, "#table-picker")
    tap_table(on_table, 1, {"3a": ["Y4R"]})
    tap_table(on_table, 2, {"2": ["L6P"]})
    page.click("#turned-aim")
    on_table.tap("D3B")
    page.click("#follow-table")
    page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
    position = position_in_address(page)
    assert position["to_move"] == 1 and position["turned"] == "D3B" and position["rounds"] == 1
    assert [len(pile) for pile in position["piles"]] == [34, 35] and set(position["piles"][0]) == {"?"}
    assert position["table"]["players"][0]["placed"] == {"3a": ["Y4R"]}
    sides = page.locator("#answer [data-move]").evaluate_all("nodes => nodes.map(n => n.dataset.move)")
    assert set(sides) == {str(move) for move in api.load(position).legal_moves()}
    page.click("#answer [data-move='2']")
    page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
    assert position_in_address(page)["to_move"] == 0
    assert page.locator(".board-turn [data-turn]:enabled").count() == 72 - 3  # Y4R, L6P and D3B are on the table
    assert page.is_disabled(".board-turn [data-turn='Y4R']")
    page.click(".board-turn [data-turn='G5A']")
    page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
    after = position_in_address(page)
    assert after["to_move"] == 2 and after["turned"] == "G5A"
    screenshot(page, f"subito-board-own-table-{viewport_name(page)}")


def ask_the_midround_hint(page: Page) -> None:
    """Type the mid-round table in, tap Y6S as the card turned over and ask the hint with
    16 rollouts a side, as a player would; wait for its answer."""
    page.fill("#table-field", json.dumps(MIDROUND))
    page.click("#turned-aim")
    Picker(page, "#table-picker").tap("Y6S")
    page.fill("#samples", "16")
    page.click("#hint")
    assert wait_for_answer(page, HINT) == "done"


@ONE_SIZE_PHONE
def test_the_whole_deck_is_one_tap_and_old_answers_are_marked_stale_and_shown(page: Page) -> None:
    """No colour tabs: every card of the deck is shown; the best placement's and the hint's
    answers come into view when asked and are marked stale once their entries change."""
    open_page(page)
    assert page.locator("#pile-picker [data-pick]").count() == 72 and not page.locator(".colour-tab").count()
    assert all(page.locator(f"#pile-picker [data-pick='{card}']").is_visible() for card in PILE)
    pile = Picker(page, "#pile-picker")
    for token in PILE[:4]:
        pile.tap(token)
    page.click("#optimize")
    assert wait_for_answer(page, OPTIMIZE) == "done"
    assert in_view(page, OPTIMIZE), "the answer is brought into view"
    assert page.get_attribute(OPTIMIZE, "data-stale") is None
    pile.tap(PILE[4])
    assert page.get_attribute(OPTIMIZE, "data-stale") == "true"
    page.click("#optimize")
    assert wait_for_answer(page, OPTIMIZE) == "done" and page.get_attribute(OPTIMIZE, "data-stale") is None
    page.click("#sides [data-side='4b']")
    assert page.get_attribute(OPTIMIZE, "data-stale") == "true"

    ask_the_midround_hint(page)
    assert in_view(page, HINT), "the answer is brought into view"
    page.select_option("#player", "2")
    assert page.get_attribute(HINT, "data-stale") == "true"
    assert overflow(page) <= 0


@ONE_SIZE_LAPTOP
def test_the_hint_marks_the_sides_within_the_noise_as_tied(page: Page) -> None:
    open_page(page)
    ask_the_midround_hint(page)
    found = api.hint(MIDROUND, "Y6S", seat=1, samples=16)
    tied = [e.side.name for e in found.tied]
    assert len(tied) > 1
    marked = page.locator(f"{HINT} .bar-row.best").evaluate_all("rows => rows.map(row => row.dataset.side)")
    assert marked == tied
    assert all("tied best" in page.inner_text(f"{HINT} .bar-row[data-side='{side}']") for side in tied)
    assert f"tied within the noise with {', '.join(tied[1:])}" in page.inner_text(f"{HINT} .hint-verdict")
