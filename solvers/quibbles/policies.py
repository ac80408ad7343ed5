"""Players for the Quibbles engine: random, greedy, and the lookahead of the hint.

A policy maps a state (the player to act is the one choosing) and a random source to a
legal turn. The greedy player takes the most display cards it can (a split before an
equally large combine, since it costs one card), else lays on the display its card
furthest from a stash; then it stashes whatever raises its collection most.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from models.quibbles import (
    COLLECTION_LIMIT, Action, Combine, Counts, Draw, Split, Stash, State, Turn, Variant, combinable,
)
from solvers.quibbles.split import best_split

Policy = Callable[[State, random.Random], Turn]


def random_policy(state: State, rng: random.Random) -> Turn:
    """A legal turn drawn uniformly from every legal turn."""
    return rng.choice(state.legal_turns())


def hand_after(state: State, action: Action) -> Counts:
    """The acting player's hand once ``action`` is done (before any stash); a DRAW's two
    unknown cards are not counted."""
    hand = state.hands[state.to_act][:]
    if isinstance(action, Split):
        hand[action.card] -= 1
    elif isinstance(action, Combine):
        for v in action.played:
            hand[v] -= 1
    else:
        hand[action.card] -= 1
    for i in action.taken:
        hand[state.display[i]] += 1
    return hand


def greedy_stash(state: State, hand: Counts) -> Stash | None:
    """The stash that raises the collection's worth most (simplified: a missing value
    first), or None when no stash raises it."""
    collection = state.collections[state.to_act]
    full = sum(collection) >= COLLECTION_LIMIT
    lowest = next((v for v in range(1, 7) if collection[v]), 0)
    best, best_gain = None, 0
    for v in range(1, 7):
        if hand[v] < v:
            continue
        if state.variant is Variant.SIMPLIFIED:
            gain = 10 - v if not collection[v] else 0  # any missing value will do; cheaper first
        else:
            gain = v - lowest if full else v
        if gain > best_gain:
            evict = (lowest if state.variant is not Variant.SIMPLIFIED else _spare(collection)) if full else None
            if full and evict is None:
                continue
            best, best_gain = Stash(v, evict), gain
    return best


def _spare(collection: Counts) -> int | None:
    """Simplified: a collection card held twice, the one to give up for a missing value."""
    return next((v for v in range(1, 7) if collection[v] > 1), None)


def most_taking_actions(state: State) -> list[Action]:
    """For each card value, the split that takes the most; for each played group, the
    combine that takes every matching display card."""
    hand, display = state.hands[state.to_act], state.display
    actions: list[Action] = []
    for v in range(2, state.variant.top_value + 1):
        if hand[v]:
            found = best_split(display, v)
            if found.taken:
                actions.append(Split(v, found.sets))
    for part in combinable(hand, state.variant.top_value):
        where = tuple(i for i, d in enumerate(display) if d == sum(part))
        if where:
            actions.append(Combine(part, where))
    return actions


def draw_card(state: State) -> int:
    """The card to lay on the display: the one furthest from a stash (fewest copies
    against its value), the higher value on a tie."""
    hand = state.hands[state.to_act]
    return max((v for v in range(1, 7) if hand[v]), key=lambda v: (v - hand[v], v))


def greedy_policy(state: State, rng: random.Random) -> Turn:
    """Take the most cards (see the module docstring), then the best stash."""
    actions = most_taking_actions(state)

    def size(action: Action) -> tuple[int, int]:
        played = 1 if isinstance(action, Split) else len(action.played)
        return len(action.taken), -played

    action: Action = max(actions, key=size) if actions else Draw(draw_card(state))
    return Turn(action, greedy_stash(state, hand_after(state, action)))
