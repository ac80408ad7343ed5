"""CUBU colour sequences: follow one box of the top card up or down, card by card.

The player declares a box of the top card (colour c at position p) and a direction; the
k-th card played must show colour c at position p+k (up) or p-k (down). A sequence can
go no lower than position 1 and no higher than 6, and a card with fewer boxes has no
box at the higher positions, so it stops there too. The last card played is the new top
card. Rule readings: the direction is declared once and does not change within a
sequence; a sequence is at least one card; only regular cards can be in a sequence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardsolve.models.cubu.cards import COLOURS, POSITIONS, Card
from cardsolve.models.errors import BadInput

UP = 1
"""Direction: positions increase."""
DOWN = -1
"""Direction: positions decrease."""


@dataclass(frozen=True, order=True)
class Follow:
    """A declared box (colour letter at position) of the current top card and a direction."""

    colour: str
    position: int
    direction: int

    @property
    def next_position(self) -> int:
        """The position the next card must show the colour at."""
        return self.position + self.direction

    def accepts(self, card: Card) -> bool:
        """Whether ``card`` shows the colour at the next position (written out, since the
        bots' searches ask this most of all)."""
        position = self.position + self.direction
        return 1 <= position <= len(card.colours) and card.colours[position - 1] == self.colour

    def after(self) -> Follow:
        """The follow once a card has been played on it: the same colour one position on."""
        return Follow(self.colour, self.next_position, self.direction)

    def __str__(self) -> str:
        return f"{COLOURS.get(self.colour, self.colour)} {self.position} {'up' if self.direction == UP else 'down'}"


def declarations(top: Card) -> list[Follow]:
    """Every box of ``top`` with every direction that has a next position (not down
    from 1, not up from 6)."""
    return [
        Follow(colour, position, direction)
        for position, colour in enumerate(top.colours, 1)
        for direction in (UP, DOWN)
        if position + direction in POSITIONS
    ]


def check_sequence(top: Card, follow: Follow, cards: Sequence[Card]) -> None:
    """``cards`` played in order on ``top`` follow the declared box; else bad input naming
    the declaration or the first card that does not follow."""
    if follow.direction not in (UP, DOWN) or top.colour_at(follow.position) != follow.colour:
        raise BadInput(
            f"the top card {top} has no box {follow.colour}{follow.position} to follow (direction {follow.direction})",
            f"{follow.colour}{follow.position}",
        )
    if not cards:
        raise BadInput("a colour sequence is at least one card", "")
    for card in cards:
        if follow.next_position not in POSITIONS:
            raise BadInput(f"card {card} cannot follow: the sequence ended at position {follow.position}", card.name)
        if not follow.accepts(card):
            raise BadInput(
                f"card {card} does not follow {COLOURS[follow.colour]}: it needs "
                f"{COLOURS[follow.colour]} at position {follow.next_position}",
                card.name,
            )
        follow = follow.after()


def continuations(follow: Follow, hand: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` that can be played next on ``follow``."""
    return [card for card in hand if follow.accepts(card)]


def openings(top: Card, hand: Sequence[Card]) -> list[tuple[Follow, Card]]:
    """Every legal start of a sequence on ``top`` from ``hand``: (declaration, first card)."""
    return [(follow, card) for follow in declarations(top) for card in continuations(follow, hand)]
