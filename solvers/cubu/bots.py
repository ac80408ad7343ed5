"""Bots for the classic CUBU game: greedy, run-keeper and strategist (``classic.Policy``).

- Greedy: plays a longest run (``longest_runs``); with no run, an action card at the
  opponent with the fewest cards (pickup3 > pickup2 > pickup1 > miss > swap), else an
  interrupt, which ends its own turn (the swap and the interrupt come last and are then
  forced, since a player who can play an action card may not draw; the interrupt is also
  the way out of a hand of nothing else); interrupts only a run whose next card is the
  player's last.
- Run-keeper: goes out when one run empties its hand; else plays the maximal run with the
  highest ``len(run) + keep * chain(rest)`` (``0 <= keep < 1``, default 0.75), where
  ``chain(rest)`` is the longest run the cards it keeps could make among themselves (one
  colour at consecutive positions), so it may play a shorter run to keep a long chain.
  Shorter prefixes of a run need no look: each card held back adds at most one to the
  chain, which is worth less than the card. Actions and interrupts as greedy. (One
  run-keeper against three greedy bots, 400 games: keep 0 won 24%, 0.5 28%, 0.75 30%.)
- Strategist: goes out when one run empties its hand; else swaps when its hand is at least
  ``swap_margin`` cards larger than an opponent's (with the opponent with the fewest
  cards); else, if an opponent holds at most ``danger`` cards, aims its strongest pickup
  or miss at him; else plays a longest run; else aims pickups and misses at the threat
  (that opponent, else the score leader). It interrupts a run that has reached
  ``threshold`` cards or could empty the player's hand, and any run when its hand holds
  nothing but interrupt cards (one way out; on its own turn it plays one, as greedy
  does, when nothing else can be played). Defaults: threshold 2, danger 1, swap_margin 2
  (one strategist against three greedy bots, 800 games per
  setting: danger 1 won 43-46% of games, danger 2 36%, danger 0 37%; threshold and
  swap margin changed little).

Every bot breaks ties with its own seeded random source, so it is deterministic given its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardsolve.models.cubu.cards import MAX_BOXES, Card
from cardsolve.models.cubu.classic import (
    INTERRUPT,
    ActionPlay,
    Draw,
    InterruptPlay,
    InterruptView,
    Policy,
    RandomPolicy,
    SequencePlay,
    Turn,
    TurnView,
)
from cardsolve.models.cubu.sequence import UP
from cardsolve.models.errors import BadInput
from cardsolve.models.listing import check_one_per_seat, read_names
from cardsolve.solvers.cubu.longest import longest_runs
from cardsolve.solvers.cubu.results import Run

STRIKES = ("pickup3", "pickup2", "pickup1", "miss")
"""Action cards that hurt the target, strongest first."""
SWAP = "swap"
"""The action card that trades hands."""


def _play(run: Run) -> SequencePlay:
    return SequencePlay(run.follow, run.cards)


def _longest(view: TurnView, rng: random.Random) -> SequencePlay | None:
    """A longest run on the top card (a seeded choice among equals), None if there is none."""
    runs = longest_runs(view.top, view.hand, limit=None)
    if not runs:
        return None
    return _play(rng.choice([run for run in runs if len(run) == len(runs[0])]))


def _others(view: TurnView) -> list[int]:
    """The other seats, clockwise from the player's left."""
    players = len(view.hand_sizes)
    return [(view.seat + step) % players for step in range(1, players)]


def fewest_cards(view: TurnView) -> int:
    """The opponent with the fewest cards (the first clockwise on a tie)."""
    return min(_others(view), key=lambda seat: view.hand_sizes[seat])


def score_leader(view: TurnView) -> int:
    """The opponent with the most points (fewest cards, then first clockwise, on a tie)."""
    return min(_others(view), key=lambda seat: (-view.scores[seat], view.hand_sizes[seat]))


def _held(view: TurnView) -> set[str]:
    """The names of the action cards in hand (``TurnView.actions`` without its card lookups)."""
    return {card.action for card in view.hand if card.is_action}


def _strike(held: set[str], target: int) -> ActionPlay | None:
    """The strongest pickup or miss ``held``, aimed at ``target``; None if none is held."""
    name = next((name for name in STRIKES if name in held), None)
    return None if name is None else ActionPlay(name, target)


def _swap_gain(view: TurnView, target: int) -> int:
    """How many cards fewer the player holds after swapping with ``target``."""
    return len(view.hand) - 1 - view.hand_sizes[target]


def greedy_action(view: TurnView, target: int) -> Turn:
    """With no run: the strongest pickup or miss at ``target``; else a swap with the opponent
    with the fewest cards; else an interrupt, ending the turn (both forced: a player who can
    play an action card may not draw); else a draw."""
    held = _held(view)
    strike = _strike(held, target)
    if strike is not None:
        return strike
    if SWAP in held:
        return ActionPlay(SWAP, fewest_cards(view))
    if INTERRUPT in held:
        return InterruptPlay()
    return Draw()


def _last_card_next(view: InterruptView) -> bool:
    """Whether the player's next card (he means to play one) empties his hand."""
    return view.player_hand_size == 1


class GreedyBot:
    """The longest run first; see the module docstring."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def choose_turn(self, view: TurnView) -> Turn:
        play = _longest(view, self.rng)
        return play if play is not None else greedy_action(view, fewest_cards(view))

    def interrupt(self, view: InterruptView) -> bool:
        return _last_card_next(view)


def _longest_stretches() -> tuple[int, ...]:
    """For each set of positions 1..6 as a bit mask (bit p), its most consecutive positions."""
    table = []
    for mask in range(1 << (MAX_BOXES + 1)):
        best = stretch = 0
        for position in range(1, MAX_BOXES + 1):
            stretch = stretch + 1 if mask >> position & 1 else 0
            best = max(best, stretch)
        table.append(best)
    return tuple(table)


STRETCH = _longest_stretches()
"""The most consecutive positions in each bit mask of positions."""


def chain(cards: Sequence[Card]) -> int:
    """The longest run ``cards`` could make among themselves: the most consecutive
    positions at which some card shows one same colour."""
    masks: dict[str, int] = {}
    for card in cards:
        for position, colour in enumerate(card.colours, 1):
            masks[colour] = masks.get(colour, 0) | 1 << position
    return max((STRETCH[mask] for mask in masks.values()), default=0)


class RunKeeperBot:
    """The run that leaves the best chain for later; see the module docstring."""

    def __init__(self, seed: int | str, keep: float = 0.75) -> None:
        if not 0 <= keep < 1:
            raise BadInput(f"the run-keeper's keep weight is at least 0 and below 1, not {keep}", str(keep))
        self.rng = random.Random(seed)
        self.keep = keep

    def value(self, run: Run, regular: Sequence[Card]) -> float:
        """The run's worth: its cards, plus ``keep`` per card of the chain it leaves of the
        ``regular`` cards in hand."""
        used = set(run.cards)
        return len(run) + self.keep * chain([card for card in regular if card not in used])

    def choose_turn(self, view: TurnView) -> Turn:
        runs = longest_runs(view.top, view.hand, limit=None)
        if not runs:
            return greedy_action(view, fewest_cards(view))
        if len(runs[0]) == len(view.hand):
            return _play(runs[0])
        regular = [card for card in view.hand if not card.is_action]
        values = [self.value(run, regular) for run in runs]
        best = max(values)
        return _play(self.rng.choice([run for run, value in zip(runs, values) if value == best]))

    def interrupt(self, view: InterruptView) -> bool:
        return _last_card_next(view)


class StrategistBot:
    """Holds interrupts for long runs and aims at the threat; see the module docstring."""

    def __init__(self, seed: int | str, threshold: int = 2, danger: int = 1, swap_margin: int = 2) -> None:
        self.rng = random.Random(seed)
        self.threshold = threshold
        self.danger = danger
        self.swap_margin = swap_margin

    def threat(self, view: TurnView) -> int:
        """The opponent closest to going out if he holds at most ``danger`` cards, else the score leader."""
        closest = fewest_cards(view)
        return closest if view.hand_sizes[closest] <= self.danger else score_leader(view)

    def choose_turn(self, view: TurnView) -> Turn:
        play = _longest(view, self.rng)
        if play is not None and len(play.cards) == len(view.hand):
            return play
        closest = fewest_cards(view)
        held = _held(view)
        if SWAP in held and _swap_gain(view, closest) >= self.swap_margin:
            return ActionPlay(SWAP, closest)
        target = self.threat(view)
        strike = _strike(held, target)
        if strike is not None and view.hand_sizes[target] <= self.danger:
            return strike
        if play is not None:
            return play
        return greedy_action(view, target)

    def interrupt(self, view: InterruptView) -> bool:
        if all(card.action == INTERRUPT for card in view.hand):
            return True
        position = view.follow.position + len(view.played) * view.follow.direction
        left = MAX_BOXES - position if view.follow.direction == UP else position - 1
        return len(view.played) >= self.threshold or view.player_hand_size <= left


BOTS: dict[str, Callable[[int | str], Policy]] = {
    "greedy": GreedyBot,
    "runkeeper": RunKeeperBot,
    "strategist": StrategistBot,
    "random": RandomPolicy,
}
"""Bot names, each making a fresh bot from a seed."""


def bot_by_name(name: str, seed: int | str) -> Policy:
    """A fresh bot called ``name`` seeded with ``seed``; an unknown name is bad input."""
    if name not in BOTS:
        raise BadInput(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}", name)
    return BOTS[name](seed)


DEFAULT_SEATS = ("greedy", "strategist", "runkeeper")
"""The bots seated when none are named, in turn from seat 1: greedy, strategist, runkeeper, greedy, ..."""


def bot_names(bots: str | Sequence[str]) -> tuple[str, ...]:
    """The names of ``A, B,...`` (or of a list of names), in order; an empty or unknown name
    is bad input."""
    names = read_names(bots)
    for name in names:
        bot_by_name(name, 0)
    return names


def seat_bots(bots: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
    """One bot name per seat: ``bots`` (``A,B,...`` or a list, seat 1 first), by default
    ``DEFAULT_SEATS`` in turn; a count other than one per seat is bad input."""
    if not bots:
        return tuple(DEFAULT_SEATS[seat % len(DEFAULT_SEATS)] for seat in range(players))
    names = bot_names(bots)
    check_one_per_seat(names, players, "bot")
    return names


def lineup(names: Sequence[str], seed: int | str) -> list[Policy]:
    """One bot per seat, seat s playing ``names[s]`` seeded from ``seed`` and the seat."""
    return [bot_by_name(name, f"{seed}:{seat}") for seat, name in enumerate(names)]
