"""Ubongo round plan and scoring (rulebook "Gameplay", "Reward", "New Round", "End of
the Game").

A game has 6 rounds. Rounds 1-2 use stack 1 (the cards numbered 1|2), rounds 3-4 stack
2 (3|4), rounds 5-6 stack 3 (5|6); each player is dealt 9 cards from the shuffled stack
in the odd round, holds them white side up, and turns the same cards to the black side
in the even round.

Readings where the rulebook is silent:
- A round result where nobody called "Ubongo!" is the early end of the rulebook's note:
  each player with a valid layout scores the cards laid, as a non-caller does anyway.
- ``game_ranking`` accepts any number of rounds from 1 (the engine plays 6), so that a
  game in progress can be ranked; every round must score the same players.
- Tied players share a place, and the next place skips: 1, 1, 3.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import STACKS as STACKS  # the round plan's stacks, defined with the deck
from cardsolve.models.ubongo.cards import Card, Deck, Face

ROUNDS = 6
"""Rounds in a game."""
HAND = 9
"""Cards dealt to each player for two rounds."""
TARGET = 7
"""Cards a player must lay to call "Ubongo!"."""
CALL_POINTS = 10
"""Points for a valid "Ubongo!" call."""

Side = Literal["white", "black"]


def player_names(players: int) -> list[str]:
    """The players' names, counted from 1: ``P1``, ``P2``, ..."""
    return [f"P{seat}" for seat in range(1, players + 1)]


@dataclass(frozen=True)
class RoundResult:
    """One player's round: cards laid, whether the layout is valid, whether they called
    "Ubongo!" (which needs 7 cards laid)."""

    player: str
    laid: int
    valid: bool
    called: bool


def _check_result(result: RoundResult) -> None:
    if not 0 <= result.laid <= HAND:
        raise BadInput(f"{result.player} laid {result.laid} cards: a hand has {HAND}", str(result.laid))
    if result.called and result.laid != TARGET:
        raise BadInput(
            f'{result.player} called "Ubongo!" with {result.laid} cards laid: a call needs {TARGET}', str(result.laid)
        )


def _points(result: RoundResult) -> int:
    """An invalid layout scores 0; a valid caller 10; any other valid player the cards laid."""
    if not result.valid:
        return 0
    return CALL_POINTS if result.called else result.laid


def round_points(results: Sequence[RoundResult]) -> dict[str, int]:
    """Each player's points for the round; several valid callers each score 10, and a
    round nobody called (the early end) scores each valid player the cards laid."""
    players = [result.player for result in results]
    if len(set(players)) != len(players):
        raise BadInput(f"a player appears twice in the round: {', '.join(players)}", ", ".join(players))
    for result in results:
        _check_result(result)
    return {result.player: _points(result) for result in results}


@dataclass(frozen=True)
class Standing:
    """A player's place (shared by tied players), total points and rounds scored 10."""

    place: int
    player: str
    points: int
    tens: int


def game_ranking(points_by_round: Sequence[dict[str, int]]) -> list[Standing]:
    """Players by total points, ties broken by the number of rounds scored 10; players
    still tied share a place (1, 1, 3). Listed best first, tied players by name."""
    if not points_by_round:
        raise BadInput("no rounds to rank: a game has at least one round", "0")
    players = set(points_by_round[0])
    for number, points in enumerate(points_by_round, start=1):
        if set(points) != players:
            raise BadInput(
                f"round {number} scores {', '.join(sorted(points))}, not the players of "
                f"round 1: {', '.join(sorted(players))}",
                str(number),
            )
    totals = {
        p: (sum(r[p] for r in points_by_round), sum(r[p] == CALL_POINTS for r in points_by_round)) for p in players
    }
    order = sorted(players, key=lambda p: (-totals[p][0], -totals[p][1], p))
    keys = [totals[p] for p in order]
    return [Standing(keys.index(totals[p]) + 1, p, *totals[p]) for p in order]


def _check_round(round_number: int) -> None:
    if not 1 <= round_number <= ROUNDS:
        raise BadInput(f"bad round {round_number}: rounds are 1 to {ROUNDS}", str(round_number))


def stack_for_round(round_number: int) -> int:
    """Rounds 1-2 use stack 1, rounds 3-4 stack 2, rounds 5-6 stack 3."""
    _check_round(round_number)
    return (round_number + 1) // 2


def side_for_round(round_number: int) -> Side:
    """Odd rounds are played on the white side, even rounds on the black side."""
    _check_round(round_number)
    return "white" if round_number % 2 else "black"


def deal(deck: Deck, stack: int, players: int, seed: int) -> list[list[Card]]:
    """9 cards to each player from a shuffle of ``stack`` seeded by ``seed``; the rest
    go back to the box. A stack of 36 cards serves at most 4 players."""
    if stack not in STACKS:
        raise BadInput(f"bad stack {stack}: stacks are 1, 2 and 3", str(stack))
    cards = deck.stack(stack)
    if not 1 <= players <= len(cards) // HAND:
        raise BadInput(
            f"cannot deal {HAND} cards to {players} players: stack {stack} of the "
            f"{deck.source} deck has {len(cards)} cards",
            str(players),
        )
    random.Random(seed).shuffle(cards)
    return [cards[k * HAND : (k + 1) * HAND] for k in range(players)]


def hand_faces(hand: Sequence[Card], round_number: int) -> list[Face]:
    """The faces a player plays in ``round_number``: the dealt cards' white sides in the
    odd round, the same cards' black sides in the even round."""
    stack = stack_for_round(round_number)
    for card in hand:
        if card.stack != stack:
            raise BadInput(
                f"card {card.number} is from stack {card.stack}; round {round_number} plays stack {stack}",
                str(card.number),
            )
    white = side_for_round(round_number) == "white"
    return [card.white if white else card.black for card in hand]
