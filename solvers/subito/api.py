"""The Subito API (``cardsolve.subito``): one function per ``cardsolve subito`` command,
and the game in progress: ``start`` (a seeded game), ``load`` (a position document),
``evaluate`` (the value of every option of the seat to move; ``models.subito.state``) and
``bot`` (a placement policy as a bot of ``models.state.play``) and ``play`` (a whole game
between bots);
taking model objects or the notation the command line takes (``"Y4A,R1B"`` for cards,
``"2,3a,4b,5a,6b,7a,8a,9b"`` for the sides in play, a table's parsed JSON for a table),
and returning an immutable answer with ``to_json()`` and ``text()``. Players count from 1.
The solvers are imported when first called, so importing this module loads neither numba
nor OR-Tools."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardsolve.models.state import Bot
from cardsolve.models.state import play as play_game
from cardsolve.models.subito import (
    COLOURS,
    SIDES,
    SYMBOLS,
    Card,
    Placed,
    Side,
    SideChoice,
    Table,
    load_deck,
    opponent_of,
    parse_card,
    parse_cards,
    parse_tasks,
    score_round,
    table_from_json,
)
from cardsolve.models.subito import deal as deal_piles
from cardsolve.models.subito.cards import DECK_SIZE, check_balanced, check_distinct
from cardsolve.models.subito.scoring import ROUNDS
from cardsolve.models.subito.state import SubitoState, load, start
from cardsolve.models.subito.table import PILE, check_piles
from cardsolve.models.subito.tasks import tasks_from_names
from cardsolve.solvers.infrastructure.arguments import checked
from cardsolve.solvers.infrastructure.evaluation import Evaluation
from cardsolve.solvers.infrastructure.limits import check_count, check_time_limit
from cardsolve.solvers.subito.backends import BACKENDS
from cardsolve.solvers.subito.duel import duel as play_duel
from cardsolve.solvers.subito.evaluation import TIME_LIMIT
from cardsolve.solvers.subito.evaluation import evaluate as evaluate_options
from cardsolve.solvers.subito.hint import hint as rank_sides
from cardsolve.solvers.subito.problem import Budget, make_problem
from cardsolve.solvers.subito.results import BotGame, Dealt, DeckListing, Duel, Hint, Placement, Scored
from cardsolve.solvers.subito.settings import MAX_DUEL_ANSWERS, MAX_SAMPLES, SAMPLES
from cardsolve.solvers.subito.state_bots import bot as policy_bot
from cardsolve.solvers.subito.state_bots import seat_bots

__all__ = ["bot", "deal", "deck", "duel", "evaluate", "hint", "load", "optimize", "play", "score", "start"]

Progress = Callable[[int, int], None]
"""Hears (done, total) while a long search runs."""
PLACED = 2 * PILE - 1
"""Cards a round places: a side's whole pile and one fewer of the other's."""
TableLike = Table | Mapping[str, Any]
"""A table, or its JSON shape (``models.subito.table``)."""


def _table(table: TableLike) -> Table:
    """A round's table, made by hand or read from its JSON shape, checked alike (a side of
    the table holds a ``PILE`` at most)."""
    return check_piles(table) if isinstance(table, Table) else table_from_json(table)


def _cards(cards: str | Sequence[Card]) -> list[Card]:
    """The pile's cards, each card once (``Card``s check themselves when made)."""
    if isinstance(cards, str):
        return parse_cards(cards)
    check_distinct(cards, "the pile")
    return list(cards)


def _sides(tasks: str | Sequence[Side]) -> tuple[Side, ...]:
    """The sides in play, one of each task card 2..9, as the notation's are checked."""
    return parse_tasks(tasks) if isinstance(tasks, str) else tasks_from_names(side.name for side in tasks)


def _deck(deck: Sequence[Card] | None) -> list[Card]:
    """The bundled deck, or the user's own, checked as a deck file is (72 distinct cards,
    each colour, number and symbol on 12)."""
    if deck is None:
        return load_deck()
    cards = list(deck)
    check_balanced(cards, "the deck")
    return cards


@checked
def deal(seed: int = 1, *, players: int = 2, sides: SideChoice = "a", deck: Sequence[Card] | None = None) -> Dealt:
    """A seeded round of ``deck`` (default the bundled one): the sides in play (``sides``:
    a, b, or a random side of each task card) and the piles of ``players`` (2, 3 or 4)."""
    tasks, piles = deal_piles(_deck(deck), seed, players, sides)
    return Dealt(seed, players, sides, tasks, tuple(tuple(pile) for pile in piles))


@checked
def deck(deck: Sequence[Card] | None = None) -> DeckListing:
    """The cards of ``deck`` (default the bundled stand-in), sorted by colour (the colour
    bar's order), number and symbol, and the 15 task-card sides with their rules."""
    colour, symbol = list(COLOURS), list(SYMBOLS)
    cards = sorted(_deck(deck), key=lambda card: (colour.index(card.colour), card.number, symbol.index(card.symbol)))
    return DeckListing(tuple(cards), tuple(SIDES.values()))


@checked
def score(table: TableLike) -> Scored:
    """A round's table scored by the rulebook: removals, then task cards 2..9 awarded."""
    return Scored(score_round(_table(table)))


@checked
def optimize(
    pile: str | Sequence[Card],
    tasks: str | Sequence[Side],
    *,
    vs: Placed | TableLike | None = None,
    seat: int = 1,
    cards: int | None = None,
    backend: str = BACKENDS.default,
    time_limit: float = 10.0,
) -> Placement:
    """The best placement of the first ``cards`` cards of ``pile`` (default all), card by
    card in pile order, onto the sides ``tasks``: with ``vs`` (the opponent's placed cards,
    or a table where the entry of ``seat`` (1 or 2) is empty and the other is the opponent's), the most
    round points won against the opponent; without, the most points x cards, then points x
    numbers. ``time_limit`` is cpsat's, in seconds (model building included); a placement
    not proven optimal leaves "is this the best?" undecided. An opponent's face-down 5a card
    written ``"?"`` is bad input: a best response answers known cards."""
    check_count("number of cards", cards, 0, DECK_SIZE)
    budget = Budget(time_limit=check_time_limit(time_limit))
    sides = _sides(tasks)
    versus = vs if vs is None or isinstance(vs, Placed) else opponent_of(_table(vs), sides, seat)
    problem = make_problem(_cards(pile), sides, cards, versus)
    found: Placement = BACKENDS.load(backend).optimize(problem, budget)
    return found


@checked
def duel(
    seed: int = 1,
    *,
    sides: SideChoice = "a",
    cards: int | None = None,
    limit: int = 10,
    backend: str = BACKENDS.default,
    deck: Sequence[Card] | None = None,
    progress: Progress | None = None,
) -> Duel:
    """The 2-player round dealt with ``seed`` and ``sides``, both piles known: alternate
    best responses (``solvers.subito.duel``) of ``cards`` cards each (default all), at
    most ``limit`` answers."""
    check_count("number of cards", cards, 0, PILE)
    check_count("limit", limit, 1, MAX_DUEL_ANSWERS)
    return play_duel(deal(seed, sides=sides, deck=deck), cards, backend, limit, progress=progress)


@checked
def hint(
    table: TableLike,
    card: str | Card,
    *,
    seat: int = 1,
    samples: int = SAMPLES,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    progress: Progress | None = None,
) -> Hint:
    """Where the player at ``seat`` (1 or 2 of ``table``) should place ``card``, just turned over,
    with the rest of the piles unseen cards of ``deck``: each side that takes it by the
    expected round points over ``samples`` seeded rollouts (``solvers.subito.hint``),
    from what the player sees (the opponent's face-down 5a cards are drawn from the
    unseen cards, whatever the table names)."""
    check_count("samples", samples, 1, MAX_SAMPLES)
    turned = parse_card(card) if isinstance(card, str) else card
    return rank_sides(_table(table), seat, turned, _deck(deck), samples, seed, progress)


@checked
def evaluate(
    state: SubitoState, *, time_limit: float = TIME_LIMIT, samples: int = SAMPLES, seed: int = 0
) -> Evaluation:
    """Every side that takes the card the seat to move has turned over, valued by the
    seat's expected points this round over ``samples`` seeded rollouts a side of the cards
    it has not seen (the hint's), each with its standard error; the best marked, ties
    within the noise named as ties. A function of what the seat sees and ``seed`` only;
    ``time_limit`` bounds it (fewer rollouts when the default ones would not fit)."""
    return evaluate_options(state, time_limit=time_limit, samples=samples, seed=seed)


@checked
def play(
    *,
    seed: int = 1,
    players: int = 2,
    bots: str | Sequence[str] | None = None,
    sides: SideChoice = "random",
    hint_samples: int = SAMPLES,
    progress: Progress | None = None,
) -> BotGame:
    """A whole seeded game between bots (``bots``: hint, greedy or random per seat, seat 1
    first; default the hint at every seat, with ``hint_samples`` rollouts a side), played
    by ``models.state.play`` from ``start(seed=seed, players=players, sides=sides)``: each
    round's points, the totals and the rulebook's standings. ``progress`` hears (cards
    placed, cards the game places)."""
    begin = start(seed=seed, players=players, sides=sides)
    names = seat_bots(bots, players)
    check_count("hint samples", hint_samples, 1, MAX_SAMPLES)
    heard = None if progress is None else lambda state: progress(len(state.history) // 2, PLACED * ROUNDS)
    seated = [policy_bot(name, seed, hint_samples=hint_samples) for name in names]
    end = play_game(begin, seated, seed=seed, progress=heard)
    assert isinstance(end, SubitoState) and end.is_over
    rounds = (begin.table.tasks, *(coming.tasks for coming in begin.later))
    return BotGame(seed, names, rounds, end)


@checked
def bot(name: str, seed: int = 0, *, hint_samples: int = SAMPLES) -> Bot:
    """The placement policy ``name`` (hint, greedy or random; ``solvers.subito.policies``)
    as a bot of the game in progress (``models.state.Bot``, for ``models.state.play``),
    seeded ``seed``: the side it chooses for the card its seat has turned over, from what
    the seat sees (``solvers.subito.state_bots``); the hint with ``hint_samples``
    rollouts a side."""
    return policy_bot(name, seed, hint_samples=hint_samples)
