"""The command table: every command of ``cardsolve``, declared once (``interfaces.table``),
one module per game plus the studies (``cardsolve analyze``) and the commands across games
(``demo``, ``bench``). The command line and the web server are both built from it.

``GROUPS`` are the groups of the root, each with its help and the module declaring its
commands, which is imported only when the group is used: ``cardsolve --help`` imports no
game's commands, and ``cardsolve ubongo verify`` none but Ubongo's (a game's module reads
its bounds from the game's models). ``COMMANDS``, every command, imports them all.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from cardsolve.solvers.interfaces.commands import across
from cardsolve.solvers.interfaces.table import Command, Group

ROOT: tuple[Command, ...] = across.COMMANDS
"""The commands of the root: ``cardsolve demo``, ``cardsolve bench``."""
GROUPS: tuple[Group, ...] = (
    Group(
        "quibbles",
        "Quibbles: best splits, combine options, checking a turn, hints and bot games.",
        f"{__name__}.quibbles",
    ),
    Group(
        "ubongo",
        "Ubongo: Das Kartenspiel: deal from the stand-in deck, list its cards, verify and solve hands (the best "
        "layout, the largest one, every distinct one), hints at the table, whole games played out, checking and "
        "drawing layouts.",
        f"{__name__}.ubongo",
    ),
    Group(
        "subito",
        "Subito: deal the stand-in deck, list it, score a round's table by the rulebook, the best placement of a pile "
        "(alone or against a table), a duel of best responses, hints for the card just turned over, and a game in "
        "progress: start, apply the moves (the table turns a card, the seat places it on a side) and evaluate.",
        f"{__name__}.subito",
    ),
    Group(
        "was-sticht",
        "Was sticht?: deal a round, deduce the trumps from the dealer's clues in the draft, solve the trick game "
        "double dummy for a seat and a task chip, tabulate every chip, choose the chip to attempt, list the task chips "
        "and play whole games between bots.",
        f"{__name__}.was_sticht",
    ),
    Group(
        "cubu",
        "CUBU: the longest colour sequence for a hand, whether a Speed CUBU hand can all be laid, whole classic "
        "games between bots, and a round or race in progress (start, apply, evaluate).",
        f"{__name__}.cubu",
    ),
    Group(
        "analyze",
        "Run a study of a game over seeded random samples (deals, hands, games). The work is cut into seeded chunks, "
        "so the result is the same for any number of workers, locally or on a Dask cluster; each finished chunk is "
        "kept in the store, so an interrupted study goes on where it stopped and a finished one is read back at once.",
        f"{__name__}.studies",
    ),
)
"""The groups of the root, in the order the help lists them."""


def declared(module: str) -> tuple[Sequence[Command], Sequence[Group]]:
    """The commands (``COMMANDS``) and the groups within its group (``GROUPS``, none when it
    declares no such names) that the command module ``module`` declares."""
    found = importlib.import_module(module)
    return found.COMMANDS, getattr(found, "GROUPS", ())


def every_command() -> tuple[Command, ...]:
    """Every command, those of the root first, then each group's in the order of ``GROUPS``
    (every command module imported)."""
    return (*ROOT, *(command for group in GROUPS for command in declared(group.module)[0]))


def __getattr__(name: str) -> tuple[Command, ...]:
    """``COMMANDS``: ``every_command()``, made when first asked for."""
    if name != "COMMANDS":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return every_command()


def served() -> dict[tuple[str, str], Command]:
    """The commands the web serves, by (game, command) as the address names them."""
    return {(command.group, command.name): command for command in every_command() if command.served}
