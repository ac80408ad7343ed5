"""The Python API refuses a value of the wrong kind or out of range as bad input naming it,
as the command line does: never a TypeError from inside a solver, never a silently other
answer (a QA pass found about fifty such calls across the five games)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import pytest
from invocations import DATA, base_args, line_options

import cardsolve
from cardsolve import cubu, quibbles, subito, ubongo, was_sticht
from cardsolve.models.errors import BadInput
from cardsolve.models.subito import parse_cards, parse_tasks
from cardsolve.solvers.infrastructure.arguments import checked
from cardsolve.solvers.interfaces.commands import COMMANDS
from cardsolve.solvers.interfaces.values import Whole

SIDES = "2,3a,4a,5a,6a,7a,8a,9a"
MIDROUND = json.loads((DATA / "subito_midround.json").read_text(encoding="utf-8"))
CUBU_HAND = "G-P-R-D,O-P-R-L-D,R-O-P-G,L-O,O-P,P-D-G-R-O,G-R-D-L-O-P,pickup2"


@checked
def _example(
    count: int, name: str | None = None, values: Sequence[int] = (), share: float = 0.5, side: Literal["a", "b"] = "a"
) -> str:
    return f"{count} {name} {list(values)} {share} {side}"


def test_checked_reads_the_hints_as_the_caller_means_them() -> None:
    example: Any = _example  # called with wrong kinds on purpose
    assert example(2, "x", [1, 2], 1, "b") == "2 x [1, 2] 1 b"  # an int is a float too
    assert example(0, values=(3,)) == "0 None [3] 0.5 a"
    wrong: list[tuple[tuple[Any, ...], dict[str, Any], str]] = [
        ((True,), {}, "count is True, not a whole number"),
        ((2, 5), {}, "name is 5, not a string or None"),
        ((2,), {"values": "12"}, "values is '12', not a list (each item a whole number)"),
        ((2,), {"values": [1, "2"]}, "not a list (each item a whole number)"),
        ((2,), {"share": "0.5"}, "share is '0.5', not a number"),
        ((2,), {"side": "c"}, "side is 'c', not one of 'a', 'b'"),
    ]
    for args, options, said in wrong:
        with pytest.raises(BadInput, match=re.escape(said)) as error:
            example(*args, **options)
        assert error.value.token is not None and str(error.value).startswith("_example: ")


def _deal() -> Any:
    return was_sticht.deal(seed=1).deal


CALLS: list[tuple[Any, str, tuple[Any, ...], dict[str, Any], str]] = [
    # wrong kinds
    (quibbles, "split", (6, None), {}, "split: display is None"),
    (quibbles, "hint", ("6,4", "3,3"), {"samples": "4"}, "hint: samples is '4', not a whole number"),
    (quibbles, "play", (), {"players": 2, "bots": "greedy,greedy", "seed": None}, "play: seed is None"),
    (ubongo, "deal", (3,), {"seed": -1}, "deal: seed -1 is negative"),
    (quibbles, "play", (), {"players": 2, "bots": [1, 2]}, "play: bots is [1, 2]"),
    (quibbles, "split", (True, "1,1,1"), {}, "split: value is True"),
    (ubongo, "deal", ("1",), {}, "deal: round_number is '1'"),
    (ubongo, "verify", (None,), {}, "verify: hand is None"),
    (ubongo, "verify", ("1w,2w",), {"k": "7"}, "verify: k is '7'"),
    (ubongo, "check", ("1w",), {}, "check: layout is '1w'"),
    (subito, "optimize", (None, SIDES), {}, "optimize: pile is None"),
    (cardsolve, "analyze", ("subito", "hints"), {"samples": "1"}, "analyze: samples is '1'"),
    (cardsolve, "analyze", ("subito", 2), {"samples": 1}, "analyze: study is 2"),
    (was_sticht, "deduce", ("B7,R6,Y2,R3",), {}, "deduce: clues is 'B7,R6,Y2,R3'"),
    (was_sticht, "solve", (_deal, "1", "no-red"), {}, "solve: seat is '1'"),
    (cubu, "longest", (None, "D-G"), {}, "longest: top is None"),
    (cubu, "speed", ("D-L-G", None), {}, "speed: hand is None"),
    # out of range, as the command line's ranges
    (cubu, "longest", ("D-L-G", CUBU_HAND), {"limit": 0}, "bad limit 0: give 1 to 10000"),
    (quibbles, "hint", ("6,4,4,4,4,4", "3,3,1,1,4,2"), {"samples": 0}, "bad samples 0: give 1 to 10000"),
    (quibbles, "hint", ("6,4,4", "3,3"), {"opponents": 10}, "bad opponents 10: give 0 to 4"),
    (quibbles, "hint", ("6,4", "3,3"), {"top": -1}, "bad top -1: give 1 to 1000"),
    (was_sticht, "play", (), {"rounds": 0}, "bad round limit 0: give 1 to 1000"),
    (ubongo, "layouts", ("1w,2w,3w",), {"k": 2, "show": -1}, "bad number of layouts to show -1"),
    (was_sticht, "choose", (_deal, 2), {"chips": []}, "no chips given"),
    (quibbles, "play", (), {"players": 6}, "bad number of players 6: give 1 to 5"),
    (subito, "deal", (1,), {"deck": [subito.deck().cards[0]] * 72}, "appears twice in the deck"),
    # issue 39, item 10: the API skipped these command-line ranges
    (subito, "hint", (MIDROUND, "Y6S"), {"samples": 5_000_000}, "bad samples 5000000: give 1 to 100000"),
    (subito, "duel", (1,), {"limit": 1001}, "bad limit 1001: give 1 to 1000"),
    (ubongo, "layouts", ("1w,2w,3w",), {"k": 2, "limit": 0}, "bad limit 0: give 1 to"),
    (ubongo, "layouts", ("1w,2w,3w",), {"k": 2, "show": 10_001}, "bad number of layouts to show 10001"),
    (ubongo, "verify", ("1w,2w,3w",), {"k": 109}, "bad k 109: give 0 to 108"),
    (quibbles, "hint", ("6,4", "3,3"), {"shortlist": 100_001}, "bad shortlist 100001: give 1 to 100000"),
    (quibbles, "hint", ("6,4", "3,3"), {"top": 1001}, "bad top 1001: give 1 to 1000"),
    (cubu, "longest", ("D-L-G", CUBU_HAND), {"limit": 10_001}, "bad limit 10001: give 1 to 10000"),
    (cubu, "play", (), {"players": 2, "rounds": 1001}, "bad number of rounds 1001: give 1 to 1000"),
]


@pytest.mark.parametrize(("module", "name", "args", "options", "said"), CALLS, ids=[call[-1] for call in CALLS])
def test_a_wrong_or_out_of_range_argument_is_bad_input_naming_it(
    module: Any, name: str, args: tuple[Any, ...], options: dict[str, Any], said: str
) -> None:
    given = tuple(arg() if arg is _deal else arg for arg in args)
    with pytest.raises(BadInput) as error:
        getattr(module, name)(*given, **options)
    assert said in str(error.value) and "\n" not in str(error.value)


STUDY_OPTIONS: list[tuple[str, str, str, Any]] = [
    ("subito", "hints", "policies", [1]),
    ("subito", "hints", "hint_samples", "4"),
    ("quibbles", "solo", "policies", [1]),
    ("quibbles", "solo", "hint_shortlist", "12"),
    ("quibbles", "solo", "clairvoyant_width", 2.5),
    ("cubu", "seats", "player_count", "3"),
    ("cubu", "seats", "bots", [1]),
    ("cubu", "versus", "bot", 1),
    ("cubu", "versus", "target", 2.5),
]
"""A study's own option of the wrong kind, given to ``cardsolve.analyze`` (the removed
``quibbles.solo``, ``subito.hints`` and ``cubu.simulate`` refused these by their hints)."""


@pytest.mark.parametrize(
    ("game", "study", "name", "value"), STUDY_OPTIONS, ids=[f"{g} {s}: {n}={v!r}" for g, s, n, v in STUDY_OPTIONS]
)
def test_a_study_option_of_the_wrong_kind_is_bad_input_naming_it(
    tmp_path: Path, game: str, study: str, name: str, value: Any
) -> None:
    """Refused before any work (no store is made), in one line naming the option and the
    value: never a TypeError from inside the study, never a study run with it."""
    store = tmp_path / "s.sqlite"
    with pytest.raises(BadInput) as error:
        cardsolve.analyze(game, study, samples=1, workers=1, store=str(store), options={name: value})
    message = str(error.value)
    assert "\n" not in message and repr(value) in message
    assert name in message or name.replace("_", " ") in message
    assert not store.exists()


def test_a_limit_only_cuts_the_runs_listed() -> None:
    """``cubu.longest(limit=0)`` once said no run could be played on a hand that has a run of 4."""
    one = cubu.longest("D-L-G", CUBU_HAND, limit=1)
    every = cubu.longest("D-L-G", CUBU_HAND, limit=None)
    assert one.exit_code == every.exit_code == 0 and len(one.runs) == 1
    assert one.to_json()["length"] == every.to_json()["length"] and one.total == every.total


def test_model_objects_and_notation_still_give_one_answer() -> None:
    notation = subito.optimize("Y4R,L6P,R2R,L1R", SIDES)
    objects = subito.optimize(parse_cards("Y4R,L6P,R2R,L1R"), parse_tasks(SIDES))
    assert notation.to_json() == objects.to_json()
    assert quibbles.split(6, [3, 3, 1, 1, 4, 2]).taken == quibbles.split("6", "3,3,1,1,4,2").taken == 5


WHOLE_OPTIONS = [
    (command, option)
    for command in COMMANDS
    if command.group  # the games' commands and the studies, not demo, bench or serve
    for option in command.options
    if isinstance(option.kind, Whole)
]
"""Every whole-number option of the command table, with its command."""


@pytest.mark.parametrize(
    ("command", "option"),
    WHOLE_OPTIONS,
    ids=[f"{' '.join(command.path)} {option.cli_name}" for command, option in WHOLE_OPTIONS],
)
def test_the_api_keeps_every_range_of_the_command_line(command: Any, option: Any, tmp_path: Path) -> None:
    """Issue 39, item 10: each whole-number option's range, read from the command table,
    holds in the API function itself: one past either end, given to the function directly
    (not through the option's reader), is bad input naming the value, before any work (a
    study makes no store)."""
    path = " ".join(command.path)
    most = option.kind.most()
    for bad in (option.kind.low - 1, *(() if most is None else (most + 1,))):
        values = command.read(line_options(command, base_args(path, tmp_path)))
        values[option.name] = bad
        with pytest.raises(BadInput) as error:
            command.run(values)
        message = str(error.value)
        assert str(bad) in message and "\n" not in message, f"{path} {option.cli_name} {bad}: {message}"
    assert not (tmp_path / "store.sqlite").exists()
