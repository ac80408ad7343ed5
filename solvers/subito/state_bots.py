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
this round; a round dealt on its own (the hints study's, ``models.subito.state.dealt_round``)
gives the bot its round seed directly (``round_seeds``). The bot's decisions depend on what
the seat sees and its seed only, not on the random source ``play`` hands it.

The bots: ``hint``, ``greedy`` and ``random``, the policies the hints study compares.
``hint-own-pile`` is no seat's bot: it reads the order of its own pile, which no seat sees;
the study plays it as a bot that sees all (``PolicyBot`` of that policy, a bound).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardsolve.models.errors import BadInput, is_whole, shown
from cardsolve.models.listing import check_one_per_seat, read_names
from cardsolve.models.state import Bot, GameState, Move, play
from cardsolve.models.subito.cards import Card
from cardsolve.models.subito.scoring import ROUNDS
from cardsolve.models.subito.state import DECK, SubitoState, dealt_round
from cardsolve.models.subito.table import PILE, Table
from cardsolve.models.subito.tasks import Side
from cardsolve.solvers.infrastructure.limits import check_count
from cardsolve.solvers.subito.policies import ORACLE, POLICIES, Policy, Turn, decision_seed, policy
from cardsolve.solvers.subito.settings import MAX_SAMPLES, SAMPLES


def round_seed(seed: int, round_: int) -> int:
    """The seed of round ``round_`` of a bot seeded ``seed``: the round's deal seed in a
    game started with ``seed`` (``seed`` times the rounds, plus the round)."""
    return seed * ROUNDS + round_


def turn_of(seen: SubitoState, seed: int) -> Turn:
    """The policy's decision at ``seen``, a position where a seat has turned a card over:
    the table as it is given, the seat's side of the table (1 or 2), the card, the bundled
    deck, the decision's seed (``decision_seed`` of the round's seed, ``round_seed`` of
    ``seed``, the side and the cards that side has placed this round) and the seat's
    coming cards as far as ``seen`` names them (all of them only for a bot that sees all)."""
    return round_turn(seen, round_seed(seed, seen.round))


def round_turn(seen: SubitoState, seed: int) -> Turn:
    """``turn_of`` with the round's own seed ``seed`` (a round dealt on its own, as the
    hints study deals them, has no game seed)."""
    seat = seen.to_move
    card = seen.turned
    if seat is None or card is None:
        raise BadInput("a Subito bot places the card its seat has turned over: no seat has one here")
    entry = seen.entry_of(seat)
    decided = decision_seed(seed, entry + 1, seen.counts[entry])
    coming = tuple(next_card for next_card in seen.piles[seat - 1] if next_card is not None)
    return Turn(seen.table, entry + 1, card, DECK, decided, coming)


class PolicyBot:
    """``chooser`` as a protocol bot seeded ``seed``: the side it chooses for the seat's
    ``turn_of`` (``round_turn`` by ``round_seeds`` when given) of what it is handed, as
    the legal move naming it (a side it chooses that is not legal there is a bug,
    ``AssertionError``). It sees all (``sees_all``) when the policy reads its own coming
    cards: a bound, no seat's honest player."""

    def __init__(self, chooser: Policy, seed: int = 0, round_seeds: Callable[[int], int] | None = None) -> None:
        self.chooser, self.seed, self.round_seeds = chooser, seed, round_seeds
        self.sees_all = chooser.name == ORACLE

    def __call__(self, seen: GameState, rng: random.Random) -> Move:
        if not isinstance(seen, SubitoState):
            raise BadInput(f"a Subito bot plays Subito, not {seen.game}", seen.game)
        turn = turn_of(seen, self.seed) if self.round_seeds is None else round_turn(seen, self.round_seeds(seen.round))
        side = self.chooser.choose(turn)
        legal = seen.legal_moves()
        for move in legal:
            if str(move) == side.name:
                return move
        raise AssertionError(
            f"policy {self.chooser.name} placed {seen.turned} on {side.name}, not a legal move: "
            f"{', '.join(map(str, legal))}"
        )

    def __repr__(self) -> str:
        return f"PolicyBot({self.chooser.name!r}, seed={self.seed})"


def _maker(name: str) -> Callable[[int], Bot]:
    """The bot of the policy ``name`` at its default settings, by seed."""
    return lambda seed: PolicyBot(POLICIES[name], seed)


BOTS: dict[str, Callable[[int], Bot]] = {name: _maker(name) for name in POLICIES}
"""The bots by name (the policies' names: hint, greedy, random), each made from a seed."""


def check_name(name: object) -> None:
    """``name`` is a key of ``BOTS``; else bad input naming it and the bots."""
    if not isinstance(name, str) or name not in BOTS:
        raise BadInput(
            f"no Subito bot {shown(name)}: the bots are {', '.join(BOTS)} "
            "(hint-own-pile reads its own pile, which no seat sees)",
            str(name),
        )


def bot(name: str, seed: int = 0, *, hint_samples: int = SAMPLES) -> Bot:
    """The bot ``name`` seeded ``seed`` (``hint`` with ``hint_samples`` rollouts a side);
    an unknown name, a negative seed or a count of rollouts out of range is bad input
    naming it (an unknown name with the bots)."""
    check_name(name)
    if not is_whole(seed) or seed < 0:
        raise BadInput(f"bad seed {shown(seed)}: give a whole number, 0 or more", str(seed))
    check_count("samples", hint_samples, 1, MAX_SAMPLES)
    return PolicyBot(policy(name, hint_samples), seed)


def round_table(
    tasks: Sequence[Side],
    piles: Sequence[Sequence[Card]],
    choosers: tuple[Policy, Policy],
    seed: int,
    placements: int | None = None,
) -> Table:
    """The table of a 2-player round dealt ``tasks`` and ``piles`` (``dealt_round``) after
    ``placements`` cards placed in all (the whole round when None), played out by
    ``models.state.play`` with seat s's card placed by ``choosers[s - 1]``'s bot, its
    decisions seeded by the round's seed ``seed``: the hints study's round, and the greedy
    tables the tests and benchmarks answer."""
    if placements is not None and not 0 <= placements <= 2 * PILE - 1:
        raise BadInput(f"bad placements {placements}: a round places 0 to {2 * PILE - 1} cards", str(placements))
    bots = [PolicyBot(chooser, round_seeds=lambda _: seed) for chooser in choosers]
    moves = 2 * (2 * PILE) if placements is None else 2 * placements
    end = play(dealt_round(tasks, piles), bots, max_moves=moves)
    assert isinstance(end, SubitoState)
    return end.table


def seat_bots(bots: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
    """One bot name per seat, seat 1 first, from ``hint,greedy,...`` or a list (None: the
    hint at every seat); a wrong count or an unknown name is bad input naming it."""
    names = read_names(bots) if bots else ("hint",) * players
    check_one_per_seat(names, players, "bot")
    for name in names:
        check_name(name)
    return names
