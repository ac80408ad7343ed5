"""A bot that drafts with the trump deduction and plays with the double-dummy solver.

- Chip draft: the chip with the lowest corner value left (a player must discard all five).
- Card draft: the card with the highest expected trick strength over the trump pairs that
  fit the clues so far (``deduce``); the dealer, who knows the trumps, over that pair alone.
- Chip choice (``chip_choice.expected_value``): the highest-valued chip it can force with
  the hands as drafted, else the chip of the highest expected corner value: its value
  times its chance, the share of random playouts of the round in which it is met (every
  chip impossible: the lowest-valued). Until issue 17 it took the highest-valued chip it
  could meet with help, which the study ``was-sticht bots`` showed met fewer chips (30%)
  than a random possible one (43%); this rule meets 73% and the most value.
- Play: a non-dealer plays ``analyse``'s best card for its chip. The dealer aims at the
  first chosen chip (by seat) it can force, else the first it can meet with help, else
  the first; its target is chosen afresh before every card.
- Dealer's discard: the chip with the highest corner value.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.listing import check_one_per_seat, read_names
from cardsolve.models.was_sticht import ALL_TRUMPS, Card, Chip, ChipView, DraftView, PlayView, Policy, RandomPolicy
from cardsolve.models.was_sticht.play import start
from cardsolve.solvers.was_sticht.backends import BACKENDS
from cardsolve.solvers.was_sticht.chip_choice import chip_odds, expected_value
from cardsolve.solvers.was_sticht.deduce import best_pick, consistent
from cardsolve.solvers.was_sticht.double_dummy import analyse, forceable, possible

BOTS = ("solver", "random")
"""The bots a seat can be played by: this module's ``SolverBot`` or the seeded ``RandomPolicy``."""


class SolverBot:
    """The deduce-and-solve bot (see the module docstring); ``backend`` is the solver's."""

    def __init__(self, backend: str = BACKENDS.default) -> None:
        self.backend = backend

    def draft_chip(self, seat: int, available: tuple[Chip, ...], taken: tuple[tuple[Chip, ...], ...]) -> Chip:
        return min(available, key=lambda chip: chip.value)

    def pick_card(self, view: DraftView) -> Card:
        fitting = [view.trumps] if view.trumps is not None else consistent(view.observations)
        return best_pick(view.available, fitting or list(ALL_TRUMPS)).card

    def choose_chip(self, view: ChipView) -> Chip:
        position = start(view.draft.hands, view.trumps, (view.dealer + 1) % len(view.draft.hands))
        return expected_value(chip_odds(position, view.seat, view.chips, self.backend))

    def play_card(self, view: PlayView) -> Card:
        position = view.position
        if view.seat != view.dealer:
            target = view.chosen[view.seat]
        else:
            options = [view.chosen[seat] for seat in sorted(view.chosen)]
            target = next(
                (
                    chip
                    for test in (forceable, possible)
                    for chip in options
                    if test(position, view.seat, chip, self.backend)
                ),
                options[0],
            )
        card = analyse(position, view.seat, target, self.backend).best_card
        assert card is not None  # the round is not over while a seat is to move
        return card

    def dealer_discard(self, seat: int, chips: tuple[Chip, ...]) -> Chip:
        return max(chips, key=lambda chip: chip.value)


def seat_bots(bots: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
    """One bot name per seat, seat 1 first, from ``solver,random,...`` or a list of names
    (None: the solver bot at every seat); a wrong count or an unknown name is bad input."""
    names = read_names(bots) if bots else ("solver",) * players
    check_one_per_seat(names, players, "bot")
    for name in names:
        if name not in BOTS:
            raise BadInput(f"unknown bot {name!r}: use {' or '.join(BOTS)}", name)
    return names


def policies(names: Sequence[str], seed: int) -> list[Policy]:
    """The policy of each named bot, seat 1 first; a random bot is seeded from ``seed`` and its seat."""
    return [SolverBot() if name == "solver" else RandomPolicy(f"{seed}:{seat}") for seat, name in enumerate(names)]
