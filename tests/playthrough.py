"""One random-playthrough check for every game (after OpenSpiel's shared API test).

The game comes in as plain functions, so this module knows no game: ``legal`` lists the
moves, ``is_legal`` is the game's own validator, ``apply`` plays a move, ``is_over`` says
the game has ended and ``invariant`` raises ``AssertionError`` when a state breaks a rule
that must always hold (cards conserved, no negative counts, ...).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")
M = TypeVar("M")


@dataclass
class Playthrough(Generic[S, M]):
    """How a random game went: the final state, the moves played, and whether it ended
    by the game's own rule (``is_over``) rather than at the move cap."""

    state: S
    moves: list[M]
    ended: bool


def random_playthrough(
    state: S,
    legal: Callable[[S], Sequence[M]],
    is_legal: Callable[[S, M], bool],
    apply: Callable[[S, M], S],
    is_over: Callable[[S], bool],
    invariant: Callable[[S], None],
    rng: random.Random,
    max_moves: int,
) -> Playthrough[S, M]:
    """Play uniformly random moves from ``legal`` until ``is_over`` or ``max_moves``.

    Before each move: a game that is not over has a legal move, and every listed move
    passes ``is_legal``. After each move (and before the first): ``invariant`` holds.
    ``apply`` returns the next state (an engine that mutates returns the same object).
    A failure names the move number and the moves so far, to replay it.
    """
    moves: list[M] = []
    _holds(invariant, state, moves)
    while not is_over(state):
        if len(moves) >= max_moves:
            return Playthrough(state, moves, ended=False)
        options = list(legal(state))
        if not options:
            raise AssertionError(f"no legal move in a game that is not over, after {len(moves)} moves: {moves}")
        refused = [move for move in options if not is_legal(state, move)]
        if refused:
            raise AssertionError(f"listed moves the validator refuses after {len(moves)} moves: {refused}")
        move = rng.choice(options)
        state = apply(state, move)
        moves.append(move)
        _holds(invariant, state, moves)
    return Playthrough(state, moves, ended=True)


def _holds(invariant: Callable[[S], None], state: S, moves: list[M]) -> None:
    try:
        invariant(state)
    except AssertionError as broken:
        last = f"move {len(moves)} ({moves[-1]!r})" if moves else "the start"
        raise AssertionError(f"invariant broken after {last}: {broken}\nmoves: {moves}") from broken
