"""Deck and task data files (JSON) and the loader every game shares."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from cardsolve.models.errors import BadInput, shown


def load_json(name: str) -> Any:
    """Read the bundled data file ``models/data/<name>``."""
    return json.loads(resources.files(__name__).joinpath(name).read_text(encoding="utf-8"))


MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest user file read, in bytes: a deck, deal, table, layout or clues file is a few
KB, so 4 MB is far more than any real one. Reading stops there, whatever the file is (an
endless pipe, ``/dev/zero``, a huge sparse file), and a larger file is refused."""


def read_user_json(path: str | Path, what: str) -> Any:
    """The JSON document in the user's file ``path`` (``what`` names it: a deck, a table,
    ``--deal``, ...): at most ``MAX_FILE_BYTES`` are read; a file that cannot be read, is
    larger, is not UTF-8 or holds no JSON is bad input naming it. A leading UTF-8
    byte-order mark, as some editors save one, is skipped."""
    name = str(path)
    quoted = shown(name)
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise BadInput(f"cannot read {what} {quoted}: {reason}", name) from None
    if len(data) > MAX_FILE_BYTES:
        raise BadInput(
            f"{what} {quoted} is over {MAX_FILE_BYTES // (1024 * 1024)} MB: no such file is that large", name
        )
    try:
        return json.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError) as error:
        raise BadInput(f"cannot read {what} {quoted}: {error}", name) from None
