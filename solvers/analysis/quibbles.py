"""Quibbles solo: the penalty each policy scores over seeded solo games, and the shares
of the rulebook's rating labels.

Sample ``k`` is game ``k`` of ``quibbles study``'s solo study with the study seed (the
same deal for every policy, each policy's choices seeded by the game), played once by
each policy with the default lookahead; a sample's games are kept as (penalty, turns,
finished) and summarised by ``solvers.quibbles.study.PolicySummary``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardsolve.models.quibbles import SOLO_RATINGS
from cardsolve.solvers.analysis import charts
from cardsolve.solvers.analysis.study import Part, Result, Study
from cardsolve.solvers.quibbles.study import POLICIES, Lookahead, PolicySummary, SoloGame, solo_game

PLOT_BIN = 10
"""Penalties are drawn in bins of this width, bin k holding PLOT_BIN x k and up."""


def run_chunk(samples: int, seed: int, first: int, count: int) -> Part:
    """Per policy, the chunk's games in sample order as [penalty, turns, finished]."""
    return {name: [[game.penalty, game.turns, game.finished]
                   for game in (solo_game((name, Lookahead(), seed, sample))
                                for sample in range(first, first + count))]
            for name in POLICIES}


def _summary(name: str, played: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """One policy's games summarised by ``PolicySummary``, with the penalty -> games
    table (string keys, for JSON)."""
    summary = PolicySummary(name, [SoloGame(int(penalty), int(turns), bool(finished))
                                   for penalty, turns, finished in played])
    penalties = Counter(summary.penalties)
    return {"games": len(played), "mean": summary.mean, "p10": summary.percentile(0.1), "median": summary.median,
            "p90": summary.percentile(0.9), "finished": summary.finished_share, "mean_turns": summary.mean_turns,
            "ratings": summary.rating_shares(),
            "penalties": {str(penalty): penalties[penalty] for penalty in sorted(penalties)}}


def combine(samples: int, parts: Sequence[Part]) -> Result:
    """Each policy's games of every chunk, in sample order, summarised."""
    return {"samples": samples,
            "policies": {name: _summary(name, [game for part in parts for game in part[name]]) for name in POLICIES}}


def table(result: Result) -> list[tuple[str, ...]]:
    """One row per policy: games, the penalty's mean, 10th percentile, median and 90th
    percentile, the share of games finished, mean turns, and each rating's share (the
    rulebook's order, worst first)."""
    labels = [label for _, label in SOLO_RATINGS]
    rows: list[tuple[str, ...]] = [("policy", "games", "mean", "p10", "median", "p90", "finished", "turns", *labels)]
    for name, s in result["policies"].items():
        rows.append((name, str(s["games"]), f"{s['mean']:.1f}", str(s["p10"]), f"{s['median']:g}", str(s["p90"]),
                     f"{s['finished']:.0%}", f"{s['mean_turns']:.1f}",
                     *(f"{s['ratings'][label]:.0%}" for label in labels)))
    return rows


def plot(result: Result, title: str, path: str) -> None:
    """One histogram of penalties per policy, in bins of ``PLOT_BIN`` (drawn at the bin's
    number, so that each bar is as wide as its bin)."""
    counts: dict[str, Counter[int]] = {}
    for name, summary in result["policies"].items():
        counts[name] = Counter()
        for penalty, games in summary["penalties"].items():
            counts[name][int(penalty) // PLOT_BIN] += games
    charts.histograms(path, title, counts, f"penalty / {PLOT_BIN}, rounded down")


STUDY = Study("quibbles", "solo",
              f"per policy ({', '.join(POLICIES)}): the penalty of seeded solo games on the same deals, and the "
              "shares of the rulebook's ratings",
              2, run_chunk, combine, table, plot)
