"""The layout of the Was sticht? double-dummy kernel: its sizes, the packed integer arrays
it works on, and the per-trumps tables (how the search uses them: ``kernel_search``).

Vocabulary:
- *card*: its ``Card.index`` 0..35; a *hand*, or any set of cards, is an int64 bitmask
  over it.
- *seat*: 0..3 clockwise, as in the engine (``SEATS``; a 3-player position leaves seat
  3's hand empty); the *player* is the seat the question is about.
- *follow class*: what a card counts as for following: its printed colour 0..3, or
  ``TRUMP_CLASS`` for every trump (a trump-number card belongs to the trumps only).
- *strength key*: a card's rank in a trick led by a card of follow class l,
  ``class x CLASS_WEIGHT + number`` as ``trumps.strength`` (number trumps count 0 for the
  number, so they tie); a later card wins only with a strictly greater key. ``NO_BOUND``
  lies above every key and every count.
- *place*: a card's index in ``_ORDER`` (the cards by class and rank); a *set of places*
  is a mask over them, as a set of cards is over the cards.
- *symbol*: what the transposition key records of a held card (``_SYMBOL_OF``): its owner
  (``_OWNER_BITS``), whether it ties (``_TIE_SHIFT``) and, when a condition counts
  colours, its colour as the question sees it (``_COLOUR_SHIFT``).
- *word*: one int64 of a packed array, named by its offset; ``Offsets`` hands the offsets
  out in order, so each block states its size where it is named.

The arrays (what each word holds: the comments below, and ``kernel_search``'s docstring,
Encoding): ``st``, the search state (``_HAND`` .. ``_PLACES_LEFT``); ``tab``, the
per-trumps tables (``Tables.packed``: a row per table, ``_CLASS`` .. ``_BETWEEN``, a column
per card); ``buf``, the work rows (``_ROWS_PER_DEPTH`` per search depth, then
``_PEER_ROW``); ``conds``, the conditions (a row each: measure code ``_M_TRICKS`` ..
``_M_FEWEST``, low, high).
Also here: how a question sees the colours (``_colour_facts``), and the small kernels
every other module reads the arrays with (``_cards_left``, ``_owner``, ``_least_card``,
``_places`` ...).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.was_sticht.cards import COLOURS, DECK
from cardsolve.models.was_sticht.chips import MEASURES
from cardsolve.models.was_sticht.trumps import ALL_TRUMPS, NUMBER_TRUMP, Trumps, strength
from cardsolve.solvers.infrastructure.jit import lowest_set, no_runtime, rows_at

SEATS = 4
"""The seats the kernel holds: 4 (a 3-player position leaves the last hand empty)."""
COLOUR_COUNT = len(COLOURS)
TRUMP_CLASS = COLOUR_COUNT
"""The follow class of every trump, after the colours' classes 0..3."""
CLASSES = COLOUR_COUNT + 1
CLASS_WEIGHT = 16
"""A strength key is ``class * CLASS_WEIGHT + number``: above every number (1..9)."""
NO_BOUND = 1000
"""No bound: above every strength key (below ``CLASS_WEIGHT * CLASSES``) and every count
of the kernel, so the least of no strengths or counts."""


class Offsets:
    """Consecutive places in a packed array, handed out in order: ``take(n)`` is the first
    of the next ``n`` places, so each block states its own size where it is named and no
    offset is counted by hand; ``size`` is how many were handed out."""

    def __init__(self) -> None:
        self.size = 0

    def take(self, places: int = 1) -> int:
        """The first of the next ``places`` places."""
        first = self.size
        self.size += places
        return first


# The search state ``st``: per-seat and per-colour blocks, then one word per scalar, then
# the per-card blocks.
_st_layout = Offsets()
_HAND = _st_layout.take(SEATS)
_TRICK = _st_layout.take(SEATS)
_WON = _st_layout.take(SEATS)
_COLOUR_WON = _st_layout.take(COLOUR_COUNT)
_LEADER = _st_layout.take()  # the seat that led the current trick
_IN_TRICK = _st_layout.take()  # the cards played to it so far
_DONE = _st_layout.take()  # the tricks finished
_FIRST = _st_layout.take()  # 1 when the player won the first trick
_LAST_WON = _st_layout.take()  # 1 when the player won the last trick finished
_WANTS = _st_layout.take()  # 1 when the player would rather win the current trick
# (``_wants_tricks``, set where a trick starts: it reads only what a trick changes)
_NODES = _st_layout.take()  # the nodes searched
_ROOT_CARD = _st_layout.take()  # the card that decides the root's answer, or -1
_PLAYER = _st_layout.take()  # the seat the question is about
_PLAYERS = _st_layout.take()  # 3 or 4
_COOP = _st_layout.take()  # 1 when the other seats help the player
_TOTAL = _st_layout.take()  # the tricks of the whole round
_KEY_ALL = _st_layout.take()  # 1 when the key holds every seat's tricks (most, fewest)
_KEY_TRICKS = _st_layout.take()  # 1 when the key holds the player's tricks
_KEY_COLOURS = _st_layout.take()  # a bit per colour the key holds the player's count of
_KEY_FIRST = _st_layout.take()  # 1 when the key holds who won the first trick
_STAMP = _st_layout.take()  # this search's stamp in the transposition table
_RELEVANT = _st_layout.take()  # the places whose owners the last node's answer read (``_node``)
_LIMIT = _st_layout.take()  # the node count at which the search stops (a probe's budget)
_STOPPED = _st_layout.take()  # 1 while a search stopped at its limit unwinds
_PROBE = _st_layout.take()  # the probes' budget in nodes
_PROBE_FROM = _st_layout.take()  # the fewest tricks left at which a node probes
_WANTED = _st_layout.take()  # the cards of the colours the player wants in his tricks (a
# condition with a low end above 0)
_KEPT_OUT = _st_layout.take()  # the cards of the colours he must keep out of them (a high end of 0)
_SPENDING = _st_layout.take()  # _KEPT_OUT when the question has him spend his trumps first
# (``_trumps_to_spend``), else -1
_ONLY_KEPT_OUT = _st_layout.take()  # 1 when all the question asks is to keep colours out of his tricks
_COLOUR_OF = _st_layout.take()  # each printed colour's colour as the question sees it
# (``_SEEN_BITS`` each, see ``_colour_facts``)
_ODD_CARDS = _st_layout.take()  # the odd trumps (``_colour_facts``)
_ODD_READS = _st_layout.take()  # their places with every trump above them or tied with them
_REVERSE = _st_layout.take()  # the depths below which the candidates are tried in reverse order
# (a helper's search, see ``kernel_threads``; 0 for the main search)
_HELPED = _st_layout.take()  # 1 in a helped search (``_helped``): the root does not probe
_HALT = _st_layout.take()  # set to 1 by the main search's thread when it has its answer: the
# helper's search unwinds
# where the search's other arrays lie (``address``; see ``kernel_search._arrays``), with the
# rows of those whose rows vary: ``_node`` passes ``st`` alone down the recursion
_CONDS_AT = _st_layout.take()
_CONDS_ROWS = _st_layout.take()
_TAB_AT = _st_layout.take()
_TT_AT = _st_layout.take()
_TT_ROWS = _st_layout.take()
_BUF_AT = _st_layout.take()
_PEER_AT = _st_layout.take()
_PEER_ROWS = _st_layout.take()
_ALIKE = _st_layout.take(COLOUR_COUNT)
"""Per printed colour, the cards whose colour the question treats alike with it (every
card when no condition counts colours)."""
_SYMBOL_OF = _st_layout.take(len(DECK))
"""Per card, its symbol in the key's class words (its owner, whether it ties, and its
colour as the question sees it when a condition counts colours), made by
``_index_held``: a card changes hands never, it only leaves them."""
_PLACES_LEFT = _st_layout.take()
"""The places (``_PLACE``) of the cards in the hands, kept as cards are played."""
_STATE = _st_layout.size
_UNDO_FROM, _UNDO_TO = _TRICK, _NODES
"""The words a finished trick changes: the trick, the counters, leader .. wants."""

_COUNT_BITS = 6
"""The bits of one seat's count of cards packed in one int (at most 36)."""
_COUNT_MASK = (1 << _COUNT_BITS) - 1

_SEEN_BITS = 2
"""The bits of one printed colour's entry in ``_COLOUR_OF`` (a colour 0..3)."""
_SEEN_MASK = (1 << _SEEN_BITS) - 1

# The rows of the tables ``tab`` (36 columns each, one per card unless said).
_tab_layout = Offsets()
_CLASS = _tab_layout.take()  # the follow class
_COLOUR = _tab_layout.take()  # the printed colour
_STRENGTH = _tab_layout.take(CLASSES)  # the strength keys, a row per lead's class
_CLASS_MASK = _tab_layout.take()  # the cards of each class (the first CLASSES columns)
_COLOUR_MASK = _tab_layout.take()  # the cards of each colour (the first COLOUR_COUNT columns)
_LOWER_ANY = _tab_layout.take()  # the cards of c's class below it, or tied and earlier
_ORDER = _tab_layout.take()  # the cards by class and rank (a column per place)
_TIE = _tab_layout.take()  # 1 for a number trump
_PLACE = _tab_layout.take()  # the card's place in _ORDER
_UP = _tab_layout.take()  # the places of c's class from the lowest card tied with c up
_CLASS_PLACES = _tab_layout.take()  # the places of each class (the first CLASSES columns)
_TIED_TRUMPS = _tab_layout.take()  # the tied number trumps as cards (the first column)
_BETWEEN = _tab_layout.take(len(DECK))  # a row per card c: per card d, the others ranked between
_TABLE_ROWS = _tab_layout.size


# A card's symbol (``_SYMBOL_OF``), as the key's class words hold it.
_OWNER_BITS = 2
_OWNER_MASK = (1 << _OWNER_BITS) - 1
_TIE_SHIFT = _OWNER_BITS
_COLOUR_SHIFT = _TIE_SHIFT + 1
_SYMBOL_BITS = _COLOUR_SHIFT
"""A card's symbol: its owner, and whether it ties."""
_SYMBOL_BITS_COLOURED = _COLOUR_SHIFT + _SEEN_BITS
"""A card's symbol when a condition counts colours: its colour above (a class
holds at most 12 cards: 60 bits)."""


# The work rows ``buf``: a block per search depth (a depth per card played, and the last).
_ROWS_PER_DEPTH = 4
_CARDS, _KEYS, _WORDS, _SAVED = range(_ROWS_PER_DEPTH)
"""A depth's rows: the candidate cards in order (``_candidates``); their sort keys, then
what each card's answer read (``_node``); the transposition key (``_key``: its words,
then the places of the cards left); the words of ``st`` a finished trick changes
(``_UNDO_FROM`` .. ``_UNDO_TO``), to take the trick back."""
_PEER_ROW = _ROWS_PER_DEPTH * (len(DECK) + 1)
"""The row of ``buf`` after every depth's: a copy of a slot of the peer's table
(``_from_peer``)."""
_BUF_ROWS = _PEER_ROW + 1
_COLUMNS = len(DECK)
"""The columns of ``tab`` and ``buf``: one per card."""

# The measure codes.
_M_TRICKS, _M_COLOUR, _M_FIRST, _M_LAST, _M_MOST, _M_FEWEST = (
    MEASURES.index(m)
    for m in ("tricks", f"colour:{next(iter(COLOURS))}", "trick:first", "trick:last", "most", "fewest")
)
"""Colour measures are ``_M_COLOUR + colour`` (0..3), just before ``_M_FIRST``."""


class Tables:
    """The per-trumps tables of the kernel, as ``tab`` holds them (see the module docstring)."""

    def __init__(self, trumps: Trumps) -> None:
        colours = list(COLOURS)
        self.fc = np.array(
            [
                TRUMP_CLASS if c.colour == trumps.suit or c.number == trumps.number else colours.index(c.colour)
                for c in DECK
            ],
            dtype=np.int64,
        )
        self.col = np.array([colours.index(c.colour) for c in DECK], dtype=np.int64)
        self.strength = np.zeros((CLASSES, len(DECK)), dtype=np.int64)
        fcs = [int(f) for f in self.fc]
        for lead_class in range(CLASSES):
            if lead_class in fcs:
                lead = DECK[fcs.index(lead_class)]  # every lead of the class ranks the cards alike
                self.strength[lead_class] = [
                    CLASS_WEIGHT * cls + number for cls, number in (strength(card, lead, trumps) for card in DECK)
                ]
        rank = [int(self.strength[fcs[c], c]) for c in range(len(DECK))]
        self.classmask = np.zeros(CLASSES, dtype=np.int64)
        self.colmask = np.zeros(COLOUR_COUNT, dtype=np.int64)
        for c in range(len(DECK)):
            self.classmask[self.fc[c]] |= 1 << c
            self.colmask[self.col[c]] |= 1 << c
        self.order = np.array(
            sorted(range(len(DECK)), key=lambda c: (self.fc[c], rank[c], self.col[c])), dtype=np.int64
        )
        self.tie = np.array(
            [int(self.strength[TRUMP_CLASS, c] // CLASS_WEIGHT == NUMBER_TRUMP) for c in range(len(DECK))],
            dtype=np.int64,
        )
        fc, rank_of = self.fc, np.array(rank, dtype=np.int64)
        bits = np.int64(1) << np.arange(len(DECK), dtype=np.int64)
        same = fc[:, None] == fc[None, :]  # [c, d]
        index = np.arange(len(DECK))
        below_any = same & (
            (rank_of[None, :] < rank_of[:, None])
            | ((rank_of[None, :] == rank_of[:, None]) & (index[None, :] < index[:, None]))
        )
        self.lower_any = (below_any * bits[None, :]).sum(axis=1).astype(np.int64)
        other = (index[:, None, None] != index[None, None, :]) & (index[None, :, None] != index[None, None, :])
        # [c, d, e]: e ranked from c's rank to d's, tied with either (a tie decides by
        # who plays first, so a tied outside card tells c and d apart)
        inside = (
            same[:, :, None]
            & same[:, None, :]
            & other
            & (rank_of[:, None] < rank_of[None, :])[:, :, None]
            & (rank_of[:, None, None] <= rank_of[None, None, :])
            & (rank_of[None, None, :] <= rank_of[None, :, None])
        )
        self.between = (inside * bits[None, None, :]).sum(axis=2).astype(np.int64)
        self.packed = np.zeros((_TABLE_ROWS, len(DECK)), dtype=np.int64)
        """Every table in one array, by the ``_CLASS`` .. ``_BETWEEN`` rows."""
        self.packed[_CLASS] = self.fc
        self.packed[_COLOUR] = self.col
        self.packed[_STRENGTH : _STRENGTH + CLASSES] = self.strength
        self.packed[_CLASS_MASK, :CLASSES] = self.classmask
        self.packed[_COLOUR_MASK, :COLOUR_COUNT] = self.colmask
        self.packed[_LOWER_ANY] = self.lower_any
        self.packed[_ORDER] = self.order
        self.packed[_TIE] = self.tie
        self.packed[_PLACE, self.order] = np.arange(len(DECK))
        place = self.packed[_PLACE]
        for c in range(len(DECK)):
            # the places of c's class from the lowest card tied with c up
            floor = min(int(place[d]) for d in range(len(DECK)) if fc[d] == fc[c] and rank_of[d] == rank_of[c])
            self.packed[_UP, c] = sum(
                1 << int(place[d]) for d in range(len(DECK)) if fc[d] == fc[c] and place[d] >= floor
            )
            self.packed[_CLASS_PLACES, fc[c]] |= 1 << int(place[c])
        self.packed[_TIED_TRUMPS, 0] = sum(1 << c for c in range(len(DECK)) if self.tie[c])
        self.packed[_BETWEEN:] = self.between


@lru_cache(maxsize=1)
def _all_tables() -> dict[tuple[str | None, int | None], Tables]:
    return {(trumps.suit, trumps.number): Tables(trumps) for trumps in ALL_TRUMPS}


def tables(trumps: Trumps) -> Tables:
    """The kernel's tables for these trumps (all 50 built at the first call, ~50 ms; kept
    by suit and number, which hash faster than the dataclass)."""
    return _all_tables()[trumps.suit, trumps.number]


ColourFacts = tuple[int, tuple[int, ...], int, int]
"""``_colour_facts``: the colour map, the cards alike per colour, the odd trumps, their
reads."""


@lru_cache(maxsize=1)
def _all_colour_facts() -> dict[tuple[str | None, int | None, int], ColourFacts]:
    """``_colour_facts`` for every trumps and set of colours counted (800, ~10 ms at the
    first call: a miss inside a timed search would cost more than the search)."""
    return {
        (t.suit, t.number, counted): _colour_facts(t.suit, t.number, counted)
        for t in ALL_TRUMPS
        for counted in range(1 << COLOUR_COUNT)
    }


def _colour_facts(suit: str | None, number: int | None, counted: int) -> ColourFacts:
    """How a question that counts these colours (a bit each, in ``COLOURS`` order) sees
    the colours, as ``encode`` writes them into ``st``: a counted colour is its own, the
    others are one (the lowest not counted; the question tells them apart nowhere, so
    cards that differ only in them play alike: merged, and one symbol in the key); per
    printed colour the cards alike with it in colour (every card when none is counted);
    the *odd trumps*, the trumps whose colour is not the trump suit's (every trump when
    there is no trump suit; none when no colour is counted); and their places with every
    trump above them or tied with them (a tie group can hold both kinds)."""
    if not counted:
        return 0, (-1,) * COLOUR_COUNT, 0, 0
    shared = min((k for k in range(COLOUR_COUNT) if not (counted >> k) & 1), default=0)
    seen = [k if (counted >> k) & 1 else shared for k in range(COLOUR_COUNT)]
    table = tables(Trumps(suit, number))
    masks = [int(m) for m in table.colmask]
    alike = tuple(sum(masks[j] for j in range(COLOUR_COUNT) if seen[j] == seen[k]) for k in range(COLOUR_COUNT))
    trumps = int(table.classmask[TRUMP_CLASS])
    odd = trumps & ~alike[list(COLOURS).index(suit)] if suit is not None else trumps
    reads = 0
    if odd:
        lowest = min((c for c in range(len(DECK)) if (odd >> c) & 1), key=lambda c: int(table.packed[_PLACE, c]))
        reads = int(table.packed[_UP, lowest])
    return sum(seen[k] << (_SEEN_BITS * k) for k in range(COLOUR_COUNT)), alike, odd, reads


def work_rows() -> NDArray[np.int64]:
    """A search's work rows ``buf`` (each written before it is read)."""
    return np.zeros((_BUF_ROWS, _COLUMNS), dtype=np.int64)


@no_runtime(inline="always")
def _conditions_at(st: NDArray[np.int64]) -> NDArray[np.int64]:
    """The search's conditions, where ``kernel_search._arrays_into`` found them."""
    return rows_at(st[_CONDS_AT], st[_CONDS_ROWS], 3)


@no_runtime(inline="always")
def _tables_at(st: NDArray[np.int64]) -> NDArray[np.int64]:
    """The search's per-trumps tables, where ``kernel_search._arrays_into`` found them."""
    return rows_at(st[_TAB_AT], _TABLE_ROWS, _COLUMNS)


@no_runtime(inline="always")
def _cards_left(st: NDArray[np.int64]) -> int:
    """The cards still held by any seat."""
    return int(st[_HAND] | st[_HAND + 1] | st[_HAND + 2] | st[_HAND + 3])


@no_runtime(inline="always")
def _seat_after(seat: int, steps: int, players: int) -> int:
    """The seat ``steps`` places after ``seat`` clockwise (both below ``players``): a
    compare instead of a remainder, whose division costs tens of cycles at every node."""
    later = seat + steps
    return later - players if later >= players else later


@no_runtime(inline="always")
def _owner(st: NDArray[np.int64], card: int) -> int:
    """The seat holding ``card`` (it is held): the low bits of its symbol."""
    return int(st[_SYMBOL_OF + card] & _OWNER_MASK)


@no_runtime(inline="always")
def _least_card(cards: int, tab: NDArray[np.int64], cls: int) -> int:
    """The least strength among ``cards`` in a trick led in the class ``cls`` (NO_BOUND
    for none)."""
    least = NO_BOUND
    while cards:
        b = cards & -cards
        cards ^= b
        least = min(least, tab[_STRENGTH + cls, lowest_set(b)])
    return least


@no_runtime(inline="always")
def _best_card(cards: int, tab: NDArray[np.int64], cls: int) -> int:
    """The greatest strength among ``cards`` in a trick led in the class ``cls`` (-1 for
    none)."""
    best = -1
    while cards:
        b = cards & -cards
        cards ^= b
        best = max(best, tab[_STRENGTH + cls, lowest_set(b)])
    return best


@no_runtime()
def _places(cards: int, tab: NDArray[np.int64]) -> int:
    """The places (in ``_ORDER``) of these cards, as a mask."""
    ranked = 0
    while cards:
        b = cards & -cards
        cards ^= b
        ranked |= np.int64(1) << tab[_PLACE, lowest_set(b)]
    return ranked
