"""Was sticht?: the cards, trumps and tricks, the task chips, the draft and the game."""

from models.was_sticht.cards import COLOURS, DECK, NUMBERS, Card, check_distinct, format_cards, parse_card, parse_cards
from models.was_sticht.chips import CHIP_IDS, CHIPS, MEASURES, TRICKS, Chip, Condition, Trick, achieved, measure, parse_chip
from models.was_sticht.trumps import (
    ALL_TRUMPS, TRUMP_LEAD, Trumps, card_class, is_trump, legal_plays, parse_trumps, strength, suit_of, trick_winner,
)

__all__ = [
    "ALL_TRUMPS", "CHIPS", "CHIP_IDS", "COLOURS", "DECK", "MEASURES", "NUMBERS", "TRICKS", "TRUMP_LEAD", "Card",
    "Chip", "Condition", "Trick", "Trumps", "achieved", "card_class", "check_distinct", "format_cards", "is_trump",
    "legal_plays", "measure", "parse_card", "parse_cards", "parse_chip", "parse_trumps", "strength", "suit_of",
    "trick_winner",
]
