"""The commands across games: ``cardsolve demo``, ``cardsolve bench`` and ``cardsolve analyze``."""

from __future__ import annotations

import click

from cardsolve.solvers.interfaces.cli.common import (
    SEED,
    OutputFile,
    emit,
    emit_study,
    progress_bar,
    study_run_options,
    write_output,
)


@click.command()
@click.option("--seed", type=SEED, default=1, show_default=True, help="The deal to demonstrate.")
@click.pass_context
def demo(ctx: click.Context, seed: int) -> None:
    """Deal seeded hands from the bundled decks and solve them. Quibbles: a solo game, the
    best split of every hand card on all three backends, the combine options, a hint,
    then the whole game played by the hint's lookahead. Ubongo: a round-6 hand verified
    on numba and CP-SAT, its best layout drawn and its distinct layouts counted."""
    from cardsolve.solvers.studies.demo import demo as run_demo

    emit(ctx, run_demo(seed))


@click.command()
@click.argument("games", nargs=-1)
@click.option("--quick", is_flag=True, help="Fewer instances: a smoke run of a minute or two a game.")
@click.option("--out", type=OutputFile(), help="Also write the JSON document to FILE.")
@click.option("--markdown", is_flag=True, help="Print a Markdown table headed with the date and core count.")
@click.pass_context
def bench(ctx: click.Context, games: tuple[str, ...], quick: bool, out: str | None, markdown: bool) -> None:
    """Time every backend of the GAMES' solvers (default: all five) on the same seeded
    instances: each game's script in benchmarks/ runs in its own process, and one table
    gives n, median, p95 and max per (game, task, backend) and each backend's ratio to
    the fastest of its task. The README's performance figures come from these scripts."""
    from cardsolve.benchmarks.suite import BenchmarkFailed, run_benchmarks

    with progress_bar("benchmarks") as bar:
        task = bar.add_task("", total=None)

        def tick(done: int, total: int, game: str) -> None:
            bar.update(task, completed=done, total=total, description=game)

        try:
            answer = run_benchmarks(games, quick, markdown, tick)
        except BenchmarkFailed as failed:
            raise click.ClickException(str(failed)) from None
    if out:
        write_output(out, answer.json_text() + "\n")
    emit(ctx, answer)


@click.command()
@click.argument("game")
@click.argument("study_name", metavar="STUDY")
@click.option(
    "--samples", type=int, default=200, show_default=True, help="Seeded random samples (deals, hands, games)."
)
@click.option(
    "--seed", type=SEED, default=1, show_default=True, help="The study's seed: the same seed, the same result."
)
@study_run_options()
@click.pass_context
def analyze(
    ctx: click.Context,
    game: str,
    study_name: str,
    samples: int,
    seed: int,
    workers: int | None,
    scheduler: str | None,
    store: str | None,
    plot: str | None,
) -> None:
    """Run a STUDY of a GAME over seeded random samples: ubongo solvability, subito
    optimal-scores, subito hints, quibbles solo, was-sticht chips, was-sticht bots, cubu
    seats, cubu versus. The work is cut into
    seeded chunks, so the result is the same for any number of workers, locally or on a
    Dask cluster; each finished chunk is kept in the store, so an interrupted study goes
    on where it stopped and a finished one is read back at once."""
    from cardsolve.solvers.studies.api import analyze as run_analysis

    emit_study(
        ctx,
        f"{game} {study_name} chunks",
        store,
        lambda progress: run_analysis(game, study_name, samples, seed, workers, scheduler, store, plot, progress),
    )
