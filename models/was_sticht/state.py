"""Was sticht? as a game in progress (``models.state``): a whole game, from the preparation's
chip draft through rounds until a player discards his last chip (or the round limit).

The phases, in order, and whose decision each is:
- preparation (``take no-red``), before the first round: the dealer takes a task chip
  from the table first, then the others clockwise, until each holds ``CHIPS_EACH``; the
  rest go back in the box. ``start`` has drawn the first round's trumps and laid out its
  cards already;
- the layout of a later round (the table, ``lay R5``): the cards of the shuffled deck laid
  out one by one, row by row (``draft.columns_of``);
- the draft (a card, ``R5``): the seats pick from the current column in
  ``draft.pick_order``; with 3 players the card left goes to the Table at once;
- the clue (the table, ``clue 3``): the dealer names the place (from 1) of the column's
  card that would win it as a trick (``trumps.trick_winner``), a consequence of the
  trumps, so the table's move;
- the reveal (the table, ``trumps R5``): the trumps are turned up (``Trumps.name``);
- the chip choice (``choose exactly-2``): each non-dealer in turn from the dealer's left
  chooses one of his chips in secret (the rulebook's choices are simultaneous; the order
  hides nothing, as each choice is hidden from the others);
- the show (the table, ``show 1:no-red,2:exactly-2,3:last-trick``): the chosen chips are
  turned up together;
- the trick play (a card, ``R5``): ``play.Position``'s rules, the dealer's left leading;
- the settlement: a non-dealer who met his chip discards it (``game.settle``); a dealer who
  met a chosen task whose chooser failed discards a chip of his choice (``discard
  no-red``); then the round is settled;
- the next round (the table, ``draw R5``): unless a player has discarded his last chip
  (the game is over, ``game.winners`` and ``game.standings`` rank it) or the round was the
  ``limit``'th (over, no winner), the dealer moves one seat left and draws the next
  round's trumps in secret, which starts the round with its layout.

Scores are the corner values of all the chips each seat has discarded. The deals come from
the game's ``seed``: round r's trumps and card order are the r-th draw (a trump pair,
then a shuffle) of ``random.Random(seed)`` (``dealt``), as ``start`` draws the first; the
cards are laid out in that order, those laid already (a position written by hand) left out.

Hidden: the trumps, from everyone but the dealer, until the reveal (the round's ``draw``
move in the history too, as ``draw ?``); each chosen chip, from the other seats, until
the show (the move in the history too, as ``?``); the seed, from every seat. Everything
else is open: the layout and the picks are face up, so every hand is known (the project's
double-dummy reading, DESIGN.md "Was sticht?"). When the trumps are hidden, the table's
clue and reveal may be anything some trump pair that fits the clues so far gives; when
chosen chips are hidden, the show may turn up any chip of each hidden seat; when the seed
is hidden, the draw any trump pair and the layout any card not laid.

Position document (seats count from 1; cards as ``R5``; chips by id)::

    {"game": "was_sticht", "to_move": 1, "history": [...], "dealer": 4,
     "pool": [chip ids on the table in the preparation], "chips": [[chip ids], ...],
     "trump": {"suit": "R" | null | "?", "number": 5 | null | "?"}, "trump_shown": false,
     "columns": [[cards still lying], ...], "taken": [cards taken from the current column],
     "clues": [{"cards": [4 cards in pick order], "winner": place from 1}, ...],
     "hands": [[cards], ...], "chosen": [chip id | null | "?", ...], "chips_shown": false,
     "trick": [cards], "tricks": [{"cards": [...], "leader": 1, "winner": 2}, ...],
     "discarded": [[chip ids discarded this round], ...], "round": 1, "round_limit": 100,
     "seed": 1 | "?", "laid": [cards laid out so far], "discarded_before": [[chip ids], ...]}

``chips`` are the chips each seat holds in the round (the chips it discards at the
settlement leave it when the next round is drawn), ``discarded_before`` those it
discarded in earlier rounds. A position written by hand once the draft is over may leave
out the clues (they are read only while the draft goes on, and for trumps still hidden)
and, with 3 players, the Table's cards, which are out of the round; a position of the
first round may leave out ``round`` (1), ``round_limit`` (``DEFAULT_ROUNDS``), ``seed``
(hidden), ``laid`` (none) and ``discarded_before`` (none).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import cached_property, lru_cache
from typing import Any, ClassVar, cast

from cardsolve.models.errors import BadInput, is_whole, shown
from cardsolve.models.state import HIDDEN, TABLE, GameState, Move, document_field, position_document
from cardsolve.models.was_sticht.cards import DECK, Card, parse_card
from cardsolve.models.was_sticht.chips import CHIPS, TRICKS, Chip, Trick, parse_chip
from cardsolve.models.was_sticht.deal import clues_from_json, clues_to_json
from cardsolve.models.was_sticht.draft import COLUMNS, ROWS, Observation, columns_of, pick_order
from cardsolve.models.was_sticht.game import CHIPS_EACH, Settlement, Standing, settle
from cardsolve.models.was_sticht.game import standings as game_standings
from cardsolve.models.was_sticht.game import winners as game_winners
from cardsolve.models.was_sticht.play import Position
from cardsolve.models.was_sticht.trumps import ALL_TRUMPS, Trumps, trick_winner

GAME = "was_sticht"
PLAYERS = range(3, 5)
"""Seats at the table: 3 or 4."""
DEFAULT_PLAYERS = 4
PHASES = ("prepare", "lay", "pick", "clue", "reveal", "choose", "show", "play", "discard", "draw", "over")
"""The phases, in order: the preparation (first round only), a round's (the layout in later
rounds), the next round's trumps drawn (``draw``), the game over."""
DEFAULT_ROUNDS = 100
"""The round limit when none is given (``play --rounds``' default)."""
MAX_ROUNDS = 1000
"""The highest round limit (a game is over in a few dozen)."""
ROUND_MOVES = 2 * len(DECK) + COLUMNS + 1 + 3 + 1 + len(DECK) + 1 + 1
"""The most moves a round takes: the layout, the picks, the clues, the reveal, three chips
chosen, the show, the cards played, the dealer's discard and the next round's draw."""
MAX_SEED_CHARACTERS = 60
"""The longest seed written as text in a document."""
_CARDS = {card.name: card for card in DECK}


class _Deals:
    """The deals of the game seeded ``seed``: round r's trump pair and card order, the r-th
    draw of ``random.Random(seed)`` (a trump pair, then a shuffle), drawn as far as asked."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)
        self.drawn: list[tuple[Trumps, tuple[Card, ...]]] = []

    def round(self, number: int) -> tuple[Trumps, tuple[Card, ...]]:
        while len(self.drawn) < number:
            trumps = self.rng.choice(ALL_TRUMPS)
            cards = list(DECK)
            self.rng.shuffle(cards)
            self.drawn.append((trumps, tuple(cards)))
        return self.drawn[number - 1]


@lru_cache(maxsize=64)
def _deals(seed: int | str) -> _Deals:
    return _Deals(seed)


def dealt(seed: int | str, number: int) -> tuple[Trumps, tuple[Card, ...]]:
    """Round ``number``'s trumps and card order (laid out row by row) in the game seeded ``seed``."""
    return _deals(seed).round(number)


@dataclass(frozen=True)
class Action:
    """A move: its ``kind`` (the phase it belongs to), what it names (a ``Chip``, a
    ``Card``, a clue's place from 1, ``Trumps`` or the shown chips by engine seat) and
    its notation."""

    kind: str
    value: Any
    notation: str

    def __str__(self) -> str:
        return self.notation


def _show_notation(shown_chips: Sequence[tuple[int, Chip]]) -> str:
    return "show " + ",".join(f"{seat + 1}:{chip.id}" for seat, chip in shown_chips)


def fitting_trumps(clues: Sequence[Observation]) -> tuple[Trumps, ...]:
    """The trump pairs under which every clue names the card that wins its column."""
    return tuple(t for t in ALL_TRUMPS if all(trick_winner(clue.cards, t) == clue.winner for clue in clues))


@dataclass(frozen=True)
class WasStichtState(GameState):
    """A game of Was sticht? in progress, at a moment of its round ``round``; seats from 0
    inside (``dealer``, the tricks' seats), from 1 in every document, notation and message.
    ``trumps`` None: hidden; a ``chosen`` entry None: not chosen (always for the dealer),
    ``HIDDEN``: hidden; ``seed`` None: hidden (the later deals unknown)."""

    game: ClassVar[str] = GAME

    dealer: int
    pool: tuple[Chip, ...]
    chips: tuple[tuple[Chip, ...], ...]
    trumps: Trumps | None
    trumps_shown: bool
    columns: tuple[tuple[Card, ...], ...]
    taken: tuple[Card, ...]
    clues: tuple[Observation, ...]
    hands: tuple[tuple[Card, ...], ...]
    chosen: tuple[Chip | str | None, ...]
    chips_shown: bool
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    dealer_discard: Chip | None
    round: int
    limit: int
    seed: int | str | None
    laid: tuple[Card, ...]
    before: tuple[tuple[Chip, ...], ...]
    moves: tuple[str, ...] = ()

    def _with(self, **changes: Any) -> WasStichtState:
        """This position with the fields ``changes`` names changed (``dataclasses.replace``
        without its checks, which a game of thousands of moves would pay for at every move)."""
        made = object.__new__(WasStichtState)
        values = made.__dict__
        mine = self.__dict__
        for name in FIELDS:
            values[name] = mine[name]
        values.update(changes)
        return made

    # -- the protocol ---------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def history(self) -> tuple[str, ...]:
        return self.moves

    @cached_property
    def phase(self) -> str:
        """The phase the round is in (``PHASES``)."""
        if self.pool:
            return "prepare"
        if self.columns or self.taken:
            return "clue" if len(self.taken) == ROWS else "pick"
        if not self.trumps_shown:
            return "reveal" if any(self.hands) else "lay"
        if any(self.chosen[seat] is None for seat in self.choosers):
            return "choose"
        if not self.chips_shown:
            return "show"
        if self.trick or any(self.hands):
            return "play"
        if self.settlement_beat and self.dealer_discard is None:
            return "discard"
        return "over" if self.out or self.round == self.limit else "draw"

    @property
    def choosers(self) -> tuple[int, ...]:
        """The non-dealers (engine seats) in the order they choose: from the dealer's left."""
        return tuple((self.dealer + k) % self.players for k in range(1, self.players))

    @property
    def leader(self) -> int:
        """The engine seat that leads the current trick."""
        return self.tricks[-1].winner if self.tricks else (self.dealer + 1) % self.players

    @cached_property
    def seat_to_move(self) -> int | None:
        """The engine seat deciding (-1: the table; None: over)."""
        phase = self.phase
        players = self.players
        if phase == "prepare":
            return (self.dealer + sum(map(len, self.chips))) % players
        if phase == "pick":
            return pick_order(self.dealer, len(self.clues), players)[len(self.taken)]
        if phase in ("lay", "clue", "reveal", "show", "draw"):
            return -1
        if phase == "choose":
            return next(seat for seat in self.choosers if self.chosen[seat] is None)
        if phase == "play":
            return (self.leader + len(self.trick)) % players
        if phase == "discard":
            return self.dealer
        return None

    @property
    def to_move(self) -> int | None:
        seat = self.seat_to_move
        return None if seat is None else TABLE if seat < 0 else seat + 1

    def position(self) -> Position:
        """The trick play's position (``play.Position``); the trumps must be known."""
        return Position(self.hands, cast(Trumps, self.trumps), self.leader, self.trick, self.tricks)

    @cached_property
    def fitting(self) -> tuple[Trumps, ...]:
        """The trump pairs the table may hold: the known one, else every pair that fits the clues."""
        return (self.trumps,) if self.trumps is not None else fitting_trumps(self.clues)

    @cached_property
    def legal(self) -> tuple[Action, ...]:
        """The legal moves (``legal_moves``), computed once per position."""
        phase = self.phase
        if phase == "prepare":
            return tuple(Action(phase, chip, f"take {chip.id}") for chip in self.pool)
        if phase == "lay":
            order, count = self.order(), len(self.laid)
            if self.seed is not None and order[:count] == self.laid:
                return (Action(phase, order[count], f"lay {order[count]}"),)
            laid = set(self.laid)
            unlaid = [card for card in order if card not in laid]
            return tuple(Action(phase, card, f"lay {card}") for card in unlaid[: 1 if self.seed is not None else None])
        if phase == "pick":
            return tuple(Action(phase, card, card.name) for card in self.columns[0])
        if phase == "clue":
            places = sorted({trick_winner(self.taken, trumps) + 1 for trumps in self.fitting})
            return tuple(Action(phase, place, f"clue {place}") for place in places)
        if phase == "reveal":
            return tuple(Action(phase, trumps, f"trumps {trumps.name}") for trumps in self.fitting)
        if phase == "choose":
            seat = cast(int, self.seat_to_move)
            return tuple(Action(phase, chip, f"choose {chip.id}") for chip in self.chips[seat])
        if phase == "show":
            options = [
                [(seat, chip) for chip in self.chips[seat]]
                if self.chosen[seat] == HIDDEN
                else [(seat, cast(Chip, self.chosen[seat]))]
                for seat in self.choosers
            ]
            combos = itertools.product(*options)
            return tuple(Action(phase, combo, _show_notation(combo)) for combo in combos)
        if phase == "play":
            return tuple(Action(phase, card, card.name) for card in self.position().legal())
        if phase == "discard":
            return tuple(Action(phase, chip, f"discard {chip.id}") for chip in self.chips[self.dealer])
        if phase == "draw":
            drawn = ALL_TRUMPS if self.seed is None else (dealt(self.seed, self.round + 1)[0],)
            return tuple(Action(phase, trumps, f"draw {trumps.name}") for trumps in drawn)
        return ()

    def order(self) -> tuple[Card, ...]:
        """The order the round's cards are laid out in: the seed's (``dealt``), else the deck's."""
        return DECK if self.seed is None else dealt(self.seed, self.round)[1]

    def legal_moves(self) -> Sequence[Move]:
        return self.legal

    def played(self, move: Move) -> WasStichtState:
        action = cast(Action, move)
        history = (*self.moves, action.notation)
        kind, value = action.kind, action.value
        if kind == "prepare":
            seat = cast(int, self.seat_to_move)
            chips = tuple((*own, value) if s == seat else own for s, own in enumerate(self.chips))
            pool = tuple(chip for chip in self.pool if chip != value)
            if all(len(own) == CHIPS_EACH for own in chips):
                pool = ()  # the rest go back in the box
            return self._with(pool=pool, chips=chips, moves=history)
        if kind == "pick":
            seat = cast(int, self.seat_to_move)
            left = tuple(card for card in self.columns[0] if card != value)
            taken = (*self.taken, value)
            if len(taken) == self.players == ROWS - 1:
                taken, left = (*taken, *left), ()  # the Table takes the card left
            hands = tuple((*hand, value) if s == seat else hand for s, hand in enumerate(self.hands))
            return self._with(columns=(left, *self.columns[1:]), taken=taken, hands=hands, moves=history)
        if kind == "clue":
            clue = Observation(self.taken, value - 1)
            return self._with(columns=self.columns[1:], taken=(), clues=(*self.clues, clue), moves=history)
        if kind == "reveal":
            return self._with(trumps=value, trumps_shown=True, moves=history)
        if kind == "choose":
            seat = cast(int, self.seat_to_move)
            picked = tuple(value if s == seat else c for s, c in enumerate(self.chosen))
            return self._with(chosen=picked, moves=history)
        if kind == "show":
            turned = list(self.chosen)
            for seat, chip in value:
                turned[seat] = chip
            return self._with(chosen=tuple(turned), chips_shown=True, moves=history)
        if kind == "play":
            after = self.position().play(value)
            return self._with(hands=after.hands, trick=after.current, tricks=after.tricks, moves=history)
        if kind == "discard":
            return self._with(dealer_discard=value, moves=history)
        if kind == "lay":
            laid = (*self.laid, value)
            if len(laid) < len(DECK):
                return self._with(laid=laid, moves=history)
            return self._with(laid=(), columns=columns_of(laid), moves=history)
        return self.next_round(value, history)

    def next_round(self, trumps: Trumps, history: tuple[str, ...]) -> WasStichtState:
        """The next round, its ``trumps`` drawn: the dealer one seat left, the chips
        discarded at the settlement laid aside, nothing laid out, drafted or played."""
        return self._with(
            **_untouched_round(self.players),
            dealer=(self.dealer + 1) % self.players,
            chips=self.left(),
            trumps=trumps,
            columns=(),
            round=self.round + 1,
            before=self.all_discarded(),
            moves=history,
        )

    def refusal(self, notation: str) -> str:
        phase = self.phase
        seat = self.seat_to_move
        who = f"seat {seat + 1}" if seat is not None and seat >= 0 else "the table"
        listed = ", ".join(str(move) for move in self.legal[:12]) + (", ..." if len(self.legal) > 12 else "")
        word = notation.split()[-1] if notation.split() else ""
        written = next((str(move) for move in self.legal if str(move).lower() == notation.lower()), None)
        if written is not None:
            return f"a move is written as it is listed: {written!r}"
        if phase == "prepare":
            if word.lower() in {chip.id for chip in CHIPS} and notation.startswith("take "):
                return f"chip {word} is no longer on the table: {who} takes one of the chips left"
            return f"in the preparation {who} takes a task chip from the table, as 'take no-red'"
        if phase == "pick":
            column = len(self.clues) + 1
            card = _CARDS.get(notation.upper())
            if card is not None:
                for k, lying in enumerate(self.columns[1:], column + 1):
                    if card in lying:
                        return f"{card} lies in column {k}: {who} picks from column {column} ({listed})"
                return f"{card} was taken already: {who} picks from column {column} ({listed})"
            return f"in the draft {who} picks a card of column {column}: one of {listed}"
        if phase == "clue":
            return f"the dealer's clue names the place of the card that wins column {len(self.clues) + 1}: {listed}"
        if phase == "reveal":
            return f"the dealer turns up the trumps the draft was played under: {listed}"
        if phase == "choose":
            if notation.startswith("choose ") and word.lower() in {chip.id for chip in CHIPS}:
                return f"{who} chooses one of his own chips, not {word}: {listed}"
            return f"{who} chooses one of his task chips in secret, as {listed.split(', ')[0]!r}"
        if phase == "show":
            return f"the chosen chips are turned up: {listed}"
        if phase == "play":
            card = _CARDS.get(notation.upper())
            if card is None:
                return f"{who} plays a card, one of {listed}"
            if card not in self.hands[cast(int, seat)]:
                return f"{who} does not hold {card}: the legal cards are {listed}"
            return f"{who} must follow the suit led ({self.trick[0]}; trumps form one suit): play one of {listed}"
        if phase == "discard":
            return f"the dealer met a task its chooser failed and discards one of his own chips: {listed}"
        if phase == "lay":
            return f"the table lays out the next card of the shuffled deck: {listed}"
        if phase == "draw":
            return f"round {self.round} is settled: the next dealer draws the trumps, {listed}"
        return "the game is over"

    @cached_property
    def settlement(self) -> Settlement | None:
        """Who met his chosen chip, and whose chosen task the dealer met while its chooser
        failed (``game.settle``), once the tricks are played and the chips known; None before."""
        if len(self.tricks) < TRICKS or any(c is None or c == HIDDEN for c in self.chosen_by_seat.values()):
            return None
        return settle(self.dealer, self.chosen_chips(), self.tricks, self.players)

    @property
    def settlement_beat(self) -> tuple[int, ...]:
        """The chosen tasks (by chooser) the dealer met while their chooser failed, once
        the tricks are played; empty before."""
        return () if self.settlement is None else self.settlement.dealer_beat

    @property
    def chosen_by_seat(self) -> dict[int, Chip | str | None]:
        return {seat: self.chosen[seat] for seat in self.choosers}

    def chosen_chips(self) -> dict[int, Chip]:
        """The chosen chips by engine seat (those known)."""
        return {seat: chip for seat, chip in self.chosen_by_seat.items() if isinstance(chip, Chip)}

    @cached_property
    def _discards(self) -> tuple[tuple[Chip, ...], ...]:
        """``discarded()``, computed once per position."""
        settlement = self.settlement
        if settlement is None or not self.chips_shown:
            return tuple(() for _ in range(self.players))
        chosen = self.chosen_chips()
        return tuple(
            (chosen[seat],)
            if seat in settlement.met
            else (self.dealer_discard,)
            if seat == self.dealer and self.dealer_discard is not None
            else ()
            for seat in range(self.players)
        )

    def discarded(self) -> tuple[tuple[Chip, ...], ...]:
        """Each seat's chips discarded in this round's settlement (none before the last trick)."""
        return self._discards

    def left(self) -> tuple[tuple[Chip, ...], ...]:
        """Each seat's chips not discarded: those it holds less those of this round's settlement."""
        return tuple(
            tuple(chip for chip in own if chip not in gone)
            for own, gone in zip(self.chips, self._discards, strict=True)
        )

    def all_discarded(self) -> tuple[tuple[Chip, ...], ...]:
        """Each seat's chips discarded in the game so far: in earlier rounds, then in this one."""
        return tuple((*before, *now) for before, now in zip(self.before, self._discards, strict=True))

    @property
    def out(self) -> tuple[int, ...]:
        """The seats (from 0) that have discarded their last chip, once the round is settled."""
        if self.settlement is None or (self.settlement_beat and self.dealer_discard is None):
            return ()
        return tuple(seat for seat, own in enumerate(self.left()) if not own)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats (from 0) that won the game (``game.winners``: of those who went out, the
        highest discarded value; several on a tie); none before the end or at the round limit."""
        return game_winners(self.all_discarded(), self.out) if self.is_over else ()

    @property
    def limit_hit(self) -> bool:
        """The game ended at its round limit with nobody out: no winner."""
        return self.is_over and not self.out

    def standings(self) -> tuple[Standing, ...]:
        """Every seat placed (``game.standings``): the winners first, then by the value discarded."""
        return game_standings(self.all_discarded(), self.left(), self.winners)

    def scores(self) -> dict[int, float]:
        """The total corner value of the chips each seat has discarded in the game so far."""
        return {seat + 1: float(sum(chip.value for chip in own)) for seat, own in enumerate(self.all_discarded())}

    def to_json(self) -> dict[str, Any]:
        trumps = self.trumps
        return {
            "game": GAME,
            "to_move": self.to_move,
            "history": list(self.moves),
            "dealer": self.dealer + 1,
            "pool": [chip.id for chip in self.pool],
            "chips": [[chip.id for chip in own] for own in self.chips],
            "trump": {"suit": HIDDEN, "number": HIDDEN}
            if trumps is None
            else {"suit": trumps.suit, "number": trumps.number},
            "trump_shown": self.trumps_shown,
            "columns": [[card.name for card in column] for column in self.columns],
            "taken": [card.name for card in self.taken],
            "clues": clues_to_json(self.clues)["observations"],
            "hands": [[card.name for card in hand] for hand in self.hands],
            "chosen": [chip.id if isinstance(chip, Chip) else chip for chip in self.chosen],
            "chips_shown": self.chips_shown,
            "trick": [card.name for card in self.trick],
            "tricks": [
                {"cards": [card.name for card in trick.cards], "leader": trick.leader + 1, "winner": trick.winner + 1}
                for trick in self.tricks
            ],
            "discarded": [[chip.id for chip in own] for own in self._discards],
            "round": self.round,
            "round_limit": self.limit,
            "seed": HIDDEN if self.seed is None else self.seed,
            "laid": [card.name for card in self.laid],
            "discarded_before": [[chip.id for chip in own] for own in self.before],
        }

    def text(self) -> str:
        trumps = "hidden" if self.trumps is None else self.trumps.name
        lines = [
            f"Was sticht?, {self.players} seats, round {self.round} of at most {self.limit}, dealer seat "
            f"{self.dealer + 1}, {self.phase} phase; trumps {trumps}{'' if self.trumps_shown else ' (not shown)'}"
        ]
        if self.pool:
            lines.append(f"chips on the table: {', '.join(chip.id for chip in self.pool)}")
        if self.laid:
            lines.append(f"laid out: {','.join(card.name for card in self.laid)}")
        if self.columns:
            lines.append(
                f"column {len(self.clues) + 1} taken: {','.join(c.name for c in self.taken) or '-'}; lying: "
                + " | ".join(",".join(card.name for card in column) for column in self.columns)
            )
        for seat in range(self.players):
            chip = self.chosen[seat]
            chosen = "" if chip is None else f" chose {chip.id if isinstance(chip, Chip) else chip}"
            won = sum(trick.winner == seat for trick in self.tricks)
            gone = ",".join(c.id for c in self.all_discarded()[seat]) or "-"
            lines.append(
                f"seat {seat + 1}: {','.join(c.name for c in self.hands[seat]) or '-'}; chips "
                f"{','.join(c.id for c in self.chips[seat]) or '-'};{chosen} {won} trick{'s' * (won != 1)}; "
                f"discarded {gone}"
            )
        if self.trick:
            lines.append(f"trick: {','.join(card.name for card in self.trick)}")
        if self.is_over:
            named = ", ".join(f"seat {seat + 1}" for seat in self.winners)
            lines.append(f"game over: {'winner ' + named if named else 'round limit reached, no winner'}")
        return "\n".join(lines)

    def observation(self, seat: int) -> WasStichtState:
        own = self.seat(seat) - 1
        shown_trumps = self.trumps_shown or own == self.dealer
        trumps = self.trumps if shown_trumps else None
        if self.chips_shown and shown_trumps:
            return self._with(trumps=trumps, seed=None)
        hidden = set() if self.chips_shown else {chip.id for s, chip in self.chosen_chips().items() if s != own}
        chosen = tuple(
            HIDDEN if s != own and c is not None and not self.chips_shown else c for s, c in enumerate(self.chosen)
        )
        if shown_trumps and not hidden:
            return self._with(trumps=trumps, chosen=chosen, seed=None)
        history = list(self.moves)
        for k in range(len(history) - 1, -1, -1):  # this round's moves, back to its draw
            move = history[k]
            if move.startswith("draw "):
                if not shown_trumps:
                    history[k] = f"draw {HIDDEN}"
                break
            if move.startswith("choose ") and move[7:] in hidden:
                history[k] = HIDDEN
        return self._with(trumps=trumps, chosen=chosen, moves=tuple(history), seed=None)

    def fill_hidden(self, seed: int) -> WasStichtState:
        hidden = [seat for seat in self.choosers if self.chosen[seat] == HIDDEN]
        if self.trumps is not None and not hidden and self.seed is not None:
            return self
        rng = random.Random(seed)
        trumps = self.trumps if self.trumps is not None else rng.choice(self.fitting)
        deals = self.seed if self.seed is not None else rng.randrange(1 << 32)
        chosen = list(self.chosen)
        for seat in hidden:
            chosen[seat] = rng.choice(self.chips[seat])
        drawn = [k for k, move in enumerate(self.moves) if move == f"draw {HIDDEN}"]
        history = list(self.moves)
        if drawn:
            history[drawn[-1]] = f"draw {trumps.name}"
        # the hidden choices in the history are the last ones of the hidden seats, in order
        marks = [k for k, move in enumerate(self.moves) if move == HIDDEN]
        for k, seat in zip(marks, hidden[len(hidden) - len(marks) :] if len(marks) <= len(hidden) else hidden):
            history[k] = f"choose {cast(Chip, chosen[seat]).id}"
        return self._with(trumps=trumps, chosen=tuple(chosen), moves=tuple(history), seed=deals)


def settled_rounds(begin: WasStichtState, history: Sequence[str]) -> tuple[WasStichtState, ...]:
    """Each round of the game from ``begin`` through the moves ``history`` as it stood once
    settled (before the next round's trumps are drawn, or at the game's end)."""
    state, found = begin, []
    for notation in history:
        if state.phase == "draw":
            found.append(state)
        state = state.apply(notation)
    if state.phase in ("draw", "over"):
        found.append(state)
    return tuple(found)


FIELDS = tuple(field.name for field in fields(WasStichtState))
"""The state's fields (what ``_with`` copies; its cached properties are not copied)."""


# -- start and load -------------------------------------------------------------------


def start(
    *, seed: int | str, players: int | None = None, dealer: int | None = None, rounds: int = DEFAULT_ROUNDS
) -> WasStichtState:
    """A seeded game before the preparation: the first round's trumps drawn from the 50
    pairs and its shuffled cards laid out (``dealt``), every chip on the table; ``dealer``
    the first dealer, a seat from 1 (default the last seat, so that seat 1 leads);
    ``rounds`` the round limit, after which the game ends with no winner (1: a single round)."""
    count = DEFAULT_PLAYERS if players is None else players
    if not is_whole(count) or count not in PLAYERS:
        raise BadInput(f"Was sticht? is for 3 or 4 players, not {shown(count)}", str(count))
    seat = count if dealer is None else dealer
    if not is_whole(seat) or not 1 <= seat <= count:
        raise BadInput(f"dealer {shown(seat)} is not a seat 1..{count}", str(seat))
    _check_limit(rounds, "rounds")
    trumps, cards = dealt(seed, 1)
    return WasStichtState(
        **_untouched_round(count),
        dealer=seat - 1,
        pool=CHIPS,
        chips=tuple(() for _ in range(count)),
        trumps=trumps,
        columns=columns_of(cards),
        round=1,
        limit=rounds,
        seed=seed,
        before=tuple(() for _ in range(count)),
    )


def _untouched_round(players: int) -> dict[str, Any]:
    """What a round holds before anyone has touched it, for ``players`` seats: its trumps
    hidden, no card laid out one by one, taken, clued, in hand or played, no chip chosen
    or shown, no discard."""
    return {
        "trumps_shown": False,
        "taken": (),
        "clues": (),
        "hands": tuple(() for _ in range(players)),
        "chosen": tuple(None for _ in range(players)),
        "chips_shown": False,
        "trick": (),
        "tricks": (),
        "dealer_discard": None,
        "laid": (),
    }


def _check_limit(rounds: object, field: str) -> None:
    """A round limit is a whole number 1..``MAX_ROUNDS``; else bad input naming ``field``."""
    if not is_whole(rounds) or not 1 <= rounds <= MAX_ROUNDS:
        raise BadInput(f"{field} {shown(rounds)}: a round limit is a whole number 1..{MAX_ROUNDS}", field)


def _bad(field: str, words: str) -> BadInput:
    return BadInput(f"{GAME} position: field {field!r}: {words}", field)


def _field(doc: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    return document_field(doc, name, kind, GAME)


def _cards(value: object, field: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _bad(field, f"{shown(value)} is not a list of cards like 'R5'")
    cards = []
    for name in value:
        if not isinstance(name, str):
            raise _bad(field, f"{shown(name)} is not a card like 'R5'")
        try:
            cards.append(parse_card(name))
        except BadInput as error:
            raise _bad(field, str(error)) from None
    return tuple(cards)


def _lists(doc: Mapping[str, Any], name: str, players: int | None) -> list[Any]:
    value: list[Any] = _field(doc, name, list)
    if players is not None and len(value) != players:
        raise _bad(name, f"{len(value)} entries, one per seat of {players}")
    return value


def _chip(value: object, field: str) -> Chip:
    if not isinstance(value, str):
        raise _bad(field, f"{shown(value)} is not a chip id like 'exactly-2'")
    try:
        return parse_chip(value)
    except BadInput as error:
        raise _bad(field, str(error)) from None


def _chip_lists(doc: Mapping[str, Any], name: str, players: int) -> tuple[tuple[Chip, ...], ...]:
    entries = _lists(doc, name, players)
    if not all(isinstance(entry, list) for entry in entries):
        raise _bad(name, "each seat's entry is a list of chip ids")
    return tuple(tuple(_chip(chip, name) for chip in entry) for entry in entries)


def _trumps(value: object) -> Trumps | None:
    if value == HIDDEN:
        return None
    if not isinstance(value, dict) or set(value) != {"suit", "number"}:
        raise _bad("trump", f'{shown(value)} is not {{"suit": "R" or null or "?", "number": 5 or null or "?"}}')
    suit, number = value["suit"], value["number"]
    if suit == HIDDEN and number == HIDDEN:
        return None
    try:
        return Trumps(suit.upper() if isinstance(suit, str) else suit, number)
    except BadInput as error:
        raise _bad("trump", str(error)) from None


def _tricks(value: list[Any], players: int) -> tuple[Trick, ...]:
    tricks = []
    for k, entry in enumerate(value, 1):
        if not isinstance(entry, dict) or set(entry) != {"cards", "leader", "winner"}:
            raise _bad("tricks", f'trick {k} is not {{"cards": [...], "leader": 1, "winner": 2}}')
        cards = _cards(entry["cards"], "tricks")
        seats = (entry["leader"], entry["winner"])
        if len(cards) != players or not all(is_whole(s) and 1 <= s <= players for s in seats):
            raise _bad("tricks", f"trick {k} needs {players} cards and a leader and winner from 1 to {players}")
        tricks.append(Trick(cards, seats[0] - 1, seats[1] - 1))
    return tuple(tricks)


def load(doc: object) -> WasStichtState:
    """A position from its document (as ``to_json`` writes it, or as a person writes the
    round on the table: the trumps or others' chosen chips ``"?"``, the history empty);
    a malformed or inconsistent document is bad input naming the field."""
    checked = position_document(doc, GAME)
    hands_entries = _field(checked, "hands", list)
    if len(hands_entries) not in PLAYERS:
        raise _bad("hands", f"{len(hands_entries)} hands: a round has 3 or 4")
    players = len(hands_entries)
    hands = tuple(_cards(hand, "hands") for hand in hands_entries)
    dealer = _field(checked, "dealer", int)
    if not 1 <= dealer <= players:
        raise _bad("dealer", f"{dealer} is not a seat 1..{players}")
    pool = tuple(_chip(chip, "pool") for chip in _field(checked, "pool", list))
    chips = _chip_lists(checked, "chips", players)
    limit = _field(checked, "round_limit", int) if "round_limit" in checked else DEFAULT_ROUNDS
    _check_limit(limit, "round_limit")
    number = _field(checked, "round", int) if "round" in checked else 1
    if not 1 <= number <= limit:
        raise _bad("round", f"{number} is not a round 1..{limit} (the round limit)")
    before = (
        _chip_lists(checked, "discarded_before", players)
        if "discarded_before" in checked
        else tuple(() for _ in range(players))
    )
    chosen_entries = _lists(checked, "chosen", players)
    chosen = tuple(entry if entry is None or entry == HIDDEN else _chip(entry, "chosen") for entry in chosen_entries)
    state = WasStichtState(
        dealer=dealer - 1,
        pool=pool,
        chips=chips,
        trumps=_trumps(_field(checked, "trump", (dict, str))),
        trumps_shown=_field(checked, "trump_shown", bool),
        columns=tuple(_cards(column, "columns") for column in _field(checked, "columns", list)),
        taken=_cards(_field(checked, "taken", list), "taken"),
        clues=_clues(_field(checked, "clues", list)),
        hands=hands,
        chosen=chosen,
        chips_shown=_field(checked, "chips_shown", bool),
        trick=_cards(_field(checked, "trick", list), "trick"),
        tricks=_tricks(_field(checked, "tricks", list), players),
        dealer_discard=None,
        round=number,
        limit=limit,
        seed=_seed(checked.get("seed", HIDDEN)),
        laid=_cards(_field(checked, "laid", list), "laid") if "laid" in checked else (),
        before=before,
        moves=tuple(checked.get("history", [])),
    )
    discarded = _chip_lists(checked, "discarded", players)
    _check_chips(state)
    _check_cards(state)
    _check_phases(state)
    state = _with_discard(state, discarded)
    to_move = _field(checked, "to_move", (int, type(None)))
    if to_move != state.to_move:
        raise _bad("to_move", f"{shown(to_move)}, but in this position {_mover(state)} to move")
    return state


def _seed(value: object) -> int | str | None:
    """The document's seed: a whole number, a text, or ``"?"`` (hidden: None)."""
    if value == HIDDEN:
        return None
    if is_whole(value) and abs(value) < 1 << 63:
        return value
    if isinstance(value, str) and len(value) <= MAX_SEED_CHARACTERS:
        return value
    raise _bad("seed", f"{shown(value)} is not a whole number, a short text or '?' (hidden)")


def _mover(state: WasStichtState) -> str:
    seat = state.to_move
    return "nobody is" if seat is None else "the table is" if seat == TABLE else f"seat {seat} is"


def _clues(value: list[Any]) -> tuple[Observation, ...]:
    try:
        return clues_from_json({"observations": value}, "clues")
    except BadInput as error:
        raise _bad("clues", str(error)) from None


def _check_chips(state: WasStichtState) -> None:
    """Chips: none twice; in the preparation each seat holds the chips its turns gave it,
    after it 1 to ``CHIPS_EACH``; chosen chips are the chooser's own, the dealer's none."""
    every = [*state.pool, *(chip for own in state.chips for chip in own), *(c for own in state.before for c in own)]
    for chip in every:
        if every.count(chip) > 1:
            raise _bad("chips", f"chip {chip.id} is in two places: there is one of each")
    players = state.players
    for seat, own in enumerate(state.before):
        if len(own) > state.round - 1 or len(own) + len(state.chips[seat]) > CHIPS_EACH:
            raise _bad(
                "discarded_before",
                f"seat {seat + 1} discarded {len(own)} chips before round {state.round}: at most one a round, "
                f"and {CHIPS_EACH} with those held",
            )
    if state.pool and state.round > 1:
        raise _bad("pool", "the chips lie on the table in the preparation, before the first round")
    if state.pool:
        turns = sum(map(len, state.chips))
        due = [sum((state.dealer + t) % players == seat for t in range(turns)) for seat in range(players)]
        if [len(own) for own in state.chips] != due:
            raise _bad("chips", "in the preparation the dealer takes a chip first, then the others clockwise")
        if len(state.pool) < CHIPS_EACH * players - turns:
            raise _bad("pool", f"too few chips left for {players} seats of {CHIPS_EACH}")
    elif not all(1 <= len(own) <= CHIPS_EACH for own in state.chips):
        raise _bad("chips", f"after the preparation each seat holds 1 to {CHIPS_EACH} chips")
    for seat, entry in enumerate(state.chosen):
        if seat == state.dealer and entry is not None:
            raise _bad("chosen", f"the dealer, seat {seat + 1}, chooses no chip: write null")
        if isinstance(entry, Chip) and entry not in state.chips[seat]:
            raise _bad("chosen", f"seat {seat + 1} chose {entry.id}, which is not one of his chips")


def _check_cards(state: WasStichtState) -> None:
    """Every card of the deck is in one place: lying, in a hand, the Table's (3 players),
    in the trick or in a played trick. With 3 players after the draft, the Table's cards
    need not be written (the clues may be left out): they are out of the round."""
    players = state.players
    table = [clue.cards[ROWS - 1] for clue in state.clues] if players < ROWS else []
    if players < ROWS and len(state.taken) == ROWS:
        table.append(state.taken[-1])
    places = [
        *state.laid,
        *(card for column in state.columns for card in column),
        *(card for hand in state.hands for card in hand),
        *table,
        *state.trick,
        *(card for trick in state.tricks for card in trick.cards),
    ]
    seen: set[Card] = set()
    for card in places:
        if card in seen:
            raise _bad("hands", f"card {card} is in two places: the deck has one of each")
        seen.add(card)
    if len(seen) != len(DECK) and not _laying(state) and (players == ROWS or state.columns or state.taken):
        missing = ",".join(card.name for card in DECK if card not in seen)
        raise _bad("columns", f"cards {missing} are nowhere: every card lies, is held, set aside or played")


def _laying(state: WasStichtState) -> bool:
    """Whether the cards are being laid out: no chip on the table, no card lying or held,
    the trumps not yet shown."""
    return not (state.pool or state.columns or state.taken or state.trumps_shown or any(state.hands))


def _check_phases(state: WasStichtState) -> None:
    """The fields fit one moment of the game: the layout, the draft's columns and hands,
    the trumps, the clues, the choices and the tricks."""
    players, clues, taken = state.players, len(state.clues), state.taken
    drafting = bool(state.columns or taken)
    laying = _laying(state)
    if state.laid and (not laying or len(state.laid) == len(DECK)):
        raise _bad("laid", f"the cards are laid out one by one before the draft, at most {len(DECK) - 1} before it")
    if state.pool and (clues or taken or any(state.hands) or not drafting):
        raise _bad("pool", "the preparation ends before the draft: no card is taken while chips lie on the table")
    if drafting:
        sizes = [len(column) for column in state.columns]
        if (
            not sizes
            or len(sizes) != COLUMNS - clues
            or sizes[0] + len(taken) != ROWS
            or any(s != ROWS for s in sizes[1:])
        ):
            raise _bad("columns", f"with {clues} clues the {COLUMNS - clues} columns left lie with {ROWS} cards each")
        if players < ROWS and len(taken) == players:
            raise _bad("taken", "with 3 players the Table takes the card left at once")
    order = [pick_order(state.dealer, k, players) for k in range(clues + 1)]
    for k, clue in enumerate(state.clues):
        state_fit = state.trumps is None or trick_winner(clue.cards, state.trumps) == clue.winner
        if not state_fit:
            raise _bad("clues", f"clue {k + 1}: under trumps {state.trumps} place {clue.winner + 1} does not win")
    if not state.fitting:
        raise _bad("clues", "no trump pair fits every clue")
    played = {card: seat for trick in state.tricks for seat, card in _by_seat(trick.cards, trick.leader, players)}
    played.update({card: seat for seat, card in _by_seat(state.trick, state.leader, players)})
    for k, cards in enumerate([*(clue.cards for clue in state.clues), taken]):
        for place, card in enumerate(cards[:players]):
            seat = order[k][place]
            if card not in state.hands[seat] and played.get(card) != seat:
                raise _bad("clues", f"{card} was picked by seat {seat + 1} but is not his")
    if drafting:
        for seat in range(players):
            due = clues + sum(s == seat for s in order[clues][: min(len(taken), players)])
            if len(state.hands[seat]) != due:
                raise _bad("hands", f"seat {seat + 1} holds {len(state.hands[seat])} cards, but has picked {due}")
    if state.trumps_shown and (drafting or state.trumps is None):
        raise _bad("trump_shown", "the trumps are turned up, known, once the draft is over")
    if any(c is not None for c in state.chosen) and not state.trumps_shown:
        raise _bad("chosen", "chips are chosen once the trumps are shown")
    made = [state.chosen[seat] is not None for seat in state.choosers]
    if made != sorted(made, reverse=True):
        raise _bad("chosen", "the non-dealers choose in turn from the dealer's left")
    if state.chips_shown and (not all(made) or HIDDEN in state.chosen):
        raise _bad("chips_shown", "the chips are turned up once every non-dealer has chosen, each known")
    if (state.trick or state.tricks) and not state.chips_shown:
        raise _bad("tricks", "the trick play starts once the chosen chips are shown")
    _check_tricks(state, drafting or laying or bool(state.pool))


def _by_seat(cards: Sequence[Card], leader: int, players: int) -> list[tuple[int, Card]]:
    return [((leader + k) % players, card) for k, card in enumerate(cards)]


def _check_tricks(state: WasStichtState, drafting: bool) -> None:
    """The tricks follow on from each other (the winner leads next, under the trumps) and,
    once the draft is over, each hand holds the cards it has still to play."""
    players = state.players
    if len(state.trick) >= players:
        raise _bad("trick", f"a trick in progress holds at most {players - 1} cards")
    if len(state.tricks) > TRICKS:
        raise _bad("tricks", f"a round has {TRICKS} tricks")
    leader = (state.dealer + 1) % players
    for k, trick in enumerate(state.tricks, 1):
        if trick.leader != leader:
            raise _bad("tricks", f"trick {k} is led by seat {leader + 1}, who won the trick before")
        winner = (leader + trick_winner(trick.cards, cast(Trumps, state.trumps))) % players
        if trick.winner != winner:
            raise _bad("tricks", f"trick {k} is won by seat {winner + 1} under trumps {state.trumps}")
        leader = winner
    if not drafting:
        for seat, hand in enumerate(state.hands):
            due = TRICKS - len(state.tricks) - any(s == seat for s, _ in _by_seat(state.trick, leader, players))
            if len(hand) != due:
                raise _bad("hands", f"seat {seat + 1} holds {len(hand)} cards, but {due} are left to play")


def _with_discard(state: WasStichtState, discarded: tuple[tuple[Chip, ...], ...]) -> WasStichtState:
    """The dealer's discard read from ``discarded``; every other entry must be the settlement's."""
    dealer = state.dealer
    own = discarded[dealer]
    if own:
        if len(own) > 1 or own[0] not in state.chips[dealer] or not state.settlement_beat:
            raise _bad("discarded", "the dealer discards one of his chips, once he met a task its chooser failed")
        state = replace(state, dealer_discard=own[0])
    if discarded != state.discarded():
        raise _bad("discarded", "a non-dealer discards his chosen chip after the last trick when he met it")
    return state
