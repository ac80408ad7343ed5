"""The Quibbles Python API (``cardsolve.quibbles``): each function's answer holds the
right facts, and its ``to_json()`` and ``text()`` are exactly what the command prints."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import RunCli

import cardsolve
from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import Combine, Draw, Split, Stash, Turn, Variant
from cardsolve.solvers.infrastructure.results import Answer
from cardsolve.solvers.quibbles import api
from cardsolve.solvers.quibbles.results import BestSplit
from cardsolve.solvers.quibbles.settings import DEFAULT_FINAL_SAMPLES, DEFAULT_FINALISTS, DEFAULT_SHORTLIST


def assert_prints(cardsolve_cli: RunCli, args: list[str], answer: Answer) -> None:
    """The command prints the answer's text, and under ``--json`` its document."""
    code, out, _ = cardsolve_cli(*args)
    assert (code, out) == (answer.exit_code, answer.text() + "\n")
    code, out, _ = cardsolve_cli("--json", *args)
    assert (code, out) == (answer.exit_code, answer.json_text() + "\n")


def test_the_package_reaches_the_api_without_loading_the_solvers() -> None:
    assert cardsolve.quibbles is api
    probe = (
        "import sys; from cardsolve.solvers.quibbles import api; "
        "print(sorted(m for m in ('numba', 'ortools') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("backend", ["numba", "cpsat", "reference"])
def test_split_the_rulebook_example(cardsolve: RunCli, backend: str) -> None:
    answer = api.split(6, [3, 3, 1, 1, 4, 2], backend=backend)
    assert answer.proven and answer.taken == 5 and answer.backend == backend
    assert sorted(map(sorted, answer.set_values)) == [[1, 1, 4], [3, 3]]
    assert api.split("6", "3,3,1,1,4,2", backend=backend) == answer
    assert answer.text() == f"Split a 6: take 5 cards as 3+3, 1+1+4 (proven optimal, {backend})."
    assert_prints(cardsolve, ["quibbles", "split", "6", "--display", "3,3,1,1,4,2", "--backend", backend], answer)


def test_split_that_takes_nothing(cardsolve: RunCli) -> None:
    answer = api.split(2, "6,6,5")
    assert answer == BestSplit(2, (6, 6, 5), (), 0, True, "numba")
    assert answer.to_json()["sets"] == [] and answer.to_json()["proven"] is True
    assert_prints(cardsolve, ["quibbles", "split", "2", "--display", "6,6,5"], answer)


@pytest.mark.parametrize(
    ("value", "display", "backend", "token"),
    [
        ("1,2", "3", "numba", "1,2"),
        (7, [1, 2], "numba", "7"),
        (5, "1,9", "numba", "9"),
        (5, [1, 2], "gurobi", "gurobi"),
    ],
)
def test_split_bad_input_names_the_token(value: int | str, display: str | list[int], backend: str, token: str) -> None:
    with pytest.raises(BadInput) as caught:
        api.split(value, display, backend=backend)
    assert caught.value.token == token


def test_combine_options(cardsolve: RunCli) -> None:
    answer = api.combine("1,2,1,4", [3, 3, 2, 6])
    assert (answer.hand, answer.display) == ((1, 2, 1, 4), (3, 3, 2, 6))
    assert [(o.played, o.total, o.taken) for o in answer.options] == [
        ((1, 2), 3, 2),
        ((1, 1), 2, 1),
        ((1, 2), 3, 1),
        ((2, 4), 6, 1),
        ((1, 1, 4), 6, 1),
    ]
    assert_prints(cardsolve, ["quibbles", "combine", "--hand", "1,2,1,4", "--display", "3,3,2,6"], answer)
    assert api.combine("1,1", "3,3").text().startswith("No combine")
    with pytest.raises(BadInput, match="9"):
        api.combine([1, 9], "3")


def test_move_the_rulebook_split(cardsolve: RunCli) -> None:
    turn = "split 6 -> 3+3, 1+1+4; stash 4"
    answer = api.move("6,4,4,4,4,4", "3,3,1,1,4,2", turn)
    assert answer.turn == Turn(Split(6, ((0, 1), (2, 3, 4))), Stash(4))
    assert (answer.hand, answer.display, answer.collection, answer.wins) == ((1, 1, 3, 3), (2,), (4,), False)
    assert api.move([6, 4, 4, 4, 4, 4], [3, 3, 1, 1, 4, 2], answer.turn) == answer
    assert_prints(
        cardsolve, ["quibbles", "move", "--hand", "6,4,4,4,4,4", "--display", "3,3,1,1,4,2", "--turn", turn], answer
    )


def test_move_solo_takes_the_penalty(cardsolve: RunCli) -> None:
    answer = api.move("1,2,2,3,4,6", "1,4,2,3,3,2", "draw 4", variant="solo")
    assert answer.turn == Turn(Draw(4)) and answer.penalty == (1,)
    assert answer.text().splitlines()[-1] == "penalty    [1]"
    assert_prints(
        cardsolve,
        [
            "quibbles",
            "move",
            "--hand",
            "1,2,2,3,4,6",
            "--display",
            "1,4,2,3,3,2",
            "--variant",
            "solo",
            "--turn",
            "draw 4",
        ],
        answer,
    )


def test_move_illegal_is_bad_input() -> None:
    with pytest.raises(BadInput, match="stashing 4s"):
        api.move("1,2,6", "3,3,1,1,4,6", "split 6 -> 3+3; stash 4")


def test_hint_ranks_and_explains(cardsolve: RunCli) -> None:
    answer = api.hint("1,2,2,3,4,6", "1,4,2,3,3,2", variant=Variant.SOLO, samples=3, top=3)
    assert len(answer.shown) == 3 and len(answer.ranked) == answer.to_json()["turns"] >= 3
    assert answer.sampled >= min(len(answer.ranked), DEFAULT_SHORTLIST) and answer.samples == 3
    assert not any(isinstance(r.turn.action, Draw) for r in answer.ranked[answer.sampled :])  # every DRAW is sampled
    assert (answer.finalists, answer.final_samples) == (DEFAULT_FINALISTS, DEFAULT_FINAL_SAMPLES)
    expected = [r.expected for r in answer.ranked[: answer.sampled]]
    finals, others = expected[: answer.finalists], expected[answer.finalists :]  # each part best first
    assert finals == sorted(finals, reverse=True) and others == sorted(others, reverse=True)
    assert answer.explanation.startswith(answer.to_json()["ranked"][0]["text"])
    assert_prints(
        cardsolve,
        [
            "quibbles",
            "hint",
            "--hand",
            "1,2,2,3,4,6",
            "--display",
            "1,4,2,3,3,2",
            "--variant",
            "solo",
            "--samples",
            "3",
            "--top",
            "3",
        ],
        answer,
    )


def test_hint_finds_the_winning_combine() -> None:
    answer = api.hint([5, 5, 5, 5, 5, 1, 3], [4, 4, 4, 4, 2, 4], collection=[6, 6, 5], samples=4, shortlist=6, top=None)
    assert answer.best.turn.stash == Stash(5) and isinstance(answer.best.turn.action, Combine)
    assert len(answer.shown) == len(answer.ranked) and "wins" in answer.explanation


def test_hint_on_an_empty_hand_is_bad_input() -> None:
    with pytest.raises(BadInput, match="--hand"):
        api.hint("", "3")


def test_play_counts_seats_from_one(cardsolve: RunCli) -> None:
    answer = api.play(players=3, seed=1, bots="greedy,greedy,random")
    assert answer.players == 3 and answer.bots == ("greedy", "greedy", "random")
    assert [t.seat for t in answer.log[:4]] == [1, 2, 3, 1]
    assert answer.turns == len(answer.log)
    document = answer.to_json()
    assert [t["seat"] for t in document["turns"][:3]] == [1, 2, 3]
    if answer.winner is not None:
        assert 1 <= document["winner"] <= 3
        assert sum(answer.collections[answer.winner - 1]) >= 21
        assert f"P{answer.winner} wins after {answer.turns} turns" in answer.text()
    else:
        assert answer.stalled or answer.cut_off
    assert_prints(
        cardsolve, ["quibbles", "play", "--players", "3", "--seed", "1", "--bots", "greedy,greedy,random"], answer
    )


def test_play_solo_scores_the_penalty(cardsolve: RunCli) -> None:
    answer = api.play(players=1, seed=2, bots=["greedy"])
    assert answer.variant is Variant.SOLO and answer.penalty is not None and answer.penalty > 0
    assert {t.seat for t in answer.log} == {1}
    assert_prints(cardsolve, ["quibbles", "play", "--players", "1", "--seed", "2", "--bots", "greedy"], answer)


@pytest.mark.parametrize(("bots", "token"), [("greedy,smart,greedy", "smart"), ("greedy,greedy", "greedy,greedy")])
def test_play_bad_bots(bots: str, token: str) -> None:
    with pytest.raises(BadInput) as caught:
        api.play(players=3, bots=bots)
    assert caught.value.token == token
