"""Seeded random classic CUBU games, played with the shared helper (``tests/playthrough.py``):
every turn the engine lists (``legal_turns``) passes its own check (``check_turn``), no card
is created or lost, a seat misses only the turns aimed at it, and when a hand empties the
round scores 5 per regular and 10 per action card left with the others, every score being
the sum of its seat's rounds, until a seat reaches the target."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from playthrough import random_playthrough

from cardsolve.models.cubu import load_deck
from cardsolve.models.cubu.cards import Card, Deck
from cardsolve.models.cubu.classic import (
    InterruptView,
    Table,
    Turn,
    TurnView,
    check_turn,
    deal,
    legal_turns,
    play_turn,
    round_points,
)
from cardsolve.models.errors import BadInput

DECK = load_deck()
TARGET = 60
"""Points the games are played to (short games, several rounds each)."""
MAX_TURNS = 5000


class Chosen:
    """A seat's policy in the playthrough: the turn drawn by the helper, and a seeded coin
    for interrupts."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.turn: Turn | None = None

    def choose_turn(self, view: TurnView) -> Turn:
        assert self.turn is not None, "the engine asked a seat that is not in turn"
        turn, self.turn = self.turn, None
        return turn

    def interrupt(self, view: InterruptView) -> bool:
        return self.rng.random() < 0.4


@dataclass
class Game:
    """A classic game in progress: the round's table, the scores, each round's points by
    seat, the dealer, and the seats' policies."""

    deck: Deck
    players: int
    rng: random.Random
    table: Table = field(init=False)
    dealer: int = 0
    scores: list[int] = field(init=False)
    rounds: list[tuple[int, int]] = field(default_factory=list)
    policies: list[Chosen] = field(init=False)

    def __post_init__(self) -> None:
        self.scores = [0] * self.players
        self.policies = [Chosen(self.rng) for _ in range(self.players)]
        self.table = deal(self.deck, self.players, self.dealer, self.rng)
        self.skip_missed_turns()

    def skip_missed_turns(self) -> None:
        """Seats that must miss their turn miss it (the engine asks them nothing)."""
        while self.table.winner is None and self.table.skips[self.table.to_play]:
            before = sum(self.table.skips)
            assert play_turn(self.table, self.policies, self.scores).kind == "missed"
            assert sum(self.table.skips) == before - 1

    @property
    def is_over(self) -> bool:
        return max(self.scores) >= TARGET


def apply(game: Game, turn: Turn) -> Game:
    table = game.table
    game.policies[table.to_play].turn = turn
    play_turn(table, game.policies, game.scores)
    if table.winner is not None:
        points = round_points(table.hands, table.winner)
        assert points == sum(card.points for hand in table.hands for card in hand)
        game.scores[table.winner] += points
        game.rounds.append((table.winner, points))
        game.dealer = (game.dealer + 1) % game.players
        if not game.is_over:
            game.table = deal(game.deck, game.players, game.dealer, game.rng)
    game.skip_missed_turns()
    return game


def is_legal(game: Game, turn: Turn) -> bool:
    try:
        check_turn(game.table, game.table.to_play, turn)
    except BadInput:
        return False
    return True


def invariant(game: Game) -> None:
    table = game.table
    every: list[Card] = [*table.pile, *table.spent, *table.pickup, table.top]
    every += [card for hand in table.hands for card in hand]
    assert sorted(every) == sorted(game.deck.cards), "a card was created or lost"
    assert not table.top.is_action, "an action card on the table"
    assert all(skips >= 0 for skips in table.skips) and 0 <= table.to_play < game.players
    assert game.is_over or (table.winner is None and not table.skips[table.to_play])
    for seat in range(game.players):
        assert game.scores[seat] == sum(points for winner, points in game.rounds if winner == seat)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_playthrough(players: int, seed: int) -> None:
    rng = random.Random(seed)
    game = random_playthrough(
        Game(DECK, players, rng),
        legal=lambda g: legal_turns(g.table),
        is_legal=is_legal,
        apply=apply,
        is_over=lambda g: g.is_over,
        invariant=invariant,
        rng=rng,
        max_moves=MAX_TURNS,
    )
    assert game.ended and game.state.rounds
    assert max(game.state.scores) >= TARGET > max(game.state.scores) - game.state.rounds[-1][1]
    assert all(points > 0 for _, points in game.state.rounds)
