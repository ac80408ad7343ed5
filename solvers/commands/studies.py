"""The commands across games: ``cardsolve demo``, ``cardsolve bench`` and ``cardsolve analyze``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from cardsolve.models.errors import BadInput
from cardsolve.solvers.commands.common import OutputFile, emit_raw, progress_bar
from cardsolve.solvers.results import text_table


@click.command()
@click.option("--seed", type=int, default=1, show_default=True, help="The deal to demonstrate.")
@click.pass_context
def demo(ctx: click.Context, seed: int) -> None:
    """Deal seeded hands from the bundled decks and solve them. Quibbles: a solo game, the
    best split of every hand card on all three backends, the combine options, a hint,
    then the whole game played by the hint's lookahead. Ubongo: a round-6 hand verified
    on numba and CP-SAT, its best layout drawn and its distinct layouts counted."""
    quibbles_doc, quibbles_lines, quibbles_agree = _quibbles_demo(seed)
    ubongo_doc, ubongo_lines, ubongo_agree = _ubongo_demo(seed)
    emit_raw(ctx, {**quibbles_doc, "ubongo": ubongo_doc}, "\n".join([*quibbles_lines, "", *ubongo_lines]))
    if not (quibbles_agree and ubongo_agree):
        ctx.exit(1)


def _quibbles_demo(seed: int) -> tuple[dict[str, Any], list[str], bool]:
    """The Quibbles part of the demo: its JSON, its lines, and whether the backends agree."""
    from cardsolve.models.quibbles import Variant, format_values, from_counts, new_game, solo_rating
    from cardsolve.solvers.quibbles.combine import combine_options
    from cardsolve.solvers.quibbles.hint import HintPolicy, rank_turns
    from cardsolve.solvers.quibbles.split import BACKENDS, best_split
    from cardsolve.solvers.quibbles.study import play_game

    state = new_game(1, Variant.SOLO, seed)
    hand, display = from_counts(state.hands[0]), state.display
    splits: list[dict[str, Any]] = []
    for value in sorted(set(hand)):
        answers = {b: best_split(display, value, backend=b) for b in BACKENDS}
        agree = len({a.taken for a in answers.values()}) == 1 and all(a.proven_optimal for a in answers.values())
        splits.append({"value": value, "sets": answers["numba"].values(display),
                       "taken": answers["numba"].taken, "backends_agree": agree})
    options = combine_options(hand, display)
    found = rank_turns(state, seed=seed)
    game = play_game([HintPolicy()], Variant.SOLO, seed).state
    lines = [f"Quibbles solo, deal {seed}: hand [{format_values(hand)}], display [{format_values(display)}]", "",
             "Best split of each hand card (numba, cpsat and reference agree and prove it):"]
    lines += [f"  {s['value']}: takes {s['taken'] or 'nothing'}"
              + (f" as {', '.join('+'.join(map(str, x)) for x in s['sets'])}" if s["sets"] else "")
              + ("" if s["backends_agree"] else "  (BACKENDS DISAGREE)") for s in splits]
    lines += [f"Combine options: {len(options)}"
              + (f", the largest takes {options[0].taken}" if options else ""), "",
              f"Hint: {found.explanation}", "",
              f"The hint's lookahead plays the whole deal: penalty {game.penalty_score} "
              f"({solo_rating(game.penalty_score)}) in {game.turns} turns."]
    document = {"seed": seed, "hand": hand, "display": list(display), "splits": splits,
                "combine_options": len(options), "hint": found.explanation,
                "game": {"penalty": game.penalty_score, "rating": solo_rating(game.penalty_score),
                         "turns": game.turns, "finished": game.winner == 0}}
    return document, lines, all(s["backends_agree"] for s in splits)


DEMO_COUNT_LIMIT = 1000
"""The demo counts an Ubongo hand's distinct layouts up to this many."""


def _ubongo_demo(seed: int) -> tuple[dict[str, Any], list[str], bool]:
    """The Ubongo part of the demo: its JSON, its lines, and whether the backends agree."""
    from cardsolve.models.ubongo.faces import load_deck
    from cardsolve.models.ubongo.layout import layout_to_json
    from cardsolve.models.ubongo.picture import ascii_picture
    from cardsolve.models.ubongo.scoring import TARGET, deal, hand_faces, stack_for_round
    from cardsolve.solvers.ubongo import cpsat, fast
    from cardsolve.solvers.ubongo.largest import largest_layout

    round_number = 6
    faces = hand_faces(deal(load_deck(), stack_for_round(round_number), 1, seed)[0], round_number)
    quick, exact = fast.solve(faces, TARGET), cpsat.solve(faces, TARGET)
    agree = exact.proven and (quick.layout is None) == (exact.layout is None)
    best = quick.layout if quick.layout is not None else largest_layout(faces, TARGET, fast.solve).layout
    assert best is not None  # a hand always holds a layout of one card
    count = fast.enumerate_layouts(faces, TARGET, DEMO_COUNT_LIMIT)
    counted = f"{len(count.layouts)}" if count.complete else f"more than {len(count.layouts)}"
    verdict = (f"a layout of {TARGET} exists ({counted} distinct ones)" if quick.layout is not None
               else f"no layout of {TARGET} exists; the largest has {len(best)} cards")
    lines = [f"Ubongo, round {round_number} (stack 5|6, black faces), deal {seed}: {','.join(f.name for f in faces)}",
             f"numba and cpsat {'agree' if agree else 'DISAGREE'}: {verdict}.", "", ascii_picture(best)]
    document = {"round": round_number, "hand": [f.name for f in faces], "solvable": quick.layout is not None,
                "backends_agree": agree, "layout": layout_to_json(best), "distinct_layouts": len(count.layouts),
                "all_counted": count.complete}
    return document, lines, agree



BENCH_SCRIPTS = {"ubongo": "ubongo", "subito": "subito", "quibbles": "quibbles", "was-sticht": "was_sticht",
                 "cubu": "cubu"}
"""Each game's benchmark module in the ``benchmarks`` package."""


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
    import subprocess
    from datetime import date

    from cardsolve.benchmarks.harness import format_seconds, ratio_text

    for game in games:
        if game not in BENCH_SCRIPTS:
            raise BadInput(f"no benchmark for {game!r}: the games are {', '.join(BENCH_SCRIPTS)}", game)
    chosen = list(dict.fromkeys(games)) or list(BENCH_SCRIPTS)
    rows: list[dict[str, Any]] = []
    with progress_bar("benchmarks") as progress:
        task = progress.add_task("", total=len(chosen))
        for game in chosen:
            progress.update(task, description=game)
            command = [sys.executable, "-m", f"cardsolve.benchmarks.{BENCH_SCRIPTS[game]}", "--json", *(["--quick"] * quick)]
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                last = (done.stderr.strip().splitlines() or ["no message"])[-1]
                raise click.ClickException(f"the {game} benchmark failed: {last}")
            rows += [{"game": game, **row} for row in json.loads(done.stdout)["rows"]]
            progress.advance(task)
    for row in rows:
        fastest = min((r for r in rows if (r["game"], r["task"]) == (row["game"], row["task"])),
                      key=lambda r: r["median_s"])
        row["vs_fastest"] = ratio_text(row["backend"], row["median_s"], fastest["backend"], fastest["median_s"],
                                       row is fastest)
    document = {"date": date.today().isoformat(), "cores": os.cpu_count(), "quick": quick, "rows": rows}
    if out:
        Path(out).write_text(json.dumps(document, indent=2) + "\n")
    headers = ["game", "task", "backend", "n", "median", "p95", "max", "vs fastest"]
    cells = [[r["game"], r["task"], r["backend"], r["n"], format_seconds(r["median_s"]), format_seconds(r["p95_s"]),
              format_seconds(r["max_s"]), r["vs_fastest"]] for r in rows]
    if markdown and not ctx.obj["json"]:
        lines = [f"Measured {document['date']} on {document['cores']} cores{' (--quick)' if quick else ''}:", "",
                 "| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
        click.echo("\n".join(lines + ["| " + " | ".join(map(str, line)) + " |" for line in cells]))
        return
    emit_raw(ctx, document, text_table(headers, cells, title=f"seconds per call, {document['date']}, "
                                                      f"{document['cores']} cores"))


# --- analyze --------------------------------------------------------------------------


@click.command()
@click.argument("game")
@click.argument("study_name", metavar="STUDY")
@click.option("--samples", type=int, default=200, show_default=True, help="Seeded random samples (deals, hands, games).")
@click.option("--seed", type=int, default=1, show_default=True, help="The study's seed: the same seed, the same result.")
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Local processes (default: all cores).")
@click.option("--scheduler", metavar="ADDRESS", help="Run the chunks on this Dask scheduler (tcp://host:8786).")
@click.option("--store", type=click.Path(dir_okay=False), help="SQLite file of finished chunks [default: in the user's cache].")
@click.option("--plot", type=OutputFile(), help="Write a PNG picture of the result here.")
@click.pass_context
def analyze(ctx: click.Context, game: str, study_name: str, samples: int, seed: int, workers: int | None,
            scheduler: str | None, store: str | None, plot: str | None) -> None:
    """Run a STUDY of a GAME over seeded random samples: ubongo solvability, subito
    optimal-scores, quibbles solo, was-sticht chips, cubu seats. The work is cut into
    seeded chunks, so the result is the same for any number of workers, locally or on a
    Dask cluster; each finished chunk is kept in the store, so an interrupted study goes
    on where it stopped and a finished one is read back at once."""
    from cardsolve.solvers.analysis.registry import study
    from cardsolve.solvers.analysis.runner import StudyInterrupted, run_study
    from cardsolve.solvers.analysis.store import default_store

    found = study(game, study_name)
    path = Path(store) if store else default_store()
    progress = progress_bar(f"{game} {study_name} chunks")
    shown: list[Any] = []  # the bar's task, once the store is open and the chunks are counted

    def tick(done: int, total: int) -> None:
        if not shown:
            progress.start()
            shown.append(progress.add_task("", total=total))
        progress.update(shown[0], completed=done, total=total)

    try:
        outcome = run_study(found, samples, seed, workers or os.cpu_count() or 1, scheduler, path, tick)
    except StudyInterrupted as stop:
        if shown:
            progress.stop()
        click.echo(f"stopped: {stop.done} of {stop.total} chunks are kept in {path}; "
                   "the same command goes on from there", err=True)
        ctx.exit(130)
    finally:
        if shown and progress.live.is_started:
            progress.stop()
    title = f"{game} {study_name}: {samples} samples, seed {seed}"
    if plot:
        found.plot(outcome.result, title, plot)
    rows = found.table(outcome.result)
    document = {"game": game, "study": study_name, "samples": samples, "seed": seed, "chunks": outcome.chunks,
                "reused": outcome.reused, "seconds": round(outcome.seconds, 3), "store": str(path), "plot": plot,
                "result": outcome.result}
    text = "\n".join([text_table(list(rows[0]), [list(row) for row in rows[1:]], title=title),
                      f"{outcome.chunks} chunk{'s' * (outcome.chunks != 1)}, {outcome.reused} read back from "
                      f"{path}, in {outcome.seconds:.1f} s", *([f"picture: {plot}"] if plot else [])])
    emit_raw(ctx, document, text)
