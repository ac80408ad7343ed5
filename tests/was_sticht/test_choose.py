"""Choosing the task chip once the trumps are shown ("Determining Tasks": each player but
the dealer chooses one of his chips): the solver bot's rule, its one-line reason, the
command's text and JSON, and bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import RunCli

from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht import CHIP_IDS, CHIPS, deal_round, parse_chips
from cardsolve.models.was_sticht.play import start
from cardsolve.solvers.was_sticht import api
from cardsolve.solvers.was_sticht.chip_choice import (
    by_expected_value,
    chip_odds,
    expected_value,
    expected_value_reason,
)
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible
from cardsolve.solvers.was_sticht.results import ChipOdds
from cardsolve.solvers.was_sticht.settings import MAX_PLAYOUTS, PLAYOUTS

DEAL = str(Path(__file__).resolve().parents[1] / "data" / "was_sticht_deal.json")
"""Trumps R5, seat 2 leads, so seat 1 deals."""


def odds(*entries: tuple[str, str, float]) -> list[ChipOdds]:
    return [ChipOdds(CHIP_IDS[chip], verdict, chance) for chip, verdict, chance in entries]


def test_the_choice_is_the_solver_bots_on_seeded_deals_and_the_order_is_the_rules() -> None:
    """``SolverBot.choose_chip`` takes ``expected_value(chip_odds(...))``: the command answers the same."""
    rng = random.Random(17)
    for seed in range(1, 9):
        deal = deal_round(seed, 4)
        held = tuple(rng.sample(CHIPS, 5))
        player = 1 + (deal.leader + rng.randrange(3)) % 4  # any seat but the dealer's
        answer = api.choose(deal, player, held)
        position = start(deal.hands, deal.trumps, deal.leader)
        assert answer.choice == expected_value(chip_odds(position, player - 1, held))
        assert {o.chip for o in answer.odds} == set(held)
        worths = [(o.verdict == "forceable", o.chance * o.chip.value) for o in answer.odds]
        assert worths == sorted(worths, reverse=True)
        assert answer.dealer == (deal.leader - 1) % 4 + 1
        assert answer.reason.startswith(f"take {answer.choice.id}: ")
        for entry in answer.odds:  # the verdicts are the double-dummy solver's
            assert (entry.verdict == "forceable") == forceable(position, player - 1, entry.chip)
            assert (entry.verdict == "impossible") == (not possible(position, player - 1, entry.chip))


def test_a_forceable_chip_is_taken_before_a_likelier_one_of_more_value() -> None:
    answer = api.choose(json.loads(Path(DEAL).read_text()), 4, "no-red,exactly-2,at-most-2,many-red,last-trick")
    assert answer.choice.id == "at-most-2" and answer.odds[0].verdict == "forceable"
    assert answer.reason == ("take at-most-2: forceable whatever the others play, the only forceable chip (value 1)")
    many_red = next(o for o in answer.odds if o.chip.id == "many-red")
    assert many_red.chance * 3 > answer.odds[0].chance * 1  # worth more on average, but not sure


@pytest.mark.parametrize(
    ("entries", "reason"),
    [
        (
            (("no-red", "forceable", 0.5), ("exactly-4", "forceable", 0.2), ("many-red", "possible", 0.9)),
            "take exactly-4: forceable whatever the others play, the highest-valued of 2 forceable chips (value 4)",
        ),
        (
            (("no-red", "possible", 0.5), ("exactly-4", "possible", 0.2), ("at-most-1", "possible", 0.9)),
            f"take no-red: no chip is forceable; value 2 x met in 50% of {PLAYOUTS} random playouts = 1.00, the highest "
            "expected value (next: at-most-1 0.90)",
        ),
        (
            (("exactly-4", "possible", 0.25),),
            f"take exactly-4: no chip is forceable; value 4 x met in 25% of {PLAYOUTS} random playouts = 1.00, the "
            "highest expected value",
        ),
        (
            (("no-red", "impossible", 0.0), ("exactly-4", "possible", 0.0), ("at-most-1", "possible", 0.0)),
            "take exactly-4: no chip is forceable or met in any random playout; exactly-4 can still be met if the others "
            "help, the highest-valued such chip (value 4)",
        ),
        (
            (("no-red", "impossible", 0.0), ("exactly-4", "impossible", 0.0), ("at-most-1", "impossible", 0.0)),
            "take at-most-1: every chip is impossible with these hands; at-most-1 has the lowest value (1)",
        ),
    ],
)
def test_the_reason_names_the_rule_that_decided(entries: tuple[tuple[str, str, float], ...], reason: str) -> None:
    given = odds(*entries)
    assert expected_value_reason(given) == reason
    assert by_expected_value(given)[0].chip == expected_value(given)


def test_ties_keep_the_listed_order() -> None:
    given = odds(("no-blue", "possible", 0.5), ("no-red", "possible", 0.5))
    assert [o.chip.id for o in by_expected_value(given)] == ["no-blue", "no-red"]


def test_every_chip_is_compared_by_default() -> None:
    answer = api.choose(json.loads(Path(DEAL).read_text()), 2)
    assert len(answer.odds) == len(CHIPS) and answer.playouts == PLAYOUTS


def test_more_playouts_are_asked_for_and_bounded(cardsolve: RunCli) -> None:
    """``playouts`` sets the playouts behind each chance (a share of them, so a multiple of
    1/playouts); the verdicts are exact and do not change with it."""
    deal = json.loads(Path(DEAL).read_text())
    few, many = api.choose(deal, 2, playouts=3), api.choose(deal, 2, playouts=200)
    assert (few.playouts, many.playouts) == (3, 200) and f"of {many.playouts} random playouts" in many.text()
    assert all(round(odds.chance * 3, 9).is_integer() for odds in few.odds)
    assert {o.chip: o.verdict for o in few.odds} == {o.chip: o.verdict for o in many.odds}
    for bad in (0, MAX_PLAYOUTS + 1):
        with pytest.raises(BadInput, match=f"bad playouts {bad}: give 1 to {MAX_PLAYOUTS}"):
            api.choose(deal, 2, playouts=bad)
    code, _, err = cardsolve("was-sticht", "choose", "--deal", DEAL, "--seat", "2", "--playouts", "0")
    assert code == 2 and err.count("\n") == 1 and "--playouts" in err


@pytest.mark.parametrize(
    ("player", "chips", "said"),
    [
        (1, None, "seat 1 deals this round and chooses no chip"),
        (4, "", "no chips given"),
        (4, "no-red,,exactly-2", "empty chip id in the chips"),
        (4, "no-red,NO-RED", "chip no-red is named twice"),
        (4, "no-reds", "unknown task chip 'no-reds'"),
    ],
)
def test_bad_choices_are_bad_input(player: int, chips: str | None, said: str) -> None:
    with pytest.raises(BadInput, match=said):
        api.choose(json.loads(Path(DEAL).read_text()), player, chips)


def test_a_seat_outside_the_round_and_a_round_under_way_are_bad_input() -> None:
    three = deal_round(2, 3)
    with pytest.raises(BadInput, match="seat 4 is not in this 3-player round"):
        api.choose(three, 4, "no-red")
    position = start(three.hands, three.trumps, three.leader)
    under_way = position.play(position.legal()[0])
    with pytest.raises(BadInput, match="chips are chosen before the first card is played"):
        api.choose(under_way, 1 + three.leader, "no-red")


def test_parse_chips_keeps_the_order_given() -> None:
    assert [c.id for c in parse_chips("Last-Trick, no-red")] == ["last-trick", "no-red"]


def test_the_command_prints_the_reason_first_and_the_json_carries_every_chip(cardsolve: RunCli) -> None:
    code, out, err = cardsolve(
        "was-sticht", "choose", "--deal", DEAL, "--seat", "4", "--chips", "no-red,exactly-2,at-most-2"
    )
    assert code == 0 and not err
    first = out.splitlines()[0]
    assert first == (
        "seat 4, trumps R5, seat 1 deals: take at-most-2: forceable whatever the others play, "
        "the only forceable chip (value 1)"
    )
    code, out, _ = cardsolve(
        "--json", "was-sticht", "choose", "--deal", DEAL, "--seat", "4", "--chips", "no-red,exactly-2,at-most-2"
    )
    document = json.loads(out)
    assert code == 0 and document["choice"] == "at-most-2" and (document["seat"], document["dealer"]) == (4, 1)
    assert document["trumps"] == {"suit": "R", "number": 5}
    assert not {"player", "verdicts_proven", "proven"} & set(document)  # double dummy always runs to its end
    assert document["chips"][0]["id"] == "at-most-2"
    assert {c["verdict"] for c in document["chips"]} <= {"forceable", "possible", "impossible"}
    assert all(c["expected"] == pytest.approx(c["value"] * c["chance"], abs=1e-3) for c in document["chips"])


@pytest.mark.parametrize(
    "args",
    [
        ["--seat", "1"],
        ["--seat", "5"],
        ["--seat", "2", "--chips", "no-red,bogus"],
        [],
    ],
)
def test_the_command_refuses_bad_input_in_one_line(args: list[str], cardsolve: RunCli) -> None:
    code, out, err = cardsolve("was-sticht", "choose", "--deal", DEAL, *args)
    assert code == 2 and not out and len(err.strip().splitlines()) == 1
