"""Time limits: the values a user may give, and the clock that makes one limit bound a
whole command (model building included), not only the solver's search.

A user's time limit is checked once, where it enters (the API and the command line): a
finite number of seconds above 0, at most ``MAX_TIME_LIMIT``. Inside, a ``Deadline`` is
started when the command starts; every model builder checks it as it goes and hands the
solver only the seconds left, so that a large input cannot overrun the limit before the
search even begins.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from numbers import Real

from cardsolve.models.errors import BadInput

MAX_TIME_LIMIT = 86_400.0
"""The longest time limit taken, in seconds (a day): anything longer is a typo or an
attempt to mean "no limit", which no command offers."""


def check_time_limit(seconds: float) -> float:
    """A user's time limit as a float: finite seconds above 0 and at most
    ``MAX_TIME_LIMIT``; anything else (nan, inf, 0, negative, larger, not a number) is bad
    input naming it."""
    if isinstance(seconds, bool) or not isinstance(seconds, Real) or not 0 < seconds <= MAX_TIME_LIMIT:
        raise BadInput(f"bad time limit {seconds!r}: give seconds above 0, at most {MAX_TIME_LIMIT:g}", str(seconds))
    return float(seconds)


def check_budget(seconds: float | None) -> None:
    """A search's budget, what is left of a time limit: None (no limit) or seconds, 0 or
    more (0: stop at once); anything else is bad input naming it."""
    if seconds is not None and not seconds >= 0:
        raise BadInput(f"bad time limit {seconds!r}: give seconds, 0 or more", str(seconds))


def check_count(name: str, value: int | None, low: int, high: int | None = None) -> None:
    """A whole number a user gives (a count, a limit, a size): None (the default) or
    ``low`` to ``high`` (no upper bound when None), as the command line's ranges are;
    anything else is bad input naming it."""
    if value is not None and not (low <= value and (high is None or value <= high)):
        bound = f"{low} to {high}" if high is not None else f"{low} or more"
        raise BadInput(f"bad {name} {value}: give {bound}", str(value))


class OutOfTime(Exception):
    """A deadline passed while a model was being built or a search ran."""


@dataclass(frozen=True)
class Deadline:
    """The moment a time limit runs out, on the monotonic clock (``math.inf``: never)."""

    end: float

    @classmethod
    def after(cls, seconds: float | None) -> Deadline:
        """The deadline ``seconds`` from now (None: no deadline)."""
        return cls(math.inf if seconds is None else time.monotonic() + seconds)

    def left(self) -> float:
        """The seconds left, 0 once the deadline has passed (``math.inf`` without one)."""
        return max(0.0, self.end - time.monotonic())

    @property
    def passed(self) -> bool:
        """The deadline has passed."""
        return time.monotonic() >= self.end

    def check(self) -> None:
        """Raise ``OutOfTime`` once the deadline has passed: called while building a model
        or searching, so that the work stops there."""
        if self.passed:
            raise OutOfTime
