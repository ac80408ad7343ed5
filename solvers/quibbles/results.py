"""The answers of the Quibbles solvers and API: each an immutable result whose
``to_json()`` is the CLI's ``--json`` document and whose ``text()`` is the CLI's text.
Seats are counted from 1 here, as a person reads them; display positions from 0."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardsolve.models.quibbles import (
    SOLO_RATINGS,
    Draw,
    Turn,
    Variant,
    describe_turn,
    format_values,
    solo_rating,
    turn_to_json,
)
from cardsolve.solvers.infrastructure.results import DOES_NOT_HOLD, DONE, UNDECIDED, Answer, text_table

CardSet = tuple[int, ...]
"""One set taken by a split: the sorted display positions of its cards."""


@dataclass(frozen=True)
class BestSplit(Answer):
    """A best split of the played card ``value`` on ``display``: the sets taken (display
    positions), the cards taken, whether the backend proved it optimal (if not, whether a
    better split exists is undecided: exit code 3), and which backend."""

    stops_early = True

    value: int
    display: tuple[int, ...]
    sets: tuple[CardSet, ...]  # each set's display positions, sorted; the sets sorted
    taken: int  # the total size of the sets
    proven: bool  # False only for a cpsat model stopped by its time limit
    backend: str

    @property
    def set_values(self) -> list[list[int]]:
        """The sets as the card values they take."""
        return [[self.display[i] for i in card_set] for card_set in self.sets]

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "display": list(self.display),
            "sets": self.set_values,
            "taken": self.taken,
            "proven": self.proven,
            "backend": self.backend,
        }

    @property
    def exit_code(self) -> int:
        return DONE if self.proven else UNDECIDED

    def text(self) -> str:
        proof = "proven optimal" if self.proven else "not proven optimal: undecided"
        if not self.sets:
            return (
                f"Split a {self.value}: no set of 2 or more display cards sums to {self.value} "
                f"({proof}, {self.backend})."
            )
        sets = ", ".join("+".join(map(str, s)) for s in self.set_values)
        return f"Split a {self.value}: take {self.taken} cards as {sets} ({proof}, {self.backend})."


@dataclass(frozen=True)
class CombineOption:
    """Play ``played`` (worth ``total``) and take ``taken`` display cards of value ``total``."""

    played: tuple[int, ...]
    total: int
    taken: int


@dataclass(frozen=True)
class CombineOptions(Answer):
    """Every distinct COMBINE of ``hand`` on ``display``, most cards taken first."""

    hand: tuple[int, ...]
    display: tuple[int, ...]
    options: tuple[CombineOption, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": list(self.hand),
            "display": list(self.display),
            "options": [{"played": list(o.played), "total": o.total, "taken": o.taken} for o in self.options],
        }

    def text(self) -> str:
        if not self.options:
            return "No combine: no 2-6 hand cards worth at most 6 match a display card."
        rows = [
            ["+".join(map(str, o.played)), o.total, o.taken, ",".join([str(o.total)] * o.taken)] for o in self.options
        ]
        return text_table(["play", "total", "take", "cards taken"], rows)


DrawnCards = tuple[int, ...]
"""The cards one DRAW gives, ascending: ``(2, 5)``."""


@dataclass(frozen=True)
class DrawVerdicts:
    """A DRAW turn judged without knowing its cards: every draw the unseen cards could
    give, and those under which the turn is legal."""

    possible: tuple[DrawnCards, ...]
    legal: tuple[DrawnCards, ...]

    @property
    def whatever(self) -> bool:
        """Legal whatever is drawn."""
        return self.legal == self.possible

    @property
    def size(self) -> int:
        """The cards a draw gives (2, fewer only when fewer are unseen)."""
        return len(self.possible[0])


@dataclass(frozen=True)
class MoveCheck(Answer):
    """A turn that is legal (for some draw, when a DRAW's cards are unknown) and what it
    leaves before the refill (solo: after the penalty); a turn illegal whatever is drawn is
    bad input and has no answer.

    ``drawn`` is what a DRAW gave, as the player saw it (``()`` when the turn draws
    nothing); None when the cards are unknown: then ``draws`` says under which draws the
    turn is legal, ``hand`` holds only the cards certain to be in it, and the exit code
    is 1 unless the turn is legal whatever is drawn."""

    variant: Variant
    turn: Turn
    display_before: tuple[int, ...]
    hand: tuple[int, ...]
    display: tuple[int, ...]
    collection: tuple[int, ...]
    penalty: tuple[int, ...]
    wins: bool
    drawn: tuple[int, ...] | None = ()
    draws: DrawVerdicts | None = None

    @property
    def legal(self) -> bool:
        """Legal as the player sees it: the cards are known, or every draw allows the turn."""
        return self.draws is None or self.draws.whatever

    @property
    def exit_code(self) -> int:
        return DONE if self.legal else DOES_NOT_HOLD

    def to_json(self) -> dict[str, Any]:
        draws = (
            None
            if self.draws is None
            else {"possible": len(self.draws.possible), "legal": [list(d) for d in self.draws.legal]}
        )
        return {
            "legal": self.legal,
            "turn": turn_to_json(self.turn, self.display_before),
            "drawn": None if self.drawn is None else list(self.drawn),
            "draws": draws,
            "after": {
                "hand": list(self.hand),
                "display": list(self.display),
                "collection": list(self.collection),
                "penalty": list(self.penalty),
                "wins": self.wins,
            },
        }

    def _verdict(self) -> list[str]:
        """The first lines: legal, legal whatever is drawn, or legal only for the draws listed."""
        turn = describe_turn(self.turn, self.display_before)
        if self.draws is None:
            return [f"Legal: {turn}"] + ([f"drawn      [{format_values(self.drawn)}]"] if self.drawn else [])
        if self.draws.whatever:
            return [f"Legal whatever is drawn: {turn}"]
        return [
            f"Legal only for {len(self.draws.legal)} of the {len(self.draws.possible)} possible draws: {turn}",
            "legal if the draw is " + ", ".join(f"[{format_values(d)}]" for d in self.draws.legal),
            "after it, if legal:",
        ]

    def _hand(self) -> str:
        """The hand after the turn; with the cards drawn unknown, the cards certain to be in it."""
        line = f"hand       [{format_values(self.hand)}]"
        if self.draws is None:
            return line
        line += f" + the {self.draws.size} cards drawn"
        stash = self.turn.stash
        return line + (f" that are not {stash.value}s (those are stashed too)" if stash is not None else "")

    def text(self) -> str:
        lines = [
            *self._verdict(),
            self._hand(),
            f"display    [{format_values(self.display)}] (before the refill)",
            f"collection [{format_values(self.collection)}]" + (" - wins!" if self.wins else ""),
        ]
        if self.variant is Variant.SOLO:
            lines.append(f"penalty    [{format_values(self.penalty)}]")
        return "\n".join(lines)


def turn_text(turn: Turn, display: Sequence[int]) -> str:
    """A hint's candidate in the turn notation; a DRAW says its stash waits for the cards."""
    text = describe_turn(turn, display)
    return text + " (then stash as the new cards allow)" if isinstance(turn.action, Draw) else text


@dataclass(frozen=True)
class RankedTurn:
    """A legal turn with its expected evaluation after the lookahead (higher is better;
    solo: minus the expected penalty) and its static evaluation right after it; the
    standard error of the expectation and the deals it was sampled on (0: not sampled,
    the expectation is the static evaluation)."""

    turn: Turn
    expected: float
    static: float
    error: float = 0.0
    samples: int = 0


@dataclass(frozen=True)
class Hint(Answer):
    """Every distinct turn on ``display``, best first: the sampled shortlist (``sampled``
    turns, ``samples`` refills each; its best ``finalists`` first, with
    ``final_samples`` refills more), then the rest by static evaluation; ``top`` of them
    are shown (None: all)."""

    variant: Variant
    display: tuple[int, ...]
    ranked: tuple[RankedTurn, ...]
    sampled: int
    samples: int
    explanation: str
    top: int | None = None
    finalists: int = 0
    final_samples: int = 0

    @property
    def best(self) -> RankedTurn:
        """The top turn."""
        return self.ranked[0]

    @property
    def shown(self) -> tuple[RankedTurn, ...]:
        """The turns the answer shows: the first ``top``."""
        return self.ranked[: self.top]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.value,
            "explanation": self.explanation,
            "samples": self.samples,
            "sampled": self.sampled,
            "finalists": self.finalists,
            "final_samples": self.final_samples,
            "turns": len(self.ranked),
            "ranked": [
                turn_to_json(r.turn, self.display) | {"expected": r.expected, "static": r.static} for r in self.shown
            ],
        }

    def text(self) -> str:
        rows = [
            [k, turn_text(r.turn, self.display), f"{r.expected:.2f}", f"{r.static:.2f}"]
            for k, r in enumerate(self.shown, start=1)
        ]
        title = f"{len(self.ranked)} distinct turns, {self.sampled} sampled x {self.samples} refills"
        if self.finalists:
            title += f", the best {self.finalists} x {self.final_samples} more"
        return "\n".join(
            [
                f"Best: {self.explanation}",
                "",
                text_table(["#", "turn", "expected score", "score now"], rows, title=title),
            ]
        )


@dataclass(frozen=True)
class PlayedTurn:
    """One turn of a logged game: the seat (from 1), the display it saw, and what it did."""

    seat: int
    display: tuple[int, ...]
    turn: Turn


@dataclass(frozen=True)
class BotGame(Answer):
    """A whole seeded game between bots: every turn, and how it ended (a winner's seat
    from 1, a stall with no cards left to play, or the turn cap)."""

    variant: Variant
    seed: int
    bots: tuple[str, ...]
    log: tuple[PlayedTurn, ...]
    turns: int
    winner: int | None
    stalled: bool
    cut_off: bool
    collections: tuple[tuple[int, ...], ...]  # each seat's collection, seat 1 first
    penalty: int | None  # solo: the penalty score; else None

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.bots)

    def to_json(self) -> dict[str, Any]:
        return {
            "player_count": self.players,
            "variant": self.variant.value,
            "seed": self.seed,
            "bots": list(self.bots),
            "turns": [{"seat": t.seat, "display": list(t.display)} | turn_to_json(t.turn, t.display) for t in self.log],
            "winner": self.winner,
            "stalled": self.stalled,
            "cut_off": self.cut_off,
            "collections": [list(c) for c in self.collections],
            "penalty": self.penalty,
        }

    def text(self) -> str:
        lines = [
            f"{k:3d}. P{t.seat} ({self.bots[t.seat - 1]}) display [{format_values(t.display)}]: "
            f"{describe_turn(t.turn, t.display)}"
            for k, t in enumerate(self.log, start=1)
        ]
        if self.winner is not None:
            end = (
                f"P{self.winner} wins after {self.turns} turns with a collection worth "
                f"{sum(self.collections[self.winner - 1])}."
            )
        elif self.stalled:
            end = f"Stalled after {self.turns} turns: no cards left to play."
        else:
            end = f"Cut off after {self.turns} turns."
        if self.penalty is not None:
            end += f" Penalty {self.penalty}: {solo_rating(self.penalty)}."
        lines += ["", end] + [
            f"P{seat} collection: [{format_values(c)}]" for seat, c in enumerate(self.collections, start=1)
        ]
        return "\n".join(lines)


@dataclass(frozen=True)
class SoloGame:
    """What the solo study keeps of one solo game; ``proven``: its penalty is proven the
    least any play of that deal and draw order reaches (only the clairvoyant proves it)."""

    penalty: int
    turns: int
    finished: bool
    proven: bool = False


@dataclass(frozen=True)
class PolicySummary:
    """A policy's solo games: penalties in game order, and their summary."""

    policy: str
    games: tuple[SoloGame, ...]

    @property
    def penalties(self) -> list[int]:
        return [g.penalty for g in self.games]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.penalties)

    @property
    def median(self) -> float:
        return statistics.median(self.penalties)

    def percentile(self, share: float) -> int:
        """The penalty that ``share`` of the games stay at or under (nearest rank)."""
        ordered = sorted(self.penalties)
        return ordered[max(math.ceil(share * len(ordered)) - 1, 0)]

    @property
    def finished_share(self) -> float:
        return sum(g.finished for g in self.games) / len(self.games)

    @property
    def mean_turns(self) -> float:
        return statistics.fmean(g.turns for g in self.games)

    def rating_shares(self) -> dict[str, float]:
        """The share of games under each rating label of the rulebook's table."""
        counts = Counter(solo_rating(p) for p in self.penalties)
        return {label: counts[label] / len(self.games) for _, label in SOLO_RATINGS}


def rating_bands() -> list[str]:
    """Short heads for the rulebook's rating rows, worst first: ``50+``, ``40-49``, ..., ``<10``."""
    bands: list[str] = []
    upper: int | None = None
    for threshold, _ in SOLO_RATINGS:
        if upper is None:
            bands.append(f"{threshold}+")
        else:
            bands.append(f"<{upper}" if threshold == 0 else f"{threshold}-{upper - 1}")
        upper = threshold
    return bands
