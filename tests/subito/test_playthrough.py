"""Seeded random Subito rounds played with the shared helper (``tests/playthrough.py``):
the two sides of the table (two players, or two teams whose members' piles alternate)
place their cards in turn, each onto a random side whose rule takes it, until one side of
the table has placed its last card. After every card no card is created or lost, the
two sides of the table are at most one card apart, every listed side passes the model's
own check (``accepts``), nothing is removed when the round is scored, and the points
won add up to the task cards awarded."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from playthrough import random_playthrough

from cardsolve.models.subito import Card, Placed, Side, Table, accepts, load_deck, points, score_round, team_pile
from cardsolve.models.subito import deal as deal_piles

DECK = load_deck()
ALL_POINTS = sum(range(2, 10))
"""The points of the eight task cards, 2..9, all awarded or not."""


@dataclass
class Round:
    """A round in play: the sides in play, each side of the table's cards still to place
    (top first) and placed (by side name, in order), and who places next (0 or 1)."""

    tasks: tuple[Side, ...]
    piles: tuple[list[Card], list[Card]]
    placed: tuple[dict[str, list[Card]], dict[str, list[Card]]]
    to_move: int = 0

    def table(self) -> Table:
        return Table(
            self.tasks,
            (
                Placed("A", {n: tuple(c) for n, c in self.placed[0].items()}),
                Placed("B", {n: tuple(c) for n, c in self.placed[1].items()}),
            ),
        )

    def laid(self, k: int) -> int:
        return sum(len(cards) for cards in self.placed[k].values())


def new_round(seed: int, players: int) -> Round:
    """A seeded deal with a random side of each task card; with 4 players each team's
    members alternate their piles (``team_pile``)."""
    tasks, piles = deal_piles(DECK, seed, players, "random")
    entries = (piles[0], piles[1]) if players == 2 else (team_pile(piles[0], piles[1]), team_pile(piles[2], piles[3]))
    return Round(
        tasks, (list(entries[0]), list(entries[1])), ({s.name: [] for s in tasks}, {s.name: [] for s in tasks})
    )


def legal(state: Round) -> list[Side]:
    """The sides that take the card on top of the mover's pile."""
    placed, card = state.placed[state.to_move], state.piles[state.to_move][0]
    return [side for side in state.tasks if accepts(side, placed[side.name], card)]


def is_legal(state: Round, side: Side) -> bool:
    return accepts(side, state.placed[state.to_move][side.name], state.piles[state.to_move][0])


def apply(state: Round, side: Side) -> Round:
    state.placed[state.to_move][side.name].append(state.piles[state.to_move].pop(0))
    state.to_move = 1 - state.to_move
    return state


def is_over(state: Round) -> bool:
    """The round ends when a side of the table has placed its last card."""
    return not state.piles[0] or not state.piles[1]


def invariant(state: Round) -> None:
    cards = [c for k in (0, 1) for c in [*state.piles[k], *(c for p in state.placed[k].values() for c in p)]]
    assert sorted(cards, key=str) == sorted(DECK, key=str), "a card was created or lost"
    assert 0 <= state.laid(0) - state.laid(1) <= 1, "the sides of the table place in turn, the first one first"
    score = score_round(state.table())
    assert all(not kept.removed for task in score.tasks for kept in task.players), "an accepted card was removed"
    for k in (0, 1):
        assert score.points[k] == sum(points(task.side) for task in score.tasks if task.winner == k)
    unawarded = sum(points(task.side) for task in score.tasks if task.winner is None)
    assert sum(score.points) + unawarded == ALL_POINTS


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [2, 4])
def test_random_playthrough(players: int, seed: int) -> None:
    game = random_playthrough(
        new_round(seed, players),
        legal=legal,
        is_legal=is_legal,
        apply=apply,
        is_over=is_over,
        invariant=invariant,
        rng=random.Random(seed),
        max_moves=len(DECK),
    )
    assert game.ended and len(game.moves) == 2 * 36 - 1  # the first side of the table places its 36th card
