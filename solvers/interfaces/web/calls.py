"""What a web request may ask, read into the command line it stands for.

A request names a game, a command and a JSON object of the command's options. The
object is read against the CLI's own definition of the command (its click parameters),
so the web and the terminal cannot drift apart: an option is named as on the command
line without its dashes, ``-`` written ``_`` (``--time-limit`` is ``time_limit``), an
argument by its metavar in lower case up to the first dot (``LAYOUT.json`` is
``layout``, ``VALUE`` is ``value``). Values are JSON strings or numbers as typed on the
line, ``true`` or ``false`` for a flag; a file the command reads (a deck, a table, a
layout, a deal, clues) is sent as its JSON content, never as a path, and written to a
private folder for the command. Commands that write files or run a stored study are not
served, and an option that names an output file is refused.
"""

from __future__ import annotations

import json
import math
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click

from cardsolve.models.errors import BadInput
from cardsolve.solvers.interfaces.cli.common import OutputFile

GAMES = ("quibbles", "ubongo", "subito", "was-sticht", "cubu")
"""The games, as their command groups are named on the line and in the web addresses."""


@dataclass(frozen=True)
class Call:
    """One command asked for: ``cardsolve <game> <command> <args>``, with the JSON content
    of each file argument (``files``: the name written on the line, and its content)."""

    game: str
    command: str
    args: tuple[str, ...]
    files: Mapping[str, Any] = field(default_factory=dict)

    def line(self) -> str:
        """The command line a terminal user types for the same answer, file arguments
        named by their metavar (their content is ``files``)."""
        return shlex.join(["cardsolve", self.game, self.command, *self.args])

    def argv(self, folder: Path) -> list[str]:
        """The line's arguments with each file's content written into ``folder`` and its
        path in its place."""
        paths = {}
        for name, content in self.files.items():
            path = folder / name
            path.write_text(json.dumps(content), encoding="utf-8")
            paths[name] = str(path)
        return [self.game, self.command, *(paths.get(arg, arg) for arg in self.args)]


def served_commands() -> dict[str, dict[str, click.Command]]:
    """Every command the web serves, by game: each game command that writes no file of
    its own and runs no stored study."""
    from cardsolve.cli import cli

    served: dict[str, dict[str, click.Command]] = {}
    for game in GAMES:
        group = cli.commands[game]
        assert isinstance(group, click.Group)
        served[game] = {name: command for name, command in group.commands.items() if not _runs_study(command)}
    return served


def _runs_study(command: click.Command) -> bool:
    return any(param.name == "scheduler" for param in command.params)


def request_name(param: click.Parameter) -> str:
    """A parameter's name in a request: an option's long name without dashes, an
    argument's metavar in lower case up to the first dot, ``-`` written ``_``."""
    if isinstance(param, click.Option):
        long = max(param.opts, key=len)
        return long.lstrip("-").replace("-", "_")
    metavar = (param.metavar or param.name or "").split(".")[0]
    return metavar.lower().replace("-", "_")


def _file_label(param: click.Parameter) -> str:
    """The name a file parameter's content gets on the line: its metavar (``TABLE.json``),
    else its option name (``DECK.json``)."""
    if param.metavar:
        return param.metavar
    return request_name(param).upper() + ".json"


def read_call(game: str, command: str, options: object, time_limit: float | None = None) -> Call:
    """The call a request asks for, or ``BadInput`` naming what is wrong: an unknown game
    or command, options that are no JSON object, an option the command does not take, a
    value of the wrong kind, a path where a file's content belongs, an output file. With
    ``time_limit`` (a server's), a command that takes ``--time-limit`` gets at most that:
    its own default when that is less, and a request for more is refused."""
    commands = served_commands()
    if game not in commands:
        raise BadInput(f"unknown game {game!r}: one of {', '.join(GAMES)}", game)
    if command not in commands[game]:
        raise BadInput(f"{game} has no command {command!r} here: one of {', '.join(sorted(commands[game]))}", command)
    if not isinstance(options, dict):
        raise BadInput("the request body must be a JSON object of the command's options", "body")
    params = {request_name(p): p for p in commands[game][command].params if p.name != "help"}
    unknown = sorted(set(options) - set(params))
    if unknown:
        raise BadInput(
            f"{game} {command} takes no option {unknown[0]!r}: it takes {', '.join(sorted(params))}", unknown[0]
        )
    missing = [name for name, param in params.items() if param.required and options.get(name) is None]
    if missing:
        raise BadInput(f"{game} {command} needs {missing[0]!r}", missing[0])
    if time_limit is not None and "time_limit" in params:
        options = _bounded_time(options, params["time_limit"], time_limit)
    flags: list[str] = []
    positional: list[str] = []
    files: dict[str, Any] = {}
    for name, param in params.items():
        if name not in options or options[name] is None:
            continue
        value = options[name]
        if isinstance(param.type, OutputFile):
            raise BadInput(f"{name!r} writes a file, and the server writes no files", name)
        if isinstance(param.type, click.Path):
            label = _file_label(param)
            if not isinstance(value, (dict, list)):
                raise BadInput(f"{name!r}: send the file's JSON content (an object), not a file name", name)
            files[label] = value
            text = label
        elif isinstance(param, click.Option) and param.is_flag:
            if not isinstance(value, bool):
                raise BadInput(f"{name!r} is a flag: true or false, not {json.dumps(value)}", name)
            if value:
                flags.append(max(param.opts, key=len))
            continue
        else:
            text = _scalar(name, value)
        if isinstance(param, click.Argument):
            positional.append(text)
        else:
            flags += [max(param.opts, key=len), text]
    if any(text.startswith("-") for text in positional):
        positional.insert(0, "--")  # an argument such as "-1" is not read as an option
    return Call(game, command, tuple(flags + positional), files)


def _scalar(name: str, value: object) -> str:
    """An option's value as typed on the line: a string, or a number written plainly."""
    if isinstance(value, str):
        return value
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or (isinstance(value, float) and not math.isfinite(value))
    ):
        raise BadInput(f"{name!r}: give a string or a number as on the command line, not {json.dumps(value)}", name)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)  # 6.0 is 6, as JSON does not tell them apart
    return str(value)


def served_time_limit(param: click.Parameter, most: float) -> float:
    """The time limit a server gives a command that is asked for none: the command's own
    default, or ``most`` (the server's limit) when that is less."""
    default = param.default if isinstance(param.default, (int, float)) else most
    return min(float(default), most)


def _bounded_time(options: dict[str, Any], param: click.Parameter, most: float) -> dict[str, Any]:
    """``options`` with a ``time_limit`` of at most ``most`` seconds (the command's default
    if that is less); a larger one asked for is bad input."""
    asked = options.get("time_limit")
    if asked is None:
        return {**options, "time_limit": served_time_limit(param, most)}
    try:
        seconds = float(asked)
    except (TypeError, ValueError, OverflowError):
        return options  # not a number of seconds: the command's own check names it
    if seconds > most:
        raise BadInput(f"'time_limit' {asked} is over this server's limit of {most:g} s", "time_limit")
    return options
