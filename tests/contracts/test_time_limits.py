"""Issue 14, time limits: undecided is its own answer (exit code 3, ``null`` or
``proven: false`` in JSON), a time limit bounds the whole command (model building
included), and a time limit that is no number of seconds (nan, inf, 0, negative, huge) is
refused by the API and by every ``--time-limit`` option alike."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from itertools import permutations

import pytest
from conftest import RunCli

from cardsolve.models.cubu.cards import parse_card
from cardsolve.models.errors import BadInput
from cardsolve.models.subito import load_deck
from cardsolve.solvers.cubu import api as cubu
from cardsolve.solvers.cubu.results import SpeedAnswer
from cardsolve.solvers.infrastructure import limits
from cardsolve.solvers.infrastructure.results import DOES_NOT_HOLD, UNDECIDED, Answer
from cardsolve.solvers.interfaces.commands import COMMANDS
from cardsolve.solvers.interfaces.table import Option
from cardsolve.solvers.interfaces.values import Seconds
from cardsolve.solvers.quibbles import api as quibbles
from cardsolve.solvers.subito import api as subito
from cardsolve.solvers.subito import fast as subito_fast
from cardsolve.solvers.subito.duel import duel
from cardsolve.solvers.subito.problem import Budget, make_problem
from cardsolve.solvers.subito.results import Placement
from cardsolve.solvers.ubongo import api as ubongo
from cardsolve.solvers.ubongo.results import AllLayouts

MARGIN = 3.0
"""Seconds a command may run past its time limit in these tests: the issue asks for a
second or two, and the machine is shared."""
SMALL_LIMIT = 0.3
"""A time limit far shorter than building the large models below takes."""
BAD_LIMITS = ["nan", "inf", "-inf", "0", "-1", "1e9"]
"""Time limits the command line refuses."""
UBONGO_HAND = ",".join(f"{number}w" for number in range(1, 41))
"""40 faces: thousands of card pairs for the CP-SAT model."""
ALIKE = ",".join(["AAA/AAA"] * 12)
"""12 alike faces: layouts of 9 of them run into the hundreds of thousands."""
SUBITO_TASKS = "2,3a,4a,5a,6a,7a,8a,9a"


def _cubu_hand(size: int) -> tuple[str, str]:
    """A centre card and ``size`` more distinct regular cards (colours innermost first),
    in notation; two boxes each, then three, so that many relate to each other."""
    cards = ["-".join(colours) for boxes in (2, 3) for colours in permutations("DLRGOP", boxes)]
    return cards[0], ",".join(cards[1 : size + 1])


def _timed(call: Callable[[], object]) -> tuple[object, float]:
    """``call()`` and the seconds it took."""
    start = time.monotonic()
    found = call()
    return found, time.monotonic() - start


def _time_limit_options() -> Iterator[tuple[str, Option]]:
    """Every ``--time-limit`` option of the command table (which the command line and the
    web are built from), with its command's path."""
    for command in COMMANDS:
        for option in command.options:
            if option.cli_name == "--time-limit" or option.name == "time_limit":
                yield " ".join(command.path), option


# 1. Undecided is its own answer


def test_ubongo_verify_out_of_time_is_undecided_with_exit_3(cardsolve: RunCli) -> None:
    code, out, err = cardsolve(
        "--json", "ubongo", "verify", "--hand", UBONGO_HAND, "--backend", "cpsat", "--time-limit", "0.001"
    )
    assert code == UNDECIDED and not err
    assert json.loads(out)["solvable"] is None


def test_ubongo_verify_proven_none_keeps_exit_1() -> None:
    found = ubongo.verify("ABC/DEF,GHI/JKL", k=2, backend="cpsat", time_limit=5)
    assert found.solvable is False and found.exit_code == DOES_NOT_HOLD


def test_ubongo_solve_out_of_time_shows_its_layout_as_undecided() -> None:
    best = ubongo.solve(UBONGO_HAND, backend="cpsat", time_limit=0.001)
    assert not best.proven and best.exit_code == UNDECIDED and best.cards >= 1
    assert best.text().startswith("Undecided: the time limit of 0.001 s ran out")
    assert best.to_json()["proven"] is False


def test_cubu_speed_out_of_time_is_undecided(cardsolve: RunCli) -> None:
    centre, hand = _cubu_hand(40)
    code, out, _ = cardsolve(
        "--json", "cubu", "speed", "--centre", centre, "--hand", hand, "--backend", "cpsat", "--time-limit", "0.001"
    )
    document = json.loads(out)
    assert code == UNDECIDED and document["solvable"] is None and document["proven"] is False


def test_cubu_speed_unproven_but_beyond_the_play_graph_is_a_proven_no() -> None:
    """A card the play graph cannot reach proves the hand cannot all be laid, whatever the
    search left open: exit 1, not 3."""
    centre, other = parse_card("D-R"), parse_card("G-O")
    answer = SpeedAnswer(centre, (other,), "colour", 0, (), 0, False, 0, "cpsat")
    assert answer.solvable is False and answer.exit_code == DOES_NOT_HOLD
    assert answer.text().startswith("not every card can be laid: 0 of the 1 laid before the time limit")


def test_subito_optimize_past_the_node_limit_is_undecided() -> None:
    problem = make_problem(subito.deal(1).piles[0], subito.deal(1).tasks)
    found = subito_fast.optimize(problem, Budget(node_limit=1))
    assert not found.proven and found.exit_code == UNDECIDED
    assert "best found, not proven optimal: undecided" in found.text()


def test_subito_duel_with_an_unproven_answer_is_undecided() -> None:
    found = duel(subito.deal(1), backend="numba", limit=1, budget=Budget(node_limit=1))
    assert not found.proven and found.exit_code == UNDECIDED and found.to_json()["proven"] is False
    assert "undecided: 1 answer not proven a best response" in found.text()


def test_quibbles_split_on_cpsat_out_of_time_is_undecided(cardsolve: RunCli) -> None:
    found = quibbles.split(6, [1, 2, 3, 4, 5, 1, 2, 3, 4, 5], backend="cpsat", time_limit=1e-9)
    assert not found.proven and found.exit_code == UNDECIDED
    code, out, _ = cardsolve(
        "quibbles", "split", "6", "--display", "1,5,2,4,3,3", "--backend", "cpsat", "--time-limit", "5"
    )
    assert code == 0 and "proven optimal" in out


# 2. A time limit bounds the whole command


def test_cubu_speed_cpsat_stops_within_its_limit_on_a_large_hand() -> None:
    centre, hand = _cubu_hand(47)
    found, seconds = _timed(lambda: cubu.speed(centre, hand, backend="cpsat", time_limit=SMALL_LIMIT))
    assert isinstance(found, SpeedAnswer)
    assert seconds < SMALL_LIMIT + MARGIN and found.solvable is None and found.exit_code == UNDECIDED


def test_subito_optimize_cpsat_stops_within_its_limit_on_a_large_pile() -> None:
    pile = [card.name for card in load_deck()]
    found, seconds = _timed(
        lambda: subito.optimize(",".join(pile), SUBITO_TASKS, backend="cpsat", time_limit=SMALL_LIMIT)
    )
    assert isinstance(found, Placement)
    assert seconds < SMALL_LIMIT + MARGIN and not found.proven and found.exit_code == UNDECIDED


@pytest.mark.parametrize("call", [ubongo.verify, ubongo.solve], ids=["verify", "solve"])
def test_ubongo_cpsat_stops_within_its_limit_on_a_large_hand(call: Callable[..., object]) -> None:
    """``solve`` tries size after size: the one limit bounds them all."""
    found, seconds = _timed(lambda: call(UBONGO_HAND, backend="cpsat", time_limit=SMALL_LIMIT))
    assert isinstance(found, Answer) and seconds < SMALL_LIMIT + MARGIN and found.exit_code == UNDECIDED


@pytest.mark.parametrize("backend", ["numba", "reference"])
def test_ubongo_layouts_stop_at_their_limit_with_what_they_found(cardsolve: RunCli, backend: str) -> None:
    """12 alike faces, k 9: hundreds of thousands of layouts, minutes on either backend.
    The numba kernel is compiled first, so that the limit times the search alone. The
    command line gets 2 s: in 0.5 s the reference, on a machine busy with six test
    processes, had found no layout yet to show."""
    ubongo.layouts("AAA/AAA,AAA/AAA", k=2)
    found, seconds = _timed(lambda: ubongo.layouts(ALIKE, k=9, backend=backend, time_limit=SMALL_LIMIT))
    assert isinstance(found, AllLayouts) and seconds < SMALL_LIMIT + MARGIN
    assert found.found.timed_out and not found.complete and found.exit_code == UNDECIDED and found.count > 0
    assert found.text().startswith(f"Undecided: the time limit of {SMALL_LIMIT:g} s ran out with {found.count} ")
    code, out, err = cardsolve(
        "--json", "ubongo", "layouts", "--hand", ALIKE, "--k", "9", "--backend", backend, "--time-limit", "2"
    )
    document = json.loads(out)
    assert code == UNDECIDED and not err
    assert document["timed_out"] and document["proven"] is False and not document["interrupted"]
    assert document["count"] >= len(document["layouts"]) > 0


def test_ubongo_layouts_within_their_limit_are_complete() -> None:
    found = ubongo.layouts("AAA/AAA,AAA/AAA,AAA/AAA", k=3, time_limit=30)
    assert found.complete and not found.found.timed_out and found.exit_code == 0 and found.count == 32
    assert found.to_json()["proven"] is True


# 3. A time limit is a number of seconds


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), -float("inf"), 0, -1, 0.0, 1e9, True])
def test_check_time_limit_refuses_what_is_no_time_limit(seconds: float) -> None:
    with pytest.raises(BadInput, match="bad time limit"):
        limits.check_time_limit(seconds)


@pytest.mark.parametrize("seconds", [1e-9, 1, 2.5, limits.MAX_TIME_LIMIT])
def test_check_time_limit_takes_seconds(seconds: float) -> None:
    assert limits.check_time_limit(seconds) == float(seconds)


@pytest.mark.parametrize(
    "call",
    [
        lambda seconds: ubongo.verify("ABC/DEF", k=1, time_limit=seconds),
        lambda seconds: ubongo.solve("ABC/DEF", k=1, time_limit=seconds),
        lambda seconds: ubongo.layouts("ABC/DEF", k=1, time_limit=seconds),
        lambda seconds: cubu.speed("D-R", "R-G", time_limit=seconds),
        lambda seconds: subito.optimize("Y4R", SUBITO_TASKS, time_limit=seconds),
        lambda seconds: quibbles.split(6, [1, 5], time_limit=seconds),
    ],
    ids=["ubongo verify", "ubongo solve", "ubongo layouts", "cubu speed", "subito optimize", "quibbles split"],
)
@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), 0.0, -2.0])
def test_the_api_refuses_what_is_no_time_limit(call: Callable[[float], object], seconds: float) -> None:
    with pytest.raises(BadInput, match="bad time limit"):
        call(seconds)


def test_every_time_limit_option_is_the_shared_one() -> None:
    found = list(_time_limit_options())
    assert {"ubongo verify", "ubongo solve", "ubongo layouts", "cubu speed", "subito optimize", "quibbles split"} <= {
        path for path, _ in found
    }
    assert all(
        option.cli_name == "--time-limit" and option.kind == Seconds() and option.kind.most == limits.MAX_TIME_LIMIT
        for _, option in found
    ), found


@pytest.mark.parametrize(
    "line",
    [
        ["ubongo", "verify", "--hand", "ABC/DEF", "--k", "1"],
        ["ubongo", "solve", "--hand", "ABC/DEF", "--k", "1"],
        ["ubongo", "layouts", "--hand", "ABC/DEF", "--k", "1"],
        ["cubu", "speed", "--centre", "D-R", "--hand", "R-G"],
        ["subito", "optimize", "--pile", "Y4R", "--tasks", SUBITO_TASKS],
        ["quibbles", "split", "6", "--display", "1,5"],
    ],
    ids=lambda line: " ".join(line[:2]),
)
@pytest.mark.parametrize("seconds", [*BAD_LIMITS, "soon"])
def test_the_command_line_refuses_what_is_no_time_limit(cardsolve: RunCli, line: list[str], seconds: str) -> None:
    code, out, err = cardsolve(*line, "--time-limit", seconds)
    assert code == 2 and not out and len(err.strip().splitlines()) == 1 and "--time-limit" in err
    assert "Traceback" not in err


# 4. The exit codes are documented where the user looks


def test_help_lists_every_exit_code(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--help")
    assert code == 0
    assert all(
        f"{number} {meaning}" in " ".join(out.split())
        for number, meaning in [
            ("0", "done"),
            ("1", "a check"),
            ("2", "bad input"),
            ("3", "undecided"),
            ("130", "interrupted"),
        ]
    )
