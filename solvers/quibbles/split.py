"""The best SPLIT in Quibbles: the most display cards one played card can take.

Vocabulary:
- *display*: the open display, a sequence of card values 1..6 (at most 10 cards); a card
  is named by its position (index) in it.
- *value*: the value of the card played from hand, 1..6.
- *set*: 2 or more display cards whose values sum to exactly ``value``; the sets taken
  are disjoint. A best split takes the most cards in total (not the most sets).

Three backends give the same optimum (``taken``); tests check that they agree:
- ``numba``: only the counts of the values 1..5 matter and every set is an integer
  partition of ``value`` into 2 or more parts, so a branch and bound over how often each
  partition is used solves it; the multiplicities are mapped back to display positions.
- ``cpsat``: an OR-Tools CP-SAT assignment model of cards to set slots.
- ``reference``: a plain recursive search over display positions; the arbiter.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

import numpy as np

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import partitions
from cardsolve.solvers.jit import njit

CardSet = tuple[int, ...]
"""One set taken: the sorted display positions of its cards."""

BACKENDS = ("numba", "cpsat", "reference")
MAX_DISPLAY = 10
_CARD_VALUES = {card: card for card in range(1, 7)}
"""Maps a valid card value (an int or numpy int) to a plain int; anything else is missing."""
_VALUE_SET = frozenset(_CARD_VALUES)
_PLAIN_INT = frozenset({int})


class SplitResult(NamedTuple):
    """A best split: the sets taken from the display and how the backend got there
    (a named tuple: immutable, and cheap to build on the numba hot path)."""

    value: int  # the played card
    sets: tuple[CardSet, ...]  # each set's display positions, sorted; the sets sorted
    taken: int  # cards taken: the total size of the sets
    proven_optimal: bool  # False only for a cpsat model stopped by its time limit
    backend: str

    def values(self, display: Sequence[int]) -> list[list[int]]:
        """The sets as card values of ``display``, for printing."""
        return [[display[i] for i in card_set] for card_set in self.sets]


def best_split(
    display: Sequence[int],
    value: int,
    backend: str = "numba",
    *,
    time_limit_s: float = 10.0,
    workers: int = 1,
) -> SplitResult:
    """Disjoint sets of 2+ display cards, each summing to ``value``, taking the most cards.

    The answer is deterministic for every backend (for ``cpsat`` with ``workers=1``; with
    more workers the optimum ``taken`` is fixed but which sets reach it may vary).
    ``time_limit_s`` and ``workers`` only concern ``cpsat``.
    """
    cards, played = _read(display, value)
    if backend == "numba":
        return _numba_split(cards, played)
    if backend == "cpsat":
        return _cpsat_split(cards, played, time_limit_s, workers)
    if backend == "reference":
        return _reference_split(cards, played)
    raise BadInput(
        f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}", token=str(backend)
    )


def max_split_taken(display_counts: Sequence[int] | np.ndarray, value: int) -> int:
    """The most cards one SPLIT of ``value`` takes, from the display's value counts.

    ``display_counts[c]`` is the number of display cards of value ``c``; only the values
    below ``value`` can be in a set, so only they are read (and must total at most 10).
    The fast path for bots in hot loops: no positions, no result object.
    """
    played = _read_value(value)
    packed = 0
    total = 0
    for card in range(1, min(played, len(display_counts))):
        count = display_counts[card]
        if count < 0:
            raise BadInput(f"negative count {count} of card value {card}", token=str(count))
        total += count
        packed += int(count) << _COUNT_SHIFT[card]
    if total > MAX_DISPLAY:
        raise BadInput(
            f"counts of {total} cards: the open display holds at most {MAX_DISPLAY}",
            token=str(total),
        )
    return _split_kernel(packed, played) & _TAKEN_MASK


# --- input ------------------------------------------------------------------------


def _read_value(value: int) -> int:
    """The played value as a plain int, or BadInput unless it is a card value 1..6."""
    played = _CARD_VALUES.get(value) if isinstance(value, (int, np.integer)) else None
    if played is None:
        raise BadInput(f"played value {value!r} is not a card value 1..6", token=str(value))
    return played


def _read(display: Sequence[int], value: int) -> tuple[list[int], int]:
    """The display as plain ints and the played value, both checked against the rules."""
    played = _read_value(value)
    if len(display) > MAX_DISPLAY:
        raise BadInput(
            f"display of {len(display)} cards: the open display holds at most {MAX_DISPLAY}",
            token=str(len(display)),
        )
    if _VALUE_SET.issuperset(display) and _PLAIN_INT.issuperset(map(type, display)):
        return list(display), played  # the common case, checked in C: plain ints 1..6
    read = [_CARD_VALUES.get(card) if isinstance(card, (int, np.integer)) else None for card in display]
    cards = [card for card in read if card is not None]
    if len(cards) < len(read):
        position = read.index(None)
        card = display[position]
        raise BadInput(
            f"display card {card!r} at position {position} is not a card value 1..6",
            token=str(card),
        )
    return cards, played


def _result(value: int, sets: list[CardSet], proven: bool, backend: str) -> SplitResult:
    """A result in canonical form: each set's positions sorted, the sets sorted."""
    canonical = tuple(sorted(tuple(sorted(card_set)) for card_set in sets))
    return SplitResult(value, canonical, sum(map(len, canonical)), proven, backend)


# --- reference ----------------------------------------------------------------------


def _reference_split(cards: list[int], value: int) -> SplitResult:
    """Recursive search: the lowest remaining position is left out, or it forms a set with
    any subset of the other remaining positions whose values sum to ``value``; the first
    best found is kept."""

    def best_from(remaining: tuple[int, ...]) -> list[CardSet]:
        if not remaining:
            return []
        first, rest = remaining[0], remaining[1:]
        best = best_from(rest)
        for size in range(1, len(rest) + 1):
            for others in combinations(rest, size):
                if cards[first] + sum(cards[i] for i in others) == value:
                    left = tuple(i for i in rest if i not in others)
                    candidate = [(first, *others), *best_from(left)]
                    if sum(map(len, candidate)) > sum(map(len, best)):
                        best = candidate
        return best

    return _result(value, best_from(tuple(range(len(cards)))), True, "reference")


# --- numba --------------------------------------------------------------------------


def _set_shapes() -> list[tuple[int, ...]]:
    """The value multisets of every possible set, grouped by played value 0..6, each
    group ordered by size, largest first (a good first incumbent for the search)."""
    return [shape for value in range(2, 7) for shape in sorted(partitions(value), key=len, reverse=True)]


_SHAPES = _set_shapes()
"""Set shapes (card values, non-increasing) of all played values, in search order."""
_SHAPE_FIRST = np.array(
    np.cumsum([0] + [sum(1 for s in _SHAPES if sum(s) == v) for v in range(7)]), dtype=np.int64
)
"""Shapes of played value ``v`` are ``_SHAPES[_SHAPE_FIRST[v]:_SHAPE_FIRST[v + 1]]``."""
_SHAPE_COUNTS = np.array([[s.count(card) for card in range(6)] for s in _SHAPES], dtype=np.int64)
"""``_SHAPE_COUNTS[p, c]``: how many cards of value ``c`` shape ``p`` uses."""
_SHAPE_SIZES = np.array([len(s) for s in _SHAPES], dtype=np.int64)

# Kernel input: the counts of values 1..5 packed 4 bits each (a display has <= 10 cards).
# Kernel output: cards taken in the low 4 bits, then the multiplicity of each shape of
# the played value, 3 bits each (<= 5 sets of >= 2 cards among <= 10 cards).
_COUNT_BITS = 4
_COUNT_SHIFT = tuple(_COUNT_BITS * (card - 1) for card in range(7))
_COUNT_MASK = (1 << _COUNT_BITS) - 1
_TAKEN_BITS = 4
_TAKEN_MASK = (1 << _TAKEN_BITS) - 1
_MULT_BITS = 3
_MULT_MASK = (1 << _MULT_BITS) - 1


@njit(cache=True)
def _split_kernel(packed_counts: int, value: int) -> int:
    """Depth-first branch and bound over the multiplicity of each set shape of ``value``
    (most uses first), maximising the cards taken; returns them packed with the
    multiplicities of the first optimum found.

    Bound: every set still to choose uses cards worth ``value`` in total and has at most
    as many cards as the current shape (shapes come largest first), and no more cards
    than remain can be taken.
    """
    left_count = np.zeros(6, np.int64)
    left_cards = 0
    left_value = 0
    for card in range(1, value):
        left_count[card] = (packed_counts >> (_COUNT_BITS * (card - 1))) & _COUNT_MASK
        left_cards += left_count[card]
        left_value += card * left_count[card]
    first = _SHAPE_FIRST[value]
    n_shapes = _SHAPE_FIRST[value + 1] - first
    mult = np.zeros(n_shapes, np.int64)
    ceiling = 0
    if n_shapes > 0:
        ceiling = min(left_cards, (left_value // value) * _SHAPE_SIZES[first])
    best = 0
    best_mult = 0
    taken = 0
    level = 0
    # levels below `level` hold a chosen multiplicity, levels from `level` on are zero
    while best < ceiling:
        if level < n_shapes:
            shape = first + level
            bound = min(left_cards, (left_value // value) * _SHAPE_SIZES[shape])
            if taken + bound > best:
                uses = left_cards
                for card in range(1, value):
                    need = _SHAPE_COUNTS[shape, card]
                    if need > 0:
                        uses = min(uses, left_count[card] // need)
                mult[level] = uses
                for card in range(1, value):
                    left_count[card] -= uses * _SHAPE_COUNTS[shape, card]
                taken += uses * _SHAPE_SIZES[shape]
                left_cards -= uses * _SHAPE_SIZES[shape]
                left_value -= uses * value
                level += 1
                continue
        elif taken > best:
            best = taken
            best_mult = 0
            for i in range(n_shapes):
                best_mult |= mult[i] << (_MULT_BITS * i)
        # backtrack: one use fewer of the deepest shape in use
        level -= 1
        while level >= 0 and mult[level] == 0:
            level -= 1
        if level < 0:
            break
        shape = first + level
        mult[level] -= 1
        for card in range(1, value):
            left_count[card] += _SHAPE_COUNTS[shape, card]
        taken -= _SHAPE_SIZES[shape]
        left_cards += _SHAPE_SIZES[shape]
        left_value += value
        level += 1
    return best | (best_mult << _TAKEN_BITS)


_CARD_BITS = 3
_SET_ID_BITS = 4
_SET_ID_MASK = (1 << _SET_ID_BITS) - 1


@njit(cache=True)
def _assign_kernel(packed_display: int, size: int, value: int) -> int:
    """Solve the display (``size`` cards, 3 bits each, position 0 lowest) with
    ``_split_kernel`` and give each set of the optimum the lowest unused positions of the
    values its shape needs. Returns the cards taken in the low 4 bits, then for each
    position its set number (1, 2, ...; 0 for a card not taken), 4 bits each."""
    cards = np.zeros(size, np.int64)
    packed_counts = 0
    for i in range(size):
        cards[i] = (packed_display >> (_CARD_BITS * i)) & 7
        if cards[i] < value:
            packed_counts += 1 << (_COUNT_BITS * (cards[i] - 1))
    code = _split_kernel(packed_counts, value)
    taken = code & _TAKEN_MASK
    code >>= _TAKEN_BITS
    set_of = np.zeros(size, np.int64)
    set_id = 0
    shape = _SHAPE_FIRST[value]
    while code:
        for _ in range(code & _MULT_MASK):
            set_id += 1
            for card in range(1, value):
                need = _SHAPE_COUNTS[shape, card]
                i = 0
                while need > 0:
                    if cards[i] == card and set_of[i] == 0:
                        set_of[i] = set_id
                        need -= 1
                    i += 1
        code >>= _MULT_BITS
        shape += 1
    result = taken
    for i in range(size):
        result |= set_of[i] << (_TAKEN_BITS + _SET_ID_BITS * i)
    return result


def _numba_split(cards: list[int], value: int) -> SplitResult:
    """Pack the display into one integer, solve and assign positions in the kernel, then
    unpack each position's set number."""
    packed = 0
    for card in reversed(cards):
        packed = (packed << _CARD_BITS) | card
    code = _assign_kernel(packed, len(cards), value)
    taken = code & _TAKEN_MASK
    if not taken:
        return SplitResult(value, (), 0, True, "numba")
    members: dict[int, list[int]] = {}
    code >>= _TAKEN_BITS
    for i in range(len(cards)):
        if code & _SET_ID_MASK:
            members.setdefault(code & _SET_ID_MASK, []).append(i)
        code >>= _SET_ID_BITS
    return SplitResult(value, tuple(sorted(map(tuple, members.values()))), taken, True, "numba")


# --- cpsat --------------------------------------------------------------------------


def _cpsat_split(cards: list[int], value: int, time_limit_s: float, workers: int) -> SplitResult:
    """Best split as an assignment of display cards to set slots.

    Take the most display cards into disjoint sets, each of 2 or more cards summing to
    ``value``. A display of n cards has at most n // 2 sets, so there are n // 2 slots;
    ``y[i, k]`` puts card i in slot k and ``used[k]`` opens slot k.
    """
    from ortools.sat.python import cp_model

    slots = range(len(cards) // 2)
    if not slots:
        return SplitResult(value, (), 0, True, "cpsat")
    model = cp_model.CpModel()
    y = {
        (i, k): model.new_bool_var(f"y[{i},{k}]") for i in range(len(cards)) for k in slots
    }
    used = [model.new_bool_var(f"used[{k}]") for k in slots]

    # each card is in at most one set
    for i in range(len(cards)):
        model.add_at_most_one(y[i, k] for k in slots)
    for k in slots:
        members = [y[i, k] for i in range(len(cards))]
        # an open slot's cards sum to the played value; a closed slot sums to 0
        model.add(sum(cards[i] * y[i, k] for i in range(len(cards))) == value * used[k])
        # a set has 2 or more cards
        model.add(sum(members) >= 2 * used[k])
        # only an open slot holds cards
        for member in members:
            model.add_implication(member, used[k])
    # redundant: a card worth the played value or more fits no set of 2 or more cards
    for i, card in enumerate(cards):
        if card >= value:
            for k in slots:
                model.add(y[i, k] == 0)
    # symmetry breaking: open slots come first
    for k in slots[:-1]:
        model.add(used[k] >= used[k + 1])

    model.maximize(sum(y.values()))

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit_s
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # the time ran out before any solution: the empty split is legal but unproven
        return SplitResult(value, (), 0, False, "cpsat")
    sets = [
        tuple(i for i in range(len(cards)) if solver.boolean_value(y[i, k]))
        for k in slots
        if solver.boolean_value(used[k])
    ]
    return _result(value, sets, status == cp_model.OPTIMAL, "cpsat")
