"""Subito round scoring and the game's winner (rulebook "Round Scoring", "End of the
Game", "Game for Four", "Game for Three").

A round: on each task card, each player's first wrong card and all of that player's
later cards there are removed. Then, from task card 2 upwards, each task card goes to
whoever kept more cards on it; with equal counts, to the higher sum of numbers; else to
nobody. Task 5 side a: a player whose sum exceeds 12 loses it to the other player
outright; both over 12, nobody gets it. A player scores the numbers of the task cards won.
The game: three rounds; more points wins, then more points in round 3, else a shared win.

Readings where the rulebook is silent:
- Task 5 side a goes to the other player outright even when that player placed no cards
  there ("automatically goes to the other player").
- The 4-player game scores a team as one side of the table: its two members' cards
  count together, and the team's points go to the team.
- The 3-player game: each player is solo in one round and in the team of the other two
  in the rounds of the others; the team's score goes to both members in full.
- Players still tied after the tie-break share a place, and the next place skips (1, 1, 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardsolve.models.errors import BadInput
from cardsolve.models.subito.cards import Card
from cardsolve.models.subito.table import FACE_DOWN, HIDDEN, Table
from cardsolve.models.subito.tasks import Side, first_wrong, points

FIVE_A_LIMIT = 12
"""Task 5 side a: a sum above this loses the task card."""
FIVE_A = "5a"
ROUNDS = 3
"""Rounds in a game."""


@dataclass(frozen=True)
class Kept:
    """One player's cards on one task card after the check: kept, and removed (the
    first wrong card and all placed after it)."""

    kept: tuple[Card, ...]
    removed: tuple[Card, ...]

    @property
    def count(self) -> int:
        return len(self.kept)

    @property
    def total(self) -> int:
        """The sum of the kept cards' numbers."""
        return sum(card.number for card in self.kept)


def check_cards(side: Side, cards: Sequence[Card]) -> Kept:
    """Split a player's cards on ``side`` at the first wrong one: it and all later cards go."""
    wrong = first_wrong(side, cards)
    cut = len(cards) if wrong is None else wrong
    return Kept(tuple(cards[:cut]), tuple(cards[cut:]))


@dataclass(frozen=True)
class TaskResult:
    """One task card's scoring: both players' kept cards, the winner (0, 1 or None) and why."""

    side: Side
    players: tuple[Kept, Kept]
    winner: int | None
    reason: str


def award(side: Side, players: tuple[Kept, Kept], names: tuple[str, str]) -> tuple[int | None, str]:
    """Who wins ``side`` (0, 1 or None) and why: the 5a limit first, then more cards,
    then the higher sum, else nobody."""
    first, second = players
    if side.name == FIVE_A:
        over = [k for k, kept in enumerate(players) if kept.total > FIVE_A_LIMIT]
        if len(over) == 2:
            return None, f"both over {FIVE_A_LIMIT} ({first.total}, {second.total})"
        if over:
            return 1 - over[0], f"{names[over[0]]} over {FIVE_A_LIMIT} ({players[over[0]].total})"
    for ours, theirs, what in (
        (first.count, second.count, "more cards"),
        (first.total, second.total, "equal count, greater sum"),
    ):
        if ours != theirs:
            return (0 if ours > theirs else 1), f"{what} ({max(ours, theirs)} to {min(ours, theirs)})"
    return None, "equal count and sum"


@dataclass(frozen=True)
class RoundScore:
    """A round's scoring: the two names, each task card's result and each player's points."""

    names: tuple[str, str]
    tasks: tuple[TaskResult, ...]
    points: tuple[int, int]


def check_seen(table: Table) -> None:
    """Scoring turns every card over: a card still written ``"?"`` is bad input naming it."""
    for player in table.players:
        if player.hidden:
            raise BadInput(
                f"cannot score {player.name}'s {player.hidden} card{'s' * (player.hidden > 1)} "
                f"{HIDDEN!r} on {FACE_DOWN}: scoring turns the face-down cards over, so name them",
                HIDDEN,
            )


def score_round(table: Table) -> RoundScore:
    """Score a round's table by the rulebook: removals, then task cards 2..9 awarded;
    every card must be named (``check_seen``)."""
    check_seen(table)
    first, second = table.players
    names = (first.name, second.name)
    results = []
    for side in table.tasks:
        kept = (check_cards(side, first.on(side)), check_cards(side, second.on(side)))
        winner, reason = award(side, kept, names)
        results.append(TaskResult(side, kept, winner, reason))
    won = [sum(points(r.side) for r in results if r.winner == k) for k in (0, 1)]
    return RoundScore(names, tuple(results), (won[0], won[1]))


@dataclass(frozen=True)
class Standing:
    """A player's place (shared by tied players), total points and tie-break points."""

    place: int
    player: str
    points: int
    tiebreak: int


def _rank(scores: dict[str, tuple[int, int]]) -> list[Standing]:
    """Players by (points, tie-break points), best first; equal pairs share a place."""
    order = sorted(scores, key=lambda p: (-scores[p][0], -scores[p][1], p))
    keys = [scores[p] for p in order]
    return [Standing(keys.index(scores[p]) + 1, p, *scores[p]) for p in order]


def _check_rounds(count: int) -> None:
    if count != ROUNDS:
        raise BadInput(f"a game has {ROUNDS} rounds, not {count}", str(count))


def game_standings(rounds: Sequence[RoundScore]) -> list[Standing]:
    """The 2-player (or 2-team) game: total points over the 3 rounds, ties broken by
    round 3's points; still tied, both share the win (place 1)."""
    _check_rounds(len(rounds))
    names = rounds[0].names
    for number, score in enumerate(rounds, start=1):
        if set(score.names) != set(names):
            raise BadInput(f"round {number} scores {' and '.join(score.names)}, not {' and '.join(names)}", str(number))
    totals = {name: sum(score.points[score.names.index(name)] for score in rounds) for name in names}
    last = rounds[-1]
    return _rank({name: (totals[name], last.points[last.names.index(name)]) for name in names})


@dataclass(frozen=True)
class ThreePlayerRound:
    """A round of the 3-player game: the solo player, their points and the team's (the
    other two players')."""

    solo: str
    solo_points: int
    team_points: int


def three_player_standings(rounds: Sequence[ThreePlayerRound]) -> list[Standing]:
    """The 3-player game: each player is solo once; both team members score the team's
    points in full. Most points wins, then more points in the solo round; still tied, the
    players share the place."""
    _check_rounds(len(rounds))
    players = [r.solo for r in rounds]
    if len(set(players)) != ROUNDS:
        raise BadInput(f"each player plays one round alone: solo players {', '.join(players)}", ", ".join(players))
    scores = {}
    for player in players:
        total = sum(r.solo_points if r.solo == player else r.team_points for r in rounds)
        solo = next(r.solo_points for r in rounds if r.solo == player)
        scores[player] = (total, solo)
    return _rank(scores)


def seat_standings(points: Sequence[Sequence[int]]) -> list[Standing]:
    """A whole game's standings from each round's points by seat (seat ``k`` is
    ``"seat k"``): most points first; ties broken, with 2 players or 2 teams of 2, by the
    points of round 3, and with 3 players by the points of the round the seat played
    alone (seat r in round r; ``models.subito.state``); still tied, the place is shared."""
    _check_rounds(len(points))
    seats = len(points[0])

    def tiebreak(seat: int) -> int:
        return points[seat - 1][seat - 1] if seats == 3 else points[-1][seat - 1]

    return _rank(
        {f"seat {seat}": (sum(row[seat - 1] for row in points), tiebreak(seat)) for seat in range(1, seats + 1)}
    )
