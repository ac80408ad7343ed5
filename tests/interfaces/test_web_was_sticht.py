"""The Was sticht? page in a real browser: a short seeded game followed on the board from
the deal to its end, the round on a table entered by tapping; the draft's clues and the
offer tapped in with the pickers (deduce), a round's hands tapped in or dealt from a seed
and edited by tapping (solve, choose a chip, chip table); each answer's drawing and text
are checked against the command line's own answer for the same position. The old tools'
faults: an answer older than its inputs is marked stale, Enter on a card keeps the
keyboard focus, three full hands fill in the fourth, a short hand is named in the page's
words, every tap target is 44 x 44 px on a phone."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from browser import ANSWER_TIMEOUT_MS, ONE_SIZE_LAPTOP, ONE_SIZE_PHONE, screenshot, viewport_name, wait_for_answer
from conftest import RunCli, run_json

from cardsolve.solvers.infrastructure.positions import apply, start

pytestmark = pytest.mark.slow  # drives a browser: `-m "not slow"` skips it in a quick local run

if TYPE_CHECKING:
    from playwright.sync_api import Page

DATA = Path(__file__).resolve().parents[1] / "data"
CLUES = DATA / "was_sticht_clues.json"
DEAL = DATA / "was_sticht_deal.json"
DRAFT = "#draft-answer .answer"
ROUND = "#round-answer .answer"
ANSWERS: dict[str, dict[str, Any]] = {}
"""The command line's answers, kept for the second window size (the same position twice)."""


def cli_answer(cardsolve: RunCli, *args: str, key: str = "") -> dict[str, Any]:
    """``cardsolve --json ARGS``'s document, computed once per test run for each ``key``
    (default: the arguments; a file's content where its name changes from test to test)."""
    key = key or " ".join(args)
    if key not in ANSWERS:
        ANSWERS[key] = run_json(cardsolve, *args)
    return ANSWERS[key]


def open_page(page: Page) -> None:
    """The Was sticht? page, loaded with its task chooser filled."""
    page.goto("/was-sticht")
    page.wait_for_selector("#task option[value='exactly-2']", state="attached")


def tap(page: Page, deck: str, cards: list[str]) -> None:
    """Tap each card in the picker ``deck`` (``#draft-deck`` or ``#round-deck``)."""
    for card in cards:
        page.click(f"{deck} [data-pick='{card}']")


def zone_cards(page: Page, zone: str) -> list[str]:
    """The cards shown in a zone, in order."""
    return [button.get_attribute("data-token") or "" for button in page.locator(f"{zone} .card-button").all()]


def overflow(page: Page) -> int:
    """How many pixels the page is wider than its window (0 or less: no sideways scrolling)."""
    result: int = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    return result


def tap_clue(page: Page, cards: list[str], winner: int) -> None:
    """Tap a column's four cards into the column, tap its winner, add it as a clue."""
    page.check("input[name='draft-target'][value='column']")
    tap(page, "#draft-deck", cards)
    page.click(f"#winner-choice [data-winner='{winner}']")
    page.click("#add-column")


def tap_deal(page: Page, deal: dict[str, Any]) -> None:
    """Tap a deal file's hands seat by seat (with 4 players the first three: the cards left
    fill in the fourth, which is then written in the file's order, as the random playouts
    of 'choose' are seeded by the hands as written), then its trumps and leader."""
    hands = deal["hands"]
    for seat, hand in enumerate(hands[:3] if len(hands) == 4 else hands, start=1):
        page.check(f"input[name='seat-target'][value='{seat - 1}']")
        tap(page, "#round-deck", hand)
    if len(hands) == 4:
        assert sorted(zone_cards(page, "#seat-4-zone")) == sorted(hands[3])
        page.fill("#seat-4-field", ",".join(hands[3]))
    page.click(f"#suit-choice [data-suit='{deal['trump']['suit'] or '-'}']")
    page.click(f"#number-choice [data-number='{deal['trump']['number'] or '-'}']")
    page.select_option("#leader", str(deal["leader"]))


@ONE_SIZE_LAPTOP
def test_deduce_from_tapped_clues_and_offer(page: Page, cardsolve: RunCli) -> None:
    open_page(page)
    clues = json.loads(CLUES.read_text(encoding="utf-8"))
    for clue in clues["observations"]:
        tap_clue(page, clue["cards"], clue["winner"])
    tap_clue(page, ["G1", "G3", "G5", "G7"], 2)  # one too many, taken out again by a tap
    assert page.locator("#clue-list .clue").count() == 4
    assert page.is_disabled("#draft-deck [data-pick='G5']")  # a card in a clue cannot be picked again
    page.click("#clue-list [data-clue='4']")
    assert page.locator("#clue-list .clue").count() == 3
    assert json.loads(page.input_value("#clues-field")) == clues  # the clues file follows the taps
    assert page.get_attribute("#clue-list [data-clue='1'] .win", "data-place") == "3"
    page.check("input[name='draft-target'][value='offer']")
    tap(page, "#draft-deck", ["R9", "B1", "Y5"])
    assert page.input_value("#offer-field") == "R9,B1,Y5"
    page.click("#deduce")
    assert wait_for_answer(page, DRAFT) == "done"

    code, text, _ = cardsolve("was-sticht", "deduce", "--clues", str(CLUES), "--offer", "R9,B1,Y5")
    document = cli_answer(cardsolve, "was-sticht", "deduce", "--clues", str(CLUES), "--offer", "R9,B1,Y5")
    assert code == 0 and page.inner_text(f"{DRAFT} pre.cli-text").rstrip() == text.rstrip()
    fitting = {f"{pair['suit'] or '-'}{pair['number'] or '-'}" for pair in document["consistent"]}
    drawn = {cell.get_attribute("data-pair") for cell in page.locator(f"{DRAFT} [data-fits='true']").all()}
    assert drawn == fitting == {"R2"} and page.locator(f"{DRAFT} [data-pair]").count() == 50
    assert page.locator(f"{DRAFT} .bars .bar").count() == len(document["suits"]) + len(document["numbers"])
    assert page.get_attribute(f"{DRAFT} .offer-card[data-best='true']", "data-offer") == document["pick"]["card"]
    offered = [card.get_attribute("data-offer") for card in page.locator(f"{DRAFT} .offer-card").all()]
    assert offered == ["R9", "B1", "Y5"]
    assert "0.886" in page.inner_text(f"{DRAFT} .offer-card[data-best='true']")
    assert "was-sticht deduce --clues" in page.inner_text(f"{DRAFT} code.line")
    assert overflow(page) <= 0
    screenshot(page, f"was-sticht-deduce-{viewport_name(page)}")


@ONE_SIZE_PHONE
def test_solve_a_tapped_deal(page: Page, cardsolve: RunCli) -> None:
    open_page(page)
    deal = json.loads(DEAL.read_text(encoding="utf-8"))
    tap_deal(page, deal)
    assert [zone_cards(page, f"#seat-{seat}-zone") for seat in range(1, 5)] == deal["hands"]
    assert page.input_value("#trumps-field") == "R5"
    page.select_option("#player", "2")
    page.select_option("#task", "exactly-2")
    page.click("#solve")
    assert wait_for_answer(page, ROUND) == "done"

    document = cli_answer(cardsolve, "was-sticht", "solve", "--deal", str(DEAL), "--seat", "2", "--task", "exactly-2")
    text = page.inner_text(f"{ROUND} pre.cli-text")
    assert f"forceable: {'yes' if document['forceable'] else 'no'}" in text
    assert f"possible:  {'yes' if document['possible'] else 'no'}" in text
    assert f"at least {document['most']} and can keep them to at most {document['fewest']}" in text
    assert text.rstrip().endswith(f"(the player's own move): {document['best_card']}")
    assert page.get_attribute(f"{ROUND} [data-forceable]", "data-forceable") == str(document["forceable"]).lower()
    assert page.get_attribute(f"{ROUND} [data-possible]", "data-possible") == str(document["possible"]).lower()
    # Double dummy always runs to its end: the document carries no "proven", so the shared
    # badge, which says "not proven" for a "proven" that is false, is not drawn at all.
    assert "proven" not in document and page.locator(f"{ROUND} [data-proven]").count() == 0
    at_least = [
        int(cell.get_attribute("data-tricks") or -1)
        for cell in page.locator(f"{ROUND} [data-range='at least'][data-inside='true']").all()
    ]
    at_most = [
        int(cell.get_attribute("data-tricks") or -1)
        for cell in page.locator(f"{ROUND} [data-range='at most'][data-inside='true']").all()
    ]
    assert at_least == list(range(document["most"], 10)) and at_most == list(range(document["fewest"] + 1))
    best = page.locator(f"{ROUND} .hand-drawing [data-best='true'] [data-card]")
    assert best.get_attribute("data-card") == document["best_card"] == "G5"
    assert f"seat {document['to_move']}" in page.inner_text(f"{ROUND} .drawing")
    assert "--seat 2 --task exactly-2" in page.inner_text(f"{ROUND} code.line")
    assert overflow(page) <= 0
    screenshot(page, f"was-sticht-solve-{viewport_name(page)}")


@ONE_SIZE_LAPTOP
def test_choose_the_chip_to_attempt_for_a_tapped_deal(page: Page, cardsolve: RunCli) -> None:
    open_page(page)
    tap_deal(page, json.loads(DEAL.read_text(encoding="utf-8")))
    page.select_option("#player", "3")
    page.click("#choose")
    assert wait_for_answer(page, ROUND) == "done"

    document = cli_answer(cardsolve, "was-sticht", "choose", "--deal", str(DEAL), "--seat", "3")
    assert page.get_attribute(f"{ROUND} [data-choice]", "data-choice") == document["choice"]
    assert document["reason"] in page.inner_text(f"{ROUND} [data-choice]")
    shares = [float(bar.get_attribute("data-share") or -1) for bar in page.locator(f"{ROUND} .bar").all()]
    assert shares == [chip["chance"] for chip in document["chips"]] and len(shares) == 24
    assert page.input_value("#task") == document["choice"]  # ready to solve
    assert page.inner_text(f"{ROUND} pre.cli-text").splitlines()[0].endswith(document["reason"])
    assert overflow(page) <= 0
    screenshot(page, f"was-sticht-choose-{viewport_name(page)}")


@ONE_SIZE_PHONE
def test_deal_a_seeded_round_edit_it_by_tapping_and_tabulate_the_chips(
    page: Page, cardsolve: RunCli, tmp_path: Path
) -> None:
    open_page(page)
    page.fill("#seed", "3")
    page.click("#deal")
    assert wait_for_answer(page, ROUND) == "done"
    dealt = cli_answer(cardsolve, "was-sticht", "deal", "--seed", "3")
    assert [zone_cards(page, f"#seat-{seat}-zone") for seat in range(1, 5)] == dealt["hands"]
    assert page.input_value("#trumps-field") == f"{dealt['trump']['suit'] or '-'}{dealt['trump']['number'] or '-'}"
    _, text, _ = cardsolve("was-sticht", "deal", "--seed", "3")
    assert page.inner_text(f"{ROUND} pre.cli-text").rstrip() == text.rstrip()
    screenshot(page, f"was-sticht-deal-{viewport_name(page)}")

    # Swap the first cards of seats 1 and 2 by tapping: out of the hands, back in from the deck.
    first, second = dealt["hands"][0][0], dealt["hands"][1][0]
    page.click(f"#seat-1-zone [data-token='{first}']")
    page.click(f"#seat-2-zone [data-token='{second}']")
    assert page.is_enabled(f"#round-deck [data-pick='{first}']")
    page.check("input[name='seat-target'][value='0']")
    tap(page, "#round-deck", [second])  # seat 1 full, three hands are: the card left fills in seat 2
    edited = {
        **dealt,
        "hands": [[*dealt["hands"][0][1:], second], [*dealt["hands"][1][1:], first], *dealt["hands"][2:]],
    }
    assert [zone_cards(page, f"#seat-{seat}-zone") for seat in range(1, 5)] == edited["hands"]
    page.click("#table")
    assert wait_for_answer(page, ROUND) == "done"

    deal_file = tmp_path / "deal.json"
    deal_file.write_text(json.dumps(edited), encoding="utf-8")
    document = cli_answer(cardsolve, "was-sticht", "table", "--deal", str(deal_file), key=f"table {json.dumps(edited)}")
    shown = {
        (row.get_attribute("data-chip"), int(cell.get_attribute("data-seat") or 0)): cell.get_attribute("data-verdict")
        for row in page.locator(f"{ROUND} tr[data-chip]").all()
        for cell in row.locator("td[data-seat]").all()
    }
    expected = {
        (chip["id"], seat): verdict for chip in document["chips"] for seat, verdict in enumerate(chip["seats"], start=1)
    }
    assert shown == expected and len(shown) == 24 * 4
    forced = [page.inner_text(f"{ROUND} [data-forced='{seat}']") for seat in range(1, 5)]
    assert forced == [str(sum(chip["seats"][seat] == "forceable" for chip in document["chips"])) for seat in range(4)]
    counts = ", ".join(f"seat {seat} {count}" for seat, count in enumerate(forced, start=1))
    assert page.inner_text(f"{ROUND} pre.cli-text").rstrip().endswith(f"forceable chips: {counts}")
    page.click(f"{ROUND} tr[data-chip='last-trick'] td[data-seat='3']")  # a cell chooses the seat and chip to solve
    assert (page.input_value("#player"), page.input_value("#task")) == ("3", "last-trick")
    page.focus(f"{ROUND} tr[data-chip='no-red'] td[data-seat='2'] button")  # each cell is a button, for keys too
    page.keyboard.press("Enter")
    assert (page.input_value("#player"), page.input_value("#task")) == ("2", "no-red")
    assert page.evaluate("document.activeElement.id") == "solve"
    if viewport_name(page) == "phone":
        assert not small_targets(page, f"{ROUND} table.chips button"), "the chip table's cells are 44 x 44 px"
    assert overflow(page) <= 0
    screenshot(page, f"was-sticht-table-{viewport_name(page)}")


@ONE_SIZE_PHONE
def test_trumps_that_do_not_read_are_refused_before_asking(page: Page) -> None:
    """The field once kept its last good trumps underneath: solving with X9 typed answered for R5."""
    open_page(page)
    page.fill("#seat-1-field", "R6,G2")
    page.fill("#trumps-field", "X9")
    for button in ["#solve", "#choose", "#table"]:
        page.click(button)
        assert wait_for_answer(page, ROUND) == "error"
        assert page.inner_text(f"{ROUND} .status").startswith("bad trumps 'X9'")


@ONE_SIZE_LAPTOP
def test_typed_notation_and_taps_stay_in_step(page: Page) -> None:
    open_page(page)
    page.fill("#seat-1-field", "R6,G2,b6")
    assert zone_cards(page, "#seat-1-zone") == ["R6", "G2", "b6"]
    assert page.is_disabled("#round-deck [data-pick='B6']") and page.is_enabled("#round-deck [data-pick='B7']")
    page.click("#seat-1-zone [data-token='G2']")
    assert page.input_value("#seat-1-field") == "R6,b6"
    page.fill("#trumps-field", "-7")
    assert page.get_attribute("#suit-choice [data-suit='-']", "aria-pressed") == "true"
    assert page.get_attribute("#number-choice [data-number='7']", "aria-pressed") == "true"
    page.click("#suit-choice [data-suit='G']")
    assert page.input_value("#trumps-field") == "G7"
    page.fill("#clues-field", json.dumps({"observations": [{"cards": ["B7", "R6", "Y2", "R3"], "winner": 3}]}))
    assert page.locator("#clue-list .clue").count() == 1 and page.is_disabled("#draft-deck [data-pick='Y2']")
    page.fill("#column-field", "G1,G2")
    assert zone_cards(page, "#column-zone") == ["G1", "G2"] and page.is_disabled("#add-column")
    page.select_option("#players", "3")
    assert page.is_hidden("#seat-4-zone") and page.locator("#player option").count() == 3


def small_targets(page: Page, selector: str) -> list[str]:
    """The elements ``selector`` finds that are shown but smaller than 44 x 44 CSS px, as "name WxH"."""
    small: list[str] = page.locator(selector).evaluate_all(
        """nodes => nodes.map(n => [n, n.getBoundingClientRect()])
             .filter(([n, box]) => (box.width || box.height) && (box.width < 43.5 || box.height < 43.5))
             .map(([n, box]) => `${n.getAttribute('aria-label') || n.textContent} ${box.width}x${box.height}`)"""
    )
    return small


def address_position(page: Page) -> dict[str, Any]:
    """The position the page's address carries."""
    found: dict[str, Any] = page.evaluate("JSON.parse(new URLSearchParams(location.search).get('position'))")
    return found


def wait_for_move(page: Page, moves: int) -> None:
    """Wait until the board holds more than ``moves`` moves and its answer is fresh."""
    page.wait_for_function(
        """moves => {
             const position = JSON.parse(new URLSearchParams(location.search).get('position') || 'null');
             return position && position.history.length > moves
               && document.getElementById('answer').dataset.state === 'fresh';
           }""",
        arg=moves,
        timeout=ANSWER_TIMEOUT_MS,
    )


@ONE_SIZE_PHONE  # the whole game takes a minute: once, on a phone
def test_a_short_seeded_game_is_followed_from_the_deal_to_its_end_on_the_page(page: Page) -> None:
    """3 players, one round: the chip draft, the card draft, the clues, the trumps, the chips
    chosen and shown, 27 cards played, each by one tap on the board's picture or the answer."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/was-sticht")
    page.wait_for_selector("#answer[data-state='fresh']", timeout=ANSWER_TIMEOUT_MS)
    page.click("#board-deal summary")
    page.fill("#deal-seed", "3")
    page.select_option("#deal-players", "3")
    page.fill("#deal-rounds", "1")
    page.click("[data-action='deal']")
    page.wait_for_function(
        "() => JSON.parse(new URLSearchParams(location.search).get('position')).round_limit === 1"
        " && document.getElementById('answer').dataset.state === 'fresh'",
        timeout=ANSWER_TIMEOUT_MS,
    )
    dealt = address_position(page)
    assert dealt == start("was_sticht", seed=3, players=3, rounds=1).to_json()

    started, valued, pictured, hinted = time.monotonic(), 0, 0, 0
    while address_position(page)["to_move"] is not None:
        moves = len(address_position(page)["history"])
        assert moves < 150, "a one-round game of 3 players ends in about 85 moves"
        valued += page.locator("#answer [data-proven]").count() > 0
        hinted += page.locator("#ws-draft-hint").count()
        if moves == 25:  # a pick after the first clue: the clues read for the players
            page.wait_for_selector("#ws-draft-hint:has-text('trump pairs')", timeout=ANSWER_TIMEOUT_MS)
            screenshot(page, "was-sticht-draft-phone")
        picture = page.locator("#board-view [data-play]")
        if moves % 2 and picture.count():  # every other event tapped on the picture: a card, a chip
            picture.first.click()
            pictured += 1
        else:
            best = page.locator("#answer li.best [data-move]")
            (best if best.count() else page.locator("#answer [data-move]")).first.click()
        wait_for_move(page, moves)

    final = address_position(page)
    replayed = apply(start("was_sticht", seed=3, players=3, rounds=1).state, final["history"]).to_json()
    assert final == replayed and len(final["tricks"]) == 9
    assert "The game is over." in page.inner_text("#answer")
    assert valued >= 27 + 2 and pictured >= 20 and hinted == 27, (
        valued,
        pictured,
        hinted,
    )  # the cards played and the chips chosen valued
    assert not errors
    print(f"{len(final['history'])} moves followed in {time.monotonic() - started:.0f} s")
    screenshot(page, "was-sticht-game-over-phone")


@ONE_SIZE_LAPTOP
def test_the_round_on_a_table_is_entered_by_tapping(page: Page) -> None:
    page.goto("/was-sticht")
    page.wait_for_selector("#answer[data-state='fresh']", timeout=ANSWER_TIMEOUT_MS)
    page.click("#table-editor summary")
    page.select_option("#table-players", "3")
    page.select_option("#table-dealer", "3")
    page.click("#table-use")
    assert page.inner_text("#table-note").startswith("Seat 1 holds no chip")
    for seat, chips in enumerate([["no-red", "exactly-2"], ["last-trick"], ["no-blue"]]):
        page.check(f"input[name='table-target'][value='{seat}']")
        for chip in chips:
            page.click(f"#table-chips [data-chip='{chip}']")
    assert page.is_disabled("#table-chips [data-chip='no-red']")  # one of each chip
    page.click("#table-use")
    page.wait_for_selector("#answer[data-state='fresh']", timeout=ANSWER_TIMEOUT_MS)
    position = address_position(page)
    assert position["chips"] == [["no-red", "exactly-2"], ["last-trick"], ["no-blue"]]
    assert (position["to_move"], position["dealer"], position["trump"]) == (0, 3, {"suit": "?", "number": "?"})
    assert page.locator("#answer [data-move]").count() == 36  # the first card laid out: any of the deck
    page.click("#answer [data-move='lay B7']")
    wait_for_move(page, 0)
    assert address_position(page)["laid"] == ["B7"]
    assert "Laid out: 1 of 36 cards" in page.inner_text("#board-view")


@ONE_SIZE_LAPTOP
def test_an_answer_older_than_its_inputs_is_marked_stale(page: Page) -> None:
    open_page(page)
    page.click("#deal")
    assert wait_for_answer(page, ROUND) == "done"
    page.click("#solve")
    assert wait_for_answer(page, ROUND) == "done"
    assert not page.locator(f"{ROUND}[data-stale]").count()
    page.click("#suit-choice [data-suit='G']")  # the trumps edited: the answer is for others
    assert page.locator(f"{ROUND}[data-stale]").count() == 1
    page.click("#solve")
    assert wait_for_answer(page, ROUND) == "done"
    assert not page.locator(f"{ROUND}[data-stale]").count()
    page.fill("#trumps-field", "B3")
    assert page.locator(f"{ROUND}[data-stale]").count() == 1

    page.check("input[name='draft-target'][value='offer']")
    tap(page, "#draft-deck", ["R9"])
    page.click("#deduce")
    assert wait_for_answer(page, DRAFT) == "done"
    tap(page, "#draft-deck", ["B1"])  # the offer grew
    assert page.locator(f"{DRAFT}[data-stale]").count() == 1


@ONE_SIZE_PHONE
def test_enter_on_a_card_adds_it_and_keeps_the_keyboard_focus(page: Page) -> None:
    open_page(page)
    page.focus("#round-deck [data-pick='R1']")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.pick") == "R2"
    page.keyboard.press("Enter")
    assert zone_cards(page, "#seat-1-zone") == ["R1", "R2"]
    assert page.evaluate("document.activeElement.dataset.pick") == "R3"
    page.focus("#draft-deck [data-pick='Y9']")  # the row's last card: the focus goes back along the row
    page.keyboard.press("Enter")
    assert zone_cards(page, "#column-zone") == ["Y9"]
    assert page.evaluate("document.activeElement.dataset.pick") == "Y8"


@ONE_SIZE_LAPTOP
def test_three_full_hands_fill_in_the_fourth(page: Page, cardsolve: RunCli) -> None:
    open_page(page)
    dealt = cli_answer(cardsolve, "was-sticht", "deal", "--seed", "3")
    for seat, hand in enumerate(dealt["hands"][:3], start=1):
        page.fill(f"#seat-{seat}-field", ",".join(hand))
    assert sorted(zone_cards(page, "#seat-4-zone")) == sorted(dealt["hands"][3])
    page.click(f"#seat-4-zone [data-token='{dealt['hands'][3][0]}']")  # taking a card out is not undone
    assert len(zone_cards(page, "#seat-4-zone")) == 8
    page.select_option("#players", "3")
    page.fill("#seat-1-field", "")
    page.fill("#seat-1-field", ",".join(dealt["hands"][0]))  # 3 players: the Table's cards are unknown
    assert zone_cards(page, "#seat-3-zone") == dealt["hands"][2]


@ONE_SIZE_PHONE
def test_a_short_hand_is_named_in_the_pages_words(page: Page, cardsolve: RunCli) -> None:
    open_page(page)
    page.click("#deal")
    assert wait_for_answer(page, ROUND) == "done"
    dealt = cli_answer(cardsolve, "was-sticht", "deal", "--seed", "1")
    page.click(f"#seat-2-zone [data-token='{dealt['hands'][1][0]}']")
    page.click(f"#seat-2-zone [data-token='{dealt['hands'][1][1]}']")
    for button in ["#solve", "#choose", "#table"]:
        page.click(button)
        assert wait_for_answer(page, ROUND) == "error"
        message = page.inner_text(f"{ROUND} .status")
        assert message.startswith("Seat 2's hand is short: 7 cards, 2 fewer than seat 1's 9"), message
        assert "DEAL" not in message
    page.fill("#seat-3-field", "R1,X9")
    page.click("#solve")
    assert wait_for_answer(page, ROUND) == "error"
    assert page.inner_text(f"{ROUND} .status").startswith("Seat 3: 'X9' is not a card")


@ONE_SIZE_PHONE
def test_a_round_after_its_draft_is_entered_by_tapping_and_its_chips_valued(page: Page) -> None:
    deal = json.loads(DEAL.read_text(encoding="utf-8"))
    page.goto("/was-sticht")
    page.wait_for_selector("#answer[data-state='fresh']", timeout=ANSWER_TIMEOUT_MS)
    page.click("#table-editor summary")
    page.select_option("#table-trumps", "R5")
    chips = [["no-red", "exactly-2"], ["last-trick", "no-tricks"], ["no-blue"], ["exactly-3"]]
    for seat, hand in enumerate(deal["hands"][:3]):
        page.check(f"input[name='table-target'][value='{seat}']")
        for chip in chips[seat]:
            page.click(f"#table-chips [data-chip='{chip}']")
        tap(page, "#table-deck", hand)
    page.check("input[name='table-target'][value='3']")
    page.click("#table-chips [data-chip='exactly-3']")
    assert sorted(
        page.locator("#table-editor [data-seat='4'] [data-held]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.held)"
        )
    ) == sorted([*deal["hands"][3], "exactly-3"])  # three full hands fill in the fourth
    if viewport_name(page) == "phone":
        assert not small_targets(page, "#table-editor :is(button, input, select, summary)")
    assert overflow(page) <= 0
    screenshot(page, f"was-sticht-editor-{viewport_name(page)}")
    page.click("#table-use")
    page.wait_for_selector("#answer[data-state='fresh'] [data-proven]", timeout=ANSWER_TIMEOUT_MS)
    position = address_position(page)
    assert (position["to_move"], position["trump"], position["trump_shown"]) == (1, {"suit": "R", "number": 5}, True)
    assert sorted(position["hands"][3]) == sorted(deal["hands"][3]) and position["chips"] == chips
    moves = page.locator("#answer [data-move]").evaluate_all("nodes => nodes.map(n => n.dataset.move)")
    assert sorted(moves) == ["choose exactly-2", "choose no-red"]  # seat 1 chooses, each chip valued
