"""Ubongo's players as protocol bots (``models.state.Bot``) over one player's round
(``models.ubongo.state.UbongoState``): each bot reads what its seat sees (the whole round:
nothing is hidden), calls the game's own policy on the laid cards and the hand, and
returns the legal move of the observation that the policy's decision names (a decision
the observation does not list is a bug: ``AssertionError``).

- ``hint``: the move ``ubongo hint`` gives (``solvers.ubongo.hint``, numba's completion
  search): the first of the laid cards it says to take back that may go back now; else
  its next card, laid where its layout puts it (on an empty table that layout is moved
  and turned as a whole so that the card lies unrotated at the origin, as the first lay
  must); else, the table being a layout of k, "Ubongo!". So it finishes the round from
  any position, a mistake on the table included. When no layout of k of the player's
  cards exists the command answers with the largest layout instead, and the bot lays that
  one as ``solver`` does.
- ``solver``: the layout ``ubongo game``'s player lays (``solvers.ubongo.game``: the
  largest valid layout of at most k of the cards, ``largest_layout`` with numba's
  ``solve``), decided once for the player's cards the first time the bot sees them (the
  laid cards, then the hand: on a fresh round the hand as dealt, as the game solves it)
  and laid card by card in the solver's order, each where that layout, moved and turned
  as a whole so that it holds the table's first card where it lies, puts it; then
  "Ubongo!" (called whenever k cards lie in a valid layout). A laid card the layout does
  not hold where it lies (or any card of a table that breaks a rule) goes back first,
  the last laid first. A layout of fewer than k cards cannot be called, and the rules
  allow no pass: the bot then takes its last laid card back and lays it again, a round
  that never ends (``play``'s move cap ends it).
- ``random``: ``models.state.random_bot``, any legal move.

``hint`` and ``solver`` decide without chance: their makers' seed is the shared maker
signature's and changes nothing; ``random`` draws from ``play``'s random source.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache

from cardsolve.models.errors import BadInput, shown
from cardsolve.models.state import Bot, GameState, Move, random_bot
from cardsolve.models.ubongo.cards import Face
from cardsolve.models.ubongo.layout import Layout, Placement, turn_layout
from cardsolve.models.ubongo.state import Call, Lay, TakeBack, UbongoMove, UbongoState
from cardsolve.solvers.ubongo.backends import BACKENDS, solver
from cardsolve.solvers.ubongo.hint import Complete
from cardsolve.solvers.ubongo.hint import hint as find_hint
from cardsolve.solvers.ubongo.largest import largest_layout

_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@cache
def _complete() -> Complete:
    """The default backend's completion search, as ``ubongo hint`` uses it."""
    complete: Complete = BACKENDS.load(BACKENDS.default).complete
    return complete


def _largest(cards: Sequence[Face], k: int) -> Layout:
    """The layout ``ubongo game``'s player lays with ``cards``: the largest valid layout of
    at most ``k`` of them (``largest_layout``, by the default backend, numba)."""
    found = largest_layout(cards, k, solver(BACKENDS.default))
    assert found.layout is not None  # a single card is always a layout
    return found.layout


class _Plans:
    """The layout a player decided for each set of cards (and ``k``): ``_largest`` of them
    in the order first seen (the laid cards, then the hand), kept, so that the player
    keeps to one layout while laying it (the solver's answer depends on the cards' order)."""

    def __init__(self) -> None:
        self._decided: dict[tuple[frozenset[Face], int], Layout] = {}

    def layout(self, state: UbongoState) -> Layout:
        """The layout decided for the player's cards in ``state``."""
        cards = (*(p.face for p in state.table), *state.hand)
        key = (frozenset(cards), state.k)
        if key not in self._decided:
            self._decided[key] = _largest(cards, state.k)
        return self._decided[key]


def _round(seen: GameState) -> UbongoState:
    """``seen`` checked to be an Ubongo round with the player to move; else bad input."""
    if not isinstance(seen, UbongoState):
        raise BadInput(f"an Ubongo bot plays an Ubongo round, not {type(seen).__name__}", type(seen).__name__)
    if seen.is_over:
        raise BadInput('the round is over ("Ubongo!" is called): there is no move to make', "to_move")
    return seen


def _listed(state: UbongoState, move: Move, bot: str) -> UbongoMove:
    """The legal move of ``state`` written as ``move``; a move it does not list is the
    ``bot`` adapter's bug: ``AssertionError`` naming the move and the legal moves."""
    notation = str(move)
    legal = state.legal_moves()
    found = next((m for m in legal if str(m) == notation), None)
    if found is None:
        raise AssertionError(
            f"the {bot} bot's move {notation!r} is not legal ({state.refusal(notation)}); "
            f"the legal moves: {', '.join(str(m) for m in legal)}"
        )
    return found


def _fitted(layout: Layout, anchor: Placement) -> Layout | None:
    """``layout`` moved and turned as a whole so that its card of ``anchor``'s face lies
    as ``anchor`` does; None when it holds no such card."""
    card = next((p for p in layout if p.face == anchor.face), None)
    if card is None:
        return None
    turned = turn_layout(layout, (anchor.rotation - card.rotation) % 360)
    moved = next(p for p in turned if p.face == anchor.face)
    dx, dy = anchor.x - moved.x, anchor.y - moved.y
    return [Placement(p.face, p.rotation, p.x + dx, p.y + dy) for p in turned]


def _touches(placement: Placement, table: Sequence[Placement]) -> bool:
    """A cell of ``placement`` shares an edge with a cell of a laid card."""
    taken = {cell for p in table for cell, _ in p.cells()}
    return any((x + dx, y + dy) in taken for (x, y), _ in placement.cells() for dx, dy in _NEIGHBOURS)


def _back(state: UbongoState, preferred: Sequence[Placement]) -> Move:
    """Take back the first of the laid cards ``preferred`` that may go back now, else the
    last laid card that may (a table of cards always has one: on a broken table any card
    may go back, on a valid one a card that holds no two parts together; were there
    none, the take-back of the first card named is what ``_listed`` reports as a bug)."""
    backs = {m.face for m in state.legal_moves() if isinstance(m, TakeBack)}
    order = [*preferred, *reversed(state.table)]
    return TakeBack(next((p.face for p in order if p.face in backs), order[0].face))


def _toward(state: UbongoState, layout: Layout) -> Move:
    """The next move that lays ``layout`` card by card (the module docstring's ``solver``):
    "Ubongo!" once k cards lie in a valid layout; else the laid cards that lie elsewhere
    than the layout puts them go back, then its first card in its order that is not laid
    and touches the table (the first card, at the origin, on an empty table), else (it
    lies complete with fewer than k cards) the last laid card back to lay again."""
    if state.valid and len(state.table) == state.k:
        return Call()
    anchor = state.table[0] if state.table else Placement(layout[0].face, 0, 0, 0)
    fitted = _fitted(layout, anchor) or []
    where = {p.face: set(p.cells()) for p in fitted}
    stray = [p for p in state.table if where.get(p.face) != set(p.cells())]
    if stray or not state.valid:
        return _back(state, stray[::-1])
    laid = {p.face for p in state.table}
    rest = [p for p in fitted if p.face not in laid]
    if not state.table:
        return Lay(rest[0])
    following = next((p for p in rest if _touches(p, state.table)), None)
    if following is not None:
        return Lay(following)
    return _back(state, ())


def _hinted(state: UbongoState, plans: _Plans) -> Move:
    """The move ``ubongo hint`` gives in ``state`` (the module docstring's ``hint``)."""
    found = find_hint(list(state.table), list(state.hand), state.k, _complete())
    if found.target is None:
        return _toward(state, plans.layout(state))
    if found.take_back:
        return _back(state, [state.table[taken.index] for taken in found.take_back])
    if found.placement is not None:
        face = found.placement.face
        return Lay(found.placement if state.table else Placement(face, 0, 0, 0))
    return Call()


def hint_bot(seed: int = 0) -> Bot:
    """A bot that makes the move ``ubongo hint`` gives (the module docstring's ``hint``)."""
    plans = _Plans()

    def move(seen: GameState, rng: random.Random) -> Move:
        state = _round(seen)
        return _listed(state, _hinted(state, plans), "hint")

    return move


def solver_bot(seed: int = 0) -> Bot:
    """A bot that lays the layout ``ubongo game``'s player lays, card by card, then calls
    "Ubongo!" (the module docstring's ``solver``)."""
    plans = _Plans()

    def move(seen: GameState, rng: random.Random) -> Move:
        state = _round(seen)
        return _listed(state, _toward(state, plans.layout(state)), "solver")

    return move


def _random(seed: int = 0) -> Bot:
    """``models.state.random_bot``: any legal move, drawn from ``play``'s random source."""
    return random_bot


BOTS: dict[str, Callable[[int], Bot]] = {"hint": hint_bot, "solver": solver_bot, "random": _random}
"""The bots by name, each a maker taking a seed."""


def bot(name: str, seed: int = 0) -> Bot:
    """The bot called ``name`` (one of ``BOTS``) made with ``seed``; any other name is bad
    input naming it and the choices."""
    if name not in BOTS:
        raise BadInput(f"unknown Ubongo bot {shown(name)}: the bots are {', '.join(BOTS)}", str(name))
    return BOTS[name](seed)
