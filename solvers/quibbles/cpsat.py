"""The ``cpsat`` best-split backend: an OR-Tools CP-SAT assignment model of display cards
to set slots (see ``split`` for the problem)."""

from __future__ import annotations

from cardsolve.solvers.quibbles.results import BestSplit
from cardsolve.solvers.quibbles.split import canonical


def solve(cards: list[int], value: int, time_limit: float, workers: int) -> BestSplit:
    """Best split as an assignment of display cards to set slots.

    Take the most display cards into disjoint sets, each of 2 or more cards summing to
    ``value``. A display of n cards has at most n // 2 sets, so there are n // 2 slots;
    ``y[i, k]`` puts card i in slot k and ``used[k]`` opens slot k. The solver runs
    ``workers`` threads for at most ``time_limit`` seconds and says whether it proved
    the optimum.
    """
    from ortools.sat.python import cp_model

    from cardsolve.solvers.infrastructure import cpsat

    slots = range(len(cards) // 2)
    if not slots:
        return canonical(cards, value, (), True, "cpsat")
    model = cp_model.CpModel()
    y = {(i, k): model.new_bool_var(f"y[{i},{k}]") for i in range(len(cards)) for k in slots}
    used = [model.new_bool_var(f"used[{k}]") for k in slots]

    # each card is in at most one set
    for i in range(len(cards)):
        model.add_at_most_one(y[i, k] for k in slots)
    for k in slots:
        members = [y[i, k] for i in range(len(cards))]
        # an open slot's cards sum to the played value; a closed slot sums to 0
        model.add(sum(cards[i] * y[i, k] for i in range(len(cards))) == value * used[k])
        # a set has 2 or more cards
        model.add(sum(members) >= 2 * used[k])
        # only an open slot holds cards
        for member in members:
            model.add_implication(member, used[k])
    # redundant: a card worth the played value or more fits no set of 2 or more cards
    for i, card in enumerate(cards):
        if card >= value:
            for k in slots:
                model.add(y[i, k] == 0)
    # symmetry breaking: open slots come first
    for k in slots[:-1]:
        model.add(used[k] >= used[k + 1])

    model.maximize(sum(y.values()))

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    status = cpsat.solve(solver, model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # the time ran out before any solution: the empty split is legal but unproven
        return canonical(cards, value, (), False, "cpsat")
    sets = [
        tuple(i for i in range(len(cards)) if solver.boolean_value(y[i, k]))
        for k in slots
        if solver.boolean_value(used[k])
    ]
    return canonical(cards, value, sets, status == cp_model.OPTIMAL, "cpsat")
