"""``cardsolve cubu``: CUBU, in the command table."""

from __future__ import annotations

from cardsolve.models.cubu.classic import MAX_ROUNDS, MAX_TARGET, PLAYERS
from cardsolve.solvers.cubu.backends import BACKENDS
from cardsolve.solvers.cubu.settings import MAX_RUNS
from cardsolve.solvers.interfaces.commands import positions
from cardsolve.solvers.interfaces.table import Command, Option
from cardsolve.solvers.interfaces.values import SEED, Choice, Seconds, Text, Whole

API = "cardsolve.solvers.cubu.api"

COMMANDS = (
    Command(
        "cubu",
        "longest",
        f"{API}:longest",
        "The longest colour sequence you can play on the top card this turn (the box to declare, the direction and "
        "the cards in order), and every other choice that no card of your hand could extend. Exits 1 when no "
        "sequence can be played.",
        (
            Option("top", Text("CARD"), "The face-up card, innermost box first: D-R-G.", required=True),
            Option("hand", Text("CARDS"), "Your cards: R-G-O,P-L,miss,...", required=True),
            Option("limit", Whole(1, MAX_RUNS), "Runs listed at most (longest first, then the other maximal ones)."),
        ),
    ),
    Command(
        "cubu",
        "speed",
        f"{API}:speed",
        "Can the whole hand be laid around the centre card (Speed CUBU, one player)? Each card goes next to a laid "
        "card and must relate to one of its laid neighbours. If not, the most cards that can be laid. Shows a "
        "laying order and the grid. Exits 1 when the whole hand cannot be laid, 3 when cpsat's time limit left that "
        "undecided.",
        (
            Option("centre", Text("CARD"), "The centre card the dealer turned over: D-R-G.", required=True),
            Option(
                "hand",
                Text("CARDS"),
                "Your cards: R-G-O,P-L,...; action cards are left out (Speed CUBU removes them).",
                required=True,
            ),
            Option(
                "mode",
                Choice(("colour", "boxes")),
                "colour: a box of the same colour one position up or down; boxes: one box more or fewer.",
            ),
            Option("backend", Choice(lambda: BACKENDS.names), "Solver backend; every one is exact."),
            Option(
                "time_limit",
                Seconds(),
                "Seconds for cpsat, building its model included; past them the answer may be undecided.",
            ),
        ),
    ),
    Command(
        "cubu",
        "play",
        f"{API}:play",
        "A whole seeded classic game between bots, round by round: who went out, with how many points, and the scores.",
        (
            Option("players", Whole(PLAYERS[0], PLAYERS[-1]), "Players."),
            Option(
                "bots",
                Text("BOTS"),
                "One bot per seat, seat 1 first: greedy, runkeeper, strategist or random (default "
                "greedy,strategist,runkeeper,...).",
            ),
            Option("seed", SEED, "The deals and the bots' choices."),
            Option("target", Whole(1, MAX_TARGET), "Points that win (the rulebook: 50, 100 or 200)."),
            Option(
                "rounds",
                Whole(1, MAX_ROUNDS),
                "Play this many rounds instead, the most points winning (the rulebook's time limit).",
            ),
        ),
    ),
    *positions.commands(
        "cubu",
        Whole(PLAYERS[0], PLAYERS[-1]),
        (
            Option(
                "mode",
                Choice(("classic", "speed")),
                "classic: a classic game, round after round (the default); speed: a Speed CUBU game, race after race.",
            ),
            Option("target", Whole(1, MAX_TARGET), "Points that win (default 100; Speed CUBU 50)."),
            Option(
                "rounds",
                Whole(1, MAX_ROUNDS),
                "Play this many rounds (Speed CUBU: races) instead, the most points winning (1: a single one).",
            ),
            Option(
                "follow",
                Choice(("colour", "boxes")),
                "A Speed CUBU race only: colour (the default), a box of the same colour one position up or down; "
                "boxes, one box more or fewer.",
            ),
        ),
        "Every legal option of the seat to move with the cards it plays now and the points left in its hand (exact "
        "counts, not a look-ahead); * marks the best. The longest colour sequence is 'cubu longest''s.",
    ),
)
