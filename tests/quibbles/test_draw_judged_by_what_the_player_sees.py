"""Issue 14: ``quibbles move`` judges a DRAW only by what the player sees. "Add 1 card
from your hand face up to the open display, then draw 2 cards from the draw pile" (the
rulebook): the two cards are given with ``--drawn``, or else the turn is judged against
every draw the cards out of sight could give; no card is made up."""

from __future__ import annotations

import json

import pytest
from conftest import RunCli

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import Draw, Stash, Turn, Variant, position
from cardsolve.solvers.quibbles import api

HAND, DISPLAY = "1,2", "3,3,3,3,3,3"
"""The issue's position: a DRAW that lays the 1 can stash 2s only if a 2 is drawn."""
WITH_A_TWO = [(1, 2), (2, 2), (2, 3), (2, 4), (2, 5), (2, 6)]


def move_cli(cardsolve: RunCli, turn: str, *more: str, hand: str = HAND) -> tuple[int, str, str]:
    return cardsolve("quibbles", "move", "--hand", hand, "--display", DISPLAY, "--turn", turn, *more)


def test_a_stash_that_needs_the_draw_lists_the_draws_that_allow_it(cardsolve: RunCli) -> None:
    answer = api.move(HAND, DISPLAY, "draw 1; stash 2")
    assert answer.exit_code == 1 and not answer.legal and answer.drawn is None
    assert answer.draws is not None and list(answer.draws.legal) == WITH_A_TWO
    assert len(answer.draws.possible) == 21
    assert answer.hand == () and answer.collection == (2,)
    code, out, _ = move_cli(cardsolve, "draw 1; stash 2")
    assert (code, out) == (1, answer.text() + "\n")
    assert out.startswith("Legal only for 6 of the 21 possible draws: draw 1; stash 2\n")
    assert "[2,5]" in out and "[1,3]" not in out
    code, out, _ = cardsolve(
        "--json", "quibbles", "move", "--hand", HAND, "--display", DISPLAY, "--turn", "draw 1; stash 2"
    )
    document = json.loads(out)
    assert code == 1 and document["legal"] is False and document["drawn"] is None
    assert document["draws"] == {"possible": 21, "legal": [list(d) for d in WITH_A_TWO]}


def test_the_cards_drawn_decide(cardsolve: RunCli) -> None:
    answer = api.move(HAND, DISPLAY, "draw 1; stash 2", drawn="5,2")
    assert answer.exit_code == 0 and answer.legal and answer.drawn == (2, 5) and answer.draws is None
    assert (answer.hand, answer.collection) == ((5,), (2,))
    assert api.move([1, 2], [3] * 6, Turn(Draw(1), Stash(2)), drawn=[5, 2]) == answer
    code, out, _ = move_cli(cardsolve, "draw 1; stash 2", "--drawn", "5,2")
    assert (code, out) == (0, answer.text() + "\n") and "drawn      [2,5]" in out
    code, out, err = move_cli(cardsolve, "draw 1; stash 2", "--drawn", "4,5")
    assert (code, out) == (2, "") and err.count("\n") == 1 and "stashing 2s" in err


def test_legal_whatever_is_drawn_makes_nothing_up(cardsolve: RunCli) -> None:
    answer = api.move("1,2,2", DISPLAY, "draw 1; stash 2")
    assert answer.exit_code == 0 and answer.draws is not None and answer.draws.whatever
    assert answer.hand == () and answer.text().startswith("Legal whatever is drawn: draw 1; stash 2\n")
    plain = api.move(HAND, DISPLAY, "draw 1")
    assert plain.exit_code == 0 and plain.hand == (2,)
    assert "hand       [2] + the 2 cards drawn\n" in plain.text()
    code, out, _ = move_cli(cardsolve, "draw 1")
    assert (code, out) == (0, plain.text() + "\n")


def test_a_stash_no_draw_allows_is_an_illegal_turn(cardsolve: RunCli) -> None:
    with pytest.raises(BadInput, match=r"whatever is drawn: stashing 5s .* even with 5,5 drawn"):
        api.move(HAND, DISPLAY, "draw 1; stash 5")
    code, out, err = move_cli(cardsolve, "draw 1; stash 5")
    assert (code, out) == (2, "") and err.count("\n") == 1
    with pytest.raises(BadInput, match="no 4 in hand"):
        api.move(HAND, DISPLAY, "draw 4; stash 2")


@pytest.mark.parametrize(
    ("turn", "drawn", "token"),
    [
        ("split 6 -> 3+3", "1,2", "1,2"),  # only a DRAW draws
        ("draw 1", "1,2,3", "1,2,3"),
        ("draw 1", "4", "4"),
        ("draw 1", "7,1", "7"),
    ],
)
def test_impossible_drawn_cards_are_bad_input(turn: str, drawn: str, token: str) -> None:
    with pytest.raises(BadInput) as caught:
        api.move("1,2,6", DISPLAY, turn, drawn=drawn)
    assert caught.value.token == token


def test_only_cards_out_of_sight_can_be_drawn() -> None:
    """The deck has 20 ones: with 19 in view, one is left to draw, never two."""
    ones = ",".join(["1"] * 18)
    with pytest.raises(BadInput, match="out of sight hold 1 of value 1"):
        api.move(ones + ",2", "1", "draw 2", drawn="1,1")
    state = position(Variant.STANDARD, [1] * 18 + [2], [1], opponents=1)
    assert (1, 1) not in state.possible_draws() and (1, 2) in state.possible_draws()
    assert state.unseen()[1] == 1 and state.check_draw([1, 1]) is not None
    assert api.move(ones + ",2", "1", "draw 2", drawn="1,6").hand == tuple([1] * 19 + [6])


def test_the_engine_draws_exactly_the_given_cards() -> None:
    state = position(Variant.SOLO, [1, 2], [3, 3, 3, 3, 3, 3])
    trial = state.with_draw((2, 6))
    trial.play(Turn(Draw(1), Stash(2)))
    assert trial.hands[0][1:] == [0, 0, 0, 0, 0, 1] and trial.collections[0][2] == 1
    verdicts = state.draw_verdicts(Turn(Draw(1), Stash(2)))
    assert [draw for draw, reason in verdicts.items() if reason is None] == WITH_A_TWO
    assert state.hand_seen_after(Turn(Draw(1), Stash(2)))[1:] == [0] * 6
