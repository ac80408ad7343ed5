"""The value of every option of a Subito position (``evaluate``): for the seat that has
just turned a card over, each side in play that takes it, valued by the seat's expected
points this round, an estimate with its standard error.

The values are the hint's (``solvers.subito.hint``): seeded rollouts of the cards the
seat has not seen, dealt from what the seat sees (``state.observation``: the piles and
the other side of the table's face-down 5a cards unseen), every side tried on the same
shuffles, the round played on by the hint's policies. So the evaluation is a function of
the observation and the seed, never of the hidden order of the piles; the points of the
rounds already scored and of the rounds to come do not depend on the move, so the round's
points rank the options as the game's do. In the 3- and 4-player games the rollouts play
the two sides of the table, as the hint does (a team's members place the team's cards in
turn, so the side of the table alternates as a player does).

``time_limit`` bounds the rollouts: the deadline is checked after each side's rollouts,
and when it passes before the last side the evaluation is made again with fewer: a pilot
of ``FEWEST_SAMPLES`` a side, and as many as its pace fits in the time left, if that is
more (the answer says how many). The clock starts once numba has compiled the rollout
kernel (seconds, on the first call after the solvers' sources change; a cached kernel
loads at once), so that a first call answers as every later one does. The default
rollouts take about a tenth of a second.
"""

from __future__ import annotations

import time

from cardsolve.models.subito.state import DECK, SubitoState
from cardsolve.solvers.infrastructure.evaluation import Evaluation, Option, seat_to_value
from cardsolve.solvers.infrastructure.limits import Deadline, OutOfTime, check_count, check_time_limit
from cardsolve.solvers.subito.hint import hint
from cardsolve.solvers.subito.results import Hint
from cardsolve.solvers.subito.settings import MAX_SAMPLES, SAMPLES

TIME_LIMIT = 5.0
"""Seconds the rollouts of an evaluation may take by default: the default ones take about
a tenth of one."""
FEWEST_SAMPLES = 16
"""The fewest rollouts a side gets when the time limit cuts the default."""
UNIT = "expected points this round"


def _ranked(state: SubitoState, seat: int, samples: int, seed: int, deadline: Deadline | None) -> Hint:
    """The hint for ``seat``'s card over ``samples`` rollouts a side, from what the seat
    sees; past ``deadline`` (checked after each side's rollouts) ``OutOfTime``."""
    seen = state.observation(seat)
    card = seen.turned
    assert card is not None

    def watch(done: int, total: int) -> None:
        if deadline is not None and done < total:
            deadline.check()

    return hint(seen.table, seen.entry_of(seat) + 1, card, DECK, samples, seed, watch)


def _hint_within(state: SubitoState, seat: int, samples: int, seed: int, time_limit: float) -> Hint:
    """The hint at ``samples`` rollouts a side when it ends within ``time_limit`` (counted
    once the rollout kernel is compiled); else (the deadline passed between two sides) a
    pilot at ``FEWEST_SAMPLES`` rollouts, and, when the pace it shows leaves room, the hint
    at as many rollouts as fit the time left."""
    _ranked(state, seat, 1, seed, None)  # compiles the rollout kernel, if this is its first call
    deadline = Deadline.after(time_limit)
    try:
        return _ranked(state, seat, samples, seed, deadline)
    except OutOfTime:
        pass
    begun = time.monotonic()
    pilot = _ranked(state, seat, FEWEST_SAMPLES, seed, None)
    pace = (time.monotonic() - begun) / FEWEST_SAMPLES
    fit = min(samples - 1, int(0.8 * deadline.left() / pace)) if pace > 0 else samples - 1
    return _ranked(state, seat, fit, seed, None) if fit > FEWEST_SAMPLES else pilot


def evaluate(
    state: SubitoState, *, time_limit: float = TIME_LIMIT, samples: int = SAMPLES, seed: int = 0
) -> Evaluation:
    """Every side that takes the card the seat to move has turned over, by the seat's
    expected round points over ``samples`` seeded rollouts a side (the hint's), with its
    standard error; the best are those within the noise of the top one. The table to move
    or the game over is bad input: no seat has a choice."""
    state, seat = seat_to_value(state, SubitoState, "Subito", "it turns a card over")
    limit = check_time_limit(time_limit)
    check_count("samples", samples, 1, MAX_SAMPLES)
    found = _hint_within(state, seat, samples, seed, limit)
    options = [
        Option(
            estimate.side.name,
            round(estimate.mean, 4),
            estimate.mean,
            False,
            estimate.stderr,
            f"{estimate.mean:.2f}" + (f" (over 12: loses task {estimate.side.number})" if estimate.loses_task else ""),
            {"loses_task": True} if estimate.loses_task else {},
        )
        for estimate in found.ranking
    ]
    note = (
        f"{found.card} on each side over {found.samples} seeded rollouts of the cards seat {seat} has not seen "
        f"(seed {found.seed}); the points of other rounds do not depend on it."
    )
    return Evaluation.ranked(
        "subito",
        seat,
        UNIT,
        options,
        note,
        card=found.card.name,
        samples=found.samples,
        seed=found.seed,
        refused=[side.name for side in found.refused],
    )
