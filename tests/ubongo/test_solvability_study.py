"""The Ubongo solvability study's per-sample path: dealing each stack once and deciding
yes or no (``fast.solvable``, ``largest_size``) counts exactly what dealing each round
with ``dealt_hand`` and building every layout (``fast.solve``, ``largest_layout``) does."""

from __future__ import annotations

from collections import Counter

from cardsolve.models.ubongo.cards import load_deck
from cardsolve.models.ubongo.deal import dealt_hand
from cardsolve.models.ubongo.scoring import STACKS, TARGET, deal
from cardsolve.solvers.studies import ubongo_solvability as study
from cardsolve.solvers.studies.study import Part
from cardsolve.solvers.ubongo import fast
from cardsolve.solvers.ubongo.largest import largest_layout


def _by_layouts(samples: int, seed: int, first: int, count: int) -> Part:
    """The study's chunk as it was computed before: each round dealt on its own and every
    layout built."""
    solvable: Counter[str] = Counter()
    effort: dict[str, Counter[str]] = {name: Counter() for name in study.GROUPS}
    largest: dict[str, Counter[str]] = {name: Counter() for name in study.GROUPS}
    for sample in range(first, first + count):
        for stack in STACKS:
            for round_number, colour in enumerate(study.COLOURS, start=2 * stack - 1):
                faces = dealt_hand(round_number, study._deal_seed(seed, sample, stack))
                name = study.group_name(stack, colour)
                found = fast.solve(faces, TARGET)
                effort[name][str(study.effort_bucket(found.nodes))] += 1
                if found.layout is not None:
                    solvable[name] += 1
                else:
                    largest[name][str(len(largest_layout(faces, TARGET - 1, fast.solve).layout or []))] += 1
    return {
        "groups": {
            name: {
                "hand_count": count,
                "solvable": solvable[name],
                "effort": dict(effort[name]),
                "largest": dict(largest[name]),
            }
            for name in study.GROUPS
        }
    }


def test_a_chunk_counts_what_the_layouts_count() -> None:
    for seed, first, count in ((1, 0, 60), (20261130, 500, 40)):
        part = study.run_chunk(1000, seed, first, count)
        assert part == _by_layouts(1000, seed, first, count)
        assert any(group["largest"] for group in part["groups"].values())  # unsolvable hands met


def test_the_study_deals_as_the_game_does() -> None:
    deck = load_deck()
    for stack in STACKS:
        for seed in range(300):
            assert study.dealt_cards(stack, seed) == deal(deck, stack, 1, seed)[0]
