"""The one exception type for bad input, shared by every game's parsers and engines."""

from __future__ import annotations


class BadInput(ValueError):
    """Input that cannot be read or does not fit the rules.

    The message names the offending token; the CLI prints it as one line on stderr
    and exits with code 2.
    """

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token
