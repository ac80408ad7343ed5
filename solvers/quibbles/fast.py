"""The ``numba`` best-split backend (see ``split`` for the problem).

Vocabulary:
- *shape*: the card values of one set, an integer partition of the played value into
  ``SET_MIN_CARDS`` or more parts. Only the counts of the display's values matter (values
  ``_LOWEST`` .. played value - 1: a larger card is in no set), so a set is chosen by its
  shape alone.
- *multiplicity*: how often a shape is used, that is, how many sets have that shape.
- *set number*: the sets of the answer numbered 1, 2, ... in shape order; each display
  position has the set number of the set that takes it, or ``_NO_SET``.

Encoding:
- Shapes: ``_SHAPES``, grouped by played value, each group largest first; the shapes of
  value v are the rows ``_SHAPE_FIRST[v]:_SHAPE_FIRST[v + 1]`` of ``_SHAPE_COUNTS``
  (column c: the cards of value c the shape uses) and of ``_SHAPE_SIZES`` (its cards).
- ``_split_kernel`` takes the value counts packed ``_COUNT_BITS`` each, value c at bit
  ``_COUNT_SHIFT[c]``; it returns the cards taken in the low ``_TAKEN_BITS``, then from
  ``_MULTS_SHIFT`` the multiplicity of each shape of the played value in order,
  ``_MULT_BITS`` each.
- ``_assign_kernel`` takes the display packed ``_CARD_BITS`` a card, position 0 lowest;
  it returns the cards taken in the low ``_TAKEN_BITS``, then from ``_SET_IDS_SHIFT``
  each position's set number, ``_SET_ID_BITS`` each.

The algorithm (a branch and bound over the shapes' multiplicities, then the leftmost
positions for each set) and how it is checked: docs/pages/solvers.md, section "The best
split" (``#quibbles-split``). Here: ``_split_kernel`` searches the shapes of the played
value in order, each at its most uses first, and stops at the first optimum that meets
the root's bound (each set still to choose uses cards worth the played value and at most
as many cards as the current shape); ``_assign_kernel`` gives each set of it the lowest
unused positions of the values its shape needs; ``max_split_taken`` is the bots' fast
path, the optimum from value counts alone.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import partitions
from cardsolve.models.quibbles.cards import SET_MIN_CARDS, VALUES
from cardsolve.solvers.infrastructure import interpreted
from cardsolve.solvers.infrastructure.interpreted import kernel
from cardsolve.solvers.quibbles.results import BestSplit
from cardsolve.solvers.quibbles.split import MAX_DISPLAY, read_value

_LOWEST = VALUES[0]
"""The lowest card value: its count comes first in the packed counts."""
_HIGHEST = VALUES[-1]
"""The highest card value: every card in a set is below it, so arrays indexed by the
value of a card in a set have ``_HIGHEST`` entries."""
_MAX_SETS = MAX_DISPLAY // SET_MIN_CARDS
"""The most sets one SPLIT takes from a display."""

_COUNT_BITS = MAX_DISPLAY.bit_length()
"""Bits of one value's count in ``_split_kernel``'s input (a count is at most MAX_DISPLAY)."""
_COUNT_SHIFT = tuple(_COUNT_BITS * (card - _LOWEST) for card in range(_HIGHEST + 1))
"""``_COUNT_SHIFT[c]``: where the count of value c starts (c >= ``_LOWEST``)."""
_COUNT_MASK = (1 << _COUNT_BITS) - 1
_TAKEN_BITS = MAX_DISPLAY.bit_length()
"""Bits of the cards taken, the low field of both kernels' output."""
_TAKEN_MASK = (1 << _TAKEN_BITS) - 1
_MULTS_SHIFT = _TAKEN_BITS
"""Where ``_split_kernel``'s multiplicities start, above the cards taken."""
_MULT_BITS = _MAX_SETS.bit_length()
"""Bits of one shape's multiplicity (at most ``_MAX_SETS``)."""
_MULT_MASK = (1 << _MULT_BITS) - 1
_CARD_BITS = _HIGHEST.bit_length()
"""Bits of one display card (a value up to ``_HIGHEST``) in ``_assign_kernel``'s input."""
_CARD_MASK = (1 << _CARD_BITS) - 1
_SET_IDS_SHIFT = _TAKEN_BITS
"""Where ``_assign_kernel``'s set numbers start, above the cards taken."""
_SET_ID_BITS = 4
"""Bits of one position's set number (at most ``_MAX_SETS``: one bit to spare)."""
_SET_ID_MASK = (1 << _SET_ID_BITS) - 1
_NO_SET = 0
"""The set number of a display card no set takes."""


def solve(cards: list[int], value: int, time_limit: float, workers: int) -> BestSplit:
    """Pack the display into one integer, solve and assign positions in the kernel, then
    unpack each position's set number. It always finishes, on one core (``time_limit``
    and ``workers`` are the registry's common signature). The kernel runs interpreted
    where that is worth it (``interpreted.worth_interpreting``): the same code, the same
    answer."""
    packed = 0
    for card in reversed(cards):
        packed = (packed << _CARD_BITS) | card
    if interpreted.worth_interpreting():  # a search of at most 10 cards: some milliseconds interpreted
        with interpreted.interpreting():
            code = int(_assign_kernel(packed, len(cards), value))
    else:
        code = _assign_kernel(packed, len(cards), value)
    taken = code & _TAKEN_MASK
    members: dict[int, list[int]] = {}
    code >>= _SET_IDS_SHIFT
    for i in range(len(cards)):
        if code & _SET_ID_MASK != _NO_SET:
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
    for card in range(_LOWEST, min(played, len(display_counts))):
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
    """The value multisets of every possible set, grouped by played value (none for a
    value below ``SET_MIN_CARDS``), each group ordered by size, largest first (a good
    first incumbent for the search)."""
    return [shape for value in VALUES for shape in sorted(partitions(value), key=len, reverse=True)]


_SHAPES = _set_shapes()
"""Set shapes (card values, ascending) of all played values, in search order."""
_SHAPE_FIRST = np.array(
    np.cumsum([0] + [sum(1 for s in _SHAPES if sum(s) == v) for v in range(_HIGHEST + 1)]), dtype=np.int64
)
"""Shapes of played value ``v`` are ``_SHAPES[_SHAPE_FIRST[v]:_SHAPE_FIRST[v + 1]]``."""
_SHAPE_COUNTS = np.array([[s.count(card) for card in range(_HIGHEST)] for s in _SHAPES], dtype=np.int64)
"""``_SHAPE_COUNTS[p, c]``: how many cards of value ``c`` shape ``p`` uses."""
_SHAPE_SIZES = np.array([len(s) for s in _SHAPES], dtype=np.int64)
"""``_SHAPE_SIZES[p]``: the cards of shape ``p``."""


@kernel()
def _split_kernel(packed_counts: int, value: int) -> int:
    """Depth-first branch and bound over the multiplicity of each set shape of ``value``
    (most uses first), maximising the cards taken; returns them packed with the
    multiplicities of the first optimum found (see the module docstring)."""
    left_count = np.zeros(_HIGHEST, np.int64)
    left_cards = 0
    left_value = 0
    for card in range(_LOWEST, value):
        left_count[card] = (packed_counts >> (_COUNT_BITS * (card - _LOWEST))) & _COUNT_MASK
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
                for card in range(_LOWEST, value):
                    need = _SHAPE_COUNTS[shape, card]
                    if need > 0:
                        uses = min(uses, left_count[card] // need)
                mult[level] = uses
                for card in range(_LOWEST, value):
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
        for card in range(_LOWEST, value):
            left_count[card] += _SHAPE_COUNTS[shape, card]
        taken -= _SHAPE_SIZES[shape]
        left_cards += _SHAPE_SIZES[shape]
        left_value += value
        level += 1
    return best | (best_mult << _MULTS_SHIFT)


@kernel()
def _assign_kernel(packed_display: int, size: int, value: int) -> int:
    """Solve the display (``size`` cards) with ``_split_kernel`` and give each set of the
    optimum the lowest unused positions of the values its shape needs. Returns the cards
    taken and each position's set number, packed (see the module docstring)."""
    cards = np.zeros(size, np.int64)
    packed_counts = 0
    for i in range(size):
        cards[i] = (packed_display >> (_CARD_BITS * i)) & _CARD_MASK
        if cards[i] < value:
            packed_counts += 1 << (_COUNT_BITS * (cards[i] - _LOWEST))
    code = _split_kernel(packed_counts, value)
    taken = code & _TAKEN_MASK
    code >>= _MULTS_SHIFT
    set_of = np.full(size, _NO_SET, np.int64)
    set_id = _NO_SET
    shape = _SHAPE_FIRST[value]
    while code:
        for _ in range(code & _MULT_MASK):
            set_id += 1
            for card in range(_LOWEST, value):
                need = _SHAPE_COUNTS[shape, card]
                i = 0
                while need > 0:
                    if cards[i] == card and set_of[i] == _NO_SET:
                        set_of[i] = set_id
                        need -= 1
                    i += 1
        code >>= _MULT_BITS
        shape += 1
    result = taken
    for i in range(size):
        result |= set_of[i] << (_SET_IDS_SHIFT + _SET_ID_BITS * i)
    return result
