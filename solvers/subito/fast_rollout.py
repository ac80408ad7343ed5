"""The numba rollouts of the Subito hint: ``rollout.play_out``'s round (greedy, the
hinted player by the planner policy), played on plain integer arrays, many deals and
sides in one call.

Vocabulary:
- *card* ``k``: an index into the rollout's card list (the deck, then any card on the
  table or in hand that the deck lacks); ``numbers[k]`` its number.
- *side* ``s``: one of the eight sides in play, in order of number; ``pts[s]`` its points;
  ``five`` the index of task 5 side a (``ABSENT`` when side 5b is in play).
- *seat*: 0 or 1, the two entries of the table.
- A side's *state* for a seat: its row in the side's minimal transition table
  (``automaton.minimal_table`` over the card list: all the rule remembers of the cards
  there), ``DEAD`` once a card there broke the rule (the card and all later ones are
  removed at scoring, so nothing more counts there).

Encoding:
- ``table[s, state, k]``: the state after card k goes onto side s, ``REFUSED`` when the
  side does not take it (rows padded with ``REFUSED`` to one array).
- ``share[s, state]``: the share of the card list that side s takes in that state (the
  planner's measure of how open a side is).
- ``state``, ``count``, ``total``: ``[seat, side]`` arrays, the state, the cards kept and
  their sum.

The tables come from the model (``tasks.accepts``, through ``automaton``); building one
asks the model up to a few hundred thousand times, so each is kept in memory and in the
project's cache directory (``solvers.cache_dir``), under the side's name and the card list.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.subito import FIVE_A_LIMIT, Card, Side, check_cards, points
from cardsolve.solvers.infrastructure.cache import cache_root
from cardsolve.solvers.infrastructure.jit import borrowed, njit
from cardsolve.solvers.subito.automaton import NONE, minimal_table
from cardsolve.solvers.subito.rollout import GREEDY, PLANNER

REFUSED = NONE
"""In a transition table: the side does not take the card."""
DEAD = -2
"""A side's state once a wrong card lies there: it takes no card more."""
ABSENT = -1
"""The index of 5a when side 5b is in play."""
FIVE_A = "5a"
SEATS = 2
GREEDY_WEIGHTS = np.array(GREEDY.as_array(), dtype=np.float64)
"""``rollout.GREEDY`` as the kernels take it."""
PLANNER_WEIGHTS = np.array(PLANNER.as_array(), dtype=np.float64)
"""``rollout.PLANNER`` as the kernels take it."""


def _cache_file(side: Side, names: tuple[str, ...]) -> Path:
    """Where the table of ``side`` over the cards ``names`` is kept on disk."""
    digest = hashlib.sha256(",".join(names).encode()).hexdigest()[:24]
    return cache_root() / "subito-rules" / f"{side.name}-{digest}.npy"


def _read(path: Path, cards: int) -> NDArray[np.int32] | None:
    """A kept table, or None when there is none or it is not a table over ``cards`` cards."""
    try:
        table = np.load(path, allow_pickle=False)
    except (OSError, ValueError):
        return None
    fits = (
        table.ndim == 2
        and table.shape[1] == cards
        and table.shape[0] >= 1
        and table.dtype == np.int32
        and int(table.min(initial=0)) >= REFUSED
        and int(table.max(initial=0)) < table.shape[0]
    )
    return table if fits else None


def _write(path: Path, table: NDArray[np.int32]) -> None:
    """Keep ``table`` at ``path`` (written whole, then renamed); a cache that cannot be
    written is no error, the table is built again next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f"{path.stem}.{os.getpid()}.part.npy")
        np.save(part, table, allow_pickle=False)
        os.replace(part, path)
    except OSError:
        pass


@lru_cache(maxsize=64)
def _side_table(side: Side, cards: tuple[Card, ...]) -> NDArray[np.int32]:
    """The minimal transition table of ``side`` over ``cards``, from memory, the disk
    cache, or built from the model."""
    names = tuple(card.name for card in cards)
    path = _cache_file(side, names)
    table = _read(path, len(cards))
    if table is None:
        table = minimal_table(side, cards)
        _write(path, table)
    return table


def tables(tasks: Sequence[Side], cards: tuple[Card, ...]) -> NDArray[np.int32]:
    """``table[s, state, k]`` for the sides ``tasks`` over ``cards`` (see the module docstring)."""
    each = [_side_table(side, cards) for side in tasks]
    out = np.full((len(each), max(len(t) for t in each), len(cards)), REFUSED, dtype=np.int32)
    for s, table in enumerate(each):
        out[s, : len(table)] = table
    return out


class Encoding:
    """The arrays one rollout kernel call needs about a deal: the card list and its
    numbers, the sides' tables and points, and where 5a is."""

    def __init__(self, tasks: Sequence[Side], cards: Sequence[Card]) -> None:
        self.tasks = tuple(tasks)
        self.cards = tuple(cards)
        self.index = {card: k for k, card in enumerate(self.cards)}
        self.table = tables(self.tasks, self.cards)
        self.share = (self.table != REFUSED).mean(axis=2)
        self.numbers = np.array([card.number for card in self.cards], dtype=np.int64)
        self.pts = np.array([points(side) for side in self.tasks], dtype=np.int64)
        names = [side.name for side in self.tasks]
        self.five = names.index(FIVE_A) if FIVE_A in names else ABSENT

    def seat_arrays(
        self, seats: Sequence[Mapping[str, Sequence[Card]]]
    ) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
        """``state``, ``count`` and ``total`` of the two seats with these cards on each side
        (by side name, in placement order): each side's cards run through its table from
        the empty state, up to the first wrong card (``DEAD`` from there on)."""
        state = np.zeros((SEATS, len(self.tasks)), dtype=np.int64)
        count = np.zeros_like(state)
        total = np.zeros_like(state)
        for seat, placed in enumerate(seats):
            for s, side in enumerate(self.tasks):
                cards = placed.get(side.name, ())
                kept = check_cards(side, cards).kept
                st = 0
                for card in kept:
                    st = int(self.table[s, st, self.index[card]])
                state[seat, s] = st if len(kept) == len(cards) else DEAD
                count[seat, s], total[seat, s] = len(kept), sum(card.number for card in kept)
        return state, count, total

    def encode(self, cards: Sequence[Card]) -> NDArray[np.int64]:
        """The cards as indices into the card list."""
        return np.array([self.index[card] for card in cards], dtype=np.int64)


@njit(cache=True)
def _won(s: int, five: int, pts: NDArray[np.int64], count: int, total: int, opp_count: int, opp_total: int) -> int:
    """The points side s gives a seat with ``count`` cards summing to ``total`` against the
    other's: on 5a a sum over 12 loses it (both over: nobody), then more cards, then the
    greater sum."""
    if s == five and (total > FIVE_A_LIMIT or opp_total > FIVE_A_LIMIT):
        wins = total <= FIVE_A_LIMIT
    elif count != opp_count:
        wins = count > opp_count
    else:
        wins = total > opp_total
    return int(pts[s]) if wins else 0


@njit(cache=True)
def _place(
    table: NDArray[np.int32],
    numbers: NDArray[np.int64],
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    seat: int,
    s: int,
    card: int,
) -> None:
    """Lay ``card`` on side s for ``seat``: kept when the side takes it, else the side dies."""
    st = state[seat, s]
    nxt = REFUSED if st == DEAD else table[s, st, card]
    if nxt == REFUSED:
        state[seat, s] = DEAD
    else:
        state[seat, s] = nxt
        count[seat, s] += 1
        total[seat, s] += numbers[card]


@njit(cache=True)
def _room(share: float, s: int, five: int, total: int) -> float:
    """A side's share of the card list, on 5a scaled by the room left under 12."""
    if s == five:
        return share * max(0, FIVE_A_LIMIT - total) / FIVE_A_LIMIT
    return share


@njit(cache=True)
def choose_side(
    table: NDArray[np.int32],
    numbers: NDArray[np.int64],
    pts: NDArray[np.int64],
    five: int,
    share: NDArray[np.float64],
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    seat: int,
    card: int,
    weights: NDArray[np.float64],
) -> int:
    """``rollout.choose_side``: the side taking ``card`` (5a only up to 12) whose points
    gained against the other seat's cards, plus its points times the weighed terms
    (``weights`` in ``rollout.Weights`` order), are highest; the first side wins a tie."""
    contest, centre, width, rare, opens, value = weights[0], weights[1], weights[2], weights[3], weights[4], weights[5]
    other = 1 - seat
    choice, best = -1, 0.0
    for s in range(table.shape[0]):
        st = state[seat, s]
        if st == DEAD or table[s, st, card] == REFUSED:
            continue
        c, t, oc, ot = count[seat, s], total[seat, s], count[other, s], total[other, s]
        if s == five and t + numbers[card] > FIVE_A_LIMIT:
            continue
        gain = _won(s, five, pts, c + 1, t + numbers[card], oc, ot) - _won(s, five, pts, c, t, oc, ot)
        weight = value + contest * np.exp(-abs(c - oc - centre) / width)
        if rare != 0.0 or opens != 0.0:
            before = _room(share[s, st], s, five, t)
            after = _room(share[s, table[s, st, card]], s, five, t + numbers[card])
            weight += rare * (1.0 - before) + opens * (after - before)
        score = gain + pts[s] * weight
        if choice < 0 or score > best:
            choice, best = s, score
    return choice


@njit(cache=True)
def _play_out_into(
    table: NDArray[np.int32],
    numbers: NDArray[np.int64],
    pts: NDArray[np.int64],
    five: int,
    share: NDArray[np.float64],
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    piles: NDArray[np.int64],
    sizes: NDArray[np.int64],
    to_move: int,
    planner: int,
    laid: NDArray[np.int64],
    won: NDArray[np.int64],
) -> None:
    """``play_out`` into the caller's arrays: ``laid`` is work space, ``won`` gets the
    round's points of both seats."""
    laid[:] = 0
    seat = to_move
    while laid[0] < sizes[0] and laid[1] < sizes[1]:
        card = piles[seat, laid[seat]]
        laid[seat] += 1
        weights = PLANNER_WEIGHTS if seat == planner else GREEDY_WEIGHTS
        side = choose_side(table, numbers, pts, five, share, state, count, total, seat, card, weights)
        _place(table, numbers, state, count, total, seat, side, card)
        seat = 1 - seat
    won[:] = 0
    for s in range(table.shape[0]):
        for k in range(SEATS):
            won[k] += _won(s, five, pts, count[k, s], total[k, s], count[1 - k, s], total[1 - k, s])


@njit(cache=True)
def play_out(
    table: NDArray[np.int32],
    numbers: NDArray[np.int64],
    pts: NDArray[np.int64],
    five: int,
    share: NDArray[np.float64],
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    piles: NDArray[np.int64],
    sizes: NDArray[np.int64],
    to_move: int,
    planner: int,
) -> NDArray[np.int64]:
    """``rollout.play_out`` (changing the seat arrays): seat k's pile is ``piles[k, :sizes[k]]``;
    the seats place alternately from ``to_move`` until a pile runs out, by the greedy
    policy, the seat ``planner`` (-1: none) by the planner policy; the round's points of
    both seats."""
    won = np.zeros(SEATS, dtype=np.int64)
    _play_out_into(
        table,
        numbers,
        pts,
        five,
        share,
        state,
        count,
        total,
        piles,
        sizes,
        to_move,
        planner,
        np.zeros(SEATS, dtype=np.int64),
        won,
    )
    return won


@njit(cache=True)
def _rollouts(
    table: NDArray[np.int32],
    numbers: NDArray[np.int64],
    pts: NDArray[np.int64],
    five: int,
    share: NDArray[np.float64],
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    seat: int,
    card: int,
    sides: NDArray[np.int64],
    orders: NDArray[np.int64],
    face_down: int,
    rest: NDArray[np.int64],
    scores: NDArray[np.int64],
    piles: NDArray[np.int64],
    seats: NDArray[np.int64],
    work: NDArray[np.int64],
) -> None:
    """``hint_rollouts`` into ``scores``, with its work space given: ``piles`` as
    ``play_out``'s, ``seats`` three arrays of the shape of ``state`` (a rollout's copies
    of the seat arrays), ``work`` two rows of ``SEATS``. Every array is an argument, held
    by the caller, so the loops pass borrowed views of them (``jit.borrowed``: numba's
    reference counts at each call would take about half the time)."""
    table, numbers, pts, share = borrowed(table), borrowed(numbers), borrowed(pts), borrowed(share)
    sides, orders, rest, scores, piles = (
        borrowed(sides),
        borrowed(orders),
        borrowed(rest),
        borrowed(scores),
        borrowed(piles),
    )
    st, c, t = borrowed(seats[0]), borrowed(seats[1]), borrowed(seats[2])
    laid, won = borrowed(work[0]), borrowed(work[1])
    other = 1 - seat
    for r in range(orders.shape[0]):
        start = (face_down, face_down + rest[seat])
        for k in range(rest[seat]):
            piles[seat, k] = orders[r, start[0] + k]
        for k in range(rest[other]):
            piles[other, k] = orders[r, start[1] + k]
        for j in range(len(sides)):
            st[:, :] = state
            c[:, :] = count
            t[:, :] = total
            for k in range(face_down):
                _place(table, numbers, st, c, t, other, five, orders[r, k])
            _place(table, numbers, st, c, t, seat, sides[j], card)
            _play_out_into(table, numbers, pts, five, share, st, c, t, piles, rest, other, seat, laid, won)
            scores[j, r] = won[seat]


@njit(cache=True)
def hint_rollouts(
    table: NDArray[np.int32],
    numbers: NDArray[np.int64],
    pts: NDArray[np.int64],
    five: int,
    share: NDArray[np.float64],
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    seat: int,
    card: int,
    sides: NDArray[np.int64],
    orders: NDArray[np.int64],
    face_down: int,
    rest: NDArray[np.int64],
) -> NDArray[np.int64]:
    """``scores[j, r]``: ``seat``'s round points when ``card`` goes on side ``sides[j]`` in
    rollout r (``hint``'s rollout): the other seat's ``face_down`` 5a cards are the first
    of ``orders[r]``, the rest deals ``rest[seat]`` cards to ``seat``, then ``rest[other]``
    to the other, who moves next; ``seat`` plays the planner policy, the other greedy."""
    scores = np.zeros((len(sides), orders.shape[0]), dtype=np.int64)
    seats = np.zeros((3, state.shape[0], state.shape[1]), dtype=np.int64)
    _rollouts(
        table,
        numbers,
        pts,
        five,
        share,
        state,
        count,
        total,
        seat,
        card,
        sides,
        orders,
        face_down,
        rest,
        scores,
        np.zeros((SEATS, orders.shape[1]), dtype=np.int64),
        seats,
        np.zeros((2, SEATS), dtype=np.int64),
    )
    return scores
