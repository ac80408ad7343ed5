"""The answers of the Was sticht? API (``solvers.was_sticht.api``), one per command: a
dealt round, a trump deduction, a double-dummy analysis, a chip table, the chip set and
a whole game (the chip study answers with the analysis runner's ``StudyAnswer``). Each
renders itself as the CLI's JSON document and text.

Seats count from 1 in every field that names a seat (``Analysis.player`` and
``to_move``, ``ChipTable.leader``) and in every rendering; where an answer holds an engine
object (``Deal``, ``WasStichtState``), that object counts from 0, as the engine does, and the
renderings add 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardsolve.models.was_sticht import COLOURS, Card, Chip, Deal, Settlement, Trumps, deal_to_json, format_cards
from cardsolve.models.was_sticht.state import WasStichtState
from cardsolve.solvers.infrastructure.results import Answer, plural, text_table

VERDICTS = ("forceable", "possible", "impossible")
"""A chip's verdict for a seat: met whatever the others play, met if they help, never met."""
MARKS = dict(zip(VERDICTS, "Fp-"))
"""A verdict's mark in the chip table."""
SUIT_LETTERS = {name: letter for letter, name in COLOURS.items()}
"""A colour's letter by its name (``red`` -> ``R``)."""


def trumps_json(trumps: Trumps) -> dict[str, Any]:
    """``{"suit": "R" | None, "number": 5 | None}``."""
    return {"suit": trumps.suit, "number": trumps.number}


def trumps_words(trumps: Trumps) -> str:
    """``trump suit red, trump number 5`` (or no trump suit / no trump number)."""
    suit = f"trump suit {COLOURS[trumps.suit]}" if trumps.suit else "no trump suit"
    number = f"trump number {trumps.number}" if trumps.number else "no trump number"
    return f"{suit}, {number}"


def _seats(by_seat: Mapping[int, Chip]) -> dict[str, str]:
    """Chips by engine seat as JSON: chip ids keyed by the seat counted from 1."""
    return {str(seat + 1): chip.id for seat, chip in by_seat.items()}


def _listed(by_seat: Mapping[int, Chip], marked: Sequence[int] = ()) -> str:
    """``1:no-red*, 3:exactly-2``: the seats counted from 1, ``*`` after the ``marked`` ones."""
    return ", ".join(f"{seat + 1}:{chip.id}{'*' if seat in marked else ''}" for seat, chip in by_seat.items())


@dataclass(frozen=True)
class DealtRound(Answer):
    """A seeded round: the trumps, each seat's 9 cards and the seat that leads; its JSON
    is a deal file."""

    deal: Deal

    def to_json(self) -> dict[str, Any]:
        return deal_to_json(self.deal)

    def text(self) -> str:
        trumps = self.deal.trumps
        lines = [f"trumps {trumps}: {trumps_words(trumps)}; seat {self.deal.leader + 1} leads"]
        lines += [
            f"seat {seat}: {format_cards(sorted(hand, key=lambda c: c.index))}"
            for seat, hand in enumerate(self.deal.hands, start=1)
        ]
        return "\n".join(lines)


@dataclass(frozen=True)
class Pick:
    """The card to pick and every offered card's expected trick strength, in offered order."""

    card: Card
    expected: tuple[tuple[Card, float], ...]


@dataclass(frozen=True)
class Deduction(Answer):
    """The trump pairs that fit the clues (in ``ALL_TRUMPS`` order), how likely each trump
    suit and number is (a colour name or ``none`` with its share, likeliest first; in the
    JSON a colour letter or number, ``null`` for none, as in a deal file) and, when cards
    were offered (``offered``) and some pair fits, the pick among them. When none fits,
    ``contradiction`` is the first clue (from 1) that no pair fits with the clues before it."""

    clues: int
    fitting: tuple[Trumps, ...]
    suits: tuple[tuple[str, float], ...]
    numbers: tuple[tuple[str, float], ...]
    pick: Pick | None
    contradiction: int | None = None
    offered: bool = False

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "clues": self.clues,
            "consistent": [trumps_json(t) for t in self.fitting],
            "suits": [{"suit": SUIT_LETTERS.get(k), "share": round(v, 4)} for k, v in self.suits],
            "numbers": [{"number": None if k == "none" else int(k), "share": round(v, 4)} for k, v in self.numbers],
            "contradiction": self.contradiction,
        }
        if self.pick is not None:
            document["pick"] = {
                "card": self.pick.card.name,
                "expected": [{"card": c.name, "strength": round(v, 4)} for c, v in self.pick.expected],
            }
        return document

    def text(self) -> str:
        lines = [
            f"{len(self.fitting)} of 50 trump pairs fit the {self.clues} clue{'s' * (self.clues != 1)}"
            + (": " + " ".join(t.name for t in self.fitting) if self.fitting else "")
        ]
        if self.fitting:
            lines.append("trump suit:   " + ", ".join(f"{k} {v:.0%}" for k, v in self.suits))
            lines.append("trump number: " + ", ".join(f"{k} {v:.0%}" for k, v in self.numbers))
        else:
            lines.append(
                f"no pair fits: clue {self.contradiction} contradicts "
                + ("the ones before it" if self.contradiction != 1 else "every pair")
                + ("; no card to pick" if self.offered else "")
            )
        if self.pick is not None:
            lines.append(
                f"pick {self.pick.card} (expected trick strength "
                + ", ".join(f"{c} {v:.3f}" for c, v in self.pick.expected)
                + ")"
            )
        return "\n".join(lines)


@dataclass(frozen=True)
class Analysis(Answer):
    """The double-dummy answers for one player (a seat counted from 1) and chip: whether
    the player can force the task, whether it can happen at all, the fewest and most
    tricks the player can force, and the best card for the seat to move (``to_move``,
    from 1; None when the round is over). Double dummy is exact and the search always runs
    to its end, so the JSON carries no ``proven`` (the vocabulary gives it to searches that
    can stop early). ``nodes`` is the positions the backend searched."""

    player: int
    chip: Chip
    trumps: Trumps
    to_move: int
    forceable: bool
    possible: bool
    fewest: int
    most: int
    best_card: Card | None
    nodes: int
    backend: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.player,
            "task": self.chip.id,
            "trumps": trumps_json(self.trumps),
            "forceable": self.forceable,
            "possible": self.possible,
            "fewest": self.fewest,
            "most": self.most,
            "to_move": self.to_move,
            "best_card": self.best_card.name if self.best_card else None,
            "nodes": self.nodes,
            "backend": self.backend,
        }

    def text(self) -> str:
        whose = "the player's own" if self.to_move == self.player else f"seat {self.to_move}'s"
        return "\n".join(
            [
                f"seat {self.player}, task {self.chip.id} ({self.chip.en}), trumps {self.trumps}:",
                f"forceable: {'yes' if self.forceable else 'no'}",
                f"possible:  {'yes' if self.possible else 'no'}",
                f"tricks: the player makes sure of at least {self.most} and can keep them to at most "
                f"{self.fewest}, whatever the others do",
                f"best card for seat {self.to_move} to play ({whose} move): {self.best_card}",
            ]
        )


@dataclass(frozen=True)
class ChipOdds:
    """A chip with its exact double-dummy verdict and its chance for the player (the share
    of random playouts that meet it; ``chip_choice``)."""

    chip: Chip
    verdict: str
    chance: float


@dataclass(frozen=True)
class ChipChoice(Answer):
    """Which of a player's task chips to attempt once the trumps are shown (the
    ``expected_value`` rule of ``chip_choice``, the solver bot's): every chip with its
    exact double-dummy verdict, its chance (the share of ``playouts`` seeded random
    playouts of the round that meet it, an estimate) and value times chance, in the rule's
    order, the choice first; ``reason`` says why in one line. ``player`` and ``dealer``
    count from 1."""

    player: int
    dealer: int
    trumps: Trumps
    odds: tuple[ChipOdds, ...]
    reason: str
    playouts: int
    backend: str

    @property
    def choice(self) -> Chip:
        """The chip to attempt."""
        return self.odds[0].chip

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.player,
            "dealer": self.dealer,
            "trumps": trumps_json(self.trumps),
            "choice": self.choice.id,
            "reason": self.reason,
            "rule": "expected-value",
            "playouts": self.playouts,
            "backend": self.backend,
            "chips": [
                {
                    "id": o.chip.id,
                    "value": o.chip.value,
                    "verdict": o.verdict,
                    "chance": round(o.chance, 4),
                    "expected": round(o.chance * o.chip.value, 4),
                }
                for o in self.odds
            ],
        }

    def text(self) -> str:
        table = text_table(
            ["chip", "value", "verdict", "chance", "value x chance"],
            [
                [o.chip.id, o.chip.value, o.verdict, f"{o.chance:.0%}", f"{o.chance * o.chip.value:.2f}"]
                for o in self.odds
            ],
        )
        return (
            f"seat {self.player}, trumps {self.trumps}, seat {self.dealer} deals: {self.reason}\n{table}\n"
            f"verdicts double dummy (exact); chances from {self.playouts} seeded random playouts of the round"
        )


@dataclass(frozen=True)
class ChipRow:
    """One chip's verdict (a ``VERDICTS`` entry) for each seat, seat 1 first."""

    chip: Chip
    verdicts: tuple[str, ...]


@dataclass(frozen=True)
class ChipTable(Answer):
    """Every chip's verdict for every seat of a dealt round of ``players`` seats;
    ``leader`` counts from 1. Every verdict is exact (each search runs to its end);
    ``backend`` is the double-dummy solver that gave them."""

    trumps: Trumps
    leader: int
    players: int
    rows: tuple[ChipRow, ...]
    backend: str = "numba"

    def forced(self, seat: int) -> int:
        """How many chips seat ``seat`` (from 1) can force."""
        return sum(row.verdicts[seat - 1] == "forceable" for row in self.rows)

    def to_json(self) -> dict[str, Any]:
        return {
            "trumps": trumps_json(self.trumps),
            "leader": self.leader,
            "backend": self.backend,
            "chips": [
                {"id": row.chip.id, "value": row.chip.value, "source": row.chip.source, "seats": list(row.verdicts)}
                for row in self.rows
            ],
        }

    def text(self) -> str:
        seats = range(1, self.players + 1)
        table = text_table(
            ["chip", "value", "source", *(f"seat {s}" for s in seats)],
            [[row.chip.id, row.chip.value, row.chip.source, *(MARKS[v] for v in row.verdicts)] for row in self.rows],
        )
        counts = ", ".join(f"seat {s} {self.forced(s)}" for s in seats)
        return (
            f"trumps {self.trumps}, seat {self.leader} leads; F forceable, p possible, - impossible\n"
            f"{table}\nforceable chips: {counts}"
        )


@dataclass(frozen=True)
class ChipSet(Answer):
    """The task chips in play (the bundled set, in its order): each chip's id, corner
    value, source (``rulebook`` or ``stand-in``) and its English and German names."""

    chips: tuple[Chip, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "chips": [
                {"id": chip.id, "value": chip.value, "source": chip.source, "en": chip.en, "de": chip.de}
                for chip in self.chips
            ]
        }

    def text(self) -> str:
        table = text_table(
            ["chip", "value", "source", "task", "German"],
            [[chip.id, chip.value, chip.source, chip.en, chip.de] for chip in self.chips],
        )
        rulebook = sum(chip.source == "rulebook" for chip in self.chips)
        return (
            f"{table}\n{len(self.chips)} task chips: {rulebook} named by the rulebook, "
            f"{len(self.chips) - rulebook} stand-ins; every corner value is a guess"
        )


@dataclass(frozen=True)
class Game(Answer):
    """A whole seeded game between bots (``bots``: one name per seat, seat 1 first): each
    round as it stood once settled (``state.settled_rounds``) and the game's last position
    (``end``), their seats counted from 0."""

    seed: int
    bots: tuple[str, ...]
    rounds: tuple[WasStichtState, ...]
    end: WasStichtState

    @property
    def players(self) -> int:
        """3 or 4."""
        return self.end.players

    @staticmethod
    def _round(settled: WasStichtState) -> tuple[Trumps, dict[int, Chip], Settlement, dict[int, Chip], list[int]]:
        """A settled round's trumps, chips chosen, settlement and chips discarded (by seat)
        and the tricks each seat won, seat 1 first."""
        assert settled.trumps is not None and settled.settlement is not None, "a settled round shows all"
        discarded = {seat: own[0] for seat, own in enumerate(settled.discarded()) if own}
        tricks = [sum(t.winner == seat for t in settled.tricks) for seat in range(settled.players)]
        return settled.trumps, dict(sorted(settled.chosen_chips().items())), settled.settlement, discarded, tricks

    def to_json(self) -> dict[str, Any]:
        end = self.end
        rounds = []
        for r in self.rounds:
            trumps, chosen, settlement, discarded, tricks = self._round(r)
            rounds.append(
                {
                    "dealer": r.dealer + 1,
                    "trumps": trumps_json(trumps),
                    "chosen": _seats(chosen),
                    "met": [seat + 1 for seat in settlement.met],
                    "dealer_beat": [seat + 1 for seat in settlement.dealer_beat],
                    "tricks": tricks,
                    "discarded": _seats(discarded),
                }
            )
        return {
            "seed": self.seed,
            "player_count": self.players,
            "bots": list(self.bots),
            "winners": [seat + 1 for seat in end.winners],
            "limit_hit": end.limit_hit,
            "rounds": rounds,
            "standings": [
                {"rank": s.rank, "seat": s.seat + 1, "discarded": [c.id for c in s.discarded], "value": s.value}
                for s in end.standings()
            ],
        }

    def text(self) -> str:
        end = self.end
        rows = []
        for number, r in enumerate(self.rounds, 1):
            trumps, chosen, settlement, discarded, tricks = self._round(r)
            rows.append(
                [
                    number,
                    r.dealer + 1,
                    trumps.name,
                    _listed(chosen, settlement.met),
                    "/".join(map(str, tricks)),
                    _listed(discarded) or "-",
                ]
            )
        table = text_table(["round", "dealer", "trumps", "chips chosen (* met)", "tricks", "discarded"], rows)
        result = (
            "round limit reached: no winner"
            if end.limit_hit
            else "winner" + "s" * (len(end.winners) > 1) + ": " + ", ".join(f"seat {s + 1}" for s in end.winners)
        )
        standings = "; ".join(
            f"{s.rank}. seat {s.seat + 1} ({self.bots[s.seat]}) {plural(len(s.discarded), 'chip')} worth {s.value}"
            for s in end.standings()
        )
        return f"{table}\n{result}\nstandings: {standings}"
