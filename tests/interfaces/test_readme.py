"""The README's command-line tour is real: each example whose output it shows in full
is run here and must print exactly that (stdout and stderr together, in order)."""

from __future__ import annotations

import doctest
import shlex
from pathlib import Path

import pytest
from conftest import RunCli

README = Path(__file__).resolve().parents[2] / "README.md"


def _examples() -> list[tuple[str, str]]:
    """(command, output) for each ``$ cardsolve ...`` line in a code block, except those
    shown cut short ("...") or re-wrapped (JSON) and the long study runs."""
    examples: list[tuple[str, str]] = []
    command: str | None = None
    output: list[str] = []
    in_block = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if command is not None:
                examples.append((command, "\n".join(output)))
            command, output, in_block = None, [], not in_block
        elif in_block and line.startswith("$ cardsolve "):
            if command is not None:
                examples.append((command, "\n".join(output)))
            command, output = line[2:], []
        elif command is not None:
            output.append(line)
    return [
        (c, o) for c, o in examples if "..." not in o and not o.lstrip().startswith("{") and "--samples 1000" not in c
    ]


@pytest.mark.parametrize(("command", "expected"), _examples(), ids=lambda x: x[:60])
def test_readme_example_prints_what_the_readme_shows(
    command: str, expected: str, cardsolve: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(README.parent)  # example files are named from the repository root
    _, out, err = cardsolve(*shlex.split(command)[1:])
    assert (out + err).rstrip() == expected.rstrip()


def test_readme_has_examples_to_check() -> None:
    assert len(_examples()) >= 6


def _python_blocks() -> list[tuple[int, str]]:
    """(line number, text) of each ```python block of the README (the Python API tour,
    written as doctests: ``>>>`` lines and the output they print)."""
    blocks: list[tuple[int, str]] = []
    current: list[str] | None = None
    start = 0
    for number, line in enumerate(README.read_text(encoding="utf-8").splitlines(), 1):
        if current is None and line.strip() == "```python":
            current, start = [], number
        elif current is not None and line.startswith("```"):
            blocks.append((start, "\n".join(current)))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


@pytest.mark.parametrize(("line", "block"), _python_blocks(), ids=lambda x: str(x) if isinstance(x, int) else "")
def test_readme_python_block_prints_what_the_readme_shows(
    line: int, block: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(README.parent)
    test = doctest.DocTestParser().get_doctest(block, {}, f"README.md:{line}", str(README), line)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0 and test.examples, "".join(failures)


def test_readme_has_a_python_block_per_game() -> None:
    blocks = "\n".join(block for _, block in _python_blocks())
    for game in ("quibbles", "ubongo", "subito", "was_sticht", "cubu"):
        assert f"cardsolve.{game}" in blocks or f"import {game}" in blocks, game
