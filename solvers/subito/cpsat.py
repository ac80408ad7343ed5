"""The CP-SAT optimizer: ``x[k, s]``, card k goes onto side s, exactly one side per card;
each side's placed cards follow its transition table (``automaton``) as a CP-SAT
automaton over the labels ``(k + 1) x[k, s]`` (0: card k is not there); 5a sums at most 12.

Without an opponent it maximises points(s) x (scale + number) over placed cards (the
weighted count and sum as one integer). Against one, ``won[s]`` may be true only if the
player's count beats the opponent's, or equals it (``by_sum[s]``) with a greater sum;
it maximises the points of the sides won. The solver's OPTIMAL is the proof; FEASIBLE
(out of time) is returned as not proven.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from models.subito import FIVE_A_LIMIT, Side, check_cards, points
from solvers.subito.automaton import tables
from solvers.subito.problem import FIVE_A, Placement, Problem, evaluate, weighted_scale

SEED = 1
"""CP-SAT's random seed: the same instance and parameters give the same answer."""


def _follow_tables(model: cp_model.CpModel, problem: Problem,
                   x: list[list[cp_model.IntVar]]) -> None:
    """Each side's placed cards, in pile order, are a path through its transition table."""
    table = tables(problem.tasks, problem.cards)
    n = len(problem.cards)
    for s in range(len(problem.tasks)):
        rows = list(range(table.shape[1]))  # padding rows are unreachable
        transitions = [(st, 0, st) for st in rows]
        transitions += [(st, k + 1, int(table[s, st, k])) for st in rows for k in range(n) if table[s, st, k] >= 0]
        labels = [model.new_int_var(0, k + 1, f"label_{k}_{s}") for k in range(n)]
        for k in range(n):
            model.add(labels[k] == (k + 1) * x[k][s])
        model.add_automaton(labels, 0, rows, transitions)


def _wins(model: cp_model.CpModel, problem: Problem, x: list[list[cp_model.IntVar]]) -> list[cp_model.IntVar]:
    """``won[s]``: the player may count side s as won (see the module docstring)."""
    won = []
    numbers = [card.number for card in problem.cards]
    assert problem.versus is not None
    for s, side in enumerate(problem.tasks):
        theirs = check_cards(side, problem.versus.on(side))
        won_s = model.new_bool_var(f"won_{s}")
        won.append(won_s)
        if side.name == FIVE_A and theirs.total > FIVE_A_LIMIT:
            model.add(won_s == 1)  # the opponent is over 12; the player never is
            continue
        count = sum(x[k][s] for k in range(len(numbers)))
        total = sum(numbers[k] * x[k][s] for k in range(len(numbers)))
        by_sum = model.new_bool_var(f"by_sum_{s}")
        model.add(count >= theirs.count + 1).only_enforce_if([won_s, by_sum.negated()])
        model.add(count == theirs.count).only_enforce_if([won_s, by_sum])
        model.add(total >= theirs.total + 1).only_enforce_if([won_s, by_sum])
    return won


def optimize(problem: Problem, time_limit: float = 10.0, workers: int = 1) -> Placement:
    """The best placement CP-SAT finds within ``time_limit`` seconds on ``workers`` threads."""
    n, tasks = len(problem.cards), problem.tasks
    if n == 0:
        return evaluate(problem, [], "cpsat", True, 0)
    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"x_{k}_{s}") for s in range(len(tasks))] for k in range(n)]
    for k in range(n):
        model.add_exactly_one(x[k])
    _follow_tables(model, problem, x)
    five = [s for s, side in enumerate(tasks) if side.name == FIVE_A]
    for s in five:
        model.add(sum(card.number * x[k][s] for k, card in enumerate(problem.cards)) <= FIVE_A_LIMIT)
    if problem.versus is None:
        scale = weighted_scale(n)
        model.maximize(sum(points(side) * (scale + card.number) * x[k][s]
                           for k, card in enumerate(problem.cards) for s, side in enumerate(tasks)))
    else:
        model.maximize(sum(points(side) * w for side, w in zip(tasks, _wins(model, problem, x))))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = SEED
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):  # no placement found in time
        dump: list[Side] = [next(side for side in tasks if side.name == "2")] * n
        return evaluate(problem, dump, "cpsat", False, solver.num_branches)
    chosen = [next(tasks[s] for s in range(len(tasks)) if solver.value(x[k][s])) for k in range(n)]
    return evaluate(problem, chosen, "cpsat", status == cp_model.OPTIMAL, solver.num_branches)
