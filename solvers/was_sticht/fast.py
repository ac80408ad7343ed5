"""The numba double-dummy kernel: can the chip's conditions be made to hold?

Vocabulary:
- *seat*: 0..3 clockwise, as in the engine (a 3-player position leaves seat 3's hand
  empty); the *player* is the seat the question is about.
- *follow class*: what a card counts as for following: its printed colour 0..3, or
  ``TRUMP_CLASS`` for every trump (a trump-number card belongs to the trumps only).
- *strength key*: a card's rank in a trick led by a card of follow class l,
  ``class x CLASS_WEIGHT + number`` as ``trumps.strength`` (number trumps count 0 for the
  number, so they tie); a later card wins only with a strictly greater key.
- *condition*: a chip's ``low <= measure <= high``, as a row (measure code = its place
  in ``MEASURES``, low, high).
- *trick boundary*: no card of the current trick played yet; only there is the
  transposition table asked and the status checked.
- *OR / AND node*: a seat that chooses its card for the player (his own seat, and every
  seat when they cooperate) / against him: one good card is enough at an OR node, every
  card must be good at an AND node.

Encoding. A hand is an int64 bitmask over ``Card.index`` (0..35). Three int64 arrays:
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
(each seat's count of cards of each class, ``_SHAPE_BITS`` each, in ``_SHAPE_WORDS``
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

Search. A depth-first AND-OR search over single card plays (``_node``). At each trick
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

A helper thread (``search(helped=True)``; the idea of "lazy SMP" in chess engines). A
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

Bounds (``_status``, at a trick boundary): tricks or colour cards won so far against
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

import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.was_sticht.cards import COLOURS, DECK, NUMBERS, Card
from cardsolve.models.was_sticht.chips import MEASURES, TRICKS, Condition, Trick
from cardsolve.models.was_sticht.play import Position
from cardsolve.models.was_sticht.trumps import ALL_TRUMPS, NUMBER_TRUMP, Trumps, strength
from cardsolve.solvers.infrastructure.jit import lowest_set, no_runtime, popcount

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
_MONO = _st_layout.take()  # a one-condition question whose answer is monotone in one counter:
# _AT_LEAST (more is better), _AT_MOST (less is better), else 0
_MONO_AT = _st_layout.take()  # the word of st holding that counter, or -1
_MONO_BOUND = _st_layout.take()  # that question's bound on the counter (its low end, or its high end)
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
# (a helper's search, see ``search``; 0 for the main search)
_HELPED = _st_layout.take()  # 1 in a helped search (``_helped``): the root does not probe
_HALT = _st_layout.take()  # set to 1 by the main search's thread when it has its answer: the
# helper's search unwinds
_ALIKE = _st_layout.take(COLOUR_COUNT)
"""Per printed colour, the cards whose colour the question treats alike with it (every
card when no condition counts colours)."""
_SYMBOL_OF = _st_layout.take(len(DECK))
"""Per card, its symbol in the key's class words (its owner, whether it ties, and its
colour as the question sees it when a condition counts colours), made by ``encode``: a
card changes hands never, it only leaves them."""
_PLACES_LEFT = _st_layout.take()
"""The places (``_PLACE``) of the cards in the hands, kept as cards are played."""
_STATE = _st_layout.size
_AT_LEAST, _AT_MOST = 1, 2
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

# The transposition key and table.
_OWNER_BITS = 2
_OWNER_MASK = (1 << _OWNER_BITS) - 1
_TIE_SHIFT = _OWNER_BITS
_COLOUR_SHIFT = _TIE_SHIFT + 1
_SYMBOL_BITS = _COLOUR_SHIFT
"""A card's symbol: its owner, and whether it ties."""
_SYMBOL_BITS_COLOURED = _COLOUR_SHIFT + _SEEN_BITS
"""A card's symbol when a condition counts colours: its colour above (a class
holds at most 12 cards: 60 bits)."""
_SHAPE_BITS = 4
"""The bits of one seat's count of one class's cards in the shape (at most 12), and of a
slot's top count of one class."""
_SHAPE_MASK = (1 << _SHAPE_BITS) - 1
_SHAPE_CLASSES = 3
"""The classes per shape word (seats x classes x ``_SHAPE_BITS`` bits: 48)."""
_SHAPE_WORDS = -(-CLASSES // _SHAPE_CLASSES)
_COUNTERS_WORD = _SHAPE_WORDS
_HASH_WORDS = _COUNTERS_WORD + 1
"""The key's words that pick its bucket: the shape and the counters."""
_CLASS_WORDS = _HASH_WORDS
"""CLASSES words: each class's symbols, its top card in the lowest bits."""
_KEY_WORDS = _CLASS_WORDS + CLASSES
_RELEVANT_COUNTS = _KEY_WORDS
"""How many top cards of each class the slot's answers read (``_SHAPE_BITS`` each)."""
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
_VERDICT = _RELEVANT_COUNTS + 1
_STAMP_SHIFT = 1
_ANSWER_BIT = 1
_RANGE = _VERDICT + 1
"""For a monotone question (``_MONO``): the counter's goodness (``_goodness``) from which
the answer is known yes, shifted by ``_RANGE_SHIFT``, and one above the greatest goodness
known no (0: none)."""
_RANGE_SHIFT = 8
_NO_GOODNESS = (1 << _RANGE_SHIFT) - 1
"""Above every goodness: no yes known."""
_GOOD_ZERO = 64
"""The goodness of a slack of 0. Goodness is clamped to 1.._NO_GOODNESS - 1: a slack
beyond either end (a bound far outside every count) answers alike all the way out."""
_WORK = _RANGE + 1
"""The nodes the slot's answers took to search (what a bucket keeps: ``_place``)."""
_CHECK = _WORK + 1
"""A hash of the slot's words before ``_WORK`` (``_checksum``), written after them: a
helper reading the slot while its owner rewrites it sees the words and the hash
disagree, and takes nothing from it (``_from_peer``)."""
_TT_COLUMNS = _CHECK + 1

# The work rows ``buf`` of each search depth.
_ROWS_PER_DEPTH = 4
_CARDS, _KEYS, _WORDS, _SAVED = range(_ROWS_PER_DEPTH)
_PEER_ROW = _ROWS_PER_DEPTH * (len(DECK) + 1)
"""The row of ``buf`` after every depth's: a copy of a slot of the peer's table
(``_from_peer``)."""

# The measure codes.
_M_TRICKS, _M_COLOUR, _M_FIRST, _M_LAST, _M_MOST, _M_FEWEST = (
    MEASURES.index(m)
    for m in ("tricks", f"colour:{next(iter(COLOURS))}", "trick:first", "trick:last", "most", "fewest")
)
"""Colour measures are ``_M_COLOUR + colour`` (0..3), just before ``_M_FIRST``."""


class Tables:
    """The per-trumps tables of the kernel (see the module docstring)."""

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


PROBES = ((30_000, 6), (2_000, 3))
"""Per question (forceable, possible): the probes' budget in nodes and the fewest tricks
left at which a node probes (measured on the benchmark's 15,360 every-chip questions)."""
_NO_LIMIT = 1 << 62


def work_rows() -> NDArray[np.int64]:
    """A search's work rows ``buf`` (each written before it is read)."""
    return np.zeros((_PEER_ROW + 1, len(DECK)), dtype=np.int64)


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


def _table() -> NDArray[np.int64]:
    """This thread's transposition table (made at its first call)."""
    if _WORKSPACE.tt is None:
        _WORKSPACE.tt = np.zeros((1 << TT_BITS, _TT_COLUMNS), dtype=np.int64)
        _WORKSPACE.tt.fill(0)  # touch every page now rather than inside the first searches
    return _WORKSPACE.tt


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
    players, whether the others cooperate and the question (for a monotone question its
    kind and counter, not its bound: the ranges hold slacks). A stamp is the family's in
    every thread's table: an entry holds for its key whichever search stored it."""
    with _STAMPS_LOCK:
        stamp = _FAMILY_STAMPS.get(family)
        if stamp is None:
            if len(_FAMILY_STAMPS) >= FAMILIES:
                _FAMILY_STAMPS.clear()
            _SEARCHES[0] += 1
            stamp = _FAMILY_STAMPS[family] = _SEARCHES[0]
        return stamp


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
def _places(cards: int, tab: NDArray[np.int64]) -> int:
    """The places (in ``_ORDER``) of these cards, as a mask."""
    ranked = 0
    while cards:
        b = cards & -cards
        cards ^= b
        ranked |= np.int64(1) << tab[_PLACE, lowest_set(b)]
    return ranked


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


@no_runtime()
def _status(
    st: NDArray[np.int64], conds: NDArray[np.int64], tab: NDArray[np.int64], root: bool, ranks: bool
) -> tuple[int, int]:
    """At a trick boundary: 1 when every condition holds however the rest is played (or,
    below the root, the player's own play can make sure of it: ``_play_secures``,
    ``_loses_all``; at the root the search goes on to name the card), -1 when one fails
    however it is played, else 0; and the places whose owners that reads (``_node``). Without ``ranks`` only
    the counts decide (tricks and cards won and left, the trumps each seat holds: no
    place is read: the trump bounds by counts); with them the trumps' order decides too
    (read by a bound that used it: the player's trick bounds, when he holds a trump,
    read the trumps from his lowest one up; a colour's bounds and the last trick's
    keeper every trump) and the rules that read colours (``_duck_reads``,
    ``_quick_reads``)."""
    player, players = st[_PLAYER], st[_PLAYERS]
    done, total = st[_DONE], st[_TOTAL]
    left = total - done
    mine = st[_WON + player]
    left_cards = _cards_left(st)
    # what the bounds on his tricks read: the trumps' order when he holds a trump (without
    # one the trump bounds count only: he forces none and loses a trick to each trump of
    # the seat holding the most), and the colours the duck rule compares when it holds
    trumps = tab[_CLASS_PLACES, TRUMP_CLASS]
    reads, bound_reads = 0, 0
    if ranks:
        top_owner, sure_mask, forced, wins, colours_forced = _trump_bounds(st, tab, left)
        held = st[_HAND + player] & tab[_CLASS_MASK, TRUMP_CLASS]
        if held:
            # the bounds read the trumps from his lowest one up (ties included): below
            # it lie other seats' trumps only, which the one pass from the top treats
            # alike whatever their order, so only each seat's count of them matters
            lowest = _places(held, tab)
            bound_reads = tab[_UP, tab[_ORDER, lowest_set(lowest & -lowest)]]
        if wins > 0 and _ducks_all(st, tab):
            wins = 0  # he holds no trump, so forced is 0 too
            bound_reads |= _duck_reads(st, tab)
    else:
        # the trump bounds by counts: each trump of another seat beats one of his at
        # most, and a seat's trumps beyond his lie in tricks he loses
        held = popcount(st[_HAND + player] & tab[_CLASS_MASK, TRUMP_CLASS])
        most_held, all_held = 0, 0
        for s in range(players):
            if s != player:
                theirs = popcount(st[_HAND + s] & tab[_CLASS_MASK, TRUMP_CLASS])
                most_held, all_held = max(most_held, theirs), all_held + theirs
        top_owner, sure_mask, forced, wins = -1, 0, max(0, held - all_held), left - max(0, most_held - held)
        colours_forced = 0
    mine_mask = sure_mask if top_owner == player else 0
    by_play, unsettled = False, 0  # a condition the player's play secures; conditions open
    result = 1
    for i in range(conds.shape[0]):
        m, low, high = conds[i, 0], conds[i, 1], conds[i, 2]
        if m == _M_TRICKS:
            now, most = mine + forced, mine + wins
            reads |= bound_reads
        elif m < _M_FIRST:  # colour:C
            reads |= bound_reads | (trumps if ranks else 0)
            colour = tab[_COLOUR_MASK, m - _M_COLOUR]
            now = st[_COLOUR_WON + m - _M_COLOUR]
            # his trumps of the colour that no other seat's trump can beat, one each,
            # come into his tricks (his sure cards among them); the other seats' sure
            # cards of it never come to him
            most = now + min(
                popcount(left_cards & ~(sure_mask ^ mine_mask) & colour),
                _colour_gain(st, tab, colour, wins) if ranks else left * players,
            )
            his, theirs = _colour_intake(st, colour, forced)
            now += max((colours_forced >> (_COUNT_BITS * (m - _M_COLOUR))) & _COUNT_MASK, his) + theirs
        elif m == _M_FIRST:
            if done > 0:
                now = most = st[_FIRST]
            else:
                now, most = 0, 1 if total > 0 else 0
        elif m == _M_LAST:
            # the last trick: a seat keeping a top trump to it, or drawing the others'
            # trumps from the lead, or the player holding more top trumps than the
            # others together, wins it by its own play
            keeper = -1
            if ranks and done < total:
                keeper = top_owner if _keeps_top_trump(st, tab, top_owner, sure_mask, left) else -1
                if keeper < 0 and _draws_trumps(st, tab, left):
                    keeper = st[_LEADER]
                if keeper < 0 and _outnumbers_trumps(st, tab):
                    keeper = player
            if done == total:
                now = most = st[_LAST_WON]
            elif st[_COOP] == 0 and ((keeper >= 0 and keeper != player) or (ranks and _outlasts(st, tab, left))):
                now = most = 0  # a seat against the player keeps the last trick from him
                reads |= trumps
            else:
                now, most = 0, 1
                if keeper == player and low >= 1 and high >= 1:
                    by_play = True
        else:
            reads |= bound_reads
            best = NO_BOUND if m == _M_FEWEST else -1
            # room: for fewest, the tricks the others must still gain to all end above
            # the player's least total; for most, the tricks they can still take and all
            # stay below his greatest total
            low_end, high_end, others_left = mine + forced, mine + wins, left - forced
            room = 0
            for s in range(players):
                if s != player:
                    best = min(best, st[_WON + s]) if m == _M_FEWEST else max(best, st[_WON + s])
                    room += (
                        max(0, low_end + 1 - st[_WON + s]) if m == _M_FEWEST else max(0, high_end - 1 - st[_WON + s])
                    )
            if m == _M_MOST:
                sure = low_end > best + others_left
                lost = high_end <= best or left - (high_end - mine) > room or _trumps_overflow(st, tab, high_end - 1)
            else:
                sure = high_end < best
                lost = low_end >= best + others_left or (low_end - mine) + room > left
                if ranks and not sure and not lost:
                    lost = _fewest_lost(st, tab, low_end, high_end)
                    if lost:
                        reads |= st[_PLACES_LEFT] & ~trumps  # who holds a trump is in the shape
            now = most = 1 if sure else 0
            if not sure and not lost:
                most = 1
        if most < low or now > high:
            return -1, reads
        if now < low or most > high:
            result = 0
            unsettled += 1
    if result == 0 and ranks and not root:
        if by_play and unsettled == 1:
            return 1, reads | trumps
        if _play_secures(st, conds, tab):
            return 1, reads | _quick_reads(st, tab)
        if _met_losing_all(st, conds):
            ducked = _loses_all(st, tab)
            if ducked >= 0:
                return 1, reads | ducked
    return result, reads


@no_runtime()
def _wants_tricks(st: NDArray[np.int64], conds: NDArray[np.int64]) -> bool:
    """Whether the player would rather win the current trick (a move-ordering guess). Asked
    for the last trick in a forceable question, he would rather win every trick: the lead
    keeps the choice with him (measured: the last-trick questions take about a third fewer
    nodes than when he wants only the last one)."""
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
        buf[row, k // _SHAPE_CLASSES] += shape << (_SHAPE_BITS * SEATS * (k % _SHAPE_CLASSES))
    key = st[_LEADER]
    if st[_KEY_ALL]:
        for s in range(SEATS):
            key = key * _TRICK_RADIX + st[_WON + s]
    elif st[_KEY_TRICKS] and st[_MONO_AT] != _WON + st[_PLAYER]:
        key = key * _TRICK_RADIX + st[_WON + st[_PLAYER]]
    for k in range(COLOUR_COUNT):
        if (st[_KEY_COLOURS] >> k) & 1 and st[_MONO_AT] != _COLOUR_WON + k:
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
def _merge_counts(a: int, b: int) -> int:
    """The greater top count of each class of two."""
    counts = 0
    for k in range(CLASSES):
        shift = _SHAPE_BITS * k
        counts |= max((a >> shift) & _SHAPE_MASK, (b >> shift) & _SHAPE_MASK) << shift
    return counts


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
def _goodness(st: NDArray[np.int64]) -> int:
    """A monotone question's slack as goodness: how far the counter lies on the good side
    of the bound (counter less low end for at-least, high end less counter for at-most),
    plus ``_GOOD_ZERO``. The answer from a position depends on the slack only (the
    counter's growth from here must stay within it), so the table's ranges hold for
    every bound of the same question family (``_family_stamp``)."""
    counter = st[st[_MONO_AT]]
    slack = counter - st[_MONO_BOUND] if st[_MONO] == _AT_LEAST else st[_MONO_BOUND] - counter
    return int(min(max(_GOOD_ZERO + slack, 1), _NO_GOODNESS - 1))


@no_runtime(inline="always")
def _store_range(
    tt: NDArray[np.int64],
    slot: int,
    buf: NDArray[np.int64],
    row: int,
    stamp: int,
    good: int,
    answer: bool,
    held: bool,
    counts: int,
) -> None:
    """A monotone question's answer at goodness ``good``, which read these top counts,
    into the slot's range (merged with what the slot knows of this key when it ``held``
    it, else the slot taken over). A held slot's key agrees with this one on the top
    cards its answers read, so both hold for the keys that agree on the greater count of
    each class: the slot takes this key with those counts."""
    if held:
        yes_from, no_below = tt[slot, _RANGE] >> _RANGE_SHIFT, tt[slot, _RANGE] & _NO_GOODNESS
        _store(tt, slot, buf, row, stamp, answer, _merge_counts(counts, tt[slot, _RELEVANT_COUNTS]))
    else:
        _store(tt, slot, buf, row, stamp, answer, counts)
        yes_from, no_below = _NO_GOODNESS, 0
    if answer:
        yes_from = min(yes_from, good)
    else:
        no_below = max(no_below, good + 1)
    tt[slot, _RANGE] = yes_from << _RANGE_SHIFT | no_below


@no_runtime(inline="always")
def _keep(
    st: NDArray[np.int64],
    tt: NDArray[np.int64],
    bucket: int,
    buf: NDArray[np.int64],
    row: int,
    width: int,
    good: int,
    answer: bool,
    counts: int,
    work: int,
    ways: int,
) -> None:
    """The answer for the key in ``buf[row]`` (at goodness ``good`` for a monotone
    question), which read these top counts and took ``work`` nodes, into the bucket: into
    the slot that holds the key (merged with it, its work added), else a stale one, else
    the one whose answers took the fewest nodes."""
    slot = _find(tt, bucket, buf, row, st[_STAMP], width, ways)
    held = slot >= 0
    if not held:
        slot = _victim(tt, bucket, st[_STAMP], ways)
    work += tt[slot, _WORK] if held else 0
    if st[_MONO] == 0:
        _store(tt, slot, buf, row, st[_STAMP], answer, counts)
    else:
        _store_range(tt, slot, buf, row, st[_STAMP], good, answer, held, counts)
    tt[slot, _WORK] = work
    tt[slot, _CHECK] = _checksum(tt, slot)


@no_runtime(inline="always")
def _promote(tt: NDArray[np.int64], slot: int, bucket: int, buf: NDArray[np.int64], row: int, stamp: int) -> None:
    """A copy of the slot, found in the shape's bucket for the key in ``buf[row]``, into
    the key's own bucket under that key: a later visit finds it with one lookup, and it
    stays when the shape's copy gives way."""
    copy = _victim(tt, bucket, stamp, BUCKET)
    _store(tt, copy, buf, row, stamp, bool(tt[slot, _VERDICT] & _ANSWER_BIT), tt[slot, _RELEVANT_COUNTS])
    tt[copy, _RANGE] = tt[slot, _RANGE]
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
            tt[copy, _RANGE] = buf[_PEER_ROW, _RANGE]
            tt[copy, _WORK] = buf[_PEER_ROW, _WORK]
            tt[copy, _CHECK] = _checksum(tt, copy)
            return copy
    return -1


# The sort keys of the candidates (``_candidates``): the lowest is tried first. A key is a
# tier's base plus a score within the tier (``_sort_key``).
_COLOUR_PULL = 2 * CLASS_WEIGHT * CLASSES
"""What a colour wish moves a follower's card in its seat's order: past every strength
key, within its tier."""
_ABOVE_WEIGHT = CLASS_WEIGHT * (CLASSES + 1)
"""A lead's weight per card above it in other hands: past every strength key."""
_TIER_STEP = 500
"""The distance between adjacent tiers: above twice the spread of a follower's score (a
strength key, at most 73, and a colour pull either way), so a follower's tiers never mix.
A lead's score counts the cards above it in other hands (up to 11 times
``_ABOVE_WEIGHT``), so the leads' tiers stay apart only 7 steps or more apart: a trump the
player spends first on lead (``_SPENT`` added to a plain lead's tier) may come after a
lead that decides the trick."""
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
    one, sorted for the seat's aim in the trick (see the module docstring)."""
    in_trick, player = st[_IN_TRICK], st[_PLAYER]
    hand = st[_HAND + seat]
    # the legal cards and the best card of the trick so far
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
    wants = st[_WANTS] == 1
    # the player's seat aims at his wish; the others oppose it, or help when they cooperate
    win_aim = wants if seat == player or st[_COOP] == 0 else not wants
    # following a trick he may safely win (``_safe_to_win``; no trump or kept-out card in
    # it yet), the player who only keeps colours out plays his highest card first,
    # winning or not: a card that could win a worse trick later is gone
    top_first = (
        seat == player
        and st[_ONLY_KEPT_OUT] == 1
        and following != 0
        and lead_class != TRUMP_CLASS
        and _safe_to_win(st, tab, seat, lead_class, False)
    )
    for k in range(in_trick if top_first else 0):
        if tab[_CLASS, st[_TRICK + k]] == TRUMP_CLASS or (st[_KEPT_OUT] >> st[_TRICK + k]) & 1:
            top_first = False
    win_aim = win_aim or top_first
    # on lead (below the root), he leads first the colours every other seat must follow,
    # the highest card first
    safe_leads = 0
    if in_trick == 0 and seat == player and st[_ONLY_KEPT_OUT] == 1 and depth > 0:
        for k in range(COLOUR_COUNT):
            if _safe_to_win(st, tab, seat, k, True):
                safe_leads |= tab[_CLASS_MASK, k]
    # into a trick the player is winning, a seat gives first the cards of the colours its
    # side wants him to take, and last those it wants kept from him
    give, keep = 0, 0
    if in_trick > 0 and _seat_after(st[_LEADER], best_at, st[_PLAYERS]) == player:
        give, keep = st[_WANTED], st[_KEPT_OUT]
        if seat != player and st[_COOP] == 0:
            give, keep = keep, give
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
    # candidates: the lowest of each run of equal cards, with a sort key
    cards, keys = _ROWS_PER_DEPTH * depth + _CARDS, _ROWS_PER_DEPTH * depth + _KEYS
    n, merged = 0, False
    rest = legal
    while rest:
        low_bit = rest & -rest
        rest ^= low_bit
        c = lowest_set(low_bit)
        same = tab[_LOWER_ANY, c] & hand & st[_ALIKE + tab[_COLOUR, c]]
        skip = False
        while same:
            b = same & -same
            same ^= b
            if tab[_BETWEEN + lowest_set(b), c] & outside == 0:
                skip = True
                break
        if skip:
            merged = True
            continue
        if in_trick == 0:
            # leads: the surest winner (fewest cards above it outside the hand) or the
            # surest loser (most above) first, the highest first among equals; the root
            # of a possible question by strength alone
            s = tab[_STRENGTH + tab[_CLASS, c], c]
            tier = _PLAIN
            if depth == 0 and st[_COOP] == 1:
                score = -s if win_aim else s
            else:
                above = popcount(outside & tab[_CLASS_MASK, tab[_CLASS, c]] & ~tab[_LOWER_ANY, c] & ~(np.int64(1) << c))
                score = above * _ABOVE_WEIGHT - s if win_aim else -above * _ABOVE_WEIGHT - s
                if seat == player:
                    lead_bar = _deciding_bar(st, tab, seat, tab[_CLASS, c], ducking)
                    if ducking and s < lead_bar:
                        tier, score = _DECIDING, -s
                    if taking and s >= lead_bar:
                        tier, score = _DECIDING, s
                if denying and s >= _best_legal(st, tab, player, tab[_CLASS, c]):
                    tier, score = _DECIDING, s
                if (spend >> c) & 1:
                    tier += _SPENT
                if (safe_leads >> c) & 1:
                    tier, score = _SAFE_LEAD, -s
            sort_key = _sort_key(tier, score)
        else:
            # winning cards first (the cheapest first) when the aim is to win, else the
            # cards that do not win first (the highest first)
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
            sort_key = _sort_key(tier, score) + pull
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
    return n, merged


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
    player, players = st[_PLAYER], st[_PLAYERS]
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
        _key(st, tab, buf, row + _WORDS)
        bucket = _bucket(buf, row + _WORDS, tt.shape[0], _KEY_WORDS, BUCKET)
        shaped = _bucket(buf, row + _WORDS, tt.shape[0], _HASH_WORDS, SHAPE_BUCKET)
        if st[_MONO] != 0:
            good = _goodness(st)
        slot = _find(tt, bucket, buf, row + _WORDS, st[_STAMP], width, BUCKET)
        from_shape = slot < 0
        if from_shape:
            slot = _find(tt, shaped, buf, row + _WORDS, st[_STAMP], width, SHAPE_BUCKET)
        if slot < 0 and depth > 0 and peer.shape[0] > 1:
            slot = _from_peer(tt, peer, bucket, shaped, buf, row + _WORDS, st[_STAMP], width)
            from_shape = False
        if depth > 0 and slot >= 0:
            known = st[_MONO] == 0 or good >= tt[slot, _RANGE] >> _RANGE_SHIFT or good < tt[slot, _RANGE] & _NO_GOODNESS
            if known:
                if from_shape:
                    _promote(tt, slot, bucket, buf, row + _WORDS, st[_STAMP])
                st[_RELEVANT] = _top_places(buf[row + _WORDS, _KEY_WORDS], tt[slot, _RELEVANT_COUNTS], tab) | always
                if st[_MONO] == 0:
                    return bool(tt[slot, _VERDICT] & _ANSWER_BIT)
                return bool(good >= tt[slot, _RANGE] >> _RANGE_SHIFT)
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
    seat = _seat_after(st[_LEADER], in_trick, players)
    chooser = st[_COOP] == 1 or seat == player
    if in_trick == 0 or depth == 0:
        st[_WANTS] = _wants_tricks(st, conds)
    n, merged = _candidates(st, conds, tab, buf, depth, seat)
    if depth < st[_REVERSE]:
        for i in range(n // 2):
            c = buf[row + _CARDS, i]
            buf[row + _CARDS, i] = buf[row + _CARDS, n - 1 - i]
            buf[row + _CARDS, n - 1 - i] = c
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
            bit = np.int64(1) << c
            place_bit = np.int64(1) << tab[_PLACE, c]
            st[_HAND + seat] ^= bit
            st[_PLACES_LEFT] ^= place_bit
            st[_TRICK + in_trick] = c
            if in_trick + 1 < players:
                st[_IN_TRICK] = in_trick + 1
                value = _node(st, conds, tab, tt, buf, depth + 1, peer)
                child = st[_RELEVANT]
                st[_IN_TRICK] = in_trick
            else:
                for k in range(_UNDO_FROM, _UNDO_TO):
                    buf[row + _SAVED, k] = st[k]
                decided = _close_trick(st, tab)
                value = _node(st, conds, tab, tt, buf, depth + 1, peer)
                child = st[_RELEVANT] | decided
                for k in range(_UNDO_FROM, _UNDO_TO):
                    st[k] = buf[row + _SAVED, k]
            st[_HAND + seat] ^= bit
            st[_PLACES_LEFT] ^= place_bit
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
        # into the key's own bucket, and when the answer read fewer than all the cards
        # of a class, into the shape's bucket too (where positions alike in the cards
        # it read find it)
        ranked = buf[row + _WORDS, _KEY_WORDS]
        counts = _top_counts(ranked, relevant, tab)
        partial = ranked & ~relevant != 0
        _keep(st, tt, bucket, buf, row + _WORDS, width, good, result, counts, st[_NODES] - start, BUCKET)
        if partial:
            _keep(st, tt, shaped, buf, row + _WORDS, width, good, result, counts, st[_NODES] - start, SHAPE_BUCKET)
    return result


Question = tuple[int, int, int, int, int, int, int, int, int, int]
"""``_question``'s facts of a question, as ``encode`` writes them into ``st``."""


@lru_cache(maxsize=256)
def _question(conditions: tuple[Condition, ...]) -> tuple[NDArray[np.int64], Question]:
    """The conditions as rows (measure code, low, high), and the question's facts: what
    the transposition key must hold for them (every seat's tricks, the player's tricks,
    the colours counted, a bit each, the first trick); whether the answer is monotone in
    one counter (``_MONO``: one condition on the tricks or a colour bounded on one side
    only) and then its bound (the high end of an at-most question, the low end of an
    at-least); for the move order, the cards of the colours he wants in his tricks and of
    those he must keep out of them, whether he spends his trumps first (when his tricks
    are capped or a colour must stay out of them, and the last trick is not asked), and
    whether keeping colours out is all the question asks."""
    rows = [(MEASURES.index(c.measure), c.low, c.high) for c in conditions]
    measures = {c.measure for c in conditions}
    mono, bound = 0, 0
    if len(conditions) == 1 and (conditions[0].measure == "tricks" or conditions[0].measure.startswith("colour:")):
        most = TRICKS if conditions[0].measure == "tricks" else len(NUMBERS)  # above every count
        if conditions[0].low <= 0:
            mono, bound = _AT_MOST, conditions[0].high
        elif conditions[0].high >= most:
            mono, bound = _AT_LEAST, conditions[0].low
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
            mono,
            bound,
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
        st[_MONO],
        st[_MONO_BOUND],
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
    st[_MONO_AT] = -1
    if key[4]:
        st[_MONO_AT] = _WON + player if key[1] else _COLOUR_WON + (key[2].bit_length() - 1)
    st[_STAMP] = stamp
    st[_LIMIT] = _NO_LIMIT
    st[_PROBE], st[_PROBE_FROM] = PROBES[int(cooperative)]
    state = np.array(st, dtype=np.int64)
    _index_held(state, tables(position.trumps).packed)
    return state


_NO_PEER = np.zeros((1, _TT_COLUMNS), dtype=np.int64)
"""The peer of a search without a helper: a table of one slot, never read."""
HANDOFF = 20_000
"""The nodes after which a helped search (``search``) calls in its helper: about 2 ms,
past 98% of the every-chip questions (a handoff at 100,000 nodes helped the slowest
questions as much and the 99th percentile less)."""
REVERSE_DEPTH = 1
"""The depths at which the helper tries the candidates in reverse order: the root only
(the first 2 depths did as well; the whole first trick, 4 depths, or the first 8 made the
helped searches 13-18% slower, and reversing below the root only, 13-27% slower)."""


def _spare_core() -> bool:
    """Whether this process may run on two cores or more."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores > 1


class _Helper:
    """The one helper thread of the process, with its own transposition table and work
    rows; a search that finds it busy goes on alone."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pool: ThreadPoolExecutor | None = None
        self.tt = np.zeros((0, _TT_COLUMNS), dtype=np.int64)
        self.buf = work_rows()

    def start(self) -> None:
        """Make the thread and the table at the first helped search."""
        if self.pool is None:
            self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="was-sticht-helper")
            self.tt = np.zeros((1 << TT_BITS, _TT_COLUMNS), dtype=np.int64)


_HELPERS: dict[int, _Helper] = {}
"""The helper of each process, by process id: a child forked while its parent had one
has its pool but not its thread (nor a free lock, if a search was running), so it makes
its own."""


def _helper() -> _Helper:
    """This process's helper."""
    return _HELPERS.setdefault(os.getpid(), _Helper())


def _helped(
    st: NDArray[np.int64],
    rows: NDArray[np.int64],
    tab: NDArray[np.int64],
    tt: NDArray[np.int64],
    buf: NDArray[np.int64],
) -> bool:
    """The search of ``st`` from the root, with the helper thread searching the same root
    beside it (its candidates reversed near the root) in its own table, each reading the
    other's table where its own has no answer; the main search's answer, once it has one,
    halts the helper. The helper's nodes are added to ``st``'s."""
    helper = _helper()
    if not helper.lock.acquire(blocking=False):
        return bool(_node(st, rows, tab, tt, buf, 0, _NO_PEER))
    try:
        helper.start()
        assert helper.pool is not None
        st[_HELPED] = 1
        other = st.copy()
        other[_REVERSE] = REVERSE_DEPTH
        peer = helper.tt[: len(tt)]
        running = helper.pool.submit(_node, other, rows, tab, peer, helper.buf, 0, tt)
        try:
            value = bool(_node(st, rows, tab, tt, buf, 0, peer))
        finally:
            other[_HALT] = 1
            running.result()
        st[_NODES] += other[_NODES]
        return value
    finally:
        helper.lock.release()


def search(
    position: Position, player: int, conditions: Sequence[Condition], cooperative: bool, helped: bool = False
) -> tuple[bool, Card | None, int]:
    """Whether the conditions can be made to hold (the other seats against the player,
    or for him when ``cooperative``), the root card that decides it (the chooser's card
    that achieves it, or the opposing seat's card after which it fails; else None), and
    the nodes searched. The position must not be finished. ``helped``: a search still
    running after ``HANDOFF`` nodes starts again from the root (its table kept) with the
    helper thread beside it (``_helped``)."""
    rows, key = _question(tuple(conditions))
    question: object = key[:5] if key[4] else tuple(conditions)
    stamp = _family_stamp(
        (position.trumps.suit, position.trumps.number, player, position.players, cooperative, question)
    )
    tt = _table()
    small = len(position.hands[0]) <= SMALL_TRICKS
    if small:
        tt = tt[: 1 << SMALL_TT_BITS]
    st = encode(position, player, key, cooperative, stamp)
    tab = tables(position.trumps).packed
    handing_off = helped and not small and _spare_core()
    start = st.copy() if handing_off else st
    if handing_off:
        st[_LIMIT] = HANDOFF
    value = _node(st, rows, tab, tt, _WORKSPACE.buf, 0, _NO_PEER)
    if st[_STOPPED]:
        spent = st[_NODES]
        st = start
        value = _helped(st, rows, tab, tt, _WORKSPACE.buf)
        st[_NODES] += spent
    root, nodes = st[_ROOT_CARD], st[_NODES]
    return bool(value), (DECK[root] if root >= 0 else None), int(nodes)


def trick_bounds(position: Position, player: int, helped: bool = False) -> tuple[tuple[int, int], int]:
    """(fewest, most) tricks the player can force over the round, by binary searches of
    yes/no questions (at most k tricks; at least k tricks, each ``search``ed, ``helped``
    or not); and the nodes searched."""
    won = sum(t.winner == player for t in position.tricks)
    left = (sum(map(len, position.hands)) + len(position.current)) // position.players
    nodes = 0
    lo, hi = won, won + left  # fewest: the least k with "at most k" forceable
    while lo < hi:
        mid = (lo + hi) // 2
        ok, _, n = search(position, player, (Condition("tricks", 0, mid),), False, helped)
        nodes += n
        lo, hi = (lo, mid) if ok else (mid + 1, hi)
    fewest = lo
    lo, hi = won, won + left  # most: the greatest k with "at least k" forceable
    while lo < hi:
        mid = (lo + hi + 1) // 2
        ok, _, n = search(position, player, (Condition("tricks", mid, TRICKS * 4),), False, helped)
        nodes += n
        lo, hi = (mid, hi) if ok else (lo, mid - 1)
    return (fewest, lo), nodes
