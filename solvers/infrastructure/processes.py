"""Child processes that cannot outlive their parent: the study runner's workers and the
web server's request processes both end when the process that started them ends."""

from __future__ import annotations

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when the thread that started it ends."""


def die_with_parent(parent: int) -> None:
    """Have Linux kill this process when its parent ends (``prctl(PR_SET_PDEATHSIG)``),
    and end at once if the parent is already gone; elsewhere nothing is done."""
    if not sys.platform.startswith("linux"):
        return
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)
