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
The transposition table ``tt`` has one row per slot: the key's ``_KEY_WORDS`` words, then
``_RELEVANT_COUNTS``: how many top cards of each class its answers read, then
``_VERDICT``: the question family's stamp shifted by ``_STAMP_SHIFT`` with the answer
in ``_ANSWER_BIT`` (``_family_stamp``: searches of one family share their rows, rows of
other families are stale without clearing the table), and ``_RANGE``: for a question
monotone in one counter (``_MONO``: one condition on the tricks or a colour, bounded on
one side), the goodness (the counter's slack against the bound) from which the answer
is known yes and one above the greatest known no; the family leaves the bound out, so
"at most 1 trick" and "at most 2 tricks" (and the binary searches of ``trick_bounds``)
share ranges; and ``_WORK``: the nodes its answers took. The key (``_key``): the shape
(each seat's count of cards of each class, ``_SHAPE_BITS`` each, in the ``_SHAPE``
words); the leader with the counters the conditions depend on (tricks below
``_TRICK_RADIX``, colour counts below ``_COLOUR_RADIX``), less a monotone question's
counter, which the range answers for, the count of tied number trumps left and, when a
condition counts colours, the count of odd trumps left; and one word per class: its
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

Search (here; the move order ``kernel_order``). A depth-first AND-OR search over single
card plays (``_node``). At each trick
boundary what the counts alone decide is checked first (``_status`` without ranks, see
Bounds: it reads no place and no table slot); then the transposition table is asked (its
own bucket, then its shape's): the key holds everything the status reads, so states
alike up to relative ranks share an answer, and states alike in the cards an answer
read share it too (Partitions); an unknown boundary is then checked by the ranks too, so
the search stops as soon as the outcome is known; searched boundaries are stored, and
below the root so are those the ranks decide (in the key's own bucket: a later visit
finds them with one lookup, about 11% less time on the heaviest questions).
Equal cards are merged (``_candidates``): of the cards of one hand with the same follow
class (and the same colour, when a condition counts colours), a card is skipped
when a lower one of them (or a tied number trump earlier in the deck) has no card ranked
between the two, or tied with either, in another hand or the current trick (the two
play alike to the end).
The moves are ordered for the seat's aim in the trick: a seat that wants the trick won
(the player when he needs tricks, the others when they play against him) tries the
cheapest winning card first, a seat that wants it lost its highest card that does not
win; on lead, a seat that wants the trick leads first the card with the fewest cards of
its class above it in other hands, a seat that wants it lost the one with the most (the
highest first among equals; at the root of a possible question by strength alone: ordered
like the nodes below, its cooperative "yes" answers took 25% more nodes on the benchmark's
deals, whereas a forceable question's root ordered so takes 2-5% fewer than by
strength); at the opposing seats the other aim's best card comes second. The player
whose tricks are capped or who must keep a colour out of them, on lead (below the root)
or void in the lead's class, tries his trumps first (``_trumps_to_spend``); in a forceable question the
player who wants the last trick would rather win every trick (holding the lead, he keeps
the choice of what is left for the end); when all the question asks is to keep colours
out of his tricks (``_ONLY_KEPT_OUT``), a trick he may safely win (``_safe_to_win``: its
colour is not kept out, and each seat after him must follow it or holds no kept-out card
but trumps) is one to shed his highest cards into: following it while it holds no trump
and no kept-out card, he plays his highest card first, winning or not, and below the root he leads first the
highest card of a colour that every other seat must follow (the looser test made leads
1% worse; the slowest questions, forceable keep-a-colour-out proofs, had searched the
low cards first in their first tricks, in vain: a quarter of their nodes). Into a
trick the player is winning, a seat whose side wants him to take a colour (or to keep it
from him) gives its cards of that colour first (last) within each group. Some of the
player's cards settle the trick whatever the later seats choose (``_deciding_bar``: a seat
against him overtakes him only where it must and beats him wherever it can, one for him
does as he wishes where it may): the player who would rather lose tries those that lose
first (on lead too, the highest first), the one who would rather win those that win (on
lead the lowest first), then against him those that only may win; and against him a seat
on lead leads first, the lowest first, a card he cannot beat (``_best_legal``). Together
9-11% fewer nodes on three deal sets of 15,360 questions each; the lowest sure loser
first cost 4%, the highest sure winner on lead or denying lead first 1-2%, winning with
his highest card when he must gained nothing, and so did the same for the opposing
seats following (a card below his lowest when he would rather lose, one above his best
when he would rather win) or leading a card he must win.
The last card of a trick closes it (``_close_trick``); the saved part of ``st`` takes it
back. The node's helpers are inlined (``inline="always"``), so cutting it into parts
costs no calls.

Probes. Where one card is enough (an opposing seat's, and in a possible question every
seat's) and enough tricks are left (``PROBES``), a node first gives each card a budget of
nodes: a card whose search decides within it ends the node; a card whose search runs out
(``_LIMIT``; ``_STOPPED`` unwinds the search, which stores nothing it did not finish)
waits, and a second pass searches the waiting cards without a budget. The heuristic order
is good on average but sometimes sends the first card down a huge subtree while a later
one decides in a few nodes; the answers stored below a stopped card make its second
search shorter.

A helper thread (``kernel_threads``; ``search(helped=True)``; the idea of "lazy SMP" in
chess engines). A
search still running after ``HANDOFF`` nodes starts again from the root, its table kept,
with the process's one helper thread searching the same question beside it in a table of
its own, its root cards in reverse order (``_REVERSE``). Each thread stores only in its
own table; where its own has no answer for a key it reads the other's (``_from_peer``):
there a slot may be caught halfway through a rewrite, so each slot carries a hash of its
words (``_CHECK``), and a copy whose words and hash disagree is ignored. The main search's
answer halts the helper (``_HALT``), whose own answer is never used. A helped root does
not probe (``_HELPED``), so its deciding card is the first of its order whose answer
decides, however the race between the threads ran; only the node count (the helper's
included) differs from run to run. On 2 cores the slowest every-chip questions took 1.3
to 1.7 times less wall time, for 14-17% more nodes in all (the helper's counted).

Partitions (the "winning ranks" of bridge double-dummy solvers). Every answer comes with
the set of places whose owners it read, closed upwards in each class (``_RELEVANT``); the
cards on the other places are *small*: of them only each seat's count per class mattered.
A trick whose winning card beat a card of its own class reads the winner's place and
those above (ties included); a status cut reads what its rules read (counts alone read
nothing, the trump bounds on his tricks the trumps from his lowest one up, the other
trump rules every trump, ``_duck_reads``, ``_loses_all`` and ``_quick_reads`` the
colours they compare, ``_fewest_lost`` every colour card left (who holds a trump is in
the shape; reading all the player's colours for a wider duck rule, a seat that may not
win another trick, cost 3.5% more nodes than it saved); a condition that counts colours
reads the odd trumps (``_colour_facts``) and every
trump above them: the trumps below are all of the trump suit's colour, so exchanging
them keeps the colours won, and the key's count of odd trumps makes sure that a
position that finds the answer has no odd trump among its small trumps either); a
stored answer reads its top counts in the position that finds it. The key counts the
tied number trumps left: they rank next to each other, so two positions with as many
have them on the same places, whereas a position with one more among its small cards
would have a small card that a read tied card beats only when it is played first.
A node where one card decides reads what that card's answer read; any other reads what
all its cards' answers read, and where the cut lies inside a run of the mover's equal
cards, the whole run (``_run_reads``: the run's other cards were answered by its lowest).
Two positions alike in shape, counters and the symbols on the read places have the same
answer: pair each seat's i-th smallest small card of a class in one with the other's;
every line of play maps to one with the same trick winners, since no trick was decided
by the order of small cards and no rule read it. So inside one node too: a card of the
mover's of the same follow class (and colour, when a condition counts colours)
as one already answered, both on places that answer did not read, has that answer
(``_answered_alike``): the two children differ only in which small card was played.

Bounds (``_status`` in ``kernel_bounds``, at a trick boundary): tricks or colour cards
won so far against
what is left; the trumps (``_trump_bounds``: sure cards of the top trump's holder, the
player's trumps no other seat can cover, and the tricks he loses: a seat's trumps beyond a
matching, one to one, with his trumps at least as strong); first and
last trick; most and fewest against what every seat would need, and the tricks holding a
trump against the seats that can win them (``_trumps_overflow``); below the root, the
player's quick tricks when he holds every trump left (``_play_secures``). A colour is
further bounded by the tricks he can still win and by his trumps (``_colour_gain``), and
from below by his trumps of it that no other seat has a trump as strong left to beat, a
different one for each (``_trump_bounds``: a no-green question with six trumps of his,
four of them green, had taken 12.4M nodes to find its one line with help, the
impossible lines searched to the end), and by the cards of it the seats must give into
the tricks he surely wins (``_colour_intake``: each seat plays a card into each of them,
so a seat with fewer cards of other colours than he has sure tricks gives the colour
into them, his own hand too: the slowest possible question of the held-out deals, a
no-green "no" with help, went 2.70M -> 0.52M nodes). The fewest tricks need every other seat above
his total; a seat that may not win another trick keeps its count (``_may_win``: the seat
on lead may, and then every seat that holds a trump or, in a colour both hold, a card
above the lowest of a seat that may lead; cards only leave), so the bound splits on
whether he wins another trick himself (``_fewest_lost``: the slowest question of the
held-out deals, a possible fewest-tricks "no", went 6.47M -> 2.99M nodes).
The last trick goes to the seat that can keep a top trump to it (``_keeps_top_trump``:
his spare trumps cover the trump leads the others can make), or to the seat on lead
that can draw every other trump with trumps ranked at least as high as all of them
and keep one (``_draws_trumps``; tied number trumps included, the first played wins),
or to the player when his trumps rank at least as high as all the others' and outnumber
them together (``_outnumbers_trumps``: he keeps more than they hold until his hand is
all trumps, and then each trick he loses takes one of theirs):
settled for the player below the root, lost when it is another seat playing against
him. It is lost too when a seat against him holds a trump strictly above all of his
and spares to cover his own trump leads (``_outlasts``: the others lead no trump). A player who can
only duck (``_ducks_all``: not on lead, no trump, every card below the others' of its
colour) wins no trick left, whatever is played; one who can lose every trick by his own
play (``_loses_all``: not on lead, no trump, in each colour his i-th lowest card below the
others' i-th lowest) secures, below the root, the conditions that hold when he wins
nothing more (``_met_losing_all``).
``trick_bounds`` asks yes/no questions ("at most k tricks", "at least k") in binary
searches.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.solvers.infrastructure.jit import lowest_set, no_runtime
from cardsolve.solvers.was_sticht.kernel_bounds import _status
from cardsolve.solvers.was_sticht.kernel_layout import (
    _ALIKE,
    _BETWEEN,
    _CARDS,
    _CLASS,
    _CLASS_MASK,
    _CLASS_PLACES,
    _COLOUR,
    _COLOUR_WON,
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
    _TOTAL,
    _TRICK,
    _UNDO_FROM,
    _UNDO_TO,
    _UP,
    _WANTS,
    _WON,
    _WORDS,
    CLASSES,
    _cards_left,
    _places,
    _seat_after,
)
from cardsolve.solvers.was_sticht.kernel_order import _candidates, _wants_tricks
from cardsolve.solvers.was_sticht.kernel_table import (
    _KEY_WORDS,
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


@no_runtime(nogil=True)
def _node(
    st: NDArray[np.int64],
    conds: NDArray[np.int64],
    tab: NDArray[np.int64],
    tt: NDArray[np.int64],
    buf: NDArray[np.int64],
    depth: int,
    peer: NDArray[np.int64],
) -> bool:
    """Whether the conditions can be made to hold from here (see the module docstring);
    at depth 0 the deciding card goes to ``st[_ROOT_CARD]``; the places whose owners the
    answer read go to ``st[_RELEVANT]`` (see Partitions). Python calls it directly: numba's
    cache cannot load a kernel that calls a recursive one (numba issue 6061)."""
    if st[_NODES] >= st[_LIMIT] or st[_HALT] != 0:
        st[_STOPPED] = 1
        return False
    st[_NODES] += 1
    in_trick = st[_IN_TRICK]
    player = st[_PLAYER]
    row = _ROWS_PER_DEPTH * depth
    bucket, shaped, good, start = -1, -1, 0, st[_NODES]
    # a condition that counts colours reads the colour of every odd trump
    always = st[_ODD_READS]
    width = _symbol_bits(st)
    if in_trick == 0:
        # the counts first: they read no place and no table slot
        status, reads = _status(st, conds, tab, depth == 0, False)
        if status != 0:
            st[_RELEVANT] = always
            return status > 0
        # the key holds everything the status reads (a monotone question's counter
        # aside, which the range answers for), so a stored answer is looked up next
        found, bucket, shaped, good = _look_up(st, tab, tt, buf, row + _WORDS, depth, peer, width, always)
        if found != _UNKNOWN:
            return found == 1
        # then the ranks too; below the root a decided status is stored (in the key's
        # own bucket: the next visit finds it there, without the shape's bucket and the
        # ranks again)
        status, reads = _status(st, conds, tab, depth == 0, True)
        if status != 0:
            st[_RELEVANT] = reads | always
            if depth > 0:
                counts = _top_counts(buf[row + _WORDS, _KEY_WORDS], reads | always, tab)
                _keep(st, tt, bucket, buf, row + _WORDS, width, good, status > 0, counts, 1, BUCKET)
            return status > 0
    seat = _seat_after(st[_LEADER], in_trick, st[_PLAYERS])
    chooser = st[_COOP] == 1 or seat == player
    if in_trick == 0 or depth == 0:
        st[_WANTS] = _wants_tricks(st, conds)
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
            value = _node(st, conds, tab, tt, buf, depth + 1, peer)
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
        _keep_answer(st, tt, bucket, shaped, buf, row + _WORDS, tab, width, good, result, relevant, st[_NODES] - start)
    return result
