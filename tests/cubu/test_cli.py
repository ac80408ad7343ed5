"""CUBU from the command line: text and JSON; bad input exits 2 with one line on stderr
naming the problem. The seats study runs as ``cardsolve analyze cubu seats`` (it was
``cardsolve cubu simulate``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import RunCli

HAND = "G-P-R-D,O-P-R-L-D,R-O-P-G,L-O,O-P,P-D-G-R-O,G-R-D-L-O-P,pickup2"


def test_longest_text_and_json(cardsolve: RunCli) -> None:
    code, out, err = cardsolve("cubu", "longest", "--top", "D-L-G", "--hand", HAND)
    assert code == 0 and not err
    assert out.splitlines()[0] == "longest: 4 cards, follow dark blue 1 up: P-D-G-R-O G-R-D-L-O-P G-P-R-D O-P-R-L-D"
    code, out, _ = cardsolve("--json", "cubu", "longest", "--top", "D-L-G", "--hand", HAND)
    document = json.loads(out)
    assert document["length"] == 4 and document["box"] == {"colour": "D", "position": 1}
    assert document["direction"] == "up" and document["cards"][0] == "P-D-G-R-O"
    assert [run["length"] for run in document["others"]] == [1, 1]


def test_longest_nothing_playable_exits_1(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("cubu", "longest", "--top", "D-L-G", "--hand", "O-P,pickup2")
    assert code == 1 and "no colour sequence" in out
    code, out, _ = cardsolve("--json", "cubu", "longest", "--top", "D-L-G", "--hand", "")
    assert code == 1 and json.loads(out)["length"] == 0


@pytest.mark.parametrize(
    "args, token",
    [
        (["--top", "D-L-X", "--hand", "O-P"], "D-L-X"),
        (["--top", "D-L-G", "--hand", "O-P,O-P"], "O-P"),
        (["--top", "D-L-G", "--hand", "O-P,jump"], "jump"),
        (["--top", "miss", "--hand", "O-P"], "miss"),
        (["--top", "D-R-G,L-O", "--hand", "O-P"], "'D-R-G,L-O' is a list of cards where one card belongs"),
    ],
)
def test_longest_bad_cards(cardsolve: RunCli, args: list[str], token: str) -> None:
    code, out, err = cardsolve("cubu", "longest", *args)
    assert code == 2 and not out and token in err and len(err.strip().splitlines()) == 1


def test_play_a_seeded_game(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve(
        "--json",
        "cubu",
        "play",
        "--seed",
        "1",
        "--players",
        "3",
        "--bots",
        "greedy,strategist,runkeeper",
        "--target",
        "50",
    )
    document = json.loads(out)
    assert code == 0 and document["bots"] == ["greedy", "strategist", "runkeeper"]
    assert document["winners"] and max(document["scores"]) >= 50
    assert sum(r["points"] for r in document["rounds"]) == sum(document["scores"])
    text = cardsolve(
        "cubu", "play", "--seed", "1", "--players", "3", "--bots", "greedy,strategist,runkeeper", "--target", "50"
    )[1]
    assert "winner" in text and "out first" in text


def test_play_bad_bots(cardsolve: RunCli) -> None:
    code, _, err = cardsolve("cubu", "play", "--players", "2", "--bots", "greedy,clever")
    assert code == 2 and "clever" in err
    code, _, err = cardsolve("cubu", "play", "--players", "3", "--bots", "greedy")
    assert code == 2 and "1 bot for 3 players" in err


def test_the_seats_study_small(cardsolve: RunCli, tmp_path: Path) -> None:
    picture = tmp_path / "seats.png"
    code, out, _ = cardsolve(
        "--json",
        "analyze",
        "cubu",
        "seats",
        "--samples",
        "12",
        "--seed",
        "2",
        "--workers",
        "1",
        "--store",
        str(tmp_path / "studies.sqlite"),
        "--plot",
        str(picture),
    )
    document = json.loads(out)
    assert code == 0 and (document["game"], document["study"], document["samples"]) == ("cubu", "seats", 12)
    assert document["plot"] == str(picture) and picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert document["options"] == {
        "player_count": 4,
        "bots": ["greedy", "runkeeper", "strategist", "random"],
        "target": 100,
    }
    result = document["result"]
    assert {row["bot"] for row in result["bots"]} == {"greedy", "runkeeper", "strategist", "random"}
    assert sum(row["share"] for row in result["seats"]) == pytest.approx(1.0)
    assert result["rounds_per_game"] >= 1 and result["turns_per_round"] >= 1


def test_the_seats_study_text(cardsolve: RunCli, tmp_path: Path) -> None:
    code, out, _ = cardsolve(
        "analyze",
        "cubu",
        "seats",
        "--samples",
        "12",
        "--seed",
        "2",
        "--players",
        "3",
        "--store",
        str(tmp_path / "studies.sqlite"),
    )
    lines = out.splitlines()
    assert code == 0 and lines[0].strip() == "cubu seats: 12 samples, seed 2"
    assert lines[1].split() == ["by", "who", "games", "win", "share"]
    assert [line.split()[:2] for line in lines[2:5]] == [["seat", "1"], ["seat", "2"], ["seat", "3"]]
    assert lines[9].split()[:5] == ["length", "rounds", "a", "game", "to"] and lines[9].split()[5] == "100"
    assert lines[-1].startswith("1 chunk, 0 read back from ")


def test_the_seats_study_refuses_bad_bots(cardsolve: RunCli, tmp_path: Path) -> None:
    store = tmp_path / "studies.sqlite"
    code, out, err = cardsolve(
        "analyze", "cubu", "seats", "--samples", "4", "--bots", "greedy,clever", "--store", str(store)
    )
    assert code == 2 and not out and "clever" in err and len(err.strip().splitlines()) == 1
    assert not store.exists()


STUCK = ("O-P-R-L-D", "D-G,R-G,D-P-R-O-L-G,O-L-R,R-D-P,L-O,O-G-L-D,P-G,R-L-O,L-G-D-R-P-O")
"""R-G shares no colour at a neighbouring position with any other card here, so at most 9 of 10."""


def test_speed_solvable_and_not(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("cubu", "speed", "--centre", "D-L-G", "--hand", "L-O,O-P,R-O-P-G")
    assert code == 0 and out.startswith("every card can be laid (colour mode; 3 of 3")
    assert "[D-L-G]" in out
    code, out, _ = cardsolve("--json", "cubu", "speed", "--centre", STUCK[0], "--hand", STUCK[1])
    document = json.loads(out)
    assert code == 1 and not document["solvable"] and document["most"] == 9 and document["reachable"] == 9
    assert "R-G" not in [entry["card"] for entry in document["layout"]] and document["proven"]
    for backend in ("cpsat",):
        code, out, _ = cardsolve(
            "--json", "cubu", "speed", "--centre", STUCK[0], "--hand", STUCK[1], "--backend", backend
        )
        assert code == 1 and json.loads(out)["most"] == 9


def test_speed_leaves_the_action_cards_out(cardsolve: RunCli) -> None:
    """Speed CUBU removes the action cards: a hand holding some is solved without them and
    the answer says which were left out."""
    code, out, _ = cardsolve("--json", "cubu", "speed", "--centre", "D-L-G", "--hand", "L-O,miss,O-P,R-O-P-G,pickup2")
    document = json.loads(out)
    assert code == 0 and document["solvable"] and document["card_count"] == 3
    assert document["left_out"] == ["miss", "pickup2"]
    code, out, _ = cardsolve("cubu", "speed", "--centre", "D-L-G", "--hand", "L-O,miss,O-P,R-O-P-G")
    assert code == 0 and "left out: miss (action cards have no place in Speed CUBU)" in out


def test_speed_boxes_mode(cardsolve: RunCli) -> None:
    """Boxes mode: a card relates to one with one box more or fewer; a 2-box centre and
    two 4-box cards cannot relate at all."""
    code, out, _ = cardsolve(
        "--json", "cubu", "speed", "--centre", "D-L", "--hand", "R-G-O-P,O-P-R-L", "--mode", "boxes"
    )
    document = json.loads(out)
    assert code == 1 and document["most"] == 0 and document["reachable"] == 0


@pytest.mark.parametrize(
    "args, token",
    [
        (["--centre", "miss", "--hand", "L-O"], "miss"),
        (["--centre", "D-L-G", "--hand", "D-L-G"], "D-L-G"),
        (["--centre", "D-Q", "--hand", "L-O"], "D-Q"),
        (["--centre", "D-L,O-P", "--hand", "L-O"], "is a list of cards where one card belongs"),
    ],
)
def test_speed_bad_input(cardsolve: RunCli, args: list[str], token: str) -> None:
    code, out, err = cardsolve("cubu", "speed", *args)
    assert code == 2 and not out and token in err and len(err.strip().splitlines()) == 1


def test_play_a_fixed_number_of_rounds(cardsolve: RunCli) -> None:
    """The rulebook's time limit: a set number of rounds, the most points winning."""
    code, out, _ = cardsolve(
        "--json", "cubu", "play", "--seed", "4", "--players", "2", "--bots", "greedy,random", "--rounds", "3"
    )
    document = json.loads(out)
    assert code == 0 and len(document["rounds"]) == 3 and document["target"] is None
    best = max(document["scores"])
    assert document["winners"] == [seat for seat, score in enumerate(document["scores"], start=1) if score == best]
    assert [r["dealer"] for r in document["rounds"]] == [1, 2, 1]
