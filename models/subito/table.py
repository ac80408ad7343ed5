"""A round's table: the eight sides in play and each side of the table's cards on them.

JSON shape::

    {"tasks": ["2", "3a", "4b", "5a", "6b", "7a", "8a", "9b"],
     "players": [{"name": "Schnell", "placed": {"2": ["Y4A", ...], "3a": [...], ...}},
                 {"name": "Flink", "placed": {...}}]}

``placed`` lists each task card's cards in placement order; a side missing from it holds
no cards. There are always two entries, one per side of the table: a player in the
2-player game, a team in the 4-player game (the team-mates' cards count together, so
the entry lists them in the order the team placed them).

Task 5 side a's cards lie face down (rulebook), so a player sees the count of the other
side's cards there but not the cards: such a card is written ``"?"``. Only 5a's cards
can be ``"?"`` (every other card lies face up); 5a takes every card in any order, so a
``"?"`` is kept as a count, and the file is written back with the named cards first.
Who may not know a card is the reader's concern: a player knows the cards they placed
(``seen_by``), and scoring needs every card (``models.subito.scoring``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from cardsolve.models.data import read_user_json
from cardsolve.models.errors import BadInput, as_token, is_whole, shown, unchecked
from cardsolve.models.subito.cards import DECK_SIZE, Card, check_distinct, parse_card
from cardsolve.models.subito.tasks import SIDES, Side, parse_side, tasks_from_names

PILE = 36
"""Cards one side of the table holds: a player's pile, or a team's two piles of 18."""
SIDES_OF_TABLE = 2
"""Entries in a table: two players, or two teams."""
HIDDEN = "?"
"""A card the reader cannot see, in a table file."""
FACE_DOWN = "5a"
"""The side whose cards lie face down, the only one that can hold a ``HIDDEN`` card."""

T = TypeVar("T")
_CARD_TYPE = frozenset({Card})


@dataclass(frozen=True)
class Placed:
    """One side of the table (a player or a team): its name, its seen cards on each task
    card by side name, in placement order, and ``hidden``, how many of its cards on task
    5 side a lie face down unseen by the reader (``"?"`` in a table file)."""

    name: str
    placed: Mapping[str, tuple[Card, ...]]
    hidden: int = 0

    def __post_init__(self) -> None:
        """A name (text, not blank), cards as a tuple of ``Card``s by side name (``SIDES``),
        ``hidden`` 0 or more, and at most a deck's cards in all (a pile placed alone may be
        the whole deck; a round's table holds a ``PILE`` a side: ``check_piles``); else bad
        input naming the field and the value."""
        if type(self.name) is not str or not self.name.strip():
            raise BadInput(f"bad player name {shown(self.name)}: name the player (text)", as_token(self.name))
        if not isinstance(self.placed, Mapping):
            raise BadInput(
                f"{self.name}'s placed cards are {shown(self.placed)}, not a mapping of side name: cards",
                as_token(self.placed),
            )
        for name, cards in self.placed.items():
            if name not in SIDES:
                raise BadInput(
                    f"{self.name} placed cards on side {shown(name)}: the sides are {', '.join(SIDES)}", as_token(name)
                )
            if type(cards) is not tuple or not _CARD_TYPE.issuperset(map(type, cards)):
                raise BadInput(f"{self.name}'s cards on {name} are {shown(cards)}, not a tuple of Cards", name)
        if not is_whole(self.hidden) or self.hidden < 0:
            raise BadInput(
                f"{self.name} has {shown(self.hidden)} face-down cards unseen: give a count, 0 or more",
                as_token(self.hidden),
            )
        if self.count > DECK_SIZE:
            raise BadInput(f"{self.name} placed {self.count} cards, but the deck has {DECK_SIZE}", self.name)

    @classmethod
    def unchecked(cls, name: str, placed: Mapping[str, tuple[Card, ...]], hidden: int = 0) -> Placed:
        """The entry made without the checks of ``__post_init__`` (``models.errors.
        unchecked``): only for the entries of an unchecked table (``Table.unchecked``).
        A user's entry is made by ``Placed(...)``."""
        return unchecked(cls, name=name, placed=placed, hidden=hidden)

    def on(self, side: Side) -> tuple[Card, ...]:
        """The seen cards placed on ``side``, first placed first."""
        return self.placed.get(side.name, ())

    @property
    def count(self) -> int:
        """The cards placed in all, face-down unseen ones included."""
        return sum(len(cards) for cards in self.placed.values()) + self.hidden


@dataclass(frozen=True)
class Table:
    """The sides in play (in order of number) and the two sides of the table."""

    tasks: tuple[Side, ...]
    players: tuple[Placed, Placed]

    def __post_init__(self) -> None:
        """One side of each task card 2..9, in order of number (``tasks_from_names``); two
        ``Placed`` of different names, their cards on sides in play and no card twice; else
        bad input naming it."""
        if type(self.tasks) is not tuple or not all(type(side) is Side for side in self.tasks):
            raise BadInput(f"bad table tasks {shown(self.tasks)}: a tuple of Sides", as_token(self.tasks))
        if self.tasks != tasks_from_names(side.name for side in self.tasks):
            raise BadInput(
                f"the table's tasks {','.join(map(str, self.tasks))} are not in order of number", str(self.tasks[0])
            )
        players = self.players
        if type(players) is not tuple or len(players) != SIDES_OF_TABLE or not all(type(p) is Placed for p in players):
            raise BadInput(
                f"bad table players {shown(players)}: a table has {SIDES_OF_TABLE} Placed, players or teams",
                as_token(players),
            )
        if players[0].name == players[1].name:
            raise BadInput(f"both players are called {players[0].name!r}", players[0].name)
        in_play = {side.name for side in self.tasks}
        for player in players:
            off = next((name for name in player.placed if name not in in_play), None)
            if off is not None:
                raise BadInput(
                    f"{player.name} placed cards on side {off}, which is not in play ({','.join(sorted(in_play))})",
                    off,
                )
        check_distinct((card for player in players for cards in player.placed.values() for card in cards), "the table")

    @classmethod
    def unchecked(cls, tasks: tuple[Side, ...], players: tuple[Placed, Placed]) -> Table:
        """The table made without the checks of ``__post_init__`` (``models.errors.
        unchecked``): only for a simulated round's table after each turn, dealt from a
        checked deck onto checked sides, and a checked table as one player sees it
        (``seen_by``): the checks cost as much as a greedy player's turn. A user's table
        is made by ``Table(...)``."""
        return unchecked(cls, tasks=tasks, players=players)


def _located(source: str, make: Callable[[], T]) -> T:
    """``make()``, a model object checking itself, its bad input named after ``source``."""
    try:
        return make()
    except BadInput as error:
        raise BadInput(f"{source}: {error}", error.token) from None


def _placed_from_json(entry: object, k: int, source: str) -> Placed:
    """One ``players`` entry; malformed data is bad input naming the entry and field."""
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
        raise BadInput(f'{source}: player {k + 1} needs a "name" (text) and "placed": {entry!r}', str(entry))
    name = entry["name"]
    if "placed" not in entry:
        raise BadInput(f'{source}: {name} has no "placed" (an object of side: cards; {{}} for none)', name)
    placed = entry["placed"]
    if not isinstance(placed, dict):
        raise BadInput(f'{source}: {name}\'s "placed" is not an object of side: cards', name)
    cards: dict[str, tuple[Card, ...]] = {}
    hidden = 0
    for key, names in placed.items():
        side = parse_side(key)
        if side.name in cards:
            raise BadInput(f"{source}: {name} lists task card {side.number} twice", key)
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise BadInput(f'{source}: {name}\'s cards on {key} are not a list of cards like "Y4A": {names!r}', key)
        if HIDDEN in names and side.name != FACE_DOWN:
            raise BadInput(
                f"{source}: {name}'s card {names.index(HIDDEN) + 1} on {key} is {HIDDEN!r}, but only "
                f"task {FACE_DOWN}'s cards lie face down: name every card elsewhere",
                HIDDEN,
            )
        cards[side.name] = tuple(parse_card(n) for n in names if n != HIDDEN)
        hidden += names.count(HIDDEN)
    return _located(source, lambda: Placed(name, cards, hidden))


def table_from_json(data: object, source: str = "table") -> Table:
    """A table from its JSON shape; malformed data, a side not in play, two entries with
    one name or the same card twice anywhere is bad input naming it."""
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("tasks"), list)
        or not isinstance(data.get("players"), list)
    ):
        raise BadInput(f'{source}: a table is a JSON object with lists "tasks" and "players"', source)
    if not all(isinstance(name, str) for name in data["tasks"]):
        raise BadInput(f'{source}: "tasks" lists side names like "3a": {data["tasks"]!r}', str(data["tasks"]))
    tasks = tasks_from_names(data["tasks"])
    if len(data["players"]) != SIDES_OF_TABLE:
        raise BadInput(
            f"{source}: a table has {SIDES_OF_TABLE} players (or teams), not {len(data['players'])}",
            str(len(data["players"])),
        )
    first, second = (_placed_from_json(entry, k, source) for k, entry in enumerate(data["players"]))
    table = _located(source, lambda: Table(tasks, (first, second)))
    return _located(source, lambda: check_piles(table))


def check_piles(table: Table) -> Table:
    """``table``, a round's table, read from a file or made by hand: each side of it has
    placed at most a ``PILE`` of cards (a player's pile, or a team's two); else bad input
    naming it."""
    for player in table.players:
        if player.count > PILE:
            raise BadInput(
                f"{player.name} placed {player.count} cards, but a side of the table holds {PILE}", player.name
            )
    return table


def table_to_json(table: Table) -> dict[str, Any]:
    """The table in its JSON shape (sides without cards left out of ``placed``; unseen
    face-down cards written ``"?"`` after the seen ones on 5a)."""
    return {
        "tasks": [side.name for side in table.tasks],
        "players": [{"name": player.name, "placed": _placed_to_json(player, table.tasks)} for player in table.players],
    }


def _placed_to_json(player: Placed, tasks: Sequence[Side]) -> dict[str, list[str]]:
    """One entry's ``placed`` object."""
    placed = {side.name: [card.name for card in player.on(side)] for side in tasks}
    if player.hidden:
        placed[FACE_DOWN] = placed.get(FACE_DOWN, []) + [HIDDEN] * player.hidden
    return {name: cards for name, cards in placed.items() if cards}


def entry_of(player: int) -> int:
    """The index in ``Table.players`` of ``player``, 1 or 2 as a person counts them; any
    other number is bad input."""
    if not 1 <= player <= SIDES_OF_TABLE:
        raise BadInput(f"bad player {player}: a table has players 1 and 2", str(player))
    return player - 1


def opponent_of(table: Table, tasks: Sequence[Side], player: int) -> Placed:
    """The other entry of ``table`` for ``player`` (1 or 2), who places a whole pile
    against it: the table must play the sides ``tasks`` and hold none of the player's
    cards yet; else bad input naming the problem."""
    entry = entry_of(player)
    played = ",".join(side.name for side in table.tasks)
    wanted = ",".join(side.name for side in sorted(tasks, key=lambda side: side.number))
    if played != wanted:
        raise BadInput(f"the opponent's table plays {played}, not the sides in play {wanted}", played)
    mine = table.players[entry]
    if mine.count:
        raise BadInput(
            f"{mine.name} already has cards on the opponent's table: a whole pile is placed against "
            f"the other entry, so leave {mine.name}'s entry empty",
            mine.name,
        )
    return table.players[1 - entry]


def seen_by(table: Table, player: int) -> Table:
    """The table as ``player`` (1 or 2) sees it during the round: the other entry's cards
    on task 5 side a lie face down, so they are unseen whatever the file names; the
    player placed their own there and knows them, so a ``"?"`` among those is bad input.
    The view holds the checked ``table``'s own sides, names and cards (fewer of them seen),
    so it is made unchecked (``Table.unchecked``): simulated rounds take one a turn."""
    entry = entry_of(player)
    mine, theirs = table.players[entry], table.players[1 - entry]
    if mine.hidden:
        raise BadInput(
            f"{mine.name} placed their {FACE_DOWN} cards and knows them: name them instead of {mine.hidden} {HIDDEN!r}",
            HIDDEN,
        )
    face_down = {name: cards for name, cards in theirs.placed.items() if name != FACE_DOWN}
    hidden = Placed.unchecked(theirs.name, face_down, theirs.hidden + len(theirs.placed.get(FACE_DOWN, ())))
    players = (mine, hidden) if entry == 0 else (hidden, mine)
    return Table.unchecked(table.tasks, players)


def read_table(path: str | Path) -> Table:
    """A table from a JSON file; an unreadable file is bad input naming it."""
    data = read_user_json(path, "table")
    return table_from_json(data, str(path))
