"""The one JSON vocabulary every answer speaks (the ``--json`` document, the web API's body).

- ``seat``: a seat or a player, wherever one is meant, is an int from 1, under a key that
  says so: ``seat``, a name ending in ``_seat``, or a seat's role (``leader``, ``dealer``,
  ``to_move``, ``winner``); a list of them is ``seats``. No answer says ``player`` for a
  seat.
- ``proven``: every answer of a search that can stop early (a time or node limit) says
  whether its answer is proven, as a bool computed from that search, never written as a
  literal; a search that always runs to its end says nothing.
- Counts say they are counts: ``card_count``, ``player_count`` (any ``<noun>_count``, an
  int from 0); the plural nouns of the games (``cards``, ``players``, ``seats``, ``hands``,
  ``chips``) are always lists, never counts.

``violations(document)`` lists where a document departs from it; the tests run it over
the JSON of every command of the command table.
"""

from __future__ import annotations

from typing import Any

from cardsolve.models.errors import is_whole

LISTS = frozenset({"cards", "players", "seats", "hands", "chips"})
"""Keys that always hold a list (or, for a table keyed by name, an object), never a count."""
FORBIDDEN = {"player": "seat"}
"""Keys that are never used, with the key that says it."""
SEAT_ROLES = frozenset({"leader", "dealer", "to_move", "winner"})
"""Keys naming a seat by its role: an int from 1 (or null: nobody), as a ``seat`` is."""


def _is_seat_key(key: str) -> bool:
    return key == "seat" or key.endswith("_seat")


def violations(document: Any, where: str = "") -> list[str]:
    """Where ``document`` (a JSON value) departs from the vocabulary, one line each
    (``where`` names it; empty for the whole document)."""
    found: list[str] = []
    if isinstance(document, list):
        for index, item in enumerate(document):
            found += violations(item, f"{where}[{index}]")
        return found
    if not isinstance(document, dict):
        return found
    for key, value in document.items():
        path = f"{where}.{key}" if where else key
        if key in FORBIDDEN:
            found.append(f"{path}: say {FORBIDDEN[key]!r}, not {key!r}")
        lowest = 0 if key == "to_move" else 1  # to_move 0: the table decides (models.state.TABLE)
        if (_is_seat_key(key) or key in SEAT_ROLES) and value is not None and not (is_whole(value) and value >= lowest):
            found.append(f"{path} is {value!r}: a seat is an int from 1")
        if key == "seats" and isinstance(value, list) and any(is_whole(v) and v < 1 for v in value):
            found.append(f"{path}: a seat is an int from 1")
        if key in LISTS and not isinstance(value, (list, dict)):
            found.append(f"{path} is {value!r}: {key} is a list (a count is {key[:-1]}_count)")
        if key.endswith("_count") and not (is_whole(value) and value >= 0):
            found.append(f"{path} is {value!r}: a count is an int from 0")
        if key == "proven" and not isinstance(value, bool):
            found.append(f"{path} is {value!r}: proven is true or false")
        found += violations(value, path)
    return found
