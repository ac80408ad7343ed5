"""The ``cardsolve was-sticht`` commands: Was sticht?."""

from __future__ import annotations

import os
from typing import Any

import click

from cardsolve.models.errors import BadInput
from cardsolve.solvers.commands.common import OutputFile, emit_raw, progress_bar
from cardsolve.solvers.results import text_table


@click.group("was-sticht")
def group() -> None:
    """Was sticht?: deal a round, deduce the trumps from the dealer's clues in the draft,
    solve the trick game double dummy for a player and a task chip, tabulate every chip,
    measure the chips' difficulty, and play whole games between bots."""


def _trumps_json(trumps: Any) -> dict[str, Any]:
    return {"suit": trumps.suit, "number": trumps.number}


def _trumps_words(trumps: Any) -> str:
    """``trump suit red, trump number 5`` (or no trump suit / no trump number)."""
    from cardsolve.models.was_sticht import COLOURS

    suit = f"trump suit {COLOURS[trumps.suit]}" if trumps.suit else "no trump suit"
    number = f"trump number {trumps.number}" if trumps.number else "no trump number"
    return f"{suit}, {number}"


@group.command("deal")
@click.option("--seed", type=int, default=1, show_default=True, help="The shuffle and the trumps.")
@click.option("--players", type=click.IntRange(3, 4), default=4, show_default=True,
              help="4, or 3 (the table's 9 cards leave the round).")
@click.pass_context
def was_sticht_deal(ctx: click.Context, seed: int, players: int) -> None:
    """Deal a seeded round: the trumps (one of the 50 pairs) and each seat's 9 cards,
    seat 0 leading. With --json the document is a deal file for `solve` and `table`."""
    from cardsolve.models.was_sticht import deal_round, deal_to_json, format_cards

    deal = deal_round(seed, players)
    lines = [f"trumps {deal.trumps}: {_trumps_words(deal.trumps)}; seat {deal.leader} leads"]
    lines += [f"seat {seat}: {format_cards(sorted(hand, key=lambda c: c.index))}"
              for seat, hand in enumerate(deal.hands)]
    emit_raw(ctx, deal_to_json(deal), "\n".join(lines))


@group.command("deduce")
@click.option("--clues", "clues_file", metavar="CLUES.json", type=click.Path(dir_okay=False), required=True,
              help="The columns so far: {\"observations\": [{\"cards\": [...], \"winner\": 2}, ...]}.")
@click.option("--offer", default=None, help="The cards you may pick now (R9,B1,Y5): the best pick among them.")
@click.pass_context
def was_sticht_deduce(ctx: click.Context, clues_file: str, offer: str | None) -> None:
    """The trump pairs that fit every clue of the draft so far, how likely each trump
    suit and number is (every fitting pair equally likely), and with --offer the card
    with the highest expected trick strength over them."""
    from collections import Counter

    from cardsolve.models.was_sticht import COLOURS, check_distinct, parse_cards, read_clues
    from cardsolve.solvers.was_sticht.deduce import best_pick, consistent

    clues = read_clues(clues_file)
    fitting = consistent(clues)
    offered = parse_cards(offer, "the offer") if offer is not None else None
    if offered is not None:
        check_distinct([*(card for clue in clues for card in clue.cards), *offered], "the clues and the offer")
    pick = best_pick(offered, fitting) if offered is not None else None
    document: dict[str, Any] = {"clues": len(clues), "consistent": [_trumps_json(t) for t in fitting]}
    lines = [f"{len(fitting)} of 50 trump pairs fit the {len(clues)} clue{'s' * (len(clues) != 1)}: "
             + " ".join(t.name for t in fitting)]
    if fitting:
        suits = Counter(COLOURS[t.suit] if t.suit else "none" for t in fitting)
        numbers = Counter(str(t.number) if t.number else "none" for t in fitting)
        lines.append("trump suit:   " + ", ".join(f"{k} {v / len(fitting):.0%}" for k, v in suits.most_common()))
        lines.append("trump number: " + ", ".join(f"{k} {v / len(fitting):.0%}" for k, v in numbers.most_common()))
    else:
        lines.append("no pair fits: a clue contradicts the others")
    if pick is not None:
        document["pick"] = {"card": pick.card.name,
                            "expected": [{"card": c.name, "strength": round(v, 4)} for c, v in pick.expected]}
        lines.append(f"pick {pick.card} (expected trick strength "
                     + ", ".join(f"{c} {v:.3f}" for c, v in pick.expected) + ")")
    emit_raw(ctx, document, "\n".join(lines))


def _position_from(deal_file: str) -> Any:
    from cardsolve.models.was_sticht import read_deal
    from cardsolve.models.was_sticht.play import start

    deal = read_deal(deal_file)
    return start(deal.hands, deal.trumps, deal.leader)


DEAL_OPTION = click.option("--deal", "deal_file", metavar="DEAL.json", type=click.Path(dir_okay=False),
                           required=True, help="The hands, trumps and leader (`was-sticht deal --json` writes one).")
WS_BACKEND = click.option("--backend", type=click.Choice(["numba", "reference"]), default="numba", show_default=True,
                          help="The double-dummy solver (reference: plain minimax, for endings of a few tricks).")


@group.command("solve")
@DEAL_OPTION
@click.option("--player", type=click.IntRange(0, 3), required=True, help="The seat, 0..3 as in the deal file.")
@click.option("--task", "task_id", required=True, help="The task chip's id: exactly-2, no-red, last-trick, ...")
@WS_BACKEND
@click.pass_context
def was_sticht_solve(ctx: click.Context, deal_file: str, player: int, task_id: str, backend: str) -> None:
    """Double dummy (every hand known, as after the open draft): can the player force the
    task whatever the others play, can it happen at all, the fewest and the most tricks
    the player can force, and the best card for the seat to move."""
    from cardsolve.models.was_sticht import parse_chip
    from cardsolve.solvers.was_sticht import analyse

    position = _position_from(deal_file)
    chip = parse_chip(task_id)
    result = analyse(position, player, chip, backend)
    mover = position.to_move
    whose = "the player's own" if mover == player else f"seat {mover}'s"
    lines = [f"seat {player}, task {chip.id} ({chip.en}), trumps {position.trumps}:",
             f"forceable: {'yes' if result.forceable else 'no'}",
             f"possible:  {'yes' if result.possible else 'no'}",
             f"tricks: the player makes sure of at least {result.most} and can keep them to at most "
             f"{result.fewest}, whatever the others do",
             f"best card for seat {mover} to play ({whose} move): {result.best_card}"]
    emit_raw(ctx, {"player": player, "task": chip.id, "trumps": _trumps_json(position.trumps),
                "forceable": result.forceable, "possible": result.possible, "fewest": result.fewest,
                "most": result.most, "to_move": mover,
                "best_card": result.best_card.name if result.best_card else None,
                "nodes": result.nodes, "backend": result.backend}, "\n".join(lines))


@group.command("table")
@DEAL_OPTION
@WS_BACKEND
@click.pass_context
def was_sticht_table(ctx: click.Context, deal_file: str, backend: str) -> None:
    """Every task chip for every seat of a dealt round: forceable (F: met whatever the
    others play), possible (p: met if the others help) or impossible (-)."""
    from cardsolve.models.was_sticht import CHIPS
    from cardsolve.solvers.was_sticht.chip_table import chip_table

    position = _position_from(deal_file)
    mark = {"forceable": "F", "possible": "p", "impossible": "-"}
    with progress_bar("chips") as progress:
        task = progress.add_task("chips", total=len(CHIPS))
        rows = []
        for chip in CHIPS:
            rows.extend(chip_table(position, [chip], backend))
            progress.advance(task)
    seats = range(position.players)
    text = text_table(["chip", "value", "source", *(f"seat {s}" for s in seats)],
                  [[row.chip.id, row.chip.value, row.chip.source, *(mark[v] for v in row.verdicts)] for row in rows])
    counts = ", ".join(f"seat {s} {sum(row.verdicts[s] == 'forceable' for row in rows)}" for s in seats)
    emit_raw(ctx, {"trumps": _trumps_json(position.trumps), "leader": position.leader,
                "chips": [{"id": row.chip.id, "value": row.chip.value, "source": row.chip.source,
                           "seats": list(row.verdicts)} for row in rows]},
          f"trumps {position.trumps}, seat {position.leader} leads; F forceable, p possible, - impossible\n"
          f"{text}\nforceable chips: {counts}")


@group.command("chips")
@click.option("--deals", type=click.IntRange(1, 10_000_000), default=2000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: all cores).")
@click.option("--plot", type=OutputFile(), default=None,
              help="Write a PNG: each chip's forceable share beside its corner value.")
@click.pass_context
def was_sticht_chips(ctx: click.Context, deals: int, seed: int, workers: int | None, plot: str | None) -> None:
    """How hard each task chip is: over seeded random deals and trumps, the share of deals
    in which the seat on lead, and the seat after it, can force the chip double dummy;
    easiest first, beside the chip's corner value (the printed values are not public, so
    the bundled ones are guesses and this is the project's estimate)."""
    from cardsolve.solvers.was_sticht.difficulty import chip_difficulty

    with progress_bar("deals") as progress:
        task = progress.add_task("deals", total=deals)
        shares = chip_difficulty(deals, seed, workers=workers or os.cpu_count() or 1,
                                 done=lambda n: progress.advance(task, n))
    ranked = sorted(shares, key=lambda s: (-s.leader_share, -s.second_share, s.chip.id))
    text = text_table(["rank", "chip", "value", "source", "leader forces", "second forces"],
                  [[k, s.chip.id, s.chip.value, s.chip.source, f"{s.leader_share:.1%}", f"{s.second_share:.1%}"]
                   for k, s in enumerate(ranked, start=1)],
                  title=f"{deals} seeded deals (seed {seed}), easiest first")
    if plot:
        _plot_chip_shares(ranked, plot, f"Was sticht? chips forced double dummy: {deals} deals, seed {seed}")
    emit_raw(ctx, {"deals": deals, "seed": seed,
                "chips": [{"id": s.chip.id, "value": s.chip.value, "source": s.chip.source,
                           "leader": s.leader, "second": s.second, "leader_share": s.leader_share,
                           "second_share": s.second_share} for s in ranked]},
          text + (f"\nplot written to {plot}" if plot else ""))


def _plot_chip_shares(ranked: Any, path: str, title: str) -> None:
    """A PNG: one bar per chip (its leader's and second seat's forceable shares), the
    corner value written on each."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(11, 5))
    xs = range(len(ranked))
    ax.bar([x - 0.2 for x in xs], [s.leader_share for s in ranked], width=0.4, label="seat on lead")
    ax.bar([x + 0.2 for x in xs], [s.second_share for s in ranked], width=0.4, label="seat after it")
    for x, share in zip(xs, ranked):
        ax.text(x, max(share.leader_share, share.second_share) + 0.01, str(share.chip.value), ha="center", fontsize=8)
    ax.set_xticks(list(xs), [s.chip.id for s in ranked], rotation=70, fontsize=8)
    ax.set_ylabel("share of deals in which the chip is forceable")
    ax.set_title(title + " (numbers: corner values)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


@group.command("play")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--players", type=click.IntRange(3, 4), default=4, show_default=True)
@click.option("--bots", default=None, help="One bot per seat: solver (deduce and solve) or random; default solver.")
@click.option("--rounds", type=click.IntRange(1, 1000), default=100, show_default=True, help="Round limit.")
@click.pass_context
def was_sticht_play(ctx: click.Context, seed: int, players: int, bots: str | None, rounds: int) -> None:
    """A whole seeded game between bots: the solver bot drafts by deducing the trumps from
    the clues, chooses a chip it can force and plays the double-dummy solver's cards."""
    from cardsolve.models.was_sticht import Policy, RandomPolicy, play_game
    from cardsolve.solvers.was_sticht.bots import SolverBot

    names = (bots or ",".join(["solver"] * players)).split(",")
    if len(names) != players:
        raise BadInput(f"{len(names)} bots for {players} players: name one per seat", bots)
    policies: list[Policy] = []
    for seat, name in enumerate(names):
        if name not in ("solver", "random"):
            raise BadInput(f"unknown bot {name!r}: use solver or random", name)
        policies.append(SolverBot() if name == "solver" else RandomPolicy(f"{seed}:{seat}"))
    record = play_game(seed, players, policies, round_limit=rounds)
    rows = []
    for number, r in enumerate(record.rounds, start=1):
        won = [sum(t.winner == seat for t in r.tricks) for seat in range(players)]
        chosen = ", ".join(f"{seat}:{chip.id}{'*' if seat in r.settlement.met else ''}"
                           for seat, chip in r.chosen.items())
        discarded = ", ".join(f"{seat}:{chip.id}" for seat, chip in r.discarded.items()) or "-"
        rows.append([number, r.dealer, r.trumps.name, chosen, "/".join(map(str, won)), discarded])
    text = text_table(["round", "dealer", "trumps", "chips chosen (* met)", "tricks", "discarded"], rows)
    result = ("round limit reached: no winner" if record.limit_hit else
              "winner" + "s" * (len(record.winners) > 1) + ": " + ", ".join(f"seat {s}" for s in record.winners))
    standings = "; ".join(f"{s.rank}. seat {s.seat} ({names[s.seat]}) {len(s.discarded)} chips worth {s.value}"
                          for s in record.standings)
    emit_raw(ctx, {"seed": seed, "players": players, "bots": names, "winners": list(record.winners),
                "limit_hit": record.limit_hit,
                "rounds": [{"dealer": r.dealer, "trumps": _trumps_json(r.trumps),
                            "chosen": {str(seat): chip.id for seat, chip in r.chosen.items()},
                            "met": list(r.settlement.met), "dealer_beat": list(r.settlement.dealer_beat),
                            "tricks": [sum(t.winner == seat for t in r.tricks) for seat in range(players)],
                            "discarded": {str(seat): chip.id for seat, chip in r.discarded.items()}}
                           for r in record.rounds],
                "standings": [{"rank": s.rank, "seat": s.seat, "discarded": [c.id for c in s.discarded],
                               "value": s.value} for s in record.standings]},
          f"{text}\n{result}\nstandings: {standings}")
