"""Quibbles: the cards and their notation, turns, and the seeded game engine."""

from cardsolve.models.quibbles.cards import (
    COLLECTION_LIMIT, DISPLAY_SIZE, HAND_SIZE, SOLO_RATINGS, WIN_TOTAL, Counts, Variant, deck_counts,
    format_values, from_counts, is_winning_collection, parse_values, parse_variant, read_values,
    solo_rating, to_counts, unseen_counts,
)
from cardsolve.models.quibbles.engine import (
    IllegalMove, State, combinable, decompose_into_sets, new_game, partitions, position, splits_into_sets,
    stash_effect,
)
from cardsolve.models.quibbles.moves import (
    Action, Combine, Draw, Split, Stash, Turn, describe_turn, parse_turn, turn_to_json,
)

__all__ = [
    "COLLECTION_LIMIT", "DISPLAY_SIZE", "HAND_SIZE", "SOLO_RATINGS", "WIN_TOTAL", "Action", "Combine", "Counts",
    "Draw", "IllegalMove", "combinable", "Split", "Stash", "State", "Turn", "Variant", "deck_counts",
    "decompose_into_sets", "describe_turn", "format_values", "from_counts",
    "is_winning_collection", "new_game", "parse_turn", "parse_values", "parse_variant", "partitions",
    "position", "read_values", "solo_rating", "splits_into_sets", "stash_effect", "to_counts", "turn_to_json",
    "unseen_counts",
]
