"""The best SPLIT in Quibbles: the most display cards one played card can take.

Vocabulary:
- *display*: the open display, a sequence of card values 1..6 (at most 10 cards); a card
  is named by its position (index) in it.
- *value*: the value of the card played from hand, 1..6.
- *set*: 2 or more display cards whose values sum to exactly ``value``; the sets taken
  are disjoint. A best split takes the most cards in total (not the most sets).

Three backends (``backends.BACKENDS``) give the same optimum (``taken``), and tests
hold them to it: ``numba`` (``fast``, a branch and bound over how often each integer
partition of ``value`` is used), ``cpsat`` (``cpsat``, cards assigned to set slots) and
``reference`` (``reference``, a plain recursive search over positions; the arbiter). How
each works: docs/pages/solvers.md, section "The best split" (``#quibbles-split``).

This module checks the input and hands it to the backend asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Integral

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles.cards import MAX_DISPLAY as MAX_DISPLAY  # the kernels' sizes derive from it
from cardsolve.models.quibbles.cards import check_display
from cardsolve.solvers.quibbles.backends import BACKENDS
from cardsolve.solvers.quibbles.results import BestSplit, CardSet

_CARD_VALUES = {card: card for card in range(1, 7)}
"""Maps a valid card value (an int or numpy int) to a plain int; anything else is missing."""
_WHOLE = (int, Integral)
"""A whole number's types: an int (checked first, the common case) or any integral number,
a numpy int among them (numpy registers its ints as ``Integral``; this module imports no
numpy, so that the help of the studies that play Quibbles starts without it)."""
_VALUE_SET = frozenset(_CARD_VALUES)
_PLAIN_INT = frozenset({int})


def best_split(
    display: Sequence[int],
    value: int,
    backend: str = BACKENDS.default,
    *,
    time_limit: float = 10.0,
    workers: int = 1,
) -> BestSplit:
    """Disjoint sets of 2+ display cards, each summing to ``value``, taking the most cards.

    The answer is deterministic for every backend (for ``cpsat`` with ``workers=1``; with
    more workers the optimum ``taken`` is fixed but which sets reach it may vary).
    ``time_limit`` (seconds) and ``workers`` only concern ``cpsat``.
    """
    cards, played = read(display, value)
    answer: BestSplit = BACKENDS.load(backend).solve(cards, played, time_limit, workers)
    return answer


def read_value(value: int) -> int:
    """The played value as a plain int, or BadInput unless it is a card value 1..6."""
    played = _CARD_VALUES.get(value) if isinstance(value, _WHOLE) else None
    if played is None:
        raise BadInput(f"played value {value!r} is not a card value 1..6", token=str(value))
    return played


def read(display: Sequence[int], value: int) -> tuple[list[int], int]:
    """The display as plain ints and the played value, both checked against the rules."""
    played = read_value(value)
    check_display(display)
    if _VALUE_SET.issuperset(display) and _PLAIN_INT.issuperset(map(type, display)):
        return list(display), played  # the common case, checked in C: plain ints 1..6
    read_cards = [_CARD_VALUES.get(card) if isinstance(card, _WHOLE) else None for card in display]
    cards = [card for card in read_cards if card is not None]
    if len(cards) < len(read_cards):
        position = read_cards.index(None)
        card = display[position]
        raise BadInput(
            f"display card {card!r} at position {position} is not a card value 1..6",
            token=str(card),
        )
    return cards, played


def canonical(cards: Sequence[int], value: int, sets: Sequence[CardSet], proven: bool, backend: str) -> BestSplit:
    """A result in canonical form: each set's positions sorted, the sets sorted."""
    ordered = tuple(sorted(tuple(sorted(card_set)) for card_set in sets))
    return BestSplit(value, tuple(cards), ordered, sum(map(len, ordered)), proven, backend)
