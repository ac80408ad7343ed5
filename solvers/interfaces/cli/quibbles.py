"""The ``cardsolve quibbles`` commands: Quibbles. Each reads its options, calls
``cardsolve.quibbles`` (``solvers.quibbles.api``) and prints the answer."""

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
    time_limit_option,
)
from cardsolve.solvers.quibbles.api import SPLIT_TIME_LIMIT
from cardsolve.solvers.quibbles.backends import BACKENDS
from cardsolve.solvers.quibbles.settings import DEFAULT_SAMPLES, DEFAULT_SHORTLIST, DEFAULT_WIDTH, MAX_SAMPLES

VARIANTS = click.Choice(["standard", "simplified", "solo"])


@click.group("quibbles")
def group() -> None:
    """Quibbles: best splits, combine options, hints, bot games and the solo study."""


@group.command()
@click.argument("value")
@click.option("--display", required=True, help="The open display, left to right: 1,4,2,3,3,2.")
@backend_option(BACKENDS, help="Solver backend; all three are exact.")
@time_limit_option(
    SPLIT_TIME_LIMIT,
    "Seconds the whole command may take on cpsat (numba and reference run to "
    "their end, quick on a display of at most 10 cards).",
)
@click.pass_context
def split(ctx: click.Context, value: str, display: str, backend: str, time_limit: float) -> None:
    """The SPLIT of a VALUE card that takes the most display cards. Exit 3 when cpsat's
    time limit ran out before it proved the split the best (undecided)."""
    from cardsolve.solvers.quibbles import api

    emit(ctx, api.split(value, display, backend=backend, time_limit=time_limit))


@group.command()
@click.option("--hand", required=True, help="Your hand: 1,1,2,4.")
@click.option("--display", required=True, help="The open display: 3,3,6,2.")
@click.pass_context
def combine(ctx: click.Context, hand: str, display: str) -> None:
    """Every distinct COMBINE: the cards played, their total, how many cards it takes."""
    from cardsolve.solvers.quibbles import api

    emit(ctx, api.combine(hand, display))


@group.command()
@click.option("--hand", required=True, help="Your hand: 1,2,2,3,4,6.")
@click.option("--display", required=True, help="The open display, left to right.")
@click.option("--collection", default="", help="Your collection so far.")
@click.option("--variant", type=VARIANTS, default="standard", show_default=True)
@click.option(
    "--turn",
    "turn_text",
    required=True,
    help="The turn: 'split 6 -> 3+3, 1+1+4', 'combine 1+2 -> 3,3' or 'draw 5', "
    "then optionally '; stash 4' or '; stash 5 evict 1'.",
)
@click.option(
    "--drawn",
    default=None,
    help="A DRAW's two cards, once seen: 2,5. Without it the DRAW is judged against every "
    "possible draw: exit 0 if legal whatever is drawn, else 1 with the draws that make it legal.",
)
@click.pass_context
def move(
    ctx: click.Context, hand: str, display: str, collection: str, variant: str, turn_text: str, drawn: str | None
) -> None:
    """Check a turn against the rules and show what it leaves (before the refill)."""
    from cardsolve.solvers.quibbles import api

    emit(ctx, api.move(hand, display, turn_text, collection=collection, variant=variant, drawn=drawn))


@group.command()
@click.option("--hand", required=True, help="Your hand: 1,2,2,3,4,6.")
@click.option("--display", required=True, help="The open display, left to right.")
@click.option("--collection", default="", help="Your collection so far.")
@click.option("--penalty", default="", help="Solo: your penalty pile so far.")
@click.option("--variant", type=VARIANTS, default="standard", show_default=True)
@click.option(
    "--opponents",
    type=click.IntRange(0, 4),
    default=None,
    help="Other players (default: 0 solo, else 1); their hands are sampled.",
)
@click.option(
    "--samples",
    type=click.IntRange(1, MAX_SAMPLES),
    default=DEFAULT_SAMPLES,
    show_default=True,
    help="Sampled refills per candidate turn.",
)
@click.option(
    "--shortlist",
    type=click.IntRange(1, 100_000),
    default=DEFAULT_SHORTLIST,
    show_default=True,
    help="Sample only this many candidate turns, the best by the static score, and every DRAW (a large N: all).",
)
@click.option("--top", type=click.IntRange(1, 1000), default=5, show_default=True, help="Turns shown.")
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.pass_context
def hint(
    ctx: click.Context,
    hand: str,
    display: str,
    collection: str,
    penalty: str,
    variant: str,
    opponents: int | None,
    samples: int,
    shortlist: int,
    top: int,
    seed: int,
) -> None:
    """Every legal turn ranked by a sampled lookahead three own turns deep; the best one explained."""
    from cardsolve.solvers.quibbles import api

    with progress_callback("samples") as progress:
        answer = api.hint(
            hand,
            display,
            collection=collection,
            penalty=penalty,
            variant=variant,
            opponents=opponents,
            samples=samples,
            shortlist=shortlist,
            top=top,
            seed=seed,
            progress=progress,
        )
    emit(ctx, answer)


@group.command()
@click.option("--players", type=click.IntRange(1, 5), default=3, show_default=True)
@click.option("--variant", type=VARIANTS, default=None, help="Default: solo for 1 player, else standard.")
@bots_option("One policy per seat (hint, greedy, random; clairvoyant, solo only); default hint for all.")
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.pass_context
def play(ctx: click.Context, players: int, variant: str | None, bots: str | None, seed: int) -> None:
    """A whole seeded game between bots, turn by turn."""
    from cardsolve.solvers.quibbles import api

    emit(ctx, api.play(players=players, variant=variant, bots=bots, seed=seed))


@group.command()
@click.option(
    "--games",
    type=click.IntRange(1, 10_000_000),
    default=1000,
    show_default=True,
    help="Seeded solo games per policy (the study's samples).",
)
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option(
    "--policies",
    default="hint,greedy,random,clairvoyant",
    show_default=True,
    help="hint, greedy, random, clairvoyant (sees the draw pile: a bound, not a hint).",
)
@click.option(
    "--samples",
    type=click.IntRange(1, MAX_SAMPLES),
    default=DEFAULT_SAMPLES,
    show_default=True,
    help="The hint policy's sampled refills per candidate turn (the hint's default).",
)
@click.option(
    "--shortlist",
    type=click.IntRange(1, 1000),
    default=DEFAULT_SHORTLIST,
    show_default=True,
    help="The hint policy's candidate turns sampled per turn (the hint's default).",
)
@click.option(
    "--width",
    type=click.IntRange(1, 1000),
    default=DEFAULT_WIDTH,
    show_default=True,
    help="The clairvoyant's beam: positions kept per turn.",
)
@study_run_options()
@click.pass_context
def solo(
    ctx: click.Context,
    games: int,
    seed: int,
    policies: str,
    samples: int,
    shortlist: int,
    width: int,
    workers: int | None,
    scheduler: str | None,
    store: str | None,
    plot: str | None,
) -> None:
    """The solo study: seeded solo games per policy on the same deals, penalties and rating
    shares. It is the study ``cardsolve analyze quibbles solo`` with these options: the
    same chunks, store, workers or Dask cluster, and picture."""
    from cardsolve.solvers.quibbles import api

    emit_study(
        ctx,
        "quibbles solo chunks",
        store,
        lambda progress: api.solo(
            games=games,
            seed=seed,
            policies=policies,
            samples=samples,
            shortlist=shortlist,
            width=width,
            workers=workers,
            scheduler=scheduler,
            store=store,
            plot=plot,
            progress=progress,
        ),
    )
