"""A whole Ubongo game played out by perfect, equally fast players: the solver's verdict
on a seeded deal of six rounds.

The rulebook's round is a race, which no solver can replay without a model of each
player's speed, so the verdict assumes equal speed: every player whose hand holds a valid
layout of 7 calls "Ubongo!" at the same moment (several callers each score 10), and
every other player has, at that moment, their largest valid layout on the table and
scores its cards; when nobody can lay 7, the round ends early (the rulebook's note) and
everyone scores the cards of their largest layout. The deal follows the rulebook: in each
odd round every player gets 9 cards of the round's stack, played white side up, and in
the even round after it the same cards turned to black.
"""

from __future__ import annotations

from collections.abc import Callable

from cardsolve.models.ubongo.cards import Deck
from cardsolve.models.ubongo.scoring import (
    ROUNDS,
    TARGET,
    RoundResult,
    Standing,
    deal,
    game_ranking,
    hand_faces,
    player_names,
    round_points,
    side_for_round,
    stack_for_round,
)
from cardsolve.solvers.ubongo.backends import Solve
from cardsolve.solvers.ubongo.largest import largest_layout
from cardsolve.solvers.ubongo.results import GameRound, PlayerRound


def play_game(
    deck: Deck, players: int, seed: int, solve: Solve, progress: Callable[[int, int], None] | None = None
) -> tuple[list[GameRound], list[Standing]]:
    """The six rounds and the final ranking for ``players`` players. Stack s is shuffled
    with seed ``3 * seed + s`` (one seed per game, a different shuffle per stack).
    ``progress(done, total)`` hears of each hand solved."""
    names = player_names(players)
    rounds = []
    total = ROUNDS * players
    for number in range(1, ROUNDS + 1):
        stack = stack_for_round(number)
        hands = deal(deck, stack, players, 3 * seed + stack)
        best = []
        for hand in hands:
            faces = hand_faces(hand, number)
            found = largest_layout(faces, TARGET, solve)
            assert found.layout is not None  # a hand of 9 always holds a layout of 1
            best.append((faces, found.layout))
            if progress is not None:
                progress((number - 1) * players + len(best), total)
        points = round_points(
            [RoundResult(name, len(layout), True, len(layout) == TARGET) for name, (_, layout) in zip(names, best)]
        )
        rounds.append(
            GameRound(
                number,
                stack,
                side_for_round(number),
                tuple(
                    PlayerRound(name, tuple(f.name for f in faces), layout, points[name])
                    for name, (faces, layout) in zip(names, best)
                ),
            )
        )
    ranking = game_ranking([{name: r.players[p].points for p, name in enumerate(names)} for r in rounds])
    return rounds, ranking
