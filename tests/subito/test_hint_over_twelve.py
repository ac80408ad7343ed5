"""Issue 14, the Subito hint and 5a over 12: task 5 side a takes every card (its limit of
12 is a scoring rule), so a card that takes the player's sum there over 12 is listed as a
side, marked with its cost (the task card lost), and ranked by an estimate that counts
the loss; it is never under "Not accepted"."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import RunCli

from cardsolve.models.subito import Placed, Table, load_deck, parse_card, parse_tasks, score_round
from cardsolve.solvers.subito.hint import hint

DECK = load_deck()
TASKS = parse_tasks("2,3a,4a,5a,6a,7a,8a,9a")
SIXES = (parse_card("R6B"), parse_card("G6T"))
"""Ada's cards on 5a: their sum is 12, so any card more passes the limit."""
ONE = parse_card("Y1S")


def last_card_table() -> Table:
    """Ada has placed 35 cards (12 on 5a, the rest on task 2) and turns over her last,
    a 1; Ben has one card on 5a (face down to Ada) and one on task 2."""
    rest = [card for card in DECK if card not in (*SIXES, ONE)]
    ada = Placed("Ada", {"5a": SIXES, "2": tuple(rest[:33])})
    ben = Placed("Ben", {"5a": (rest[33],), "2": (rest[34],)})
    return Table(TASKS, (ada, ben))


def test_five_a_over_twelve_is_a_side_with_its_cost() -> None:
    found = hint(last_card_table(), 1, ONE, DECK, samples=4)
    five_a = next(e for e in found.ranking if e.side.name == "5a")
    assert five_a.loses_task and "5a" not in {s.name for s in found.refused}
    assert not any(e.loses_task for e in found.ranking if e.side.name != "5a")
    assert {"side": "5a", "expected": five_a.mean, "stderr": five_a.stderr, "loses_task": True} in found.to_json()[
        "ranking"
    ]
    assert "5a (over 12, loses task 5)" in found.text()
    assert "5a takes Y1S, but the sum there passes 12: task card 5 is lost" in found.text()


def test_the_cost_is_counted_in_the_ranking() -> None:
    """With Ada's last card the round ends at once: each estimate is the exact score of the
    table with the card there, and 5a over 12 costs exactly its 5 points against task 2."""
    table = last_card_table()
    found = hint(table, 1, ONE, DECK, samples=4)
    means = {e.side.name: e.mean for e in found.ranking}
    over = Placed("Ada", {**table.players[0].placed, "5a": (*SIXES, ONE)})
    exact = score_round(Table(TASKS, (over, table.players[1]))).points[0]
    assert means["5a"] == exact and means["2"] - means["5a"] == 5
    order = [e.side.name for e in found.ranking]
    assert order.index("2") < order.index("5a")


def test_the_cli_lists_five_a_with_its_cost(cardsolve: RunCli, tmp_path: Path) -> None:
    table = {
        "tasks": [s.name for s in TASKS],
        "players": [
            {"name": "Ada", "placed": {"5a": ["R6B", "G6T"], "2": ["Y2P"]}},
            {"name": "Ben", "placed": {"5a": ["?"]}},
        ],
    }
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    code, out, _ = cardsolve("subito", "hint", "--table", str(path), "--card", "Y1S", "--samples", "4")
    assert code == 0
    assert "5a (over 12, loses task 5)" in out and "Not accepted: 3a, 4a." in out
    code, out, _ = cardsolve("--json", "subito", "hint", "--table", str(path), "--card", "Y1S", "--samples", "4")
    document = json.loads(out)
    assert code == 0 and document["refused"] == ["3a", "4a"]
    assert [e["loses_task"] for e in document["ranking"] if e["side"] == "5a"] == [True]
