"""The command line end to end: help on every command, JSON shapes, exit codes, and
bad input as one line on stderr with exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from conftest import RunCli

from cardsolve import cli
from cardsolve.solvers.interfaces.commands import COMMANDS
from cardsolve.solvers.interfaces.table import Command
from cardsolve.solvers.interfaces.values import Choice, shown


def _command_paths(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command and group under ``group``, as listed (the command table's commands are
    listed without being built, so that collecting the tests imports no solver)."""
    paths = []
    for name in group.list_commands(click.Context(group)):
        paths.append((*prefix, name))
        command = group.commands.get(name)
        if isinstance(command, click.Group):
            paths.extend(_command_paths(command, (*prefix, name)))
    return paths


@pytest.mark.parametrize("path", [(), *_command_paths(cli.cli)], ids=lambda p: " ".join(p) or "cardsolve")
def test_help_on_every_command(cardsolve: RunCli, path: tuple[str, ...]) -> None:
    code, out, err = cardsolve(*path, "--help")
    assert code == 0 and "Usage:" in out and not err


NUMERIC = ("numpy", "numba", "llvmlite", "ortools", "networkx", "matplotlib", "dask", "rich", "scipy")
"""The libraries the command line's help must not import: each takes tens of milliseconds
or more to load."""


def _loaded_by(probe: str) -> list[str]:
    """The libraries of ``NUMERIC``, and the command modules of the table, that the Python
    code ``probe`` loads in a fresh interpreter."""
    listed = "import json, sys; print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in NUMERIC or '.commands.' in m)))"
    code = f"NUMERIC = {NUMERIC!r}\n{probe}\n{listed}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    found: list[str] = json.loads(done.stdout.splitlines()[-1])
    return found


def test_the_root_help_imports_no_solver_and_no_game_commands() -> None:
    """``cardsolve --help`` starts fast: nothing numeric, and of the command table only the
    commands across games (a group's commands load when the group is used)."""
    probe = "from cardsolve import cli; cli.cli.main(['--help'], standalone_mode=False)"
    assert _loaded_by(probe) == ["cardsolve.solvers.interfaces.commands.across"]


def test_no_help_imports_a_numeric_library() -> None:
    """Every command's help, with its choices and its defaults read from the API's
    signature, in one fresh interpreter: the API modules load their solvers (numpy, numba,
    OR-Tools, networkx) only when a command runs."""
    probe = (
        "from cardsolve import cli; from cardsolve.solvers.interfaces.commands import COMMANDS\n"
        "for command in COMMANDS: cli.cli.main([*command.path, '--help'], standalone_mode=False)"
    )
    assert not [name for name in _loaded_by(probe) if ".commands." not in name]


@pytest.mark.parametrize(
    "command",
    [command for command in COMMANDS if any(isinstance(option.kind, Choice) for option in command.options)],
    ids=lambda command: " ".join(command.path),
)
def test_help_lists_each_choice_and_its_default(cardsolve: RunCli, command: Command) -> None:
    """The choices of an option come from the solvers' registries (the backends, the
    bots), read when the help is shown; its default, from the API's signature."""
    code, out, err = cardsolve(*command.path, "--help")
    assert code == 0, err
    flat = " ".join(out.split())
    defaults = command.defaults()
    for option in command.options:
        if isinstance(option.kind, Choice):
            assert f"{option.cli_name} {option.kind.metavar()}" in flat
            if defaults[option.name] is not None:
                assert f"[default: {getattr(defaults[option.name], 'value', defaults[option.name])}]" in flat


INTERRUPTED_WHILE_LOADING = """
import importlib.abc, sys
interrupted = sys.argv[1]
class Interrupt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == interrupted:
            raise KeyboardInterrupt
sys.meta_path.insert(0, Interrupt())
sys.argv[1:] = ["cubu", "--help"]
from cardsolve.cli import main
main()
"""


@pytest.mark.parametrize(
    "module", ["cardsolve.solvers.interfaces.commands", "cardsolve.solvers.interfaces.commands.cubu"]
)
def test_ctrl_c_while_the_commands_load_is_interrupted_not_a_traceback(module: str) -> None:
    """A Ctrl-C while the command line loads (made to fall on one import here: the command
    table as ``cardsolve.cli`` is imported, a group's commands as the group is first used)
    once printed a traceback."""
    done = subprocess.run([sys.executable, "-c", INTERRUPTED_WHILE_LOADING, module], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr.strip()) == (130, "", "interrupted")


@pytest.mark.parametrize("given", [{}, {"OMP_NUM_THREADS": "4"}, {"OPENBLAS_NUM_THREADS": "2"}])
def test_numpy_blas_runs_on_one_thread_unless_told(
    cardsolve: RunCli, monkeypatch: pytest.MonkeyPatch, given: dict[str, str]
) -> None:
    """Starting OpenBLAS's threads was a third of numpy's import, and no command multiplies
    matrices; a thread count the user sets is kept."""
    for name in cli.BLAS_THREADS:
        monkeypatch.delenv(name, raising=False)
    for name, value in given.items():
        monkeypatch.setenv(name, value)
    assert cardsolve("--version")[0] == 0
    assert {name: os.environ.get(name) for name in cli.BLAS_THREADS if os.environ.get(name)} == (
        given or {"OPENBLAS_NUM_THREADS": "1"}
    )


def test_console_script_runs() -> None:
    """The installed entry point itself, as a user calls it."""
    script = Path(sys.executable).with_name("cardsolve")
    done = subprocess.run(
        [
            str(script) if script.exists() else "cardsolve",
            "--json",
            "quibbles",
            "split",
            "6",
            "--display",
            "3,3,1,1,4,6",
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["taken"] == 5


@pytest.mark.parametrize("backend", ["numba", "cpsat", "reference"])
def test_split_json(cardsolve: RunCli, backend: str) -> None:
    code, out, _ = cardsolve("--json", "quibbles", "split", "5", "--display", "1,4,2,3,3,2", "--backend", backend)
    document = json.loads(out)
    assert code == 0
    assert document == {
        "value": 5,
        "display": [1, 4, 2, 3, 3, 2],
        "sets": document["sets"],
        "taken": 6,
        "proven": True,
        "backend": backend,
    }
    assert sorted(sum(s) for s in document["sets"]) == [5, 5, 5]


def test_split_text_when_nothing_is_takeable(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("quibbles", "split", "2", "--display", "6,6,5")
    assert code == 0 and "no set" in out


def test_combine_json(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "quibbles", "combine", "--hand", "1,2,1", "--display", "3,3,2")
    options = json.loads(out)["options"]
    assert code == 0
    assert {"played": [1, 2], "total": 3, "taken": 2} in options
    assert {"played": [1, 1], "total": 2, "taken": 1} in options


def test_move_shows_the_result_of_the_rulebook_split(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve(
        "--json",
        "quibbles",
        "move",
        "--hand",
        "6,4,4,4,4",
        "--display",
        "3,3,1,1,4,2",
        "--turn",
        "split 6 -> 3+3, 1+1+4; stash 4",
    )
    after = json.loads(out)["after"]
    assert code == 0
    assert after["display"] == [2] and after["collection"] == [4] and after["hand"] == [1, 1, 3, 3]


def test_hint_json(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve(
        "--json",
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
    )
    document = json.loads(out)
    assert code == 0
    assert len(document["ranked"]) == 3 and document["turns"] >= 3
    assert document["explanation"].startswith(document["ranked"][0]["text"])


def test_play_json(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve(
        "--json", "quibbles", "play", "--players", "3", "--seed", "1", "--bots", "greedy,greedy,random"
    )
    document = json.loads(out)
    assert code == 0 and document["bots"] == ["greedy", "greedy", "random"]
    assert document["turns"] and (document["winner"] is not None or document["stalled"] or document["cut_off"])


def test_solo_json_and_plot(cardsolve: RunCli, tmp_path: Path) -> None:
    picture = tmp_path / "solo.png"
    code, out, err = cardsolve(
        "--json",
        "analyze",
        "quibbles",
        "solo",
        "--samples",
        "3",
        "--seed",
        "1",
        "--policies",
        "greedy,random",
        "--workers",
        "1",
        "--store",
        str(tmp_path / "s.sqlite"),
        "--plot",
        str(picture),
    )
    assert code == 0, err
    document = json.loads(out)
    assert list(document["result"]["policies"]) == ["greedy", "random"]
    assert all(len(p["penalty_by_game"]) == 3 for p in document["result"]["policies"].values())
    assert document["plot"] == str(picture) and picture.read_bytes().startswith(b"\x89PNG")


def test_demo(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("--json", "demo", "--seed", "2")
    document = json.loads(out)
    assert code == 0 and all(s["backends_agree"] for s in document["splits"])
    ubongo = document["ubongo"]
    assert ubongo["backends_agree"] and len(ubongo["hand"]) == 9
    assert len(ubongo["layout"]["cards"]) == 7 if ubongo["solvable"] else len(ubongo["layout"]["cards"]) < 7
    assert document["combine_largest"] == (
        max(option["taken"] for option in cardsolve_json_combine(cardsolve, document))
        if document["combine_options"]
        else 0
    )
    code, text, _ = cardsolve("demo", "--seed", "2")
    assert "Best split of each hand card (numba, cpsat and reference agree and prove it):" in text


def cardsolve_json_combine(cardsolve: RunCli, document: dict[str, Any]) -> list[dict[str, Any]]:
    """``quibbles combine``'s options for the demo's hand and display."""
    hand, display = (",".join(map(str, document[key])) for key in ("hand", "display"))
    options: list[dict[str, Any]] = json.loads(
        cardsolve("--json", "quibbles", "combine", "--hand", hand, "--display", display)[1]
    )["options"]
    return options


def test_a_negative_seed_is_refused_not_read_as_its_positive_twin(cardsolve: RunCli) -> None:
    """Python's random deals seed -1 as seed 1: the demo once showed "deal -1" with deal 1's cards."""
    code, out, err = cardsolve("demo", "--seed", "-1")
    assert (code, out, err) == (2, "", "error: bad --seed -1: give 0 or more\n")


@pytest.mark.parametrize(
    "args, token",
    [
        (["quibbles", "split", "7", "--display", "1,2"], "7"),
        (["quibbles", "split", "5", "--display", "1,,2"], "empty card"),
        (["quibbles", "split", "5", "--display", "1,-2"], "-2"),
        (["quibbles", "split", "x", "--display", "1,2"], "x"),
        (["quibbles", "combine", "--hand", "1,9", "--display", "3"], "9"),
        (["quibbles", "hint", "--hand", "", "--display", "3"], "--hand"),
        (["quibbles", "hint", "--hand", "6", "--display", "3", "--variant", "simplified"], "6"),
        (
            ["quibbles", "move", "--hand", "1,2,6", "--display", "3,3,1,1,4,6", "--turn", "split 6 -> 3+3; stash 4"],
            "stashing 4s",
        ),
        (["quibbles", "move", "--hand", "1,2", "--display", "3,3", "--turn", "juggle 1"], "juggle"),
        (["quibbles", "play", "--bots", "greedy,smart,greedy"], "smart"),
        (["quibbles", "split", "5"], "--display"),
        (["analyze", "quibbles", "solo", "--samples", "0"], "bad --samples 0: give 1 to "),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cardsolve: RunCli, args: list[str], token: str) -> None:
    code, out, err = cardsolve(*args)
    assert code == 2 and not out
    assert err.count("\n") == 1 and err.startswith("error: ") and token in err
    assert "Traceback" not in err


def test_json_may_stand_anywhere(cardsolve: RunCli) -> None:
    code, out, _ = cardsolve("quibbles", "split", "6", "--display", "3,3", "--json")
    assert code == 0 and json.loads(out)["taken"] == 2


@pytest.mark.parametrize(
    "args",
    [
        ("bench", "quibbles", "--quick", "--out"),
        ("analyze", "cubu", "seats", "--samples", "10", "--plot"),
        ("analyze", "was-sticht", "chips", "--samples", "2", "--store"),
        ("ubongo", "render", "tests/data/ubongo_table.json", "--svg"),
    ],
    ids=lambda args: " ".join(args[:3]),
)
def test_an_output_file_in_a_missing_folder_is_refused_before_any_work(
    cardsolve: RunCli, tmp_path: Path, args: tuple[str, ...]
) -> None:
    target = tmp_path / "missing" / "out.file"
    code, out, err = cardsolve(*args, str(target))
    assert code == 2 and not out
    assert err.strip().splitlines() == [
        f"error: bad {args[-1]} {shown(str(target))}: the folder {target.parent} does not exist or cannot be written"
    ]
    assert not target.parent.exists()
