"""Child processes: how many a machine can run (``most_workers``), and that they cannot
outlive their parent (the study runner's workers and the web server's request processes
both end when the process that started them ends)."""

from __future__ import annotations

import os
import signal
import sys

WORKER_BYTES = 200 * 1024 * 1024
"""The memory one worker process needs: Python, numpy, numba and a game's compiled kernels
come to about 190 MB."""


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def most_workers() -> int:
    """The most worker processes worth starting here: one per core, and no more than the
    memory now free holds (``WORKER_BYTES`` each); at least one."""
    try:
        free = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):  # no such figure on this system: the cores decide
        return cores()
    return max(1, min(cores(), free // WORKER_BYTES))


PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when the thread that started it ends."""


def die_with_parent(parent: int) -> None:
    """Have Linux kill this process when its parent ends (``prctl(PR_SET_PDEATHSIG)``),
    and end at once if the parent is already gone; elsewhere nothing is done."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes  # here, not at the top: the command line reads most_workers and starts faster without it

    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)
