"""Speed CUBU solvability: can the whole hand be laid around the centre card, and if not,
how many of its cards at most?

``speed_solve`` checks the input, takes the play graph's quick bound (the hand cards it
connects to the centre, ``play_graph.reachable``; no other card can ever be laid), and
runs the chosen exact backend on those cards alone: ``numba`` (``speed_fast``, the
default), ``cpsat`` (``speed_cpsat``) or ``reference`` (``speed_reference``, small hands).
Backends are imported only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardsolve.models.cubu.cards import Card, check_distinct
from cardsolve.models.cubu.speed import Cell, check_mode
from cardsolve.models.errors import BadInput
from cardsolve.solvers.cubu.play_graph import reachable
from cardsolve.solvers.cubu.speed_reference import Search

BACKENDS = ("numba", "cpsat", "reference")
"""Every backend is exact; numba is the fastest and the default."""

Solve = Callable[[Card, Sequence[Card], str], Search]


@dataclass(frozen=True)
class SpeedAnswer:
    """The answer for one hand: ``solvable`` when every card can be laid; ``most``, the
    most hand cards that can be laid (``len(hand)`` when solvable); ``layout``, those
    cards with their cells in a valid laying order; ``reachable``, the play graph's
    quick bound; ``proven`` False only when a time limit stopped the search (``most`` is
    then what was found, not necessarily the most); ``nodes``, the search's steps
    (each backend says which); ``backend``, the backend that answered."""

    solvable: bool
    most: int
    layout: tuple[tuple[Card, Cell], ...]
    reachable: int
    proven: bool
    nodes: int
    backend: str


def solver(backend: str, time_limit: float = 60.0) -> Solve:
    """The ``solve(centre, hand, mode)`` of ``backend``; cpsat gives up after
    ``time_limit`` seconds and then says so (a Search that is not proven)."""
    if backend == "numba":
        from cardsolve.solvers.cubu import speed_fast
        return speed_fast.solve
    if backend == "reference":
        from cardsolve.solvers.cubu import speed_reference
        return speed_reference.solve
    if backend == "cpsat":
        from cardsolve.solvers.cubu import speed_cpsat

        def solve(centre: Card, hand: Sequence[Card], mode: str) -> Search:
            return speed_cpsat.solve(centre, hand, mode, time_limit=time_limit)
        return solve
    raise BadInput(f"unknown backend {backend!r}: use {', '.join(BACKENDS)}", backend)


def check_hand(centre: Card, hand: Sequence[Card]) -> None:
    """Bad input naming the card: an action card as centre or in hand, a card twice in
    hand, or the centre card in hand."""
    for card in (centre, *hand):
        if card.is_action:
            raise BadInput(f"action card {card} has no place in Speed CUBU: the action cards are removed", card.name)
    check_distinct(hand, "the hand")
    if centre in hand:
        raise BadInput(f"the centre card {centre} is also in the hand: each regular card is unique", centre.name)


def speed_solve(centre: Card, hand: Sequence[Card], mode: str, backend: str = "numba",
                time_limit: float = 60.0) -> SpeedAnswer:
    """Whether all of ``hand`` can be laid around ``centre`` in ``mode``, else the most
    cards that can, with a laying order; ``time_limit`` (seconds) binds cpsat only."""
    check_mode(mode)
    solve = solver(backend, time_limit)
    check_hand(centre, hand)
    cards = [hand[index] for index in reachable(centre, hand, mode)]
    found = solve(centre, cards, mode)
    return SpeedAnswer(found.most == len(hand), found.most, found.layout, len(cards), found.proven, found.nodes,
                       backend)
