"""CUBU ``seats``: a seeded bot tournament of classic games, win rates by seat and by bot
and how long games and rounds last. Options: ``players`` (2 to 6, default 4), ``bots``
(the line-up, default every bot of ``BOTS``) and ``target`` (the points a game is played
to, default 100); game k is dealt, seated and played from the study seed and k as
``solvers.studies.cubu_games`` does.

A co-winner of k scores 1/k (``win_shares``); a chunk keeps its wins as exact fractions
(written "n/d") and its rounds, turns and cut-off games and rounds as whole counts, so the
sums do not depend on how the games are cut into chunks. A bot's rate is its wins per
seat it filled, a seat's its wins per game. Seats are counted from 1 in the result, its
table and its picture.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import zip_longest
from typing import Any

from cardsolve.solvers.cubu.bots import BOTS
from cardsolve.solvers.cubu.results import GameResult
from cardsolve.solvers.infrastructure.results import percent
from cardsolve.solvers.studies import charts
from cardsolve.solvers.studies.cubu_games import check_setting, play_one, win_shares
from cardsolve.solvers.studies.study import FRACTION, NAMES, ListOf, Part, Result, Shape, Study, check_kinds

OPTIONS: dict[str, Any] = {"player_count": 4, "bots": list(BOTS), "target": 100}
"""The options and their defaults: 4 seats, every bot in ``BOTS`` order, games to 100."""
COUNTS = ("rounds", "turns", "cut_games", "cut_rounds")
"""The whole counts a chunk adds up: rounds and turns played, games and rounds cut off by
the engine's limits."""


def _counts(game: GameResult) -> dict[str, int]:
    """The ``COUNTS`` of one game."""
    return {
        "rounds": len(game.round_turns),
        "turns": sum(game.round_turns),
        "cut_games": int(game.limit_hit),
        "cut_rounds": game.cut_rounds,
    }


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options with the line-up read (``A,B`` or a list) and checked with the seats and
    the target (``check_setting``)."""
    check_kinds("cubu seats", options, {"player_count": int, "bots": NAMES, "target": int})
    names = check_setting(options["player_count"], options["bots"], options["target"])
    return {**options, "bots": list(names)}


def run_chunk(
    samples: int, seed: int, first: int, count: int, *, player_count: int, bots: Sequence[str], target: int
) -> Part:
    """Seats filled per bot, exact wins per seat and per bot, and the ``COUNTS`` over games
    ``first .. first + count - 1`` among ``bots`` seated at ``player_count`` seats, to
    ``target`` points."""
    players = player_count
    names = check_setting(players, bots, target)
    filled = dict.fromkeys(names, 0)
    by_seat = [Fraction(0)] * players
    by_bot = dict.fromkeys(names, Fraction(0))
    counts = dict.fromkeys(COUNTS, 0)
    for index in range(first, first + count):
        game = play_one((seed, index, names, players, target))
        for name in game.seats:
            filled[name] += 1
        for seat, share in win_shares(game).items():
            by_seat[seat] += share
            by_bot[game.seats[seat]] += share
        for name, value in _counts(game).items():
            counts[name] += value
    return {
        "target": target,
        "filled": filled,
        "wins_by_seat": [str(wins) for wins in by_seat],
        "wins_by_bot": {name: str(wins) for name, wins in by_bot.items()},
        **counts,
    }


def combine(samples: int, parts: Iterable[Part]) -> Result:
    """Games and win share per seat, seats filled and win share per bot (best first), the
    ``COUNTS`` summed, rounds a game and turns a round."""
    seats: list[Fraction] = []
    filled: dict[str, int] = {}
    wins: dict[str, Fraction] = {}
    counts = dict.fromkeys(COUNTS, 0)
    target = 0
    for part in parts:
        target = part["target"]
        seats = [won + Fraction(more) for won, more in zip_longest(seats, part["wins_by_seat"], fillvalue=0)]
        for name, times in part["filled"].items():
            filled[name] = filled.get(name, 0) + times
            wins[name] = wins.get(name, Fraction(0)) + Fraction(part["wins_by_bot"][name])
        for name in COUNTS:
            counts[name] += part[name]
    bots: list[dict[str, Any]] = [
        {
            "bot": name,
            "games": filled[name],
            "wins": float(wins[name]),
            "share": float(wins[name] / filled[name]) if filled[name] else None,
        }
        for name in filled
    ]
    bots.sort(key=lambda row: (row["share"] is None, -(row["share"] or 0.0), row["bot"]))
    return {
        "games": samples,
        "player_count": len(seats),
        "target": target,
        "seats": [
            {"seat": seat, "games": samples, "wins": float(won), "share": float(won / samples)}
            for seat, won in enumerate(seats, start=1)
        ],
        "bots": bots,
        **counts,
        "rounds_per_game": counts["rounds"] / samples,
        "turns_per_round": counts["turns"] / counts["rounds"],
    }


def part_shape(options: Mapping[str, Any]) -> Shape:
    """The target, seats filled per bot, exact wins per seat and per bot, and the ``COUNTS``."""
    names = check_setting(options["player_count"], options["bots"], options["target"])
    return {
        "target": int,
        "filled": dict.fromkeys(names, int),
        "wins_by_seat": ListOf(FRACTION, options["player_count"]),
        "wins_by_bot": dict.fromkeys(names, FRACTION),
        **dict.fromkeys(COUNTS, int),
    }


def _share(row: dict[str, Any]) -> str:
    """A seat's or bot's win share with its wins: ``55.5% (222 won)``; ``-`` for a bot that
    sat at no seat (its share is ``null`` in JSON)."""
    return "-" if row["share"] is None else f"{percent(row['share'])} ({row['wins']:g} won)"


def table(result: Result) -> list[tuple[str, ...]]:
    """A header, a row per seat and a row per bot (games or seats filled, win share and
    wins), then how long games and rounds are and how many the limits cut off."""
    games, rounds = str(result["games"]), str(result["rounds"])
    return (
        [("by", "who", "games", "win share")]
        + [("seat", str(row["seat"]), str(row["games"]), _share(row)) for row in result["seats"]]
        + [("bot", row["bot"], str(row["games"]), _share(row)) for row in result["bots"]]
        + [
            ("length", f"rounds a game to {result['target']}", games, f"{result['rounds_per_game']:.2f}"),
            ("length", "turns a round", rounds, f"{result['turns_per_round']:.1f}"),
            ("cut off", "games", games, str(result["cut_games"])),
            ("cut off", "rounds", rounds, str(result["cut_rounds"])),
        ]
    )


def plot(result: Result, title: str, path: str) -> None:
    """A bar per seat and per bot that played: its win share."""
    rows = [(f"seat {row['seat']}", row["share"]) for row in result["seats"]]
    rows += [(row["bot"], row["share"]) for row in result["bots"] if row["share"] is not None]
    charts.bars(
        path, title, [label for label, _ in rows], {"win share": [share for _, share in rows]}, "share of games won"
    )


STUDY = Study(
    "cubu",
    "seats",
    "win rates by seat and by bot, and game lengths, over seeded classic games between the bots",
    200,
    run_chunk,
    combine,
    table,
    plot,
    part_shape,
    OPTIONS,
    check=check_options,
)
