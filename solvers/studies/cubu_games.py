"""The games of a seeded bot tournament of classic CUBU (the study ``cubu seats``,
``solvers.studies.cubu_seats``, sums them): how game ``i`` is dealt, seated and played.

Game ``i`` is dealt from ``seeds.sample_seed(seed, i)`` and its bots are seeded from that
seed and their seat. The line-up (``bots``: n names of ``bots.BOTS``, repeats allowed) is
seated by blocks of n games: block b (= i div n) shuffles the names into ``order`` with a
random source seeded from (seed, b), and game i seats ``order[(s + i) mod n]`` at seat s.
So over each block every entry of the line-up sits at every seat exactly once (an entry
fills several seats of a game when there are more seats than entries), while the
neighbours change from block to block.
Each game depends on (seed, i) and the setting (players, line-up, target) alone, so a
tournament is the same however its games are shared out among processes.

The study ``cubu versus`` (``solvers.studies.cubu_versus``) seats one bot against copies
of another instead (``versus_seats``): in game i the one bot sits at seat i mod n, so over
every n games it sits at each seat once, each game dealt as above.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction

from cardsolve.models.cubu.classic import PLAYERS, check_target
from cardsolve.models.cubu.state import CubuState
from cardsolve.models.errors import BadInput
from cardsolve.models.state import play
from cardsolve.solvers.cubu.bots import bot_names
from cardsolve.solvers.cubu.results import GameResult
from cardsolve.solvers.cubu.state_bots import MAX_MOVES, game_start, seated_bots
from cardsolve.solvers.infrastructure.seeds import sample_seed

MAX_LINEUP = 100
"""The most names a line-up takes (a name may repeat, to seat that bot more often)."""


def check_setting(players: int, bots: str | Sequence[str], target: int) -> tuple[str, ...]:
    """The line-up ``bots`` (``A,B,...`` or a list of names) of a tournament at ``players``
    seats to ``target`` points: 2 to 6 players (``classic.PLAYERS``), a target that
    ``classic.check_target`` takes and 1 to ``MAX_LINEUP`` bots, each a name of ``BOTS``; anything
    else is bad input naming it."""
    if players not in PLAYERS:
        raise BadInput(f"CUBU is for 2 to 6 players, not {players}", str(players))
    check_target(target)
    names = bot_names(bots)
    if not names:
        raise BadInput("the tournament needs at least one bot", "")
    if len(names) > MAX_LINEUP:
        raise BadInput(
            f"a line-up of {len(names)} bots: at most {MAX_LINEUP} (a bot named twice is seated twice as often)",
            str(len(names)),
        )
    return names


def seating(names: Sequence[str], players: int, seed: int, index: int) -> tuple[str, ...]:
    """The bot at each seat in game ``index`` (see the module docstring)."""
    block, turn = divmod(index, len(names))
    order = list(names)
    random.Random(f"{seed}/{block}").shuffle(order)
    return tuple(order[(seat + turn) % len(order)] for seat in range(players))


def versus_seats(bot: str, against: str, players: int, index: int) -> tuple[str, ...]:
    """The bot at each seat in game ``index`` of ``bot`` against ``against``: ``bot`` at
    seat ``index mod players``, ``against`` everywhere else."""
    return tuple(bot if seat == index % players else against for seat in range(players))


def play_one(task: tuple[int, int, tuple[str, ...], int, int]) -> GameResult:
    """Game ``index`` of the study (``task`` = seed, index, names, players, target)."""
    seed, index, names, players, target = task
    return play_seated(seating(names, players, seed, index), seed, index, target)


def play_seated(seats: tuple[str, ...], seed: int, index: int, target: int) -> GameResult:
    """Game ``index`` of a study seeded ``seed``, dealt from ``sample_seed(seed, index)``,
    with the bot ``seats[s]`` at seat s (seeded from the deal and its seat), to ``target``."""
    deal_seed = sample_seed(seed, index)
    first = game_start(deal_seed, len(seats), target=target)
    game = play(first, seated_bots(seats, deal_seed), max_moves=MAX_MOVES)  # the table deals from deal_seed
    assert isinstance(game, CubuState) and game.is_over
    turns = (*(result.turns for result in game.results), game.turns)
    cut = sum(result.winner is None for result in game.results) + (game.winner is None)
    return GameResult(seats, tuple(seat - 1 for seat in game.winners()), turns, cut, game.limit_hit)


def win_shares(result: GameResult) -> dict[int, Fraction]:
    """Each winning seat's share of the game: a co-winner of k scores 1/k."""
    return {seat: Fraction(1, len(result.winners)) for seat in result.winners}
