"""The commands across games: ``cardsolve demo``, ``cardsolve bench`` and ``cardsolve analyze``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cardsolve.solvers.commands.common import (
    OutputFile, emit, emit_raw, emit_study, progress_bar, study_run_options,
)


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
    from cardsolve.solvers.quibbles.backends import BACKENDS
    from cardsolve.solvers.quibbles.split import best_split
    from cardsolve.solvers.quibbles.study import play_game

    state = new_game(1, Variant.SOLO, seed)
    hand, display = from_counts(state.hands[0]), state.display
    splits: list[dict[str, Any]] = []
    for value in sorted(set(hand)):
        answers = {b: best_split(display, value, backend=b) for b in BACKENDS.names}
        agree = len({a.taken for a in answers.values()}) == 1 and all(a.proven for a in answers.values())
        splits.append({"value": value, "sets": answers["numba"].set_values,
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
    from cardsolve.benchmarks.suite import BenchmarkFailed, run_benchmarks

    with progress_bar("benchmarks") as bar:
        task = bar.add_task("", total=None)

        def tick(done: int, total: int, game: str) -> None:
            bar.update(task, completed=done, total=total, description=game)

        try:
            answer = run_benchmarks(games, quick, markdown, tick)
        except BenchmarkFailed as failed:
            raise click.ClickException(str(failed)) from None
    if out:
        Path(out).write_text(answer.json_text() + "\n")
    emit(ctx, answer)


@click.command()
@click.argument("game")
@click.argument("study_name", metavar="STUDY")
@click.option("--samples", type=int, default=200, show_default=True, help="Seeded random samples (deals, hands, games).")
@click.option("--seed", type=int, default=1, show_default=True, help="The study's seed: the same seed, the same result.")
@study_run_options()
@click.pass_context
def analyze(ctx: click.Context, game: str, study_name: str, samples: int, seed: int, workers: int | None,
            scheduler: str | None, store: str | None, plot: str | None) -> None:
    """Run a STUDY of a GAME over seeded random samples: ubongo solvability, subito
    optimal-scores, quibbles solo, was-sticht chips, cubu seats. The work is cut into
    seeded chunks, so the result is the same for any number of workers, locally or on a
    Dask cluster; each finished chunk is kept in the store, so an interrupted study goes
    on where it stopped and a finished one is read back at once."""
    from cardsolve.solvers.analysis.api import analyze as run_analysis

    emit_study(ctx, f"{game} {study_name} chunks", store,
               lambda progress: run_analysis(game, study_name, samples, seed, workers, scheduler, store, plot,
                                             progress))
