"""Subito as a game in progress (the one game protocol, ``models.state``): three rounds,
card by card.

A round: the table turns over the top card of the pile of the seat whose turn it is (a
table move, written as the card: ``Y4A``), then that seat places it on a side in play
whose rule takes it (the seat's move, written as the side: ``3a``, as ``subito hint``
names sides). A card the side's rule refuses, which the rulebook's scoring would remove,
is refused as a move, as the hint offers only the sides that take the card; 5a takes
every card, its limit of 12 costing the task card at scoring. The rulebook's players act
at once; here the two sides of the table place alternately, one card each (equal speed,
as the hint's rollouts play), the side that begins changing from round to round (round 1
the side of seat 1). In the 4-player game a team's members alternate within the team
(seats 1 and 2 against 3 and 4); in the 3-player game seat r plays round r alone against
the other two as a team. The round ends as soon as one side of the table has placed its
last card (36 cards a side); it is scored by the rulebook (``models.subito.scoring``),
each seat of a side of the table scoring its points, and the next round is dealt. The
game ends after round 3; ``scores`` are the points so far.

What a seat cannot see: every pile (face down, the seat's own too) and, while the round is
played, the other side of the table's cards on task 5 side a, which lie face down; the
observation writes those ``"?"``, and also the history's turns of those cards (a turned
card is face up until placed, but a seat at speed keeps track only of the face-up cards,
as the hint reads the rulebook). When the table turns a card of a pile whose order is
hidden, any card nobody has seen this round may come; when a round ends with face-down
cards unseen (a position read from an observation), the table turns them over one by one
(any unseen card) before the round is scored. The cards are the bundled deck's.

Position document (``to_json``; ``load`` reads it, and one a person writes, where any
pile card and the other side's 5a cards may be ``"?"``, ``history`` may be empty and
``rounds`` (3), ``later``, ``turned`` and ``round_points`` (round 1) may be left out)::

    {"game": "subito", "to_move": 1, "history": ["Y4A"], "round": 1, "rounds": 3,
     "table": {"tasks": ["2", "3a", ...], "players": [{"name": "seat 1", "placed": {}},
                                                       {"name": "seat 2", "placed": {}}]},
     "turned": "Y4A", "piles": [["R1B", ...], ["?", ...]],
     "round_points": [], "later": [{"tasks": [...], "piles": [[...], [...]]}, ...]}

``table`` is a round's table (``models.subito.table``: the two sides of the table and
their cards by side, in placement order); ``piles`` each seat's cards still in its pile,
top first; ``round_points`` each finished round's points by seat; ``later`` the rounds
still to deal, their sides and piles (left out: this round's sides again, piles unseen);
``rounds`` the rounds the game has, the rulebook's 3 (a study of single rounds plays
games of 1: ``dealt_round``).
``start`` deals round 1 on side a of every task card (rulebook) and the later rounds on
the ``sides`` asked for (a, b or a seeded random side of each), each round its own shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Self

from cardsolve.models.errors import BadInput, is_whole, shown
from cardsolve.models.state import HIDDEN, TABLE, GameState, Move, document_field, position_document
from cardsolve.models.subito.cards import Card, format_cards, load_deck, parse_card
from cardsolve.models.subito.deal import PILES, SIDE_CHOICES, SideChoice, deal
from cardsolve.models.subito.scoring import ROUNDS, score_round
from cardsolve.models.subito.table import (
    FACE_DOWN,
    PILE,
    SIDES_OF_TABLE,
    Placed,
    Table,
    table_from_json,
    table_to_json,
)
from cardsolve.models.subito.tasks import SIDES, TASKS, Side, accepts, parse_side, tasks_from_names

GAME = "subito"
PLAYERS = range(min(PILES), max(PILES) + 1)
"""The seat counts of a game: 2, 3 or 4 (rulebook: the game for two, three and four)."""
DECK: tuple[Card, ...] = tuple(load_deck())
"""The cards dealt: the bundled deck."""
BY_NAME: dict[str, Card] = {card.name: card for card in DECK}
IN_DECK = frozenset(DECK)
CARDS_DEALT = len(DECK)
"""Cards dealt each round: the whole deck (a side of the table's ``PILE`` twice)."""

Pile = tuple[Card | None, ...]
"""A seat's pile, top card first; None a card the position does not name (``"?"``)."""


@dataclass(frozen=True)
class Turn:
    """The table's move: ``card`` turned over (the top card of a pile, or, once the round
    is over, a face-down card on 5a); written as the card, ``Y4A``."""

    card: Card

    def __str__(self) -> str:
        return self.card.name


@dataclass(frozen=True)
class Place:
    """A seat's move: the card it turned over placed on ``side``; written as the side, ``3a``."""

    side: Side

    def __str__(self) -> str:
        return self.side.name


@dataclass(frozen=True)
class Deal:
    """A round still to play: its sides in play and each seat's pile, top first."""

    tasks: tuple[Side, ...]
    piles: tuple[Pile, ...]


def entries(players: int, round_: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats of each side of the table in round ``round_``, in the order their cards
    come: two players one each; four in teams 1, 2 against 3, 4; three with seat
    ``round_`` alone against the other two."""
    if players == 2:
        return (1,), (2,)
    if players == 4:
        return (1, 2), (3, 4)
    return (round_,), tuple(seat for seat in (1, 2, 3) if seat != round_)


def pile_sizes(players: int, round_: int) -> tuple[int, ...]:
    """Each seat's pile at the deal of round ``round_``: a side of the table's ``PILE``
    shared by its seats."""
    sizes = [0] * players
    for seats in entries(players, round_):
        for seat in seats:
            sizes[seat - 1] = PILE // len(seats)
    return tuple(sizes)


def starter(round_: int) -> int:
    """The side of the table (0 or 1) that places first in round ``round_``: they take turns."""
    return (round_ - 1) % SIDES_OF_TABLE


def entry_names(players: int, round_: int) -> tuple[str, str]:
    """The names of the two sides of the table a new round's table gets."""
    first, second = (
        f"seat {seats[0]}" if len(seats) == 1 else f"seats {' and '.join(map(str, seats))}"
        for seats in entries(players, round_)
    )
    return first, second


def _count_placed(seats: int, placed: int, index: int) -> int:
    """Cards the member ``index`` of a side of ``seats`` members has placed when the side
    has placed ``placed``: the members take turns, the first beginning."""
    return (placed - index + seats - 1) // seats


@dataclass(frozen=True)
class SubitoState(GameState):
    """A Subito game in progress (see the module docstring): the seats, the round, its
    table, the card turned over (None: none yet), the piles by seat, each finished
    round's points by seat, the rounds still to deal, the history and how many rounds
    the game has (the rulebook's 3; fewer for a study of single rounds)."""

    game = GAME

    seats: int
    round: int
    table: Table
    turned: Card | None
    piles: tuple[Pile, ...]
    points: tuple[tuple[int, ...], ...]
    later: tuple[Deal, ...]
    moves: tuple[str, ...] = ()
    rounds: int = ROUNDS

    # -- whose turn -------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.seats

    @property
    def history(self) -> tuple[str, ...]:
        return self.moves

    @cached_property
    def counts(self) -> tuple[int, int]:
        """The cards each side of the table has placed this round (face-down ones too)."""
        first, second = self.table.players
        return first.count, second.count

    @property
    def finished(self) -> bool:
        """The round is over: a side of the table has placed its last card."""
        return max(self.counts) >= PILE

    @property
    def hidden(self) -> int:
        """Face-down cards on the table this position does not name."""
        return sum(placed.hidden for placed in self.table.players)

    @cached_property
    def next_entry(self) -> int:
        """The side of the table (0 or 1) whose card comes next: they alternate, the
        round's starter beginning."""
        first = starter(self.round)
        counts = self.counts
        return first if counts[first] == counts[1 - first] else 1 - first

    @cached_property
    def next_seat(self) -> int:
        """The seat whose card comes next (its members take turns within a side)."""
        seats = entries(self.seats, self.round)[self.next_entry]
        return seats[self.counts[self.next_entry] % len(seats)]

    @cached_property
    def to_move(self) -> int | None:
        if len(self.points) == self.rounds:
            return None
        if self.finished or self.turned is None:
            return TABLE
        return self.next_seat

    def entry_of(self, seat: int) -> int:
        """The side of the table (0 or 1) of ``seat`` this round."""
        return 0 if seat in entries(self.seats, self.round)[0] else 1

    # -- the moves ----------------------------------------------------------------------

    def named(self) -> set[Card]:
        """The cards this round's position names: on the table, turned over, in the piles."""
        cards = {card for placed in self.table.players for on in placed.placed.values() for card in on}
        cards.update(card for pile in self.piles for card in pile if card is not None)
        if self.turned is not None:
            cards.add(self.turned)
        return cards

    def unseen(self) -> list[Card]:
        """The deck's cards this round's position does not name, in deck order."""
        named = self.named()
        return [card for card in DECK if card not in named]

    @cached_property
    def _legal(self) -> tuple[Turn, ...] | tuple[Place, ...]:
        """The table's cards (the pile's top card when named, else every card nobody has
        seen this round) or the sides in play whose rule takes the seat's card (``accepts``:
        the rule reads that side of the table's cards there, in order)."""
        seat = self.to_move
        if seat is None:
            return ()
        if seat == TABLE:
            top = None if self.finished else self.piles[self.next_seat - 1][0]
            return (Turn(top),) if top is not None else tuple(Turn(card) for card in self.unseen())
        mine = self.table.players[self.next_entry]
        card = self.turned
        assert card is not None
        return tuple(Place(side) for side in self.table.tasks if accepts(side, mine.on(side), card))

    def legal_moves(self) -> Sequence[Move]:
        return self._legal

    def refusal(self, notation: str) -> str:
        seat = self.to_move
        if seat == TABLE:
            return self._turn_refusal(notation)
        card = self.turned
        assert card is not None and seat is not None
        legal = ", ".join(str(move) for move in self._legal)
        try:
            side = parse_side(notation)
        except BadInput:
            return f"seat {seat} places {card} on a side in play whose rule takes it ({legal})"
        if side not in self.table.tasks:
            return f"side {side} is not in play this round (the sides are {','.join(map(str, self.table.tasks))})"
        if any(move.side == side for move in self._legal if isinstance(move, Place)):
            return f"write the side as {side}"
        rule = side.rule.rstrip(".")
        return f"{card} does not go on {side}: {rule[:1].lower()}{rule[1:]}"

    def _turn_refusal(self, notation: str) -> str:
        """Why the table cannot turn ``notation``."""
        if self.finished:
            what = "the table turns over a face-down card on 5a before the round is scored"
        else:
            what = f"the table turns over the top card of seat {self.next_seat}'s pile"
        try:
            card = parse_card(notation)
        except BadInput:
            return f"{what}: name it, like Y4A"
        if card.name != notation:
            return f"{what}: write the card as {card}"
        if card not in IN_DECK:
            return f"{what}, and {card} is not in the deck"
        if len(self._legal) == 1:
            return f"{what}, which is {self._legal[0]}"
        return f"{what}, any card nobody has seen this round, and {card} is on the table, turned or in a pile"

    def played(self, move: Move) -> Self:
        history = (*self.moves, str(move))
        if isinstance(move, Turn):
            if self.finished:
                return self._revealed(move.card, history)._settled()
            seat = self.next_seat
            piles = tuple(pile[1:] if k == seat - 1 else pile for k, pile in enumerate(self.piles))
            return replace(self, turned=move.card, piles=piles, moves=history)
        assert isinstance(move, Place) and self.turned is not None
        entry = self.next_entry
        mover = self.table.players[entry]
        on = dict(mover.placed)
        on[move.side.name] = (*mover.on(move.side), self.turned)
        placed = Placed.unchecked(mover.name, on, mover.hidden)
        players = (placed, self.table.players[1]) if entry == 0 else (self.table.players[0], placed)
        table = Table.unchecked(self.table.tasks, players)
        return replace(self, table=table, turned=None, moves=history)._settled()

    def _revealed(self, card: Card, history: tuple[str, ...]) -> Self:
        """The first side of the table's first unseen face-down card turned over as ``card``."""
        entry = 0 if self.table.players[0].hidden else 1
        owner = self.table.players[entry]
        on = dict(owner.placed)
        on[FACE_DOWN] = (*on.get(FACE_DOWN, ()), card)
        placed = Placed.unchecked(owner.name, on, owner.hidden - 1)
        players = (placed, self.table.players[1]) if entry == 0 else (self.table.players[0], placed)
        return replace(self, table=Table.unchecked(self.table.tasks, players), moves=history)

    def _settled(self) -> Self:
        """This position, or, when the round is over and every card on the table is named,
        the round scored and the next one dealt (or the game over after round 3)."""
        if not self.finished or self.hidden:
            return self
        won = score_round(self.table).points
        by_seat = [0] * self.seats
        for entry, seats in enumerate(entries(self.seats, self.round)):
            for seat in seats:
                by_seat[seat - 1] = won[entry]
        points = (*self.points, tuple(by_seat))
        if self.round == self.rounds or not self.later:
            return replace(self, points=points)
        coming, *rest = self.later
        names = entry_names(self.seats, self.round + 1)
        table = Table(coming.tasks, (Placed(names[0], {}), Placed(names[1], {})))
        return replace(
            self, round=self.round + 1, table=table, turned=None, piles=coming.piles, points=points, later=tuple(rest)
        )

    def scores(self) -> dict[int, float]:
        return {seat: float(sum(round_[seat - 1] for round_ in self.points)) for seat in range(1, self.seats + 1)}

    # -- what a seat sees ---------------------------------------------------------------

    def observation(self, seat: int) -> Self:
        seat = self.seat(seat)
        hidden = tuple((None,) * len(pile) for pile in self.piles)
        later = tuple(Deal(coming.tasks, tuple((None,) * len(pile) for pile in coming.piles)) for coming in self.later)
        if self.finished:
            return replace(self, piles=hidden, later=later)
        other = 1 - self.entry_of(seat)
        theirs = self.table.players[other]
        down = theirs.placed.get(FACE_DOWN, ())
        table = self.table
        if down:
            shown_cards = {name: cards for name, cards in theirs.placed.items() if name != FACE_DOWN}
            covered = Placed.unchecked(theirs.name, shown_cards, theirs.hidden + len(down))
            players = (covered, table.players[1]) if other == 0 else (table.players[0], covered)
            table = Table.unchecked(table.tasks, players)
        return replace(self, table=table, piles=hidden, later=later, moves=self._history_seen_by(other))

    def _history_seen_by(self, other: int) -> tuple[str, ...]:
        """The history as the side of the table opposite ``other`` sees it: the turns of the
        cards ``other`` placed face down this round written ``"?"``."""
        history = list(self.moves)
        for turn, place, entry in self._round_moves():
            if entry == other and history[place] == FACE_DOWN:
                history[turn] = HIDDEN
        return tuple(history)

    def fill_hidden(self, seed: int) -> Self:
        rng = random.Random(seed)
        unseen = self.unseen()
        rng.shuffle(unseen)
        players = []
        for placed in self.table.players:
            if placed.hidden:
                dealt, unseen = unseen[: placed.hidden], unseen[placed.hidden :]
                on = dict(placed.placed)
                on[FACE_DOWN] = (*on.get(FACE_DOWN, ()), *dealt)
                placed = Placed.unchecked(placed.name, on, 0)
            players.append(placed)
        piles = []
        for pile in self.piles:
            filled = []
            for card in pile:
                if card is None:
                    card = unseen.pop()
                filled.append(card)
            piles.append(tuple(filled))
        later = tuple(Deal(coming.tasks, _filled(coming.piles, rng)) for coming in self.later)
        table = Table.unchecked(self.table.tasks, (players[0], players[1]))
        full = replace(self, table=table, piles=tuple(piles), later=later)
        return replace(full, moves=full._history_named()) if HIDDEN in self.moves else full

    def _round_moves(self) -> list[tuple[int, int, int]]:
        """This round's placements the history holds: (turn index, place index, side of
        the table) each, in order (a history shorter than the round holds its last ones)."""
        placements = sum(self.counts)
        begin = len(self.moves) - 2 * placements - (self.turned is not None)
        first = starter(self.round)
        return [
            (begin + 2 * k, begin + 2 * k + 1, (first + k) % SIDES_OF_TABLE)
            for k in range(placements)
            if begin + 2 * k >= 0
        ]

    def _history_named(self) -> tuple[str, ...]:
        """The history with each turn written ``"?"`` of a card placed face down this round
        named as the card it was: each side's 5a cards in order, its last ones the last turns."""
        history = list(self.moves)
        for entry, placed in enumerate(self.table.players):
            down = placed.on(SIDES[FACE_DOWN])
            turns = [turn for turn, place, side in self._round_moves() if side == entry and history[place] == FACE_DOWN]
            for turn, card in zip(turns, down[len(down) - len(turns) :]):
                if history[turn] == HIDDEN:
                    history[turn] = card.name
        return tuple(history)

    # -- documents -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "to_move": self.to_move,
            "history": list(self.moves),
            "round": self.round,
            "rounds": self.rounds,
            "table": table_to_json(self.table),
            "turned": None if self.turned is None else self.turned.name,
            "piles": [_pile_names(pile) for pile in self.piles],
            "round_points": [list(round_) for round_ in self.points],
            "later": [
                {"tasks": [side.name for side in coming.tasks], "piles": [_pile_names(pile) for pile in coming.piles]}
                for coming in self.later
            ],
        }

    def text(self) -> str:
        lines = [f"Round {self.round} of {self.rounds}, sides {','.join(map(str, self.table.tasks))}."]
        for placed in self.table.players:
            lines.append(f"{placed.name}, {placed.count} placed: {_placed_text(placed, self.table.tasks)}")
        piles = ", ".join(f"seat {seat} {len(pile)}" for seat, pile in enumerate(self.piles, 1))
        lines.append(f"Cards left in the piles: {piles}.")
        if self.turned is not None:
            lines.append(f"Seat {self.next_seat} has turned over {self.turned}.")
        if self.points:
            totals = ", ".join(f"seat {seat} {score:g}" for seat, score in self.scores().items())
            lines.append(f"Points after {len(self.points)} round{'s' * (len(self.points) > 1)}: {totals}.")
        return "\n".join(lines)


def _placed_text(placed: Placed, tasks: Sequence[Side]) -> str:
    """One side of the table's cards by side, face-down ones it does not name counted."""
    parts = []
    for side in tasks:
        cards = format_cards(placed.on(side))
        if side.name == FACE_DOWN and placed.hidden:
            cards = ",".join(filter(None, (cards, f"{placed.hidden} face down")))
        if cards:
            parts.append(f"{side}: {cards}")
    return "; ".join(parts) or "nothing yet"


def _pile_names(pile: Pile) -> list[str]:
    return [HIDDEN if card is None else card.name for card in pile]


def _filled(piles: tuple[Pile, ...], rng: random.Random) -> tuple[Pile, ...]:
    """A round's piles with every unnamed card dealt at random from the deck's others."""
    named = {card for pile in piles for card in pile if card is not None}
    rest = [card for card in DECK if card not in named]
    rng.shuffle(rest)
    return tuple(tuple(rest.pop() if card is None else card for card in pile) for pile in piles)


# -- start and load --------------------------------------------------------------------


def start(
    *, seed: int, players: int | None = None, sides: str = "random", rounds: int = ROUNDS, **variant: Any
) -> SubitoState:
    """A seeded game of ``rounds`` rounds (the rulebook's 3; fewer are the first rounds of
    that game) for ``players`` seats (2 by default): round 1 plays side a of every task
    card (rulebook), the later rounds ``sides`` (a, b, or a seeded random side of each);
    each round's piles from its own seeded shuffle. Nobody has moved yet."""
    if variant:
        name = next(iter(variant))
        raise BadInput(f"subito start: no option {name!r} (the options are players, sides and rounds)", name)
    if not _game_rounds(rounds):
        raise BadInput(
            f"bad rounds {shown(rounds)}: a game has 1 to {ROUNDS} rounds (the rulebook's {ROUNDS})", "rounds"
        )
    count = 2 if players is None else players
    if not is_whole(count) or count not in PLAYERS:
        raise BadInput(f"Subito is for {PLAYERS[0]} to {PLAYERS[-1]} players, not {shown(count)}", str(count))
    if not is_whole(seed) or seed < 0:
        raise BadInput(f"bad seed {shown(seed)}: give a whole number, 0 or more", str(seed))
    if sides not in SIDE_CHOICES:
        raise BadInput(f"bad sides {shown(sides)}: give one of {', '.join(SIDE_CHOICES)}", str(sides))
    deals = []
    for round_ in range(1, rounds + 1):
        choice: SideChoice = "a" if round_ == 1 else sides
        tasks, dealt = deal(DECK, seed * ROUNDS + round_, count, choice)
        deals.append(Deal(tasks, _seated(dealt, count, round_)))
    return _first_round(count, deals[0], tuple(deals[1:]), rounds)


def dealt_round(tasks: Sequence[Side], piles: Sequence[Sequence[Card]]) -> SubitoState:
    """A 2-player game of one round, dealt ``tasks`` (the sides in play) and ``piles`` (seat
    1's, then seat 2's, top first), as a study of single rounds deals them; bad sides or
    piles are bad input."""
    if len(piles) != 2:
        raise BadInput(f"a round for 2 players deals 2 piles, not {len(piles)}", str(len(piles)))
    state = _first_round(2, Deal(tuple(tasks), tuple(tuple(pile) for pile in piles)), (), 1)
    _check_round(state)
    return state


def _first_round(players: int, first: Deal, later: tuple[Deal, ...], rounds: int) -> SubitoState:
    """The game of ``rounds`` rounds before anyone has moved: ``first`` on the table, ``later`` to come."""
    names = entry_names(players, 1)
    table = Table(first.tasks, (Placed(names[0], {}), Placed(names[1], {})))
    return SubitoState(players, 1, table, None, first.piles, (), later, rounds=rounds)


def _game_rounds(rounds: object) -> bool:
    """Whether ``rounds`` is a game's number of rounds: 1 to the rulebook's 3."""
    return is_whole(rounds) and rounds in range(1, ROUNDS + 1)


def _seated(piles: list[list[Card]], players: int, round_: int) -> tuple[Pile, ...]:
    """The dealt piles by seat: ``deal`` deals the side of the table of 36 first (the solo
    player of the 3-player game), then the others in seat order."""
    order = [seat for seats in entries(players, round_) for seat in seats]
    by_seat: list[Pile] = [()] * players
    for seat, pile in zip(order, piles):
        by_seat[seat - 1] = tuple(pile)
    return tuple(by_seat)


def _bad(field: str, message: str) -> BadInput:
    return BadInput(f"{GAME} position: field {field!r} {message}", field)


def _card(name: object, field: str) -> Card | None:
    """A card of the deck named in ``field``, or None for ``"?"``."""
    if name == HIDDEN:
        return None
    if not isinstance(name, str):
        raise _bad(field, f"holds {shown(name)}, not a card like 'Y4A' or '?'")
    card = BY_NAME.get(name)
    if card is None:
        try:
            card = parse_card(name)
        except BadInput as error:
            raise _bad(field, f"holds {error}") from None
        if card not in IN_DECK:
            raise _bad(field, f"holds {card}, which is not in the deck")
    return card


def _piles(value: object, field: str, sizes: Sequence[int] | None = None) -> tuple[Pile, ...]:
    """A list of each seat's pile, top first (cards or ``"?"``); with ``sizes``, each pile
    that long."""
    if not isinstance(value, list) or not all(isinstance(pile, list) for pile in value):
        raise _bad(field, f"is {shown(value)}, not a list of each seat's pile (a list of cards)")
    if len(value) not in PLAYERS:
        raise _bad(field, f"lists {len(value)} piles: give one a seat, {PLAYERS[0]} to {PLAYERS[-1]}")
    piles = tuple(tuple(_card(name, field) for name in pile) for pile in value)
    if sizes is not None:
        for seat, (pile, size) in enumerate(zip(piles, sizes), 1):
            if len(pile) != size:
                raise _bad(field, f"gives seat {seat} {len(pile)} cards, but its pile holds {size} now")
    return piles


def _table(value: object) -> Table:
    """The round's table (``models.subito.table``'s document), its errors named as the field's."""
    try:
        return table_from_json(value, "table")
    except BadInput as error:
        message = str(error).removeprefix("table: ")
        raise BadInput(f"{GAME} position: field 'table': {message}", error.token) from None


def _tasks(value: object, field: str) -> tuple[Side, ...]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise _bad(field, f"is {shown(value)}, not a list of sides like '3a'")
    try:
        return tasks_from_names(value)
    except BadInput as error:
        raise _bad(field, str(error)) from None


def _distinct(cards: Sequence[Card], field: str) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise _bad(field, f"holds {card} twice over the round: each card is in one place")
        seen.add(card)


def load(doc: object) -> SubitoState:
    """A Subito position from its document (see the module docstring); every bad field is
    ``BadInput`` naming it."""
    doc = position_document(doc, GAME)
    to_move = document_field(doc, "to_move", (int, type(None)), GAME)
    rounds = doc.get("rounds", ROUNDS)
    if not _game_rounds(rounds):
        raise _bad("rounds", f"is {shown(rounds)}: a game has 1 to {ROUNDS} rounds (the rulebook's {ROUNDS})")
    round_ = document_field(doc, "round", int, GAME)
    if round_ not in range(1, rounds + 1):
        raise _bad("round", f"is {round_}: a game has rounds 1 to {rounds}")
    piles_doc = document_field(doc, "piles", list, GAME)
    players = len(piles_doc)
    if players not in PLAYERS:
        raise _bad("piles", f"lists {players} piles: give one a seat, {PLAYERS[0]} to {PLAYERS[-1]}")
    table = _table(document_field(doc, "table", dict, GAME))
    turned_doc = doc.get("turned")
    if turned_doc == HIDDEN:
        raise _bad("turned", "is '?': the card turned over lies face up, so name it")
    turned = None if turned_doc is None else _card(turned_doc, "turned")
    points = _round_points(doc, round_, players, rounds)
    state = SubitoState(players, round_, table, turned, (), points, (), rounds=rounds)
    sizes = _pile_sizes_now(state)
    piles = _piles(piles_doc, "piles", sizes)
    later_doc = doc.get("later")
    later = _later(later_doc, state, players) if later_doc is not None else _unknown_later(state, players)
    state = replace(state, piles=piles, later=later, moves=tuple(doc.get("history", [])))
    _check_round(state)
    if state.finished and not state.hidden and len(points) < round_:
        raise _bad("table", f"shows round {round_} over (a side has placed all {PILE} cards): give the next round")
    if len(points) == rounds and not (state.finished and not state.hidden):
        raise _bad("round_points", f"lists all {rounds} rounds, but round {round_} is not over and scored")
    if state.to_move != to_move:
        who = {None: "nobody (null: the game is over)", TABLE: "the table (0: it turns a card over)"}
        raise _bad("to_move", f"is {shown(to_move)}, but {who.get(state.to_move, f'seat {state.to_move}')} is to move")
    return state


def _round_points(doc: Mapping[str, Any], round_: int, players: int, rounds: int) -> tuple[tuple[int, ...], ...]:
    """Each finished round's points by seat: the rounds before ``round_`` (all ``rounds``
    once the game is over)."""
    value = doc.get("round_points", [] if round_ == 1 else None)
    if value is None:
        raise _bad("round_points", "is missing: give each finished round's points by seat")
    if not isinstance(value, list) or not all(
        isinstance(row, list) and len(row) == players and all(is_whole(p) and 0 <= p <= sum(TASKS) for p in row)
        for row in value
    ):
        raise _bad("round_points", f"is {shown(value)}, not a list of each finished round's points, one a seat")
    if len(value) not in (round_ - 1, rounds if round_ == rounds else round_ - 1):
        raise _bad("round_points", f"lists {len(value)} rounds in round {round_}: give the {round_ - 1} finished")
    return tuple(tuple(row) for row in value)


def _pile_sizes_now(state: SubitoState) -> tuple[int, ...]:
    """What each seat's pile holds now: its deal less the cards it placed and the one it
    has turned over; checks the table's counts fit the turns."""
    counts = state.counts
    first = starter(state.round)
    if counts[first] - counts[1 - first] not in (0, 1) or max(counts) > PILE:
        raise _bad(
            "table",
            f"has {counts[0]} and {counts[1]} cards placed: the sides of the table take turns, "
            f"{state.table.players[first].name} first this round, {PILE} cards a side",
        )
    if state.turned is not None and (state.finished or len(state.points) == state.rounds):
        raise _bad("turned", "names a card, but the round is over")
    dealt = pile_sizes(state.seats, state.round)
    sizes = list(dealt)
    for entry, seats in enumerate(entries(state.seats, state.round)):
        for index, seat in enumerate(seats):
            sizes[seat - 1] -= _count_placed(len(seats), counts[entry], index)
    if state.turned is not None:
        sizes[state.next_seat - 1] -= 1
    return tuple(sizes)


def _later(value: object, state: SubitoState, players: int) -> tuple[Deal, ...]:
    """The rounds still to deal after ``state``'s."""
    wanted = state.rounds - state.round if len(state.points) < state.rounds else 0
    if not isinstance(value, list) or len(value) != wanted or not all(isinstance(d, dict) for d in value):
        raise _bad("later", f"is {shown(value)}, not a list of the {wanted} rounds still to deal")
    rounds = []
    for offset, coming in enumerate(value, 1):
        tasks = _tasks(coming.get("tasks"), "later")
        piles = _piles(coming.get("piles"), "later", pile_sizes(players, state.round + offset))
        if len(piles) != players:
            raise _bad("later", f"deals {len(piles)} piles in round {state.round + offset}, not {players}")
        _distinct([card for pile in piles for card in pile if card is not None], "later")
        rounds.append(Deal(tasks, piles))
    return tuple(rounds)


def _unknown_later(state: SubitoState, players: int) -> tuple[Deal, ...]:
    """The rounds still to deal when the document leaves them out: this round's sides, and
    piles nobody has seen."""
    wanted = state.rounds - state.round if len(state.points) < state.rounds else 0
    return tuple(
        Deal(state.table.tasks, tuple((None,) * size for size in pile_sizes(players, state.round + offset)))
        for offset in range(1, wanted + 1)
    )


def _check_round(state: SubitoState) -> None:
    """The round's cards: each card in one place, and all the deck's cards dealt (named
    or ``"?"``)."""
    cards = [card for placed in state.table.players for on in placed.placed.values() for card in on]
    for placed in state.table.players:
        for name in placed.placed:
            if name not in {side.name for side in state.table.tasks}:
                raise _bad("table", f"has cards on side {name}, which is not in play")
        if not all(card in BY_NAME.values() for on in placed.placed.values() for card in on):
            stray = next(card for on in placed.placed.values() for card in on if card not in IN_DECK)
            raise _bad("table", f"holds {stray}, which is not in the deck")
    cards += [card for pile in state.piles for card in pile if card is not None]
    if state.turned is not None:
        cards.append(state.turned)
    _distinct(cards, "piles")
    unnamed = state.hidden + sum(card is None for pile in state.piles for card in pile)
    if len(cards) + unnamed != CARDS_DEALT:
        raise _bad(
            "piles", f"with the table deal {len(cards) + unnamed} cards this round, not the deck's {CARDS_DEALT}"
        )


__all__ = ["DECK", "PLAYERS", "Deal", "Place", "SubitoState", "Turn", "dealt_round", "load", "start"]
