"""The CUBU Python API (``cardsolve.cubu``): each function's facts on pinned inputs, notation
and model objects alike, seats counted from 1, and every answer's ``to_json()``, ``text()``
and ``exit_code`` exactly what the CLI prints and ends with. The CUBU studies run under
``cardsolve.analyze("cubu", ...)`` (``cubu.simulate`` is gone)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import RunCli

from cardsolve import analyze, cubu
from cardsolve.models.cubu import parse_card, parse_cards
from cardsolve.models.cubu.classic import MAX_TARGET
from cardsolve.models.cubu.speed import CENTRE, place
from cardsolve.models.cubu.state import CubuState, start
from cardsolve.models.errors import BadInput
from cardsolve.models.state import play
from cardsolve.solvers.cubu.results import PlayAnswer, played_rounds
from cardsolve.solvers.cubu.state_bots import MAX_MOVES, seated_bots
from cardsolve.solvers.infrastructure.results import DONE, UNDECIDED, Answer

HAND = "G-P-R-D,O-P-R-L-D,R-O-P-G,L-O,O-P,P-D-G-R-O,G-R-D-L-O-P,pickup2"
STUCK = ("O-P-R-L-D", "D-G,R-G,D-P-R-O-L-G,O-L-R,R-D-P,L-O,O-G-L-D,P-G,R-L-O,L-G-D-R-P-O")
"""R-G shares no colour at a neighbouring position with any other card here, so at most 9 of 10."""


def same_as_cli(run: RunCli, answer: Answer, *args: str) -> None:
    """The CLI prints ``answer.text()`` and, under --json, ``answer.to_json()``, and ends
    with ``answer.exit_code`` both times."""
    code, out, _ = run(*args)
    assert (code, out) == (answer.exit_code, answer.text() + "\n")
    code, out, _ = run("--json", *args)
    assert code == answer.exit_code and json.loads(out) == answer.to_json()
    assert out == answer.json_text() + "\n"


def test_longest(cardsolve: RunCli) -> None:
    answer = cubu.longest("D-L-G", HAND)
    assert len(answer.runs) == 3 and len(answer.runs[0]) == 4 and answer.exit_code == 0
    assert str(answer.runs[0].follow) == "dark blue 1 up"
    assert answer.to_json()["cards"] == ["P-D-G-R-O", "G-R-D-L-O-P", "G-P-R-D", "O-P-R-L-D"]
    assert cubu.longest(parse_card("D-L-G"), parse_cards(HAND)) == answer
    assert cubu.longest("D-L-G", HAND, limit=1).runs == answer.runs[:1]
    same_as_cli(cardsolve, answer, "cubu", "longest", "--top", "D-L-G", "--hand", HAND)


def test_longest_with_nothing_to_play(cardsolve: RunCli) -> None:
    answer = cubu.longest("D-L-G", "O-P,pickup2")
    assert answer.runs == () and answer.exit_code == 1 and answer.to_json()["length"] == 0
    same_as_cli(cardsolve, answer, "cubu", "longest", "--top", "D-L-G", "--hand", "O-P,pickup2")


def test_speed_solvable(cardsolve: RunCli) -> None:
    answer = cubu.speed("D-L-G", "L-O,O-P,R-O-P-G")
    assert answer.solvable and answer.proven and answer.most == 3 and answer.backend == "numba"
    assert answer.exit_code == 0 and answer.text().startswith("every card can be laid (colour mode; 3 of 3")
    grid = {CENTRE: answer.centre}
    for card, cell in answer.layout:
        place(grid, cell, card, "colour")
    same_as_cli(cardsolve, answer, "cubu", "speed", "--centre", "D-L-G", "--hand", "L-O,O-P,R-O-P-G")


@pytest.mark.parametrize("backend", ["numba", "cpsat", "reference"])
def test_speed_backends_agree_on_a_stuck_hand(backend: str) -> None:
    centre, hand = STUCK
    if backend == "reference":
        hand = ",".join(hand.split(",")[:8])
    answer = cubu.speed(centre, hand, backend=backend)
    cards = len(hand.split(","))
    assert answer.backend == backend and answer.proven
    assert (answer.solvable, answer.most, answer.reachable) == (False, cards - 1, cards - 1)
    assert answer.exit_code == 1 and "R-G" not in [entry["card"] for entry in answer.to_json()["layout"]]


def test_speed_text_and_json_match_the_cli(cardsolve: RunCli) -> None:
    answer = cubu.speed(parse_card(STUCK[0]), parse_cards(STUCK[1]), mode="colour")
    assert answer.text().splitlines()[0] == (
        "at most 9 of the 10 cards can be laid (colour mode; 9 of 10 connect to the centre in the play graph)"
    )
    same_as_cli(cardsolve, answer, "cubu", "speed", "--centre", STUCK[0], "--hand", STUCK[1])


def test_speed_bad_input() -> None:
    with pytest.raises(BadInput) as error:
        cubu.speed("D-L-G", "L-O", mode="numbers")
    assert error.value.token == "numbers"
    with pytest.raises(BadInput) as error:
        cubu.speed("D-L-G", "L-O", backend="gpu")
    assert error.value.token == "gpu"


def test_play_counts_seats_from_1(cardsolve: RunCli) -> None:
    answer = cubu.play(seed=4, players=2, bots="greedy,random", rounds=3)
    game = answer.final
    assert answer.bots == ("greedy", "random") and game.round_number == 3 and game.target is None
    document = answer.to_json()
    scores = document["scores"]
    assert document["winners"] == [seat for seat, score in enumerate(scores, 1) if score == max(scores)]
    assert [r["dealer"] for r in document["rounds"]] == [1, 2, 1]
    assert all(r["winner"] in (None, 1, 2) for r in document["rounds"])
    assert played_rounds(game)[-1].scores == tuple(scores) == tuple(game.scores().values())
    assert answer.text().splitlines()[-1] == "winner: " + ", ".join(
        f"seat {seat} ({answer.bots[seat - 1]})" for seat in document["winners"]
    )
    same_as_cli(
        cardsolve, answer, "cubu", "play", "--seed", "4", "--players", "2", "--bots", "greedy,random", "--rounds", "3"
    )


def test_play_to_a_target_with_the_default_bots(cardsolve: RunCli) -> None:
    answer = cubu.play(seed=1, players=3, target=50)
    document = answer.to_json()
    assert answer.bots == ("greedy", "strategist", "runkeeper") and max(document["scores"]) >= 50
    assert sum(r["points"] for r in document["rounds"]) == sum(document["scores"])
    same_as_cli(cardsolve, answer, "cubu", "play", "--seed", "1", "--players", "3", "--target", "50")


def test_play_bad_bots() -> None:
    with pytest.raises(BadInput, match="1 bot for 3 players"):
        cubu.play(players=3, bots="greedy")
    with pytest.raises(BadInput) as error:
        cubu.play(players=2, bots=["greedy", "clever"])
    assert error.value.token == "clever"


def test_analyze_runs_the_seats_study(cardsolve: RunCli, tmp_path: Path) -> None:
    """``cardsolve.analyze("cubu", "seats")`` with the study's options (``bots`` as ``A,B``
    text) answers as ``cardsolve analyze cubu seats`` with the same options, which reads it
    back from the store."""
    seen: list[tuple[int, int]] = []
    store = tmp_path / "studies.sqlite"
    answer = analyze(
        "cubu",
        "seats",
        samples=12,
        seed=2,
        workers=1,
        store=str(store),
        progress=lambda done, total: seen.append((done, total)),
        options={"player_count": 3, "bots": "greedy,random", "target": 50},
    )
    assert seen == [(0, 1), (1, 1)] and (answer.game, answer.study, answer.samples) == ("cubu", "seats", 12)
    assert answer.options == {"player_count": 3, "bots": ["greedy", "random"], "target": 50}
    result = answer.result
    assert [row["bot"] for row in result["bots"]] == ["greedy", "random"]
    assert sum(row["games"] for row in result["bots"]) == 36
    assert sum(row["share"] for row in result["seats"]) == pytest.approx(1 - result["cut_games"] / 12)
    assert [row[1] for row in answer.rows if row[0] == "seat"] == ["1", "2", "3"]
    code, out, _ = cardsolve(
        "--json",
        "analyze",
        "cubu",
        "seats",
        "--samples",
        "12",
        "--seed",
        "2",
        "--players",
        "3",
        "--bots",
        "greedy,random",
        "--target",
        "50",
        "--store",
        str(store),
    )
    document = json.loads(out)
    assert code == 0 and document["result"] == result and document["reused"] == 1
    assert document["options"] == answer.options


def test_the_seats_study_refuses_bad_bots(tmp_path: Path) -> None:
    store = tmp_path / "studies.sqlite"
    with pytest.raises(BadInput) as error:
        analyze("cubu", "seats", samples=2, seed=1, store=str(store), options={"bots": "greedy,clever"})
    assert error.value.token == "clever" and not store.exists()


def test_the_api_loads_neither_numba_nor_ortools() -> None:
    code = (
        "import sys, cardsolve; cubu = cardsolve.cubu; cubu.longest('D-L-G', 'L-O'); "
        "cubu.play(seed=1, players=2, rounds=1); "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'numba', 'ortools'}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_target_is_one_to_a_thousand_points(tmp_path: Path) -> None:
    store = tmp_path / "studies.sqlite"
    for target in (0, MAX_TARGET + 1):
        with pytest.raises(BadInput, match=f"bad target {target}: give 1 to {MAX_TARGET} points") as error:
            cubu.play(seed=1, target=target)
        assert error.value.token == str(target)
        for study, options in (("seats", {"bots": "greedy"}), ("versus", {})):
            with pytest.raises(BadInput, match=f"bad target {target}"):
                analyze("cubu", study, samples=1, workers=1, store=str(store), options={"target": target, **options})
    assert not store.exists()


def test_a_game_cut_off_at_the_round_limit_is_undecided() -> None:
    names = ("greedy", "greedy")
    first = start(seed=3, players=2, dealer=1, target=MAX_TARGET, round_limit=2)
    record = play(first, seated_bots(names, 3), seed=3, max_moves=MAX_MOVES)
    assert isinstance(record, CubuState) and record.round_number == 2
    cut = PlayAnswer(3, names, record)
    assert record.limit_hit and not record.winners() and cut.exit_code == UNDECIDED
    assert cut.text().endswith("no winner: the game is cut off after 2 rounds (undecided)")
    assert cut.to_json()["limit_hit"] is True and cut.to_json()["winners"] == []
    assert cubu.play(seed=3, players=2, bots="greedy,greedy").exit_code == DONE
