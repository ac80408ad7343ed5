"""The ``cardsolve subito`` commands: Subito. Each reads its options and files, calls
``cardsolve.solvers.subito.api`` and prints the answer."""

from __future__ import annotations

from typing import Any

import click

from cardsolve.models.subito import SIDE_CHOICES, load_deck, read_table
from cardsolve.solvers.interfaces.cli.common import (
    SEED,
    backend_option,
    deck_option,
    emit,
    emit_study,
    progress_callback,
    study_run_options,
    time_limit_option,
)
from cardsolve.solvers.subito import api
from cardsolve.solvers.subito.backends import BACKENDS
from cardsolve.solvers.subito.hint import SAMPLES, STUDY_SAMPLES

SIDES_HELP = "The task-card sides: a (round 1), b, or a seeded random side of each."


@click.group("subito")
def group() -> None:
    """Subito: deal the stand-in deck, score a round's table by the rulebook, the best
    placement of a pile (alone or against a table), a duel of best responses, and hints
    for the card just turned over."""


@group.command("deal")
@click.option("--seed", type=SEED, default=1, show_default=True, help="The shuffle (and random sides).")
@click.option(
    "--players",
    type=click.IntRange(2, 4),
    default=2,
    show_default=True,
    help="2: two piles of 36; 3: the solo player's 36 and two team piles of 18; 4: four piles of 18.",
)
@click.option("--sides", type=click.Choice(SIDE_CHOICES), default="a", show_default=True, help=SIDES_HELP)
@deck_option('A deck file of your own printed cards (JSON: {"cards": ["Y4A", ...]}).')
@click.pass_context
def subito_deal(ctx: click.Context, seed: int, players: int, sides: Any, deck_file: str | None) -> None:
    """Deal a seeded round: the sides in play and the piles. Each of the eight task-card
    sides is shown with its rule; each pile is listed top card first."""
    emit(ctx, api.deal(seed, players=players, sides=sides, deck=load_deck(deck_file)))


@group.command("deck")
@deck_option('A deck file of your own printed cards (JSON: {"cards": ["Y4A", ...]}).')
@click.pass_context
def subito_deck(ctx: click.Context, deck_file: str | None) -> None:
    """The deck's cards by colour and the 15 task-card sides with their rules: what there
    is to place and where. With --json, the document is itself a deck file."""
    emit(ctx, api.deck(load_deck(deck_file)))


@group.command("score")
@click.argument("table_file", metavar="TABLE.json", type=click.Path(dir_okay=False))
@click.pass_context
def subito_score(ctx: click.Context, table_file: str) -> None:
    """Score a round's table by the rulebook. Each wrong card and the cards placed after it
    are removed; task cards 2..9 go to more cards, then the higher sum (5a: over 12 loses);
    a player scores the numbers of the task cards won. Every card must be named (no "?")."""
    emit(ctx, api.score(read_table(table_file)))


@group.command("optimize")
@click.option("--pile", required=True, help="Your pile, top card first: Y4A,R1B,...")
@click.option("--tasks", "tasks_text", required=True, help="The eight sides in play: 2,3a,4b,5a,6b,7a,8a,9b.")
@click.option(
    "--vs",
    "vs_file",
    metavar="TABLE.json",
    type=click.Path(dir_okay=False),
    default=None,
    help='Answer the opponent\'s cards in this table (best response); their face-down 5a cards must be named, not "?".',
)
@click.option(
    "--player",
    type=click.IntRange(1, 2),
    default=1,
    show_default=True,
    help="With --vs: you are this player of the table; the other is the opponent.",
)
@click.option(
    "--cards", type=click.IntRange(0), default=None, help="Cards you place before the round ends (default all)."
)
@backend_option(BACKENDS, help="All three are exact; reference takes at most 10 cards.")
@time_limit_option(10.0, "Seconds cpsat may take, building its model included.")
@click.pass_context
def subito_optimize(
    ctx: click.Context,
    pile: str,
    tasks_text: str,
    vs_file: str | None,
    player: int,
    cards: int | None,
    backend: str,
    time_limit: float,
) -> None:
    """The best placement of your pile, card by card in pile order: with --vs, the one that
    wins the most points against the opponent's cards; without, the most points x cards
    (then points x numbers). Says whether the answer is proven optimal; exit 3 when it is
    not (a limit ran out first: the placement shown is the best found)."""
    vs = None if vs_file is None else read_table(vs_file)
    emit(ctx, api.optimize(pile, tasks_text, vs=vs, player=player, cards=cards, backend=backend, time_limit=time_limit))


@group.command("duel")
@click.option("--seed", type=SEED, default=1, show_default=True, help="The deal: sides and both piles.")
@click.option("--sides", type=click.Choice(SIDE_CHOICES), default="a", show_default=True, help=SIDES_HELP)
@click.option("--cards", type=click.IntRange(0, 36), default=None, help="Cards each player places (default all 36).")
@click.option("--limit", type=click.IntRange(1, 1000), default=10, show_default=True, help="Answers at most.")
@backend_option(BACKENDS, names=("numba", "cpsat"), help="Both are exact.")
@deck_option()
@click.pass_context
def subito_duel(
    ctx: click.Context, seed: int, sides: Any, cards: int | None, limit: int, backend: str, deck_file: str | None
) -> None:
    """Both piles of a seeded deal known: the players take turns answering the other's
    placement with a best response, from their best placements without an opponent,
    until neither improves or --limit answers; what optimal play is worth against a
    strong player. Exit 3 when an answer was not proven a best response (undecided)."""
    with progress_callback("best responses") as progress:
        found = api.duel(
            seed, sides=sides, cards=cards, limit=limit, backend=backend, deck=load_deck(deck_file), progress=progress
        )
    emit(ctx, found)


@group.command("hint")
@click.option(
    "--table",
    "table_file",
    metavar="TABLE.json",
    type=click.Path(dir_okay=False),
    required=True,
    help="The cards both players have placed so far; the opponent's face-down 5a cards are "
    'unseen (write them "?"; named ones are not looked at).',
)
@click.option("--card", "card_text", required=True, help="The card you have just turned over: Y4A.")
@click.option(
    "--player",
    type=click.IntRange(1, 2),
    default=1,
    show_default=True,
    help="You: the first or second player of the table file.",
)
@click.option(
    "--samples", type=click.IntRange(1, 100_000), default=SAMPLES, show_default=True, help="Rollouts per side."
)
@click.option("--seed", type=SEED, default=0, show_default=True)
@deck_option("The deck the unseen cards come from (JSON, the bundled deck's shape).")
@click.pass_context
def subito_hint(
    ctx: click.Context, table_file: str, card_text: str, player: int, samples: int, seed: int, deck_file: str | None
) -> None:
    """Where to place the card just turned over, with the rest of your pile unknown: each
    side that takes it, by your expected round points over seeded rollouts of the unseen
    cards (you played on by the planner policy, your opponent by the greedy one: an
    estimate, with its standard error). 5a over 12 is listed with its cost: the task card
    is lost."""
    table = read_table(table_file)
    with progress_callback("rollouts") as progress:
        found = api.hint(
            table, card_text, player=player, samples=samples, seed=seed, deck=load_deck(deck_file), progress=progress
        )
    emit(ctx, found)


@group.command("hints")
@click.option(
    "--rounds",
    type=click.IntRange(1, 10_000_000),
    default=500,
    show_default=True,
    help="Seeded two-player rounds per policy (the study's samples).",
)
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option(
    "--policies",
    default="hint,greedy,random",
    show_default=True,
    help="Player 1's policies compared: hint, greedy, random, and hint-own-pile (the hint told the "
    "order of its own pile, which no player knows: a bound, not a hint).",
)
@click.option(
    "--hint-samples",
    type=click.IntRange(1, STUDY_SAMPLES),
    default=SAMPLES,
    show_default=True,
    help="The hint's rollouts per side.",
)
@click.option("--sides", type=click.Choice(SIDE_CHOICES), default="random", show_default=True, help=SIDES_HELP)
@study_run_options()
@click.pass_context
def subito_hints(
    ctx: click.Context,
    rounds: int,
    seed: int,
    policies: str,
    hint_samples: int,
    sides: Any,
    workers: int | None,
    scheduler: str | None,
    store: str | None,
    plot: str | None,
) -> None:
    """The hints study: each policy's regret (the clairvoyant best response's points minus
    the policy's) over seeded rounds against a greedy player 2. It is the study
    ``cardsolve analyze subito hints`` with these options: the same chunks, store, workers
    or Dask cluster, and picture."""
    emit_study(
        ctx,
        "subito hints chunks",
        store,
        lambda progress: api.hints(
            rounds=rounds,
            seed=seed,
            policies=policies,
            hint_samples=hint_samples,
            sides=sides,
            workers=workers,
            scheduler=scheduler,
            store=store,
            plot=plot,
            progress=progress,
        ),
    )
