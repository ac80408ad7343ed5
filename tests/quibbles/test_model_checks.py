"""Quibbles' moves check themselves when made (issue 39, item 10): card values 1-6, display
positions whole numbers from 0, tuples where the notation's reader makes tuples, so a turn
built by hand is refused in one line naming the field and the value, never a TypeError
from the engine (``quibbles.move`` once raised one on a split set (0.5, 1), and an
AttributeError on a turn whose action was text). Whether a well-formed turn is legal
here is the engine's answer, with its reason."""

from __future__ import annotations

from typing import Any

import pytest
from refusals import refused

from cardsolve.models.quibbles import Combine, Draw, IllegalMove, Split, Stash, Turn, parse_turn
from cardsolve.solvers.quibbles import api as quibbles

HAND, DISPLAY = "6,4,4,1,2,3", "3,3,1,1,4,2"


@pytest.mark.parametrize(
    ("kind", "fields", "said"),
    [
        (Split, (9, ((0, 1),)), "bad split card 9: values run from 1 to 6"),
        (Split, (True, ((0, 1),)), "bad split card True"),
        (Split, (6, ((0.5, 1),)), "bad split set (0.5, 1)"),
        (Split, (6, (("a", 1),)), "bad split set ('a', 1)"),
        (Split, (6, ((0, -1),)), "bad split set (0, -1)"),
        (Split, (6, [[0, 1]]), "bad split sets [[0, 1]]"),
        (Combine, ((1, 2.0), (0,)), "bad card 2.0 in combine cards (1, 2.0)"),
        (Combine, ((1, 2), [0]), "bad combine positions [0]"),
        (Draw, ("x",), "bad draw card 'x'"),
        (Stash, (9,), "bad stash value 9"),
        (Stash, (4, "a"), "bad card to evict 'a'"),
        (Turn, ("x",), "bad turn action 'x'"),
        (Turn, (Draw(6), 4), "bad turn stash 4"),
    ],
)
def test_a_move_checks_its_fields(kind: Any, fields: tuple[Any, ...], said: str) -> None:
    assert said in refused(lambda: kind(*fields))


def test_a_well_formed_turn_is_judged_by_the_engine_as_its_notation() -> None:
    made = Turn(Split(6, ((0, 1),)), Stash(4))
    assert made == parse_turn("split 6 -> 3+3; stash 4", [3, 3, 1, 1, 4, 2])
    assert (
        quibbles.move("6,4,4,4,4,4", DISPLAY, made).to_json()
        == quibbles.move("6,4,4,4,4,4", DISPLAY, "split 6 -> 3+3; stash 4").to_json()
    )
    with pytest.raises(IllegalMove, match="taken display positions must be distinct and on the display"):
        quibbles.move(HAND, DISPLAY, Turn(Split(6, ((0, 1, 7),))))
