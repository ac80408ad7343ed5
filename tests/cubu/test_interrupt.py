"""Issue 14: CUBU's interrupt may be played "at any point during the game - regardless of
whether or not it is your turn". On the holder's own turn it is the turn's action: played
alone, it lays no card and ends the turn, so a hand of only an interrupt can go out."""

from __future__ import annotations

import random

import pytest

from cardsolve.models.cubu import parse_card, parse_cards
from cardsolve.models.cubu.state import CubuState, load
from cardsolve.models.errors import BadInput
from cardsolve.solvers.cubu.bots import BOTS
from cardsolve.solvers.cubu.results import LongestAnswer
from cardsolve.solvers.cubu.state_bots import bot


def position(hands: list[str], top: str = "D-R-O") -> CubuState:
    """A round of one in progress, seat 1 to play: the hands from seat 1, the top card, a
    pickup deck of one card."""
    doc = {"game": "cubu", "to_move": 1, "hands": [hand.split(",") for hand in hands], "top": top}
    state = load({**doc, "pickup": ["D-G"], "rounds": 1})
    assert isinstance(state, CubuState)
    return state


def test_a_hand_of_only_an_interrupt_goes_out() -> None:
    state = position(["interrupt", "L-G,G-P"])
    assert [str(move) for move in state.legal_moves()] == ["interrupt"]
    with pytest.raises(BadInput, match="may not draw"):
        state.apply("draw")
    out = state.apply("interrupt")
    assert out.is_over and out.winner == 1 and out.spent == tuple(parse_cards("interrupt"))


def test_on_ones_own_turn_it_ends_the_turn_laying_nothing() -> None:
    state = position(["interrupt,D-O,O-D", "L-G", "G-P"])
    after = state.apply("interrupt")
    assert after.top == parse_card("D-R-O") and not after.pile and after.history == ("interrupt",)
    assert after.hands[0] == tuple(parse_cards("D-O,O-D")) and after.to_move == 2 and after.winner is None


def test_it_must_be_held_and_is_aimed_at_nobody() -> None:
    with pytest.raises(BadInput, match="does not hold interrupt"):
        position(["D-O", "interrupt"]).apply("interrupt")
    with pytest.raises(BadInput, match="not played at a player"):
        position(["interrupt,D-O", "L-G"]).apply("interrupt@2")


@pytest.mark.parametrize("name", sorted(BOTS))
def test_no_bot_is_stuck_with_an_interrupt(name: str) -> None:
    """Every bot, holding only an interrupt, plays it and goes out (a draw is illegal)."""
    state = position(["interrupt", "L-G,G-P"])
    move = bot(name, 1)(state.observation(1), random.Random(0))
    out = state.apply(move)
    assert str(move) == "interrupt" and out.winner == 1


def test_longest_advises_the_interrupt_with_the_action_cards() -> None:
    advice = LongestAnswer(parse_card("D-R-O"), ()).text()
    assert "play an action card (an interrupt, played alone, ends your turn)" in advice
