"""The command table: every command of ``cardsolve``, declared once (``interfaces.table``),
one module per game plus the studies (``cardsolve analyze``) and the commands across games
(``demo``, ``bench``). The command line and the web server are both built from
``COMMANDS`` and ``GROUPS``."""

from __future__ import annotations

from cardsolve.solvers.interfaces.commands import across, cubu, quibbles, studies, subito, ubongo, was_sticht
from cardsolve.solvers.interfaces.table import Command, Group

GROUPS: tuple[Group, ...] = (
    quibbles.GROUP,
    ubongo.GROUP,
    subito.GROUP,
    was_sticht.GROUP,
    cubu.GROUP,
    studies.GROUP,
    *studies.GAME_GROUPS,
)
"""Every group of commands, in the order the help lists them."""
COMMANDS: tuple[Command, ...] = (
    *across.COMMANDS,
    *quibbles.COMMANDS,
    *ubongo.COMMANDS,
    *subito.COMMANDS,
    *was_sticht.COMMANDS,
    *cubu.COMMANDS,
    *studies.COMMANDS,
)
"""Every command."""


def served() -> dict[tuple[str, str], Command]:
    """The commands the web serves, by (game, command) as the address names them."""
    return {(command.group, command.name): command for command in COMMANDS if command.served}
