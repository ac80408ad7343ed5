"""Seeded Ubongo instances: the hands that the tests, the benchmarks and the studies
draw, one function per kind.

- ``dealt_hand``: the first player's hand in a round, dealt the rulebook's way
  (``scoring.deal``: the round's stack shuffled with the seed, 9 cards a player; white
  faces in a stack's odd round, the same cards' black faces in its even one);
- ``sampled_hands``: many independent 9-card hands of one stack and face colour, each
  its own sample of the stack (a card may be in several), for timing and calibration.
"""

from __future__ import annotations

import random

from cardsolve.models.ubongo.cards import Deck, Face, load_deck
from cardsolve.models.ubongo.scoring import HAND, Side, deal, hand_faces, stack_for_round


def dealt_hand(round_number: int, seed: int, deck: Deck | None = None) -> list[Face]:
    """The 9 faces the first player holds in round ``round_number`` (1-6) of the deal
    seeded ``seed``, from ``deck`` (default: the bundled deck). Rounds 2s - 1 and 2s of
    one seed hold the same cards, white and black."""
    cards = deal(deck if deck is not None else load_deck(), stack_for_round(round_number), 1, seed)[0]
    return hand_faces(cards, round_number)


def sampled_hands(stack: int, side: Side, count: int, seed: int, deck: Deck | None = None) -> list[list[Face]]:
    """``count`` hands of 9 cards of ``stack`` (1-3) showing ``side``, each drawn from
    the whole stack by one generator seeded with the seed, stack and side."""
    cards = (deck if deck is not None else load_deck()).stack(stack)
    rng = random.Random(f"{seed}/{stack}/{side}")
    return [[card.white if side == "white" else card.black for card in rng.sample(cards, HAND)] for _ in range(count)]
