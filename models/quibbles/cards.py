"""Quibbles cards: values, the list notation, the deck, the variants and the solo rating.

A card is just its value, 1 to 6. A pile of cards is written as values separated by
commas (``1,2,2,6``). Hands, collections and piles are kept as *counts*: a list of seven
ints where ``counts[v]`` is the number of cards of value ``v`` (index 0 unused). The open
display is the one place where order matters (the solo variant penalises its leftmost
card), so it stays a list of values, left to right.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import Enum
from functools import cache

from cardsolve.models.data import load_json
from cardsolve.models.errors import BadInput, shown

VALUES = range(1, 7)
"""Card values, 1..6."""

Counts = list[int]
"""Cards by value: ``counts[v]`` cards of value v, index 0 unused."""

HAND_SIZE = 6
"""Cards dealt to each player, and drawn by everyone when a hand runs empty."""
DISPLAY_SIZE = 6
"""The open display is refilled up to this many cards."""
DISPLAY_RESET = 10
"""A display of exactly this many cards is discarded whole and laid out anew."""
COLLECTION_LIMIT = 6
"""The most cards a collection holds."""
WIN_TOTAL = 21
"""A collection worth at least this much wins at once (standard and solo)."""
SET_MIN_CARDS = 2
"""Every set taken by SPLIT, and every group played by COMBINE, has at least 2 cards."""
COMBINE_MAX_CARDS = 6
"""COMBINE plays 2 to 6 cards ..."""
COMBINE_MAX_TOTAL = 6
"""... worth 6 or less together."""
DRAW_CARDS = 2
"""DRAW takes this many cards from the draw pile."""


class Variant(str, Enum):
    """The rule set: standard (2-5 players), simplified (no 6s; one of each 1-5 wins),
    solo (1 player, a penalty pile scores the game)."""

    STANDARD = "standard"
    SIMPLIFIED = "simplified"
    SOLO = "solo"

    @property
    def top_value(self) -> int:
        """The highest card value in this variant's deck (the simplified game has no 6s)."""
        return 5 if self is Variant.SIMPLIFIED else 6


def parse_variant(text: str) -> Variant:
    """Read a variant name; an unknown one is bad input naming it."""
    try:
        return Variant(text.strip().lower())
    except ValueError:
        names = ", ".join(v.value for v in Variant)
        raise BadInput(f"unknown variant {text!r}: expected one of {names}", text) from None


def parse_values(text: str, what: str = "cards", top_value: int = 6) -> list[int]:
    """Read ``1,2,2,6`` as a list of card values; the empty string is no cards.

    Each token must be a whole number from 1 to ``top_value``; anything else is bad input
    whose message names the token and what was being read.
    """
    text = text.strip()
    if not text:
        return []
    values = []
    for token in text.split(","):
        token = token.strip()
        if not token:
            raise BadInput(f"empty card in {what} {shown(text)}", token)
        if not re.fullmatch(r"[+-]?[0-9]{1,9}", token):  # a longer number is no card, and too long to read
            raise BadInput(f"bad card {shown(token)} in {what}: a card is a value 1-{top_value}", token)
        value = int(token)
        if not 1 <= value <= top_value:
            raise BadInput(f"bad card {shown(token)} in {what}: values run from 1 to {top_value}", token)
        values.append(value)
    return values


def read_values(cards: str | Iterable[int], what: str = "cards", top_value: int = 6) -> list[int]:
    """Card values given in the notation (read by ``parse_values``) or as values, each
    checked the same way: a whole number from 1 to ``top_value``."""
    if isinstance(cards, str):
        return parse_values(cards, what, top_value)
    values = list(cards)
    for value in values:
        if type(value) is not int or not 1 <= value <= top_value:
            raise BadInput(f"bad card {value!r} in {what}: values run from 1 to {top_value}", str(value))
    return values


def format_values(values: Iterable[int]) -> str:
    """Write card values in the list notation, ``1,2,2,6``."""
    return ",".join(str(v) for v in values)


def to_counts(values: Iterable[int]) -> Counts:
    """Cards by value from a list of values."""
    counts = [0] * 7
    for v in values:
        counts[v] += 1
    return counts


def from_counts(counts: Counts) -> list[int]:
    """The values of a counts list, in ascending order."""
    return [v for v in VALUES for _ in range(counts[v])]


def deck_counts(variant: Variant = Variant.STANDARD) -> Counts:
    """The deck by value: 20/20/20/22/24/26 cards of the values 1-6 (132 in all); the
    simplified variant removes the 6s."""
    counts = list(_deck_file_counts())
    if variant is Variant.SIMPLIFIED:
        counts[6] = 0
    return counts


@cache
def _deck_file_counts() -> tuple[int, ...]:
    """The bundled deck file's counts by value (index 0 unused), read once: every
    position's unseen cards are counted from them."""
    data = load_json("quibbles.json")["counts"]
    return (0, *(int(data[str(v)]) for v in VALUES))


MAX_DISPLAY = DISPLAY_RESET
"""The most cards an open display shows: it grows by at most one card a turn and is laid
out anew when it reaches ``DISPLAY_RESET``."""


def check_display(display: Sequence[int]) -> None:
    """A display of more than ``MAX_DISPLAY`` cards is bad input naming its size."""
    if len(display) > MAX_DISPLAY:
        raise BadInput(
            f"display of {len(display)} cards: the open display holds at most {MAX_DISPLAY}", str(len(display))
        )


def unseen_counts(variant: Variant, display: Sequence[int], others: Iterable[int] = ()) -> Counts:
    """The deck's cards by value less those in view, the ``display`` and the ``others``
    (hand, collection, penalty pile): every reader of a position checks here that they
    could all come from one deck. A display past ``MAX_DISPLAY``, a value the variant
    lacks, or more cards of a value than the deck holds is bad input naming it."""
    check_display(display)
    in_view = [*display, *others]
    unseen = deck_counts(variant)
    for v in in_view:
        if v > variant.top_value:
            raise BadInput(f"bad card {v!r}: the {variant.value} variant has no {v}s", str(v))
        unseen[v] -= 1
        if unseen[v] < 0:
            raise BadInput(f"more {v}s in view than the deck's {deck_counts(variant)[v]}", str(v))
    return unseen


SOLO_RATINGS: tuple[tuple[int, str], ...] = (
    (50, "Questionable"),
    (40, "Quite OK"),
    (30, "Quirky performance"),
    (20, "Quality effort"),
    (10, "Quick-witted success"),
    (0, "Quintessential victory"),
)
"""The solo rating table: the first row whose threshold the penalty reaches."""


def solo_rating(penalty: int) -> str:
    """The rulebook's label for a solo penalty score (lower is better)."""
    for threshold, label in SOLO_RATINGS:
        if penalty >= threshold:
            return label
    return SOLO_RATINGS[-1][1]


def is_winning_collection(collection: Counts, variant: Variant) -> bool:
    """Standard and solo: worth 21 or more. Simplified: at least one card of each value 1-5."""
    if variant is Variant.SIMPLIFIED:
        return all(collection[v] >= 1 for v in range(1, 6))
    return sum(v * collection[v] for v in VALUES) >= WIN_TOTAL
