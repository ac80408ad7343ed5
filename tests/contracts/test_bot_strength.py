"""Issue 17, the bots' strength as numbers: the Was sticht? chip-choice rules and the study
``was-sticht bots`` (verdicts cross-checked against the reference and the playouts), and
the CUBU study ``cubu versus`` (the same for any cut of its games, agreeing with the games
played one by one), run by ``cardsolve analyze cubu versus``. Seats are counted from 1 and
the row over all seats is ``all_seats``, beside ``seats``."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

from conftest import RunCli

from cardsolve.models.was_sticht import CHIP_IDS, CHIPS, Chip, ChipView, Draft, Trumps, parse_cards
from cardsolve.models.was_sticht.deal import random_ending
from cardsolve.models.was_sticht.play import start
from cardsolve.solvers.studies.api import analyze
from cardsolve.solvers.studies.cubu_games import play_seated, versus_seats, win_shares
from cardsolve.solvers.studies.registry import find
from cardsolve.solvers.studies.store import ChunkStore, study_key
from cardsolve.solvers.studies.study import mismatch
from cardsolve.solvers.studies.was_sticht_bot_rounds import DEALER, RULES, outcomes, study_round
from cardsolve.solvers.was_sticht.bots import SolverBot
from cardsolve.solvers.was_sticht.chip_choice import (
    by_value,
    chip_odds,
    expected_value,
    likeliest,
    random_possible,
)
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible
from cardsolve.solvers.was_sticht.results import ChipOdds

PNG = b"\x89PNG\r\n\x1a\n"


def _odds(*entries: tuple[str, str, float]) -> list[ChipOdds]:
    """Odds from (chip id, verdict, chance) entries."""
    return [ChipOdds(CHIP_IDS[chip], verdict, chance) for chip, verdict, chance in entries]


def test_likeliest_takes_the_best_forceable_else_the_likeliest_chip() -> None:
    odds = _odds(
        ("exactly-5", "possible", 0.05),
        ("at-most-2", "possible", 0.6),
        ("no-red", "forceable", 1.0),
        ("first-trick", "forceable", 1.0),
        ("no-tricks", "impossible", 0.0),
    )
    assert likeliest(odds) == CHIP_IDS["no-red"]  # forceable, value 2 over 1
    assert by_value(odds) == expected_value(odds) == CHIP_IDS["no-red"]
    open_ = odds[:2] + odds[4:]
    assert likeliest(open_) == CHIP_IDS["at-most-2"]  # met in 60% of the playouts
    assert expected_value(open_) == CHIP_IDS["at-most-2"]  # 0.6 x 1 over 0.05 x 5
    assert (
        expected_value(_odds(("exactly-5", "possible", 0.3), ("at-most-2", "possible", 0.6))) == CHIP_IDS["exactly-5"]
    )
    assert by_value(open_) == CHIP_IDS["exactly-5"]  # the old rule: the highest value it could meet
    ties = _odds(("at-most-1", "possible", 0.25), ("exactly-3", "possible", 0.25), ("no-tricks", "possible", 0.0))
    assert likeliest(ties) == CHIP_IDS["exactly-3"]
    hopeless = _odds(("exactly-5", "impossible", 0.0), ("at-most-1", "impossible", 0.0), ("no-red", "impossible", 0.0))
    assert (
        likeliest(hopeless) == by_value(hopeless) == expected_value(hopeless) == CHIP_IDS["at-most-1"]
    )  # the cheapest to fail


def test_random_possible_draws_only_possible_chips_and_all_of_them() -> None:
    odds = _odds(("exactly-5", "possible", 0.0), ("no-red", "forceable", 1.0), ("no-tricks", "impossible", 0.0))
    drawn = {random_possible(odds, random.Random(seed)) for seed in range(200)}
    assert drawn == {CHIP_IDS["exactly-5"], CHIP_IDS["no-red"]}
    hopeless = _odds(("no-tricks", "impossible", 0.0), ("no-red", "impossible", 0.0))
    assert {random_possible(hopeless, random.Random(seed)) for seed in range(50)} == {
        CHIP_IDS[c] for c in ("no-tricks", "no-red")
    }


def test_chip_odds_agree_with_the_reference_and_with_their_playouts() -> None:
    """On 40 seeded 3-trick endings, each chip's verdict (numba) is the reference solver's
    and an impossible chip is met in no playout."""
    chips: list[Chip] = [
        chip
        for chip in CHIPS
        if chip.id in {"no-tricks", "exactly-1", "last-trick", "no-red", "most-tricks", "at-most-1"}
    ]
    for seed in range(40):
        rng = random.Random(seed)
        position = random_ending(rng, 3)
        seat = rng.randrange(position.players)
        for found in chip_odds(position, seat, chips):
            sure = forceable(position, seat, found.chip, "reference")
            can = possible(position, seat, found.chip, "reference")
            assert found.verdict == ("forceable" if sure else "possible" if can else "impossible")
            assert 0.0 <= found.chance <= 1.0
            if not can:
                assert found.chance == 0.0


def test_the_solver_bot_chooses_by_expected_value() -> None:
    """The bot never picks an impossible chip when a possible one is held, and its choice is
    ``expected_value`` of the odds (hand-built: blue 5 is the supertrump)."""
    hands = [parse_cards("G1,G2"), parse_cards("B5,B9"), parse_cards("R1,R2"), parse_cards("Y1,Y2")]
    position = start(hands, Trumps("B", 5), 1)
    held = (CHIP_IDS["no-tricks"], CHIP_IDS["exactly-5"], CHIP_IDS["exactly-2"], CHIP_IDS["most-tricks"])
    view = ChipView(1, 0, held, Draft(position.hands, (), ()), Trumps("B", 5))
    odds = chip_odds(position, 1, held)
    assert [o.verdict for o in odds] == ["impossible", "impossible", "forceable", "forceable"]
    assert SolverBot().choose_chip(view) == expected_value(odds) == CHIP_IDS["most-tricks"]


def test_a_study_round_is_seeded_and_its_outcomes_hold_the_exact_checks() -> None:
    game = study_round(3, 0)
    again = study_round(3, 0)
    assert game == again
    assert game.position.leader == 0 and len(game.held) == DEALER
    assert len({chip for chips in game.held for chip in chips}) == 15
    found = outcomes(3, 0)
    assert [(o.rule, o.seat) for o in found] == [(rule, seat) for rule in RULES for seat in range(DEALER)]
    for outcome in found:
        assert outcome.chip in game.held[outcome.seat]
        assert not (outcome.verdict == "forceable" and not outcome.met)
        assert not (outcome.verdict == "impossible" and outcome.met)
    bot_choice = [
        SolverBot().choose_chip(
            ChipView(seat, DEALER, game.held[seat], Draft(game.position.hands, (), ()), game.position.trumps)
        )
        for seat in range(DEALER)
    ]
    assert [o.chip for o in found if o.rule == "expected-value"] == bot_choice


def test_the_was_sticht_bots_study_adds_up_its_rounds(tmp_path: Path) -> None:
    found = find("was-sticht", "bots")
    part = found.run_chunk(1, 3, 0, 1)
    assert mismatch(part, found.part_shape({})) is None
    result = found.combine(1, [part])
    outcome = outcomes(3, 0)
    for rule, rows in result["rules"].items():
        assert [row["seat"] for row in rows["seats"]] == list(range(1, DEALER + 1))
        for row in rows["seats"]:
            assert row["met"] == sum(o.met for o in outcome if o.rule == rule and o.seat == row["seat"] - 1)
        everyone = rows["all_seats"]
        assert "seat" not in everyone and everyone["chosen"] == DEALER
        assert everyone["met"] == sum(o.met for o in outcome if o.rule == rule)
        assert everyone["value_met"] == sum(o.chip.value * o.met for o in outcome if o.rule == rule)
    assert result["forceable_missed"] == result["impossible_met"] == 0
    rows = found.table(result)
    assert rows[0][:4] == ("rule", "seat", "chips", "met") and len(rows) == 1 + 4 * len(RULES) + 2
    assert [row[1] for row in rows[1:5]] == ["1", "2", "3", "all"]
    found.plot(result, "was-sticht bots", str(tmp_path / "bots.png"))
    assert (tmp_path / "bots.png").read_bytes().startswith(PNG)


def test_versus_seats_the_bot_at_every_seat_in_turn() -> None:
    assert [versus_seats("strategist", "greedy", 3, index).index("strategist") for index in range(7)] == [
        0,
        1,
        2,
        0,
        1,
        2,
        0,
    ]
    assert versus_seats("strategist", "greedy", 3, 4) == ("greedy", "strategist", "greedy")


def test_the_versus_study_is_the_same_for_any_cut_and_matches_the_games(tmp_path: Path) -> None:
    found = find("cubu", "versus")
    options = found.resolve({"player_count": 3, "target": 30})
    whole = found.combine(12, [found.run_chunk(12, 5, 0, 12, **options)])
    cut = found.combine(12, [found.run_chunk(12, 5, first, count, **options) for first, count in ((0, 5), (5, 7))])
    assert whole == cut
    assert mismatch(found.run_chunk(12, 5, 0, 2, **options), found.part_shape(options)) is None
    wins = [Fraction(0)] * 3
    for index in range(12):
        game = play_seated(versus_seats("strategist", "greedy", 3, index), 5, index, 30)
        wins[index % 3] += win_shares(game).get(index % 3, Fraction(0))
    assert [row["seat"] for row in whole["seats"]] == [1, 2, 3]
    assert [row["wins"] for row in whole["seats"]] == [float(won) for won in wins]
    assert whole["all_seats"]["wins"] == float(sum(wins))
    assert [row["games"] for row in whole["seats"]] == [4, 4, 4] and whole["all_seats"]["games"] == 12
    assert whole["player_count"] == 3
    assert whole["bot"] == "strategist" and whole["against"] == "greedy" and whole["even_share"] == 1 / 3
    rows = found.table(whole)
    assert rows[0][2] == "strategist wins" and [row[0] for row in rows[1:]] == ["1", "2", "3", "all"]
    found.plot(whole, "cubu versus", str(tmp_path / "versus.png"))
    assert (tmp_path / "versus.png").read_bytes().startswith(PNG)


def test_a_seat_that_saw_no_game_has_no_share(tmp_path: Path) -> None:
    """Two games at four seats: seats 3 and 4 never hold the bot, so their share is no
    number (``null``, ``-`` in the table, no bar), not 0%."""
    found = find("cubu", "versus")
    options = found.resolve({"player_count": 4, "target": 30})
    result = found.combine(2, [found.run_chunk(2, 5, 0, 2, **options)])
    assert [row["games"] for row in result["seats"]] == [1, 1, 0, 0] and result["all_seats"]["games"] == 2
    assert [row["share"] is None for row in result["seats"]] == [False, False, True, True]
    assert result["all_seats"]["share"] is not None
    assert [row[3] for row in found.table(result)[3:5]] == ["-", "-"]
    found.plot(result, "cubu versus", str(tmp_path / "versus.png"))
    assert (tmp_path / "versus.png").read_bytes().startswith(PNG)
    seats = find("cubu", "seats")
    chosen = seats.resolve({"player_count": 2, "target": 30, "bots": ["greedy", "random", "strategist"]})
    games = seats.combine(1, [seats.run_chunk(1, 5, 0, 1, **chosen)])
    idle = [row for row in games["bots"] if row["games"] == 0]
    assert len(idle) == 1 and idle[0]["share"] is None and games["bots"][-1] == idle[0]
    assert ("bot", idle[0]["bot"], "0", "-") in seats.table(games)
    seats.plot(games, "cubu seats", str(tmp_path / "seats.png"))


def test_cubu_versus_runs_the_study_from_the_command_line(cardsolve: RunCli, tmp_path: Path) -> None:
    store = str(tmp_path / "store.sqlite")
    code, out, _ = cardsolve(
        "--json",
        "analyze",
        "cubu",
        "versus",
        "--samples",
        "6",
        "--players",
        "2",
        "--bot",
        "runkeeper",
        "--against",
        "random",
        "--target",
        "20",
        "--workers",
        "1",
        "--store",
        store,
    )
    assert code == 0
    answer = json.loads(out)
    assert answer["study"] == "versus"
    assert answer["options"] == {"player_count": 2, "bot": "runkeeper", "against": "random", "target": 20}
    assert answer["result"]["against"] == "random" and [row["seat"] for row in answer["result"]["seats"]] == [1, 2]
    assert answer["result"]["all_seats"]["games"] == 6
    code, out, _ = cardsolve("analyze", "cubu", "versus", "--samples", "6", "--workers", "1", "--store", store)
    assert code == 0 and "strategist wins" in out
    code, out, err = cardsolve("analyze", "cubu", "versus", "--bot", "nobody", "--store", str(tmp_path / "n.sqlite"))
    assert code == 2 and not out
    assert err == "error: bad --bot 'nobody': give one of greedy, runkeeper, strategist, random\n"
    assert not (tmp_path / "n.sqlite").exists()


def test_a_was_sticht_bots_check_that_does_not_hold_exits_1(cardsolve: RunCli, tmp_path: Path) -> None:
    """The checks must read 0 (a forceable chip is met, an impossible one is not): a stored
    result saying otherwise answers "does not hold" with exit 1, not a table and exit 0."""
    found = find("was-sticht", "bots")
    store = tmp_path / "s.sqlite"
    part = {
        "seats": {rule: [[1, 1, 2, 2, 1, 0]] * DEALER for rule in RULES},
        "forceable_missed": 3,
        "impossible_met": 0,
    }
    assert mismatch(part, found.part_shape({})) is None
    with ChunkStore(store) as saved:
        saved.save(study_key("was-sticht", "bots", 1, 5, found.chunk_size, found.resolve()), 0, part)
    answer = analyze("was-sticht", "bots", samples=1, seed=5, workers=1, store=str(store))
    assert answer.reused == 1 and answer.exit_code == 1
    assert answer.broken == ("forceable chips missed: 3, where the solver's proof says 0",)
    code, out, _ = cardsolve("analyze", "was-sticht", "bots", "--samples", "1", "--seed", "5", "--store", str(store))
    assert code == 1 and out.rstrip().endswith(
        "check does not hold: forceable chips missed: 3, where the solver's proof says 0"
    )
    code, out, _ = cardsolve(
        "--json", "analyze", "was-sticht", "bots", "--samples", "1", "--seed", "5", "--store", str(store)
    )
    assert code == 1 and json.loads(out)["broken_checks"] == list(answer.broken)
    assert found.broken({**found.combine(1, [part]), "forceable_missed": 0}) == []
