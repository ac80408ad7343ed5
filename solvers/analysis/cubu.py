"""CUBU ``seats``: win rates by seat and by bot over seeded 4-player classic games to 100
points among the project's bots (every bot of ``BOTS``), game k dealt, seated and played
from the study seed and k as ``solvers.cubu.simulate`` does.

A co-winner of k scores 1/k (``win_shares``); a chunk keeps its wins as exact fractions
(written "n/d"), so the sums do not depend on how the games are cut into chunks. A
bot's rate is its wins per seat it filled, a seat's its wins per game.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from cardsolve.solvers.analysis import charts
from cardsolve.solvers.analysis.study import Part, Result, Study
from cardsolve.solvers.cubu.bots import BOTS
from cardsolve.solvers.cubu.simulate import play_one, win_shares

PLAYERS = 4
"""Seats at each game."""
TARGET = 100
"""The points a game is played to."""
NAMES = tuple(BOTS)
"""The line-up, seated as ``solvers.cubu.simulate.seating`` says."""


def run_chunk(samples: int, seed: int, first: int, count: int) -> Part:
    """Seats filled per bot and exact wins per seat and per bot over games
    ``first .. first + count - 1``."""
    filled = dict.fromkeys(NAMES, 0)
    by_seat = [Fraction(0)] * PLAYERS
    by_bot = dict.fromkeys(NAMES, Fraction(0))
    for index in range(first, first + count):
        game = play_one((seed, index, NAMES, PLAYERS, TARGET))
        for name in game.seats:
            filled[name] += 1
        for seat, share in win_shares(game).items():
            by_seat[seat] += share
            by_bot[game.seats[seat]] += share
    return {"filled": filled, "wins_by_seat": [str(wins) for wins in by_seat],
            "wins_by_bot": {name: str(wins) for name, wins in by_bot.items()}}


def combine(samples: int, parts: Sequence[Part]) -> Result:
    """Games and win share per seat, seats filled and win share per bot (best first)."""
    seats = [sum((Fraction(part["wins_by_seat"][seat]) for part in parts), Fraction(0))
             for seat in range(PLAYERS)]
    filled = {name: sum(part["filled"][name] for part in parts) for name in NAMES}
    wins = {name: sum((Fraction(part["wins_by_bot"][name]) for part in parts), Fraction(0)) for name in NAMES}
    bots: list[dict[str, Any]] = [{"bot": name, "games": filled[name], "wins": float(wins[name]),
             "share": float(wins[name] / filled[name]) if filled[name] else 0.0} for name in NAMES]
    bots.sort(key=lambda row: (-row["share"], row["bot"]))
    return {"games": samples,
            "seats": [{"seat": seat, "games": samples, "wins": float(won), "share": float(won / samples)}
                      for seat, won in enumerate(seats)],
            "bots": bots}


def table(result: Result) -> list[tuple[str, ...]]:
    """A header, then a row per seat and a row per bot: games (seats filled) and win share."""
    return [("by", "who", "games", "win share")] + [
        ("seat", str(row["seat"]), str(row["games"]), f"{row['share']:.1%}") for row in result["seats"]] + [
        ("bot", row["bot"], str(row["games"]), f"{row['share']:.1%}") for row in result["bots"]]


def plot(result: Result, title: str, path: str) -> None:
    """A bar per seat and per bot: its win share."""
    rows = [(f"seat {row['seat']}", row["share"]) for row in result["seats"]]
    rows += [(row["bot"], row["share"]) for row in result["bots"]]
    charts.bars(path, title, [label for label, _ in rows], {"win share": [share for _, share in rows]},
                "share of games won")


STUDY = Study("cubu", "seats",
              "win rates by seat and by bot over seeded 4-player classic games between the bots",
              200, run_chunk, combine, table, plot)
