"""The Ubongo page in a real browser (phone and laptop): a seeded round followed on the
board from the deal to the call by tapping its options, the cards on a table entered by
tapping and put on the board; below it, a hand tapped together from the deck picker
(narrowed by symbol), the face builder or a seeded deal, cards laid on the table by
tapping the grid, and each question the page asks (solve, verify, hint) answered with the
command line's own facts and drawn as the layout picture, an answer faded once its cards
change."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

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

pytestmark = pytest.mark.slow  # drives a browser: `-m "not slow"` skips it in a quick local run

if TYPE_CHECKING:
    from playwright.sync_api import Page

HAND = ["61w", "60w", "59w", "50w", "70w", "57w", "72w", "63w", "65w"]
"""``ubongo deal --round 3 --seed 4``: a hand of round 3 with layouts of 7."""
TABLE = "tests/data/ubongo_table.json"
"""Three of those cards laid, the third one wrongly (the Ubongo page's hint example, docs)."""
DRAWN = ".answer .drawing[data-drawn='yes']"
FRESH = "#answer[data-state='fresh']"


def answer_text(page: Page) -> str:
    """The command line's text output the answer panel shows."""
    return page.text_content(".answer pre.cli-text") or ""


def ask(page: Page, button: str) -> None:
    """Press a question's button and wait until its answer is drawn."""
    page.click(button)
    assert wait_for_answer(page) == "done"
    page.wait_for_selector(DRAWN)


def pick_from_deck(page: Page, round_number: int, faces: list[str]) -> None:
    """Tap the faces in the deck picker of round ``round_number``."""
    page.click(f"#rounds [data-round='{round_number}']")
    for face in faces:
        page.click(f"#deck-picker [data-pick='{face}']")


def lay(page: Page, face: str, rotation: int, x: int, y: int) -> None:
    """Lay a hand face on the table by tapping: the face, its turn, the board cell."""
    laid = int(page.get_attribute("#board", "data-cards") or "0")
    page.click(f"#lay-hand [data-pick='{face}']")
    page.click(f"#rotations [data-rotation='{rotation}']")
    page.click(f"#board rect.cell[data-x='{x}'][data-y='{y}']")
    page.wait_for_selector(f"#board[data-cards='{laid + 1}']")


@ONE_SIZE_PHONE
def test_a_newcomer_picks_cards_solves_and_lays_the_layouts_first_cards(
    page: Page, cardsolve: RunCli, tmp_path: Path
) -> None:
    open_board(page, "/ubongo")
    pick_from_deck(page, 3, HAND)
    assert page.input_value("#hand-field") == ",".join(HAND)
    assert page.locator("#hand-zone .card-button svg.face").count() == 9
    ask(page, "#solve")
    code, out, _ = cardsolve("ubongo", "solve", "--hand", ",".join(HAND))
    assert code == 0 and answer_text(page) == out.rstrip("\n")
    assert out.startswith("A valid layout of 7 of the 9 faces")
    assert page.text_content(".answer .badge[data-proven]") == "proven"
    picture = page.locator(".answer svg.layout")
    assert picture.count() == 1 and picture.locator("polygon").count() == 7
    assert "call “Ubongo!”" in (page.text_content(".answer figcaption") or "")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the window"
    screenshot(page, f"ubongo-solve-{viewport_name(page)}")

    page.select_option("#first-n", "3")
    page.click("#use-layout")
    page.wait_for_selector("#board[data-cards='3']")
    table = json.loads(page.input_value("#table-field"))
    assert len(table["cards"]) == 3 and page.locator("#hand-zone .card-button").count() == 6
    ask(page, "#hint")
    (tmp_path / "table.json").write_text(json.dumps(table), encoding="utf-8")
    hand = page.input_value("#hand-field")
    code, out, _ = cardsolve("ubongo", "hint", "--hand", hand, "--table", str(tmp_path / "table.json"))
    assert code == 0 and answer_text(page) == out.rstrip("\n") and out.startswith("Lay ")
    assert page.locator(".answer svg.layout rect.mark.lay").count() == 1


@ONE_SIZE_PHONE
def test_verify_faces_built_symbol_by_symbol(page: Page, cardsolve: RunCli) -> None:
    open_board(page, "/ubongo")
    for face in ["ABCDEF", "GHIJKL"]:
        page.click("#builder [data-cell='0']")
        for symbol in face:
            page.click(f"#symbols [data-symbol='{symbol}']")
        page.click("#add-face")
    assert page.input_value("#hand-field") == "ABC/DEF,GHI/JKL"
    page.fill("#k", "2")
    ask(page, "#verify")
    code, out, _ = cardsolve("ubongo", "verify", "--hand", "ABC/DEF,GHI/JKL", "--k", "2")
    assert code == 1 and answer_text(page) == out.rstrip("\n")
    assert page.text_content(".answer .badge[data-exit='1']") == "does not hold (proven)"
    assert page.locator(".answer .drawing svg.face").count() == 2
    assert "No valid layout of 2 of these faces exists (proven)" in (page.text_content(".answer .drawing") or "")
    screenshot(page, f"ubongo-verify-{viewport_name(page)}")


@ONE_SIZE_LAPTOP
def test_a_hint_at_a_table_laid_by_tapping_and_carried_out(page: Page, cardsolve: RunCli) -> None:
    open_board(page, "/ubongo")
    page.click("#rounds [data-round='3']")
    page.fill("#seed", "4")
    page.click("#deal")
    page.wait_for_function("document.getElementById('hand-field').value.split(',').length === 9")
    _, dealt, _ = cardsolve("ubongo", "deal", "--round", "3", "--seed", "4")
    assert page.input_value("#hand-field") == dealt.split()[1] == ",".join(HAND)
    lay(page, "61w", 0, 0, 0)
    lay(page, "63w", 90, 3, -1)
    lay(page, "65w", 270, 4, -4)
    assert json.loads(page.input_value("#table-field")) == json.loads(Path(TABLE).read_text(encoding="utf-8"))
    assert page.locator("#board svg.layout polygon").count() == 3
    ask(page, "#hint")
    code, out, _ = cardsolve("ubongo", "hint", "--hand", "60w,59w,50w,70w,57w,72w", "--table", TABLE)
    assert code == 0 and answer_text(page) == out.rstrip("\n") and out.startswith("Take back card 3 (65w)")
    assert page.locator(".answer svg.layout rect.mark.take").count() == 1
    assert page.locator(".answer svg.layout rect.mark.lay").count() == 1
    assert page.locator(".answer svg.layout").count() == 3
    screenshot(page, f"ubongo-hint-{viewport_name(page)}")
    page.click("#apply-hint")
    page.wait_for_selector("#board[data-cards='3']")
    assert page.inner_text("#board-note") == "Done as hinted: took back 65w, then laid 65w turned 270° at (3, -4)."
    assert page.get_attribute(".answer", "data-stale") == "true"  # the table the hint was about is gone
    laid = json.loads(page.input_value("#table-field"))["cards"]
    assert laid[-1] == {"card": "65w", "rotation": 270, "x": 3, "y": -4}
    page.click("#table-zone [data-token='65w']")
    assert page.input_value("#hand-field").endswith(",65w")
    assert page.locator("#table-zone .card-button").count() == 2


@ONE_SIZE_PHONE
def test_typing_the_hand_redraws_the_zone(page: Page) -> None:
    open_board(page, "/ubongo")
    page.wait_for_selector("#deck-picker [data-pick='1w']")
    page.fill("#hand-field", "1w, abc/def,999w")
    buttons = page.locator("#hand-zone .card-button")
    assert buttons.count() == 3
    assert [buttons.nth(k).locator("svg.face").count() for k in range(3)] == [1, 1, 0]
    assert "invalid" in (buttons.nth(2).get_attribute("class") or "")
    assert "chosen" in (page.get_attribute("#deck-picker [data-pick='1w']", "class") or "")
    buttons.nth(0).click()
    assert page.input_value("#hand-field") == "abc/def,999w"
    assert "chosen" not in (page.get_attribute("#deck-picker [data-pick='1w']", "class") or "")


@ONE_SIZE_LAPTOP
def test_keys_alone_lay_a_card_and_an_overlap_is_said_at_once(page: Page) -> None:
    """The board takes the keyboard: the arrow keys move a cursor whose cell is named under
    the board, Enter lays the chosen face there. A card laid over another is named at once,
    as `ubongo check` names it, not only at the next hint."""
    open_board(page, "/ubongo")
    page.fill("#hand-field", "61w,63w")
    lay(page, "61w", 0, 0, 0)
    page.click("#lay-hand [data-pick='63w']")
    page.focus("#board svg")
    assert page.inner_text("#board-where") == "cell (0, 0)"
    for key in ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowLeft"]:
        page.keyboard.press(key)
    assert page.inner_text("#board-where") == "cell (1, 1)"
    page.keyboard.press("Enter")
    page.wait_for_selector("#board[data-cards='2']")
    assert json.loads(page.input_value("#table-field"))["cards"][-1] == {"card": "63w", "rotation": 0, "x": 1, "y": 1}
    page.wait_for_selector("#board-note.error")
    assert page.inner_text("#board-note").startswith("cards 1 (61w) and 2 (63w) overlap at (1, 1)")
    assert page.evaluate("document.activeElement.tagName.toLowerCase()") == "svg"  # the focus stays on the board


def position_in_address(page: Page) -> dict[str, object]:
    """The position the page's address carries."""
    found: dict[str, object] = page.evaluate("JSON.parse(new URLSearchParams(location.search).get('position'))")
    return found


@ONE_SIZE_LAPTOP
def test_a_seeded_round_is_followed_from_the_deal_to_the_call_by_tapping(page: Page) -> None:
    """The board alone: a seeded deal of 3 cards to lay, each move the best option of the
    fresh answer tapped, until "Ubongo!" is called and the round is over."""
    started = time.monotonic()
    open_board(page, "/ubongo")
    page.click("#board-deal summary")
    page.fill("#deal-seed", "3")
    page.fill("#deal-round", "3")
    page.fill("#deal-k", "3")
    page.click("[data-action='deal']")
    page.wait_for_function("JSON.parse(new URLSearchParams(location.search).get('position')).k === 3")
    played: list[str] = []
    for _ in range(10):
        page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
        if len(played) == 2:
            assert page.locator("#board-view svg.layout polygon").count() == 2
            screenshot(page, f"board-ubongo-round-{viewport_name(page)}")
        if position_in_address(page)["to_move"] is None:
            break
        best = page.locator("#answer li.best [data-move]").first
        move = best.get_attribute("data-move") or ""
        assert page.locator(f"#answer li.best [data-move={json.dumps(move)}]").inner_text(), "a move reads in words"
        best.click()
        page.wait_for_function(
            "expected => JSON.parse(new URLSearchParams(location.search).get('position')).history.length === expected",
            arg=len(played) + 1,
        )
        played.append(move)
    end = position_in_address(page)
    assert end["to_move"] is None and end["history"] == played
    assert played[-1] == "ubongo" and len(played) == 4, played
    assert "The game is over." in page.inner_text("#answer")
    assert page.inner_text("#board-view .u-facts") == "Round 3 (white faces): 3 of 3 cards laid, “Ubongo!” called."
    assert time.monotonic() - started < 60


@ONE_SIZE_PHONE
def test_the_cards_on_a_table_entered_by_tapping_go_on_the_board_and_back(page: Page) -> None:
    open_board(page, "/ubongo")
    pick_from_deck(page, 3, HAND)
    lay(page, "61w", 0, 0, 0)
    page.click("#board-editor summary")
    page.click("[data-action='use-cards']")
    page.wait_for_function("JSON.parse(new URLSearchParams(location.search).get('position')).hand.length === 8")
    entered = position_in_address(page)
    assert entered["round"] == 3 and entered["k"] == 7
    assert entered["table"] == [{"card": "61w", "rotation": 0, "x": 0, "y": 0}]
    page.wait_for_selector(FRESH, timeout=ANSWER_TIMEOUT_MS)
    page.locator("#answer li.best [data-move]").first.click()
    page.wait_for_function("JSON.parse(new URLSearchParams(location.search).get('position')).table.length === 2")
    page.click("[data-action='to-tools']")
    page.wait_for_selector("#board[data-cards='2']")
    assert len(page.input_value("#hand-field").split(",")) == 7
    assert json.loads(page.input_value("#table-field"))["cards"] == position_in_address(page)["table"]


@ONE_SIZE_LAPTOP
def test_an_answer_is_faded_once_its_cards_change_and_drawn_when_done(page: Page) -> None:
    """Verify's layout is in the answer the moment it says done; taking two cards out of the
    hand marks the answer as another hand's, putting them back makes it current again."""
    open_board(page, "/ubongo")
    pick_from_deck(page, 3, HAND)
    page.evaluate(
        """() => {
          window.__drawnWhenDone = [];
          const panel = document.querySelector('#tool-answer .answer');
          new MutationObserver(() => {
            if (panel.dataset.state === 'done') window.__drawnWhenDone.push(panel.querySelectorAll('svg.layout').length);
          }).observe(panel, {attributes: true, attributeFilter: ['data-state']});
        }"""
    )
    ask(page, "#verify")
    assert page.evaluate("window.__drawnWhenDone") == [1]
    assert "A valid layout of 7 of your 9 faces" in page.inner_text(".answer .drawing")
    assert page.get_attribute(".answer", "data-stale") is None
    page.click("#hand-zone [data-token='61w']")
    page.click("#hand-zone [data-token='60w']")
    assert page.get_attribute(".answer", "data-stale") == "true"
    page.fill("#hand-field", ",".join(HAND))
    page.dispatch_event("#hand-field", "input")
    assert page.get_attribute(".answer", "data-stale") is None
    page.fill("#k", "6")
    assert page.get_attribute(".answer", "data-stale") == "true"


@ONE_SIZE_PHONE
def test_no_cards_to_lay_is_refused_before_asking(page: Page) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/api/ubongo/verify" in request.url else None)
    open_board(page, "/ubongo")
    pick_from_deck(page, 3, HAND[:3])
    page.fill("#k", "0")
    page.click("#verify")
    page.wait_for_selector(".answer[data-state='error']")
    assert "Cards to lay: write a whole number from 1 up" in page.inner_text(".answer")
    page.fill("#k", "4")
    page.click("#solve")
    assert "Cards to lay: 4, but you hold 3 cards" in page.inner_text(".answer")
    assert not asked


@ONE_SIZE_PHONE
def test_the_deck_narrows_to_the_symbols_tapped_and_every_target_is_large(page: Page) -> None:
    open_board(page, "/ubongo")
    page.wait_for_selector("#deck-picker [data-pick='1w']")
    assert page.locator("#deck-picker [data-pick]").count() == 36
    page.click("#deck-filter [data-filter='B']")
    page.click("#deck-filter [data-filter='D']")
    faces = page.locator("#deck-picker [data-pick] svg.face").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label').split(': ')[1])"
    )
    assert 0 < len(faces) < 36 and all("B" in face and "D" in face for face in faces), faces
    page.click("#deck-filter [data-filter='']")
    assert page.locator("#deck-picker [data-pick]").count() == 36
    sizes = page.evaluate(
        """() => ({
          face: document.querySelector('#deck-picker .card-button').getBoundingClientRect(),
          letter: document.querySelector('#deck-picker svg.face text').getBoundingClientRect(),
          cell: document.querySelector('#board rect.cell').getBoundingClientRect(),
        })"""
    )
    assert sizes["face"]["width"] >= 44 and sizes["face"]["height"] >= 44
    assert sizes["cell"]["width"] >= 44 and sizes["cell"]["height"] >= 44
    assert sizes["letter"]["height"] >= 10, "a face's letters are readable"


@ONE_SIZE_LAPTOP
def test_a_face_tapped_in_the_boards_hand_narrows_the_answer_to_its_options(page: Page) -> None:
    open_board(page, "/ubongo")
    page.locator("#answer [data-move]").first.click()
    page.wait_for_function("JSON.parse(new URLSearchParams(location.search).get('position')).table.length === 1")
    page.wait_for_selector(f"{FRESH} li.best", timeout=ANSWER_TIMEOUT_MS)
    every = page.locator("#answer [data-move]").evaluate_all("nodes => nodes.map(n => n.dataset.move)")
    face = every[0].split("@")[0]
    page.click(f"#board-hand [data-face='{face}']")
    shown = page.locator("#answer li:not([hidden]) [data-move]").evaluate_all("nodes => nodes.map(n => n.dataset.move)")
    assert shown == [move for move in every if move.startswith(f"{face}@")] and len(shown) < len(every)
    page.click(f"#board-hand [data-face='{face}']")
    assert page.locator("#answer li:not([hidden]) [data-move]").count() == len(every)
