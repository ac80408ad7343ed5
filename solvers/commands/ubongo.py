"""The ``cardsolve ubongo`` commands: Ubongo: Das Kartenspiel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cardsolve.models.errors import BadInput
from cardsolve.solvers.commands.common import OutputFile, emit_raw
from cardsolve.solvers.results import text_table


@click.group("ubongo")
def group() -> None:
    """Ubongo: Das Kartenspiel: deal from the stand-in deck, verify and solve hands (the
    best layout, the largest one, every distinct one), hints at the table, whole games
    played out, and checking and drawing layouts."""


def _layout_reader(deck_file: str | None) -> Any:
    """A function reading a card name: literal faces always, deck faces (17w) from the
    deck file (or the bundled deck), loaded only when a deck face is named."""
    from cardsolve.models.ubongo.faces import load_deck, parse_literal

    decks: list[Any] = []

    def face(name: str) -> Any:
        if "/" in name:
            return parse_literal(name)
        if not decks:
            decks.append(load_deck(deck_file))
        return decks[0].face(name)

    return face


DECK_OPTION = click.option("--deck", "deck_file", type=click.Path(dir_okay=False), default=None,
                           help="A deck file of your own printed cards (JSON, the bundled deck's shape).")


@group.command()
@click.option("--stack", "round_number", type=click.IntRange(1, 6), required=True,
              help="The number in the card's middle, 1-6: the round (stack 1|2, 3|4 or 5|6; odd white, even black).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=click.IntRange(1, 4), default=1, show_default=True)
@DECK_OPTION
@click.pass_context
def deal(ctx: click.Context, round_number: int, seed: int, players: int, deck_file: str | None) -> None:
    """Deal seeded 9-card hands for a round from the bundled deck (or --deck FILE)."""
    from cardsolve.models.ubongo.faces import load_deck
    from cardsolve.models.ubongo.scoring import deal as deal_hands
    from cardsolve.models.ubongo.scoring import hand_faces, stack_for_round

    hands = deal_hands(load_deck(deck_file), stack_for_round(round_number), players, seed)
    faces = [hand_faces(hand, round_number) for hand in hands]
    lines = [f"P{p + 1}: " + ",".join(f.name for f in hand) + "\n    " + "  ".join("/".join(f.grid) for f in hand)
             for p, hand in enumerate(faces)]
    emit_raw(ctx, {"round": round_number, "seed": seed,
                "hands": [[{"face": f.name, "grid": "/".join(f.grid)} for f in hand] for hand in faces]},
          "\n".join(lines))


def _hand_faces(hand: str, face: Any) -> list[Any]:
    """The faces of a comma-separated --hand, each read by ``face``."""
    tokens = [t.strip() for t in hand.split(",")]
    if not all(tokens):
        raise BadInput(f"empty face in --hand {hand!r}", hand)
    return [face(t) for t in tokens]


def _nodes(count: int) -> str:
    return f"{count} node{'s' * (count != 1)}"


HAND_OPTION = click.option("--hand", required=True,
                           help="The faces in hand, comma-separated: 3w,7w,... or ABC/DDA,...")
K_OPTION = click.option("--k", "k", type=click.IntRange(0, 99), default=7, show_default=True,
                        help="Cards to lay.")
TIME_LIMIT_OPTION = click.option("--time-limit", type=click.FloatRange(0, min_open=True), default=60.0,
                                 show_default=True, help="Seconds the cpsat backend may search.")


@group.command()
@HAND_OPTION
@K_OPTION
@click.option("--backend", type=click.Choice(["numba", "cpsat", "reference"]), default="numba",
              show_default=True, help="Solver backend; all three are exact.")
@TIME_LIMIT_OPTION
@DECK_OPTION
@click.pass_context
def verify(ctx: click.Context, hand: str, k: int, backend: str, time_limit: float, deck_file: str | None) -> None:
    """Is there a valid layout of K of the hand's faces? Exit 0 with one, 1 when none
    exists (or cpsat's time limit passed first, which it says)."""
    from cardsolve.models.ubongo.faces import check_distinct_cards
    from cardsolve.models.ubongo.layout import layout_to_json
    from cardsolve.models.ubongo.picture import ascii_picture
    from cardsolve.solvers.ubongo.backends import solver

    faces = _hand_faces(hand, _layout_reader(deck_file))
    check_distinct_cards(faces)
    found = solver(backend, time_limit)(faces, k)
    layout = found.layout
    if layout is not None:
        text = f"A valid layout of {k} of the {len(faces)} faces ({_nodes(found.nodes)}, {backend}):\n\n" \
            + ascii_picture(layout)
    elif found.proven:
        proof = "proven infeasible by CP-SAT" if backend == "cpsat" else "proven by exhaustive search"
        text = f"No valid layout of {k} of these {len(faces)} faces exists ({proof}, {_nodes(found.nodes)}, {backend})."
    else:
        text = (f"Undecided: {backend} found no layout of {k} of these {len(faces)} faces within "
                f"{time_limit:g} s, and did not prove that none exists ({_nodes(found.nodes)}).")
    emit_raw(ctx, {"solvable": True if layout is not None else False if found.proven else None,
                "layout": None if layout is None else layout_to_json(layout),
                "nodes": found.nodes, "backend": backend}, text)
    if layout is None:
        ctx.exit(1)


@group.command()
@HAND_OPTION
@K_OPTION
@click.option("--all", "enumerate_all", is_flag=True,
              help="List every distinct valid layout of K cards (up to moving and turning the whole layout).")
@click.option("--limit", type=click.IntRange(1), default=None,
              help="With --all: stop after this many layouts.")
@click.option("--show", type=click.IntRange(0), default=3, show_default=True,
              help="With --all: layouts drawn (--json lists them all).")
@click.option("--backend", type=click.Choice(["numba", "cpsat", "reference"]), default="numba",
              show_default=True, help="Solver backend (--all: numba or reference).")
@TIME_LIMIT_OPTION
@DECK_OPTION
@click.pass_context
def solve(ctx: click.Context, hand: str, k: int, enumerate_all: bool, limit: int | None, show: int,
          backend: str, time_limit: float, deck_file: str | None) -> None:
    """The best layout: K of the hand's faces, or, when none exists, the largest valid
    layout (what an early end of the round scores). With --all, every distinct layout of K."""
    from cardsolve.models.ubongo.faces import check_distinct_cards

    faces = _hand_faces(hand, _layout_reader(deck_file))
    check_distinct_cards(faces)
    if enumerate_all:
        _enumerate(ctx, faces, k, limit, show, backend)
    else:
        _largest(ctx, faces, k, backend, time_limit)


def _largest(ctx: click.Context, faces: list[Any], k: int, backend: str, time_limit: float) -> None:
    """``ubongo solve`` without --all: the layout of k cards, or the largest one."""
    from cardsolve.models.ubongo.layout import layout_to_json
    from cardsolve.models.ubongo.picture import ascii_picture
    from cardsolve.solvers.ubongo.backends import solver
    from cardsolve.solvers.ubongo.largest import largest_layout

    found = largest_layout(faces, k, solver(backend, time_limit))
    assert found.layout is not None  # a single card is always a layout
    size = len(found.layout)
    search = f"{_nodes(found.nodes)}, {backend}"
    if size == k:
        head = f"A valid layout of {k} of the {len(faces)} faces ({search}):"
    else:
        largest = "the largest" if found.proven else f"the largest found within {time_limit:g} s per size (not proven)"
        head = (f"No valid layout of {k} of these {len(faces)} faces exists; {largest} valid layout has "
                f"{size} card{'s' * (size != 1)}, worth {size} points at an early end ({search}):")
    emit_raw(ctx, {"k": k, "cards": size, "complete": size == k, "proven": found.proven,
                "layout": layout_to_json(found.layout), "nodes": found.nodes, "backend": backend},
          head + "\n\n" + ascii_picture(found.layout))


def _enumerate(ctx: click.Context, faces: list[Any], k: int, limit: int | None, show: int, backend: str) -> None:
    """``ubongo solve --all``: the distinct layouts of k cards."""
    from cardsolve.models.ubongo.layout import layout_to_json
    from cardsolve.models.ubongo.picture import ascii_picture

    if backend == "cpsat":
        raise BadInput("--all enumerates with numba or reference, not cpsat", backend)
    if backend == "numba":
        from cardsolve.solvers.ubongo.fast import enumerate_layouts
    else:
        from cardsolve.solvers.ubongo.reference import enumerate_layouts
    found = enumerate_layouts(faces, k, limit)
    count = len(found.layouts)
    if found.complete:
        head = (f"{count} distinct valid layout{'s' * (count != 1)} of {k} of the {len(faces)} faces, "
                f"up to moving and turning the whole layout ({_nodes(found.nodes)}, {backend})")
    else:
        head = (f"More than {count} distinct valid layouts of {k} of the {len(faces)} faces; --limit {limit} "
                f"stopped the search ({_nodes(found.nodes)}, {backend})")
    shown = found.layouts[:show]
    pictures = [f"Layout {n}:\n{ascii_picture(layout)}" for n, layout in enumerate(shown, start=1)]
    more = [f"{count - len(shown)} more not drawn (--show N draws more, --json lists all)."] if shown and count > len(shown) else []
    emit_raw(ctx, {"k": k, "count": count, "complete": found.complete, "nodes": found.nodes, "backend": backend,
                "layouts": [layout_to_json(layout) for layout in found.layouts]},
          "\n\n".join([head + ("." if not shown else ":"), *pictures, *more]))


@group.command("hint")
@HAND_OPTION
@click.option("--table", "table_file", metavar="LAYOUT.json", type=click.Path(dir_okay=False), required=True,
              help="The cards laid so far, as a layout file.")
@K_OPTION
@click.option("--backend", type=click.Choice(["numba", "reference"]), default="numba", show_default=True,
              help="Completion search backend; both are exact.")
@DECK_OPTION
@click.pass_context
def ubongo_hint(ctx: click.Context, hand: str, table_file: str, k: int, backend: str, deck_file: str | None) -> None:
    """The next card to lay so that a layout of K stays reachable, or which laid cards to
    take back and why. Exit 1 when no layout of K of all these cards exists."""
    from cardsolve.models.ubongo.faces import check_distinct_cards
    from cardsolve.models.ubongo.layout import layout_to_json, read_layout
    from cardsolve.models.ubongo.picture import ascii_picture
    from cardsolve.solvers.ubongo import fast, reference
    from cardsolve.solvers.ubongo.hint import hint as find_hint
    from cardsolve.solvers.ubongo.largest import largest_layout

    face = _layout_reader(deck_file)
    table = read_layout(table_file, face)
    faces = _hand_faces(hand, face)
    check_distinct_cards([p.face for p in table] + faces)
    complete = fast.complete if backend == "numba" else reference.complete
    found = find_hint(table, faces, k, complete)
    document: dict[str, Any] = {
        "done": found.done, "take_back": [{"card": t.index, "face": table[t.index].face.name, "reason": t.reason}
                                          for t in found.take_back],
        "placement": None if found.placement is None else found.placement.to_json(), "joins": list(found.joins),
        "target": None if found.target is None else layout_to_json(found.target),
        "nodes": found.nodes, "backend": backend}
    if found.target is None:
        every = [p.face for p in table] + faces
        best = largest_layout(every, k, fast.solve).layout
        assert best is not None
        document["largest"] = layout_to_json(best)
        emit_raw(ctx, document, f"No valid layout of {k} of these {len(every)} cards exists, whatever is taken back. "
                             f"The largest has {len(best)}:\n\n{ascii_picture(best)}")
        ctx.exit(1)
    lines = [f"Take back card {t.index} ({table[t.index].face.name}): {t.reason}." for t in found.take_back]
    if found.done:
        lines.append(f"The table is a valid layout of {len(table)} cards: call \"Ubongo!\".")
    elif found.placement is None:
        lines.append(f"Then the table is a valid layout of {k} cards: call \"Ubongo!\".")
    else:
        p = found.placement
        joins = " and ".join(f"{i} ({table[i].face.name})" for i in found.joins)
        where = f", joining card{'s' * (len(found.joins) != 1)} {joins}" if found.joins else ""
        lines.append(f"{'Then lay' if found.take_back else 'Lay'} {p.face.name} turned {p.rotation} degrees "
                     f"with its top-left cell at ({p.x}, {p.y}){where}. A layout of {k} from there "
                     f"({_nodes(found.nodes)}, {backend}):")
        lines += ["", ascii_picture(found.target)]
    emit_raw(ctx, document, "\n".join(lines))


@group.command()
@click.option("--players", type=click.IntRange(1, 4), default=3, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@DECK_OPTION
@click.pass_context
def game(ctx: click.Context, players: int, seed: int, deck_file: str | None) -> None:
    """Play a seeded six-round game out with perfect, equally fast players: whoever can
    lay 7 calls "Ubongo!" (10 points), everyone else scores their largest layout."""
    from cardsolve.models.ubongo.faces import load_deck
    from cardsolve.models.ubongo.layout import layout_to_json
    from cardsolve.solvers.ubongo.fast import solve as numba_solve
    from cardsolve.solvers.ubongo.game import play_game, player_names

    rounds, ranking = play_game(load_deck(deck_file), players, seed, numba_solve)
    names = player_names(players)
    rows = [[str(r.number), f"{(r.stack * 2 - 1)}|{r.stack * 2}", r.side,
             *(f"{p.points} ({len(p.layout)} laid)" for p in r.players)] for r in rounds]
    totals = {s.player: s for s in ranking}
    rows.append(["total", "", "", *(str(totals[name].points) for name in names)])
    places = "; ".join(f"{s.place}. {s.player} {s.points} points ({s.tens} rounds of 10)" for s in ranking)
    emit_raw(ctx, {"players": players, "seed": seed,
                "rounds": [{"round": r.number, "stack": r.stack, "side": r.side,
                            "players": [{"player": name, "faces": list(p.faces), "points": p.points,
                                         "layout": layout_to_json(p.layout)}
                                        for name, p in zip(names, r.players)]} for r in rounds],
                "ranking": [{"place": s.place, "player": s.player, "points": s.points, "tens": s.tens}
                            for s in ranking]},
          text_table(["round", "stack", "side", *names], rows) + "\n" + places)


@group.command()
@click.argument("layout_file", metavar="LAYOUT.json", type=click.Path(dir_okay=False))
@DECK_OPTION
@click.pass_context
def check(ctx: click.Context, layout_file: str, deck_file: str | None) -> None:
    """Check a layout against the rules: exit 0 when valid, 1 with every violation."""
    from cardsolve.models.ubongo.layout import layout_to_json, read_layout
    from cardsolve.models.ubongo.picture import ascii_picture
    from cardsolve.models.ubongo.rules import violations

    layout = read_layout(layout_file, _layout_reader(deck_file))
    found = violations(layout)
    verdict = (f"valid: {len(layout)} cards in one connected group" if not found
               else f"invalid: {len(found)} violation{'s' * (len(found) != 1)}")
    text = "\n".join([ascii_picture(layout), "", verdict] + [f"- {v.kind}: {v.detail}" for v in found])
    emit_raw(ctx, {"valid": not found, "cards": len(layout), "layout": layout_to_json(layout),
                "violations": [{"kind": v.kind, "cards": list(v.cards), "detail": v.detail} for v in found]},
          text)
    if found:
        ctx.exit(1)


@group.command()
@click.argument("layout_file", metavar="LAYOUT.json", type=click.Path(dir_okay=False))
@click.option("--svg", "svg_file", type=OutputFile(), default=None,
              help="Also write an SVG picture: one colour per symbol, card outlines, contacts marked.")
@DECK_OPTION
@click.pass_context
def render(ctx: click.Context, layout_file: str, svg_file: str | None, deck_file: str | None) -> None:
    """Draw a layout in the terminal (symbols per cell, card outlines, = and : for
    matching contacts, x for a mismatch), and optionally as SVG."""
    from cardsolve.models.ubongo.layout import layout_to_json, read_layout
    from cardsolve.models.ubongo.picture import ascii_picture, svg_picture

    layout = read_layout(layout_file, _layout_reader(deck_file))
    picture = ascii_picture(layout)
    if svg_file:
        try:
            Path(svg_file).write_text(svg_picture(layout), encoding="utf-8")
        except OSError as error:
            raise BadInput(f"cannot write {svg_file!r}: {error.strerror}", svg_file) from None
    emit_raw(ctx, {"layout": layout_to_json(layout), "ascii": picture, "svg": svg_file},
          picture + (f"\nwrote {svg_file}" if svg_file else ""))
