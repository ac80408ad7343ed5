"""Subito: the cards and the deck, the task-card sides and their rules, a round's table,
round and game scoring, and dealing."""

from cardsolve.models.subito.cards import (
    COLOURS, DECK_SIZE, NUMBERS, SYMBOLS, Card, check_distinct, format_cards, load_deck, parse_card, parse_cards,
)
from cardsolve.models.subito.deal import (
    SIDE_CHOICES, SideChoice, deal, pile_against_table, random_placement, team_pile,
)
from cardsolve.models.subito.scoring import (
    FIVE_A_LIMIT, Kept, RoundScore, Standing, TaskResult, ThreePlayerRound, check_cards, game_standings,
    score_round, three_player_standings,
)
from cardsolve.models.subito.table import (
    HIDDEN, Placed, Table, opponent_of, read_table, seen_by, table_from_json, table_to_json,
)
from cardsolve.models.subito.tasks import (
    COLOUR_BAR, SIDES, Side, accepts, first_wrong, parse_side, parse_tasks, points, tasks_from_names, zigzag,
)

__all__ = [
    "COLOURS", "COLOUR_BAR", "DECK_SIZE", "FIVE_A_LIMIT", "HIDDEN", "NUMBERS", "SIDES", "SIDE_CHOICES", "SYMBOLS",
    "Card", "Kept", "Placed", "RoundScore", "Side", "SideChoice", "Standing", "Table", "TaskResult", "ThreePlayerRound",
    "accepts", "check_cards", "check_distinct", "deal", "first_wrong", "format_cards", "game_standings",
    "load_deck", "opponent_of", "parse_card", "parse_cards", "parse_side", "parse_tasks", "pile_against_table",
    "points", "random_placement", "read_table", "score_round", "seen_by", "table_from_json", "table_to_json",
    "tasks_from_names", "team_pile", "three_player_standings", "zigzag",
]
