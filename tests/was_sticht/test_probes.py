"""The Was sticht? kernel's probes: a node's first pass gives each card a node budget and
a second pass searches the cards whose budget ran out, so a budget changes the order of
the work, never an answer. Tiny budgets make nearly every node stop and resume."""

from __future__ import annotations

import random

import pytest
from was_sticht_cases import chip_cycle_disagreements

from cardsolve.models.was_sticht import CHIPS, random_start
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht import fast, kernel_question

SEED = 20261204
DEFAULT = fast.PROBES
NO_PROBES = ((1, 99), (1, 99))
"""Budgets that never apply: no node has 99 tricks left."""


@pytest.fixture
def tiny_probes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Budgets of 3 nodes at every node with 2 tricks or more left, in both questions."""
    monkeypatch.setattr(kernel_question, "PROBES", ((3, 2), (3, 2)))


def test_tiny_budgets_answer_as_the_reference(tiny_probes: None) -> None:
    """300 endings of 2-4 tricks, a chip each of the 24 in turn, both questions."""
    assert not chip_cycle_disagreements(random.Random(SEED), 300)


def _answers(
    positions: list[Position], budgets: tuple[tuple[int, int], tuple[int, int]], monkeypatch: pytest.MonkeyPatch
) -> tuple[list[bool], int]:
    """Every chip's answer for seat 0 in both questions under these budgets, and the
    nodes searched."""
    monkeypatch.setattr(kernel_question, "PROBES", budgets)
    answers, nodes = [], 0
    for position in positions:
        for chip in CHIPS:
            for cooperative in (False, True):
                fast.forget()
                value, _, n = fast.search(position, 0, chip.conditions, cooperative)
                answers.append(value)
                nodes += n
    return answers, nodes


def test_budgets_change_the_work_not_the_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole 3-player deals of 6 tricks and 4-player deals of 5: the same answers without
    probes, with the default budgets and with budgets of 5 nodes."""
    rng = random.Random(SEED + 1)
    positions = [random_start(rng, 3, 6) for _ in range(3)] + [random_start(rng, 4, 5) for _ in range(2)]
    plain, plain_nodes = _answers(positions, NO_PROBES, monkeypatch)
    default, _ = _answers(positions, DEFAULT, monkeypatch)
    tiny, tiny_nodes = _answers(positions, ((5, 2), (5, 2)), monkeypatch)
    assert plain == default == tiny
    assert tiny_nodes > plain_nodes  # stopped probes are searched again
