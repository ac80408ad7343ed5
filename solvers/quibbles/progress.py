"""A static evaluation of a Quibbles position for one player, used to rank turns (and
described with the hint: docs/pages/solvers.md, ``#quibbles-hint``).

The measure is *progress*: the collection's worth toward the goal, plus a discounted
share of what the hand could still stash (a value ``v`` held ``c`` times is ``min(1, c/v)``
of the way to a stash). Solo play scores the penalty pile and the penalty still to come,
a line in the progress still missing and the hand's size fitted by least squares on
played games; its progress counts only the collection cards expected to stay
(``kept_collection``: a crowded collection's lowest cards will be evicted), and an
emptied hand counts as the six new cards the empty-hand rule deals (their expectation
over the deck). With opponents the score is the player's progress against the best
opponent's, and a won game is worth WIN less the turns it took.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, prod

from cardsolve.models.quibbles import (
    COLLECTION_LIMIT,
    HAND_SIZE,
    WIN_TOTAL,
    Counts,
    State,
    Variant,
    deck_counts,
    from_counts,
    to_counts,
)
from cardsolve.models.quibbles.cards import VALUES

HAND_DISCOUNT = 0.6
"""How much a half-built stash in the hand counts against one already collected."""
FLEXIBILITY = 0.15
"""Worth of each hand card (up to FLEXIBILITY_CAP) for the splits and combines it allows."""
FLEXIBILITY_CAP = 12
SOLO_PLACE_WORTH = 4.5
"""Solo: the most points a free collection place is counted on to bring (see
``kept_collection``); fitted with the line below (4.0-5.5 fit about as well)."""
SOLO_FIT_BASE = 5.2
"""Solo: the penalty still to come is fitted as a line, this constant plus the terms below,
and never less than 0. The least-squares fit over the 2,992 positions of 200 solo games
the hint played (deals of seed 2, not the study's; 2026-12-03's code): R² 0.742 out of
sample, against 0.730 for the former line in the missing progress of the whole
collection, the hand's size and the collection's size (whose term the kept collection
makes redundant: refitted with it, -0.06 per card)."""
SOLO_FIT_PER_POINT = 2.43
"""Solo: the penalty still to come per point of progress missing."""
SOLO_FIT_PER_HAND_CARD = -0.47
"""Solo: per hand card (up to FLEXIBILITY_CAP): more cards take more from the display."""
WIN = 1000.0


def progress(hand: Sequence[int], collection: Sequence[int], variant: Variant) -> float:
    """The player's progress toward a winning collection, in collection points (21 or more
    wins; the simplified goal of one card of each value 1-5 is scaled to the same 21)."""
    return _progress(tuple(hand), tuple(collection), variant)


@lru_cache(maxsize=1 << 16)
def _progress(hand: tuple[int, ...], collection: tuple[int, ...], variant: Variant) -> float:
    """``progress`` of the counts as tuples, remembered: the lookahead meets the same
    hands and collections again and again."""
    flexibility = FLEXIBILITY * min(sum(hand), FLEXIBILITY_CAP)
    if variant is Variant.SIMPLIFIED:
        per_value = WIN_TOTAL / 5
        have = sum(
            per_value if collection[v] else per_value * HAND_DISCOUNT * min(1.0, hand[v] / v) for v in range(1, 6)
        )
        return have + flexibility
    kept = from_counts(list(collection))
    worth = float(sum(kept))
    free = COLLECTION_LIMIT - len(kept)
    readiness = sorted(((v * min(1.0, hand[v] / v), v) for v in range(1, 7) if hand[v]), reverse=True)
    for weighted, v in readiness:
        share = weighted / v
        if free > 0:
            worth += HAND_DISCOUNT * share * v
            free -= 1
        elif kept and v > kept[0]:
            worth += HAND_DISCOUNT * share * (v - kept[0])
            kept.pop(0)
    return worth + flexibility


def solo_value(hand: Counts, collection: Counts, penalty: int, won: bool) -> float:
    """Solo: the negated final penalty expected, the penalty pile now plus, unless the
    game is won, the fitted penalty still to come (``SOLO_FIT_*``). An empty hand is
    refilled at the end of the turn, so it counts as the new hand (``fresh_hand_to_come``)."""
    if won:
        return -float(penalty)
    if not any(hand):
        return -penalty - fresh_hand_to_come(tuple(collection))
    return -penalty - _to_come(hand, collection)


def _to_come(hand: Counts, collection: Counts) -> float:
    """Solo: the fitted penalty still to come of an unfinished position, never below 0."""
    missing = max(0.0, WIN_TOTAL - counted_progress(hand, collection, Variant.SOLO))
    return max(
        0.0, SOLO_FIT_BASE + SOLO_FIT_PER_POINT * missing + SOLO_FIT_PER_HAND_CARD * min(sum(hand), FLEXIBILITY_CAP)
    )


def counted_progress(hand: Counts, collection: Counts, variant: Variant) -> float:
    """The progress the hint counts (its solo evaluation and its stashes): solo, with
    only the collection cards expected to stay (``kept_collection``); else ``progress``."""
    if variant is Variant.SOLO:
        return progress(hand, kept_collection(tuple(collection)), variant)
    return progress(hand, collection, variant)


@lru_cache(maxsize=1 << 12)
def kept_collection(collection: tuple[int, ...]) -> tuple[int, ...]:
    """Solo: the collection cards expected to stay, as counts. While its free places, at
    SOLO_PLACE_WORTH points each, could not bring it to WIN_TOTAL, its lowest card is
    counted as evicted (its place free again): 1, 1, 2, 2, 3 keeps only 2, 3."""
    kept = from_counts(list(collection))
    while kept and (COLLECTION_LIMIT - len(kept)) * SOLO_PLACE_WORTH < WIN_TOTAL - sum(kept):
        kept.pop(0)
    return tuple(to_counts(kept))


@lru_cache(maxsize=1 << 12)
def fresh_hand_to_come(collection: tuple[int, ...]) -> float:
    """Solo: the penalty still to come with the hand the empty-hand rule deals, HAND_SIZE
    new cards: the mean of ``_to_come`` over every hand of that size, each weighted by
    its chance from a full deck (the static score does not know the draw pile)."""
    deck = deck_counts(Variant.SOLO)
    hands = comb(sum(deck), HAND_SIZE)
    expected = 0.0
    for cards in combinations_with_replacement(VALUES, HAND_SIZE):
        hand = to_counts(cards)
        chance = prod(comb(deck[v], hand[v]) for v in VALUES) / hands
        expected += chance * _to_come(hand, list(collection))
    return expected


def evaluate(state: State, me: int) -> float:
    """Higher is better for player ``me``: see the module docstring."""
    if state.variant is Variant.SOLO:
        return solo_value(state.hands[me], state.collections[me], state.penalty_score, state.winner == me)
    if state.winner is not None:  # the sooner the better, for either side
        return WIN - state.turns if state.winner == me else -WIN + state.turns
    mine = progress(state.hands[me], state.collections[me], state.variant)
    best_other = max(
        progress(state.hands[p], state.collections[p], state.variant) for p in range(state.players) if p != me
    )
    return mine - best_other
