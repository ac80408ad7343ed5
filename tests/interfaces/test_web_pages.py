"""The index page in a real browser: it lists the five games and links to each page,
and every page loads only from the server itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from browser import screenshot, viewport_name

pytestmark = pytest.mark.slow  # drives a browser: `-m "not slow"` skips it in a quick local run

if TYPE_CHECKING:
    from playwright.sync_api import Page

GAMES = {"quibbles": "Quibbles", "ubongo": "Ubongo", "subito": "Subito", "was-sticht": "Was sticht?", "cubu": "CUBU"}


def test_the_index_lists_every_game_and_links_to_its_page(page: Page) -> None:
    page.goto("/")
    links = {link.get_attribute("href") for link in page.locator("a.game").all()}
    assert links == {f"/{game}" for game in GAMES}
    page.locator("a.game[href='/ubongo']").click()
    page.wait_for_url("**/ubongo")
    assert page.locator("header.site nav a[aria-current='page']").inner_text() == "Ubongo"
    screenshot(page, f"index-{viewport_name(page)}")


def test_no_page_is_wider_than_a_phone(page: Page) -> None:
    for path in ["/", *(f"/{game}" for game in GAMES)]:
        page.goto(path)
        page.wait_for_load_state("networkidle")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} is {overflow} px wider than the {viewport_name(page)} window"
