"""A position and a question as the Was sticht? kernel's inputs.

Vocabulary:
- *conditions* (``conds``): a chip's conditions ``low <= measure <= high``, a row each
  (measure code, low, high; ``kernel_layout``).
- *question facts* (``Question``, made by ``_question``): what the transposition key must
  hold for the conditions, whether the answer is monotone in one counter (and its
  bound), and what the move order wants: the colours wanted in the player's tricks and
  kept out of them, the trumps he spends first, whether keeping colours out is all.
- *search state* (``st``, made by ``encode``): the position's hands, trick and counters,
  the question's facts, how it sees the colours, each card's symbol and the places held
  (``_index_held``), and the probes' budget (``PROBES``).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.was_sticht.cards import COLOURS, DECK, NUMBERS
from cardsolve.models.was_sticht.chips import MEASURES, TRICKS, Condition, Trick
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.infrastructure.jit import lowest_set, no_runtime
from cardsolve.solvers.was_sticht.kernel_layout import (
    _ALIKE,
    _COLOUR,
    _COLOUR_OF,
    _COLOUR_SHIFT,
    _COLOUR_WON,
    _COOP,
    _DONE,
    _FIRST,
    _HAND,
    _IN_TRICK,
    _KEPT_OUT,
    _KEY_ALL,
    _KEY_COLOURS,
    _KEY_FIRST,
    _KEY_TRICKS,
    _LAST_WON,
    _LEADER,
    _LIMIT,
    _ODD_CARDS,
    _ODD_READS,
    _ONLY_KEPT_OUT,
    _PLACE,
    _PLACES_LEFT,
    _PLAYER,
    _PLAYERS,
    _PROBE,
    _PROBE_FROM,
    _ROOT_CARD,
    _SEEN_BITS,
    _SEEN_MASK,
    _SPENDING,
    _STAMP,
    _STATE,
    _SYMBOL_OF,
    _TIE,
    _TIE_SHIFT,
    _TOTAL,
    _TRICK,
    _WANTED,
    _WON,
    COLOUR_COUNT,
    SEATS,
    _all_colour_facts,
    tables,
)

PROBES = ((30_000, 6), (2_000, 3))
"""Per question (forceable, possible): the probes' budget in nodes and the fewest tricks
left at which a node probes (measured on the benchmark's 15,360 every-chip questions)."""
_NO_LIMIT = 1 << 62


Question = tuple[int, int, int, int, int, int, int, int]
"""``_question``'s facts of a question, as ``encode`` writes them into ``st``."""


@lru_cache(maxsize=256)
def _question(conditions: tuple[Condition, ...]) -> tuple[NDArray[np.int64], Question]:
    """The conditions as rows (measure code, low, high), and the question's facts: what
    the transposition key must hold for them (every seat's tricks, the player's tricks,
    the colours counted, a bit each, the first trick); for the move order, the cards of
    the colours he wants in his tricks and of those he must keep out of them, whether he
    spends his trumps first (when his tricks are capped or a colour must stay out of
    them, and the last trick is not asked), and whether keeping colours out is all the
    question asks."""
    rows = [(MEASURES.index(c.measure), c.low, c.high) for c in conditions]
    measures = {c.measure for c in conditions}
    wanted = {c.measure for c in conditions if c.measure.startswith("colour:") and c.low > 0}
    kept_out = {c.measure for c in conditions if c.measure.startswith("colour:") and c.high <= 0}
    capped = bool(kept_out) or any(c.measure == "tricks" and c.high < TRICKS for c in conditions)
    kept_cards = _colour_cards(kept_out)
    spending = kept_cards if capped and "trick:last" not in measures else -1
    return (
        np.array(rows, dtype=np.int64).reshape(len(rows), 3),
        (
            int(bool(measures & {"most", "fewest"})),
            int("tricks" in measures),
            sum(1 << k for k, letter in enumerate(COLOURS) if f"colour:{letter}" in measures),
            int("trick:first" in measures),
            _colour_cards(wanted),
            kept_cards,
            spending,
            int(bool(conditions) and all(c.measure in kept_out for c in conditions)),
        ),
    )


def _colour_cards(measures: set[str]) -> int:
    """The cards of the colours of these colour measures, as a mask."""
    return sum(1 << card.index for card in DECK if f"colour:{card.colour}" in measures)


def encode(position: Position, player: int, key: Question, cooperative: bool, stamp: int) -> NDArray[np.int64]:
    """The search state ``st`` of a position and question (``key``: ``_question``'s)."""
    players = position.players
    st = [0] * _STATE
    cards_left = 0
    for seat, hand in enumerate(position.hands):
        mask = 0
        for card in hand:
            mask |= 1 << card.index
        st[_HAND + seat] = mask
        cards_left += len(hand)
    for k, card in enumerate(position.current):
        st[_TRICK + k] = card.index
    tricks: tuple[Trick, ...] = position.tricks
    counted = key[2]  # the colours the conditions count
    for done in tricks:
        st[_WON + done.winner] += 1
        if done.winner == player and counted:  # the colours taken, when a condition counts them
            for card in done.cards:
                st[_COLOUR_WON + card.index // len(NUMBERS)] += 1
    st[_LEADER] = position.leader
    st[_IN_TRICK] = len(position.current)
    st[_DONE] = len(tricks)
    st[_FIRST] = int(bool(tricks) and tricks[0].winner == player)
    st[_LAST_WON] = int(bool(tricks) and tricks[-1].winner == player)
    st[_ROOT_CARD] = -1
    st[_PLAYER] = player
    st[_PLAYERS] = players
    st[_COOP] = int(cooperative)
    st[_TOTAL] = len(tricks) + (cards_left + len(position.current)) // players
    (
        st[_KEY_ALL],
        st[_KEY_TRICKS],
        st[_KEY_COLOURS],
        st[_KEY_FIRST],
        st[_WANTED],
        st[_KEPT_OUT],
        st[_SPENDING],
        only_kept_out,
    ) = key
    st[_ONLY_KEPT_OUT] = only_kept_out
    st[_COLOUR_OF], alike, st[_ODD_CARDS], st[_ODD_READS] = _all_colour_facts()[
        position.trumps.suit, position.trumps.number, counted
    ]
    st[_ALIKE : _ALIKE + COLOUR_COUNT] = alike
    st[_STAMP] = stamp
    st[_LIMIT] = _NO_LIMIT
    st[_PROBE], st[_PROBE_FROM] = PROBES[int(cooperative)]
    state = np.array(st, dtype=np.int64)
    _index_held(state, tables(position.trumps).packed)
    return state


@no_runtime()
def _index_held(st: NDArray[np.int64], tab: NDArray[np.int64]) -> None:
    """Each held card's symbol in the key (``_SYMBOL_OF``: its owner, whether it ties,
    and its colour as the question sees it when a condition counts colours) and the
    places of the held cards (``_PLACES_LEFT``), from the hands."""
    st[_PLACES_LEFT] = 0
    for seat in range(SEATS):
        cards = st[_HAND + seat]
        while cards:
            b = cards & -cards
            cards ^= b
            c = lowest_set(b)
            symbol = seat | tab[_TIE, c] << _TIE_SHIFT
            if st[_KEY_COLOURS]:
                symbol |= ((st[_COLOUR_OF] >> (_SEEN_BITS * tab[_COLOUR, c])) & _SEEN_MASK) << _COLOUR_SHIFT
            st[_SYMBOL_OF + c] = symbol
            st[_PLACES_LEFT] |= np.int64(1) << tab[_PLACE, c]
