"""``cardsolve was-sticht``: Was sticht?, in the command table."""

from __future__ import annotations

from cardsolve.models.was_sticht import clues_from_json, deal_from_json
from cardsolve.models.was_sticht.state import DEFAULT_ROUNDS, MAX_ROUNDS
from cardsolve.solvers.interfaces.commands import positions
from cardsolve.solvers.interfaces.table import Command, Option
from cardsolve.solvers.interfaces.values import SEED, Choice, Document, Flag, Text, Whole
from cardsolve.solvers.was_sticht.backends import BACKENDS
from cardsolve.solvers.was_sticht.settings import MAX_PLAYOUTS

API = "cardsolve.solvers.was_sticht.api"
REFERENCE_LIMIT = 6
"""The longest hands the reference backend searches (``solvers.was_sticht.reference``)."""
PLAYOUTS = Option(
    "playouts",
    Whole(1, MAX_PLAYOUTS),
    "Seeded random playouts of the round behind each chip's chance: more give smaller errors and take longer.",
)

DEAL = Option(
    "deal",
    Document("DEAL.json", deal_from_json),
    "The hands, trumps and leader (`was-sticht deal --json` writes one).",
    required=True,
)
BACKEND = Option(
    "backend",
    Choice(lambda: BACKENDS.names),
    f"The double-dummy solver (reference: plain minimax, for endings of at most {REFERENCE_LIMIT} cards a hand).",
)

COMMANDS = (
    Command(
        "was-sticht",
        "deal",
        f"{API}:deal",
        "Deal a seeded round: the trumps (one of the 50 pairs) and each seat's 9 cards, seat 1 leading. With --json "
        "the document is a deal file for `solve` and `table`.",
        (
            Option("seed", SEED, "The shuffle and the trumps."),
            Option("players", Whole(3, 4), "4, or 3 (the table's 9 cards leave the round)."),
        ),
    ),
    Command(
        "was-sticht",
        "deduce",
        f"{API}:deduce",
        "The trump pairs that fit every clue of the draft so far, how likely each trump suit and number is (every "
        "fitting pair equally likely), and with --offer the card with the highest expected trick strength over "
        "them.",
        (
            Option(
                "clues",
                Document("CLUES.json", clues_from_json),
                'The columns so far, each winner the place of its card from 1: {"observations": [{"cards": [...], '
                '"winner": 3}, ...]}.',
                required=True,
            ),
            Option("offer", Text("CARDS"), "The cards you may pick now (R9,B1,Y5): the best pick among them."),
        ),
    ),
    Command(
        "was-sticht",
        "solve",
        f"{API}:solve",
        "Double dummy (every hand known, as after the open draft): can the seat force the task whatever the others "
        "play, can it happen at all, the fewest and the most tricks the seat can force, and the best card for the "
        "seat to move.",
        (
            DEAL,
            Option("seat", Whole(1, 4), "The seat, 1..4 as in the deal file.", required=True),
            Option("task", Text("CHIP"), "The task chip's id: exactly-2, no-red, last-trick, ...", required=True),
            BACKEND,
            Option(
                "alone",
                Flag(),
                "Search in one thread: the node count is then the same on every run (on two cores or more a long "
                "search otherwise calls in a helper thread, whose nodes vary).",
            ),
        ),
    ),
    Command(
        "was-sticht",
        "table",
        f"{API}:table",
        "Every task chip for every seat of a dealt round: forceable (F: met whatever the others play), possible "
        "(p: met if the others help) or impossible (-).",
        (
            DEAL,
            BACKEND,
            Option(
                "workers", Whole(1, 16), "Threads that search side by side (numba; default one per core, at most 4)."
            ),
        ),
        progress="chips",
    ),
    Command(
        "was-sticht",
        "choose",
        f"{API}:choose",
        "Which task chip to attempt once the trumps are shown, by the solver bot's rule: a chip the seat can force "
        "(the highest-valued), else the highest corner value times the share of seeded random playouts of the round "
        "that meet it; every chip's exact verdict and chance, and the choice explained in one line.",
        (
            DEAL,
            Option(
                "seat",
                Whole(1, 4),
                "The seat choosing, 1..4 as in the deal file (not the dealer, the seat before the leader).",
                required=True,
            ),
            Option(
                "chips", Text("CHIPS"), "The chips the seat holds (no-red,exactly-2,...); default all 24, to compare."
            ),
            BACKEND,
            PLAYOUTS,
        ),
    ),
    Command(
        "was-sticht",
        "chips",
        f"{API}:chips",
        "The task chips: each chip's id (what `solve --task` takes), corner value, source (the rulebook names it, or "
        "a stand-in) and its English and German names.",
    ),
    Command(
        "was-sticht",
        "play",
        f"{API}:play",
        "A whole seeded game between bots: the solver bot drafts by deducing the trumps from the clues, chooses the "
        "chip it can force (else the one of the highest value times the share of random playouts of the round that "
        "meet it) and plays the double-dummy solver's cards.",
        (
            Option("seed", SEED, "The deals and the bots' choices."),
            Option("players", Whole(3, 4), "Players."),
            Option("bots", Text("BOTS"), "One bot per seat, seat 1 first: solver (deduce and solve) or random."),
            Option("rounds", Whole(1, MAX_ROUNDS), "Round limit."),
        ),
    ),
    *positions.commands(
        "was_sticht",
        Whole(3, 4),
        (
            Option("dealer", Whole(1, 4), "The first dealer's seat (default the last seat, so that seat 1 leads)."),
            Option(
                "rounds",
                Whole(1, MAX_ROUNDS),
                f"Round limit: the game ends after it with no winner (default {DEFAULT_ROUNDS}; 1: a single round).",
            ),
        ),
        "Every legal option of the seat to move, proven double dummy: in the trick play each card with the verdict "
        "(forceable, possible, impossible) of each chip the seat plays for after it; in the chip choice each chip's "
        "verdict and chance, as 'choose' ranks them; the dealer's discard by corner value. * marks the best.",
        (PLAYOUTS,),
    ),
)
