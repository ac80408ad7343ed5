"""The move order of the Was sticht? kernel: which card a seat tries first (the rules, and
what each gained: ``kernel_search``'s docstring, Search).

Vocabulary:
- *candidates* (``_candidates``): the cards a seat tries at a node: its legal cards less
  those *merged* with an equal lower one, in the depth's ``_CARDS`` row, sorted by their
  *sort keys* in its ``_KEYS`` row (the lowest first).
- *aim*: whether a seat wants the trick won: the player as he would rather
  (``_wants_tricks``), the others against him, or with him when they cooperate.
- *sort key* (``_sort_key``): a *tier* (named: ``_SAFE_LEAD`` .. ``_LOSER_LAST``, the
  card's role in the trick, ``_TIER_STEP`` apart) plus a *score* within it (its strength,
  the cards above it).
- *deciding bar* (``_deciding_bar``): the strength at which a card of the player's settles
  the trick whatever the later seats choose.
- *replies* (``_replies``): how many cards the other side may play to a lead: the
  opposing seats' legal cards multiplied, for the player's lead; the player's, for an
  opposing seat's lead.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.solvers.infrastructure.jit import lowest_set, no_runtime, popcount
from cardsolve.solvers.was_sticht.kernel_layout import (
    _ALIKE,
    _BETWEEN,
    _CARDS,
    _CLASS,
    _CLASS_MASK,
    _COLOUR,
    _COOP,
    _DONE,
    _HAND,
    _IN_TRICK,
    _KEPT_OUT,
    _KEYS,
    _LEADER,
    _LOWER_ANY,
    _M_FIRST,
    _M_LAST,
    _M_MOST,
    _M_TRICKS,
    _ONLY_KEPT_OUT,
    _PLAYER,
    _PLAYERS,
    _ROWS_PER_DEPTH,
    _SPENDING,
    _STRENGTH,
    _TOTAL,
    _TRICK,
    _WANTED,
    _WANTS,
    _WON,
    CLASS_WEIGHT,
    CLASSES,
    COLOUR_COUNT,
    TRUMP_CLASS,
    _best_card,
    _cards_left,
    _conditions_at,
    _least_card,
    _seat_after,
)


@no_runtime()
def _wants_tricks(st: NDArray[np.int64]) -> bool:
    """Whether the player would rather win the current trick (a move-ordering guess). Asked
    for the last trick in a forceable question, he would rather win every trick: the lead
    keeps the choice with him (measured: the last-trick questions take about a third fewer
    nodes than when he wants only the last one)."""
    conds = _conditions_at(st)
    vote = 0
    mine = st[_WON + st[_PLAYER]]
    for i in range(conds.shape[0]):
        m, low = conds[i, 0], conds[i, 1]
        if m == _M_TRICKS:
            vote += 1 if mine < low else -1
        elif m < _M_FIRST:
            vote += 1 if low > 0 else -1
        elif m == _M_FIRST:
            vote += 1 if st[_DONE] == 0 else 0
        elif m == _M_LAST:
            vote += 1 if st[_DONE] == st[_TOTAL] - 1 or st[_COOP] == 0 else 0
        elif m == _M_MOST:
            vote += 1
        else:
            vote -= 1
    return vote > 0


# The sort keys of the candidates (``_candidates``): the lowest is tried first. A key is a
# tier's base plus a score within the tier (``_sort_key``).
_COLOUR_PULL = 2 * CLASS_WEIGHT * CLASSES
"""What a colour wish moves a follower's card in its seat's order: past every strength
key, within its tier."""
_ABOVE_WEIGHT = CLASS_WEIGHT * (CLASSES + 1)
"""A lead's weight per card above it in other hands: past every strength key."""
_TIER_STEP = 500
"""The distance between adjacent tiers. It is above twice the spread of a follower's
score (a strength key, at most 73, plus or minus a colour pull), so a follower's tiers
never mix. A lead's score counts the cards above it in other hands (up to 11 times
``_ABOVE_WEIGHT``) and spreads over about two steps either way: lead tiers 7 steps apart
never mix, but a trump the player spends first on lead (``_SPENT`` added to a plain
lead's tier) may come after a lead that decides the trick."""
_REPLY_BITS = 10
"""The bits of one class's count of replies in ``_replies``' packed counts (at most 9
cards each of three seats: 729)."""
_REPLY_MASK = (1 << _REPLY_BITS) - 1
_REPLY_WEIGHT = 2 * 12 * _ABOVE_WEIGHT
"""A plain lead's weight per reply of the other side (``_replies``, forceable questions
below the root): past twice the spread of the score it is added to (at most 11 cards
above times ``_ABOVE_WEIGHT``, plus a strength key), so the replies order the plain leads
and the score only those with as many. The plain tier lies above every other lead tier,
so its keys may grow without mixing them."""
_SAFE_LEAD = -16
"""The player's lead of a colour every other seat must follow (``_safe_to_win``): before
every other card, the trumps he spends first included."""
_SPENT = -8
"""A trump the player spends first (``_trumps_to_spend``): a follower's tier, before every
other card; on lead, added to the lead's own tier."""
_DECIDING = -7
"""A lead that settles the trick as its seat wishes (one a later seat must overtake, or
one no later seat can beat: ``_deciding_bar``, ``_best_legal``): before every other lead
but the trumps spent first."""
_LOSER_FIRST = -2
"""Following, for a seat that wants the trick lost: a card that does not win (its
winning cards come after, in ``_PLAIN``)."""
_PLAIN = 0
"""By score alone: a lead, or following, a card that wins."""
_MAY_WIN = 1
"""Following against the player who wants the trick: his card that may win (after his
sure winners, before his losers)."""
_LOSER_LAST = 2
"""Following, for a seat that wants the trick won: a card that does not win (and,
helped, the player's card that only may win)."""


@no_runtime(inline="always")
def _sort_key(tier: int, score: int) -> int:
    """A candidate's sort key: ``tier`` steps of ``_TIER_STEP`` (the tier's base) plus its
    score within the tier."""
    return tier * _TIER_STEP + score


@no_runtime(inline="always")
def _safe_to_win(st: NDArray[np.int64], tab: NDArray[np.int64], seat: int, lead_class: int, must_follow: bool) -> bool:
    """Whether a trick led in the colour class ``lead_class`` can bring the player no
    card he must keep out, if he wins it with a card of that class: the colour is not one
    he keeps out, and every seat after ``seat`` in the trick must follow it, or (unless
    ``must_follow``) holds no kept-out card but trumps (a trump it plays wins the trick
    from him)."""
    if tab[_CLASS_MASK, lead_class] & st[_KEPT_OUT]:
        return False
    kept = st[_KEPT_OUT] & ~tab[_CLASS_MASK, TRUMP_CLASS]
    players = st[_PLAYERS]
    for k in range(1, players - st[_IN_TRICK]):
        hand = st[_HAND + _seat_after(seat, k, players)]
        if hand & tab[_CLASS_MASK, lead_class] == 0 and (hand & kept != 0 or must_follow):
            return False
    return True


@no_runtime(inline="always")
def _trumps_to_spend(st: NDArray[np.int64], tab: NDArray[np.int64]) -> int:
    """The player's trumps that he tries first, on lead or void in the lead's class, when
    his tricks are capped or a colour must stay out of them (``_SPENDING``, set by
    ``_question``: not when he wants the last trick), but not into a trick that holds such
    a colour: a trump spent now cannot win a trick he must lose later, and the proof is
    often several times smaller once his hand holds fewer trumps (``_loses_all`` needs
    none). His trumps of a colour he must not take are not among them."""
    avoided = st[_SPENDING]
    if avoided < 0:
        return 0
    for k in range(st[_IN_TRICK]):
        if (avoided >> st[_TRICK + k]) & 1:
            return 0
    return int(st[_HAND + st[_PLAYER]] & tab[_CLASS_MASK, TRUMP_CLASS] & ~avoided)


@no_runtime(inline="always")
def _least_overtake(st: NDArray[np.int64], tab: NDArray[np.int64], seat: int, cls: int) -> int:
    """The least strength that some seat after ``seat`` in the trick must play into a
    trick led in ``cls``: over the later seats holding the class, the greatest of their
    lowest cards of it (0 when none holds it). A card of ``seat`` below it loses the
    trick, whatever the others choose."""
    players = st[_PLAYERS]
    bar = 0
    for k in range(1, players - st[_IN_TRICK]):
        held = st[_HAND + _seat_after(seat, k, players)] & tab[_CLASS_MASK, cls]
        if held:
            bar = max(bar, _least_card(held, tab, cls))
    return bar


@no_runtime(inline="always")
def _best_legal(st: NDArray[np.int64], tab: NDArray[np.int64], seat: int, cls: int) -> int:
    """The greatest strength that ``seat`` may play into a trick led in ``cls`` (its cards
    of the class, or when void any card)."""
    hand = st[_HAND + seat]
    legal = hand & tab[_CLASS_MASK, cls]
    return _best_card(legal if legal else hand, tab, cls)


@no_runtime(inline="always")
def _best_later(st: NDArray[np.int64], tab: NDArray[np.int64], seat: int, cls: int) -> int:
    """The greatest strength that any seat after ``seat`` in the trick may play into a
    trick led in ``cls`` (``_best_legal``). A card of ``seat`` at least as strong, and
    above the trick's best so far, wins the trick whatever the others choose (of tied
    number trumps the first played wins)."""
    players = st[_PLAYERS]
    top = 0
    for k in range(1, players - st[_IN_TRICK]):
        top = max(top, _best_legal(st, tab, _seat_after(seat, k, players), cls))
    return top


@no_runtime(inline="always")
def _deciding_bar(st: NDArray[np.int64], tab: NDArray[np.int64], seat: int, cls: int, ducking: bool) -> int:
    """The strength that settles the trick for a card of the player's (at ``seat``) in a
    trick led in ``cls``. A later seat against him (forceable) overtakes him only where it
    must and beats him wherever it can; one for him (possible) does as he wishes where it
    may. So the player who would rather lose loses for sure below the least card a later
    seat must play (``_least_overtake``) against him, or below the best card one may play
    (``_best_later``) for him; the one who would rather win wins for sure, above the
    trick's best, from the best card a later seat may play against him, or from the least
    card one must play for him."""
    if (st[_COOP] == 0) == ducking:
        return _least_overtake(st, tab, seat, cls)
    return _best_later(st, tab, seat, cls)


@no_runtime(inline="always")
def _trick_so_far(st: NDArray[np.int64], tab: NDArray[np.int64], hand: int) -> tuple[int, int, int, int, int, int]:
    """What the trick so far leaves to the seat holding ``hand``: the lead's class (-1 on
    lead), its legal cards, those of the lead's class (0 on lead or void), the best
    strength in the trick (-1 on lead) and who played it (from the leader), and the cards
    outside the hand (the other hands' and the trick's)."""
    in_trick = st[_IN_TRICK]
    lead_class = tab[_CLASS, st[_TRICK]] if in_trick > 0 else -1
    legal = hand
    best, best_at = -1, 0
    outside = _cards_left(st)
    following = 0
    if in_trick > 0:
        following = hand & tab[_CLASS_MASK, lead_class]
        if following != 0:
            legal = following
        for k in range(in_trick):
            if tab[_STRENGTH + lead_class, st[_TRICK + k]] > best:
                best, best_at = tab[_STRENGTH + lead_class, st[_TRICK + k]], k
            outside |= np.int64(1) << st[_TRICK + k]
    outside &= ~hand
    return lead_class, legal, following, best, best_at, outside


@no_runtime(inline="always")
def _top_first(st: NDArray[np.int64], tab: NDArray[np.int64], seat: int, lead_class: int, following: int) -> bool:
    """Whether the player who only keeps colours out, following a trick he may safely win
    (``_safe_to_win``) that holds no trump or kept-out card yet, plays his highest card
    first, winning or not: a card that could win a worse trick later is gone."""
    top_first = (
        seat == st[_PLAYER]
        and st[_ONLY_KEPT_OUT] == 1
        and following != 0
        and lead_class != TRUMP_CLASS
        and _safe_to_win(st, tab, seat, lead_class, False)
    )
    for k in range(st[_IN_TRICK] if top_first else 0):
        if tab[_CLASS, st[_TRICK + k]] == TRUMP_CLASS or (st[_KEPT_OUT] >> st[_TRICK + k]) & 1:
            top_first = False
    return top_first


@no_runtime(inline="always")
def _safe_leads(st: NDArray[np.int64], tab: NDArray[np.int64], seat: int, depth: int) -> int:
    """The cards of the colours every other seat must follow, which the player who only
    keeps colours out leads first on lead below the root (the highest first)."""
    safe_leads = 0
    if st[_IN_TRICK] == 0 and seat == st[_PLAYER] and st[_ONLY_KEPT_OUT] == 1 and depth > 0:
        for k in range(COLOUR_COUNT):
            if _safe_to_win(st, tab, seat, k, True):
                safe_leads |= tab[_CLASS_MASK, k]
    return safe_leads


@no_runtime(inline="always")
def _colour_wishes(st: NDArray[np.int64], seat: int, best_at: int) -> tuple[int, int]:
    """Into a trick the player is winning (its best card played ``best_at`` after the
    lead), the cards ``seat`` gives first (the colours its side wants him to take) and
    last (those it wants kept from him); (0, 0) otherwise."""
    player = st[_PLAYER]
    give, keep = 0, 0
    if st[_IN_TRICK] > 0 and _seat_after(st[_LEADER], best_at, st[_PLAYERS]) == player:
        give, keep = st[_WANTED], st[_KEPT_OUT]
        if seat != player and st[_COOP] == 0:
            give, keep = keep, give
    return give, keep


@no_runtime(inline="always")
def _merged(st: NDArray[np.int64], tab: NDArray[np.int64], hand: int, c: int, outside: int) -> bool:
    """Whether card ``c`` of ``hand`` plays alike with a lower card of it: of the same
    follow class and colour as the question sees it, with no card outside the hand ranked
    between the two or tied with either (``_BETWEEN``). It is not tried."""
    same = tab[_LOWER_ANY, c] & hand & st[_ALIKE + tab[_COLOUR, c]]
    while same:
        b = same & -same
        same ^= b
        if tab[_BETWEEN + lowest_set(b), c] & outside == 0:
            return True
    return False


@no_runtime()
def _replies(st: NDArray[np.int64], tab: NDArray[np.int64], seat: int) -> int:
    """Per class of ``seat``'s hand (``_REPLY_BITS`` each), how many cards the other side
    may play to its lead of that class: a seat holding the class must follow with one of
    them, a void one may play any card. Against the player the other side of his lead is
    every other seat (their counts multiplied: the lines of the trick his proof must
    answer), of an opposing seat's lead the player alone (the replies its refutation must
    beat). Not inlined: called once per lead node, it keeps the node's own code small
    (inlined into ``_lead_key`` per card, it made every node of the heaviest questions
    about 13% slower)."""
    player = st[_PLAYER]
    hand = st[_HAND + seat]
    packed = 0
    for cls in range(CLASSES):
        if hand & tab[_CLASS_MASK, cls] == 0:
            continue
        replies = 1
        for s in range(st[_PLAYERS]):
            if s == seat or (seat != player and s != player):
                continue
            other = st[_HAND + s]
            following = popcount(other & tab[_CLASS_MASK, cls])
            replies *= following if following > 0 else popcount(other)
        packed |= min(replies, _REPLY_MASK) << (_REPLY_BITS * cls)
    return packed


@no_runtime(inline="always")
def _lead_key(
    st: NDArray[np.int64],
    tab: NDArray[np.int64],
    c: int,
    outside: int,
    depth: int,
    seat: int,
    win_aim: bool,
    ducking: bool,
    taking: bool,
    denying: bool,
    spend: int,
    safe_leads: int,
    replies: int,
) -> int:
    """The sort key of leading ``c``: the surest winner (fewest cards above it outside
    the hand) or the surest loser (most above) first, the highest first among equals; the
    root of a possible question by strength alone; below the root of a forceable question
    the plain leads with the fewest replies of the other side first (``replies``, the
    packed counts of ``_replies``, 0 elsewhere: the smallest proof or the quickest
    refutation, as a proof-number search would start).
    Before them: the player's leads that decide the trick (``_deciding_bar``), the leads
    he cannot beat of a seat against him (``_best_legal``), the trumps he spends
    (``spend``) and his safe leads (``safe_leads``)."""
    s = tab[_STRENGTH + tab[_CLASS, c], c]
    tier = _PLAIN
    if depth == 0 and st[_COOP] == 1:
        score = -s if win_aim else s
    else:
        above = popcount(outside & tab[_CLASS_MASK, tab[_CLASS, c]] & ~tab[_LOWER_ANY, c] & ~(np.int64(1) << c))
        score = above * _ABOVE_WEIGHT - s if win_aim else -above * _ABOVE_WEIGHT - s
        if seat == st[_PLAYER]:
            lead_bar = _deciding_bar(st, tab, seat, tab[_CLASS, c], ducking)
            if ducking and s < lead_bar:
                tier, score = _DECIDING, -s
            if taking and s >= lead_bar:
                tier, score = _DECIDING, s
        if denying and s >= _best_legal(st, tab, st[_PLAYER], tab[_CLASS, c]):
            tier, score = _DECIDING, s
        if tier == _PLAIN and replies and not ((spend | safe_leads) >> c) & 1:
            score += ((replies >> (_REPLY_BITS * tab[_CLASS, c])) & _REPLY_MASK) * _REPLY_WEIGHT
        if (spend >> c) & 1:
            tier += _SPENT
        if (safe_leads >> c) & 1:
            tier, score = _SAFE_LEAD, -s
    return _sort_key(tier, score)


@no_runtime(inline="always")
def _follow_key(
    st: NDArray[np.int64],
    tab: NDArray[np.int64],
    c: int,
    lead_class: int,
    best: int,
    bar: int,
    win_aim: bool,
    top_first: bool,
    taking: bool,
    spend: int,
    give: int,
    keep: int,
) -> int:
    """The sort key of following with ``c`` into a trick whose best strength is ``best``:
    winning cards first (the cheapest first, or the highest when ``top_first``) when the
    aim is to win, else the cards that do not win first (the highest first); the player's
    cards beyond the deciding ``bar`` settle the trick, the trumps he spends come first,
    and a colour wish pulls a card within its tier (``give`` first, ``keep`` last)."""
    s = tab[_STRENGTH + lead_class, c]
    if win_aim:
        tier = _PLAIN if s > best else _LOSER_LAST
        score = -s if top_first else s
        if taking and best < s < bar:
            # against him it may win (after the sure winners); helped, it loses
            tier, score = (_MAY_WIN if st[_COOP] == 0 else _LOSER_LAST), s
    elif s > best and s >= bar:
        tier, score = _PLAIN, s
    else:
        tier, score = _LOSER_FIRST, -s
    if not win_aim and (spend >> c) & 1:
        tier, score = _SPENT, -s
    bit = np.int64(1) << c
    pull = (_COLOUR_PULL if keep & bit else 0) - (_COLOUR_PULL if give & bit else 0)
    return _sort_key(tier, score) + pull


@no_runtime(inline="always")
def _insert(buf: NDArray[np.int64], row: int, n: int, c: int, key: int) -> None:
    """Card ``c`` with its sort key into the depth's ``n`` sorted candidates (the rows
    ``row + _CARDS`` and ``row + _KEYS``), after those with keys as low."""
    cards, keys = row + _CARDS, row + _KEYS
    j = n
    while j > 0 and buf[keys, j - 1] > key:
        buf[cards, j] = buf[cards, j - 1]
        buf[keys, j] = buf[keys, j - 1]
        j -= 1
    buf[cards, j] = c
    buf[keys, j] = key


@no_runtime(inline="always")
def _candidates(
    st: NDArray[np.int64],
    conds: NDArray[np.int64],
    tab: NDArray[np.int64],
    buf: NDArray[np.int64],
    depth: int,
    seat: int,
) -> tuple[int, bool]:
    """The cards ``seat`` tries, in order, into the depth's card row; how many, and
    whether a card was merged. The legal cards less those merged with an equal lower
    one, sorted for the seat's aim in the trick (see ``kernel_search``'s docstring)."""
    in_trick, player = st[_IN_TRICK], st[_PLAYER]
    hand = st[_HAND + seat]
    lead_class, legal, following, best, best_at, outside = _trick_so_far(st, tab, hand)
    wants = st[_WANTS] == 1
    # the player's seat aims at his wish; the others oppose it, or help when they cooperate
    win_aim = wants if seat == player or st[_COOP] == 0 else not wants
    top_first = _top_first(st, tab, seat, lead_class, following)
    win_aim = win_aim or top_first
    safe_leads = _safe_leads(st, tab, seat, depth)
    give, keep = _colour_wishes(st, seat, best_at)
    # the player who would rather not win spends his trumps first where he may
    spend = 0
    if seat == player and not wants and following == 0:
        spend = _trumps_to_spend(st, tab)
    # the player's cards that settle the trick whatever the later seats play come first
    # (``_deciding_bar``), and against him a seat on lead leads first a card he cannot beat
    ducking = seat == player and not win_aim
    taking = seat == player and win_aim
    denying = seat != player and st[_COOP] == 0 and win_aim and in_trick == 0
    bar = _deciding_bar(st, tab, seat, lead_class, ducking) if seat == player and in_trick > 0 else 0
    # below the root of a forceable question, the replies of the other side to each lead
    replies = _replies(st, tab, seat) if in_trick == 0 and st[_COOP] == 0 and depth > 0 else 0
    # candidates: the lowest of each run of equal cards, with a sort key
    row = _ROWS_PER_DEPTH * depth
    n, merged = 0, False
    rest = legal
    while rest:
        low_bit = rest & -rest
        rest ^= low_bit
        c = lowest_set(low_bit)
        if _merged(st, tab, hand, c, outside):
            merged = True
            continue
        if in_trick == 0:
            key = _lead_key(
                st, tab, c, outside, depth, seat, win_aim, ducking, taking, denying, spend, safe_leads, replies
            )
        else:
            key = _follow_key(st, tab, c, lead_class, best, bar, win_aim, top_first, taking, spend, give, keep)
        _insert(buf, row, n, c, key)
        n += 1
    if n > 2 and seat != player and st[_COOP] == 0:
        # the opposite aim's best card (the last; on lead below the root, the plain lead
        # with the most replies, ``_replies``) second: a hedge against a wrong guess
        c = buf[row + _CARDS, n - 1]
        for j in range(n - 1, 1, -1):
            buf[row + _CARDS, j] = buf[row + _CARDS, j - 1]
        buf[row + _CARDS, 1] = c
    return n, merged
