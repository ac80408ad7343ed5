"""The CUBU page in a real browser. The board: a short seeded classic game and a Speed
CUBU race are followed from the deal to their end on the page alone (tapping the best
option, or in a race a card of the hand and then its cell), and a position is entered by
tapping the cards on one's own table. The questions below it: the top (centre) card and
the hand are tapped in with the card builder, the ready cards and the action cards; the
longest colour sequence and Speed CUBU are asked; what the page draws and says is checked
against the CLI's own answer for the same position, and an answer is marked stale once the
cards change. Each test runs in a phone-sized and a laptop-sized window, the race in one."""

from __future__ import annotations

import json
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
from conftest import RunCli

from cardsolve.models.cubu.state import start

pytestmark = pytest.mark.slow  # drives a browser: `-m "not slow"` skips it in a quick local run

if TYPE_CHECKING:
    from playwright.sync_api import Page

LONGEST_TOP = "D-L-G"
LONGEST_HAND = ["G-P-R-D", "O-P-R-L-D", "R-O-P-G", "L-O", "O-P", "P-D-G-R-O", "G-R-D-L-O-P", "pickup2"]
SPEED_CENTRE = "O-P-R-L-D"
SPEED_HAND = ["D-G", "R-G", "D-P-R-O-L-G", "O-L-R", "R-D-P", "L-O", "O-G-L-D", "P-G", "R-L-O", "L-G-D-R-P-O"]
ACTIONS = {"miss", "interrupt", "swap", "pickup1", "pickup2", "pickup3"}
FRESH = "#answer[data-state='fresh']"
SHORT_GAME: dict[str, Any] = {"seed": 6, "players": 2, "rounds": 1}
"""A one-round classic game of 2 seats that the best options end in a dozen moves."""
SHORT_RACE: dict[str, Any] = {"seed": 6, "players": 2, "rounds": 1, "mode": "speed"}
"""A single Speed CUBU race of 2 seats, 10 cards each."""
MOST_MOVES = 60


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


@ONE_SIZE_LAPTOP
def test_the_longest_run_is_tapped_in_and_drawn_as_the_cli_finds_it(page: Page, cardsolve: RunCli) -> None:
    open_board(page, "/cubu")
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


@ONE_SIZE_PHONE
def test_speed_cubu_draws_the_grid_in_laying_order_in_both_modes(page: Page, cardsolve: RunCli) -> None:
    open_board(page, "/cubu")
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

    page.select_option("#speed-mode", "boxes")
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


@ONE_SIZE_PHONE
def test_typing_the_notation_redraws_the_zones_and_bad_input_is_shown(page: Page) -> None:
    open_board(page, "/cubu")
    page.locator("#hand-field").fill("l-o,miss,R-G")
    assert zone_tokens(page, "hand-zone") == ["l-o", "miss", "R-G"]
    assert page.locator("#hand-zone .card-button svg").count() == 3
    page.locator("#top-field").fill("D-L-G")
    assert zone_tokens(page, "top-zone") == ["D-L-G"]

    page.locator("#ask-speed").click()
    assert wait_for_answer(page) == "done"
    assert page.get_attribute(".answer [data-left-out]", "data-left-out") == "miss"
    assert "Left out: miss (action cards have no place in Speed CUBU)" in page.inner_text(".answer .drawing")
    assert "left out: miss" in page.inner_text(".answer pre.cli-text")
    assert not page.locator(".answer [data-unlaid='miss']").count()

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


def position_in_address(page: Page) -> dict[str, Any]:
    """The position the page's address carries."""
    found: dict[str, Any] = page.evaluate("JSON.parse(new URLSearchParams(location.search).get('position'))")
    return found


def play_to_the_end(page: Page, *, lay_by_picture: bool) -> list[str]:
    """Play the game on the board until it is over, each move once the answer is fresh: the
    best option of the answer (the first move when none is valued), or, with
    ``lay_by_picture``, a card of the seat to move's hand and then a cell in the grid. The
    moves played, in notation."""
    played: list[str] = []
    while True:
        page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
        if page.locator("#answer .board-status", has_text="The game is over").count():
            return played
        assert len(played) < MOST_MOVES, played
        if lay_by_picture and page.locator("#board-view button[data-pick]").count():
            if not page.locator("#board-view button[data-pick][aria-pressed='true']").count():
                page.locator("#board-view button[data-pick]").first.click()  # a second tap would let it go
            target = page.locator("#board-view button[data-lay]").first
            played.append(target.get_attribute("data-lay") or "")
        else:
            best = page.locator("#answer li.best [data-move]")
            target = best.first if best.count() else page.locator("#answer [data-move]").first
            played.append(target.get_attribute("data-move") or "")
        target.click()


@ONE_SIZE_LAPTOP
def test_a_short_seeded_game_is_followed_from_the_deal_to_its_end(page: Page) -> None:
    open_board(page, "/cubu")
    page.locator("#board-deal summary").click()
    page.fill("#deal-seed", str(SHORT_GAME["seed"]))
    page.fill("#deal-players", str(SHORT_GAME["players"]))
    page.select_option("#deal-rounds", str(SHORT_GAME["rounds"]))
    page.locator("[data-action='deal']").click()
    page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
    dealt = start(**SHORT_GAME)
    assert position_in_address(page) == dealt.to_json()
    assert page.locator("#board-view [data-top]").count() == 1
    assert page.locator("#answer li.best [data-move] .c-move").count() >= 1  # the moves are drawn as cards

    played = play_to_the_end(page, lay_by_picture=False)
    final = dealt
    for move in played:
        final = final.apply(move)
    assert final.is_over and position_in_address(page) == final.to_json()
    assert "went out" in page.inner_text("#board-view")
    assert page.is_enabled("[data-action='undo']")


@ONE_SIZE_PHONE
def test_a_speed_race_is_laid_card_by_card_by_tapping_the_hand_and_the_grid(page: Page) -> None:
    dealt = start(**SHORT_RACE)
    page.goto(f"/cubu?position={quote(json.dumps(dealt.to_json()))}")
    page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
    assert page.locator("#board-view [data-laid]").count() == 1  # the centre card
    page.locator("#board-view button[data-pick]").first.click()
    assert page.locator("#board-view button[data-pick][aria-pressed='true']").count() == 1
    assert page.locator("#board-view button[data-lay]").count() >= 1
    sizes = page.locator("#board-view button").evaluate_all(
        "nodes => nodes.map(n => [n.getBoundingClientRect().width, n.getBoundingClientRect().height])"
    )
    assert all(width >= 44 and height >= 44 for width, height in sizes), sizes  # the cards and cells are tap targets
    screenshot(page, "board-cubu-race-phone")

    played = play_to_the_end(page, lay_by_picture=True)
    final = dealt
    for move in played:
        final = final.apply(move)
    assert final.is_over and position_in_address(page) == final.to_json()
    laid = len(final.to_json()["grid"])
    assert page.locator("#board-view [data-laid]").count() == laid > 1
    assert "The race is over" in page.inner_text("#board-view")
    assert page_overflow(page) <= 0


@ONE_SIZE_PHONE
def test_the_cards_on_your_table_are_tapped_in_and_valued(page: Page) -> None:
    open_board(page, "/cubu")
    editor = page.locator("#table-editor")
    editor.locator("summary").click()
    editor.locator(".picker [data-pick='D-L-G']").first.click()  # a ready card: the top card
    for card in ("L-O", "R-G"):
        for letter in card.split("-"):
            editor.locator(f".colours button[data-colour='{letter}']").click()
        editor.locator(".builder button.primary").click()
    editor.locator("[aria-label='action cards'] [data-pick='miss']").click()
    assert [token.get_attribute("data-token") for token in editor.locator("#table-hand .card-button").all()] == [
        "L-O",
        "R-G",
        "miss",
    ]
    editor.locator("[aria-label='cards in each other hand']").fill("3")
    editor.locator("[data-action='use-table']").click()
    page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
    position = position_in_address(page)
    assert position["top"] == "D-L-G" and position["hands"] == [["L-O", "R-G", "miss"], ["?", "?", "?"]]
    assert position["to_move"] == 1 and len(position["pickup"]) == 60 - 1 - 6
    moves = page.locator("#answer [data-move]").evaluate_all("nodes => nodes.map(n => n.dataset.move)")
    assert sorted(moves) == sorted(["L2down:L-O", "G3down:R-G", "miss@2"])
    assert page.locator("#answer li.best [data-move]").get_attribute("data-move") == "miss@2"
    assert page.locator("#board-view [data-seat='2'] [aria-label='a hidden card']").count() == 3


@ONE_SIZE_LAPTOP
def test_an_answer_is_marked_stale_once_the_top_card_changes(page: Page) -> None:
    open_board(page, "/cubu")
    build(page, LONGEST_TOP)
    tap(page, "L-O")
    page.locator("#ask-longest").click()
    assert wait_for_answer(page) == "done"
    assert page.get_attribute(".answer", "data-stale") is None
    page.locator("#top-zone .card-button").click()  # the top card taken away
    assert page.get_attribute(".answer", "data-stale") == "true"
    assert "The cards changed since this answer" in page.evaluate(
        "getComputedStyle(document.querySelector('.answer'), '::before').content"
    )
    page.locator("#to-top").click()
    tap(page, "R-G")
    page.locator("#ask-longest").click()
    assert wait_for_answer(page) == "done"
    assert page.get_attribute(".answer", "data-stale") is None
    page.locator("#top-field").fill("D-L-G")
    assert page.get_attribute(".answer", "data-stale") == "true"


@ONE_SIZE_LAPTOP
def test_the_deal_leaves_out_what_is_not_chosen(page: Page) -> None:
    """Rounds and the Speed CUBU follow may be left to the game: a race to the target in colour mode."""
    open_board(page, "/cubu")
    page.locator("#board-deal summary").click()
    assert page.input_value("#deal-follow") == ""
    page.fill("#deal-seed", "4")
    page.select_option("#deal-mode", "speed")
    page.select_option("#deal-rounds", "")
    page.locator("[data-action='deal']").click()
    page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
    assert position_in_address(page) == start(seed=4, players=2, mode="speed").to_json()
    assert "race 1, to 50 points" in page.inner_text("#board-view")
