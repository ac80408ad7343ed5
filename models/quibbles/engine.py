"""The Quibbles game engine: a seeded game state, the legality of a turn, applying a
turn with the refill that follows, and every legal turn of the player to act.

Rule readings the rulebook leaves open (each used in one place below):
- The display is a row: a card laid by DRAW and the refill's cards join it at the right;
  taken cards leave gaps that close up. Only the solo variant cares (its penalty takes
  the leftmost card).
- A SPLIT must take at least one set: a split that takes nothing would be a plain
  discard, which the rules do not offer (COMBINE likewise takes "1 or more" cards).
- A turn is two decisions: the action (``act``), then the optional stash (``finish``),
  chosen with the hand as it is after the action, so a DRAW's two new cards can be
  stashed. A whole ``Turn`` applies both; its stash is checked against the hand the
  action really leaves (for a DRAW, with the cards the draw pile will give).
- What a player sees: the cards out of their sight are the draw pile, the other hands
  and the discard pile (which the player does not track and which is shuffled back when
  the draw pile runs out). A DRAW judged from one player's view (``possible_draws``,
  ``draw_verdicts``, ``with_draw``) may give any 2 of those cards, never cards made up.
- The order within a turn: action, optional stash (a winning stash ends the game at
  once, before any refill or penalty), the solo penalty, the refill, then the
  empty-hand rule (checked for the player whose turn it was; everybody then discards
  their hand and draws 6, that player first).
- The display never holds more than 10 cards at a refill (it grows by at most one card
  a turn), so "10 cards" is read as "10 or more".
- When the draw pile runs out the discard pile is reshuffled; when both are empty, a
  draw or refill takes what there is. A player to act with an empty hand (only possible
  once every card is out of play) has no legal turn: the game is stalled, nobody wins.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles.cards import (
    COLLECTION_LIMIT,
    COMBINE_MAX_CARDS,
    COMBINE_MAX_TOTAL,
    DISPLAY_RESET,
    DISPLAY_SIZE,
    DRAW_CARDS,
    HAND_SIZE,
    SET_MIN_CARDS,
    VALUES,
    Counts,
    Variant,
    deck_counts,
    format_values,
    from_counts,
    is_winning_collection,
    to_counts,
    unseen_counts,
)
from cardsolve.models.quibbles.moves import Action, Combine, Draw, Split, Stash, Turn

MAX_PLAYERS = 5


class IllegalMove(BadInput):
    """A turn the rules do not allow here; the message gives the reason."""


@cache
def partitions(total: int, min_parts: int = SET_MIN_CARDS) -> tuple[tuple[int, ...], ...]:
    """Every way to write ``total`` as a sum of at least ``min_parts`` values 1-6, each
    as an ascending tuple (6 = 1+5 = 2+4 = 1+1+4 = ... : ten ways with 2 or more parts)."""

    def grow(rest: int, smallest: int) -> Iterator[tuple[int, ...]]:
        if rest == 0:
            yield ()
        for part in range(smallest, min(rest, 6) + 1):
            for tail in grow(rest - part, part):
                yield (part, *tail)

    return tuple(p for p in grow(total, 1) if len(p) >= min_parts)


@cache
def splits_into_sets(value: int, counts: tuple[int, ...]) -> bool:
    """Whether cards with these counts (``counts[v-1]`` of value v) fall exactly into sets
    of 2 or more cards that each sum to ``value``."""
    smallest = next((v for v in range(1, len(counts) + 1) if counts[v - 1]), None)
    if smallest is None:
        return True
    for part in partitions(value):
        if smallest not in part:
            continue
        need = to_counts(part)
        if all(need[v] <= (counts[v - 1] if v <= len(counts) else 0) for v in VALUES):
            rest = tuple(c - need[v] for v, c in enumerate(counts, start=1))
            if splits_into_sets(value, rest):
                return True
    return False


def decompose_into_sets(display: Sequence[int], positions: Sequence[int], value: int) -> tuple[tuple[int, ...], ...]:
    """Group display positions into sets of 2 or more cards, each summing to ``value``
    (the positions must allow it: see ``splits_into_sets``)."""
    remaining = sorted(positions)
    sets = []
    while remaining:
        first, others = remaining[0], remaining[1:]
        for size in range(1, len(others) + 1):
            found = next(
                (
                    combo
                    for combo in itertools.combinations(others, size)
                    if display[first] + sum(display[i] for i in combo) == value
                    and _can_split([p for p in others if p not in combo], display, value)
                ),
                None,
            )
            if found is not None:
                break
        else:  # pragma: no cover - callers check splits_into_sets first
            raise ValueError("positions do not split into sets")
        sets.append((first, *found))
        remaining = [p for p in others if p not in found]
    return tuple(sets)


def _can_split(positions: Sequence[int], display: Sequence[int], value: int) -> bool:
    counts = to_counts(display[i] for i in positions)
    return splits_into_sets(value, tuple(counts[1:value]) if value > 1 else ())


@dataclass
class State:
    """Everything on the table: hands, collections and discards as counts by value, the
    display as a row, the draw pile as a list (top card last), the solo penalty pile."""

    variant: Variant
    hands: list[Counts]
    collections: list[Counts]
    display: list[int]
    draw_pile: list[int]
    discard: Counts
    penalty: list[int] = field(default_factory=list)
    to_act: int = 0
    turns: int = 0
    winner: int | None = None
    rng: random.Random = field(default_factory=random.Random, repr=False)
    stash_pending: bool = False
    """True between ``act`` and ``finish``: the player has acted and may now stash."""

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def stalled(self) -> bool:
        """No winner and the player to act has no card: no legal turn remains."""
        return self.winner is None and not self.stash_pending and sum(self.hands[self.to_act]) == 0

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.stalled

    @property
    def penalty_score(self) -> int:
        """The solo score: the sum of the penalty pile (lower is better)."""
        return sum(self.penalty)

    def clone(self, rng: random.Random | None = None) -> State:
        """An independent copy, its random source a copy of this one's; ``rng`` given, the
        copy uses that object instead (shared, not copied: cheaper for throwaway copies)."""
        if rng is None:
            rng = random.Random(0)  # seeding from an int is cheap; the state is replaced
            rng.setstate(self.rng.getstate())
        return State(
            self.variant,
            [h[:] for h in self.hands],
            [c[:] for c in self.collections],
            self.display[:],
            self.draw_pile[:],
            self.discard[:],
            self.penalty[:],
            self.to_act,
            self.turns,
            self.winner,
            rng,
            self.stash_pending,
        )

    def card_counts(self) -> Counts:
        """All cards in every zone, by value: constant through a game."""
        total = [0] * 7
        for zone in [
            *self.hands,
            *self.collections,
            self.discard,
            to_counts(self.display),
            to_counts(self.draw_pile),
            to_counts(self.penalty),
        ]:
            for v in VALUES:
                total[v] += zone[v]
        return total

    # -- legality -------------------------------------------------------------------

    def check(self, turn: Turn) -> str | None:
        """Why ``turn`` is illegal for the player to act, or None when it is legal. After a
        DRAW the stash is checked on a copy that has drawn the very cards play would draw."""
        if self.winner is not None:
            return "the game is over"
        if self.stash_pending:
            return "the action of this turn is done: only the stash remains"
        reason = self._check_action(turn.action, self.hands[self.to_act])
        if reason or turn.stash is None:
            return reason
        if isinstance(turn.action, Draw):
            trial = self.clone()
            trial._do_action(turn.action)
            return trial._check_stash(turn.stash, trial.hands[trial.to_act])
        return self._check_stash(turn.stash, self.hand_after(turn.action))

    def _check_action(self, action: Action, hand: Counts) -> str | None:
        off_deck = [v for v in _played(action) if not (isinstance(v, int) and 1 <= v <= self.variant.top_value)]
        if off_deck:
            return f"{off_deck[0]!r} is not a card of the {self.variant.value} deck"
        if isinstance(action, Draw):
            return None if _holds(hand, [action.card]) else f"no {action.card} in hand to lay on the display"
        taken = action.taken
        if len(set(taken)) != len(taken) or any(not 0 <= i < len(self.display) for i in taken):
            return "taken display positions must be distinct and on the display"
        if isinstance(action, Split):
            if not _holds(hand, [action.card]):
                return f"no {action.card} in hand to split"
            if not action.sets:
                return "a split takes at least one set"
            for s in action.sets:
                values = [self.display[i] for i in s]
                if len(s) < SET_MIN_CARDS:
                    return f"set {'+'.join(map(str, values))} has fewer than {SET_MIN_CARDS} cards"
                if sum(values) != action.card:
                    return f"set {'+'.join(map(str, values))} does not sum to {action.card}"
            return None
        played = list(action.played)
        total = sum(played)
        if not SET_MIN_CARDS <= len(played) <= COMBINE_MAX_CARDS:
            return f"combine plays {SET_MIN_CARDS} to {COMBINE_MAX_CARDS} cards, not {len(played)}"
        if total > COMBINE_MAX_TOTAL:
            return f"combined cards are worth {total}, more than {COMBINE_MAX_TOTAL}"
        if not _holds(hand, played):
            return f"hand does not hold {'+'.join(map(str, played))}"
        if not taken:
            return "a combine takes at least one card"
        wrong = [self.display[i] for i in taken if self.display[i] != total]
        if wrong:
            return f"a combine worth {total} cannot take a {wrong[0]}"
        return None

    def _check_stash(self, stash: Stash, hand: Counts) -> str | None:
        if not (isinstance(stash.value, int) and 1 <= stash.value <= self.variant.top_value):
            return f"{stash.value!r} is not a card of the {self.variant.value} deck"
        value, have = stash.value, hand[stash.value]
        if have < max(value, 1):
            return f"stashing {value}s needs at least {value} of them in hand, not {have}"
        collection = self.collections[self.to_act]
        if sum(collection) >= COLLECTION_LIMIT:
            if stash.evict is None:
                return f"the collection holds {COLLECTION_LIMIT} cards: name one to discard first"
            if not (isinstance(stash.evict, int) and 1 <= stash.evict <= 6) or collection[stash.evict] == 0:
                return f"no {stash.evict} in the collection to discard"
        elif stash.evict is not None:
            return "the collection is not full: nothing to discard from it"
        return None

    # -- applying a turn ------------------------------------------------------------

    def apply(self, turn: Turn) -> None:
        """Play a whole turn for the player to act: its action, its stash, then the rest of
        the turn by rule. An illegal turn raises ``IllegalMove`` and changes nothing."""
        reason = self.check(turn)
        if reason:
            raise IllegalMove(f"illegal turn: {reason}")
        self._do_action(turn.action)
        self.stash_pending = True
        self.finish(turn.stash)

    def act(self, action: Action) -> None:
        """The first decision of a turn: SPLIT, COMBINE or DRAW; the stash decision follows
        with ``finish``. An illegal action raises ``IllegalMove`` and changes nothing."""
        reason = self.check(Turn(action))
        if reason:
            raise IllegalMove(f"illegal action: {reason}")
        self._do_action(action)
        self.stash_pending = True

    def finish(self, stash: Stash | None) -> None:
        """The second decision, after ``act``: stash (or not), then the end of the turn; a
        winning stash ends the game at once. An illegal stash raises ``IllegalMove``."""
        if not self.stash_pending:
            raise IllegalMove("illegal stash: the turn's action has not been played")
        if stash is not None:
            reason = self._check_stash(stash, self.hands[self.to_act])
            if reason:
                raise IllegalMove(f"illegal stash: {reason}")
        self.stash_pending = False
        if not self._settle(stash):
            self.end_turn()

    def play(self, turn: Turn) -> None:
        """The player's own part of a turn only (action and stash, no refill), to show
        what it does; a winning stash ends the game. Illegal turns raise ``IllegalMove``."""
        reason = self.check(turn)
        if reason:
            raise IllegalMove(f"illegal turn: {reason}")
        self._do_action(turn.action)
        self._settle(turn.stash)

    def _settle(self, stash: Stash | None) -> bool:
        """Make the (checked) stash; True when it wins, which ends the game at once."""
        if stash is None:
            return False
        self._do_stash(stash)
        if is_winning_collection(self.collections[self.to_act], self.variant):
            self.winner = self.to_act
            self.turns += 1
            return True
        return False

    def end_turn(self) -> None:
        """What the rules do after the player's part: the solo penalty, the refill, the
        empty-hand rule, and the next player to act."""
        me = self.to_act
        self.solo_penalty()
        self._refill()
        if sum(self.hands[me]) == 0:
            self._redeal(me)
        self.turns += 1
        self.to_act = (me + 1) % self.players

    def _do_action(self, action: Action) -> None:
        hand = self.hands[self.to_act]
        if isinstance(action, Draw):
            hand[action.card] -= 1
            self.display.append(action.card)
            for v in self._draw(DRAW_CARDS):
                hand[v] += 1
            return
        for v in _played(action):
            hand[v] -= 1
            self.discard[v] += 1
        taken = set(action.taken)
        for i in taken:
            hand[self.display[i]] += 1
        self.display = [v for i, v in enumerate(self.display) if i not in taken]

    def _do_stash(self, stash: Stash) -> None:
        me = self.to_act
        self.hands[me], self.collections[me], discarded = stash_effect(self.hands[me], self.collections[me], stash)
        for v in VALUES:
            self.discard[v] += discarded[v]

    def solo_penalty(self) -> None:
        """Solo, before the refill: the leftmost display card goes to the penalty pile and
        every other display card of its value is discarded (nothing outside solo, or when
        the display is empty)."""
        if self.variant is not Variant.SOLO or not self.display:
            return
        worst = self.display[0]
        self.penalty.append(worst)
        self.discard[worst] += sum(1 for v in self.display[1:] if v == worst)
        self.display = [v for v in self.display[1:] if v != worst]

    def _refill(self) -> None:
        if len(self.display) >= DISPLAY_RESET:
            for v in self.display:
                self.discard[v] += 1
            self.display = []
        if len(self.display) < DISPLAY_SIZE:
            self.display.extend(self._draw(DISPLAY_SIZE - len(self.display)))

    def _redeal(self, first: int) -> None:
        """Everybody discards their hand and draws a new one, ``first`` drawing first."""
        for hand in self.hands:
            for v in VALUES:
                self.discard[v] += hand[v]
                hand[v] = 0
        for k in range(self.players):
            hand = self.hands[(first + k) % self.players]
            for v in self._draw(HAND_SIZE):
                hand[v] += 1

    def _draw(self, n: int) -> list[int]:
        """Up to ``n`` cards from the draw pile, reshuffling the discards into a new draw
        pile whenever it runs out."""
        cards: list[int] = []
        while len(cards) < n:
            if not self.draw_pile:
                if not any(self.discard):
                    break
                self.draw_pile = from_counts(self.discard)
                self.rng.shuffle(self.draw_pile)
                self.discard = [0] * 7
            cards.append(self.draw_pile.pop())
        return cards

    # -- every legal turn -------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """One action per distinct result (outside solo the display's order does not
        matter, so equal values are taken leftmost first)."""
        if self.is_over or self.stash_pending:
            return []
        hand, top = self.hands[self.to_act], self.variant.top_value
        ordered = self.variant is Variant.SOLO
        actions: list[Action] = []
        for v in range(2, top + 1):
            if hand[v]:
                actions.extend(self._splits(v, ordered))
        for part in combinable(hand, top):
            where = [i for i, d in enumerate(self.display) if d == sum(part)]
            for k in range(1, len(where) + 1):
                actions.extend(Combine.unchecked(part, taken) for taken in _choices(where, k, ordered))
        actions.extend(Draw(v) for v in VALUES if hand[v])
        return actions

    def _splits(self, value: int, ordered: bool) -> Iterator[Split]:
        usable = [i for i, d in enumerate(self.display) if d < value]
        by_value = {v: [i for i in usable if self.display[i] == v] for v in range(1, value)}
        ranges = [range(len(by_value[v]) + 1) for v in range(1, value)]
        for picks in itertools.product(*ranges):
            if not any(picks) or not splits_into_sets(value, picks):
                continue
            per_value = [list(_choices(by_value[v], k, ordered)) for v, k in zip(range(1, value), picks)]
            for combo in itertools.product(*per_value):
                positions = sorted(i for group in combo for i in group)
                yield Split.unchecked(value, decompose_into_sets(self.display, positions, value))

    def stash_options(self, hand: Counts | None = None) -> list[Stash]:
        """Every stash the player to act could make from ``hand`` (default: their hand now,
        which after ``act`` is the hand the stash decision sees)."""
        hand = self.hands[self.to_act] if hand is None else hand
        collection = self.collections[self.to_act]
        full = sum(collection) >= COLLECTION_LIMIT
        options: list[Stash] = []
        for v in range(1, self.variant.top_value + 1):
            if hand[v] >= v:
                if full:
                    options.extend(Stash(v, e) for e in VALUES if collection[e])
                else:
                    options.append(Stash(v))
        return options

    def legal_turns(self) -> list[Turn]:
        """Every legal whole turn of the player to act: each action, alone and with each
        stash its result allows. For a DRAW, the stashes listed are those possible whatever
        is drawn; the cards drawn may allow more, decided after the draw (``finish``)."""
        turns = []
        for action in self.legal_actions():
            turns.append(Turn(action))
            turns.extend(Turn(action, s) for s in self.stash_options(self.hand_after(action)))
        return turns

    # -- what the player to act sees ------------------------------------------------------

    def unseen(self) -> Counts:
        """The cards the player to act cannot see, by value: all but their hand, the
        display, the collections and the penalty pile."""
        counts = self.card_counts()
        for zone in [self.hands[self.to_act], *self.collections, to_counts(self.display), to_counts(self.penalty)]:
            for v in VALUES:
                counts[v] -= zone[v]
        return counts

    def possible_draws(self) -> list[tuple[int, ...]]:
        """Every draw a DRAW could give as the player to act sees it: each ascending choice
        of 2 values (fewer only when fewer cards are unseen) that the unseen cards hold."""
        unseen = self.unseen()
        size = min(DRAW_CARDS, sum(unseen))
        return [
            draw
            for draw in itertools.combinations_with_replacement(VALUES, size)
            if all(draw.count(v) <= unseen[v] for v in draw)
        ]

    def check_draw(self, drawn: Sequence[int]) -> str | None:
        """Why a DRAW of the player to act could not give ``drawn``, or None when it could:
        it gives 2 cards (fewer only when fewer are unseen), each one they cannot see."""
        unseen = self.unseen()
        size = min(DRAW_CARDS, sum(unseen))
        if len(drawn) != size:
            return f"a draw gives {size} cards, not {len(drawn)}"
        short = next((v for v in VALUES if drawn.count(v) > unseen[v]), None)
        if short is not None:
            return (
                f"{format_values(drawn)} cannot be drawn: the cards out of sight hold {unseen[short]} of value {short}"
            )
        return None

    def with_draw(self, drawn: Sequence[int]) -> State:
        """A copy in which a DRAW gives exactly ``drawn``: its draw pile holds just those
        cards and its discard pile is empty, so nothing is made up. It shows the turn as
        the player sees it once the cards are known; it is no game to play on."""
        trial = self.clone()
        trial.draw_pile, trial.discard = list(reversed(drawn)), [0] * 7
        return trial

    def draw_verdicts(self, turn: Turn) -> dict[tuple[int, ...], str | None]:
        """For a DRAW turn, under each draw the player to act could get: why the turn is
        illegal, or None when it is legal (only the stash depends on the cards drawn)."""
        return {draw: self.with_draw(draw).check(turn) for draw in self.possible_draws()}

    def hand_after(self, action: Action) -> Counts:
        """The hand of the player to act once ``action`` is done: the cards played leave
        it and the cards taken join it (a DRAW's two cards, unknown yet, are not in it)."""
        after = self.hands[self.to_act][:]
        for v in _played(action):
            after[v] -= 1
        for i in action.taken:
            after[self.display[i]] += 1
        return after

    def hand_seen_after(self, turn: Turn) -> Counts:
        """The cards certain to be in the hand of the player to act after ``turn``: the
        hand after its action (without a DRAW's cards, unknown yet) less every card of the
        stashed value (a stash takes the drawn cards of its value too)."""
        after = self.hand_after(turn.action)
        if turn.stash is not None:
            after[turn.stash.value] = 0
        return after


def stash_effect(hand: Counts, collection: Counts, stash: Stash) -> tuple[Counts, Counts, Counts]:
    """The hand, the collection and the discarded cards after a (legal) stash: every card
    of the value leaves the hand, one joins the collection, the rest are discarded, and
    so is the evicted collection card."""
    hand, collection, discarded = hand[:], collection[:], [0] * 7
    if stash.evict is not None:
        collection[stash.evict] -= 1
        discarded[stash.evict] += 1
    collection[stash.value] += 1
    discarded[stash.value] += hand[stash.value] - 1
    hand[stash.value] = 0
    return hand, collection, discarded


def combinable(hand: Counts, top_value: int = 6) -> list[tuple[int, ...]]:
    """Every group of hand cards COMBINE may play: 2 to 6 cards worth at most 6 (and at
    most the variant's top value, since nothing else could be taken), ascending."""
    return [
        part
        for total in range(SET_MIN_CARDS, min(COMBINE_MAX_TOTAL, top_value) + 1)
        for part in partitions(total)
        if len(part) <= COMBINE_MAX_CARDS and _holds(hand, part)
    ]


def _played(action: Action) -> list[int]:
    if isinstance(action, Split):
        return [action.card]
    if isinstance(action, Combine):
        return list(action.played)
    return [action.card]


def _holds(hand: Counts, cards: Sequence[int]) -> bool:
    need = to_counts(cards)
    return all(need[v] <= hand[v] for v in VALUES)


def _choices(positions: Sequence[int], k: int, ordered: bool) -> Iterator[tuple[int, ...]]:
    """Which ``k`` of these equal-valued positions to take: all choices when the display's
    order matters, else just the leftmost ``k``."""
    if ordered:
        yield from itertools.combinations(positions, k)
    else:
        yield tuple(positions[:k])


def new_game(players: int, variant: Variant = Variant.STANDARD, seed: int | str = 0) -> State:
    """A shuffled deal: 6 cards to the display, then 6 to each player, the rest face down.
    One player plays the solo variant; 2-5 play standard or simplified."""
    if not 1 <= players <= MAX_PLAYERS:
        raise BadInput(f"Quibbles is for 1 to {MAX_PLAYERS} players, not {players}", str(players))
    if (players == 1) != (variant is Variant.SOLO):
        raise BadInput(
            f"the {variant.value} variant is not for {players} player(s): one player plays solo", variant.value
        )
    rng = random.Random(seed)
    pile = from_counts(deck_counts(variant))
    rng.shuffle(pile)
    display = [pile.pop() for _ in range(DISPLAY_SIZE)]
    hands = [to_counts(pile.pop() for _ in range(HAND_SIZE)) for _ in range(players)]
    return State(variant, hands, [[0] * 7 for _ in range(players)], display, pile, [0] * 7, rng=rng)


def position(
    variant: Variant,
    hand: Sequence[int],
    display: Sequence[int],
    collection: Sequence[int] = (),
    penalty: Sequence[int] = (),
    opponents: int = 0,
    seed: int = 0,
) -> State:
    """A state built from what one player sees: their hand, the display, their collection
    (and, solo, the penalty pile). The cards not in view are shuffled into the draw pile;
    each opponent is dealt a hand of 6 from them. The player is seat 0, to act."""
    players = 1 + opponents
    if (players == 1) != (variant is Variant.SOLO):
        raise BadInput(f"the {variant.value} variant is not for {players} player(s)", variant.value)
    if penalty and variant is not Variant.SOLO:
        raise BadInput(
            f"a penalty pile belongs to the solo variant, not to {variant.value}", ",".join(map(str, penalty))
        )
    if len(collection) > COLLECTION_LIMIT:
        raise BadInput(
            f"a collection holds at most {COLLECTION_LIMIT} cards, not {len(collection)}",
            ",".join(map(str, collection)),
        )
    unseen = unseen_counts(variant, display, [*hand, *collection, *penalty])
    rng = random.Random(seed)
    pile = from_counts(unseen)
    rng.shuffle(pile)
    hands = [to_counts(hand)] + [
        to_counts(pile.pop() for _ in range(min(HAND_SIZE, len(pile)))) for _ in range(opponents)
    ]
    collections = [to_counts(collection)] + [[0] * 7 for _ in range(opponents)]
    return State(variant, hands, collections, list(display), pile, [0] * 7, list(penalty), rng=rng)
