"""CUBU ``versus``: one bot against copies of another, its win rate at every seat. Options:
``players`` (2 to 6, default 4), ``bot`` (default ``strategist``), ``against`` (default
``greedy``) and ``target`` (the points a game is played to, default 100). In game k the
bot sits at seat k mod players and ``against`` at every other seat
(``solvers.studies.cubu_games.versus_seats``); the game is dealt and played from the study seed
and k as in ``cubu seats``, so seat 1 deals first and seat 2 plays first.

A co-winner of k scores 1/k; a chunk keeps the bot's games and exact wins (written
"n/d") per seat, so the sums do not depend on how the games are cut into chunks. A seat's
rate is the bot's wins there per game it sat there, beside the even share 1/players.
Seats are counted from 1 in the result, its table and its picture.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.results import percent
from cardsolve.solvers.studies import charts
from cardsolve.solvers.studies.cubu_games import check_setting, play_seated, versus_seats, win_shares
from cardsolve.solvers.studies.study import FRACTION, ListOf, Part, Result, Shape, Study, check_kinds

OPTIONS: dict[str, Any] = {"player_count": 4, "bot": "strategist", "against": "greedy", "target": 100}
"""The options and their defaults: the strategist against three greedy bots, games to 100."""


def check_versus(players: int, bot: str, against: str, target: int) -> None:
    """A setting ``check_setting`` accepts, with two known bot names, each one name (a comma
    would make it a line-up); else bad input naming the odd one."""
    for name in (bot, against):
        if "," in name:
            raise BadInput(f"name one bot, not a line-up: {name!r}", name)
    check_setting(players, [bot, against], target)


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options, checked (``check_versus``)."""
    check_kinds("cubu versus", options, {"player_count": int, "bot": str, "against": str, "target": int})
    check_versus(options["player_count"], options["bot"], options["against"], options["target"])
    return options


def run_chunk(
    samples: int, seed: int, first: int, count: int, *, player_count: int, bot: str, against: str, target: int
) -> Part:
    """The bot's games and exact wins per seat over games ``first .. first + count - 1``."""
    players = player_count
    check_versus(players, bot, against, target)
    games = [0] * players
    wins = [Fraction(0)] * players
    for index in range(first, first + count):
        seat = index % players
        game = play_seated(versus_seats(bot, against, players, index), seed, index, target)
        games[seat] += 1
        wins[seat] += win_shares(game).get(seat, Fraction(0))
    return {"bot": bot, "against": against, "games": games, "wins": [str(won) for won in wins]}


def combine(samples: int, parts: Iterable[Part]) -> Result:
    """The two bots' names; per seat and over all seats, the bot's games, wins and win share;
    the even share."""
    games: list[int] = []
    wins: list[Fraction] = []
    names = {"bot": "", "against": ""}
    for part in parts:
        names = {"bot": part["bot"], "against": part["against"]}
        games = [a + b for a, b in zip(games or [0] * len(part["games"]), part["games"])]
        wins = [a + Fraction(b) for a, b in zip(wins or [Fraction(0)] * len(part["wins"]), part["wins"])]
    rows = [
        {"seat": seat, "games": played, "wins": float(won), "share": float(won / played) if played else None}
        for seat, (played, won) in enumerate(zip(games, wins), start=1)
    ]
    every = {"games": samples, "wins": float(sum(wins)), "share": float(sum(wins) / samples)}
    return {
        **names,
        "games": samples,
        "player_count": len(games),
        "even_share": 1 / len(games),
        "seats": rows,
        "all_seats": every,
    }


def part_shape(options: Mapping[str, Any]) -> Shape:
    """The two bots' names, the bot's games and exact wins at each of the ``player_count`` seats."""
    return {
        "bot": str,
        "against": str,
        "games": ListOf(int, options["player_count"]),
        "wins": ListOf(FRACTION, options["player_count"]),
    }


def table(result: Result) -> list[tuple[str, ...]]:
    """A header, then per seat and for all seats: the bot's games, wins, win share (``-`` at a
    seat it never sat at, ``null`` in JSON) and the even share."""
    even = percent(result["even_share"])
    header = ("seat", "games", f"{result['bot']} wins", f"win share against {result['against']}", "even share")
    rows: list[tuple[str, ...]] = [header]
    return rows + [
        (
            str(row["seat"]),
            str(row["games"]),
            f"{row['wins']:g}",
            "-" if row["share"] is None else percent(row["share"]),
            even,
        )
        for row in [*result["seats"], {"seat": "all", **result["all_seats"]}]
    ]


def plot(result: Result, title: str, path: str) -> None:
    """A bar per seat (then all seats): the bot's win share, beside the even share."""
    rows = [row for row in [*result["seats"], {"seat": "all", **result["all_seats"]}] if row["share"] is not None]
    charts.bars(
        path,
        title,
        [f"seat {row['seat']}" if row["seat"] != "all" else "all seats" for row in rows],
        {
            f"{result['bot']} against {result['against']}": [row["share"] for row in rows],
            "even share": [result["even_share"]] * len(rows),
        },
        "share of games won",
    )


STUDY = Study(
    "cubu",
    "versus",
    "one bot's win rate at every seat against copies of another (default: the strategist against greedy)",
    200,
    run_chunk,
    combine,
    table,
    plot,
    part_shape,
    OPTIONS,
    check=check_options,
)
