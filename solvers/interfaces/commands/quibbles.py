"""``cardsolve quibbles``: Quibbles, in the command table."""

from __future__ import annotations

from cardsolve.models.quibbles.engine import MAX_PLAYERS
from cardsolve.solvers.interfaces.commands import positions
from cardsolve.solvers.interfaces.table import Command, Option
from cardsolve.solvers.interfaces.values import SEED, Choice, Seconds, Text, Whole
from cardsolve.solvers.quibbles.backends import BACKENDS
from cardsolve.solvers.quibbles.settings import MAX_HINT_SHORTLIST, MAX_SAMPLES, MAX_TOP

API = "cardsolve.solvers.quibbles.api"
VARIANTS = Choice(("standard", "simplified", "solo"))

HAND = Option("hand", Text("CARDS"), "Your hand: 1,2,2,3,4,6.", required=True)
DISPLAY = Option("display", Text("CARDS"), "The open display, left to right: 1,4,2,3,3,2.", required=True)
COLLECTION = Option("collection", Text("CARDS"), "Your collection so far.")

COMMANDS = (
    Command(
        "quibbles",
        "split",
        f"{API}:split",
        "The SPLIT of a VALUE card that takes the most display cards. Exit 3 when cpsat's time limit ran out before "
        "it proved the split the best (undecided).",
        (
            Option("value", Text("VALUE"), "The card played: 1 to 6.", required=True, argument=True),
            DISPLAY,
            Option("backend", Choice(lambda: BACKENDS.names), "Solver backend; all three are exact."),
            Option(
                "time_limit",
                Seconds(),
                "Seconds the whole command may take on cpsat (numba and reference run to their end, quick on a "
                "display of at most 10 cards).",
            ),
        ),
    ),
    Command(
        "quibbles",
        "combine",
        f"{API}:combine",
        "Every distinct COMBINE: the cards played, their total, how many cards it takes.",
        (
            Option("hand", Text("CARDS"), "Your hand: 1,1,2,4.", required=True),
            Option("display", Text("CARDS"), "The open display: 3,3,6,2.", required=True),
        ),
    ),
    Command(
        "quibbles",
        "move",
        f"{API}:move",
        "Check a turn against the rules and show what it leaves (before the refill).",
        (
            HAND,
            DISPLAY,
            COLLECTION,
            Option("variant", VARIANTS, "The rules played."),
            Option(
                "turn",
                Text("TURN"),
                "The turn: 'split 6 -> 3+3, 1+1+4', 'combine 1+2 -> 3,3' or 'draw 5', then optionally '; stash 4' "
                "or '; stash 5 evict 1'.",
                required=True,
            ),
            Option(
                "drawn",
                Text("CARDS"),
                "A DRAW's two cards, once seen: 2,5. Without it the DRAW is judged against every possible draw: "
                "exit 0 if legal whatever is drawn, else 1 with the draws that make it legal.",
            ),
        ),
    ),
    Command(
        "quibbles",
        "hint",
        f"{API}:hint",
        "Every legal turn ranked by a sampled lookahead three own turns deep; the best one explained.",
        (
            HAND,
            DISPLAY,
            COLLECTION,
            Option("penalty", Text("CARDS"), "Solo: your penalty pile so far."),
            Option("variant", VARIANTS, "The rules played."),
            Option(
                "opponents",
                Whole(0, MAX_PLAYERS - 1),
                "Other players (default: 0 solo, else 1); their hands are sampled.",
            ),
            Option("samples", Whole(1, MAX_SAMPLES), "Sampled refills per candidate turn."),
            Option(
                "shortlist",
                Whole(1, MAX_HINT_SHORTLIST),
                "Sample only this many candidate turns, the best by the static score, and every DRAW (a large N: all).",
            ),
            Option("top", Whole(1, MAX_TOP), "Turns shown."),
            Option("seed", SEED, "The sampled refills."),
        ),
        progress="samples",
    ),
    Command(
        "quibbles",
        "play",
        f"{API}:play",
        "A whole seeded game between bots, turn by turn.",
        (
            Option("players", Whole(1, MAX_PLAYERS), "Players."),
            Option("variant", VARIANTS, "The rules played (default: solo for 1 player, else standard)."),
            Option(
                "bots",
                Text("BOTS"),
                "One policy per seat, seat 1 first (hint, greedy, random; clairvoyant, solo only); default hint for "
                "all.",
            ),
            Option("seed", SEED, "The deal and the bots' choices."),
        ),
    ),
    *positions.commands(
        "quibbles",
        Whole(1, MAX_PLAYERS),
        (Option("variant", VARIANTS, "The rules played (default: solo for 1 player, else standard; 2 players)."),),
        "Every legal option of the seat to move, valued by the hint's sampled lookahead from what that seat sees: "
        "solo the expected final penalty, else expected points; each an estimate with its standard error. * marks "
        "the best (ties within the noise).",
        (
            Option("seed", SEED, "The lookahead's deals of the cards the seat cannot see."),
            Option(
                "samples",
                Whole(1, MAX_SAMPLES),
                "Deals of the unseen cards per turn (the best 4 get four times as many more): more give smaller "
                "errors and take longer.",
            ),
        ),
    ),
)
