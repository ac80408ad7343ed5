"""The deduce-and-solve bot and the chip table."""

from __future__ import annotations

from cardsolve.models.state import play
from cardsolve.models.was_sticht import (
    CHIP_IDS,
    CHIPS,
    ChipView,
    Draft,
    DraftView,
    Observation,
    PlayView,
    Trumps,
    parse_cards,
)
from cardsolve.models.was_sticht.play import start
from cardsolve.models.was_sticht.state import WasStichtState
from cardsolve.models.was_sticht.state import start as start_game
from cardsolve.solvers.was_sticht.bots import SolverBot
from cardsolve.solvers.was_sticht.chip_table import chip_table
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible
from cardsolve.solvers.was_sticht.state_bots import PolicyBot


def test_the_bot_drafts_by_the_clues_or_by_the_trumps() -> None:
    bot = SolverBot()
    clue = Observation(tuple(parse_cards("B7,R6,Y2,R3")), 2)  # yellow is the likeliest suit
    view = DraftView(1, 0, tuple(parse_cards("R9,Y5")), (), (), (clue,), (), None)
    assert bot.pick_card(view).name == "Y5"
    dealer = DraftView(0, 0, tuple(parse_cards("R9,Y5")), (), (), (clue,), (), Trumps("R", 2))
    assert bot.pick_card(dealer).name == "R9"  # the dealer knows red is trumps


def test_the_bot_plays_a_whole_round_legally_and_chooses_forceable_chips() -> None:
    """Four bots play a seeded single round (the engine refuses any illegal card); each chip
    a bot chose was forceable for it if any of its chips was."""
    state = start_game(seed=3, dealer=1, rounds=1)
    for chip in CHIPS[:20]:  # seat 1 takes the 1st, 5th, ... chip
        state = state.apply(f"take {chip.id}")
    chips = state.chips
    end = play(state, [PolicyBot(SolverBot())] * 4)
    assert isinstance(end, WasStichtState) and end.is_over and len(end.tricks) == 9
    hands = [[card for t in end.tricks for k, card in enumerate(t.cards) if (t.leader + k) % 4 == s] for s in range(4)]
    assert end.trumps is not None
    position = start(hands, end.trumps, 1)
    for seat, chip in end.chosen_chips().items():
        if any(forceable(position, seat, c) for c in chips[seat]):
            assert forceable(position, seat, chip)
            assert chip.value == max(c.value for c in chips[seat] if forceable(position, seat, c))


def test_the_dealer_aims_at_a_task_it_can_force() -> None:
    """Seat 0 deals; seat 1 chose no-tricks but holds the supertrump, so the dealer, who can
    lose every trick, meets no-tricks where seat 1 fails."""
    hands = [parse_cards("G1,G2"), parse_cards("B5,B9"), parse_cards("R1,R2"), parse_cards("Y1,Y2")]
    position = start(hands, Trumps("B", 5), 1)
    chosen = {1: CHIP_IDS["no-tricks"], 2: CHIP_IDS["exactly-2"], 3: CHIP_IDS["exactly-2"]}
    bot = SolverBot()
    while not position.finished:
        seat = position.to_move
        position = position.play(bot.play_card(PlayView(seat, 0, position, chosen)))
    assert all(trick.winner == 1 for trick in position.tricks)


def test_choose_chip_falls_back_to_possible_then_lowest() -> None:
    hands = [parse_cards("G1,G2"), parse_cards("B5,B9"), parse_cards("R1,R2"), parse_cards("Y1,Y2")]
    position = start(hands, Trumps("B", 5), 1)
    bot = SolverBot()
    draft = Draft(position.hands, (), ())
    view = ChipView(1, 0, (CHIP_IDS["no-tricks"], CHIP_IDS["exactly-5"], CHIP_IDS["exactly-1"]), draft, Trumps("B", 5))
    assert bot.choose_chip(view) == CHIP_IDS["exactly-1"]  # impossible, impossible, impossible: the lowest value
    view = ChipView(2, 0, (CHIP_IDS["no-tricks"], CHIP_IDS["exactly-5"]), draft, Trumps("B", 5))
    assert bot.choose_chip(view) == CHIP_IDS["no-tricks"]  # red never wins here: forceable


def test_the_chip_table_hangs_together() -> None:
    hands = [parse_cards("G1,G2,R9"), parse_cards("B5,B9,Y3"), parse_cards("R1,R2,G9"), parse_cards("Y1,Y2,B1")]
    position = start(hands, Trumps("B", 5), 0)
    rows = chip_table(position)
    assert [row.chip for row in rows] == list(CHIPS)
    for row in rows:
        for seat, verdict in enumerate(row.verdicts):
            assert verdict == (
                "forceable"
                if forceable(position, seat, row.chip)
                else "possible"
                if possible(position, seat, row.chip)
                else "impossible"
            )
