"""The ``cardsolve subito`` commands: Subito."""

from __future__ import annotations

from typing import Any

import click

from cardsolve.models.errors import BadInput
from cardsolve.solvers.commands.common import emit_raw
from cardsolve.solvers.results import text_table


@click.group("subito")
def group() -> None:
    """Subito: deal the stand-in deck, score a round's table by the rulebook, the best
    placement of a pile (alone or against a table), a duel of best responses, and hints
    for the card just turned over."""


@group.command("deal")
@click.option("--seed", type=int, default=1, show_default=True, help="The shuffle (and random sides).")
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True,
              help="2: two piles of 36; 3: the solo player's 36 and two team piles of 18; 4: four piles of 18.")
@click.option("--sides", type=click.Choice(["a", "b", "random"]), default="a", show_default=True,
              help="The task-card sides: a (round 1), b, or a seeded random side of each.")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False), default=None,
              help="A deck file of your own printed cards (JSON: {\"cards\": [\"Y4A\", ...]}).")
@click.pass_context
def subito_deal(ctx: click.Context, seed: int, players: int, sides: Any, deck_file: str | None) -> None:
    """Deal a seeded round: the sides in play and the piles. Each of the eight task-card
    sides is shown with its rule; each pile is listed top card first."""
    from cardsolve.models.subito import deal, format_cards, load_deck

    tasks, piles = deal(load_deck(deck_file), seed, players, sides)
    lines = [text_table(["task", "side", "rule"], [[side.number, side.name, side.rule] for side in tasks]), ""]
    lines += [f"P{k} ({len(pile)}): {format_cards(pile)}" for k, pile in enumerate(piles, start=1)]
    emit_raw(ctx, {"seed": seed, "players": players, "sides": sides,
                "tasks": [{"side": side.name, "points": side.number, "rule": side.rule} for side in tasks],
                "piles": [[card.name for card in pile] for pile in piles]}, "\n".join(lines))


@group.command("score")
@click.argument("table_file", metavar="TABLE.json", type=click.Path(dir_okay=False))
@click.pass_context
def subito_score(ctx: click.Context, table_file: str) -> None:
    """Score a round's table by the rulebook. Each wrong card and the cards placed after it
    are removed; task cards 2..9 go to more cards, then the higher sum (5a: over 12 loses);
    a player scores the numbers of the task cards won."""
    from cardsolve.models.subito import format_cards, read_table, score_round

    score = score_round(read_table(table_file))
    names = score.names
    rows = [[r.side.number, r.side.name,
             *(f"{k.count} / {k.total}" + (f", removed {format_cards(k.removed)}" if k.removed else "")
               for k in r.players),
             "-" if r.winner is None else names[r.winner], r.reason] for r in score.tasks]
    points = ", ".join(f"{name} {p}" for name, p in zip(names, score.points))
    text = text_table(["task", "side", *(f"{name} cards / sum" for name in names), "winner", "why"], rows)
    emit_raw(ctx, {"players": list(names),
                "tasks": [{"task": r.side.number, "side": r.side.name, "winner": r.winner, "reason": r.reason,
                           "players": [{"kept": [c.name for c in k.kept], "count": k.count, "sum": k.total,
                                        "removed": [c.name for c in k.removed]} for k in r.players]}
                          for r in score.tasks],
                "points": list(score.points)}, f"{text}\npoints: {points}")


@group.command("optimize")
@click.option("--pile", required=True, help="Your pile, top card first: Y4A,R1B,...")
@click.option("--tasks", "tasks_text", required=True, help="The eight sides in play: 2,3a,4b,5a,6b,7a,8a,9b.")
@click.option("--vs", "vs_file", metavar="TABLE.json", type=click.Path(dir_okay=False), default=None,
              help="Answer the opponent's cards in this table (best response).")
@click.option("--player", type=click.IntRange(1, 2), default=1, show_default=True,
              help="With --vs: you are this player of the table; the other is the opponent.")
@click.option("--cards", type=click.IntRange(0), default=None, help="Cards you place before the round ends (default all).")
@click.option("--backend", type=click.Choice(["numba", "cpsat", "reference"]), default="numba", show_default=True,
              help="All three are exact; reference takes at most 10 cards.")
@click.option("--time-limit", type=click.FloatRange(0, min_open=True), default=10.0, show_default=True,
              help="Seconds cpsat may search.")
@click.pass_context
def subito_optimize(ctx: click.Context, pile: str, tasks_text: str, vs_file: str | None, player: int,
                    cards: int | None, backend: str, time_limit: float) -> None:
    """The best placement of your pile, card by card in pile order: with --vs, the one that
    wins the most points against the opponent's cards; without, the most points x cards
    (then points x numbers). Says whether the answer is proven optimal."""
    from cardsolve.models.subito import parse_cards, parse_tasks, read_table
    from cardsolve.solvers.subito.optimize import optimize

    tasks = parse_tasks(tasks_text)
    versus = None
    if vs_file is not None:
        table = read_table(vs_file)
        if [s.name for s in table.tasks] != [s.name for s in tasks]:
            raise BadInput(f"{vs_file} plays {','.join(s.name for s in table.tasks)}, not --tasks {tasks_text}",
                           vs_file)
        mine = table.players[player - 1]
        if any(mine.on(side) for side in tasks):
            raise BadInput(f"{mine.name} already has cards in {vs_file}: optimize places a whole pile, so leave "
                           "your own entry empty", mine.name)
        versus = table.players[2 - player]
    cards_in = parse_cards(pile)
    found = optimize(cards_in, tasks, cards, versus, backend, time_limit)
    placed = {side.name: [c.name for c, s in zip(cards_in, found.sides) if s == side] for side in tasks}
    rows = [[side.number, side.name, len(placed[side.name]), ",".join(placed[side.name]) or "-"] for side in tasks]
    proof = "proven optimal" if found.proven_optimal else "best found, not proven optimal"
    value = (f"wins {found.won} points against {versus.name}" if versus is not None and found.won is not None
             else f"points x cards {found.weighted_count}, points x numbers {found.weighted_sum}")
    emit_raw(ctx, {"cards": len(found.sides), "sides": [s.name for s in found.sides], "placed": placed,
                "won": found.won, "weighted_count": found.weighted_count, "weighted_sum": found.weighted_sum,
                "proven_optimal": found.proven_optimal, "nodes": found.nodes, "backend": found.backend},
          text_table(["task", "side", "cards", "placed in order"], rows)
          + f"\n{len(found.sides)} cards placed: {value} ({proof}, {found.nodes} nodes, {found.backend}).")


@group.command("duel")
@click.option("--seed", type=int, default=1, show_default=True, help="The deal: sides and both piles.")
@click.option("--sides", type=click.Choice(["a", "b", "random"]), default="a", show_default=True)
@click.option("--cards", type=click.IntRange(0, 36), default=None, help="Cards each player places (default all 36).")
@click.option("--limit", type=click.IntRange(1, 1000), default=10, show_default=True, help="Answers at most.")
@click.option("--backend", type=click.Choice(["numba", "cpsat"]), default="numba", show_default=True)
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False), default=None,
              help="A deck file of your own cards (JSON, the bundled deck's shape).")
@click.pass_context
def subito_duel(ctx: click.Context, seed: int, sides: Any, cards: int | None, limit: int, backend: str,
                deck_file: str | None) -> None:
    """Both piles of a seeded deal known: the players take turns answering the other's
    placement with a best response, from their best placements without an opponent,
    until neither improves or --limit answers; what optimal play is worth against a
    strong player."""
    from cardsolve.models.subito import deal, load_deck
    from cardsolve.solvers.subito.duel import duel

    tasks, piles = deal(load_deck(deck_file), seed, 2, sides)
    found = duel((piles[0], piles[1]), tasks, ("P1", "P2"), cards, backend, limit)
    rows = [[n, f"P{a.player + 1}", a.before, a.after, "yes" if a.proven else "no"]
            for n, a in enumerate(found.answers, start=1)]
    verdict = ("settled: each placement is a best response to the other" if found.settled
               else f"not settled after {limit} answers: the best responses keep changing")
    emit_raw(ctx, {"seed": seed, "tasks": [s.name for s in found.tasks], "points": list(found.points),
                "settled": found.settled,
                "answers": [{"player": a.player + 1, "before": a.before, "after": a.after, "proven": a.proven}
                            for a in found.answers],
                "placements": [[s.name for s in p] for p in found.placements]},
          f"Sides: {','.join(s.name for s in found.tasks)}\n"
          + text_table(["answer", "player", "won before", "won after", "proven"], rows)
          + f"\n{verdict}; final round points P1 {found.points[0]}, P2 {found.points[1]}.")


@group.command("hint")
@click.option("--table", "table_file", metavar="TABLE.json", type=click.Path(dir_okay=False), required=True,
              help="The cards both players have placed so far.")
@click.option("--card", "card_text", required=True, help="The card you have just turned over: Y4A.")
@click.option("--player", type=click.IntRange(1, 2), default=1, show_default=True,
              help="You: the first or second player of the table file.")
@click.option("--samples", type=click.IntRange(1, 100_000), default=64, show_default=True,
              help="Rollouts per side.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False), default=None,
              help="The deck the unseen cards come from (JSON, the bundled deck's shape).")
@click.pass_context
def subito_hint(ctx: click.Context, table_file: str, card_text: str, player: int, samples: int, seed: int,
                deck_file: str | None) -> None:
    """Where to place the card just turned over, with the rest of your pile unknown: each
    side that takes it, by your expected round points over seeded rollouts of the unseen
    cards played on by a greedy policy (an estimate, with its standard error)."""
    from cardsolve.models.subito import load_deck, parse_card, read_table
    from cardsolve.solvers.subito.hint import hint as subito_hint_for

    table = read_table(table_file)
    found = subito_hint_for(table, player - 1, parse_card(card_text), load_deck(deck_file), samples, seed)
    rows = [[e.side.name, f"{e.mean:.2f}", f"{e.stderr:.2f}"] for e in found.ranking]
    best = found.ranking[0]
    if len(found.ranking) == 1:
        lead = ", the only side that takes it"
    elif found.margin > 0:
        lead = f", ahead of {found.ranking[1].side.name} by {found.margin:.2f} points"
    else:
        lead = f", level with {found.ranking[1].side.name} (the higher task card first)"
    refused = f"\nNot accepted: {', '.join(s.name for s in found.refused)}." if found.refused else ""
    text = (f"Place {found.card.name} on {best.side.name}: {best.mean:.2f} expected points over {samples} "
            f"rollouts{lead}.\n\n"
            + text_table(["side", "expected points", "std. error"], rows) + refused)
    emit_raw(ctx, {"card": found.card.name, "player": player, "samples": samples, "seed": seed,
                "best": best.side.name, "margin": found.margin,
                "ranking": [{"side": e.side.name, "expected": e.mean, "stderr": e.stderr} for e in found.ranking],
                "refused": [s.name for s in found.refused]}, text)
