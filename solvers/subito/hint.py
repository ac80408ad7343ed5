"""Subito hints: where to place the card just turned over, when the rest of the pile is
unknown.

The hint sees what the player sees (``models.subito.table.seen_by``): the other side's
cards on task 5 side a lie face down, so only their count is known, whatever the table
file names. Each side whose rule takes the card is scored by the round points it leads
to on average over seeded rollouts: the cards not seen (the deck less the seen cards on
the table and the card in hand) are shuffled, the other side's face-down 5a cards are
drawn from them first, the rest are dealt as the rest of both piles (each side of the
table holds 36 cards in all), the card goes on the side, and the round is played on by
the greedy policy of ``solvers.subito.rollout``, the opponent moving next. Every side is
tried on the same shuffles, so the differences between sides are not noise between
different deals. The answer is an estimate over sampled deals, and says so.

Task 5 side a takes every card: a card that takes the player's sum there over 12 is a
side like any other, which costs the task card (the rulebook's 5a limit); the hint marks
it and its estimate counts the loss.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Card, Side, Table, accepts, check_distinct, seen_by
from cardsolve.models.subito.table import FACE_DOWN, PILE, entry_of
from cardsolve.solvers.subito.results import Hint, SideEstimate
from cardsolve.solvers.subito.rollout import Hands, fits, play_out


def _cards_on(table: Table) -> list[Card]:
    """The seen cards on the table."""
    return [c for placed in table.players for side in table.tasks for c in placed.on(side)]


def _unseen(deck: Sequence[Card], seen: Table, card: Card) -> list[Card]:
    """The deck's cards that are neither seen on the table nor the card in hand."""
    known = set(_cards_on(seen)) | {card}
    return [c for c in deck if c not in known]


def _pile_sizes(seen: Table, entry: int, dealt: int) -> list[int]:
    """The cards each side of the table has still to place after the hinted card: the rest
    of its 36, shared out in proportion when ``dealt`` unseen cards (a deck of the user's
    own cards may be short of the printed 72) cannot fill them."""
    rest = [PILE - placed.count for placed in seen.players]
    rest[entry] -= 1
    if sum(rest) > dealt:
        rest = [round(dealt * r / sum(rest)) for r in rest]
    return rest


def _shuffles(unseen: Sequence[Card], samples: int, seed: int) -> list[list[Card]]:
    """``samples`` seeded orders of the unseen cards, one per rollout."""
    rng = random.Random(seed)
    orders = []
    for _ in range(samples):
        order = list(unseen)
        rng.shuffle(order)
        orders.append(order)
    return orders


def hint(table: Table, player: int, card: Card, deck: Sequence[Card], samples: int = 64, seed: int = 0,
         progress: Callable[[int, int], None] | None = None) -> Hint:
    """Rank the sides for ``card``, turned over by ``player`` (1 or 2) at ``table``, by
    expected round points over ``samples`` rollouts (see the module docstring);
    ``progress`` hears (rollouts done, rollouts in all)."""
    entry = entry_of(player)
    if samples < 1:
        raise BadInput(f"bad number of samples {samples}: give 1 or more", str(samples))
    check_distinct([*_cards_on(table), card], "the table and card")
    seen = seen_by(table, player)
    mine = seen.players[entry]
    if mine.count >= PILE:
        raise BadInput(f"{mine.name} has placed all {PILE} cards: no card left to turn over", str(mine.count))
    unseen = _unseen(deck, seen, card)
    face_down = seen.players[1 - entry].hidden
    if face_down > len(unseen):
        raise BadInput(f"{face_down} cards lie face down on {FACE_DOWN}, but only {len(unseen)} cards of the deck "
                       "are unseen", str(face_down))
    rest = _pile_sizes(seen, entry, len(unseen) - face_down)
    taken = [s for s in seen.tasks if accepts(s, mine.on(s), card)]
    shuffles = _shuffles(unseen, samples, seed)
    estimates = []
    for k, side in enumerate(taken):
        scores = []
        for order in shuffles:
            scores.append(_rollout(seen, entry, card, side, order, rest))
            if progress is not None:
                progress(k * samples + len(scores), len(taken) * samples)
        spread = statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
        estimates.append(SideEstimate(side, statistics.fmean(scores), spread,
                                      loses_task=not fits(side, mine.on(side), card)))
    estimates.sort(key=lambda e: (-e.mean, -e.side.number))
    refused = tuple(s for s in seen.tasks if s not in taken)
    return Hint(card, player, samples, seed, tuple(estimates), refused, face_down)


def _rollout(seen: Table, entry: int, card: Card, side: Side, order: list[Card], rest: list[int]) -> int:
    """The hinted player's points in one rollout: the other side's face-down 5a cards
    turned over from the front of ``order``, ``card`` on ``side``, the two piles dealt
    from the rest of ``order``, the opponent to move (``entry``: the hinted player's index
    in the table)."""
    face_down = seen.players[1 - entry].hidden
    dealt = order[face_down:]
    hands = []
    for k, placed in enumerate(seen.players):
        start = 0 if k == entry else rest[entry]
        hands.append(Hands(placed.name, {s.name: list(placed.on(s)) for s in seen.tasks},
                           dealt[start:start + rest[k]]))
    if face_down:
        hands[1 - entry].placed[FACE_DOWN].extend(order[:face_down])
    hands[entry].placed[side.name].append(card)  # the player's last card ends the round at once
    return play_out(seen.tasks, (hands[0], hands[1]), 1 - entry)[entry]
