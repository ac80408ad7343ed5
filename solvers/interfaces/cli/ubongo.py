"""The ``cardsolve ubongo`` commands: Ubongo: Das Kartenspiel. Each reads its options
and files, calls ``solvers.ubongo.api`` and prints the answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cardsolve.solvers.interfaces.cli.common import (
    SEED,
    OutputFile,
    backend_option,
    deck_option,
    emit,
    progress_callback,
    svg_name,
    time_limit_option,
    write_output,
)
from cardsolve.solvers.ubongo.backends import BACKENDS, ENUMERATING

if TYPE_CHECKING:
    from cardsolve.models.ubongo.cards import Deck
    from cardsolve.models.ubongo.layout import Layout


@click.group("ubongo")
def group() -> None:
    """Ubongo: Das Kartenspiel: deal from the stand-in deck, verify and solve hands (the
    best layout, the largest one, every distinct one), hints at the table, whole games
    played out, checking and drawing layouts, and the deck's cards listed."""


def _deck(deck_file: str | None) -> Deck | None:
    """The user's deck file read, or None for the bundled deck."""
    from cardsolve.models.ubongo.cards import load_deck

    return None if deck_file is None else load_deck(deck_file)


def _layout(layout_file: str, deck: Deck | None) -> Layout:
    """A layout file read, its deck faces from ``deck`` (or the bundled deck)."""
    from cardsolve.models.ubongo.cards import face_reader
    from cardsolve.models.ubongo.layout import read_layout

    return read_layout(layout_file, face_reader(deck))


HAND_OPTION = click.option("--hand", required=True, help="The faces in hand, comma-separated: 3w,7w,... or ABC/DDA,...")
K_OPTION = click.option("--k", "k", type=click.IntRange(0, 99), default=7, show_default=True, help="Cards to lay.")
TIME_LIMIT_OPTION = time_limit_option(
    60.0,
    "Seconds the whole command may take on cpsat or reference "
    "(numba always runs to its end); past them the answer is undecided.",
)
SOLVE_TIME_LIMIT_OPTION = time_limit_option(
    60.0,
    "Seconds the whole command may take on cpsat or reference, "
    "and with --all on numba too (numba's one layout always runs to "
    "its end); past them the answer is undecided.",
)


@group.command()
@click.option(
    "--stack",
    "round_number",
    type=click.IntRange(1, 6),
    required=True,
    help="The number in the card's middle, 1-6: the round (stack 1|2, 3|4 or 5|6; odd white, even black).",
)
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--players", type=click.IntRange(1, 4), default=1, show_default=True)
@deck_option()
@click.pass_context
def deal(ctx: click.Context, round_number: int, seed: int, players: int, deck_file: str | None) -> None:
    """Deal seeded 9-card hands for a round from the bundled deck (or --deck FILE)."""
    from cardsolve.solvers.ubongo import api

    emit(ctx, api.deal(round_number, seed=seed, players=players, deck=_deck(deck_file)))


@group.command()
@click.option(
    "--stack",
    "round_number",
    type=click.IntRange(1, 6),
    default=None,
    help="Only the faces of one round: the number in the card's middle, 1-6, as deal takes it.",
)
@deck_option()
@click.pass_context
def cards(ctx: click.Context, round_number: int | None, deck_file: str | None) -> None:
    """List the deck's cards: each face's name (17w, 17b), its stack and side, and its
    2 x 3 symbols, round by round (the bundled stand-in deck, or --deck FILE)."""
    from cardsolve.solvers.ubongo import api

    emit(ctx, api.cards(stack=round_number, deck=_deck(deck_file)))


@group.command()
@HAND_OPTION
@K_OPTION
@backend_option(BACKENDS, help="Solver backend; all three are exact.")
@TIME_LIMIT_OPTION
@deck_option()
@click.pass_context
def verify(ctx: click.Context, hand: str, k: int, backend: str, time_limit: float, deck_file: str | None) -> None:
    """Is there a valid layout of K of the hand's faces? Exit 0 with one, 1 when none
    exists (proven), 3 when the time limit passed first (undecided)."""
    from cardsolve.solvers.ubongo import api

    emit(ctx, api.verify(hand, k=k, backend=backend, time_limit=time_limit, deck=_deck(deck_file)))


@group.command()
@HAND_OPTION
@K_OPTION
@click.option(
    "--all",
    "enumerate_all",
    is_flag=True,
    help="List every distinct valid layout of K cards (up to moving and turning the whole layout).",
)
@click.option("--limit", type=click.IntRange(1), default=None, help="With --all: stop after this many layouts.")
@click.option(
    "--show",
    type=click.IntRange(0),
    default=3,
    show_default=True,
    help="With --all: layouts drawn (--json lists them all).",
)
@backend_option(BACKENDS, help="Solver backend (--all: numba or reference).")
@SOLVE_TIME_LIMIT_OPTION
@deck_option()
@click.pass_context
def solve(
    ctx: click.Context,
    hand: str,
    k: int,
    enumerate_all: bool,
    limit: int | None,
    show: int,
    backend: str,
    time_limit: float,
    deck_file: str | None,
) -> None:
    """The best layout: K of the hand's faces, or, when none exists, the largest valid
    layout (what an early end of the round scores); exit 3 when the time limit left a larger
    one undecided. With --all, every distinct layout of K."""
    from cardsolve.solvers.ubongo import api

    deck = _deck(deck_file)
    if enumerate_all:
        with progress_callback("roots") as progress:
            found = api.solve_all(
                hand, k=k, limit=limit, show=show, backend=backend, time_limit=time_limit, deck=deck, progress=progress
            )
        emit(ctx, found)
    else:
        emit(ctx, api.solve(hand, k=k, backend=backend, time_limit=time_limit, deck=deck))


@group.command("hint")
@HAND_OPTION
@click.option(
    "--table",
    "table_file",
    metavar="LAYOUT.json",
    type=click.Path(dir_okay=False),
    required=True,
    help="The cards laid so far, as a layout file.",
)
@K_OPTION
@backend_option(BACKENDS, names=ENUMERATING, help="Completion search backend; both are exact.")
@deck_option()
@click.pass_context
def ubongo_hint(ctx: click.Context, hand: str, table_file: str, k: int, backend: str, deck_file: str | None) -> None:
    """The next card to lay so that a layout of K stays reachable, or which laid cards to
    take back and why. Exit 1 when no layout of K of all these cards exists."""
    from cardsolve.solvers.ubongo import api

    deck = _deck(deck_file)
    emit(ctx, api.hint(hand, _layout(table_file, deck), k=k, backend=backend, deck=deck))


@group.command()
@click.option("--players", type=click.IntRange(1, 4), default=3, show_default=True)
@click.option("--seed", type=SEED, default=1, show_default=True)
@deck_option()
@click.pass_context
def game(ctx: click.Context, players: int, seed: int, deck_file: str | None) -> None:
    """Play a seeded six-round game out with perfect, equally fast players: whoever can
    lay 7 calls "Ubongo!" (10 points), everyone else scores their largest layout."""
    from cardsolve.solvers.ubongo import api

    deck = _deck(deck_file)
    with progress_callback("hands") as progress:
        played = api.game(players=players, seed=seed, deck=deck, progress=progress)
    emit(ctx, played)


@group.command()
@click.argument("layout_file", metavar="LAYOUT.json", type=click.Path(dir_okay=False))
@deck_option()
@click.pass_context
def check(ctx: click.Context, layout_file: str, deck_file: str | None) -> None:
    """Check a layout against the rules: exit 0 when valid, 1 with every violation."""
    from cardsolve.solvers.ubongo import api

    deck = _deck(deck_file)
    emit(ctx, api.check(_layout(layout_file, deck), deck=deck))


@group.command()
@click.argument("layout_file", metavar="LAYOUT.json", type=click.Path(dir_okay=False))
@click.option(
    "--svg",
    "svg_file",
    type=OutputFile(svg_name),
    default=None,
    help="Also write an SVG picture: one colour per symbol, card outlines, contacts marked.",
)
@deck_option()
@click.pass_context
def render(ctx: click.Context, layout_file: str, svg_file: str | None, deck_file: str | None) -> None:
    """Draw a layout in the terminal (symbols per cell, card outlines, = and : for
    matching contacts, x for a mismatch), and optionally as SVG."""
    from dataclasses import replace

    from cardsolve.solvers.ubongo import api

    deck = _deck(deck_file)
    picture = api.render(_layout(layout_file, deck), deck=deck)
    if svg_file:
        write_output(svg_file, picture.svg)
        picture = replace(picture, svg_file=svg_file)
    emit(ctx, picture)
