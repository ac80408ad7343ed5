"""The project's single door to numba.

numba's on-disk cache (``cache=True``) is written next to the source file unless
``NUMBA_CACHE_DIR`` says otherwise; an installed package may sit in a read-only
site-packages, so the cache goes to the user's cache directory instead. The variable
must be set before numba is first imported, which is why every kernel module imports
``njit`` from here rather than from numba.
"""

from __future__ import annotations

import os
from pathlib import Path


def numba_cache_dir() -> Path:
    """Where compiled kernels are cached: ``$NUMBA_CACHE_DIR`` or ``~/.cache/cardsolve/numba``."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "cardsolve" / "numba"


os.environ["NUMBA_CACHE_DIR"] = str(numba_cache_dir())  # also when set but empty

from numba import njit  # noqa: E402  (the cache directory must be set first)

__all__ = ["njit", "numba_cache_dir"]
