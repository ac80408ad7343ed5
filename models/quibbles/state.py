"""Quibbles as a game in progress (``models.state``): every turn kind of every variant,
the table's draws and refills card by card, and what each seat sees.

A turn is split where the rules split it: a SPLIT or COMBINE with its optional stash is
one move, in the turn notation of ``cardsolve quibbles move`` (``split 6 -> 3+3, 1+1+4;
stash 4``, ``combine 1+2 -> 3,3``); a DRAW is ``draw 5``, then the table deals its two
cards, then the seat decides its stash (``stash 4``, ``stash 5 evict 1`` or ``no stash``)
with the new cards in hand. The table's moves are one card each: ``seat 2 draws 4`` (to a
hand: a DRAW's cards, the empty-hand rule's new hands) and ``refill 4`` (to the display).
Solo, where the display's order matters, a turn that takes other
copies than the leftmost of a value names every display card it takes by its place
(``combine 1+2 -> 3@2``, from 0 = leftmost), since the plain notation takes the leftmost.

The rules are the engine's (``engine.State``: the legal turns, the action, the stash
options, the solo penalty); this module adds the steps between: the end of a turn (solo
penalty, a display of 10 laid out anew, the refill, the empty-hand rule), the reshuffle of
the discard pile when the draw pile runs out, and the next turn. A dealt game shuffles as
the engine's game of its seed does (``shuffle_source``: the deal's random source, which
goes on to shuffle the discards back), so the whole position knows a reshuffled pile's
order as it knows the deal's; where that source is hidden (a seat's view, a document
that does not give it) the new order is unknown, ``"?"``, and each card of it is the
table's choice among the cards nobody has seen.

What a seat sees: its own hand, every collection, the display and the solo penalty pile;
not the other hands, the draw pile or the discard pile (the engine's reading: nobody
tracks the discards, which come back shuffled), nor the cards other seats drew (their
entries in the history read ``"?"``). A card hidden in a position is ``"?"``; the table's
outcome for a hidden card is any value of the cards nobody has seen. A seat whose hand
holds hidden cards (in a position read from another seat's view) may make every move some
hand of those cards would allow; the move shows the hidden cards it plays, and a stash the
cards of its value it needs (the hidden cards left are taken to be of other values).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from cardsolve.models.errors import BadInput, is_whole, shown
from cardsolve.models.quibbles.cards import (
    COLLECTION_LIMIT,
    DISPLAY_RESET,
    DISPLAY_SIZE,
    DRAW_CARDS,
    HAND_SIZE,
    VALUES,
    Variant,
    deck_counts,
    from_counts,
    is_winning_collection,
    parse_variant,
    to_counts,
)
from cardsolve.models.quibbles.engine import MAX_PLAYERS, State, new_game, stash_effect
from cardsolve.models.quibbles.moves import (
    Action,
    Combine,
    Draw,
    Split,
    Stash,
    Turn,
    describe_action,
    describe_stash,
    parse_turn,
)
from cardsolve.models.state import HIDDEN, TABLE, GameState, document_field, position_document
from cardsolve.models.state import Move as AnyMove

PLAYERS = range(1, MAX_PLAYERS + 1)
"""Seats a deal may have: one plays the solo variant, 2 to 5 standard or simplified."""
DEFAULT_PLAYERS = 2
"""Seats of a deal that names neither its players nor the solo variant."""
GAME = "quibbles"

Card = int | str
"""A card: its value 1-6, or ``HIDDEN`` where it cannot be seen."""

ACT, DRAWING, STASHING, REFILL, REDEAL = "act", "draw", "stash", "refill", "redeal"
STEPS = (ACT, DRAWING, STASHING, REFILL, REDEAL)
"""The steps of a turn: the seat acts; a DRAW's cards come; the seat stashes after a
DRAW; the display is refilled; the empty-hand rule deals new hands."""
NO_STASH = "no stash"
"""The notation of ending a DRAW's turn without stashing."""
UNSEEN_ENTRY = "(unseen)"
"""A history entry a seat could not see, once ``fill_hidden`` has dealt the hidden cards
(it keeps the history's length; ``observation`` writes it ``HIDDEN`` again)."""
_HAND_CARD = re.compile(r"seat (\d+) draws \d+")
_FILLED_ENTRY = {HIDDEN: UNSEEN_ENTRY}
"""A history entry ``fill_hidden`` writes anew: the one a seat could not see."""
MAX_SHUFFLES = 1000
"""The most shuffles a position document may list (a game of 1,000 turns reshuffles a
few dozen times)."""


@dataclass(frozen=True)
class TurnMove:
    """A seat's turn: a SPLIT or COMBINE with its optional stash, or a DRAW (whose stash
    is decided once its cards are in hand), in the turn notation."""

    turn: Turn
    notation: str

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class StashMove:
    """After a DRAW's cards: stash ``stash`` (None: no stash), which ends the turn."""

    stash: Stash | None

    def __str__(self) -> str:
        return NO_STASH if self.stash is None else describe_stash(self.stash)


@dataclass(frozen=True)
class CardMove:
    """The table's outcome: a card of ``value`` comes to seat ``seat``'s hand (``seat`` 0:
    to the display)."""

    value: int
    seat: int

    def __str__(self) -> str:
        return f"refill {self.value}" if self.seat == 0 else f"seat {self.seat} draws {self.value}"


Move = TurnMove | StashMove | CardMove


def turn_notation(turn: Turn, display: Sequence[int]) -> str:
    """The turn's notation: ``describe_turn``, which names display cards by value (the
    leftmost copies); a turn taking other copies names each card it takes by its place."""
    text = _action_notation(turn.action, display)
    return text if turn.stash is None else f"{text}; {describe_stash(turn.stash)}"


def _action_notation(action: Action, display: Sequence[int]) -> str:
    """The action's part of ``turn_notation``."""
    text = describe_action(action, display)
    if isinstance(action, Draw) or _reads_back(action, display):
        return text
    if isinstance(action, Split):
        taken = ", ".join("+".join(f"{display[i]}@{i}" for i in s) for s in action.sets)
        return f"split {action.card} -> {taken}"
    return f"combine {'+'.join(map(str, action.played))} -> {','.join(f'{display[i]}@{i}' for i in action.taken)}"


def _reads_back(action: Split | Combine, display: Sequence[int]) -> bool:
    """The plain notation of ``action`` (``describe_turn``: display cards by value) reads
    back to it: ``parse_turn`` gives each value named, set by set (a COMBINE's cards in
    order), the leftmost display card of it not yet taken, a SPLIT's sets as sorted
    positions and a COMBINE's played cards ascending."""
    free = [True] * len(display)

    def taken(positions: tuple[int, ...]) -> tuple[int, ...] | None:
        chosen = []
        for i in positions:
            at = next((j for j, v in enumerate(display) if free[j] and v == display[i]), None)
            if at is None:
                return None
            free[at] = False
            chosen.append(at)
        return tuple(chosen)

    if isinstance(action, Split):
        for cards in action.sets:
            chosen = taken(cards)
            if not cards or chosen is None or tuple(sorted(chosen)) != cards:
                return False
        return True
    return bool(action.taken) and tuple(sorted(action.played)) == action.played and taken(action.taken) == action.taken


def _sorted_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Known values ascending, then the hidden cards."""
    known = sorted(c for c in cards if c != HIDDEN)
    return (*known, *(HIDDEN for c in cards if c == HIDDEN))


def _known(cards: Sequence[Card]) -> list[int]:
    return [c for c in cards if isinstance(c, int)]


def shuffle_source(seed: int, shuffles: Sequence[int]) -> random.Random:
    """The random source of the engine's game of ``seed`` (``new_game``) after shuffles
    of ``shuffles`` cards each (the deck's, then each discard pile's): seeded, and a
    shuffle of ``n`` cards draws from it what any list of ``n`` draws, so the shuffles'
    lengths say where it stands."""
    rng = random.Random(0)
    rng.setstate(_source_state(seed, tuple(shuffles)))
    return rng


@lru_cache(maxsize=256)
def _source_state(seed: int, shuffles: tuple[int, ...]) -> tuple[Any, ...]:
    """``shuffle_source``'s state, remembered: a seat's bot reads it at every move."""
    rng = random.Random(seed)
    for length in shuffles:
        rng.shuffle([0] * length)
    return rng.getstate()


@dataclass(frozen=True, eq=False)
class QuibblesState(GameState):
    """A Quibbles position: each seat's hand (known values ascending, then ``"?"``) and
    collection, the display left to right, the draw pile (top card first), the discard
    pile, the solo penalty pile, whose turn it is (``turn_seat``, from 1), the step of the
    turn and the DRAW's cards still to come, the winner, the turns completed, the moves,
    the seed of the random source that shuffled the deck and shuffles the discards back
    (``shuffle_source``; ``"?"`` where unknown) and how many cards each shuffle so far
    held, the deal's first."""

    game: ClassVar[str] = GAME

    variant: Variant
    hands: tuple[tuple[Card, ...], ...]
    collections: tuple[tuple[int, ...], ...]
    display: tuple[int, ...]
    draw_pile: tuple[Card, ...]
    discard: tuple[Card, ...]
    penalty: tuple[int, ...]
    turn_seat: int
    step: str
    draw_count: int
    winner: int | None
    turn_count: int
    moves: tuple[str, ...]
    shuffle_seed: int | str
    shuffles: tuple[int, ...]

    # -- the protocol ------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def history(self) -> tuple[str, ...]:
        return self.moves

    @property
    def to_move(self) -> int | None:
        """None once won or stalled (the seat to act holds no card); the table to draw, to
        refill or to deal; else the seat whose turn it is."""
        if self.winner is not None:
            return None
        if self.step in (DRAWING, REFILL, REDEAL):
            return TABLE
        if self.step == ACT and not self.hands[self.turn_seat - 1]:
            return None
        return self.turn_seat

    @cached_property
    def unseen_pool(self) -> tuple[int, ...]:
        """The cards nobody has seen, by value (index 0 unused): the deck less every known
        card; the hidden cards are these."""
        pool = deck_counts(self.variant)
        for zone in (*self.hands, *self.collections, self.display, self.draw_pile, self.discard, self.penalty):
            for card in zone:
                if isinstance(card, int):
                    pool[card] -= 1
        return tuple(pool)

    def legal_moves(self) -> tuple[Move, ...]:
        return self._legal

    @cached_property
    def _legal(self) -> tuple[Move, ...]:
        seat = self.to_move
        if seat is None:
            return ()
        if seat == TABLE:
            return self._table_moves()
        if self.step == STASHING:
            options = self._engine().stash_options()
            return (StashMove(None), *(StashMove(s) for s in options if self._shows(Turn(Draw(1), s), stash_only=True)))
        moves: dict[str, Move] = {}
        written: dict[Action, str] = {}  # each action's notation, for its every stash
        for turn in self._engine().legal_turns():
            if isinstance(turn.action, Draw) and turn.stash is not None:
                continue  # a DRAW's stash waits for its cards
            if not self._shows(turn):
                continue
            action = written.get(turn.action)
            if action is None:
                action = written[turn.action] = _action_notation(turn.action, self.display)
            notation = action if turn.stash is None else f"{action}; {describe_stash(turn.stash)}"
            moves.setdefault(notation, TurnMove(turn, notation))
        return tuple(moves.values())

    def chances(self) -> tuple[tuple[AnyMove, float], ...]:
        """A value drawn from the unseen cards is as likely as its unseen copies make it."""
        drawn = self._table_moves() if self.to_move == TABLE else ()
        if len(drawn) < 2:  # a known card, or no table move
            return super().chances()
        copies = [self.unseen_pool[move.value] for move in drawn]
        return tuple((move, count / sum(copies)) for move, count in zip(drawn, copies))

    def _table_moves(self) -> tuple[CardMove, ...]:
        """The table's outcomes, to the hand drawing, the display or the hand the empty-hand
        rule deals: the draw pile's top card when it is known, else any value nobody has
        seen."""
        to = {DRAWING: self.turn_seat, REFILL: 0, REDEAL: self._redeal_seat() or 0}[self.step]
        top = self.draw_pile[0]
        if isinstance(top, int):
            return (CardMove(top, to),)
        return tuple(CardMove(v, to) for v in VALUES if self.unseen_pool[v])

    def _redeal_seat(self) -> int | None:
        """The next seat the empty-hand rule deals to: from the seat whose turn it is, the
        first whose new hand is short of 6."""
        for k in range(self.players):
            seat = (self.turn_seat - 1 + k) % self.players + 1
            if len(self.hands[seat - 1]) < HAND_SIZE:
                return seat
        return None

    def refusal(self, notation: str) -> str:
        seat = self.to_move
        if seat == TABLE:
            outcomes = ", ".join(str(m) for m in self._legal)
            return f"the table decides now, not a seat: one of {outcomes}"
        if self.step == STASHING:
            stash = re.fullmatch(r"stash ([0-9]{1,9})(?: evict ([0-9]{1,9}))?", notation.strip().lower())
            if stash is None:
                return f"the DRAW is done: stash (e.g. 'stash 4' or 'stash 5 evict 1') or '{NO_STASH}'"
            engine = self._engine()
            engine.stash_pending = True
            try:
                value, evict = int(stash[1]), None if stash[2] is None else int(stash[2])
                engine.finish(Stash(value, evict))
            except BadInput as error:
                return str(error).removeprefix("illegal stash: ")
            return "not a stash this hand allows"  # pragma: no cover - every legal stash is listed
        try:
            turn = parse_turn(notation, self.display)
        except BadInput as error:
            return str(error)
        if isinstance(turn.action, Draw) and turn.stash is not None:
            return f"a DRAW's stash is decided once its cards are drawn: play 'draw {turn.action.card}' alone"
        reason = self._engine().check(turn)
        if reason:
            return reason
        return "not a turn of this position"  # pragma: no cover - every legal turn is listed

    def played(self, move: Any) -> QuibblesState:
        work = _Work(self)
        if isinstance(move, TurnMove):
            work.act(move.turn)
        elif isinstance(move, StashMove):
            work.stash(move.stash)
        else:
            work.card(move)
        entry = str(move)
        after = work.settled().frozen((*self.moves, entry))
        views = self.__dict__.get("_views")
        if views:  # each seat's view of the history so far, one entry longer
            after.__dict__["_views"] = {seat: (*view, _seen_entry(entry, seat)) for seat, view in views.items()}
        return after

    def scores(self) -> dict[int, float]:
        """Solo: the penalty pile's sum (lower is better); else 1 for the winner, 0 for
        everyone else."""
        if self.variant is Variant.SOLO:
            return {1: float(sum(self.penalty))}
        return {seat: float(seat == self.winner) for seat in range(1, self.players + 1)}

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME,
            "variant": self.variant.value,
            "to_move": self.to_move,
            "turn_seat": self.turn_seat,
            "step": self.step,
            "draw_count": self.draw_count,
            "hands": [list(h) for h in self.hands],
            "collections": [list(c) for c in self.collections],
            "display": list(self.display),
            "draw_pile": list(self.draw_pile),
            "discard": list(self.discard),
            "penalty": list(self.penalty),
            "winner": self.winner,
            "turn_count": self.turn_count,
            "history": list(self.moves),
            "shuffle_seed": self.shuffle_seed,
            "shuffles": list(self.shuffles),
        }

    def text(self) -> str:
        def cards(zone: Sequence[Card]) -> str:
            return ",".join(map(str, zone)) or "-"

        lines = [
            f"Quibbles ({self.variant.value}), turn {self.turn_count + 1}: seat {self.turn_seat}'s turn, step {self.step}",
            f"Display: {cards(self.display)}",
        ]
        for seat, (hand, collection) in enumerate(zip(self.hands, self.collections), 1):
            worth = sum(collection)
            lines.append(f"Seat {seat}: hand {cards(hand)}; collection {cards(collection)} (worth {worth})")
        lines.append(f"Draw pile {len(self.draw_pile)} cards, discard pile {len(self.discard)}")
        if self.variant is Variant.SOLO:
            lines.append(f"Penalty pile: {cards(self.penalty)} (worth {sum(self.penalty)})")
        if self.winner is not None:
            lines.append(f"Seat {self.winner} has won.")
        return "\n".join(lines)

    def observation(self, seat: int) -> QuibblesState:
        """What ``seat`` sees (the module docstring); the seat to move, its hand known,
        has the same legal moves as the whole position, which the view shares."""
        seat = self.seat(seat)
        hands = tuple(h if s == seat else (HIDDEN,) * len(h) for s, h in enumerate(self.hands, 1))
        seen = _copy(
            self,
            hands=hands,
            draw_pile=(HIDDEN,) * len(self.draw_pile),
            discard=(HIDDEN,) * len(self.discard),
            moves=self._seen_history(seat),
            shuffle_seed=HIDDEN,
        )
        if seat == self.to_move and HIDDEN not in self.hands[seat - 1]:
            seen.__dict__["_legal"] = self._legal
        return seen

    def _seen_history(self, seat: int) -> tuple[str, ...]:
        """The history as ``seat`` sees it, remembered and handed on to the position after
        each move (``played``), so that a game's observations cost one entry a move."""
        views: dict[int, tuple[str, ...]] = self.__dict__.setdefault("_views", {})
        if seat not in views:
            views[seat] = tuple(_seen_entry(entry, seat) for entry in self.moves)
        return views[seat]

    def fill_hidden(self, seed: int) -> QuibblesState:
        """The hidden cards dealt by ``seed``, which also seeds the reshuffles to come
        where their source is hidden."""
        pool = from_counts(list(self.unseen_pool))
        if not pool and HIDDEN not in self.moves and self.shuffle_seed != HIDDEN:
            return self
        random.Random(seed).shuffle(pool)
        cards = iter(pool)

        def filled(zone: Sequence[Card]) -> tuple[int, ...]:
            return tuple(next(cards) if c == HIDDEN else int(c) for c in zone)

        hands = tuple(tuple(sorted(filled(h))) for h in self.hands)
        return _copy(
            self,
            hands=hands,
            draw_pile=filled(self.draw_pile),
            discard=tuple(sorted(filled(self.discard))),
            moves=tuple(map(_FILLED_ENTRY.get, self.moves, self.moves)),
            shuffle_seed=seed if self.shuffle_seed == HIDDEN else self.shuffle_seed,
        )

    # -- the engine's view -------------------------------------------------------------

    def _engine(self) -> State:
        """The engine's state for the seat whose turn it is, for its rules (``_rules``); a
        hand with hidden cards as the most of each value they could hold."""
        hand = self.hands[self.turn_seat - 1]
        hidden = hand.count(HIDDEN)
        most = [0] + [min(self.unseen_pool[v], hidden) for v in VALUES] if hidden else None
        return _rules(self.variant, self.hands, self.collections, self.display, self.penalty, self.turn_seat, most)

    def _shuffles(self) -> random.Random | None:
        """The random source of the reshuffles to come; None where it is hidden."""
        if self.shuffle_seed == HIDDEN:
            return None
        return shuffle_source(int(self.shuffle_seed), self.shuffles)

    def _shows(self, turn: Turn, stash_only: bool = False) -> bool:
        """Some hand of the hidden cards of the seat to act allows ``turn`` (always, when
        its hand is known): the hidden cards it plays, then the cards its stash needs."""
        hand = self.hands[self.turn_seat - 1]
        if HIDDEN not in hand:
            return True
        return _revealed(hand, turn, self.display, self.unseen_pool, stash_only) is not None

    def engine_state(self, seed: int = 0) -> State:
        """The whole position as the engine's state (every card known: ``fill_hidden``
        first), its reshuffles by the position's ``shuffle_source`` (by ``seed`` where
        that is hidden); the engine's player 0 is seat 1."""
        if any(self.unseen_pool):
            raise BadInput("the position hides cards: deal them first (fill_hidden)", HIDDEN)
        state = self._engine()
        state.draw_pile = _known(self.draw_pile)[::-1]
        state.discard = to_counts(_known(self.discard))
        state.turns = self.turn_count
        state.winner = None if self.winner is None else self.winner - 1
        source = self._shuffles()
        state.rng = random.Random(seed) if source is None else source
        state.stash_pending = self.step == STASHING
        return state


def _rules(
    variant: Variant,
    hands: Sequence[Sequence[Card]],
    collections: Sequence[Sequence[int]],
    display: Sequence[int],
    penalty: Sequence[int],
    turn_seat: int,
    most: list[int] | None,
) -> State:
    """The engine's state for seat ``turn_seat`` to act, for the engine's rules: its hand
    (``most``, when given, added: counts by value), the collections, the display and the
    penalty pile; no draw or discard pile, so that nothing is drawn through it."""
    counts = [to_counts(_known(h)) for h in hands]
    if most is not None:
        counts[turn_seat - 1] = [0] + [counts[turn_seat - 1][v] + most[v] for v in VALUES]
    return State(
        variant,
        counts,
        [to_counts(c) for c in collections],
        list(display),
        [],
        [0] * 7,
        list(penalty),
        to_act=turn_seat - 1,
    )


def _revealed(
    hand: Sequence[Card], turn: Turn, display: Sequence[int], pool: Sequence[int], stash_only: bool
) -> list[int] | None:
    """The hidden cards of ``hand`` that ``turn`` must show, by value (index 0 unused): the
    cards it plays beyond the known ones, then (for its stash) the cards of the stashed
    value it lacks; None when the hidden cards and the unseen ``pool`` cannot give them."""
    known = to_counts(_known(hand))
    hidden = hand.count(HIDDEN)
    shown = [0] * 7
    if not stash_only:
        action = turn.action
        played = [action.card] if isinstance(action, (Split, Draw)) else list(action.played)
        for v in played:
            if known[v]:
                known[v] -= 1
            else:
                shown[v] += 1
        for i in action.taken:
            known[display[i]] += 1
    if turn.stash is not None:
        v = turn.stash.value
        shown[v] += max(0, v - known[v])
    if sum(shown) > hidden or any(shown[v] > pool[v] for v in VALUES):
        return None
    return shown


def _shown_hand(
    hand: Sequence[Card], turn: Turn, display: Sequence[int], pool: Sequence[int], stash_only: bool = False
) -> tuple[Card, ...]:
    """``hand`` with the hidden cards ``turn`` shows (``_revealed``) written as values."""
    if HIDDEN not in hand:
        return tuple(hand)
    shown = _revealed(hand, turn, display, pool, stash_only) or [0] * 7
    values = from_counts(shown)
    return _sorted_cards([*_known(hand), *values, *[HIDDEN] * (hand.count(HIDDEN) - len(values))])


def _seen_entry(entry: str, seat: int) -> str:
    """The history entry as ``seat`` sees it: ``HIDDEN`` where it shows a card of another
    seat's hand (or was unseen already)."""
    if entry in (HIDDEN, UNSEEN_ENTRY):
        return HIDDEN
    found = _HAND_CARD.fullmatch(entry)
    return HIDDEN if found is not None and int(found[1]) != seat else entry


def _copy(state: QuibblesState, **changes: Any) -> QuibblesState:
    """The state with ``changes`` (a new object: the cached answers are not carried over)."""
    return replace(state, **changes)


class _Work:
    """A position being changed by one move, in lists: the action or the stash or the
    card, then the steps that follow by rule until a seat or the table decides again."""

    def __init__(self, state: QuibblesState) -> None:
        self.state = state
        self.hands = [list(h) for h in state.hands]
        self.collections = [list(c) for c in state.collections]
        self.display = list(state.display)
        self.draw_pile = list(state.draw_pile)
        self.discard = list(state.discard)
        self.penalty = list(state.penalty)
        self.turn_seat, self.step, self.draw_count = state.turn_seat, state.step, state.draw_count
        self.winner, self.turn_count = state.winner, state.turn_count
        self.shuffles = state.shuffles

    @property
    def me(self) -> int:
        return self.turn_seat - 1

    def act(self, turn: Turn) -> None:
        """The seat's SPLIT or COMBINE (with its stash) by the engine, or its DRAW: the card
        laid on the display, the two cards to come from the table."""
        if HIDDEN in self.hands[self.me]:
            self.hands[self.me] = list(_shown_hand(self.hands[self.me], turn, self.display, self.state.unseen_pool))
        engine = self._rules()
        if isinstance(turn.action, Draw):
            engine.play(Turn(turn.action))  # no draw pile: lays the card, draws nothing
            self.step, self.draw_count = DRAWING, DRAW_CARDS
        else:
            engine.play(turn)
        self._take_back(engine)
        if engine.winner is not None:
            self.winner, self.turn_count = self.turn_seat, self.turn_count + 1
        elif not isinstance(turn.action, Draw):
            self.end_turn()

    def _rules(self) -> State:
        return _rules(
            self.state.variant, self.hands, self.collections, self.display, self.penalty, self.turn_seat, None
        )

    def _take_back(self, engine: State) -> None:
        """The seat's hand and collection, the display and the discards after the engine's
        part of the turn (the engine discards into an empty pile)."""
        hidden = [c for c in self.hands[self.me] if c == HIDDEN]
        self.hands[self.me] = [*from_counts(engine.hands[self.me]), *hidden]
        self.collections[self.me] = from_counts(engine.collections[self.me])
        self.display = list(engine.display)
        self.discard += from_counts(engine.discard)

    def stash(self, stash: Stash | None) -> None:
        """After a DRAW: the stash (a winning one ends the game), then the end of the turn."""
        if stash is not None:
            held = self.hands[self.me]
            shown = (
                _shown_hand(held, Turn(Draw(1), stash), (), self.state.unseen_pool, True) if HIDDEN in held else held
            )
            self.hands[self.me] = list(shown)
            hand = to_counts(_known(self.hands[self.me]))
            hand, collection, discarded = stash_effect(hand, to_counts(self.collections[self.me]), stash)
            self.hands[self.me] = [*from_counts(hand), *(c for c in shown if c == HIDDEN)]
            self.collections[self.me] = from_counts(collection)
            self.discard += from_counts(discarded)
            if is_winning_collection(collection, self.state.variant):
                self.winner, self.turn_count = self.turn_seat, self.turn_count + 1
                return
        self.end_turn()

    def end_turn(self) -> None:
        """The solo penalty (the engine's), a display of 10 discarded whole, the refill."""
        if self.state.variant is Variant.SOLO:
            engine = State(self.state.variant, [[0] * 7], [[0] * 7], self.display, [], [0] * 7, self.penalty)
            engine.solo_penalty()
            self.display, self.penalty = list(engine.display), list(engine.penalty)
            self.discard += from_counts(engine.discard)
        if len(self.display) >= DISPLAY_RESET:
            self.discard += self.display
            self.display = []
        self.step = REFILL

    def card(self, move: CardMove) -> None:
        """The table's card: a hidden card of the hand to act shown, or the draw pile's top
        card to its place."""
        self.draw_pile.pop(0)
        if move.seat == 0:
            self.display.append(move.value)
        else:
            self.hands[move.seat - 1].append(move.value)
        if self.step == DRAWING:
            self.draw_count -= 1

    def _card_ready(self) -> bool:
        """A card can come: the draw pile holds one, or the discard pile is shuffled into a
        new draw pile; False when both are empty."""
        if not self.draw_pile and self.discard:
            self._reshuffle()
        return bool(self.draw_pile)

    def _reshuffle(self) -> None:
        """The discard pile becomes the draw pile: shuffled as the engine does (its cards
        ascending, shuffled by the position's source, drawn from the end) where the source
        and every discard are known, else in an unknown order."""
        cards, seed = _sorted_cards(self.discard), self.state.shuffle_seed
        if seed == HIDDEN or HIDDEN in cards:
            self.draw_pile = [HIDDEN] * len(cards)
        else:
            pile = list(cards)
            shuffle_source(int(seed), self.shuffles).shuffle(pile)
            self.draw_pile = pile[::-1]
        self.discard, self.shuffles = [], (*self.shuffles, len(cards))

    def settled(self) -> _Work:
        """The steps that follow by rule, up to the next decision of a seat or the table."""
        while self.winner is None:
            if self.step == DRAWING:
                if self.draw_count > 0 and self._card_ready():
                    return self
                self.step, self.draw_count = STASHING, 0
            elif self.step == REFILL:
                if len(self.display) < DISPLAY_SIZE and self._card_ready():
                    return self
                if self.hands[self.me]:
                    self._next_turn()
                else:  # the empty-hand rule: every hand discarded, 6 new ones dealt
                    for hand in self.hands:
                        self.discard += hand
                        hand.clear()
                    self.step = REDEAL
            elif self.step == REDEAL:
                if any(len(h) < HAND_SIZE for h in self.hands) and self._card_ready():
                    return self
                self._next_turn()
            else:
                return self
        return self

    def _next_turn(self) -> None:
        self.turn_count += 1
        self.turn_seat = self.turn_seat % len(self.hands) + 1
        self.step = ACT

    def frozen(self, moves: tuple[str, ...]) -> QuibblesState:
        """The position reached, with the history ``moves``."""
        return QuibblesState(
            self.state.variant,
            tuple(_sorted_cards(h) for h in self.hands),
            tuple(tuple(sorted(c)) for c in self.collections),
            tuple(self.display),
            tuple(self.draw_pile),
            _sorted_cards(self.discard),
            tuple(self.penalty),
            self.turn_seat,
            self.step,
            self.draw_count,
            self.winner,
            self.turn_count,
            moves,
            self.state.shuffle_seed,
            self.shuffles,
        )


# -- start and load ----------------------------------------------------------------------


def start(*, seed: int, players: int | None = None, variant: str | Variant | None = None) -> QuibblesState:
    """A seeded deal (the engine's ``new_game``): 6 cards to the display, 6 to each seat,
    the rest the draw pile in its shuffled order; the same source shuffles the discards
    back as the engine's game does. Players default to 1 for the solo variant, else 2;
    the variant to solo for one player, else standard."""
    if not is_whole(seed) or seed < 0:
        raise BadInput(f"bad seed {shown(seed)}: give 0 or more (a seed -s would deal as s does)", str(seed))
    rules = None if variant is None else parse_variant(variant) if isinstance(variant, str) else variant
    if players is None:
        players = 1 if rules is Variant.SOLO else DEFAULT_PLAYERS
    if rules is None:
        rules = Variant.SOLO if players == 1 else Variant.STANDARD
    if not is_whole(players):
        raise BadInput(f"bad players {shown(players)}: a whole number of seats", str(players))
    dealt = new_game(players, rules, seed)
    return QuibblesState(
        rules,
        tuple(tuple(from_counts(h)) for h in dealt.hands),
        tuple(() for _ in dealt.hands),
        tuple(dealt.display),
        tuple(reversed(dealt.draw_pile)),
        (),
        (),
        1,
        ACT,
        0,
        None,
        0,
        (),
        seed,
        (sum(deck_counts(rules)),),
    )


def _cards(doc: Any, name: str, top: int, hidden: bool = True) -> list[Card]:
    """A list of cards of the document: values 1-``top`` (and ``"?"`` where ``hidden``)."""
    if not isinstance(doc, list):
        raise BadInput(f"{GAME} position: field {name!r} is {shown(doc)}, not a list of cards", name)
    if len(doc) > sum(deck_counts()):
        raise BadInput(f"{GAME} position: field {name!r} lists {len(doc)} cards, more than the deck", name)
    for card in doc:
        if card == HIDDEN and hidden:
            continue
        if not is_whole(card) or not 1 <= card <= top:
            what = f"a value 1-{top}" + (" or '?'" if hidden else "")
            raise BadInput(f"{GAME} position: field {name!r} holds {shown(card)}, not {what}", name)
    return list(doc)


def _per_seat(doc: Any, name: str, players: int, top: int, hidden: bool) -> list[list[Card]]:
    if not isinstance(doc, list) or len(doc) != players:
        raise BadInput(f"{GAME} position: field {name!r} is {shown(doc)}, not a list per seat ({players})", name)
    return [_cards(zone, f"{name}[{i}]", top, hidden) for i, zone in enumerate(doc)]


def _whole(doc: Any, name: str, low: int, high: int, default: int) -> int:
    value = doc.get(name, default)
    if not is_whole(value) or not low <= value <= high:
        raise BadInput(f"{GAME} position: field {name!r} is {shown(value)}, not a whole number {low}-{high}", name)
    return int(value)


def load(doc: Any) -> QuibblesState:
    """A position from its document (``to_json``'s, or one a person writes: ``game``,
    ``to_move``, ``hands`` (others' cards ``"?"``) and ``display`` are needed; the
    collections default to empty, the variant to solo for one hand, else standard, the
    draw pile to every other card of the deck hidden, the discard and penalty piles to
    empty, the step to ``act`` and ``turn_seat`` to ``to_move``, the shuffle seed to
    hidden, the shuffles to none). Bad input names the field."""
    doc = position_document(doc, GAME)
    to_move = document_field(doc, "to_move", (int, type(None)), GAME)
    hands_doc = document_field(doc, "hands", list, GAME)
    if not 1 <= len(hands_doc) <= MAX_PLAYERS:
        raise BadInput(f"{GAME} position: field 'hands' has {len(hands_doc)} seats, not 1 to {MAX_PLAYERS}", "hands")
    players = len(hands_doc)
    variant_doc = doc.get("variant", Variant.SOLO.value if players == 1 else Variant.STANDARD.value)
    if not isinstance(variant_doc, str):
        raise BadInput(f"{GAME} position: field 'variant' is {shown(variant_doc)}, not a variant name", "variant")
    try:
        variant = parse_variant(variant_doc)
    except BadInput as error:
        raise BadInput(f"{GAME} position: field 'variant': {error}", "variant") from None
    if (players == 1) != (variant is Variant.SOLO):
        raise BadInput(f"{GAME} position: field 'variant' {variant.value} is not for {players} seat(s)", "variant")
    top = variant.top_value
    hands = _per_seat(hands_doc, "hands", players, top, True)
    collections = _per_seat(doc.get("collections", [[] for _ in hands]), "collections", players, top, False)
    for i, collection in enumerate(collections):
        if len(collection) > COLLECTION_LIMIT:
            raise BadInput(
                f"{GAME} position: field 'collections[{i}]' holds more than {COLLECTION_LIMIT}", "collections"
            )
    display = _cards(document_field(doc, "display", list, GAME), "display", top, False)
    if len(display) > DISPLAY_RESET:
        raise BadInput(
            f"{GAME} position: field 'display' holds {len(display)} cards, at most {DISPLAY_RESET}", "display"
        )
    discard = _cards(doc.get("discard", []), "discard", top)
    penalty = _cards(doc.get("penalty", []), "penalty", top, False)
    if penalty and variant is not Variant.SOLO:
        raise BadInput(f"{GAME} position: field 'penalty' belongs to the solo variant", "penalty")
    listed = [
        *(c for h in hands for c in h),
        *(card for zone in collections for card in zone),
        *display,
        *discard,
        *penalty,
    ]
    deck = deck_counts(variant)
    if "draw_pile" in doc:
        draw_pile = _cards(doc["draw_pile"], "draw_pile", top)
    else:
        draw_pile = [HIDDEN] * max(0, sum(deck) - len(listed))
    listed += draw_pile
    counts = to_counts(_known(listed))
    over = next((v for v in VALUES if counts[v] > deck[v]), None)
    if over is not None:
        raise BadInput(f"{GAME} position: {counts[over]} cards of value {over}, the deck has {deck[over]}", str(over))
    if len(listed) != sum(deck):
        raise BadInput(
            f"{GAME} position: the hands, collections, display, draw_pile, discard and penalty hold "
            f"{len(listed)} cards, the {variant.value} deck {sum(deck)}",
            "draw_pile",
        )
    step = doc.get("step", ACT)
    if step not in STEPS:
        raise BadInput(f"{GAME} position: field 'step' is {shown(step)}, not one of {', '.join(STEPS)}", "step")
    seat_default = to_move if is_whole(to_move) and to_move >= 1 else 1
    turn_seat = _whole(doc, "turn_seat", 1, players, seat_default)
    draw_count = _whole(doc, "draw_count", 0, DRAW_CARDS, DRAW_CARDS if step == DRAWING else 0)
    winner = doc.get("winner")
    if winner is not None:
        winner = _whole(doc, "winner", 1, players, 1)
    turn_count = _whole(doc, "turn_count", 0, 10**9, 0)
    if winner is None:
        won = next(
            (i for i, c in enumerate(collections, 1) if is_winning_collection(to_counts(_known(c)), variant)), None
        )
        if won is not None:
            raise BadInput(f"{GAME} position: the collection of seat {won} wins, so field 'winner' is {won}", "winner")
    state = QuibblesState(
        variant,
        tuple(_sorted_cards(h) for h in hands),
        tuple(tuple(sorted(_known(c))) for c in collections),
        tuple(_known(display)),
        tuple(draw_pile),
        _sorted_cards(discard),
        tuple(_known(penalty)),
        turn_seat,
        step,
        draw_count,
        winner,
        turn_count,
        tuple(doc.get("history", [])),
        _shuffle_seed(doc),
        _shuffles(doc, sum(deck)),
    )
    state = _Work(state).settled().frozen(state.moves)
    if to_move != state.to_move:
        raise BadInput(
            f"{GAME} position: field 'to_move' is {shown(to_move)}, but here {_who(state.to_move)} is to move",
            "to_move",
        )
    return state


def _shuffle_seed(doc: Any) -> int | str:
    """The document's ``shuffle_seed``: a whole number from 0, or ``"?"`` (the default)."""
    seed = doc.get("shuffle_seed", HIDDEN)
    if seed != HIDDEN and (not is_whole(seed) or seed < 0):
        raise BadInput(
            f"{GAME} position: field 'shuffle_seed' is {shown(seed)}, not a seed from 0 or '?'", "shuffle_seed"
        )
    return seed if seed == HIDDEN else int(seed)


def _shuffles(doc: Any, deck: int) -> tuple[int, ...]:
    """The document's ``shuffles`` (default none): at most ``MAX_SHUFFLES`` sizes of 0 to
    ``deck`` cards."""
    sizes = doc.get("shuffles", [])
    if (
        not isinstance(sizes, list)
        or len(sizes) > MAX_SHUFFLES
        or not all(is_whole(n) and 0 <= n <= deck for n in sizes)
    ):
        raise BadInput(
            f"{GAME} position: field 'shuffles' is {shown(sizes)}, not a list of at most {MAX_SHUFFLES} "
            f"sizes of 0-{deck} cards",
            "shuffles",
        )
    return tuple(int(n) for n in sizes)


def _who(to_move: int | None) -> str:
    return "nobody" if to_move is None else "the table" if to_move == TABLE else f"seat {to_move}"
