"""The rounds of the study ``was-sticht bots`` (``solvers.studies.was_sticht_bots``): how
many of the chips a chip-choice rule chooses are met, the rest of the bot unchanged.

Round ``i`` of a study seeded ``s`` draws everything from
``random.Random(seeds.sample_seed(s, i))``: the trumps (one of the 50 pairs), the
layout, and 15 of the 24 chips shuffled out to seats 1, 2 and 3, five each (a game's first round); seat 4 deals, so seat 1 leads. Four
solver bots draft the cards (``bots.SolverBot``). Then, for each rule of ``RULES``, the
three non-dealers choose their chip by that rule (``chip_choice``; the random rule draws
from the round's seed and the seat) and four solver bots play the round out, the dealer
aiming at the chosen tasks as in a game; a rule's outcome per seat is the chip, its
verdict and whether it was met. Rules that choose the same three chips share one playout.

Two exact checks come with every round: a forceable chip is always met (the seat plays
the solver's card for it), and an impossible one never is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardsolve.models.was_sticht import ALL_TRUMPS, CHIPS, Chip
from cardsolve.models.was_sticht.draft import lay_out, run_draft
from cardsolve.models.was_sticht.game import CHIPS_EACH, play_tricks, settle
from cardsolve.models.was_sticht.play import Position, start
from cardsolve.solvers.infrastructure.seeds import sample_seed
from cardsolve.solvers.was_sticht.bots import SolverBot
from cardsolve.solvers.was_sticht.chip_choice import (
    by_value,
    chip_odds,
    expected_value,
    likeliest,
    random_possible,
)
from cardsolve.solvers.was_sticht.results import ChipOdds

PLAYERS = 4
DEALER = PLAYERS - 1
"""Seat 4 (3 from 0) deals every round of the study, so seats 1..3 choose chips and seat 1 leads."""
CHUNK = 2
"""Rounds per chunk (a round is one draft, the chips' verdicts and up to four playouts)."""
Rule = Callable[[Sequence[ChipOdds], random.Random], Chip]
RULES: dict[str, Rule] = {
    "likeliest": lambda odds, rng: likeliest(odds),
    "expected-value": lambda odds, rng: expected_value(odds),
    "by-value": lambda odds, rng: by_value(odds),
    "random": random_possible,
}
"""The chip-choice rules compared, by name: the likeliest chip, chance times value (the
solver bot's), the bot's rule before issue 17, and random among the possible."""


@dataclass(frozen=True)
class Outcome:
    """One seat's chip under one rule: the seat (from 0), the chip, its verdict, whether it was met."""

    rule: str
    seat: int
    chip: Chip
    verdict: str
    met: bool


@dataclass(frozen=True)
class StudyRound:
    """A round of the study before the chips are chosen: its seed, the opening position
    and the chips each non-dealer holds (seat 0 first)."""

    seed: int | str
    position: Position
    held: tuple[tuple[Chip, ...], ...]


def study_round(seed: int, index: int) -> StudyRound:
    """Round ``index`` of the study seeded ``seed``, drafted by solver bots (module docstring)."""
    round_seed = sample_seed(seed, index)
    rng = random.Random(round_seed)
    trumps = rng.choice(ALL_TRUMPS)
    bot = SolverBot()
    draft = run_draft(lay_out(rng), trumps, DEALER, [bot.pick_card] * PLAYERS)
    chips = list(CHIPS)
    rng.shuffle(chips)
    held = tuple(tuple(chips[seat * CHIPS_EACH : (seat + 1) * CHIPS_EACH]) for seat in range(DEALER))
    return StudyRound(round_seed, start(draft.hands, trumps, (DEALER + 1) % PLAYERS), held)


def outcomes(seed: int, index: int) -> list[Outcome]:
    """Every rule's outcome at seats 1..3 (from 0: 0..2) in round ``index`` of the study seeded ``seed``."""
    game = study_round(seed, index)
    odds = [{o.chip: o for o in chip_odds(game.position, seat, game.held[seat])} for seat in range(DEALER)]
    bots = [SolverBot()] * PLAYERS
    met_by_choice: dict[tuple[Chip, ...], tuple[int, ...]] = {}
    found = []
    for name, rule in RULES.items():
        choice = tuple(rule(tuple(odds[seat].values()), random.Random(f"{game.seed}:{seat}")) for seat in range(DEALER))
        if choice not in met_by_choice:
            chosen = dict(enumerate(choice))
            tricks = play_tricks(game.position, DEALER, chosen, bots)
            met_by_choice[choice] = settle(DEALER, chosen, tricks, PLAYERS).met
        found += [
            Outcome(name, seat, chip, odds[seat][chip].verdict, seat in met_by_choice[choice])
            for seat, chip in enumerate(choice)
        ]
    return found
