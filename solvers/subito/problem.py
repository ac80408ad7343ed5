"""The optimize problem shared by every backend: the checked input, the search budget,
and the objective of a placement (``results.Placement``), computed with the model's own
scoring.

A player places the first ``cards`` cards of their pile, in order, each onto one of the
eight sides in play; a card must be accepted by its side given the player's earlier cards
there (``tasks.accepts``), and the player's sum on task 5 side a stays at most 12 (going
over can only lose that task card). Placing a wrong card is never better than placing it
on task card 2, which accepts everything, so only accepted placements are searched.

The objective, compared as a tuple, largest best:
- against an opponent's placed cards (``versus``, scored first with the removal rules):
  ``(won,)``, the round points this player wins by the model's award rules;
- without an opponent: ``(weighted_count, weighted_sum)``, the sum over sides of
  points(side) x the cards placed there, ties broken by the sum over sides of
  points(side) x the numbers of the cards placed there (the issue's "ties broken by sums"
  read as each side's sum weighted like its count).

A best response answers cards it knows: the opponent's face-down cards on 5a written
``"?"`` are refused, since the task's outcome turns on their sum (which scoring shows).
The optimizer knows the player's whole pile anyway, so it is an analysis of known cards,
not advice during the round (``hint`` is that, and samples the unseen cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import (
    FIVE_A_LIMIT,
    HIDDEN,
    Card,
    Placed,
    Side,
    Table,
    check_cards,
    check_distinct,
    points,
    score_round,
)
from cardsolve.solvers.subito.results import Placement

FIVE_A = "5a"
"""The side whose sum may not exceed ``FIVE_A_LIMIT``."""
SIDES_IN_PLAY = 8
PLAYER = "player"
OPPONENT = "opponent"


def weighted_scale(cards: int) -> int:
    """One weighted count is worth more than any weighted sum of ``cards`` cards (each at
    most 9 points x number 6), so ``count x scale + sum`` orders the pair lexicographically."""
    return 9 * 6 * cards + 1


@dataclass(frozen=True)
class Problem:
    """A checked instance: the cards to place (the first ``cards`` of the pile), the
    sides in play, and the opponent's placed cards (None: no opponent)."""

    cards: tuple[Card, ...]
    tasks: tuple[Side, ...]
    versus: Placed | None


@dataclass(frozen=True)
class Budget:
    """How long a backend may search before it returns its best placement unproven:
    cpsat's seconds and threads, numba's search nodes (None: the backend's own default).
    The reference always searches to the end (it takes at most 10 cards)."""

    time_limit: float = 10.0
    workers: int | None = None
    node_limit: int | None = None


def make_problem(
    pile: Sequence[Card], tasks: Sequence[Side], cards: int | None = None, versus: Placed | None = None
) -> Problem:
    """Check the input: eight sides, one per task card 2..9; ``cards`` between 0 and the
    pile's length (default all); no card twice in the pile and the opponent's cards; no
    opponent's card unseen (see the module docstring)."""
    numbers = sorted(side.number for side in tasks)
    if numbers != list(range(2, 2 + SIDES_IN_PLAY)):
        raise BadInput(
            f"the sides in play are one side of each task card 2..9, not {','.join(side.name for side in tasks)}",
            ",".join(side.name for side in tasks),
        )
    count = len(pile) if cards is None else cards
    if not 0 <= count <= len(pile):
        raise BadInput(f"cannot place {count} cards from a pile of {len(pile)}", str(count))
    ordered = tuple(sorted(tasks, key=lambda side: side.number))
    theirs = [] if versus is None else [card for side in ordered for card in versus.on(side)]
    check_distinct([*pile, *theirs], "the pile and the opponent's cards")
    if versus is not None and versus.hidden:
        raise BadInput(
            f"{versus.name} has {versus.hidden} face-down card{'s' * (versus.hidden > 1)} {HIDDEN!r} "
            f"on {FIVE_A}: a best response needs the opponent's every card, so name them",
            HIDDEN,
        )
    if versus is not None:
        extra = sorted(set(versus.placed) - {side.name for side in ordered})
        if extra:
            raise BadInput(f"the opponent placed cards on side {extra[0]}, which is not in play", extra[0])
    return Problem(tuple(pile[:count]), ordered, versus)


def placed_by_side(problem: Problem, sides: Sequence[Side]) -> Placed:
    """The player's cards on each side when card k goes to ``sides[k]``."""
    placed: dict[str, list[Card]] = {side.name: [] for side in problem.tasks}
    for card, side in zip(problem.cards, sides):
        placed[side.name].append(card)
    return Placed(PLAYER, {name: tuple(cards) for name, cards in placed.items()})


def scores(problem: Problem, sides: Sequence[Side]) -> tuple[int | None, int, int]:
    """``(won, weighted_count, weighted_sum)`` of a placement, by the model's scoring;
    ``won`` is None without an opponent. A wrong card or a 5a sum over 12 is an error
    of the caller (a backend), not a worse placement."""
    if len(sides) != len(problem.cards) or any(side not in problem.tasks for side in sides):
        raise AssertionError("a placement names one side in play per card")
    mine = placed_by_side(problem, sides)
    count = total = 0
    for side in problem.tasks:
        kept = check_cards(side, mine.on(side))
        if kept.removed or (side.name == FIVE_A and kept.total > FIVE_A_LIMIT):
            raise AssertionError(f"an invalid placement on side {side.name}")
        count += points(side) * kept.count
        total += points(side) * kept.total
    won = None
    if problem.versus is not None:
        won = score_round(Table(problem.tasks, (mine, problem.versus))).points[0]
    return won, count, total


def objective(problem: Problem, sides: Sequence[Side]) -> tuple[int, ...]:
    """The objective tuple of a placement (see the module docstring)."""
    won, count, total = scores(problem, sides)
    return (won,) if won is not None else (count, total)


def evaluate(problem: Problem, sides: Sequence[Side], backend: str, proven: bool, nodes: int) -> Placement:
    """The Placement of ``sides`` with its objective values computed by the model."""
    opponent = None if problem.versus is None else problem.versus.name
    return Placement(
        problem.cards, problem.tasks, tuple(sides), opponent, *scores(problem, sides), proven, nodes, backend
    )
