"""``cardsolve analyze GAME STUDY``: every registered study, in the command table. Each
study runs only here, with the options every study takes (samples, seed, where its chunks
run and are kept, its picture) and its own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardsolve.models.cubu.classic import MAX_TARGET
from cardsolve.models.cubu.classic import PLAYERS as CUBU_PLAYERS
from cardsolve.models.games import GAMES, TITLES, command_name
from cardsolve.models.subito import SIDE_CHOICES
from cardsolve.solvers.infrastructure.processes import most_workers
from cardsolve.solvers.interfaces.table import Command, Group, Option
from cardsolve.solvers.interfaces.values import SEED, Choice, OutputFile, Text, Whole
from cardsolve.solvers.quibbles.settings import MAX_SAMPLES as MAX_HINT_SAMPLES
from cardsolve.solvers.quibbles.settings import MAX_SHORTLIST, MAX_WIDTH
from cardsolve.solvers.studies.study import MAX_SAMPLES
from cardsolve.solvers.subito.settings import STUDY_SAMPLES

API = "cardsolve.solvers.studies.api:analyze"
DEFAULTS = "cardsolve.solvers.studies.registry:option_defaults"


def _scheduler(address: str) -> str:
    """A ``--scheduler`` address, checked when the line is read."""
    from cardsolve.solvers.studies.runner import check_scheduler

    return check_scheduler(address)


def _picture(path: str) -> str:
    """A ``--plot`` name: its extension names a format matplotlib writes."""
    from cardsolve.solvers.studies.charts import check_picture

    return check_picture(path)


def _bots() -> tuple[str, ...]:
    from cardsolve.solvers.cubu.bots import BOTS

    return tuple(BOTS)


RUN = (
    Option("samples", Whole(1, MAX_SAMPLES), "Seeded random samples (deals, hands, games)."),
    Option("seed", SEED, "The study's seed: the same seed, the same result."),
    Option(
        "workers",
        Whole(1, most_workers),
        "Local processes (default and most: one per core, and no more than the free memory holds at 200 MB each).",
    ),
    Option("scheduler", Text("ADDRESS", _scheduler), "Run the chunks on this Dask scheduler (tcp://host:8786)."),
    Option(
        "store",
        OutputFile(),
        "SQLite file of finished chunks, in a folder that exists (default: in the user's cache).",
    ),
    Option(
        "plot",
        OutputFile(_picture),
        "Write a picture of the result here, in the format its extension names (.png, .svg, .pdf, ...).",
    ),
)
"""The options every study takes."""


def study(game: str, name: str, help: str, options: Sequence[Option] = ()) -> Command:
    """The command ``cardsolve analyze GAME NAME``: the study's API call with the options
    every study takes and ``options``, its own (gathered into the study's options)."""
    own = tuple(replace(option, into="options") for option in options)
    return Command(
        f"analyze {game}",
        name,
        API,
        help,
        (*RUN, *own),
        fixed={"game": game, "study": name},
        progress="chunks",
        served=False,
        option_defaults=DEFAULTS,
    )


PLAYERS = Option("player_count", Whole(CUBU_PLAYERS[0], CUBU_PLAYERS[-1]), "Seats at the table.", flag="--players")
TARGET = Option("target", Whole(1, MAX_TARGET), "Points that win a game.")

COMMANDS = (
    study(
        "quibbles",
        "solo",
        "The solo study: seeded solo games per policy on the same deals, penalties and the shares of the rulebook's "
        "ratings.",
        (
            Option(
                "policies",
                Text("NAMES"),
                "The policies compared: hint, greedy, random, clairvoyant (sees the draw pile: a bound, not a hint).",
            ),
            Option("hint_samples", Whole(1, MAX_HINT_SAMPLES), "The hint policy's sampled refills per candidate turn."),
            Option("hint_shortlist", Whole(1, MAX_SHORTLIST), "The hint policy's candidate turns sampled per turn."),
            Option("clairvoyant_width", Whole(1, MAX_WIDTH), "The clairvoyant's beam: positions kept per turn."),
        ),
    ),
    study(
        "ubongo",
        "solvability",
        "Per stack and face colour: the share of dealt hands with a 7-card layout, the search effort, and how many "
        "cards the best layout of an unsolvable hand has.",
    ),
    study(
        "subito",
        "optimal-scores",
        "Per combination of task-card sides: the best placement of a dealt pile alone and its points.",
    ),
    study(
        "subito",
        "hints",
        "Each policy's regret (the clairvoyant best response's points minus the policy's) over seeded rounds "
        "against a greedy player 2.",
        (
            Option(
                "policies",
                Text("NAMES"),
                "Player 1's policies compared: hint, greedy, random, and hint-own-pile (the hint told the order of "
                "its own pile, which no player knows: a bound, not a hint).",
            ),
            Option("hint_samples", Whole(1, STUDY_SAMPLES), "The hint's rollouts per side."),
            Option("sides", Choice(SIDE_CHOICES), "The task-card sides: a (round 1), b, or a random side of each."),
        ),
    ),
    study(
        "was-sticht",
        "chips",
        "How hard each task chip is: over seeded random deals and trumps, the share of deals in which the seat on "
        "lead, and the seat after it, can force the chip double dummy; easiest first, beside the chip's corner "
        "value and source.",
    ),
    study(
        "was-sticht",
        "bots",
        "The solver bot's chip choice as numbers: per chip-choice rule and seat, the share of chosen chips met, the "
        "value met and chosen, and how often the chosen chip was forceable or impossible.",
    ),
    study(
        "cubu",
        "seats",
        "A seeded bot tournament of whole classic games: win rates by seat and by bot (each bot sits at every seat "
        "in turn), how long games and rounds are.",
        (PLAYERS, Option("bots", Text("BOTS"), "The line-up, rotated over the seats."), TARGET),
    ),
    study(
        "cubu",
        "versus",
        "One bot against copies of another in seeded classic games: its win rate at every seat (game k seats it at "
        "seat k mod players), beside the even share.",
        (
            PLAYERS,
            Option("bot", Choice(_bots), "The bot whose win rate is measured, at every seat in turn."),
            Option("against", Choice(_bots), "The bot at every other seat."),
            TARGET,
        ),
    ),
)


def _group(game: str) -> Group:
    """The group ``analyze GAME``, its help naming the game's studies."""
    name = f"analyze {command_name(game)}"
    studies = ", ".join(command.name for command in COMMANDS if command.group == name)
    return Group(name, f"The studies of {TITLES[game]}: {studies}.")


GROUPS = tuple(_group(game) for game in GAMES)
"""The groups within ``analyze``: one per game."""
