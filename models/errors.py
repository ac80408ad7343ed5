"""The one exception type for bad input, shared by every game's parsers, engines and model
types, and the helpers their checks share: ``is_whole``, ``shown``, ``as_token`` and ``unchecked``."""

from __future__ import annotations

from typing import TypeGuard, TypeVar

T = TypeVar("T")


class BadInput(ValueError):
    """Input that cannot be read or does not fit the rules.

    The message names the offending token; the CLI prints it as one line on stderr
    and exits with code 2.
    """

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


SHOWN_CHARACTERS = 60
"""The most characters of a value a message quotes."""


def shown(value: object) -> str:
    """``value`` as a message quotes it: its ``repr``, at most ``SHOWN_CHARACTERS`` long. A
    whole number too long for Python to write (past 4,300 digits) is given by its size."""
    try:
        text = repr(value)
    except ValueError:
        return f"a whole number of {value.bit_length()} bits" if isinstance(value, int) else "a value too long to show"
    return text if len(text) <= SHOWN_CHARACTERS else f"{text[: SHOWN_CHARACTERS - 3]}..."


def as_token(value: object) -> str:
    """``value`` as the token a ``BadInput`` names: text as it was given, anything else as
    ``shown`` writes it."""
    return value if isinstance(value, str) else shown(value)


def is_whole(value: object) -> TypeGuard[int]:
    """A whole number as a user means one: ``True`` is a truth value and ``5.0`` a fraction,
    neither a number."""
    return isinstance(value, int) and not isinstance(value, bool)


def unchecked(cls: type[T], **fields: object) -> T:
    """An instance of the frozen dataclass ``cls`` holding ``fields``, made without the
    checks of its ``__post_init__``: only for a search's or a simulation's own objects,
    made by the thousand from values already checked, where the checks would cost more
    than the work (each class that allows it says so in a classmethod ``unchecked``).
    Whatever a user gives is made by ``cls(...)`` and checked."""
    made = object.__new__(cls)
    made.__dict__.update(fields)
    return made
