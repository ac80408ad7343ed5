"""The README's and the documentation site's examples are real: each ``$ cardsolve ...``
example whose output is shown in full is run here and must print exactly that (stdout and
stderr together, in order), and each ```python block is a doctest that must pass. The
examples name files from the repository root, so they run there."""

from __future__ import annotations

import doctest
import shlex
from pathlib import Path

import pytest
from conftest import RunCli
from documents import DOCUMENTS, README, ROOT
from documents import name as _name


def _examples(document: Path) -> list[tuple[str, str]]:
    """(command, output) for each ``$ cardsolve ...`` line in a code block of DOCUMENT,
    except those shown cut short ("...") or re-wrapped (JSON) and the long study runs."""
    examples: list[tuple[str, str]] = []
    command: str | None = None
    output: list[str] = []
    in_block = False
    for line in document.read_text(encoding="utf-8").splitlines():
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


def _python_blocks(document: Path) -> list[tuple[int, str]]:
    """(line number, text) of each ```python block of DOCUMENT (written as doctests:
    ``>>>`` lines and the output they print)."""
    blocks: list[tuple[int, str]] = []
    current: list[str] | None = None
    start = 0
    for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1):
        if current is None and line.strip() == "```python":
            current, start = [], number
        elif current is not None and line.startswith("```"):
            blocks.append((start, "\n".join(current)))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


COMMANDS = [(_name(document), command, output) for document in DOCUMENTS for command, output in _examples(document)]
BLOCKS = [(_name(document), line, block) for document in DOCUMENTS for line, block in _python_blocks(document)]


@pytest.mark.parametrize(("document", "command", "expected"), COMMANDS, ids=[f"{d}:{c[:60]}" for d, c, _ in COMMANDS])
def test_example_prints_what_the_document_shows(
    document: str, command: str, expected: str, cardsolve: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    _, out, err = cardsolve(*shlex.split(command)[1:])
    assert (out + err).rstrip() == expected.rstrip(), document


@pytest.mark.parametrize(("document", "line", "block"), BLOCKS, ids=[f"{d}:{n}" for d, n, _ in BLOCKS])
def test_python_block_prints_what_the_document_shows(
    document: str, line: int, block: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(block, {}, f"{document}:{line}", str(ROOT / document), line)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0 and test.examples, "".join(failures)


def test_the_documents_have_examples_to_check() -> None:
    assert len(_examples(README)) >= 1
    assert len(COMMANDS) >= 6


def test_there_is_a_python_block_per_game() -> None:
    blocks = "\n".join(block for _, _, block in BLOCKS)
    for game in ("quibbles", "ubongo", "subito", "was_sticht", "cubu"):
        assert f"cardsolve.{game}" in blocks or f"import {game}" in blocks, game
