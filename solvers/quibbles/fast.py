"""The ``numba`` best-split backend (see ``split`` for the problem).

Only the counts of the values 1..5 matter and every set is an integer partition of the
played value into 2 or more parts (a *shape*), so a branch and bound over how often each
shape is used solves it; the multiplicities are then mapped back to display positions.
``max_split_taken`` is the bots' fast path: the optimum from value counts, no positions.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import partitions
from cardsolve.solvers.jit import njit
from cardsolve.solvers.quibbles.results import BestSplit
from cardsolve.solvers.quibbles.split import MAX_DISPLAY, read_value


def solve(cards: list[int], value: int, time_limit: float, workers: int) -> BestSplit:
    """Pack the display into one integer, solve and assign positions in the kernel, then
    unpack each position's set number. It always finishes, on one core (``time_limit``
    and ``workers`` are the registry's common signature)."""
    packed = 0
    for card in reversed(cards):
        packed = (packed << _CARD_BITS) | card
    code = _assign_kernel(packed, len(cards), value)
    taken = code & _TAKEN_MASK
    members: dict[int, list[int]] = {}
    code >>= _TAKEN_BITS
    for i in range(len(cards)):
        if code & _SET_ID_MASK:
            members.setdefault(code & _SET_ID_MASK, []).append(i)
        code >>= _SET_ID_BITS
    return BestSplit(value, tuple(cards), tuple(sorted(map(tuple, members.values()))), taken, True, "numba")


def max_split_taken(display_counts: Sequence[int] | np.ndarray, value: int) -> int:
    """The most cards one SPLIT of ``value`` takes, from the display's value counts.

    ``display_counts[c]`` is the number of display cards of value ``c``; only the values
    below ``value`` can be in a set, so only they are read (and must total at most 10).
    The fast path for bots in hot loops: no positions, no result object.
    """
    played = read_value(value)
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
    return int(_split_kernel(packed, played)) & _TAKEN_MASK


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


