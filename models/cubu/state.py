"""CUBU as a game in progress (the one game protocol, ``models.state``): a classic game and
a Speed CUBU game, each an immutable state.

**Classic game** (``CubuState``, ``mode`` ``classic``): rounds until a seat reaches the
``target`` (100; the rulebook also plays to 50 or 200), or, in the time-limit variant, a
fixed number of ``rounds`` (``rounds=1``: one round), the most points winning; a game to a
target is cut off without a winner after ``round_limit`` rounds (200), a round without a
winner after ``turn_limit`` turns (2000, missed ones counted). After a round its points go
to its winner's score, the dealer moves one seat left and the table deals the next round
(``to_move`` 0, its one move ``deal:D-R-G`` naming the start card). A game started from a
seed (``start``) deals and reshuffles from one random source, ``random.Random(seed)``, as
the table's: its document keeps the seed and the sizes of the shuffles made so far
(``shuffle_seed``, ``shuffles``), so that every deal and reshuffle to come is known to the
whole position (each a single table move) and hidden from every seat's observation. A
position without the seed deals each new round hidden: the table names the start card (any
regular card) and each seat looks at its new hand before it moves.

**A round**: the deal of ``classic.deal`` (7
cards each, the start card turned, play left of the dealer), then turns. The seat in turn
plays one of ``classic.legal_turns``: a colour sequence ``R2up:O-R-G,P-R-L`` (the declared
box of the top card as its colour letter and position, the direction ``up`` or ``down``,
then the cards in order), an action card at a seat ``miss@2`` (``swap``, ``pickup1`` ..
``pickup3`` alike), ``interrupt`` (an interrupt on one's own turn, ending it) or ``draw``
(only when nothing can be played). Every turn is checked by ``classic.check_turn``, whose
reason an illegal one is refused with. A sequence's cards leave the hand when it is
played and are laid card by card: after each card but the last, every other seat is
asked in turn, clockwise from the player's left, and answers ``interrupt`` (if it holds
one: the sequence stops there, the cards not laid go back to the player's hand) or
``pass``. Every seat is asked, not only the holders of an
interrupt, so that whose decision it is tells nobody who holds one. A card not laid goes
back to its place in the hand (``places``), as if it had never left it. The table then moves
(``to_move`` 0) for every card drawn: after ``draw`` and for each card of a pickup; its
move is the card's notation, ``D-R-G`` or ``miss``. The round ends when a seat has played
its last card (after the cards of a last pickup are drawn): the hands are shown and the
winner scores ``classic.round_points``. A seat that must miss a turn is passed over
without a move. The pickup deck, once empty when a card must be drawn, is made of the
played cards under the top card and the set-aside action cards, shuffled: by the table's
seeded random source when the position has it, else in an order nobody knows (``?``).
``scores`` is the score sheet: the points of the rounds played, with this round's once
it is over.

**Speed CUBU game** (``SpeedRaceState``, ``mode`` ``speed``, ``follow`` ``colour`` or
``boxes``): races until a seat reaches the ``target`` (50; or a fixed number of ``races``,
one for a single race), cut off after ``race_limit`` races (200). A race: the action cards
are removed, each seat is dealt ``speed.hand_size`` cards and the centre card is turned. The
race is simultaneous at the table; it is entered here in turn rounds (``speed``'s reading;
a race is cut off without a winner after ``turn_limit`` of them, 500): in each round every seat with cards, in
order from the dealer's left, enters one lay ``D-R-G@1,0`` (a card of its hand and an
empty cell next to the laid cards that it relates to, ``speed.placements``) or ``pass``
(not ready). When no seat can lay at the start of a round the table deals 5 more cards
each (``to_move`` 0, one move per card) as far as the pickup deck goes, and with none
left the race ends without a winner. Every seat out of cards at the end of a round wins:
``speed.race_points``, split. A wrong card is refused, unless the game allows wrong cards
(``wrong_cards``): then a card laid into a frontier cell it does not fit is recognised at
once, costs the rulebook's 10-point penalty (``penalties``) and goes back to the hand;
``pass`` is always legal. After a race its points less the penalties go to the score sheet,
the dealer moves one seat left and the table deals the next race (``deal:D-R-G``, naming
the centre card), from the seeded random source as the classic game does.

**Hidden cards.** ``observation(seat)`` writes ``?`` for the other seats' hands, the
pickup deck and the cards a seat means to lay after the one on the table (its plan is
known to be at least one card long while the others are asked; its length shows). A card
drawn from a known pickup deck (a seeded deal) is its top card; from a hidden one, any
card nobody has seen (the deck less every card the document shows). A seat to move whose
hand holds hidden cards (a position loaded from another seat's view) may ``pass`` where a
pass is legal (asked in the interrupt window, or in a race) and else first moves ``look``:
it picks up its cards, and the table names each hidden one (``looking_seat``), any card
nobody has seen. The table also names a hidden planned card when it is laid and the hidden
cards of the losing hands when the round ends. The cards nobody has seen are those of the
bundled deck (``cards.load_deck``) that the document does not show; a card of a printed
deck that the bundled stand-in lacks may be shown all the same.

Position documents (``to_json``; ``load`` reads them, and a person's own table, with ``?``
for what they cannot see; a field marked "optional" may be left out, and takes the default
named after it):

- both: ``game`` ``"cubu"``, ``mode`` (optional: ``classic``), ``to_move``, ``history``
  (optional), ``dealer`` (optional: the last seat), ``turn_seat`` (optional: ``to_move``),
  ``hands`` (one list per seat), ``pickup`` (optional: empty; the first card is drawn
  first), ``scores`` (optional: zeros), ``draw_seats`` (optional, none: the seats still to
  be given a card, in order), ``looking_seat`` (optional, null: the seat whose hidden
  cards the table names);
- classic: ``top``, ``pile`` (optional: cards under the top, bottom first), ``spent``
  (optional: set-aside action cards), ``skips`` (optional: the turns each seat will miss),
  ``sequence`` (optional: null, or
  ``{"follow": "R3up", "planned": [...], "asked_seat": 2, "places": [...]}`` while a
  sequence is laid: the box the next card follows, the cards still to come, the seat asked
  and, optional (none), where each card of the sequence sat in the hand), ``winner`` and
  ``points`` (optional: null and 0 until the round ends), ``target`` (optional: 100, null
  when a number of ``rounds`` is given), ``rounds`` (optional: null), ``round_limit``
  (optional: 200), ``turn_limit`` (optional: 2000), ``turns`` (optional, 0: the turns of
  this round so far), ``round_results`` (optional, none: each finished round's ``dealer``,
  ``turns``, ``winner`` and ``points``; ``scores`` already holds its points),
  ``shuffle_seed`` and ``shuffles`` (optional, absent: the table's seeded random source);
- speed: ``follow`` (optional: ``colour``), ``grid``
  (``[{"card": "D-R-G", "cell": [0, 0]}, ...]``, the centre at [0, 0]), ``winner_seats``
  and ``points`` (optional: none and 0), ``over`` (optional, false: the race is over),
  ``target`` (optional: 50), ``races`` (optional: null), ``race_limit`` (optional: 200),
  ``turn_limit`` (optional: 500), ``turn_rounds`` (optional, 0: this race's so far),
  ``penalties`` (optional, zeros: this race's), ``wrong_cards`` (optional: false),
  ``race_results`` (optional, none: each finished race's ``dealer``, ``winner_seats``,
  ``points`` and ``penalties``), ``shuffle_seed`` and ``shuffles`` (optional: absent).
"""

from __future__ import annotations

import random
import re
from abc import abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, ClassVar, Generic, Self, TypeVar

from cardsolve.models.cubu import classic, speed
from cardsolve.models.cubu.cards import ACTIONS, Card, Deck, check_distinct, format_cards, load_deck, parse_card
from cardsolve.models.cubu.classic import INTERRUPT, PICKUPS, ActionPlay, Draw, InterruptPlay, SequencePlay
from cardsolve.models.cubu.sequence import DOWN, UP, Follow
from cardsolve.models.errors import BadInput, is_whole, shown
from cardsolve.models.state import HIDDEN, TABLE, GameState, Move, document_field, position_document

PLAYERS = range(2, 7)
"""The seats a deal may have."""
DEFAULT_PLAYERS = 4
"""Seats when ``start`` is not told."""
MODES = ("classic", "speed")
"""The classic game or a Speed CUBU race."""
FOLLOWS = speed.MODES
"""What a Speed CUBU card follows: the number of boxes or the colour position."""
GAME = "cubu"
MAX_CARDS = 200
"""The longest card list a document may hold (the deck has 60)."""
MAX_TURN_LIMIT = 10_000
"""The highest turn limit a classic round takes."""

Slot = Card | None
"""A card, or None where it is hidden (``?``)."""
Hand = tuple[Slot, ...]
Cell = tuple[int, int]

_FOLLOW = re.compile(r"([DLRGOP])([1-6])(up|down)")
_CELL = re.compile(r"(-?\d{1,4}),(-?\d{1,4})")


@cache
def _deck() -> Deck:
    """The bundled deck: the cards a position is made of."""
    return load_deck()


@cache
def _named() -> dict[str, Card]:
    """Every card of the deck by its notation."""
    return {card.name: card for card in _deck().cards}


def _read_card(text: str) -> Card:
    """A card from its notation (any case); else bad input naming it."""
    return _named().get(text) or parse_card(text)


def _slot_name(slot: Slot) -> str:
    return HIDDEN if slot is None else slot.name


def _follow_name(follow: Follow) -> str:
    """A follow as the notation writes it: ``R3up``."""
    return f"{follow.colour}{follow.position}{'up' if follow.direction == UP else 'down'}"


def _read_follow(text: object, field: str) -> Follow:
    match = _FOLLOW.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise BadInput(
            f"cubu position: field {field!r} is {shown(text)}, not a box and direction like R3up or G2down", field
        )
    colour, position, way = match.groups()
    return Follow(colour, int(position), UP if way == "up" else DOWN)


@dataclass(frozen=True)
class CubuMove:
    """A move: its ``notation`` (what ``str`` gives and ``apply`` reads), its ``kind``
    (``sequence``, ``action``, ``interrupt``, ``draw``, ``pass``, ``lay``, ``look`` or
    ``card``, the table's) and what it plays: ``turn`` (a classic turn), ``card``, ``cell``."""

    notation: str
    kind: str
    turn: classic.Turn | None = None
    card: Card | None = None
    cell: Cell | None = None

    def __str__(self) -> str:
        return self.notation


def turn_move(turn: classic.Turn) -> CubuMove:
    """A classic turn as a move: ``R2up:O-R-G,P-R-L``, ``miss@2``, ``interrupt``, ``draw``."""
    if isinstance(turn, SequencePlay):
        return CubuMove(f"{_follow_name(turn.follow)}:{format_cards(turn.cards)}", "sequence", turn)
    if isinstance(turn, ActionPlay):
        return CubuMove(f"{turn.action}@{turn.target + 1}", "action", turn)
    if isinstance(turn, InterruptPlay):
        return CubuMove(INTERRUPT, "interrupt", turn)
    return CubuMove("draw", "draw", turn)


PASS = CubuMove("pass", "pass")
INTERRUPT_CARD = Card(action=INTERRUPT)
INTERRUPT_MOVE = CubuMove(INTERRUPT, "interrupt", InterruptPlay())


@cache
def _table_move(card: Card) -> CubuMove:
    return CubuMove(card.name, "card", card=card)


LOOK = CubuMove("look", "look")


@cache
def _deal_move(top: Card) -> CubuMove:
    """The table deals the next round, its start card ``top``: ``deal:D-R-G``."""
    return CubuMove(f"deal:{top.name}", "deal", card=top)


RACE_LIMIT = 200
"""Races after which a Speed CUBU game is cut off without a winner."""
RACE_TURN_LIMIT = 500
"""Turn rounds (and deals of 5 more cards) after which a race is cut off without a winner."""


@dataclass(frozen=True)
class RaceResult:
    """A finished Speed CUBU race: its dealer, the seats out first (none when it was cut
    off or everyone was stuck), each one's points and the penalties by seat."""

    dealer: int
    winners: tuple[int, ...]
    points: int
    penalties: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "winner_seats": list(self.winners),
            "points": self.points,
            "penalties": list(self.penalties),
        }


@dataclass(frozen=True)
class RoundResult:
    """A finished classic round: its dealer, the turns played (missed ones too), the seat
    that went out (None when the turn limit ended it) and the points it won."""

    dealer: int
    turns: int
    winner: int | None
    points: int

    def to_json(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "turns": self.turns, "winner": self.winner, "points": self.points}


def _masked(notation: str) -> str:
    """A move as a seat that may not read it sees it: ``?``, a sequence its box with a ``?``
    for each card."""
    box, colon, cards = notation.partition(":")
    return f"{box}:{','.join('?' * len(cards.split(',')))}" if colon else HIDDEN


_CACHED = ("_to_move", "_legal", "unseen", "_laid", "_next_deal", "_next_race")
"""The cached properties of a position, which a changed copy computes afresh."""

_UNSEEDED: dict[str, Any] = {"shuffle_seed": None, "shuffles": (), "rng_state": None, "views": None}
"""What an observation leaves out of a classic position: the table's seeded random source
(the deals and reshuffles to come) and the other seats' readings of the history."""

T = TypeVar("T")


class _cached(Generic[T]):
    """A property computed once per position and kept in its ``__dict__`` (as
    ``functools.cached_property``, without the lock Python 3.11 takes on every read)."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__

    def __get__(self, position: Any, owner: Any = None) -> T:
        value = self.compute(position)
        position.__dict__[self.name] = value
        return value


def _distinct(cards: Iterable[Card]) -> list[Card]:
    """Each card once, sorted by notation (a stable order for the table's outcomes)."""
    return sorted(set(cards), key=lambda card: card.name)


def _fill_first(hand: Hand, card: Card) -> Hand:
    """``hand`` with its first hidden card named ``card``."""
    index = hand.index(None)
    return (*hand[:index], card, *hand[index + 1 :])


def _shown_hands(hands: Sequence[Hand], seat: int) -> tuple[Hand, ...]:
    """The hands as ``seat`` sees them: its own, the others hidden."""
    return tuple(hand if number == seat else _NONE[len(hand)] for number, hand in enumerate(hands, 1))


_NONE = tuple((None,) * size for size in range(MAX_CARDS + 1))
"""A hidden hand of each size (shared: an observation is made at every decision)."""


class _Cards(GameState):
    """What both CUBU states share: the hands, the pickup deck, the pending draws, the
    score sheet, the cards nobody has seen and the table's naming of a seat's hidden
    cards once it looks at them."""

    game: ClassVar[str] = GAME
    hands: tuple[Hand, ...]
    pickup: tuple[Slot, ...]
    draws: tuple[int, ...]
    sheet: tuple[int, ...]
    past: tuple[str, ...]
    secret: tuple[int, ...]
    dealer: int
    turn: int
    looking: int | None

    views: tuple[tuple[str, ...], ...] | None
    shuffle_seed: int | None
    shuffles: tuple[int, ...]
    rng_state: Any

    @property
    def players(self) -> int:
        return len(self.hands)

    def _with(self, **changes: Any) -> Self:
        """This position with the fields ``changes`` names changed (``dataclasses.replace``
        without its checks, which a game of thousands of moves would pay for at every move)."""
        made = object.__new__(type(self))
        fields = made.__dict__
        fields.update(self.__dict__)
        for name in _CACHED:
            fields.pop(name, None)
        fields.update(changes)
        return made

    def _sharing_moves(self, whole: Self, seat: int) -> Self:
        """This observation of ``whole`` by ``seat``, given the legal moves of ``whole`` when
        ``seat`` is to move there: they depend on its own hand and the table alone, which it
        sees, so that a bot's move is one of them and is applied without a look-up."""
        if whole.to_move == seat and "_legal" in whole.__dict__:
            self.__dict__["_legal"] = whole.__dict__["_legal"]
        return self

    def move(self, move: Move | str) -> Move:
        """The legal move ``move`` names; one of the legal moves' own objects, or a turn the
        rules' validator takes, is taken as it is, without listing every legal move."""
        if isinstance(move, CubuMove) and (self.takes(move) or any(legal is move for legal in self.legal_moves())):
            return move
        return super().move(move)

    def takes(self, move: CubuMove) -> bool:
        """Whether ``move`` is known legal without listing the legal moves (a game may say so
        for the moves it can check directly); False leaves it to the list."""
        return False

    def played(self, move: Move) -> Self:
        """The position after ``move`` (``after``), with the move in the history and who alone
        may read it whole: a card the table gives a seat (drawn, or named as the seat looks at
        its hand) is that seat's; a sequence's cards are its player's (the others see the box
        it follows and the cards as they are laid, never the plan); every other move is public."""
        assert isinstance(move, CubuMove)
        keeper = 0
        if self.to_move == TABLE:
            keeper = self.looking or (self.draws[0] if self.draws else 0)
        elif ":" in move.notation:
            keeper = self.turn
        after = self.after(move)
        if after is self:
            after = self._with()
        # ``after`` is a new position that nothing else holds yet: its history is set in place.
        after.__dict__.update(past=(*self.past, move.notation), secret=(*self.secret, keeper))
        return after

    @abstractmethod
    def after(self, move: CubuMove) -> Self:
        """The position after the legal ``move``, its history not yet extended."""

    def history_seen_by(self, seat: int) -> tuple[str, ...]:
        """The history as ``seat`` reads it: a move another seat alone may read is ``?``, a
        sequence its box with a ``?`` for each card. Each seat's reading is kept (``views``)
        and passed on to the positions after this one, which only add their own moves to it."""
        views = self.views or ((),) * self.players
        seen = views[seat - 1]
        if len(seen) < len(self.past):
            start = len(seen)
            seen += tuple(
                _masked(notation) if keeper and keeper != seat else notation
                for notation, keeper in zip(self.past[start:], self.secret[start:], strict=True)
            )
            self.__dict__["views"] = (*views[: seat - 1], seen, *views[seat:])  # a cache, not the position
        return seen

    @property
    def history(self) -> tuple[str, ...]:
        return self.past

    def deck_cards(self) -> tuple[Card, ...]:
        """The cards this game is played with."""
        return _deck().cards

    def shown_cards(self) -> list[Card]:
        """Every card the document shows (not hidden)."""
        return [card for hand in self.hands for card in hand if card is not None] + [
            card for card in self.pickup if card is not None
        ]

    @_cached
    def unseen(self) -> tuple[Card, ...]:
        """The cards nobody has seen: the deck less every card shown, sorted."""
        left = Counter(self.deck_cards()) - Counter(self.shown_cards())
        return tuple(sorted(left.elements(), key=lambda card: card.name))

    def table_random(self) -> random.Random:
        """The table's random source as it stands (only for a seeded table, ``shuffle_seed``):
        seeded, then run through every shuffle made so far, of the sizes ``shuffles`` lists."""
        assert self.shuffle_seed is not None
        rng = random.Random(self.shuffle_seed)
        if self.rng_state is not None:
            rng.setstate(self.rng_state)
            return rng
        for size in self.shuffles:
            rng.shuffle(list(range(size)))
        return rng

    @property
    @abstractmethod
    def limit_hit(self) -> bool:
        """The game was cut off at its round or race limit with nobody at the target."""

    def winners_of_game(self) -> tuple[int, ...]:
        """The seats that won the finished game: the most points (several on a tie); none
        while it goes on or when the round or race limit cut it off."""
        if not self.is_over or self.limit_hit:
            return ()
        scores = self.scores()
        best = max(scores.values())
        return tuple(seat for seat, score in scores.items() if score == best)

    def chances(self) -> tuple[tuple[Move, float], ...]:
        """A card named from the unseen ones is as likely as its unseen copies make it (the
        deck holds two of each action card); any other outcome as the protocol says."""
        moves = [move for move in self.legal_moves() if isinstance(move, CubuMove)]
        if self.to_move != TABLE or len(moves) < 2:  # a seat's moves, or a known card
            return super().chances()
        copies = Counter(self.unseen)
        cards = [move.card for move in moves if move.kind == "card" and move.card in copies]
        if len(cards) != len(moves):
            return super().chances()
        weights = [copies[card] for card in cards if card is not None]
        return tuple((move, weight / sum(weights)) for move, weight in zip(moves, weights))

    def hidden_count(self) -> int:
        return sum(slot is None for hand in self.hands for slot in hand) + self.pickup.count(None)

    def naming(self, seat: int) -> bool:
        """Whether ``seat``'s hand holds hidden cards, which it looks at before it moves."""
        return None in self.hands[seat - 1]

    def named_outcomes(self) -> tuple[CubuMove, ...]:
        """The table's outcomes for the looking seat's next hidden card: any card nobody has seen."""
        return tuple(_table_move(card) for card in _distinct(self.unseen))

    def looked(self, card: Card) -> tuple[tuple[Hand, ...], int | None]:
        """The hands once the looking seat's first hidden card is ``card``, and the seat still
        looking (None once its hand is known)."""
        assert self.looking is not None
        hands = self.named(self.looking, card)
        return hands, self.looking if None in hands[self.looking - 1] else None

    def drawn_outcomes(self) -> list[CubuMove]:
        """The table's outcomes for the next card drawn: the pickup deck's top card if it is
        known, else any card nobody has seen."""
        top = self.pickup[0]
        return [_table_move(top)] if top is not None else [_table_move(card) for card in _distinct(self.unseen)]

    def table_choice(self) -> str:
        """What the table may name now, in words."""
        outcomes = self.legal_moves()
        if len(outcomes) == 1:
            return f"the known card {outcomes[0]}"
        return f"one of the {len(outcomes)} cards nobody has seen"

    def given(self, card: Card) -> tuple[tuple[Hand, ...], tuple[Slot, ...]]:
        """The hands and the pickup deck once the next pending draw gave ``card``."""
        seat = self.draws[0]
        hands = list(self.hands)
        hands[seat - 1] = (*hands[seat - 1], card)
        return tuple(hands), self.pickup[1:]

    def named(self, seat: int, card: Card) -> tuple[Hand, ...]:
        """The hands once ``seat``'s first hidden card is named ``card``."""
        hands = list(self.hands)
        hands[seat - 1] = _fill_first(hands[seat - 1], card)
        return tuple(hands)

    def base_json(self, mode: str) -> dict[str, Any]:
        return {
            "game": GAME,
            "mode": mode,
            "to_move": self.to_move,
            "history": list(self.past),
            "dealer": self.dealer,
            "hands": [[_slot_name(slot) for slot in hand] for hand in self.hands],
            "pickup": [_slot_name(slot) for slot in self.pickup],
            "scores": list(self.sheet),
            "draw_seats": list(self.draws),
            "looking_seat": self.looking,
            "private_moves": [
                {"move_number": number, "seat": keeper} for number, keeper in enumerate(self.secret, 1) if keeper
            ],
        }

    def hand_lines(self) -> list[str]:
        return [
            f"seat {seat}: {', '.join(_slot_name(slot) for slot in hand) or '(no cards)'}"
            for seat, hand in enumerate(self.hands, 1)
        ]

    def dealt_at_random(self, seed: int) -> tuple[list[Card], list[Card]]:
        """The cards nobody has seen, shuffled by ``seed``: those dealt to the hidden slots in
        order (hands seat by seat, then the pickup deck) and those left over."""
        rng = random.Random(seed)
        pool = list(self.unseen)
        rng.shuffle(pool)
        count = self.hidden_count()
        return pool[:count], pool[count:]

    def filled_hands(self, cards: list[Card]) -> tuple[tuple[Hand, ...], tuple[Slot, ...]]:
        """The hands and pickup deck with their hidden slots dealt ``cards`` in order."""
        deal = iter(cards)
        hands = tuple(tuple(next(deal) if slot is None else slot for slot in hand) for hand in self.hands)
        pickup = tuple(next(deal) if slot is None else slot for slot in self.pickup)
        return hands, pickup


@dataclass(frozen=True)
class Laying:
    """A colour sequence being laid: the follow of the next card (the box of the top card
    it follows), the cards still to come (None hidden) and the seat asked whether it
    interrupts (None once every seat passed and the next card is due)."""

    follow: Follow
    planned: tuple[Slot, ...]
    asked: int | None
    places: tuple[int, ...] = ()
    """Where each card of the whole sequence sat in the player's hand before it (empty when
    unknown): a card not laid goes back to its place, as if it had never left the hand."""


@dataclass(frozen=True)
class CubuState(_Cards):
    """A classic CUBU round in progress: see the module's description."""

    hands: tuple[Hand, ...]
    top: Card
    pile: tuple[Card, ...]
    spent: tuple[Card, ...]
    pickup: tuple[Slot, ...]
    skips: tuple[int, ...]
    sheet: tuple[int, ...]
    dealer: int
    turn: int
    draws: tuple[int, ...] = ()
    laying: Laying | None = None
    winner: int | None = None
    points: int = 0
    looking: int | None = None
    past: tuple[str, ...] = ()
    secret: tuple[int, ...] = ()
    views: tuple[tuple[str, ...], ...] | None = field(default=None, compare=False, repr=False)
    """The history as each seat reads it (a cache: it follows from ``past`` and ``secret``)."""
    target: int | None = classic.TARGET
    rounds: int | None = None
    round_limit: int = classic.ROUND_LIMIT
    turn_limit: int = classic.TURN_LIMIT
    turns: int = 0
    results: tuple[RoundResult, ...] = ()
    shuffle_seed: int | None = None
    shuffles: tuple[int, ...] = ()
    rng_state: Any = field(default=None, compare=False, repr=False)
    """The table's random source after ``shuffles`` (a cache: it follows from the seed)."""

    # --- whose decision -------------------------------------------------------------

    @_cached
    def _to_move(self) -> int | None:
        if self.draws or self.looking is not None:
            return TABLE
        if self.winner is not None and any(None in hand for hand in self.hands):
            return TABLE
        if self.round_over:
            return None if self.game_over else TABLE
        if self.laying is not None:
            return TABLE if self.laying.asked is None else self.laying.asked
        return self.turn

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def round_over(self) -> bool:
        """The round has ended: a seat went out (its points counted), or ``turn_limit`` turns
        were played without one; the cards still to be drawn are given first."""
        if self.draws:
            return False
        return self.winner is not None or self.turns >= self.turn_limit

    @property
    def round_number(self) -> int:
        """The number of this round, from 1."""
        return len(self.results) + 1

    @property
    def game_over(self) -> bool:
        """After this round (once over) the game ends: a fixed number of rounds were played,
        or a seat reached the target, or the round limit was reached."""
        if not self.round_over or (self.winner is not None and any(None in hand for hand in self.hands)):
            return False
        if self.rounds is not None:
            return self.round_number >= self.rounds
        assert self.target is not None
        return max(self.scores().values()) >= self.target or self.round_number >= self.round_limit

    @property
    def limit_hit(self) -> bool:
        """The game to a target was cut off at the round limit with nobody at the target."""
        return self.is_over and self.rounds is None and max(self.scores().values()) < (self.target or 0)

    def winners(self) -> tuple[int, ...]:
        """The seats that won the finished game (``winners_of_game``)."""
        return self.winners_of_game()

    def shown_cards(self) -> list[Card]:
        planned = [card for card in self.laying.planned if card is not None] if self.laying else []
        return [*super().shown_cards(), self.top, *self.pile, *self.spent, *planned]

    def hidden_count(self) -> int:
        return super().hidden_count() + (self.laying.planned.count(None) if self.laying else 0)

    def table(self, seat: int) -> classic.Table:
        """The round as ``classic.Table`` holds it, ``seat`` in turn (its hand known)."""
        hands = [[card for card in hand if card is not None] for hand in self.hands]
        return classic.Table(hands, self.top, [], seat - 1)

    # --- the moves ------------------------------------------------------------------

    @_cached
    def _legal(self) -> tuple[CubuMove, ...]:
        seat = self.to_move
        if seat is None:
            return ()
        if seat == TABLE:
            if self.looking is not None:
                return self.named_outcomes()
            if self.draws:
                return tuple(self.drawn_outcomes())
            if self.round_over and not (self.winner is not None and any(None in hand for hand in self.hands)):
                return self._deal_outcomes()
            if self.laying is not None:
                follow = self.laying.follow
                return tuple(_table_move(card) for card in _distinct(self.unseen) if follow.accepts(card))
            return tuple(_table_move(card) for card in _distinct(self.unseen))
        if self.naming(seat):
            return (PASS, LOOK) if self.laying is not None else (LOOK,)
        if self.laying is not None:
            held = INTERRUPT_CARD in self.hands[seat - 1]
            return (PASS, INTERRUPT_MOVE) if held else (PASS,)
        return tuple(turn_move(turn) for turn in classic.legal_turns(self.table(seat)))

    def legal_moves(self) -> Sequence[CubuMove]:
        return self._legal

    def takes(self, move: CubuMove) -> bool:
        """A turn of the seat in turn (a known hand, no sequence being laid) written as
        ``turn_move`` writes it, which ``classic.check_turn`` (the rules' one validator of a
        turn, which ``legal_turns`` lists every turn of) lets through."""
        seat = self.to_move
        if move.turn is None or not seat or self.laying is not None or self.round_over or self.naming(seat):
            return False
        if turn_move(move.turn) != move:
            return False
        hands: list[list[Card]] = [[] for _ in self.hands]
        hands[seat - 1] = [card for card in self.hands[seat - 1] if card is not None]
        table = classic.Table(hands, self.top, [], seat - 1)
        try:
            classic.check_turn(table, seat - 1, move.turn)  # a turn reads the player's own hand alone
        except BadInput:
            return False
        return True

    def refusal(self, notation: str) -> str:
        seat = self.to_move
        if seat == TABLE:
            if self._legal and self._legal[0].kind == "deal":
                return f"the table deals the next round now: it names the start card, {self.table_choice()}"
            what = "looked at" if self.looking else "drawn" if self.draws else "laid next" if self.laying else "shown"
            return f"the table decides now: it names the card {what}, {self.table_choice()}"
        assert seat is not None
        if self.naming(seat):
            return f"seat {seat}'s hand is hidden in this position: it first looks at its cards (look)" + (
                ", or passes" if self.laying is not None else ""
            )
        if self.laying is not None:
            if notation == INTERRUPT:
                return f"seat {seat} holds no interrupt card"
            return f"seat {self.turn}'s sequence is being laid: seat {seat} may only answer interrupt or pass"
        try:
            turn = _read_turn(notation)
        except BadInput as error:
            return str(error)
        try:
            classic.check_turn(self.table(seat), seat - 1, turn)
        except BadInput as error:
            return str(error)
        return "write the turn as the legal moves list it (for example R2up:D-R-G,L-R-G, miss@2, interrupt, draw)"

    def after(self, move: CubuMove) -> CubuState:
        state = self
        seat = self.to_move
        assert seat is not None
        if seat == TABLE:
            assert move.card is not None
            if move.kind == "deal":
                return state._dealt(move.card)
            return state._table_gave(move.card)
        if move.kind == "look":
            return state._with(looking=seat)
        if self.laying is not None:
            return state._answered(seat, move.kind == "interrupt")
        turn = move.turn
        if isinstance(turn, SequencePlay):
            return state._sequence(seat, turn)
        if isinstance(turn, ActionPlay):
            return state._action(seat, turn)
        if isinstance(turn, InterruptPlay):
            return state._without(seat, INTERRUPT_CARD)._turn_over(seat)
        return state._with(draws=(seat,))._turn_over(seat)

    def _without(self, seat: int, card: Card) -> CubuState:
        """``seat`` sets the action ``card`` aside (a hidden card of its hand if it does not show it)."""
        hands = list(self.hands)
        hand = list(hands[seat - 1])
        hand.remove(card if card in hand else None)
        hands[seat - 1] = tuple(hand)
        return self._with(hands=tuple(hands), spent=(*self.spent, card))

    def _action(self, seat: int, play: ActionPlay) -> CubuState:
        """An action card aimed at a seat: miss (it skips a turn), swap (whole hands, unless
        it was the last card), pickup N (it is given N cards)."""
        state = self._without(seat, Card(action=play.action))
        target = play.target + 1
        if play.action == "miss":
            skips = list(state.skips)
            skips[play.target] += 1
            state = state._with(skips=tuple(skips))
        elif play.action == "swap":
            if state.hands[seat - 1]:
                hands = list(state.hands)
                hands[seat - 1], hands[play.target] = hands[play.target], hands[seat - 1]
                state = state._with(hands=tuple(hands))
        else:
            state = state._with(draws=(target,) * PICKUPS[play.action])
        return state._turn_over(seat)

    def _sequence(self, seat: int, play: SequencePlay) -> CubuState:
        """The sequence's cards leave the hand; the first is laid, the rest are planned."""
        hands = list(self.hands)
        held = hands[seat - 1]
        places = tuple(held.index(card) for card in play.cards)
        hands[seat - 1] = tuple(card for card in held if card not in play.cards)
        state = self._with(hands=tuple(hands), laying=Laying(play.follow, play.cards, None, places))
        return state._lay_next()

    def _lay_next(self) -> CubuState:
        """The next planned card is laid; while more are planned the other seats are asked,
        clockwise from the player's left; when none is, the turn is over. A hidden planned
        card waits for the table to name it (or, with no card nobody has seen that could
        follow, the sequence ends and the hidden cards go back to the hand)."""
        assert self.laying is not None
        card, rest = self.laying.planned[0], self.laying.planned[1:]
        follow = self.laying.follow
        if card is None:
            if any(follow.accepts(unseen) for unseen in self.unseen):
                return self._with(laying=Laying(follow, self.laying.planned, None, self.laying.places))
            return self._stopped()
        pile = (*self.pile, self.top)
        if not rest:
            return self._with(pile=pile, top=card, laying=None)._turn_over(self.turn)
        laying = Laying(follow.after(), rest, self._left_of(self.turn), self.laying.places)
        return self._with(pile=pile, top=card, laying=laying)

    def _taken_back(self) -> CubuState:
        """The sequence ends before its planned cards, which go back to the player's hand:
        each to its place there when the places are known, else at its end."""
        assert self.laying is not None
        hands = list(self.hands)
        kept, planned, places = hands[self.turn - 1], self.laying.planned, self.laying.places
        if places:
            back = dict(zip(places[len(places) - len(planned) :], planned, strict=True))
            laid = set(places[: len(places) - len(planned)])
            rest = iter(kept)
            size = len(kept) + len(places)
            hands[self.turn - 1] = tuple(
                back[place] if place in back else next(rest) for place in range(size) if place not in laid
            )
        else:
            hands[self.turn - 1] = (*kept, *planned)
        return self._with(hands=tuple(hands), laying=None)

    def _stopped(self) -> CubuState:
        """The sequence ends before its planned cards (taken back) and the turn is over."""
        return self._taken_back()._turn_over(self.turn)

    def _answered(self, seat: int, interrupts: bool) -> CubuState:
        """The asked seat passes (the next is asked, or the next card is laid) or interrupts
        (its card set aside, the sequence ends; it wins if that was its last card)."""
        assert self.laying is not None
        if interrupts:
            state = self._without(seat, INTERRUPT_CARD)._taken_back()
            if not state.hands[seat - 1]:
                return state._with(winner=seat, turns=self.turns + 1)._settled()
            return state._turn_over(self.turn)
        following = self._left_of(seat)
        if following != self.turn:
            return self._with(laying=Laying(self.laying.follow, self.laying.planned, following, self.laying.places))
        return self._lay_next()

    def _left_of(self, seat: int) -> int:
        return seat % self.players + 1

    def _turn_over(self, seat: int) -> CubuState:
        """``seat``'s turn is over: it wins if its hand is empty; else the turn passes left,
        over each seat that must miss one."""
        turns = self.turns + 1
        if not self.hands[seat - 1]:
            return self._with(winner=seat, turns=turns)._settled()
        skips = list(self.skips)
        following = self._left_of(seat)
        while skips[following - 1] and turns < self.turn_limit:
            skips[following - 1] -= 1
            turns += 1
            following = self._left_of(following)
        return self._with(turn=following, skips=tuple(skips), turns=turns)._settled()

    def _settled(self) -> CubuState:
        """Pending draws from an empty pickup deck reshuffle the played cards into it (in an
        order nobody knows), or, with none, are given up; a finished round scores once the
        losing hands are known."""
        state = self
        if state.draws and not state.pickup:
            played = [*state.pile, *state.spent]
            if state.shuffle_seed is None:
                state = state._with(pickup=(None,) * len(played), pile=(), spent=())
            else:
                rng = state.table_random()
                rng.shuffle(played)
                state = state._with(
                    pickup=tuple(reversed(played)),
                    pile=(),
                    spent=(),
                    shuffles=(*state.shuffles, len(played)),
                    rng_state=rng.getstate(),
                )
            if not played:
                state = state._with(draws=())
        if state.winner is not None and not state.draws and not any(None in hand for hand in state.hands):
            known = [[card for card in hand if card is not None] for hand in state.hands]
            state = state._with(points=classic.round_points(known, state.winner - 1))
        return state

    def _table_gave(self, card: Card) -> CubuState:
        if self.looking is not None:
            hands, looking = self.looked(card)
            return self._with(hands=hands, looking=looking)
        if self.draws:
            hands, pickup = self.given(card)
            return self._with(hands=hands, pickup=pickup, draws=self.draws[1:])._settled()
        if self.laying is not None:
            laying = replace(self.laying, planned=(card, *self.laying.planned[1:]))
            return self._with(laying=laying)._lay_next()
        seat = next(number for number, hand in enumerate(self.hands, 1) if None in hand)
        return self._with(hands=self.named(seat, card))._settled()

    def _deal_outcomes(self) -> tuple[CubuMove, ...]:
        """The table's deal of the next round, named by its start card: a seeded table's one
        deal, else any regular card (every card goes back into the deck)."""
        if self.shuffle_seed is not None:
            return (_deal_move(self._next_deal[1]),)
        return tuple(_deal_move(card) for card in _distinct(card for card in _deck().cards if not card.is_action))

    @_cached
    def _next_deal(self) -> tuple[classic.Table, Card, random.Random]:
        """A seeded table's deal of the next round (``classic.deal``, by the next dealer)."""
        rng = self.table_random()
        table = classic.deal(_deck(), self.players, self.dealer % self.players, rng)
        return table, table.top, rng

    def _dealt(self, top: Card) -> CubuState:
        """The round is over: its points go to its winner, the dealer moves one seat left and
        deals the next round (``classic.deal``) with ``top`` as its start card; play begins
        left of the dealer. Hands and pickup deck are hidden unless the table is seeded."""
        scores = self.scores()
        result = RoundResult(self.dealer, self.turns, self.winner, self.points if self.winner else 0)
        dealer = self.dealer % self.players + 1
        state = self._with(
            sheet=tuple(int(scores[seat]) for seat in range(1, self.players + 1)),
            results=(*self.results, result),
            dealer=dealer,
            turn=dealer % self.players + 1,
            top=top,
            pile=(),
            spent=(),
            skips=(0,) * self.players,
            winner=None,
            points=0,
            turns=0,
            laying=None,
        )
        if self.shuffle_seed is None:
            each = (None,) * classic.HAND
            left = len(_deck().cards) - classic.HAND * self.players - 1
            return state._with(hands=(each,) * self.players, pickup=(None,) * left)
        table, _, rng = self._next_deal
        return state._with(
            hands=tuple(tuple(hand) for hand in table.hands),
            pickup=tuple(reversed(table.pickup)),
            shuffles=(*self.shuffles, len(_deck().cards)),
            rng_state=rng.getstate(),
        )

    # --- scores, documents, views ---------------------------------------------------

    def scores(self) -> dict[int, float]:
        won = self.points if self.round_over else 0
        return {seat: score + (won if seat == self.winner else 0) for seat, score in enumerate(self.sheet, 1)}

    def to_json(self) -> dict[str, Any]:
        laying = self.laying
        return {
            **self.base_json("classic"),
            "turn_seat": self.turn,
            "top": self.top.name,
            "pile": [card.name for card in self.pile],
            "spent": [card.name for card in self.spent],
            "skips": list(self.skips),
            "sequence": None
            if laying is None
            else {
                "follow": _follow_name(laying.follow),
                "planned": [_slot_name(slot) for slot in laying.planned],
                "asked_seat": laying.asked,
                "places": list(laying.places),
            },
            "winner": self.winner,
            "points": self.points,
            "target": self.target,
            "rounds": self.rounds,
            "round_limit": self.round_limit,
            "turn_limit": self.turn_limit,
            "turns": self.turns,
            "round_results": [result.to_json() for result in self.results],
            **(
                {}
                if self.shuffle_seed is None
                else {"shuffle_seed": self.shuffle_seed, "shuffles": list(self.shuffles)}
            ),
        }

    def text(self) -> str:
        goal = f"{self.rounds} rounds" if self.rounds is not None else f"to {self.target} points"
        lines = [
            f"CUBU, classic round {self.round_number} ({goal}): top card {self.top}; dealer seat {self.dealer}",
            *self.hand_lines(),
        ]
        lines.append(f"pickup deck: {len(self.pickup)} cards; under the top card: {len(self.pile)}")
        if self.laying is not None:
            planned = ", ".join(_slot_name(slot) for slot in self.laying.planned)
            lines.append(f"seat {self.turn} lays a sequence: next follows {self.laying.follow}; to come: {planned}")
        if self.winner is not None:
            lines.append(f"seat {self.winner} went out: {self.points} points")
        elif self.round_over:
            lines.append(f"nobody went out in {self.turn_limit} turns: no points")
        scores = "/".join(str(int(score)) for score in self.scores().values())
        lines.append(f"scores: {scores}" + ("; the game is over" if self.is_over else ""))
        return "\n".join(lines)

    def observation(self, seat: int) -> CubuState:
        self.seat(seat)
        if self.round_over and self.winner is not None:
            return self._with(pickup=(None,) * len(self.pickup), past=self.history_seen_by(seat), **_UNSEEDED)
        laying = self.laying
        if laying is not None and self.turn != seat:
            laying = Laying(laying.follow, (None,) * len(laying.planned), laying.asked)
        seen = self._with(
            hands=_shown_hands(self.hands, seat),
            pickup=(None,) * len(self.pickup),
            laying=laying,
            past=self.history_seen_by(seat),
            **_UNSEEDED,
        )
        return seen._sharing_moves(self, seat)

    def fill_hidden(self, seed: int) -> CubuState:
        if not self.hidden_count():
            return self
        rng = random.Random(seed)
        state = self
        if self.laying is not None and None in self.laying.planned:
            # Hidden planned cards are dealt first, each from the unseen cards that follow.
            follow, planned = self.laying.follow, []
            pool = list(self.unseen)
            for slot in self.laying.planned:
                if slot is None:
                    fitting = [card for card in pool if follow.accepts(card)]
                    slot = rng.choice(fitting) if fitting else rng.choice(pool)
                    pool.remove(slot)
                planned.append(slot)
                follow = follow.after()
            state = self._with(laying=replace(self.laying, planned=tuple(planned)))
        cards, _ = state.dealt_at_random(rng.randrange(1 << 30))
        hands, pickup = state.filled_hands(cards)
        # What the table was to name is dealt now: a looking seat sees its cards, a planned
        # card waiting for its name is laid, a finished round scores.
        state = state._with(hands=hands, pickup=pickup, looking=None)
        if state.laying is not None and state.laying.asked is None:
            return state._lay_next()
        return state._settled()


def _read_turn(notation: str) -> classic.Turn:
    """A classic turn from its notation; bad input saying what a turn is written like."""
    if notation == "draw":
        return Draw()
    if notation == INTERRUPT:
        return InterruptPlay()
    if "@" in notation:
        name, _, seat = notation.partition("@")
        if name in ACTIONS and seat.isdigit() and len(seat) < 3:
            return ActionPlay(name, int(seat) - 1)
        raise BadInput(f"{notation!r} is not an action card at a seat, like miss@2", notation)
    if ":" in notation:
        follow, _, cards = notation.partition(":")
        declared = _read_follow(follow, "move")
        laid = tuple(parse_card(text) for text in cards.split(","))
        return SequencePlay(Follow(declared.colour, declared.position, declared.direction), laid)
    raise BadInput(
        "a turn is a sequence R2up:D-R-G,L-R-G (the box followed and the cards), an action card at a seat "
        "miss@2, interrupt or draw",
        notation,
    )


@dataclass(frozen=True)
class SpeedRaceState(_Cards):
    """A Speed CUBU race in progress: see the module's description."""

    follow: str
    hands: tuple[Hand, ...]
    grid: tuple[tuple[Cell, Card], ...]
    pickup: tuple[Slot, ...]
    sheet: tuple[int, ...]
    dealer: int
    turn: int
    draws: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    points: int = 0
    over: bool = False
    looking: int | None = None
    past: tuple[str, ...] = ()
    secret: tuple[int, ...] = ()
    views: tuple[tuple[str, ...], ...] | None = field(default=None, compare=False, repr=False)
    """The history as each seat reads it (a cache: it follows from ``past`` and ``secret``)."""
    target: int = speed.TARGET
    races: int | None = None
    race_limit: int = RACE_LIMIT
    turn_limit: int = RACE_TURN_LIMIT
    turn_rounds: int = 0
    penalties: tuple[int, ...] = ()
    wrong_cards: bool = False
    results: tuple[RaceResult, ...] = ()
    shuffle_seed: int | None = None
    shuffles: tuple[int, ...] = ()
    rng_state: Any = field(default=None, compare=False, repr=False)
    """The table's random source after ``shuffles`` (a cache: it follows from the seed)."""

    def deck_cards(self) -> tuple[Card, ...]:
        return _deck().regular

    def shown_cards(self) -> list[Card]:
        return [*super().shown_cards(), *(card for _, card in self.grid)]

    @property
    def to_move(self) -> int | None:
        if self.over:
            return None if self.game_over else TABLE
        return TABLE if self.draws or self.looking is not None else self.turn

    @property
    def race_number(self) -> int:
        """The number of this race, from 1."""
        return len(self.results) + 1

    @property
    def game_over(self) -> bool:
        """After this race (once over) the game ends: a fixed number of ``races`` were run (one:
        a single race), or a seat reached the target, or the race limit was reached."""
        if not self.over:
            return False
        if self.races is not None:
            return self.race_number >= self.races
        return max(self.scores().values()) >= self.target or self.race_number >= self.race_limit

    @property
    def limit_hit(self) -> bool:
        """The game was cut off at the race limit with nobody at the target."""
        return self.is_over and self.races is None and max(self.scores().values()) < self.target

    @_cached
    def _laid(self) -> dict[Cell, Card]:
        return dict(self.grid)

    @_cached
    def _legal(self) -> tuple[CubuMove, ...]:
        seat = self.to_move
        if seat is None:
            return ()
        if seat == TABLE:
            if self.over:
                return self._deal_outcomes()
            return self.named_outcomes() if self.looking is not None else tuple(self.drawn_outcomes())
        if self.naming(seat):
            return (PASS, LOOK)
        hand = [card for card in self.hands[seat - 1] if card is not None]
        lays = [
            CubuMove(f"{card.name}@{cell[0]},{cell[1]}", "lay", card=card, cell=cell)
            for card, cell in speed.placements(self._laid, hand, self.follow)
        ]
        if self.wrong_cards:
            lays += [
                CubuMove(f"{card.name}@{cell[0]},{cell[1]}", "wrong", card=card, cell=cell)
                for card in hand
                for cell in speed.frontier(self._laid)
                if not speed.fits(self._laid, cell, card, self.follow)
            ]
        return (*lays, PASS)

    def legal_moves(self) -> Sequence[CubuMove]:
        return self._legal

    def takes(self, move: CubuMove) -> bool:
        """A lay of the seat to move (a known hand) written ``D-R-G@1,0`` of a card it holds
        into a cell it fits (or, where the race allows wrong cards, a frontier cell it does
        not fit, as a ``wrong`` lay), or ``pass``: checked by the rules (``speed.fits``)."""
        seat = self.to_move
        if not seat or self.naming(seat):
            return False
        if move is PASS:
            return True
        card, cell = move.card, move.cell
        if card is None or cell is None or move.notation != f"{card.name}@{cell[0]},{cell[1]}":
            return False
        if card not in self.hands[seat - 1]:
            return False
        if move.kind == "lay":
            return speed.fits(self._laid, cell, card, self.follow)
        return (
            move.kind == "wrong"
            and self.wrong_cards
            and cell in speed.frontier(self._laid)
            and not speed.fits(self._laid, cell, card, self.follow)
        )

    def refusal(self, notation: str) -> str:
        seat = self.to_move
        if seat == TABLE:
            return f"the table decides now: it names the card {'looked at' if self.looking else 'dealt'}, {self.table_choice()}"
        assert seat is not None
        if self.naming(seat):
            return f"seat {seat}'s hand is hidden in this position: it passes, or first looks at its cards (look)"
        name, at, where = notation.partition("@")
        match = _CELL.fullmatch(where)
        if not at or match is None:
            return "a lay is a card and a cell, like D-R-G@1,0 (x, y from the centre card at 0,0), or pass"
        try:
            card = parse_card(name)
        except BadInput as error:
            return str(error)
        cell = (int(match.group(1)), int(match.group(2)))
        if card not in self.hands[seat - 1]:
            return f"seat {seat} does not hold {card}"
        if cell in self._laid:
            return f"cell {cell[0]},{cell[1]} already holds {self._laid[cell]}"
        return (
            f"{card} does not fit at {cell[0]},{cell[1]}: a card goes into an empty cell next to a laid card and "
            + (
                "has one box more or fewer than a laid neighbour"
                if self.follow == "boxes"
                else "shows a colour of a laid neighbour one position up or down"
            )
            + " (a wrong card costs 10 points, so it is not played unless the race allows wrong cards)"
        )

    def after(self, move: CubuMove) -> SpeedRaceState:
        state = self
        seat = self.to_move
        assert seat is not None
        if seat == TABLE:
            assert move.card is not None
            if move.kind == "deal":
                return self._dealt(move.card)
            if self.looking is not None:
                hands, looking = self.looked(move.card)
                return state._with(hands=hands, looking=looking)
            hands, pickup = self.given(move.card)
            return state._with(hands=hands, pickup=pickup, draws=self.draws[1:])._round_started()
        if move.kind == "look":
            return state._with(looking=seat)
        if move.kind == "lay":
            assert move.card is not None and move.cell is not None
            left = list(state.hands)
            left[seat - 1] = tuple(card for card in left[seat - 1] if card != move.card)
            state = state._with(hands=tuple(left), grid=tuple(sorted((*self.grid, (move.cell, move.card)))))
        elif move.kind == "wrong":  # recognised at once: the penalty, and the card goes back
            penalties = list(self.penalties or (0,) * self.players)
            penalties[seat - 1] += speed.PENALTY
            state = state._with(penalties=tuple(penalties))
        return state._next_seat(seat)

    def _order(self) -> list[int]:
        """The seats in a turn round: from the dealer's left round to the dealer."""
        return [(self.dealer + step - 1) % self.players + 1 for step in range(1, self.players + 1)]

    def _next_seat(self, seat: int) -> SpeedRaceState:
        """The next seat with cards in this turn round; after the round, the race ends if a
        hand is empty, else the next round starts."""
        order = self._order()
        for following in order[order.index(seat) + 1 :]:
            if self.hands[following - 1]:
                return self._with(turn=following)
        winners = tuple(number for number, hand in enumerate(self.hands, 1) if not hand)
        if winners:
            centre = self.grid[0][1]  # race_points counts the cards left, hidden or not
            counted = [[centre] * len(hand) for hand in self.hands]
            share = speed.race_points(counted, [number - 1 for number in winners])
            return self._with(winners=winners, points=share[winners[0] - 1], over=True)
        return self._round_started()

    def _round_started(self) -> SpeedRaceState:
        """A turn round starts with the first seat from the dealer's left; when no seat can
        lay (every hand known), 5 more cards each are dealt as far as the pickup deck goes,
        and with none left the race ends without a winner, as it does once ``turn_limit``
        turn rounds (each deal of 5 more counted as one) were played."""
        if self.draws:
            return self
        if self.turn_rounds >= self.turn_limit:
            return self._with(over=True)
        order = self._order()
        rounds = self.turn_rounds + 1
        if not any(None in hand for hand in self.hands) and not any(
            speed.placements(self._laid, [card for card in hand if card is not None], self.follow)
            for hand in self.hands
        ):
            if not self.pickup:
                return self._with(over=True, turn_rounds=rounds)
            count = min(len(self.pickup), speed.MORE * self.players)
            return self._with(draws=tuple(order[index % self.players] for index in range(count)), turn_rounds=rounds)
        return self._with(turn=next((seat for seat in order if self.hands[seat - 1]), order[0]), turn_rounds=rounds)

    def scores(self) -> dict[int, float]:
        penalties = self.penalties or (0,) * self.players
        return {
            seat: score + (self.points if seat in self.winners else 0) - penalties[seat - 1]
            for seat, score in enumerate(self.sheet, 1)
        }

    def _deal_outcomes(self) -> tuple[CubuMove, ...]:
        """The table's deal of the next race, named by its centre card: a seeded table's one
        deal, else any regular card."""
        if self.shuffle_seed is not None:
            return (_deal_move(self._next_race[1][-1]),)
        return tuple(_deal_move(card) for card in _distinct(_deck().regular))

    @_cached
    def _next_race(self) -> tuple[tuple[tuple[Card, ...], ...], list[Card], random.Random]:
        """A seeded table's deal of the next race by the next dealer: the hands and the
        pickup deck (drawn from its end, the centre card last) and the random source after."""
        rng = self.table_random()
        hands, cards = _race_deal(self.players, self.dealer % self.players + 1, rng)
        return hands, cards, rng

    def _dealt(self, centre: Card) -> SpeedRaceState:
        """The race is over: its points, less the penalties, go to the score sheet, the dealer
        moves one seat left and deals the next race with ``centre`` in the middle."""
        scores = self.scores()
        result = RaceResult(self.dealer, self.winners, self.points, self.penalties or (0,) * self.players)
        dealer = self.dealer % self.players + 1
        state = self._with(
            sheet=tuple(int(scores[seat]) for seat in range(1, self.players + 1)),
            results=(*self.results, result),
            dealer=dealer,
            grid=((speed.CENTRE, centre),),
            winners=(),
            points=0,
            over=False,
            turn_rounds=0,
            penalties=(),
            draws=(),
        )
        if self.shuffle_seed is None:
            each = speed.hand_size(len(_deck().regular), self.players)
            left = len(_deck().regular) - each * self.players - 1
            state = state._with(hands=((None,) * each,) * self.players, pickup=(None,) * left)
        else:
            hands, cards, rng = self._next_race
            state = state._with(
                hands=hands,
                pickup=tuple(reversed(cards[:-1])),
                shuffles=(*self.shuffles, len(_deck().regular)),
                rng_state=rng.getstate(),
            )
        return state._round_started()

    def to_json(self) -> dict[str, Any]:
        return {
            **self.base_json("speed"),
            "follow": self.follow,
            "turn_seat": self.turn,
            "grid": [{"card": card.name, "cell": [x, y]} for (x, y), card in self.grid],
            "winner_seats": list(self.winners),
            "points": self.points,
            "over": self.over,
            "target": self.target,
            "races": self.races,
            "race_limit": self.race_limit,
            "turn_limit": self.turn_limit,
            "turn_rounds": self.turn_rounds,
            "penalties": list(self.penalties or (0,) * self.players),
            "wrong_cards": self.wrong_cards,
            "race_results": [result.to_json() for result in self.results],
            **(
                {}
                if self.shuffle_seed is None
                else {"shuffle_seed": self.shuffle_seed, "shuffles": list(self.shuffles)}
            ),
        }

    def text(self) -> str:
        lines = [f"Speed CUBU race ({self.follow} mode); dealer seat {self.dealer}", speed.picture(self._laid)]
        lines += [*self.hand_lines(), f"pickup deck: {len(self.pickup)} cards"]
        if self.over:
            won = ", ".join(f"seat {seat}" for seat in self.winners) or "nobody (everyone stuck)"
            lines.append(f"out first: {won}; {self.points} points each")
        return "\n".join(lines)

    def observation(self, seat: int) -> SpeedRaceState:
        self.seat(seat)
        seen = self._with(
            hands=_shown_hands(self.hands, seat),
            pickup=(None,) * len(self.pickup),
            past=self.history_seen_by(seat),
            **_UNSEEDED,
        )
        return seen._sharing_moves(self, seat)

    def fill_hidden(self, seed: int) -> SpeedRaceState:
        if not self.hidden_count():
            return self
        cards, _ = self.dealt_at_random(seed)
        hands, pickup = self.filled_hands(cards)
        return self._with(hands=hands, pickup=pickup, looking=None)  # a looking seat now sees its cards


State = CubuState | SpeedRaceState


# --- start -------------------------------------------------------------------------


def _players(players: int | None) -> int:
    count = DEFAULT_PLAYERS if players is None else players
    if not is_whole(count) or count not in PLAYERS:
        raise BadInput(f"bad number of players {shown(players)}: CUBU is for {PLAYERS[0]} to {PLAYERS[-1]}", str(count))
    return count


def _limit(value: object, name: str, most: int) -> int:
    """A whole number from 1 to ``most``; else bad input naming ``name``."""
    if not is_whole(value) or not 1 <= value <= most:
        raise BadInput(f"bad {name} {shown(value)}: give 1 to {most}", str(value))
    return value


def _race_deal(players: int, dealer: int, rng: random.Random) -> tuple[tuple[tuple[Card, ...], ...], list[Card]]:
    """A Speed CUBU deal: the regular cards shuffled by ``rng``, ``speed.hand_size`` each one at
    a time from the left of ``dealer`` (a seat from 1); the rest (drawn from its end, the
    centre card the last)."""
    cards = list(_deck().regular)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for index in range(speed.hand_size(len(cards), players) * players):
        hands[(dealer + index) % players].append(cards.pop())
    return tuple(tuple(hand) for hand in hands), cards


def start(
    *,
    seed: int,
    players: int | None = None,
    mode: str = "classic",
    follow: str | None = None,
    target: int | None = None,
    rounds: int | None = None,
    dealer: int | None = None,
    round_limit: int = classic.ROUND_LIMIT,
    turn_limit: int | None = None,
    wrong_cards: bool = False,
) -> State:
    """A seeded deal, nobody has moved, by ``dealer`` (the last seat unless told, so that
    seat 1 plays first): a classic game (``classic.deal``) to ``target`` points (100), or of
    ``rounds`` rounds (the time-limit variant; ``rounds=1`` is one round); or, with ``mode``
    ``speed``, a Speed CUBU game in ``follow`` mode (``colour`` unless told) to ``target``
    points (50), or of ``rounds`` races (``rounds=1``: one race), each dealt by ``_race_deal``, where a wrong card is refused unless
    ``wrong_cards`` lets it be laid at the rulebook's 10-point penalty. The table deals each
    next round or race, and reshuffles, from the same random source, ``random.Random(seed)``;
    a game to a target is cut off after ``round_limit`` rounds or races, a round after
    ``turn_limit`` turns (2000), a race after ``turn_limit`` turn rounds (500)."""
    if not is_whole(seed) or seed < 0:
        raise BadInput(f"bad seed {shown(seed)}: give a whole number, 0 or more (a seed -s would deal as s)", str(seed))
    count = _players(players)
    if mode not in MODES:
        raise BadInput(f"bad mode {mode!r}: the modes are {', '.join(MODES)}", str(mode))
    rng = random.Random(seed)
    goal = (classic.TARGET if mode == "classic" else speed.TARGET) if target is None else target
    if not is_whole(goal):
        raise BadInput(f"bad target {shown(goal)}: give a whole number of points", str(goal))
    classic.check_target(goal)
    if rounds is not None:
        _limit(rounds, "number of rounds", classic.MAX_ROUNDS)
    first = count if dealer is None else _limit(dealer, "dealer seat", count)
    _limit(round_limit, "round limit", classic.MAX_ROUNDS)
    turns = (classic.TURN_LIMIT if mode == "classic" else RACE_TURN_LIMIT) if turn_limit is None else turn_limit
    _limit(turns, "turn limit", MAX_TURN_LIMIT)
    if mode == "classic":
        if follow is not None or wrong_cards:
            raise BadInput("follow and wrong cards are for Speed CUBU (mode speed), not the classic game", mode)
        table = classic.deal(_deck(), count, first - 1, rng)
        return CubuState(
            hands=tuple(tuple(hand) for hand in table.hands),
            top=table.top,
            pile=(),
            spent=(),
            pickup=tuple(reversed(table.pickup)),
            skips=(0,) * count,
            sheet=(0,) * count,
            dealer=first,
            turn=table.to_play + 1,
            target=None if rounds is not None else goal,
            rounds=rounds,
            round_limit=round_limit,
            turn_limit=turns,
            shuffle_seed=seed,
            shuffles=(len(_deck().cards),),
            rng_state=rng.getstate(),
        )
    hands, cards = _race_deal(count, first, rng)
    state = SpeedRaceState(
        follow=speed.check_mode(follow or "colour"),
        hands=hands,
        grid=((speed.CENTRE, cards[-1]),),
        pickup=tuple(reversed(cards[:-1])),
        sheet=(0,) * count,
        dealer=first,
        turn=1,
        target=goal,
        races=rounds,
        race_limit=round_limit,
        turn_limit=turns,
        wrong_cards=bool(wrong_cards),
        shuffle_seed=seed,
        shuffles=(len(_deck().regular),),
        rng_state=rng.getstate(),
    )
    return state._round_started()


# --- load --------------------------------------------------------------------------


def _field(doc: Mapping[str, Any], name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if default is not ... and name not in doc:
        return default
    return document_field(doc, name, kind, GAME)


def _cards(value: object, field: str, hidden: bool = True) -> tuple[Slot, ...]:
    """A list of card notations (``?`` hidden, where ``hidden`` allows it)."""
    if not isinstance(value, list) or len(value) > MAX_CARDS:
        raise BadInput(f"cubu position: field {field!r} is {shown(value)}, not a list of cards", field)
    slots: list[Slot] = []
    for entry in value:
        if not isinstance(entry, str):
            raise BadInput(f"cubu position: field {field!r} holds {shown(entry)}, not a card", field)
        if entry == HIDDEN and hidden:
            slots.append(None)
            continue
        try:
            slots.append(_read_card(entry))
        except BadInput as error:
            raise BadInput(f"cubu position: field {field!r}: {error}", field) from None
    return tuple(slots)


def _known(value: object, field: str) -> tuple[Card, ...]:
    return tuple(card for card in _cards(value, field, hidden=False) if card is not None)


def _seat_of(value: object, field: str, players: int, nobody: bool = False) -> int | None:
    if value is None and nobody:
        return None
    if not is_whole(value) or not 1 <= value <= players:
        raise BadInput(f"cubu position: field {field!r} is {shown(value)}, not a seat from 1 to {players}", field)
    return value


def _a_seat(value: object, field: str, players: int) -> int:
    seat = _seat_of(value, field, players)
    assert seat is not None
    return seat


def _numbers(doc: Mapping[str, Any], field: str, players: int, low: int | None = 0) -> tuple[int, ...]:
    value = _field(doc, field, list, [0] * players)
    if len(value) != players or not all(is_whole(n) and (low is None or n >= low) and abs(n) < 10**6 for n in value):
        raise BadInput(f"cubu position: field {field!r} is {shown(value)}, not one whole number per seat", field)
    return tuple(value)


def load(document: object) -> State:
    """A position from its document (see the module's description); a bad one is bad
    input naming the field."""
    doc = position_document(document, GAME)
    mode = _field(doc, "mode", str, "classic")
    if mode not in MODES:
        raise BadInput(f"cubu position: field 'mode' is {shown(mode)}, not one of {', '.join(MODES)}", "mode")
    raw_hands = _field(doc, "hands", list)
    if not PLAYERS[0] <= len(raw_hands) <= PLAYERS[-1]:
        raise BadInput(f"cubu position: field 'hands' holds {len(raw_hands)} hands, not 2 to 6 (one per seat)", "hands")
    hands = tuple(_cards(hand, "hands") for hand in raw_hands)
    players = len(hands)
    to_move = _field(doc, "to_move", (int, type(None)))
    if to_move is not None and not 0 <= to_move <= players:
        raise BadInput(f"cubu position: field 'to_move' is {shown(to_move)}, not 0 (the table) or a seat", "to_move")
    common: dict[str, Any] = {
        "hands": hands,
        "pickup": _cards(_field(doc, "pickup", list, []), "pickup"),
        "sheet": _numbers(doc, "scores", players, low=None),
        "dealer": _seat_of(_field(doc, "dealer", int, players), "dealer", players),
        "turn": _seat_of(_field(doc, "turn_seat", int, to_move or 1), "turn_seat", players),
        "draws": tuple(
            _a_seat(seat, "draw_seats", players) for seat in _field(doc, "draw_seats", list, [])[:MAX_CARDS]
        ),
        "past": tuple(doc.get("history", [])),
        "secret": _private_moves(doc, players),
        "looking": _seat_of(_field(doc, "looking_seat", (int, type(None)), None), "looking_seat", players, nobody=True),
    }
    state: State
    if mode == "classic":
        state = _classic(doc, common, players)
    else:
        state = _race(doc, common)
    _check_cards(state)
    if state.to_move != to_move:
        raise BadInput(
            f"cubu position: field 'to_move' is {shown(to_move)}, but the position has "
            f"{'nobody' if state.to_move is None else state.to_move} to move",
            "to_move",
        )
    if state.draws and not state.pickup:
        raise BadInput("cubu position: field 'draw_seats' waits for cards, but the pickup deck is empty", "draw_seats")
    if state.looking is not None and not state.naming(state.looking):
        raise BadInput("cubu position: field 'looking_seat' names a seat whose hand hides no card", "looking_seat")
    if not state.is_over and not state.legal_moves():
        raise BadInput(
            "cubu position: field 'sequence' waits for a card that no card nobody has seen can be", "sequence"
        )
    return state


def _private_moves(doc: Mapping[str, Any], players: int) -> tuple[int, ...]:
    """Who alone may read each move of the history whole (0: everyone), from the field
    ``private_moves`` (``[{"move_number": 3, "seat": 2}, ...]``, move numbers from 1)."""
    moves = len(doc.get("history", []))
    secret = [0] * moves
    for entry in _field(doc, "private_moves", list, []):
        if (
            not isinstance(entry, dict)
            or set(entry) != {"move_number", "seat"}
            or not all(is_whole(entry[key]) for key in entry)
            or not 1 <= entry["move_number"] <= moves
            or not 1 <= entry["seat"] <= players
        ):
            raise BadInput(
                f"cubu position: field 'private_moves' holds {shown(entry)}, not "
                f'{{"move_number": 1 to {moves}, "seat": 1 to {players}}}',
                "private_moves",
            )
        secret[entry["move_number"] - 1] = entry["seat"]
    return tuple(secret)


def _classic(doc: Mapping[str, Any], common: dict[str, Any], players: int) -> CubuState:
    top = _cards([_field(doc, "top", str)], "top", hidden=False)[0]
    assert top is not None
    if top.is_action:
        raise BadInput(f"cubu position: field 'top' is {top}, an action card: the top card is a regular one", "top")
    pile = _known(_field(doc, "pile", list, []), "pile")
    spent = _known(_field(doc, "spent", list, []), "spent")
    if any(card.is_action for card in pile) or not all(card.is_action for card in spent):
        raise BadInput("cubu position: 'pile' holds the regular cards under the top, 'spent' the action cards", "pile")
    laying = None
    raw = _field(doc, "sequence", (dict, type(None)), None)
    if raw is not None:
        follow = _read_follow(raw.get("follow"), "sequence")
        planned = _cards(raw.get("planned"), "sequence")
        asked = _seat_of(raw.get("asked_seat"), "sequence", players, nobody=True)
        step = follow
        for card in planned:
            if card is not None and not step.accepts(card):
                raise BadInput(f"cubu position: field 'sequence': {card} does not follow {step}", "sequence")
            step = step.after()
        if not planned or top.colour_at(follow.position) != follow.colour:
            raise BadInput(
                "cubu position: field 'sequence' follows no box of the top card or plans no card", "sequence"
            )
        if asked is None and planned[0] is not None:
            raise BadInput("cubu position: field 'sequence': with no seat asked, the next card is hidden", "sequence")
        places = raw.get("places", [])
        held = len(common["hands"][common["turn"] - 1])
        if not isinstance(places, list) or (
            places
            and not (
                all(is_whole(place) and 0 <= place < held + len(places) for place in places)
                and len(set(places)) == len(places) >= len(planned)
            )
        ):
            raise BadInput(
                "cubu position: field 'sequence': 'places' lists where each card of the sequence sat in the hand",
                "sequence",
            )
        laying = Laying(follow, planned, asked, tuple(places))
    winner = _seat_of(_field(doc, "winner", (int, type(None)), None), "winner", players, nobody=True)
    points = _field(doc, "points", int, 0)
    if not 0 <= points < 10**6:
        raise BadInput(f"cubu position: field 'points' is {shown(points)}, not 0 or more", "points")
    rounds = _field(doc, "rounds", (int, type(None)), None)
    target = _field(doc, "target", (int, type(None)), None if rounds is not None else classic.TARGET)
    if (rounds is None) == (target is None):
        raise BadInput("cubu position: give a 'target' of points or a number of 'rounds', not both", "target")
    try:
        if target is not None:
            classic.check_target(target)
        else:
            _limit(rounds, "number of rounds", classic.MAX_ROUNDS)
        round_limit = _limit(_field(doc, "round_limit", int, classic.ROUND_LIMIT), "round limit", classic.MAX_ROUNDS)
        turn_limit = _limit(_field(doc, "turn_limit", int, classic.TURN_LIMIT), "turn limit", MAX_TURN_LIMIT)
    except BadInput as error:
        raise BadInput(f"cubu position: {error}", error.token) from None
    turns = _field(doc, "turns", int, 0)
    if not 0 <= turns <= turn_limit:
        raise BadInput(f"cubu position: field 'turns' is {shown(turns)}, not 0 to the turn limit", "turns")
    seed, shuffles = _shuffles(doc, len(_deck().cards))
    return CubuState(
        **common,
        top=top,
        pile=pile,
        spent=spent,
        skips=_numbers(doc, "skips", players),
        laying=laying,
        winner=winner,
        points=points,
        target=target,
        rounds=rounds,
        round_limit=round_limit,
        turn_limit=turn_limit,
        turns=turns,
        results=_round_results(doc, players),
        shuffle_seed=seed,
        shuffles=shuffles,
    )


def _round_results(doc: Mapping[str, Any], players: int) -> tuple[RoundResult, ...]:
    """The finished rounds, from the field ``round_results``."""
    results = []
    for entry in _field(doc, "round_results", list, [])[: classic.MAX_ROUNDS + 1]:
        if (
            not isinstance(entry, dict)
            or set(entry) != {"dealer", "turns", "winner", "points"}
            or not is_whole(entry["dealer"])
            or not 1 <= entry["dealer"] <= players
            or not is_whole(entry["turns"])
            or not 0 <= entry["turns"] <= MAX_TURN_LIMIT
            or not (entry["winner"] is None or (is_whole(entry["winner"]) and 1 <= entry["winner"] <= players))
            or not is_whole(entry["points"])
            or not 0 <= entry["points"] < 10**6
        ):
            raise BadInput(
                f"cubu position: field 'round_results' holds {shown(entry)}, not "
                '{"dealer": seat, "turns": n, "winner": seat or null, "points": n}',
                "round_results",
            )
        results.append(RoundResult(entry["dealer"], entry["turns"], entry["winner"], entry["points"]))
    return tuple(results)


def _race(doc: Mapping[str, Any], common: dict[str, Any]) -> SpeedRaceState:
    follow = _field(doc, "follow", str, "colour")
    if follow not in FOLLOWS:
        raise BadInput(f"cubu position: field 'follow' is {shown(follow)}, not one of {', '.join(FOLLOWS)}", "follow")
    grid: dict[Cell, Card] = {}
    entries = _field(doc, "grid", list)
    for entry in entries[:MAX_CARDS]:
        cell = entry.get("cell") if isinstance(entry, dict) else None
        if not (isinstance(cell, list) and len(cell) == 2 and all(is_whole(n) and abs(n) <= 100 for n in cell)):
            raise BadInput(f"cubu position: field 'grid' holds {shown(entry)}, not a card and its cell", "grid")
        card = _cards([entry.get("card")], "grid", hidden=False)[0]
        assert card is not None
        grid[(cell[0], cell[1])] = card
    if speed.CENTRE not in grid or len(grid) != len(entries):
        raise BadInput("cubu position: field 'grid' needs the centre card at [0, 0] and one card per cell", "grid")
    winners = tuple(
        _a_seat(seat, "winner_seats", len(common["hands"])) for seat in _field(doc, "winner_seats", list, [])
    )
    points = _field(doc, "points", int, 0)
    over = _field(doc, "over", bool, False)
    if not 0 <= points < 10**6 or (winners and not over):
        raise BadInput("cubu position: field 'points' or 'winner_seats' does not fit a race that is not over", "points")
    players = len(common["hands"])
    try:
        target = _field(doc, "target", int, speed.TARGET)
        classic.check_target(target)
        race_limit = _limit(_field(doc, "race_limit", int, RACE_LIMIT), "race limit", classic.MAX_ROUNDS)
        turn_limit = _limit(_field(doc, "turn_limit", int, RACE_TURN_LIMIT), "turn limit", MAX_TURN_LIMIT)
    except BadInput as error:
        raise BadInput(f"cubu position: {error}", error.token) from None
    races = _field(doc, "races", (int, type(None)), None)
    if races is not None:
        _limit(races, "number of races", classic.MAX_ROUNDS)
    turn_rounds = _field(doc, "turn_rounds", int, 0)
    if not 0 <= turn_rounds <= turn_limit:
        raise BadInput(
            f"cubu position: field 'turn_rounds' is {shown(turn_rounds)}, not 0 to the turn limit", "turn_rounds"
        )
    penalties = _numbers(doc, "penalties", players)
    seed, shuffles = _shuffles(doc, len(_deck().regular))
    return SpeedRaceState(
        **common,
        follow=follow,
        grid=tuple(sorted(grid.items())),
        winners=winners,
        points=points,
        over=over,
        target=target,
        races=races,
        race_limit=race_limit,
        turn_limit=turn_limit,
        turn_rounds=turn_rounds,
        penalties=penalties if any(penalties) else (),
        wrong_cards=_field(doc, "wrong_cards", bool, False),
        results=_race_results(doc, players),
        shuffle_seed=seed,
        shuffles=shuffles,
    )


def _shuffles(doc: Mapping[str, Any], most: int) -> tuple[int | None, tuple[int, ...]]:
    """The table's seed and the sizes of its shuffles so far (``shuffle_seed``, ``shuffles``)."""
    seed = _field(doc, "shuffle_seed", (int, type(None)), None)
    shuffles = _field(doc, "shuffles", list, [])
    if (
        (seed is not None and seed < 0)
        or len(shuffles) > 10 * classic.MAX_ROUNDS
        or not all(is_whole(size) and 0 <= size <= most for size in shuffles)
    ):
        raise BadInput("cubu position: field 'shuffles' lists the sizes of the table's shuffles (cards)", "shuffles")
    return seed, tuple(shuffles) if seed is not None else ()


def _race_results(doc: Mapping[str, Any], players: int) -> tuple[RaceResult, ...]:
    """The finished races, from the field ``race_results``."""
    results = []
    for entry in _field(doc, "race_results", list, [])[: classic.MAX_ROUNDS + 1]:
        seats = entry.get("winner_seats") if isinstance(entry, dict) else None
        penalties = entry.get("penalties") if isinstance(entry, dict) else None
        if (
            not isinstance(entry, dict)
            or set(entry) != {"dealer", "winner_seats", "points", "penalties"}
            or not (is_whole(entry["dealer"]) and 1 <= entry["dealer"] <= players)
            or not (isinstance(seats, list) and all(is_whole(seat) and 1 <= seat <= players for seat in seats))
            or not (is_whole(entry["points"]) and 0 <= entry["points"] < 10**6)
            or not (isinstance(penalties, list) and len(penalties) == players)
            or not all(is_whole(n) and 0 <= n < 10**6 for n in penalties)
        ):
            raise BadInput(
                f"cubu position: field 'race_results' holds {shown(entry)}, not "
                '{"dealer": seat, "winner_seats": [...], "points": n, "penalties": [n per seat]}',
                "race_results",
            )
        results.append(RaceResult(entry["dealer"], tuple(seats), entry["points"], tuple(penalties)))
    return tuple(results)


def _check_cards(state: State) -> None:
    """No card is shown more often than a deck has it (a regular card once, an action card
    twice), and there are enough cards nobody has seen for the hidden ones."""
    shown_cards = state.shown_cards()
    if any(card.is_action for card in shown_cards) and isinstance(state, SpeedRaceState):
        raise BadInput("cubu position: a Speed CUBU race has no action cards", "hands")
    check_distinct(shown_cards, "the cubu position")
    if state.hidden_count() > len(state.unseen):
        raise BadInput(
            f"cubu position: {state.hidden_count()} hidden cards, but only {len(state.unseen)} cards nobody has seen",
            "hands",
        )
