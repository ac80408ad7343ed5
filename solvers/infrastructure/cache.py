"""The project's cache directory: ``$XDG_CACHE_HOME/cardsolve``, else
``~/.cache/cardsolve`` (an empty ``XDG_CACHE_HOME`` counts as unset), and the digest of
the solver and model sources that names what is cached (compiled kernels, stored study
chunks). Nothing here imports numba, so ``solvers.jit`` can use it before numba is first
imported."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def cache_root() -> Path:
    """The ``cardsolve`` directory under the user's cache directory (not created here)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cardsolve"


PACKAGE = Path(__file__).resolve().parent.parent.parent
"""The package's root folder."""
SOURCES = (
    "models",
    "solvers/infrastructure",
    "solvers/cubu",
    "solvers/quibbles",
    "solvers/subito",
    "solvers/ubongo",
    "solvers/was_sticht",
    "solvers/studies",
)
"""The folders that compute: the rules, the shared infrastructure, the game solvers the
kernels are compiled from, and the studies whose stored chunks the digest also names.
The interfaces (the command line, the web server) and the benchmarks compute nothing
cached, so an edit there keeps the compiled kernels and the stored chunks."""


def source_digest(root: Path = PACKAGE) -> str:
    """A short digest of every ``.py`` file under ``root``'s ``SOURCES`` folders, their
    paths and contents, in path order."""
    digest = hashlib.sha256()
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
