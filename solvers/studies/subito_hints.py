"""Subito ``hints``: the regret of each placement policy against a clairvoyant best
response (``cardsolve analyze subito hints``). Options: ``policies`` (the policies of
player 1 compared, default every one of ``solvers.subito.policies.POLICIES``: hint,
greedy, random; ``hint-own-pile``, the hint that knows the order of its own coming cards,
by name), ``hint_samples`` (the hint's rollouts per side, default ``subito hint``'s
1024) and ``sides`` (the task-card sides dealt: a, b, or random, the default).

Sample ``k`` deals a 2-player round (the deal's seed drawn from the study seed and ``k``)
and plays it once per policy, a game of that one round played out by ``models.state.play``
(``state_bots.round_table``): player 1 places card by card by the policy's bot,
player 2 by the greedy one, both seeing only what a player sees (``hint-own-pile`` also
its own coming cards), at the same speed, player 1 first (so player 1 places 36 cards
and player 2 35). Player 2
answers the table as it lies, so their final table depends on player 1's play: each
policy is measured against the table player 2 laid in its own round. The *regret* of a
round is the points of the clairvoyant best response (player 1's whole pile known, placed
in pile order against player 2's final table, found by ``solvers.subito.fast``) minus
the points the policy won. A best response the search did not prove optimal within
``NODE_LIMIT`` nodes is counted apart and never enters the regrets.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.models.listing import read_names
from cardsolve.models.subito import SIDE_CHOICES, Card, Placed, SideChoice, deal, load_deck, score_round
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
from cardsolve.solvers.subito.policies import ORACLE, POLICIES, GreedyPolicy, policy
from cardsolve.solvers.subito.problem import OPPONENT, Budget, make_problem
from cardsolve.solvers.subito.settings import SAMPLES, STUDY_SAMPLES
from cardsolve.solvers.subito.state_bots import round_table

NODE_LIMIT = 1_000_000
"""Search nodes per best response before the proof is given up (about a second). Since
the card prices count each side's sum with its count (``solvers.subito.prices``), the
greedy policy's 500 rounds of seed 1 leave 19 best responses unproven here (115 before),
so the unproven ones are still counted apart."""
BUDGET = Budget(node_limit=NODE_LIMIT)
OPTIONS: dict[str, Any] = {"policies": list(POLICIES), "hint_samples": SAMPLES, "sides": "random"}
"""The options and their defaults."""
Summary = dict[str, Any]
"""One policy's summary in the result (``_summary``)."""


@lru_cache(maxsize=1)
def _deck() -> tuple[Card, ...]:
    return tuple(load_deck())


def _check(policies: Sequence[str], hint_samples: int, sides: str) -> list[str]:
    """The policies' names, checked with the other options; a bad one is bad input naming it."""
    names = [policies] if isinstance(policies, str) else list(policies)
    for name in names:
        policy(name)
    if not names or len(set(names)) != len(names):
        raise BadInput(f"give each policy once, at least one: {', '.join(names) or 'none'}", ",".join(names))
    if not 1 <= hint_samples <= STUDY_SAMPLES:
        raise BadInput(f"bad hint_samples {hint_samples}: give 1 to {STUDY_SAMPLES}", str(hint_samples))
    if sides not in SIDE_CHOICES:
        raise BadInput(f"bad sides {sides!r}: give one of {', '.join(SIDE_CHOICES)}", str(sides))
    return names


def check_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options with the policies read (``A,B`` or a list) and every option checked
    (``_check``)."""
    check_kinds("subito hints", options, {"policies": NAMES, "hint_samples": int, "sides": str})
    names = _check(list(read_names(options["policies"])), options["hint_samples"], options["sides"])
    return {**options, "policies": names}


def _round(name: str, hint_samples: int, sides: SideChoice, seed: int, sample: int) -> list[Any]:
    """Sample ``sample``'s round played by the policy ``name`` against greedy, as
    [points won, best response's points, best response proven]."""
    from cardsolve.solvers.subito import fast  # numba: here, so that the study's help starts without it

    dealt = random.Random(f"{seed}:{sample}").getrandbits(32)
    tasks, piles = deal(_deck(), dealt, sides=sides)
    table = round_table(tasks, piles, (policy(name, hint_samples), GreedyPolicy()), dealt)
    theirs = Placed(OPPONENT, table.players[1].placed)
    answer = fast.optimize(make_problem(piles[0], tasks, table.players[0].count, theirs), BUDGET)
    assert answer.won is not None  # an answer has an opponent
    return [score_round(table).points[0], answer.won, answer.proven]


def run_chunk(
    samples: int,
    seed: int,
    first: int,
    count: int,
    policies: str | Sequence[str] = tuple(POLICIES),
    hint_samples: int = SAMPLES,
    sides: str = "random",
) -> Part:
    """Per policy in the order given, its rounds in sample order as [points, best
    response, proven], and the hint's rollouts per side."""
    names = _check(policies, hint_samples, sides)
    chosen = next(choice for choice in SIDE_CHOICES if choice == sides)
    return {
        "hint_samples": hint_samples,
        "sides": sides,
        "policies": [
            {
                "policy": name,
                "rounds": [_round(name, hint_samples, chosen, seed, sample) for sample in range(first, first + count)],
            }
            for name in names
        ],
    }


def _summary(rounds: Iterable[Sequence[Any]]) -> Summary:
    """One policy's rounds summarised: the mean points, and over the proven best responses
    the mean best response and the regret's mean, median, 90th percentile, maximum and
    distribution (regret -> rounds); the unproven ones counted apart."""
    regrets: Counter[int] = Counter()
    played = unproven = won = best = 0
    for points, response, proven in rounds:
        played += 1
        won += points
        if proven:
            regrets[response - points] += 1
            best += response
        else:
            unproven += 1
    table = {str(value): regrets[value] for value in sorted(regrets)}
    proven_rounds = played - unproven
    regret: dict[str, Any] = {
        "rounds": proven_rounds,
        "distribution": table,
        "mean": None,
        "median": None,
        "p90": None,
        "max": None,
        "zero": None,
    }
    if proven_rounds:
        regret.update(
            mean=counted_mean(table),
            median=counted_median(table),
            p90=nth_value(table, max(-(-9 * proven_rounds // 10) - 1, 0)),
            max=max(regrets),
            zero=regrets[0] / proven_rounds,
        )
    return {
        "rounds": played,
        "mean_points": won / played,
        "mean_best_response": best / proven_rounds if proven_rounds else None,
        "unproven": unproven,
        "regret": regret,
    }


def combine(samples: int, parts: Iterable[Part]) -> Result:
    """Each policy's rounds of every chunk summarised (``_summary``); the policies in the
    order given, the hint's samples and the sides are the first chunk's."""
    rounds: dict[str, list[list[Any]]] = {}
    settings: dict[str, Any] = {}
    for part in parts:
        settings = settings or {"hint_samples": part["hint_samples"], "sides": part["sides"]}
        for entry in part["policies"]:
            rounds.setdefault(entry["policy"], []).extend(entry["rounds"])
    summaries = {name: _summary(played) for name, played in rounds.items()}
    return {"samples": samples, "node_limit": NODE_LIMIT, **settings, "policies": summaries}


def part_shape(options: Mapping[str, Any]) -> Shape:
    """The hint's samples, the sides, and per policy of the options in their order its
    rounds as [points, best response, proven]."""
    names = _check(options["policies"], options["hint_samples"], options["sides"])
    return {
        "hint_samples": int,
        "sides": Matching("|".join(SIDE_CHOICES)),
        "policies": Row(
            tuple({"policy": Matching(re.escape(name)), "rounds": ListOf(Row((int, int, bool)))} for name in names)
        ),
    }


def _figure(value: float | None, form: str = ".2f") -> str:
    return "-" if value is None else format(value, form)


MEASURES: tuple[tuple[str, Callable[[Summary], str]], ...] = (
    ("rounds", lambda s: str(s["rounds"])),
    ("mean points won", lambda s: f"{s['mean_points']:.2f}"),
    ("mean best response (clairvoyant)", lambda s: _figure(s["mean_best_response"])),
    ("mean regret (lower is better)", lambda s: _figure(s["regret"]["mean"])),
    ("regret median", lambda s: _figure(s["regret"]["median"], "g")),
    ("regret p90", lambda s: _figure(s["regret"]["p90"], "d")),
    ("regret max", lambda s: _figure(s["regret"]["max"], "d")),
    ("rounds without regret", lambda s: _figure(s["regret"]["zero"], ".0%")),
    ("best responses not proven (left out)", lambda s: str(s["unproven"])),
)
"""The table's rows: a label and how a policy's summary shows it."""


def table(result: Result) -> list[tuple[str, ...]]:
    """A column per policy: rounds, mean points won, mean best response, the regret's
    mean, median, 90th percentile and maximum, the share of rounds without regret, and
    the best responses not proven (left out of the regrets)."""
    summaries: dict[str, Summary] = result["policies"]
    rows: list[tuple[str, ...]] = [("policy", *summaries)]
    rows += [(label, *(show(s) for s in summaries.values())) for label, show in MEASURES]
    rows.append(
        (
            "hint rollouts per side",
            *(str(result["hint_samples"]) if name in ("hint", ORACLE) else "-" for name in summaries),
        )
    )
    return rows


def plot(result: Result, title: str, path: str) -> None:
    """The regret distribution of each policy, a panel each (proven best responses only)."""
    counts = {
        f"{name} (mean {_figure(s['regret']['mean'])})": {
            int(value): times for value, times in s["regret"]["distribution"].items()
        }
        for name, s in result["policies"].items()
    }
    charts.histograms(path, title, counts, "regret (round points)")


STUDY = Study(
    "subito",
    "hints",
    "per policy of player 1 (hint, greedy, random) against a greedy player 2: the regret against the "
    "clairvoyant best response to player 2's final table",
    5,
    run_chunk,
    combine,
    table,
    plot,
    part_shape,
    OPTIONS,
    check=check_options,
)
