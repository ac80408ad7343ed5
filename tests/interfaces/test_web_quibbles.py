"""The Quibbles page in a real browser, phone-sized and laptop-sized: a position entered by
tapping the card pickers (one test types into a notation field instead), each command the
page offers asked, and what the page shows compared with the command line's own answer
for the same position. Screenshots: ``quibbles-<command>-<viewport>.png``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from browser import ONE_SIZE_LAPTOP, ONE_SIZE_PHONE, open_board, screenshot, viewport_name, wait_for_answer
from conftest import RunCli

pytestmark = pytest.mark.slow  # drives a browser: `-m "not slow"` skips it in a quick local run

if TYPE_CHECKING:
    from playwright.sync_api import Page


def tap(page: Page, zone: str, cards: str) -> None:
    """Tap the cards ``cards`` (``3,3,1``) one by one in the picker under ``zone``."""
    for value in cards.split(","):
        page.click(f"#{zone}-picker [data-pick='{value}']")


def zone_cards(page: Page, zone: str) -> str:
    """The cards a zone shows, in the notation (``3,3,1``)."""
    tokens: list[str] = page.locator(f"#{zone} .card-button").evaluate_all(
        "buttons => buttons.map(b => b.dataset.token)"
    )
    return ",".join(tokens)


def cli(cardsolve: RunCli, *args: str) -> tuple[str, dict[str, Any]]:
    """The command line's text and JSON document for ``cardsolve quibbles ARGS``."""
    code, text, err = cardsolve("quibbles", *args)
    json_code, out, json_err = cardsolve("--json", "quibbles", *args)
    if code != 0 or json_code != 0:
        raise RuntimeError(f"cardsolve quibbles {' '.join(args)} failed: {err}{json_err}")
    document: dict[str, Any] = json.loads(out)
    return text.rstrip("\n"), document


def shown_text(page: Page) -> str:
    """The command line's text as the answer panel shows it."""
    return page.inner_text(".answer pre.cli-text").rstrip("\n")


@ONE_SIZE_PHONE
def test_a_newcomer_gets_a_solo_hint_without_typing_a_card(page: Page, cardsolve: RunCli) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_board(page, "/quibbles")
    assert page.is_hidden("#penalty-block")
    page.select_option("#variant", "solo")
    assert page.is_visible("#penalty-block")
    tap(page, "hand", "1,2,2,3,4,6")
    tap(page, "display", "1,4,2,3,3,2")
    tap(page, "penalty", "5")
    assert page.input_value("#hand-text") == "1,2,2,3,4,6"
    assert page.input_value("#display-text") == "1,4,2,3,3,2"
    page.click("#ask-hint-button")
    assert wait_for_answer(page) == "done"
    text, document = cli(
        cardsolve, "hint", "--hand", "1,2,2,3,4,6", "--display", "1,4,2,3,3,2", "--variant", "solo", "--penalty", "5"
    )
    assert shown_text(page) == text
    best = page.locator(".answer ol.q-turns > li.best")
    assert best.count() == 1 and best.get_attribute("data-rank") == "1"
    assert document["ranked"][0]["text"] in best.inner_text()
    assert page.inner_text(".answer .q-reason") == f"Why: {document['explanation']}"
    assert (
        f"{document['sampled']} turns sampled × {document['samples']} refills, the best "
        f"{document['finalists']} × {document['final_samples']} more"
    ) in page.inner_text(".answer p.muted")
    assert page.locator(".answer ol.q-turns > li").count() == len(document["ranked"])
    assert page.get_attribute(".answer .badge[data-exit]", "data-exit") == "0"
    assert "--variant solo" in page.inner_text(".answer code.line")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert not errors
    screenshot(page, f"quibbles-hint-{viewport_name(page)}")


@ONE_SIZE_LAPTOP
def test_the_best_split_draws_the_sets_taken_from_the_display(page: Page, cardsolve: RunCli) -> None:
    open_board(page, "/quibbles")
    tap(page, "hand", "2,6,4")
    tap(page, "display", "3,3,1,1,4,2")
    assert page.inner_text("#ask-split-button") == "Best split of a 6"  # the highest card in hand, until one is tapped
    page.click("#split-value [data-pick='5']")
    assert page.get_attribute("#split-value [data-pick='5']", "aria-pressed") == "true"
    page.click("#split-value [data-pick='6']")
    page.click("#ask-split-button")
    assert wait_for_answer(page) == "done"
    text, document = cli(cardsolve, "split", "6", "--display", "3,3,1,1,4,2")
    assert shown_text(page) == text == "Split a 6: take 5 cards as 3+3, 1+1+4 (proven optimal, numba)."
    assert page.inner_text(".answer .badge[data-proven]") == "proven"
    assert page.get_attribute(".answer .q-summary", "data-taken") == str(document["taken"])
    taken = page.locator(".answer .q-display .q-card.taken").evaluate_all("cards => cards.map(c => c.dataset.value)")
    assert sorted(taken) == sorted(str(v) for s in document["sets"] for v in s)
    groups = page.locator(".answer .q-sets .q-group")
    assert groups.count() == len(document["sets"])
    for index, values in enumerate(document["sets"]):
        shown = groups.nth(index).locator(".q-card").evaluate_all("cards => cards.map(c => Number(c.dataset.value))")
        assert shown == values
    screenshot(page, f"quibbles-split-{viewport_name(page)}")


def ask_about(page: Page, hand: str, display: str, button: str) -> str:
    """Open the page, tap the hand and the display in, press ``button`` and wait for the
    answer panel's state."""
    open_board(page, "/quibbles")
    tap(page, "hand", hand)
    tap(page, "display", display)
    page.click(button)
    return wait_for_answer(page)


@ONE_SIZE_PHONE
def test_a_split_that_takes_nothing_draws_no_take_row(page: Page, cardsolve: RunCli) -> None:
    assert ask_about(page, "2", "3,3,1,2", "#ask-split-button") == "done"
    assert cli(cardsolve, "split", "2", "--display", "3,3,1,2")[1]["taken"] == 0
    drawing = page.inner_text(".answer .drawing")
    assert "takes nothing" in drawing and "null" not in drawing and page.locator(".answer .q-sets").count() == 0


@ONE_SIZE_PHONE
def test_every_combine_option_is_drawn_as_a_row(page: Page, cardsolve: RunCli) -> None:
    assert ask_about(page, "1,2,1,4", "3,3,2,6", "#ask-combine-button") == "done"
    text, document = cli(cardsolve, "combine", "--hand", "1,2,1,4", "--display", "3,3,2,6")
    assert shown_text(page) == text
    rows = page.locator(".answer ol.q-options > li")
    assert rows.count() == len(document["options"]) == 5
    for index, option in enumerate(document["options"]):
        row = rows.nth(index)
        played = row.locator(".q-group .q-card").evaluate_all("cards => cards.map(c => Number(c.dataset.value))")
        taken = row.locator(".q-card.taken").evaluate_all("cards => cards.map(c => Number(c.dataset.value))")
        assert played == option["played"]
        assert taken == [option["total"]] * option["taken"]
    screenshot(page, f"quibbles-combine-{viewport_name(page)}")


@ONE_SIZE_PHONE
def test_typing_the_notation_redraws_the_zone_and_tapping_a_card_removes_it(page: Page) -> None:
    open_board(page, "/quibbles")
    page.fill("#display-text", "3,3,1,9")
    assert zone_cards(page, "display") == "3,3,1,9"
    assert page.locator("#display .card-button.invalid").count() == 1  # 9 is no card: shown as typed
    page.click("#display .card-button[data-token='9']")
    assert page.input_value("#display-text") == "3,3,1"
    assert page.inner_text("[data-count-for='display']") == "3 cards"
    page.click("#display-picker [data-pick='6']")
    page.click("#display .card-button >> nth=0")
    assert page.input_value("#display-text") == "3,1,6"
    page.click("#display-block button.clear")
    assert page.input_value("#display-text") == "" and zone_cards(page, "display") == ""


@ONE_SIZE_LAPTOP
def test_keys_alone_add_and_remove_cards_without_losing_the_focus(page: Page) -> None:
    """Enter on a picker card or a zone card redraws the zone; the focus stays where the
    keyboard user was (the card that took the removed one's place), not back at the top."""
    open_board(page, "/quibbles")
    page.focus("#display-picker [data-pick='3']")
    for _ in range(3):
        page.keyboard.press("Enter")
    assert zone_cards(page, "display") == "3,3,3"
    assert page.evaluate("document.activeElement.dataset.pick") == "3"
    page.focus("#display .card-button >> nth=1")
    page.keyboard.press("Enter")
    assert zone_cards(page, "display") == "3,3"
    assert page.evaluate("document.activeElement.closest('#display') !== null")
    page.keyboard.press("Enter")  # the focus moved to the card that is now last
    assert zone_cards(page, "display") == "3"


@ONE_SIZE_LAPTOP
def test_bad_input_is_the_servers_message_and_an_old_answer_fades(page: Page) -> None:
    open_board(page, "/quibbles")
    page.select_option("#variant", "simplified")
    assert page.is_disabled("#hand-picker [data-pick='6']")
    page.fill("#hand-text", "1,6")
    tap(page, "display", "1,4")
    page.click("#ask-hint-button")
    assert wait_for_answer(page) == "error"
    assert "bad card '6' in --hand" in page.inner_text(".answer .status")
    page.fill("#hand-text", "1,2")
    page.click("#ask-combine-button")
    assert wait_for_answer(page) == "done"
    assert page.get_attribute(".answer", "data-stale") is None
    tap(page, "display", "3")
    assert page.get_attribute(".answer", "data-stale") == "true"
    page.click("#ask-combine-button")
    assert wait_for_answer(page) == "done" and page.get_attribute(".answer", "data-stale") is None
    page.select_option("#backend", "cpsat")  # a setting the answer depends on
    assert page.get_attribute(".answer", "data-stale") == "true"


def best_game(position: dict[str, Any], samples: int) -> list[str]:
    """The moves of a game from ``position`` where every seat plays the evaluation's best
    option (``samples`` deals, seed 0, as the board asks) and the table its one move."""
    from cardsolve.models.quibbles.state import load
    from cardsolve.models.state import TABLE
    from cardsolve.solvers.quibbles.evaluation import evaluate

    state, moves = load(position), []
    while state.to_move is not None:
        move = state.legal_moves()[0] if state.to_move == TABLE else evaluate(state, samples=samples).best[0]
        moves.append(str(move))
        state = state.apply(move)
    return moves


@ONE_SIZE_LAPTOP
def test_a_short_seeded_game_is_followed_from_the_deal_to_its_end_on_the_board(page: Page) -> None:
    """Seed 0's two-player simplified game, every option tapped on the page: the best one
    of the answer when a seat moves (1 deal a turn, to keep it short), the table's one
    move when it draws or refills; the game the page plays is the evaluation's own."""
    from urllib.parse import quote

    from cardsolve.solvers.infrastructure.positions import start

    position = start("quibbles", seed=0, players=2, variant="simplified").to_json()
    expected = best_game(position, samples=1)
    page.goto(f"/quibbles?position={quote(json.dumps(position))}")
    page.wait_for_selector("#answer[data-state='fresh']")
    page.fill("#effort-samples", "1")
    played: list[str] = []
    while len(played) <= len(expected):
        page.wait_for_selector("#answer[data-state='fresh']:not([data-busy])", timeout=60_000)
        if "The game is over" in page.inner_text("#answer .board-status"):
            break
        option = page.locator("#answer li.best [data-move], #answer .board-moves [data-move]").first
        played.append(option.get_attribute("data-move") or "")
        option.click()
    assert played == expected
    final = page.evaluate("JSON.parse(new URLSearchParams(location.search).get('position'))")
    assert final["to_move"] is None and final["winner"] is not None
    assert "Scores: seat 1" in page.inner_text("#answer")
    screenshot(page, "board-quibbles-game-over-laptop")


@ONE_SIZE_PHONE
def test_cards_tapped_in_go_on_the_board_as_seat_ones_turn(page: Page) -> None:
    open_board(page, "/quibbles")
    tap(page, "hand", "1,2,2,3,4,6")
    tap(page, "display", "1,4,2,3,3,2")
    tap(page, "collection", "5")
    page.fill("#hidden-hand", "5")
    page.click("#to-board")
    page.wait_for_selector("#answer[data-state='fresh']")
    position = page.evaluate("JSON.parse(new URLSearchParams(location.search).get('position'))")
    assert position["hands"] == [[1, 2, 2, 3, 4, 6], ["?"] * 5]
    assert position["display"] == [1, 4, 2, 3, 3, 2] and position["collections"] == [[5], []]
    assert page.locator("#answer li.best [data-move]").count() >= 1
    assert page.is_enabled("[data-action='undo']")  # the deal before is one undo away
    page.fill("#hand-text", "1,9")
    page.click("#to-board")
    assert "9" in page.inner_text("#to-board-note")
