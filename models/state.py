"""The one game protocol every game's engine implements (``models.<game>.state``).

A game in progress is an immutable ``GameState``: whose decision it is (``to_move``: a
seat from 1; ``TABLE``, 0, when the table decides, as when a card is drawn, turned or
dealt; None once the game is over), the moves legal there (``legal_moves()``; for the
table the outcomes it can produce), the moves played so far (``history``, in notation),
the scores by seat, its JSON document (``to_json()``, which the game's ``load`` reads
back exactly) and what one seat sees of it (``observation(seat)``: the same position with
every card that seat cannot see written ``HIDDEN``). ``apply`` takes a move or its
notation (``str(move)``) and returns the position after it; the position it was called on
is unchanged. ``fill_hidden(seed)`` deals every hidden card at random from the cards
nobody has seen, so that a search over what a seat sees can sample the positions it may
be in. ``play`` runs any game from a position to its end with one bot per seat.

Each game's module gives ``start(*, seed, players=None, **variant)`` (a seeded deal,
nobody has moved) and ``load(document)`` beside its state class.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, Self

from cardsolve.models.errors import BadInput, is_whole, shown

TABLE = 0
"""``to_move`` when no seat decides but the table does: a card drawn, turned or dealt."""
HIDDEN = "?"
"""A card a seat cannot see, as its observation writes it."""
MAX_MOVE_CHARACTERS = 200
"""The longest move notation read: no game's move is longer."""


class Move(Protocol):
    """A move: anything whose ``str`` is the move's notation, which ``apply`` reads back."""

    def __str__(self) -> str: ...


class IllegalMove(BadInput):
    """A move the rules do not allow at this point; the message says which rule it breaks."""


class GameState(ABC):
    """A position of a game in progress (immutable): the protocol every game implements.

    A game implements ``to_move``, ``players``, ``history``, ``legal_moves``,
    ``refusal`` (why a notation that is not a legal move is refused), ``played`` (the
    position after a legal move), ``scores``, ``to_json``, ``text``, ``observation`` and
    ``fill_hidden``; ``move``, ``apply``, ``seat`` and ``is_over`` follow from them."""

    game: ClassVar[str]
    """The game's name, as ``models.games.GAMES`` spells it."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat from 1 whose decision it is; ``TABLE`` when the table decides; None
        once the game is over."""

    @property
    @abstractmethod
    def players(self) -> int:
        """How many seats play."""

    @property
    @abstractmethod
    def history(self) -> tuple[str, ...]:
        """The moves played since the position was started or written, in notation."""

    @abstractmethod
    def legal_moves(self) -> Sequence[Move]:
        """Every legal move at this point (the table's possible outcomes when it decides),
        each once, in a stable order; none once the game is over."""

    @abstractmethod
    def refusal(self, notation: str) -> str:
        """Why ``notation``, which is not among the legal moves, is refused: the rule it
        breaks or what it fails to say (one clause, no full stop)."""

    @abstractmethod
    def played(self, move: Move) -> Self:
        """The position after ``move``, one of ``legal_moves()``, with it in the history."""

    @abstractmethod
    def scores(self) -> dict[int, float]:
        """Each seat's score so far, by seat from 1 (in the game's own unit)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The position document: ``game``, ``to_move`` and ``history`` and the game's own
        fields; ``load`` reads it back to an equal position."""

    @abstractmethod
    def text(self) -> str:
        """The position as a player reads it (a few lines: hands, table, whose turn)."""

    def pictures(self) -> dict[str, str]:
        """SVG pictures of the position by name, for a page that cannot draw it from its
        document alone (a game that lays cards in the plane); none by default."""
        return {}

    @abstractmethod
    def observation(self, seat: int) -> Self:
        """This position as ``seat`` sees it: every card it cannot see ``HIDDEN``."""

    @abstractmethod
    def fill_hidden(self, seed: int) -> Self:
        """This position with every hidden card dealt at random (by ``seed``) from the
        cards nobody has seen, as the rules allow; a position with nothing hidden is
        itself."""

    def chances(self) -> tuple[tuple[Move, float], ...]:
        """The table's outcomes (``legal_moves`` where the table decides) with how likely
        each is, summing to 1: by default each as likely; a game whose outcome stands for
        any of several unseen cards (a value of which several copies are unseen) weighs it
        by its cards."""
        moves = self.legal_moves()
        return tuple((move, 1 / len(moves)) for move in moves)

    @property
    def is_over(self) -> bool:
        """The game has ended: nobody is to move."""
        return self.to_move is None

    def move(self, move: Move | str) -> Move:
        """The legal move ``move`` names (a move or its notation); a move that is not legal
        here is ``IllegalMove`` saying why."""
        notation = str(move).strip()
        if len(notation) > MAX_MOVE_CHARACTERS:
            raise BadInput(f"move {shown(notation)} is too long: no move is over {MAX_MOVE_CHARACTERS} characters")
        if self.is_over:
            raise IllegalMove(f"illegal move {notation!r}: the game is over", notation)
        for legal in self.legal_moves():
            if str(legal) == notation:
                return legal
        raise IllegalMove(f"illegal move {notation!r}: {self.refusal(notation)}", notation)

    def apply(self, move: Move | str) -> Self:
        """The position after ``move`` (a move or its notation); this one is unchanged."""
        return self.played(self.move(move))

    def seat(self, seat: object) -> int:
        """``seat`` checked: a whole number from 1 to ``players``, else bad input naming it."""
        if not is_whole(seat) or not 1 <= seat <= self.players:
            raise BadInput(f"bad seat {shown(seat)}: seats count from 1 to {self.players}", str(seat))
        return seat


Bot = Callable[[GameState, random.Random], Move]
"""A bot: given what its seat sees (``observation``) and a random source, the move it
makes (one of that observation's legal moves). A bot whose attribute ``sees_all`` is true
(a bound such as a player who knows the draw pile's order, never a seat's honest player)
is given the whole position instead."""


def sees_all(bot: Bot) -> bool:
    """Whether ``play`` hands ``bot`` the whole position rather than its seat's view."""
    return bool(getattr(bot, "sees_all", False))


def random_bot(seen: GameState, rng: random.Random) -> Move:
    """A bot that makes any legal move, each as likely."""
    return rng.choice(list(seen.legal_moves()))


def table_move(state: GameState, rng: random.Random) -> Move:
    """The table's outcome: a position whose hidden cards are known gives its one
    outcome; one that hides them draws one of those it lists by its ``chances``."""
    outcomes = state.chances()
    moves = [move for move, _ in outcomes]
    weights = [weight for _, weight in outcomes]
    if len(set(weights)) == 1:
        return rng.choice(moves)
    return rng.choices(moves, weights)[0]


def play(
    state: GameState,
    bots: Mapping[int, Bot] | Sequence[Bot],
    *,
    seed: int = 0,
    max_moves: int = 100_000,
    progress: Callable[[GameState], None] | None = None,
) -> GameState:
    """Play from ``state`` until the game is over (or ``max_moves`` moves), each seat's
    ``bots`` entry (a mapping by seat, or a sequence for seats 1, 2, ...) choosing its
    moves from what that seat sees (the whole position for a bot that ``sees_all``) and
    the table its outcomes; seeded. ``progress`` hears each position reached."""
    rng = random.Random(seed)
    by_seat = dict(bots) if isinstance(bots, Mapping) else dict(enumerate(bots, 1))
    for _ in range(max_moves):
        seat = state.to_move
        if seat is None:
            break
        if seat == TABLE:
            state = state.apply(table_move(state, rng))
        elif seat not in by_seat:
            raise BadInput(f"no bot for seat {seat}", str(seat))
        else:
            bot = by_seat[seat]
            state = state.apply(bot(state if sees_all(bot) else state.observation(seat), rng))
        if progress is not None:
            progress(state)
    return state


def document_field(doc: Mapping[str, Any], name: str, kind: type | tuple[type, ...], game: str) -> Any:
    """``doc[name]`` of a position document, checked to be of ``kind``; missing or of
    another kind is bad input naming the field."""
    if name not in doc:
        raise BadInput(f"{game} position: missing field {name!r}", name)
    value = doc[name]
    wanted = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in wanted) or not isinstance(value, wanted):
        names = " or ".join(k.__name__.replace("str", "text").replace("int", "whole number") for k in wanted)
        raise BadInput(f"{game} position: field {name!r} is {shown(value)}, not a {names}", name)
    return value


def position_document(doc: object, game: str) -> Mapping[str, Any]:
    """A position document checked to be an object naming ``game`` with a ``history`` list
    of notations; anything else is bad input naming the field."""
    if not isinstance(doc, Mapping):
        raise BadInput(f"{game} position: give a JSON object, not {shown(doc)}")
    named = document_field(doc, "game", str, game)
    if named != game:
        raise BadInput(f"{game} position: field 'game' is {shown(named)}, not {game!r}", "game")
    history = doc.get("history", [])
    if not isinstance(history, list) or not all(isinstance(move, str) for move in history):
        raise BadInput(f"{game} position: field 'history' is {shown(history)}, not a list of moves", "history")
    return doc
