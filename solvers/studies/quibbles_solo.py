"""Quibbles ``solo``: the penalty each policy scores over seeded solo games, and the shares
of the rulebook's rating labels (``cardsolve analyze quibbles solo``, and
``cardsolve quibbles solo`` in front of it). Options: ``policies`` (the policies compared,
default every one of ``POLICIES``), ``hint_samples`` and ``hint_shortlist`` (the hint
policy's lookahead: sampled refills for each of its best candidate turns, by default the
hint's own, 16 and 12) and ``clairvoyant_width`` (the beam of the clairvoyant, who knows
the order of the draw pile: a bound on what any play reaches, not a hint; default 8).

Sample ``k`` is solo game ``k`` of the study seed (``solo_game``:
the same deal for every policy, each policy's choices seeded by the game), played once by
each policy. A chunk keeps, per policy in the order given, its games in sample order as
(penalty, turns, finished, proven), and the lookahead they were played with; the result
summarises each policy as ``solvers.quibbles.results.PolicySummary`` does, from counts
folded chunk by chunk, with its penalties game by game and as a penalty -> games table.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardsolve.models.quibbles import SOLO_RATINGS, solo_rating
from cardsolve.models.quibbles.state import start
from cardsolve.solvers.infrastructure.limits import check_count
from cardsolve.solvers.infrastructure.results import percent
from cardsolve.solvers.infrastructure.seeds import sample_seed, whole_seed
from cardsolve.solvers.quibbles.bot_games import POLICIES, SEES_DRAW_PILE, Lookahead, study_policies
from cardsolve.solvers.quibbles.results import SoloGame, rating_bands
from cardsolve.solvers.quibbles.settings import MAX_SAMPLES, MAX_SHORTLIST, MAX_WIDTH
from cardsolve.solvers.quibbles.state_bots import ClairvoyantBot, play_bots, seat_bots
from cardsolve.solvers.studies import charts
from cardsolve.solvers.studies.study import (
    NAMES,
    ListOf,
    Matching,
    Part,
    Result,
    Row,
    Shape,
    Study,
    check_kinds,
    counted_mean,
    counted_median,
    nth_value,
)

DEFAULT_POLICIES = tuple(POLICIES)
"""Every policy, in ``POLICIES`` order."""
DEFAULT_LOOKAHEAD = Lookahead()
"""The hint's lookahead in a study (the hint's own default) and the clairvoyant's beam."""
OPTIONS: dict[str, Any] = {
    "policies": list(DEFAULT_POLICIES),
    "hint_samples": DEFAULT_LOOKAHEAD.samples,
    "hint_shortlist": DEFAULT_LOOKAHEAD.shortlist,
    "clairvoyant_width": DEFAULT_LOOKAHEAD.width,
}
"""The options and their defaults."""
PLOT_BIN = 5
"""Penalties are drawn in bins of this width."""
NOT_PLOTTED = ("random",)
"""Policies left out of the plot (random's penalties, near 470, would squeeze the rest)."""
HEADROOM = 1.45
"""The plot's height over its tallest bar: room for the rating bands' labels above the bars."""
Summary = dict[str, Any]
"""One policy's summary in the result (``_summary``)."""
MEASURES: tuple[tuple[str, Callable[[Summary], str]], ...] = (
    ("games", lambda s: str(s["games"])),
    ("mean penalty (lower is better)", lambda s: f"{s['mean']:.1f}"),
    ("penalty p10", lambda s: str(s["p10"])),
    ("penalty median", lambda s: f"{s['median']:g}"),
    ("penalty p90", lambda s: str(s["p90"])),
    ("finished (collection completed)", lambda s: percent(s["finished"], 0)),
    ("mean turns", lambda s: f"{s['mean_turns']:.1f}"),
)
"""The table's rows of figures before the ratings: a label and how a summary shows it."""


MOST_LOOKAHEAD = {"hint_samples": MAX_SAMPLES, "hint_shortlist": MAX_SHORTLIST, "clairvoyant_width": MAX_WIDTH}
"""The largest lookahead options taken (the hint's own bounds)."""


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options with the policies read (``A,B`` or a list; each named once) and the
    lookahead checked: 1 to ``MOST_LOOKAHEAD`` of each."""
    check_kinds("quibbles solo", options, {"policies": NAMES, **dict.fromkeys(MOST_LOOKAHEAD, int)})
    for name, most in MOST_LOOKAHEAD.items():
        check_count(name.replace("_", " "), options[name], 1, most)
    return {**options, "policies": list(study_policies(options["policies"]))}


def _games(name: str, lookahead: Lookahead, seed: int, first: int, count: int) -> list[list[Any]]:
    """Games ``first .. first + count - 1`` of the policy ``name``, in order, as
    [penalty, turns, finished, proven]."""
    return [
        [game.penalty, game.turns, game.finished, game.proven]
        for game in (solo_game(name, lookahead, seed, sample) for sample in range(first, first + count))
    ]


def solo_game(name: str, lookahead: Lookahead, seed: int, index: int) -> SoloGame:
    """Game ``index`` of the solo study with ``seed``, played by the policy ``name`` (the
    hint's and the clairvoyant's with ``lookahead``) as a protocol bot (``play_bots``)
    over the deal of the game's seed (``sample_seed``; ``start`` takes a text seed as
    the number that seeds alike, ``whole_seed``), the same for every policy. ``proven``:
    the clairvoyant's penalty is the least any play reaches."""
    game_seed = sample_seed(seed, index)
    (player,) = seat_bots([name], game_seed, lookahead)
    end = play_bots(start(seed=whole_seed(game_seed), players=1), [player], whole_seed(game_seed))
    finished = end.winner is not None
    proven = isinstance(player, ClairvoyantBot) and player.proven and finished
    return SoloGame(int(end.scores()[1]), end.turn_count, finished, proven)


def run_chunk(
    samples: int,
    seed: int,
    first: int,
    count: int,
    policies: str | Sequence[str] = DEFAULT_POLICIES,
    hint_samples: int = DEFAULT_LOOKAHEAD.samples,
    hint_shortlist: int = DEFAULT_LOOKAHEAD.shortlist,
    clairvoyant_width: int = DEFAULT_LOOKAHEAD.width,
) -> Part:
    """The chunk's games of each policy, in the order given, and the lookahead they were
    played with: the hint's ``hint_samples`` refills x ``hint_shortlist`` candidate turns,
    the clairvoyant's beam of ``clairvoyant_width`` (the defaults are ``OPTIONS``'s)."""
    lookahead = Lookahead(hint_samples, hint_shortlist, clairvoyant_width)
    return {
        "hint_lookahead": {"samples": lookahead.samples, "shortlist": lookahead.shortlist},
        "clairvoyant_width": lookahead.width,
        "policies": [
            {"policy": name, "games": _games(name, lookahead, seed, first, count)} for name in study_policies(policies)
        ],
    }


@dataclass
class _Played:
    """One policy's games so far: counts and sums that summarise them, and the penalty of
    each game in order (the one list the result keeps per game)."""

    penalties: Counter[int] = field(default_factory=Counter)
    turns: int = 0
    finished: int = 0
    proven: int = 0
    penalty_by_game: list[int] = field(default_factory=list)

    def add(self, games: Iterable[Sequence[Any]]) -> None:
        """Add games given as [penalty, turns, finished, proven], in game order."""
        for penalty, turns, finished, proven in games:
            self.penalties[penalty] += 1
            self.turns += turns
            self.finished += bool(finished)
            self.proven += bool(proven)
            self.penalty_by_game.append(penalty)

    def summary(self) -> Summary:
        """The games summarised as ``solvers.quibbles.results.PolicySummary`` would (the
        nearest-rank percentiles, the rulebook's rating shares), from the counts alone,
        with the share whose penalty is proven the least possible, and the penalties in
        game order and as a penalty -> games table (string keys)."""
        games = len(self.penalty_by_game)
        table = {str(penalty): self.penalties[penalty] for penalty in sorted(self.penalties)}
        rated: Counter[str] = Counter()
        for penalty, times in self.penalties.items():
            rated[solo_rating(penalty)] += times
        return {
            "games": games,
            "mean": counted_mean(table),
            "p10": _percentile(table, games, 0.1),
            "median": counted_median(table),
            "p90": _percentile(table, games, 0.9),
            "finished": self.finished / games,
            "mean_turns": self.turns / games,
            "proven_share": self.proven / games,
            "ratings": {label: rated[label] / games for _, label in SOLO_RATINGS},
            "penalties": table,
            "penalty_by_game": self.penalty_by_game,
        }


def _percentile(table: dict[str, int], games: int, share: float) -> int:
    """The penalty that ``share`` of the games stay at or under (nearest rank)."""
    return nth_value(table, max(math.ceil(share * games) - 1, 0))


def combine(samples: int, parts: Iterable[Part]) -> Result:
    """Each policy's games of every chunk, in sample order, summarised, each saying
    whether it sees the draw pile; the policies in the order given and the lookahead are
    the first chunk's (the same in every chunk)."""
    played: dict[str, _Played] = {}
    first: Part = {}
    for part in parts:
        first = first or part
        for entry in part["policies"]:
            played.setdefault(entry["policy"], _Played()).add(entry["games"])
    return {
        "samples": samples,
        "hint_lookahead": first.get("hint_lookahead", {}),
        "clairvoyant_width": first.get("clairvoyant_width"),
        "policies": {
            name: games.summary() | {"sees_draw_pile": name in SEES_DRAW_PILE} for name, games in played.items()
        },
    }


def part_shape(options: Mapping[str, Any]) -> Shape:
    """The lookahead and, per policy of the options in their order, its games as
    [penalty, turns, finished, proven]."""
    names = study_policies(options["policies"])
    return {
        "hint_lookahead": {"samples": int, "shortlist": int},
        "clairvoyant_width": int,
        "policies": Row(
            tuple({"policy": Matching(re.escape(name)), "games": ListOf(Row((int, int, bool, bool)))} for name in names)
        ),
    }


def table(result: Result) -> list[tuple[str, ...]]:
    """A column per policy; a row per figure of ``MEASURES``, one per rating of the
    rulebook (its band and label, worst first: the share of games rated so), and, for
    the searching policies compared, how they search: the hint's lookahead (refills x
    candidate turns) and the clairvoyant's beam, which sees the draw pile (not a hint),
    with the share of games whose penalty it proved the least possible."""
    summaries: dict[str, Summary] = result["policies"]
    lookahead = result["hint_lookahead"]
    rows: list[tuple[str, ...]] = [("policy", *summaries)]
    rows += [(label, *(show(s) for s in summaries.values())) for label, show in MEASURES]
    rows += [
        (f"{band} {label}", *(percent(s["ratings"][label], 0) for s in summaries.values()))
        for band, (_, label) in zip(rating_bands(), SOLO_RATINGS)
    ]
    if "hint" in summaries:
        rows.append(
            _only(
                "hint",
                summaries,
                "hint lookahead (refills x candidate turns)",
                f"{lookahead['samples']} x {lookahead['shortlist']}",
            )
        )
    if "clairvoyant" in summaries:
        rows.append(
            _only(
                "clairvoyant",
                summaries,
                "clairvoyant search (sees the draw pile, not a hint)",
                _beam_text(result["clairvoyant_width"], summaries["clairvoyant"]["proven_share"]),
            )
        )
    return rows


def _only(name: str, summaries: Mapping[str, Summary], label: str, text: str) -> tuple[str, ...]:
    """A row with ``text`` in the column of ``name`` and a dash in the others."""
    return (label, *(text if other == name else "-" for other in summaries))


def _beam_text(width: int, proven: float) -> str:
    """The clairvoyant's search: a beam, proven optimal in some share of the games or in none."""
    if not proven:
        return f"beam (width {width}), not proven"
    return f"beam (width {width}), proven optimal in {percent(proven, 0)}"


def plotted(result: Result) -> dict[str, Summary]:
    """The policies the plot draws: all but ``NOT_PLOTTED``, unless that leaves none."""
    summaries: dict[str, Summary] = result["policies"]
    return {name: s for name, s in summaries.items() if name not in NOT_PLOTTED} or summaries


def plot(result: Result, title: str, path: str) -> None:
    """One penalty histogram per ``plotted`` policy (its mean in the legend, the
    clairvoyant marked as seeing the draw pile) in bins of ``PLOT_BIN``, over the
    rulebook's rating bands, shaded alternately and labelled, best (left) to worst."""
    summaries = plotted(result)
    top = max(int(penalty) for s in summaries.values() for penalty in s["penalties"])
    bins = list(range(0, top + PLOT_BIN + 1, PLOT_BIN))
    figure, axes = charts.pyplot().subplots(figsize=(9, 4.8))
    for name, s in summaries.items():
        axes.hist(
            [int(penalty) for penalty in s["penalties"]],
            bins=bins,
            weights=list(s["penalties"].values()),
            alpha=0.55,
            label=f"{name} (mean {s['mean']:.1f}{', sees the draw pile' * s['sees_draw_pile']})",
        )
    upper = top + PLOT_BIN
    for k, (threshold, label) in enumerate(SOLO_RATINGS):
        if k % 2:
            axes.axvspan(threshold, upper, color="grey", alpha=0.08, linewidth=0)
        axes.axvline(threshold, color="grey", linewidth=0.6, linestyle=":")
        axes.text(
            threshold + 0.5,
            1.0,
            label,
            rotation=90,
            va="top",
            ha="left",
            fontsize=7,
            color="dimgrey",
            transform=axes.get_xaxis_transform(),
        )
        upper = threshold
    low, high = axes.get_ylim()
    axes.set_ylim(low, high * HEADROOM)  # the band labels stand above the tallest bar
    left_out = [f"{name} (mean {s['mean']:.1f})" for name, s in result["policies"].items() if name not in summaries]
    axes.set_xlabel(
        "penalty (sum of the penalty pile; lower is better)"
        + (f"; not drawn, so as not to squeeze the rest: {', '.join(left_out)}" if left_out else "")
    )
    axes.set_ylabel("games")
    axes.set_title(title)
    axes.legend(loc="upper right")
    figure.tight_layout()
    charts.save(figure, path, 110)


STUDY = Study(
    "quibbles",
    "solo",
    "per policy: the penalty of seeded solo games on the same deals, and the shares of the rulebook's ratings",
    2,
    run_chunk,
    combine,
    table,
    plot,
    part_shape,
    OPTIONS,
    check=check_options,
)
