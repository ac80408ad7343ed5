"""The CP-SAT optimizer (docs/pages/solvers.md, ``#subito-cpsat``): ``x[k, s]``, card k
goes onto side s, exactly one side per card;
each side's placed cards follow its minimal transition table (``automaton``) as a CP-SAT
automaton over the labels ``(k + 1) x[k, s]`` (0: card k is not there), and a side whose
table has one state only forbids the cards it refuses; 5a sums at most 12.

Without an opponent it maximises points(s) x (scale + number) over placed cards (the
weighted count and sum as one integer). Against one it maximises the points of the sides
won, where ``won[s]`` needs the player's count x B + sum (B above any side's sum, so the
pair compares as a tuple, which is the award rule) to pass the opponent's: one linear
constraint per side. Their total over the sides won cannot exceed the whole pile's, a
knapsack cut that proves most "every side" sets infeasible at once. The solver's OPTIMAL
is the proof; FEASIBLE (out of time) is returned as not proven.

The time limit counts from the call: the transition tables (which grow with the square of
the pile) are built against it, and CP-SAT gets only what is left. When the time runs out
before any placement is found, every card goes onto task card 2 (which takes them all),
not proven.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from cardsolve.models.subito import FIVE_A_LIMIT, NUMBERS, Side, check_cards, points
from cardsolve.solvers.infrastructure import cpsat
from cardsolve.solvers.infrastructure.limits import Deadline, OutOfTime
from cardsolve.solvers.subito.automaton import minimal_table
from cardsolve.solvers.subito.problem import FIVE_A, Budget, Problem, evaluate, weighted_scale
from cardsolve.solvers.subito.results import Placement

SEED = 1
"""CP-SAT's random seed: the same instance and parameters give the same answer."""
WORKERS = 8
"""CP-SAT's portfolio of search strategies; on 2 cores it proved 30 of 30 best responses
where 2 workers proved 27 (2026-11-30)."""


def _follow_tables(
    model: cp_model.CpModel, problem: Problem, x: list[list[cp_model.IntVar]], deadline: Deadline
) -> None:
    """Each side's placed cards, in pile order, are a path through its transition table
    (the deadline checked before each table is built)."""
    n = len(problem.cards)
    for s, side in enumerate(problem.tasks):
        deadline.check()
        table = minimal_table(side, problem.cards)
        if len(table) == 1:
            for k in range(n):
                if table[0, k] < 0:
                    model.add(x[k][s] == 0)
            continue
        rows = list(range(len(table)))
        transitions = [(st, 0, st) for st in rows]
        transitions += [(st, k + 1, int(table[st, k])) for st in rows for k in range(n) if table[st, k] >= 0]
        labels = [model.new_int_var(0, k + 1, f"label_{k}_{s}") for k in range(n)]
        for k in range(n):
            model.add(labels[k] == (k + 1) * x[k][s])
        model.add_automaton(labels, 0, rows, transitions)


def _wins(model: cp_model.CpModel, problem: Problem, x: list[list[cp_model.IntVar]]) -> list[cp_model.IntVar]:
    """``won[s]``: the player may count side s as won (see the module docstring)."""
    assert problem.versus is not None
    numbers = [card.number for card in problem.cards]
    scale = max(NUMBERS) * len(numbers) + 1
    won, needs = [], []
    for s, side in enumerate(problem.tasks):
        theirs = check_cards(side, problem.versus.on(side))
        won_s = model.new_bool_var(f"won_{s}")
        won.append(won_s)
        if side.name == FIVE_A and theirs.total > FIVE_A_LIMIT:
            model.add(won_s == 1)  # the opponent is over 12; the player never is
            continue
        need = theirs.count * scale + theirs.total + 1
        model.add(sum((scale + number) * x[k][s] for k, number in enumerate(numbers)) >= need * won_s)
        needs.append(need * won_s)
    model.add(sum(needs) <= sum(scale + number for number in numbers))
    return won


def _every_card_on_two(problem: Problem) -> list[Side]:
    """Every card onto task card 2, which takes them all: the placement given when the time
    runs out before CP-SAT finds one."""
    return [next(side for side in problem.tasks if side.name == "2")] * len(problem.cards)


def optimize(problem: Problem, budget: Budget = Budget()) -> Placement:
    """The best placement CP-SAT finds within the budget's seconds (from the call, building
    the model included) on its threads (default ``WORKERS``)."""
    n, tasks = len(problem.cards), problem.tasks
    if n == 0:
        return evaluate(problem, [], "cpsat", True, 0)
    deadline = Deadline.after(budget.time_limit)
    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"x_{k}_{s}") for s in range(len(tasks))] for k in range(n)]
    for k in range(n):
        model.add_exactly_one(x[k])
    try:
        _follow_tables(model, problem, x, deadline)
    except OutOfTime:
        return evaluate(problem, _every_card_on_two(problem), "cpsat", False, 0)
    five = [s for s, side in enumerate(tasks) if side.name == FIVE_A]
    for s in five:
        model.add(sum(card.number * x[k][s] for k, card in enumerate(problem.cards)) <= FIVE_A_LIMIT)
    if problem.versus is None:
        scale = weighted_scale(n)
        model.maximize(
            sum(
                points(side) * (scale + card.number) * x[k][s]
                for k, card in enumerate(problem.cards)
                for s, side in enumerate(tasks)
            )
        )
    else:
        model.maximize(sum(points(side) * w for side, w in zip(tasks, _wins(model, problem, x))))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = deadline.left()
    solver.parameters.num_workers = WORKERS if budget.workers is None else budget.workers
    solver.parameters.random_seed = SEED
    status = cpsat.solve(solver, model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # no placement found in time
        return evaluate(problem, _every_card_on_two(problem), "cpsat", False, solver.num_branches)
    chosen = [next(tasks[s] for s in range(len(tasks)) if solver.value(x[k][s])) for k in range(n)]
    return evaluate(problem, chosen, "cpsat", status == cp_model.OPTIMAL, solver.num_branches)
