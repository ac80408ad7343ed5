"""The trick game: a position of the play phase and the move from one position to the next.

The seat after seat ``s`` is ``(s + 1) % players``, clockwise. The leader plays first to a
trick, the others follow in turn by ``legal_plays``; the winner of a trick leads the
next. A round is over after 9 tricks (every hand empty).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardsolve.models.errors import BadInput, as_token, is_whole, shown
from cardsolve.models.was_sticht.cards import Card, check_distinct
from cardsolve.models.was_sticht.chips import Trick
from cardsolve.models.was_sticht.trumps import Trumps, legal_plays, trick_winner


@dataclass(frozen=True)
class Position:
    """The hands still held (by seat), the trumps, the seat that led the current trick,
    the cards played to it so far and the finished tricks."""

    hands: tuple[tuple[Card, ...], ...]
    trumps: Trumps
    leader: int
    current: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return (self.leader + len(self.current)) % self.players

    @property
    def finished(self) -> bool:
        """Every card has been played."""
        return not self.current and not any(self.hands)

    def legal(self) -> list[Card]:
        """The cards the seat to move may play."""
        return legal_plays(self.hands[self.to_move], self.current[0] if self.current else None, self.trumps)

    def play(self, card: Card) -> Position:
        """The position after the seat to move plays ``card``; an illegal card is bad input."""
        if card not in self.legal():
            raise BadInput(
                f"seat {self.to_move + 1} may not play {card} here: "
                f"the legal cards are {', '.join(c.name for c in self.legal())}",
                card.name,
            )
        seat = self.to_move
        hands = tuple(tuple(c for c in hand if c != card) if s == seat else hand for s, hand in enumerate(self.hands))
        current = (*self.current, card)
        if len(current) < self.players:
            return Position(hands, self.trumps, self.leader, current, self.tricks)
        winner = (self.leader + trick_winner(current, self.trumps)) % self.players
        return Position(hands, self.trumps, winner, (), (*self.tricks, Trick(current, self.leader, winner)))


def start(hands: Sequence[Sequence[Card]], trumps: Trumps, leader: int) -> Position:
    """The first trick's position: 3 or 4 hands of equal size, no card twice, ``Trumps``
    and a seat to lead (from 0); anything else is bad input naming it (a seat counted from
    1). Hands of more than ``TRICKS`` cards are for tests of the solvers (3 hands of 12);
    a deal checks its hands' size (``deal.check_deal``)."""
    if len(hands) not in (3, 4):
        raise BadInput(f"a round has 3 or 4 hands, not {len(hands)}", str(len(hands)))
    size = len(hands[0])
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise BadInput(
                f"hand {seat + 1} has {len(hand)} cards, hand 1 has {size}: every hand holds the same number of cards",
                str(len(hand)),
            )
    check_distinct([card for hand in hands for card in hand], "the deal")
    if not isinstance(trumps, Trumps):
        raise BadInput(f"bad trumps {shown(trumps)}: give Trumps(suit, number)", as_token(trumps))
    if not is_whole(leader) or not 0 <= leader < len(hands):
        named = shown(leader + 1 if is_whole(leader) else leader)
        raise BadInput(f"leader {named} is not a seat 1..{len(hands)}", named)
    return Position(tuple(tuple(hand) for hand in hands), trumps, leader)
