"""One player's Ubongo round in progress as a ``GameState``: the faces in hand and the
cards laid so far, towards a layout of ``k`` cards (the rulebook's 7).

``PLAYERS`` is ``range(1, 2)``: the State is one player's own puzzle. The rulebook's
players race at once, each on their own table with their own hand, and nothing one lays
changes what another may lay (Rule 1), so a seat's position is its own; the other hands
and the stack's rest (back in the box) play no part, and nothing is hidden.

Moves, in the notation ``apply`` reads and ``str`` writes (the layout file's fields, in
one word):
- ``17w@3,-2r90``: lay the face ``17w`` (or a literal face ``ABC/DDA``) turned 90
  degrees clockwise with its top-left cell at column 3, row -2. The first card lies
  unrotated at the origin (``17w@0,0r0``; a layout may be moved and turned as a whole);
  every later one is laid so that the laid cards stay a valid layout (``rules``: no
  overlap, each touching pair joined at exactly two matching contacts, one group), so it
  touches them. Laying stops at ``k`` cards: "Ubongo!" needs exactly 7 laid.
- ``back 17w``: take a laid card back into the hand (the rulebook allows it at any
  time). The laid cards left must stay one group, so a card that holds two parts together
  stays; on a table that already breaks a rule (one a person wrote down with a mistake)
  any card may go back, and no card is laid until the table is valid again.
- ``ubongo``: call "Ubongo!" once exactly ``k`` cards lie in a valid layout; the round
  is over, and the caller scores 10.

Moving a laid card is taking it back and laying it again. ``scores()`` is the round's
points as they stand: 10 after the call, else the cards laid (0 while they break a rule).

The position document: ``{"game": "ubongo", "to_move": 1, "history": [...], "round": 1,
"k": 7, "hand": ["15w", ...], "table": [{"card": "17w", "rotation": 0, "x": 0, "y": 0},
...]}``; ``to_move`` is null once "Ubongo!" is called. ``load`` also takes ``table`` as a
layout file's object (``{"cards": [...]}``), leaves ``k`` (7), ``table`` (none laid) and
``history`` (empty) out when not given, and refuses any other field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any, ClassVar

from cardsolve.models.errors import BadInput, is_whole, shown
from cardsolve.models.state import HIDDEN, GameState, Move, document_field, position_document
from cardsolve.models.ubongo.cards import (
    ROTATIONS,
    Deck,
    Face,
    FaceReader,
    check_distinct_cards,
    face_reader,
    load_deck,
)
from cardsolve.models.ubongo.deal import dealt_hand
from cardsolve.models.ubongo.layout import Cell, Placement, grid_cells, layout_from_json, placement_problem
from cardsolve.models.ubongo.picture import ascii_picture, svg_picture
from cardsolve.models.ubongo.rules import contacts, violations
from cardsolve.models.ubongo.scoring import (
    CALL_POINTS,
    HAND,
    ROUNDS,
    TARGET,
    hand_faces,
    side_for_round,
    stack_for_round,
)

GAME = "ubongo"
PLAYERS = range(1, 2)
"""One seat: the State is one player's own puzzle (see the module docstring)."""
SEAT = 1
"""The one seat, the player whose puzzle it is."""
CALL = "ubongo"
"""The notation of the call "Ubongo!"."""
BACK = "back"
"""The word before the face in a take-back's notation."""
FIELDS = ("game", "to_move", "history", "round", "k", "hand", "table")
"""The fields of a position document."""
NOTATIONS = "FACE@X,YrTURN (like 17w@0,0r0), back FACE or ubongo"
"""The move notations, as a refusal names them."""

_LAY = re.compile(r"(?P<face>[^@\s]+)@(?P<x>[+-]?[0-9]{1,4}),(?P<y>[+-]?[0-9]{1,4})r(?P<turn>[0-9]{1,3})")
_BACK = re.compile(rf"{BACK}\s+(?P<face>\S+)")
_DECK_FACE = re.compile(r"[0-9]+[wb]")
_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True)
class Lay:
    """Lay a face from the hand as ``placement``: written ``17w@3,-2r90`` (face, the
    top-left cell's column and row, the turn in degrees clockwise)."""

    placement: Placement

    def __str__(self) -> str:
        p = self.placement
        return f"{p.face.name}@{p.x},{p.y}r{p.rotation}"


@dataclass(frozen=True)
class TakeBack:
    """Take the laid card showing ``face`` back into the hand: written ``back 17w``."""

    face: Face

    def __str__(self) -> str:
        return f"{BACK} {self.face.name}"


@dataclass(frozen=True)
class Call:
    """Call "Ubongo!" with a valid layout of exactly ``k`` cards: written ``ubongo``."""

    def __str__(self) -> str:
        return CALL


UbongoMove = Lay | TakeBack | Call
"""A move of the player."""


@cache
def _deck() -> Deck:
    """The bundled deck, read once."""
    return load_deck()


@cache
def _reader() -> FaceReader:
    """The reader of face names: the bundled deck's (``17w``) and literal faces (``ABC/DDA``)."""
    return face_reader(_deck())


@cache
def _round_faces(round_number: int) -> frozenset[str]:
    """The names of the deck faces played in round ``round_number``: the white faces of its
    stack in an odd round, the black ones in an even round."""
    stack = stack_for_round(round_number)
    return frozenset(face.name for face in hand_faces(_deck().stack(stack), round_number))


@dataclass(frozen=True)
class UbongoState(GameState):
    """One player's round: the ``hand`` (faces, in the order held), the ``table`` (the
    cards laid, in the order laid), ``k`` the cards a complete layout holds, whether
    "Ubongo!" is ``called`` (the round is over), and the moves made (``moves``)."""

    game: ClassVar[str] = GAME

    round_number: int
    k: int
    hand: tuple[Face, ...]
    table: tuple[Placement, ...]
    called: bool = False
    moves: tuple[str, ...] = ()

    @property
    def to_move(self) -> int | None:
        return None if self.called else SEAT

    @property
    def players(self) -> int:
        return len(PLAYERS)

    @property
    def history(self) -> tuple[str, ...]:
        return self.moves

    @property
    def valid(self) -> bool:
        """The laid cards break no rule (``rules.violations``)."""
        return _valid(self.table)

    def legal_moves(self) -> tuple[UbongoMove, ...]:
        """Every lay that keeps the table a valid layout (each face in hand order, each
        turn, the top-left cells row by row), every card that may go back (table order),
        then the call when it is due."""
        if self.called:
            return ()
        return _legal(self.table, self.hand, self.k)

    def refusal(self, notation: str) -> str:
        if not notation:
            return f"no move given: write {NOTATIONS}"
        if notation == CALL:
            return self._call_refusal()
        taken = _BACK.fullmatch(notation)
        if taken:
            return self._back_refusal(taken.group("face"))
        laid = _LAY.fullmatch(notation)
        if laid:
            return self._lay_refusal(laid)
        return f"not a move: write {NOTATIONS}"

    def _call_refusal(self) -> str:
        """Why "Ubongo!" may not be called now (Reward: exactly 7 cards, laid correctly)."""
        if not self.valid:
            return f'"Ubongo!" needs a valid layout, and the laid cards break a rule: {_broken(self.table)}'
        return f'"Ubongo!" needs exactly {self.k} cards laid, and {len(self.table)} are'

    def _back_refusal(self, name: str) -> str:
        """Why the card ``name`` may not be taken back."""
        index = next((i for i, p in enumerate(self.table) if p.face.name == name), None)
        if index is None:
            return f"{name} is not on the table"
        rest = [*self.table[:index], *self.table[index + 1 :]]
        return f"taking {name} back would break the layout (Rule 3): {_broken(tuple(rest))}"

    def _lay_refusal(self, match: re.Match[str]) -> str:
        """Why the lay ``match`` reads may not be made: the face, the turn and the place
        read, then the rules in the order a player meets them."""
        try:
            face = _reader()(match.group("face"))
        except BadInput as error:
            return str(error)
        x, y, turn = int(match.group("x")), int(match.group("y")), int(match.group("turn"))
        problem = placement_problem(turn, x, y)
        if problem is not None:
            return f"{face.name} {problem[0]}"
        if len(self.table) >= self.k:
            return f'{len(self.table)} cards are laid and a layout has {self.k}: call "{CALL}" or take one back'
        if not self.valid:
            return f"the laid cards break a rule, so take one back first: {_broken(self.table)}"
        if face not in self.hand:
            return f"{face.name} is not in the hand"
        placement = Placement(face, turn, x, y)
        if not self.table and (turn, x, y) != (0, 0, 0):
            return (
                f"the first card lies unrotated at the origin ({face.name}@0,0r0): a layout moves and turns as a whole"
            )
        broken = violations([*self.table, placement])
        if broken:
            return broken[0].detail
        return f"write it {Lay(placement)}"

    def played(self, move: Move) -> UbongoState:
        notation = str(move)
        if isinstance(move, Lay):
            face = move.placement.face
            return replace(
                self,
                hand=tuple(f for f in self.hand if f != face),
                table=(*self.table, move.placement),
                moves=(*self.moves, notation),
            )
        if isinstance(move, TakeBack):
            return replace(
                self,
                hand=(*self.hand, move.face),
                table=tuple(p for p in self.table if p.face != move.face),
                moves=(*self.moves, notation),
            )
        return replace(self, called=True, moves=(*self.moves, notation))

    def scores(self) -> dict[int, float]:
        """The round's points as they stand (Reward): 10 once called, else the cards laid,
        0 while they break a rule."""
        if self.called:
            return {SEAT: float(CALL_POINTS)}
        return {SEAT: float(len(self.table)) if self.valid else 0.0}

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "to_move": self.to_move,
            "history": list(self.moves),
            "round": self.round_number,
            "k": self.k,
            "hand": [face.name for face in self.hand],
            "table": [placement.to_json() for placement in self.table],
        }

    def text(self) -> str:
        laid = ", ".join(str(Lay(p)) for p in self.table) or "none"
        hand = ", ".join(face.name for face in self.hand) or "empty"
        state = "" if self.valid else f"\nThe laid cards break a rule: {_broken(self.table)}"
        lines = [
            f"Ubongo round {self.round_number} ({side_for_round(self.round_number)} faces): "
            f"{len(self.table)} of {self.k} cards laid{', Ubongo! called' if self.called else ''}.",
            f"Hand: {hand}.",
            f"Laid: {laid}.{state}",
        ]
        if self.table:
            lines += ["", ascii_picture(list(self.table))]
        return "\n".join(lines)

    def pictures(self) -> dict[str, str]:
        """The table as laid (``table``), with the coordinates the moves name; none while
        nothing is laid."""
        return {"table": svg_picture(list(self.table), axes=True)} if self.table else {}

    def observation(self, seat: int) -> UbongoState:
        """The player sees all of their own puzzle: the position itself."""
        self.seat(seat)
        return self

    def fill_hidden(self, seed: int) -> UbongoState:
        """Nothing is hidden: the position itself."""
        return self


def _valid(table: tuple[Placement, ...]) -> bool:
    return _broken(table) == ""


@lru_cache(maxsize=4096)
def _broken(table: tuple[Placement, ...]) -> str:
    """The first rule the laid cards break, in the rules' words; empty when none."""
    broken = violations(list(table))
    return broken[0].detail if broken else ""


@lru_cache(maxsize=4096)
def _legal(table: tuple[Placement, ...], hand: tuple[Face, ...], k: int) -> tuple[UbongoMove, ...]:
    """The legal moves of a round not yet called: the lays, the take-backs, the call.
    Cached: a position's moves are asked for again and again (each load, each apply)."""
    valid = _valid(table)
    lays = _lays(table, hand) if valid and len(table) < k else ()
    backs = tuple(TakeBack(table[i].face) for i in _removable(table, valid))
    call = (Call(),) if valid and len(table) == k else ()
    return (*lays, *backs, *call)


def _removable(table: tuple[Placement, ...], valid: bool) -> list[int]:
    """The laid cards that may go back: on a valid table those that hold no two parts of
    it together (no cut vertex of the contact graph), so that the rest stays one group and
    valid (each pair's contacts are unchanged); on a broken table, every card."""
    if not valid or len(table) < 3:
        return list(range(len(table)))
    import networkx as nx  # here: the Ubongo API, and the help of its commands, start without it

    graph = nx.Graph(list(contacts(list(table))))
    cuts = set(nx.articulation_points(graph))
    return [i for i in range(len(table)) if i not in cuts]


def _lays(table: tuple[Placement, ...], hand: tuple[Face, ...]) -> tuple[Lay, ...]:
    """Every lay of a face in ``hand`` after which the (valid) ``table`` is still a valid
    layout: on an empty table each face unrotated at the origin; else the placements
    that cover a free cell next to the table with the symbol the laid cell beside it
    shows (every valid placement has such a contact), less those that overlap or meet a
    laid card at a mismatch or at a number of contacts other than 2 (a quick pass), each
    survivor then checked by the rules (``rules.violations``)."""
    if not table:
        return tuple(Lay(Placement(face, 0, 0, 0)) for face in hand)
    taken: dict[Cell, tuple[int, str]] = {
        cell: (index, symbol) for index, placement in enumerate(table) for cell, symbol in placement.cells()
    }
    wanted: dict[Cell, str] = {}
    torn: set[Cell] = set()  # free cells beside two different laid symbols: no card may cover them
    for (x, y), (_, symbol) in taken.items():
        for dx, dy in _NEIGHBOURS:
            cell = (x + dx, y + dy)
            if cell in taken:
                continue
            if wanted.setdefault(cell, symbol) != symbol:
                torn.add(cell)
    seeds = [(cell, symbol) for cell, symbol in wanted.items() if cell not in torn]
    found: list[Lay] = []
    for face in hand:
        for rotation in ROTATIONS:
            shape = list(grid_cells(face.rotated(rotation)))
            origins = {(cx - dx, cy - dy) for (cx, cy), need in seeds for (dx, dy), symbol in shape if symbol == need}
            for x, y in sorted(origins, key=lambda cell: (cell[1], cell[0])):
                if _joins(taken, shape, x, y):
                    placement = Placement(face, rotation, x, y)
                    if not violations([*table, placement]):
                        found.append(Lay(placement))
    return tuple(found)


def _joins(taken: Mapping[Cell, tuple[int, str]], shape: Sequence[tuple[Cell, str]], x: int, y: int) -> bool:
    """The quick pass of ``_lays``: a card showing ``shape`` with its top-left cell at
    ``(x, y)`` covers no laid cell, and meets each laid card it touches at exactly 2
    contacts, all of equal symbols."""
    met: dict[int, int] = {}
    for (dx, dy), symbol in shape:
        cx, cy = x + dx, y + dy
        if (cx, cy) in taken:
            return False
        for nx_, ny_ in _NEIGHBOURS:
            other = taken.get((cx + nx_, cy + ny_))
            if other is not None:
                if other[1] != symbol:
                    return False
                met[other[0]] = met.get(other[0], 0) + 1
    return bool(met) and all(count == 2 for count in met.values())


def _check_round(round_number: int, field: str = "round") -> int:
    if not is_whole(round_number) or not 1 <= round_number <= ROUNDS:
        raise BadInput(f"{GAME} position: field {field!r} is {shown(round_number)}: rounds are 1 to {ROUNDS}", field)
    return round_number


def _check_k(k: object, cards: int) -> int:
    if not is_whole(k) or not 1 <= k <= HAND:
        raise BadInput(f"{GAME} position: field 'k' is {shown(k)}: a layout has 1 to {HAND} cards", "k")
    if k > cards:
        raise BadInput(f"{GAME} position: field 'k' is {k}, but the player holds {cards} cards", "k")
    return k


def _check_faces(hand: Sequence[Face], table: Sequence[Placement], round_number: int) -> None:
    """The player's cards: at most a hand's 9, each named once, and each deck face one that
    round ``round_number`` plays; else bad input naming the field."""
    cards = len(hand) + len(table)
    if cards > HAND:
        raise BadInput(f"{GAME} position: {cards} cards in hand and laid, but a player holds {HAND}", "hand")
    faces = [*hand, *(p.face for p in table)]
    try:
        check_distinct_cards(faces)
    except BadInput as error:
        raise BadInput(f"{GAME} position: field 'hand' or 'table': {error}", error.token) from None
    names = [face.name for face in faces]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise BadInput(f"{GAME} position: {twice} is named twice: name each card once", twice)
    played = _round_faces(round_number)
    for face in faces:
        if _DECK_FACE.fullmatch(face.name) and face.name not in played:
            raise BadInput(
                f"{GAME} position: {face.name} is not played in round {round_number}: round {round_number} plays the "
                f"{side_for_round(round_number)} faces of the cards numbered {2 * stack_for_round(round_number) - 1}|"
                f"{2 * stack_for_round(round_number)}",
                face.name,
            )


def start(*, seed: int, players: int | None = None, round_number: int = 1, k: int = TARGET) -> UbongoState:
    """The player's 9 faces of round ``round_number`` (1-6) dealt with ``seed`` (the
    bundled deck, as ``ubongo deal`` deals the first hand), nothing laid, ``k`` cards to
    lay; ``players`` may only be 1 (one player's puzzle)."""
    if players is not None and (not is_whole(players) or players not in PLAYERS):
        raise BadInput(
            f"{GAME}: players {shown(players)}: the position is one player's own puzzle (players 1)", str(players)
        )
    if not is_whole(seed) or seed < 0:
        raise BadInput(f"{GAME}: seed {shown(seed)}: give a whole number, 0 or more", str(seed))
    _check_round(round_number, "round_number")
    hand = tuple(dealt_hand(round_number, seed, _deck()))
    return UbongoState(round_number, _check_k(k, len(hand)), hand, ())


def load(doc: object) -> UbongoState:
    """The position a document gives (see the module docstring); anything malformed is
    bad input naming the field."""
    document = position_document(doc, GAME)
    unknown = next((key for key in document if key not in FIELDS), None)
    if unknown is not None:
        raise BadInput(f"{GAME} position: unknown field {shown(unknown)}: the fields are {', '.join(FIELDS)}", unknown)
    to_move = document_field(document, "to_move", (int, type(None)), GAME)
    round_number = _check_round(document_field(document, "round", int, GAME))
    hand = _hand(document_field(document, "hand", list, GAME))
    table = _table(document.get("table", []))
    _check_faces(hand, table, round_number)
    k = _check_k(document.get("k", TARGET), len(hand) + len(table))
    state = UbongoState(round_number, k, hand, table, to_move is None, tuple(document.get("history", [])))
    if to_move is None and not (len(table) == k and state.valid):
        raise BadInput(
            f"{GAME} position: field 'to_move' is null (\"Ubongo!\" called), but the table is no valid layout of {k}",
            "to_move",
        )
    if to_move is not None and to_move != SEAT:
        raise BadInput(
            f"{GAME} position: field 'to_move' is {shown(to_move)}: the one player, seat {SEAT}, moves "
            '(null once "Ubongo!" is called)',
            "to_move",
        )
    return state


def _hand(names: list[Any]) -> tuple[Face, ...]:
    """The faces a document's ``hand`` names (a player's own hand hides nothing)."""
    if len(names) > HAND:
        raise BadInput(f"{GAME} position: field 'hand' holds {len(names)} cards, but a player holds {HAND}", "hand")
    faces = []
    for number, name in enumerate(names, 1):
        if not isinstance(name, str):
            raise BadInput(f"{GAME} position: field 'hand': card {number} is {shown(name)}, not a face", "hand")
        if name.strip() == HIDDEN:
            raise BadInput(f"{GAME} position: field 'hand': card {number} is hidden, but the player sees it", "hand")
        try:
            faces.append(_reader()(name))
        except BadInput as error:
            raise BadInput(f"{GAME} position: field 'hand': {error}", error.token) from None
    return tuple(faces)


def _table(laid: object) -> tuple[Placement, ...]:
    """The placements of a document's ``table``: a list of placements, or a layout file's
    object (``{"cards": [...]}``)."""
    if isinstance(laid, list):
        if len(laid) > HAND:
            raise BadInput(
                f"{GAME} position: field 'table' holds {len(laid)} cards, but a player holds {HAND}", "table"
            )
        laid = {"cards": laid}
    try:
        return tuple(layout_from_json(laid, _reader(), "table"))
    except BadInput as error:
        message = str(error)
        raise BadInput(
            message if "table" in message else f"{GAME} position: field 'table': {message}", error.token
        ) from None
