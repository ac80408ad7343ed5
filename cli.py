"""The ``cardsolve`` command line: parse the options, call a solver, render the answer.

Every subcommand imports its solvers inside its body, so ``cardsolve --help`` and the
rules-only commands start fast. ``--json`` (anywhere on the line) prints one JSON
document on stdout; progress bars go to stderr. Exit codes: 0 done (a check holds),
1 a check that does not hold, 2 bad input or usage, as one line on stderr.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from models.errors import BadInput

if TYPE_CHECKING:
    from rich.progress import Progress


def _emit(ctx: click.Context, document: dict[str, Any], text: str) -> None:
    """Print the JSON document under ``--json``, else the readable text."""
    if ctx.obj["json"]:
        click.echo(json.dumps(document, indent=2))
    else:
        click.echo(text)


def _table(headers: list[str], rows: list[list[Any]], title: str | None = None) -> str:
    """A plain-text table rendered by rich, returned as a string."""
    from rich.console import Console
    from rich.table import Table

    table = Table(*headers, title=title, box=None, header_style="bold", pad_edge=False)
    for row in rows:
        table.add_row(*(str(cell) for cell in row))
    console = Console(width=120, record=True, file=io.StringIO(), color_system=None)
    console.print(table)
    return "\n".join(line.rstrip() for line in console.export_text().rstrip().splitlines())


def _progress(label: str) -> Progress:
    """A progress bar on stderr with done/total, rate and time left (hidden when done)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn
    from rich.progress import TimeRemainingColumn
    from rich.text import Text

    class RateColumn(ProgressColumn):
        def render(self, task) -> Text:  # type: ignore[no-untyped-def]
            return Text(f"{task.speed:.1f}/s" if task.speed else "")

    return Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), RateColumn(),
                    TimeRemainingColumn(), console=Console(stderr=True), transient=True)


class OutputFile(click.Path):
    """A file a command writes (a picture, a JSON document): its folder must exist and be
    writable, checked when the line is read, before any work is done."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, writable=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        path = super().convert(value, param, ctx)
        folder = Path(os.fsdecode(path)).resolve().parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            self.fail(f"{value!r}: the folder {folder} does not exist or cannot be written", param, ctx)
        return path


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document on stdout.")
@click.version_option(package_name="cardsolve")
@click.pass_context
def cli(ctx: click.Context, as_json: bool) -> None:
    """Solve, hint and analyse five card games: Ubongo: Das Kartenspiel, Subito,
    Quibbles, Was sticht? and CUBU. Every game has its rules, solvers and bots; the
    README's status says what is still missing."""
    ctx.obj = {"json": as_json}


@cli.command()
@click.option("--seed", type=int, default=1, show_default=True, help="The deal to demonstrate.")
@click.pass_context
def demo(ctx: click.Context, seed: int) -> None:
    """Deal seeded hands from the bundled decks and solve them. Quibbles: a solo game, the
    best split of every hand card on all three backends, the combine options, a hint,
    then the whole game played by the hint's lookahead. Ubongo: a round-6 hand verified
    on numba and CP-SAT, its best layout drawn and its distinct layouts counted."""
    quibbles_doc, quibbles_lines, quibbles_agree = _quibbles_demo(seed)
    ubongo_doc, ubongo_lines, ubongo_agree = _ubongo_demo(seed)
    _emit(ctx, {**quibbles_doc, "ubongo": ubongo_doc}, "\n".join([*quibbles_lines, "", *ubongo_lines]))
    if not (quibbles_agree and ubongo_agree):
        ctx.exit(1)


def _quibbles_demo(seed: int) -> tuple[dict[str, Any], list[str], bool]:
    """The Quibbles part of the demo: its JSON, its lines, and whether the backends agree."""
    from models.quibbles import Variant, format_values, from_counts, new_game, solo_rating
    from solvers.quibbles.combine import combine_options
    from solvers.quibbles.hint import HintPolicy, rank_turns
    from solvers.quibbles.split import BACKENDS, best_split
    from solvers.quibbles.study import play_game

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
    from models.ubongo.faces import load_deck
    from models.ubongo.layout import layout_to_json
    from models.ubongo.picture import ascii_picture
    from models.ubongo.scoring import TARGET, deal, hand_faces, stack_for_round
    from solvers.ubongo import cpsat, fast
    from solvers.ubongo.largest import largest_layout

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


# --- quibbles ------------------------------------------------------------------------

VARIANTS = click.Choice(["standard", "simplified", "solo"])


@cli.group()
def quibbles() -> None:
    """Quibbles: best splits, combine options, hints, bot games and the solo study."""


@quibbles.command()
@click.argument("value")
@click.option("--display", required=True, help="The open display, left to right: 1,4,2,3,3,2.")
@click.option("--backend", type=click.Choice(["numba", "cpsat", "reference"]), default="numba",
              show_default=True, help="Solver backend; all three are exact.")
@click.pass_context
def split(ctx: click.Context, value: str, display: str, backend: str) -> None:
    """The SPLIT of a VALUE card that takes the most display cards."""
    from models.quibbles import parse_values
    from solvers.quibbles.split import best_split

    card = parse_values(value, "the played card")
    if len(card) != 1:
        raise BadInput(f"play one card, not {value!r}", value)
    cards = parse_values(display, "--display")
    result = best_split(cards, card[0], backend=backend)
    sets = result.values(cards)
    proof = "proven optimal" if result.proven_optimal else "not proven optimal"
    if sets:
        text = (f"Split a {card[0]}: take {result.taken} cards as "
                f"{', '.join('+'.join(map(str, s)) for s in sets)} ({proof}, {backend}).")
    else:
        text = f"Split a {card[0]}: no set of 2 or more display cards sums to {card[0]} ({proof}, {backend})."
    _emit(ctx, {"value": card[0], "display": cards, "sets": sets, "taken": result.taken,
                "proven_optimal": result.proven_optimal, "backend": backend}, text)


@quibbles.command()
@click.option("--hand", required=True, help="Your hand: 1,1,2,4.")
@click.option("--display", required=True, help="The open display: 3,3,6,2.")
@click.pass_context
def combine(ctx: click.Context, hand: str, display: str) -> None:
    """Every distinct COMBINE: the cards played, their total, how many cards it takes."""
    from models.quibbles import parse_values
    from solvers.quibbles.combine import combine_options

    cards, shown = parse_values(hand, "--hand"), parse_values(display, "--display")
    options = combine_options(cards, shown)
    rows = [["+".join(map(str, o.played)), o.total, o.taken, ",".join([str(o.total)] * o.taken)]
            for o in options]
    text = (_table(["play", "total", "take", "cards taken"], rows) if options
            else "No combine: no 2-6 hand cards worth at most 6 match a display card.")
    _emit(ctx, {"hand": cards, "display": shown,
                "options": [{"played": list(o.played), "total": o.total, "taken": o.taken} for o in options]},
          text)


@quibbles.command()
@click.option("--hand", required=True, help="Your hand: 1,2,2,3,4,6.")
@click.option("--display", required=True, help="The open display, left to right.")
@click.option("--collection", default="", help="Your collection so far.")
@click.option("--variant", type=VARIANTS, default="standard", show_default=True)
@click.option("--turn", "turn_text", required=True,
              help="The turn: 'split 6 -> 3+3, 1+1+4', 'combine 1+2 -> 3,3' or 'draw 5', "
                   "then optionally '; stash 4' or '; stash 5 evict 1'.")
@click.pass_context
def move(ctx: click.Context, hand: str, display: str, collection: str, variant: str, turn_text: str) -> None:
    """Check a turn against the rules and show what it leaves (before the refill)."""
    from models.quibbles import format_values, from_counts, parse_turn, parse_variant, position
    from models.quibbles import turn_to_json

    rules = parse_variant(variant)
    state = position(rules, parse_values_for(hand, "--hand", rules), parse_values_for(display, "--display", rules),
                     parse_values_for(collection, "--collection", rules), opponents=0 if variant == "solo" else 1)
    turn = parse_turn(turn_text, state.display)
    shown = list(state.display)
    state.play(turn)
    if state.winner is None:
        state.solo_penalty()
    hand_after, collection_after = from_counts(state.hands[0]), from_counts(state.collections[0])
    wins = state.winner == 0
    text = "\n".join([f"Legal: {turn_to_json(turn, shown)['text']}",
                      f"hand       [{format_values(hand_after)}]",
                      f"display    [{format_values(state.display)}] (before the refill)",
                      f"collection [{format_values(collection_after)}]" + (" - wins!" if wins else "")]
                     + ([f"penalty    [{format_values(state.penalty)}]"] if variant == "solo" else []))
    _emit(ctx, {"legal": True, "turn": turn_to_json(turn, shown),
                "after": {"hand": hand_after, "display": state.display, "collection": collection_after,
                          "penalty": state.penalty, "wins": wins}}, text)


def parse_values_for(text: str, what: str, rules: Any) -> list[int]:
    """Card values for an option, 1 up to the variant's highest value."""
    from models.quibbles import parse_values

    return parse_values(text, what, rules.top_value)


@quibbles.command()
@click.option("--hand", required=True, help="Your hand: 1,2,2,3,4,6.")
@click.option("--display", required=True, help="The open display, left to right.")
@click.option("--collection", default="", help="Your collection so far.")
@click.option("--penalty", default="", help="Solo: your penalty pile so far.")
@click.option("--variant", type=VARIANTS, default="standard", show_default=True)
@click.option("--opponents", type=click.IntRange(0, 4), default=None,
              help="Other players (default: 0 solo, else 1); their hands are sampled.")
@click.option("--samples", type=click.IntRange(1, 10_000), default=16, show_default=True,
              help="Sampled refills per candidate turn.")
@click.option("--shortlist", type=click.IntRange(1, 100_000), default=None,
              help="Sample only this many candidate turns, the best by the static score (default: all).")
@click.option("--top", type=click.IntRange(1, 1000), default=5, show_default=True, help="Turns shown.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.pass_context
def hint(ctx: click.Context, hand: str, display: str, collection: str, penalty: str, variant: str,
         opponents: int | None, samples: int, shortlist: int | None, top: int, seed: int) -> None:
    """Every legal turn ranked by a sampled two-turn lookahead; the best one explained."""
    from models.quibbles import parse_variant, position, turn_to_json
    from solvers.quibbles.hint import rank_turns, turn_text

    rules = parse_variant(variant)
    cards = parse_values_for(hand, "--hand", rules)
    if not cards:
        raise BadInput("--hand is empty: a player without cards has no turn", hand)
    if opponents is None:
        opponents = 0 if variant == "solo" else 1
    state = position(rules, cards, parse_values_for(display, "--display", rules),
                     parse_values_for(collection, "--collection", rules),
                     parse_values_for(penalty, "--penalty", rules), opponents=opponents, seed=seed)
    found = rank_turns(state, samples=samples, shortlist=shortlist, seed=seed)
    shown = found.ranked[:top]
    rows = [[k + 1, turn_text(r.turn, state.display), f"{r.expected:.2f}", f"{r.static:.2f}"]
            for k, r in enumerate(shown)]
    text = "\n".join([f"Best: {found.explanation}", "",
                      _table(["#", "turn", "expected score", "score now"], rows,
                             title=f"{len(found.ranked)} distinct turns, {found.sampled} sampled "
                                   f"x {found.samples} refills")])
    _emit(ctx, {"variant": variant, "explanation": found.explanation, "samples": found.samples,
                "sampled": found.sampled, "turns": len(found.ranked),
                "ranked": [turn_to_json(r.turn, state.display) | {"expected": r.expected, "static": r.static}
                           for r in shown]}, text)


@quibbles.command()
@click.option("--players", type=click.IntRange(1, 5), default=3, show_default=True)
@click.option("--variant", type=VARIANTS, default=None, help="Default: solo for 1 player, else standard.")
@click.option("--bots", default=None, help="One policy per seat (hint, greedy, random); default hint for all.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.pass_context
def play(ctx: click.Context, players: int, variant: str | None, bots: str | None, seed: int) -> None:
    """A whole seeded game between bots, turn by turn."""
    from models.quibbles import describe_turn, format_values, from_counts, parse_variant, solo_rating
    from models.quibbles import turn_to_json
    from solvers.quibbles.study import play_game, policy_by_name

    rules = parse_variant(variant or ("solo" if players == 1 else "standard"))
    names = [b.strip() for b in bots.split(",")] if bots else ["hint"] * players
    if len(names) != players:
        raise BadInput(f"--bots names {len(names)} policies for {players} players", bots or "")
    record = play_game([policy_by_name(n) for n in names], rules, seed, keep_log=True)
    state = record.state
    lines = []
    for k, played in enumerate(record.log, start=1):
        lines.append(f"{k:3d}. P{played.player + 1} ({names[played.player]}) display "
                     f"[{format_values(played.display)}]: {describe_turn(played.turn, played.display)}")
    if state.winner is not None:
        worth = sum(v * state.collections[state.winner][v] for v in range(1, 7))
        end = f"P{state.winner + 1} wins after {state.turns} turns with a collection worth {worth}."
    elif state.stalled:
        end = f"Stalled after {state.turns} turns: no cards left to play."
    else:
        end = f"Cut off after {state.turns} turns."
    if rules.value == "solo":
        end += f" Penalty {state.penalty_score}: {solo_rating(state.penalty_score)}."
    lines += ["", end] + [f"P{p + 1} collection: [{format_values(from_counts(c))}]"
                          for p, c in enumerate(state.collections)]
    _emit(ctx, {"players": players, "variant": rules.value, "seed": seed, "bots": names,
                "turns": [{"player": t.player, "display": list(t.display)} | turn_to_json(t.turn, t.display)
                          for t in record.log],
                "winner": state.winner, "stalled": state.stalled, "cut_off": record.cut_off,
                "collections": [from_counts(c) for c in state.collections],
                "penalty": state.penalty_score if rules.value == "solo" else None}, "\n".join(lines))


@quibbles.command()
@click.option("--games", type=click.IntRange(1, 10_000_000), default=1000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--policies", default="hint,greedy,random", show_default=True)
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: all cores).")
@click.option("--samples", type=click.IntRange(1, 10_000), default=6, show_default=True,
              help="The hint policy's sampled refills per candidate turn.")
@click.option("--shortlist", type=click.IntRange(1, 1000), default=6, show_default=True,
              help="The hint policy's candidate turns sampled per turn.")
@click.option("--plot", type=OutputFile(), default=None,
              help="Write a PNG of the penalty distributions.")
@click.pass_context
def solo(ctx: click.Context, games: int, seed: int, policies: str, workers: int | None, samples: int,
         shortlist: int, plot: str | None) -> None:
    """The solo study: seeded solo games per policy, penalties and rating shares."""
    from solvers.quibbles.study import Lookahead, policy_by_name, solo_study

    names = [p.strip() for p in policies.split(",")]
    for name in names:
        policy_by_name(name)
    with _progress("solo games") as bar:
        job = bar.add_task("solo", total=games * len(names))
        summaries = solo_study(games, seed, names, workers=workers or os.cpu_count() or 1,
                               on_game=lambda: bar.advance(job), lookahead=Lookahead(samples, shortlist))
    from models.quibbles import SOLO_RATINGS

    bands = _rating_bands(SOLO_RATINGS)
    rows = [[s.policy, len(s.games), f"{s.mean:.1f}", s.percentile(0.1), f"{s.median:g}", s.percentile(0.9),
             f"{s.finished_share:.0%}", f"{s.mean_turns:.1f}"] + [f"{v:.0%}" for v in s.rating_shares().values()]
            for s in summaries]
    text = "\n".join([_table(["policy", "games", "mean", "p10", "median", "p90", "finished", "turns"] + bands, rows,
                             title=f"Quibbles solo, seed {seed}: penalty per game (lower is better)"),
                      "ratings: " + "; ".join(f"{b} {label}" for b, (_, label) in zip(bands, SOLO_RATINGS)),
                      f"hint lookahead: {samples} sampled refills x {shortlist} candidate turns per turn"])
    if plot:
        _plot_penalties(summaries, plot, f"Quibbles solo: penalties over {games} seeded games (seed {seed})")
        text += f"\nwrote {plot}"
    _emit(ctx, {"games": games, "seed": seed, "hint_lookahead": {"samples": samples, "shortlist": shortlist},
                "policies": [
        {"policy": s.policy, "mean": s.mean, "median": s.median, "p10": s.percentile(0.1),
         "p90": s.percentile(0.9), "finished": s.finished_share,
         "mean_turns": s.mean_turns, "ratings": s.rating_shares(), "penalties": s.penalties}
        for s in summaries]}, text)


# --- subito --------------------------------------------------------------------------


@cli.group()
def subito() -> None:
    """Subito: deal the stand-in deck, score a round's table by the rulebook, the best
    placement of a pile (alone or against a table), a duel of best responses, and hints
    for the card just turned over."""


@subito.command("deal")
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
    from models.subito import deal, format_cards, load_deck

    tasks, piles = deal(load_deck(deck_file), seed, players, sides)
    lines = [_table(["task", "side", "rule"], [[side.number, side.name, side.rule] for side in tasks]), ""]
    lines += [f"P{k} ({len(pile)}): {format_cards(pile)}" for k, pile in enumerate(piles, start=1)]
    _emit(ctx, {"seed": seed, "players": players, "sides": sides,
                "tasks": [{"side": side.name, "points": side.number, "rule": side.rule} for side in tasks],
                "piles": [[card.name for card in pile] for pile in piles]}, "\n".join(lines))


@subito.command("score")
@click.argument("table_file", metavar="TABLE.json", type=click.Path(dir_okay=False))
@click.pass_context
def subito_score(ctx: click.Context, table_file: str) -> None:
    """Score a round's table by the rulebook. Each wrong card and the cards placed after it
    are removed; task cards 2..9 go to more cards, then the higher sum (5a: over 12 loses);
    a player scores the numbers of the task cards won."""
    from models.subito import format_cards, read_table, score_round

    score = score_round(read_table(table_file))
    names = score.names
    rows = [[r.side.number, r.side.name,
             *(f"{k.count} / {k.total}" + (f", removed {format_cards(k.removed)}" if k.removed else "")
               for k in r.players),
             "-" if r.winner is None else names[r.winner], r.reason] for r in score.tasks]
    points = ", ".join(f"{name} {p}" for name, p in zip(names, score.points))
    text = _table(["task", "side", *(f"{name} cards / sum" for name in names), "winner", "why"], rows)
    _emit(ctx, {"players": list(names),
                "tasks": [{"task": r.side.number, "side": r.side.name, "winner": r.winner, "reason": r.reason,
                           "players": [{"kept": [c.name for c in k.kept], "count": k.count, "sum": k.total,
                                        "removed": [c.name for c in k.removed]} for k in r.players]}
                          for r in score.tasks],
                "points": list(score.points)}, f"{text}\npoints: {points}")


@subito.command("optimize")
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
    from models.subito import parse_cards, parse_tasks, read_table
    from solvers.subito.optimize import optimize

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
    _emit(ctx, {"cards": len(found.sides), "sides": [s.name for s in found.sides], "placed": placed,
                "won": found.won, "weighted_count": found.weighted_count, "weighted_sum": found.weighted_sum,
                "proven_optimal": found.proven_optimal, "nodes": found.nodes, "backend": found.backend},
          _table(["task", "side", "cards", "placed in order"], rows)
          + f"\n{len(found.sides)} cards placed: {value} ({proof}, {found.nodes} nodes, {found.backend}).")


@subito.command("duel")
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
    from models.subito import deal, load_deck
    from solvers.subito.duel import duel

    tasks, piles = deal(load_deck(deck_file), seed, 2, sides)
    found = duel((piles[0], piles[1]), tasks, ("P1", "P2"), cards, backend, limit)
    rows = [[n, f"P{a.player + 1}", a.before, a.after, "yes" if a.proven else "no"]
            for n, a in enumerate(found.answers, start=1)]
    verdict = ("settled: each placement is a best response to the other" if found.settled
               else f"not settled after {limit} answers: the best responses keep changing")
    _emit(ctx, {"seed": seed, "tasks": [s.name for s in found.tasks], "points": list(found.points),
                "settled": found.settled,
                "answers": [{"player": a.player + 1, "before": a.before, "after": a.after, "proven": a.proven}
                            for a in found.answers],
                "placements": [[s.name for s in p] for p in found.placements]},
          f"Sides: {','.join(s.name for s in found.tasks)}\n"
          + _table(["answer", "player", "won before", "won after", "proven"], rows)
          + f"\n{verdict}; final round points P1 {found.points[0]}, P2 {found.points[1]}.")


@subito.command("hint")
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
    from models.subito import load_deck, parse_card, read_table
    from solvers.subito.hint import hint as subito_hint_for

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
            + _table(["side", "expected points", "std. error"], rows) + refused)
    _emit(ctx, {"card": found.card.name, "player": player, "samples": samples, "seed": seed,
                "best": best.side.name, "margin": found.margin,
                "ranking": [{"side": e.side.name, "expected": e.mean, "stderr": e.stderr} for e in found.ranking],
                "refused": [s.name for s in found.refused]}, text)


# --- ubongo --------------------------------------------------------------------------


@cli.group()
def ubongo() -> None:
    """Ubongo: Das Kartenspiel: deal from the stand-in deck, verify and solve hands (the
    best layout, the largest one, every distinct one), hints at the table, whole games
    played out, and checking and drawing layouts."""


def _layout_reader(deck_file: str | None) -> Any:
    """A function reading a card name: literal faces always, deck faces (17w) from the
    deck file (or the bundled deck), loaded only when a deck face is named."""
    from models.ubongo.faces import load_deck, parse_literal

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


@ubongo.command()
@click.option("--stack", "round_number", type=click.IntRange(1, 6), required=True,
              help="The number in the card's middle, 1-6: the round (stack 1|2, 3|4 or 5|6; odd white, even black).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=click.IntRange(1, 4), default=1, show_default=True)
@DECK_OPTION
@click.pass_context
def deal(ctx: click.Context, round_number: int, seed: int, players: int, deck_file: str | None) -> None:
    """Deal seeded 9-card hands for a round from the bundled deck (or --deck FILE)."""
    from models.ubongo.faces import load_deck
    from models.ubongo.scoring import deal as deal_hands
    from models.ubongo.scoring import hand_faces, stack_for_round

    hands = deal_hands(load_deck(deck_file), stack_for_round(round_number), players, seed)
    faces = [hand_faces(hand, round_number) for hand in hands]
    lines = [f"P{p + 1}: " + ",".join(f.name for f in hand) + "\n    " + "  ".join("/".join(f.grid) for f in hand)
             for p, hand in enumerate(faces)]
    _emit(ctx, {"round": round_number, "seed": seed,
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


@ubongo.command()
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
    from models.ubongo.faces import check_distinct_cards
    from models.ubongo.layout import layout_to_json
    from models.ubongo.picture import ascii_picture
    from solvers.ubongo.backends import solver

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
    _emit(ctx, {"solvable": True if layout is not None else False if found.proven else None,
                "layout": None if layout is None else layout_to_json(layout),
                "nodes": found.nodes, "backend": backend}, text)
    if layout is None:
        ctx.exit(1)


@ubongo.command()
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
    from models.ubongo.faces import check_distinct_cards

    faces = _hand_faces(hand, _layout_reader(deck_file))
    check_distinct_cards(faces)
    if enumerate_all:
        _enumerate(ctx, faces, k, limit, show, backend)
    else:
        _largest(ctx, faces, k, backend, time_limit)


def _largest(ctx: click.Context, faces: list[Any], k: int, backend: str, time_limit: float) -> None:
    """``ubongo solve`` without --all: the layout of k cards, or the largest one."""
    from models.ubongo.layout import layout_to_json
    from models.ubongo.picture import ascii_picture
    from solvers.ubongo.backends import solver
    from solvers.ubongo.largest import largest_layout

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
    _emit(ctx, {"k": k, "cards": size, "complete": size == k, "proven": found.proven,
                "layout": layout_to_json(found.layout), "nodes": found.nodes, "backend": backend},
          head + "\n\n" + ascii_picture(found.layout))


def _enumerate(ctx: click.Context, faces: list[Any], k: int, limit: int | None, show: int, backend: str) -> None:
    """``ubongo solve --all``: the distinct layouts of k cards."""
    from models.ubongo.layout import layout_to_json
    from models.ubongo.picture import ascii_picture

    if backend == "cpsat":
        raise BadInput("--all enumerates with numba or reference, not cpsat", backend)
    if backend == "numba":
        from solvers.ubongo.fast import enumerate_layouts
    else:
        from solvers.ubongo.reference import enumerate_layouts
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
    _emit(ctx, {"k": k, "count": count, "complete": found.complete, "nodes": found.nodes, "backend": backend,
                "layouts": [layout_to_json(layout) for layout in found.layouts]},
          "\n\n".join([head + ("." if not shown else ":"), *pictures, *more]))


@ubongo.command("hint")
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
    from models.ubongo.faces import check_distinct_cards
    from models.ubongo.layout import layout_to_json, read_layout
    from models.ubongo.picture import ascii_picture
    from solvers.ubongo import fast, reference
    from solvers.ubongo.hint import hint as find_hint
    from solvers.ubongo.largest import largest_layout

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
        _emit(ctx, document, f"No valid layout of {k} of these {len(every)} cards exists, whatever is taken back. "
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
    _emit(ctx, document, "\n".join(lines))


@ubongo.command()
@click.option("--players", type=click.IntRange(1, 4), default=3, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@DECK_OPTION
@click.pass_context
def game(ctx: click.Context, players: int, seed: int, deck_file: str | None) -> None:
    """Play a seeded six-round game out with perfect, equally fast players: whoever can
    lay 7 calls "Ubongo!" (10 points), everyone else scores their largest layout."""
    from models.ubongo.faces import load_deck
    from models.ubongo.layout import layout_to_json
    from solvers.ubongo.fast import solve as numba_solve
    from solvers.ubongo.game import play_game, player_names

    rounds, ranking = play_game(load_deck(deck_file), players, seed, numba_solve)
    names = player_names(players)
    rows = [[str(r.number), f"{(r.stack * 2 - 1)}|{r.stack * 2}", r.side,
             *(f"{p.points} ({len(p.layout)} laid)" for p in r.players)] for r in rounds]
    totals = {s.player: s for s in ranking}
    rows.append(["total", "", "", *(str(totals[name].points) for name in names)])
    places = "; ".join(f"{s.place}. {s.player} {s.points} points ({s.tens} rounds of 10)" for s in ranking)
    _emit(ctx, {"players": players, "seed": seed,
                "rounds": [{"round": r.number, "stack": r.stack, "side": r.side,
                            "players": [{"player": name, "faces": list(p.faces), "points": p.points,
                                         "layout": layout_to_json(p.layout)}
                                        for name, p in zip(names, r.players)]} for r in rounds],
                "ranking": [{"place": s.place, "player": s.player, "points": s.points, "tens": s.tens}
                            for s in ranking]},
          _table(["round", "stack", "side", *names], rows) + "\n" + places)


@ubongo.command()
@click.argument("layout_file", metavar="LAYOUT.json", type=click.Path(dir_okay=False))
@DECK_OPTION
@click.pass_context
def check(ctx: click.Context, layout_file: str, deck_file: str | None) -> None:
    """Check a layout against the rules: exit 0 when valid, 1 with every violation."""
    from models.ubongo.layout import layout_to_json, read_layout
    from models.ubongo.picture import ascii_picture
    from models.ubongo.rules import violations

    layout = read_layout(layout_file, _layout_reader(deck_file))
    found = violations(layout)
    verdict = (f"valid: {len(layout)} cards in one connected group" if not found
               else f"invalid: {len(found)} violation{'s' * (len(found) != 1)}")
    text = "\n".join([ascii_picture(layout), "", verdict] + [f"- {v.kind}: {v.detail}" for v in found])
    _emit(ctx, {"valid": not found, "cards": len(layout), "layout": layout_to_json(layout),
                "violations": [{"kind": v.kind, "cards": list(v.cards), "detail": v.detail} for v in found]},
          text)
    if found:
        ctx.exit(1)


@ubongo.command()
@click.argument("layout_file", metavar="LAYOUT.json", type=click.Path(dir_okay=False))
@click.option("--svg", "svg_file", type=OutputFile(), default=None,
              help="Also write an SVG picture: one colour per symbol, card outlines, contacts marked.")
@DECK_OPTION
@click.pass_context
def render(ctx: click.Context, layout_file: str, svg_file: str | None, deck_file: str | None) -> None:
    """Draw a layout in the terminal (symbols per cell, card outlines, = and : for
    matching contacts, x for a mismatch), and optionally as SVG."""
    from models.ubongo.layout import layout_to_json, read_layout
    from models.ubongo.picture import ascii_picture, svg_picture

    layout = read_layout(layout_file, _layout_reader(deck_file))
    picture = ascii_picture(layout)
    if svg_file:
        try:
            Path(svg_file).write_text(svg_picture(layout), encoding="utf-8")
        except OSError as error:
            raise BadInput(f"cannot write {svg_file!r}: {error.strerror}", svg_file) from None
    _emit(ctx, {"layout": layout_to_json(layout), "ascii": picture, "svg": svg_file},
          picture + (f"\nwrote {svg_file}" if svg_file else ""))


# --- was sticht? ----------------------------------------------------------------------


@cli.group("was-sticht")
def was_sticht() -> None:
    """Was sticht?: deal a round, deduce the trumps from the dealer's clues in the draft,
    solve the trick game double dummy for a player and a task chip, tabulate every chip,
    measure the chips' difficulty, and play whole games between bots."""


def _trumps_json(trumps: Any) -> dict[str, Any]:
    return {"suit": trumps.suit, "number": trumps.number}


def _trumps_words(trumps: Any) -> str:
    """``trump suit red, trump number 5`` (or no trump suit / no trump number)."""
    from models.was_sticht import COLOURS

    suit = f"trump suit {COLOURS[trumps.suit]}" if trumps.suit else "no trump suit"
    number = f"trump number {trumps.number}" if trumps.number else "no trump number"
    return f"{suit}, {number}"


@was_sticht.command("deal")
@click.option("--seed", type=int, default=1, show_default=True, help="The shuffle and the trumps.")
@click.option("--players", type=click.IntRange(3, 4), default=4, show_default=True,
              help="4, or 3 (the table's 9 cards leave the round).")
@click.pass_context
def was_sticht_deal(ctx: click.Context, seed: int, players: int) -> None:
    """Deal a seeded round: the trumps (one of the 50 pairs) and each seat's 9 cards,
    seat 0 leading. With --json the document is a deal file for `solve` and `table`."""
    from models.was_sticht import deal_round, deal_to_json, format_cards

    deal = deal_round(seed, players)
    lines = [f"trumps {deal.trumps}: {_trumps_words(deal.trumps)}; seat {deal.leader} leads"]
    lines += [f"seat {seat}: {format_cards(sorted(hand, key=lambda c: c.index))}"
              for seat, hand in enumerate(deal.hands)]
    _emit(ctx, deal_to_json(deal), "\n".join(lines))


@was_sticht.command("deduce")
@click.option("--clues", "clues_file", metavar="CLUES.json", type=click.Path(dir_okay=False), required=True,
              help="The columns so far: {\"observations\": [{\"cards\": [...], \"winner\": 2}, ...]}.")
@click.option("--offer", default=None, help="The cards you may pick now (R9,B1,Y5): the best pick among them.")
@click.pass_context
def was_sticht_deduce(ctx: click.Context, clues_file: str, offer: str | None) -> None:
    """The trump pairs that fit every clue of the draft so far, how likely each trump
    suit and number is (every fitting pair equally likely), and with --offer the card
    with the highest expected trick strength over them."""
    from collections import Counter

    from models.was_sticht import COLOURS, check_distinct, parse_cards, read_clues
    from solvers.was_sticht.deduce import best_pick, consistent

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
    _emit(ctx, document, "\n".join(lines))


def _position_from(deal_file: str) -> Any:
    from models.was_sticht import read_deal
    from models.was_sticht.play import start

    deal = read_deal(deal_file)
    return start(deal.hands, deal.trumps, deal.leader)


DEAL_OPTION = click.option("--deal", "deal_file", metavar="DEAL.json", type=click.Path(dir_okay=False),
                           required=True, help="The hands, trumps and leader (`was-sticht deal --json` writes one).")
WS_BACKEND = click.option("--backend", type=click.Choice(["numba", "reference"]), default="numba", show_default=True,
                          help="The double-dummy solver (reference: plain minimax, for endings of a few tricks).")


@was_sticht.command("solve")
@DEAL_OPTION
@click.option("--player", type=click.IntRange(0, 3), required=True, help="The seat, 0..3 as in the deal file.")
@click.option("--task", "task_id", required=True, help="The task chip's id: exactly-2, no-red, last-trick, ...")
@WS_BACKEND
@click.pass_context
def was_sticht_solve(ctx: click.Context, deal_file: str, player: int, task_id: str, backend: str) -> None:
    """Double dummy (every hand known, as after the open draft): can the player force the
    task whatever the others play, can it happen at all, the fewest and the most tricks
    the player can force, and the best card for the seat to move."""
    from models.was_sticht import parse_chip
    from solvers.was_sticht import analyse

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
    _emit(ctx, {"player": player, "task": chip.id, "trumps": _trumps_json(position.trumps),
                "forceable": result.forceable, "possible": result.possible, "fewest": result.fewest,
                "most": result.most, "to_move": mover,
                "best_card": result.best_card.name if result.best_card else None,
                "nodes": result.nodes, "backend": result.backend}, "\n".join(lines))


@was_sticht.command("table")
@DEAL_OPTION
@WS_BACKEND
@click.pass_context
def was_sticht_table(ctx: click.Context, deal_file: str, backend: str) -> None:
    """Every task chip for every seat of a dealt round: forceable (F: met whatever the
    others play), possible (p: met if the others help) or impossible (-)."""
    from models.was_sticht import CHIPS
    from solvers.was_sticht.chip_table import chip_table

    position = _position_from(deal_file)
    mark = {"forceable": "F", "possible": "p", "impossible": "-"}
    with _progress("chips") as progress:
        task = progress.add_task("chips", total=len(CHIPS))
        rows = []
        for chip in CHIPS:
            rows.extend(chip_table(position, [chip], backend))
            progress.advance(task)
    seats = range(position.players)
    text = _table(["chip", "value", "source", *(f"seat {s}" for s in seats)],
                  [[row.chip.id, row.chip.value, row.chip.source, *(mark[v] for v in row.verdicts)] for row in rows])
    counts = ", ".join(f"seat {s} {sum(row.verdicts[s] == 'forceable' for row in rows)}" for s in seats)
    _emit(ctx, {"trumps": _trumps_json(position.trumps), "leader": position.leader,
                "chips": [{"id": row.chip.id, "value": row.chip.value, "source": row.chip.source,
                           "seats": list(row.verdicts)} for row in rows]},
          f"trumps {position.trumps}, seat {position.leader} leads; F forceable, p possible, - impossible\n"
          f"{text}\nforceable chips: {counts}")


@was_sticht.command("chips")
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
    from solvers.was_sticht.difficulty import chip_difficulty

    with _progress("deals") as progress:
        task = progress.add_task("deals", total=deals)
        shares = chip_difficulty(deals, seed, workers=workers or os.cpu_count() or 1,
                                 done=lambda n: progress.advance(task, n))
    ranked = sorted(shares, key=lambda s: (-s.leader_share, -s.second_share, s.chip.id))
    text = _table(["rank", "chip", "value", "source", "leader forces", "second forces"],
                  [[k, s.chip.id, s.chip.value, s.chip.source, f"{s.leader_share:.1%}", f"{s.second_share:.1%}"]
                   for k, s in enumerate(ranked, start=1)],
                  title=f"{deals} seeded deals (seed {seed}), easiest first")
    if plot:
        _plot_chip_shares(ranked, plot, f"Was sticht? chips forced double dummy: {deals} deals, seed {seed}")
    _emit(ctx, {"deals": deals, "seed": seed,
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


@was_sticht.command("play")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--players", type=click.IntRange(3, 4), default=4, show_default=True)
@click.option("--bots", default=None, help="One bot per seat: solver (deduce and solve) or random; default solver.")
@click.option("--rounds", type=click.IntRange(1, 1000), default=100, show_default=True, help="Round limit.")
@click.pass_context
def was_sticht_play(ctx: click.Context, seed: int, players: int, bots: str | None, rounds: int) -> None:
    """A whole seeded game between bots: the solver bot drafts by deducing the trumps from
    the clues, chooses a chip it can force and plays the double-dummy solver's cards."""
    from models.was_sticht import Policy, RandomPolicy, play_game
    from solvers.was_sticht.bots import SolverBot

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
    text = _table(["round", "dealer", "trumps", "chips chosen (* met)", "tricks", "discarded"], rows)
    result = ("round limit reached: no winner" if record.limit_hit else
              "winner" + "s" * (len(record.winners) > 1) + ": " + ", ".join(f"seat {s}" for s in record.winners))
    standings = "; ".join(f"{s.rank}. seat {s.seat} ({names[s.seat]}) {len(s.discarded)} chips worth {s.value}"
                          for s in record.standings)
    _emit(ctx, {"seed": seed, "players": players, "bots": names, "winners": list(record.winners),
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


# --- cubu -----------------------------------------------------------------------------


@cli.group()
def cubu() -> None:
    """CUBU: the longest colour sequence for a hand, whether a Speed CUBU hand can all be
    laid, whole classic games between bots and seeded bot tournaments."""


@cubu.command("longest")
@click.option("--top", required=True, help="The face-up card, innermost box first: D-R-G.")
@click.option("--hand", required=True, help="Your cards: R-G-O,P-L,miss,...")
@click.option("--limit", type=click.IntRange(1, 10_000), default=10, show_default=True,
              help="Runs listed at most (longest first, then the other maximal ones).")
@click.pass_context
def cubu_longest(ctx: click.Context, top: str, hand: str, limit: int) -> None:
    """The longest colour sequence you can play on the top card this turn (the box to
    declare, the direction and the cards in order), and every other choice that no card
    of your hand could extend. Exits 1 when no sequence can be played."""
    from models.cubu import parse_card, parse_cards
    from solvers.cubu.longest import longest_runs

    runs = longest_runs(parse_card(top), parse_cards(hand), limit=limit)
    if not runs:
        _emit(ctx, {"length": 0, "box": None, "direction": None, "cards": [], "others": []},
              "no colour sequence can be played on this card: play an action card or draw")
        ctx.exit(1)
    best = runs[0]
    rows = [[len(run), str(run.follow), " ".join(card.name for card in run.cards)] for run in runs]
    _emit(ctx, {**best.as_json(), "others": [run.as_json() for run in runs[1:]]},
          f"longest: {len(best)} card{'s' * (len(best) != 1)}, follow {best.follow}: "
          f"{' '.join(card.name for card in best.cards)}\n"
          + _table(["cards", "follow", "play in order"], rows, title="every maximal choice"))


@cubu.command("speed")
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
    from models.cubu import parse_card, parse_cards
    from solvers.cubu import speed_solve

    centre_card = parse_card(centre)
    cards = parse_cards(hand)
    answer = speed_solve(centre_card, cards, mode, backend, time_limit)
    verdict = ("every card can be laid" if answer.solvable else
               f"at most {answer.most} of the {len(cards)} cards can be laid"
               + ("" if answer.proven else " (not proven: the time limit stopped the search)"))
    order = " ".join(f"{card}@{x},{y}" for card, (x, y) in answer.layout)
    text = (f"{verdict} ({mode} mode; {answer.reachable} of {len(cards)} connect to the centre in the play graph)\n"
            f"order: {order or '-'}\n{_grid_picture(centre_card, answer.layout)}")
    _emit(ctx, {"solvable": answer.solvable, "most": answer.most, "cards": len(cards), "reachable": answer.reachable,
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


@cubu.command("play")
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
    from models.cubu.classic import play_game
    from solvers.cubu.bots import lineup

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
    text = _table(["round", "dealer", "turns", "longest run", "interrupts", "out first", "points", "scores"], rows)
    result = ("limit reached: no winner" if record.limit_hit else
              "winner" + "s" * (len(record.winners) > 1) + ": "
              + ", ".join(f"seat {s} ({names[s]})" for s in record.winners))
    _emit(ctx, {"seed": seed, "players": players, "bots": names, "target": record.target,
                "scores": list(record.scores), "winners": list(record.winners), "limit_hit": record.limit_hit,
                "rounds": [{"dealer": r.dealer, "turns": len(r.turns), "winner": r.winner, "points": r.points}
                           for r in record.rounds]},
          f"{text}\n{result}")


@cubu.command("simulate")
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
    from solvers.cubu.simulate import simulate

    with _progress("games") as progress:
        task = progress.add_task("games", total=games)
        summary = simulate(games, seed, bots.split(",") if bots else None, players,
                           workers=workers or os.cpu_count() or 1, target=target,
                           done=lambda n: progress.update(task, completed=n))
    by_bot = summary.win_rate_by_bot
    text = _table(["bot", "seats filled", "wins", "win rate"],
                  [[name, summary.seats_by_bot[name], f"{summary.wins_by_bot[name]:g}", f"{by_bot[name]:.1%}"]
                   for name in sorted(by_bot, key=lambda n: -by_bot[n])],
                  title=f"{games} games to {target}, {players} players, seed {seed}")
    seats = ", ".join(f"seat {k} {rate:.1%}" for k, rate in enumerate(summary.win_rate_by_seat))
    _emit(ctx, {"games": games, "seed": seed, "players": players, "target": target,
                "win_rate_by_bot": by_bot, "win_rate_by_seat": summary.win_rate_by_seat,
                "rounds_per_game": summary.rounds_per_game, "turns_per_round": summary.turns_per_round,
                "cut_games": summary.cut_games, "cut_rounds": summary.cut_rounds},
          f"{text}\nby seat: {seats}\n{summary.rounds_per_game:.2f} rounds a game, "
          f"{summary.turns_per_round:.1f} turns a round; cut off: {summary.cut_games} games, "
          f"{summary.cut_rounds} rounds")


# --- bench ----------------------------------------------------------------------------

BENCH_SCRIPTS = {"ubongo": "ubongo", "subito": "subito", "quibbles": "quibbles", "was-sticht": "was_sticht",
                 "cubu": "cubu"}
"""Each game's benchmark module in the ``benchmarks`` package."""


@cli.command()
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

    from benchmarks.harness import format_seconds, ratio_text

    for game in games:
        if game not in BENCH_SCRIPTS:
            raise BadInput(f"no benchmark for {game!r}: the games are {', '.join(BENCH_SCRIPTS)}", game)
    chosen = list(dict.fromkeys(games)) or list(BENCH_SCRIPTS)
    rows: list[dict[str, Any]] = []
    with _progress("benchmarks") as progress:
        task = progress.add_task("", total=len(chosen))
        for game in chosen:
            progress.update(task, description=game)
            command = [sys.executable, "-m", f"benchmarks.{BENCH_SCRIPTS[game]}", "--json", *(["--quick"] * quick)]
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
    _emit(ctx, document, _table(headers, cells, title=f"seconds per call, {document['date']}, "
                                                      f"{document['cores']} cores"))


# --- analyze --------------------------------------------------------------------------


@cli.command()
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
    from solvers.analysis.registry import study
    from solvers.analysis.runner import StudyInterrupted, run_study
    from solvers.analysis.store import default_store

    found = study(game, study_name)
    path = Path(store) if store else default_store()
    progress = _progress(f"{game} {study_name} chunks")
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
    text = "\n".join([_table(list(rows[0]), [list(row) for row in rows[1:]], title=title),
                      f"{outcome.chunks} chunk{'s' * (outcome.chunks != 1)}, {outcome.reused} read back from "
                      f"{path}, in {outcome.seconds:.1f} s", *([f"picture: {plot}"] if plot else [])])
    _emit(ctx, document, text)


def _rating_bands(ratings: Any) -> list[str]:
    """Column heads for the rating table's rows: ``50+``, ``40-49``, ..., ``<10``."""
    bands, upper = [], None
    for threshold, _ in ratings:
        bands.append(f"{threshold}+" if upper is None else (f"<{upper}" if threshold == 0 else f"{threshold}-{upper - 1}"))
        upper = threshold
    return bands


def _plot_penalties(summaries: Any, path: str, title: str) -> None:
    """A PNG with one penalty histogram per policy, the rating bands shaded."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from models.quibbles import SOLO_RATINGS

    fig, ax = plt.subplots(figsize=(9, 4.8))
    top = max(max(s.penalties) for s in summaries)
    bins = list(range(0, top + 6, 5))
    for summary in summaries:
        ax.hist(summary.penalties, bins=bins, alpha=0.55, label=f"{summary.policy} (mean {summary.mean:.1f})")
    # the rulebook's rating bands, best (left) to worst, shaded alternately and labelled
    upper = None
    for k, (threshold, label) in enumerate(SOLO_RATINGS):
        if k % 2:
            ax.axvspan(threshold, upper if upper is not None else top + 5, color="grey", alpha=0.08, linewidth=0)
        ax.axvline(threshold, color="grey", linewidth=0.6, linestyle=":")
        ax.text(threshold + 0.5, 1.0, label, rotation=90, va="top", ha="left", fontsize=7, color="dimgrey",
                transform=ax.get_xaxis_transform())
        upper = threshold
    ax.set_xlabel("penalty (sum of the penalty pile; lower is better)")
    ax.set_ylabel("games")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    """Run the CLI: bad input and usage errors become one line on stderr and exit 2.
    ``--json`` may stand anywhere on the line; it is moved to the front, where the group
    reads it."""
    args = sys.argv[1:]
    if "--json" in args:
        args = ["--json", *(a for a in args if a != "--json")]
    try:
        code = cli.main(args=args, prog_name="cardsolve", standalone_mode=False)
    except BadInput as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(2)
    except click.ClickException as error:
        click.echo(f"error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("interrupted", err=True)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
