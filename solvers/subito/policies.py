"""Subito placement policies: where a player places the card just turned over.

A policy places the card its player has just turned over, seeing what a player sees
(``models.subito.table.seen_by``): both tables, except the opponent's cards on task 5
side a, which lie face down (their count is seen). The policies:
- ``hint``: the side ``solvers.subito.hint`` ranks first (its rollouts of the unseen cards);
- ``greedy``: the rollouts' greedy placement (``rollout.greedy_side``: the side taking the
  card, 5a only up to 12, that most raises the points won against the opponent's cards as
  they lie, ties to the side worth more); the opponent's face-down 5a cards, which it
  cannot see, are drawn once at random from the unseen cards, as each hint rollout does;
- ``random``: a side drawn uniformly among those whose rule takes the card (5a over 12
  included: the rule takes it, the scoring costs it).

One more policy, ``hint-own-pile``, sees what no player sees: the order of its own cards
still to come (``hint.foreseen_hint``). It is not one of the default ``POLICIES``; a study
asks for it by name to measure how much of the hint's regret is not knowing one's pile.

A game or a round is played by ``models.state.play`` with the policies as bots
(``solvers.subito.state_bots``): both place at the same speed, as the hint's rollouts
assume, the two sides of the table alternating one card each.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Card, Side, Table, accepts, seen_by
from cardsolve.models.subito.table import FACE_DOWN
from cardsolve.solvers.subito.hint import foreseen_hint, hint
from cardsolve.solvers.subito.rollout import Hands, greedy_side
from cardsolve.solvers.subito.settings import SAMPLES


@dataclass(frozen=True)
class Turn:
    """A player's decision: the table as it lies (every card named), the player (1 or 2)
    who has just turned over ``card``, the deck the unseen cards come from, the decision's
    seed, and the player's cards still to come after ``card``, top first (only
    ``hint-own-pile`` looks at them)."""

    table: Table
    player: int
    card: Card
    deck: tuple[Card, ...]
    seed: int
    coming: tuple[Card, ...] = ()


class Policy(Protocol):
    """Chooses the side for the card turned over, from what the player sees."""

    @property
    def name(self) -> str:
        """The policy's name in studies."""

    def choose(self, turn: Turn) -> Side:
        """The side to place ``turn.card`` on."""


@dataclass(frozen=True)
class HintPolicy:
    """The hint's best side, over ``samples`` rollouts per side."""

    samples: int = SAMPLES
    name: str = "hint"

    def choose(self, turn: Turn) -> Side:
        """The side the hint ranks first."""
        return hint(turn.table, turn.player, turn.card, turn.deck, self.samples, turn.seed).best.side


@dataclass(frozen=True)
class OwnPileHintPolicy:
    """The hint's best side when the player's own coming cards are known (an oracle)."""

    samples: int = SAMPLES
    name: str = "hint-own-pile"

    def choose(self, turn: Turn) -> Side:
        """The side ``foreseen_hint`` ranks first."""
        return foreseen_hint(
            turn.table, turn.player, turn.card, turn.deck, turn.coming, self.samples, turn.seed
        ).best.side


@dataclass(frozen=True)
class GreedyPolicy:
    """The rollouts' greedy side, the opponent's face-down 5a cards drawn from the unseen cards."""

    name: str = "greedy"

    def choose(self, turn: Turn) -> Side:
        """``rollout.greedy_side`` on the table as the player sees it."""
        seen = seen_by(turn.table, turn.player)
        mine, theirs = seen.players[turn.player - 1], seen.players[2 - turn.player]
        on_table = {card for placed in seen.players for cards in placed.placed.values() for card in cards}
        unseen = [card for card in turn.deck if card not in on_table and card != turn.card]
        me = Hands(mine.name, {side.name: list(mine.on(side)) for side in seen.tasks})
        them = Hands(theirs.name, {side.name: list(theirs.on(side)) for side in seen.tasks})
        if theirs.hidden:
            them.placed[FACE_DOWN] = random.Random(turn.seed).sample(unseen, theirs.hidden)
        return greedy_side(seen.tasks, me, them, turn.card)


@dataclass(frozen=True)
class RandomPolicy:
    """A side drawn uniformly among those whose rule takes the card."""

    name: str = "random"

    def choose(self, turn: Turn) -> Side:
        """A seeded uniform draw over the sides that accept the card."""
        mine = turn.table.players[turn.player - 1]
        taken = [side for side in turn.table.tasks if accepts(side, mine.on(side), turn.card)]
        return random.Random(turn.seed).choice(taken)


POLICIES: dict[str, Policy] = {policy.name: policy for policy in (HintPolicy(), GreedyPolicy(), RandomPolicy())}
"""The policies by name, at their default settings."""
ORACLE = OwnPileHintPolicy().name
"""The policy that sees its own coming cards, asked for by name only."""


def policy(name: str, hint_samples: int = SAMPLES) -> Policy:
    """The policy ``name`` (a hint with ``hint_samples`` rollouts per side); an unknown
    name is bad input naming it."""
    if name == ORACLE:
        return OwnPileHintPolicy(hint_samples)
    if name not in POLICIES:
        raise BadInput(f"no policy {name!r}: the policies are {', '.join([*POLICIES, ORACLE])}", name)
    return HintPolicy(hint_samples) if name == "hint" else POLICIES[name]


def decision_seed(seed: int, player: int, card: int) -> int:
    """The seed of ``player``'s decision on their card number ``card`` in a round seeded ``seed``."""
    return random.Random(f"{seed}:{player}:{card}").getrandbits(32)
