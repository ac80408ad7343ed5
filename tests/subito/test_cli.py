"""Subito from the command line: deal and score, text and JSON; bad input exits 2 with
one line on stderr naming the problem."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli

EXAMPLE = str(Path(__file__).resolve().parents[1] / "data" / "subito_example.json")


def write(tmp_path: Path, data: str | dict[str, Any]) -> str:
    path = tmp_path / "table.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_deal_text(cardsolve: RunCli) -> None:
    code, out, err = cardsolve("subito", "deal", "--seed", "1")
    assert code == 0 and not err
    assert "3a" in out and "No yellow or green cards." in out and "9a" in out
    piles = [line for line in out.splitlines() if line.startswith(("P1 (36): ", "P2 (36): "))]
    assert len(piles) == 2 and all(len(line.split(": ")[1].split(",")) == 36 for line in piles)
    assert cardsolve("subito", "deal", "--seed", "1")[1] == out


def test_deal_json(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "subito", "deal", "--seed", "1")
    document = json.loads(out)
    assert code == 0
    assert [t["side"] for t in document["tasks"]] == ["2", "3a", "4a", "5a", "6a", "7a", "8a", "9a"]
    assert [t["points"] for t in document["tasks"]] == list(range(2, 10))
    assert [len(p) for p in document["piles"]] == [36, 36]
    assert len(set(document["piles"][0] + document["piles"][1])) == 72
    text = cardsolve("subito", "deal", "--seed", "1")[1]
    assert ",".join(document["piles"][0]) in text


def test_deal_four_players_random_sides(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "subito", "deal", "--seed", "3", "--players", "4", "--sides", "random")
    document = json.loads(out)
    assert code == 0 and [len(p) for p in document["piles"]] == [18] * 4
    assert document["player_count"] == 4 and "players" not in document
    assert [t["points"] for t in document["tasks"]] == list(range(2, 10))


def test_score_the_rulebook_example(cardsolve: RunCli) -> None:
    code, out, err = cardsolve("subito", "score", EXAMPLE)
    assert code == 0 and not err
    assert out.rstrip().endswith("points: Schnell 17, Flink 27")
    assert "removed Y6A,R2B" in out and "equal count, greater sum (28 to 6)" in out


def test_score_json(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "subito", "score", EXAMPLE)
    document = json.loads(out)
    assert code == 0 and document["points"] == [17, 27] and document["players"] == ["Schnell", "Flink"]
    assert [t["winner"] for t in document["tasks"]] == [1, 2, 2, 2, 1, 2, 2, 1]
    six = document["tasks"][4]
    assert six["task"] == 6 and six["side"] == "6a"
    assert six["players"][0] == {"kept": ["R6A", "D6R", "R5S", "D5B"], "count": 4, "sum": 22, "removed": []}
    assert document["tasks"][7]["players"][1] == {"kept": ["D6S"], "count": 1, "sum": 6, "removed": ["Y6A", "R2B"]}


TABLE: dict[str, Any] = {
    "tasks": ["2", "3a", "4a", "5a", "6a", "7a", "8a", "9a"],
    "players": [{"name": "A", "placed": {"2": ["Y4A"]}}, {"name": "B", "placed": {}}],
}


@pytest.mark.parametrize(
    ("table", "token"),
    [
        ("{not json", "cannot read TABLE.json"),
        ({**TABLE, "players": [{"name": "A", "placed": {"2": ["Y4Q"]}}, TABLE["players"][1]]}, "Y4Q"),
        ({**TABLE, "players": [{"name": "A", "placed": {"3b": ["Y4A"]}}, TABLE["players"][1]]}, "3b"),
        ({**TABLE, "tasks": ["2", "3a", "4a", "5a", "6a", "7a", "8a", "9x"]}, "9x"),
        ({**TABLE, "players": [TABLE["players"][0], {"name": "B", "placed": {"9a": ["Y4A"]}}]}, "Y4A appears twice"),
        ({"tasks": TABLE["tasks"]}, "players"),
    ],
)
def test_bad_tables_exit_2(cardsolve: RunCli, tmp_path: Path, table: str | dict[str, Any], token: str) -> None:
    code, out, err = cardsolve("subito", "score", write(tmp_path, table))
    assert code == 2 and not out
    assert err.count("\n") == 1 and err.startswith("error: ") and token in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (
            ["subito", "score", "no/such/table.json"],
            "error: cannot read TABLE.json 'no/such/table.json': No such file or directory",
        ),
        (["subito", "deal", "--players", "5"], "error: bad --players 5: give 2 to 4"),
        (["subito", "deal", "--sides", "c"], "error: bad --sides 'c': give one of a, b, random"),
        (
            ["subito", "deal", "--deck", "no/such/deck.json"],
            "error: cannot read --deck 'no/such/deck.json': No such file or directory",
        ),
    ],
)
def test_bad_options_exit_2(cardsolve: RunCli, args: list[str], token: str) -> None:
    """The project's own one line, naming the option and what it takes."""
    code, out, err = cardsolve(*args)
    assert (code, out, err) == (2, "", token + "\n")


def test_hint_ranks_the_sides(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve(
        "--json", "subito", "hint", "--table", "tests/data/subito_midround.json", "--card", "Y6S", "--samples", "8"
    )
    document = json.loads(out)
    assert code == 0 and document["best"] == document["ranking"][0]["side"]
    assert {"3a", "6a", "9a"} <= set(document["refused"]) and document["margin"] >= 0
    code, out, _ = cardsolve(
        "subito", "hint", "--table", "tests/data/subito_midround.json", "--card", "Y6S", "--samples", "8"
    )
    assert code == 0 and out.startswith("Place Y6S on ")


@pytest.mark.parametrize(("card", "token"), [("Y7S", "Y7S"), ("D6A", "D6A")])
def test_hint_bad_cards_exit_2(cardsolve: RunCli, card: str, token: str) -> None:
    code, out, err = cardsolve("subito", "hint", "--table", "tests/data/subito_midround.json", "--card", card)
    assert code == 2 and not out and token in err and err.count("\n") == 1


PILE = "Y4R,L6P,R2R,L1R,D3B,G3B,D2S,Y5B,D6A,P5S"
"""The first ten cards of player 1's pile in the deal seeded 1."""
TASKS = "2,3a,4a,5a,6a,7a,8a,9a"


@pytest.mark.parametrize("backend", ["numba", "cpsat", "reference"])
def test_optimize_alone_and_against_a_table(cardsolve: RunCli, backend: str) -> None:
    code, out, _ = cardsolve("--json", "subito", "optimize", "--pile", PILE, "--tasks", TASKS, "--backend", backend)
    alone = json.loads(out)
    assert code == 0 and alone["proven"] and alone["won"] is None and len(alone["sides"]) == 10
    assert sorted(c for cards in alone["placed"].values() for c in cards) == sorted(PILE.split(","))
    code, out, _ = cardsolve(
        "--json",
        "subito",
        "optimize",
        "--pile",
        PILE,
        "--tasks",
        TASKS,
        "--vs",
        "tests/data/subito_opponent.json",
        "--backend",
        backend,
    )
    answer = json.loads(out)
    assert code == 0 and answer["proven"] and answer["won"] > 0


def test_optimized_placements_agree_across_backends(cardsolve: RunCli) -> None:
    found = {
        b: json.loads(
            cardsolve(
                "--json",
                "subito",
                "optimize",
                "--pile",
                PILE,
                "--tasks",
                TASKS,
                "--vs",
                "tests/data/subito_opponent.json",
                "--cards",
                "8",
                "--backend",
                b,
            )[1]
        )
        for b in ("numba", "cpsat", "reference")
    }
    assert len({f["won"] for f in found.values()}) == 1


def test_duel(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "subito", "duel", "--seed", "2", "--cards", "6", "--limit", "4")
    document = json.loads(out)
    assert code == 0 and len(document["answers"]) <= 4 and len(document["placements"][0]) == 6
    assert all(a["after"] >= a["before"] for a in document["answers"])


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (["optimize", "--pile", PILE, "--tasks", "2,3a"], "task cards 4, 5"),
        (["optimize", "--pile", "Y4R,Y4R", "--tasks", TASKS], "Y4R"),
        (["optimize", "--pile", PILE + ",P3A", "--tasks", TASKS, "--backend", "reference"], "11"),
        (["optimize", "--pile", PILE, "--tasks", TASKS, "--cards", "11"], "11"),
        (["optimize", "--pile", PILE, "--tasks", TASKS, "--vs", "tests/data/subito_midround.json"], "Ada"),
    ],
)
def test_bad_optimize_requests_exit_2(cardsolve: RunCli, args: list[str], token: str) -> None:
    code, out, err = cardsolve("subito", *args)
    assert code == 2 and not out and token in err and err.count("\n") == 1
