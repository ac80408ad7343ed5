"""The numba double-dummy kernel: one yes/no question (can the chip's conditions be made to
hold?) by a depth-first AND-OR search over single card plays, the player's seat an OR
node and the others AND nodes (every seat an OR node when they cooperate).

Encoding. A hand is an int64 bitmask over ``Card.index`` (0..35). Per trumps (cached):
``fc[c]`` the card's follow class (its colour 0..3, or 4 for a trump), ``strength[l, c]``
the card's key in a trick led by follow class l (class x 16 + number, number trumps x 16
+ 0, as ``trumps.strength``: a later card wins only with a strictly greater key),
``lower[c]`` the cards of c's follow class and printed colour ranked below it,
``lower_any[c]`` those of its follow class ranked below it or tied with it and earlier
in the deck, ``between[c, d]`` the other cards of their follow class ranked from c's
rank to d's (ties included: tied number trumps are told apart by who plays first);
``order`` the cards by follow class and rank, ``place`` each card's place in it. A
condition is a row (measure code = its place in ``MEASURES``, low, high).

Search. At each trick boundary the transposition table is asked first (keyed by the
four hands, the leader and the counters the conditions depend on: the key holds
everything the status reads); an unknown boundary is then checked against what is
already decided (``_status``), so the search stops as soon as the outcome is known:
tricks or colour cards won so far against what is left; the trumps (``_trump_bounds``:
sure cards of the top trump's holder, the player's trumps no other seat can cover, the
tricks other seats' trumps fill); first and last trick; most and fewest against what
every seat would need, and the tricks holding a trump against the seats that can win
them (``_trumps_overflow``); below the root, the player's quick tricks when he holds
every trump left (``_play_secures``). A colour is further bounded by the tricks he can
still win and by his trumps (``_colour_gain``). Undecided boundaries are stored.
Equal cards are merged: of the cards of one hand with the same follow class (and the
same printed colour, when a condition counts colours), a card is skipped when a lower
one of them (or a tied number trump earlier in the deck) has no card ranked between the
two, or tied with either, outside this hand and the finished tricks (the two play alike
to the end). The moves are ordered for the seat's aim in the trick: a seat that wants
the trick won (the player when he needs tricks, the others when they play against him)
tries the cheapest winning card first, a seat that wants it lost its highest card that
does not win; at the opposing seats the other aim's best card comes second.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.was_sticht.cards import COLOURS, DECK, NUMBERS, Card
from cardsolve.models.was_sticht.chips import MEASURES, TRICKS, Condition, Trick
from cardsolve.models.was_sticht.play import Position
from cardsolve.models.was_sticht.trumps import ALL_TRUMPS, NUMBER_TRUMP, Trumps, strength
from cardsolve.solvers.jit import lowest_set, njit, popcount

TT_BITS = 19
"""The transposition table holds 2**TT_BITS entries (each 6 int64: 24 MiB at 19 bits)."""
SMALL_TRICKS, SMALL_TT_BITS = 4, 12
"""A search of at most SMALL_TRICKS tricks uses only the table's first 2**SMALL_TT_BITS
entries: it needs no more, and they stay in the processor's cache between searches."""
TRUMP_CLASS = 4
"""The follow class of every trump."""

# The search state ``st`` (one int64 array): the hands, the current trick, each seat's
# tricks, the player's cards won per colour, then scalars: the search's own and the question.
_H, _T, _CN, _CL = 0, 4, 8, 12
(_LEADER, _NTRICK, _DONE, _FIRST, _LASTWON, _NODES, _ROOTCARD, _PLAYER, _PLAYERS, _COOP, _TOTAL,
 _KEYALL, _KEYTRICKS, _KEYCOLOURS, _KEYFIRST, _STAMP) = range(16, 32)
_STATE = 32
# The rows of the tables ``tab`` (one int64 array, 36 columns).
_FC, _COL, _STR, _CLASSMASK, _COLMASK, _LOWER, _LOWER_ANY, _ORDER, _TIE, _PLACE, _BETWEEN = 0, 1, 2, 7, 8, 9, 10, 11, 12, 13, 14
# The rows of the work array ``buf`` per depth: candidate cards, their sort keys, the key words.
_CARDS, _KEYS, _WORDS = 0, 1, 2
_TRICKS, _FIRST_M, _LAST_M, _MOST, _FEWEST = (MEASURES.index(m) for m in
                                              ("tricks", "trick:first", "trick:last", "most", "fewest"))


class Tables:
    """The per-trumps tables of the kernel (see the module docstring)."""

    def __init__(self, trumps: Trumps) -> None:
        colours = list(COLOURS)
        self.fc = np.array([TRUMP_CLASS if c.colour == trumps.suit or c.number == trumps.number
                            else colours.index(c.colour) for c in DECK], dtype=np.int64)
        self.col = np.array([colours.index(c.colour) for c in DECK], dtype=np.int64)
        self.strength = np.zeros((5, len(DECK)), dtype=np.int64)
        fcs = [int(f) for f in self.fc]
        for lead_class in range(5):
            if lead_class in fcs:
                lead = DECK[fcs.index(lead_class)]  # every lead of the class ranks the cards alike
                self.strength[lead_class] = [16 * cls + number for cls, number in
                                             (strength(card, lead, trumps) for card in DECK)]
        rank = [int(self.strength[fcs[c], c]) for c in range(len(DECK))]
        self.classmask = np.zeros(5, dtype=np.int64)
        self.colmask = np.zeros(4, dtype=np.int64)
        for c in range(len(DECK)):
            self.classmask[self.fc[c]] |= 1 << c
            self.colmask[self.col[c]] |= 1 << c
        self.order = np.array(sorted(range(len(DECK)), key=lambda c: (self.fc[c], rank[c], self.col[c])),
                              dtype=np.int64)
        self.tie = np.array([int(self.strength[TRUMP_CLASS, c] // 16 == NUMBER_TRUMP) for c in range(len(DECK))],
                            dtype=np.int64)
        fc, col, rank_of = self.fc, self.col, np.array(rank, dtype=np.int64)
        bits = np.int64(1) << np.arange(len(DECK), dtype=np.int64)
        same = fc[:, None] == fc[None, :]  # [c, d]
        below = same & (col[:, None] == col[None, :]) & (rank_of[None, :] < rank_of[:, None])
        self.lower = (below * bits[None, :]).sum(axis=1).astype(np.int64)
        index = np.arange(len(DECK))
        below_any = same & ((rank_of[None, :] < rank_of[:, None])
                            | ((rank_of[None, :] == rank_of[:, None]) & (index[None, :] < index[:, None])))
        self.lower_any = (below_any * bits[None, :]).sum(axis=1).astype(np.int64)
        other = (index[:, None, None] != index[None, None, :]) & (index[None, :, None] != index[None, None, :])
        # [c, d, e]: e ranked from c's rank to d's, tied with either (a tie decides by
        # who plays first, so a tied outside card tells c and d apart)
        inside = (same[:, :, None] & same[:, None, :] & other & (rank_of[:, None] < rank_of[None, :])[:, :, None]
                  & (rank_of[:, None, None] <= rank_of[None, None, :])
                  & (rank_of[None, None, :] <= rank_of[None, :, None]))
        self.between = (inside * bits[None, None, :]).sum(axis=2).astype(np.int64)
        self.packed = np.zeros((_BETWEEN + len(DECK), len(DECK)), dtype=np.int64)
        """Every table in one array, by the ``_FC`` .. ``_BETWEEN`` rows."""
        self.packed[_FC] = self.fc
        self.packed[_COL] = self.col
        self.packed[_STR:_STR + 5] = self.strength
        self.packed[_CLASSMASK, :5] = self.classmask
        self.packed[_COLMASK, :4] = self.colmask
        self.packed[_LOWER] = self.lower
        self.packed[_LOWER_ANY] = self.lower_any
        self.packed[_ORDER] = self.order
        self.packed[_TIE] = self.tie
        self.packed[_PLACE, self.order] = np.arange(len(DECK))
        self.packed[_BETWEEN:] = self.between


@lru_cache(maxsize=1)
def _all_tables() -> dict[tuple[str | None, int | None], Tables]:
    return {(trumps.suit, trumps.number): Tables(trumps) for trumps in ALL_TRUMPS}


def tables(trumps: Trumps) -> Tables:
    """The kernel's tables for these trumps (all 50 built at the first call, ~50 ms; kept
    by suit and number, which hash faster than the dataclass)."""
    return _all_tables()[trumps.suit, trumps.number]


_BUF = np.zeros((3 * (len(DECK) + 1), len(DECK)), dtype=np.int64)
"""The kernel's work rows (each written before it is read, so shared by every search)."""
_TT: NDArray[np.int64] | None = None
_SEARCHES = [0]


def _table() -> tuple[NDArray[np.int64], int]:
    """The shared transposition table and a fresh stamp: entries of older searches are
    stale without clearing the table."""
    global _TT
    if _TT is None:
        _TT = np.zeros((1 << TT_BITS, 6), dtype=np.int64)
        _TT.fill(0)  # touch every page now rather than inside the first searches
    _SEARCHES[0] += 1
    return _TT, _SEARCHES[0]


@njit(cache=True)
def _owner(st: NDArray[np.int64], bit: int) -> int:
    """The seat holding the card ``bit`` (it is held)."""
    return 0 if st[_H] & bit else (1 if st[_H + 1] & bit else (2 if st[_H + 2] & bit else 3))


@njit(cache=True)
def _trump_bounds(st: NDArray[np.int64], tab: NDArray[np.int64], left: int) -> tuple[int, int, int, int]:
    """What the trumps left decide, in one pass from the top trump down, by ranks
    (number trumps of one rank tie: the first played of them wins):

    - sure cards: the trumps of the seat holding the top trump that rank strictly above
      every trump of the other seats; each wins its own trick;
    - forced: at least this many tricks still go to the player whatever is played. A
      trump of his wins its trick unless another seat plays one as strong or stronger
      into it, and each such trump beats one of his at most (matched greedily from the
      top: a beater of a stronger trump beats every weaker one too);
    - wins: at most this many of the ``left`` tricks still go to him. A trick holding
      another seat's trump is his only under a trump of his (trumps beat every other
      card), never when that trump outranks all of his; a trick holds one card of each
      seat at most, so a seat's trumps fill at least as many tricks as it has.

    Returns (the seat with the sure cards, -1 when no trump is left; their mask; forced;
    wins)."""
    player, players = st[_PLAYER], st[_PLAYERS]
    cards_left = st[_H] | st[_H + 1] | st[_H + 2] | st[_H + 3]
    mine = st[_H + player]
    top_owner, sure, running = -1, 0, True
    forced, pool = 0, 0
    higher, seen_mine = 0, False  # the trumps left above all of the player's
    i = tab.shape[1] - 1
    while i >= 0 and tab[_FC, tab[_ORDER, i]] == TRUMP_CLASS:
        rank = tab[_STR + TRUMP_CLASS, tab[_ORDER, i]]
        group, owners = 0, 0  # this rank's cards left; a bit for each seat holding one
        while i >= 0 and tab[_FC, tab[_ORDER, i]] == TRUMP_CLASS and tab[_STR + TRUMP_CLASS, tab[_ORDER, i]] == rank:
            bit = np.int64(1) << tab[_ORDER, i]
            if cards_left & bit:
                group |= bit
                owners |= 1 << _owner(st, bit)
            i -= 1
        if group == 0:
            continue
        if running:
            if top_owner < 0:
                top_owner = _owner(st, group & -group)
            if owners == 1 << top_owner:
                sure |= group
            else:
                running = False
        pool += popcount(group & ~mine)
        for _ in range(popcount(group & mine)):
            if pool > 0:
                pool -= 1
            else:
                forced += 1
        if group & mine:
            seen_mine = True
        elif not seen_mine:
            higher |= group
    trumps = tab[_CLASSMASK, TRUMP_CLASS]
    filled, above = 0, 0  # the most trumps of one other seat; the most above all of his
    for s in range(players):
        if s != player:
            filled = max(filled, popcount(st[_H + s] & trumps))
            above = max(above, popcount(st[_H + s] & higher))
    wins = min(left - above, left - filled + min(popcount(mine & trumps), filled))
    return top_owner, sure, forced, wins


@njit(cache=True)
def _colour_gain(st: NDArray[np.int64], tab: NDArray[np.int64], colour: int, wins: int) -> int:
    """At most how many cards of ``colour`` (a mask) the player can still take when he
    wins at most ``wins`` more tricks: of each seat at most one card a trick he wins; a
    trump of another seat only in a trick won by a trump of his at least as strong (one
    such trick for each of his trumps)."""
    player, players = st[_PLAYER], st[_PLAYERS]
    trumps = tab[_CLASSMASK, TRUMP_CLASS]
    hand = st[_H + player]
    gain = min(popcount(hand & colour), wins)
    mine = hand & trumps
    top = -1
    rest = mine
    while rest:
        b = rest & -rest
        rest ^= b
        top = max(top, tab[_STR + TRUMP_CLASS, lowest_set(b)])
    for s in range(players):
        if s == player:
            continue
        held = st[_H + s] & colour
        count = popcount(held & ~trumps)
        # the seat's trumps of the colour that some trump of the player's can take
        weakest, takeable = 1000, 0
        rest = held & trumps
        while rest:
            b = rest & -rest
            rest ^= b
            x = tab[_STR + TRUMP_CLASS, lowest_set(b)]
            if x <= top:
                takeable += 1
                weakest = min(weakest, x)
        if takeable:
            takers = 0
            rest = mine
            while rest:
                b = rest & -rest
                rest ^= b
                if tab[_STR + TRUMP_CLASS, lowest_set(b)] >= weakest:
                    takers += 1
            count += min(takeable, takers)
        gain += min(count, wins)
    return gain


@njit(cache=True)
def _quick_tricks(st: NDArray[np.int64], tab: NDArray[np.int64]) -> int:
    """At least how many of the tricks left the player can make sure of by his own play
    (0 when this rule says nothing): when no other seat holds a trump, his trumps and
    his cards above every other seat's card of their colour are winners. On lead he
    cashes them one by one and keeps the lead; not on lead but with a trump, each trick
    he follows with a winner (he wins), a low card of the colour (no winner spent) or,
    void, a trump (he wins and takes the lead)."""
    player = st[_PLAYER]
    mine = st[_H + player]
    others = (st[_H] | st[_H + 1] | st[_H + 2] | st[_H + 3]) & ~mine
    trumps = tab[_CLASSMASK, TRUMP_CLASS]
    if others & trumps or (st[_LEADER] != player and mine & trumps == 0):
        return 0
    quick = popcount(mine & trumps)
    for k in range(TRUMP_CLASS):
        theirs = others & tab[_CLASSMASK, k]
        top = -1
        while theirs:
            b = theirs & -theirs
            theirs ^= b
            top = max(top, tab[_STR + k, lowest_set(b)])
        rest = mine & tab[_CLASSMASK, k]
        while rest:
            b = rest & -rest
            rest ^= b
            if tab[_STR + k, lowest_set(b)] > top:
                quick += 1
    return quick


@njit(cache=True)
def _play_secures(st: NDArray[np.int64], conds: NDArray[np.int64], tab: NDArray[np.int64]) -> bool:
    """Whether the player's own play makes every condition hold (``_quick_tricks``): he
    can take every trick left and the conditions hold when he does, or they are trick
    counts without a binding upper end that his quick tricks reach, or most tricks
    that his quick tricks secure against any seat taking all the others."""
    player = st[_PLAYER]
    quick = _quick_tricks(st, tab)
    if quick == 0:
        return False
    mine, left = st[_CN + player], st[_TOTAL] - st[_DONE]
    cards_left = st[_H] | st[_H + 1] | st[_H + 2] | st[_H + 3]
    sweep = quick >= left
    gain = left if sweep else quick
    for i in range(conds.shape[0]):
        m, low, high = conds[i, 0], conds[i, 1], conds[i, 2]
        if m == _TRICKS:
            if high < mine + left or mine + gain < low:
                return False
            continue
        if m == _MOST:
            for s in range(st[_PLAYERS]):
                if s != player and st[_CN + s] + left - gain >= mine + gain:
                    return False
            if not low <= 1 <= high:
                return False
            continue
        if not sweep:
            return False
        if m < _FIRST_M:
            value = st[_CL + m - 1] + popcount(cards_left & tab[_COLMASK, m - 1])
        elif m == _FIRST_M:
            value = st[_FIRST] if st[_DONE] > 0 else 1
        elif m == _LAST_M:
            value = 1
        else:  # fewest: he ends with more than he has
            value = 1
            for s in range(st[_PLAYERS]):
                if s != player and st[_CN + s] <= mine + left:
                    value = 0
        if not low <= value <= high:
            return False
    return True


@njit(cache=True)
def _trumps_overflow(st: NDArray[np.int64], tab: NDArray[np.int64], cap: int) -> bool:
    """Whether the tricks holding a trump cannot all be won within these limits: every
    other seat ends with at most ``cap`` tricks, the player wins no more tricks than he
    has trumps among them. A trick holding a trump goes to a seat that plays a trump
    into it (one of its own per such trick), and there are at least as many such
    tricks as the most trumps one seat holds."""
    trumps = tab[_CLASSMASK, TRUMP_CLASS]
    player = st[_PLAYER]
    tricks, capacity = 0, 0
    for s in range(st[_PLAYERS]):
        held = popcount(st[_H + s] & trumps)
        tricks = max(tricks, held)
        capacity += held if s == player else min(held, max(0, cap - st[_CN + s]))
    return capacity < tricks


@njit(cache=True)
def _status(st: NDArray[np.int64], conds: NDArray[np.int64], tab: NDArray[np.int64], root: bool) -> int:
    """At a trick boundary: 1 when every condition holds however the rest is played (or,
    below the root, the player's own play can make sure of it: ``_play_secures``; at the
    root the search goes on to name the card), -1 when one fails however it is played,
    else 0."""
    player, players = st[_PLAYER], st[_PLAYERS]
    done, total = st[_DONE], st[_TOTAL]
    left = total - done
    mine = st[_CN + player]
    left_cards = st[_H] | st[_H + 1] | st[_H + 2] | st[_H + 3]
    top_owner, sure_mask, forced, wins = _trump_bounds(st, tab, left)
    mine_mask = sure_mask if top_owner == player else 0
    result = 1
    for i in range(conds.shape[0]):
        m, low, high = conds[i, 0], conds[i, 1], conds[i, 2]
        if m == _TRICKS:
            now, most = mine + forced, mine + wins
        elif m < _FIRST_M:  # colour:C
            colour = tab[_COLMASK, m - 1]
            now = st[_CL + m - 1]
            # the player's sure cards of the colour each bring one into his tricks; the
            # other seats' sure cards of it never come to him
            most = now + min(popcount(left_cards & ~(sure_mask ^ mine_mask) & colour),
                             _colour_gain(st, tab, colour, wins))
            now += popcount(mine_mask & colour)
        elif m == _FIRST_M:
            if done > 0:
                now = most = st[_FIRST]
            else:
                now, most = 0, 1 if total > 0 else 0
        elif m == _LAST_M:
            if done == total:
                now = most = st[_LASTWON]
            else:
                now, most = 0, 1
        else:
            best = 1000 if m == _FEWEST else -1
            # room: for fewest, the tricks the others must still gain to all end above
            # the player's least total; for most, the tricks they can still take and all
            # stay below his greatest total
            low_end, high_end, others_left = mine + forced, mine + wins, left - forced
            room = 0
            for s in range(players):
                if s != player:
                    best = min(best, st[_CN + s]) if m == _FEWEST else max(best, st[_CN + s])
                    room += max(0, low_end + 1 - st[_CN + s]) if m == _FEWEST else max(0, high_end - 1 - st[_CN + s])
            if m == _MOST:
                sure = low_end > best + others_left
                lost = high_end <= best or left - (high_end - mine) > room or _trumps_overflow(st, tab, high_end - 1)
            else:
                sure = high_end < best
                lost = low_end >= best + others_left or (low_end - mine) + room > left
            now = most = 1 if sure else 0
            if not sure and not lost:
                most = 1
        if most < low or now > high:
            return -1
        if now < low or most > high:
            result = 0
    if result == 0 and not root and _play_secures(st, conds, tab):
        return 1
    return result


@njit(cache=True)
def _wants_tricks(st: NDArray[np.int64], conds: NDArray[np.int64]) -> bool:
    """Whether the player would rather win the current trick (a move-ordering guess)."""
    vote = 0
    mine = st[_CN + st[_PLAYER]]
    for i in range(conds.shape[0]):
        m, low = conds[i, 0], conds[i, 1]
        if m == _TRICKS:
            vote += 1 if mine < low else -1
        elif m < _FIRST_M:
            vote += 1 if low > 0 else -1
        elif m == _FIRST_M:
            vote += 1 if st[_DONE] == 0 else 0
        elif m == _LAST_M:
            vote += 1 if st[_DONE] == st[_TOTAL] - 1 else 0
        elif m == _MOST:
            vote += 1
        else:
            vote -= 1
    return vote > 0


@njit(cache=True)
def _key(st: NDArray[np.int64], tab: NDArray[np.int64], buf: NDArray[np.int64], row: int) -> None:
    """The trick-boundary state as 5 words in ``buf[row, :5]``: the cards left, class by
    class in rank order, each as its owner (and its printed colour when a condition
    counts colours) and whether it ties (number trumps), so states alike up to relative
    ranks share a key; the class sizes; the leader with the counters the conditions
    depend on."""
    for k in range(5):
        buf[row, k] = 0
    left = st[_H] | st[_H + 1] | st[_H + 2] | st[_H + 3]
    ranked = 0  # the cards left, bit i for the card at place i of the order
    rest = left
    while rest:
        b = rest & -rest
        rest ^= b
        ranked |= np.int64(1) << tab[_PLACE, lowest_set(b)]
    width = 5 if st[_KEYCOLOURS] else 3
    word, at = 0, 0
    while ranked:
        b = ranked & -ranked
        ranked ^= b
        c = tab[_ORDER, lowest_set(b)]
        symbol = _owner(st, np.int64(1) << c) | tab[_TIE, c] << 2
        if width == 5:
            symbol |= tab[_COL, c] << 3
        if at + width > 63:
            word += 1
            at = 0
        buf[row, word] |= symbol << at
        at += width
    for k in range(5):
        buf[row, 3] += popcount(left & tab[_CLASSMASK, k]) << (5 * k)
    key = st[_LEADER]
    if st[_KEYALL]:
        for s in range(4):
            key = key * 16 + st[_CN + s]
    elif st[_KEYTRICKS]:
        key = key * 16 + st[_CN + st[_PLAYER]]
    for k in range(4):
        if (st[_KEYCOLOURS] >> k) & 1:
            key = key * 64 + st[_CL + k]
    if st[_KEYFIRST]:
        key = key * 2 + st[_FIRST]
    buf[row, 4] = key


@njit(cache=True)
def _slot(buf: NDArray[np.int64], row: int, size: int) -> int:
    """The key's place in the transposition table."""
    x = buf[row, 0] * 0x9E3779B97F4A7C1 ^ buf[row, 1] * 0x6C62272E07BB0142 ^ buf[row, 2] * 0x5851F42D4C957F2D
    x = x ^ buf[row, 3] * 0x14057B7EF767814F ^ buf[row, 4] * 0x2545F4914F6CDD1D
    x = x ^ (x >> 31)
    x = x * 0x7FB5D329728EA185
    x = x ^ (x >> 27)
    return int(x & (size - 1))


@njit(cache=True)
def _node(st: NDArray[np.int64], conds: NDArray[np.int64], tab: NDArray[np.int64], tt: NDArray[np.int64],
          buf: NDArray[np.int64], depth: int) -> bool:
    """Whether the conditions can be made to hold from here (see the module docstring);
    at depth 0 the deciding card goes to ``st[_ROOTCARD]``."""
    st[_NODES] += 1
    ntrick = st[_NTRICK]
    player, players = st[_PLAYER], st[_PLAYERS]
    words = 3 * depth + _WORDS
    slot = -1
    if ntrick == 0:
        # the key holds everything the status reads, so a stored answer is looked up first
        _key(st, tab, buf, words)
        slot = _slot(buf, words, tt.shape[0])
        if (depth > 0 and tt[slot, 5] >> 1 == st[_STAMP] and tt[slot, 0] == buf[words, 0]
                and tt[slot, 1] == buf[words, 1] and tt[slot, 2] == buf[words, 2]
                and tt[slot, 3] == buf[words, 3] and tt[slot, 4] == buf[words, 4]):
            return bool(tt[slot, 5] & 1)
        status = _status(st, conds, tab, depth == 0)
        if status != 0:
            return status > 0
    leader = st[_LEADER]
    seat = (leader + ntrick) % players
    hand = st[_H + seat]
    chooser = st[_COOP] == 1 or seat == player
    # the legal cards and the best card of the trick so far
    lead_class = tab[_FC, st[_T]] if ntrick > 0 else -1
    legal = hand
    best = -1
    outside = st[_H] | st[_H + 1] | st[_H + 2] | st[_H + 3]
    if ntrick > 0:
        following = hand & tab[_CLASSMASK, lead_class]
        if following != 0:
            legal = following
        for k in range(ntrick):
            best = max(best, tab[_STR + lead_class, st[_T + k]])
            outside |= np.int64(1) << st[_T + k]
    outside &= ~hand
    wants = _wants_tricks(st, conds)
    # the player's seat aims at his wish; the others oppose it, or help when they cooperate
    win_aim = wants if seat == player or st[_COOP] == 0 else not wants
    # candidates: the lowest of each run of equal cards, with a sort key
    lower = _LOWER if st[_KEYCOLOURS] else _LOWER_ANY
    cards, keys = 3 * depth + _CARDS, 3 * depth + _KEYS
    n = 0
    rest = legal
    while rest:
        low_bit = rest & -rest
        rest ^= low_bit
        c = lowest_set(low_bit)
        same = tab[lower, c] & hand
        skip = False
        while same:
            b = same & -same
            same ^= b
            if tab[_BETWEEN + lowest_set(b), c] & outside == 0:
                skip = True
                break
        if skip:
            continue
        if ntrick == 0:
            s = tab[_STR + tab[_FC, c], c]
            sort_key = -s if win_aim else s
        else:
            s = tab[_STR + lead_class, c]
            if win_aim:
                sort_key = s if s > best else 1000 + s
            else:
                sort_key = s if s > best else -1000 - s
        j = n
        while j > 0 and buf[keys, j - 1] > sort_key:
            buf[cards, j] = buf[cards, j - 1]
            buf[keys, j] = buf[keys, j - 1]
            j -= 1
        buf[cards, j] = c
        buf[keys, j] = sort_key
        n += 1
    if n > 2 and seat != player and st[_COOP] == 0:
        # the opposite aim's best card (the last) second: a hedge against a wrong guess
        c = buf[cards, n - 1]
        for j in range(n - 1, 1, -1):
            buf[cards, j] = buf[cards, j - 1]
        buf[cards, 1] = c
    result = not chooser
    for i in range(n):
        c = buf[cards, i]
        bit = np.int64(1) << c
        st[_H + seat] ^= bit
        st[_T + ntrick] = c
        if ntrick + 1 < players:
            st[_NTRICK] = ntrick + 1
            value = _node(st, conds, tab, tt, buf, depth + 1)
            st[_NTRICK] = ntrick
        else:
            lc = tab[_FC, st[_T]]
            win_at = 0
            for k in range(1, players):
                if tab[_STR + lc, st[_T + k]] > tab[_STR + lc, st[_T + win_at]]:
                    win_at = k
            winner = (leader + win_at) % players
            first, lastwon = st[_FIRST], st[_LASTWON]
            t0, t1, t2, t3 = st[_T], st[_T + 1], st[_T + 2], st[_T + 3]  # the next tricks overwrite them
            st[_CN + winner] += 1
            if winner == player:
                for k in range(players):
                    st[_CL + tab[_COL, st[_T + k]]] += 1
            if st[_DONE] == 0:
                st[_FIRST] = 1 if winner == player else 0
            st[_LASTWON] = 1 if winner == player else 0
            st[_LEADER] = winner
            st[_NTRICK] = 0
            st[_DONE] += 1
            value = _node(st, conds, tab, tt, buf, depth + 1)
            st[_DONE] -= 1
            st[_T], st[_T + 1], st[_T + 2], st[_T + 3] = t0, t1, t2, t3
            st[_NTRICK] = ntrick
            st[_LEADER] = leader
            st[_FIRST], st[_LASTWON] = first, lastwon
            st[_CN + winner] -= 1
            if winner == player:
                for k in range(players):
                    st[_CL + tab[_COL, st[_T + k]]] -= 1
        st[_H + seat] ^= bit
        if value == chooser:
            result = value
            if depth == 0:
                st[_ROOTCARD] = c
            break
    if slot >= 0:
        for k in range(5):
            tt[slot, k] = buf[words, k]
        tt[slot, 5] = st[_STAMP] * 2 + (1 if result else 0)
    return result


@lru_cache(maxsize=256)
def _question(conditions: tuple[Condition, ...]) -> tuple[NDArray[np.int64], tuple[int, int, int, int]]:
    """The conditions as rows (measure code, low, high), and what the transposition key
    must hold for them: every seat's tricks, the player's tricks, the colours counted (a
    bit each), the first trick."""
    rows = [(MEASURES.index(c.measure), c.low, c.high) for c in conditions]
    measures = {c.measure for c in conditions}
    return (np.array(rows, dtype=np.int64).reshape(len(rows), 3),
            (int(bool(measures & {"most", "fewest"})), int("tricks" in measures),
             sum(1 << k for k, letter in enumerate(COLOURS) if f"colour:{letter}" in measures),
             int("trick:first" in measures)))


def encode(position: Position, player: int, key: tuple[int, int, int, int], cooperative: bool,
           stamp: int) -> NDArray[np.int64]:
    """The search state ``st`` of a position and question (``key``: ``_question``'s)."""
    players = position.players
    st = [0] * _STATE
    cards_left = 0
    for seat, hand in enumerate(position.hands):
        mask = 0
        for card in hand:
            mask |= 1 << card.index
        st[_H + seat] = mask
        cards_left += len(hand)
    for k, card in enumerate(position.current):
        st[_T + k] = card.index
    tricks: tuple[Trick, ...] = position.tricks
    counted = key[2]  # the colours the conditions count
    for done in tricks:
        st[_CN + done.winner] += 1
        if done.winner == player and counted:  # the colours taken, when a condition counts them
            for card in done.cards:
                st[_CL + card.index // len(NUMBERS)] += 1
    st[_LEADER] = position.leader
    st[_NTRICK] = len(position.current)
    st[_DONE] = len(tricks)
    st[_FIRST] = int(bool(tricks) and tricks[0].winner == player)
    st[_LASTWON] = int(bool(tricks) and tricks[-1].winner == player)
    st[_ROOTCARD] = -1
    st[_PLAYER] = player
    st[_PLAYERS] = players
    st[_COOP] = int(cooperative)
    st[_TOTAL] = len(tricks) + (cards_left + len(position.current)) // players
    st[_KEYALL], st[_KEYTRICKS], st[_KEYCOLOURS], st[_KEYFIRST] = key
    st[_STAMP] = stamp
    return np.array(st, dtype=np.int64)


def search(position: Position, player: int, conditions: Sequence[Condition],
           cooperative: bool) -> tuple[bool, Card | None, int]:
    """Whether the conditions can be made to hold (the other seats against the player,
    or for him when ``cooperative``), the root card that decides it (the chooser's card
    that achieves it, or the opposing seat's card after which it fails; else None), and
    the nodes searched. The position must not be finished."""
    rows, key = _question(tuple(conditions))
    tt, stamp = _table()
    if len(position.hands[0]) <= SMALL_TRICKS:
        tt = tt[:1 << SMALL_TT_BITS]
    st = encode(position, player, key, cooperative, stamp)
    value = _node(st, rows, tables(position.trumps).packed, tt, _BUF, 0)
    root, nodes = st[_ROOTCARD], st[_NODES]
    return bool(value), (DECK[root] if root >= 0 else None), int(nodes)


def trick_bounds(position: Position, player: int) -> tuple[tuple[int, int], int]:
    """(fewest, most) tricks the player can force over the round, by binary searches of
    yes/no questions (at most k tricks; at least k tricks); and the nodes searched."""
    won = sum(t.winner == player for t in position.tricks)
    left = (sum(map(len, position.hands)) + len(position.current)) // position.players
    nodes = 0
    lo, hi = won, won + left  # fewest: the least k with "at most k" forceable
    while lo < hi:
        mid = (lo + hi) // 2
        ok, _, n = search(position, player, (Condition("tricks", 0, mid),), False)
        nodes += n
        lo, hi = (lo, mid) if ok else (mid + 1, hi)
    fewest = lo
    lo, hi = won, won + left  # most: the greatest k with "at least k" forceable
    while lo < hi:
        mid = (lo + hi + 1) // 2
        ok, _, n = search(position, player, (Condition("tricks", mid, TRICKS * 4),), False)
        nodes += n
        lo, hi = (mid, hi) if ok else (lo, mid - 1)
    return (fewest, lo), nodes
