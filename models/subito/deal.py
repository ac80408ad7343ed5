"""Dealing a round: the shuffled deck split into piles, and the sides of the task cards;
and the seeded random instances the tests and benchmarks draw from deals.

2 players: two piles of 36. 4 players (two teams): four piles of 18, the first two
piles one team, the last two the other. 3 players: the solo player's 36, then the two
team members' 18 each (the team plays as in the 4-player game). Round 1 plays side a of
every task card (the central number black on white); later rounds may combine the
sides freely, here side b throughout or a seeded random side per task card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from cardsolve.models.errors import BadInput
from cardsolve.models.subito.cards import Card
from cardsolve.models.subito.table import Placed
from cardsolve.models.subito.tasks import SIDES, TASKS, Side, accepts

PILES = {2: (36, 36), 3: (36, 18, 18), 4: (18, 18, 18, 18)}
"""Pile sizes by number of players."""
SideChoice = Literal["a", "b", "random"]
SIDE_CHOICES: tuple[SideChoice, ...] = ("a", "b", "random")


def sides_of(number: int) -> list[Side]:
    """The sides of task card ``number``: side a then side b (task 2 has one)."""
    return [side for side in SIDES.values() if side.number == number]


def choose_sides(choice: SideChoice, rng: random.Random) -> tuple[Side, ...]:
    """Side a of every task card, side b of every one, or one drawn at random for each."""
    chosen = []
    for number in TASKS:
        sides = sides_of(number)
        chosen.append(rng.choice(sides) if choice == "random" else sides[-1 if choice == "b" else 0])
    return tuple(chosen)


def deal(
    deck: Sequence[Card], seed: int, players: int = 2, sides: SideChoice = "a"
) -> tuple[tuple[Side, ...], list[list[Card]]]:
    """The eight sides in play and the piles (top card first) from a shuffle seeded by ``seed``."""
    if players not in PILES:
        raise BadInput(f"Subito is for 2, 3 or 4 players, not {players}", str(players))
    if sides not in SIDE_CHOICES:
        raise BadInput(f"bad side choice {sides!r}: use a, b or random", str(sides))
    sizes = PILES[players]
    if len(deck) != sum(sizes):
        raise BadInput(f"a deck of {len(deck)} cards cannot be dealt into piles of {sizes}", str(len(deck)))
    rng = random.Random(seed)
    cards = list(deck)
    rng.shuffle(cards)
    starts = [sum(sizes[:k]) for k in range(len(sizes))]
    return choose_sides(sides, rng), [cards[start : start + size] for start, size in zip(starts, sizes)]


def team_pile(first: Sequence[Card], second: Sequence[Card]) -> list[Card]:
    """A team's cards in placing order: the members alternate one card each, ``first``
    beginning, so their piles must be equally long (or ``first``'s one longer)."""
    if not 0 <= len(first) - len(second) <= 1:
        raise BadInput(
            f"team-mates alternate one card each: piles of {len(first)} and {len(second)} cards cannot alternate",
            str(len(second)),
        )
    order = [card for pair in zip(first, second) for card in pair]
    return order + list(first[len(second) :])


def random_placement(
    cards: Sequence[Card], tasks: Sequence[Side], rng: random.Random, name: str = "opponent"
) -> Placed:
    """``cards`` placed in order, each onto a side drawn by ``rng`` among those whose rule
    takes it (task 5 side a may pass 12): a player who never errs but plays at random."""
    on: dict[str, list[Card]] = {side.name: [] for side in tasks}
    for card in cards:
        on[rng.choice([side for side in tasks if accepts(side, on[side.name], card)]).name].append(card)
    return Placed(name, {side: tuple(placed) for side, placed in on.items()})


def pile_against_table(
    deck: Sequence[Card], rng: random.Random, mine: int, theirs: int
) -> tuple[list[Card], tuple[Side, ...], Placed]:
    """A best-response instance: a 2-player deal with a random side of each task card
    (its seed drawn by ``rng``), the first ``mine`` cards of pile 1, and the first
    ``theirs`` cards of pile 2 placed at random (``random_placement``) as the table."""
    tasks, piles = deal(deck, rng.randrange(10**9), sides="random")
    return piles[0][:mine], tasks, random_placement(piles[1][:theirs], tasks, rng)
