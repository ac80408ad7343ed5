"""cardsolve: solvers, hints and analysis for five tabletop card games.

The Python API has one module per game, loaded when first used:
``cardsolve.quibbles``, ``cardsolve.ubongo``, ``cardsolve.subito``,
``cardsolve.was_sticht`` and ``cardsolve.cubu`` (each is ``cardsolve.solvers.<game>.api``),
and ``cardsolve.analyze`` runs a study (``cardsolve.solvers.studies.api``). Every function
there returns an immutable result with ``to_json()`` (the CLI's ``--json`` document) and
``text()`` (the CLI's text output).
"""

from __future__ import annotations

import importlib
from typing import Any

from cardsolve.models.games import GAMES

__version__ = "0.3.0"


def __getattr__(name: str) -> Any:
    """``cardsolve.<game>``: the game's API module, and ``cardsolve.analyze``, imported on
    first use (so that ``import cardsolve`` loads neither numba nor OR-Tools)."""
    if name in GAMES:
        return importlib.import_module(f"cardsolve.solvers.{name}.api")
    if name == "analyze":
        return importlib.import_module("cardsolve.solvers.studies.api").analyze
    raise AttributeError(f"module 'cardsolve' has no attribute {name!r}")
