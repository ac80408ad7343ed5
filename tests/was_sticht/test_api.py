"""The Was sticht? Python API (``cardsolve.was_sticht``): every function answers with facts
checked here, and its answer prints exactly what the matching command prints, as JSON
and as text."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli

import cardsolve
from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht import CHIP_IDS, clues_from_json, deal_from_json, parse_cards
from cardsolve.models.was_sticht.play import start
from cardsolve.solvers.infrastructure.results import DONE, Answer
from cardsolve.solvers.was_sticht import api

ENDING = {
    "hands": [["R9", "B1"], ["R1", "B9"], ["G1", "G2"], ["Y1", "Y2"]],
    "trump": {"suit": None, "number": None},
    "leader": 1,
}
"""Seat 1 leads, no trumps: R9 wins its trick (seat 2 must follow with R1) and B1 loses
to B9 whichever comes first, so seat 1 takes exactly one trick whatever anyone plays;
seats 3 and 4 (green and yellow, never led) win none."""
CLUES = {
    "observations": [
        {"cards": ["B7", "R6", "Y2", "R3"], "winner": 3},
        {"cards": ["G9", "G4", "R1", "B8"], "winner": 3},
        {"cards": ["Y8", "Y9", "B4", "G2"], "winner": 4},
    ]
}
"""The rulebook's column (Y2, the third card picked, wins under red 2) and two more that
leave red 2 the only pair."""


def write(tmp_path: Path, data: Any, name: str) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def same_as_cli(cardsolve: RunCli, answer: Answer, *args: str) -> None:
    """The answer's JSON and text are what ``cardsolve [--json] ARGS`` prints, with its exit code."""
    code, out, _ = cardsolve("--json", *args)
    assert code == answer.exit_code and json.loads(out) == answer.to_json() and out == answer.json_text() + "\n"
    code, out, _ = cardsolve(*args)
    assert code == answer.exit_code and out == answer.text() + "\n"


def test_the_package_reaches_the_api_without_loading_numba() -> None:
    assert cardsolve.was_sticht is api
    script = (
        "import sys, cardsolve; cardsolve.was_sticht.deal(1); print('numba' in sys.modules, 'ortools' in sys.modules)"
    )
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert loaded.stdout.split() == ["False", "False"]


def test_deal(cardsolve: RunCli) -> None:
    answer = api.deal(seed=1)
    assert answer.exit_code == DONE and answer.to_json()["leader"] == 1 and answer.deal.leader == 0
    assert answer.text().splitlines()[0] == "trumps R9: trump suit red, trump number 9; seat 1 leads"
    assert answer.text().splitlines()[4] == "seat 4: R5,R8,B4,B7,B8,G3,G8,Y2,Y5"
    assert deal_from_json(answer.to_json()) == answer.deal  # the document is a deal file
    assert [len(hand) for hand in api.deal(seed=2, players=3).deal.hands] == [9, 9, 9]
    same_as_cli(cardsolve, answer, "was-sticht", "deal", "--seed", "1")


def test_deduce(cardsolve: RunCli, tmp_path: Path) -> None:
    answer = api.deduce(clues_from_json(CLUES), offer="R9,B1,Y5")
    assert answer.clues == 3 and [t.name for t in answer.fitting] == ["R2"]
    assert answer.suits == (("red", 1.0),) and answer.numbers == (("2", 1.0),)
    assert answer.pick is not None and answer.pick.card.name == "R9"
    assert [card.name for card, _ in answer.pick.expected] == ["R9", "B1", "Y5"]
    assert api.deduce(CLUES, parse_cards("R9,B1,Y5")) == answer  # the file's JSON value, the cards as objects
    one = api.deduce({"observations": CLUES["observations"][:1]})
    assert len(one.fitting) == 11 and one.pick is None and one.suits[0] == ("yellow", 7 / 11)
    same_as_cli(
        cardsolve,
        answer,
        "was-sticht",
        "deduce",
        "--clues",
        write(tmp_path, CLUES, "clues.json"),
        "--offer",
        "R9,B1,Y5",
    )
    with pytest.raises(BadInput, match="B7"):
        api.deduce(CLUES, "B7")  # a card of the clues cannot be offered


def test_solve(cardsolve: RunCli, tmp_path: Path) -> None:
    deal = deal_from_json(ENDING)
    answer = api.solve(deal, seat=1, task="exactly-1")
    assert answer.forceable and answer.possible and (answer.fewest, answer.most) == (1, 1)
    assert answer.player == answer.to_move == 1 and answer.best_card is not None
    assert answer.to_json()["seat"] == 1 and "player" not in answer.to_json() and "proven" not in answer.to_json()
    assert answer.best_card.name in ("R9", "B1") and answer.backend == "numba" and answer.exit_code == DONE
    reference = api.solve(ENDING, 1, CHIP_IDS["exactly-1"], backend="reference")
    assert (reference.forceable, reference.possible, reference.fewest, reference.most) == (True, True, 1, 1)
    other = api.solve(start(deal.hands, deal.trumps, deal.leader), seat=3, task="no-tricks")
    assert other.forceable and other.to_move == 1 and other.text().endswith("(seat 1's move): R9")
    same_as_cli(
        cardsolve,
        answer,
        "was-sticht",
        "solve",
        "--deal",
        write(tmp_path, ENDING, "deal.json"),
        "--seat",
        "1",
        "--task",
        "exactly-1",
    )
    with pytest.raises(BadInput, match=r"seat 5 is not one of the seats 1\.\.4"):
        api.solve(deal, seat=5, task="exactly-1")
    with pytest.raises(BadInput, match="cuda"):
        api.solve(deal, seat=1, task="exactly-1", backend="cuda")


def test_table(cardsolve: RunCli, tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    answer = api.table(deal_from_json(ENDING), progress=lambda done, total: seen.append((done, total)))
    assert seen == [(k, 24) for k in range(1, 25)]
    rows = {row.chip.id: row.verdicts for row in answer.rows}
    assert answer.leader == 1 and answer.players == 4 and len(rows) == 24
    assert rows["exactly-1"][0] == "forceable" and rows["no-tricks"][0] == "impossible"
    assert rows["no-tricks"][2] == rows["no-tricks"][3] == "forceable"
    assert answer.forced(1) == sum(verdicts[0] == "forceable" for verdicts in rows.values()) > 0
    same_as_cli(cardsolve, answer, "was-sticht", "table", "--deal", write(tmp_path, ENDING, "deal.json"))


def test_play(cardsolve: RunCli) -> None:
    answer = api.play(seed=3, players=3, bots="random,random,random")
    assert answer.bots == ("random",) * 3 and answer.players == 3
    document = answer.to_json()
    assert document["player_count"] == 3 and "players" not in document
    assert document["limit_hit"] or document["winners"]
    assert all(1 <= seat <= 3 for seat in document["winners"])
    assert all(sum(r["tricks"]) == 9 for r in document["rounds"])
    assert api.play(seed=3, players=3, bots=["random"] * 3) == answer
    same_as_cli(
        cardsolve, answer, "was-sticht", "play", "--seed", "3", "--players", "3", "--bots", "random,random,random"
    )
    with pytest.raises(BadInput, match="clever"):
        api.play(bots="solver,clever,random,random")
    with pytest.raises(BadInput, match="2 bots for 4 players"):
        api.play(bots=["solver", "random"])


def test_the_reference_refuses_hands_it_could_search_for_hours() -> None:
    """Plain minimax takes up to a minute on a 6-trick ending; a whole 9-card deal would run
    for hours, so every entry refuses it before searching, naming the hand size."""
    deal = json.loads((Path(__file__).resolve().parents[1] / "data" / "was_sticht_deal.json").read_text())
    for ask in (
        lambda: api.solve(deal, 2, "exactly-2", backend="reference"),
        lambda: api.table(deal, backend="reference"),
        lambda: api.choose(deal, 3, "no-red", backend="reference"),
    ):
        with pytest.raises(BadInput, match="at most 6 cards a hand, not 9") as error:
            ask()
        assert error.value.token == "9"
    six = {**deal, "hands": [hand[:6] for hand in deal["hands"][:3]]}  # three seats: quick
    seven = {**deal, "hands": [hand[:7] for hand in deal["hands"]]}
    with pytest.raises(BadInput, match="not 7"):
        api.solve(seven, 1, "first-trick", backend="reference")
    reference, fast = (api.solve(six, 1, "first-trick", backend=b, alone=True) for b in ("reference", "numba"))
    assert (reference.forceable, reference.possible, reference.fewest, reference.most) == (
        fast.forceable,
        fast.possible,
        fast.fewest,
        fast.most,
    )
