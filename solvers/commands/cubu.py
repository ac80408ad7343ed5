"""The ``cardsolve cubu`` commands: CUBU."""

from __future__ import annotations

import os
from typing import Any

import click

from cardsolve.models.errors import BadInput
from cardsolve.solvers.commands.common import emit_raw, progress_bar
from cardsolve.solvers.results import text_table


@click.group("cubu")
def group() -> None:
    """CUBU: the longest colour sequence for a hand, whether a Speed CUBU hand can all be
    laid, whole classic games between bots and seeded bot tournaments."""


@group.command("longest")
@click.option("--top", required=True, help="The face-up card, innermost box first: D-R-G.")
@click.option("--hand", required=True, help="Your cards: R-G-O,P-L,miss,...")
@click.option("--limit", type=click.IntRange(1, 10_000), default=10, show_default=True,
              help="Runs listed at most (longest first, then the other maximal ones).")
@click.pass_context
def cubu_longest(ctx: click.Context, top: str, hand: str, limit: int) -> None:
    """The longest colour sequence you can play on the top card this turn (the box to
    declare, the direction and the cards in order), and every other choice that no card
    of your hand could extend. Exits 1 when no sequence can be played."""
    from cardsolve.models.cubu import parse_card, parse_cards
    from cardsolve.solvers.cubu.longest import longest_runs

    runs = longest_runs(parse_card(top), parse_cards(hand), limit=limit)
    if not runs:
        emit_raw(ctx, {"length": 0, "box": None, "direction": None, "cards": [], "others": []},
              "no colour sequence can be played on this card: play an action card or draw")
        ctx.exit(1)
    best = runs[0]
    rows = [[len(run), str(run.follow), " ".join(card.name for card in run.cards)] for run in runs]
    emit_raw(ctx, {**best.as_json(), "others": [run.as_json() for run in runs[1:]]},
          f"longest: {len(best)} card{'s' * (len(best) != 1)}, follow {best.follow}: "
          f"{' '.join(card.name for card in best.cards)}\n"
          + text_table(["cards", "follow", "play in order"], rows, title="every maximal choice"))


@group.command("speed")
@click.option("--centre", required=True, help="The centre card the dealer turned over: D-R-G.")
@click.option("--hand", required=True, help="Your cards: R-G-O,P-L,...")
@click.option("--mode", type=click.Choice(["colour", "boxes"]), default="colour", show_default=True,
              help="colour: a box of the same colour one position up or down; boxes: one box more or fewer.")
@click.option("--backend", type=click.Choice(["numba", "cpsat", "reference"]), default="numba", show_default=True)
@click.option("--time-limit", type=click.FloatRange(0, min_open=True), default=60.0, show_default=True,
              help="Seconds for cpsat.")
@click.pass_context
def cubu_speed(ctx: click.Context, centre: str, hand: str, mode: str, backend: str, time_limit: float) -> None:
    """Can the whole hand be laid around the centre card (Speed CUBU, one player)? Each
    card goes next to a laid card and must relate to one of its laid neighbours. If not,
    the most cards that can be laid. Shows a laying order and the grid. Exits 1 when the
    whole hand cannot be laid."""
    from cardsolve.models.cubu import parse_card, parse_cards
    from cardsolve.solvers.cubu import speed_solve

    centre_card = parse_card(centre)
    cards = parse_cards(hand)
    answer = speed_solve(centre_card, cards, mode, backend, time_limit)
    verdict = ("every card can be laid" if answer.solvable else
               f"at most {answer.most} of the {len(cards)} cards can be laid"
               + ("" if answer.proven else " (not proven: the time limit stopped the search)"))
    order = " ".join(f"{card}@{x},{y}" for card, (x, y) in answer.layout)
    text = (f"{verdict} ({mode} mode; {answer.reachable} of {len(cards)} connect to the centre in the play graph)\n"
            f"order: {order or '-'}\n{_grid_picture(centre_card, answer.layout)}")
    emit_raw(ctx, {"solvable": answer.solvable, "most": answer.most, "cards": len(cards), "reachable": answer.reachable,
                "proven": answer.proven, "mode": mode, "backend": answer.backend, "nodes": answer.nodes,
                "layout": [{"card": card.name, "cell": list(cell)} for card, cell in answer.layout]}, text)
    if not answer.solvable:
        ctx.exit(1)


def _grid_picture(centre: Any, layout: Any) -> str:
    """The laid cards on their grid cells, the centre card in brackets, y growing upwards."""
    cells = {(0, 0): f"[{centre}]", **{cell: str(card) for card, cell in layout}}
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    width = max(len(name) for name in cells.values())
    rows = [" ".join(cells.get((x, y), ".").center(width) for x in range(min(xs), max(xs) + 1)).rstrip()
            for y in range(max(ys), min(ys) - 1, -1)]
    return "\n".join(rows)


@group.command("play")
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True)
@click.option("--bots", default=None,
              help="One bot per seat: greedy, runkeeper, strategist or random (default greedy,strategist,runkeeper,...).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--target", type=click.IntRange(1), default=100, show_default=True, help="Points that win (50, 100, 200).")
@click.option("--rounds", type=click.IntRange(1, 1000), default=None,
              help="Play this many rounds instead, the most points winning (the rulebook's time limit).")
@click.pass_context
def cubu_play(ctx: click.Context, players: int, bots: str | None, seed: int, target: int, rounds: int | None) -> None:
    """A whole seeded classic game between bots, round by round: who went out, with how
    many points, and the scores."""
    from cardsolve.models.cubu.classic import play_game
    from cardsolve.solvers.cubu.bots import lineup

    default = ["greedy", "strategist", "runkeeper"]
    names = bots.split(",") if bots else [default[seat % len(default)] for seat in range(players)]
    if len(names) != players:
        raise BadInput(f"{len(names)} bots for {players} players: name one per seat", bots)
    record = play_game(seed, players, lineup(names, seed), target=target, rounds=rounds)
    scores = [0] * players
    rows = []
    for number, r in enumerate(record.rounds, start=1):
        if r.winner is not None:
            scores[r.winner] += r.points
        sequences = [t for t in r.turns if t.kind == "sequence"]
        longest = max((len(t.cards) for t in sequences), default=0)
        rows.append([number, r.dealer, len(r.turns), longest, sum(t.interrupter is not None for t in r.turns),
                     "-" if r.winner is None else f"seat {r.winner} ({names[r.winner]})", r.points,
                     "/".join(map(str, scores))])
    text = text_table(["round", "dealer", "turns", "longest run", "interrupts", "out first", "points", "scores"], rows)
    result = ("limit reached: no winner" if record.limit_hit else
              "winner" + "s" * (len(record.winners) > 1) + ": "
              + ", ".join(f"seat {s} ({names[s]})" for s in record.winners))
    emit_raw(ctx, {"seed": seed, "players": players, "bots": names, "target": record.target,
                "scores": list(record.scores), "winners": list(record.winners), "limit_hit": record.limit_hit,
                "rounds": [{"dealer": r.dealer, "turns": len(r.turns), "winner": r.winner, "points": r.points}
                           for r in record.rounds]},
          f"{text}\n{result}")


@group.command("simulate")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=2000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--players", type=click.IntRange(2, 6), default=4, show_default=True)
@click.option("--bots", default=None, help="The line-up, rotated over the seats (default: all four bots).")
@click.option("--target", type=click.IntRange(1), default=100, show_default=True)
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: all cores).")
@click.pass_context
def cubu_simulate(ctx: click.Context, games: int, seed: int, players: int, bots: str | None, target: int,
                  workers: int | None) -> None:
    """A seeded bot tournament of whole classic games: win rates by bot (each bot sits
    at every seat in turn) and by seat, and how long games and rounds are."""
    from cardsolve.solvers.cubu.simulate import simulate

    with progress_bar("games") as progress:
        task = progress.add_task("games", total=games)
        summary = simulate(games, seed, bots.split(",") if bots else None, players,
                           workers=workers or os.cpu_count() or 1, target=target,
                           done=lambda n: progress.update(task, completed=n))
    by_bot = summary.win_rate_by_bot
    text = text_table(["bot", "seats filled", "wins", "win rate"],
                  [[name, summary.seats_by_bot[name], f"{summary.wins_by_bot[name]:g}", f"{by_bot[name]:.1%}"]
                   for name in sorted(by_bot, key=lambda n: -by_bot[n])],
                  title=f"{games} games to {target}, {players} players, seed {seed}")
    seats = ", ".join(f"seat {k} {rate:.1%}" for k, rate in enumerate(summary.win_rate_by_seat))
    emit_raw(ctx, {"games": games, "seed": seed, "players": players, "target": target,
                "win_rate_by_bot": by_bot, "win_rate_by_seat": summary.win_rate_by_seat,
                "rounds_per_game": summary.rounds_per_game, "turns_per_round": summary.turns_per_round,
                "cut_games": summary.cut_games, "cut_rounds": summary.cut_rounds},
          f"{text}\nby seat: {seats}\n{summary.rounds_per_game:.2f} rounds a game, "
          f"{summary.turns_per_round:.1f} turns a round; cut off: {summary.cut_games} games, "
          f"{summary.cut_rounds} rounds")
