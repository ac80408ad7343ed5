"""The ``cardsolve was-sticht`` commands: Was sticht?. Each reads its options (and files),
calls ``solvers.was_sticht.api`` and prints the answer."""

from __future__ import annotations

import click

from cardsolve.solvers.interfaces.cli.common import (
    SEED,
    backend_option,
    bots_option,
    emit,
    emit_study,
    progress_callback,
    study_run_options,
)
from cardsolve.solvers.was_sticht.api import MAX_ROUNDS
from cardsolve.solvers.was_sticht.backends import BACKENDS
from cardsolve.solvers.was_sticht.reference import LIMIT as REFERENCE_LIMIT


@click.group("was-sticht")
def group() -> None:
    """Was sticht?: deal a round, deduce the trumps from the dealer's clues in the draft,
    solve the trick game double dummy for a player and a task chip, tabulate every chip,
    choose the chip to attempt, list the task chips, measure the chips' difficulty, and
    play whole games between bots."""


@group.command("deal")
@click.option("--seed", type=SEED, default=1, show_default=True, help="The shuffle and the trumps.")
@click.option(
    "--players",
    type=click.IntRange(3, 4),
    default=4,
    show_default=True,
    help="4, or 3 (the table's 9 cards leave the round).",
)
@click.pass_context
def was_sticht_deal(ctx: click.Context, seed: int, players: int) -> None:
    """Deal a seeded round: the trumps (one of the 50 pairs) and each seat's 9 cards,
    seat 1 leading. With --json the document is a deal file for `solve` and `table`."""
    from cardsolve.solvers.was_sticht import api

    emit(ctx, api.deal(seed, players))


@group.command("deduce")
@click.option(
    "--clues",
    "clues_file",
    metavar="CLUES.json",
    type=click.Path(dir_okay=False),
    required=True,
    help="The columns so far, each winner the place of its card from 1: "
    '{"observations": [{"cards": [...], "winner": 3}, ...]}.',
)
@click.option("--offer", default=None, help="The cards you may pick now (R9,B1,Y5): the best pick among them.")
@click.pass_context
def was_sticht_deduce(ctx: click.Context, clues_file: str, offer: str | None) -> None:
    """The trump pairs that fit every clue of the draft so far, how likely each trump
    suit and number is (every fitting pair equally likely), and with --offer the card
    with the highest expected trick strength over them."""
    from cardsolve.models.was_sticht import read_clues
    from cardsolve.solvers.was_sticht import api

    emit(ctx, api.deduce(read_clues(clues_file), offer))


DEAL_OPTION = click.option(
    "--deal",
    "deal_file",
    metavar="DEAL.json",
    type=click.Path(dir_okay=False),
    required=True,
    help="The hands, trumps and leader (`was-sticht deal --json` writes one).",
)
BACKEND_OPTION = backend_option(
    BACKENDS,
    help=f"The double-dummy solver (reference: plain minimax, for endings of at most {REFERENCE_LIMIT} cards a hand).",
)


@group.command("solve")
@DEAL_OPTION
@click.option("--player", type=click.IntRange(1, 4), required=True, help="The seat, 1..4 as in the deal file.")
@click.option("--task", "task_id", required=True, help="The task chip's id: exactly-2, no-red, last-trick, ...")
@BACKEND_OPTION
@click.option(
    "--alone",
    is_flag=True,
    help="Search in one thread: the node count is then the same on every run (on two cores or more a long "
    "search otherwise calls in a helper thread, whose nodes vary).",
)
@click.pass_context
def was_sticht_solve(ctx: click.Context, deal_file: str, player: int, task_id: str, backend: str, alone: bool) -> None:
    """Double dummy (every hand known, as after the open draft): can the player force the
    task whatever the others play, can it happen at all, the fewest and the most tricks
    the player can force, and the best card for the seat to move."""
    from cardsolve.models.was_sticht import read_deal
    from cardsolve.solvers.was_sticht import api

    emit(ctx, api.solve(read_deal(deal_file), player, task_id, backend, helped=not alone))


@group.command("table")
@DEAL_OPTION
@BACKEND_OPTION
@click.option(
    "--workers",
    type=click.IntRange(1, 16),
    default=None,
    help="Threads that search side by side, 1..16 (numba; default one per core, at most 4).",
)
@click.pass_context
def was_sticht_table(ctx: click.Context, deal_file: str, backend: str, workers: int | None) -> None:
    """Every task chip for every seat of a dealt round: forceable (F: met whatever the
    others play), possible (p: met if the others help) or impossible (-)."""
    from cardsolve.models.was_sticht import read_deal
    from cardsolve.solvers.was_sticht import api

    deal = read_deal(deal_file)
    with progress_callback("chips") as progress:
        answer = api.table(deal, backend, progress=progress, workers=workers)
    emit(ctx, answer)


@group.command("choose")
@DEAL_OPTION
@click.option(
    "--player",
    type=click.IntRange(1, 4),
    required=True,
    help="The seat choosing, 1..4 as in the deal file (not the dealer, the seat before the leader).",
)
@click.option(
    "--chips",
    "chip_ids",
    default=None,
    metavar="CHIPS",
    help="The chips the player holds (no-red,exactly-2,...); default all 24, to compare.",
)
@BACKEND_OPTION
@click.pass_context
def was_sticht_choose(ctx: click.Context, deal_file: str, player: int, chip_ids: str | None, backend: str) -> None:
    """Which task chip to attempt once the trumps are shown, by the solver bot's rule: a
    chip the player can force (the highest-valued), else the highest corner value times
    the share of seeded random playouts of the round that meet it; every chip's exact
    verdict and chance, and the choice explained in one line."""
    from cardsolve.models.was_sticht import read_deal
    from cardsolve.solvers.was_sticht import api

    emit(ctx, api.choose(read_deal(deal_file), player, chip_ids, backend))


@group.command("tasks")
@click.pass_context
def was_sticht_tasks(ctx: click.Context) -> None:
    """The task chips: each chip's id (what `solve --task` takes), corner value, source
    (the rulebook names it, or a stand-in) and its English and German names."""
    from cardsolve.solvers.was_sticht import api

    emit(ctx, api.tasks())


@group.command("chips")
@click.option(
    "--deals",
    type=click.IntRange(1, 10_000_000),
    default=2000,
    show_default=True,
    help="Seeded random deals (the study's samples).",
)
@click.option("--seed", type=SEED, default=1, show_default=True)
@study_run_options()
@click.pass_context
def was_sticht_chips(
    ctx: click.Context,
    deals: int,
    seed: int,
    workers: int | None,
    scheduler: str | None,
    store: str | None,
    plot: str | None,
) -> None:
    """How hard each task chip is: over seeded random deals and trumps, the share of deals
    in which the seat on lead, and the seat after it, can force the chip double dummy;
    easiest first, beside the chip's corner value and source (the printed values are not
    public, so the bundled ones are guesses and this is the project's estimate). It is the
    study "cardsolve analyze was-sticht chips": the same chunks, store, workers or Dask
    cluster, and picture (each chip's shares in order of corner value)."""
    from cardsolve.solvers.was_sticht import api

    emit_study(
        ctx,
        "was-sticht chips chunks",
        store,
        lambda progress: api.chips(deals, seed, workers, scheduler, store, plot, progress),
    )


@group.command("play")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--players", type=click.IntRange(3, 4), default=4, show_default=True)
@bots_option("One bot per seat, seat 1 first: solver (deduce and solve) or random; default solver.")
@click.option("--rounds", type=click.IntRange(1, MAX_ROUNDS), default=100, show_default=True, help="Round limit.")
@click.pass_context
def was_sticht_play(ctx: click.Context, seed: int, players: int, bots: str | None, rounds: int) -> None:
    """A whole seeded game between bots: the solver bot drafts by deducing the trumps from
    the clues, chooses the chip it can force (else the one of the highest value times the
    share of random playouts of the round that meet it) and plays the double-dummy
    solver's cards."""
    from cardsolve.solvers.was_sticht import api

    emit(ctx, api.play(seed, players, bots, rounds))
