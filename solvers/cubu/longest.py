"""The longest colour sequence a hand can play on the top card, and every other maximal one
(docs/pages/solvers.md, ``#cubu-longest``).

A *run* is a declaration (a box of the top card and a direction) and the cards that follow
it. A run is *maximal* when no other hand card can extend it. The search walks, for each
declaration of the top card, a depth-first tree whose children are the hand cards showing
the declared colour at the next position (its continuations, looked up in an index of the
hand by (colour, position) built once); the leaves are the maximal runs. A card shows a
colour at one position only and the positions of a run strictly rise or fall, so no card
can appear twice on a path and the tree needs no "used" set; a run is at most 5 cards
(positions 1 to 6). ``reference_runs`` is the plain arbiter: every ordered choice of
distinct hand cards, kept when it follows a declaration and no left-over card extends it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations

from cardsolve.models.cubu.cards import POSITIONS, REGULAR_CARDS, Card, check_distinct
from cardsolve.models.cubu.sequence import DOWN, UP, Follow, declarations
from cardsolve.models.errors import BadInput
from cardsolve.solvers.cubu.results import Run

LIMIT = 50
"""Runs listed by default."""


def _check(top: Card, hand: Sequence[Card]) -> list[Card]:
    """The regular cards of ``hand``; an action top card, the top card also in hand or a card
    held too often is bad input (the full check runs only when a regular card repeats, two
    action cards are held or the hand holds more regular cards than the deck)."""
    if top.is_action:
        raise BadInput(f"the top card {top} is an action card: a sequence follows a regular card", top.name)
    regular = [card for card in hand if not card.action]
    if top in regular:
        raise BadInput(f"the top card {top} is also in the hand: each regular card is unique", top.name)
    if (
        len({card.colours for card in regular}) != len(regular)
        or len(hand) - len(regular) > 1
        or len(regular) > REGULAR_CARDS
    ):
        check_distinct(hand, "the hand")
    return regular


def _by_box(cards: Sequence[Card]) -> dict[tuple[str, int], list[Card]]:
    """The cards showing each (colour, position), in hand order: the continuations of every follow."""
    index: dict[tuple[str, int], list[Card]] = {}
    for card in cards:
        for position, colour in enumerate(card.colours, 1):
            index.setdefault((colour, position), []).append(card)
    return index


def maximal_runs(top: Card, hand: Sequence[Card]) -> Iterator[Run]:
    """Every maximal run of ``hand`` on ``top``, by declaration (box inside out, up before
    down, as ``declarations``) and then hand order, depth first with an explicit stack. A
    declaration whose next position does not exist (0 or 7) finds no card in the index."""
    index = _by_box(_check(top, hand))
    for position, colour in enumerate(top.colours, 1):
        for direction in (UP, DOWN):
            firsts = index.get((colour, position + direction))
            if not firsts:
                continue
            follow = Follow(colour, position, direction)
            stack: list[tuple[Card, ...]] = [(card,) for card in reversed(firsts)]
            while stack:
                laid = stack.pop()
                nexts = index.get((colour, position + (len(laid) + 1) * direction))
                if nexts:
                    stack.extend((*laid, card) for card in reversed(nexts))
                else:
                    yield Run(follow, laid)


def longest_runs(top: Card, hand: Sequence[Card], limit: int | None = LIMIT) -> list[Run]:
    """The maximal runs of ``hand`` on ``top``, longest first (then by declaration and hand
    order), at most ``limit`` of them (all when None); empty when nothing can be played."""
    runs = sorted(maximal_runs(top, hand), key=len, reverse=True)
    return runs if limit is None else runs[:limit]


def longest(top: Card, hand: Sequence[Card]) -> Run | None:
    """A longest run of ``hand`` on ``top`` (the first of ``longest_runs``), None if there is none."""
    runs = longest_runs(top, hand, limit=1)
    return runs[0] if runs else None


def _follows(follow: Follow, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` in order follow the declared box (each shows its colour one step on)."""
    return all(
        card.colour_at(follow.position + step * follow.direction) == follow.colour for step, card in enumerate(cards, 1)
    )


def reference_runs(top: Card, hand: Sequence[Card]) -> set[Run]:
    """The maximal runs by brute force over every ordered choice of distinct hand cards
    (small hands only: the work grows as len(hand)**5)."""
    regular = _check(top, hand)
    runs = set()
    for follow in declarations(top):
        for length in range(1, len(POSITIONS)):
            for cards in permutations(regular, length):
                if _follows(follow, cards) and not any(
                    _follows(follow, (*cards, card)) for card in regular if card not in cards
                ):
                    runs.add(Run(follow, cards))
    return runs
