"""The commands of a game in progress, the same for every game: ``start`` (a seeded deal's
position document), ``apply`` (the position after moves), ``show`` (the position as a
player reads it, with the legal moves) and ``evaluate`` (the value of every option of the
seat to move). Each game's command module adds them with its own
variant options and players."""

from __future__ import annotations

from typing import Any

from cardsolve.solvers.interfaces.table import Command, Option
from cardsolve.solvers.interfaces.values import SEED, Document, Seconds, Text, Whole

POSITIONS = "cardsolve.solvers.infrastructure.positions"


def _loader(game: str) -> Any:
    """Reads a position document of ``game`` into its state, naming the file in errors."""

    def read(document: Any, source: str) -> Any:
        from cardsolve.solvers.infrastructure.positions import load

        return load(game, document)

    return read


def position_option(game: str, name: str = "state") -> Option:
    """``--position FILE``: a position document of ``game`` (``start`` writes one)."""
    return Option(
        name,
        Document("POSITION.json", _loader(game)),
        f"The position: a document as 'cardsolve {game.replace('_', '-')} start' or 'apply' writes it, or "
        "as you write it for the cards on your table.",
        flag="--position",
        required=True,
    )


def commands(
    game: str,
    players: Whole,
    variant: tuple[Option, ...] = (),
    evaluate_help: str = "",
    evaluating: tuple[Option, ...] = (),
) -> tuple[Command, ...]:
    """``start``, ``apply``, ``show`` and ``evaluate`` for ``game`` (its group on the line), with
    ``players`` the seats a deal may have, ``variant`` the options of its deal and
    ``evaluating`` the game's own options of ``evaluate`` (its samples, its seed)."""
    group = game.replace("_", "-")
    return (
        Command(
            group,
            "start",
            f"{POSITIONS}:start",
            "A seeded deal as a position document (JSON, with or without --json): nobody has moved yet. Save it to a "
            "file for 'apply', 'show' and 'evaluate'.",
            (
                Option("seed", SEED, "The shuffle.", required=True),
                Option("players", players, "Seats at the table."),
                *variant,
            ),
            fixed={"game": game},
        ),
        Command(
            group,
            "apply",
            f"{POSITIONS}:apply",
            "The position document after MOVES, each in the notation 'show' lists the legal moves in; an illegal "
            "move is refused, naming the rule it breaks.",
            (
                position_option(game),
                Option("moves", Text("MOVE"), "The moves, one after another.", argument=True, many=True),
            ),
        ),
        Command(
            group,
            "show",
            f"{POSITIONS}:show",
            "The position as a player reads it: the cards, whose decision it is, the legal moves (in the notation "
            "'apply' reads) and the scores so far; after MOVES when given (the position document is in the JSON).",
            (
                position_option(game),
                Option("moves", Text("MOVE"), "Moves to play first, as 'apply' plays them.", argument=True, many=True),
            ),
        ),
        Command(
            group,
            "evaluate",
            f"cardsolve.solvers.{game}.api:evaluate",
            evaluate_help
            or "Every legal option of the seat to move with its value, proven or estimated; * marks the best.",
            (position_option(game), Option("time_limit", Seconds(), "Seconds the evaluation may take."), *evaluating),
        ),
    )
