"""The transposition table of the Was sticht? kernel (what the search stores in it and
when: ``kernel_search``).

Vocabulary:
- *key* (``_key``): a trick-boundary state as ``_KEY_WORDS`` words: the *shape* (each
  seat's count of cards of each class, ``_SHAPE_BITS`` each, in the ``_SHAPE`` words),
  the *counters* word (the leader, the counts the conditions depend on, the tied and odd
  trumps left, as digits of the ``_*_RADIX`` bases), and one *class word* per class: its
  cards left in rank order from the top, a symbol each (``kernel_layout``).
- *slot*: a row of the table ``tt``: a key's words, then ``_RELEVANT_COUNTS`` (the *top
  counts*: how many top cards of each class its answers read), ``_VERDICT`` (the
  family's stamp and the answer), ``_WORK`` (the nodes its answers took) and ``_CHECK`` (a hash of the words before ``_WORK``). A slot answers for
  a key with its shape and counters whose class words begin with the slot's top cards,
  as many as it read.
- *bucket*: ``BUCKET`` consecutive slots picked by the hash of the whole key (the key's
  own), or ``SHAPE_BUCKET`` picked by the hash of the shape and counters (the shape's); a
  new answer takes the slot holding its key, else a stale one, else the one whose
  answers took the fewest nodes.
- *family* (``_family_stamp``): the searches whose answers hold for each other's keys;
  its stamp marks its slots, so other families' slots are stale without clearing the
  table.
- *peer*: the other thread's table in a helped search (``_from_peer``).
Each thread has its own table and work rows (``own_table``); ``forget`` makes every
stored answer stale.
"""

from __future__ import annotations

import threading

import numpy as np
from numpy.typing import NDArray

from cardsolve.solvers.infrastructure.jit import lowest_set, no_runtime, popcount
from cardsolve.solvers.was_sticht.kernel_layout import (
    _CLASS_PLACES,
    _COLOUR_WON,
    _FIRST,
    _KEY_ALL,
    _KEY_COLOURS,
    _KEY_FIRST,
    _KEY_TRICKS,
    _LEADER,
    _ODD_CARDS,
    _ORDER,
    _OWNER_MASK,
    _PEER_ROW,
    _PLACES_LEFT,
    _PLAYER,
    _RELEVANT,
    _STAMP,
    _SYMBOL_BITS,
    _SYMBOL_BITS_COLOURED,
    _SYMBOL_OF,
    _TIED_TRUMPS,
    _UP,
    _WON,
    CLASSES,
    COLOUR_COUNT,
    SEATS,
    Offsets,
    _cards_left,
    work_rows,
)

TT_BITS = 19
"""The transposition table holds 2**TT_BITS slots (each ``_TT_COLUMNS`` int64, 13: 52 MiB
at 19 bits), in buckets of ``BUCKET`` slots."""
BUCKET = 2
"""The slots of a key's own bucket: the first that holds the key, else a stale one, else
the one whose answer took the fewest nodes to search gives way."""
SHAPE_BUCKET = 16
"""The slots of a shape's bucket (taken the same way): every position of the shape and
counters stores its partial answers there, each reading other top cards, so it needs more
room than a key's own (over the 15,360 every-chip questions of each of three deal sets,
16 slots instead of 2 searched 9-12% fewer nodes; 32 slots 1% fewer again)."""
SMALL_TRICKS, SMALL_TT_BITS = 4, 12
"""A search of at most SMALL_TRICKS tricks uses only the table's first 2**SMALL_TT_BITS
slots: it needs no more, and they stay in the processor's cache between searches."""


# A key's words, and a slot's columns: the words of the key it answers for, then what its
# answers say.
_SHAPE_BITS = 4
"""The bits of one seat's count of one class's cards in the shape (at most 12), and of a
slot's top count of one class."""
_SHAPE_MASK = (1 << _SHAPE_BITS) - 1
_SHAPE_CLASSES = 3
"""The classes per shape word (seats x classes x ``_SHAPE_BITS`` bits: 48)."""
_slot_layout = Offsets()
_SHAPE = _slot_layout.take(-(-CLASSES // _SHAPE_CLASSES))
"""The shape: ``_SHAPE_CLASSES`` classes a word, each seat's count ``_SHAPE_BITS`` bits."""
_COUNTERS_WORD = _slot_layout.take()
"""The leader and the counters the conditions depend on, as digits (``_key``)."""
_HASH_WORDS = _slot_layout.size
"""The key's words that pick its shape's bucket: the shape and the counters."""
_CLASS_WORDS = _slot_layout.take(CLASSES)
"""Each class's symbols, its top card in the lowest bits."""
_KEY_WORDS = _slot_layout.size
_RELEVANT_COUNTS = _slot_layout.take()
"""How many top cards of each class the slot's answers read (``_SHAPE_BITS`` each)."""
_VERDICT = _slot_layout.take()
"""The question family's stamp above ``_STAMP_SHIFT``, and the answer (``_ANSWER_BIT``)."""
_STAMP_SHIFT = 1
_ANSWER_BIT = 1
_WORK = _slot_layout.take()
"""The nodes the slot's answers took to search (what a bucket keeps: ``_victim``)."""
_CHECK = _slot_layout.take()
"""A hash of the slot's words before ``_WORK`` (``_checksum``), written after them: a
helper reading the slot while its owner rewrites it sees the words and the hash
disagree, and takes nothing from it (``_from_peer``)."""
_TT_COLUMNS = _slot_layout.size

# The digits of the counters word (``_key``).
_TRICK_RADIX = 16
"""Above every trick count (at most TRICKS)."""
_COLOUR_RADIX = 64
"""Above every count of cards of one colour."""
_TIED_RADIX = 8
"""Above every count of tied number trumps left (at most 4: the trump number's cards)."""
_ODD_RADIX = 8
"""Above every count of odd trumps left (at most 4: the trump number's cards, when there
is no trump suit)."""
_FIRST_RADIX = 2
"""Who won the first trick: 0 or 1."""


class _Workspace(threading.local):
    """Each thread's own transposition table (made at its first search) and work rows:
    the kernel releases the GIL, so threads search side by side, each in its own."""

    def __init__(self) -> None:
        self.tt: NDArray[np.int64] | None = None
        self.buf = work_rows()


_WORKSPACE = _Workspace()
_SEARCHES = [0]
FAMILIES = 4096
"""The question families whose stamps are kept; past that many, every family starts
afresh (its old entries turn stale)."""
_FAMILY_STAMPS: dict[tuple[object, ...], int] = {}
_STAMPS_LOCK = threading.Lock()


def own_table(small: bool) -> NDArray[np.int64]:
    """This thread's transposition table (made at its first call); for a ``small``
    search (at most ``SMALL_TRICKS`` tricks) its first ``2**SMALL_TT_BITS`` slots only."""
    if _WORKSPACE.tt is None:
        _WORKSPACE.tt = np.zeros((1 << TT_BITS, _TT_COLUMNS), dtype=np.int64)
        _WORKSPACE.tt.fill(0)  # touch every page now rather than inside the first searches
    return _WORKSPACE.tt[: 1 << SMALL_TT_BITS] if small else _WORKSPACE.tt


def forget() -> None:
    """Make every stored answer stale, in every thread's table: the next searches start
    from an empty table (``double_dummy`` does so at each call outside
    ``shared_table``)."""
    with _STAMPS_LOCK:
        _FAMILY_STAMPS.clear()


def _family_stamp(family: tuple[object, ...]) -> int:
    """The table stamp of a question family: every search of one family shares its
    entries, a new family gets a fresh stamp (older entries are stale without clearing
    the table). A family is what fixes the answer of a key: the trumps, the player, the
    players, whether the others cooperate and the question's conditions (a question on
    one counter bounded on one side once shared a family with the other bounds of its
    kind, its slots holding ranges of slacks: within one search the merged answers read
    more cards than each alone, and without them single questions, tables and
    ``trick_bounds`` took fewer nodes). A stamp is the family's in every thread's table:
    an entry holds for its key whichever search stored it."""
    with _STAMPS_LOCK:
        stamp = _FAMILY_STAMPS.get(family)
        if stamp is None:
            if len(_FAMILY_STAMPS) >= FAMILIES:
                _FAMILY_STAMPS.clear()
            _SEARCHES[0] += 1
            stamp = _FAMILY_STAMPS[family] = _SEARCHES[0]
        return stamp


@no_runtime(inline="always")
def _symbol_bits(st: NDArray[np.int64]) -> int:
    """The bits of a card's symbol in the key's class words."""
    return _SYMBOL_BITS_COLOURED if st[_KEY_COLOURS] else _SYMBOL_BITS


@no_runtime(inline="always")
def _key(st: NDArray[np.int64], tab: NDArray[np.int64], buf: NDArray[np.int64], row: int) -> None:
    """The trick-boundary state as ``_KEY_WORDS`` words in ``buf[row]``: the shape (each
    seat's count of cards of each class, ``_SHAPE_BITS`` each), the leader with the
    counters the conditions depend on and the count of tied number trumps left (see
    Partitions), and per class its cards left in rank order from
    the top, each as its owner and whether it ties (number trumps; and its colour
    when a condition counts colours), so that a stored answer that read only the top
    cards of a class is found by comparing a prefix; the places of the cards left go to
    ``buf[row, _KEY_WORDS]``."""
    for k in range(_KEY_WORDS):
        buf[row, k] = 0
    ranked = st[_PLACES_LEFT]
    buf[row, _KEY_WORDS] = ranked
    width = _symbol_bits(st)
    for k in range(CLASSES):
        cls = ranked & tab[_CLASS_PLACES, k]
        at = (popcount(cls) - 1) * width  # the lowest card is the last from the top
        word, shape = 0, 0
        while cls:
            b = cls & -cls
            cls ^= b
            c = tab[_ORDER, lowest_set(b)]
            symbol = st[_SYMBOL_OF + c]
            owner = symbol & _OWNER_MASK
            word |= symbol << at
            at -= width
            shape += 1 << (_SHAPE_BITS * owner)
        buf[row, _CLASS_WORDS + k] = word
        buf[row, _SHAPE + k // _SHAPE_CLASSES] += shape << (_SHAPE_BITS * SEATS * (k % _SHAPE_CLASSES))
    key = st[_LEADER]
    if st[_KEY_ALL]:
        for s in range(SEATS):
            key = key * _TRICK_RADIX + st[_WON + s]
    elif st[_KEY_TRICKS]:
        key = key * _TRICK_RADIX + st[_WON + st[_PLAYER]]
    for k in range(COLOUR_COUNT):
        if (st[_KEY_COLOURS] >> k) & 1:
            key = key * _COLOUR_RADIX + st[_COLOUR_WON + k]
    key = key * _TIED_RADIX + popcount(_cards_left(st) & tab[_TIED_TRUMPS, 0])
    if st[_KEY_COLOURS]:
        key = key * _ODD_RADIX + popcount(_cards_left(st) & st[_ODD_CARDS])
    if st[_KEY_FIRST]:
        key = key * _FIRST_RADIX + st[_FIRST]
    buf[row, _COUNTERS_WORD] = key


_MIX = np.array(
    [
        0x9E3779B97F4A7C1,
        0x6C62272E07BB0142,
        0x5851F42D4C957F2D,
        0x14057B7EF767814F,
        0x2545F4914F6CDD1D,
        0x2127599BF4325C37,
        0x3C6EF372FE94F82B,
        0x1B873593CC9E2D51,
    ],
    dtype=np.int64,
)
"""An odd multiplier per key word, for the slot hash."""


@no_runtime(inline="always")
def _bucket(buf: NDArray[np.int64], row: int, size: int, words: int, ways: int) -> int:
    """The first slot of a bucket of the key in the transposition table, from its first
    ``words`` words: all of them (the key's own bucket), or the shape and the counters
    only (the shape's bucket, shared by the positions that differ in small cards): each
    word times its own multiplier, xored, then mixed (a 64-bit finaliser)."""
    x = 0
    for k in range(words):
        x ^= buf[row, k] * _MIX[k]
    x = x ^ (x >> 31)
    x = x * 0x7FB5D329728EA185
    x = x ^ (x >> 27)
    return int(x & (size - 1) & -ways)


@no_runtime(inline="always")
def _stored(tt: NDArray[np.int64], slot: int, buf: NDArray[np.int64], row: int, stamp: int, width: int) -> bool:
    """Whether the table's slot holds this search's answer for the key in ``buf[row]``:
    the same shape and counters, and in each class the same top cards (symbols of
    ``width`` bits) as many as the slot's answers read."""
    if tt[slot, _VERDICT] >> _STAMP_SHIFT != stamp:
        return False
    for k in range(_HASH_WORDS):
        if tt[slot, k] != buf[row, k]:
            return False
    counts = tt[slot, _RELEVANT_COUNTS]
    for k in range(CLASSES):
        top = (counts >> (_SHAPE_BITS * k)) & _SHAPE_MASK
        if (tt[slot, _CLASS_WORDS + k] ^ buf[row, _CLASS_WORDS + k]) & ((np.int64(1) << (top * width)) - 1):
            return False
    return True


@no_runtime(inline="always")
def _find(
    tt: NDArray[np.int64], bucket: int, buf: NDArray[np.int64], row: int, stamp: int, width: int, ways: int
) -> int:
    """The slot of the bucket that holds this search's answer for the key in ``buf[row]``,
    or -1."""
    for slot in range(bucket, bucket + ways):
        if _stored(tt, slot, buf, row, stamp, width):
            return slot
    return -1


@no_runtime(inline="always")
def _victim(tt: NDArray[np.int64], bucket: int, stamp: int, ways: int) -> int:
    """The slot of the bucket that gives way to a new key: one stale (another search's),
    else the one whose answers took the fewest nodes."""
    slot = bucket
    for s in range(bucket, bucket + ways):
        if tt[s, _VERDICT] >> _STAMP_SHIFT != stamp:
            return s
        if tt[s, _WORK] < tt[slot, _WORK]:
            slot = s
    return slot


@no_runtime(inline="always")
def _top_counts(ranked: int, relevant: int, tab: NDArray[np.int64]) -> int:
    """How many top cards of each class (``_SHAPE_BITS`` each) lie on the relevant
    places, among the cards on the places ``ranked``."""
    counts = 0
    for k in range(CLASSES):
        counts |= popcount(ranked & relevant & tab[_CLASS_PLACES, k]) << (_SHAPE_BITS * k)
    return counts


@no_runtime(inline="always")
def _top_places(ranked: int, counts: int, tab: NDArray[np.int64]) -> int:
    """The places read by an answer that read these top counts, among the cards on the
    places ``ranked``: in each class from its ``count``-th card from the top up."""
    relevant = 0
    for k in range(CLASSES):
        top = (counts >> (_SHAPE_BITS * k)) & _SHAPE_MASK
        if top:
            cls = ranked & tab[_CLASS_PLACES, k]
            for _ in range(popcount(cls) - top):
                cls &= cls - 1
            relevant |= tab[_UP, tab[_ORDER, lowest_set(cls & -cls)]]
    return relevant


@no_runtime(inline="always")
def _store(
    tt: NDArray[np.int64], slot: int, buf: NDArray[np.int64], row: int, stamp: int, answer: bool, counts: int
) -> None:
    """The answer for the key in ``buf[row]``, which read these top counts, into the
    table's slot."""
    for k in range(_KEY_WORDS):
        tt[slot, k] = buf[row, k]
    tt[slot, _RELEVANT_COUNTS] = counts
    tt[slot, _VERDICT] = stamp << _STAMP_SHIFT | (_ANSWER_BIT if answer else 0)


_CHECK_MIX = np.random.default_rng(20261204).integers(1 << 62, size=_WORK, dtype=np.int64) * 2 + 1
"""An odd multiplier per word of a slot, for its hash."""


@no_runtime(inline="always")
def _checksum(rows: NDArray[np.int64], slot: int) -> int:
    """A hash of the row's words before ``_WORK``: each times its own multiplier, xored
    (the products are independent, so the hash costs about one multiplication's time)."""
    x = 0
    for k in range(_WORK):
        x ^= rows[slot, k] * _CHECK_MIX[k]
    return x


@no_runtime(inline="always")
def _keep(
    st: NDArray[np.int64],
    tt: NDArray[np.int64],
    bucket: int,
    buf: NDArray[np.int64],
    row: int,
    width: int,
    answer: bool,
    counts: int,
    work: int,
    ways: int,
) -> None:
    """The answer for the key in ``buf[row]``, which read these top counts and took
    ``work`` nodes, into the bucket: into the slot that holds the key (its work added),
    else a stale one, else the one whose answers took the fewest nodes."""
    slot = _find(tt, bucket, buf, row, st[_STAMP], width, ways)
    held = slot >= 0
    if not held:
        slot = _victim(tt, bucket, st[_STAMP], ways)
    work += tt[slot, _WORK] if held else 0
    _store(tt, slot, buf, row, st[_STAMP], answer, counts)
    tt[slot, _WORK] = work
    tt[slot, _CHECK] = _checksum(tt, slot)


@no_runtime(inline="always")
def _promote(tt: NDArray[np.int64], slot: int, bucket: int, buf: NDArray[np.int64], row: int, stamp: int) -> None:
    """A copy of the slot, found in the shape's bucket for the key in ``buf[row]``, into
    the key's own bucket under that key: a later visit finds it with one lookup, and it
    stays when the shape's copy gives way."""
    copy = _victim(tt, bucket, stamp, BUCKET)
    _store(tt, copy, buf, row, stamp, bool(tt[slot, _VERDICT] & _ANSWER_BIT), tt[slot, _RELEVANT_COUNTS])
    tt[copy, _WORK] = tt[slot, _WORK]
    tt[copy, _CHECK] = _checksum(tt, copy)


@no_runtime(inline="always")
def _from_peer(
    tt: NDArray[np.int64],
    peer: NDArray[np.int64],
    bucket: int,
    shaped: int,
    buf: NDArray[np.int64],
    row: int,
    stamp: int,
    width: int,
) -> int:
    """The answer for the key in ``buf[row]`` from the peer's table (the other thread's
    of a helped search, which it may be rewriting meanwhile): a slot of the key's two
    buckets there, copied whole into ``buf[_PEER_ROW]`` and taken only when the copy's
    words agree with its hash, goes into the key's own bucket here under this key (as
    ``_promote``); its slot here, or -1."""
    for first, ways in ((bucket, BUCKET), (shaped, SHAPE_BUCKET)):
        for s in range(first, first + ways):
            if peer[s, _VERDICT] >> _STAMP_SHIFT != stamp:
                continue
            for k in range(_TT_COLUMNS):
                buf[_PEER_ROW, k] = peer[s, k]
            if _checksum(buf, _PEER_ROW) != buf[_PEER_ROW, _CHECK] or not _stored(
                buf, _PEER_ROW, buf, row, stamp, width
            ):
                continue
            copy = _victim(tt, bucket, stamp, BUCKET)
            _store(
                tt,
                copy,
                buf,
                row,
                stamp,
                bool(buf[_PEER_ROW, _VERDICT] & _ANSWER_BIT),
                buf[_PEER_ROW, _RELEVANT_COUNTS],
            )
            tt[copy, _WORK] = buf[_PEER_ROW, _WORK]
            tt[copy, _CHECK] = _checksum(tt, copy)
            return copy
    return -1


_UNKNOWN = -1
"""``_look_up``'s answer when no stored answer holds for the key."""


@no_runtime(inline="always")
def _look_up(
    st: NDArray[np.int64],
    tab: NDArray[np.int64],
    tt: NDArray[np.int64],
    buf: NDArray[np.int64],
    row: int,
    depth: int,
    peer: NDArray[np.int64],
    width: int,
    always: int,
) -> tuple[int, int, int]:
    """The key of the trick-boundary state into ``buf[row]`` (``_key``) and, below the
    root, its stored answer: from the key's own bucket, else from the shape's (then
    copied into the key's own: ``_promote``), else from the peer's table
    (``_from_peer``). Returns (the answer, 1 or 0, or ``_UNKNOWN``; the key's bucket and
    the shape's bucket, where the node stores its own); the places a found answer read,
    with ``always``, go to ``st[_RELEVANT]``."""
    _key(st, tab, buf, row)
    bucket = _bucket(buf, row, tt.shape[0], _KEY_WORDS, BUCKET)
    shaped = _bucket(buf, row, tt.shape[0], _HASH_WORDS, SHAPE_BUCKET)
    slot = _find(tt, bucket, buf, row, st[_STAMP], width, BUCKET)
    from_shape = slot < 0
    if from_shape:
        slot = _find(tt, shaped, buf, row, st[_STAMP], width, SHAPE_BUCKET)
    if slot < 0 and depth > 0 and peer.shape[0] > 1:
        slot = _from_peer(tt, peer, bucket, shaped, buf, row, st[_STAMP], width)
        from_shape = False
    if depth == 0 or slot < 0:
        return _UNKNOWN, bucket, shaped
    if from_shape:
        _promote(tt, slot, bucket, buf, row, st[_STAMP])
    st[_RELEVANT] = _top_places(buf[row, _KEY_WORDS], tt[slot, _RELEVANT_COUNTS], tab) | always
    return (1 if tt[slot, _VERDICT] & _ANSWER_BIT else 0), bucket, shaped


@no_runtime(inline="always")
def _keep_answer(
    st: NDArray[np.int64],
    tt: NDArray[np.int64],
    bucket: int,
    shaped: int,
    buf: NDArray[np.int64],
    row: int,
    tab: NDArray[np.int64],
    width: int,
    answer: bool,
    relevant: int,
    work: int,
) -> None:
    """A searched node's answer for the key in ``buf[row]``, which
    read the places ``relevant`` and took ``work`` nodes, into the key's own bucket, and
    when it read fewer than all the cards of some class, into the shape's bucket too
    (where positions alike in the cards it read find it)."""
    ranked = buf[row, _KEY_WORDS]
    counts = _top_counts(ranked, relevant, tab)
    _keep(st, tt, bucket, buf, row, width, answer, counts, work, BUCKET)
    if ranked & ~relevant != 0:
        _keep(st, tt, shaped, buf, row, width, answer, counts, work, SHAPE_BUCKET)
