"""Each side's rule as a transition table over the cards to place, built by asking the
model (``tasks.accepts``), so the rules live only in the model.

A state of a side is the player's last two cards there (as pile indices, -1 for none),
which is all any side's rule needs once the earlier cards were accepted (task 9 side b's
direction follows from its last two numbers). Reachable states are found breadth first
from the empty side; each keeps one accepted sequence that reaches it, and the table asks
``accepts`` with that sequence. Cards are placed in pile order, so a state's transitions
are only for cards after its last one. The backends agree with the reference, which asks
the model about whole sequences; that cross-check guards the two-card reading.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from models.subito import Card, Side, accepts

NONE = -1
"""No card, and no transition: the card is not accepted."""


def side_table(side: Side, cards: Sequence[Card]) -> NDArray[np.int32]:
    """``table[state, k]``: the state after card k is placed on ``side`` in ``state``
    (state 0 the empty side), or -1 when the side does not accept it there."""
    states = {(NONE, NONE): 0}
    sequences: list[list[Card]] = [[]]
    lasts = [NONE]
    rows: list[list[int]] = []
    while len(rows) < len(sequences):
        state = len(rows)
        row = [NONE] * len(cards)
        for k in range(lasts[state] + 1, len(cards)):
            if accepts(side, sequences[state], cards[k]):
                key = (lasts[state], k)
                if key not in states:
                    states[key] = len(sequences)
                    sequences.append([*sequences[state], cards[k]])
                    lasts.append(k)
                row[k] = states[key]
        rows.append(row)
    return np.array(rows, dtype=np.int32).reshape(len(rows), len(cards))


def tables(tasks: Sequence[Side], cards: Sequence[Card]) -> NDArray[np.int32]:
    """Every side's table, padded with -1 rows to one array ``[side, state, card]``."""
    each = [side_table(side, cards) for side in tasks]
    out = np.full((len(each), max(len(t) for t in each), len(cards)), NONE, dtype=np.int32)
    for s, table in enumerate(each):
        out[s, :len(table)] = table
    return out
