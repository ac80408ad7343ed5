"""Was sticht? from the command line: text and JSON; bad input exits 2 with one line on
stderr naming the problem."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli

from cardsolve.models.was_sticht import deal_from_json

DATA = Path(__file__).resolve().parents[1] / "data"
CLUES = str(DATA / "was_sticht_clues.json")
DEAL = str(DATA / "was_sticht_deal.json")


def write(tmp_path: Path, data: Any, name: str = "file.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_deal_text_and_json_agree(cardsolve: RunCli) -> None:
    code, out, err = cardsolve("was-sticht", "deal", "--seed", "1")
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("trumps ") and "seat 1 leads" in lines[0]
    hands = [line.split(": ")[1].split(",") for line in lines[1:]]
    assert [len(h) for h in hands] == [9] * 4 and len({c for h in hands for c in h}) == 36
    code, out, _ = cardsolve("--json", "was-sticht", "deal", "--seed", "1")
    deal = deal_from_json(json.loads(out))  # the document is a deal file
    assert code == 0 and [sorted(c.name for c in h) for h in deal.hands] == [sorted(h) for h in hands]
    assert cardsolve("was-sticht", "deal", "--seed", "1")[1] == cardsolve("was-sticht", "deal", "--seed", "1")[1]


def test_deal_three_players(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "was-sticht", "deal", "--seed", "2", "--players", "3")
    assert code == 0 and [len(h) for h in json.loads(out)["hands"]] == [9, 9, 9]


def test_deduce_the_example_clues(cardsolve: RunCli) -> None:
    code, out, err = cardsolve("was-sticht", "deduce", "--clues", CLUES, "--offer", "R9,B1,Y5")
    assert code == 0 and not err
    assert out.splitlines()[0] == "1 of 50 trump pairs fit the 3 clues: R2"
    assert "pick R9" in out
    code, out, _ = cardsolve("--json", "was-sticht", "deduce", "--clues", CLUES)
    assert json.loads(out)["consistent"] == [{"suit": "R", "number": 2}]


def test_deduce_one_clue_json(cardsolve: RunCli, tmp_path: Path) -> None:
    clues = write(tmp_path, {"observations": [{"cards": ["B7", "R6", "Y2", "R3"], "winner": 3}]})
    code, out, _ = cardsolve("--json", "was-sticht", "deduce", "--clues", clues, "--offer", "Y5,R9")
    document = json.loads(out)
    assert code == 0 and len(document["consistent"]) == 11 and {"suit": None, "number": 2} in document["consistent"]
    assert document["pick"]["card"] == "Y5"  # yellow is the likeliest trump suit (7 of 11)


def test_deduce_contradicting_clues(cardsolve: RunCli, tmp_path: Path) -> None:
    clues = write(
        tmp_path,
        {
            "observations": [
                {"cards": ["B7", "R6", "Y2", "R3"], "winner": 1},
                {"cards": ["B9", "B8", "G1", "G2"], "winner": 3},
                {"cards": ["B6", "R5", "Y2x", "R4"], "winner": 3},
            ]
        },
    )
    code, _, err = cardsolve("was-sticht", "deduce", "--clues", clues)
    assert code == 2 and "Y2x" in err
    clues = write(
        tmp_path,
        {
            "observations": [
                {"cards": ["B7", "R6", "Y2", "R3"], "winner": 1},
                {"cards": ["Y9", "Y8", "Y7", "Y6"], "winner": 4},
            ]
        },
    )
    code, out, _ = cardsolve("was-sticht", "deduce", "--clues", clues)
    assert code == 0 and out.splitlines() == [
        "0 of 50 trump pairs fit the 2 clues",
        "no pair fits: clue 2 contradicts the ones before it",
    ]
    code, out, err = cardsolve("was-sticht", "deduce", "--clues", clues, "--offer", "R9,B1")
    assert code == 0 and not err and out.splitlines()[-1].endswith("; no card to pick")
    code, out, _ = cardsolve("--json", "was-sticht", "deduce", "--clues", clues, "--offer", "R9,B1")
    document = json.loads(out)
    assert document["contradiction"] == 2 and document["consistent"] == [] and "pick" not in document
    code, out, _ = cardsolve("--json", "was-sticht", "deduce", "--clues", CLUES)
    assert json.loads(out)["contradiction"] is None


@pytest.mark.parametrize("offer, token", [("R9,Q1", "Q1"), ("R9,R9", "R9"), ("B7", "B7")])
def test_deduce_bad_offer(cardsolve: RunCli, offer: str, token: str) -> None:
    code, out, err = cardsolve("was-sticht", "deduce", "--clues", CLUES, "--offer", offer)
    assert code == 2 and not out and token in err and len(err.strip().splitlines()) == 1


ENDING = {
    "hands": [["R9", "B1"], ["R1", "B9"], ["G1", "G2"], ["Y1", "Y2"]],
    "trump": {"suit": None, "number": None},
    "leader": 1,
}
"""Seat 1 leads, no trumps: R9 wins its trick (seat 2 must follow with R1) and B1 loses
to B9 whichever comes first, so seat 1 takes exactly one trick whatever anyone plays."""


def test_solve_an_ending_by_hand(cardsolve: RunCli, tmp_path: Path) -> None:
    deal = write(tmp_path, ENDING)
    code, out, err = cardsolve("--json", "was-sticht", "solve", "--deal", deal, "--seat", "1", "--task", "exactly-1")
    document = json.loads(out)
    assert code == 0 and not err
    assert document["forceable"] and document["possible"] and (document["fewest"], document["most"]) == (1, 1)
    assert document["seat"] == document["to_move"] == 1 and document["best_card"] in ("R9", "B1")
    assert not {"player", "proven"} & set(document)
    code, out, _ = cardsolve(
        "--json",
        "was-sticht",
        "solve",
        "--deal",
        deal,
        "--seat",
        "1",
        "--task",
        "no-tricks",
        "--backend",
        "reference",
    )
    document = json.loads(out)
    assert not document["forceable"] and not document["possible"] and document["backend"] == "reference"
    code, out, _ = cardsolve("was-sticht", "solve", "--deal", deal, "--seat", "1", "--task", "exactly-1")
    assert out.startswith("seat 1, task exactly-1") and "forceable: yes" in out
    assert "at least 1 and can keep them to at most 1" in out


def test_solve_alone_counts_the_same_nodes_every_time(cardsolve: RunCli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Was sticht? page's solve (250,000 nodes, past the helper's handoff): with ``--alone`` the
    document is the same on every run, nodes included, and is the lone analysis's; the
    default (a helper thread, here on whatever cores the test has) differs from it at most
    in the node count."""
    from cardsolve.models.was_sticht import read_deal
    from cardsolve.solvers.was_sticht import api, fast, kernel_threads

    monkeypatch.setattr(kernel_threads, "_spare_core", lambda: True)
    line = ("--json", "was-sticht", "solve", "--deal", DEAL, "--seat", "2", "--task", "exactly-2")
    alone = [json.loads(cardsolve(*line, "--alone")[1]) for _ in range(2)]
    assert alone[0] == alone[1]
    assert alone[0]["nodes"] == api.solve(read_deal(DEAL), 2, "exactly-2", alone=True).nodes > fast.HANDOFF
    helped = json.loads(cardsolve(*line)[1])
    assert {k: v for k, v in helped.items() if k != "nodes"} == {k: v for k, v in alone[0].items() if k != "nodes"}


def test_table_of_an_ending(cardsolve: RunCli, tmp_path: Path) -> None:
    deal = write(tmp_path, ENDING)
    code, out, _ = cardsolve("--json", "was-sticht", "table", "--deal", deal)
    rows = {row["id"]: row["seats"] for row in json.loads(out)["chips"]}
    assert code == 0 and len(rows) == 24
    assert json.loads(out)["leader"] == 1
    assert rows["exactly-1"][0] == "forceable" and rows["no-tricks"][0] == "impossible"
    assert rows["no-tricks"][2] == rows["no-tricks"][3] == "forceable"  # green and yellow never win
    code, out, _ = cardsolve("was-sticht", "table", "--deal", deal)
    assert out.startswith("trumps --, seat 1 leads") and "seat 1  seat 2  seat 3  seat 4" in out
    assert "forceable chips: seat 1 " in out


def test_table_workers(cardsolve: RunCli) -> None:
    """The bundled deal's table is the same searched by one thread or two; a count of
    threads outside 1..16 is refused when the line is read."""
    one = cardsolve("--json", "was-sticht", "table", "--deal", DEAL, "--workers", "1")
    two = cardsolve("--json", "was-sticht", "table", "--deal", DEAL, "--workers", "2")
    assert one[0] == two[0] == 0 and json.loads(one[1]) == json.loads(two[1])
    for bad in ("0", "17", "two"):
        code, out, err = cardsolve("was-sticht", "table", "--deal", DEAL, "--workers", bad)
        assert code == 2 and not out and bad in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args, token",
    [
        (["--seat", "1", "--task", "exactly-10"], "exactly-10"),
        (["--seat", "7", "--task", "exactly-1"], "error: bad --seat 7: give 1 to 4"),
        (["--seat", "0", "--task", "exactly-1"], "error: bad --seat 0: give 1 to 4"),
        (["--task", "exactly-1"], "error: cardsolve was-sticht solve needs --seat"),
    ],
)
def test_solve_bad_input(cardsolve: RunCli, tmp_path: Path, args: list[str], token: str) -> None:
    code, out, err = cardsolve("was-sticht", "solve", "--deal", write(tmp_path, ENDING), *args)
    assert code == 2 and not out and token in err and len(err.strip().splitlines()) == 1


def test_a_bad_deal_file_exits_2(cardsolve: RunCli, tmp_path: Path) -> None:
    bad = dict(ENDING, hands=[["R9", "B1"], ["R9", "B9"], ["G1", "G2"], ["Y1", "Y2"]])
    code, _out, err = cardsolve("was-sticht", "table", "--deal", write(tmp_path, bad))
    assert code == 2 and "R9" in err and len(err.strip().splitlines()) == 1


def test_chips_study_small(cardsolve: RunCli, tmp_path: Path) -> None:
    plot, store = tmp_path / "chips.png", tmp_path / "studies.sqlite"
    code, out, _ = cardsolve(
        "--json",
        "analyze",
        "was-sticht",
        "chips",
        "--samples",
        "3",
        "--seed",
        "2",
        "--workers",
        "1",
        "--store",
        str(store),
        "--plot",
        str(plot),
    )
    document = json.loads(out)
    assert code == 0 and (document["game"], document["study"], document["samples"]) == ("was-sticht", "chips", 3)
    assert document["plot"] == str(plot) and plot.read_bytes().startswith(b"\x89PNG")
    chips = document["result"]["chips"]
    assert len(chips) == 24 and all(0 <= c["lead"] <= 3 and 0 <= c["next"] <= 3 for c in chips)
    shares = [c["lead_share"] for c in chips]
    assert shares == sorted(shares, reverse=True) and {c["source"] for c in chips} == {"rulebook", "stand-in"}
    code, out, _ = cardsolve("analyze", "was-sticht", "chips", "--samples", "3", "--seed", "2", "--store", str(store))
    lines = out.splitlines()
    assert code == 0 and lines[0].strip() == "was-sticht chips: 3 samples, seed 2"
    assert lines[1].split() == ["rank", "chip", "value", "source", "lead", "forces", "next", "forces"]
    assert lines[2].split()[:2] == ["1", chips[0]["id"]] and len(lines) == 2 + 24 + 1
    assert lines[-1].startswith(f"1 chunk, 1 read back from {store}, in ")


def test_play_a_random_game(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve(
        "--json", "was-sticht", "play", "--seed", "3", "--players", "3", "--bots", "random,random,random"
    )
    document = json.loads(out)
    assert code == 0 and document["bots"] == ["random"] * 3
    assert document["limit_hit"] or document["winners"]
    assert all(1 <= seat <= 3 for seat in document["winners"])
    assert {standing["seat"] for standing in document["standings"]} == {1, 2, 3}
    assert all(1 <= r["dealer"] <= 3 and set(r["chosen"]) <= {"1", "2", "3"} for r in document["rounds"])
    assert all(sum(r["tricks"]) == 9 for r in document["rounds"])


def test_play_bad_bots(cardsolve: RunCli) -> None:
    code, _, err = cardsolve("was-sticht", "play", "--bots", "solver,clever,random,random")
    assert code == 2 and "clever" in err
    code, _, err = cardsolve("was-sticht", "play", "--bots", "solver,random")
    assert code == 2 and "2 bots for 4 players" in err


def test_the_reference_backend_refuses_a_whole_deal(cardsolve: RunCli) -> None:
    for command in (["solve", "--seat", "2", "--task", "exactly-2"], ["table"], ["choose", "--seat", "3"]):
        code, out, err = cardsolve("was-sticht", *command, "--deal", DEAL, "--backend", "reference")
        assert code == 2 and not out
        assert (
            err == "error: the reference backend takes endings of at most 6 cards a hand, not 9: use numba for "
            "longer ones\n"
        )
