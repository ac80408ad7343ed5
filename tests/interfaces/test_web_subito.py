"""The Subito page in a real browser (phone and laptop): the sides, the pile and the table
entered by tapping drawn cards, the best placement and the hint asked for, and the page
showing what the command line answers for the same position, drawn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser import screenshot, viewport_name, wait_for_answer

from cardsolve.solvers.subito import api

pytestmark = pytest.mark.slow  # drives a browser: `-m "not slow"` skips it in a quick local run

if TYPE_CHECKING:
    from playwright.sync_api import Page

DATA = Path(__file__).resolve().parents[1] / "data"
PILE = ["Y4R", "L6P", "R2R", "L1R", "D3B", "G3B", "D2S", "Y5B", "D6A", "P5S"]
TASKS = "2,3a,4a,5a,6a,7a,8a,9a"
MIDROUND: dict[str, Any] = json.loads((DATA / "subito_midround.json").read_text(encoding="utf-8"))
ADA, BEN = (entry["placed"] for entry in MIDROUND["players"])
"""The README's hint position: player 1's and player 2's cards on the table."""
OPTIMIZE = "#optimize-answer .answer"
HINT = "#hint-answer .answer"


def open_page(page: Page) -> None:
    """Open the Subito page and wait until it has loaded the deck."""
    page.goto("/subito")
    page.wait_for_selector("body[data-ready='true']", state="attached")


class Picker:
    """A card picker of the page, tapped as a player does: a colour tab (when the colour
    changes), then the card."""

    def __init__(self, page: Page, selector: str) -> None:
        self.page, self.selector, self.colour = page, selector, "R"

    def tap(self, token: str) -> None:
        if token[0] != self.colour:
            self.page.click(f"{self.selector} [data-colour='{token[0]}']")
            self.colour = token[0]
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


def test_a_deal_fills_the_sides_and_the_pile_for_a_placement_alone(page: Page) -> None:
    open_page(page)
    page.select_option("#deal-sides", "b")
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
