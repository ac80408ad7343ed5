"""The Ubongo page in a real browser (phone and laptop): a hand tapped together from the
deck picker, the face builder or a seeded deal, cards laid on the table by tapping the
board, and each question the page asks (solve, verify, hint) answered with the command
line's own facts and drawn as the server's layout picture."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser import screenshot, viewport_name, wait_for_answer
from conftest import RunCli

pytestmark = pytest.mark.slow  # drives a browser: `-m "not slow"` skips it in a quick local run

if TYPE_CHECKING:
    from playwright.sync_api import Page

HAND = ["61w", "60w", "59w", "50w", "70w", "57w", "72w", "63w", "65w"]
"""``ubongo deal --round 3 --seed 4``: a hand of round 3 with layouts of 7."""
TABLE = "tests/data/ubongo_table.json"
"""Three of those cards laid, the third one wrongly (the README's hint example)."""
DRAWN = ".answer .drawing[data-drawn='yes']"


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


def test_a_newcomer_picks_cards_solves_and_lays_the_layouts_first_cards(
    page: Page, cardsolve: RunCli, tmp_path: Path
) -> None:
    page.goto("/ubongo")
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


def test_verify_faces_built_symbol_by_symbol(page: Page, cardsolve: RunCli) -> None:
    page.goto("/ubongo")
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


def test_a_hint_at_a_table_laid_by_tapping_and_carried_out(page: Page, cardsolve: RunCli) -> None:
    page.goto("/ubongo")
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
    laid = json.loads(page.input_value("#table-field"))["cards"]
    assert laid[-1] == {"card": "65w", "rotation": 270, "x": 3, "y": -4}
    page.click("#table-zone [data-token='65w']")
    assert page.input_value("#hand-field").endswith(",65w")
    assert page.locator("#table-zone .card-button").count() == 2


def test_typing_the_hand_redraws_the_zone(page: Page) -> None:
    page.goto("/ubongo")
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


def test_keys_alone_lay_a_card_and_an_overlap_is_said_at_once(page: Page) -> None:
    """The board takes the keyboard: the arrow keys move a cursor whose cell is named under
    the board, Enter lays the chosen face there. A card laid over another is named at once,
    as `ubongo check` names it, not only at the next hint."""
    page.goto("/ubongo")
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
