"""The studies ``cardsolve analyze`` knows, by game and name. Each lives in its own
module, which exposes ``STUDY`` and is imported only when asked for (a study imports its
game's solvers, and some of those compile numba kernels)."""

from __future__ import annotations

import importlib
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.solvers.studies.study import Study

MODULES = {
    ("ubongo", "solvability"): "cardsolve.solvers.studies.ubongo_solvability",
    ("subito", "optimal-scores"): "cardsolve.solvers.studies.subito_optimal_scores",
    ("subito", "hints"): "cardsolve.solvers.studies.subito_hints",
    ("quibbles", "solo"): "cardsolve.solvers.studies.quibbles_solo",
    ("was-sticht", "chips"): "cardsolve.solvers.studies.was_sticht_chips",
    ("was-sticht", "bots"): "cardsolve.solvers.studies.was_sticht_bots",
    ("cubu", "seats"): "cardsolve.solvers.studies.cubu_seats",
    ("cubu", "versus"): "cardsolve.solvers.studies.cubu_versus",
}
"""The module of each (game, study)."""


def find(game: str, name: str) -> Study:
    """The study ``name`` of ``game``; an unknown pair is bad input naming it."""
    if (game, name) not in MODULES:
        known = ", ".join(f"{g} {n}" for g, n in MODULES)
        token = game if all(g != game for g, _ in MODULES) else name
        shown = " ".join(text if text.isprintable() else repr(text) for text in (game, name))  # one line, always
        raise BadInput(f"no study {shown}: the studies are {known}", token)
    found: Study = importlib.import_module(MODULES[game, name]).STUDY
    return found


def option_defaults(game: str, study: str) -> dict[str, Any]:
    """The options of the study ``study`` of ``game`` with their defaults."""
    return dict(find(game, study).options)
