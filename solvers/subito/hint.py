"""Subito hints: where to place the card just turned over, when the rest of the pile is
unknown.

Each accepted side for the card is scored by the round points it leads to on average
over seeded rollouts: the cards not seen (the deck less the cards on the table and the
card in hand) are shuffled and dealt as the rest of both piles (each side of the table
holds 36 cards in all), the card goes on the side, and the round is played on by the
greedy policy of ``solvers.subito.rollout``, the opponent moving next. Every side is
tried on the same shuffles, so the differences between sides are not noise between
different deals. The answer is an estimate over sampled deals, and says so.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Card, Side, Table, check_distinct
from cardsolve.models.subito.table import PILE, entry_of
from cardsolve.solvers.subito.results import Hint, SideEstimate
from cardsolve.solvers.subito.rollout import Hands, fits, play_out


def _unseen(deck: Sequence[Card], table: Table, card: Card) -> list[Card]:
    """The deck's cards that are neither on the table nor the card in hand."""
    seen = {c for placed in table.players for side in table.tasks for c in placed.on(side)} | {card}
    return [c for c in deck if c not in seen]


def _placed_count(table: Table, entry: int) -> int:
    """The cards placed by ``table.players[entry]``."""
    return sum(len(table.players[entry].on(side)) for side in table.tasks)


def hint(table: Table, player: int, card: Card, deck: Sequence[Card], samples: int = 64, seed: int = 0,
         progress: Callable[[int, int], None] | None = None) -> Hint:
    """Rank the sides for ``card``, turned over by ``player`` (1 or 2) at ``table``, by
    expected round points over ``samples`` rollouts (see the module docstring);
    ``progress`` hears (rollouts done, rollouts in all)."""
    entry = entry_of(player)
    if samples < 1:
        raise BadInput(f"bad number of samples {samples}: give 1 or more", str(samples))
    check_distinct([*(c for p in table.players for s in table.tasks for c in p.on(s)), card], "the table and card")
    mine = _placed_count(table, entry)
    if mine >= PILE:
        raise BadInput(f"{table.players[entry].name} has placed all {PILE} cards: no card left to turn over",
                       str(mine))
    unseen = _unseen(deck, table, card)
    rest = [PILE - mine - 1, PILE - _placed_count(table, 1 - entry)]
    if sum(rest) > len(unseen):  # a deck of the user's own cards may be short of the printed 72
        rest = [round(len(unseen) * r / sum(rest)) for r in rest]
    accepted = [s for s in table.tasks if fits(s, table.players[entry].on(s), card)]
    refused = tuple(s for s in table.tasks if s not in accepted)
    shuffles = []
    rng = random.Random(seed)
    for _ in range(samples):
        order = unseen[:]
        rng.shuffle(order)
        shuffles.append(order)
    estimates = []
    for k, side in enumerate(accepted):
        scores = []
        for order in shuffles:
            scores.append(_rollout(table, entry, card, side, order, rest))
            if progress is not None:
                progress(k * samples + len(scores), len(accepted) * samples)
        spread = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
        estimates.append(SideEstimate(side, statistics.fmean(scores), spread))
    estimates.sort(key=lambda e: (-e.mean, -e.side.number))
    return Hint(card, player, samples, seed, tuple(estimates), refused)


def _rollout(table: Table, entry: int, card: Card, side: Side, order: list[Card], rest: list[int]) -> int:
    """The hinted player's points in one rollout: ``card`` on ``side``, the two piles
    dealt from ``order``, the opponent to move (``entry``: the hinted player's index in the table)."""
    hands = []
    for k, placed in enumerate(table.players):
        start = 0 if k == entry else rest[entry]
        size = rest[k]
        hands.append(Hands(placed.name, {s.name: list(placed.on(s)) for s in table.tasks},
                           order[start:start + size]))
    hands[entry].placed[side.name].append(card)  # the player's last card ends the round at once
    return play_out(table.tasks, (hands[0], hands[1]), 1 - entry)[entry]
