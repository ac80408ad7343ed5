"""``cardsolve subito``: Subito, in the command table."""

from __future__ import annotations

from cardsolve.models.subito import SIDE_CHOICES, table_from_json
from cardsolve.models.subito.cards import DECK_SIZE, deck_from_json
from cardsolve.models.subito.deal import PILES
from cardsolve.models.subito.scoring import ROUNDS
from cardsolve.models.subito.table import PILE, SIDES_OF_TABLE
from cardsolve.solvers.interfaces.commands import positions
from cardsolve.solvers.interfaces.table import Command, Option
from cardsolve.solvers.interfaces.values import SEED, Choice, Document, Seconds, Text, Whole
from cardsolve.solvers.subito.backends import BACKENDS
from cardsolve.solvers.subito.settings import MAX_DUEL_ANSWERS, MAX_SAMPLES

API = "cardsolve.solvers.subito.api"

DECK_HELP = 'A deck file of your own printed cards (JSON: {"cards": ["Y4A", ...]}); default the bundled stand-in.'
DECK = Option("deck", Document("DECK.json", deck_from_json), DECK_HELP)
SIDES = Option("sides", Choice(SIDE_CHOICES), "The task-card sides: a (round 1), b, or a seeded random side of each.")
TABLE = Document("TABLE.json", table_from_json)

COMMANDS = (
    Command(
        "subito",
        "deal",
        f"{API}:deal",
        "Deal a seeded round: the sides in play and the piles. Each of the eight task-card sides is shown with its "
        "rule; each pile is listed top card first.",
        (
            Option("seed", SEED, "The shuffle (and random sides)."),
            Option(
                "players",
                Whole(min(PILES), max(PILES)),
                "2: two piles of 36; 3: the solo player's 36 and two team piles of 18; 4: four piles of 18.",
            ),
            SIDES,
            DECK,
        ),
    ),
    Command(
        "subito",
        "deck",
        f"{API}:deck",
        "The deck's cards by colour and the 15 task-card sides with their rules: what there is to place and where. "
        "With --json, the document is itself a deck file.",
        (DECK,),
    ),
    Command(
        "subito",
        "score",
        f"{API}:score",
        "Score a round's table by the rulebook. Each wrong card and the cards placed after it are removed; task "
        "cards 2..9 go to more cards, then the higher sum (5a: over 12 loses); a player scores the numbers of the "
        'task cards won. Every card must be named (no "?").',
        (Option("table", TABLE, "The table: each player's cards by side.", required=True, argument=True),),
    ),
    Command(
        "subito",
        "optimize",
        f"{API}:optimize",
        "The best placement of your pile, card by card in pile order: with --vs, the one that wins the most points "
        "against the opponent's cards; without, the most points x cards (then points x numbers). Says whether the "
        "answer is proven optimal; exit 3 when it is not (a limit ran out first: the placement shown is the best "
        "found).",
        (
            Option("pile", Text("CARDS"), "Your pile, top card first: Y4A,R1B,...", required=True),
            Option("tasks", Text("SIDES"), "The eight sides in play: 2,3a,4b,5a,6b,7a,8a,9b.", required=True),
            Option(
                "vs",
                TABLE,
                "Answer the opponent's cards in this table (best response); their face-down 5a cards must be named, "
                'not "?".',
            ),
            Option(
                "seat",
                Whole(1, SIDES_OF_TABLE),
                "With --vs: you are this player of the table, 1 or 2; the other is the opponent.",
            ),
            Option("cards", Whole(0, DECK_SIZE), "Cards you place before the round ends (default all)."),
            Option("backend", Choice(lambda: BACKENDS.names), "All three are exact; reference takes at most 10 cards."),
            Option("time_limit", Seconds(), "Seconds cpsat may take, building its model included."),
        ),
    ),
    Command(
        "subito",
        "duel",
        f"{API}:duel",
        "Both piles of a seeded deal known: the players take turns answering the other's placement with a best "
        "response, from their best placements without an opponent, until neither improves or --limit answers; "
        "what optimal play is worth against a strong player. Exit 3 when an answer was not proven a best response "
        "(undecided).",
        (
            Option("seed", SEED, "The deal: sides and both piles."),
            SIDES,
            Option("cards", Whole(0, PILE), "Cards each player places (default all 36)."),
            Option("limit", Whole(1, MAX_DUEL_ANSWERS), "Answers at most."),
            Option("backend", Choice(("numba", "cpsat")), "Both are exact."),
            DECK,
        ),
        progress="best responses",
    ),
    Command(
        "subito",
        "hint",
        f"{API}:hint",
        "Where to place the card just turned over, with the rest of your pile unknown: each side that takes it, by "
        "your expected round points over seeded rollouts of the unseen cards (you played on by the planner policy, "
        "your opponent by the greedy one: an estimate, with its standard error). 5a over 12 is listed with its "
        "cost: the task card is lost.",
        (
            Option(
                "table",
                TABLE,
                "The cards both players have placed so far; the opponent's face-down 5a cards are unseen (write them "
                '"?"; named ones are not looked at).',
                required=True,
            ),
            Option("card", Text("CARD"), "The card you have just turned over: Y4A.", required=True),
            Option("seat", Whole(1, SIDES_OF_TABLE), "You: the first or second player of the table file."),
            Option("samples", Whole(1, MAX_SAMPLES), "Rollouts per side."),
            Option("seed", SEED, "The rollouts."),
            Option(
                "deck",
                Document("DECK.json", deck_from_json),
                "The deck the unseen cards come from (JSON, the bundled deck's shape).",
            ),
        ),
        progress="rollouts",
    ),
    Command(
        "subito",
        "play",
        f"{API}:play",
        "A whole seeded game of three rounds between bots, each seat placing the card it turns over where its bot "
        "decides from what the seat sees: each round's points, the totals and the winner by the rulebook (ties "
        "broken by round 3, or with 3 players by each one's solo round).",
        (
            Option("players", Whole(min(PILES), max(PILES)), "Players (4: seats 1, 2 against 3, 4)."),
            Option(
                "bots", Text("BOTS"), "One bot per seat, seat 1 first (hint, greedy, random); default hint for all."
            ),
            Option("sides", Choice(SIDE_CHOICES), "The task-card sides of rounds 2 and 3 (round 1 plays side a)."),
            Option("hint_samples", Whole(1, MAX_SAMPLES), "The hint bots' rollouts per side."),
            Option("seed", SEED, "The deal and the bots' choices."),
        ),
        progress="cards",
    ),
    *positions.commands(
        "subito",
        Whole(min(PILES), max(PILES)),
        (
            Option(
                "sides",
                Choice(SIDE_CHOICES),
                "The task-card sides of rounds 2 and 3 (round 1 plays side a): a, b, or a seeded random side of each.",
            ),
            Option("rounds", Whole(1, ROUNDS), f"Rounds the game has: the rulebook's {ROUNDS}, or its first 1 or 2."),
        ),
        "Every side that takes the card the seat to move has turned over, by the seat's expected points this "
        "round over seeded rollouts of the cards it has not seen (the hint's), each with its standard error; * "
        "marks the best, and sides within the noise of it tie.",
        (
            Option("samples", Whole(1, MAX_SAMPLES), "Rollouts per side."),
            Option("seed", SEED, "The rollouts' shuffles of the unseen cards."),
        ),
    ),
)
