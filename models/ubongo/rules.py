"""The Ubongo layout rules, the model's ``is_solution`` checker: every solver's layout is
checked here, never by the solver itself.

A *contact* is a pair of cells of two different cards that share an edge; cells that
touch only at a corner make no contact. The rules (rulebook Rules 2 and 3, as read in
DESIGN.md):
- no cell is covered by two cards;
- every pair of cards meets at 0 contacts, or at exactly 2 contacts;
- on every contact the two cells show the same symbol;
- the cards form one connected group: the graph joining cards that have at least one
  contact is connected (an empty layout and a single card are).

``violations`` reports every broken rule, in this order: overlaps by card pair, then
each card pair's contact count and mismatches, then the groups cut off from the largest
group (one violation per such group; among equally large groups the one holding the
lowest card index counts as the largest).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from cardsolve.models.ubongo.layout import Cell, Layout, Placement

CONTACTS_PER_JOINT = 2
"""Two touching cards meet at exactly this many contacts."""

Pair = tuple[int, int]
"""Two card indices into a layout, the lower first."""
Contact = tuple[Cell, Cell]
"""Two edge-sharing cells: the cell of the pair's lower card, then the other card's."""


@dataclass(frozen=True)
class Violation:
    """One broken rule: its kind (``overlap``, ``one-contact``, ``too-many-contacts``,
    ``mismatch`` or ``disconnected``), the layout indices of the cards involved (sorted),
    and a sentence naming cards, cells and symbols."""

    kind: str
    cards: tuple[int, ...]
    detail: str


def _occupants(layout: Layout) -> dict[Cell, list[int]]:
    """The cards covering each cell, in layout order (more than one only where cards overlap)."""
    occupants: dict[Cell, list[int]] = defaultdict(list)
    for index, placement in enumerate(layout):
        for cell, _ in placement.cells():
            occupants[cell].append(index)
    return occupants


def _contacts(occupants: dict[Cell, list[int]]) -> dict[Pair, list[Contact]]:
    """The contacts of every touching card pair: each cell looks right and down only, so
    each shared edge is seen once."""
    found: dict[Pair, list[Contact]] = defaultdict(list)
    for (x, y), here in occupants.items():
        for neighbour in ((x + 1, y), (x, y + 1)):
            for i in here:
                for j in occupants.get(neighbour, ()):
                    if i < j:
                        found[i, j].append(((x, y), neighbour))
                    elif j < i:
                        found[j, i].append((neighbour, (x, y)))
    return {pair: sorted(found[pair]) for pair in sorted(found)}


def contacts(layout: Layout) -> dict[Pair, list[Contact]]:
    """For each card pair (i, j), i < j, that touches: the sorted edge-sharing cell pairs
    (cell of card i, cell of card j)."""
    return _contacts(_occupants(layout))


def card_label(layout: Sequence[Placement], index: int) -> str:
    """The laid card at ``index`` as people number it, from 1 in layout order, with its
    face: ``3 (17w)`` for index 2."""
    return f"{index + 1} ({layout[index].face.name})"


def _cards(layout: Layout, indices: list[int]) -> str:
    """``card 3 (17w)`` or ``cards 3 (17w), 4 (ABC/DDA) and 6 (2b)``."""
    names = [card_label(layout, i) for i in indices]
    if len(names) == 1:
        return f"card {names[0]}"
    return f"cards {', '.join(names[:-1])} and {names[-1]}"


def _cells(cells: list[Cell]) -> str:
    return ", ".join(f"({x}, {y})" for x, y in cells)


def _overlaps(layout: Layout, occupants: dict[Cell, list[int]]) -> list[Violation]:
    """No cell may be covered by two cards: one violation per overlapping pair."""
    shared: dict[Pair, list[Cell]] = defaultdict(list)
    for cell, cards in occupants.items():
        for pair in itertools.combinations(cards, 2):
            shared[pair].append(cell)
    return [
        Violation(
            "overlap",
            pair,
            f"{_cards(layout, list(pair))} overlap at {_cells(sorted(shared[pair]))}: no cell may be covered twice",
        )
        for pair in sorted(shared)
    ]


def _joint(layout: Layout, pair: Pair, touching: list[Contact], symbols: list[dict[Cell, str]]) -> list[Violation]:
    """Two touching cards meet at exactly 2 contacts, each joining equal symbols."""
    i, j = pair
    wrong = [(a, b) for a, b in touching if symbols[i][a] != symbols[j][b]]
    if len(touching) == CONTACTS_PER_JOINT and not wrong:
        return []

    def shown(cells: list[Contact]) -> str:
        return "; ".join(f"{symbols[i][a]} at {_cells([a])} - {symbols[j][b]} at {_cells([b])}" for a, b in cells)

    names = _cards(layout, [i, j])
    found = []
    if len(touching) == 1:
        found.append(
            Violation(
                "one-contact",
                pair,
                f"{names} meet at 1 contact ({shown(touching)}): exactly {CONTACTS_PER_JOINT} are needed",
            )
        )
    elif len(touching) > CONTACTS_PER_JOINT:
        found.append(
            Violation(
                "too-many-contacts",
                pair,
                f"{names} meet at {len(touching)} contacts "
                f"({shown(touching)}): exactly {CONTACTS_PER_JOINT} "
                "are allowed",
            )
        )
    if wrong:
        found.append(
            Violation(
                "mismatch",
                pair,
                f"{names} join different symbols ({shown(wrong)}): touching cells must show the same symbol",
            )
        )
    return found


def _disconnected(layout: Layout, touching: dict[Pair, list[Contact]]) -> list[Violation]:
    """All cards form one connected group: one violation per group apart from the largest."""
    import networkx as nx  # here: a verify, and the help of every Ubongo command, start without it

    graph = nx.Graph()
    graph.add_nodes_from(range(len(layout)))
    graph.add_edges_from(touching)
    groups: list[list[int]] = sorted(
        (sorted(group) for group in nx.connected_components(graph)), key=lambda group: (-len(group), group[0])
    )
    return [
        Violation(
            "disconnected",
            tuple(group),
            f"{_cards(layout, group)} {'is' if len(group) == 1 else 'are'} not connected to "
            f"the largest group ({_cards(layout, groups[0])}): all cards must form one group",
        )
        for group in groups[1:]
    ]


def violations(layout: Layout) -> list[Violation]:
    """Every broken rule of ``layout``, in the order the module docstring gives."""
    occupants = _occupants(layout)
    touching = _contacts(occupants)
    symbols = [dict(placement.cells()) for placement in layout]
    joints = [v for pair, cells in touching.items() for v in _joint(layout, pair, cells, symbols)]
    return [*_overlaps(layout, occupants), *joints, *_disconnected(layout, touching)]


def is_valid(layout: Layout) -> bool:
    """Whether ``layout`` breaks no rule."""
    return not violations(layout)
