"""Speed CUBU: a race to lay 10 cards on a grid around the centre card, to 50 points.

The action cards are removed. The dealer deals 10 cards each and turns the top card of
the pickup deck into the centre, cell (0, 0). A card is laid into an empty cell
orthogonally next to at least one laid card and must relate to at least one of its laid
orthogonal neighbours: in boxes mode its number of boxes differs from the neighbour's by
exactly 1; in colour mode it shows a colour of the neighbour one position higher or
lower. The first player out wins 5 points per card left in the others' hands; a wrong
card costs its player a 10-point penalty; when everyone is stuck each is dealt 5 more
cards. The dealer moves one seat left after each race; the first to 50 points wins.

Rule readings (the rulebook leaves these open):

- The race is simultaneous; it is modelled as turn rounds, each a short moment: in
  each, every player in seat order from the dealer's left lays at most one card (or is
  not ready and passes); the game is played as a State (``models.cubu.state``). Every player out of cards at the end of the
  same turn round is a co-winner. The default policy is ready with a seeded chance
  (``speed``), so the hands run down at different rates.
- Co-winners split the points equally, rounded down (the remainder is lost).
- A wrong card (one laid in an empty cell next to the laid cards where it relates to no
  neighbour) is recognised at once: its player gets the 10-point penalty (points off his
  score, which may go below 0) and takes the card back; the grid does not change.
- A card "can relate to any of the 3 cards surrounding it" is read as: to at least one
  of its (up to 4) laid orthogonal neighbours; diagonal cards do not count.
- All stuck: when no player can lay any card legally at the start of a turn round, each
  is dealt 5 more cards, one at a time from the dealer's left, as far as the pickup deck
  goes; if it is empty and all are stuck, the race ends without a winner or points.
- 48 regular cards cannot give 10 each to 5 or 6 players with a centre card: each
  player gets 10 cards, or as many as the deck allows equally (9 for 5, 7 for 6).
- The dealer picks the mode for the race or the whole game: one mode for every race.
- The game ends after the race in which a player reaches the target; the most points
  win (several on a tie). Guards: a race ends without a winner after ``turn_limit``
  turn rounds (a deal of 5 more counted as one); a game stops after ``race_limit`` races
  with no winner.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from cardsolve.models.cubu.cards import REGULAR_POINTS, Card
from cardsolve.models.errors import BadInput

MODES = ("boxes", "colour")
"""Follow the number of boxes (easier) or the colour and position of the boxes (hardest)."""
HAND = 10
"""Cards dealt to each player."""
MORE = 5
"""Cards dealt to each player when everyone is stuck."""
PENALTY = 10
"""Points off for a wrong card."""
TARGET = 50
"""Points that win the game."""
PLAYERS = range(2, 7)
"""Allowed numbers of players."""
CENTRE = (0, 0)
"""The cell of the centre card."""

Cell = tuple[int, int]
Grid = Mapping[Cell, Card]


def check_mode(mode: str) -> str:
    """``mode`` if it is one of the modes; else bad input naming it."""
    if mode not in MODES:
        raise BadInput(f"bad Speed CUBU mode {mode!r}: the modes are {', '.join(MODES)}", mode)
    return mode


def relates(card: Card, neighbour: Card, mode: str) -> bool:
    """Whether ``card`` may lie next to ``neighbour``: boxes mode, numbers of boxes 1
    apart; colour mode, a colour of the neighbour one position up or down on the card."""
    if check_mode(mode) == "boxes":
        return abs(card.boxes - neighbour.boxes) == 1
    return any(
        abs(position - neighbour.colours.index(colour) - 1) == 1
        for position, colour in enumerate(card.colours, 1)
        if colour in neighbour.colours
    )


def neighbours(cell: Cell) -> list[Cell]:
    """The four cells orthogonally next to ``cell``."""
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def frontier(grid: Grid) -> list[Cell]:
    """The empty cells orthogonally next to at least one laid card, sorted."""
    return sorted({near for cell in grid for near in neighbours(cell) if near not in grid})


def fits(grid: Grid, cell: Cell, card: Card, mode: str) -> bool:
    """Whether laying ``card`` at ``cell`` is right: an empty cell next to a laid card it relates to."""
    return cell not in grid and any(near in grid and relates(card, grid[near], mode) for near in neighbours(cell))


def legal_cells(grid: Grid, card: Card, mode: str) -> list[Cell]:
    """Every cell ``card`` may be laid in, sorted."""
    return [cell for cell in frontier(grid) if fits(grid, cell, card, mode)]


def placements(grid: Grid, hand: Sequence[Card], mode: str) -> list[tuple[Card, Cell]]:
    """Every (card, cell) of ``hand`` that may be laid now."""
    cells = frontier(grid)
    return [(card, cell) for card in hand for cell in cells if fits(grid, cell, card, mode)]


def place(grid: dict[Cell, Card], cell: Cell, card: Card, mode: str) -> None:
    """Lay ``card`` at ``cell``; bad input naming the card if it does not fit there."""
    if not fits(grid, cell, card, mode):
        raise BadInput(f"card {card} does not fit at {cell} in {mode} mode", card.name)
    grid[cell] = card


def picture(grid: Grid) -> str:
    """The grid as text: each card in its cell (``.`` an empty one), the centre card in
    brackets, columns as wide as the widest card, x growing rightwards and y upwards."""
    cells = {cell: f"[{card}]" if cell == CENTRE else str(card) for cell, card in grid.items()}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    width = max(len(name) for name in cells.values())
    return "\n".join(
        " ".join(cells.get((x, y), ".").center(width) for x in range(min(xs), max(xs) + 1)).rstrip()
        for y in range(max(ys), min(ys) - 1, -1)
    )


def race_points(hands: Sequence[Sequence[Card]], winners: Sequence[int]) -> dict[int, int]:
    """Each winner's share: 5 per card in the other players' hands, split equally among
    the co-winners and rounded down."""
    total = sum(REGULAR_POINTS * len(hand) for seat, hand in enumerate(hands) if seat not in winners)
    return {seat: total // len(winners) for seat in winners}


@dataclass(frozen=True)
class LayView:
    """What a player knows when he lays: his seat and hand, the grid and the mode."""

    seat: int
    hand: tuple[Card, ...]
    grid: Grid
    mode: str

    @property
    def placements(self) -> list[tuple[Card, Cell]]:
        """Every (card, cell) he may lay now."""
        return placements(self.grid, self.hand, self.mode)


class Policy(Protocol):
    """A player's decision in a turn round."""

    def lay(self, view: LayView) -> tuple[Card, Cell] | None:
        """A card of the hand and the cell to lay it in, or None to pass."""
        ...


class RandomPolicy:
    """Seeded random laying: ready in a turn round with chance ``speed``, then uniformly
    among the legal (card, cell) pairs, passing when there is none. With chance
    ``wrong_chance`` (0 by default) a ready player lays a wrong card instead, when one of
    his cards fits badly in some cell next to the laid cards."""

    def __init__(self, seed: int | str, speed: float = 0.7, wrong_chance: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.speed = speed
        self.wrong_chance = wrong_chance

    def lay(self, view: LayView) -> tuple[Card, Cell] | None:
        if self.rng.random() >= self.speed:
            return None
        if self.wrong_chance and self.rng.random() < self.wrong_chance:
            wrong = [
                (card, cell)
                for card in view.hand
                for cell in frontier(view.grid)
                if not fits(view.grid, cell, card, view.mode)
            ]
            if wrong:
                return self.rng.choice(wrong)
        options = view.placements
        return self.rng.choice(options) if options else None


def hand_size(cards: int, players: int) -> int:
    """Cards each: 10, or fewer when the deck cannot give 10 each plus the centre card."""
    return min(HAND, (cards - 1) // players)
