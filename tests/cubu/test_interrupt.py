"""Issue 14: CUBU's interrupt may be played "at any point during the game - regardless of
whether or not it is your turn". On the holder's own turn it is the turn's action: played
alone, it lays no card and ends the turn, so a hand of only an interrupt can go out."""

from __future__ import annotations

import random

import pytest

from cardsolve.models.cubu import parse_card, parse_cards
from cardsolve.models.cubu.classic import (
    ActionPlay,
    Draw,
    InterruptPlay,
    InterruptView,
    Table,
    Turn,
    TurnView,
    check_turn,
    legal_turns,
    play_turn,
)
from cardsolve.models.errors import BadInput
from cardsolve.solvers.cubu.bots import BOTS, bot_by_name
from cardsolve.solvers.cubu.results import LongestAnswer


class Plays:
    """A policy that takes the given turn and never interrupts another's sequence."""

    def __init__(self, turn: Turn | None = None) -> None:
        self.turn = turn

    def choose_turn(self, view: TurnView) -> Turn:
        assert self.turn is not None, "a seat that has no turn was asked"
        return self.turn

    def interrupt(self, view: InterruptView) -> bool:
        return False


def table(hands: list[str], top: str = "D-R-O", to_play: int = 0) -> Table:
    """A round in progress: the hands from seat 1, the top card, a pickup deck of one card."""
    return Table([parse_cards(hand) for hand in hands], parse_card(top), parse_cards("D-G"), to_play, random.Random(0))


def test_a_hand_of_only_an_interrupt_goes_out() -> None:
    t = table(["interrupt", "L-G,G-P"])
    assert legal_turns(t) == [InterruptPlay()]
    with pytest.raises(BadInput, match="may not draw"):
        check_turn(t, 0, Draw())
    record = play_turn(t, [Plays(InterruptPlay()), Plays()])
    assert (record.kind, record.cards) == ("interrupt", tuple(parse_cards("interrupt")))
    assert t.winner == 0 and t.spent == parse_cards("interrupt")


def test_on_ones_own_turn_it_ends_the_turn_laying_nothing() -> None:
    t = table(["interrupt,D-O,O-D", "L-G", "G-P"])
    assert InterruptPlay() in legal_turns(t)
    record = play_turn(t, [Plays(InterruptPlay()), Plays(), Plays()])
    assert record.kind == "interrupt" and t.top == parse_card("D-R-O") and not t.pile
    assert t.hands[0] == parse_cards("D-O,O-D") and t.to_play == 1 and t.winner is None


def test_it_must_be_held_and_is_aimed_at_nobody() -> None:
    t = table(["D-O", "interrupt"])
    with pytest.raises(BadInput, match="does not hold interrupt"):
        check_turn(t, 0, InterruptPlay())
    with pytest.raises(BadInput, match="not played at a player") as error:
        check_turn(t, 1, ActionPlay("interrupt", 0))
    assert error.value.token == "interrupt"


@pytest.mark.parametrize("name", sorted(BOTS))
def test_no_bot_is_stuck_with_an_interrupt(name: str) -> None:
    """Every bot, holding only an interrupt, plays it and goes out (a draw is illegal)."""
    t = table(["interrupt", "L-G,G-P"])
    record = play_turn(t, [bot_by_name(name, 1), Plays()])
    assert record.kind == "interrupt" and t.winner == 0


def test_longest_advises_the_interrupt_with_the_action_cards() -> None:
    advice = LongestAnswer(parse_card("D-R-O"), ()).text()
    assert "play an action card (an interrupt, played alone, ends your turn)" in advice
