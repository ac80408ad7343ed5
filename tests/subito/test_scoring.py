"""Subito scoring: removals, the award rules, task 5 side a, the rulebook's round
example, the 3-round game and the 3- and 4-player games; the table reader; dealing and
the seeded random instances drawn from deals."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import (
    RoundScore,
    TaskResult,
    ThreePlayerRound,
    deal,
    first_wrong,
    game_standings,
    load_deck,
    parse_cards,
    pile_against_table,
    random_placement,
    read_table,
    score_round,
    table_from_json,
    table_to_json,
    team_pile,
    three_player_standings,
)

EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "subito_example.json"
SIDES_A = ["2", "3a", "4a", "5a", "6a", "7a", "8a", "9a"]


def score(first: dict[str, str], second: dict[str, str], tasks: list[str] = SIDES_A) -> RoundScore:
    """Score a round where A placed ``first`` and B ``second`` (side: cards in order)."""
    return score_round(
        table_from_json(
            {
                "tasks": tasks,
                "players": [
                    {"name": "A", "placed": {side: parse_names(cards) for side, cards in first.items()}},
                    {"name": "B", "placed": {side: parse_names(cards) for side, cards in second.items()}},
                ],
            }
        )
    )


def parse_names(text: str) -> list[str]:
    return [card.name for card in parse_cards(text)]


def on(result: RoundScore, side: str) -> TaskResult:
    return next(r for r in result.tasks if r.side.name == side)


def test_a_wrong_card_and_all_later_ones_are_removed() -> None:
    task = on(score({"9a": "Y1A,G2B,G3T,R4S,P5P"}, {"9a": "D1A,L2B"}), "9a")
    mine = task.players[0]
    assert [c.name for c in mine.kept] == ["Y1A", "G2B"]
    assert [c.name for c in mine.removed] == ["G3T", "R4S", "P5P"]
    assert (mine.count, mine.total) == (2, 3)
    assert task.winner is None and task.reason == "equal count and sum"


def test_removal_can_turn_the_award() -> None:
    task = on(score({"3a": "R1A,Y2B,R3T,R4S"}, {"3a": "D1A,L1B"}), "3a")
    assert task.winner == 1 and task.reason == "more cards (2 to 1)"


@pytest.mark.parametrize(
    ("first", "second", "winner", "reason"),
    [
        ("Y1A,G2B,D3T", "R6A,P6B", 0, "more cards (3 to 2)"),
        ("Y1A", "R6A,P6B", 1, "more cards (2 to 1)"),
        ("Y1A,G2B", "R1A,P1B", 0, "equal count, greater sum (3 to 2)"),
        ("Y1A,G1B", "R1A,P2B", 1, "equal count, greater sum (3 to 2)"),
        ("Y1A,G2B", "R2A,P1B", None, "equal count and sum"),
        ("", "", None, "equal count and sum"),
    ],
)
def test_tie_rules(first: str, second: str, winner: int | None, reason: str) -> None:
    task = on(score({"2": first}, {"2": second}), "2")
    assert (task.winner, task.reason) == (winner, reason)


@pytest.mark.parametrize(
    ("first", "second", "winner", "reason"),
    [
        ("Y6A,G6B,D1T", "R1A", 1, "A over 12 (13)"),
        ("Y6A,G6B", "R6A,P6B,D1B", 0, "B over 12 (13)"),
        ("Y6A,G6B,D1T", "R6A,P6B,L2B", None, "both over 12 (13, 14)"),
        ("Y6A,G6B", "R6A,P5B,D1B", 1, "more cards (3 to 2)"),
        ("Y6A,G6B,D1T", "", 1, "A over 12 (13)"),
    ],
)
def test_task_5_side_a_over_12(first: str, second: str, winner: int | None, reason: str) -> None:
    task = on(score({"5a": first}, {"5a": second}), "5a")
    assert (task.winner, task.reason) == (winner, reason)
    assert not task.players[0].removed and not task.players[1].removed


def test_task_5_side_b_has_no_limit() -> None:
    tasks = [*SIDES_A[:3], "5b", *SIDES_A[4:]]
    task = on(score({"5b": "Y6A,G6B,D6T"}, {"5b": "R5A"}, tasks), "5b")
    assert task.winner == 0


def test_the_rulebook_round_example() -> None:
    """Mr. Schnell could not place all his cards; he wins task cards 2, 6 (by the greater
    sum) and 9: 17 points. Ms. Flink placed all 36; she wins 3 (by the greater sum), 4, 5,
    7 and 8: 27 points."""
    table = read_table(EXAMPLE)
    result = score_round(table)
    assert result.names == ("Schnell", "Flink") and result.points == (17, 27)
    won = {r.side.number: (r.winner, r.reason.split(" (")[0]) for r in result.tasks}
    assert won == {
        2: (0, "more cards"),
        3: (1, "equal count, greater sum"),
        4: (1, "more cards"),
        5: (1, "more cards"),
        6: (0, "equal count, greater sum"),
        7: (1, "more cards"),
        8: (1, "more cards"),
        9: (0, "more cards"),
    }
    placed = [sum(len(cards) for cards in player.placed.values()) for player in table.players]
    assert placed == [29, 36]
    flink_on_9 = on(result, "9a").players[1]
    assert [c.name for c in flink_on_9.removed] == ["Y6A", "R2B"]


def test_table_json_round_trips() -> None:
    table = read_table(EXAMPLE)
    assert table_from_json(table_to_json(table)) == table


def example_with(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    """The rulebook example's table data after ``change``."""
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "token"),
    [
        (lambda d: d["players"][0]["placed"]["2"].append("R1B"), "R1B appears twice"),
        (lambda d: d["players"][0]["placed"]["2"].append("G6B"), "G6B appears twice"),
        (lambda d: d["players"][0]["placed"].update({"3b": ["Y1S"]}), "3b"),
        (lambda d: d["players"][0]["placed"].update({"9z": ["Y1S"]}), "9z"),
        (lambda d: d["players"][0]["placed"].update({"2": ["Y9S"]}), "Y9S"),
        (lambda d: d["players"][0]["placed"].update({"2b": ["Y1S"]}), "task card 2 twice"),
        (lambda d: d["players"][1].update(name="Schnell"), "both players"),
        (lambda d: d["players"].pop(), "not 1"),
        (lambda d: d["tasks"].pop(), "9"),
        (
            lambda d: d["players"][0]["placed"]["2"].extend(["Y1P", "Y2P", "Y3P", "Y4P", "Y5P", "Y6P", "G1P", "G2P"]),
            "37 cards",
        ),
        (lambda d: d["players"][0].pop("name"), "name"),
        (lambda d: d["players"][0]["placed"].update({"2": "G6B"}), "not a list"),
    ],
)
def test_bad_tables_name_the_problem(change: Callable[[dict[str, Any]], object], token: str) -> None:
    with pytest.raises(BadInput, match=token):
        table_from_json(example_with(change))


def test_a_team_counts_as_one_side_of_the_table() -> None:
    """4 players: each team-mate places one card in turn; the team's cards count together."""
    anna, ben = parse_cards("Y1A,G2B,D3T"), parse_cards("R1A,P2B,L3T")
    team = team_pile(anna, ben)
    assert [c.name for c in team] == ["Y1A", "R1A", "G2B", "P2B", "D3T", "L3T"]
    assert team_pile(anna, ben[:2])[-1].name == "D3T"
    with pytest.raises(BadInput, match="alternate"):
        team_pile(anna[:1], ben)
    result = score({"2": "Y1A,G2B", "3a": "D3T,R1A"}, {"2": "R2P,P3P,L4P"})
    assert (on(result, "2").winner, on(result, "3a").winner) == (1, 0)


def round_score(first: int, second: int) -> RoundScore:
    return RoundScore(("A", "B"), (), (first, second))


def test_three_rounds_tie_broken_by_round_3() -> None:
    standings = game_standings([round_score(20, 10), round_score(10, 15), round_score(5, 10)])
    assert [(s.place, s.player, s.points, s.tiebreak) for s in standings] == [(1, "B", 35, 10), (2, "A", 35, 5)]
    shared = game_standings([round_score(20, 10), round_score(10, 20), round_score(7, 7)])
    assert [s.place for s in shared] == [1, 1]
    clear = game_standings([round_score(30, 10), round_score(10, 20), round_score(0, 7)])
    assert clear[0].player == "A" and clear[0].points == 40
    with pytest.raises(BadInput, match="3 rounds"):
        game_standings([round_score(1, 2)])


def test_three_player_game() -> None:
    """Each plays one round alone; both team members get the team's full score; ties go
    to the better solo round, then are shared."""
    rounds = [ThreePlayerRound("A", 20, 24), ThreePlayerRound("B", 25, 19), ThreePlayerRound("C", 14, 30)]
    standings = three_player_standings(rounds)
    totals = {s.player: (s.points, s.tiebreak) for s in standings}
    assert totals == {"A": (20 + 19 + 30, 20), "B": (24 + 25 + 30, 25), "C": (24 + 19 + 14, 14)}
    assert [s.player for s in standings] == ["B", "A", "C"]
    tied = three_player_standings(
        [ThreePlayerRound("A", 20, 18), ThreePlayerRound("B", 22, 20), ThreePlayerRound("C", 15, 20)]
    )
    assert [(s.place, s.player, s.points) for s in tied] == [(1, "B", 60), (2, "A", 60), (3, "C", 53)]
    shared = three_player_standings([ThreePlayerRound(p, 10, 10) for p in "ABC"])
    assert [s.place for s in shared] == [1, 1, 1]
    with pytest.raises(BadInput, match="one round alone"):
        three_player_standings([ThreePlayerRound(p, 10, 10) for p in "AAC"])


def test_deal_is_seeded_and_uses_side_a_first() -> None:
    deck = load_deck()
    tasks, piles = deal(deck, seed=1)
    assert [s.name for s in tasks] == ["2", "3a", "4a", "5a", "6a", "7a", "8a", "9a"]
    assert [len(p) for p in piles] == [36, 36] and sorted(piles[0] + piles[1], key=str) == sorted(deck, key=str)
    assert deal(deck, seed=1) == (tasks, piles) and deal(deck, seed=2)[1] != piles
    assert [len(p) for p in deal(deck, 1, players=4)[1]] == [18] * 4
    assert [len(p) for p in deal(deck, 1, players=3)[1]] == [36, 18, 18]
    assert [s.name for s in deal(deck, 1, sides="b")[0]] == ["2", "3b", "4b", "5b", "6b", "7b", "8b", "9b"]
    randoms = {tuple(s.name for s in deal(deck, seed, sides="random")[0]) for seed in range(20)}
    assert len(randoms) > 1 and all(len(t) == 8 for t in randoms)
    with pytest.raises(BadInput, match="5"):
        deal(deck, 1, players=5)


def test_pile_against_table_is_seeded_and_every_placed_card_is_accepted() -> None:
    deck = load_deck()
    pile, tasks, table = pile_against_table(deck, random.Random(7), 10, 20)
    assert len(pile) == 10 and sum(len(table.on(side)) for side in tasks) == 20
    assert all(first_wrong(side, table.on(side)) is None for side in tasks)
    assert not set(pile) & {card for side in tasks for card in table.on(side)}
    assert (pile, tasks, table) == pile_against_table(deck, random.Random(7), 10, 20)
    again = random_placement([c for side in tasks for c in table.on(side)], tasks, random.Random(3), "B")
    assert again.name == "B" and all(first_wrong(side, again.on(side)) is None for side in tasks)
