"""Quibbles turns: an action (SPLIT, COMBINE or DRAW), then an optional STASH.

Cards taken from the open display are named by their positions (0 = leftmost), since
in the solo variant it matters which copy of a value leaves the display.

Turn notation (what ``describe_turn`` writes and ``parse_turn`` reads), values only:
``split 6 -> 3+3, 1+1+4``, ``combine 1+2 -> 3,3``, ``draw 5``, each optionally followed
by ``; stash 4`` or ``; stash 5 evict 1`` (the collection card discarded when it is full).
Display cards named by value are matched to the leftmost copies not yet named.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardsolve.models.errors import BadInput


@dataclass(frozen=True)
class Split:
    """Play ``card``; take ``sets`` of display positions, each set's values summing to it."""

    card: int
    sets: tuple[tuple[int, ...], ...]

    @property
    def taken(self) -> tuple[int, ...]:
        return tuple(sorted(i for s in self.sets for i in s))


@dataclass(frozen=True)
class Combine:
    """Play ``played`` (2-6 cards worth 6 or less); take display positions ``taken``,
    each showing the played total."""

    played: tuple[int, ...]
    taken: tuple[int, ...]


@dataclass(frozen=True)
class Draw:
    """Lay ``card`` from the hand on the display, then draw two."""

    card: int

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


@dataclass(frozen=True)
class Turn:
    """One player's turn: the action, then the stash if any (the refill follows by rule)."""

    action: Action
    stash: Stash | None = None


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
    if not re.fullmatch(r"[0-9]+", token) or not 1 <= int(token) <= 6:
        raise BadInput(f"bad card {token!r} in turn {text!r}: a card is a value 1-6", token)
    return int(token)


def _group(words: str, sep: str, text: str) -> list[int]:
    tokens = [t.strip() for t in words.split(sep)]
    return [_value(t, text) for t in tokens]


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

    def positions(values: list[int]) -> tuple[int, ...]:
        chosen = []
        for v in values:
            at = next((i for i in free if display[i] == v), None)
            if at is None:
                raise BadInput(f"no {v} left on the display to take in {text!r}", str(v))
            free.remove(at)
            chosen.append(at)
        return tuple(chosen)

    action: Action
    if kind == "split" and arrow:
        sets = [s for s in tail.split(",") if s.strip()]
        action = Split(_value(head.strip(), text), tuple(tuple(sorted(positions(_group(s, "+", text)))) for s in sets))
    elif kind == "combine" and arrow:
        action = Combine(tuple(sorted(_group(head, "+", text))), positions(_group(tail, ",", text)))
    elif kind == "draw" and not arrow:
        action = Draw(_value(rest.strip(), text))
    else:
        raise BadInput(
            f"cannot read turn {action_text.strip()!r}: expected 'split V -> a+b, ...', "
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
