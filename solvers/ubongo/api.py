"""The Ubongo API: every operation of ``cardsolve ubongo``, one function per command.

A hand is a list of faces or their notation (``"3w,7w,ABC/DDA"``); a table or layout is
a list of placements or its JSON shape (``{"cards": [...]}``). Deck faces (``17w``) are
read from ``deck``, or from the bundled deck when it is None. Every function answers
with a result of ``solvers.ubongo.results``; the backends load only when first used, and
so do the modules of the hint, the largest layout, the game and the round in progress
(``_LAZY``): a verify, and every command's help (which reads these functions' defaults),
imports none of them.

A round in progress is a ``models.ubongo.state.UbongoState``: ``start`` deals one,
``load`` reads a position document and ``evaluate`` values every legal move of it
(``solvers.ubongo.evaluation``); ``bot`` makes a player of it by name (``hint``,
``solver``, ``random``: ``solvers.ubongo.state_bots``) for ``models.state.play``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import (
    DECK_CARDS,
    Deck,
    Face,
    check_distinct_cards,
    face_reader,
    load_deck,
    parse_hand,
)
from cardsolve.models.ubongo.layout import Layout, Placement, check_layout, layout_from_json
from cardsolve.models.ubongo.rules import violations
from cardsolve.models.ubongo.scoring import TARGET, hand_faces, stack_for_round
from cardsolve.models.ubongo.scoring import deal as deal_hands
from cardsolve.solvers.infrastructure.arguments import checked
from cardsolve.solvers.infrastructure.files import write_text
from cardsolve.solvers.infrastructure.limits import Deadline, check_count, check_time_limit
from cardsolve.solvers.ubongo.backends import BACKENDS, ENUMERATING, Solve, solver
from cardsolve.solvers.ubongo.results import (
    Advice,
    AllLayouts,
    BestLayout,
    Check,
    Deal,
    DeckFaces,
    Game,
    Picture,
    Verdict,
)
from cardsolve.solvers.ubongo.settings import KEPT_LAYOUTS, MAX_LIMIT

if TYPE_CHECKING:  # loaded when first used (``__getattr__``): a verify needs none of them
    from cardsolve.models.ubongo.state import load as load
    from cardsolve.models.ubongo.state import start as start
    from cardsolve.solvers.ubongo.evaluation import evaluate as evaluate
    from cardsolve.solvers.ubongo.state_bots import bot as bot

_LAZY = {
    "load": "cardsolve.models.ubongo.state",
    "start": "cardsolve.models.ubongo.state",
    "evaluate": "cardsolve.solvers.ubongo.evaluation",
    "bot": "cardsolve.solvers.ubongo.state_bots",
}
"""The API's functions of a game in progress, by the module each comes from."""


def __getattr__(name: str) -> Any:
    """A function of ``_LAZY``, its module imported on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_LAZY[name]), name)


Hand = str | Sequence[Face]
"""Faces, or their comma-separated notation."""
Table = Sequence[Placement] | Mapping[str, Any]
"""Placements, or a layout's JSON shape."""


def _faces(hand: Hand, deck: Deck | None, k: int) -> list[Face]:
    """The faces of ``hand``, at most a deck's and each deck card once, and ``k`` cards to
    lay from them, 0 to ``DECK_CARDS`` (the command line's range); else bad input naming it."""
    check_count("k", k, 0, DECK_CARDS)
    faces = parse_hand(hand, face_reader(deck)) if isinstance(hand, str) else list(hand)
    check_distinct_cards(faces)
    return faces


def _layout(table: Table, deck: Deck | None, name: str = "layout") -> Layout:
    """The placements of ``table``, its JSON shape read, checked as a layout file is
    (``check_layout``: at most a deck's cards, each deck card once, within reach of each
    other); bad input names it ``name``."""
    if isinstance(table, Mapping):
        return layout_from_json(table, face_reader(deck), name)
    laid = list(table)
    check_layout(laid, f"the {name}")
    return laid


def _enumerating(backend: str, what: str) -> ModuleType:
    """The module of ``backend``, one that also enumerates and completes layouts; any
    other name is bad input naming it (``what`` says which search wanted it)."""
    if backend in BACKENDS.names and backend not in ENUMERATING:
        raise BadInput(f"{what} with {' or '.join(ENUMERATING)}, not {backend}", backend)
    return BACKENDS.load(backend)


def _until(backend: str, deadline: Deadline) -> Solve:
    """``backend``'s search, each call given the seconds left before ``deadline``: one time
    limit bounds the whole command, however many searches it makes."""
    return lambda faces, k: solver(backend, deadline.left())(faces, k)


@checked
def deal(round_number: int, *, seed: int = 0, players: int = 1, deck: Deck | None = None) -> Deal:
    """Seeded 9-card hands for each of ``players`` players in round ``round_number`` (the
    number in the card's middle, 1-6: stack 1|2, 3|4 or 5|6, white faces in odd rounds,
    black in even ones)."""
    stack = stack_for_round(round_number)
    hands = deal_hands(deck if deck is not None else load_deck(), stack, players, seed)
    return Deal(round_number, seed, tuple(tuple(hand_faces(hand, round_number)) for hand in hands))


@checked
def deck(*, round_number: int | None = None, deck: Deck | None = None) -> DeckFaces:
    """Every face of the deck's cards (the bundled deck, or ``deck``) by round, to name
    and draw them: with ``round_number`` (the number in the card's middle, 1-6, as
    ``deal`` takes it) only the faces played in that round."""
    if round_number is not None:
        stack_for_round(round_number)  # 1-6, else bad input naming it
    return DeckFaces(tuple((deck if deck is not None else load_deck()).cards.values()), round_number, deck is None)


@checked
def verify(
    hand: Hand, *, k: int = TARGET, backend: str = BACKENDS.default, time_limit: float = 60.0, deck: Deck | None = None
) -> Verdict:
    """Is there a valid layout of ``k`` of the hand's faces? ``backend`` searches for
    ``time_limit`` seconds at most (numba always runs to its end); when they run out first,
    the verdict is undecided."""
    deadline = Deadline.after(check_time_limit(time_limit))
    faces = _faces(hand, deck, k)
    return Verdict(tuple(faces), k, backend, time_limit, _until(backend, deadline)(faces, k))


@checked
def solve(
    hand: Hand, *, k: int = TARGET, backend: str = BACKENDS.default, time_limit: float = 60.0, deck: Deck | None = None
) -> BestLayout:
    """The best layout: ``k`` of the hand's faces or, when none exists, the largest valid
    layout (counting down from k; ``time_limit`` seconds for all the sizes together)."""
    deadline = Deadline.after(check_time_limit(time_limit))
    faces = _faces(hand, deck, k)
    from cardsolve.solvers.ubongo.largest import largest_layout

    return BestLayout(tuple(faces), k, backend, time_limit, largest_layout(faces, k, _until(backend, deadline)))


@checked
def layouts(
    hand: Hand,
    *,
    k: int = TARGET,
    limit: int | None = None,
    show: int = 3,
    backend: str = BACKENDS.default,
    time_limit: float = 60.0,
    deck: Deck | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> AllLayouts:
    """Every distinct valid layout of ``k`` of the hand's faces (up to moving and turning
    the whole layout), or the first ``limit``; the first ``KEPT_LAYOUTS`` are kept, the
    text draws the first ``show``. ``progress(done, total)`` hears of the search's roots;
    Ctrl-C ends it with the layouts found so far (exit code 130), and so does the end of
    ``time_limit`` seconds, on either backend (exit code 3)."""
    check_count("number of layouts to show", show, 0, KEPT_LAYOUTS)
    check_count("limit", limit, 1, MAX_LIMIT)
    deadline = Deadline.after(check_time_limit(time_limit))
    faces = _faces(hand, deck, k)
    search = _enumerating(backend, "layouts enumerates")
    found = search.enumerate_layouts(faces, k, limit, keep=KEPT_LAYOUTS, progress=progress, deadline=deadline)
    return AllLayouts(tuple(faces), k, limit, show, backend, time_limit, found)


@checked
def hint(
    hand: Hand, table: Table, *, k: int = TARGET, backend: str = BACKENDS.default, deck: Deck | None = None
) -> Advice:
    """The next card to lay from ``hand`` so that a layout of ``k`` stays reachable from
    the ``table`` (the cards laid so far, which may hold a mistake), or which laid cards
    to take back first and why; when no layout of k of all these cards exists, the
    largest one instead."""
    module = _enumerating(backend, "hints search")
    laid, faces = _layout(table, deck, "table"), _faces(hand, deck, k)
    check_distinct_cards([p.face for p in laid] + faces)
    from cardsolve.solvers.ubongo.hint import hint as find_hint

    found = find_hint(laid, faces, k, module.complete)
    largest = None
    if found.target is None:
        from cardsolve.solvers.ubongo.largest import largest_layout

        largest = largest_layout([p.face for p in laid] + faces, k, module.solve).layout
    return Advice(tuple(laid), tuple(faces), k, backend, found, largest)


@checked
def game(
    *, players: int = 3, seed: int = 1, deck: Deck | None = None, progress: Callable[[int, int], None] | None = None
) -> Game:
    """A seeded six-round game played out by ``players`` perfect, equally fast players
    (``solvers.ubongo.game``), solved by numba; ``progress(done, total)`` hears of each
    hand solved."""
    from cardsolve.solvers.ubongo.game import play_game

    rounds, ranking = play_game(
        deck if deck is not None else load_deck(), players, seed, solver(BACKENDS.default), progress
    )
    return Game(players, seed, tuple(rounds), tuple(ranking))


@checked
def check(layout: Table, *, deck: Deck | None = None) -> Check:
    """Every rule the layout breaks (none: it is valid)."""
    laid = _layout(layout, deck)
    return Check(tuple(laid), tuple(violations(laid)))


@checked
def render(layout: Table, *, svg_file: str | None = None, deck: Deck | None = None) -> Picture:
    """The layout drawn for the terminal and as SVG; with ``svg_file`` (a name ending in
    ``.svg``) the SVG is also written there."""
    if svg_file is not None and not svg_file.lower().endswith(".svg"):
        raise BadInput(f"cannot write SVG to {svg_file!r}: its name must end in .svg", svg_file)
    picture = Picture(tuple(_layout(layout, deck)), svg_file)
    if svg_file is not None:
        write_text(svg_file, picture.svg)
    return picture
