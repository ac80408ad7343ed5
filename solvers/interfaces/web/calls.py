"""What a web request may ask, read against the command table.

A request names a game, a command and a JSON object of the command's options. An option
is named as on the command line without its dashes, ``-`` written ``_`` (``--time-limit``
is ``time_limit``), an argument by its name in lower case (``LAYOUT.json`` is ``layout``).
Values are JSON strings or numbers as typed on the line, ``true`` or ``false`` for a flag;
a file the command reads (a deck, a table, a layout, a deal, clues) is sent as its JSON
content, never as a path. Each value is read by the same code as the command line's
(``interfaces.values``), so a bad one gets the same message. Commands that run a stored
study are not served, and an option that names an output file is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.solvers.interfaces.commands import served
from cardsolve.solvers.interfaces.table import Command
from cardsolve.solvers.interfaces.values import Document

TIME_LIMIT = "time_limit"
"""The option a server bounds by its own time limit."""


@dataclass(frozen=True)
class Call:
    """One command asked for: the game and command as the address names them, and the
    request's options (by request name, each value as the request gave it), read once and
    found good. It holds only plain data, so that it travels to a worker process."""

    game: str
    name: str
    options: Mapping[str, Any]

    @property
    def command(self) -> Command:
        """The command of the table."""
        return find(self.game, self.name)

    def values(self) -> dict[str, Any]:
        """The options' values, as the API takes them."""
        return self.command.read(self.options, from_request=True)

    def line(self) -> str:
        """The command line a terminal user types for the same answer (each file named by
        its label, ``DEAL.json``; its content is ``files``)."""
        return self.command.line(self.options)

    def files(self) -> dict[str, Any]:
        """The content of each file the line names, by its label."""
        return {
            option.kind.label: self.options[option.request_name]
            for option in self.command.options
            if isinstance(option.kind, Document) and self.options.get(option.request_name) is not None
        }


def find(game: str, command: str) -> Command:
    """The served command ``command`` of ``game``; an unknown one is bad input naming it."""
    commands = served()
    games = list(dict.fromkeys(group for group, _ in commands))
    if game not in games:
        raise BadInput(f"unknown game {game!r}: one of {', '.join(games)}", game)
    if (game, command) not in commands:
        known = ", ".join(sorted(name for group, name in commands if group == game))
        raise BadInput(f"{game} has no command {command!r} here: one of {known}", command)
    return commands[game, command]


def read_call(game: str, command: str, options: object, time_limit: float | None = None) -> Call:
    """The call a request asks for, or ``BadInput`` naming what is wrong: an unknown game
    or command, options that are no JSON object, an option the command does not take, a
    value that cannot be read, a required option left out, an output file. With
    ``time_limit`` (a server's), a command that takes a time limit gets at most that: its
    own default when that is less, and a request for more is refused."""
    found = find(game, command)
    if not isinstance(options, dict):
        raise BadInput("the request body must be a JSON object of the command's options", "body")
    names = sorted(option.request_name for option in found.options)
    unknown = sorted(name for name in options if found.option(name) is None)
    if unknown:
        raise BadInput(f"{game} {command} takes no option {unknown[0]!r}: it takes {', '.join(names)}", unknown[0])
    if time_limit is not None and found.option(TIME_LIMIT) is not None:
        options = _bounded_time(found, options, time_limit)
    call = Call(game, command, options)
    call.values()  # every value read once here, so that a bad one is answered at once
    return call


def served_time_limit(command: Command, most: float) -> float:
    """The time limit a server gives ``command`` when a request asks for none: the
    command's own default, or ``most`` (the server's limit) when that is less."""
    default = command.defaults().get(TIME_LIMIT)
    return min(float(default), most) if isinstance(default, (int, float)) else most


def _bounded_time(command: Command, options: dict[str, Any], most: float) -> dict[str, Any]:
    """``options`` with a time limit of at most ``most`` seconds (the command's default if
    that is less); a larger one asked for is bad input."""
    asked = options.get(TIME_LIMIT)
    if asked is None:
        return {**options, TIME_LIMIT: served_time_limit(command, most)}
    option = command.option(TIME_LIMIT)
    assert option is not None
    seconds = option.read(asked, from_request=True)  # a bad value is named as the line names it
    if seconds > most:
        raise BadInput(f"'{TIME_LIMIT}' {asked} is over this server's limit of {most:g} s", TIME_LIMIT)
    return options
