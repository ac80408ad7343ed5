"""A bot that drafts with the trump deduction and plays with the double-dummy solver.

- Chip draft: the chip with the lowest corner value left (a player must discard all five).
- Card draft: the card with the highest expected trick strength over the trump pairs that
  fit the clues so far (``deduce``); the dealer, who knows the trumps, over that pair alone.
- Chip choice: the highest-valued chip it can force with the hands as drafted, else the
  highest-valued one it can still meet with help (possible), else the lowest-valued.
- Play: a non-dealer plays ``analyse``'s best card for its chip. The dealer aims at the
  first chosen chip (by seat) it can force, else the first it can meet with help, else
  the first; its target is chosen afresh before every card.
- Dealer's discard: the chip with the highest corner value.
"""

from __future__ import annotations

from cardsolve.models.was_sticht import ALL_TRUMPS, Card, Chip, ChipView, DraftView, PlayView
from cardsolve.models.was_sticht.play import start
from cardsolve.solvers.was_sticht.deduce import best_pick, consistent
from cardsolve.solvers.was_sticht.double_dummy import analyse, forceable, possible


class SolverBot:
    """The deduce-and-solve bot (see the module docstring); ``backend`` is the solver's."""

    def __init__(self, backend: str = "numba") -> None:
        self.backend = backend

    def draft_chip(self, seat: int, available: tuple[Chip, ...], taken: tuple[tuple[Chip, ...], ...]) -> Chip:
        return min(available, key=lambda chip: chip.value)

    def pick_card(self, view: DraftView) -> Card:
        fitting = [view.trumps] if view.trumps is not None else consistent(view.observations)
        return best_pick(view.available, fitting or list(ALL_TRUMPS)).card

    def choose_chip(self, view: ChipView) -> Chip:
        position = start(view.draft.hands, view.trumps, (view.dealer + 1) % len(view.draft.hands))
        by_value = sorted(view.chips, key=lambda chip: -chip.value)
        for test in (forceable, possible):
            for chip in by_value:
                if test(position, view.seat, chip, self.backend):
                    return chip
        return by_value[-1]

    def play_card(self, view: PlayView) -> Card:
        position = view.position
        if view.seat != view.dealer:
            target = view.chosen[view.seat]
        else:
            options = [view.chosen[seat] for seat in sorted(view.chosen)]
            target = next((chip for test in (forceable, possible) for chip in options
                           if test(position, view.seat, chip, self.backend)), options[0])
        card = analyse(position, view.seat, target, self.backend).best_card
        assert card is not None  # the round is not over while a seat is to move
        return card

    def dealer_discard(self, seat: int, chips: tuple[Chip, ...]) -> Chip:
        return max(chips, key=lambda chip: chip.value)
