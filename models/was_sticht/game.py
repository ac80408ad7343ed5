"""The rules of a game of Was sticht? beyond the tricks: the settlement of a round, the
winners and standings, and the players' decisions (``Policy``). The game itself, from the
chip draft through rounds until a player discards his last chip, is ``state``'s.

Seats are 0..players-1 clockwise (3 or 4 players), in the engine; a person reads them
from 1 (messages, files, the CLI). Preparation: the first dealer takes a task chip first,
then the others clockwise, until each player has 5. A round: the dealer draws the secret
trumps (uniform over the 5 x 10 = 50 pairs) and lays out the shuffled cards; the draft;
every hand is public knowledge, since the cards were taken face up; each non-dealer
secretly chooses one of his chips; 9 tricks, the dealer's left leading the first; then
the discards: a non-dealer who met his chip discards it, and the dealer discards one chip
of his choice if he met a chosen task whose chooser failed it. The dealer need not declare his target and may change it during the
round, so he earns the discard if he met ANY chosen task whose chooser failed; he
discards one chip however many such tasks he met. The dealer moves one seat left.

The game ends after the round in which a player discards his last chip. Among those who
did, the highest total corner value of all their discarded chips wins; equal totals are
co-winners. Standings: the winners first, then the others "purely by the value of the
discarded chips", the number of chips being irrelevant (so a player who did not go out
may place above one who did). A round limit guards against endless games; when it is
hit there is no winner.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from cardsolve.models.was_sticht.cards import Card
from cardsolve.models.was_sticht.chips import Chip, Trick, achieved
from cardsolve.models.was_sticht.draft import Draft, DraftView
from cardsolve.models.was_sticht.play import Position
from cardsolve.models.was_sticht.trumps import Trumps

CHIPS_EACH = 5
"""Task chips each player takes in the preparation."""


@dataclass(frozen=True)
class ChipView:
    """What a non-dealer knows when he chooses his chip: his chips left, the dealer, the
    draft (all hands and clues) and the trumps."""

    seat: int
    dealer: int
    chips: tuple[Chip, ...]
    draft: Draft
    trumps: Trumps


@dataclass(frozen=True)
class PlayView:
    """What a seat knows when it plays: the position (all hands, the trick so far, the
    tricks played), the dealer and the chips the non-dealers chose."""

    seat: int
    dealer: int
    position: Position
    chosen: Mapping[int, Chip]


class Policy(Protocol):
    """A player's decisions; each returns one of the options it is given."""

    def draft_chip(self, seat: int, available: tuple[Chip, ...], taken: tuple[tuple[Chip, ...], ...]) -> Chip:
        """A chip from ``available`` in the preparation (``taken``: every seat's so far)."""
        ...

    def pick_card(self, view: DraftView) -> Card:
        """A card from ``view.available`` in the draft."""
        ...

    def choose_chip(self, view: ChipView) -> Chip:
        """The chip from ``view.chips`` to attempt this round (non-dealers)."""
        ...

    def play_card(self, view: PlayView) -> Card:
        """A card from ``view.position.legal()``."""
        ...

    def dealer_discard(self, seat: int, chips: tuple[Chip, ...]) -> Chip:
        """The chip from ``chips`` the dealer discards when he has earned it."""
        ...


class RandomPolicy:
    """Every decision drawn at random from its options, seeded."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def draft_chip(self, seat: int, available: tuple[Chip, ...], taken: tuple[tuple[Chip, ...], ...]) -> Chip:
        return self.rng.choice(available)

    def pick_card(self, view: DraftView) -> Card:
        return self.rng.choice(view.available)

    def choose_chip(self, view: ChipView) -> Chip:
        return self.rng.choice(view.chips)

    def play_card(self, view: PlayView) -> Card:
        return self.rng.choice(view.position.legal())

    def dealer_discard(self, seat: int, chips: tuple[Chip, ...]) -> Chip:
        return self.rng.choice(chips)


@dataclass(frozen=True)
class Settlement:
    """A round's outcome for the chips: the non-dealers who met their chip, and the
    non-dealers whose chip the dealer met while they failed it (any: the dealer discards)."""

    met: tuple[int, ...]
    dealer_beat: tuple[int, ...]


@dataclass(frozen=True)
class Standing:
    """A seat's place (1 is first; equal places share a rank), its discarded chips, their
    total corner value and its chips left."""

    rank: int
    seat: int
    discarded: tuple[Chip, ...]
    value: int
    left: tuple[Chip, ...]


def settle(dealer: int, chosen: Mapping[int, Chip], tricks: Sequence[Trick], players: int) -> Settlement:
    """Who met the chip he chose, and whose chosen task the dealer met while its chooser failed."""
    met = tuple(seat for seat, chip in sorted(chosen.items()) if achieved(chip, seat, tricks, players))
    beat = tuple(
        seat for seat, chip in sorted(chosen.items()) if seat not in met and achieved(chip, dealer, tricks, players)
    )
    return Settlement(met, beat)


def winners(discarded: Sequence[Sequence[Chip]], out: Iterable[int]) -> tuple[int, ...]:
    """Of the seats ``out`` (those who discarded their last chip in the final round), the
    ones with the highest total corner value of discarded chips; several on a tie."""
    values = {seat: sum(chip.value for chip in discarded[seat]) for seat in out}
    if not values:
        return ()
    best = max(values.values())
    return tuple(sorted(seat for seat, value in values.items() if value == best))


def standings(
    discarded: Sequence[Sequence[Chip]], left: Sequence[Sequence[Chip]], won: Sequence[int]
) -> tuple[Standing, ...]:
    """Every seat placed: the winners ``won`` first, then the others purely by the total
    corner value of their discarded chips (how many they discarded does not count);
    equal keys share a rank."""
    keys = [(seat in won, sum(chip.value for chip in discarded[seat])) for seat in range(len(left))]
    order = sorted(range(len(left)), key=lambda seat: (keys[seat], -seat), reverse=True)
    return tuple(
        Standing(
            1 + sum(key > keys[seat] for key in keys), seat, tuple(discarded[seat]), keys[seat][1], tuple(left[seat])
        )
        for seat in order
    )
