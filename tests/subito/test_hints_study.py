"""The Subito placement policies, the round they play, and the ``subito hints`` study
(``cardsolve analyze subito hints``):
player 1 places the whole pile and player 2 one card fewer, every card where a policy may
put it; the policies see only what a player sees (the opponent's 5a cards are not looked
at); the study's regret is never negative, is the same however the samples are cut into
chunks, keeps unproven best responses apart, and its options are checked."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Card, Placed, Side, SideChoice, Table, accepts, deal, load_deck, score_round
from cardsolve.solvers.studies import registry, subito_hints
from cardsolve.solvers.studies.api import analyze
from cardsolve.solvers.studies.study import mismatch
from cardsolve.solvers.subito.hint import hint
from cardsolve.solvers.subito.policies import (
    ORACLE,
    POLICIES,
    GreedyPolicy,
    HintPolicy,
    RandomPolicy,
    Turn,
    decision_seed,
    policy,
)
from cardsolve.solvers.subito.problem import Budget
from cardsolve.solvers.subito.state_bots import round_table

DECK = tuple(load_deck())
FEW = 4
"""Rollouts per side for the hint in these tests (the study's option)."""


def dealt(seed: int, sides: SideChoice = "random") -> tuple[tuple[Side, ...], tuple[list[Card], list[Card]]]:
    """A seeded deal's sides and piles."""
    tasks, piles = deal(DECK, seed, sides=sides)
    return tasks, (piles[0], piles[1])


@pytest.mark.parametrize("name", [*POLICIES, ORACLE])
def test_a_round_places_every_card_where_the_policy_may(name: str) -> None:
    tasks, piles = dealt(5)
    table = round_table(tasks, piles, (policy(name, FEW), GreedyPolicy()), 5)
    first, second = table.players
    assert (first.count, second.count) == (36, 35)
    for placed, pile in zip(table.players, piles):
        assert Counter(c for cards in placed.placed.values() for c in cards) == Counter(pile[: placed.count])
    removed = [k for r in score_round(table).tasks for k in r.players if k.removed]
    assert removed == []
    if name != "random":  # random may pass 12 on 5a (the rule takes it, the scoring costs it)
        assert all(sum(c.number for c in p.placed.get("5a", ())) <= 12 for p in table.players)
    assert table == round_table(tasks, piles, (policy(name, FEW), GreedyPolicy()), 5)


def turn_with_face_down(seed: int, face_down: tuple[Card, ...]) -> Turn:
    """Player 1's turn at a seeded table (side a of each task card) where player 2 has
    ``face_down`` on 5a."""
    tasks, piles = dealt(seed, "a")
    table = round_table(tasks, piles, (GreedyPolicy(), GreedyPolicy()), seed, 19)
    ben = table.players[1]
    table = Table(table.tasks, (table.players[0], Placed(ben.name, {**ben.placed, "5a": face_down})))
    return Turn(table, 1, piles[0][10], DECK, seed)


@pytest.mark.parametrize("seed", range(6))
def test_the_policies_do_not_look_at_the_face_down_cards(seed: int) -> None:
    _, piles = dealt(seed, "a")
    low = turn_with_face_down(seed, (piles[1][10],))
    high = turn_with_face_down(seed, (piles[1][11],))
    for chooser in (HintPolicy(FEW), GreedyPolicy(), RandomPolicy()):
        assert chooser.choose(low) == chooser.choose(high)


def test_each_policy_chooses_as_its_rule_says() -> None:
    turn = turn_with_face_down(3, ())
    assert HintPolicy(FEW).choose(turn) == hint(turn.table, 1, turn.card, DECK, FEW, turn.seed).best.side
    mine = turn.table.players[0]
    taken = {s for s in turn.table.tasks if accepts(s, mine.on(s), turn.card)}
    drawn = {RandomPolicy().choose(Turn(turn.table, 1, turn.card, DECK, seed)) for seed in range(60)}
    assert drawn == taken
    assert decision_seed(1, 1, 0) != decision_seed(1, 2, 0) != decision_seed(1, 1, 1)


def test_an_unknown_policy_is_bad_input() -> None:
    with pytest.raises(BadInput, match="no policy 'best'"):
        policy("best")


def small_run(first: int, count: int) -> dict[str, Any]:
    return subito_hints.run_chunk(10, 4, first, count, ["greedy", "random"], FEW, "a")


def test_the_study_cut_in_any_chunks_gives_one_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subito_hints, "BUDGET", Budget(node_limit=20_000))  # quick; some stay unproven
    whole = small_run(0, 3)
    assert (
        mismatch(whole, subito_hints.part_shape({"policies": ["greedy", "random"], "hint_samples": FEW, "sides": "a"}))
        is None
    )
    cut = [small_run(0, 1), small_run(1, 2)]
    result = subito_hints.combine(3, cut)
    assert result == subito_hints.combine(3, [whole])
    for name, summary in result["policies"].items():
        regret = summary["regret"]
        assert summary["rounds"] == 3 and regret["rounds"] + summary["unproven"] == 3
        assert all(int(value) >= 0 for value in regret["distribution"]), name  # the best response is an upper bound
        assert sum(regret["distribution"].values()) == regret["rounds"]
    rows = subito_hints.table(result)
    assert rows[0] == ("policy", "greedy", "random") and all(len(row) == 3 for row in rows)
    picture = tmp_path / "regret.png"
    subito_hints.plot(result, "regret", str(picture))
    assert picture.stat().st_size > 0
    assert registry.find("subito", "hints") is subito_hints.STUDY


def test_unproven_best_responses_are_counted_apart() -> None:
    summary = subito_hints._summary([[20, 30, True], [25, 40, False], [30, 34, True]])
    assert summary["unproven"] == 1 and summary["rounds"] == 3
    assert summary["regret"]["distribution"] == {"4": 1, "10": 1} and summary["regret"]["mean"] == 7
    assert summary["mean_best_response"] == 32 and summary["mean_points"] == 25
    none = subito_hints._summary([[20, 30, False]])
    assert none["regret"]["mean"] is None and none["regret"]["rounds"] == 0
    rows = subito_hints.table({"hint_samples": 64, "policies": {"hint": none}})
    assert ("mean regret (lower is better)", "-") in rows


@pytest.mark.parametrize(
    ("options", "token"),
    [
        ({"policies": ["best"]}, "best"),
        ({"policies": []}, ""),
        ({"policies": ["hint", "hint"]}, "hint,hint"),
        ({"hint_samples": 0}, "0"),
        ({"hint_samples": 10**6}, "1000000"),
        ({"sides": "c"}, "c"),
    ],
)
def test_bad_options_are_bad_input(options: dict[str, Any], token: str) -> None:
    given = {**subito_hints.OPTIONS, **options}
    with pytest.raises(BadInput) as error:
        subito_hints.part_shape(given)
    assert error.value.token == token


def test_the_regret_is_the_best_response_less_the_points() -> None:
    """One round by hand: the policy's points from its table, the best response to player
    2's final table at least as many."""
    sample = 2
    row = subito_hints._round("greedy", FEW, "random", 9, sample)
    seed = random.Random(f"9:{sample}").getrandbits(32)
    tasks, piles = dealt(seed)
    table = round_table(tasks, piles, (GreedyPolicy(), GreedyPolicy()), seed)
    assert row[0] == score_round(table).points[0]
    assert not row[2] or row[1] >= row[0]


def test_the_command_runs_the_study_with_its_options(cardsolve: RunCli, tmp_path: Path) -> None:
    """``analyze subito hints`` with the study's options (a policy list as ``A,B`` text,
    spaces stripped) runs what the API runs with them: the same chunks in the store."""
    store = tmp_path / "s.sqlite"
    code, out, err = cardsolve(
        "--json",
        "analyze",
        "subito",
        "hints",
        "--samples",
        "1",
        "--policies",
        " greedy ,hint-own-pile",
        "--hint-samples",
        str(FEW),
        "--sides",
        "a",
        "--workers",
        "1",
        "--store",
        str(store),
    )
    assert code == 0, err
    document = json.loads(out)
    assert document["options"] == {"policies": ["greedy", ORACLE], "hint_samples": FEW, "sides": "a"}
    assert set(document["result"]["policies"]) == {"greedy", ORACLE}
    again = analyze("subito", "hints", samples=1, seed=1, workers=1, store=str(store), options=document["options"])
    assert again.reused == 1 and again.result == document["result"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--policies", "greedy,greedy"], "give each policy once"),
        (["--policies", "oracle"], "no policy 'oracle'"),
        (["--policies", "greedy,"], "an empty name in 'greedy,'"),
        (["--hint-samples", "4097"], "4097: give 1 to 4096"),
        (["--hint-samples", "0"], "error: bad --hint-samples 0: give 1 to 4096"),
        (["--sides", "c"], "error: bad --sides 'c': give one of a, b, random"),
    ],
)
def test_the_commands_bad_options_are_one_line(cardsolve: RunCli, tmp_path: Path, args: list[str], said: str) -> None:
    code, out, err = cardsolve(
        "analyze", "subito", "hints", "--samples", "1", *args, "--store", str(tmp_path / "s.sqlite")
    )
    assert code == 2 and not out and said in err and err.count("\n") == 1
    assert not (tmp_path / "s.sqlite").exists()  # refused before the store is opened
