"""The reference Ubongo solver: plain exhaustive search, short enough to be obviously
right; the arbiter for the fast backends (docs/pages/solvers.md, ``#ubongo-reference``).

A valid layout is connected, so its cards can be laid one at a time, each touching one
already laid; and it can be moved and turned so that any one of its cards lies unrotated
at the origin. The search therefore tries every face as that first card, then grows the
group by every unused face, rotation and position that touches it, keeping only partial
layouts the validator finds nothing wrong with (the pair rules only ever get worse as
cards are added, so a broken partial layout cannot be mended by more cards).

``solve`` stops at the first layout of k cards, or gives up unproven when its time limit
passes (checked at every candidate placement); ``complete`` grows the same way from the
cards already on the table instead of from one card at the origin. ``enumerate_layouts``
keeps growing after each layout and counts one layout per picture (``canonical``): the
layouts are rooted at their first face in hand order, so the growth from a face uses
only the faces after it; and from each root it grows each partial picture only once
(two partial layouts with the same canonical key are one moved and turned into the
other, with faces of the same pictures left in hand, so their growths show the same
pictures).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import ROTATIONS, Face, rotate
from cardsolve.models.ubongo.layout import Layout, Placement, canonical, touching_positions
from cardsolve.models.ubongo.rules import is_valid, violations
from cardsolve.solvers.infrastructure.limits import Deadline, OutOfTime, check_budget
from cardsolve.solvers.ubongo.results import Enumeration, Solution


def check_k(k: int, n: int) -> None:
    """``k`` cards can be laid from ``n``: 0 <= k <= n, else bad input."""
    if not 0 <= k <= n:
        raise BadInput(f"cannot lay {k} of {n} cards", str(k))


class _Growth:
    """Exhaustive growth of a layout to ``k`` cards by the unused ``faces``, counting the
    candidate placements checked in ``nodes``. With ``once`` set, each partial picture is
    grown only the first time it is met (see the module docstring). Past ``deadline`` the
    next candidate raises ``OutOfTime``."""

    def __init__(
        self, faces: Sequence[Face], k: int, once: bool = False, deadline: Deadline = Deadline.after(None)
    ) -> None:
        self.faces, self.k, self.nodes, self.deadline = faces, k, 0, deadline
        self.grown: set[object] | None = set() if once else None

    def layouts(self, layout: Layout, used: frozenset[int]) -> Iterator[Layout]:
        """Every valid layout of ``k`` cards grown from the valid ``layout``, each added card
        touching the ones before it, in search order (repeats included)."""
        if len(layout) == self.k:
            yield layout
            return
        if self.grown is not None:
            key = canonical(layout)
            if key in self.grown:
                return
            self.grown.add(key)
        for i, face in enumerate(self.faces):
            if i in used:
                continue
            for rotation in ROTATIONS:
                for x, y in sorted(touching_positions(layout, rotate(face.grid, rotation))):
                    self.nodes += 1
                    self.deadline.check()
                    grown = [*layout, Placement(face, rotation, x, y)]
                    if not violations(grown):
                        yield from self.layouts(grown, used | {i})


def solve(faces: Sequence[Face], k: int, time_limit: float | None = None) -> Solution:
    """A valid layout of ``k`` of ``faces``, by exhaustive search (see the module
    docstring); after ``time_limit`` seconds (None: no limit) without one, an unproven
    None."""
    check_k(k, len(faces))
    check_budget(time_limit)
    if k == 0:
        return Solution([], 0)
    growth = _Growth(faces, k, deadline=Deadline.after(time_limit))
    try:
        for first, face in enumerate(faces):
            growth.nodes += 1
            found = next(growth.layouts([Placement(face, 0, 0, 0)], frozenset({first})), None)
            if found is not None:
                return Solution(found, growth.nodes)
    except OutOfTime:
        return Solution(None, growth.nodes, proven=False)
    return Solution(None, growth.nodes)


def check_limit(limit: int | None) -> None:
    """A limit on the number of layouts is None (no limit) or a whole number >= 0."""
    if limit is not None and (not isinstance(limit, int) or limit < 0):
        raise BadInput(f"bad limit {limit!r}: use a whole number >= 0", str(limit))


def enumerate_layouts(
    faces: Sequence[Face],
    k: int,
    limit: int | None = None,
    keep: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    deadline: Deadline = Deadline.after(None),
) -> Enumeration:
    """Every distinct valid layout of ``k`` of ``faces`` (one per picture, up to moving and
    turning the whole layout), or the first ``limit`` found; ``complete`` says whether
    those are all (the search goes on until it meets one more than ``limit``). Only the
    first ``keep`` (None: all) are kept, the others counted by their pictures' keys;
    ``progress(done, total)`` hears of each face searched as the first card, and Ctrl-C
    ends the search with what it found so far, marked interrupted; so does ``deadline``,
    marked timed out."""
    check_k(k, len(faces))
    check_limit(limit)
    check_limit(keep)
    if k == 0:
        return Enumeration([[]] if limit != 0 else [], limit != 0, 0)
    seen: set[object] = set()
    kept: list[Layout] = []
    growths: list[_Growth] = []  # one per root; their nodes add up to the search's

    def found(complete: bool, interrupted: bool = False, timed_out: bool = False) -> Enumeration:
        return Enumeration(kept, complete, sum(g.nodes for g in growths), len(seen) - len(kept), interrupted, timed_out)

    try:
        for first, face in enumerate(faces):
            growths.append(_Growth(faces, k, once=True, deadline=deadline))
            growths[-1].nodes += 1
            for grown in growths[-1].layouts([Placement(face, 0, 0, 0)], frozenset(range(first + 1))):
                key = canonical(grown)
                if key in seen:
                    continue
                if limit is not None and len(seen) == limit:
                    return found(False)
                seen.add(key)
                if keep is None or len(kept) < keep:
                    kept.append(grown)
            if progress is not None:
                progress(first + 1, len(faces))
    except KeyboardInterrupt:
        return found(False, interrupted=True)
    except OutOfTime:
        return found(False, timed_out=True)
    return found(True)


def check_table(table: Layout, hand: Sequence[Face], k: int) -> None:
    """A table to complete is a valid layout, and k is between its size and its size plus
    the hand's; else bad input."""
    if not is_valid(table):
        raise BadInput("the table is not a valid layout: take cards back first", "table")
    if not len(table) <= k <= len(table) + len(hand):
        raise BadInput(f"cannot lay {k} cards with {len(table)} on the table and {len(hand)} in hand", str(k))


def complete(table: Layout, hand: Sequence[Face], k: int) -> Solution:
    """A valid layout of ``k`` cards: the ``table`` (a valid layout) unchanged, then
    ``k - len(table)`` faces of ``hand``, each touching the cards before it; or None when
    none exists. An empty table is ``solve(hand, k)``."""
    check_table(table, hand, k)
    if not table:
        return solve(hand, k)
    growth = _Growth(hand, k)
    return Solution(next(growth.layouts(list(table), frozenset()), None), growth.nodes)
