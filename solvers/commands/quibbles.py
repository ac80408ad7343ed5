"""The ``cardsolve quibbles`` commands: Quibbles."""

from __future__ import annotations

import os
from typing import Any

import click

from cardsolve.models.errors import BadInput
from cardsolve.solvers.commands.common import OutputFile, emit_raw, progress_bar
from cardsolve.solvers.results import text_table


VARIANTS = click.Choice(["standard", "simplified", "solo"])


@click.group("quibbles")
def group() -> None:
    """Quibbles: best splits, combine options, hints, bot games and the solo study."""


@group.command()
@click.argument("value")
@click.option("--display", required=True, help="The open display, left to right: 1,4,2,3,3,2.")
@click.option("--backend", type=click.Choice(["numba", "cpsat", "reference"]), default="numba",
              show_default=True, help="Solver backend; all three are exact.")
@click.pass_context
def split(ctx: click.Context, value: str, display: str, backend: str) -> None:
    """The SPLIT of a VALUE card that takes the most display cards."""
    from cardsolve.models.quibbles import parse_values
    from cardsolve.solvers.quibbles.split import best_split

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
    emit_raw(ctx, {"value": card[0], "display": cards, "sets": sets, "taken": result.taken,
                "proven_optimal": result.proven_optimal, "backend": backend}, text)


@group.command()
@click.option("--hand", required=True, help="Your hand: 1,1,2,4.")
@click.option("--display", required=True, help="The open display: 3,3,6,2.")
@click.pass_context
def combine(ctx: click.Context, hand: str, display: str) -> None:
    """Every distinct COMBINE: the cards played, their total, how many cards it takes."""
    from cardsolve.models.quibbles import parse_values
    from cardsolve.solvers.quibbles.combine import combine_options

    cards, shown = parse_values(hand, "--hand"), parse_values(display, "--display")
    options = combine_options(cards, shown)
    rows = [["+".join(map(str, o.played)), o.total, o.taken, ",".join([str(o.total)] * o.taken)]
            for o in options]
    text = (text_table(["play", "total", "take", "cards taken"], rows) if options
            else "No combine: no 2-6 hand cards worth at most 6 match a display card.")
    emit_raw(ctx, {"hand": cards, "display": shown,
                "options": [{"played": list(o.played), "total": o.total, "taken": o.taken} for o in options]},
          text)


@group.command()
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
    from cardsolve.models.quibbles import format_values, from_counts, parse_turn, parse_variant, position
    from cardsolve.models.quibbles import turn_to_json

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
    emit_raw(ctx, {"legal": True, "turn": turn_to_json(turn, shown),
                "after": {"hand": hand_after, "display": state.display, "collection": collection_after,
                          "penalty": state.penalty, "wins": wins}}, text)


def parse_values_for(text: str, what: str, rules: Any) -> list[int]:
    """Card values for an option, 1 up to the variant's highest value."""
    from cardsolve.models.quibbles import parse_values

    return parse_values(text, what, rules.top_value)


@group.command()
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
    from cardsolve.models.quibbles import parse_variant, position, turn_to_json
    from cardsolve.solvers.quibbles.hint import rank_turns, turn_text

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
                      text_table(["#", "turn", "expected score", "score now"], rows,
                             title=f"{len(found.ranked)} distinct turns, {found.sampled} sampled "
                                   f"x {found.samples} refills")])
    emit_raw(ctx, {"variant": variant, "explanation": found.explanation, "samples": found.samples,
                "sampled": found.sampled, "turns": len(found.ranked),
                "ranked": [turn_to_json(r.turn, state.display) | {"expected": r.expected, "static": r.static}
                           for r in shown]}, text)


@group.command()
@click.option("--players", type=click.IntRange(1, 5), default=3, show_default=True)
@click.option("--variant", type=VARIANTS, default=None, help="Default: solo for 1 player, else standard.")
@click.option("--bots", default=None, help="One policy per seat (hint, greedy, random); default hint for all.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.pass_context
def play(ctx: click.Context, players: int, variant: str | None, bots: str | None, seed: int) -> None:
    """A whole seeded game between bots, turn by turn."""
    from cardsolve.models.quibbles import describe_turn, format_values, from_counts, parse_variant, solo_rating
    from cardsolve.models.quibbles import turn_to_json
    from cardsolve.solvers.quibbles.study import play_game, policy_by_name

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
    emit_raw(ctx, {"players": players, "variant": rules.value, "seed": seed, "bots": names,
                "turns": [{"player": t.player, "display": list(t.display)} | turn_to_json(t.turn, t.display)
                          for t in record.log],
                "winner": state.winner, "stalled": state.stalled, "cut_off": record.cut_off,
                "collections": [from_counts(c) for c in state.collections],
                "penalty": state.penalty_score if rules.value == "solo" else None}, "\n".join(lines))


@group.command()
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
    from cardsolve.solvers.quibbles.study import Lookahead, policy_by_name, solo_study

    names = [p.strip() for p in policies.split(",")]
    for name in names:
        policy_by_name(name)
    with progress_bar("solo games") as bar:
        job = bar.add_task("solo", total=games * len(names))
        summaries = solo_study(games, seed, names, workers=workers or os.cpu_count() or 1,
                               on_game=lambda: bar.advance(job), lookahead=Lookahead(samples, shortlist))
    from cardsolve.models.quibbles import SOLO_RATINGS

    bands = _rating_bands(SOLO_RATINGS)
    rows = [[s.policy, len(s.games), f"{s.mean:.1f}", s.percentile(0.1), f"{s.median:g}", s.percentile(0.9),
             f"{s.finished_share:.0%}", f"{s.mean_turns:.1f}"] + [f"{v:.0%}" for v in s.rating_shares().values()]
            for s in summaries]
    text = "\n".join([text_table(["policy", "games", "mean", "p10", "median", "p90", "finished", "turns"] + bands, rows,
                             title=f"Quibbles solo, seed {seed}: penalty per game (lower is better)"),
                      "ratings: " + "; ".join(f"{b} {label}" for b, (_, label) in zip(bands, SOLO_RATINGS)),
                      f"hint lookahead: {samples} sampled refills x {shortlist} candidate turns per turn"])
    if plot:
        _plot_penalties(summaries, plot, f"Quibbles solo: penalties over {games} seeded games (seed {seed})")
        text += f"\nwrote {plot}"
    emit_raw(ctx, {"games": games, "seed": seed, "hint_lookahead": {"samples": samples, "shortlist": shortlist},
                "policies": [
        {"policy": s.policy, "mean": s.mean, "median": s.median, "p10": s.percentile(0.1),
         "p90": s.percentile(0.9), "finished": s.finished_share,
         "mean_turns": s.mean_turns, "ratings": s.rating_shares(), "penalties": s.penalties}
        for s in summaries]}, text)


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

    from cardsolve.models.quibbles import SOLO_RATINGS

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
