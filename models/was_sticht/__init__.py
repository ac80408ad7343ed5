"""Was sticht?: the cards, trumps and tricks, the task chips, the draft and the game."""

from cardsolve.models.was_sticht.cards import COLOURS, DECK, NUMBERS, Card, check_distinct, format_cards, parse_card, parse_cards
from cardsolve.models.was_sticht.chips import (
    CHIP_IDS, CHIPS, MEASURES, TRICKS, Chip, Condition, Trick, achieved, measure, parse_chip,
    parse_chips,
)
from cardsolve.models.was_sticht.deal import (
    Deal, clues_from_json, clues_to_json, deal_from_json, deal_round, deal_to_json, random_ending, random_start,
    read_clues, read_deal,
)
from cardsolve.models.was_sticht.draft import (
    COLUMNS, ROWS, Draft, DraftView, Observation, PickPolicy, lay_out, pick_order, random_pick, run_draft,
)
from cardsolve.models.was_sticht.game import (
    CHIPS_EACH, ChipView, GameRecord, PlayView, Policy, RandomPolicy, RoundRecord, Settlement, Standing, draft_chips,
    play_game, play_round, play_tricks, settle, standings, winners,
)
from cardsolve.models.was_sticht.trumps import (
    ALL_TRUMPS, TRUMP_LEAD, Trumps, card_class, is_trump, legal_plays, parse_trumps, strength, suit_of, trick_winner,
)

__all__ = [
    "ALL_TRUMPS", "CHIPS", "CHIPS_EACH", "CHIP_IDS", "COLOURS", "COLUMNS", "DECK", "MEASURES", "NUMBERS", "ROWS",
    "TRICKS", "TRUMP_LEAD", "Card", "ChipView", "Chip", "Condition", "Deal", "Draft", "DraftView", "GameRecord",
    "Observation", "PickPolicy", "PlayView", "Policy", "RandomPolicy", "RoundRecord", "Settlement", "Standing",
    "Trick", "Trumps", "achieved", "card_class", "check_distinct", "clues_from_json", "clues_to_json",
    "deal_from_json", "deal_round", "deal_to_json", "draft_chips", "format_cards", "is_trump", "lay_out",
    "legal_plays", "measure", "parse_card", "parse_cards", "parse_chip", "parse_chips", "parse_trumps", "pick_order",
    "play_game", "play_round", "play_tricks", "random_ending", "random_pick", "random_start", "read_clues",
    "read_deal", "run_draft", "settle", "standings", "strength", "suit_of", "trick_winner", "winners",
]
