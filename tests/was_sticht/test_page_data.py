"""What the Was sticht? web page reads from the command line: ``cardsolve was-sticht
chips`` (the task chips its task chooser lists), the trump shares in ``deduce``'s JSON
(the bars it draws), ``solve``'s and ``table``'s JSON (no ``proven``: double dummy always
runs to its end, so the page never shows "not proven") and ``table``'s ``backend``; the
API's answers print exactly what the commands print."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import RunCli

from cardsolve import was_sticht
from cardsolve.models.was_sticht import CHIP_IDS, CHIPS
from cardsolve.solvers.infrastructure.results import DONE
from cardsolve.solvers.was_sticht import api

DATA = Path(__file__).resolve().parents[1] / "data"
DEAL = DATA / "was_sticht_deal.json"
ONE_CLUE = {"observations": [{"cards": ["B7", "R6", "Y2", "R3"], "winner": 3}]}
"""The rulebook's column alone: 11 pairs fit, 7 of them with trump suit yellow."""


def test_chips_lists_every_chip_in_the_bundled_order() -> None:
    answer = api.chips()
    document = answer.to_json()
    assert answer.exit_code == DONE and answer.chips == CHIPS
    assert [chip["id"] for chip in document["chips"]] == list(CHIP_IDS)
    assert document["chips"][0] == {
        "id": "no-tricks",
        "value": 3,
        "source": "rulebook",
        "en": "No tricks",
        "de": "Keinen Stich",
    }
    assert {chip["source"] for chip in document["chips"]} == {"rulebook", "stand-in"}
    assert was_sticht.chips() == answer  # the package reaches it


def test_chips_prints_the_api_answer(cardsolve: RunCli) -> None:
    answer = api.chips()
    code, out, err = cardsolve("was-sticht", "chips")
    assert (code, out, err) == (DONE, answer.text() + "\n", "")
    lines = out.splitlines()
    assert lines[0].split() == ["chip", "value", "source", "task", "German"]
    assert lines[1].split()[:3] == ["no-tricks", "3", "rulebook"] and len(lines) == len(CHIPS) + 2
    assert lines[-1] == "24 task chips: 12 named by the rulebook, 12 stand-ins; every corner value is a guess"
    code, out, _ = cardsolve("--json", "was-sticht", "chips")
    assert code == DONE and json.loads(out) == answer.to_json() and out == answer.json_text() + "\n"


def test_deduce_json_has_the_shares_of_the_text(cardsolve: RunCli, tmp_path: Path) -> None:
    clues = tmp_path / "clues.json"
    clues.write_text(json.dumps(ONE_CLUE), encoding="utf-8")
    code, out, _ = cardsolve("--json", "was-sticht", "deduce", "--clues", str(clues))
    document = json.loads(out)
    assert code == DONE and len(document["consistent"]) == 11
    assert document["suits"][0] == {"suit": "Y", "share": round(7 / 11, 4)}
    assert {"suit": None, "share": round(1 / 11, 4)} in document["suits"]
    assert abs(sum(share["share"] for share in document["suits"]) - 1) < 1e-3
    assert document["numbers"][0] == {"number": 2, "share": round(5 / 11, 4)}
    _, text, _ = cardsolve("was-sticht", "deduce", "--clues", str(clues))
    assert text.splitlines()[1].startswith("trump suit:   yellow 64%") and "none 9%" in text.splitlines()[1]


def test_deduce_json_shares_when_no_pair_fits() -> None:
    contradicting = {
        "observations": [
            {"cards": ["B7", "R6", "Y2", "R3"], "winner": 1},
            {"cards": ["Y9", "Y8", "Y7", "Y6"], "winner": 4},
        ]
    }
    document = api.deduce(contradicting).to_json()
    assert document["consistent"] == [] and document["suits"] == [] and document["numbers"] == []
    exact = api.deduce(json.loads((DATA / "was_sticht_clues.json").read_text(encoding="utf-8"))).to_json()
    assert exact["suits"] == [{"suit": "R", "share": 1.0}] and exact["numbers"] == [{"number": 2, "share": 1.0}]


def test_solve_and_table_carry_no_proven_flag(cardsolve: RunCli) -> None:
    """Double dummy always runs to its end: the answers are exact, and no ``proven`` (once
    a literal ``true``) is written; the shared badge shows "not proven" only for a
    ``proven`` that is false, so the page never shows one for them."""
    code, out, _ = cardsolve("--json", "was-sticht", "solve", "--deal", str(DEAL), "--seat", "2", "--task", "exactly-2")
    solved = json.loads(out)
    assert code == DONE and not {"proven", "verdicts_proven"} & set(solved) and solved["seat"] == 2
    assert {key: solved[key] for key in ("forceable", "possible", "fewest", "most", "best_card")} == {
        "forceable": False,
        "possible": True,
        "fewest": 3,
        "most": 0,
        "best_card": "G5",
    }
    code, out, _ = cardsolve("--json", "was-sticht", "table", "--deal", str(DEAL))
    table = json.loads(out)
    assert code == DONE and not {"proven", "verdicts_proven"} & set(table) and table["backend"] == "numba"
    assert len(table["chips"]) == len(CHIPS)
    ending = {
        "hands": [["R9", "B1"], ["R1", "B9"], ["G1", "G2"], ["Y1", "Y2"]],
        "trump": {"suit": None, "number": None},
        "leader": 1,
    }
    assert api.table(ending, "reference").to_json()["backend"] == "reference"
