"""Double-dummy analysis of the trick game: every hand known (the draft is open), the
trumps and the play so far given by a ``Position`` (at any point: a new round, mid-round
or mid-trick; 3 or 4 players).

For a player and a task chip:
- ``forceable``: the player achieves the task whatever the other seats do;
- ``possible``: some play of every seat achieves it;
- ``trick_bounds``: (fewest, most), the player's tricks over the whole round (tricks
  already won included) that he can force: ``most`` when he plays to win tricks and the
  others to stop him, ``fewest`` when he plays to lose tricks and the others to give
  him tricks (``fewest`` can exceed ``most`` when the others decide);
- ``analyse``: all of these and the best card for the seat to move (``best_card``).

Backends (``solvers.was_sticht.backends``): ``numba`` (``solvers.was_sticht.fast``, an
AND-OR search with a transposition table) and ``reference``
(``solvers.was_sticht.reference``, plain minimax judged by ``chips.measure``; for endings
of a few tricks). Here seats count from 0, as the engine does; the ``Analysis`` names
them from 1.

"trick:last" is the last trick of the position's round: the ninth in a whole round, the
last of an ending dealt on its own (``chips.measure``).

Each public call starts the numba backend from an empty transposition table, so an
answer (its node count included, unless ``helped``: a long search then calls in a
second thread, whose nodes count too, see ``fast.search``) depends on its own question
only; inside
``shared_table`` the calls share the table's entries by question family (``chip_table``
asks every chip of a deal in one).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht.cards import Card
from cardsolve.models.was_sticht.chips import Chip, Condition, measure
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht import reference
from cardsolve.solvers.was_sticht.backends import BACKENDS
from cardsolve.solvers.was_sticht.results import Analysis


def _check(position: Position, player: int) -> None:
    """The engine's ``player`` (from 0) is a seat of the position; else bad input naming
    the seat as a person counts it (from 1)."""
    if not 0 <= player < position.players:
        raise BadInput(f"seat {player + 1} is not one of the seats 1..{position.players}", str(player + 1))


_SHARING = [False]
"""True inside ``shared_table``."""


def _fresh(backend: str) -> None:
    """Outside ``shared_table``: the backend's next searches start from an empty table
    (a backend without a table has nothing to forget)."""
    forget = getattr(BACKENDS.load(backend), "forget", None)
    if forget is not None and not _SHARING[0]:
        forget()


@contextmanager
def shared_table(backend: str = BACKENDS.default) -> Iterator[None]:
    """Calls inside share the backend's transposition table by question family; the
    outermost one starts it empty, so the answers depend on the calls inside only."""
    outer = _SHARING[0]
    _fresh(backend)
    _SHARING[0] = True
    try:
        yield
    finally:
        _SHARING[0] = outer


def _won(position: Position, player: int) -> int:
    return measure("tricks", player, position.tricks, position.players)


def _search(
    position: Position,
    player: int,
    conditions: Sequence[Condition],
    cooperative: bool,
    backend: str,
    helped: bool = False,
) -> tuple[bool, Card | None, int]:
    solver = BACKENDS.load(backend)
    _check(position, player)
    if position.finished:
        return reference.holds(position, player, conditions), None, 0
    value, card, nodes = solver.search(position, player, conditions, cooperative, helped)
    return bool(value), card, int(nodes)


def forceable(
    position: Position, player: int, chip: Chip, backend: str = BACKENDS.default, helped: bool = False
) -> bool:
    """Whether the player achieves the chip's task whatever the other seats play
    (``helped``: a long numba search calls in a second thread, see ``fast.search``)."""
    _fresh(backend)
    return _search(position, player, chip.conditions, False, backend, helped)[0]


def possible(
    position: Position, player: int, chip: Chip, backend: str = BACKENDS.default, helped: bool = False
) -> bool:
    """Whether some play of every seat achieves the chip's task for the player
    (``helped`` as for ``forceable``)."""
    _fresh(backend)
    return _search(position, player, chip.conditions, True, backend, helped)[0]


def _bounds(position: Position, player: int, backend: str, helped: bool = False) -> tuple[tuple[int, int], int]:
    solver = BACKENDS.load(backend)
    _check(position, player)
    if position.finished:
        won = _won(position, player)
        return (won, won), 0
    (fewest, most), nodes = solver.trick_bounds(position, player, helped)
    return (int(fewest), int(most)), int(nodes)


def trick_bounds(position: Position, player: int, backend: str = BACKENDS.default) -> tuple[int, int]:
    """(fewest, most): the player's tricks over the round that he can force, playing to
    lose tricks against seats that give him tricks, and playing to win against seats
    that stop him."""
    _fresh(backend)
    return _bounds(position, player, backend)[0]


def _distance(bounds: tuple[int, int], conditions: Sequence[Condition]) -> int:
    """How far the tricks the player can steer to (between his two bounds) lie from the
    chip's trick conditions (0 when it has none)."""
    low, high = min(bounds), max(bounds)
    return sum(max(0, c.low - high, low - c.high) for c in conditions if c.measure == "tricks")


def analyse(
    position: Position, player: int, chip: Chip, backend: str = BACKENDS.default, helped: bool = False
) -> Analysis:
    """Everything double dummy for the player and chip (``helped``: every search as
    ``forceable``'s, a long one with a second thread beside it).

    ``best_card`` is for the seat to move (None when the round is finished). For the
    player himself: a card that keeps the task forceable when it is forceable, else one
    that keeps it possible when it is possible, else (the task is lost) the legal card
    after which his forceable trick range lies closest to the chip's trick count (first
    in deck order among equals; the first legal card for a chip without one). For
    another seat: a card after which the player can no longer force the task, if there
    is one, else the first legal card in deck order.
    """
    _fresh(backend)
    is_forceable, force_card, nodes = _search(position, player, chip.conditions, False, backend, helped)
    is_possible, possible_card = True, force_card
    if not is_forceable:
        is_possible, possible_card, n = _search(position, player, chip.conditions, True, backend, helped)
        nodes += n
    (fewest, most), n = _bounds(position, player, backend, helped)
    nodes += n
    best: Card | None = None
    if not position.finished:
        legal = sorted(position.legal(), key=lambda c: c.index)
        # a search decided before the first card (the outcome is already settled) names
        # no card: then every card keeps the answer, and the first legal one is taken
        if position.to_move == player:
            if is_forceable:
                best = force_card or legal[0]
            elif is_possible:
                best = possible_card or legal[0]
            else:
                distances = []
                for card in legal:
                    bounds, n = _bounds(position.play(card), player, backend, helped)
                    nodes += n
                    distances.append(_distance(bounds, chip.conditions))
                best = legal[distances.index(min(distances))]
        else:
            best = force_card if not is_forceable and force_card is not None else legal[0]
    return Analysis(
        player + 1,
        chip,
        position.trumps,
        position.to_move + 1,
        is_forceable,
        is_possible,
        fewest,
        most,
        best,
        nodes,
        backend,
    )
