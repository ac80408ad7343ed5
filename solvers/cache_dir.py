"""The project's cache directory: ``$XDG_CACHE_HOME/cardsolve``, else
``~/.cache/cardsolve`` (an empty ``XDG_CACHE_HOME`` counts as unset). Nothing here
imports numba, so ``solvers.jit`` can use it before numba is first imported."""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    """The ``cardsolve`` directory under the user's cache directory (not created here)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cardsolve"
