"""The thread count numba is told (``$NUMBA_NUM_THREADS``), checked before numba reads it:
numba stops with a traceback on anything but a whole number from 1. ``jit`` checks it
before it imports numba, and the command line before any command runs, so that a bad value
is one line of bad input also for a command that answers without numba (a small verify or
split, ``interpreted``). Nothing here imports numba."""

from __future__ import annotations

import os

from cardsolve.models.errors import BadInput


def check_thread_count() -> None:
    """``$NUMBA_NUM_THREADS``, when set, is a whole number of threads from 1; else
    ``BadInput`` naming it."""
    given = os.environ.get("NUMBA_NUM_THREADS")
    if given is not None and not (given.strip().isdigit() and given.strip().isascii() and int(given) >= 1):
        raise BadInput(f"NUMBA_NUM_THREADS={given!r:.40}: give a whole number of threads, 1 or more", given)
