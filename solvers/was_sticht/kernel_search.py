"""The search of the numba double-dummy kernel, and the kernel's design: can the chip's
conditions be made to hold? (Each section names the module that holds its part.)

Vocabulary:
- *seat*, *player*, *follow class*, *strength key*, *place*, *symbol*: the words for
  cards and the kernel's arrays, fixed in ``kernel_layout``'s docstring.
- *condition*: a chip's ``low <= measure <= high``, as a row (measure code = its place
  in ``MEASURES``, low, high).
- *trick boundary*: no card of the current trick played yet; only there is the
  transposition table asked and the status checked.
- *OR / AND node*: a seat that chooses its card for the player (his own seat, and every
  seat when they cooperate) / against him: one good card is enough at an OR node, every
  card must be good at an AND node.

Encoding (``kernel_layout``; the question's part ``kernel_question``, the table's
``kernel_table``). A hand is an int64 bitmask over ``Card.index`` (0..35). Three int64
arrays:
- the search state ``st``: each seat's hand (``_HAND``), the cards of the current trick
  in play order (``_TRICK``), each seat's tricks (``_WON``), the player's cards won per
  printed colour (``_COLOUR_WON``), then one word per scalar (``_LEADER`` .. ``_RELEVANT``:
  where the play stands, the question asked, the search's own counters, and the places
  the last answer read, see Partitions), and how the question sees the colours
  (``_COLOUR_OF`` .. ``_ALIKE``, from ``_colour_facts``: the colours no condition counts
  are one to it, so cards that differ only in them are merged and share a symbol in the
  key; kept in the state, so that the per-trumps tables stay one array, warm in the
  cache, for every question of a deal); then each card's symbol in the key
  (``_SYMBOL_OF``: its owner, tie and colour, fixed for the search, since cards only
  leave hands) and the places of the cards held (``_PLACES_LEFT``, kept as cards are
  played), both made by ``_index_held``: the key reads them at every trick boundary
  (7% of the time before);
- the per-trumps tables ``tab`` (``Tables``, one row each, 36 columns): ``_CLASS`` the
  follow class, ``_COLOUR`` the printed colour, ``_STRENGTH + l`` the strength keys in a
  trick led by class l, ``_CLASS_MASK`` / ``_COLOUR_MASK`` the cards of each class /
  colour, ``_LOWER_ANY`` the cards of c's class ranked below it or tied with it and
  earlier in the deck, ``_ORDER`` the cards by class and rank and ``_PLACE`` each card's
  place there, ``_TIE`` whether it is a number trump, ``_UP`` the places of c's class
  from the lowest card tied with c up, ``_CLASS_PLACES`` the places of each class (as a
  mask of places, like every *set of places* below), ``_TIED_TRUMPS`` the tied number
  trumps (every number trump but the supertrump) as cards, and ``_BETWEEN + c`` (row per
  card c; column d)
  the other cards of their class ranked from c's rank to d's (ties included: tied number
  trumps are told apart by who plays first);
- the work rows ``buf``, ``_ROWS_PER_DEPTH`` per search depth: the candidate cards, their
  sort keys, the transposition key (``_KEY_WORDS`` words, then the places of the cards
  left), and the part of ``st`` a finished trick changes (``_UNDO_FROM`` ..
  ``_UNDO_TO``), kept to take the trick back.
The recursion passes ``st`` alone: the other arrays (the conditions, ``tab``, ``tt``,
``buf`` and the peer's table) are found where ``_arrays_into`` wrote their addresses in
``st`` (``_CONDS_AT`` .. ``_PEER_ROWS``; ``_arrays``).
The transposition table ``tt`` has one row per slot: the key's ``_KEY_WORDS`` words, then
``_RELEVANT_COUNTS``: how many top cards of each class its answers read, then
``_VERDICT``: the question family's stamp shifted by ``_STAMP_SHIFT`` with the answer
in ``_ANSWER_BIT`` (``_family_stamp``: searches of one family share their rows, rows of
other families are stale without clearing the table), and ``_WORK``: the nodes its
answers took. The key (``_key``): the shape
(each seat's count of cards of each class, ``_SHAPE_BITS`` each, in the ``_SHAPE``
words); the leader with the counters the conditions depend on (tricks below
``_TRICK_RADIX``, colour counts below ``_COLOUR_RADIX``), the count of tied number trumps
left and, when a condition counts colours, the count of odd
trumps left; and one word per class: its
cards left in rank order from the top (the top card in the lowest bits), each a symbol
of its owner (``_OWNER_BITS``), whether it ties (``_TIE_SHIFT``) and, when a condition
counts colours, its colour as the question sees it (``_COLOUR_SHIFT``). A slot answers
for a key with its shape and counters whose classes begin with the slot's top cards, as
many as it read. A key has
two buckets: its own of ``BUCKET`` slots (the hash of the whole key) and its shape's of
``SHAPE_BUCKET`` (the hash of the shape and counters; every position of the shape keeps
its partial answers there, so it is the larger); an answer goes to its own bucket, and to
its shape's when it read fewer than all cards of some class; in each the slot holding it,
else a stale one, else the one whose answers took fewer nodes (the cheaper to search
again) gives way. An answer found in the shape's bucket is copied into the key's own.

The algorithm (the search, the transposition table and its partitions, the equal
cards, the bounds, the move order, the probes and the helper thread) is described once,
in docs/pages/solvers.md, section "The double-dummy kernel" (``#was-sticht-double-dummy``);
what each rule saved or cost, and the rules tried and not kept, are in
benchmarks/notes/was_sticht.md. Where each part lives:
- ``_node``: the AND-OR search over single card plays; at a trick boundary ``_status``
  without ranks (``kernel_bounds``), the table (``kernel_table``: the key's own bucket,
  then its shape's), ``_status`` with ranks; searched boundaries are stored, and below the
  root those the ranks decide.
- ``_candidates`` (``kernel_order``): the equal cards merged and the moves ordered for the
  seat's aim in the trick (``_trumps_to_spend``, ``_safe_to_win``, ``_deciding_bar``,
  ``_best_legal``); ``_close_trick`` closes a trick, the saved part of ``st`` takes it back.
- Probes (``PROBES``, ``_LIMIT``, ``_STOPPED``): where one card is enough, each card first
  gets a node budget; cards that run out wait for a second pass.
- The helper thread (``kernel_threads``, ``search(helped=True)``, ``HANDOFF``,
  ``_from_peer``, ``_CHECK``, ``_HALT``, ``_HELPED``, ``_REVERSE``).
- Partitions (``_RELEVANT``, ``_run_reads``, ``_answered_alike``): each answer carries the
  places whose owners it read; positions alike on those places share it.
- Bounds (``_status`` and its rules in ``kernel_bounds``).
The node's helpers are inlined (``inline="always"``), so cutting it into parts costs no
calls.
``trick_bounds`` asks yes/no questions ("at most k tricks", "at least k") in binary
searches.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.solvers.infrastructure.jit import address, lowest_set, no_runtime, rows_at
from cardsolve.solvers.was_sticht.kernel_bounds import _status
from cardsolve.solvers.was_sticht.kernel_layout import (
    _ALIKE,
    _BETWEEN,
    _BUF_AT,
    _BUF_ROWS,
    _CARDS,
    _CLASS,
    _CLASS_MASK,
    _CLASS_PLACES,
    _COLOUR,
    _COLOUR_WON,
    _COLUMNS,
    _CONDS_AT,
    _CONDS_ROWS,
    _COOP,
    _DONE,
    _FIRST,
    _HALT,
    _HAND,
    _HELPED,
    _IN_TRICK,
    _KEYS,
    _LAST_WON,
    _LEADER,
    _LIMIT,
    _LOWER_ANY,
    _NODES,
    _ODD_READS,
    _ORDER,
    _PEER_AT,
    _PEER_ROWS,
    _PLACE,
    _PLACES_LEFT,
    _PLAYER,
    _PLAYERS,
    _PROBE,
    _PROBE_FROM,
    _RELEVANT,
    _REVERSE,
    _ROOT_CARD,
    _ROWS_PER_DEPTH,
    _SAVED,
    _STOPPED,
    _STRENGTH,
    _TAB_AT,
    _TOTAL,
    _TRICK,
    _TT_AT,
    _TT_ROWS,
    _UNDO_FROM,
    _UNDO_TO,
    _UP,
    _WANTS,
    _WON,
    _WORDS,
    CLASSES,
    _cards_left,
    _conditions_at,
    _places,
    _seat_after,
    _tables_at,
)
from cardsolve.solvers.was_sticht.kernel_order import _candidates, _wants_tricks
from cardsolve.solvers.was_sticht.kernel_table import (
    _KEY_WORDS,
    _TT_COLUMNS,
    _UNKNOWN,
    BUCKET,
    _keep,
    _keep_answer,
    _look_up,
    _symbol_bits,
    _top_counts,
)


@no_runtime(inline="always")
def _close_trick(st: NDArray[np.int64], tab: NDArray[np.int64]) -> int:
    """The current trick, all its cards played, goes to its winner: his trick count (and
    for the player, his colour counts, first and last trick) and the lead move on.
    Returns the places the trick's outcome reads: when the winning card beat a card of
    its own class (its rank decided), its place and those above it, ties included (of
    tied number trumps the first played wins); else none (it was the only card of its
    class: any card of that class and seat would have won)."""
    player, players = st[_PLAYER], st[_PLAYERS]
    lead_class = tab[_CLASS, st[_TRICK]]
    win_at = 0
    for k in range(1, players):
        if tab[_STRENGTH + lead_class, st[_TRICK + k]] > tab[_STRENGTH + lead_class, st[_TRICK + win_at]]:
            win_at = k
    winning = st[_TRICK + win_at]
    by_rank = False
    for k in range(players):
        if k != win_at and tab[_CLASS, st[_TRICK + k]] == tab[_CLASS, winning]:
            by_rank = True
    winner = _seat_after(st[_LEADER], win_at, players)
    st[_WON + winner] += 1
    if winner == player:
        for k in range(players):
            st[_COLOUR_WON + tab[_COLOUR, st[_TRICK + k]]] += 1
    if st[_DONE] == 0:
        st[_FIRST] = 1 if winner == player else 0
    st[_LAST_WON] = 1 if winner == player else 0
    st[_LEADER] = winner
    st[_IN_TRICK] = 0
    st[_DONE] += 1
    return int(tab[_UP, winning]) if by_rank else 0


@no_runtime(inline="always")
def _run_reads(st: NDArray[np.int64], tab: NDArray[np.int64], seat: int, relevant: int) -> int:
    """The places to add to ``relevant`` when an answer needs every card ``seat`` may play
    and ``_candidates`` tried only the lowest of each run of equal cards: where the
    lowest relevant card of a class is the seat's and a lower card of his plays alike
    (no card of another hand or the trick between them), the run from its lowest card
    up. (The runs' other cards were answered by the lowest, whose answer counts a run
    card fewer as relevant above a cut inside the run.)"""
    hand = st[_HAND + seat]
    outside = _cards_left(st)
    for k in range(st[_IN_TRICK]):
        outside |= np.int64(1) << st[_TRICK + k]
    outside &= ~hand
    legal = hand
    if st[_IN_TRICK] > 0 and hand & tab[_CLASS_MASK, tab[_CLASS, st[_TRICK]]]:
        legal = hand & tab[_CLASS_MASK, tab[_CLASS, st[_TRICK]]]
    present = _places(hand | outside, tab)
    add = 0
    for k in range(CLASSES):
        cls = present & relevant & tab[_CLASS_PLACES, k]
        if cls == 0:
            continue
        x = tab[_ORDER, lowest_set(cls & -cls)]
        if not (legal >> x) & 1:
            continue
        low = -1
        same = tab[_LOWER_ANY, x] & hand & st[_ALIKE + tab[_COLOUR, x]]
        while same:
            b = same & -same
            same ^= b
            y = lowest_set(b)
            if tab[_BETWEEN + y, x] & outside == 0 and (low < 0 or tab[_PLACE, y] < tab[_PLACE, low]):
                low = y
        if low >= 0:
            add |= tab[_UP, low]
    return add


@no_runtime(inline="always")
def _answered_alike(buf: NDArray[np.int64], row: int, i: int, c: int, tab: NDArray[np.int64], alike: int) -> int:
    """The earlier card of the mover's, already answered (not deciding), that his i-th
    card ``c`` plays as, by the places that answer read (``buf[row + _KEYS, j]``), or -1:
    one of the same follow class and among the cards ``alike`` with c in colour, whose
    place and c's lie outside them. The two children are then alike on every place
    the answer read (they differ only in which of the two small cards was played), so
    they have the same answer, which read the same places (Partitions)."""
    for j in range(i):
        d = buf[row + _CARDS, j]
        reads = buf[row + _KEYS, j]
        if (
            tab[_CLASS, d] == tab[_CLASS, c]
            and (alike >> d) & 1
            and not (reads >> tab[_PLACE, d]) & 1
            and not (reads >> tab[_PLACE, c]) & 1
        ):
            return j
    return -1


@no_runtime(inline="always")
def _play(
    st: NDArray[np.int64], tab: NDArray[np.int64], buf: NDArray[np.int64], row: int, seat: int, c: int, in_trick: int
) -> int:
    """``seat`` plays ``c`` into the trick, which holds ``in_trick`` cards: the card
    leaves its hand and the places held; the last card closes the trick
    (``_close_trick``), the words it changes saved first in the depth's ``_SAVED`` row.
    Returns the places the trick's outcome read (0 while it is open)."""
    st[_HAND + seat] ^= np.int64(1) << c
    st[_PLACES_LEFT] ^= np.int64(1) << tab[_PLACE, c]
    st[_TRICK + in_trick] = c
    if in_trick + 1 < st[_PLAYERS]:
        st[_IN_TRICK] = in_trick + 1
        return 0
    for k in range(_UNDO_FROM, _UNDO_TO):
        buf[row + _SAVED, k] = st[k]
    return _close_trick(st, tab)


@no_runtime(inline="always")
def _take_back(
    st: NDArray[np.int64], tab: NDArray[np.int64], buf: NDArray[np.int64], row: int, seat: int, c: int, in_trick: int
) -> None:
    """Undo ``_play``: the trick as it was (from the saved row, when the card closed it)
    and the card back in the hand."""
    if in_trick + 1 < st[_PLAYERS]:
        st[_IN_TRICK] = in_trick
    else:
        for k in range(_UNDO_FROM, _UNDO_TO):
            st[k] = buf[row + _SAVED, k]
    st[_HAND + seat] ^= np.int64(1) << c
    st[_PLACES_LEFT] ^= np.int64(1) << tab[_PLACE, c]


@no_runtime(inline="always")
def _reverse(buf: NDArray[np.int64], row: int, n: int) -> None:
    """The depth's ``n`` candidates in reverse order (a helper's search near the root)."""
    for i in range(n // 2):
        c = buf[row + _CARDS, i]
        buf[row + _CARDS, i] = buf[row + _CARDS, n - 1 - i]
        buf[row + _CARDS, n - 1 - i] = c


@no_runtime()
def _arrays_into(
    st: NDArray[np.int64],
    conds: NDArray[np.int64],
    tab: NDArray[np.int64],
    tt: NDArray[np.int64],
    buf: NDArray[np.int64],
    peer: NDArray[np.int64],
) -> None:
    """Where the search's arrays lie, into ``st`` (``_CONDS_AT`` ..), for ``_arrays``: the
    conditions, the per-trumps tables, the transposition table, the work rows and the
    peer's table (C-contiguous, alive while the search runs)."""
    st[_CONDS_AT], st[_CONDS_ROWS] = address(conds), conds.shape[0]
    st[_TAB_AT] = address(tab)
    st[_TT_AT], st[_TT_ROWS] = address(tt), tt.shape[0]
    st[_BUF_AT] = address(buf)
    st[_PEER_AT], st[_PEER_ROWS] = address(peer), peer.shape[0]


@no_runtime(inline="always")
def _arrays(
    st: NDArray[np.int64],
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """The search's arrays where ``_arrays_into`` found them: the conditions, the
    per-trumps tables, the transposition table, the work rows and the peer's table. The
    recursion passes ``st`` alone (an array passed costs each call its nine words; one
    unused array more made the heaviest questions 15% slower), and the tables' and work
    rows' shapes are constants here."""
    return (
        _conditions_at(st),
        _tables_at(st),
        rows_at(st[_TT_AT], st[_TT_ROWS], _TT_COLUMNS),
        rows_at(st[_BUF_AT], _BUF_ROWS, _COLUMNS),
        rows_at(st[_PEER_AT], st[_PEER_ROWS], _TT_COLUMNS),
    )


@no_runtime(nogil=True)
def _node(st: NDArray[np.int64], depth: int) -> bool:
    """Whether the conditions can be made to hold from here (see the module docstring);
    at depth 0 the deciding card goes to ``st[_ROOT_CARD]``; the places whose owners the
    answer read go to ``st[_RELEVANT]`` (see Partitions). Its arrays are where
    ``_arrays_into`` put them in ``st``. Python calls it directly: numba's cache cannot
    load a kernel that calls a recursive one (numba issue 6061)."""
    conds, tab, tt, buf, peer = _arrays(st)
    if st[_NODES] >= st[_LIMIT] or st[_HALT] != 0:
        st[_STOPPED] = 1
        return False
    st[_NODES] += 1
    in_trick = st[_IN_TRICK]
    player = st[_PLAYER]
    row = _ROWS_PER_DEPTH * depth
    bucket, shaped, start = -1, -1, st[_NODES]
    # a condition that counts colours reads the colour of every odd trump
    always = st[_ODD_READS]
    width = _symbol_bits(st)
    if in_trick == 0:
        # the counts first: they read no place and no table slot
        status, reads = _status(st, depth == 0, False)
        if status != 0:
            st[_RELEVANT] = always
            return status > 0
        # the key holds everything the status reads, so a stored answer is looked up next
        found, bucket, shaped = _look_up(st, tab, tt, buf, row + _WORDS, depth, peer, width, always)
        if found != _UNKNOWN:
            return found == 1
        # then the ranks too; below the root a decided status is stored (in the key's
        # own bucket: the next visit finds it there, without the shape's bucket and the
        # ranks again)
        status, reads = _status(st, depth == 0, True)
        if status != 0:
            st[_RELEVANT] = reads | always
            if depth > 0:
                counts = _top_counts(buf[row + _WORDS, _KEY_WORDS], reads | always, tab)
                _keep(st, tt, bucket, buf, row + _WORDS, width, status > 0, counts, 1, BUCKET)
            return status > 0
    seat = _seat_after(st[_LEADER], in_trick, st[_PLAYERS])
    chooser = st[_COOP] == 1 or seat == player
    if in_trick == 0 or depth == 0:
        st[_WANTS] = _wants_tricks(st)
    n, merged = _candidates(st, conds, tab, buf, depth, seat)
    if depth < st[_REVERSE]:
        _reverse(buf, row, n)
    result = not chooser
    relevant, cut = always, False
    limit = st[_LIMIT]
    # probes (see the module docstring): a first pass gives each card a budget, a
    # second searches the cards whose budget ran out
    probing = (
        (not chooser or st[_COOP] == 1)
        and n > 1
        and st[_TOTAL] - st[_DONE] >= st[_PROBE_FROM]
        and (depth > 0 or st[_HELPED] == 0)
    )
    pending = 0
    for second in range(2 if probing else 1):
        for i in range(n):
            if second and not (pending >> i) & 1:
                continue
            c = buf[row + _CARDS, i]
            alike = _answered_alike(buf, row, i, c, tab, st[_ALIKE + tab[_COLOUR, c]])
            if alike >= 0:
                buf[row + _KEYS, i] = buf[row + _KEYS, alike]
                continue
            if probing and not second:
                st[_LIMIT] = min(limit, st[_NODES] + st[_PROBE])
            decided = _play(st, tab, buf, row, seat, c, in_trick)
            value = _node(st, depth + 1)
            child = st[_RELEVANT] | decided
            _take_back(st, tab, buf, row, seat, c, in_trick)
            st[_LIMIT] = limit
            if st[_STOPPED]:
                if st[_NODES] >= limit or st[_HALT] != 0:
                    return False  # an outer limit or a halt: unwind, store nothing
                # this probe's budget ran out: the card waits for the second pass, and
                # reads every place meanwhile (no card plays alike to it)
                st[_STOPPED] = 0
                pending |= 1 << i
                buf[row + _KEYS, i] = -1
                continue
            if value == chooser:
                # one card decides: only its answer is read
                result, relevant, cut = value, child | always, True
                if depth == 0:
                    st[_ROOT_CARD] = c
                break
            relevant |= child
            buf[row + _KEYS, i] = child  # the sort keys are spent: the row keeps what each answer read
        if cut:
            break
    if merged and not cut:
        relevant |= _run_reads(st, tab, seat, relevant)
    st[_RELEVANT] = relevant
    if bucket >= 0:
        _keep_answer(st, tt, bucket, shaped, buf, row + _WORDS, tab, width, result, relevant, st[_NODES] - start)
    return result
