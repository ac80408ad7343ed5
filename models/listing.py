"""Reading the comma-separated lists every game's notation shares, and checking the seats
of a game's players: the logic that is the same for every game."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from typing import TypeVar

from cardsolve.models.errors import BadInput

T = TypeVar("T")


def read_list(text: str, parse: Callable[[str], T], what: str) -> list[T]:
    """The items of ``A,B,C``, each read by ``parse``; the empty string is no items, and an
    empty item is bad input naming ``what``."""
    if not text.strip():
        return []
    items = []
    for token in text.split(","):
        if not token.strip():
            raise BadInput(f"empty card in {what} {text!r}", token)
        items.append(parse(token))
    return items


def read_names(given: str | Sequence[str]) -> tuple[str, ...]:
    """The names of ``A, B,...`` (or of a list of names), in order, stripped of spaces; an
    empty name is bad input."""
    names = tuple(name.strip() for name in (given.split(",") if isinstance(given, str) else given))
    if any(not name for name in names):
        text = given if isinstance(given, str) else ",".join(given)
        raise BadInput(f"an empty name in {text!r}: names are separated by commas", text)
    return names


def check_one_per_seat(names: Sequence[str], players: int, what: str) -> None:
    """Exactly one name per seat: another count is bad input, ``what`` naming the kind
    (bot, policy)."""
    if len(names) != players:
        kinds = what if len(names) == 1 else "policies" if what == "policy" else f"{what}s"
        raise BadInput(f"{len(names)} {kinds} for {players} players: name one per seat", ",".join(names))


def check_unique(cards: Iterable[Hashable], where: str, reason: str) -> None:
    """No card twice: the first card seen again is bad input naming it, with ``reason``."""
    seen: set[Hashable] = set()
    for card in cards:
        if card in seen:
            raise BadInput(f"card {card} appears twice in {where}: {reason}", str(card))
        seen.add(card)


def seated(
    game: str,
    players: int,
    allowed: Collection[int],
    policies: Sequence[T] | None,
    default: Callable[[int], T],
    dealer: int,
) -> Sequence[T]:
    """One policy per seat (``default(seat)`` for every seat when none are given), after
    checking the number of players, the number of policies and the dealer's seat."""
    if players not in allowed:
        low, high = min(allowed), max(allowed)
        span = f"{low} or {high}" if high == low + 1 else f"{low} to {high}"
        raise BadInput(f"{game} is for {span} players, not {players}", str(players))
    if policies is None:
        policies = [default(seat) for seat in range(players)]
    if len(policies) != players:
        raise BadInput(f"{len(policies)} policies for {players} players", str(len(policies)))
    if not 0 <= dealer < players:
        raise BadInput(f"dealer {dealer} is not a seat 0..{players - 1}", str(dealer))
    return policies


def check_named_once(names: Sequence[str], what: str) -> None:
    """Each name given once (a study reports by name, so a name given twice would be
    counted twice); a repeat is bad input naming it, ``what`` naming the kind (bot, policy)."""
    for name in names:
        if names.count(name) > 1:
            raise BadInput(f"the {what} {name!r} is named twice: name each once", name)
