"""The Ubongo Python API: each function's answer holds the facts it should, and its
``to_json()`` and ``text()`` are exactly what the command line prints for it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import RunCli

import cardsolve
from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import face_reader, parse_literal
from cardsolve.models.ubongo.layout import read_layout
from cardsolve.models.ubongo.rules import is_valid
from cardsolve.solvers.infrastructure.results import Answer
from cardsolve.solvers.ubongo import api

FIVE = "ABC/DEF,EFG/HIJ,JKL/GCA,AAB/BCC,DDE/EFF"
"""Five faces with 6 distinct layouts of 3 and none of 4."""
MISMATCH = "tests/data/ubongo_mismatch.json"


def same_as_cli(cardsolve: RunCli, answer: Answer, *args: str) -> None:
    """The answer's JSON, text and exit code are the command's."""
    code, out, _ = cardsolve("--json", "ubongo", *args)
    assert (code, json.loads(out)) == (answer.exit_code, answer.to_json())
    code, out, _ = cardsolve("ubongo", *args)
    assert (code, out) == (answer.exit_code, answer.text() + "\n")


def test_the_package_reaches_the_api() -> None:
    assert cardsolve.ubongo is api


def test_the_api_loads_neither_numba_nor_ortools() -> None:
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, cardsolve.solvers.ubongo.api; "
            "print(sorted({'numba', 'ortools'} & {m.split('.')[0] for m in sys.modules}))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert loaded.strip() == "[]"


LATER = (
    "cardsolve.models.ubongo.state",
    "cardsolve.solvers.ubongo.evaluation",
    "cardsolve.solvers.ubongo.game",
    "cardsolve.solvers.ubongo.hint",
    "cardsolve.solvers.ubongo.largest",
    "cardsolve.solvers.ubongo.state_bots",
)
"""The modules the API imports only when a function that needs them is first used."""


def test_a_verify_and_its_help_load_none_of_the_other_commands_modules() -> None:
    """``ubongo verify --help`` and ``ubongo verify`` of one hand, in one fresh interpreter,
    import none of ``LATER``; ``api.start``, ``load``, ``evaluate`` and ``bot`` are still
    the functions of their modules, loaded when first asked for."""
    probe = (
        "import json, sys\n"
        "from cardsolve import cli\n"
        "cli.cli.main(['ubongo', 'verify', '--help'], standalone_mode=False)\n"
        f"cli.cli.main(['ubongo', 'verify', '--hand', {FIVE!r}, '--k', '3'], standalone_mode=False)\n"
        f"print(json.dumps([name for name in {LATER!r} if name in sys.modules]))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == []
    from cardsolve.models.ubongo import state
    from cardsolve.solvers.ubongo import evaluation, state_bots

    assert (api.start, api.load, api.evaluate, api.bot) == (
        state.start,
        state.load,
        evaluation.evaluate,
        state_bots.bot,
    )
    with pytest.raises(AttributeError, match="has no attribute 'solvable'"):
        api.solvable  # noqa: B018


def test_deal(cardsolve: RunCli) -> None:
    dealt = api.deal(3, seed=4)
    assert [f.name for f in dealt.hands[0]] == ["61w", "60w", "59w", "50w", "70w", "57w", "72w", "63w", "65w"]
    assert dealt.text().startswith("P1: 61w,")
    two = api.deal(2, seed=7, players=2)
    assert len(two.hands) == 2 and all(f.name.endswith("b") for hand in two.hands for f in hand)
    same_as_cli(cardsolve, dealt, "deal", "--round", "3", "--seed", "4")


def test_verify_finds_a_layout(cardsolve: RunCli) -> None:
    found = api.verify(FIVE, k=3)
    assert found.solvable and found.proven and found.exit_code == 0
    assert found.found.layout is not None and len(found.found.layout) == 3 and is_valid(found.found.layout)
    same_as_cli(cardsolve, found, "verify", "--hand", FIVE, "--k", "3")


@pytest.mark.parametrize("backend", ["numba", "cpsat", "reference"])
def test_verify_proves_none_exists(cardsolve: RunCli, backend: str) -> None:
    found = api.verify([parse_literal("ABC/DEF"), parse_literal("GHI/JKL")], k=2, backend=backend)
    assert found.solvable is False and found.proven and found.exit_code == 1
    assert found.to_json() == {
        "solvable": False,
        "proven": True,
        "layout": None,
        "nodes": found.found.nodes,
        "backend": backend,
    }
    same_as_cli(cardsolve, found, "verify", "--hand", "ABC/DEF,GHI/JKL", "--k", "2", "--backend", backend)


def test_verify_out_of_time_is_undecided() -> None:
    found = api.verify(FIVE, k=3, backend="reference", time_limit=1e-9)
    assert found.solvable is None and not found.proven and found.exit_code == 3
    assert found.text().startswith("Undecided: reference found no layout of 3 of these 5 faces within 1e-09 s")


def test_solve_falls_back_to_the_largest(cardsolve: RunCli) -> None:
    best = api.solve(FIVE, k=5)
    assert (best.cards, best.complete, best.proven) == (3, False, True)
    assert best.text().startswith("No valid layout of 5 of these 5 faces exists; the largest valid layout has 3 cards")
    same_as_cli(cardsolve, best, "solve", "--hand", FIVE, "--k", "5")


def test_solve_a_dealt_hand_on_cpsat(cardsolve: RunCli) -> None:
    best = api.solve(FIVE, k=3, backend="cpsat")
    assert best.complete and best.proven and is_valid(best.layout)
    code, out, _ = cardsolve("--json", "ubongo", "solve", "--hand", FIVE, "--k", "3", "--backend", "cpsat")
    assert code == 0 and json.loads(out)["card_count"] == 3


@pytest.mark.parametrize("backend", ["numba", "reference"])
def test_layouts(cardsolve: RunCli, backend: str) -> None:
    every = api.layouts(FIVE, k=3, backend=backend)
    assert (every.count, every.complete) == (6, True) and every.to_json()["proven"] is True
    same_as_cli(cardsolve, every, "layouts", "--hand", FIVE, "--k", "3", "--backend", backend)
    first = api.layouts(FIVE, k=3, limit=2, show=1, backend=backend)
    assert (first.count, first.complete) == (2, False) and first.to_json()["proven"] is False
    assert "Layout 1:" in first.text() and "Layout 2:" not in first.text()
    same_as_cli(
        cardsolve, first, "layouts", "--hand", FIVE, "--k", "3", "--limit", "2", "--show", "1", "--backend", backend
    )


def test_layouts_are_not_offered_by_cpsat() -> None:
    with pytest.raises(BadInput, match="cpsat"):
        api.layouts(FIVE, k=3, backend="cpsat")
    with pytest.raises(BadInput, match="gurobi"):
        api.layouts(FIVE, k=3, backend="gurobi")


def test_hint_takes_back_the_mismatch(cardsolve: RunCli) -> None:
    table = json.loads(Path(MISMATCH).read_text(encoding="utf-8"))
    advice = api.hint("AAB/BCC,DDE/EFF", table, k=3)
    assert [t.index for t in advice.hint.take_back] == [2] and advice.exit_code == 0
    assert advice.hint.target is not None and len(advice.hint.target) == 3 and is_valid(advice.hint.target)
    assert api.hint("AAB/BCC,DDE/EFF", read_layout(MISMATCH, face_reader()), k=3) == advice
    same_as_cli(cardsolve, advice, "hint", "--hand", "AAB/BCC,DDE/EFF", "--table", MISMATCH, "--k", "3")


def test_a_hint_draws_each_of_its_steps() -> None:
    """The page's pictures of a hint: the table with the card to take back marked, then the
    table with the card to lay marked, and the layout it leads to."""
    table = json.loads(Path(MISMATCH).read_text(encoding="utf-8"))
    pictures = api.hint("AAB/BCC,DDE/EFF", table, k=3).pictures()
    assert set(pictures) == {"table", "next", "target"}
    assert pictures["table"].count('class="mark take"') == 1 and 'class="mark lay"' not in pictures["table"]
    assert pictures["next"].count('class="mark lay"') == 1 and "mark take" not in pictures["next"]
    assert pictures["target"].count("<polygon") == 3 and "mark" not in pictures["target"]
    laid = api.hint("AAB/BCC", {"cards": table["cards"][:2]}, k=2).pictures()
    assert set(laid) == {"kept"} and laid["kept"].count("<polygon") == 2


def test_a_hint_without_any_layout_gives_the_largest() -> None:
    table = {"cards": [{"card": "ABC/ABC", "rotation": 0, "x": 0, "y": 0}]}
    advice = api.hint("DEF/DEF", table, k=2, backend="reference")
    assert advice.exit_code == 1 and advice.largest is not None and len(advice.largest) == 1
    assert advice.to_json()["largest"]["cards"][0]["card"] in ("ABC/ABC", "DEF/DEF")
    assert set(advice.pictures()) == {"largest"}


def test_verify_and_solve_draw_the_layout_they_found() -> None:
    found = api.verify(FIVE, k=3)
    assert set(found.pictures()) == {"layout"} and found.pictures()["layout"].count("<polygon") == 3
    assert api.verify(FIVE, k=4).pictures() == {}
    assert api.solve(FIVE, k=4).pictures()["layout"].count("<polygon") == 3


def test_game_with_progress(cardsolve: RunCli) -> None:
    heard: list[tuple[int, int]] = []
    played = api.game(players=2, seed=1, progress=lambda done, total: heard.append((done, total)))
    assert heard == [(done, 12) for done in range(1, 13)]
    assert [r.number for r in played.rounds] == [1, 2, 3, 4, 5, 6] and played.names == ["P1", "P2"]
    totals = {name: sum(r.players[seat].points for r in played.rounds) for seat, name in enumerate(played.names)}
    assert {s.player: s.points for s in played.ranking} == totals
    same_as_cli(cardsolve, played, "game", "--players", "2", "--seed", "1")


def test_check(cardsolve: RunCli) -> None:
    checked = api.check(read_layout(MISMATCH, face_reader()))
    assert not checked.valid and checked.exit_code == 1
    assert [v.kind for v in checked.violations] == ["mismatch", "one-contact", "mismatch"]
    same_as_cli(cardsolve, checked, "check", MISMATCH)
    assert api.check({"cards": [{"card": "ABC/DEF", "rotation": 0, "x": 0, "y": 0}]}).valid


def test_render(cardsolve: RunCli, tmp_path: Path) -> None:
    picture = api.render(read_layout("tests/data/ubongo_table.json", face_reader()))
    assert picture.svg.lstrip().startswith(("<svg", "<?xml")) and picture.svg_file is None
    assert picture.text() == picture.ascii
    same_as_cli(cardsolve, picture, "render", "tests/data/ubongo_table.json")
    svg = str(tmp_path / "table.svg")
    code, out, _ = cardsolve("--json", "ubongo", "render", "tests/data/ubongo_table.json", "--svg", svg)
    assert code == 0 and json.loads(out)["svg"] == svg
    assert Path(svg).read_text(encoding="utf-8") == picture.svg
