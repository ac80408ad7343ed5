"""Subito's placement policies (``solvers.subito.policies``) as bots of the one game
protocol (``models.state.Bot``), so that ``models.state.play`` plays a whole game of them.

A bot is given what its seat sees (``SubitoState.observation``): the table with the other
side of the table's face-down 5a cards counted, not named, and the card the seat has just
turned over. It makes the policy's ``Turn`` of it (the table as the seat sees it, the
seat's side of the table as the player, 1 or 2, the card, the bundled deck and the
decision's seed), asks the policy for a side and returns the legal move naming that side.
The policies see the table through ``models.subito.table.seen_by`` (or, ``random``, only
their own side's cards), so the seen table gives them the decision the full one does.

A decision's seed is the rollouts' ``policies.decision_seed`` of the round's seed (the
bot's seed, as a game's, times the 3 rounds plus the round: the round's deal seed in
``models.subito.state.start``), the side of the table and the cards that side has placed
this round: a bot seeded as the game plays round 1 as ``policies.play_round`` with that
deal seed does. The bot's decisions depend on what the seat sees and its seed only, not
on the random source ``play`` hands it.

The bots: ``hint``, ``greedy`` and ``random``, the policies the hints study compares.
``hint-own-pile`` is no seat's bot: it reads the order of its own pile, which no seat sees.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardsolve.models.errors import BadInput, is_whole, shown
from cardsolve.models.state import Bot, GameState, Move
from cardsolve.models.subito.scoring import ROUNDS
from cardsolve.models.subito.state import DECK, SubitoState
from cardsolve.solvers.infrastructure.limits import check_count
from cardsolve.solvers.subito.policies import POLICIES, Policy, Turn, decision_seed, policy
from cardsolve.solvers.subito.settings import MAX_SAMPLES, SAMPLES


def round_seed(seed: int, round_: int) -> int:
    """The seed of round ``round_`` of a bot seeded ``seed``: the round's deal seed in a
    game started with ``seed`` (``seed`` times the rounds, plus the round)."""
    return seed * ROUNDS + round_


def turn_of(seen: SubitoState, seed: int) -> Turn:
    """The policy's decision at ``seen``, a position where a seat has turned a card over:
    the table as it is given, the seat's side of the table (1 or 2), the card, the bundled
    deck and the decision's seed (``decision_seed`` of the round's seed, the side and the
    cards that side has placed this round)."""
    seat = seen.to_move
    card = seen.turned
    if seat is None or card is None:
        raise BadInput("a Subito bot places the card its seat has turned over: no seat has one here")
    entry = seen.entry_of(seat)
    decided = decision_seed(round_seed(seed, seen.round), entry + 1, seen.counts[entry])
    return Turn(seen.table, entry + 1, card, DECK, decided)


def policy_bot(chooser: Policy, seed: int = 0) -> Bot:
    """``chooser`` as a protocol bot seeded ``seed``: the side it chooses for the seat's
    ``turn_of`` the observation, as the observation's legal move naming it (a side it
    chooses that is not legal there is a bug, ``AssertionError``)."""

    def choose(seen: GameState, rng: random.Random) -> Move:
        if not isinstance(seen, SubitoState):
            raise BadInput(f"a Subito bot plays Subito, not {seen.game}", seen.game)
        side = chooser.choose(turn_of(seen, seed))
        legal = seen.legal_moves()
        for move in legal:
            if str(move) == side.name:
                return move
        raise AssertionError(
            f"policy {chooser.name} placed {seen.turned} on {side.name}, not a legal move: {', '.join(map(str, legal))}"
        )

    return choose


def _maker(name: str) -> Callable[[int], Bot]:
    """The bot of the policy ``name`` at its default settings, by seed."""
    return lambda seed: policy_bot(POLICIES[name], seed)


BOTS: dict[str, Callable[[int], Bot]] = {name: _maker(name) for name in POLICIES}
"""The bots by name (the policies' names: hint, greedy, random), each made from a seed."""


def bot(name: str, seed: int = 0, *, hint_samples: int = SAMPLES) -> Bot:
    """The bot ``name`` seeded ``seed`` (``hint`` with ``hint_samples`` rollouts a side);
    an unknown name, a negative seed or a count of rollouts out of range is bad input
    naming it (an unknown name with the bots)."""
    if not isinstance(name, str) or name not in BOTS:
        raise BadInput(
            f"no Subito bot {shown(name)}: the bots are {', '.join(BOTS)} "
            "(hint-own-pile reads its own pile, which no seat sees)",
            str(name),
        )
    if not is_whole(seed) or seed < 0:
        raise BadInput(f"bad seed {shown(seed)}: give a whole number, 0 or more", str(seed))
    check_count("samples", hint_samples, 1, MAX_SAMPLES)
    return policy_bot(policy(name, hint_samples), seed)
