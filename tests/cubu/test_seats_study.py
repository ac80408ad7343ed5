"""The CUBU seats study (once ``cardsolve cubu simulate``) runs as ``cardsolve analyze cubu
seats``: the command line's options (``--players``, ``--bots``, ``--target``) are the
study's (``player_count``, ``bots``, ``target``), so the command and the Python
``analyze`` give the same result and share stored chunks for the same options; an
option's value is part of the store key, and Ctrl-C exits 130 saying where the finished
chunks are kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import RunCli, run_json

from cardsolve.solvers.cubu.results import GameResult
from cardsolve.solvers.studies import cubu_seats as seats
from cardsolve.solvers.studies.api import analyze
from cardsolve.solvers.studies.cubu_games import play_one
from cardsolve.solvers.studies.store import study_key

SEATS = ("analyze", "cubu", "seats")
SMALL = ("--samples", "12", "--seed", "3", "--players", "3", "--bots", "greedy,random", "--target", "40")
"""A small tournament with every option of the study set."""
OPTIONS = {"player_count": 3, "bots": ["greedy", "random"], "target": 40}
"""The same options as the study's."""


def test_the_command_and_the_api_share_results_and_chunks(cardsolve: RunCli, tmp_path: Path) -> None:
    store = str(tmp_path / "studies.sqlite")
    studied = run_json(cardsolve, *SEATS, "--samples", "12", "--seed", "3", "--store", store)
    assert (studied["reused"], studied["chunks"]) == (0, 1)
    assert studied["options"] == seats.STUDY.resolve() == seats.OPTIONS
    default = analyze("cubu", "seats", samples=12, seed=3, workers=1, store=store, options=seats.STUDY.resolve())
    assert default.result == studied["result"] and default.reused == default.chunks == 1

    command = run_json(cardsolve, *SEATS, *SMALL, "--store", store)
    answer = analyze("cubu", "seats", samples=12, seed=3, workers=1, store=store, options=OPTIONS)
    assert answer.result == command["result"] and answer.reused == 1 and command["reused"] == 0
    assert command["options"] == OPTIONS and answer.result != studied["result"]


def test_an_option_value_is_part_of_the_store_key(cardsolve: RunCli, tmp_path: Path) -> None:
    store = str(tmp_path / "studies.sqlite")
    keys = {
        study_key("cubu", "seats", 12, 3, seats.STUDY.chunk_size, seats.STUDY.resolve({"target": target}))
        for target in (40, 41)
    }
    assert len(keys) == 2
    first = run_json(cardsolve, *SEATS, *SMALL, "--store", store)
    other = run_json(cardsolve, *SEATS, *SMALL[:-1], "41", "--store", store)
    again = run_json(cardsolve, *SEATS, *SMALL, "--store", store)
    assert (first["reused"], other["reused"], again["reused"]) == (0, 0, 1)
    assert other["options"]["target"] == 41 and again["result"] == first["result"]


def test_ctrl_c_keeps_the_finished_chunks_and_exits_130(
    cardsolve: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C comes while the second of three chunks runs; the rerun reads the first back."""
    games: list[int] = []

    def play_until_stopped(task: tuple[int, int, tuple[str, ...], int, int]) -> GameResult:
        games.append(task[1])
        if len(games) > seats.STUDY.chunk_size:
            raise KeyboardInterrupt
        return play_one(task)

    monkeypatch.setattr(seats, "play_one", play_until_stopped)
    store = tmp_path / "studies.sqlite"
    args = (
        *SEATS,
        "--samples",
        "500",
        "--players",
        "2",
        "--target",
        "20",
        "--workers",
        "1",
        "--store",
        str(store),
    )
    code, out, err = cardsolve(*args)
    assert code == 130 and not out
    assert err.strip() == f"stopped: 1 of 3 chunks are kept in {store}; the same command goes on from there"
    monkeypatch.undo()
    resumed = run_json(cardsolve, *args)
    assert (resumed["chunks"], resumed["reused"]) == (3, 1)


def test_a_line_up_past_its_bound_is_refused(cardsolve: RunCli, tmp_path: Path) -> None:
    """A bot may be named more than once (seated more often), but a line-up holds at most
    ``MAX_LINEUP`` names (a list of the same bot 100,000 times was read as a line-up)."""
    bots = ",".join(["greedy"] * 101)
    code, out, err = cardsolve(*SEATS, "--samples", "2", "--bots", bots, "--store", str(tmp_path / "s.sqlite"))
    assert (
        code == 2 and out == "" and err.startswith("error: a line-up of 101 bots: at most 100") and err.count("\n") == 1
    )
