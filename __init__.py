"""cardsolve: solvers, hints and analysis for five tabletop card games.

The Python API has one module per game, loaded when first used:
``cardsolve.quibbles``, ``cardsolve.ubongo``, ``cardsolve.subito``,
``cardsolve.was_sticht`` and ``cardsolve.cubu`` (each is ``cardsolve.solvers.<game>.api``).
Every function there returns an immutable result with ``to_json()`` (the CLI's ``--json``
document) and ``text()`` (the CLI's text output).
"""

from __future__ import annotations

import importlib
from types import ModuleType

__version__ = "0.2.0"

GAMES = ("quibbles", "ubongo", "subito", "was_sticht", "cubu")
"""The games, as their API modules are named."""


def __getattr__(name: str) -> ModuleType:
    """``cardsolve.<game>``: the game's API module, imported on first use (so that
    ``import cardsolve`` loads neither numba nor OR-Tools)."""
    if name in GAMES:
        return importlib.import_module(f"cardsolve.solvers.{name}.api")
    raise AttributeError(f"module 'cardsolve' has no attribute {name!r}")
