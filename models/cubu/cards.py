"""CUBU cards: regular cards of nested coloured boxes, action cards; the notation; the deck.

A regular card shows 2 to 6 nested boxes, counted from the inside out: position 1 is the
innermost box. Each box has one of six colours and no colour is twice on a card. A
regular card is written as its colours innermost first, joined by ``-``: ``D-R-G`` is
dark blue at position 1, red at 2 and green at 3. Colours: D dark blue, L light blue,
R red, G green, O orange, P purple. Action cards are written by name: ``miss``,
``interrupt``, ``swap``, ``pickup1``, ``pickup2``, ``pickup3``. A list of cards is
written with commas, ``D-R-G,L-P,miss``. Lower case (and upper case names) are accepted.

Rule readings:

- Boxes per card: 2 to 6, as the rulebook says ("Cards show 2, 3, 4, 5 and 6 boxes");
  DESIGN.md's "1 to 6" is not followed, so a one-box card is bad input.
- The deck: 48 distinct regular cards and 12 action cards, two of each kind. The printed
  cards are not public, so the bundled deck is a seeded stand-in
  (``models/cubu/deck_generator.py``); a user's deck file is checked the same way.
- A regular card is unique, so the same regular card twice in one hand or deck is bad
  input; an action card comes in two copies, so a hand may hold both, never three.
- Points left in a hand at the end of a round: 5 per regular card, 10 per action card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cardsolve.models.data import load_json, read_user_json
from cardsolve.models.errors import BadInput, as_token, shown
from cardsolve.models.listing import read_list

COLOURS = {"D": "dark blue", "L": "light blue", "R": "red", "G": "green", "O": "orange", "P": "purple"}
"""Colour letters and names."""
POSITIONS = range(1, 7)
"""Box positions, 1 (innermost) to 6."""
MIN_BOXES = 2
"""Fewest boxes on a regular card."""
MAX_BOXES = 6
"""Most boxes on a regular card."""
ACTIONS = ("miss", "interrupt", "swap", "pickup1", "pickup2", "pickup3")
"""Action card names."""
ACTION_COPIES = 2
"""Copies of each action card in the deck."""
REGULAR_CARDS = 48
"""Regular cards in the deck."""
REGULAR_POINTS = 5
"""Points for a regular card left in a losing hand."""
ACTION_POINTS = 10
"""Points for an action card left in a losing hand."""


@dataclass(frozen=True, order=True)
class Card:
    """A regular card (its colours, innermost first) or an action card (its name)."""

    colours: tuple[str, ...] = ()
    action: str = ""

    def __post_init__(self) -> None:
        """An action card: a name of ``ACTIONS`` and no colours; a regular card: ``MIN_BOXES``
        to ``MAX_BOXES`` different colour letters of ``COLOURS`` as a tuple, innermost
        first; else bad input naming the field and the value."""
        if self.action:
            if type(self.action) is not str or self.action not in ACTIONS or self.colours != ():
                raise BadInput(
                    f"bad action card {shown(self.action)} (colours {shown(self.colours)}): an action is one of "
                    f"{', '.join(ACTIONS)}, without colours",
                    as_token(self.action),
                )
            return
        problem = _colours_problem(self.colours)
        if problem is not None:
            raise BadInput(f"bad card colours {shown(self.colours)}: {problem}", as_token(self.colours))

    @property
    def is_action(self) -> bool:
        """Whether this is an action card."""
        return bool(self.action)

    @property
    def boxes(self) -> int:
        """The number of boxes (0 for an action card)."""
        return len(self.colours)

    def colour_at(self, position: int) -> str | None:
        """The colour of the box at ``position`` (1 innermost), None if there is no such box."""
        return self.colours[position - 1] if 1 <= position <= len(self.colours) else None

    def position_of(self, colour: str) -> int | None:
        """The position of the box of ``colour``, None if the card has none."""
        return self.colours.index(colour) + 1 if colour in self.colours else None

    @property
    def points(self) -> int:
        """What the card counts when left in a losing hand: 5 regular, 10 action."""
        return ACTION_POINTS if self.is_action else REGULAR_POINTS

    @property
    def name(self) -> str:
        """The card in the notation: ``D-R-G`` or ``miss``."""
        return self.action or "-".join(self.colours)

    def __str__(self) -> str:
        return self.name


def _colours_problem(colours: object) -> str | None:
    """What keeps ``colours`` from being a regular card's boxes, innermost first; None when
    nothing does."""
    if type(colours) is not tuple:
        return "a card's colours are a tuple, innermost first"
    if not MIN_BOXES <= len(colours) <= MAX_BOXES:
        return f"{len(colours)} boxes, but a card shows {MIN_BOXES} to {MAX_BOXES} (or it is an action)"
    wrong = next((colour for colour in colours if type(colour) is not str or colour not in COLOURS), None)
    if wrong is not None:
        return f"colour {shown(wrong)} is not one of {''.join(COLOURS)}"
    if len(set(colours)) != len(colours):
        return "no colour is twice on a card"
    return None


def parse_card(text: str) -> Card:
    """Read one card, ``D-R-G`` or an action name (any case); anything else is bad input naming it."""
    if "," in text:
        raise BadInput(f"{text!r} is a list of cards where one card belongs", text)
    word = text.strip().lower()
    try:
        return Card(action=word) if word in ACTIONS else Card(tuple(word.upper().split("-")))
    except BadInput:
        raise BadInput(
            f"bad card {text!r}: a card is 2 to 6 different colours (DLRGOP) innermost first "
            f"joined by '-', like D-R-G, or an action ({', '.join(ACTIONS)})",
            text,
        ) from None


def check_distinct(cards: Iterable[Card], where: str) -> None:
    """The cards could all come from one deck: a regular card is unique and an action card
    comes in two copies, and there are no more than ``REGULAR_CARDS`` regular cards. The
    first regular card seen twice, action card seen three times or regular card past the
    deck's count is bad input naming it."""
    seen: Counter[Card] = Counter()
    regular = 0
    for card in cards:
        seen[card] += 1
        regular += not card.is_action
        if not card.is_action and seen[card] > 1:
            raise BadInput(f"card {card} appears twice in {where}: each regular card is unique", card.name)
        if seen[card] > ACTION_COPIES:
            raise BadInput(
                f"action card {card} appears {seen[card]} times in {where}: the deck has {ACTION_COPIES}", card.name
            )
        if regular > REGULAR_CARDS:
            raise BadInput(
                f"{where} holds more than the deck's {REGULAR_CARDS} regular cards (the {regular}th is {card})",
                card.name,
            )


def parse_cards(text: str, what: str = "the hand") -> list[Card]:
    """Read ``D-R-G,L-P,miss`` as cards; the empty string is no cards. An empty token, a
    bad card or a card more often than the deck has it is bad input naming it and ``what``."""
    cards = read_list(text, parse_card, what)
    check_distinct(cards, what)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in the list notation, ``D-R-G,L-P,miss``."""
    return ",".join(card.name for card in cards)


@dataclass(frozen=True)
class Deck:
    """A CUBU deck: 48 distinct regular cards and 12 action cards (two of each)."""

    regular: tuple[Card, ...]
    actions: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """All 60 cards, regular first."""
        return self.regular + self.actions


def _cards_from(entries: object, key: str, source: str) -> list[Card]:
    """The cards of the JSON list ``entries`` (under ``key``); each must be a card string."""
    if not isinstance(entries, list):
        raise BadInput(f'{source}: a deck is a JSON object with lists "regular" and "actions"', key)
    cards = []
    for entry in entries:
        if not isinstance(entry, str):
            raise BadInput(f'{source}: a card is a string like "D-R-G", not {entry!r}', str(entry))
        try:
            cards.append(parse_card(entry))
        except BadInput as error:
            raise BadInput(f"{source}: {error}", error.token) from None
    return cards


def deck_from_json(data: object, source: str) -> Deck:
    """A deck from its JSON shape, ``{"regular": ["D-R-G", ...], "actions": ["miss", ...]}``:
    48 distinct regular cards, then exactly two of each action card."""
    if not isinstance(data, dict):
        raise BadInput(f'{source}: a deck is a JSON object with lists "regular" and "actions"', source)
    regular_cards = _cards_from(data.get("regular"), "regular", source)
    action_cards = _cards_from(data.get("actions"), "actions", source)
    misplaced = next((card for card in regular_cards if card.is_action), None) or next(
        (card for card in action_cards if not card.is_action), None
    )
    if misplaced is not None:
        raise BadInput(f"{source}: card {misplaced} is in the wrong list", misplaced.name)
    if len(regular_cards) != REGULAR_CARDS:
        raise BadInput(
            f"{source}: a deck has {REGULAR_CARDS} regular cards, not {len(regular_cards)}", str(len(regular_cards))
        )
    check_distinct(regular_cards + action_cards, source)
    counts = Counter(card.action for card in action_cards)
    for name in ACTIONS:
        if counts[name] != ACTION_COPIES:
            raise BadInput(f"{source}: action card {name} appears {counts[name]} times, not {ACTION_COPIES}", name)
    return Deck(tuple(regular_cards), tuple(action_cards))


BUNDLED_DECK = "cubu.json"


def load_deck(path: str | Path | None = None) -> Deck:
    """The user's deck file, or the bundled stand-in deck when ``path`` is None."""
    if path is None:
        return deck_from_json(load_json(BUNDLED_DECK), "bundled")
    data = read_user_json(path, "deck")
    return deck_from_json(data, str(path))
