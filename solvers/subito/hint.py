"""Subito hints: where to place the card just turned over, when the rest of the pile is
unknown (the hint, its rollouts and their policies in short: docs/pages/solvers.md,
``#subito-hint``).

The hint sees what the player sees (``models.subito.table.seen_by``): the other side's
cards on task 5 side a lie face down, so only their count is known, whatever the table
file names. Each side whose rule takes the card is scored by the round points it leads
to on average over seeded rollouts: the cards not seen (the deck less the seen cards on
the table and the card in hand) are shuffled, the other side's face-down 5a cards are
drawn from them first, the rest are dealt as the rest of both piles (each side of the
table holds 36 cards in all), the card goes on the side, and the round is played on, the
opponent moving next, by the policies of ``solvers.subito.rollout``: the opponent by the
greedy policy, the hinted player by the planner policy (greedy's gain weighed with how
contested and how open each side is), with which the hint picks better sides than with
greedy play-outs (issue 17's study). Every side is
tried on the same shuffles, so the differences between sides are not noise between
different deals. The answer is an estimate over sampled deals, and says so. The rollouts
run in numba (``solvers.subito.fast_rollout``, checked against ``rollout.play_out`` in
tests), so the default of ``SAMPLES`` rollouts per side takes about a tenth of a second.

Task 5 side a takes every card: a card that takes the player's sum there over 12 is a
side like any other, which costs the task card (the rulebook's 5a limit); the hint marks
it and its estimate counts the loss.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Card, Side, Table, accepts, check_distinct, seen_by
from cardsolve.models.subito.table import FACE_DOWN, PILE, entry_of
from cardsolve.solvers.subito.results import Hint, SideEstimate
from cardsolve.solvers.subito.rollout import fits
from cardsolve.solvers.subito.settings import SAMPLES

if TYPE_CHECKING:  # numpy loads with the first hint: the API, and every Subito command's help, start without it
    import numpy as np
    from numpy.typing import NDArray


def _cards_on(table: Table) -> list[Card]:
    """The seen cards on the table."""
    return [c for placed in table.players for side in table.tasks for c in placed.on(side)]


def _unseen(deck: Sequence[Card], seen: Table, card: Card) -> list[Card]:
    """The deck's cards that are neither seen on the table nor the card in hand."""
    known = set(_cards_on(seen)) | {card}
    return [c for c in deck if c not in known]


def _pile_sizes(seen: Table, entry: int, dealt: int) -> list[int]:
    """The cards each side of the table has still to place after the hinted card: the rest
    of its 36, shared out in proportion when ``dealt`` unseen cards (a deck of the user's
    own cards may be short of the printed 72) cannot fill them."""
    rest = [PILE - placed.count for placed in seen.players]
    rest[entry] -= 1
    if sum(rest) > dealt:
        rest = [round(dealt * r / sum(rest)) for r in rest]
    return rest


def _shuffles(unseen: int, samples: int, seed: int) -> NDArray[np.int64]:
    """``samples`` seeded orders of the ``unseen`` cards (as positions in their list), one
    per rollout."""
    import numpy as np

    rng = np.random.default_rng(random.Random(seed).getrandbits(64))
    return rng.permuted(np.tile(np.arange(unseen, dtype=np.int64), (samples, 1)), axis=1)


def hint(
    table: Table,
    player: int,
    card: Card,
    deck: Sequence[Card],
    samples: int = SAMPLES,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Hint:
    """Rank the sides for ``card``, turned over by ``player`` (1 or 2) at ``table``, by
    expected round points over ``samples`` rollouts (see the module docstring);
    ``progress`` hears (rollouts done, rollouts in all)."""
    return _ranked(table, player, card, deck, samples, seed, progress, ())


def foreseen_hint(
    table: Table,
    player: int,
    card: Card,
    deck: Sequence[Card],
    coming: Sequence[Card],
    samples: int = SAMPLES,
    seed: int = 0,
) -> Hint:
    """``hint`` for a player who knows the order of their own cards still to come after
    ``card`` (``coming``, the whole rest of their pile): every rollout deals them as the
    player's pile, the other unseen cards shuffled as before. No player knows this; the
    ``subito hints`` study uses it to measure what not knowing one's own pile costs."""
    return _ranked(table, player, card, deck, samples, seed, None, tuple(coming))


def _ranked(
    table: Table,
    player: int,
    card: Card,
    deck: Sequence[Card],
    samples: int,
    seed: int,
    progress: Callable[[int, int], None] | None,
    coming: tuple[Card, ...],
) -> Hint:
    """The hint's ranking, the player's coming cards known when ``coming`` names them."""
    entry = entry_of(player)
    if samples < 1:
        raise BadInput(f"bad number of samples {samples}: give 1 or more", str(samples))
    check_distinct(
        [*_cards_on(table), card, *coming], "the table, card and coming cards" if coming else "the table and card"
    )
    seen = seen_by(table, player)
    mine = seen.players[entry]
    if mine.count >= PILE:
        raise BadInput(f"{mine.name} has placed all {PILE} cards: no card left to turn over", str(mine.count))
    unseen = _unseen(deck, seen, card)
    face_down = seen.players[1 - entry].hidden
    if face_down > len(unseen):
        raise BadInput(
            f"{face_down} cards lie face down on {FACE_DOWN}, but only {len(unseen)} cards of the deck are unseen",
            str(face_down),
        )
    rest = _pile_sizes(seen, entry, len(unseen) - face_down)
    if coming:
        unseen, orders = _foreseen_orders(unseen, coming, face_down, rest[entry], samples, seed)
    else:
        orders = _shuffles(len(unseen), samples, seed)
    taken = [s for s in seen.tasks if accepts(s, mine.on(s), card)]
    rollouts = _Rollouts(seen, entry, card, deck, unseen, orders, rest)
    estimates = []
    for k, side in enumerate(taken):
        scores = rollouts.scores(side)
        if progress is not None:
            progress((k + 1) * samples, len(taken) * samples)
        spread = float(scores.std(ddof=1)) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
        estimates.append(
            SideEstimate(side, float(scores.mean()), spread, loses_task=not fits(side, mine.on(side), card))
        )
    estimates.sort(key=lambda e: (-e.mean, -e.side.number))
    refused = tuple(s for s in seen.tasks if s not in taken)
    return Hint(card, player, samples, seed, tuple(estimates), refused, face_down)


def _foreseen_orders(
    unseen: Sequence[Card], coming: tuple[Card, ...], face_down: int, own: int, samples: int, seed: int
) -> tuple[list[Card], NDArray[np.int64]]:
    """The unseen cards with the coming ones last, and orders over them in which the
    coming cards, in their order, are the player's pile: after the other side's
    ``face_down`` 5a cards, the ``own`` cards of the player's pile; every other unseen
    card shuffled as ``_shuffles`` does."""
    if len(coming) != own or not set(coming) <= set(unseen):
        raise ValueError(f"the coming cards must be the player's {own} unseen cards still to come, not {len(coming)}")
    import numpy as np

    later = set(coming)
    others = [c for c in unseen if c not in later]
    shuffled = _shuffles(len(others), samples, seed)
    pile = np.tile(np.arange(len(others), len(others) + own, dtype=np.int64), (samples, 1))
    return [*others, *coming], np.hstack([shuffled[:, :face_down], pile, shuffled[:, face_down:]])


class _Rollouts:
    """The rollouts of one hint, played by ``fast_rollout.hint_rollouts``: the other side's
    face-down 5a cards turned over from the front of each order, the card on the side
    asked about, the two piles dealt from the rest of the order (the hinted player's
    first), the opponent to move."""

    def __init__(
        self,
        seen: Table,
        entry: int,
        card: Card,
        deck: Sequence[Card],
        unseen: Sequence[Card],
        orders: NDArray[np.int64],
        rest: list[int],
    ) -> None:
        import numpy as np

        from cardsolve.solvers.subito.fast_rollout import Encoding  # numba loads with the first hint

        known = set(deck)
        self.code = Encoding(seen.tasks, [*deck, *(c for c in [*_cards_on(seen), card] if c not in known)])
        self.entry, self.card = entry, self.code.index[card]
        self.face_down = seen.players[1 - entry].hidden
        self.orders = self.code.encode(unseen)[orders]
        dealt = len(unseen) - self.face_down
        own = max(0, min(rest[entry], dealt))
        sizes = [0, 0]
        sizes[entry], sizes[1 - entry] = own, max(0, min(rest[1 - entry], dealt - own))
        self.rest = np.array(sizes, dtype=np.int64)
        self.seats = self.code.seat_arrays([{s.name: placed.on(s) for s in seen.tasks} for placed in seen.players])

    def scores(self, side: Side) -> NDArray[np.int64]:
        """The hinted player's round points in each rollout with the card on ``side``."""
        import numpy as np

        from cardsolve.solvers.subito.fast_rollout import hint_rollouts

        code = self.code
        state, count, total = self.seats
        sides = np.array([code.tasks.index(side)], dtype=np.int64)
        found: NDArray[np.int64] = hint_rollouts(
            code.table,
            code.numbers,
            code.pts,
            code.five,
            code.share,
            state,
            count,
            total,
            self.entry,
            self.card,
            sides,
            self.orders,
            self.face_down,
            self.rest,
        )
        return np.asarray(found[0], dtype=np.int64)
