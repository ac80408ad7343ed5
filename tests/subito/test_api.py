"""The Subito Python API (``cardsolve.subito``): each function's answer holds the real
facts, and its ``to_json()`` and ``text()`` are exactly what the command prints."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import RunCli

import cardsolve
from cardsolve.models.errors import BadInput
from cardsolve.models.subito import parse_cards, read_table
from cardsolve.solvers.infrastructure.results import Answer

subito = cardsolve.subito
"""The API as a user reaches it (the ``cardsolve`` fixture runs the command line)."""

DATA = Path(__file__).resolve().parents[1] / "data"
EXAMPLE = str(DATA / "subito_example.json")
OPPONENT = str(DATA / "subito_opponent.json")
MIDROUND = str(DATA / "subito_midround.json")
PILE = "Y4R,L6P,R2R,L1R,D3B,G3B,D2S,Y5B,D6A,P5S"
TASKS = "2,3a,4a,5a,6a,7a,8a,9a"


def same_as_cli(cardsolve: RunCli, answer: Answer, *args: str) -> None:
    """The answer prints what ``cardsolve subito ARGS`` prints, with and without --json."""
    code, out, _ = cardsolve("subito", *args)
    assert code == answer.exit_code and out == answer.text() + "\n"
    code, out, _ = cardsolve("--json", "subito", *args)
    assert code == answer.exit_code and json.loads(out) == answer.to_json()


def test_importing_the_api_loads_no_solver_library() -> None:
    code = "import sys, cardsolve; cardsolve.subito.deal(); print('numba' in sys.modules, 'ortools' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


def test_deal(cardsolve: RunCli) -> None:
    dealt = subito.deal(3, players=4, sides="random")
    assert [len(pile) for pile in dealt.piles] == [18] * 4 and len({c for p in dealt.piles for c in p}) == 72
    assert [side.number for side in dealt.tasks] == list(range(2, 10))
    assert dealt == subito.deal(3, players=4, sides="random")
    same_as_cli(cardsolve, dealt, "deal", "--seed", "3", "--players", "4", "--sides", "random")


def test_score_counts_players_from_1(cardsolve: RunCli) -> None:
    scored = subito.score(read_table(EXAMPLE))
    assert scored.round.points == (17, 27)
    assert [task["winner"] for task in scored.to_json()["tasks"]] == [1, 2, 2, 2, 1, 2, 2, 1]
    assert scored.text().endswith("points: Schnell 17, Flink 27")
    assert subito.score(json.loads(Path(EXAMPLE).read_text(encoding="utf-8"))) == scored
    same_as_cli(cardsolve, scored, "score", EXAMPLE)


def test_optimize_against_a_table(cardsolve: RunCli) -> None:
    found = subito.optimize(PILE, TASKS, vs=read_table(OPPONENT))
    assert found.won == 35 and found.proven and found.opponent == "Ben" and found.backend == "numba"
    assert [card.name for card in found.placed(found.tasks[5])] == ["D3B", "G3B"]
    assert found.to_json()["proven"] is True
    same_as_cli(cardsolve, found, "optimize", "--pile", PILE, "--tasks", TASKS, "--vs", OPPONENT)


def test_optimize_alone_on_every_backend(cardsolve: RunCli) -> None:
    found = {
        backend: subito.optimize(parse_cards(PILE), TASKS, backend=backend)
        for backend in ("numba", "cpsat", "reference")
    }
    assert {f.objective for f in found.values()} == {(88, 329)} and all(f.proven for f in found.values())
    assert found["numba"].won is None and found["numba"].opponent is None
    same_as_cli(cardsolve, found["reference"], "optimize", "--pile", PILE, "--tasks", TASKS, "--backend", "reference")


def test_optimize_takes_the_opponent_or_the_table_player_2_faces() -> None:
    table = read_table(OPPONENT)
    swapped = {
        "tasks": TASKS.split(","),
        "players": [
            {
                "name": "Ben",
                "placed": {side: [c.name for c in cards] for side, cards in table.players[1].placed.items()},
            },
            {"name": "You", "placed": {}},
        ],
    }
    as_player_2 = subito.optimize(PILE, TASKS, vs=swapped, seat=2, cards=8)
    assert as_player_2 == subito.optimize(PILE, TASKS, vs=table.players[1], cards=8)
    assert as_player_2.won == 30 and len(as_player_2.sides) == 8
    with pytest.raises(BadInput, match="Ben already has cards"):
        subito.optimize(PILE, TASKS, vs=swapped, seat=1)
    with pytest.raises(BadInput, match="plays 2,3a,4a"):
        subito.optimize(PILE, "2,3b,4a,5a,6a,7a,8a,9a", vs=table)


def test_duel(cardsolve: RunCli) -> None:
    heard: list[tuple[int, int]] = []
    found = subito.duel(1, cards=12, limit=4, progress=lambda done, total: heard.append((done, total)))
    assert [(r.player, r.before, r.after) for r in found.replies] == [(1, 7, 35), (2, 9, 42), (1, 2, 40), (2, 4, 39)]
    assert [answer["seat"] for answer in found.to_json()["answers"]] == [1, 2, 1, 2]
    assert found.points == (5, 39) and not found.settled and all(r.proven for r in found.replies)
    assert heard == [(done, 6) for done in range(1, 7)]
    same_as_cli(cardsolve, found, "duel", "--seed", "1", "--cards", "12", "--limit", "4")


def test_hint(cardsolve: RunCli) -> None:
    heard: list[tuple[int, int]] = []
    found = subito.hint(
        read_table(MIDROUND),
        "Y6S",
        seat=2,
        samples=8,
        seed=3,
        progress=lambda done, total: heard.append((done, total)),
    )
    assert found.player == 2 and found.to_json()["seat"] == 2 and "player" not in found.to_json()
    assert found.best == found.ranking[0] and found.margin >= 0
    assert heard == [(8 * k, 8 * len(found.ranking)) for k in range(1, len(found.ranking) + 1)]  # once a side
    same_as_cli(
        cardsolve, found, "hint", "--table", MIDROUND, "--card", "Y6S", "--seat", "2", "--samples", "8", "--seed", "3"
    )
