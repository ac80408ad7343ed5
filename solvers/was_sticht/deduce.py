"""Trump deduction in the draft: which of the 50 trump pairs fit the dealer's clues, and
which card to pick next.

Each clue says which card of a column would win it as a trick (the first picked card
leads), so a pair of trumps fits when ``trick_winner`` names that card for every clue.
The dealer drew the trump-suit card from 5 and the trump-number card from 10, so before
any clue every pair is equally likely, and after the clues every fitting pair is.

A card's trick strength under a pair of trumps is the share of the other 35 cards it
beats in a two-card trick, averaged over leading and following. The pick is the card
with the highest expected strength over the fitting pairs (ties: the first offered). (docs/pages/solvers.md, ``#was-sticht-chips``.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht import ALL_TRUMPS, COLOURS, DECK, Card, Observation, Trumps, trick_winner
from cardsolve.solvers.was_sticht.results import Pick


def consistent(clues: Iterable[Observation]) -> list[Trumps]:
    """The trump pairs, in ``ALL_TRUMPS`` order, under which every clue's winner wins."""
    clues = list(clues)
    return [trumps for trumps in ALL_TRUMPS if all(trick_winner(clue.cards, trumps) == clue.winner for clue in clues)]


Likelihoods = tuple[tuple[str, float], ...]
"""Each value (a colour name, a number, or ``none``) with its share, likeliest first."""


def likelihoods(fitting: Sequence[Trumps]) -> tuple[Likelihoods, Likelihoods]:
    """How likely each trump suit and each trump number is when every one of the
    ``fitting`` pairs is equally likely (equal shares in ``fitting``'s order)."""
    suits = Counter(COLOURS[t.suit] if t.suit else "none" for t in fitting)
    numbers = Counter(str(t.number) if t.number else "none" for t in fitting)
    return (
        tuple((k, v / len(fitting)) for k, v in suits.most_common()),
        tuple((k, v / len(fitting)) for k, v in numbers.most_common()),
    )


@cache
def strength_share(card: Card, trumps: Trumps) -> float:
    """The share of the other cards ``card`` beats in a two-card trick, leading or following."""
    others = [other for other in DECK if other != card]
    wins = sum(
        (trick_winner((card, other), trumps) == 0) + (trick_winner((other, card), trumps) == 1) for other in others
    )
    return wins / (2 * len(others))


def best_pick(offered: Sequence[Card], fitting: Sequence[Trumps]) -> Pick:
    """The offered card with the highest expected trick strength over ``fitting`` pairs."""
    if not offered:
        raise BadInput("no cards offered to pick from", "")
    if not fitting:
        raise BadInput("no trump pair fits the clues: check the clues", "")
    expected = tuple((card, sum(strength_share(card, t) for t in fitting) / len(fitting)) for card in offered)
    best = max(range(len(expected)), key=lambda k: (expected[k][1], -k))
    return Pick(expected[best][0], expected)
