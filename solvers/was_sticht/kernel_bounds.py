"""The bound rules of the Was sticht? kernel: what the cards left decide at a trick
boundary (the rules, and what each saved: ``kernel_search``'s docstring, Bounds).

Vocabulary:
- *status* (``_status``): 1 when every condition holds however the rest is played (or,
  below the root, when the player's own play makes sure of it), -1 when one fails however
  it is played, else 0; with its *reads*, the places whose owners the decision read
  (Partitions, in ``kernel_search``).
- *by counts* / *by ranks*: the status asked without the cards' order (no place is read:
  before the transposition table is asked) and with it.
- *now* / *most* of a condition: the least and the greatest value its measure can still
  end at; the condition fails when they miss its ``low .. high`` and holds when they lie
  inside it.
- *left*: the tricks still to play; *forced* / *wins*: at least / at most how many of
  them go to the player (``_trump_bounds``); *sure cards*: the trumps of the seat holding
  the top trump that no other seat can beat.
- *packed counts*: a count per seat or colour in one int, ``_COUNT_BITS`` each.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.solvers.infrastructure.jit import lowest_set, no_runtime, popcount
from cardsolve.solvers.was_sticht.kernel_layout import (
    _CLASS,
    _CLASS_MASK,
    _CLASS_PLACES,
    _COLOUR_MASK,
    _COLOUR_WON,
    _COOP,
    _COUNT_BITS,
    _COUNT_MASK,
    _DONE,
    _FIRST,
    _HAND,
    _KEY_COLOURS,
    _LAST_WON,
    _LEADER,
    _M_COLOUR,
    _M_FEWEST,
    _M_FIRST,
    _M_LAST,
    _M_MOST,
    _M_TRICKS,
    _ORDER,
    _PLACES_LEFT,
    _PLAYER,
    _PLAYERS,
    _STRENGTH,
    _TOTAL,
    _UP,
    _WON,
    COLOUR_COUNT,
    NO_BOUND,
    TRUMP_CLASS,
    _best_card,
    _cards_left,
    _conditions_at,
    _least_card,
    _owner,
    _places,
    _tables_at,
)


@no_runtime()
def _trump_bounds(st: NDArray[np.int64], tab: NDArray[np.int64], left: int) -> tuple[int, int, int, int, int]:
    """What the trumps left decide, in one pass from the top trump down, by ranks
    (number trumps of one rank tie: the first played of them wins):

    - sure cards: the trumps of the seat holding the top trump that rank strictly above
      every trump of the other seats; each wins its own trick;
    - forced: at least this many tricks still go to the player whatever is played. A
      trump of his wins its trick unless another seat plays one as strong or stronger
      into it, and each such trump beats one of his at most (matched greedily from the
      top: a beater of a stronger trump beats every weaker one too);
    - wins: at most this many of the ``left`` tricks still go to him. A trick holding
      another seat's trump is his only under a trump of his at least as strong (trumps
      beat every other card; of tied number trumps the first played wins), and a trick
      holds one card of each seat: so each other seat's trumps in tricks he wins are
      matched one to one with stronger or tied trumps of his, and every trump of that
      seat beyond a greatest such matching (greedy from the top: a trump of his that
      beats a stronger one beats every weaker one too) lies in a trick he loses;
    - colours forced, when a condition counts colours: per printed colour
      (``_COUNT_BITS`` each), at least this many of the player's trumps of that colour
      come into his own tricks: the matching of ``forced`` for his trumps of the colour
      alone (a trump he must not take is lost only under another seat's trump at least
      as strong, a different one for each).

    Returns (the seat with the sure cards, -1 when no trump is left; their mask; forced;
    wins; colours forced)."""
    player, players = st[_PLAYER], st[_PLAYERS]
    cards_left = _cards_left(st)
    mine = st[_HAND + player]
    top_owner, sure, running = -1, 0, True
    forced, pool = 0, 0
    seen_mine = 0  # the player's trumps ranked at least as high as this rank
    matched, unmatched = 0, 0  # per other seat (_COUNT_BITS each): its trumps matched
    # to stronger or tied trumps of the player, and those left over
    colours = st[_KEY_COLOURS] != 0
    pools, colours_forced = 0, 0  # per colour (_COUNT_BITS each): the other seats' trumps
    # as strong as this rank or stronger not matched to his trumps of the colour; his
    # trumps of the colour left unmatched
    i = tab.shape[1] - 1
    while i >= 0 and tab[_CLASS, tab[_ORDER, i]] == TRUMP_CLASS:
        rank = tab[_STRENGTH + TRUMP_CLASS, tab[_ORDER, i]]
        group, owners = 0, 0  # this rank's cards left; a bit for each seat holding one
        while (
            i >= 0
            and tab[_CLASS, tab[_ORDER, i]] == TRUMP_CLASS
            and tab[_STRENGTH + TRUMP_CLASS, tab[_ORDER, i]] == rank
        ):
            bit = np.int64(1) << tab[_ORDER, i]
            if cards_left & bit:
                group |= bit
                owners |= 1 << _owner(st, tab[_ORDER, i])
            i -= 1
        if group == 0:
            continue
        if running:
            if top_owner < 0:
                top_owner = _owner(st, lowest_set(group))
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
        if colours:
            theirs = popcount(group & ~mine)
            for k in range(COLOUR_COUNT):
                shift = _COUNT_BITS * k
                pools += theirs << shift
                for _ in range(popcount(group & mine & tab[_COLOUR_MASK, k])):
                    if (pools >> shift) & _COUNT_MASK:
                        pools -= 1 << shift
                    else:
                        colours_forced += 1 << shift
        seen_mine += popcount(group & mine)
        for s in range(players):
            if s == player:
                continue
            shift = _COUNT_BITS * s
            for _ in range(popcount(group & st[_HAND + s])):
                if (matched >> shift) & _COUNT_MASK < seen_mine:
                    matched += 1 << shift
                else:
                    unmatched += 1 << shift
    lost = 0
    for s in range(players):
        lost = max(lost, (unmatched >> (_COUNT_BITS * s)) & _COUNT_MASK)
    return top_owner, sure, forced, left - lost, colours_forced


@no_runtime()
def _colour_gain(st: NDArray[np.int64], tab: NDArray[np.int64], colour: int, wins: int) -> int:
    """At most how many cards of ``colour`` (a mask) the player can still take when he
    wins at most ``wins`` more tricks: of each seat at most one card a trick he wins; a
    trump of another seat only in a trick won by a trump of his at least as strong (one
    such trick for each of his trumps)."""
    player, players = st[_PLAYER], st[_PLAYERS]
    trumps = tab[_CLASS_MASK, TRUMP_CLASS]
    hand = st[_HAND + player]
    gain = min(popcount(hand & colour), wins)
    mine = hand & trumps
    top = _best_card(mine, tab, TRUMP_CLASS)
    for s in range(players):
        if s == player:
            continue
        held = st[_HAND + s] & colour
        count = popcount(held & ~trumps)
        # the seat's trumps of the colour that some trump of the player's can take
        weakest, takeable = NO_BOUND, 0
        rest = held & trumps
        while rest:
            b = rest & -rest
            rest ^= b
            x = tab[_STRENGTH + TRUMP_CLASS, lowest_set(b)]
            if x <= top:
                takeable += 1
                weakest = min(weakest, x)
        if takeable:
            takers = 0
            rest = mine
            while rest:
                b = rest & -rest
                rest ^= b
                if tab[_STRENGTH + TRUMP_CLASS, lowest_set(b)] >= weakest:
                    takers += 1
            count += min(takeable, takers)
        gain += min(count, wins)
    return gain


@no_runtime()
def _quick_tricks(st: NDArray[np.int64], tab: NDArray[np.int64]) -> int:
    """At least how many of the tricks left the player can make sure of by his own play
    (0 when this rule says nothing): when no other seat holds a trump, his trumps and
    his cards above every other seat's card of their colour are winners. On lead he
    cashes them one by one and keeps the lead; not on lead but with a trump, each trick
    he follows with a winner (he wins), a low card of the colour (no winner spent) or,
    void, a trump (he wins and takes the lead)."""
    player = st[_PLAYER]
    mine = st[_HAND + player]
    others = _cards_left(st) & ~mine
    trumps = tab[_CLASS_MASK, TRUMP_CLASS]
    if others & trumps or (st[_LEADER] != player and mine & trumps == 0):
        return 0
    quick = popcount(mine & trumps)
    for k in range(TRUMP_CLASS):
        theirs = others & tab[_CLASS_MASK, k]
        top = _best_card(theirs, tab, k)
        rest = mine & tab[_CLASS_MASK, k]
        while rest:
            b = rest & -rest
            rest ^= b
            if tab[_STRENGTH + k, lowest_set(b)] > top:
                quick += 1
    return quick


@no_runtime()
def _play_secures(st: NDArray[np.int64], conds: NDArray[np.int64], tab: NDArray[np.int64]) -> bool:
    """Whether the player's own play makes every condition hold (``_quick_tricks``): he
    can take every trick left and the conditions hold when he does, or they are trick
    counts without a binding upper end that his quick tricks reach, or most tricks
    that his quick tricks secure against any seat taking all the others."""
    player = st[_PLAYER]
    quick = _quick_tricks(st, tab)
    if quick == 0:
        return False
    mine, left = st[_WON + player], st[_TOTAL] - st[_DONE]
    cards_left = _cards_left(st)
    sweep = quick >= left
    gain = left if sweep else quick
    for i in range(conds.shape[0]):
        m, low, high = conds[i, 0], conds[i, 1], conds[i, 2]
        if m == _M_TRICKS:
            if high < mine + left or mine + gain < low:
                return False
            continue
        if m == _M_MOST:
            for s in range(st[_PLAYERS]):
                if s != player and st[_WON + s] + left - gain >= mine + gain:
                    return False
            if not low <= 1 <= high:
                return False
            continue
        if not sweep:
            return False
        if m < _M_FIRST:
            value = st[_COLOUR_WON + m - _M_COLOUR] + popcount(cards_left & tab[_COLOUR_MASK, m - _M_COLOUR])
        elif m == _M_FIRST:
            value = st[_FIRST] if st[_DONE] > 0 else 1
        elif m == _M_LAST:
            value = 1
        else:  # fewest: he ends with more than he has
            value = 1
            for s in range(st[_PLAYERS]):
                if s != player and st[_WON + s] <= mine + left:
                    value = 0
        if not low <= value <= high:
            return False
    return True


@no_runtime()
def _trumps_overflow(st: NDArray[np.int64], tab: NDArray[np.int64], cap: int) -> bool:
    """Whether the tricks holding a trump cannot all be won within these limits: every
    other seat ends with at most ``cap`` tricks, the player wins no more tricks than he
    has trumps among them. A trick holding a trump goes to a seat that plays a trump
    into it (one of its own per such trick), and there are at least as many such
    tricks as the most trumps one seat holds."""
    trumps = tab[_CLASS_MASK, TRUMP_CLASS]
    player = st[_PLAYER]
    tricks, capacity = 0, 0
    for s in range(st[_PLAYERS]):
        held = popcount(st[_HAND + s] & trumps)
        tricks = max(tricks, held)
        capacity += held if s == player else min(held, max(0, cap - st[_WON + s]))
    return capacity < tricks


@no_runtime()
def _ducks_all(st: NDArray[np.int64], tab: NDArray[np.int64]) -> bool:
    """Whether the player wins no trick left, whatever anyone plays (the mirror of quick
    tricks): he is not on lead, holds no trump, and in every colour his cards rank below
    each card of it another seat holds. Then every trick is led by another seat: a lead
    of a colour he holds beats each card of it he can follow with, and void he plays a
    card that is neither of the colour led nor a trump; so he never wins, never leads,
    and the cards leaving keep it so."""
    player = st[_PLAYER]
    if st[_LEADER] == player:
        return False
    mine = st[_HAND + player]
    if mine & tab[_CLASS_MASK, TRUMP_CLASS]:
        return False
    others = _cards_left(st) & ~mine
    for k in range(TRUMP_CLASS):
        theirs = others & tab[_CLASS_MASK, k]
        rest = mine & tab[_CLASS_MASK, k]
        if theirs == 0 or rest == 0:
            continue
        if _best_card(rest, tab, k) >= _least_card(theirs, tab, k):
            return False
    return True


@no_runtime()
def _loses_all(st: NDArray[np.int64], tab: NDArray[np.int64]) -> int:
    """Whether the player can lose every trick left by his own play, whatever the others
    play (the mirror of quick tricks); the places that reads when so, else -1. He is not
    on lead, holds no trump, and in every colour his i-th lowest card ranks below the
    others' i-th lowest (as far as both have cards). Then every trick is led by another seat: to a trump lead,
    or one of a colour he is void in, he plays a card neither of the colour led nor a
    trump; to a lead of a colour he holds, his highest card of it below the lead, which
    keeps the colour's order so (whatever else falls in the trick: fewer cards of the
    others only raise their i-th lowest). So he never wins and never leads. It reads, in
    each colour both hold, the places from the higher of his lowest card and the others'
    up (below it lie one side's cards only, which are counted)."""
    player = st[_PLAYER]
    if st[_LEADER] == player:
        return -1
    mine = st[_HAND + player]
    if mine & tab[_CLASS_MASK, TRUMP_CLASS]:
        return -1
    others = _cards_left(st) & ~mine
    reads = 0
    for k in range(TRUMP_CLASS):
        theirs = _places(others & tab[_CLASS_MASK, k], tab)
        rest = _places(mine & tab[_CLASS_MASK, k], tab)
        if theirs == 0 or rest == 0:
            continue
        # below the higher of the two lowest cards lie one side's cards only
        low = max(rest & -rest, theirs & -theirs)
        reads |= tab[_CLASS_PLACES, k] & ~(low - 1)
        held, beaten, left = 0, 0, popcount(rest)
        both = theirs | rest
        while both and beaten < left:
            b = both & -both
            both ^= b
            if rest & b:
                held += 1
            else:
                beaten += 1
                if beaten > held:
                    return -1
    return reads


@no_runtime()
def _met_losing_all(st: NDArray[np.int64], conds: NDArray[np.int64]) -> bool:
    """Whether every condition holds when the player wins no trick left: his tricks and
    colour cards stay as they are, he loses the first trick if it is still to come and
    the last, and he has the fewest when every other seat has more already (their counts
    only grow); most tricks is never secured this way (one seat may take the rest)."""
    player = st[_PLAYER]
    mine = st[_WON + player]
    for i in range(conds.shape[0]):
        m, low, high = conds[i, 0], conds[i, 1], conds[i, 2]
        if m == _M_TRICKS:
            value = mine
        elif m < _M_FIRST:
            value = st[_COLOUR_WON + m - _M_COLOUR]
        elif m == _M_FIRST:
            value = st[_FIRST] if st[_DONE] > 0 else 0
        elif m == _M_LAST:
            value = 0
        elif m == _M_FEWEST:
            value = 1
            for s in range(st[_PLAYERS]):
                if s != player and st[_WON + s] <= mine:
                    return False
        else:
            return False
        if not low <= value <= high:
            return False
    return True


@no_runtime()
def _keeps_top_trump(st: NDArray[np.int64], tab: NDArray[np.int64], top_owner: int, sure_mask: int, left: int) -> bool:
    """Whether ``top_owner`` (holding the sure cards ``sure_mask``: the top trump left,
    strictly above every other seat's trump) can keep a top trump to the last trick, and
    so win it, by his own play. He spends it early only when another seat leads a trump
    while it is his last trump and he holds more than one card. Every seat holding a
    trump must follow a trump lead with one, so a seat holding t trumps leads at most the
    t-th trump lead: the other seats lead at most as many trumps as the most one of them
    holds, and before the last trick at most ``left - 1``; his other trumps must cover
    that many. (On lead, or void in the colour led, he plays a card that is not a trump;
    with a hand of trumps only, his spare trumps cover every trick but the last.)"""
    if top_owner < 0 or sure_mask == 0 or left <= 0:
        return False
    trumps = tab[_CLASS_MASK, TRUMP_CLASS]
    spares = popcount(st[_HAND + top_owner] & trumps) - 1
    most = 0
    for s in range(st[_PLAYERS]):
        if s != top_owner:
            most = max(most, popcount(st[_HAND + s] & trumps))
    return spares >= min(most, left - 1)


@no_runtime()
def _draws_trumps(st: NDArray[np.int64], tab: NDArray[np.int64], left: int) -> bool:
    """Whether the seat on lead wins the last trick by drawing trumps: it leads its top
    trumps (each ranked at least as high as every trump of the other seats: led first,
    it wins its trick, ties included, and keeps the lead) as often as another seat holds
    trumps, each lead taking a trump of every seat that still holds one, and then still
    holds a trump, which nothing can beat any more and which it keeps to the last trick
    (it plays a trump only when its hand is all trumps). With ``left`` tricks or fewer
    than that, it leads a top trump into every trick left."""
    trumps = tab[_CLASS_MASK, TRUMP_CLASS]
    seat = st[_LEADER]
    mine = st[_HAND + seat] & trumps
    most, strongest = 0, -1  # the most trumps of another seat; the strongest of them
    for s in range(st[_PLAYERS]):
        if s == seat:
            continue
        theirs = st[_HAND + s] & trumps
        most = max(most, popcount(theirs))
        while theirs:
            b = theirs & -theirs
            theirs ^= b
            strongest = max(strongest, tab[_STRENGTH + TRUMP_CLASS, lowest_set(b)])
    top, rest = 0, mine
    while rest:
        b = rest & -rest
        rest ^= b
        if tab[_STRENGTH + TRUMP_CLASS, lowest_set(b)] >= strongest:
            top += 1
    return left > 0 and top >= min(most, left) and popcount(mine) >= min(most + 1, left)


@no_runtime()
def _outnumbers_trumps(st: NDArray[np.int64], tab: NDArray[np.int64]) -> bool:
    """Whether the player wins the last trick by his own play because each of his trumps
    ranks at least as high as every other seat's (tied number trumps: the first played
    wins) and he holds more trumps than every other seat together. He plays a trump only
    when he must: to follow a trump lead, or when his hand is all trumps (he leads and
    discards other cards first). A trump lead of another seat takes one of his and at
    least the leader's, so until his hand is all trumps he keeps more than the others.
    From then on, with t tricks left he holds t trumps and they at most t - 1: a trick
    whose first trump of the top rank is his he wins, and he then leads a trump into
    every trick after (the others follow with theirs), so the last is his; a trick he
    loses took a trump of theirs first, and losing all the t - 1 tricks before the last
    leaves them none to play into it."""
    trumps = _cards_left(st) & tab[_CLASS_MASK, TRUMP_CLASS]
    mine = st[_HAND + st[_PLAYER]] & trumps
    if mine == 0 or 2 * popcount(mine) <= popcount(trumps):
        return False
    weakest, strongest = NO_BOUND, -1  # his weakest trump; the others' strongest
    rest = trumps
    while rest:
        b = rest & -rest
        rest ^= b
        x = tab[_STRENGTH + TRUMP_CLASS, lowest_set(b)]
        if mine & b:
            weakest = min(weakest, x)
        else:
            strongest = max(strongest, x)
    return weakest >= strongest


@no_runtime()
def _outlasts(st: NDArray[np.int64], tab: NDArray[np.int64], left: int) -> bool:
    """Whether another seat, playing against the player, keeps a trump ranked strictly
    above all of his to the last trick, and so wins it or sees it won by a seat other
    than him (the mirror of ``_keeps_top_trump`` for seats that work together): the
    other seats lead no trump, so only his trump leads (one of his trumps each, at most
    ``left - 1`` before the last trick) draw trumps from that seat, and its other trumps
    cover them."""
    trumps = tab[_CLASS_MASK, TRUMP_CLASS]
    player = st[_PLAYER]
    mine = st[_HAND + player] & trumps
    best = _best_card(mine, tab, TRUMP_CLASS)  # the strongest of his trumps
    leads = min(popcount(mine), left - 1)
    for s in range(st[_PLAYERS]):
        if s == player:
            continue
        theirs = st[_HAND + s] & trumps
        above = False
        rest = theirs
        while rest:
            b = rest & -rest
            rest ^= b
            if tab[_STRENGTH + TRUMP_CLASS, lowest_set(b)] > best:
                above = True
        if above and popcount(theirs) - 1 >= leads:
            return True
    return False


@no_runtime()
def _colour_reads(st: NDArray[np.int64], tab: NDArray[np.int64], top: bool) -> int:
    """The places a colour-comparing rule reads: in each colour both the player and another
    seat hold, the others' top card (``top``) or lowest card, and everything above it."""
    mine = st[_HAND + st[_PLAYER]]
    others = _cards_left(st) & ~mine
    reads = 0
    for k in range(TRUMP_CLASS):
        theirs = others & tab[_CLASS_MASK, k]
        if theirs and mine & tab[_CLASS_MASK, k]:
            pick = lowest_set(theirs & -theirs)
            while theirs:
                b = theirs & -theirs
                theirs ^= b
                x, y = tab[_STRENGTH + k, lowest_set(b)], tab[_STRENGTH + k, pick]
                if (x > y) if top else (x < y):
                    pick = lowest_set(b)
            reads |= tab[_UP, pick]
    return reads


@no_runtime()
def _duck_reads(st: NDArray[np.int64], tab: NDArray[np.int64]) -> int:
    """The places ``_ducks_all`` reads when it holds: in each colour both the player and
    another seat hold, the others' lowest card and everything above it (the player's
    cards below it are counted only)."""
    return _colour_reads(st, tab, False)


@no_runtime()
def _quick_reads(st: NDArray[np.int64], tab: NDArray[np.int64]) -> int:
    """The places ``_quick_tricks`` reads: in each colour both the player and another seat
    hold, the others' top card and everything above it (his winners); the trumps are
    counted only (no other seat holds one)."""
    return _colour_reads(st, tab, True)


@no_runtime()
def _may_beat(st: NDArray[np.int64], tab: NDArray[np.int64], s: int, o: int) -> bool:
    """Whether seat ``s`` may ever win a trick that seat ``o`` leads: it holds a trump, or
    in a colour both hold its best card is above ``o``'s lowest (cards only leave)."""
    mine, theirs = st[_HAND + s], st[_HAND + o]
    if mine & tab[_CLASS_MASK, TRUMP_CLASS]:
        return True
    for k in range(TRUMP_CLASS):
        a, b = mine & tab[_CLASS_MASK, k], theirs & tab[_CLASS_MASK, k]
        if a and b and _best_card(a, tab, k) > _least_card(b, tab, k):
            return True
    return False


@no_runtime()
def _may_win(st: NDArray[np.int64], tab: NDArray[np.int64], barred: int) -> int:
    """The seats that may still win a trick (a bit each), seats in ``barred`` never
    counted: the leader, and then every seat that may beat a lead of one of them."""
    players = st[_PLAYERS]
    can = 1 << st[_LEADER]
    grown = True
    while grown:
        grown = False
        for s in range(players):
            if (can >> s) & 1 or (barred >> s) & 1:
                continue
            for o in range(players):
                if (can >> o) & 1 and _may_beat(st, tab, s, o):
                    can |= 1 << s
                    grown = True
                    break
    return int(can)


@no_runtime()
def _fewest_lost(st: NDArray[np.int64], tab: NDArray[np.int64], low_end: int, high_end: int) -> bool:
    """Whether the player cannot end below every other seat, split on whether he wins a
    further trick: seats that may not win a trick (``_may_win``) keep their count, so each
    of them must already be above his total."""
    player, players = st[_PLAYER], st[_PLAYERS]
    mine, left = st[_WON + player], st[_TOTAL] - st[_DONE]
    for more in range(2):
        low = low_end if more == 0 else max(low_end, mine + 1)
        if (more == 0 and low_end > mine) or (more == 1 and high_end <= mine):
            continue
        can = _may_win(st, tab, (1 << player) if more == 0 else 0)
        need = low - mine
        ok = True
        for s in range(players):
            if s == player:
                continue
            short = max(0, low + 1 - st[_WON + s])
            if short > 0 and not (can >> s) & 1:
                ok = False
            need += short
        if ok and need <= left:
            return False
    return True


@no_runtime(inline="always")
def _colour_intake(st: NDArray[np.int64], colour: int, forced: int) -> tuple[int, int]:
    """At least how many cards of ``colour`` (a mask) come into the player's tricks
    because he wins at least ``forced`` more tricks whatever is played: every seat plays
    one card into each of them, so a seat with fewer other cards than that gives the
    colour into them; (his own such cards, the other seats' together)."""
    player = st[_PLAYER]
    his, theirs = 0, 0
    for s in range(st[_PLAYERS]):
        short = max(0, forced - popcount(st[_HAND + s] & ~colour))
        if s == player:
            his = short
        else:
            theirs += short
    return his, theirs


@no_runtime(inline="always")
def _trumps_by_ranks(st: NDArray[np.int64], tab: NDArray[np.int64], left: int) -> tuple[int, int, int, int, int, int]:
    """The trump bounds by the trumps' order (``_trump_bounds``), the player's wins cut to
    0 when he can only duck (``_ducks_all``), and the places his trick bounds read: the
    trumps from his lowest one up when he holds a trump (without one the trump bounds
    count only: he forces none and loses a trick to each trump of the seat holding the
    most), and the colours the duck rule compares when it holds. Returns (top trump's
    owner, his sure cards, forced, wins, colours forced, reads)."""
    player = st[_PLAYER]
    top_owner, sure_mask, forced, wins, colours_forced = _trump_bounds(st, tab, left)
    reads = 0
    held = st[_HAND + player] & tab[_CLASS_MASK, TRUMP_CLASS]
    if held:
        # the bounds read the trumps from his lowest one up (ties included): below it
        # lie other seats' trumps only, which the one pass from the top treats alike
        # whatever their order, so only each seat's count of them matters
        lowest = _places(held, tab)
        reads = tab[_UP, tab[_ORDER, lowest_set(lowest & -lowest)]]
    if wins > 0 and _ducks_all(st, tab):
        wins = 0  # he holds no trump, so forced is 0 too
        reads |= _duck_reads(st, tab)
    return top_owner, sure_mask, forced, wins, colours_forced, reads


@no_runtime(inline="always")
def _trumps_by_counts(st: NDArray[np.int64], tab: NDArray[np.int64], left: int) -> tuple[int, int]:
    """The trump bounds by counts, which read no place: each trump of another seat beats
    one of the player's at most, and a seat's trumps beyond his lie in tricks he loses.
    Returns (forced, wins) as ``_trump_bounds`` does."""
    player = st[_PLAYER]
    held = popcount(st[_HAND + player] & tab[_CLASS_MASK, TRUMP_CLASS])
    most_held, all_held = 0, 0
    for s in range(st[_PLAYERS]):
        if s != player:
            theirs = popcount(st[_HAND + s] & tab[_CLASS_MASK, TRUMP_CLASS])
            most_held, all_held = max(most_held, theirs), all_held + theirs
    return max(0, held - all_held), left - max(0, most_held - held)


@no_runtime(inline="always")
def _colour_range(
    st: NDArray[np.int64],
    tab: NDArray[np.int64],
    k: int,
    ranks: bool,
    left: int,
    theirs_sure: int,
    forced: int,
    wins: int,
    colours_forced: int,
) -> tuple[int, int]:
    """(now, most) of the player's cards of colour ``k`` at the end: he keeps what he has
    taken; his trumps of the colour that no other seat's trump can beat, one each, come
    into his tricks, and so do the cards the seats must give into the tricks he surely
    wins (``_colour_intake``); the other seats' sure cards (``theirs_sure``) never come
    to him, and by ranks he takes no more than ``_colour_gain`` allows."""
    colour = tab[_COLOUR_MASK, k]
    now = st[_COLOUR_WON + k]
    most = now + min(
        popcount(_cards_left(st) & ~theirs_sure & colour),
        _colour_gain(st, tab, colour, wins) if ranks else left * st[_PLAYERS],
    )
    his, theirs = _colour_intake(st, colour, forced)
    now += max((colours_forced >> (_COUNT_BITS * k)) & _COUNT_MASK, his) + theirs
    return now, most


@no_runtime(inline="always")
def _last_trick_range(
    st: NDArray[np.int64], tab: NDArray[np.int64], ranks: bool, left: int, top_owner: int, sure_mask: int
) -> tuple[int, int, int]:
    """(now, most) of the player's last trick (1 when he wins it), and who settles it by
    his own play: 1 the player (a seat keeping a top trump to it, drawing the others'
    trumps from the lead, or the player holding more top trumps than the others together,
    wins it by its own play), -1 a seat against him (which reads every trump), else 0."""
    player = st[_PLAYER]
    done, total = st[_DONE], st[_TOTAL]
    keeper = -1
    if ranks and done < total:
        keeper = top_owner if _keeps_top_trump(st, tab, top_owner, sure_mask, left) else -1
        if keeper < 0 and _draws_trumps(st, tab, left):
            keeper = st[_LEADER]
        if keeper < 0 and _outnumbers_trumps(st, tab):
            keeper = player
    if done == total:
        return st[_LAST_WON], st[_LAST_WON], 0
    if st[_COOP] == 0 and ((keeper >= 0 and keeper != player) or (ranks and _outlasts(st, tab, left))):
        return 0, 0, -1  # a seat against the player keeps the last trick from him
    return 0, 1, 1 if keeper == player else 0


@no_runtime(inline="always")
def _most_or_fewest_range(
    st: NDArray[np.int64], tab: NDArray[np.int64], m: int, ranks: bool, forced: int, wins: int
) -> tuple[int, int, int]:
    """(now, most) of most tricks (``m`` is ``_M_MOST``) or fewest (``_M_FEWEST``): 1 when
    it is sure, 0 when it is lost, else (0, 1); and the places that read beyond the trick
    bounds (``_fewest_lost``: every colour card left)."""
    player = st[_PLAYER]
    mine, left = st[_WON + player], st[_TOTAL] - st[_DONE]
    best = NO_BOUND if m == _M_FEWEST else -1
    # room: for fewest, the tricks the others must still gain to all end above the
    # player's least total; for most, the tricks they can still take and all stay below
    # his greatest total
    low_end, high_end, others_left = mine + forced, mine + wins, left - forced
    room = 0
    for s in range(st[_PLAYERS]):
        if s != player:
            best = min(best, st[_WON + s]) if m == _M_FEWEST else max(best, st[_WON + s])
            room += max(0, low_end + 1 - st[_WON + s]) if m == _M_FEWEST else max(0, high_end - 1 - st[_WON + s])
    reads = 0
    if m == _M_MOST:
        sure = low_end > best + others_left
        lost = high_end <= best or left - (high_end - mine) > room or _trumps_overflow(st, tab, high_end - 1)
    else:
        sure = high_end < best
        lost = low_end >= best + others_left or (low_end - mine) + room > left
        if ranks and not sure and not lost:
            lost = _fewest_lost(st, tab, low_end, high_end)
            if lost:
                # who holds a trump is in the shape
                reads = st[_PLACES_LEFT] & ~tab[_CLASS_PLACES, TRUMP_CLASS]
    now = most = 1 if sure else 0
    if not sure and not lost:
        most = 1
    return now, most, reads


@no_runtime(inline="always")
def _secured_reads(st: NDArray[np.int64], conds: NDArray[np.int64], tab: NDArray[np.int64], last_by_play: bool) -> int:
    """Below the root, by ranks, with some condition open: the places read when the
    player's own play makes every condition hold, else -1: he keeps the last trick when
    it is all that is open (``last_by_play``), or he secures the rest with his quick
    tricks (``_play_secures``), or by losing every trick left (``_loses_all``)."""
    if last_by_play:
        return int(tab[_CLASS_PLACES, TRUMP_CLASS])
    if _play_secures(st, conds, tab):
        return _quick_reads(st, tab)
    if _met_losing_all(st, conds):
        return _loses_all(st, tab)
    return -1


@no_runtime()
def _status(st: NDArray[np.int64], root: bool, ranks: bool) -> tuple[int, int]:
    """At a trick boundary: 1 when every condition holds however the rest is played (or,
    below the root, the player's own play can make sure of it: ``_play_secures``,
    ``_loses_all``; at the root the search goes on to name the card), -1 when one fails
    however it is played, else 0; and the places whose owners that reads (``_node``). Without ``ranks`` only
    the counts decide (tricks and cards won and left, the trumps each seat holds: no
    place is read: the trump bounds by counts); with them the trumps' order decides too
    (read by a bound that used it: the player's trick bounds, when he holds a trump,
    read the trumps from his lowest one up; a colour's bounds and the last trick's
    keeper every trump) and the rules that read colours (``_duck_reads``,
    ``_quick_reads``). The conditions and tables are the search's (``_conditions_at``,
    ``_tables_at``): the node passes ``st`` alone."""
    conds, tab = _conditions_at(st), _tables_at(st)
    player = st[_PLAYER]
    done, total = st[_DONE], st[_TOTAL]
    left = total - done
    mine = st[_WON + player]
    trumps = tab[_CLASS_PLACES, TRUMP_CLASS]
    if ranks:
        top_owner, sure_mask, forced, wins, colours_forced, bound_reads = _trumps_by_ranks(st, tab, left)
    else:
        top_owner, sure_mask, colours_forced, bound_reads = -1, 0, 0, 0
        forced, wins = _trumps_by_counts(st, tab, left)
    theirs_sure = sure_mask if top_owner != player else 0  # the other seats' sure cards
    by_play, unsettled = False, 0  # a condition the player's play secures; conditions open
    result, reads = 1, 0
    for i in range(conds.shape[0]):
        m, low, high = conds[i, 0], conds[i, 1], conds[i, 2]
        if m == _M_TRICKS:
            now, most = mine + forced, mine + wins
            reads |= bound_reads
        elif m < _M_FIRST:  # colour:C
            reads |= bound_reads | (trumps if ranks else 0)
            now, most = _colour_range(st, tab, m - _M_COLOUR, ranks, left, theirs_sure, forced, wins, colours_forced)
        elif m == _M_FIRST:
            if done > 0:
                now = most = st[_FIRST]
            else:
                now, most = 0, 1 if total > 0 else 0
        elif m == _M_LAST:
            now, most, keeper = _last_trick_range(st, tab, ranks, left, top_owner, sure_mask)
            if keeper < 0:
                reads |= trumps
            elif keeper > 0 and low >= 1 and high >= 1:
                by_play = True
        else:
            now, most, standing_reads = _most_or_fewest_range(st, tab, m, ranks, forced, wins)
            reads |= bound_reads | standing_reads
        if most < low or now > high:
            return -1, reads
        if now < low or most > high:
            result = 0
            unsettled += 1
    if result == 0 and ranks and not root:
        secured = _secured_reads(st, conds, tab, by_play and unsettled == 1)
        if secured >= 0:
            return 1, reads | secured
    return result, reads
