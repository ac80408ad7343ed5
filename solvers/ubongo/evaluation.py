"""The value of every option in one player's Ubongo round (``models.ubongo.state``).

Each legal move is valued by the position it leads to:
- ``value`` (the game's unit): whether a complete layout of the round's ``k`` cards is
  still reachable after it as the cards lie: some valid layout of k holds every laid card
  where it lies and adds cards from the hand, each touching those before it (the numba
  backend's exact ``complete``). A call of "Ubongo!" is reachable: the layout is done.
- ``moves_to_call_count`` (each option's own field; options are ranked by it, fewest
  first): the fewest moves after it until "Ubongo!" is called: 0 after the call; else,
  with ``m`` the fewest laid cards to take back so that the cards kept, as they lie, can
  be completed (the hint's search, ``solvers.ubongo.hint``, smallest sets first), ``m``
  take-backs, ``k - (laid - m)`` lays and the call. Null when no layout of k of the
  player's cards exists at all (``ubongo verify`` says no).

Why the hint's ``m`` is the fewest: a plan ends in a layout L of k; the laid cards it never
moves are a set R kept as they lie, valid and completable to L, and the plan makes at
least one move per other laid card, one per other card of L and the call. Conversely any
such R is reached by taking back the other cards one by one (while the table breaks a
rule any card may go back; once it is valid, a spanning tree of it grown from R has a
leaf outside R, whose removal keeps it one group), and completed card by card (an empty
R by a layout turned so that its first card lies unrotated at the origin). Shortcuts,
proven the same way, save searches when the table is completable as it lies (``m`` = 0):
after a lay ``m`` is 0 or 1 (the card just laid goes back), after a take-back 0 (the card
is laid again where it lay).

Every value is proven (the searches are exact); the options the time limit leaves
unsearched are undecided (no value, not proven, never best). The clock starts once the
numba kernels are ready (compiled, or read from their cache, once per process). The
evaluation reads only ``state.observation(seat)``, which in Ubongo is the whole position:
nothing is sampled.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from cardsolve.models.ubongo.cards import Face, parse_literal
from cardsolve.models.ubongo.layout import Layout, Placement
from cardsolve.models.ubongo.state import Call, Lay, TakeBack, UbongoMove, UbongoState
from cardsolve.solvers.infrastructure.evaluation import Evaluation, Option, seat_to_value
from cardsolve.solvers.infrastructure.limits import Deadline, OutOfTime, check_time_limit
from cardsolve.solvers.ubongo.backends import BACKENDS
from cardsolve.solvers.ubongo.hint import hint
from cardsolve.solvers.ubongo.results import Solution

DEFAULT_TIME_LIMIT = 10.0
"""Seconds an evaluation may take by default (a position takes milliseconds)."""
UNIT = "a layout of k reachable as the cards lie (fewest moves to the call ranks them)"
"""The unit of the values, as the text's title gives it."""
UNDECIDED = -math.inf
"""The rank of an option the time limit left unsearched, or with no layout at all."""

Complete = Callable[[Layout, Sequence[Face], int], Solution]


@dataclass
class _Search:
    """The searches of one evaluation: the player's cards, the target ``k``, the
    completion search (which raises ``OutOfTime`` past the deadline) and the fewest
    take-backs found for each set of laid cards (``None``: no layout of k at all)."""

    cards: tuple[Face, ...]
    k: int
    complete: Complete
    deadline: Deadline
    found: dict[frozenset[Placement], int | None] = field(default_factory=dict)

    def completes(self, table: Sequence[Placement]) -> bool:
        """The (valid) table can be completed as it lies."""
        self.deadline.check()
        laid = {p.face for p in table}
        return self.complete(list(table), [f for f in self.cards if f not in laid], self.k).layout is not None

    def take_backs(self, table: Sequence[Placement]) -> int | None:
        """The fewest laid cards to take back before the table can be completed (the
        hint's search); None when no layout of k of the player's cards exists."""
        key = frozenset(table)
        if key not in self.found:
            laid = {p.face for p in table}
            hand = [f for f in self.cards if f not in laid]
            found = hint(list(table), hand, self.k, self._checked)
            self.found[key] = None if found.target is None else len(found.take_back)
        return self.found[key]

    def _checked(self, table: Layout, hand: Sequence[Face], k: int) -> Solution:
        self.deadline.check()
        return self.complete(table, hand, k)

    def moves(self, table: Sequence[Placement], backs: int | None) -> int | None:
        """The fewest moves to the call from ``table`` with ``backs`` cards to take back."""
        return None if backs is None else backs + (self.k - (len(table) - backs)) + 1


@cache
def _completion() -> Complete:
    """The numba backend's ``complete``, its kernels made ready by two small completions
    (compiled, or read from the cache, once per process), so that the time limit bounds
    the searches, not numba's start."""
    complete: Complete = BACKENDS.load("numba").complete
    first, second = parse_literal("ABC/DEF"), parse_literal("EFG/HIJ")
    complete([], [first, second], 2)  # an empty table: the backend's solve
    complete([Placement(first, 0, 0, 0)], [second], 2)
    return complete


def _after(search: _Search, state: UbongoState, move: UbongoMove, here: int | None) -> tuple[bool, int | None]:
    """Whether a layout of k is reachable as the cards lie after ``move``, and the fewest
    moves to the call after it (the module docstring's shortcuts where they apply)."""
    if isinstance(move, Call):
        return True, 0
    table = state.played(move).table
    if here == 0 and isinstance(move, TakeBack):
        backs: int | None = 0
    elif here == 0 and isinstance(move, Lay):
        backs = 0 if search.completes(table) else 1
    else:
        backs = search.take_backs(table)
    return backs == 0, search.moves(table, backs)


def _shown(reachable: bool | None, moves: int | None, k: int) -> str:
    if reachable is None:
        return "undecided (time limit)"
    if moves is None:
        return f"no layout of {k} exists"
    how = "reachable" if reachable else "not as laid"
    return f"{how}, {moves} move{'s' * (moves != 1)} to the call"


def evaluate(state: UbongoState, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Evaluation:
    """Every legal move of the player with its value (the module docstring), best first;
    the fewest moves to the call mark the best, ties named. A round already called has no
    one to move: bad input."""
    state, seat = seat_to_value(state, UbongoState, "Ubongo", end="round")
    limit = check_time_limit(time_limit)
    complete = _completion()
    deadline = Deadline.after(limit)
    seen = state.observation(seat)
    cards = (*seen.hand, *(p.face for p in seen.table))
    search = _Search(cards, seen.k, complete, deadline)
    options = []
    here: int | None = None
    try:
        here = search.take_backs(seen.table)
        exists: bool | None = here is not None
    except OutOfTime:
        exists = None
    for move in seen.legal_moves():
        reachable: bool | None = None
        moves: int | None = None
        if exists is not None:
            try:
                reachable, moves = _after(search, seen, move, here)
            except OutOfTime:
                reachable = moves = None
        proven = reachable is not None
        rank = UNDECIDED if moves is None else -float(moves)
        options.append(
            Option(
                str(move),
                reachable,
                rank,
                proven,
                shown=_shown(reachable, moves, seen.k),
                extra={"moves_to_call_count": moves},
            )
        )
    note = (
        f"Reachable: a layout of {seen.k} can be finished by laying cards only, every laid card where it lies; "
        "moves to the call: the fewest take-backs, lays and the call after the move (numba, exact)."
    )
    return Evaluation.ranked(
        "ubongo",
        seat,
        UNIT,
        options,
        note,
        k=seen.k,
        layout_exists=exists,
        moves_to_call_count=search.moves(seen.table, here) if exists else None,
    )
