"""Issue 39, what a user's files and environment may hold: every file option reads at most
``MAX_FILE_BYTES`` whatever the file is (``/dev/zero``, an endless pipe, a huge sparse
file) and refuses more in one line; a bad ``NUMBA_NUM_THREADS`` is one line; control
characters from a file are escaped in the text output, never sent to the terminal raw."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import RunCli

from cardsolve.models.data import MAX_FILE_BYTES, read_user_json
from cardsolve.models.errors import BadInput

DATA = Path(__file__).resolve().parents[1] / "data"
TOO_LARGE = f"is over {MAX_FILE_BYTES // (1024 * 1024)} MB: no such file is that large"


def _run(*args: str, stdin: int | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardsolve.cli", *args],
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@pytest.mark.parametrize(
    "args",
    [
        ("ubongo", "verify", "--hand", "ABC/DEF", "--deck"),
        ("was-sticht", "table", "--deal"),
        ("subito", "score"),
        ("was-sticht", "deduce", "--clues"),
    ],
)
def test_dev_zero_is_refused_after_reading_the_cap(args: tuple[str, ...]) -> None:
    done = _run(*args, "/dev/zero")
    assert done.returncode == 2 and done.stdout == ""
    name = args[-1] if args[-1].startswith("--") else "TABLE.json"
    assert done.stderr.splitlines() == [f"error: {name} '/dev/zero' {TOO_LARGE}"]


def test_reading_dev_zero_takes_no_more_memory_than_the_cap() -> None:
    """The whole process (Python, numpy and the command) stays far from the gigabytes a
    read of the whole file took: measured in a process of its own, whose only child is
    the command."""
    measure = (
        "import resource, subprocess, sys;"
        "subprocess.run([sys.executable, '-m', 'cardsolve.cli', 'was-sticht', 'table', '--deal', '/dev/zero'],"
        " capture_output=True);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    peak_kb = int(subprocess.run([sys.executable, "-c", measure], capture_output=True, text=True).stdout)
    assert 0 < peak_kb < 600 * 1024


def test_a_huge_sparse_file_and_an_endless_pipe_are_refused(tmp_path: Path) -> None:
    sparse = tmp_path / "deal.json"
    with sparse.open("wb") as file:
        file.truncate(3 * 1024**3)  # 3 GB that take no room on disk
    done = _run("was-sticht", "table", "--deal", str(sparse))
    assert (
        done.returncode == 2 and done.stderr.startswith("error: --deal '") and done.stderr.endswith(f" {TOO_LARGE}\n")
    )
    with subprocess.Popen(["yes", "[1, 2, 3]"], stdout=subprocess.PIPE) as endless:
        assert endless.stdout is not None
        piped = _run("was-sticht", "deduce", "--clues", "/dev/stdin", stdin=endless.stdout.fileno())
        endless.kill()
    assert piped.returncode == 2 and piped.stderr == f"error: --clues '/dev/stdin' {TOO_LARGE}\n"


def test_a_file_at_the_cap_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "padded.json"
    path.write_bytes(b"{}" + b" " * (MAX_FILE_BYTES - 2))
    assert read_user_json(path, "a deck") == {}
    path.write_bytes(b"{}" + b" " * (MAX_FILE_BYTES - 1))
    with pytest.raises(BadInput, match=TOO_LARGE):
        read_user_json(path, "a deck")


@pytest.mark.parametrize("threads", ["0", "-2", "many", ""])
def test_a_bad_numba_thread_count_is_one_line(threads: str) -> None:
    done = _run(
        "ubongo", "verify", "--hand", "ABC/DEF,EFG/HIJ", "--k", "2", env={**os.environ, "NUMBA_NUM_THREADS": threads}
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"error: NUMBA_NUM_THREADS={threads!r}: give a whole number of threads, 1 or more\n"


def test_control_characters_from_a_file_are_escaped_in_the_text(cardsolve: RunCli, tmp_path: Path) -> None:
    table = json.loads((DATA / "subito_example.json").read_text(encoding="utf-8"))
    table["players"][0]["name"] = "Ada\x1b[2J\nX"
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    code, out, _ = cardsolve("subito", "score", str(path))
    assert code == 0 and "\x1b" not in out and "Ada\\x1b[2J\\nX 17" in out.splitlines()[-1]
    code, out, _ = cardsolve("--json", "subito", "score", str(path))
    assert code == 0 and json.loads(out)["players"][0] == "Ada\x1b[2J\nX"  # the JSON keeps it, escaped by JSON
