"""The CUBU Python API (``cardsolve.cubu``): one function per command of ``cardsolve cubu``.

Cards come as model objects or in the CLI's notation (``"D-R-G"``, ``"R-G-O,P-L,miss"``);
options are named like the CLI's. Every function returns an immutable answer from
``results`` with ``to_json()`` (the ``--json`` document), ``text()`` and ``exit_code``.
Seats are counted from 1 in every answer. A game in progress: ``start`` and ``load`` give a
position (``models.cubu.state``), ``evaluate`` the value of every option of its seat to move,
``bot`` a bot by its ``play --bots`` name that plays such a position (``models.state.play``).
numba and OR-Tools load only when a backend needs them, networkx only for Speed CUBU.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.cubu.cards import Card, parse_card, parse_cards
from cardsolve.models.cubu.classic import TARGET
from cardsolve.models.cubu.state import CubuState
from cardsolve.models.cubu.state import load as load
from cardsolve.models.cubu.state import start as start
from cardsolve.models.state import GameState
from cardsolve.models.state import play as play_state
from cardsolve.solvers.cubu.backends import BACKENDS
from cardsolve.solvers.cubu.bots import seat_bots
from cardsolve.solvers.cubu.evaluation import evaluate_state
from cardsolve.solvers.cubu.longest import longest_runs
from cardsolve.solvers.cubu.results import LongestAnswer, PlayAnswer, SpeedAnswer
from cardsolve.solvers.cubu.settings import MAX_RUNS
from cardsolve.solvers.cubu.state_bots import MAX_MOVES, game_start, seated_bots
from cardsolve.solvers.cubu.state_bots import bot as bot
from cardsolve.solvers.infrastructure.arguments import checked
from cardsolve.solvers.infrastructure.evaluation import Evaluation
from cardsolve.solvers.infrastructure.limits import check_count, check_time_limit

LONGEST_LIMIT = 10
"""Runs ``longest`` lists by default."""
TIME_LIMIT = 60.0
"""Seconds ``speed`` gives cpsat by default."""

Cards = str | Sequence[Card]
"""Cards as ``A,B,...`` in card notation or as model objects."""


def _card(card: str | Card) -> Card:
    """A card from its notation, or the card itself."""
    return parse_card(card) if isinstance(card, str) else card


def _cards(cards: Cards) -> list[Card]:
    """Cards from ``A,B,...``, or the cards themselves."""
    return parse_cards(cards) if isinstance(cards, str) else list(cards)


@checked
def longest(top: str | Card, hand: Cards, limit: int | None = LONGEST_LIMIT) -> LongestAnswer:
    """The longest colour sequence ``hand`` can play on ``top`` (a declared box, a
    direction and the cards in order), then every other maximal one, at most ``limit``
    runs (all when None; at most ``MAX_RUNS``), with how many there are in all."""
    check_count("limit", limit, 1, MAX_RUNS)
    top_card = _card(top)
    runs = longest_runs(top_card, _cards(hand), limit=None)
    return LongestAnswer(top_card, tuple(runs if limit is None else runs[:limit]), len(runs))


@checked
def speed(
    centre: str | Card,
    hand: Cards,
    mode: str = "colour",
    backend: str = BACKENDS.default,
    time_limit: float = TIME_LIMIT,
) -> SpeedAnswer:
    """Whether the whole ``hand`` can be laid around ``centre`` in Speed CUBU (``mode``
    colour or boxes), else the most cards that can, with a laying order; ``backend``
    numba (the default), cpsat or reference; ``time_limit`` seconds bind cpsat only (model
    building included; when they run out first, whether the hand can be laid may be
    undecided)."""
    from cardsolve.solvers.cubu.speed import speed_solve  # loads networkx, for Speed CUBU alone

    return speed_solve(_card(centre), _cards(hand), mode, backend, time_limit=check_time_limit(time_limit))


@checked
def play(
    seed: int = 1,
    players: int = 4,
    bots: str | Sequence[str] | None = None,
    target: int = TARGET,
    rounds: int | None = None,
) -> PlayAnswer:
    """A whole seeded classic game between bots (one per seat, seat 1 first: ``greedy``,
    ``runkeeper``, ``strategist`` or ``random``; by default greedy, strategist, runkeeper
    in turn), to ``target`` points, or ``rounds`` rounds with the most points winning:
    ``models.state.play`` from ``state_bots.game_start``, seat 1 dealing first."""
    names = seat_bots(bots, players)
    first = game_start(seed, players, target=target, rounds=rounds)
    final = play_state(first, seated_bots(names, seed), seed=seed, max_moves=MAX_MOVES)
    assert isinstance(final, CubuState) and final.is_over
    return PlayAnswer(seed, names, final)


EVALUATE_SECONDS = 1.0
"""Seconds ``evaluate`` may take by default (it needs milliseconds)."""


@checked
def evaluate(state: GameState, *, time_limit: float = EVALUATE_SECONDS) -> Evaluation:
    """Every legal option of the seat to move in a CUBU position (``start``, ``load``) with
    the cards it plays now and the points left in hand, from what that seat sees; exact
    counts, not a look-ahead. The table to move or a finished round is bad input."""
    return evaluate_state(state, time_limit=time_limit)
