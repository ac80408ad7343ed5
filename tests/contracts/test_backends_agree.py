"""One cross-backend contract for every game: on seeded instances drawn from the game's
own generator (``models/<game>/deal.py``, the one the benchmarks draw from), every backend
of the game's registry answers through the same API function, proves its answer, and
gives the same optimum as every other backend; the reference is the arbiter.

Each game's case is a function from a seed to a list of (backend, answer key) pairs;
the test asks that all keys agree. The instances are small enough for the plain-Python
reference, and the seeds cover empty displays, unsolvable hands and hands that lay whole.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Protocol, TypeVar

import pytest

import cardsolve
from cardsolve.solvers.infrastructure.backends import Backends

if TYPE_CHECKING:
    from cardsolve.solvers.was_sticht.results import Analysis

SEEDS = range(40)
"""Instances per game."""

Answers = dict[str, Hashable]
"""Each backend's answer key on one instance."""


def _quibbles(seed: int) -> Answers:
    from cardsolve.models.quibbles.deal import split_queries
    from cardsolve.solvers.quibbles.backends import BACKENDS

    cards = (0, 10) if seed % 10 == 0 else (5, 10)  # an empty display now and then
    ((display, value),) = split_queries(1, seed, cards=cards, values=(2, 6))
    return _each(BACKENDS, lambda b: _proven(cardsolve.quibbles.split(value, display, backend=b), "taken"))


def _ubongo(seed: int) -> Answers:
    from cardsolve.models.ubongo.deal import sampled_hands
    from cardsolve.solvers.ubongo.backends import BACKENDS

    stack = 1 + seed % 3
    hand = sampled_hands(stack, "white" if seed % 2 else "black", 1, seed)[0][:5]
    return _each(
        BACKENDS,
        lambda b: _proven(
            cardsolve.ubongo.verify(hand, k=4, backend=b).found, "layout", key=lambda s: s.layout is not None
        ),
    )


def _subito(seed: int) -> Answers:
    from cardsolve.models.subito import load_deck
    from cardsolve.models.subito.deal import pile_against_table
    from cardsolve.solvers.subito.backends import BACKENDS

    rng = random.Random(seed)
    pile, tasks, table = pile_against_table(load_deck(), rng, 7, 7)
    versus = table if seed % 2 else None
    return _each(BACKENDS, lambda b: _proven(cardsolve.subito.optimize(pile, tasks, vs=versus, backend=b), "objective"))


def _was_sticht(seed: int) -> Answers:
    from cardsolve.models.was_sticht import CHIP_IDS
    from cardsolve.models.was_sticht.deal import random_ending
    from cardsolve.solvers.was_sticht.backends import BACKENDS

    rng = random.Random(seed)
    ending = random_ending(rng, rng.randint(1, 4), players=rng.choice((3, 4)))
    player, task = rng.randint(1, len(ending.hands)), rng.choice(sorted(CHIP_IDS))
    # Double dummy has no limit to run out, so every answer is exact; the best card may
    # differ between backends where two cards tie, so the key is the four verdicts.
    return _each(BACKENDS, lambda b: _verdicts(cardsolve.was_sticht.solve(ending, player, task, backend=b)))


def _verdicts(answer: Analysis) -> Hashable:
    return answer.forceable, answer.possible, answer.fewest, answer.most


def _cubu(seed: int) -> Answers:
    from cardsolve.models.cubu.deal import regular_hand
    from cardsolve.solvers.cubu.backends import BACKENDS

    rng = random.Random(seed)
    centre, hand = regular_hand(rng, rng.randint(0, 7))
    mode = "colour" if seed % 2 else "boxes"
    return _each(BACKENDS, lambda b: _proven(cardsolve.cubu.speed(centre, hand, mode=mode, backend=b), "most"))


def _each(backends: Backends, answer: Callable[[str], Hashable]) -> Answers:
    return {name: answer(name) for name in backends.names}


class Proved(Protocol):
    """An answer that says whether its backend proved it."""

    @property
    def proven(self) -> bool: ...


R = TypeVar("R", bound=Proved)


def _proven(result: R, field: str, key: Callable[[R], Hashable] | None = None) -> Hashable:
    """The answer's key (``field``, or ``key`` of the result), after checking the backend
    proved it."""
    assert result.proven, f"unproven answer: {result!r}"
    return key(result) if key is not None else getattr(result, field)


CASES: dict[str, Callable[[int], Answers]] = {
    "quibbles": _quibbles,
    "ubongo": _ubongo,
    "subito": _subito,
    "was_sticht": _was_sticht,
    "cubu": _cubu,
}


@pytest.mark.parametrize("game", CASES)
def test_every_backend_gives_the_same_proven_answer(game: str) -> None:
    for seed in SEEDS:
        answers = CASES[game](seed)
        assert len(answers) >= 2 and len(set(answers.values())) == 1, (game, seed, answers)
