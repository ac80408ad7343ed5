"""The Was sticht? chips study and the CUBU seats study: a result does not depend on how
the samples are cut into chunks, it agrees with the game's own study code (the
``was-sticht chips`` and ``cubu simulate`` commands), and its table and picture hang
together."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsolve.models.was_sticht import CHIPS
from cardsolve.solvers.analysis.registry import study
from cardsolve.solvers.cubu.bots import BOTS
from cardsolve.solvers.cubu.simulate import simulate
from cardsolve.solvers.was_sticht.difficulty import chip_difficulty

PNG = b"\x89PNG\r\n\x1a\n"


def test_the_chips_study_is_the_same_for_any_cut_and_matches_the_chips_command(tmp_path: Path) -> None:
    chips = study("was-sticht", "chips")
    deals, seed = 4, 7
    whole = chips.combine(deals, [chips.run_chunk(deals, seed, 0, deals)])
    cut = chips.combine(deals, [chips.run_chunk(deals, seed, 0, 1), chips.run_chunk(deals, seed, 1, 3)])
    assert whole == cut and whole["deals"] == deals
    rows = {row["id"]: row for row in whole["chips"]}
    assert set(rows) == {chip.id for chip in CHIPS}
    for share in chip_difficulty(deals, seed):
        row = rows[share.chip.id]
        assert (row["lead"], row["next"], row["value"]) == (share.leader, share.second, share.chip.value)
        assert row["lead_share"] == share.leader_share and row["next_share"] == share.second_share
    ranked = [(-row["lead_share"], -row["next_share"], row["id"]) for row in whole["chips"]]
    assert ranked == sorted(ranked)
    assert 0 < sum(row["lead"] for row in whole["chips"]) < deals * len(CHIPS)

    table = chips.table(whole)
    assert table[0] == ("chip", "value", "lead forces", "next forces") and len(table) == len(CHIPS) + 1
    first = whole["chips"][0]
    assert table[1] == (first["id"], str(first["value"]), f"{first['lead_share']:.1%}", f"{first['next_share']:.1%}")
    picture = tmp_path / "chips.png"
    chips.plot(whole, "chips", str(picture))
    assert picture.read_bytes().startswith(PNG)


def test_the_seats_study_is_the_same_for_any_cut_and_matches_simulate(tmp_path: Path) -> None:
    seats = study("cubu", "seats")
    games, seed = 12, 5
    whole = seats.combine(games, [seats.run_chunk(games, seed, 0, games)])
    cut = seats.combine(games, [seats.run_chunk(games, seed, first, count)
                                for first, count in ((0, 5), (5, 1), (6, 6))])
    assert whole == cut and whole["games"] == games

    summary = simulate(games, seed, players=4)
    assert [row["share"] for row in whole["seats"]] == pytest.approx(summary.win_rate_by_seat)
    by_bot = {row["bot"]: row for row in whole["bots"]}
    assert set(by_bot) == set(BOTS)
    for name, rate in summary.win_rate_by_bot.items():
        assert by_bot[name]["share"] == pytest.approx(rate)
        assert by_bot[name]["games"] == summary.seats_by_bot[name]
    won = sum(row["wins"] for row in whole["seats"])
    assert won == pytest.approx(sum(row["wins"] for row in whole["bots"]))
    assert won == pytest.approx(games - summary.cut_games) and won > 0
    shares = [row["share"] for row in whole["bots"]]
    assert shares == sorted(shares, reverse=True)

    table = seats.table(whole)
    assert table[0] == ("by", "who", "games", "win share") and len(table) == 1 + 4 + len(BOTS)
    assert table[1] == ("seat", "0", str(games), f"{whole['seats'][0]['share']:.1%}")
    assert table[5][0] == "bot" and table[5][1] == whole["bots"][0]["bot"]
    picture = tmp_path / "seats.png"
    seats.plot(whole, "seats", str(picture))
    assert picture.read_bytes().startswith(PNG)
