"""Output files the API writes when asked (an SVG picture, a benchmark's JSON document):
a write that fails is bad input naming the file, never a traceback."""

from __future__ import annotations

from pathlib import Path

from cardsolve.models.errors import BadInput


def write_text(path: str, text: str) -> None:
    """Write ``text`` to the file ``path`` (UTF-8); a write that fails (a full disk, a
    folder gone since the name was checked) is bad input naming the file."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise BadInput(f"cannot write {path!r}: {error.strerror or error}", path) from None
