"""Ubongo hints: the suggested placement keeps a complete layout reachable (the target
proves it), a take-back is needed exactly when the table cannot be completed as it
lies, the fewest cards go back, and every reason names the broken rule or the dead end."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from ubongo_hands import random_face

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import Face, parse_literal
from cardsolve.models.ubongo.layout import Layout, Placement
from cardsolve.models.ubongo.rules import contacts, is_valid, violations
from cardsolve.solvers.ubongo import fast, reference
from cardsolve.solvers.ubongo.hint import hint
from cardsolve.solvers.ubongo.results import Hint

ABC, EFG, JKL = parse_literal("ABC/DEF"), parse_literal("EFG/HIJ"), parse_literal("JKL/GCA")
AAB, DDE = parse_literal("AAB/BCC"), parse_literal("DDE/EFF")
"""ABC/DEF, AAB/BCC and DDE/EFF make a layout of 3; ABC/DEF and EFG/HIJ one of 2."""


def followed(table: Layout, found: Hint) -> Layout:
    """The table after the hint's take-backs."""
    back = {t.index for t in found.take_back}
    return [p for i, p in enumerate(table) if i not in back]


def check_hint(table: Layout, hand: list[Face], k: int, found: Hint) -> None:
    """A hint with a target: the target is valid, has k cards, keeps the cards left on the
    table unchanged and first, adds the placement next (touching them, named by joins),
    and uses only faces from the hand and the cards taken back."""
    assert found.target is not None
    kept = followed(table, found)
    assert is_valid(found.target) and len(found.target) == max(k, len(kept))
    assert found.target[: len(kept)] == kept
    pool = Counter([*hand, *(table[t.index].face for t in found.take_back)])
    assert not Counter(p.face for p in found.target[len(kept) :]) - pool
    if found.placement is not None:
        assert found.placement == found.target[len(kept)]
        if kept:
            touching = {i for i, j in contacts(found.target) if j == len(kept)}
            assert touching and all(i < len(kept) for i in touching)
            back = {t.index for t in found.take_back}
            kept_indices = [i for i in range(len(table)) if i not in back]
            assert set(found.joins) == {kept_indices[n] for n in touching}


def test_empty_table_starts_a_layout() -> None:
    found = hint([], [ABC, AAB, DDE, JKL], 3, fast.complete)
    assert not found.take_back and found.placement is not None and not found.done
    check_hint([], [ABC, AAB, DDE, JKL], 3, found)


def test_a_valid_start_is_continued() -> None:
    table = [Placement(ABC, 0, 0, 0)]
    found = hint(table, [AAB, DDE, JKL], 3, fast.complete)
    assert not found.take_back and found.joins == (0,)
    check_hint(table, [AAB, DDE, JKL], 3, found)


def test_a_complete_table_is_done() -> None:
    table = [Placement(ABC, 0, 0, 0), Placement(EFG, 0, 1, 2)]
    found = hint(table, [JKL], 2, fast.complete)
    assert found.done and found.placement is None and found.target == table


def test_a_mismatch_is_taken_back_with_its_rule() -> None:
    """EKG/HIJ under ABC/DEF puts K against E: one of the two goes back, and the reason
    is the mismatch."""
    table = [Placement(ABC, 0, 0, 0), Placement(parse_literal("EKG/HIJ"), 0, 1, 2)]
    found = hint(table, [EFG], 2, fast.complete)
    assert len(found.take_back) == 1 and "different symbols" in found.take_back[0].reason
    check_hint(table, [EFG], 2, found)


def test_no_layout_at_all() -> None:
    table = [Placement(parse_literal("ABC/ABC"), 0, 0, 0)]
    found = hint(table, [parse_literal("DEF/DEF")], 2, fast.complete)
    assert found.target is None and found.placement is None and not found.take_back and not found.done


@pytest.mark.parametrize(("table", "hand", "k"), [([], [], 1), ([Placement(ABC, 0, 0, 0)], [EFG], 3), ([], [ABC], 0)])
def test_impossible_targets_are_bad_input(table: Layout, hand: list[Face], k: int) -> None:
    with pytest.raises(BadInput):
        hint(table, hand, k, fast.complete)


def random_table(rng: random.Random, case: int) -> tuple[Layout, list[Face], int]:
    """A table from a layout some hand allows (cut to a few cards, sometimes with a card
    shifted by one cell so that a rule breaks), and a hand of the rest plus new faces."""
    faces = [random_face(rng, (3, 4, 6)[case % 3]) for _ in range(5)]
    size = rng.randint(2, 4)
    grown = fast.solve(faces, size).layout or [Placement(faces[0], 0, 0, 0)]
    cut = rng.randint(1, len(grown))
    table = list(grown[:cut])
    if case % 4 == 0:
        i = rng.randrange(len(table))
        p = table[i]
        table[i] = Placement(p.face, p.rotation, p.x + rng.choice((-1, 1)), p.y)
    rest = [p.face for p in grown[cut:]]
    hand = rest + [random_face(rng, 4) for _ in range(rng.randint(0, 2))]
    k = min(len(table) + len(hand), rng.randint(2, 4))
    return table, hand, max(k, 1)


def test_hints_on_seeded_tables_are_sound_and_minimal() -> None:
    """On each table the hint, followed, leads to its target; no smaller set of cards
    taken back leaves a table that can be completed; the fast and reference completions
    agree on whether a hint exists and on how many cards go back."""
    rng = random.Random("hints")
    kinds: Counter[str] = Counter()
    for case in range(150):
        table, hand, k = random_table(rng, case)
        found = hint(table, hand, k, fast.complete)
        slow = hint(table, hand, k, reference.complete)
        assert (found.target is None) == (slow.target is None), (table, hand, k)
        assert len(found.take_back) == len(slow.take_back)
        if found.target is None:
            kinds["none"] += 1
            assert fast.solve([*hand, *(p.face for p in table)], k).layout is None
            continue
        check_hint(table, hand, k, found)
        for smaller in itertools.combinations(range(len(table)), len(found.take_back) - 1) if found.take_back else ():
            kept = [p for i, p in enumerate(table) if i not in smaller]
            back = [table[i].face for i in smaller]
            assert (
                violations(kept)
                or len(kept) > k
                or (len(kept) < k and reference.complete(kept, [*hand, *back], k).layout is None)
            )
        for t in found.take_back:
            assert t.reason
        kinds["take-back" if found.take_back else "done" if found.done else "place"] += 1
    assert {"take-back", "place"} <= set(kinds), kinds
