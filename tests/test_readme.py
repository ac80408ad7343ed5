"""The README's command-line tour is real: each example whose output it shows in full
is run here and must print exactly that (stdout and stderr together, in order)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest


README = Path(__file__).resolve().parent.parent / "README.md"


def _examples() -> list[tuple[str, str]]:
    """(command, output) for each ``$ cardsolve ...`` line in a code block, except those
    shown cut short ("...") or re-wrapped (JSON) and the long study runs."""
    examples, command, output, in_block = [], None, [], False
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
    return [(c, o) for c, o in examples
            if "..." not in o and not o.lstrip().startswith("{") and "--games 1000" not in c]


@pytest.mark.parametrize(("command", "expected"), _examples(), ids=lambda x: x[:60])
def test_readme_example_prints_what_the_readme_shows(command: str, expected: str, cardsolve,
                                                     monkeypatch) -> None:
    monkeypatch.chdir(README.parent)  # example files are named from the repository root
    _, out, err = cardsolve(*shlex.split(command)[1:])
    assert (out + err).rstrip() == expected.rstrip()


def test_readme_has_examples_to_check() -> None:
    assert len(_examples()) >= 6
