"""The Ubongo, Subito and Quibbles studies: sane values on small studies, the same result
for any cut into chunks and after a JSON round trip, a table row per group, a PNG, and
the registry's entries."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from types import ModuleType

import pytest

from cardsolve.models.quibbles import SOLO_RATINGS
from cardsolve.solvers.studies import quibbles_solo as quibbles
from cardsolve.solvers.studies import registry
from cardsolve.solvers.studies import subito_optimal_scores as subito
from cardsolve.solvers.studies import ubongo_solvability as ubongo
from cardsolve.solvers.studies.study import Part, Result

pytestmark = pytest.mark.slow  # runs studies: `-m "not slow"` skips it in a quick local run

SEED = 11


@dataclass(frozen=True)
class Case:
    """A small study: its module, samples, a cut of them into chunks (the chunks' first
    samples), and the number of table rows after the header."""

    module: ModuleType
    samples: int
    cuts: tuple[int, ...]
    rows: Callable[[Result], int]


CASES = {
    "ubongo": Case(ubongo, 24, (0, 5, 6), lambda result: len(ubongo.GROUPS)),
    "subito": Case(subito, 4, (0, 1), lambda result: len(result["combinations"])),
    "quibbles": Case(quibbles, 2, (0, 1), lambda result: len(quibbles.MEASURES) + len(SOLO_RATINGS) + 2),
}


@dataclass(frozen=True)
class Run:
    """A case's parts: one chunk of every sample, and the chunks of its cut."""

    case: Case
    whole: Part
    cut: list[Part]

    def result(self) -> Result:
        combined: Result = self.case.module.combine(self.case.samples, [self.whole])
        return combined


@cache
def _run(name: str) -> Run:
    """The parts of case ``name``, computed once for all the tests."""
    case = CASES[name]
    study = case.module.STUDY
    bounds = [*case.cuts, case.samples]
    return Run(
        case,
        study.run_chunk(case.samples, SEED, 0, case.samples),
        [study.run_chunk(case.samples, SEED, a, b - a) for a, b in pairwise(bounds)],
    )


@pytest.fixture(params=list(CASES))
def run(request: pytest.FixtureRequest) -> Run:
    return _run(request.param)


def test_cut_into_chunks_gives_the_same_result(run: Run) -> None:
    assert run.case.module.combine(run.case.samples, run.cut) == run.result()


def test_result_survives_a_json_round_trip(run: Run) -> None:
    parts = json.loads(json.dumps(run.cut))
    result = run.case.module.combine(run.case.samples, parts)
    assert result == run.result()
    assert json.loads(json.dumps(result)) == result


def test_table_has_a_header_and_a_row_per_group(run: Run) -> None:
    result = run.result()
    rows = run.case.module.table(result)
    assert len(rows) == 1 + run.case.rows(result)
    assert all(len(row) == len(rows[0]) and all(isinstance(cell, str) and cell for cell in row) for row in rows)


def test_plot_writes_a_png(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "study.png"
    run.case.module.plot(run.result(), "a small study", str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "game, name, module",
    [("ubongo", "solvability", ubongo), ("subito", "optimal-scores", subito), ("quibbles", "solo", quibbles)],
)
def test_registry_returns_the_study(game: str, name: str, module: ModuleType) -> None:
    found = registry.find(game, name)
    assert found is module.STUDY and (found.game, found.name) == (game, name) and found.chunk_size > 0


def test_ubongo_counts_every_hand_once() -> None:
    run = _run("ubongo")
    result = run.result()
    groups = result["groups"]
    for group in groups.values():
        assert group["hand_count"] == run.case.samples and "hands" not in group
        assert 0 <= group["share"] <= 1 and group["share"] == group["solvable"] / group["hand_count"]
        assert sum(group["effort"].values()) == group["hand_count"]
        assert all(int(b) & (int(b) - 1) == 0 for b in group["effort"])  # powers of 2
        assert str(group["median_effort"]) in group["effort"]
        assert sum(group["largest"].values()) == group["hand_count"] - group["solvable"]
        assert all(1 <= int(size) < 7 for size in group["largest"])
    assert any(group["largest"] for group in groups.values())  # some hand has no 7-card layout
    assert groups["1-white"]["share"] >= groups["3-black"]["share"]  # the deck gets harder


def test_ubongo_effort_buckets() -> None:
    assert [ubongo.effort_bucket(n) for n in (0, 1, 2, 3, 4, 63, 64)] == [1, 1, 2, 2, 4, 32, 64]
    assert ubongo.median_bucket({"1": 1, "4": 1, "8": 2}) == 4 and ubongo.median_bucket({}) is None


def test_subito_answers_lie_within_their_bounds() -> None:
    run = _run("subito")
    result = run.result()
    combinations = result["combinations"]
    assert result["card_count"] == subito.CARDS and "cards" not in result
    assert sum(group["samples"] for group in combinations.values()) == run.case.samples
    for sides, group in combinations.items():
        assert [int(side[0]) for side in sides.split(",")] == list(range(2, 10))
        for key in ("optimum", "margin"):
            assert sum(group[key].values()) + group[f"{key}_unproven"] == group["samples"]
        # every card on task card 2 at worst, every card worth 9 at best
        assert all(2 * subito.CARDS <= int(v) <= 9 * subito.CARDS for v in group["optimum"])
        assert all(-44 <= int(m) <= 44 for m in group["margin"])  # the task cards are worth 44
        if group["optimum"]:
            values = [int(v) for v in group["optimum"]]
            assert min(values) <= group["mean_optimum"] <= max(values)
        else:
            assert group["mean_optimum"] is None
    assert sum(sum(g["optimum"].values()) + sum(g["margin"].values()) for g in combinations.values()) > 0


def test_quibbles_shares_and_policies() -> None:
    from cardsolve.solvers.quibbles.bot_games import Lookahead
    from cardsolve.solvers.studies.quibbles_solo import solo_game

    run = _run("quibbles")
    result = run.result()
    policies = result["policies"]
    assert list(policies) == list(quibbles.OPTIONS["policies"])
    assert result["hint_lookahead"] == {"samples": 16, "shortlist": 12} and result["clairvoyant_width"] == 8
    for summary in policies.values():
        assert summary["games"] == sum(summary["penalties"].values()) == run.case.samples
        assert sorted(summary["penalty_by_game"]) == [int(p) for p, n in summary["penalties"].items() for _ in range(n)]
        assert sum(summary["ratings"].values()) == pytest.approx(1.0)
        assert 0 <= summary["finished"] <= 1 and summary["p10"] <= summary["median"] <= summary["p90"]
    assert policies["hint"]["mean"] < policies["random"]["mean"]
    # sample k is game k of the study seed, played by each policy (the cheap ones here)
    for name in ("greedy", "random"):
        played = [solo_game(name, Lookahead(), SEED, k).penalty for k in range(run.case.samples)]
        assert policies[name]["penalty_by_game"] == played


def test_quibbles_table_has_a_column_per_policy_and_a_row_per_rating() -> None:
    rows = quibbles.table(_run("quibbles").result())
    assert rows[0] == ("policy", "hint", "greedy", "random", "clairvoyant")
    labels = [row[0] for row in rows]
    assert labels[len(quibbles.MEASURES) + 1 :] == [
        "50+ Questionable",
        "40-49 Quite OK",
        "30-39 Quirky performance",
        "20-29 Quality effort",
        "10-19 Quick-witted success",
        "<10 Quintessential victory",
        "hint lookahead (refills x candidate turns)",
        "clairvoyant search (sees the draw pile, not a hint)",
    ]
    assert rows[-2][1:] == ("16 x 12", "-", "-", "-")


def test_quibbles_options_choose_the_policies_and_the_lookahead() -> None:
    part = quibbles.STUDY.run_chunk(2, SEED, 0, 2, policies=["random", "greedy"], hint_samples=2, hint_shortlist=3)
    result = quibbles.combine(2, [part])
    assert list(result["policies"]) == ["random", "greedy"] and result["hint_lookahead"] == {
        "samples": 2,
        "shortlist": 3,
    }
    assert all(row[0] != "hint lookahead (refills x candidate turns)" for row in quibbles.table(result))
    default = _run("quibbles").result()["policies"]
    assert result["policies"]["greedy"]["penalty_by_game"] == default["greedy"]["penalty_by_game"][:2]
