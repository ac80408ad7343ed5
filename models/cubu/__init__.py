"""CUBU: the cards and the deck and colour sequences; the classic game's rules are
``models.cubu.classic`` and Speed CUBU's ``models.cubu.speed`` (imported by module), a game in
progress ``models.cubu.state``."""

from cardsolve.models.cubu.cards import (
    ACTION_COPIES,
    ACTION_POINTS,
    ACTIONS,
    COLOURS,
    MAX_BOXES,
    MIN_BOXES,
    POSITIONS,
    REGULAR_CARDS,
    REGULAR_POINTS,
    Card,
    Deck,
    check_distinct,
    deck_from_json,
    format_cards,
    load_deck,
    parse_card,
    parse_cards,
)
from cardsolve.models.cubu.sequence import DOWN, UP, Follow, check_sequence, continuations, declarations, openings

__all__ = [
    "ACTIONS",
    "ACTION_COPIES",
    "ACTION_POINTS",
    "COLOURS",
    "DOWN",
    "MAX_BOXES",
    "MIN_BOXES",
    "POSITIONS",
    "REGULAR_CARDS",
    "REGULAR_POINTS",
    "UP",
    "Card",
    "Deck",
    "Follow",
    "check_distinct",
    "check_sequence",
    "continuations",
    "deck_from_json",
    "declarations",
    "format_cards",
    "load_deck",
    "openings",
    "parse_card",
    "parse_cards",
]
