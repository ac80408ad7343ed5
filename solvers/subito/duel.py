"""Subito duel: both piles of a dealt 2-player round known, the players take turns
replacing their placement with a best response to the other's, until neither can improve.

Each player starts from their best placement without an opponent (the weighted count,
then sum). Then player 1 answers player 2's placement with the placement that wins the
most points against it, then player 2 answers that, and so on; a player keeps their
placement unless the answer wins strictly more against the same opponent. The duel is
settled when both players in a row keep theirs: each placement is then a best response
to the other (when the searches were proven optimal). The answers are deterministic, so
when both placements and the player to answer repeat, the duel goes round that cycle
for ever: it stops there and says how many answers the cycle takes. Otherwise it stops
after ``limit`` answers. Both players place all the cards they are given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Card, Placed, Side, Table, score_round
from cardsolve.solvers.subito.backends import BACKENDS
from cardsolve.solvers.subito.problem import Budget, make_problem, placed_by_side
from cardsolve.solvers.subito.results import Dealt, Duel, Placement, Reply

NAMES = ("P1", "P2")
"""The two players' names in the duel's tables."""


def _placed(name: str, pile: Sequence[Card], tasks: Sequence[Side], sides: Sequence[Side]) -> Placed:
    """A player's cards on each side when card k of ``pile`` goes to ``sides[k]``."""
    return Placed(name, placed_by_side(make_problem(pile[: len(sides)], tasks), sides).placed)


def duel(
    deal: Dealt,
    cards: int | None = None,
    backend: str = BACKENDS.default,
    limit: int = 10,
    budget: Budget = Budget(),
    progress: Callable[[int, int], None] | None = None,
) -> Duel:
    """Alternate best responses from the two players' best weighted placements (see the
    module docstring); ``cards`` is how many of each pile are placed (default all).
    ``progress`` hears (searches done, searches at most): two placements, then the answers."""
    if deal.players != len(NAMES):
        raise BadInput(f"a duel is for 2 players, not {deal.players}", str(deal.players))
    if limit < 1:
        raise BadInput(f"bad limit {limit}: give 1 or more answers", str(limit))
    solver = BACKENDS.load(backend)
    piles, tasks = deal.piles, deal.tasks
    searches, done = len(NAMES) + limit, 0

    def best(mover: int, versus: Placed | None) -> Placement:
        nonlocal done
        found: Placement = solver.optimize(make_problem(piles[mover], tasks, cards, versus), budget)
        done += 1
        if progress is not None:
            progress(done, searches)
        return found

    replies: list[Reply] = []
    sides = [best(mover, None).sides for mover in range(len(NAMES))]
    kept_in_a_row = 0
    mover = 0
    met = {(sides[0], sides[1], mover): 0}  # each state met after an answer changed it: the answers then
    cycle = None
    while kept_in_a_row < 2 and len(replies) < limit and cycle is None:
        other = _placed(NAMES[1 - mover], piles[1 - mover], tasks, sides[1 - mover])
        answer = best(mover, other)
        before = score_round(Table(tasks, (_placed(NAMES[mover], piles[mover], tasks, sides[mover]), other))).points[0]
        assert answer.won is not None  # an answer has an opponent
        improved = answer.won > before
        replies.append(Reply(mover + 1, before, answer.won if improved else before, answer.proven))
        if improved:
            sides[mover], kept_in_a_row = answer.sides, 0
        else:
            kept_in_a_row += 1
        mover = 1 - mover
        if improved:
            state = (sides[0], sides[1], mover)
            if state in met:
                cycle = len(replies) - met[state]
            met[state] = len(replies)
    final = Table(tasks, (_placed(NAMES[0], piles[0], tasks, sides[0]), _placed(NAMES[1], piles[1], tasks, sides[1])))
    return Duel(deal, (sides[0], sides[1]), score_round(final).points, tuple(replies), kept_in_a_row >= 2, cycle)
