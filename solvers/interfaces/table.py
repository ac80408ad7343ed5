"""The command table's vocabulary: every command is declared once, as data, and the command
line (``interfaces.cli``) and the web server (``interfaces.web``) are both built from it.

A ``Command`` names the API function it calls (``module:function``, imported on first use,
so that listing the commands loads no solver), the options it takes and its help. An
``Option`` names the API parameter it fills, the kind of value it takes
(``interfaces.values``), its help and, unless the API's own default is meant, its default.
Running a command is the same from both interfaces: the raw values (the text typed on the
line, or a request's JSON values) are read by each option's kind, required options are
checked, and the API function is called with the values given; it answers with a typed
result (``to_json()``, ``text()``, ``exit_code``) that the interface prints or sends.
"""

from __future__ import annotations

import importlib
import inspect
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.results import Answer
from cardsolve.solvers.interfaces.values import Document, Flag, Kind, OutputFile

Progress = Callable[[int, int], None]
"""Called with (done, total) as long work goes on."""


class _ApiDefault:
    """The default of an option that is the API function's own default."""

    def __repr__(self) -> str:
        return "FROM_API"


FROM_API: Any = _ApiDefault()
"""An option's default when the API function's signature gives it."""


@dataclass(frozen=True)
class Option:
    """One option of a command: the API parameter ``name`` it fills, the ``kind`` of value
    it takes and its ``help``. On the command line it is ``--name`` (``_`` written ``-``)
    unless ``flag`` says otherwise, or a positional argument when ``argument``; a request
    names it as the line does, without the dashes and with ``_`` for ``-``. ``default`` is
    the API's own unless given (shown in the help, never passed: an option left out is
    left to the API). ``into`` gathers the option into that API parameter's mapping (a
    study's own options); ``many`` takes any number of values (a list), an argument only."""

    name: str
    kind: Kind
    help: str
    flag: str | None = None
    default: Any = FROM_API
    required: bool = False
    argument: bool = False
    into: str | None = None
    many: bool = False

    @property
    def cli_name(self) -> str:
        """How the command line names it: ``--time-limit``, or an argument's metavar."""
        if self.argument:
            return self.kind.metavar() if isinstance(self.kind, Document) else self.name.upper()
        return self.flag or "--" + self.name.replace("_", "-")

    @property
    def request_name(self) -> str:
        """How a web request names it: the line's name without dashes, ``_`` for ``-``
        (an argument: its name in lower case, up to a dot)."""
        return self.cli_name.split(".")[0].lstrip("-").replace("-", "_").lower()

    @property
    def writes_file(self) -> bool:
        """The option names a file the command writes (never served on the web)."""
        return isinstance(self.kind, OutputFile)

    def read(self, raw: object, from_request: bool) -> Any:
        """The value of this option from a line's text (or a flag's True) or a request's
        JSON value."""
        if self.many:
            if not isinstance(raw, (list, tuple)):
                raise BadInput(f"{self.cli_name}: give a list, not {raw!r:.60}", self.cli_name)
            return [self._read_one(item, from_request) for item in raw]
        return self._read_one(raw, from_request)

    def _read_one(self, raw: object, from_request: bool) -> Any:
        """One value of this option, as ``read`` takes it."""
        if from_request:
            return self.kind.read_request(raw, self.cli_name)
        if isinstance(self.kind, Flag):
            return bool(raw)
        return self.kind.read(str(raw), self.cli_name)


@dataclass(frozen=True)
class Command:
    """One command: ``cardsolve <group> <name>`` (``group`` may name a group within a
    group, ``analyze cubu``, or be empty for a command of the root), the API function
    ``call`` (``module:function``) it runs with ``fixed`` keyword arguments beside the
    options, its ``help`` (the first sentence is its summary), the label of the
    ``progress`` it reports (the function then takes ``progress=``), whether the web
    serves it (``served``: not the commands that run a stored study or only write
    files), and, for options gathered ``into`` a mapping, where their defaults come from
    (``option_defaults``: ``module:function`` called with the ``fixed`` arguments)."""

    group: str
    name: str
    call: str
    help: str
    options: tuple[Option, ...] = ()
    fixed: Mapping[str, Any] = field(default_factory=dict)
    progress: str | None = None
    served: bool = True
    option_defaults: str | None = None

    @property
    def path(self) -> tuple[str, ...]:
        """The words that name the command on the line, after ``cardsolve``."""
        return (*self.group.split(), self.name)

    @property
    def summary(self) -> str:
        """The help's first sentence, for listings."""
        return self.help.split(". ")[0].split("\n\n")[0].replace("\n", " ").rstrip(".") + "."

    def function(self) -> Callable[..., Answer]:
        """The API function this command calls."""
        module, name = self.call.split(":")
        found: Callable[..., Answer] = getattr(importlib.import_module(module), name)
        return found

    def defaults(self) -> dict[str, Any]:
        """Each option's default by option name: the API's own (its signature, or for
        gathered options ``option_defaults``) unless the option gives one; None where there
        is none."""
        parameters = inspect.signature(self.function()).parameters
        gathered: Mapping[str, Any] = {}
        if self.option_defaults is not None and any(option.into is not None for option in self.options):
            module, name = self.option_defaults.split(":")
            gathered = getattr(importlib.import_module(module), name)(**self.fixed)
        found = {}
        for option in self.options:
            if option.default is not FROM_API:
                found[option.name] = option.default
            elif option.into is not None:
                found[option.name] = gathered.get(option.name)
            else:
                default = parameters[option.name].default if option.name in parameters else None
                found[option.name] = None if default is inspect.Parameter.empty else default
        return found

    def option(self, request_name: str) -> Option | None:
        """The option a request names ``request_name``, or None."""
        return next((option for option in self.options if option.request_name == request_name), None)

    def read(self, raw: Mapping[str, object], from_request: bool = False) -> dict[str, Any]:
        """The options' values, by option name, from ``raw`` (option name -> the line's
        text, or request name -> a request's JSON value, when ``from_request``); an option
        left out or None is not given. A value that cannot be read, or a required option
        left out, is bad input naming it."""
        values = {}
        for option in self.options:
            given = raw.get(option.request_name if from_request else option.name)
            if given is None:
                if option.required:
                    raise BadInput(f"cardsolve {' '.join(self.path)} needs {option.cli_name}", option.cli_name)
                continue
            values[option.name] = option.read(given, from_request)
        return values

    def run(self, values: Mapping[str, Any], progress: Progress | None = None) -> Answer:
        """Call the API function with ``values`` (as ``read`` gives them) and the fixed
        arguments; ``progress`` hears how the work goes when the command reports any."""
        arguments: dict[str, Any] = dict(self.fixed)
        for option in self.options:
            if option.name not in values:
                continue
            if option.into is None:
                arguments[option.name] = values[option.name]
            else:
                arguments.setdefault(option.into, {})[option.name] = values[option.name]
        if self.progress is not None and progress is not None:
            arguments["progress"] = progress
        return self.function()(**arguments)

    def line(self, raw: Mapping[str, object]) -> str:
        """The command line that gives the answer of a request with the options ``raw``
        (by request name); a document is named by its file label, a flag by its name."""
        words = ["cardsolve", *self.path]
        arguments = []
        for option in self.options:
            given = raw.get(option.request_name)
            if given is None or given is False:
                continue
            if isinstance(option.kind, Document):
                text = option.kind.label
            elif isinstance(option.kind, Flag):
                words.append(option.cli_name)
                continue
            else:
                text = str(given) if not isinstance(given, float) or not given.is_integer() else str(int(given))
            if option.argument:
                arguments.append(text)
            else:
                words += [option.cli_name, text]
        if any(text.startswith("-") for text in arguments):
            arguments.insert(0, "--")  # an argument such as "-1" is not read as an option
        return shlex.join(words + arguments)


def error_line(message: str) -> str:
    """The one line a command's bad input prints (on stderr, or as a web request's error):
    ``error: <message>``, a line break it quotes from the input written ``\\n``."""
    return "error: " + message.replace("\r", "\\r").replace("\n", "\\n")


@dataclass(frozen=True)
class Group:
    """A group of commands on the line (``cardsolve ubongo``; ``analyze cubu`` is a group
    within the group ``analyze``), with its help, and the ``module`` that declares its
    commands (``COMMANDS``) and the groups within it (``GROUPS``), imported when the group
    is first used; a group without one is declared by the module of the group it is in."""

    name: str
    help: str
    module: str = ""

    @property
    def parent(self) -> str:
        """The name of the group this one is in; "" for a group of the root."""
        return self.name.rpartition(" ")[0]
