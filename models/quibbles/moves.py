"""Quibbles turns: an action (SPLIT, COMBINE or DRAW), then an optional STASH.

Cards taken from the open display are named by their positions (0 = leftmost), since
in the solo variant it matters which copy of a value leaves the display.

Turn notation (what ``describe_turn`` writes and ``parse_turn`` reads), values only:
``split 6 -> 3+3, 1+1+4``, ``combine 1+2 -> 3,3``, ``draw 5``, each optionally followed
by ``; stash 4`` or ``; stash 5 evict 1`` (the collection card discarded when it is full).
Display cards named by value are matched to the leftmost copies not yet named; a card
written ``V@P`` is the card of value V at display position P (solo, where it matters which
copy is taken: ``combine 1+2 -> 3@2``; the game in progress writes its solo turns so).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardsolve.models.errors import BadInput, as_token, shown, unchecked

CARD_VALUES = range(1, 7)
"""The values a card may show (a variant's deck may hold fewer: ``State.check`` says so)."""


_INT = frozenset({int})
"""The one type of a card value or a display position (not ``bool``, not ``float``)."""


def _check_value(value: object, what: str) -> None:
    """``value`` is a card value, a whole number of ``CARD_VALUES``; else bad input naming
    ``what`` and the value."""
    if type(value) is not int or value not in CARD_VALUES:
        raise BadInput(f"bad {what} {shown(value)}: values run from 1 to 6", as_token(value))


def _check_values(values: object, what: str) -> None:
    """``values`` is a tuple of card values; else bad input naming ``what`` and the value.
    The engine makes these by the thousand: the test runs in C, the words only for a bad
    value."""
    if type(values) is tuple and _INT.issuperset(map(type, values)) and all(map(CARD_VALUES.__contains__, values)):
        return
    if type(values) is not tuple:
        raise BadInput(f"bad {what} {shown(values)}: a tuple of card values 1-6", as_token(values))
    wrong = next(value for value in values if type(value) is not int or value not in CARD_VALUES)
    raise BadInput(f"bad card {shown(wrong)} in {what} {shown(values)}: values run from 1 to 6", as_token(wrong))


def _check_positions(positions: object, what: str) -> None:
    """``positions`` is a tuple of display positions, whole numbers from 0; else bad input
    naming ``what`` and the value."""
    if type(positions) is not tuple or not _INT.issuperset(map(type, positions)) or min(positions, default=0) < 0:
        raise BadInput(
            f"bad {what} {shown(positions)}: a tuple of display positions, 0 (leftmost) or more", as_token(positions)
        )


@dataclass(frozen=True)
class Split:
    """Play ``card``; take ``sets`` of display positions, each set's values summing to it."""

    card: int
    sets: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        """The card a value 1-6, the sets a tuple of tuples of display positions; else bad
        input naming the field and the value (whether the split fits the position,
        ``State.check`` says)."""
        _check_value(self.card, "split card")
        if type(self.sets) is not tuple:
            raise BadInput(f"bad split sets {shown(self.sets)}: a tuple of sets of positions", as_token(self.sets))
        for taken in self.sets:
            _check_positions(taken, "split set")

    @classmethod
    def unchecked(cls, card: int, sets: tuple[tuple[int, ...], ...]) -> Split:
        """The split made without the checks of ``__post_init__`` (``models.errors.
        unchecked``): only for the splits the engine and the policies list from a
        position's own hand and display, by the thousand in a lookahead (the checks cost
        a greedy game a third of its time). A user's split is made by ``Split(...)``."""
        return unchecked(cls, card=card, sets=sets)

    @property
    def taken(self) -> tuple[int, ...]:
        return tuple(sorted(i for s in self.sets for i in s))


@dataclass(frozen=True)
class Combine:
    """Play ``played`` (2-6 cards worth 6 or less); take display positions ``taken``,
    each showing the played total."""

    played: tuple[int, ...]
    taken: tuple[int, ...]

    def __post_init__(self) -> None:
        """Card values played and display positions taken, as tuples; else bad input
        naming the field and the value."""
        _check_values(self.played, "combine cards")
        _check_positions(self.taken, "combine positions")

    @classmethod
    def unchecked(cls, played: tuple[int, ...], taken: tuple[int, ...]) -> Combine:
        """The combine made without the checks of ``__post_init__``, as ``Split.unchecked``
        (only for the engine's and the policies' own lists)."""
        return unchecked(cls, played=played, taken=taken)


@dataclass(frozen=True)
class Draw:
    """Lay ``card`` from the hand on the display, then draw two."""

    card: int

    def __post_init__(self) -> None:
        """The card a value 1-6; else bad input naming it."""
        _check_value(self.card, "draw card")

    @property
    def taken(self) -> tuple[int, ...]:
        return ()


Action = Split | Combine | Draw


@dataclass(frozen=True)
class Stash:
    """Stash all cards of ``value`` from the hand: one joins the collection, the rest are
    discarded; ``evict`` is the collection card discarded first when it is full."""

    value: int
    evict: int | None = None

    def __post_init__(self) -> None:
        """The value, and the card evicted if any, values 1-6; else bad input naming them."""
        _check_value(self.value, "stash value")
        if self.evict is not None:
            _check_value(self.evict, "card to evict")


@dataclass(frozen=True)
class Turn:
    """One player's turn: the action, then the stash if any (the refill follows by rule)."""

    action: Action
    stash: Stash | None = None

    def __post_init__(self) -> None:
        """A ``Split``, ``Combine`` or ``Draw``, then a ``Stash`` or None; else bad input
        naming the field and the value."""
        if type(self.action) not in (Split, Combine, Draw):
            raise BadInput(f"bad turn action {shown(self.action)}: a Split, Combine or Draw", as_token(self.action))
        if self.stash is not None and type(self.stash) is not Stash:
            raise BadInput(f"bad turn stash {shown(self.stash)}: a Stash or None", as_token(self.stash))


def describe_action(action: Action, display: Sequence[int]) -> str:
    """The action in words, with the display values it takes."""
    if isinstance(action, Split):
        sets = ", ".join("+".join(str(display[i]) for i in s) for s in action.sets)
        return f"split {action.card} -> {sets}"
    if isinstance(action, Combine):
        played = "+".join(str(v) for v in action.played)
        taken = ",".join(str(display[i]) for i in action.taken)
        return f"combine {played} -> {taken}"
    return f"draw {action.card}"


def describe_stash(stash: Stash) -> str:
    """The stash in words."""
    evict = f" evict {stash.evict}" if stash.evict is not None else ""
    return f"stash {stash.value}{evict}"


def describe_turn(turn: Turn, display: Sequence[int]) -> str:
    """The whole turn in words, e.g. ``split 6 -> 3+3, 1+1+4; stash 4``."""
    text = describe_action(turn.action, display)
    if turn.stash is not None:
        text += "; " + describe_stash(turn.stash)
    return text


def turn_to_json(turn: Turn, display: Sequence[int]) -> dict[str, Any]:
    """A JSON-ready record of the turn, with positions and the values they show."""
    action = turn.action
    record: dict[str, Any] = {"action": type(action).__name__.lower()}
    if isinstance(action, Split):
        record |= {
            "card": action.card,
            "sets": [[display[i] for i in s] for s in action.sets],
            "positions": [list(s) for s in action.sets],
        }
    elif isinstance(action, Combine):
        record |= {
            "played": list(action.played),
            "taken": [display[i] for i in action.taken],
            "positions": list(action.taken),
        }
    else:
        record |= {"card": action.card}
    record["stash"] = None if turn.stash is None else {"value": turn.stash.value, "evict": turn.stash.evict}
    record["text"] = describe_turn(turn, display)
    return record


def _value(token: str, text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,9}", token) or not 1 <= int(token) <= 6:  # a longer number is no card
        raise BadInput(f"bad card {shown(token)} in turn {shown(text)}: a card is a value 1-6", token)
    return int(token)


def _group(words: str, sep: str, text: str) -> list[int]:
    tokens = [t.strip() for t in words.split(sep)]
    return [_value(t, text) for t in tokens]


def _taken(token: str, text: str) -> tuple[int, int | None]:
    """A display card of a turn: its value, and its position when written ``V@P``."""
    value, at, place = token.partition("@")
    if not at:
        return _value(value.strip(), text), None
    if not re.fullmatch(r"[0-9]{1,3}", place.strip()):
        raise BadInput(f"bad display position {shown(place)} in turn {shown(text)}: 0 (leftmost) or more", place)
    return _value(value.strip(), text), int(place)


def parse_turn(text: str, display: Sequence[int]) -> Turn:
    """Read a turn in the notation above against ``display`` (for the taken positions).
    Unreadable text, or a display card named that is not there, is bad input naming it."""
    action_text, _, stash_text = text.partition(";")
    words = action_text.split(None, 1)
    if not words:
        raise BadInput(f"empty turn {text!r}: expected split, combine or draw", text)
    kind, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    head, arrow, tail = rest.partition("->")
    free = list(range(len(display)))

    def positions(words: str, sep: str) -> tuple[int, ...]:
        cards = [_taken(t.strip(), text) for t in words.split(sep)]
        for v, place in cards:  # the cards named by position first, then the leftmost copies
            if place is not None:
                if place not in free or display[place] != v:
                    raise BadInput(f"no {v} at display position {place} to take in {text!r}", f"{v}@{place}")
                free.remove(place)
        chosen = []
        for v, place in cards:
            at = place if place is not None else next((i for i in free if display[i] == v), None)
            if at is None:
                raise BadInput(f"no {v} left on the display to take in {text!r}", str(v))
            if place is None:
                free.remove(at)
            chosen.append(at)
        return tuple(chosen)

    action: Action
    if kind == "split" and arrow:
        sets = [s for s in tail.split(",") if s.strip()]
        action = Split(_value(head.strip(), text), tuple(tuple(sorted(positions(s, "+"))) for s in sets))
    elif kind == "combine" and arrow:
        action = Combine(tuple(sorted(_group(head, "+", text))), positions(tail, ","))
    elif kind == "draw" and not arrow:
        action = Draw(_value(rest.strip(), text))
    else:
        raise BadInput(
            f"cannot read turn {shown(action_text.strip())}: expected 'split V -> a+b, ...', "
            "'combine a+b -> V,V' or 'draw V'",
            kind,
        )
    stash = None
    if stash_text.strip():
        stash_words = stash_text.split()
        if (
            stash_words[0].lower() != "stash"
            or len(stash_words) not in (2, 4)
            or (len(stash_words) == 4 and stash_words[2].lower() != "evict")
        ):
            raise BadInput(
                f"cannot read {stash_text.strip()!r}: expected 'stash V' or 'stash V evict W'", stash_text.strip()
            )
        stash = Stash(_value(stash_words[1], text), _value(stash_words[3], text) if len(stash_words) == 4 else None)
    return Turn(action, stash)
