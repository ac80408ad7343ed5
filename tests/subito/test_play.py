"""``cardsolve subito play``: a whole seeded game between bots, played by the one game loop
(``models.state.play``) over the game in progress, and the standings by the rulebook's
end of the game (most points; ties broken by round 3, with 3 players by each one's solo
round; still tied, shared)."""

from __future__ import annotations

import pytest
from conftest import RunCli, run_json

from cardsolve.models.errors import BadInput
from cardsolve.models.state import play
from cardsolve.models.subito.scoring import seat_standings
from cardsolve.models.subito.state import start
from cardsolve.solvers.subito import api

FEW = 8
"""The hint bots' rollouts a side here."""


def places(points: list[list[int]]) -> list[tuple[int, str]]:
    return [(standing.place, standing.player) for standing in seat_standings(points)]


def test_most_points_win_and_a_tie_goes_to_round_three() -> None:
    assert places([[20, 10], [10, 15], [5, 30]]) == [(1, "seat 2"), (2, "seat 1")]
    assert places([[30, 10], [10, 20], [10, 20]]) == [(1, "seat 2"), (2, "seat 1")]  # 50 all, round 3 20 to 10
    assert places([[20, 10], [10, 20], [15, 15]]) == [(1, "seat 1"), (1, "seat 2")]  # tied twice: both win


def test_with_three_players_a_tie_goes_to_the_solo_round() -> None:
    """Seat r plays round r alone; the team's two seats each score the team's points."""
    points = [[25, 19, 19], [20, 24, 20], [15, 15, 21]]  # totals 60, 58, 60; solo rounds 25, 24, 21
    assert places(points) == [(1, "seat 1"), (2, "seat 3"), (3, "seat 2")]
    assert places([[20, 24, 24], [24, 20, 24], [24, 24, 20]])[0] == (1, "seat 1")  # all 68, solo all 20: shared
    assert {place for place, _ in places([[20, 24, 24], [24, 20, 24], [24, 24, 20]])} == {1}


def test_a_game_has_three_rounds_to_stand() -> None:
    with pytest.raises(BadInput, match="3 rounds"):
        seat_standings([[20, 10], [10, 20]])


@pytest.mark.parametrize(("players", "bots"), [(2, "greedy,random"), (3, "greedy,random,greedy"), (4, None)])
def test_a_game_is_the_one_loop_over_the_game_in_progress(players: int, bots: str | None) -> None:
    names = bots or ",".join(["hint", "greedy"] * 2)
    game = api.play(seed=5, players=players, bots=names, hint_samples=FEW)
    seated = [api.bot(name, 5, hint_samples=FEW) for name in names.split(",")]
    end = play(start(seed=5, players=players), seated, seed=5)
    assert game.game.to_json() == end.to_json() and game.game.is_over
    document = game.to_json()
    assert document["scores"] == [sum(r["points"][seat] for r in document["rounds"]) for seat in range(players)]
    assert document["rounds"][0]["tasks"][1] == "3a"  # round 1 on side a
    best = max(document["scores"])
    assert set(document["winners"]) <= {seat for seat, score in enumerate(document["scores"], 1) if score == best}
    assert document["standings"][0]["place"] == 1 and document["winners"]
    if players == 4:  # a side of the table scores for both its seats
        assert all(r["points"][0] == r["points"][1] and r["points"][2] == r["points"][3] for r in document["rounds"])
    assert api.play(seed=5, players=players, bots=names, hint_samples=FEW) == game


def test_the_hint_beats_the_random_bot_and_progress_counts_the_cards() -> None:
    heard: list[tuple[int, int]] = []
    game = api.play(
        seed=3, bots="hint,random", hint_samples=FEW, progress=lambda done, total: heard.append((done, total))
    )
    assert game.winners == (1,) and "winner: seat 1 (hint)" in game.text()
    assert heard[-1] == (213, 213) and [done for done, _ in heard] == sorted(done for done, _ in heard)


def test_the_command_prints_the_api_answer_and_refuses_bad_bots(cardsolve: RunCli) -> None:
    answer = run_json(cardsolve, "subito", "play", "--bots", "greedy,random", "--seed", "4", "--sides", "b")
    assert answer == api.play(seed=4, bots="greedy,random", sides="b").to_json()
    assert [r["tasks"][1] for r in answer["rounds"]] == ["3a", "3b", "3b"]
    code, out, _ = cardsolve("subito", "play", "--players", "4", "--bots", "greedy,greedy,random,random", "--seed", "4")
    assert code == 0 and "winning team: seat 1 (greedy), seat 2 (greedy)" in out, out
    for bots, said in (("greedy", "1 bot for 2 players"), ("greedy,best", "no Subito bot 'best'")):
        code, _, err = cardsolve("subito", "play", "--bots", bots)
        assert code == 2 and said in err and len(err.strip().splitlines()) == 1
