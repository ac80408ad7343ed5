"""One Ubongo round at the table as a seeded engine: the players lay the cards of their
hands one at a time, each on their own table, until one has laid 7 and calls "Ubongo!".

Readings of the rulebook's race (Rules 1-3, "Reward"):
- The race is played in turns, P1 first, one card a turn; a player who cannot lay a card
  is passed over. (The rulebook's players lay at once and as fast as they can.)
- A card is laid touching the player's cards already laid, and the table must stay a
  valid layout after every card; the first card lies unrotated at the origin (a layout
  may be moved and turned as a whole). Laid cards stay where they lie: the rulebook's
  moving and taking back of laid cards is the hint's business, not this engine's.
- The player who lays the 7th card calls "Ubongo!" and the round ends: the caller scores
  10, everyone else the cards laid. When nobody can lay a card, the round ends early
  (the rulebook's note) and everyone scores the cards laid.

Illegal moves are refused with their reason as text (``Round.check``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import TypeVar

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import ROTATIONS, Deck, Face
from cardsolve.models.ubongo.layout import Placement, touching_positions
from cardsolve.models.ubongo.rules import violations
from cardsolve.models.ubongo.scoring import (
    TARGET,
    RoundResult,
    deal,
    hand_faces,
    player_names,
    round_points,
    stack_for_round,
)

T = TypeVar("T")


@dataclass(frozen=True)
class Round:
    """A round in progress: each player's laid cards (in the order laid) and hand, P1
    first, and the seat of the player to lay next (counted from 1: seat 1 is P1)."""

    number: int
    tables: tuple[tuple[Placement, ...], ...]
    hands: tuple[tuple[Face, ...], ...]
    to_act: int = 1

    @property
    def names(self) -> list[str]:
        """The players' names, P1 first."""
        return player_names(len(self.tables))

    @property
    def seats(self) -> range:
        """The seats, from 1."""
        return range(1, len(self.tables) + 1)

    def placements(self, seat: int) -> list[Placement]:
        """Every card the player at ``seat`` may lay now: on an empty table each face
        unrotated at the origin, else each face, rotation and position touching the laid
        cards after which the table is still valid (none once the round is over)."""
        if self.caller is not None:
            return []
        table, hand = list(self.tables[seat - 1]), self.hands[seat - 1]
        if not table:
            return [Placement(face, 0, 0, 0) for face in hand]
        candidates = [
            Placement(face, rotation, x, y)
            for face in hand
            for rotation in ROTATIONS
            for x, y in sorted(touching_positions(table, face.rotated(rotation)))
        ]
        return [placement for placement in candidates if not violations([*table, placement])]

    @cached_property
    def legal_moves(self) -> list[Placement]:
        """The cards the player to act may lay."""
        return self.placements(self.to_act)

    def check(self, placement: Placement) -> str | None:
        """Why ``placement`` may not be laid by the player to act, or None when it may."""
        name, table = self.names[self.to_act - 1], list(self.tables[self.to_act - 1])
        if self.is_over:
            return "the round is over"
        if placement.face not in self.hands[self.to_act - 1]:
            return f"{placement.face} is not in {name}'s hand"
        if not table and (placement.rotation, placement.x, placement.y) != (0, 0, 0):
            return "the first card lies unrotated at the origin"
        broken = violations([*table, placement])
        return None if not broken else broken[0].detail

    def apply(self, placement: Placement) -> Round:
        """The round after the player to act lays ``placement``; the turn passes to the
        next player who can lay a card. An illegal move is bad input with its reason."""
        reason = self.check(placement)
        if reason is not None:
            raise BadInput(f"{self.names[self.to_act - 1]} cannot lay {placement.face}: {reason}", str(placement.face))
        index = self.to_act - 1
        hand = list(self.hands[index])
        hand.remove(placement.face)
        laid = replace(
            self,
            tables=_with(self.tables, index, (*self.tables[index], placement)),
            hands=_with(self.hands, index, tuple(hand)),
        )
        players = len(self.tables)
        following = [(index + step) % players + 1 for step in range(1, players + 1)]
        return replace(laid, to_act=next((seat for seat in following if laid.placements(seat)), self.to_act))

    @property
    def caller(self) -> int | None:
        """The seat of the player who laid 7 cards and called "Ubongo!", if any."""
        return next((seat for seat, table in zip(self.seats, self.tables) if len(table) == TARGET), None)

    @cached_property
    def is_over(self) -> bool:
        """Someone called "Ubongo!", or nobody can lay a card (the early end)."""
        return self.caller is not None or not any(self.placements(seat) for seat in self.seats)

    def points(self) -> dict[str, int]:
        """Each player's points for the round as it stands (the rulebook's reward)."""
        return round_points(
            [RoundResult(name, len(table), True, len(table) == TARGET) for name, table in zip(self.names, self.tables)]
        )


def _with(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with the one at ``index`` replaced by ``item``."""
    return (*items[:index], item, *items[index + 1 :])


def new_round(deck: Deck, number: int, players: int, seed: int) -> Round:
    """Round ``number`` (1-6) for ``players`` players, each dealt 9 cards of the round's
    stack shuffled with ``seed``, nothing laid, P1 to lay first."""
    hands = deal(deck, stack_for_round(number), players, seed)
    return Round(number, tuple(() for _ in hands), tuple(tuple(hand_faces(hand, number)) for hand in hands))
