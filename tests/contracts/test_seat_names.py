"""The bots or policies named for the seats of a game, read alike in every game: names
stripped of spaces, an empty name refused, one name per seat (Quibbles, Was sticht? and
CUBU ``play``, the studies' line-ups and the like)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import RunCli

from cardsolve.models.errors import BadInput
from cardsolve.models.listing import check_one_per_seat, read_names
from cardsolve.solvers.cubu.bots import seat_bots as cubu_bots
from cardsolve.solvers.quibbles.bot_games import seat_policies
from cardsolve.solvers.was_sticht.bots import seat_bots as was_sticht_bots


def test_names_are_stripped_and_an_empty_one_is_refused() -> None:
    assert read_names(" greedy , random,strategist ") == ("greedy", "random", "strategist")
    assert read_names(["solver", " random"]) == ("solver", "random")
    for given in ("greedy,,random", "greedy, ", ",", " ", ""):
        with pytest.raises(BadInput, match="an empty name") as error:
            read_names(given)
        assert error.value.token == given


def test_one_name_per_seat() -> None:
    check_one_per_seat(("a", "b"), 2, "bot")
    with pytest.raises(BadInput, match=r"^1 bot for 3 players: name one per seat$"):
        check_one_per_seat(("a",), 3, "bot")
    with pytest.raises(BadInput, match=r"^3 policies for 2 players"):
        check_one_per_seat(("a", "b", "c"), 2, "policy")
    with pytest.raises(BadInput, match=r"^1 policy for 2 players"):
        check_one_per_seat(("a",), 2, "policy")


def test_every_game_reads_seats_alike() -> None:
    assert cubu_bots(" greedy, random ", 2) == ("greedy", "random")
    assert was_sticht_bots("solver , random,random", 3) == ("solver", "random", "random")
    assert seat_policies("greedy , random", 2) == ("greedy", "random")
    with pytest.raises(BadInput, match="an empty name"):
        cubu_bots("greedy,,random", 3)
    with pytest.raises(BadInput, match="an empty name"):
        was_sticht_bots("solver,", 2)
    with pytest.raises(BadInput, match="an empty name"):
        seat_policies("greedy,,", 3)


def test_an_empty_line_up_is_refused_as_a_blank_one_is(cardsolve: RunCli, tmp_path: Path) -> None:
    """``cubu simulate --bots ""`` (now ``analyze cubu seats``) once ran the default line-up
    while ``--bots " "`` was refused."""
    store = tmp_path / "s.sqlite"
    for given in ("", " "):
        code, out, err = cardsolve("analyze", "cubu", "seats", "--samples", "4", "--bots", given, "--store", str(store))
        assert code == 2 and not out and err == f"error: an empty name in {given!r}: names are separated by commas\n"
    assert not store.exists()


@pytest.mark.parametrize(
    "line",
    [
        ["cubu", "play", "--players", "2", "--bots", " greedy , random"],
        ["was-sticht", "play", "--players", "3", "--bots", "random, random ,random"],
        ["quibbles", "play", "--players", "2", "--bots", "greedy , greedy"],
    ],
    ids=lambda line: line[0],
)
def test_the_command_line_takes_spaced_names(cardsolve: RunCli, line: list[str]) -> None:
    code, _, err = cardsolve(*line)
    assert code == 0 and not err
    code, out, err = cardsolve(*line[:-1], "greedy,")
    assert code == 2 and not out and err.startswith("error: an empty name in 'greedy,'") and len(err.splitlines()) == 1
