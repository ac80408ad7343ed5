"""Each side's rule as a transition table over the cards to place, built by asking the
model (``tasks.accepts``), so the rules live only in the model (docs/pages/solvers.md,
``#subito-tables``).

A side's state is the player's last two cards there (as pile indices, -1 for none), which
is all any side's rule needs once the earlier cards were accepted (task 9 side b's
direction follows from its last two numbers). Reachable states are found breadth first
from the empty side; each keeps one accepted sequence that reaches it, and the table asks
``accepts`` with that sequence. Cards are placed in pile order, so ``side_table`` asks
only about the cards after a state's last one (the numba search reduces states itself).

``minimal_table`` asks about every card instead and merges the states by Moore's
partition refinement: two states are one when every card takes them to merged states or
is refused by both. So a side that looks only at the card itself (3a, 5b, ...) has one
state and one that looks at the last number has one per number, which CP-SAT's automaton
constraints need; it costs about n^2 x n model calls for a side that accepts everything.
The backends agree with the reference, which asks the model about whole sequences; that
cross-check guards the two-card reading.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.subito import Card, Side

NONE = -1
"""No card, and no transition: the card is not accepted."""


def _last_two_table(side: Side, cards: Sequence[Card], later_only: bool) -> list[list[int]]:
    """The table over the states "last two cards", state 0 the empty side; with
    ``later_only`` only the cards after a state's last card have entries."""
    states = {(NONE, NONE): 0}
    sequences: list[list[Card]] = [[]]
    lasts = [NONE]
    rows: list[list[int]] = []
    n = len(cards)
    check = side.check  # the model's rule, which ``accepts`` asks: bound once, as this loop makes every call
    while len(rows) < len(sequences):
        sequence, last = sequences[len(rows)], lasts[len(rows)]
        row = [NONE] * n
        for k in [k for k in range(last + 1 if later_only else 0, n) if check(sequence, cards[k])]:
            found = states.get((last, k))
            if found is None:
                found = states[last, k] = len(sequences)
                sequences.append([*sequence, cards[k]])
                lasts.append(k)
            row[k] = found
        rows.append(row)
    return rows


def _merge(rows: list[list[int]]) -> list[list[int]]:
    """Moore's refinement: the classes of states that no sequence of cards tells apart,
    numbered in order of their first state (so state 0 stays the start)."""
    classes = [0] * len(rows)
    count = 1
    while True:
        signatures: dict[tuple[int, tuple[int, ...]], int] = {}
        refined = [
            signatures.setdefault((classes[st], tuple(NONE if t == NONE else classes[t] for t in row)), len(signatures))
            for st, row in enumerate(rows)
        ]
        classes = refined
        if len(signatures) == count:
            break
        count = len(signatures)
    merged = [[NONE] * len(rows[0]) for _ in range(count)]
    for st, row in enumerate(rows):
        merged[classes[st]] = [NONE if t == NONE else classes[t] for t in row]
    return merged


def _array(rows: list[list[int]], cards: int) -> NDArray[np.int32]:
    return np.array(rows, dtype=np.int32).reshape(len(rows), cards)


def side_table(side: Side, cards: Sequence[Card]) -> NDArray[np.int32]:
    """``table[state, k]``: the state after card k is placed on ``side`` in ``state``
    (state 0 the empty side), or -1 when the side does not accept it there or card k
    does not come after the state's last card."""
    return _array(_last_two_table(side, cards, later_only=True), len(cards))


def minimal_table(side: Side, cards: Sequence[Card]) -> NDArray[np.int32]:
    """The table with the fewest states that accepts the same sequences in pile order."""
    return _array(_merge(_last_two_table(side, cards, later_only=False)), len(cards))
