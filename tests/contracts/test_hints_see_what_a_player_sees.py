"""Issue 14, answers that see only what a player sees: a Ubongo hint never advises a call
the scoring would reject. "Ubongo!" needs exactly 7 cards laid, so a valid table of 8
is told which card to take back, leaving 7 valid and connected."""

from __future__ import annotations

import random

import pytest
from ubongo_hands import planted_hand

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.layout import Layout
from cardsolve.models.ubongo.rules import is_valid
from cardsolve.models.ubongo.scoring import TARGET, RoundResult, round_points
from cardsolve.solvers.ubongo import fast
from cardsolve.solvers.ubongo.hint import hint
from cardsolve.solvers.ubongo.results import Advice


def advice_for(table: Layout, k: int) -> Advice:
    """The hint for ``table`` with an empty hand, as the API answers it."""
    return Advice(tuple(table), (), k, "numba", hint(table, [], k, fast.complete), None)


@pytest.mark.parametrize("seed", range(5))
def test_a_valid_table_of_8_takes_one_card_back_and_calls_with_7(seed: int) -> None:
    table = planted_hand(random.Random(seed), TARGET + 1, 6)
    assert is_valid(table)
    advice = advice_for(table, TARGET)
    found = advice.hint
    back = [t.index for t in found.take_back]
    assert len(back) == 1 and found.placement is None and not found.done
    assert "the table holds 8 cards and a layout has exactly 7" in found.take_back[0].reason
    kept = [p for i, p in enumerate(table) if i not in back]
    assert found.target == kept and len(kept) == TARGET and is_valid(kept)
    lines = advice.text().splitlines()
    assert lines[0].startswith(f"Take back card {back[0] + 1} ")  # people number the cards from 1
    assert lines[1] == 'Then the table is a valid layout of 7 cards: call "Ubongo!".'
    assert round_points([RoundResult("P1", len(kept), True, True)]) == {"P1": 10}
    with pytest.raises(BadInput, match="a call needs 7"):
        round_points([RoundResult("P1", len(table), True, True)])


def test_a_valid_table_of_9_takes_two_back() -> None:
    table = planted_hand(random.Random(7), TARGET + 2, 6)
    found = hint(table, [], TARGET, fast.complete)
    assert len(found.take_back) == 2 and found.target is not None and len(found.target) == TARGET
    assert is_valid(found.target)


def test_a_finished_layout_of_another_size_is_no_call() -> None:
    table = planted_hand(random.Random(3), 3, 6)
    advice = advice_for(table, 3)
    assert advice.hint.done
    assert advice.text() == 'The table is a valid layout of 3 cards (a call of "Ubongo!" needs 7).'
