"""The Was sticht? kernel's transposition buckets under pressure: with a table of two
buckets (four slots) nearly every store evicts an answer (a stale one first, else the one
that took fewer nodes), and the answers must still be the reference's on seeded endings;
and what a question's key holds."""

from __future__ import annotations

import random

import numpy as np
import pytest
from was_sticht_cases import disagreements, ending

from cardsolve.models.was_sticht import CHIP_IDS, CHIPS, random_start
from cardsolve.solvers.was_sticht import fast, kernel_layout, kernel_question, kernel_table
from cardsolve.solvers.was_sticht.double_dummy import forceable

SEED = 20261202


def test_a_crowded_table_answers_as_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """200 endings of 2-3 tricks (3 tricks for 3 players only, some one card into a
    trick), a chip each of the 24 in turn, both questions, searched in a table of four
    slots (two buckets of ``BUCKET``): every answer as the reference's."""
    monkeypatch.setattr(kernel_table, "SMALL_TT_BITS", 2)
    rng = random.Random(SEED)
    found = []
    for k in range(200):
        tricks_left = rng.choice((2, 2, 3))
        position = ending(rng, tricks_left, 3 if tricks_left == 3 else 0)
        player = rng.randrange(position.players)
        chip = CHIPS[k % len(CHIPS)]
        found += disagreements(position, player, chip, f"ending {k}: {position}, player {player}, chip {chip.id}")
    assert not found


def test_a_crowded_table_searches_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """The crowding is real: over 40 endings of 3 tricks for 3 players, the table of four
    slots searches more nodes in all than the usual small table (evicted answers are
    searched again), with the same answers."""
    rng = random.Random(SEED + 1)
    cases = [(ending(rng, 3, 3), rng.randrange(3), CHIPS[k % len(CHIPS)]) for k in range(40)]

    def nodes() -> tuple[int, list[bool]]:
        total, answers = 0, []
        for position, player, chip in cases:
            fast.forget()
            answer, _, n = fast.search(position, player, chip.conditions, False)
            total += n
            answers.append(answer)
            assert answer == forceable(position, player, chip, "reference")
        return total, answers

    roomy, roomy_answers = nodes()
    monkeypatch.setattr(kernel_table, "SMALL_TT_BITS", 2)
    crowded, crowded_answers = nodes()
    assert crowded_answers == roomy_answers
    assert crowded > roomy


def test_the_key_holds_the_counters_the_question_depends_on() -> None:
    """An at-most, an at-least and a no-red question's key holds the player's tricks or
    red cards won: answers at other slacks, which read other cards, each have a key of
    their own (one slot holding the answers at several slacks took the wider reads of
    them and matched fewer positions)."""
    deal = random_start(random.Random(SEED))
    tab = fast.tables(deal.trumps).packed
    for chip_id, counter in (
        ("at-most-2", kernel_layout._WON + 1),
        ("at-least-5", kernel_layout._WON + 1),
        ("no-red", kernel_layout._COLOUR_WON),
    ):
        _, key = kernel_question._question(CHIP_IDS[chip_id].conditions)
        st = fast.encode(deal, 1, key, False, 1)
        buf = np.zeros((1, kernel_table._KEY_WORDS + 1), dtype=np.int64)
        kernel_table._key(st, tab, buf, 0)
        before = buf[0, kernel_table._COUNTERS_WORD]
        st[counter] += 1
        kernel_table._key(st, tab, buf, 0)
        assert buf[0, kernel_table._COUNTERS_WORD] != before, chip_id
