"""The Speed CUBU play graph: the centre card and the hand's cards as nodes, an edge
wherever two of them relate in the mode (``models.cubu.speed.relates``, a symmetric
relation); the quick necessary check is which hand cards it connects to the centre. The
argument below is the one every Speed CUBU backend rests on (docs/pages/solvers.md,
``#cubu-speed``).

Why reachability is necessary, and what an exact search must add. A set of cards on
distinct cells, the centre at ``CENTRE``, can be laid one at a time exactly when, in its
*layout graph* (two laid cards joined when their cells are orthogonal neighbours and the
cards relate), every card is connected to the centre. If so, lay the cards in
breadth-first order from the centre: each then goes next to its earlier breadth-first
parent, which it relates to. Conversely, every card laid relates to a neighbour laid
before it, and following those neighbours back ends at the centre. The layout graph is a
subgraph of the play graph, so a card the play graph does not connect to the centre can
never be laid, and the number of reachable cards bounds the most cards laid from above.
The bound is not always met: the grid gives each card only four neighbours (a centre of
2 boxes and five cards of 3 boxes in boxes mode are all reachable, but only four fit).
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx

from cardsolve.models.cubu.cards import Card
from cardsolve.models.cubu.speed import relates

CENTRE_NODE = -1
"""The centre card's node; hand card i is node i."""


def play_graph(centre: Card, hand: Sequence[Card], mode: str) -> nx.Graph:
    """The play graph: node -1 the centre, node i the hand's card i (attribute ``card``),
    an edge wherever two of them relate in ``mode``."""
    cards = [(CENTRE_NODE, centre), *enumerate(hand)]
    graph = nx.Graph()
    graph.add_nodes_from((node, {"card": card}) for node, card in cards)
    graph.add_edges_from(
        (a, b)
        for index, (a, card_a) in enumerate(cards)
        for b, card_b in cards[index + 1 :]
        if relates(card_a, card_b, mode)
    )
    return graph


def reachable(centre: Card, hand: Sequence[Card], mode: str) -> list[int]:
    """The indices, in hand order, of the hand's cards the play graph connects to the centre."""
    return sorted(nx.node_connected_component(play_graph(centre, hand, mode), CENTRE_NODE) - {CENTRE_NODE})


def twin_classes(centre: Card, hand: Sequence[Card], mode: str) -> list[list[int]]:
    """The hand's cards grouped into classes of interchangeable ones (indices in hand
    order, classes in order of their first card): two cards are twins when each relates
    to exactly the same other cards, ``N(a) - {b} == N(b) - {a}`` in the play graph.
    Being twins is an equivalence (for twins a, b and b, c, a and c relate alike to every
    fourth card, and a-b, a-c and b-c are all edges or none), so the cards of a class
    all relate to each other or none do, and swapping two of them maps a layout to a
    layout."""
    graph = play_graph(centre, hand, mode)
    groups: list[list[int]] = []
    for card in range(len(hand)):
        near = set(graph[card])
        for group in groups:
            first = group[0]
            if near - {first} == set(graph[first]) - {card}:
                group.append(card)
                break
        else:
            groups.append([card])
    return groups
