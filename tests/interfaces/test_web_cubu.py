"""The CUBU page in a real browser: the top (centre) card and the hand are tapped in with
the card builder, the ready cards and the action cards; the longest colour sequence and
Speed CUBU are asked; what the page draws and says is checked against the CLI's own
answer for the same position. Each test runs in a phone-sized and a laptop-sized window."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from browser import screenshot, viewport_name, wait_for_answer
from conftest import RunCli

pytestmark = pytest.mark.slow  # drives a browser: `-m "not slow"` skips it in a quick local run

if TYPE_CHECKING:
    from playwright.sync_api import Page

LONGEST_TOP = "D-L-G"
LONGEST_HAND = ["G-P-R-D", "O-P-R-L-D", "R-O-P-G", "L-O", "O-P", "P-D-G-R-O", "G-R-D-L-O-P", "pickup2"]
SPEED_CENTRE = "O-P-R-L-D"
SPEED_HAND = ["D-G", "R-G", "D-P-R-O-L-G", "O-L-R", "R-D-P", "L-O", "O-G-L-D", "P-G", "R-L-O", "L-G-D-R-P-O"]
ACTIONS = {"miss", "interrupt", "swap", "pickup1", "pickup2", "pickup3"}


def cli(cardsolve: RunCli, *args: str) -> tuple[int, dict[str, Any], str]:
    """The CLI's exit code, JSON document and text for ``cardsolve cubu ARGS``."""
    code, out, err = cardsolve("--json", "cubu", *args)
    assert code in (0, 1), err
    text_code, text, _ = cardsolve("cubu", *args)
    assert text_code == code
    return code, json.loads(out), text


def build(page: Page, card: str) -> None:
    """Tap the card's colours in the builder, innermost first, and put the card where the page sends cards."""
    for letter in card.split("-"):
        page.locator(f"#colours button[data-colour='{letter}']").click()
    page.locator("#put-built").click()


def tap(page: Page, card: str) -> None:
    """Put ``card`` where it goes: an action card from the action picker, a ready card from
    the ready cards, any other card from the builder."""
    if card in ACTIONS:
        page.locator(f"#actions [data-pick='{card}']").click()
    elif page.locator(f"#ready [data-pick='{card}']").count():
        page.locator(f"#ready [data-pick='{card}']").click()
    else:
        build(page, card)


def zone_tokens(page: Page, zone: str) -> list[str]:
    """The cards shown in a zone, in order."""
    return [button.get_attribute("data-token") or "" for button in page.locator(f"#{zone} .card-button").all()]


def run_tokens(page: Page) -> list[str]:
    """The cards the longest answer draws after the top card, in playing order."""
    figures = page.locator("[data-run='longest'] figure[data-token]").all()
    return [figure.get_attribute("data-token") or "" for figure in figures]


def laid_cards(page: Page) -> list[dict[str, Any]]:
    """The cards the Speed CUBU grid draws: card, cell and laying order, as the page numbers them."""
    return [
        {
            "card": group.get_attribute("data-laid"),
            "cell": [int(number) for number in (group.get_attribute("data-cell") or "").split(",")],
            "order": int(group.get_attribute("data-order") or 0),
        }
        for group in page.locator("svg.speed-grid [data-laid]").all()
    ]


def page_overflow(page: Page) -> int:
    """How many pixels the page is wider than its window (0 or less: no sideways scrolling)."""
    overflow: int = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    return overflow


def test_the_longest_run_is_tapped_in_and_drawn_as_the_cli_finds_it(page: Page, cardsolve: RunCli) -> None:
    page.goto("/cubu")
    build(page, LONGEST_TOP)
    assert zone_tokens(page, "top-zone") == [LONGEST_TOP]
    assert page.locator("#to-hand").get_attribute("aria-pressed") == "true"
    assert page.locator("#put-built").inner_text() == "Add to hand"
    for card in LONGEST_HAND:
        tap(page, card)
    assert zone_tokens(page, "hand-zone") == LONGEST_HAND
    assert page.input_value("#hand-field") == ",".join(LONGEST_HAND)
    assert page.input_value("#top-field") == LONGEST_TOP
    assert page.locator("[data-count-for='hand-zone']").inner_text() == "8 cards"

    page.locator("#ask-longest").click()
    assert wait_for_answer(page) == "done"
    code, document, text = cli(cardsolve, "longest", "--top", LONGEST_TOP, "--hand", ",".join(LONGEST_HAND))
    assert code == 0
    assert page.get_attribute(".answer .badge[data-exit]", "data-exit") == "0"
    assert page.inner_text(".answer pre.cli-text").strip() == text.strip()
    assert "longest: 4 cards, follow dark blue 1 up" in text
    assert run_tokens(page) == document["cards"]
    headline = page.inner_text(".answer .headline")
    assert "Play 4 cards" in headline and "dark blue box at position 1, going up" in headline
    assert page.locator("[data-run='longest'] figure[data-step='0'] [data-card='D-L-G']").count() == 1
    assert page.locator("li[data-run='other']").count() == len(document["others"]) == 2
    assert page.inner_text(".answer code.line") == (
        f"cardsolve cubu longest --top {LONGEST_TOP} --hand {','.join(LONGEST_HAND)} --limit 10"
    )
    assert page_overflow(page) <= 0
    screenshot(page, f"cubu-longest-{viewport_name(page)}")


def test_speed_cubu_draws_the_grid_in_laying_order_in_both_modes(page: Page, cardsolve: RunCli) -> None:
    page.goto("/cubu")
    tap(page, SPEED_CENTRE)
    for card in SPEED_HAND:
        tap(page, card)
    assert zone_tokens(page, "top-zone") == [SPEED_CENTRE]
    assert zone_tokens(page, "hand-zone") == SPEED_HAND

    page.locator("#ask-speed").click()
    assert wait_for_answer(page) == "done"
    code, document, text = cli(cardsolve, "speed", "--centre", SPEED_CENTRE, "--hand", ",".join(SPEED_HAND))
    assert code == 1 and document["most"] == 9 and document["proven"] is True
    assert page.get_attribute(".answer .badge[data-exit]", "data-exit") == "1"
    assert page.inner_text(".answer .badge[data-proven]") == "proven"
    assert "numba" in page.inner_text(".answer .status")
    assert page.inner_text(".answer pre.cli-text").strip() == text.strip()
    assert "At most 9 of the 10 cards can be laid (colour mode)" in page.inner_text(".answer .headline")
    assert page.locator("svg.speed-grid [data-centre='O-P-R-L-D']").count() == 1
    assert laid_cards(page) == [{**entry, "order": order} for order, entry in enumerate(document["layout"], start=1)]
    unlaid = [figure.get_attribute("data-unlaid") for figure in page.locator("[data-unlaid]").all()]
    assert unlaid == [card for card in SPEED_HAND if card not in {entry["card"] for entry in document["layout"]}]
    assert len(unlaid) == 1
    assert page_overflow(page) <= 0
    screenshot(page, f"cubu-speed-{viewport_name(page)}")

    page.locator("input[name='mode'][value='boxes']").check()
    page.locator("#ask-speed").click()
    assert wait_for_answer(page) == "done"
    code, document, text = cli(
        cardsolve, "speed", "--centre", SPEED_CENTRE, "--hand", ",".join(SPEED_HAND), "--mode", "boxes"
    )
    assert page.get_attribute(".answer .badge[data-exit]", "data-exit") == str(code)
    assert page.inner_text(".answer pre.cli-text").strip() == text.strip()
    assert "(boxes mode)" in page.inner_text(".answer .headline")
    assert page.locator("svg.speed-grid [data-laid]").count() == document["most"]
    assert "--mode boxes" in page.inner_text(".answer code.line")
    assert page_overflow(page) <= 0
    screenshot(page, f"cubu-speed-boxes-{viewport_name(page)}")


def test_typing_the_notation_redraws_the_zones_and_bad_input_is_shown(page: Page) -> None:
    page.goto("/cubu")
    page.locator("#hand-field").fill("l-o,miss,R-G")
    assert zone_tokens(page, "hand-zone") == ["l-o", "miss", "R-G"]
    assert page.locator("#hand-zone .card-button svg").count() == 3
    page.locator("#top-field").fill("D-L-G")
    assert zone_tokens(page, "top-zone") == ["D-L-G"]

    page.locator("#ask-speed").click()
    assert wait_for_answer(page) == "error"
    assert "action card miss has no place in Speed CUBU" in page.inner_text(".answer .status")

    page.locator("#hand-zone .card-button[data-token='miss']").click()
    assert page.input_value("#hand-field") == "l-o,R-G"
    page.locator("#ask-longest").click()
    assert wait_for_answer(page) == "done"
    assert run_tokens(page) == ["L-O"]
    assert "light blue box at position 2, going down" in page.inner_text(".answer .headline")

    page.locator("#hand-field").fill("L-O,X-Y")
    assert page.locator("#hand-zone .card-button.invalid").count() == 1
    page.locator("#ask-longest").click()
    assert wait_for_answer(page) == "error"
    assert "X-Y" in page.inner_text(".answer .status")
