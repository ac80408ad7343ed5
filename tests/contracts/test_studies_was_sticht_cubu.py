"""The Was sticht? chips study and the CUBU seats study: a result does not depend on how
the samples are cut into chunks, it agrees with the game's own code (Was sticht?'s
deals solved one by one; CUBU's games played one by one), and its table and picture
hang together."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardsolve.models.was_sticht import CHIPS, deal_round
from cardsolve.models.was_sticht.play import start
from cardsolve.solvers.cubu.bots import BOTS
from cardsolve.solvers.cubu.results import GameResult
from cardsolve.solvers.infrastructure.seeds import sample_seed
from cardsolve.solvers.studies.cubu_games import play_one, win_shares
from cardsolve.solvers.studies.registry import find
from cardsolve.solvers.was_sticht.double_dummy import forceable

PNG = b"\x89PNG\r\n\x1a\n"


def _forced(deals: int, seed: int, offset: int) -> dict[str, int]:
    """Per chip id, the deals of the study in which the seat ``offset`` places after the
    leader can force the chip, each deal solved on its own."""
    positions = [
        start(dealt.hands, dealt.trumps, dealt.leader)
        for dealt in (deal_round(sample_seed(seed, index)) for index in range(deals))
    ]
    return {
        chip.id: sum(forceable(position, (position.leader + offset) % position.players, chip) for position in positions)
        for chip in CHIPS
    }


def test_the_chips_study_is_the_same_for_any_cut_and_matches_the_deals(tmp_path: Path) -> None:
    chips = find("was-sticht", "chips")
    assert chips.resolve() == {}
    deals, seed = 4, 7
    whole = chips.combine(deals, [chips.run_chunk(deals, seed, 0, deals)])
    cut = chips.combine(deals, [chips.run_chunk(deals, seed, 0, 1), chips.run_chunk(deals, seed, 1, 3)])
    assert whole == cut and whole["deals"] == deals
    rows = {row["id"]: row for row in whole["chips"]}
    assert set(rows) == {chip.id for chip in CHIPS}
    lead, after = _forced(deals, seed, 0), _forced(deals, seed, 1)
    for chip in CHIPS:
        row = rows[chip.id]
        assert (row["lead"], row["next"]) == (lead[chip.id], after[chip.id])
        assert (row["value"], row["source"]) == (chip.value, chip.source)
        assert row["lead_share"] == row["lead"] / deals and row["next_share"] == row["next"] / deals
    ranked = [(-row["lead_share"], -row["next_share"], row["id"]) for row in whole["chips"]]
    assert ranked == sorted(ranked)
    assert 0 < sum(row["lead"] for row in whole["chips"]) < deals * len(CHIPS)

    table = chips.table(whole)
    assert table[0] == ("rank", "chip", "value", "source", "lead forces", "next forces")
    assert len(table) == len(CHIPS) + 1
    last = whole["chips"][-1]
    assert table[-1] == (
        str(len(CHIPS)),
        last["id"],
        str(last["value"]),
        last["source"],
        f"{last['lead_share']:.1%}",
        f"{last['next_share']:.1%}",
    )
    picture = tmp_path / "chips.png"
    chips.plot(whole, "chips", str(picture))
    assert picture.read_bytes().startswith(PNG)


def _played(games: int, seed: int, options: dict[str, Any]) -> list[GameResult]:
    """The tournament's games played one by one, as ``solvers.studies.cubu_games`` plays them."""
    names = tuple(options["bots"])
    return [play_one((seed, index, names, options["player_count"], options["target"])) for index in range(games)]


@pytest.mark.parametrize("given", [{}, {"player_count": 3, "bots": ["greedy", "random", "greedy"], "target": 40}])
def test_the_seats_study_is_the_same_for_any_cut_and_matches_the_games(tmp_path: Path, given: dict[str, Any]) -> None:
    seats = find("cubu", "seats")
    assert seats.resolve() == {"player_count": 4, "bots": list(BOTS), "target": 100}
    options, games, seed = seats.resolve(given), 12, 5
    whole = seats.combine(games, [seats.run_chunk(games, seed, 0, games, **options)])
    cut = seats.combine(
        games, [seats.run_chunk(games, seed, first, count, **options) for first, count in ((0, 5), (5, 1), (6, 6))]
    )
    assert whole == cut and whole["games"] == games
    assert (whole["player_count"], whole["target"]) == (options["player_count"], options["target"])
    assert [row["seat"] for row in whole["seats"]] == list(range(1, options["player_count"] + 1))

    played = _played(games, seed, options)
    by_seat = [0.0] * options["player_count"]
    for game in played:
        for seat, share in win_shares(game).items():
            by_seat[seat] += float(share)
    assert [row["wins"] for row in whole["seats"]] == pytest.approx(by_seat)
    by_bot = {row["bot"]: row for row in whole["bots"]}
    assert set(by_bot) == set(options["bots"])
    for name, row in by_bot.items():
        assert row["games"] == sum(game.seats.count(name) for game in played)
    rounds = sum(len(game.round_turns) for game in played)
    assert (whole["rounds"], whole["turns"]) == (rounds, sum(sum(game.round_turns) for game in played))
    assert (whole["cut_games"], whole["cut_rounds"]) == (
        sum(game.limit_hit for game in played),
        sum(game.cut_rounds for game in played),
    )
    assert whole["rounds_per_game"] == rounds / games and whole["turns_per_round"] == whole["turns"] / rounds
    won = sum(row["wins"] for row in whole["seats"])
    assert won == pytest.approx(sum(row["wins"] for row in whole["bots"]))
    assert won == pytest.approx(games - whole["cut_games"]) and won > 0
    shares = [row["share"] for row in whole["bots"]]
    assert shares == sorted(shares, reverse=True)

    table = seats.table(whole)
    players, bots = options["player_count"], len(by_bot)
    assert table[0] == ("by", "who", "games", "win share") and len(table) == 1 + players + bots + 4
    first = whole["seats"][0]
    assert table[1] == ("seat", "1", str(games), f"{first['share']:.1%} ({first['wins']:g} won)")
    assert table[1 + players][:2] == ("bot", whole["bots"][0]["bot"])
    assert table[-4] == (
        "length",
        f"rounds a game to {options['target']}",
        str(games),
        f"{whole['rounds_per_game']:.2f}",
    )
    assert table[-1] == ("cut off", "rounds", str(rounds), str(whole["cut_rounds"]))
    picture = tmp_path / "seats.png"
    seats.plot(whole, "seats", str(picture))
    assert picture.read_bytes().startswith(PNG)
