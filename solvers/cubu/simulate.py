"""Seeded bot tournaments of classic CUBU: win rates by bot and by seat, game lengths.

Game ``i`` is dealt from seed ``seed * 1_000_003 + i`` and its bots are seeded from that
seed and their seat. The line-up (``bots``, default every bot of ``BOTS``: n names) is
seated by blocks of n games: block b (= i div n) shuffles the names into ``order`` with a
random source seeded from (seed, b), and game i seats ``order[(s + i) mod n]`` at seat s.
So over each block every entry of the line-up sits at every seat exactly once (an entry
fills several seats of a game when there are more seats than entries), while the
neighbours change from block to block.
Each game depends on (seed, i) alone and the results are summed in game order, so the
summary is the same for any number of worker processes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from cardsolve.models.cubu.cards import Deck, load_deck
from cardsolve.models.cubu.classic import PLAYERS, play_game
from cardsolve.models.errors import BadInput
from cardsolve.solvers.cubu.bots import BOTS, bot_by_name, lineup

SEED_STRIDE = 1_000_003
"""Game i of a study with seed s is dealt from ``s * SEED_STRIDE + i``."""


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of the study seeded ``seed``."""
    return seed * SEED_STRIDE + index


def seating(names: Sequence[str], players: int, seed: int, index: int) -> tuple[str, ...]:
    """The bot at each seat in game ``index`` (see the module docstring)."""
    block, turn = divmod(index, len(names))
    order = list(names)
    random.Random(f"{seed}/{block}").shuffle(order)
    return tuple(order[(seat + turn) % len(order)] for seat in range(players))


@dataclass(frozen=True)
class GameResult:
    """What the study keeps of one game: the seating, the winners' seats, the rounds,
    the turns of each round, the rounds cut off by the turn limit and whether the game
    hit the round limit."""

    seats: tuple[str, ...]
    winners: tuple[int, ...]
    round_turns: tuple[int, ...]
    cut_rounds: int
    limit_hit: bool


@cache
def _deck() -> Deck:
    return load_deck()


def play_one(task: tuple[int, int, tuple[str, ...], int, int]) -> GameResult:
    """Game ``index`` of the study (``task`` = seed, index, names, players, target)."""
    seed, index, names, players, target = task
    seats = seating(names, players, seed, index)
    deal_seed = game_seed(seed, index)
    record = play_game(deal_seed, players, lineup(seats, deal_seed), target=target, deck=_deck())
    return GameResult(seats, record.winners, tuple(len(r.turns) for r in record.rounds),
                      sum(r.winner is None for r in record.rounds), record.limit_hit)


def win_shares(result: GameResult) -> dict[int, Fraction]:
    """Each winning seat's share of the game: a co-winner of k scores 1/k."""
    return {seat: Fraction(1, len(result.winners)) for seat in result.winners}


@dataclass
class Summary:
    """The study: wins by bot (a co-winner of k scores 1/k) over the seats it filled, wins
    by seat over the games, rounds and turns, and the games and rounds cut off by limits."""

    players: int
    names: tuple[str, ...]
    games: int = field(default=0, init=False)
    wins_by_bot: dict[str, float] = field(init=False)
    seats_by_bot: dict[str, int] = field(init=False)
    wins_by_seat: list[float] = field(init=False)
    rounds: int = field(default=0, init=False)
    turns: int = field(default=0, init=False)
    cut_games: int = field(default=0, init=False)
    cut_rounds: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.wins_by_bot = {name: 0.0 for name in self.names}
        self.seats_by_bot = {name: 0 for name in self.names}
        self.wins_by_seat = [0.0] * self.players

    def add(self, result: GameResult) -> None:
        """Count one game."""
        self.games += 1
        for name in result.seats:
            self.seats_by_bot[name] += 1
        for seat, share in win_shares(result).items():
            self.wins_by_seat[seat] += float(share)
            self.wins_by_bot[result.seats[seat]] += float(share)
        self.rounds += len(result.round_turns)
        self.turns += sum(result.round_turns)
        self.cut_games += result.limit_hit
        self.cut_rounds += result.cut_rounds

    @property
    def win_rate_by_bot(self) -> dict[str, float]:
        """Each bot's wins per seat it filled (1/players each when all are equally good)."""
        return {name: self.wins_by_bot[name] / self.seats_by_bot[name] for name in self.names}

    @property
    def win_rate_by_seat(self) -> list[float]:
        """Each seat's wins per game."""
        return [wins / self.games for wins in self.wins_by_seat]

    @property
    def rounds_per_game(self) -> float:
        """The average number of rounds in a game."""
        return self.rounds / self.games

    @property
    def turns_per_round(self) -> float:
        """The average number of turns (missed turns included) in a round."""
        return self.turns / self.rounds


def simulate(games: int, seed: int, bots: Sequence[str] | None = None, players: int = 4, workers: int = 1,
             done: Callable[[int], None] | None = None, target: int = 100) -> Summary:
    """Play ``games`` seeded games to ``target`` points among ``bots`` (default: every bot
    of ``BOTS``) seated as the module docstring says, in ``workers`` processes, calling
    ``done`` with the number of games finished so far after each game."""
    if games < 1:
        raise BadInput(f"the study needs at least one game, not {games}", str(games))
    if players not in PLAYERS:
        raise BadInput(f"CUBU is for 2 to 6 players, not {players}", str(players))
    if target < 1:
        raise BadInput(f"the target must be positive, not {target}", str(target))
    names = tuple(bots) if bots is not None else tuple(BOTS)
    if not names:
        raise BadInput("the study needs at least one bot", "")
    for name in names:
        bot_by_name(name, 0)
    summary = Summary(players, tuple(dict.fromkeys(names)))
    tasks = [(seed, index, names, players, target) for index in range(games)]
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        results = (pool.map(play_one, tasks, chunksize=max(1, games // (workers * 16))) if pool
                   else map(play_one, tasks))
        for result in results:
            summary.add(result)
            if done:
                done(summary.games)
    finally:
        if pool:
            pool.shutdown()
    return summary
