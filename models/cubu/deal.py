"""Seeded random CUBU instances, one function per kind, shared by the tests and
``benchmarks/cubu.py``: each draws from the caller's random source, so that a seed gives
the same instances wherever they are drawn.

- ``regular_hand``: a face-up regular card and a hand of regular cards (a Speed CUBU
  centre and hand, or a classic top card and hand without action cards);
- ``shuffled_hand``: a classic top card and hand from the whole shuffled deck, action
  cards included;
- ``one_run_hand``: a top card and a hand that is one colour sequence from position 1
  to 6 (or from 6 down to 1), shuffled.
"""

from __future__ import annotations

import random

from cardsolve.models.cubu.cards import COLOURS, MAX_BOXES, MIN_BOXES, Card, Deck, load_deck


def regular_hand(rng: random.Random, size: int, deck: Deck | None = None) -> tuple[Card, list[Card]]:
    """A face-up card and ``size`` more, distinct, drawn from the regular cards of ``deck``
    (the bundled deck when None)."""
    cards = rng.sample((deck or load_deck()).regular, size + 1)
    return cards[0], cards[1:]


def shuffled_hand(rng: random.Random, low: int, high: int, deck: Deck | None = None) -> tuple[Card, list[Card]]:
    """The whole deck (the bundled one when None) shuffled: its first regular card face up,
    and the first ``low`` to ``high`` (drawn uniformly) of the other cards as the hand."""
    cards = list((deck or load_deck()).cards)
    rng.shuffle(cards)
    top = next(card for card in cards if not card.is_action)
    return top, [card for card in cards if card != top][: rng.randint(low, high)]


def one_run_hand(rng: random.Random) -> tuple[Card, list[Card]]:
    """A top card and five hand cards that follow one of its boxes at every position from
    1 up to 6 (or from 6 down to 1), shuffled. Each card shows the run's colour at its
    position among other colours in random order, cut to its position's length (at least
    two boxes) half of the time."""
    colour = rng.choice(tuple(COLOURS))
    others = [c for c in COLOURS if c != colour]

    def showing(position: int) -> Card:
        boxes = rng.sample(others, MAX_BOXES - 1)
        boxes.insert(position - 1, colour)
        return Card(tuple(boxes[: max(position, MIN_BOXES)] if rng.random() < 0.5 else boxes))

    up = rng.random() < 0.5
    top = showing(1 if up else MAX_BOXES)
    hand = [showing(position) for position in (range(2, MAX_BOXES + 1) if up else range(MAX_BOXES - 1, 0, -1))]
    rng.shuffle(hand)
    return top, hand
