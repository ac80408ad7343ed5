"""The command line built from the command table: a click group per table group, its
commands read from the table when the group is first used, a click command per table
command, made when the command is first asked for (so that ``cardsolve --help`` imports
no solver).

Every option reaches click as plain text (or a flag) and is read by the table's own kinds
(``interfaces.values``), as a web request's are, so that a bad value gets the same one-line
message on both. A command's answer prints as its text, or its JSON document under
``--json``, and the command ends with the answer's exit code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from cardsolve.solvers.infrastructure.results import Answer, Failed, terminal_safe
from cardsolve.solvers.interfaces.cli.progress import progress_callback
from cardsolve.solvers.interfaces.commands import declared
from cardsolve.solvers.interfaces.table import Command, Group, Option
from cardsolve.solvers.interfaces.values import Choice, Flag

INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C."""


def emit(ctx: click.Context, answer: Answer) -> None:
    """Print ``answer`` (its JSON under ``--json``, else its text) and end with its exit code."""
    click.echo(answer.json_text() if ctx.find_root().params.get("as_json") else terminal_safe(answer.text()))
    if answer.exit_code:
        ctx.exit(answer.exit_code)


def run(ctx: click.Context, command: Command, raw: dict[str, Any]) -> None:
    """Read the options typed (``raw``, by option name), run the command (with a progress
    bar on stderr when it reports progress) and print its answer. A study stopped by
    Ctrl-C says which of its chunks are kept and ends with exit code 130; a command that
    fails for a reason that is not the input's says why and exits 1."""
    values = command.read({name: value for name, value in raw.items() if value not in (None, False, ())})
    try:
        if command.progress is None:
            answer = command.run(values)
        else:
            with progress_callback(command.progress) as tick:
                answer = command.run(values, tick)
    except KeyboardInterrupt as stop:
        kept = getattr(stop, "kept", None)
        if not callable(kept):
            raise
        click.echo(kept(), err=True)
        ctx.exit(INTERRUPTED)
    except Failed as failure:
        raise click.ClickException(str(failure)) from None
    emit(ctx, answer)


def _help(option: Option, default: Any) -> str:
    """An option's help with what it takes and its default, or that it is required."""
    words = "" if isinstance(option.kind, Choice) else option.kind.words()
    text = option.help
    if words and words not in text:
        plain = text.rstrip(".")
        text = f"{plain[:-1]}; {words})." if plain.endswith(")") else f"{plain} ({words})."
    if option.required:
        return f"{text} [required]"
    if default not in (None, False, (), ""):
        shown = (
            ",".join(map(str, default)) if isinstance(default, (list, tuple)) else getattr(default, "value", default)
        )
        return f"{text} [default: {shown}]"
    return text


def click_command(command: Command) -> click.Command:
    """The click command of a table command (its defaults read from the API for the help)."""
    defaults = command.defaults()
    params: list[click.Parameter] = []
    for option in command.options:
        if option.argument:
            params.append(
                click.Argument([option.name], metavar=option.cli_name, required=False, nargs=-1 if option.many else 1)
            )
        elif isinstance(option.kind, Flag):
            params.append(click.Option([option.cli_name, option.name], is_flag=True, help=option.help))
        else:
            params.append(
                click.Option(
                    [option.cli_name, option.name],
                    metavar=option.kind.metavar(),
                    help=_help(option, defaults[option.name]),
                )
            )

    @click.pass_context
    def callback(ctx: click.Context, /, **raw: Any) -> None:
        run(ctx, command, raw)

    return click.Command(command.name, params=params, callback=callback, help=command.help, short_help=command.summary)


class TableGroup(click.Group):
    """A group whose commands come from the command table: they are listed from the table
    (``table``, by name) and each click command is built only when asked for. A group whose
    commands a module declares (``table.Group.module``) imports it when first used, so that
    ``cardsolve --help`` imports no game's commands and a command imports only its own
    game's."""

    def __init__(self, *args: Any, path: str = "", module: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.path = path
        self._table: dict[str, Command] = {}
        self._module = module

    @property
    def table(self) -> dict[str, Command]:
        """The group's commands in the table, by name (its module imported on first use)."""
        if self._module:
            commands, groups = declared(self._module)
            self._module = ""
            self.add_table(commands, groups)
        return self._table

    def add_table(self, commands: Sequence[Command], groups: Sequence[Group]) -> None:
        """Offer the ``commands`` of this group and, as groups of their own, the ``groups``
        directly within it, each offering its own of ``commands`` (or its module's)."""
        self._table.update((command.name, command) for command in commands if command.group == self.path)
        for group in groups:
            if group.parent == self.path:
                inner = TableGroup(group.name.split()[-1], help=group.help, path=group.name, module=group.module)
                if not group.module:
                    inner.add_table(commands, groups)
                self.add_command(inner)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*self.table, *(name for name in self.commands if name not in self.table)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.table:
            self.add_command(click_command(self.table[cmd_name]))
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, command.summary) for name, command in self.table.items()]
        rows += [
            (name, command.get_short_help_str(80)) for name, command in self.commands.items() if name not in self.table
        ]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)
