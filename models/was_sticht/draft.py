"""The draft ("Choosing Cards"): the 36 cards lie face up in 4 rows of 9 columns and are
taken column by column; after each column the dealer's clue says who would win it as a trick.

Seats are 0..players-1 clockwise in the engine (a person reads them from 1: messages,
files, the CLI). The seat to the dealer's left, ``dealer + 1``, holds the marker for
column 1 and the marker moves one seat clockwise per column; in each column the marker
holder picks first, then the others clockwise (the dealer picks too). The clue
treats the column's cards as a trick in pick order, the first picked as the lead
(``trumps.trick_winner``), and names the card that would win it: an index into the cards.

With 3 players the Table is a dummy fourth player (the rulebook's reading of "the Table
plays as a dummy player"): it takes the card left in each column, after the three
players, and that card is part of the clue's trick, so the Table can win it (index 3).
The Table's 9 cards leave the round; 27 cards are played. The game in progress
(``state``) plays the draft by these rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardsolve.models.errors import BadInput, as_token, is_whole, shown
from cardsolve.models.was_sticht.cards import DECK, Card, check_distinct
from cardsolve.models.was_sticht.trumps import Trumps

ROWS, COLUMNS = 4, 9
"""The layout: 4 rows of 9 columns; a column holds one card per player (and the Table)."""


@dataclass(frozen=True)
class Observation:
    """A column's clue: its cards in pick order (the first is the lead) and the index in
    ``cards`` of the card that would win them as a trick."""

    cards: tuple[Card, ...]
    winner: int

    def __post_init__(self) -> None:
        """A column (``column_problem``) and the index of its winning card (``winner_problem``,
        from 0); else bad input naming the field and the value."""
        problem = column_problem(self.cards) or winner_problem(self.winner, 0)
        if problem is not None:
            words, token = problem
            raise BadInput(f"bad observation: {words}", token)


def column_problem(cards: object) -> tuple[str, str] | None:
    """What keeps ``cards`` from being a column's cards, as words and the bad value; None
    when nothing does: a tuple of ``ROWS`` ``Card``s (a card per seat, with 3 players the
    Table's last), none twice. One check for ``Observation`` and the clues reader."""
    if type(cards) is not tuple or not all(isinstance(card, Card) for card in cards):
        return f"cards {shown(cards)} are not a tuple of Cards", as_token(cards)
    if len(cards) != ROWS:
        return (
            f"{len(cards)} cards, but a column has {ROWS} (with 3 players the Table's card is the last)",
            str(len(cards)),
        )
    try:
        check_distinct(cards, "a column")
    except BadInput as error:
        return str(error), error.token or ""
    return None


def winner_problem(winner: object, first: int) -> tuple[str, str] | None:
    """What keeps ``winner`` from naming the card of a column that wins it, counted from
    ``first`` (0: ``Observation``'s index; 1: a clues file's place, as people count), as
    words and the bad value; None when nothing does."""
    if not is_whole(winner) or not first <= winner < first + ROWS:
        counted = "an index" if first == 0 else "a place"
        return f"winner {shown(winner)} is not {counted} {first}..{first + ROWS - 1} in its cards", as_token(winner)
    return None


def check_column_count(count: int, source: str) -> None:
    """A draft's clues are ``count`` columns' at most ``COLUMNS``; else bad input naming
    ``source`` and the count."""
    if count > COLUMNS:
        raise BadInput(f"{source}: {count} observations, but the draft has {COLUMNS} columns", str(count))


def check_clues(observations: Sequence[Observation], source: str) -> None:
    """Clues that could come from one draft, whether read or made by hand: at most
    ``COLUMNS`` observations, no card in two of them (each observation checked itself when
    made); else bad input naming ``source`` and the count or the card."""
    check_column_count(len(observations), source)
    check_distinct((card for observation in observations for card in observation.cards), source)


@dataclass(frozen=True)
class DraftView:
    """What a seat knows when it picks: the cards left in the column, those taken from it
    before (in pick order), its own picks so far, the clues so far, the later columns
    (face up) and, for the dealer only, the trumps."""

    seat: int
    dealer: int
    available: tuple[Card, ...]
    taken: tuple[Card, ...]
    hand: tuple[Card, ...]
    observations: tuple[Observation, ...]
    upcoming: tuple[tuple[Card, ...], ...]
    trumps: Trumps | None


@dataclass(frozen=True)
class Draft:
    """The draft's outcome: each seat's cards in pick order, the 9 clues and (3 players)
    the Table's cards, which leave the round."""

    hands: tuple[tuple[Card, ...], ...]
    observations: tuple[Observation, ...]
    table: tuple[Card, ...]


def lay_out(rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """The 9 columns (top row first) of the shuffled deck laid out row by row."""
    cards = list(DECK)
    rng.shuffle(cards)
    return columns_of(cards)


def columns_of(cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The 9 columns (top row first) of the 36 ``cards`` laid out row by row, in their order."""
    return tuple(tuple(cards[row * COLUMNS + column] for row in range(ROWS)) for column in range(COLUMNS))


def pick_order(dealer: int, column: int, players: int) -> tuple[int, ...]:
    """The seats picking from ``column`` (0-based), in order: the marker holder
    ``dealer + 1 + column`` first, then clockwise."""
    marker = dealer + 1 + column
    return tuple((marker + k) % players for k in range(players))
