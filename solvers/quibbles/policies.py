"""Players for the Quibbles engine: random, greedy, and the hint's lookahead.

A turn is two decisions (see the engine): a policy chooses the action, and then, with
the hand the action left (a DRAW's new cards included), the stash. The greedy player
takes the most display cards it can (a split before an equally large combine, since it
costs one card), else lays on the display its card furthest from a stash; then it
stashes whatever raises its collection most.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Protocol

from cardsolve.models.quibbles import (
    COLLECTION_LIMIT,
    Action,
    Combine,
    Counts,
    Draw,
    Split,
    Stash,
    State,
    Variant,
    combinable,
)
from cardsolve.solvers.quibbles.split import best_split


class Policy(Protocol):
    """Chooses the player to act's action, then (after ``State.act``) their stash."""

    def action(self, state: State, rng: random.Random) -> Action: ...

    def stash(self, state: State, rng: random.Random) -> Stash | None: ...


def play_turn(state: State, policy: Policy, rng: random.Random) -> tuple[Action, Stash | None]:
    """One whole turn of ``policy`` for the player to act; returns what it chose."""
    action = policy.action(state, rng)
    state.act(action)
    stash = policy.stash(state, rng)
    state.finish(stash)
    return action, stash


class RandomPolicy:
    """A legal action drawn uniformly, then a stash drawn uniformly (not stashing counts
    as one choice)."""

    def action(self, state: State, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())

    def stash(self, state: State, rng: random.Random) -> Stash | None:
        return rng.choice([None, *state.stash_options()])


def greedy_stash(state: State, hand: Counts | None = None) -> Stash | None:
    """The stash from ``hand`` (default: the hand now) that raises the collection's worth
    most (simplified: a missing value first), or None when no stash raises it."""
    hand = state.hands[state.to_act] if hand is None else hand
    collection = state.collections[state.to_act]
    full = sum(collection) >= COLLECTION_LIMIT
    simplified = state.variant is Variant.SIMPLIFIED
    lowest = next((v for v in range(1, 7) if collection[v]), 0)
    evict = (_spare(collection) if simplified else lowest) if full else None
    if full and evict is None:
        return None
    best, best_gain = None, 0
    for v in range(1, 7):
        if hand[v] < v:
            continue
        if simplified:
            gain = 10 - v if not collection[v] else 0  # any missing value will do; cheaper first
        else:
            gain = v - lowest if full else v
        if gain > best_gain:
            best, best_gain = Stash(v, evict), gain
    return best


def _spare(collection: Counts) -> int | None:
    """Simplified: a collection card held twice, the one to give up for a missing value."""
    return next((v for v in range(1, 7) if collection[v] > 1), None)


def most_taking_actions(state: State) -> list[Action]:
    """For each card value, the split that takes the most; for each played group, the
    combine that takes every matching display card."""
    hand, display = state.hands[state.to_act], state.display
    shown = tuple(display)
    actions: list[Action] = []
    for v in range(2, state.variant.top_value + 1):
        if hand[v]:
            sets = _best_sets(shown, v)
            if sets:
                actions.append(Split.unchecked(v, sets))
    for part in _combinable(tuple(hand), state.variant.top_value):
        where = tuple(i for i, d in enumerate(display) if d == sum(part))
        if where:
            actions.append(Combine.unchecked(part, where))
    return actions


@lru_cache(maxsize=1 << 16)
def _best_sets(display: tuple[int, ...], value: int) -> tuple[tuple[int, ...], ...]:
    """The sets of ``best_split`` (display positions), remembered: lookahead meets the
    same displays again and again."""
    return best_split(display, value).sets


@lru_cache(maxsize=1 << 12)
def _combinable(hand: tuple[int, ...], top_value: int) -> list[tuple[int, ...]]:
    """``combinable`` of the hand's counts as a tuple, remembered (callers only read it)."""
    return combinable(list(hand), top_value)


def draw_card(state: State) -> int:
    """The card to lay on the display: the one furthest from a stash (fewest copies
    against its value), the higher value on a tie."""
    hand = state.hands[state.to_act]
    return max((v for v in range(1, 7) if hand[v]), key=lambda v: (v - hand[v], v))


class GreedyPolicy:
    """Take the most cards, then the best stash (see the module docstring)."""

    def action(self, state: State, rng: random.Random) -> Action:
        actions = most_taking_actions(state)
        if not actions:
            return Draw(draw_card(state))

        def size(action: Action) -> tuple[int, int]:
            played = len(action.played) if isinstance(action, Combine) else 1
            return len(action.taken), -played

        return max(actions, key=size)

    def stash(self, state: State, rng: random.Random) -> Stash | None:
        return greedy_stash(state)
