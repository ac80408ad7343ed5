"""Trumps, following and the trick winner (DESIGN.md, "Was sticht?").

A round's trumps are a suit (a colour, or none) and a number (1-9, or none): 5 x 10 = 50
pairs. Every card of the trump suit and every card of the trump number is a trump; a
trump-number card belongs to the trumps only, not to its printed colour. A non-trump lead
is followed by the non-trump cards of its colour, a trump lead by any trump; a player who
cannot follow may play any card. The ranking: the supertrump (trump suit and trump
number) beats the other trump-number cards, which are equal (the first played of them
wins), which beat the trump-suit cards by number, which beat the led colour by number;
any other card cannot win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardsolve.models.errors import BadInput, as_token, shown
from cardsolve.models.was_sticht.cards import COLOURS, NUMBERS, Card

TRUMP_LEAD = "T"
"""The suit a trump belongs to for following: the trumps form one suit of their own."""
SUPERTRUMP, NUMBER_TRUMP, SUIT_TRUMP, LED_COLOUR, NO_CHANCE = 4, 3, 2, 1, 0
"""A card's class in a trick, highest first; within a class the higher number wins,
except number trumps, which are equal."""


@dataclass(frozen=True)
class Trumps:
    """The trump suit (a colour letter, or None) and the trump number (1-9, or None)."""

    suit: str | None
    number: int | None

    def __post_init__(self) -> None:
        """The suit is a letter of ``COLOURS`` or None, the number a whole number of
        ``NUMBERS`` or None; else bad input naming the field and the value."""
        if self.suit is not None and (type(self.suit) is not str or self.suit not in COLOURS):
            raise BadInput(
                f"bad trump suit {shown(self.suit)}: use one of {', '.join(COLOURS)} or none", as_token(self.suit)
            )
        if self.number is not None and (type(self.number) is not int or self.number not in NUMBERS):
            raise BadInput(f"bad trump number {shown(self.number)}: use 1-9 or none", as_token(self.number))

    @property
    def name(self) -> str:
        """``R5``, ``R-`` (no trump number), ``-5`` (no trump suit) or ``--``."""
        return f"{self.suit or '-'}{self.number or '-'}"

    def __str__(self) -> str:
        return self.name


ALL_TRUMPS = tuple(Trumps(suit, number) for suit in (*COLOURS, None) for number in (*NUMBERS, None))
"""The 50 pairs of the trump-suit card and the trump-number card."""


def is_trump(card: Card, trumps: Trumps) -> bool:
    """Whether the card is a trump: of the trump suit or of the trump number."""
    return card.colour == trumps.suit or card.number == trumps.number


def suit_of(card: Card, trumps: Trumps) -> str:
    """The suit the card belongs to for following: ``T`` for a trump, else its colour."""
    return TRUMP_LEAD if is_trump(card, trumps) else card.colour


def legal_plays(hand: Sequence[Card], lead: Card | None, trumps: Trumps) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick led by ``lead`` (None: this
    card leads): the cards of the led suit if the hand has any, else every card."""
    if lead is None:
        return list(hand)
    led = suit_of(lead, trumps)
    following = [card for card in hand if suit_of(card, trumps) == led]
    return following or list(hand)


def card_class(card: Card, lead: Card, trumps: Trumps) -> int:
    """The card's class in a trick led by ``lead`` (``SUPERTRUMP`` .. ``NO_CHANCE``)."""
    if card.number == trumps.number:
        return SUPERTRUMP if card.colour == trumps.suit else NUMBER_TRUMP
    if card.colour == trumps.suit:
        return SUIT_TRUMP
    if not is_trump(lead, trumps) and card.colour == lead.colour:
        return LED_COLOUR
    return NO_CHANCE


def strength(card: Card, lead: Card, trumps: Trumps) -> tuple[int, int]:
    """A key that orders the cards of a trick led by ``lead``: a later card beats the
    best so far only with a greater key (so the first of equal number trumps wins)."""
    cls = card_class(card, lead, trumps)
    return cls, 0 if cls == NUMBER_TRUMP else card.number


def trick_winner(cards: Sequence[Card], trumps: Trumps) -> int:
    """The index in ``cards`` (in play order, the first is the lead) of the winning card."""
    if not cards:
        raise ValueError("an empty trick has no winner")
    best = 0
    for k in range(1, len(cards)):
        if strength(cards[k], cards[0], trumps) > strength(cards[best], cards[0], trumps):
            best = k
    return best


def parse_trumps(text: str) -> Trumps:
    """Read trumps as ``R5``, ``R-`` (no number), ``-5`` (no suit) or ``--``; else bad input."""
    token = text.strip().upper()
    if len(token) != 2 or token[0] not in (*COLOURS, "-") or token[1] not in ("-", *map(str, NUMBERS)):
        raise BadInput(f"bad trumps {text!r}: a suit R, B, G, Y or - and a number 1-9 or -, like R5 or -5", text)
    return Trumps(None if token[0] == "-" else token[0], None if token[1] == "-" else int(token[1]))
