"""Output that cannot be written: a full disk on stdout is one line on stderr and a
non-zero exit, a closed pipe a quiet non-zero exit; never a traceback (issue 14)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

FULL = Path("/dev/full")


def _cardsolve(*args: str, stdout: int) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).with_name("cardsolve")
    return subprocess.run(
        [str(script) if script.exists() else "cardsolve", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(not FULL.exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize(
    "args",
    [
        ("quibbles", "split", "6", "--display", "3,3,1,1,4,2"),
        ("--json", "cubu", "longest", "--top", "D-L-G", "--hand", "G-P-R-D,L-O"),
    ],
)
def test_a_full_stdout_is_one_line_and_a_failure(args: tuple[str, ...]) -> None:
    with FULL.open("w") as full:
        done = _cardsolve(*args, stdout=full.fileno())
    assert done.returncode == 1
    assert done.stderr.splitlines() == ["error: cannot write the output: No space left on device"]


def test_a_closed_pipe_ends_quietly_with_a_failure() -> None:
    """A reader that went away (``cardsolve ... | head -0``) ends the command with exit 1
    and no message, as Unix tools do (click's own handling of a broken pipe)."""
    reader = subprocess.Popen(["true"], stdin=subprocess.PIPE)
    reader.wait()
    assert reader.stdin is not None
    done = _cardsolve("quibbles", "split", "6", "--display", "3,3,1,1,4,2", stdout=reader.stdin.fileno())
    reader.stdin.close()
    assert done.returncode == 1 and done.stderr == ""


@pytest.mark.parametrize("args", [("--help",), ("was-sticht", "chips"), ("--json", "ubongo", "deck", "--round", "1")])
def test_a_closed_stdout_is_one_line_and_a_failure(args: tuple[str, ...]) -> None:
    """Started with stdout closed (``>&-``), the command prints nothing it cannot and says
    so in one line, for every command and for the help."""
    command = [sys.executable, "-m", "cardsolve.cli", *args]
    done = subprocess.run(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert (done.returncode, done.stderr) == (1, "error: cannot write the output: stdout is closed\n")
