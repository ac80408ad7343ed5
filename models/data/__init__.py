"""Deck and task data files (JSON) and the loader every game shares."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from cardsolve.models.errors import BadInput


def load_json(name: str) -> Any:
    """Read the bundled data file ``models/data/<name>``."""
    return json.loads(resources.files(__name__).joinpath(name).read_text(encoding="utf-8"))


def read_user_json(path: str | Path, what: str) -> Any:
    """The JSON document in the user's file ``path`` (a ``what``: deck, table, ...); an
    unreadable file or bad JSON is bad input naming the file. A leading UTF-8 byte-order
    mark, as some editors save one, is skipped."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError) as error:
        raise BadInput(f"cannot read {what} {str(path)!r}: {error}", str(path)) from None
