"""``cardsolve ubongo``: Ubongo: Das Kartenspiel, in the command table."""

from __future__ import annotations

from cardsolve.models.ubongo.cards import DECK_CARDS, deck_from_json
from cardsolve.models.ubongo.scoring import HAND as HAND_CARDS
from cardsolve.solvers.interfaces.commands import positions
from cardsolve.solvers.interfaces.table import Command, Option
from cardsolve.solvers.interfaces.values import SEED, Choice, Document, OutputFile, Seconds, Text, Whole
from cardsolve.solvers.ubongo.backends import BACKENDS, ENUMERATING
from cardsolve.solvers.ubongo.settings import KEPT_LAYOUTS, MAX_LIMIT

API = "cardsolve.solvers.ubongo.api"

DECK = Option(
    "deck",
    Document("DECK.json", deck_from_json),
    "A deck file of your own printed cards (JSON, the bundled deck's shape); default the bundled stand-in deck.",
)
HAND = Option("hand", Text("FACES"), "The faces in hand, comma-separated: 3w,7w,... or ABC/DDA,...", required=True)
K = Option("k", Whole(0, DECK_CARDS), "Cards to lay.")
BACKEND = Option("backend", Choice(lambda: BACKENDS.names), "Solver backend; all three are exact.")
ENUMERATING_BACKEND = Option("backend", Choice(ENUMERATING), "Search backend; both are exact.")
TIME_LIMIT = Option(
    "time_limit",
    Seconds(),
    "Seconds the whole command may take on cpsat or reference (numba's one layout always runs to its end); past "
    "them the answer is undecided.",
)
ROUND_HELP = "The number in the card's middle, 1-6: the round (stack 1|2, 3|4 or 5|6; odd white faces, even black)."
LAYOUT = Option(
    "layout",
    Document("LAYOUT.json"),
    'The layout: {"cards": [{"face": "17w", "x": 0, "y": 0, "turn": 0}, ...]}.',
    required=True,
    argument=True,
)

COMMANDS = (
    Command(
        "ubongo",
        "deal",
        f"{API}:deal",
        "Deal seeded 9-card hands for a round from the bundled deck (or --deck FILE).",
        (
            Option("round_number", Whole(1, 6), ROUND_HELP, flag="--round", required=True),
            Option("seed", SEED, "The shuffle."),
            Option("players", Whole(1, 4), "Hands dealt."),
            DECK,
        ),
    ),
    Command(
        "ubongo",
        "deck",
        f"{API}:deck",
        "List the deck's cards: each face's name (17w, 17b), its stack and side, and its 2 x 3 symbols, round by "
        "round (the bundled stand-in deck, or --deck FILE).",
        (
            Option("round_number", Whole(1, 6), "Only the faces of one round, 1-6, as deal takes it.", flag="--round"),
            DECK,
        ),
    ),
    Command(
        "ubongo",
        "verify",
        f"{API}:verify",
        "Is there a valid layout of K of the hand's faces? Exit 0 with one, 1 when none exists (proven), 3 when "
        "the time limit passed first (undecided).",
        (HAND, K, BACKEND, TIME_LIMIT, DECK),
    ),
    Command(
        "ubongo",
        "solve",
        f"{API}:solve",
        "The best layout: K of the hand's faces or, when none exists, the largest valid layout (what an early end "
        "of the round scores); exit 3 when the time limit left a larger one undecided.",
        (HAND, K, BACKEND, TIME_LIMIT, DECK),
    ),
    Command(
        "ubongo",
        "layouts",
        f"{API}:layouts",
        "Every distinct valid layout of K of the hand's faces (up to moving and turning the whole layout), or the "
        "first --limit; exit 3 when the time limit cut the list short, 130 on Ctrl-C (the layouts found so far).",
        (
            HAND,
            K,
            Option("limit", Whole(1, MAX_LIMIT), "Stop after this many layouts."),
            Option("show", Whole(0, KEPT_LAYOUTS), "Layouts drawn (--json lists them all)."),
            ENUMERATING_BACKEND,
            Option(
                "time_limit",
                Seconds(),
                "Seconds the whole command may take; past them the list found so far is undecided.",
            ),
            DECK,
        ),
        progress="roots",
    ),
    Command(
        "ubongo",
        "hint",
        f"{API}:hint",
        "The next card to lay so that a layout of K stays reachable, or which laid cards to take back and why. "
        "Exit 1 when no layout of K of all these cards exists.",
        (
            HAND,
            Option("table", Document("LAYOUT.json"), "The cards laid so far, as a layout file.", required=True),
            K,
            ENUMERATING_BACKEND,
            DECK,
        ),
    ),
    Command(
        "ubongo",
        "game",
        f"{API}:game",
        'Play a seeded six-round game out with perfect, equally fast players: whoever can lay 7 calls "Ubongo!" '
        "(10 points), everyone else scores their largest layout.",
        (Option("players", Whole(1, 4), "Players."), Option("seed", SEED, "The deals."), DECK),
        progress="hands",
    ),
    Command(
        "ubongo",
        "check",
        f"{API}:check",
        "Check a layout against the rules: exit 0 when valid, 1 with every violation.",
        (LAYOUT, DECK),
    ),
    *positions.commands(
        "ubongo",
        Whole(1, 1),
        (
            Option("round_number", Whole(1, 6), ROUND_HELP, flag="--round"),
            Option("k", Whole(1, HAND_CARDS), 'Cards a complete layout holds (a call of "Ubongo!" needs 7).'),
        ),
        "Every legal move of the player (a face laid at a place, a card taken back, the call) with whether a "
        "layout of K is still reachable after it as the cards lie, and the fewest moves to the call, proven; * "
        "marks the best.",
    ),
    Command(
        "ubongo",
        "render",
        f"{API}:render",
        "Draw a layout in the terminal (symbols per cell, card outlines, = and : for matching contacts, x for a "
        "mismatch), and optionally as SVG.",
        (
            LAYOUT,
            Option(
                "svg_file",
                OutputFile(),
                "Also write an SVG picture (a name ending in .svg): one colour per symbol, card outlines, contacts "
                "marked.",
                flag="--svg",
            ),
            DECK,
        ),
    ),
)
