"""The five games, as the project names them: ``GAMES`` holds each game's name as its
modules are named (``cardsolve.was_sticht``); on the command line and in web addresses a
name is written with ``-`` for ``_`` (``cardsolve was-sticht``, ``/api/was-sticht/...``)."""

from __future__ import annotations

GAMES = ("quibbles", "ubongo", "subito", "was_sticht", "cubu")
"""The games, by their module names."""
TITLES = {
    "quibbles": "Quibbles",
    "ubongo": "Ubongo: Das Kartenspiel",
    "subito": "Subito",
    "was_sticht": "Was sticht?",
    "cubu": "CUBU",
}
"""Each game's name as its box prints it."""


def command_name(game: str) -> str:
    """A game's name on the command line and in web addresses: ``was_sticht`` is
    ``was-sticht``."""
    return game.replace("_", "-")
