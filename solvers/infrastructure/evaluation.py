"""The value of every option: the answer of every game's ``evaluate``.

An ``Evaluation`` lists, for the seat to move, each legal move with its value in the
game's own unit (``value``, what the JSON and the text show), the number it is ranked by
(``rank``: higher is better), whether the value is proven or an estimate and, for an
estimate, its standard error in rank units. The best options are every option whose rank
ties the top one: exactly for proven values, within the noise for estimates (two standard
errors of the difference), so that two equal moves are both named best rather than one
of them by the order of a search.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from cardsolve.models.errors import BadInput
from cardsolve.models.state import TABLE, GameState
from cardsolve.solvers.infrastructure.results import Answer, text_table

S = TypeVar("S", bound=GameState)

NOISE = 2.0
"""Standard errors of a difference within which two estimates tie."""


@dataclass(frozen=True)
class Option:
    """One legal move and its value: ``value`` as the game states it (a number, true or
    false, a word, or an object of them), ``rank`` the number options are ordered by
    (higher is better), ``proven`` whether the value is exact, ``error`` the standard
    error of an estimate's rank (0 when proven), ``shown`` the value as the text writes
    it and ``extra`` the game's own fields of the option's JSON."""

    move: str
    value: Any
    rank: float
    proven: bool
    error: float = 0.0
    shown: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"move": self.move, "value": self.value, "proven": self.proven}
        if not self.proven:
            doc["error"] = round(self.error, 6)
        return {**doc, **self.extra}


def ties_top(option: Option, top: Option) -> bool:
    """``option`` is as good as the top one: the same rank when both are proven, else
    within ``NOISE`` standard errors of the difference."""
    if option.proven and top.proven:
        return option.rank == top.rank
    return top.rank - option.rank <= NOISE * math.hypot(option.error, top.error)


@dataclass(frozen=True)
class Evaluation(Answer):
    """Every legal option of ``to_move`` (a seat from 1) valued in ``unit``, best first;
    ``best`` the moves that tie the top one; ``extra`` the game's own fields; ``note``
    a line the text adds under the table (how the values were found)."""

    stops_early: ClassVar[bool] = True

    game: str
    to_move: int
    unit: str
    options: tuple[Option, ...]
    extra: dict[str, Any] = field(default_factory=dict)
    note: str = ""

    @classmethod
    def ranked(
        cls, game: str, to_move: int, unit: str, options: Sequence[Option], note: str = "", **extra: Any
    ) -> Evaluation:
        """An evaluation of ``options`` in any order, best first (ties in the order given)."""
        ordered = sorted(options, key=lambda option: -option.rank)
        return cls(game, to_move, unit, tuple(ordered), dict(extra), note)

    @property
    def best(self) -> tuple[str, ...]:
        """The moves whose value ties the top one (none when there is no option)."""
        if not self.options:
            return ()
        top = self.options[0]
        return tuple(option.move for option in self.options if ties_top(option, top))

    @property
    def proven(self) -> bool:
        """Every value is exact."""
        return all(option.proven for option in self.options)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "to_move": self.to_move,
            "unit": self.unit,
            "options": [option.to_json() for option in self.options],
            "best": list(self.best),
            "proven": self.proven,
            **self.extra,
        }

    def text(self) -> str:
        if not self.options:
            return f"Seat {self.to_move} has no legal move."
        best = set(self.best)
        rows = [
            (
                "*" if option.move in best else "",
                option.move,
                option.shown or str(option.value),
                "proven" if option.proven else f"estimate ±{NOISE * option.error:.2g}",
            )
            for option in self.options
        ]
        tie = " (tied)" if len(best) > 1 else ""
        title = f"Seat {self.to_move}: every option, {self.unit}; * marks the best{tie}"
        lines = [text_table(("", "move", "value", ""), rows, title)]
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)


def seat_to_value(
    state: object,
    kind: type[S] | tuple[type[S], ...],
    title: str,
    table_does: str = "it deals a card",
    end: str = "game",
) -> tuple[S, int]:
    """``state`` checked to be a position of the game (``kind``, named ``title``) and the
    seat to move in it, whose options ``evaluate`` values. Another game's position, a
    ``end`` that is over (nobody to move) or the table to move (``table_does`` says what it
    does next) is bad input saying so."""
    if not isinstance(state, kind):
        raise BadInput(f"evaluate: give a {title} position, not {type(state).__name__}", type(state).__name__)
    seat = state.to_move
    if seat is None:
        raise BadInput(f"the {end} is over: nobody is to move, so there is no option to value", "to_move")
    if seat == TABLE:
        raise BadInput(
            f"the table is to move ({table_does}): apply its move, then evaluate the seat to move", "to_move"
        )
    return state, seat
