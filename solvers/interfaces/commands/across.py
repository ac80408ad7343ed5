"""The commands across games, in the command table: ``cardsolve demo`` and
``cardsolve bench``."""

from __future__ import annotations

from cardsolve.solvers.interfaces.table import Command, Option
from cardsolve.solvers.interfaces.values import SEED, Flag, OutputFile, Text

COMMANDS = (
    Command(
        "",
        "demo",
        "cardsolve.solvers.studies.demo:demo",
        "Deal seeded hands from the bundled decks and solve them. Quibbles: a solo game, the best split of every "
        "hand card on all three backends, the combine options, a hint, then the whole game played by the hint's "
        "lookahead. Ubongo: a round-6 hand verified on numba and CP-SAT, its best layout drawn and its distinct "
        "layouts counted.",
        (Option("seed", SEED, "The deal to demonstrate."),),
        served=False,
    ),
    Command(
        "",
        "bench",
        "cardsolve.benchmarks.suite:run_benchmarks",
        "Time every backend of the GAMES' solvers (default: all five, then startup: whole cardsolve processes, "
        "from the helps to serve until ready) on the same seeded instances: each game's script in benchmarks/ runs in "
        "its own process, and one table gives n, median, p95 and max per (game, task, backend) and each backend's "
        "ratio to the fastest of its task. The README's performance figures come from these scripts.",
        (
            Option(
                "games",
                Text("GAMES"),
                "The games, or startup (default: all five, then startup).",
                argument=True,
                many=True,
            ),
            Option("quick", Flag(), "Fewer instances: a smoke run of a minute or two a game."),
            Option("out", OutputFile(), "Also write the JSON document to FILE."),
            Option("markdown", Flag(), "Print a Markdown table headed with the date and core count."),
        ),
        progress="benchmarks",
        served=False,
    ),
)
