"""A game in progress as the commands answer it: ``start``, ``load`` and ``apply`` over any
game's ``GameState`` (``models.state``), each giving a ``Position``, the answer whose JSON
(and text) is the position document that ``load`` reads back, and ``show``, the position
as a player reads it.

The game's own ``start`` and ``load`` live in ``models.<game>.state`` and are found by
the game's name, so these functions serve every game alike.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.models.games import GAMES
from cardsolve.models.state import TABLE, GameState
from cardsolve.solvers.infrastructure.arguments import checked
from cardsolve.solvers.infrastructure.results import Answer, plural

MAX_MOVES_GIVEN = 2_000
"""The most moves one ``apply`` takes: more than any game lasts."""
LISTED_MOVES = 30
"""The most legal moves the text of ``show`` lists (``--json`` lists all)."""


def _rules(game: str) -> ModuleType:
    """The module of ``game``'s state (``models.<game>.state``)."""
    if game not in GAMES:
        raise BadInput(f"unknown game {game!r}: one of {', '.join(GAMES)}", game)
    return importlib.import_module(f"cardsolve.models.{game}.state")


@dataclass(frozen=True)
class Position(Answer):
    """A position of a game in progress: its document, as JSON and as text alike, so that
    what ``start`` or ``apply`` prints is a file ``--position`` reads."""

    state: GameState

    def to_json(self) -> dict[str, Any]:
        return self.state.to_json()

    def text(self) -> str:
        return json.dumps(self.to_json(), indent=1)


@dataclass(frozen=True)
class Board(Answer):
    """A position as a player reads it: the table, whose decision it is, the legal moves
    and the scores so far."""

    state: GameState

    def to_json(self) -> dict[str, Any]:
        state = self.state
        return {
            "game": state.game,
            "to_move": state.to_move,
            "legal_moves": [str(move) for move in state.legal_moves()],
            "scores": [{"seat": seat, "score": score} for seat, score in state.scores().items()],
            "position": state.to_json(),
        }

    def pictures(self) -> dict[str, str]:
        return self.state.pictures()

    def text(self) -> str:
        state = self.state
        if state.to_move is None:
            scores = ", ".join(f"seat {seat} {score:g}" for seat, score in state.scores().items())
            return f"{state.text()}\nThe game is over: {scores}."
        moves = [str(move) for move in state.legal_moves()]
        who = "The table decides" if state.to_move == TABLE else f"Seat {state.to_move} to move"
        lines = [
            state.text(),
            f"{who}: {plural(len(moves), 'legal move')}",
            *(f"  {move}" for move in moves[:LISTED_MOVES]),
        ]
        if len(moves) > LISTED_MOVES:
            lines.append(f"  and {len(moves) - LISTED_MOVES} more (--json lists all)")
        return "\n".join(lines)


@checked
def load(game: str, document: object) -> GameState:
    """``game``'s position from its document (as ``to_json`` writes it, or a person does)."""
    state: GameState = _rules(game).load(document)
    return state


@checked
def start(game: str, *, seed: int, players: int | None = None, **variant: Any) -> Position:
    """A seeded deal of ``game`` for ``players`` seats (the game's default when None) and
    the game's own ``variant`` options; nobody has moved yet."""
    options = {name: value for name, value in variant.items() if value is not None}
    return Position(_rules(game).start(seed=seed, players=players, **options))


@checked
def apply(state: GameState, moves: Sequence[str]) -> Position:
    """The position after ``moves``, in notation, played one after another from ``state``; a
    move that is not legal where it comes is bad input naming it and its place."""
    if len(moves) > MAX_MOVES_GIVEN:
        raise BadInput(f"{len(moves)} moves: at most {MAX_MOVES_GIVEN} at once", str(len(moves)))
    for number, move in enumerate(moves, 1):
        try:
            state = state.apply(move)
        except BadInput as error:
            raise BadInput(f"move {number}: {error}", error.token) from None
    return Position(state)


@checked
def show(state: GameState, moves: Sequence[str] = ()) -> Board:
    """``state``, after ``moves`` when given (as ``apply`` plays them), as a player reads
    it, with the legal moves and the scores: a board plays a move and learns the next
    legal ones in one request."""
    return Board(apply(state, moves).state if moves else state)
