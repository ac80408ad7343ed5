"""Shared helpers of the Was sticht? tests: a chip made of given conditions, seeded
endings, the questions on which the numba kernel and the reference disagree, and a draft
played through the game in progress."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardsolve.models.was_sticht import CHIPS, Card, Chip, Condition, DraftView, Trumps, random_ending, random_start
from cardsolve.models.was_sticht.draft import pick_order
from cardsolve.models.was_sticht.play import Position
from cardsolve.models.was_sticht.state import WasStichtState, load
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible
from cardsolve.solvers.was_sticht.state_bots import draft_view


def drafted(
    layout: Sequence[Sequence[Card]], trumps: Trumps, dealer: int, picks: Sequence[Callable[[DraftView], Card]]
) -> WasStichtState:
    """The draft of the laid-out columns ``layout`` under ``trumps``, dealt by ``dealer``
    (from 0), by ``len(picks)`` players, seat s picking by ``picks[s]`` from what it sees
    (``draft_view`` of its observation), each clue the table's: the game in progress
    from the end of the preparation to the reveal."""
    players = len(picks)
    doc = {
        "game": "was_sticht",
        "to_move": pick_order(dealer, 0, players)[0] + 1,
        "dealer": dealer + 1,
        "pool": [],
        "chips": [[chip.id for chip in CHIPS[5 * seat : 5 * seat + 5]] for seat in range(players)],
        "trump": {"suit": trumps.suit, "number": trumps.number},
        "trump_shown": False,
        "columns": [[card.name for card in column] for column in layout],
        "taken": [],
        "clues": [],
        "hands": [[] for _ in range(players)],
        "chosen": [None] * players,
        "chips_shown": False,
        "trick": [],
        "tricks": [],
        "discarded": [[] for _ in range(players)],
    }
    state = load(doc)
    while state.phase in ("pick", "clue"):
        seat = state.seat_to_move
        if state.phase == "clue" or seat is None:
            (clue,) = state.legal_moves()
            state = state.apply(clue)
        else:
            state = state.apply(picks[seat](draft_view(state.observation(seat + 1))).name)
    return state


def chip_of(*conditions: Condition) -> Chip:
    """A test chip whose task is the given conditions."""
    return Chip("test", "Test", "Test", 1, "stand-in", conditions)


def ending(rng: random.Random, tricks_left: int, players: int = 0) -> Position:
    """A seeded ending: 3 or 4 players (0: either), random trumps (of the 50); hands of
    ``tricks_left`` cards dealt on their own (2 in 5), or a full deal played at random
    until ``tricks_left`` tricks are left, sometimes (1 in 5) one card into the next."""
    players = players or rng.choice((3, 4))
    kind = rng.random()
    if kind < 0.4:
        return random_start(rng, players, tricks_left)
    position = random_ending(rng, tricks_left, players)
    return position.play(rng.choice(position.legal())) if kind >= 0.8 else position


def short_ending(rng: random.Random) -> Position:
    """A seeded ``ending`` of 2 to 4 tricks (3 twice as often), of 3 players when 4 are left
    (the reference's time on 4-player endings of 4 tricks grows too long)."""
    tricks_left = rng.choice((2, 3, 3, 4))
    return ending(rng, tricks_left, 3 if tricks_left == 4 else 0)


def disagreements(position: Position, player: int, chip: Chip, where: str) -> list[str]:
    """The questions (forceable, possible) on which numba and the reference differ, named
    by ``where``."""
    found = []
    if forceable(position, player, chip) != forceable(position, player, chip, "reference"):
        found.append(f"forceable: {where}")
    if possible(position, player, chip) != possible(position, player, chip, "reference"):
        found.append(f"possible: {where}")
    return found


def chip_cycle_disagreements(rng: random.Random, count: int, chips: Sequence[Chip] = CHIPS) -> list[str]:
    """The disagreements on ``count`` seeded ``short_ending``s, a random player each and
    the chips (the 24 unless given) in turn."""
    found = []
    for k in range(count):
        position = short_ending(rng)
        player = rng.randrange(position.players)
        chip = chips[k % len(chips)]
        found += disagreements(position, player, chip, f"ending {k}: {position}, player {player}, chip {chip.id}")
    return found
