"""Every option of every command, fuzzed: the command tree is walked from ``cli.cli`` (the
command table's groups and commands, and ``serve``), so a new command or option is covered
without a word here (a command without a base invocation fails
``test_every_command_has_a_base_invocation``). Each option's kind of value is the command
table's (``interfaces.values``).

For each (command, parameter) the command's base invocation -- cheap and valid, from
``BASES`` -- is run with that one parameter broken. A value that is certainly invalid (out
of the option's range, not a number, not a choice, a file that is missing, a folder, not
JSON, nested past any parser's depth, a list of 100,000 cards) must be refused as usage
errors are: exit 2, one line on stderr starting "error: ", no traceback. A free-text value
that may happen to be valid must at least end without a traceback, with an exit code in
{0, 1, 2, 3}, and on exit 2 with one stderr line. Numeric values are only ever ones that
must be refused, so that no fuzzed value starts a long run; ``bench`` and ``demo`` get only
certainly invalid values, since a valid one would run benchmarks or the whole demo.
"""

from __future__ import annotations

import json
import math
import shlex
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from conftest import RunCli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invocations import BASES, DATA

from cardsolve.cli import cli
from cardsolve.models.errors import BadInput
from cardsolve.solvers.interfaces.cli.serve import MOST_SECONDS
from cardsolve.solvers.interfaces.commands import COMMANDS
from cardsolve.solvers.interfaces.values import Choice, Document, Flag, Kind, OutputFile, Seconds, Text, Whole

NEVER_RUN = {"bench", "demo", "serve"}
"""Commands whose base invocation is expensive (benchmarks, the whole demo) or never ends (the
web server): they get only certainly invalid values, refused before any work."""

TOKENS = [
    "1",
    "6",
    "0",
    "7",
    "-1",
    "ABC/DEF",
    "17w",
    "999b",
    "R9",
    "X0",
    "Y6S",
    "G-P-R",
    "pickup2",
    "2",
    "3a",
    "hint",
    "greedy",
    "exactly-2",
    "split 6 -> 3+3",
    ";",
    "+",
    "/",
    "->",
    "\x00",
    "\u00e9",
    "\U0001f0a1",
    "nan",
]
"""Tokens for card lists: valid ones of some game, unknown ones and punctuation."""


@dataclass(frozen=True)
class Case:
    """A value for one parameter, and whether it is certainly invalid (else it may happen
    to be valid, and only the weaker promise holds)."""

    value: str
    certain: bool


@dataclass(frozen=True)
class Files:
    """Where a case's files go: a fresh folder per test."""

    folder: Path

    def write(self, name: str, content: bytes) -> str:
        path = self.folder / name
        path.write_bytes(content)
        return str(path)


SERVE: dict[str, Kind] = {
    "host": Text(),
    "port": Whole(1, 65535),
    "time_limit": Seconds(MOST_SECONDS),
    "workers": Whole(1, 64),
}
"""The kinds of ``serve``'s options (it is the web server, not a command of the table)."""


def _kind(path: str, param: click.Parameter) -> Kind:
    """The kind of value ``param`` of the command ``path`` takes: the command table's."""
    if path == "serve":
        return SERVE[param.name or ""]
    command = next(command for command in COMMANDS if " ".join(command.path) == path)
    return next(option.kind for option in command.options if option.name == param.name)


def _commands(group: click.Group = cli, path: tuple[str, ...] = ()) -> list[tuple[str, click.Command]]:
    """Every leaf command under ``group``, named by its path (``"quibbles split"``)."""
    found: list[tuple[str, click.Command]] = []
    context = click.Context(group)
    for name in sorted(group.list_commands(context)):
        command = group.get_command(context, name)
        assert command is not None
        if isinstance(command, click.Group):
            found += _commands(command, (*path, name))
        else:
            found.append((" ".join((*path, name)), command))
    return found


def _parameters() -> list[tuple[str, str]]:
    return [(path, param.name or "") for path, command in _commands() for param in command.params]


def _command(path: str) -> click.Command:
    return dict(_commands())[path]


def _base(path: str, folder: Path) -> tuple[list[str], dict[str, str | None]]:
    """The base invocation of ``path``: its positional arguments and its options (value
    ``None`` for a flag). A command without one fails the test."""
    if path not in BASES:
        pytest.fail(f"no base invocation for 'cardsolve {path}': add one to BASES, so that it is fuzzed")
    command = _command(path)
    flags = {opt for param in command.params if isinstance(param, click.Option) and param.is_flag for opt in param.opts}
    tokens = shlex.split(BASES[path].format(data=DATA, tmp=folder))
    positionals: list[str] = []
    options: dict[str, str | None] = {}
    while tokens:
        token = tokens.pop(0)
        if token in flags:
            options[token] = None
        elif token.startswith("--"):
            options[token] = tokens.pop(0)
        else:
            positionals.append(token)
    return positionals, options


def _line(path: str, command: click.Command, param: click.Parameter, value: str, folder: Path) -> list[str]:
    """The base invocation of ``path`` with ``param`` set to ``value`` (an option as
    ``--name=value``, so that a value starting with a dash stays a value)."""
    positionals, options = _base(path, folder)
    if isinstance(param, click.Option):
        options.pop(param.opts[0], None)
        options[param.opts[0] + "=" + value] = None
    else:
        arguments: list[click.Parameter] = [p for p in command.params if isinstance(p, click.Argument)]
        index = arguments.index(param)
        if index < len(positionals):
            positionals[index] = value
        else:
            positionals.append(value)
    flat = [part for option, given in options.items() for part in ([option] if given is None else [option, given])]
    return [*path.split(), *flat, "--", *positionals]


def _not_an_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return True
    return False


def _not_a_float(text: str) -> bool:
    try:
        return not math.isfinite(float(text))
    except ValueError:
        return True


NOT_NUMBERS = st.one_of(
    st.sampled_from(["", " ", "1.5", "1e3", "nan", "inf", "-inf", "0x10", "1,2", "ten", "--"]), st.text(max_size=12)
)


def _int_cases(kind: Whole) -> st.SearchStrategy[Case]:
    """Integers that must be refused: not integers at all (a number of 5,000 digits
    among them), or out of the kind's range."""
    cases = (NOT_NUMBERS.filter(_not_an_int) | st.just("6" * 5000)).map(lambda text: Case(text, True))
    out: list[st.SearchStrategy[int]] = [st.integers(max_value=kind.low - 1) | st.just(-(10**30))]
    most = kind.most()
    if most is not None:
        out.append(st.integers(min_value=most + 1) | st.just(10**30) | st.just(2**64 - 1))
    return cases | st.one_of(out).map(lambda number: Case(str(number), True))


def _float_cases(kind: Seconds) -> st.SearchStrategy[Case]:
    """Numbers that must be refused: not numbers, nan and inf, and out of range (a time
    limit is above 0 and at most the kind's most)."""
    bad = NOT_NUMBERS.filter(_not_a_float) | st.sampled_from(["nan", "inf", "-inf", "NaN", "1e400"])
    cases = bad.map(lambda text: Case(text, True))
    out = st.floats(max_value=0.0, allow_nan=False, allow_infinity=False) | st.floats(
        min_value=kind.most, allow_nan=False, allow_infinity=False, exclude_min=True
    )
    return cases | out.map(lambda number: Case(repr(number), True))


def _choice_cases(kind: Choice) -> st.SearchStrategy[Case]:
    choices = set(kind.names())
    text = st.text(max_size=20) | st.sampled_from([choice.upper() + "x" for choice in choices])
    return text.filter(lambda value: value not in choices).map(lambda value: Case(value, True))


def _long_list(separator: str = ",") -> st.SearchStrategy[Case]:
    """100,000 tokens: more cards, bots or anything than any command takes."""
    return st.lists(st.sampled_from(TOKENS), min_size=1, max_size=3).map(
        lambda tokens: Case(separator.join(tokens * (100_000 // len(tokens))), True)
    )


def _text_cases(path: str) -> st.SearchStrategy[Case]:
    """Free text (card lists, turns, bots, names): random text, token lists, unknown
    tokens, empty strings -- which may happen to be valid -- and lists far too long."""
    maybe = st.one_of(
        st.text(max_size=40),
        st.lists(st.sampled_from(TOKENS), max_size=12).map(",".join),
        st.sampled_from(["", " ", ",", ",,", "-", "--", "?", "\n", "a\nb", "\t"]),
    ).map(lambda value: Case(value, False))
    unknown = st.text(max_size=10).map(lambda text: Case("no-such-" + text.replace(",", ""), path in NEVER_RUN))
    if path in NEVER_RUN:
        return _long_list() | unknown
    return maybe | _long_list() | _long_list(" ") | unknown


def _file_cases(files: Files, writes: bool) -> st.SearchStrategy[Case]:
    """A path that cannot be read, or whose content is not (or not quite) a JSON document
    of the command's; a file to write in a missing folder, a folder, or no name at all."""
    unusable = [
        str(files.folder / "no-folder" / "file.json"),
        str(files.folder),
        "",
        str(files.folder / "file.txt" / "under-a-file.json"),
    ]
    missing = st.sampled_from(unusable + ([] if writes else [str(files.folder / "missing.json")])).map(
        lambda name: Case(name, True)
    )
    if writes:
        files.write("file.txt", b"a file, not a folder")
        bad_names = st.sampled_from(["picture.xyz", "no-extension", "table.json.", "x.png/"]).map(
            lambda name: Case(str(files.folder / "no-folder" / name), True)
        )
        return missing | bad_names
    files.write("file.txt", b"a file, not a folder")
    broken = st.one_of(
        st.text(max_size=60).filter(_not_json).map(str.encode),
        st.sampled_from(
            [
                b"",
                b"\xff\xfe\x00 not utf-8",
                b"{",
                b'{"cards": [',
                b"[" * 100_000 + b"]" * 100_000,
                b'{"a": ' * 50_000 + b"1" + b"}" * 50_000,
                b"\xef\xbb\xbf{",
            ]
        ),
    ).map(lambda content: Case(files.write("broken.json", content), True))
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "cards",
                        "card",
                        "tasks",
                        "table",
                        "rows",
                        "hands",
                        "clues",
                        "leader",
                        "trumps",
                        "x",
                        "y",
                        "rotation",
                        "players",
                    ]
                )
                | st.text(max_size=6),
                inner,
                max_size=4,
            )
        ),
        max_leaves=12,
    )
    shaped = json_values.map(lambda value: Case(files.write("shaped.json", json.dumps(value).encode()), False))
    oversized = st.sampled_from(["cards", "tasks", "clues", "table", "hands"]).map(
        lambda key: Case(
            files.write("oversized.json", json.dumps({key: [{"card": "1w", "x": 0}] * 100_000}).encode()), False
        )
    )
    return missing | broken | shaped | oversized


def _not_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return True
    return False


def _cases(path: str, param: click.Parameter, files: Files) -> st.SearchStrategy[Case]:
    """The values to try for ``param`` of ``path``, by its kind in the command table."""
    kind = _kind(path, param)
    if isinstance(kind, Flag):
        return st.text(max_size=10).map(lambda value: Case(value, True))  # --flag=value: a flag takes none
    if isinstance(kind, Whole):
        return _int_cases(kind)
    if isinstance(kind, Seconds):
        return _float_cases(kind)
    if isinstance(kind, Choice):
        return _choice_cases(kind)
    if isinstance(kind, (Document, OutputFile)):
        return _file_cases(files, isinstance(kind, OutputFile))
    return _text_cases(path)


def _problem(case: Case, code: int, out: str, err: str) -> str | None:
    """What is wrong with how the command answered ``case`` (None: nothing): a traceback,
    an exit code other than 2 for a value that must be refused (or than 0-3 for any),
    or a refusal that is not one ``error:`` line."""
    lines = err.splitlines()
    if "Traceback" in out + err:
        return f"a traceback: {err[-600:]}"
    if code != 2 and case.certain:
        return f"exit {code} for a value that must be refused: {out[:300]} {err[:300]}"
    if code not in {0, 1, 2, 3}:
        return f"exit {code}: {err[:300]}"
    if code == 2 and not (len(lines) == 1 and lines[0].startswith("error: ")):
        return f"not one error line: {err[:600]}"
    return None


def test_every_command_has_a_base_invocation(cardsolve: RunCli, tmp_path: Path) -> None:
    """Each command of the tree has a base invocation, none is stale, and each runs cleanly
    (but the benchmarks and the demo), so that a fuzzed value is the only thing wrong."""
    paths = [path for path, _ in _commands()]
    assert sorted(set(paths) - set(BASES)) == [], "commands without a base invocation in BASES"
    assert sorted(set(BASES) - set(paths)) == [], "base invocations of commands that do not exist"
    for path in paths:
        if path in NEVER_RUN:
            continue
        positionals, options = _base(path, tmp_path)
        flat = [part for option, given in options.items() for part in ([option] if given is None else [option, given])]
        code, _out, err = cardsolve(*path.split(), *flat, "--", *positionals)
        assert code in {0, 1, 3} and "error" not in err, (path, code, err)


@pytest.mark.parametrize(("path", "name"), _parameters(), ids=lambda x: x)
@settings(
    max_examples=8,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.large_base_example,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data(), as_json=st.booleans())
def test_a_bad_value_of_any_option_is_one_error_line(
    path: str,
    name: str,
    data: st.DataObject,
    as_json: bool,
    cardsolve: RunCli,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # a relative name a value may happen to give lands here
    command = _command(path)
    param = next(p for p in command.params if p.name == name)
    _base(path, tmp_path)  # fails when the command has no base invocation
    case = data.draw(_cases(path, param, Files(tmp_path)), label="case")
    line = _line(path, command, param, case.value, tmp_path)
    code, out, err = cardsolve(*(["--json"] if as_json else []), *line)
    problem = _problem(case, code, out, err)
    assert problem is None, problem


@pytest.mark.parametrize("raw", ["0\x1f", "1\x1c", "\x1e6", "7\x1d"])
def test_a_whole_number_with_a_control_character_is_refused(raw: str) -> None:
    """``str.strip`` drops the separators \\x1c-\\x1f, which Python's ``int`` refuses: a seed
    of "0\\x1f" was read as 0 (found by the fuzz test above)."""
    with pytest.raises(BadInput, match=r"^bad seed .*: give a whole number, 0 or more$"):
        Whole(0).read(raw, "seed")


@pytest.mark.parametrize(("raw", "value"), [(" 7 ", 7), ("+3", 3), ("7\xa0", 7), ("\t12\n", 12)])
def test_a_whole_number_reads_as_python_reads_it(raw: str, value: int) -> None:
    assert Whole(0).read(raw, "seed") == value
