"""Ubongo solvability: how often a dealt hand holds a 7-card layout, per stack and face
colour of the bundled deck.

Sample ``k`` deals one 9-card hand from each stack, as the game deals a round (a shuffle
of the stack seeded from the study seed, ``k`` and the stack), and plays it white side up
and turned to black, as the odd and even rounds do. The exact numba backend decides
each hand at 7 cards, as ``ubongo verify`` does (``fast.solvable``: the same search,
without building the layout's placements, as only yes or no is kept); its node count
(candidate placements checked) is the effort, kept in powers-of-2 buckets (bucket ``b``
holds counts from ``b`` to ``2b - 1``). A hand with no 7-card layout also gets its
largest layout (``solvers.ubongo.largest``), counted by its number of cards. A stack is
dealt once per sample, its white and black faces read from the same 9 cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from cardsolve.models.ubongo.cards import Card, Deck, Face, load_deck
from cardsolve.models.ubongo.scoring import HAND, STACKS, TARGET, hand_faces
from cardsolve.solvers.infrastructure.results import percent
from cardsolve.solvers.studies import charts
from cardsolve.solvers.studies.study import COUNTS, Part, Result, Shape, Study, add_counts
from cardsolve.solvers.ubongo import fast
from cardsolve.solvers.ubongo.largest import largest_size

COLOURS = ("white", "black")
"""The face colours, in round order: white in a stack's odd round, black in its even one."""


def group_name(stack: int, colour: str) -> str:
    """A group's key: ``1-white`` .. ``3-black``."""
    return f"{stack}-{colour}"


GROUPS = tuple(group_name(stack, colour) for stack in STACKS for colour in COLOURS)
"""Every stack and colour, in round order."""


@lru_cache(maxsize=1)
def _deck() -> Deck:
    return load_deck()


def effort_bucket(nodes: int) -> int:
    """The power of 2 at or below ``nodes`` (1 for 0 or 1 node)."""
    return 1 << max(nodes.bit_length() - 1, 0)


def _deal_seed(seed: int, sample: int, stack: int) -> int:
    """The shuffle seed of ``stack`` in sample ``sample`` of a study seeded ``seed``."""
    return random.Random(f"{seed}:{sample}:{stack}").getrandbits(32)


@cache
def _stack_cards(stack: int) -> tuple[Card, ...]:
    return tuple(_deck().stack(stack))


def dealt_cards(stack: int, seed: int) -> list[Card]:
    """The 9 cards dealt from ``stack`` with shuffle seed ``seed``: ``models.ubongo.scoring.deal``'s
    first hand (the stack in card order, shuffled by ``random.Random(seed)``), with the
    stack's cards listed once per process rather than once per deal."""
    cards = list(_stack_cards(stack))
    random.Random(seed).shuffle(cards)
    return cards[:HAND]


def _solvable(faces: Sequence[Face], k: int) -> bool:
    return fast.solvable(faces, k).solvable


def run_chunk(samples: int, seed: int, first: int, count: int) -> Part:
    """Per group: hands, hands with a 7-card layout, the effort buckets and the largest
    layout sizes of the other hands (keys as strings, for JSON)."""
    solvable: Counter[str] = Counter()
    effort: dict[str, Counter[str]] = {name: Counter() for name in GROUPS}
    largest: dict[str, Counter[str]] = {name: Counter() for name in GROUPS}
    for sample in range(first, first + count):
        for stack in STACKS:
            cards = dealt_cards(stack, _deal_seed(seed, sample, stack))
            for round_number, colour in enumerate(COLOURS, start=2 * stack - 1):
                faces = hand_faces(cards, round_number)
                name = group_name(stack, colour)
                found = fast.solvable(faces, TARGET)
                effort[name][str(effort_bucket(found.nodes))] += 1
                if found.solvable:
                    solvable[name] += 1
                else:
                    largest[name][str(largest_size(faces, TARGET - 1, _solvable))] += 1
    return {
        "groups": {
            name: {
                "hand_count": count,
                "solvable": solvable[name],
                "effort": dict(effort[name]),
                "largest": dict(largest[name]),
            }
            for name in GROUPS
        }
    }


def median_bucket(effort: dict[str, int]) -> int | None:
    """The effort bucket holding the lower median hand (None without hands)."""
    hands = sum(effort.values())
    seen = 0
    for bucket in sorted(effort, key=int):
        seen += effort[bucket]
        if 2 * seen >= hands:
            return int(bucket)
    return None


def combine(samples: int, parts: Iterable[Part]) -> Result:
    """The groups' counts added over the chunks, with each group's share of hands with
    a 7-card layout and median effort bucket."""
    totals: dict[str, dict[str, Any]] = {
        name: {"hand_count": 0, "solvable": 0, "effort": {}, "largest": {}} for name in GROUPS
    }
    for part in parts:
        for name, total in totals.items():
            mine = part["groups"][name]
            total["hand_count"] += mine["hand_count"]
            total["solvable"] += mine["solvable"]
            total["effort"] = add_counts([total["effort"], mine["effort"]])
            total["largest"] = add_counts([total["largest"], mine["largest"]])
    return {
        "samples": samples,
        "groups": {
            name: {
                "hand_count": total["hand_count"],
                "solvable": total["solvable"],
                "share": total["solvable"] / total["hand_count"] if total["hand_count"] else None,
                "effort": total["effort"],
                "median_effort": median_bucket(total["effort"]),
                "largest": total["largest"],
            }
            for name, total in totals.items()
        },
    }


def part_shape(options: Mapping[str, Any]) -> Shape:
    """Every group's hands, hands with a 7-card layout, effort buckets and largest layouts."""
    return {
        "groups": {name: {"hand_count": int, "solvable": int, "effort": COUNTS, "largest": COUNTS} for name in GROUPS}
    }


def table(result: Result) -> list[tuple[str, ...]]:
    """One row per stack and colour."""
    rows: list[tuple[str, ...]] = [
        ("stack", "faces", "hands", "with 7", "median effort (nodes)", "largest layout without 7 (cards: hands)")
    ]
    for name in GROUPS:
        group = result["groups"][name]
        stack, colour = name.split("-")
        share = "-" if group["share"] is None else percent(group["share"])
        low = group["median_effort"]
        effort = "-" if low is None else f"{low}-{2 * low - 1}" if low > 1 else "0-1"
        largest = " ".join(f"{size}: {n}" for size, n in sorted(group["largest"].items(), key=lambda i: -int(i[0])))
        rows.append((stack, colour, str(group["hand_count"]), share, effort, largest or "-"))
    return rows


def plot(result: Result, title: str, path: str) -> None:
    """Bars of the share of hands with a 7-card layout, one group of bars per stack."""
    shares = {
        colour: [result["groups"][group_name(stack, colour)]["share"] or 0.0 for stack in STACKS] for colour in COLOURS
    }
    charts.bars(path, title, [f"stack {stack}" for stack in STACKS], shares, "share of hands with a 7-card layout")


STUDY = Study(
    "ubongo",
    "solvability",
    "per stack and face colour: the share of dealt hands with a 7-card layout, the search effort, "
    "and the largest layout of the others",
    200,
    run_chunk,
    combine,
    table,
    plot,
    part_shape,
)
