"""The value of every option of the seat to move in a Quibbles game in progress, by the
hint's sampled lookahead (``hint.rank_turns``; after a DRAW, ``hint.rank_stashes``).

The evaluation reads only what that seat sees (``observation``): its hidden cards are
dealt at random (``fill_hidden``) to make the engine's state, and the hint's samples deal
them again from their values gathered in order, so two positions that look the same to
the seat get the same answer whatever their hidden cards. A turn's value is its mean over
the sampled deals, with the standard error of that mean: solo, the expected final penalty
(lower is better); else points, the seat's progress against the best opponent's a few
turns on (a win 1000 less the turns it took). The hint's defaults give the values
(``samples``, 16, deals for its shortlist of 12 turns and every DRAW, four times as many
more for its best 4): the same best turn as ``cardsolve quibbles hint``; more samples
give smaller errors and take longer; the turns off its shortlist are then sampled
on the first of those deals, as many as ``REST_PLAYOUTS`` lookaheads allow (16 for up to
37 such turns, 2 at least). The time limit bounds it all: past it no more deals are
played, and the turns left unsampled keep the hint's static score, marked ``sampled:
false``; at the default the plan, not the clock, decides the answer. Turns with the same
visible result (the hint merges them) share a value.
"""

from __future__ import annotations

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import Variant
from cardsolve.models.quibbles.state import STASHING, QuibblesState, StashMove, TurnMove
from cardsolve.models.state import HIDDEN
from cardsolve.solvers.infrastructure.arguments import checked
from cardsolve.solvers.infrastructure.evaluation import Evaluation, Option, seat_to_value
from cardsolve.solvers.infrastructure.limits import Deadline, check_count, check_time_limit
from cardsolve.solvers.quibbles.results import RankedTurn
from cardsolve.solvers.quibbles.settings import DEFAULT_FINAL_SAMPLES, DEFAULT_SAMPLES, MAX_SAMPLES

DEFAULT_TIME_LIMIT = 10.0
"""Seconds an evaluation may take by default: a bound for the largest positions only; a
typical one takes well under a second, so the default answer depends on the seed alone."""
REST_PLAYOUTS = 600
"""Lookaheads spent on the turns off the hint's shortlist (a tenth to a third of a second)."""
SOLO_UNIT = "expected final penalty (lower is better)"
POINTS_UNIT = "expected points (progress against the best opponent; a win 1000 less its turns)"


@checked
def evaluate(
    state: QuibblesState, *, time_limit: float = DEFAULT_TIME_LIMIT, seed: int = 0, samples: int = DEFAULT_SAMPLES
) -> Evaluation:
    """Every legal option of the seat to move, valued by the hint's lookahead from what
    that seat sees and ``seed`` over ``samples`` deals a turn (see the module docstring),
    within ``time_limit`` seconds; the table to move, or a game over, is bad input."""
    from cardsolve.solvers.quibbles.hint import OutcomeKey, outcome_key, rank_stashes, rank_turns

    check_count("samples", samples, 1, MAX_SAMPLES)
    final_samples = samples * (DEFAULT_FINAL_SAMPLES // DEFAULT_SAMPLES)
    deadline = Deadline.after(check_time_limit(time_limit))
    state, seat = seat_to_value(state, QuibblesState, "Quibbles", "a card comes from the draw pile")
    seen = state.observation(seat)
    if HIDDEN in seen.hands[seat - 1]:
        raise BadInput(f"seat {seat}'s hand holds hidden cards: evaluating its options needs its hand", HIDDEN)
    engine = seen.fill_hidden(seed).engine_state(seed)
    solo = state.variant is Variant.SOLO
    sign = -1.0 if solo else 1.0

    def option(move: str, expected: float, error: float, samples: int) -> Option:
        value = sign * expected
        extra = {} if samples else {"sampled": False}
        return Option(move, round(value, 4), expected, False, error, f"{value:.2f}", extra)

    options: list[Option] = []
    if state.step == STASHING:
        for stash in rank_stashes(engine, samples + final_samples, seed=seed, deadline=deadline):
            options.append(option(str(StashMove(stash.stash)), stash.expected, stash.error, stash.samples))
        note = "After the DRAW: each stash decision valued by the hint's lookahead over sampled deals."
    else:
        hint = rank_turns(
            engine, samples, seed=seed, final_samples=final_samples, deadline=deadline, rest_playouts=REST_PLAYOUTS
        )
        by_outcome: dict[OutcomeKey, RankedTurn] = {outcome_key(engine, r.turn): r for r in hint.ranked}
        for move in seen.legal_moves():
            assert isinstance(move, TurnMove)
            ranked = by_outcome[outcome_key(engine, move.turn)]
            options.append(option(str(move), ranked.expected, ranked.error, ranked.samples))
        note = (
            f"The hint's lookahead: {hint.sampled} turns x {hint.samples} deals, the best {hint.finalists} x "
            f"{hint.final_samples} more; a DRAW's stash is chosen once its cards are seen."
        )
    unit = SOLO_UNIT if solo else POINTS_UNIT
    return Evaluation.ranked(
        "quibbles", seat, unit, options, note, variant=state.variant.value, seed=seed, samples=samples
    )
