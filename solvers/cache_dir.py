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


PACKAGE = Path(__file__).resolve().parent.parent
"""The package's root folder."""
SOURCES = ("solvers", "models")
"""The folders whose Python sources the kernels are compiled from and the studies run."""
INTERFACES = ("solvers/commands", "solvers/web")
"""The folders under ``SOURCES`` that hold interfaces only (the CLI's commands, the web
server): they parse and print but compute nothing (no kernel and no study result depends
on them), so an edit there keeps the compiled kernels and the stored chunks."""


def source_digest(root: Path = PACKAGE) -> str:
    """A short digest of every ``.py`` file under ``root``'s ``SOURCES`` folders but the
    ``INTERFACES``, their paths and contents, in path order."""
    digest = hashlib.sha256()
    skipped = [root / folder for folder in INTERFACES]
    for folder in SOURCES:
        for path in sorted((root / folder).rglob("*.py")):
            if any(path.is_relative_to(interface) for interface in skipped):
                continue
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
