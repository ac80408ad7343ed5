"""The CUBU answers: what each solver finds and what each command prints.

``Run`` is a colour sequence and ``Search`` a Speed CUBU backend's laying; the answers of
the API (``LongestAnswer``, ``SpeedAnswer``, ``PlayAnswer``) each give the CLI's JSON
document (``to_json()``), its text (``text()``) and its exit code; ``GameResult`` is what a
tournament keeps of one game (its answer is the ``cubu seats`` study's ``StudyAnswer``).
Seats are counted from 1 in every text and JSON document (seat 1 is index 0 of ``scores``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardsolve.models.cubu.cards import Card
from cardsolve.models.cubu.sequence import UP, Follow
from cardsolve.models.cubu.speed import CENTRE, Cell, picture
from cardsolve.models.cubu.state import CubuState, RoundResult
from cardsolve.solvers.infrastructure.results import DOES_NOT_HOLD, DONE, UNDECIDED, Answer, text_table

Layout = tuple[tuple[Card, Cell], ...]
"""Hand cards with their cells, in a valid laying order."""


@dataclass(frozen=True, order=True)
class Run:
    """A colour sequence: the declared box and direction, and the cards in playing order."""

    follow: Follow
    cards: tuple[Card, ...]

    def __len__(self) -> int:
        return len(self.cards)

    def as_json(self) -> dict[str, Any]:
        """The run as ``{"length", "box": {"colour", "position"}, "direction", "cards"}``."""
        return {
            "length": len(self.cards),
            "box": {"colour": self.follow.colour, "position": self.follow.position},
            "direction": "up" if self.follow.direction == UP else "down",
            "cards": [card.name for card in self.cards],
        }

    def __str__(self) -> str:
        """The cards in playing order, in card notation."""
        return " ".join(card.name for card in self.cards)


@dataclass(frozen=True)
class LongestAnswer(Answer):
    """The maximal runs of a hand on the top card, longest first (the first is a longest
    one), the first of ``total`` when a limit kept only these; none when no sequence can
    be played, which the CLI ends with exit code 1."""

    top: Card
    runs: tuple[Run, ...]
    total: int | None = None

    @property
    def maximal(self) -> int:
        """The maximal runs in all, shown or not."""
        return len(self.runs) if self.total is None else self.total

    def to_json(self) -> dict[str, Any]:
        if not self.runs:
            return {"length": 0, "box": None, "direction": None, "cards": [], "others": [], "maximal": 0}
        return {**self.runs[0].as_json(), "others": [run.as_json() for run in self.runs[1:]], "maximal": self.maximal}

    def text(self) -> str:
        if not self.runs:
            return (
                "no colour sequence can be played on this card: play an action card (an interrupt, played "
                "alone, ends your turn), or draw if you hold none"
            )
        best = self.runs[0]
        rows = [[len(run), str(run.follow), str(run)] for run in self.runs]
        whole = self.maximal == len(self.runs)
        title = "every maximal choice" if whole else f"the {len(self.runs)} longest maximal choices"
        rest = "" if whole else f"\n{self.maximal} maximal choices in all: --limit N shows more."
        return (
            f"longest: {len(best)} card{'s' * (len(best) != 1)}, follow {best.follow}: {best}\n"
            + text_table(["cards", "follow", "play in order"], rows, title=title)
            + rest
        )

    @property
    def exit_code(self) -> int:
        return DONE if self.runs else DOES_NOT_HOLD


@dataclass(frozen=True)
class Search:
    """A backend's longest laying found: (card, cell) in a valid laying order. ``nodes``
    counts the search's steps (each backend says which); ``proven`` is False only when a
    search stopped at a time limit, so that a longer laying may exist."""

    layout: Layout
    nodes: int
    proven: bool = True

    @property
    def most(self) -> int:
        """The number of cards laid."""
        return len(self.layout)


@dataclass(frozen=True)
class SpeedAnswer(Answer):
    """Speed CUBU for one hand: ``most``, the most hand cards that can be laid around
    ``centre`` in ``mode``, and ``layout``, those cards with their cells in a valid laying
    order; ``reachable``, the play graph's quick bound; ``proven`` False only when a time
    limit stopped the search (``most`` is then what was found, not necessarily the most);
    ``nodes``, the search's steps (each backend says which); ``backend``, the backend that
    answered; ``left_out``, the hand's action cards, which Speed CUBU removes (``hand``
    holds the rest). The CLI exits 1 when the hand is not solvable, 3 when that is
    undecided."""

    stops_early = True

    centre: Card
    hand: tuple[Card, ...]
    mode: str
    most: int
    layout: Layout
    reachable: int
    proven: bool
    nodes: int
    backend: str
    left_out: tuple[Card, ...] = ()

    @property
    def solvable(self) -> bool | None:
        """Whether every card of the hand can be laid: True when a laying of them all was
        found, False when that is proven impossible (by the search, or by the play graph's
        bound), None (undecided) when a time limit stopped the search first."""
        if self.most == len(self.hand):
            return True
        if self.proven or self.reachable < len(self.hand):
            return False
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "solvable": self.solvable,
            "most": self.most,
            "card_count": len(self.hand),
            "reachable": self.reachable,
            "proven": self.proven,
            "mode": self.mode,
            "backend": self.backend,
            "nodes": self.nodes,
            "layout": [{"card": card.name, "cell": list(cell)} for card, cell in self.layout],
            "left_out": [card.name for card in self.left_out],
        }

    def text(self) -> str:
        cards = len(self.hand)
        if self.solvable:
            verdict = "every card can be laid"
        elif self.proven:
            verdict = f"at most {self.most} of the {cards} cards can be laid"
        else:
            question = (
                "undecided whether every card can be laid" if self.solvable is None else "not every card can be laid"
            )
            verdict = (
                f"{question}: {self.most} of the {cards} laid before the time limit stopped the "
                "search, the most not proven"
            )
        order = " ".join(f"{card}@{x},{y}" for card, (x, y) in self.layout)
        grid = {CENTRE: self.centre, **{cell: card for card, cell in self.layout}}
        return (
            f"{verdict} ({self.mode} mode; {self.reachable} of {cards} connect to the centre in the play graph)\n"
            + self._left_out_line()
            + f"order: {order or '-'}\n{picture(grid)}"
        )

    def _left_out_line(self) -> str:
        """The line naming the action cards left out of the hand, or nothing when there are none."""
        if not self.left_out:
            return ""
        names = ", ".join(card.name for card in self.left_out)
        return f"left out: {names} (action cards have no place in Speed CUBU)\n"

    @property
    def exit_code(self) -> int:
        return {True: DONE, False: DOES_NOT_HOLD, None: UNDECIDED}[self.solvable]


def _seat(seat: int, bots: tuple[str, ...]) -> str:
    """Seat index ``seat`` as a person reads it (from 1), with its bot."""
    return f"seat {seat + 1} ({bots[seat]})"


def _sequence_lengths(moves: tuple[str, ...], players: int) -> list[tuple[int, bool]]:
    """Each colour sequence of a round's moves (a round played with every card known): the
    cards it laid and whether an interrupt cut it short. After each card but the last every
    other seat answers; the first ``interrupt`` before they all passed every card ends it."""
    sequences = []
    for index, move in enumerate(moves):
        if move.startswith("deal:") or ":" not in move:
            continue
        planned = len(move.partition(":")[2].split(","))
        asked = (planned - 1) * (players - 1)
        passes = 0
        while passes < asked and index + 1 + passes < len(moves) and moves[index + 1 + passes] == "pass":
            passes += 1
        after = index + 1 + passes
        cut = passes < asked and after < len(moves) and moves[after] == "interrupt"
        sequences.append((1 + passes // (players - 1) if cut else planned, cut))
    return sequences


@dataclass(frozen=True)
class PlayedRound:
    """A round of a finished game: its dealer (a seat from 1), the turns played (missed ones
    too), the most cards one colour sequence laid, the sequences an interrupt cut short, the
    seat that went out (None when the turn limit ended the round), its points and the scores
    after the round."""

    dealer: int
    turns: int
    longest_run: int
    interrupts: int
    winner: int | None
    points: int
    scores: tuple[int, ...]


def played_rounds(game: CubuState) -> tuple[PlayedRound, ...]:
    """Every round of ``game`` (a classic game played from a seeded start, every card known),
    read from its round results, the last round's own fields and its history, which the
    table's ``deal:`` moves cut into rounds."""
    results = [*game.results, RoundResult(game.dealer, game.turns, game.winner, game.points)]
    by_round: list[list[str]] = [[]]
    for move in game.history:
        if move.startswith("deal:"):
            by_round.append([])
        else:
            by_round[-1].append(move)
    scores = [0] * game.players
    rounds = []
    for result, moves in zip(results, by_round, strict=True):
        sequences = _sequence_lengths(tuple(moves), game.players)
        if result.winner is not None:
            scores[result.winner - 1] += result.points
        rounds.append(
            PlayedRound(
                result.dealer,
                result.turns,
                max((laid for laid, _ in sequences), default=0),
                sum(cut for _, cut in sequences),
                result.winner,
                result.points,
                tuple(scores),
            )
        )
    return tuple(rounds)


@dataclass(frozen=True)
class PlayAnswer(Answer):
    """A whole seeded classic game between ``bots`` (one per seat, seat 1 first), from its
    final position ``final``: every round (dealer, turns, longest run, interrupts, who went
    out with how many points, the scores after it) and the winners; a game cut off at the
    round limit before anyone reached the target has none, and is undecided (exit code 3)."""

    seed: int
    bots: tuple[str, ...]
    final: CubuState

    @property
    def exit_code(self) -> int:
        return UNDECIDED if self.final.limit_hit else DONE

    def to_json(self) -> dict[str, Any]:
        game = self.final
        return {
            "seed": self.seed,
            "player_count": game.players,
            "bots": list(self.bots),
            "target": game.target,
            "scores": [int(score) for score in game.scores().values()],
            "winners": list(game.winners()),
            "limit_hit": game.limit_hit,
            "rounds": [
                {"dealer": r.dealer, "turns": r.turns, "winner": r.winner, "points": r.points}
                for r in played_rounds(game)
            ],
        }

    def text(self) -> str:
        rounds = played_rounds(self.final)
        rows = [
            [
                number,
                r.dealer,
                r.turns,
                r.longest_run,
                r.interrupts,
                "-" if r.winner is None else _seat(r.winner - 1, self.bots),
                r.points,
                "/".join(map(str, r.scores)),
            ]
            for number, r in enumerate(rounds, start=1)
        ]
        table = text_table(
            ["round", "dealer", "turns", "longest run", "interrupts", "out first", "points", "scores"], rows
        )
        winners = self.final.winners()
        result = (
            f"no winner: the game is cut off after {len(rounds)} rounds (undecided)"
            if self.final.limit_hit
            else "winner" + "s" * (len(winners) > 1) + ": " + ", ".join(_seat(s - 1, self.bots) for s in winners)
        )
        return f"{table}\n{result}"


@dataclass(frozen=True)
class GameResult:
    """What a tournament keeps of one game: the bot at each seat, the winners' seats
    (indices), the turns of each round, the rounds cut off by the turn limit and whether
    the game hit the round limit."""

    seats: tuple[str, ...]
    winners: tuple[int, ...]
    round_turns: tuple[int, ...]
    cut_rounds: int
    limit_hit: bool
