"""The Was sticht? kernel's helper thread (``fast.search(helped=True)``): a search still
running after ``HANDOFF`` nodes starts again with a second thread beside it, each in its
own transposition table and reading the other's. The answers must be those of the search
alone, the root card must not depend on the race between the threads, and an entry of
the other's table that is torn (its words and its hash disagree) must never be used."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardsolve.models.was_sticht import CHIPS, random_start
from cardsolve.models.was_sticht.cards import Card
from cardsolve.models.was_sticht.chips import Condition
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht import (
    fast,
    kernel_layout,
    kernel_question,
    kernel_search,
    kernel_table,
    kernel_threads,
)
from cardsolve.solvers.was_sticht.double_dummy import analyse, forceable, possible

SEED = 16
"""Six seeded full deals whose 1,152 questions include 38 of 40,000 to 300,000 nodes."""


def _deals(n: int = 6) -> list[Position]:
    rng = random.Random(SEED)
    return [random_start(rng) for _ in range(n)]


Answer = tuple[bool, Card | None, int]


def _alone(position: Position, seat: int, conditions: tuple[Condition, ...], cooperative: bool) -> Answer:
    fast.forget()
    return fast.search(position, seat, conditions, cooperative, False)


def _helped(position: Position, seat: int, conditions: tuple[Condition, ...], cooperative: bool) -> Answer:
    fast.forget()
    return fast.search(position, seat, conditions, cooperative, True)


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper runs whatever the test machine's cores (on one core it would only be
    slower, but the answers must hold all the same)."""
    monkeypatch.setattr(kernel_threads, "_spare_core", lambda: True)


@pytest.mark.slow  # 10-20 s: started early, so that the run does not end on it
def test_helped_answers_are_the_answers_alone(two_cores: None) -> None:
    """Every chip for every seat of six seeded deals, both modes: the helped answer is
    the lone search's, and the questions past the handoff did call in the helper (their
    node counts include its nodes, so they differ from the lone search's)."""
    handed_off = 0
    for deal in _deals():
        for chip in CHIPS:
            for seat in range(deal.players):
                for cooperative in (False, True):
                    value, _, nodes = _alone(deal, seat, chip.conditions, cooperative)
                    helped, _, helped_nodes = _helped(deal, seat, chip.conditions, cooperative)
                    assert helped == value, (deal, seat, chip.id, cooperative)
                    if nodes > fast.HANDOFF:
                        handed_off += 1
                    else:
                        assert helped_nodes == nodes
                    assert (forceable, possible)[cooperative](deal, seat, chip, "numba", helped=True) == value
    assert handed_off >= 30


def test_a_helped_root_card_is_the_same_every_time(two_cores: None) -> None:
    """The helped search's root does not probe, so its deciding card is the first of its
    order whose answer decides, whatever the helper found first: the same in three runs,
    and a card that decides (after it, the lone search answers as the root did)."""
    deal = _deals(2)[1]
    chips = {chip.id: chip for chip in CHIPS}
    for chip_id, seat, cooperative in (
        ("fewest-tricks", 0, False),
        ("at-most-2", 0, False),
        ("no-green", 0, False),
        ("at-least-6", 1, True),
        ("most-tricks", 2, True),
    ):
        conditions = chips[chip_id].conditions
        runs = {_helped(deal, seat, conditions, cooperative)[:2] for _ in range(3)}
        assert len(runs) == 1, (chip_id, runs)
        ((value, card),) = runs
        if card is not None:
            assert _alone(deal.play(card), seat, conditions, cooperative)[0] == value, (chip_id, card)


def test_analyse_helped_names_the_same_card_every_time(two_cores: None) -> None:
    """``analyse`` with the helper (as ``was-sticht solve`` runs it): the same verdicts and
    bounds as alone, and the same best card in repeated runs."""
    deal = _deals(2)[1]
    for chip in (c for c in CHIPS if c.id in ("at-most-2", "fewest-tricks", "no-red")):
        alone = analyse(deal, 0, chip)
        runs = [analyse(deal, 0, chip, helped=True) for _ in range(2)]
        for run in runs:
            assert (run.forceable, run.possible, run.fewest, run.most) == (
                alone.forceable,
                alone.possible,
                alone.fewest,
                alone.most,
            )
        assert runs[0].best_card == runs[1].best_card


def _from_root(deal: Position, seat: int, chip_id: str, peer: np.ndarray) -> tuple[bool, int, np.ndarray]:
    """The forceable search of the question from an empty table of its own, reading
    ``peer`` as the other thread's table (no thread runs: the peer stands still): the
    answer, the nodes and the table it filled."""
    conditions = tuple(next(c for c in CHIPS if c.id == chip_id).conditions)
    rows, key = kernel_question._question(conditions)
    stamp = kernel_table._family_stamp((deal.trumps.suit, deal.trumps.number, seat, deal.players, False, conditions))
    st = fast.encode(deal, seat, key, False, stamp)
    own, buf = np.zeros_like(peer), fast.work_rows()  # held here: the search finds them by address
    kernel_search._arrays_into(st, rows, fast.tables(deal.trumps).packed, own, buf, peer)
    found = kernel_search._node(st, 0)
    return bool(found), int(st[kernel_layout._NODES]), own


def test_the_other_table_answers_only_where_its_hashes_hold() -> None:
    """The other table filled with a lone search's own entries: read as they are, they
    answer most of the search (far fewer nodes, the same answer). Every answer there
    turned to its opposite, the hashes left as they were
    (what a reader sees when it catches the owner halfway through rewriting a slot):
    every entry is rejected, and the search is the lone one, node for node. The same
    entries resealed mislead it, so the hash is what keeps them out."""
    deal, seat, chip_id = _deals(2)[1], 2, "at-most-2"
    fast.forget()
    empty = np.zeros((1 << fast.TT_BITS, kernel_table._TT_COLUMNS), dtype=np.int64)
    value, nodes, table = _from_root(deal, seat, chip_id, empty)
    assert nodes > 100_000
    value_read, nodes_read, _ = _from_root(deal, seat, chip_id, table)
    assert value_read == value and nodes_read < nodes // 4
    written = table[:, kernel_table._VERDICT] != 0
    assert written.sum() > 1000
    flipped = table.copy()
    flipped[written, kernel_table._VERDICT] ^= kernel_table._ANSWER_BIT
    assert _from_root(deal, seat, chip_id, flipped)[:2] == (value, nodes)
    for slot in np.flatnonzero(written):
        flipped[slot, kernel_table._CHECK] = kernel_table._checksum(flipped, int(slot))
    assert _from_root(deal, seat, chip_id, flipped)[0] != value
