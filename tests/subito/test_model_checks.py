"""Subito's model objects check themselves when made (issue 39, item 10): a card, a side of
the table's placed cards and a table built by hand meet the rules the readers of the
notation and the table files apply, so every entrance to the API refuses what the command
line refuses, in one line naming the field and the value. Once ``Card("Z", 99, "Q")`` was
a ValueError traceback, ``subito.optimize`` placed a card Y0A and ``subito.hint`` took
5,000,000 rollouts a side (1.9 GB, then a MemoryError)."""

from __future__ import annotations

import json
import time
import tracemalloc
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli
from refusals import refused

from cardsolve.models.subito import SIDES, Card, Placed, Table, parse_card, parse_cards, parse_tasks, table_from_json
from cardsolve.solvers.subito import api as subito
from cardsolve.solvers.subito.settings import MAX_SAMPLES

TASKS = "2,3a,4a,5a,6a,7a,8a,9a"
MIDROUND = json.loads(Path("tests/data/subito_midround.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        (("Z", 99, "Q"), "bad card colour 'Z'"),
        (("Y", 0, "A"), "bad card number 0: use 1 to 6"),
        (("Y", 7, "A"), "bad card number 7"),
        (("Y", 4.0, "A"), "bad card number 4.0"),
        (("Y", True, "A"), "bad card number True"),
        (("Y", 4, "Q"), "bad card symbol 'Q'"),
        (("y", 4, "a"), "bad card colour 'y'"),
        ((None, 4, "A"), "bad card colour None"),
    ],
)
def test_a_card_checks_its_colour_number_and_symbol(fields: tuple[Any, Any, Any], said: str) -> None:
    assert said in refused(lambda: Card(*fields))


def test_the_notation_meets_the_same_check() -> None:
    assert parse_card(" y4a ") == Card("Y", 4, "A")
    for text in ("Y0A", "Y7A", "Z4A", "Y4Q", "Y44A", "Y4"):
        assert refused(partial(parse_card, text)).startswith(f"bad card {text!r}: a card is a colour (RPYGLD)")


def test_optimize_places_no_card_off_the_deck() -> None:
    """``Y0A`` can be neither written nor made, so no placement ever shows it."""
    assert "bad card 'Y0A'" in refused(lambda: subito.optimize("Y0A,R1B", TASKS))
    assert "bad card number 0" in refused(lambda: subito.optimize([Card("Y", 0, "A")], TASKS))


def test_optimize_checks_hand_made_piles_and_sides_as_the_notation() -> None:
    card = parse_card("Y4A")
    assert "Y4A appears twice in the pile" in refused(lambda: subito.optimize([card, card], TASKS))
    seven = parse_tasks(TASKS)[:7]
    assert "no side of task card 9" in refused(lambda: subito.optimize([card], seven))
    doubled = (*seven, SIDES["8b"])
    assert "task card 8 is named twice" in refused(lambda: subito.optimize([card], doubled))
    assert "bad number of cards 73: give 0 to 72" in refused(lambda: subito.optimize([card], TASKS, cards=73))
    assert subito.optimize([card], parse_tasks(TASKS)[::-1]).to_json() == subito.optimize("Y4A", TASKS).to_json()


def test_a_hint_of_five_million_rollouts_is_refused_before_any_work() -> None:
    tracemalloc.start()
    started = time.monotonic()
    try:
        message = refused(lambda: subito.hint(MIDROUND, "Y6S", samples=5_000_000))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert message == f"bad samples 5000000: give 1 to {MAX_SAMPLES}"
    assert time.monotonic() - started < 2 and peak < 50_000_000
    assert "bad samples 0" in refused(lambda: subito.hint(MIDROUND, "Y6S", samples=0))


def test_a_duel_plays_at_most_the_command_lines_answers() -> None:
    assert "bad limit 1001: give 1 to 1000" in refused(lambda: subito.duel(1, cards=2, limit=1001))
    assert "bad number of cards 37: give 0 to 36" in refused(lambda: subito.duel(1, cards=37))


ADA = (parse_card("Y4A"),)


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        (("", {}), "bad player name ''"),
        ((5, {}), "bad player name 5"),
        (("Ada", {"3c": ADA}), "Ada placed cards on side '3c'"),
        (("Ada", {"3a": list(ADA)}), "Ada's cards on 3a are [Card("),
        (("Ada", {"3a": ("Y4A",)}), "Ada's cards on 3a are ('Y4A',)"),
        (("Ada", {"3a": ADA}, -1), "Ada has -1 face-down cards"),
        (("Ada", {"3a": ADA}, 0.5), "Ada has 0.5 face-down cards"),
        (("Ada", {"2": ADA}, 72), "Ada placed 73 cards, but the deck has 72"),
        (("Ada", [("2", ADA)]), "Ada's placed cards are [('2',"),
    ],
)
def test_placed_cards_check_themselves(fields: tuple[Any, ...], said: str) -> None:
    assert said in refused(lambda: Placed(*fields))


def test_a_table_checks_its_sides_players_and_cards() -> None:
    tasks = parse_tasks(TASKS)
    ada, ben = Placed("Ada", {"3a": ADA}), Placed("Ben", {"5a": (parse_card("R1B"),)})
    assert Table(tasks, (ada, ben)).players == (ada, ben)
    assert "both players are called 'Ada'" in refused(lambda: Table(tasks, (ada, ada)))
    assert "Ada placed cards on side 3a, which is not in play" in refused(
        lambda: Table(parse_tasks("2,3b,4a,5a,6a,7a,8a,9a"), (ada, ben))
    )
    twice = Placed("Ben", {"2": ADA})
    assert "card Y4A appears twice in the table" in refused(lambda: Table(tasks, (ada, twice)))
    assert "no side of task card 9" in refused(lambda: Table(tasks[:7], (ada, ben)))
    assert "not in order of number" in refused(lambda: Table(tasks[::-1], (ada, ben)))
    assert "a table has 2 Placed" in refused(lambda: Table(tasks, (ada,)))  # type: ignore[arg-type]


def test_score_and_hint_take_only_checked_tables() -> None:
    """A hand-made table passes the same checks as its file: the answer is the file's; a
    side of a round's table holds a pile of 36 at most, though a pile placed alone may be
    the whole deck (``optimize``)."""
    table = table_from_json(MIDROUND)
    assert subito.hint(table, "Y6S", samples=4).to_json() == subito.hint(MIDROUND, "Y6S", samples=4).to_json()
    tasks = parse_tasks(TASKS)
    full = Table(tasks, (Placed("Ada", {"2": tuple(parse_cards(_cards(37)))}), Placed("Ben", {})))
    for call in (lambda: subito.score(full), lambda: subito.hint(full, "Y6S", samples=4)):
        assert "Ada placed 37 cards, but a side of the table holds 36" in refused(call)


def test_a_table_file_names_itself_before_the_objects_words(tmp_path: Path, cardsolve: RunCli) -> None:
    """The file's mistakes keep their file's name in front, in one line (exit 2)."""
    same = {**MIDROUND, "players": [MIDROUND["players"][0], {**MIDROUND["players"][0]}]}
    data = {"tasks": MIDROUND["tasks"], "players": [{"name": "A", "placed": {}}, {"name": "B", "placed": {}}]}
    full = {**data, "players": [{"name": "A", "placed": {"2": [c.name for c in parse_cards(_cards(37))]}}]}
    full["players"].append({"name": "B", "placed": {}})
    for document, said in (
        (same, "both players are called"),
        (full, "A placed 37 cards, but a side of the table holds 36"),
    ):
        assert refused(partial(table_from_json, document)).startswith("table: ")
        path = tmp_path / "table.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        code, out, err = cardsolve("subito", "score", str(path))
        assert (code, out) == (2, "") and said in err and err.count("\n") == 1


def _cards(count: int) -> str:
    """``count`` distinct cards in the notation."""
    every = [f"{colour}{number}{symbol}" for colour in "RPYGLD" for number in range(1, 7) for symbol in "BTARPS"]
    return ",".join(every[:count])
