"""What the Ubongo solvers and the Ubongo API answer.

The solvers' results: ``Solution`` (a layout of k cards, or None, from any backend),
``Enumeration`` (the distinct layouts of k cards), ``Hint`` (what to do at the table) and
``GameRound`` (one round of a game played out). The API's answers, one per command, each
with its JSON document and text: ``Deal``, ``Verdict`` (verify), ``BestLayout`` (solve),
``AllLayouts`` (solve --all), ``Advice`` (hint), ``Game``, ``Check``, ``Picture``
(render) and ``DeckFaces`` (cards). Cards on a table are numbered by their place in the layout file, from 1
in text and JSON (indices from 0 inside);
players are named from 1 (``P1``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardsolve.models.ubongo.cards import Card, Face
from cardsolve.models.ubongo.layout import Layout, Placement, layout_to_json
from cardsolve.models.ubongo.picture import ascii_picture, svg_picture
from cardsolve.models.ubongo.rules import Violation, card_label
from cardsolve.models.ubongo.scoring import TARGET, Standing
from cardsolve.solvers.infrastructure.results import (
    DOES_NOT_HOLD,
    DONE,
    INTERRUPTED,
    UNDECIDED,
    Answer,
    plural,
    text_table,
)


@dataclass(frozen=True)
class Solution:
    """A valid layout of k faces, or None; ``nodes`` counts the search's steps (each
    backend says which). ``proven`` is False only when a search stopped at a time limit
    without a layout: then None means "not found", not "none exists"."""

    layout: Layout | None
    nodes: int
    proven: bool = True


@dataclass(frozen=True)
class Enumeration:
    """The distinct valid layouts of k faces, one per picture (two layouts are the same
    when one is the other moved and turned as a whole, ``models.ubongo.layout.canonical``),
    in the order found. ``complete`` is True when they are all of them, False when a
    limit, Ctrl-C (``interrupted``) or the time limit (``timed_out``) stopped the search
    first; ``nodes`` counts the
    search's steps. Only the first layouts are kept, so that memory stays bounded:
    ``more`` counts those found after them."""

    layouts: list[Layout]
    complete: bool
    nodes: int
    more: int = 0
    interrupted: bool = False
    timed_out: bool = False

    @property
    def count(self) -> int:
        """The distinct layouts found, kept or not."""
        return len(self.layouts) + self.more


@dataclass(frozen=True)
class TakeBack:
    """A laid card to take back: its index on the table and why."""

    index: int
    reason: str


@dataclass(frozen=True)
class Hint:
    """What to do next.

    - ``take_back``: laid cards to take back first (none when the table can stay);
    - ``placement``: the card to lay next (None when the table, after the take-backs, is
      already a layout of k cards, or when no layout can be reached at all);
    - ``target``: a complete layout of k cards that following the hint leads to (the
      cards kept, as they lie, then the cards to add, each touching those before it);
      None when no layout of k of all these cards exists;
    - ``joins``: the table indices of the cards the placement touches;
    - ``nodes``: the completion searches' steps, added up.
    """

    take_back: tuple[TakeBack, ...]
    placement: Placement | None
    target: Layout | None
    joins: tuple[int, ...]
    nodes: int

    @property
    def done(self) -> bool:
        """The table is a complete valid layout of k cards already (a call of "Ubongo!" when k is 7)."""
        return not self.take_back and self.placement is None and self.target is not None


@dataclass(frozen=True)
class PlayerRound:
    """One player's round: their name, the faces held, the best layout (7 cards, or the
    largest) and the points it scored."""

    player: str
    faces: tuple[str, ...]
    layout: Layout
    points: int


@dataclass(frozen=True)
class GameRound:
    """One round of a game: its number (1-6), stack (1-3), face colour and the players'
    rounds, in seat order."""

    number: int
    stack: int
    side: str
    players: tuple[PlayerRound, ...]


def _nodes(count: int) -> str:
    return f"{count} node{'s' * (count != 1)}"


@dataclass(frozen=True)
class Deal(Answer):
    """Seeded 9-card hands for round ``round`` (1-6), one per player from P1, as the faces
    played in that round."""

    round: int
    seed: int
    hands: tuple[tuple[Face, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "seed": self.seed,
            "hands": [[{"face": f.name, "grid": "/".join(f.grid)} for f in hand] for hand in self.hands],
        }

    def text(self) -> str:
        return "\n".join(
            f"P{seat}: " + ",".join(f.name for f in hand) + "\n    " + "  ".join("/".join(f.grid) for f in hand)
            for seat, hand in enumerate(self.hands, start=1)
        )


@dataclass(frozen=True)
class Verdict(Answer):
    """Whether ``k`` of the ``hand``'s faces make a valid layout, by ``backend``:
    ``solvable`` is True with a layout, False when none exists (proven), None when a time
    limit of ``time_limit`` seconds ran out first. The exit code is 1 when none exists, 3
    when undecided."""

    stops_early = True

    hand: tuple[Face, ...]
    k: int
    backend: str
    time_limit: float
    found: Solution

    @property
    def proven(self) -> bool:
        """The verdict is proven: a layout was found, or none exists."""
        return self.found.layout is not None or self.found.proven

    @property
    def solvable(self) -> bool | None:
        return True if self.found.layout is not None else False if self.found.proven else None

    @property
    def exit_code(self) -> int:
        return {True: DONE, False: DOES_NOT_HOLD, None: UNDECIDED}[self.solvable]

    def to_json(self) -> dict[str, Any]:
        layout = self.found.layout
        return {
            "solvable": self.solvable,
            "proven": self.proven,
            "layout": None if layout is None else layout_to_json(layout),
            "nodes": self.found.nodes,
            "backend": self.backend,
        }

    def pictures(self) -> dict[str, str]:
        """The layout found (``layout``), if any."""
        return {} if self.found.layout is None else {"layout": svg_picture(self.found.layout)}

    def text(self) -> str:
        k, n, backend, nodes = self.k, len(self.hand), self.backend, _nodes(self.found.nodes)
        if self.found.layout is not None:
            return f"A valid layout of {k} of the {n} faces ({nodes}, {backend}):\n\n" + ascii_picture(
                self.found.layout
            )
        if self.found.proven:
            proof = "proven infeasible by CP-SAT" if backend == "cpsat" else "proven by exhaustive search"
            return f"No valid layout of {k} of these {n} faces exists ({proof}, {nodes}, {backend})."
        return (
            f"Undecided: {backend} found no layout of {k} of these {n} faces within {self.time_limit:g} s, "
            f"and did not prove that none exists ({nodes})."
        )


@dataclass(frozen=True)
class BestLayout(Answer):
    """The best layout of the ``hand``: ``k`` cards, or, when none exists, the largest
    valid layout (what an early end of the round scores). ``proven`` says no larger one
    exists: False when the time limit left a larger size undecided, which the exit code
    (3) says too; the layout found is shown all the same."""

    stops_early = True

    hand: tuple[Face, ...]
    k: int
    backend: str
    time_limit: float
    found: Solution

    @property
    def layout(self) -> Layout:
        assert self.found.layout is not None  # a single card is always a layout
        return self.found.layout

    @property
    def cards(self) -> int:
        return len(self.layout)

    @property
    def complete(self) -> bool:
        """The layout has all k cards."""
        return self.cards == self.k

    @property
    def proven(self) -> bool:
        return self.found.proven

    @property
    def exit_code(self) -> int:
        return DONE if self.proven else UNDECIDED

    def to_json(self) -> dict[str, Any]:
        return {
            "k": self.k,
            "card_count": self.cards,
            "complete": self.complete,
            "proven": self.proven,
            "layout": layout_to_json(self.layout),
            "nodes": self.found.nodes,
            "backend": self.backend,
        }

    def pictures(self) -> dict[str, str]:
        """The layout (``layout``)."""
        return {"layout": svg_picture(self.layout)}

    def text(self) -> str:
        k, n, size = self.k, len(self.hand), self.cards
        search = f"{_nodes(self.found.nodes)}, {self.backend}"
        worth = f"{plural(size, 'card')}, worth {plural(size, 'point')} at an early end ({search}):"
        if self.complete:
            head = f"A valid layout of {k} of the {n} faces ({search}):"
        elif self.proven:
            head = f"No valid layout of {k} of these {n} faces exists; the largest valid layout has {worth}"
        else:
            head = (
                f"Undecided: the time limit of {self.time_limit:g} s ran out before a larger layout was "
                f"found or ruled out; the largest found has {worth}"
            )
        return head + "\n\n" + ascii_picture(self.layout)


@dataclass(frozen=True)
class AllLayouts(Answer):
    """The distinct valid layouts of ``k`` of the ``hand``'s faces (up to moving and
    turning the whole layout), or the first ``limit`` of them, or those found before
    Ctrl-C (exit code 130) or before ``time_limit`` seconds ran out (exit code 3); the
    text draws the first ``show``, the JSON lists all those kept."""

    stops_early = True

    hand: tuple[Face, ...]
    k: int
    limit: int | None
    show: int
    backend: str
    time_limit: float
    found: Enumeration

    @property
    def count(self) -> int:
        """The distinct layouts found, kept or not."""
        return self.found.count

    @property
    def complete(self) -> bool:
        """These are all the layouts (no limit, Ctrl-C or time limit stopped the search)."""
        return self.found.complete

    @property
    def exit_code(self) -> int:
        return INTERRUPTED if self.found.interrupted else UNDECIDED if self.found.timed_out else DONE

    def to_json(self) -> dict[str, Any]:
        return {
            "k": self.k,
            "count": self.count,
            "proven": self.complete,
            "interrupted": self.found.interrupted,
            "timed_out": self.found.timed_out,
            "nodes": self.found.nodes,
            "backend": self.backend,
            "layouts": [layout_to_json(layout) for layout in self.found.layouts],
        }

    def text(self) -> str:
        k, n, count, search = self.k, len(self.hand), self.count, f"{_nodes(self.found.nodes)}, {self.backend}"
        if self.found.interrupted:
            head = (
                f"Interrupted: {count} distinct valid layout{'s' * (count != 1)} of {k} of the {n} faces "
                f"found so far ({search})"
            )
        elif self.found.timed_out:
            head = (
                f"Undecided: the time limit of {self.time_limit:g} s ran out with {count} distinct valid "
                f"layout{'s' * (count != 1)} of {k} of the {n} faces found, the search unfinished "
                f"(--time-limit S searches longer; {search})"
            )
        elif self.complete:
            head = (
                f"{count} distinct valid layout{'s' * (count != 1)} of {k} of the {n} faces, "
                f"up to moving and turning the whole layout ({search})"
            )
        else:
            head = (
                f"More than {count} distinct valid layouts of {k} of the {n} faces; --limit {self.limit} "
                f"stopped the search ({search})"
            )
        kept = len(self.found.layouts)
        shown = self.found.layouts[: self.show]
        pictures = [f"Layout {number}:\n{ascii_picture(layout)}" for number, layout in enumerate(shown, start=1)]
        more = (
            [f"{kept - len(shown)} more not drawn (--show N draws more, --json lists all)."]
            if shown and kept > len(shown)
            else []
        )
        if self.found.more:
            more.append(f"{self.found.more} more found and counted, not kept (--limit N keeps up to N).")
        return "\n\n".join([head + ("." if not shown else ":"), *pictures, *more])


@dataclass(frozen=True)
class Advice(Answer):
    """The hint for the cards on the ``table`` (numbered from 1 for people) and in ``hand`` towards
    a layout of ``k``; when no layout of k of all these cards exists, ``largest`` is the
    largest one instead and the exit code is 1."""

    table: tuple[Placement, ...]
    hand: tuple[Face, ...]
    k: int
    backend: str
    hint: Hint
    largest: Layout | None

    @property
    def exit_code(self) -> int:
        return DONE if self.hint.target is not None else DOES_NOT_HOLD

    def to_json(self) -> dict[str, Any]:
        found = self.hint
        document: dict[str, Any] = {
            "done": found.done,
            "take_back": [
                {"card": t.index + 1, "face": self.table[t.index].face.name, "reason": t.reason}
                for t in found.take_back
            ],
            "placement": None if found.placement is None else found.placement.to_json(),
            "joins": [i + 1 for i in found.joins],
            "target": None if found.target is None else layout_to_json(found.target),
            "nodes": found.nodes,
            "backend": self.backend,
        }
        if self.largest is not None:
            document["largest"] = layout_to_json(self.largest)
        return document

    def pictures(self) -> dict[str, str]:
        """The hint drawn step by step: ``table``, the table with the cards to take back
        marked (when any); then ``kept``, the table left, when it is the layout already, or
        ``next``, the table with the card to lay marked, and ``target``, the layout it leads
        to; or ``largest`` when no layout of k exists."""
        found = self.hint
        if found.target is None:
            assert self.largest is not None
            return {"largest": svg_picture(self.largest)}
        table = list(self.table)
        taken = {t.index for t in found.take_back}
        drawn = {"table": svg_picture(table, marks=dict.fromkeys(taken, "take"))} if taken else {}
        kept = [placement for index, placement in enumerate(table) if index not in taken]
        if found.placement is None:
            return drawn | {"kept": svg_picture(kept)}
        laid = [*kept, found.placement]
        return drawn | {"next": svg_picture(laid, marks={len(kept): "lay"}), "target": svg_picture(found.target)}

    def _card(self, index: int) -> str:
        return card_label(self.table, index)

    def _call(self) -> str:
        """What a finished layout of k lets the player do: call "Ubongo!" only with exactly
        the 7 cards the scoring accepts for a call."""
        return ': call "Ubongo!"' if self.k == TARGET else f' (a call of "Ubongo!" needs {TARGET})'

    def text(self) -> str:
        found, k = self.hint, self.k
        if found.target is None:
            assert self.largest is not None
            return (
                f"No valid layout of {k} of these {len(self.table) + len(self.hand)} cards exists, whatever is "
                f"taken back. The largest has {len(self.largest)}:\n\n{ascii_picture(self.largest)}"
            )
        lines = [f"Take back card {self._card(t.index)}: {t.reason}." for t in found.take_back]
        if found.placement is None:
            lines.append(
                f"{'Then the' if found.take_back else 'The'} table is a valid layout of {k} cards{self._call()}."
            )
        else:
            p = found.placement
            joins = " and ".join(self._card(i) for i in found.joins)
            where = f", joining card{'s' * (len(found.joins) != 1)} {joins}" if found.joins else ""
            lines.append(
                f"{'Then lay' if found.take_back else 'Lay'} {p.face.name} turned {p.rotation} degrees "
                f"with its top-left cell at ({p.x}, {p.y}){where}. A layout of {k} from there "
                f"({_nodes(found.nodes)}, {self.backend}):"
            )
            lines += ["", ascii_picture(found.target)]
        return "\n".join(lines)


@dataclass(frozen=True)
class Game(Answer):
    """A seeded six-round game played out by ``players`` perfect, equally fast players:
    the rounds and the final ranking."""

    players: int
    seed: int
    rounds: tuple[GameRound, ...]
    ranking: tuple[Standing, ...]

    @property
    def names(self) -> list[str]:
        """The players' names, P1 first."""
        return [p.player for p in self.rounds[0].players]

    def to_json(self) -> dict[str, Any]:
        return {
            "player_count": self.players,
            "seed": self.seed,
            "rounds": [
                {
                    "round": r.number,
                    "stack": r.stack,
                    "side": r.side,
                    "players": [
                        {
                            "seat": seat,
                            "faces": list(p.faces),
                            "points": p.points,
                            "layout": layout_to_json(p.layout),
                        }
                        for seat, p in enumerate(r.players, start=1)
                    ],
                }
                for r in self.rounds
            ],
            "ranking": [
                {"place": s.place, "seat": self.names.index(s.player) + 1, "points": s.points, "tens": s.tens}
                for s in self.ranking
            ],
        }

    def text(self) -> str:
        rows = [
            [
                str(r.number),
                f"{r.stack * 2 - 1}|{r.stack * 2}",
                r.side,
                *(f"{p.points} ({len(p.layout)} laid)" for p in r.players),
            ]
            for r in self.rounds
        ]
        totals = {s.player: s.points for s in self.ranking}
        rows.append(["total", "", "", *(str(totals[name]) for name in self.names)])
        places = "; ".join(f"{s.place}. {s.player} {s.points} points ({s.tens} rounds of 10)" for s in self.ranking)
        return text_table(["round", "stack", "side", *self.names], rows) + "\n" + places


@dataclass(frozen=True)
class Check(Answer):
    """A layout checked against the rules: every violation (cards numbered from 1);
    the exit code is 1 when there is any."""

    layout: tuple[Placement, ...]
    violations: tuple[Violation, ...]

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def exit_code(self) -> int:
        return DONE if self.valid else DOES_NOT_HOLD

    def to_json(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "card_count": len(self.layout),
            "layout": layout_to_json(list(self.layout)),
            "violations": [
                {"kind": v.kind, "cards": [i + 1 for i in v.cards], "detail": v.detail} for v in self.violations
            ],
        }

    def pictures(self) -> dict[str, str]:
        """The layout as checked (``layout``)."""
        return {"layout": svg_picture(list(self.layout))}

    def text(self) -> str:
        count = len(self.violations)
        verdict = (
            f"valid: {plural(len(self.layout), 'card')} in one connected group"
            if self.valid
            else f"invalid: {plural(count, 'violation')}"
        )
        return "\n".join(
            [ascii_picture(list(self.layout)), "", verdict, *(f"- {v.kind}: {v.detail}" for v in self.violations)]
        )


@dataclass(frozen=True)
class Picture(Answer):
    """A layout drawn for the terminal (``ascii``) and as an SVG document (``svg``);
    ``svg_file`` names the file the SVG was written to, if any. The JSON holds both
    pictures: ``ascii``, and the SVG document's text as ``picture`` (what the web page
    shows); its ``svg`` names the file written, or is null."""

    layout: tuple[Placement, ...]
    svg_file: str | None = None

    @property
    def ascii(self) -> str:
        return ascii_picture(list(self.layout))

    @property
    def svg(self) -> str:
        return svg_picture(list(self.layout))

    def to_json(self) -> dict[str, Any]:
        return {
            "layout": layout_to_json(list(self.layout)),
            "ascii": self.ascii,
            "svg": self.svg_file,
            "picture": self.svg,
        }

    def pictures(self) -> dict[str, str]:
        return {"layout": self.svg}

    def text(self) -> str:
        return self.ascii + (f"\nwrote {self.svg_file}" if self.svg_file else "")


FACES_PER_LINE = 6
"""Faces on one line of ``cards``' text."""


@dataclass(frozen=True)
class DeckFaces(Answer):
    """The faces of a deck's ``cards`` by round (the number in the card's middle, 1-6):
    the white faces of stack 1|2 (round 1), their black faces (round 2), then stacks 3|4
    and 5|6 the same way; with ``round`` set, only that round's faces. ``bundled`` says
    the deck is the bundled stand-in (else the user's deck file)."""

    cards: tuple[Card, ...]
    round: int | None
    bundled: bool

    @property
    def rounds(self) -> list[int]:
        """The rounds listed, in order."""
        return [self.round] if self.round is not None else [1, 2, 3, 4, 5, 6]

    def faces(self, round_number: int) -> list[tuple[Card, Face]]:
        """The cards of ``round_number``'s stack by number, each with the face played in
        that round (white in odd rounds, black in even ones)."""
        stack, white = (round_number + 1) // 2, round_number % 2 == 1
        return [
            (card, card.white if white else card.black)
            for card in sorted(self.cards, key=lambda card: card.number)
            if card.stack == stack
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "bundled": self.bundled,
            "card_count": len(self.cards),
            "faces": [
                {
                    "face": face.name,
                    "grid": "/".join(face.grid),
                    "number": card.number,
                    "stack": card.stack,
                    "side": _side(number),
                    "round": number,
                }
                for number in self.rounds
                for card, face in self.faces(number)
            ],
        }

    def text(self) -> str:
        deck = "the bundled stand-in deck" if self.bundled else "your deck"
        lines = [f"{plural(len(self.cards), 'card')} in {deck}, two faces each:"]
        for number in self.rounds:
            faces = [f"{face.name:>4} {'/'.join(face.grid)}" for _, face in self.faces(number)]
            stack = (number + 1) // 2
            lines.append(
                f"round {number} (stack {stack * 2 - 1}|{stack * 2}, {_side(number)}): {plural(len(faces), 'face')}"
            )
            lines += ["  " + "  ".join(faces[at : at + FACES_PER_LINE]) for at in range(0, len(faces), FACES_PER_LINE)]
        return "\n".join(lines)


def _side(round_number: int) -> str:
    """The face played in a round: white in odd rounds, black in even ones."""
    return "white" if round_number % 2 else "black"
