"""The kinds of value a command's option takes, and how each is read.

A value comes either as the text typed on the command line or as a JSON value in a web
request; a request's plain values are first written as the line would have them (a number
plainly, ``6.0`` as ``6``), so both interfaces read every value with the same code and a
bad one gets the same one-line message, naming the option as the command line does.
A file option (``Document``) is a JSON document: the command line reads it from the file
named (at most ``models.data.MAX_FILE_BYTES``), a request carries the content itself.
"""

from __future__ import annotations

import json
import math
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsolve.models.errors import SHOWN_CHARACTERS, BadInput
from cardsolve.models.errors import shown as quoted
from cardsolve.solvers.infrastructure.limits import MAX_TIME_LIMIT

MAX_DIGITS = 30
"""The most digits a whole number may have: more than any count, limit or seed the
commands take (Python refuses to read numbers past 4,300 digits)."""


def shown(raw: object) -> str:
    """A value as an error message quotes it (``models.errors.shown``: at most 60
    characters), a request's value other than text in JSON's spelling (``true``, ``[1]``)."""
    if isinstance(raw, str):
        return quoted(raw)
    text = json.dumps(raw, default=str)
    return text if len(text) <= SHOWN_CHARACTERS else f"{text[: SHOWN_CHARACTERS - 3]}..."


def as_typed(raw: object, name: str) -> str:
    """A request's plain value as it would be typed on the line: a string as it is, a
    number written plainly (``6.0`` is ``6``: JSON does not tell them apart); anything else
    (a list, an object, true, a number past a float) is bad input naming the option."""
    if isinstance(raw, str):
        return raw
    if (
        isinstance(raw, bool)
        or not isinstance(raw, (int, float))
        or (isinstance(raw, float) and not math.isfinite(raw))
    ):
        raise BadInput(f"{name}: give a string or a number as on the command line, not {shown(raw)}", name)
    if isinstance(raw, float):
        return str(int(raw)) if raw.is_integer() else repr(raw)
    return str(raw)


class Kind(ABC):
    """How an option's value is read; ``metavar`` names it in the help and ``words`` says
    what it must be (``0 to 99``)."""

    def metavar(self) -> str:
        """The value's name in the help."""
        return "TEXT"

    @abstractmethod
    def read(self, raw: str, name: str) -> Any:
        """The value typed on the line for the option ``name``; a bad one is ``BadInput``
        naming ``name`` and the value."""

    def read_request(self, raw: object, name: str) -> Any:
        """The value a web request gives, read as the line's text would be."""
        return self.read(as_typed(raw, name), name)

    def words(self) -> str:
        """What the value must be, for the help."""
        return ""


@dataclass(frozen=True)
class Text(Kind):
    """Any text (cards in a game's notation, a list of names): the API reads it and names
    what is wrong with it. ``check``, when given, reads it first (and may refuse it)."""

    name: str = "TEXT"
    check: Callable[[str], str] | None = None

    def metavar(self) -> str:
        return self.name

    def read(self, raw: str, name: str) -> str:
        return raw if self.check is None else self.check(raw)


@dataclass(frozen=True)
class Whole(Kind):
    """A whole number from ``low`` to ``high`` (no upper bound when None; a function gives a
    bound that depends on the machine, read when the value is)."""

    low: int = 0
    high: int | Callable[[], int] | None = None

    def metavar(self) -> str:
        return "N"

    def most(self) -> int | None:
        """The upper bound, if any."""
        return self.high() if callable(self.high) else self.high

    def words(self) -> str:
        most = self.most()
        return f"{self.low} to {most}" if most is not None else f"{self.low} or more"

    def read(self, raw: str, name: str) -> int:
        text = raw.strip()
        digits = text[1:] if text[:1] in "+-" else text
        try:  # Python's int() reads what the digits check passed, but not every character strip() drops
            if not digits.isdigit() or not digits.isascii() or len(digits) > MAX_DIGITS:
                raise ValueError(raw)
            value = int(raw)
        except ValueError:
            raise BadInput(f"bad {name} {shown(raw)}: give a whole number, {self.words()}", raw) from None
        most = self.most()
        if value < self.low or (most is not None and value > most):
            raise BadInput(f"bad {name} {value}: give {self.words()}", raw)
        return value


SEED = Whole(0)
"""A seed: a whole number, 0 or more (Python's random reads a seed -s as s, so a negative
seed would silently repeat its positive twin)."""


@dataclass(frozen=True)
class Seconds(Kind):
    """A time limit in seconds: finite, above 0, at most ``most`` (a day unless less)."""

    most: float = MAX_TIME_LIMIT

    def metavar(self) -> str:
        return "SECONDS"

    def words(self) -> str:
        return f"seconds above 0, at most {self.most:g}"

    def read(self, raw: str, name: str) -> float:
        try:
            seconds = float(raw)
        except (ValueError, OverflowError):
            raise BadInput(f"bad {name} {shown(raw)}: give {self.words()}", raw) from None
        if not 0 < seconds <= self.most:  # nan and inf fail here too
            raise BadInput(f"bad {name} {shown(raw)}: give {self.words()}", raw)
        return seconds


@dataclass(frozen=True)
class Choice(Kind):
    """One of ``choices`` (a tuple, or a function giving it, so that a registry is read
    only when the command is used)."""

    choices: Sequence[str] | Callable[[], Sequence[str]]

    def names(self) -> tuple[str, ...]:
        """The choices, in order."""
        return tuple(self.choices() if callable(self.choices) else self.choices)

    def metavar(self) -> str:
        return "[" + "|".join(self.names()) + "]"

    def words(self) -> str:
        return "one of " + ", ".join(self.names())

    def read(self, raw: str, name: str) -> str:
        if raw not in self.names():
            raise BadInput(f"bad {name} {shown(raw)}: give {self.words()}", raw)
        return raw


@dataclass(frozen=True)
class Flag(Kind):
    """An on/off switch: given on the line, or ``true`` in a request."""

    def metavar(self) -> str:
        return ""

    def read(self, raw: str, name: str) -> bool:
        raise BadInput(f"{name} is a flag: it takes no value", raw)

    def read_request(self, raw: object, name: str) -> bool:
        if not isinstance(raw, bool):
            raise BadInput(f"{name} is a flag: true or false, not {shown(raw)}", name)
        return raw


@dataclass(frozen=True)
class Document(Kind):
    """A JSON document (a deck, a deal, a table, clues): on the command line the name of a
    file holding it, in a request the document itself (never a path). ``convert(document,
    source)``, when given, reads it into the API's value, ``source`` naming it in messages;
    without it the API gets the parsed document. ``label`` is the file's name in the help
    and in the page's command line (``DEAL.json``)."""

    label: str
    convert: Callable[[Any, str], Any] | None = None

    def metavar(self) -> str:
        return self.label

    def read(self, raw: str, name: str) -> Any:
        from cardsolve.models.data import read_user_json  # here: the command line starts without it

        return self.document(read_user_json(raw, name), name)

    def read_request(self, raw: object, name: str) -> Any:
        if not isinstance(raw, (dict, list)):
            raise BadInput(f"{name}: send the file's JSON content (an object), not {shown(raw)}", name)
        return self.document(raw, name)

    def document(self, data: Any, name: str) -> Any:
        """The API's value of the parsed document ``data`` of the option ``name``."""
        return data if self.convert is None else self.convert(data, name)


@dataclass(frozen=True)
class OutputFile(Kind):
    """A file a command writes (a picture, a JSON document, a store): its folder must exist
    and be writable (a missing folder is refused, never made), and ``check(name)``, when
    given, must accept the name, all before any work is done. The web server writes no
    files, so a request may not name one."""

    check: Callable[[str], object] | None = None

    def metavar(self) -> str:
        return "FILE"

    def read(self, raw: str, name: str) -> str:
        if not raw.strip():  # names no file: it would be ignored, or written nowhere, after the work
            raise BadInput(f"bad {name} {shown(raw)}: it names no file", raw)
        path = Path(raw)
        if path.is_dir():
            raise BadInput(f"bad {name} {shown(raw)}: it is a folder, not a file", raw)
        try:
            folder = path.resolve().parent
        except (OSError, RuntimeError) as error:  # a symbolic link loop
            raise BadInput(f"bad {name} {shown(raw)}: {error}", raw) from None
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            raise BadInput(f"bad {name} {shown(raw)}: the folder {folder} does not exist or cannot be written", raw)
        if self.check is not None:
            self.check(raw)
        return raw

    def read_request(self, raw: object, name: str) -> str:
        raise BadInput(f"{name} writes a file, and the server writes no files", name)
