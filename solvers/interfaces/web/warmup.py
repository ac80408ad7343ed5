"""Every game's solvers loaded and each numba kernel run once on a small position
(``warm_up``), as the web server's fork server does before any request (``preload``), so
that the request processes forked from it start with everything loaded and warm (the
Subito hint's rollout kernels too: the first hint after an install used to compile them,
6.9 s). Each game's board is warmed as a page asks it: a seeded deal, played by its
first legal moves until ``evaluate`` values a seat's options. The test session runs it
too, once, before its test processes start (``tests/conftest.py``).

On a machine with a second core, ``warm_up_beside`` has a process of its own compile the
``BESIDE`` games' kernels into the cache while this one compiles the others', then loads
them: after a fresh install that is some 37 s instead of 65 s (2 cores), and a warm
cache costs the second core a second."""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from cardsolve.models.games import GAMES, command_name
from cardsolve.solvers.interfaces.web.calls import read_call
from cardsolve.solvers.interfaces.web.worker import OK, execute

TASKS = ["2", "3a", "4a", "5a", "6a", "7a", "8a", "9a"]
"""Round 1's sides of the task cards, for the Subito warm-ups."""
GREEDY_PILE = (
    "Y4A,R1B,R6S,Y6T,P5B,G2B,L3S,P2P,L5A,R1T,R4A,D3T,P1S,D4B,L2S,D4S,G1R,L1P,"
    "D5P,D1P,G4S,L3T,P1T,D1A,G6R,Y5T,P4R,D2S,G3S,L6P,Y3A,L2B,R5S,G2T,D6A,D6R"
)
GREEDY_TASKS = ["2", "3a", "4a", "5a", "6a", "7b", "8b", "9a"]
GREEDY_TABLE = {
    "tasks": GREEDY_TASKS,
    "players": [
        {"name": "P1", "placed": {}},
        {
            "name": "P2",
            "placed": {
                "2": ["Y3P", "P3A", "Y2R", "G5P", "R2A"],
                "3a": ["D3B", "P6T", "L5R"],
                "4a": ["G6P", "P2A", "Y2P"],
                "5a": ["G1A", "L1R", "P3R", "L6A"],
                "6a": ["R5T", "Y1S", "R2R"],
                "7b": ["G4T", "Y6S", "D2T"],
                "8b": ["R3R", "L4B", "G5A", "R4P", "Y5B", "P6B"],
                "9a": ["P5S", "G3B", "D5R", "R6B", "P4P", "Y1B", "R3P", "Y4R"],
            },
        },
    ],
}
"""A 36-card best response to a greedy player's table (the Subito benchmark's deal
303581153) that runs every kernel of the search, its price ascents included, in 0.1 s
once compiled: else the first best response that needs them compiles them (some 10 s)."""
WARM_UP = (
    ("quibbles", "split", {"value": "6", "display": "3,3,1,1,4,2"}),
    ("ubongo", "verify", {"hand": "ABC/DEF,EFG/HIJ,JKL/GCA", "k": 2}),
    ("subito", "optimize", {"pile": "Y4R,L6P,R2R,L1R", "tasks": ",".join(TASKS)}),
    ("subito", "duel", {"cards": 4, "limit": 2}),
    ("subito", "optimize", {"pile": GREEDY_PILE, "tasks": ",".join(GREEDY_TASKS), "vs": GREEDY_TABLE}),
    ("cubu", "speed", {"centre": "O-P-R-L-D", "hand": "D-G,R-G,O-L-R"}),
    ("cubu", "longest", {"top": "D-L-G", "hand": "G-P-R-D,L-O"}),
    (
        "subito",
        "hint",
        {
            "table": {"tasks": TASKS, "players": [{"name": "P1", "placed": {}}, {"name": "P2", "placed": {}}]},
            "card": "Y4A",
            "samples": 2,
        },
    ),
)

BOARD_MOVES = 80
"""The most first legal moves a board's warm-up plays looking for a seat's options to value
(Was sticht?'s chip draft takes 24 before the first trick)."""


def warm_board(game: str) -> bool:
    """Deal ``game`` (seed 1) and play its first legal moves until ``evaluate`` values a
    seat's options, as a board asks (``show``, ``apply``, ``evaluate``); whether one did."""
    name = command_name(game)
    dealt = execute(read_call(name, "start", {"seed": 1}))
    if dealt.status != OK:
        return False
    position = json.loads(dealt.json_text)
    for _ in range(BOARD_MOVES):
        shown = execute(read_call(name, "show", {"position": position}))
        if shown.status != OK:
            return False
        board = json.loads(shown.json_text)
        if board["to_move"] is None:
            return False
        if board["to_move"] and execute(read_call(name, "evaluate", {"position": position})).status == OK:
            return True
        moved = execute(read_call(name, "apply", {"position": position, "moves": board["legal_moves"][:1]}))
        if moved.status != OK:
            return False
        position = json.loads(moved.json_text)
    return False


def warm_up(games: Sequence[str] = GAMES) -> None:
    """Run the fast backends and the board of each of ``games`` once (loading each
    compiled kernel from the cache, or compiling it on the first start after an install)."""
    named = {command_name(game) for game in games}
    for group, command, options in WARM_UP:
        if group in named:
            execute(read_call(group, command, options))
    if "was_sticht" in games:
        deal = execute(read_call("was-sticht", "deal", {"seed": 1}))
        if deal.status == OK:
            solve = {"deal": json.loads(deal.json_text), "seat": 1, "task": "no-red"}
            execute(read_call("was-sticht", "solve", solve))
    for game in games:
        warm_board(game)


BESIDE = ("was_sticht", "cubu", "quibbles")
"""The games ``warm_up_beside`` warms in a second process: their kernels take some 35 s to
compile on a fresh install (Was sticht?'s search 30 s), the others' some 28 s."""


_MODULE = __spec__.name if __spec__ is not None else __name__
"""This module's name, also when it runs as ``__main__`` (``python -m``)."""


def warm_up_beside(games: Sequence[str] = GAMES) -> None:
    """``warm_up(games)``; when the ``BESIDE`` ones have not been warmed since the sources
    last changed (no ``_warmed_mark``) and this process may run on more than one core, a
    second process compiles their kernels into the cache at the same time as this one
    warms the others, and this one then warms them from the cache. The second process ends
    with this one (``_end_with``; killed if this one stops early)."""
    beside = [game for game in games if game in BESIDE]
    here = [game for game in games if game not in BESIDE]
    mark = _warmed_mark(beside)
    second = None
    if beside and here and not mark.exists() and len(os.sched_getaffinity(0)) > 1:
        command = [sys.executable, "-m", _MODULE, "--parent", str(os.getpid()), *beside]
        second = subprocess.Popen(command, stdin=subprocess.DEVNULL)
    try:
        warm_up(here)
        if second is not None:
            second.wait()
        warm_up(beside)
    finally:
        if second is not None and second.poll() is None:
            second.kill()
            second.wait()
    with contextlib.suppress(OSError):  # a cache that cannot be written: the next start looks again
        mark.touch()


def _warmed_mark(games: Sequence[str]) -> Path:
    """The file that says ``games`` were warmed: in the kernel cache's folder for the
    current sources (``jit.numba_cache_dir``), so an edit or a fresh install has none. With
    it, a second process would only load kernels from the cache (some 2 s of a start)."""
    from cardsolve.solvers.infrastructure.jit import numba_cache_dir

    return numba_cache_dir() / f"warmed-{'-'.join(sorted(games))}"


def _end_with(parent: int) -> None:
    """Have the kernel send this process SIGKILL when its parent ends (Linux's
    ``PR_SET_PDEATHSIG``; elsewhere the parent's ``finally`` is all), and end now if the
    parent ``parent`` already has."""
    with contextlib.suppress(OSError, AttributeError):  # not Linux
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    if os.getppid() != parent:
        sys.exit(1)


def _main(args: list[str]) -> None:
    """``python -m cardsolve.solvers.interfaces.web.warmup [--parent PID] [GAME...]``: warm
    the GAMEs (default: all, two processes at once as ``warm_up_beside``); with
    ``--parent``, as ``warm_up_beside``'s second process. Ctrl-C ends it quietly (130)."""
    try:
        if args[:1] == ["--parent"]:
            _end_with(int(args[1]))
            warm_up(args[2:])
        else:
            warm_up_beside(args or GAMES)
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    _main(sys.argv[1:])
