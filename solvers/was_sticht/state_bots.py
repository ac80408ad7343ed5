"""The Was sticht? bots (``bots.BOTS``: the solver bot and the random one) as protocol bots
(``models.state.Bot``) over a game in progress (``models.was_sticht.state``).

A bot is its old ``Policy`` behind an adapter: from what the seat to move sees (its
observation) the adapter builds the argument the policy's method for the phase takes,
calls it, and returns the legal move of the observation with the notation of its answer:

- preparation: ``draft_chip(seat, the chips on the table, every seat's chips)``, ``take <chip>``;
- draft: ``pick_card(DraftView)`` of the column's cards left, those taken from it, the
  seat's picks, the clues, the later columns and the trumps for the dealer only (the
  others see only the clues), the card's name;
- chip choice: ``choose_chip(ChipView)`` of the seat's chips, the draft (every hand, the
  clues, with 3 players the Table's cards) and the trumps, turned up by then, ``choose <chip>``;
- trick play: ``play_card(PlayView)`` of the trick position and the chosen chips, shown by
  then, the card's name;
- settlement: ``dealer_discard(dealer, his chips)``, ``discard <chip>``.

The layout, the clue, the reveal, the show and the next round's draw are the table's
moves: no bot makes them. The policies draw from their own seeded source
(``RandomPolicy(seed)``; the solver bot draws nothing but its seeded playouts), so a bot
made afresh by the same seed makes the same moves, and ``play``'s random source is left
unused. ``api.play`` plays whole games of these bots with ``models.state.play``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from cardsolve.models.errors import BadInput
from cardsolve.models.state import Bot, GameState, Move
from cardsolve.models.was_sticht.draft import ROWS, Draft, DraftView
from cardsolve.models.was_sticht.game import ChipView, PlayView, Policy, RandomPolicy
from cardsolve.models.was_sticht.state import WasStichtState
from cardsolve.solvers.infrastructure.arguments import checked
from cardsolve.solvers.was_sticht.bots import SolverBot


def _seat(seen: WasStichtState, phase: str) -> int:
    """The engine seat to move, in ``phase``; any other moment is bad input."""
    seat = seen.seat_to_move
    if seen.phase != phase or seat is None or seat < 0:
        raise BadInput(f"no seat is to {phase} in the {seen.phase} phase", seen.phase)
    return seat


def draft_view(seen: WasStichtState) -> DraftView:
    """What the seat to move knows when it picks: the trumps only if it is the dealer (the
    others' observation hides them anyway)."""
    seat = _seat(seen, "pick")
    trumps = seen.trumps if seat == seen.dealer else None
    return DraftView(
        seat, seen.dealer, seen.columns[0], seen.taken, seen.hands[seat], seen.clues, seen.columns[1:], trumps
    )


def chip_view(seen: WasStichtState) -> ChipView:
    """What the non-dealer to move knows when he chooses his chip: his chips, the draft
    (every hand, the clues, the Table's cards with 3 players) and the trumps, turned up
    before the choice."""
    seat = _seat(seen, "choose")
    assert seen.trumps is not None, "the trumps are turned up before the chips are chosen"
    table = tuple(clue.cards[ROWS - 1] for clue in seen.clues) if seen.players < ROWS else ()
    return ChipView(seat, seen.dealer, seen.chips[seat], Draft(seen.hands, seen.clues, table), seen.trumps)


def play_view(seen: WasStichtState) -> PlayView:
    """What the seat to move knows when it plays: the trick position (every hand, the trick
    so far, the tricks played) and the chosen chips, shown before the first card."""
    seat = _seat(seen, "play")
    return PlayView(seat, seen.dealer, seen.position(), seen.chosen_chips())


def decision(policy: Policy, seen: WasStichtState) -> str:
    """The notation of ``policy``'s decision for the seat to move in ``seen``: the phase's
    policy method called on what that seat knows (the module docstring lists them)."""
    phase = seen.phase
    seat = seen.seat_to_move
    if seat is None or seat < 0:
        raise BadInput(f"no seat decides in the {phase} phase: a bot makes no table move", phase)
    if phase == "prepare":
        return f"take {policy.draft_chip(seat, seen.pool, seen.chips).id}"
    if phase == "pick":
        return policy.pick_card(draft_view(seen)).name
    if phase == "choose":
        return f"choose {policy.choose_chip(chip_view(seen)).id}"
    if phase == "play":
        return policy.play_card(play_view(seen)).name
    return f"discard {policy.dealer_discard(seat, seen.chips[seat]).id}"


@dataclass(frozen=True)
class PolicyBot:
    """A protocol bot playing by ``policy``: the legal move of the observation whose
    notation is the policy's decision (``decision``); a decision not listed there is a
    bug of the adapter or the policy, an ``AssertionError`` naming both."""

    policy: Policy

    def __call__(self, seen: GameState, rng: random.Random) -> Move:
        if not isinstance(seen, WasStichtState):
            raise BadInput(f"a Was sticht? bot plays a Was sticht? round, not {seen.game}", seen.game)
        notation = decision(self.policy, seen)
        legal = {str(move): move for move in seen.legal_moves()}
        if notation not in legal:
            raise AssertionError(f"the policy chose {notation!r}, which is not a legal move: {', '.join(legal)}")
        return legal[notation]


BOTS: dict[str, Callable[[int], Bot]] = {
    "solver": lambda seed: PolicyBot(SolverBot()),
    "random": lambda seed: PolicyBot(RandomPolicy(seed)),
}
"""A maker of each bot by its ``--bots`` name (``bots.BOTS``), given a seed: the solver
bot (deterministic, the seed unused) and the random policy drawing from ``seed``."""


@checked
def bot(name: str, seed: int = 0) -> Bot:
    """The protocol bot named ``name`` (one of ``BOTS``), seeded by ``seed``; another name
    is bad input naming it and the choices."""
    if name not in BOTS:
        raise BadInput(f"unknown bot {name!r}: use {' or '.join(BOTS)}", name)
    return BOTS[name](seed)
