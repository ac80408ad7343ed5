"""The ``cardsolve cubu`` commands: CUBU. Each parses its options, calls ``cardsolve.cubu``
(``solvers.cubu.api``) and prints the answer."""

from __future__ import annotations

import click

from cardsolve.models.cubu.classic import MAX_TARGET, TARGET
from cardsolve.solvers.cubu import api
from cardsolve.solvers.cubu.backends import BACKENDS
from cardsolve.solvers.cubu.bots import BOTS
from cardsolve.solvers.interfaces.cli.common import (
    SEED,
    backend_option,
    bots_option,
    emit,
    emit_study,
    study_run_options,
    time_limit_option,
)


@click.group("cubu")
def group() -> None:
    """CUBU: the longest colour sequence for a hand, whether a Speed CUBU hand can all be
    laid, whole classic games between bots and seeded bot tournaments."""


@group.command("longest")
@click.option("--top", required=True, help="The face-up card, innermost box first: D-R-G.")
@click.option("--hand", required=True, help="Your cards: R-G-O,P-L,miss,...")
@click.option(
    "--limit",
    type=click.IntRange(1, 10_000),
    default=api.LONGEST_LIMIT,
    show_default=True,
    help="Runs listed at most (longest first, then the other maximal ones).",
)
@click.pass_context
def cubu_longest(ctx: click.Context, top: str, hand: str, limit: int) -> None:
    """The longest colour sequence you can play on the top card this turn (the box to
    declare, the direction and the cards in order), and every other choice that no card
    of your hand could extend. Exits 1 when no sequence can be played."""
    emit(ctx, api.longest(top, hand, limit=limit))


@group.command("speed")
@click.option("--centre", required=True, help="The centre card the dealer turned over: D-R-G.")
@click.option("--hand", required=True, help="Your cards: R-G-O,P-L,...")
@click.option(
    "--mode",
    type=click.Choice(["colour", "boxes"]),
    default="colour",
    show_default=True,
    help="colour: a box of the same colour one position up or down; boxes: one box more or fewer.",
)
@backend_option(BACKENDS, help="Solver backend; every one is exact.")
@time_limit_option(
    api.TIME_LIMIT, "Seconds for cpsat, building its model included; past them the answer may be undecided."
)
@click.pass_context
def cubu_speed(ctx: click.Context, centre: str, hand: str, mode: str, backend: str, time_limit: float) -> None:
    """Can the whole hand be laid around the centre card (Speed CUBU, one player)? Each
    card goes next to a laid card and must relate to one of its laid neighbours. If not,
    the most cards that can be laid. Shows a laying order and the grid. Exits 1 when the
    whole hand cannot be laid, 3 when cpsat's time limit left that undecided."""
    emit(ctx, api.speed(centre, hand, mode=mode, backend=backend, time_limit=time_limit))


@group.command("play")
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True)
@bots_option(
    "One bot per seat, seat 1 first: greedy, runkeeper, strategist or random (default greedy,strategist,runkeeper,...)."
)
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option(
    "--target",
    type=click.IntRange(1, MAX_TARGET),
    default=TARGET,
    show_default=True,
    help="Points that win (the rulebook: 50, 100 or 200).",
)
@click.option(
    "--rounds",
    type=click.IntRange(1, 1000),
    default=None,
    help="Play this many rounds instead, the most points winning (the rulebook's time limit).",
)
@click.pass_context
def cubu_play(ctx: click.Context, players: int, bots: str | None, seed: int, target: int, rounds: int | None) -> None:
    """A whole seeded classic game between bots, round by round: who went out, with how
    many points, and the scores."""
    emit(ctx, api.play(seed=seed, players=players, bots=bots, target=target, rounds=rounds))


@group.command("simulate")
@click.option(
    "--games",
    type=click.IntRange(1, 10_000_000),
    default=2000,
    show_default=True,
    help="Seeded games (the study's samples).",
)
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True)
@bots_option("The line-up, rotated over the seats (default: all four bots).")
@click.option("--target", type=click.IntRange(1, MAX_TARGET), default=TARGET, show_default=True)
@study_run_options()
@click.pass_context
def cubu_simulate(
    ctx: click.Context,
    games: int,
    seed: int,
    players: int,
    bots: str | None,
    target: int,
    workers: int | None,
    scheduler: str | None,
    store: str | None,
    plot: str | None,
) -> None:
    """A seeded bot tournament of whole classic games: win rates by seat and by bot (each
    bot sits at every seat in turn), how long games and rounds are. It is the study
    "cardsolve analyze cubu seats" with these options: the same chunks, store, workers or
    Dask cluster, and picture."""
    emit_study(
        ctx,
        "cubu seats chunks",
        store,
        lambda progress: api.simulate(games, seed, players, bots, target, workers, scheduler, store, plot, progress),
    )


@group.command("versus")
@click.option(
    "--games",
    type=click.IntRange(1, 10_000_000),
    default=2000,
    show_default=True,
    help="Seeded games (the study's samples).",
)
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True)
@click.option(
    "--bot",
    type=click.Choice(list(BOTS)),
    default="strategist",
    show_default=True,
    help="The bot whose win rate is measured, at every seat in turn.",
)
@click.option(
    "--against", type=click.Choice(list(BOTS)), default="greedy", show_default=True, help="The bot at every other seat."
)
@click.option("--target", type=click.IntRange(1, MAX_TARGET), default=TARGET, show_default=True)
@study_run_options()
@click.pass_context
def cubu_versus(
    ctx: click.Context,
    games: int,
    seed: int,
    players: int,
    bot: str,
    against: str,
    target: int,
    workers: int | None,
    scheduler: str | None,
    store: str | None,
    plot: str | None,
) -> None:
    """One bot against copies of another in seeded classic games: its win rate at every
    seat (game k seats it at seat k mod players), beside the even share. It is the study
    "cardsolve analyze cubu versus" with these options: the same chunks, store, workers or
    Dask cluster, and picture."""
    from cardsolve.solvers.studies.api import analyze

    options = {"players": players, "bot": bot, "against": against, "target": target}
    emit_study(
        ctx,
        "cubu versus chunks",
        store,
        lambda progress: analyze("cubu", "versus", games, seed, workers, scheduler, store, plot, progress, options),
    )
