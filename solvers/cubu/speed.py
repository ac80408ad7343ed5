"""Speed CUBU solvability: can the whole hand be laid around the centre card, and if not,
how many of its cards at most?

``speed_solve`` checks the input, leaves the hand's action cards out (Speed CUBU removes
them; the answer names them), takes the play graph's quick bound (the hand cards it
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
    """Bad input naming the card: an action card as centre, a card twice in the hand's
    regular cards, or the centre card in hand."""
    if centre.is_action:
        raise BadInput(f"action card {centre} cannot be the centre card: the action cards are removed", centre.name)
    check_distinct(hand, "the hand")
    if centre in hand:
        raise BadInput(f"the centre card {centre} is also in the hand: each regular card is unique", centre.name)


def speed_solve(
    centre: Card, hand: Sequence[Card], mode: str, backend: str = BACKENDS.default, time_limit: float | None = None
) -> SpeedAnswer:
    """Whether all of ``hand``'s regular cards can be laid around ``centre`` in ``mode``,
    else the most cards that can, with a laying order; the hand's action cards are left
    out (the answer's ``left_out``); ``time_limit`` (seconds) binds cpsat only."""
    check_mode(mode)
    solve = BACKENDS.load(backend).solve
    regular = [card for card in hand if not card.is_action]
    check_hand(centre, regular)
    cards = [regular[index] for index in reachable(centre, regular, mode)]
    found = solve(centre, cards, mode, time_limit=time_limit)
    left_out = tuple(card for card in hand if card.is_action)
    return SpeedAnswer(
        centre, tuple(regular), mode, found.most, found.layout, len(cards), found.proven, found.nodes, backend, left_out
    )
