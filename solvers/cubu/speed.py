"""Speed CUBU solvability: can the whole hand be laid around the centre card, and if not,
how many of its cards at most?

``speed_solve`` checks the input, takes the play graph's quick bound (the hand cards it
connects to the centre, ``play_graph.reachable``; no other card can ever be laid), and
runs the chosen exact backend of ``BACKENDS`` on those cards alone: ``numba``
(``fast``, the default), ``cpsat`` (``cpsat``) or ``reference``
(``reference``, small hands). Backends are imported only when asked for.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.cubu.cards import Card, check_distinct
from cardsolve.models.cubu.speed import check_mode
from cardsolve.models.errors import BadInput
from cardsolve.solvers.cubu.backends import BACKENDS
from cardsolve.solvers.cubu.play_graph import reachable
from cardsolve.solvers.cubu.results import SpeedAnswer


def check_hand(centre: Card, hand: Sequence[Card]) -> None:
    """Bad input naming the card: an action card as centre or in hand, a card twice in
    hand, or the centre card in hand."""
    for card in (centre, *hand):
        if card.is_action:
            raise BadInput(f"action card {card} has no place in Speed CUBU: the action cards are removed", card.name)
    check_distinct(hand, "the hand")
    if centre in hand:
        raise BadInput(f"the centre card {centre} is also in the hand: each regular card is unique", centre.name)


def speed_solve(
    centre: Card, hand: Sequence[Card], mode: str, backend: str = BACKENDS.default, time_limit: float | None = None
) -> SpeedAnswer:
    """Whether all of ``hand`` can be laid around ``centre`` in ``mode``, else the most
    cards that can, with a laying order; ``time_limit`` (seconds) binds cpsat only."""
    check_mode(mode)
    solve = BACKENDS.load(backend).solve
    check_hand(centre, hand)
    cards = [hand[index] for index in reachable(centre, hand, mode)]
    found = solve(centre, cards, mode, time_limit=time_limit)
    return SpeedAnswer(
        centre, tuple(hand), mode, found.most, found.layout, len(cards), found.proven, found.nodes, backend
    )
