"""Quibbles turns: an action (SPLIT, COMBINE or DRAW), then an optional STASH.

Cards taken from the open display are named by their positions (0 = leftmost), since
in the solo variant it matters which copy of a value leaves the display.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Union


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


Action = Union[Split, Combine, Draw]


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
    return f"draw (lay {action.card} on the display)"


def describe_stash(stash: Stash) -> str:
    """The stash in words."""
    evict = f", discarding a {stash.evict} from the collection" if stash.evict is not None else ""
    return f"stash {stash.value}{evict}"


def describe_turn(turn: Turn, display: Sequence[int]) -> str:
    """The whole turn in words, e.g. ``split 6 -> 3+3, 1+1+4; stash 4``."""
    text = describe_action(turn.action, display)
    if turn.stash is not None:
        text += "; " + describe_stash(turn.stash)
    return text


def turn_to_json(turn: Turn, display: Sequence[int]) -> dict:
    """A JSON-ready record of the turn, with positions and the values they show."""
    action = turn.action
    record: dict = {"action": type(action).__name__.lower()}
    if isinstance(action, Split):
        record |= {"card": action.card, "sets": [[display[i] for i in s] for s in action.sets],
                   "positions": [list(s) for s in action.sets]}
    elif isinstance(action, Combine):
        record |= {"played": list(action.played), "taken": [display[i] for i in action.taken],
                   "positions": list(action.taken)}
    else:
        record |= {"card": action.card}
    record["stash"] = None if turn.stash is None else {"value": turn.stash.value, "evict": turn.stash.evict}
    record["text"] = describe_turn(turn, display)
    return record
