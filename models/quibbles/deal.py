"""Seeded random Quibbles instances: the one source of the random split queries and
positions that the tests and the benchmark draw (the same seed gives the same instances).
Whole games are dealt by the engine's own ``new_game(players, variant, seed)``."""

from __future__ import annotations

import random

from cardsolve.models.quibbles.cards import VALUES, Variant, deck_counts
from cardsolve.models.quibbles.engine import State, position

SplitQuery = tuple[list[int], int]
"""A best-split instance: the open display, left to right, and the played value."""


def split_queries(
    n: int, seed: int, cards: tuple[int, int] = (0, 10), values: tuple[int, int] = (1, 6)
) -> list[SplitQuery]:
    """``n`` seeded (display, played value) pairs: a display of ``cards[0]`` to ``cards[1]``
    cards, each value drawn with the deck's weights (how many copies of it the deck has),
    and a played value from ``values[0]`` to ``values[1]``, uniformly."""
    rng = random.Random(seed)
    weights = deck_counts()[1:]
    return [(rng.choices(VALUES, weights, k=rng.randint(*cards)), rng.randint(*values)) for _ in range(n)]


def random_position(rng: random.Random, variant: Variant = Variant.STANDARD) -> State:
    """What one player sees, at random: a hand of 1-9 and a display of 0-9 cards, each
    value uniform over the variant's; one opponent (none in solo) is dealt from the unseen
    cards, and the position's own shuffle is seeded from ``rng``."""
    top = variant.top_value
    hand = [rng.randint(1, top) for _ in range(rng.randint(1, 9))]
    display = [rng.randint(1, top) for _ in range(rng.randint(0, 9))]
    return position(variant, hand, display, opponents=0 if variant is Variant.SOLO else 1, seed=rng.randint(0, 10**6))
