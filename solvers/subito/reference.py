"""The reference optimizer for at most ``LIMIT`` cards: a placement is a split of the
cards into one subset per side (each kept in pile order), so it scores every subset of
the cards on every side with the model (``check_cards``, ``award``), then tries every
split side by side, remembering the best completion of each (side, cards left) pair
(docs/pages/solvers.md, ``#subito-reference``)."""

from __future__ import annotations

from functools import cache

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import FIVE_A_LIMIT, Side, check_cards, points
from cardsolve.models.subito.scoring import award
from cardsolve.solvers.subito.problem import FIVE_A, OPPONENT, PLAYER, Budget, Problem, evaluate
from cardsolve.solvers.subito.results import Placement

LIMIT = 10
"""The most cards the reference takes (3^10 splits)."""

Value = tuple[int, ...]


def subset_value(problem: Problem, side: Side, mask: int) -> Value | None:
    """The objective contribution of placing the cards in ``mask`` on ``side``, or None
    when the model removes one of them or they pass 12 on 5a."""
    kept = check_cards(side, [card for k, card in enumerate(problem.cards) if mask >> k & 1])
    if kept.removed or (side.name == FIVE_A and kept.total > FIVE_A_LIMIT):
        return None
    if problem.versus is None:
        return (points(side) * kept.count, points(side) * kept.total)
    theirs = check_cards(side, problem.versus.on(side))
    winner, _ = award(side, (kept, theirs), (PLAYER, OPPONENT))
    return (points(side) if winner == 0 else 0,)


def add(first: Value, second: Value) -> Value:
    return tuple(a + b for a, b in zip(first, second))


def optimize(problem: Problem, budget: Budget = Budget()) -> Placement:
    """The best split of the cards over the sides (the first found among equals); it
    always searches to the end, whatever the budget."""
    n = len(problem.cards)
    if n > LIMIT:
        raise BadInput(f"the reference optimizer places at most {LIMIT} cards, not {n}", str(n))
    values = [[subset_value(problem, side, mask) for mask in range(1 << n)] for side in problem.tasks]
    last = len(problem.tasks) - 1
    nodes = 0

    @cache
    def best(i: int, left: int) -> tuple[Value, tuple[int, ...]] | None:
        """The best value of placing the cards in ``left`` on sides i.. and the subset
        each of those sides takes; None if they cannot all be placed."""
        nonlocal nodes
        if i == last:
            nodes += 1
            here = values[i][left]
            return None if here is None else (here, (left,))
        found: tuple[Value, tuple[int, ...]] | None = None
        sub = left
        while True:
            here, rest = values[i][sub], best(i + 1, left & ~sub)
            nodes += 1
            if here is not None and rest is not None:
                value = add(here, rest[0])
                if found is None or value > found[0]:
                    found = (value, (sub, *rest[1]))
            if sub == 0:
                return found
            sub = (sub - 1) & left

    answer = best(0, (1 << n) - 1)
    assert answer is not None  # task card 2 accepts every card, so a placement exists
    side_of = {k: side for side, mask in zip(problem.tasks, answer[1]) for k in range(n) if mask >> k & 1}
    return evaluate(problem, [side_of[k] for k in range(n)], "reference", True, nodes)
