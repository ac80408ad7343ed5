"""The classic game of CUBU: rounds of colour sequences and action cards, to 100 points.

Seats are indices 0..players-1 clockwise (2 to 6 players; a person reads index 0 as
seat 1); "left" is the next seat. A round: the dealer shuffles, deals 7 cards to each
player one at a time starting at his left, and turns the top card of the pickup deck
face up as the start card. Play begins left of the dealer. On a turn the player plays a
colour sequence (``models.cubu.sequence``), or plays an action card at another player (or
an interrupt, aimed at nobody), or draws one card. A player who plays his last card
wins the round and scores 5 points per regular card and 10 per action card left in the
others' hands. The dealer moves one seat left each round. The game ends after the round
in which a player reaches the target (100; 50 and 200 are the rulebook's options); the
time-limit variant is played as a fixed number of rounds, most points winning.

``legal_turns`` lists every turn the seat in turn may take, and ``check_turn`` is the one
validator: every play goes through it, and an illegal turn is bad input with the reason.
The game itself is played as a State (``models.cubu.state``, played by ``models.state.play``);
this module holds its rules: the deal, the turns, the scoring, the policies' views.

Rule readings (the rulebook leaves these open):

- Start card: if the turned card is an action card it goes to the bottom of the pickup
  deck and the next card is turned, until a regular card is face up.
- Drawing: a player draws only when he can play neither a sequence nor an action card
  ("If a player cannot do either 1 or 2, then the player must draw"). An interrupt is an
  action card he can play on his turn, so holding one he may not draw.
- The pickup deck: drawn from the top. When it is empty and a card must be drawn, the
  played cards under the top card and the played action cards are shuffled into a new
  pickup deck; if there is still nothing, the draw gets fewer cards (a draw turn may get
  none).
- Played action cards: "give this card to any player" is read as aiming it at another
  player (never oneself); the card is set aside with the played cards, not added to the
  target's hand. Miss: the target skips his next turn (two misses skip two turns).
  Swap: the two exchange their whole hands (the swap card already played). Pickup N:
  the target draws N cards.
- Interrupt: the rulebook lets it be played "at any point during the game - regardless of
  whether or not it is your turn". On the holder's own turn it is the turn's action: it is
  played alone, aimed at nobody, lays no card and ends the turn (so a hand holding only
  interrupts can still go out). It also answers a card of another player's colour
  sequence: after each card the player means to follow with another, every other player
  is asked (a holder of an interrupt may answer with it), clockwise from the player's
  left; the first who
  interrupts sets his interrupt card aside and the sequence ends there. The cards
  already played stay, the last is the top card, and play continues to the left of the
  interrupted player. A sequence always keeps its first card, and action cards cannot
  be interrupted.
- Going out: a player who plays his last card (in a sequence, as an action or as an
  interrupt) wins the round at once. A miss or pickup played as one's last card still
  takes effect (a pickup adds to the loser's points); a swap played as one's last card
  wins without an exchange, since the empty hand would otherwise change owner.
- Guards: a round ends without a winner and without points after ``turn_limit`` turns;
  a game played to a target stops after ``round_limit`` rounds with no winner.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from cardsolve.models.cubu.cards import ACTIONS, Card, Deck
from cardsolve.models.cubu.sequence import Follow, check_sequence, continuations, declarations, openings
from cardsolve.models.errors import BadInput

HAND = 7
"""Cards dealt to each player."""
PLAYERS = range(2, 7)
"""Allowed numbers of players."""
TARGET = 100
"""Points that win the game."""
MAX_TARGET = 1000
"""The highest target taken: five times the rulebook's longest game (200), so that a game
to it still ends well within ``ROUND_LIMIT`` rounds."""
ROUND_LIMIT = 200
"""Rounds after which a game to a target is cut off without a winner."""
MAX_ROUNDS = 1000
"""The most rounds a game of a fixed number of rounds (the time-limit variant) is played."""
TURN_LIMIT = 2000
"""Turns after which a round is cut off without a winner."""
INTERRUPT = "interrupt"
"""The action card that answers another player's sequence."""
PICKUPS = {"pickup1": 1, "pickup2": 2, "pickup3": 3}
"""Cards the target of each pickup card draws."""
AIMED_ACTIONS = tuple(name for name in ACTIONS if name != INTERRUPT)
"""Action cards played at another player; the interrupt is aimed at nobody."""


@dataclass(frozen=True)
class SequencePlay:
    """A turn: follow the declared box with ``cards``, in order (ended early by an interrupt)."""

    follow: Follow
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ActionPlay:
    """A turn: play the action card ``action`` at seat ``target``."""

    action: str
    target: int


@dataclass(frozen=True)
class InterruptPlay:
    """A turn: play an interrupt card on one's own turn; it lays no card and ends the turn."""


@dataclass(frozen=True)
class Draw:
    """A turn: draw one card (only when nothing can be played)."""


Turn = SequencePlay | ActionPlay | InterruptPlay | Draw


@dataclass(frozen=True)
class TurnView:
    """What the player in turn knows: his hand, the top card, every hand's size, the
    pickup deck's size, the turns each seat will miss and the scores."""

    seat: int
    hand: tuple[Card, ...]
    top: Card
    hand_sizes: tuple[int, ...]
    pickup_size: int
    skips: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def openings(self) -> list[tuple[Follow, Card]]:
        """Every legal start of a sequence: (declaration, first card)."""
        return openings(self.top, self.hand)

    @property
    def actions(self) -> list[str]:
        """The action cards in hand that are played at another player, each once."""
        held = {card.action for card in self.hand}
        return [name for name in AIMED_ACTIONS if name in held]

    @property
    def holds_interrupt(self) -> bool:
        """Whether the hand holds an interrupt, which can end this turn as its action."""
        return Card(action=INTERRUPT) in self.hand


@dataclass(frozen=True)
class InterruptView:
    """What a player holding an interrupt knows when asked: his hand, the player in turn,
    the declared box, the cards played so far and the player's hand size."""

    seat: int
    hand: tuple[Card, ...]
    player: int
    follow: Follow
    played: tuple[Card, ...]
    player_hand_size: int


class Policy(Protocol):
    """A player's decisions."""

    def choose_turn(self, view: TurnView) -> Turn:
        """The turn: a sequence (declaration and cards), an action card and its target
        (another seat), or a draw when nothing can be played."""
        ...

    def interrupt(self, view: InterruptView) -> bool:
        """Whether to interrupt the sequence now (asked only of players holding an interrupt)."""
        ...


class RandomPolicy:
    """Seeded random decisions: a turn uniformly among the openings (each extended card by
    card while a continuation exists, stopping early with chance ``1 - extend``), the
    action cards at each other seat and an interrupt held; a draw only when nothing can be
    played; an interrupt of another's sequence with chance ``interrupt_chance``."""

    def __init__(self, seed: int | str, extend: float = 0.8, interrupt_chance: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.extend = extend
        self.interrupt_chance = interrupt_chance

    def choose_turn(self, view: TurnView) -> Turn:
        others = [seat for seat in range(len(view.hand_sizes)) if seat != view.seat]
        options: list[Turn] = [ActionPlay(name, target) for name in view.actions for target in others]
        options += [self._sequence(follow, card, view.hand) for follow, card in view.openings]
        options += [InterruptPlay()] if view.holds_interrupt else []
        return self.rng.choice(options) if options else Draw()

    def _sequence(self, follow: Follow, first: Card, hand: tuple[Card, ...]) -> SequencePlay:
        cards = [first]
        step = follow.after()
        while (nexts := continuations(step, hand)) and self.rng.random() < self.extend:
            cards.append(self.rng.choice(nexts))
            step = step.after()
        return SequencePlay(follow, tuple(cards))

    def interrupt(self, view: InterruptView) -> bool:
        return self.rng.random() < self.interrupt_chance


@dataclass
class Table:
    """A round as the rules read it: the hands, the top card, the pickup deck (drawn from
    the end) and whose turn it is (the round in play is ``models.cubu.state``'s)."""

    hands: list[list[Card]]
    top: Card
    pickup: list[Card]
    to_play: int

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    def can_play(self, seat: int) -> bool:
        """Whether ``seat`` has a sequence opening or an action card (the interrupt too) to play as a turn."""
        hand = self.hands[seat]
        return any(card.is_action for card in hand) or bool(openings(self.top, hand))


def check_turn(table: Table, seat: int, turn: Turn) -> None:
    """Bad input naming the offending card, seat or ``draw`` when ``seat`` may not take
    ``turn`` now: a sequence that does not follow the top card or lays a card he does not
    hold; an action card that is not aimed at a player (the interrupt is aimed at nobody),
    is aimed at himself or at no seat, or is not held; a draw while he can play."""
    hand = table.hands[seat]
    if isinstance(turn, SequencePlay):
        check_sequence(table.top, turn.follow, turn.cards)
        held: tuple[Card, ...] = turn.cards
    elif isinstance(turn, InterruptPlay):
        held = (Card(action=INTERRUPT),)
    elif isinstance(turn, ActionPlay):
        if turn.action not in AIMED_ACTIONS:
            raise BadInput(
                f"{turn.action!r} is not played at a player: the actions aimed at one are "
                f"{', '.join(AIMED_ACTIONS)}; an interrupt is played alone",
                turn.action,
            )
        if turn.target == seat or not 0 <= turn.target < table.players:
            raise BadInput(f"an action card goes to another player, not seat {turn.target + 1}", str(turn.target + 1))
        held = (Card(action=turn.action),)
    elif table.can_play(seat):
        raise BadInput(f"seat {seat + 1} can play, so may not draw", "draw")
    else:
        held = ()
    for card in held:
        if card not in hand:
            raise BadInput(f"seat {seat + 1} does not hold {card}", card.name)


def _sequences(follow: Follow, hand: Sequence[Card]) -> list[SequencePlay]:
    """Every sequence of ``hand`` on ``follow``: each card that can come next, alone and
    followed by every sequence of the rest on the follow after it."""
    plays = []
    for card in continuations(follow, hand):
        plays.append(SequencePlay(follow, (card,)))
        plays += [SequencePlay(follow, (card, *more.cards)) for more in _sequences(follow.after(), hand)]
    return plays


def legal_turns(table: Table) -> list[Turn]:
    """Every turn the seat in turn may take: each sequence on the top card (each
    declaration, every length), each action card he holds at each other seat, an
    interrupt he holds, or, only when there is none of those, a draw."""
    seat = table.to_play
    hand = table.hands[seat]
    turns: list[Turn] = [play for follow in declarations(table.top) for play in _sequences(follow, hand)]
    held = {card.action for card in hand}
    turns += [
        ActionPlay(name, target)
        for name in AIMED_ACTIONS
        if name in held
        for target in range(table.players)
        if target != seat
    ]
    turns += [InterruptPlay()] if INTERRUPT in held else []
    return turns or [Draw()]


def deal(deck: Deck, players: int, dealer: int, rng: random.Random) -> Table:
    """The shuffled deck dealt: 7 cards each one at a time from the dealer's left, the
    start card turned (action cards to the bottom of the pickup deck), play to the dealer's left."""
    cards = list(deck.cards)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for index in range(HAND * players):
        hands[(dealer + 1 + index) % players].append(cards.pop())
    return Table(hands, start_card(cards), cards, (dealer + 1) % players)


def start_card(pickup: list[Card]) -> Card:
    """The start card turned from the pickup deck (drawn from the end): an action card
    goes to the bottom and the next card is turned, until a regular card is up."""
    while pickup[-1].is_action:
        pickup.insert(0, pickup.pop())
    return pickup.pop()


def round_points(hands: Sequence[Sequence[Card]], winner: int) -> int:
    """The winner's points: 5 per regular card and 10 per action card in the others' hands."""
    return sum(card.points for seat, hand in enumerate(hands) if seat != winner for card in hand)


def check_target(target: int) -> None:
    """A game's target is 1 to ``MAX_TARGET`` points; anything else is bad input naming it."""
    if not 1 <= target <= MAX_TARGET:
        raise BadInput(
            f"bad target {target}: give 1 to {MAX_TARGET} points (the rulebook plays to 50, 100 or 200)", str(target)
        )
