"""Every answer speaks the one JSON vocabulary (``infrastructure.vocabulary``): the JSON of
every command of the command table is walked for it, each answer of a search that can stop
early says whether it is ``proven``, and no source writes ``proven`` as a literal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from invocations import BASES, base_args, command, line_options

from cardsolve.solvers.infrastructure.vocabulary import violations
from cardsolve.solvers.interfaces.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
CHECKED_WITH_THEIR_RUN = {"bench": "tests/interfaces/test_bench_cli.py"}
"""Commands whose one (long) run in another test checks its document's vocabulary too."""
PATHS = [" ".join(found.path) for found in COMMANDS]
WALKED = [path for path in PATHS if path not in CHECKED_WITH_THEIR_RUN]
SLOW = {"demo"}
"""Commands that take seconds (the whole demo)."""


def test_every_command_of_the_table_has_an_invocation() -> None:
    assert sorted(set(PATHS) - set(BASES)) == []


@pytest.mark.parametrize(
    "path", [pytest.param(path, marks=[pytest.mark.slow] if path in SLOW else []) for path in WALKED]
)
def test_every_answer_speaks_the_vocabulary(path: str, tmp_path: Path) -> None:
    found = command(path)
    answer = found.run(found.read(line_options(found, base_args(path, tmp_path))))
    document = json.loads(answer.json_text())
    assert violations(document) == []
    if answer.stops_early:
        assert isinstance(document.get("proven"), bool), f"{path} can stop early and must say whether it is proven"


def test_the_checker_finds_what_departs_from_the_vocabulary() -> None:
    assert violations({"seat": 1, "winner": None, "card_count": 0, "cards": [], "proven": True}) == []
    found = violations(
        {"player": 2, "seat": 0, "leader": "1", "cards": 3, "rows": [{"players": 4, "hand_count": -1}], "proven": 1}
    )
    assert found == [
        "player: say 'seat', not 'player'",
        "seat is 0: a seat is an int from 1",
        "leader is '1': a seat is an int from 1",
        "cards is 3: cards is a list (a count is card_count)",
        "rows[0].players is 4: players is a list (a count is player_count)",
        "rows[0].hand_count is -1: a count is an int from 0",
        "proven is 1: proven is true or false",
    ]


def test_no_source_writes_proven_as_a_literal() -> None:
    literal = re.compile(r"""["']proven["']\s*:\s*(True|False)\b""")
    written = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("solvers", "models", "benchmarks")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if literal.search(line)
    ]
    assert written == []
