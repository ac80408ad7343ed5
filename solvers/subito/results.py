"""The Subito answers: a deal, a scored round, a placement of a pile, a duel of best
responses, a hint and a game between bots, each with its JSON document and its text
(what ``cardsolve subito ...`` prints). Players and seats count from 1 in both."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from cardsolve.models.subito import COLOURS, SYMBOLS, Card, RoundScore, Side, SideChoice, format_cards
from cardsolve.models.subito.scoring import Standing, seat_standings
from cardsolve.models.subito.state import SubitoState
from cardsolve.solvers.infrastructure.evaluation import NOISE
from cardsolve.solvers.infrastructure.results import DONE, UNDECIDED, Answer, printable, text_table


def _names(cards: tuple[Card, ...]) -> list[str]:
    return [card.name for card in cards]


@dataclass(frozen=True)
class Dealt(Answer):
    """A seeded round: the sides in play (in order of number) and the piles, top card
    first (pile k belongs to player k + 1; see ``models.subito.deal`` for the teams)."""

    seed: int
    players: int
    sides: SideChoice
    tasks: tuple[Side, ...]
    piles: tuple[tuple[Card, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "player_count": self.players,
            "sides": self.sides,
            "tasks": [{"side": side.name, "points": side.number, "rule": side.rule} for side in self.tasks],
            "piles": [_names(pile) for pile in self.piles],
        }

    def text(self) -> str:
        rules = text_table(["task", "side", "rule"], [[side.number, side.name, side.rule] for side in self.tasks])
        piles = [f"P{k} ({len(pile)}): {format_cards(pile)}" for k, pile in enumerate(self.piles, start=1)]
        return "\n".join([rules, "", *piles])


@dataclass(frozen=True)
class DeckListing(Answer):
    """A deck's cards (sorted by colour in the colour bar's order, then number, then
    symbol) and every task-card side with its rule: what a player picks cards and sides
    from. The JSON document is itself a deck file (its ``"cards"``), with the sides and
    the colour and symbol names beside."""

    cards: tuple[Card, ...]
    sides: tuple[Side, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": _names(self.cards),
            "colours": dict(COLOURS),
            "symbols": dict(SYMBOLS),
            "sides": [{"side": side.name, "points": side.number, "rule": side.rule} for side in self.sides],
        }

    def text(self) -> str:
        rules = text_table(["side", "task", "rule"], [[side.name, side.number, side.rule] for side in self.sides])
        rows = [
            [letter, name, format_cards(card for card in self.cards if card.colour == letter)]
            for letter, name in COLOURS.items()
        ]
        symbols = ", ".join(f"{letter} {name}" for letter, name in SYMBOLS.items())
        return "\n".join(
            [rules, "", f"{len(self.cards)} cards; symbols {symbols}:", text_table(["colour", "name", "cards"], rows)]
        )


@dataclass(frozen=True)
class Scored(Answer):
    """A round's table scored by the rulebook (``models.subito.scoring``); a task card's
    winner is player 1 or 2 in the JSON document (null: nobody)."""

    round: RoundScore

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.round.names),
            "tasks": [
                {
                    "task": r.side.number,
                    "side": r.side.name,
                    "winner": None if r.winner is None else r.winner + 1,
                    "reason": r.reason,
                    "players": [
                        {"kept": _names(k.kept), "count": k.count, "sum": k.total, "removed": _names(k.removed)}
                        for k in r.players
                    ],
                }
                for r in self.round.tasks
            ],
            "points": list(self.round.points),
        }

    def text(self) -> str:
        names = [printable(name) for name in self.round.names]
        rows = [
            [
                r.side.number,
                r.side.name,
                *(
                    f"{k.count} / {k.total}" + (f", removed {format_cards(k.removed)}" if k.removed else "")
                    for k in r.players
                ),
                "-" if r.winner is None else names[r.winner],
                r.reason,
            ]
            for r in self.round.tasks
        ]
        table = text_table(["task", "side", *(f"{name} cards / sum" for name in names), "winner", "why"], rows)
        points = ", ".join(f"{name} {p}" for name, p in zip(names, self.round.points))
        return f"{table}\npoints: {points}"


@dataclass(frozen=True)
class Placement(Answer):
    """A placement of the first cards of a pile: ``sides[k]`` takes ``cards[k]``. Its
    objective values (``solvers.subito.problem``): ``won`` the round points against the
    opponent named ``opponent`` (None without one), the weighted count and sum.
    ``proven`` only when the backend proved no placement is better; ``nodes`` its
    search nodes (branches for cpsat)."""

    stops_early = True

    cards: tuple[Card, ...]
    tasks: tuple[Side, ...]
    sides: tuple[Side, ...]
    opponent: str | None
    won: int | None
    weighted_count: int
    weighted_sum: int
    proven: bool
    nodes: int
    backend: str

    @property
    def objective(self) -> tuple[int, ...]:
        """What the backends maximise: ``(won,)`` with an opponent, else the weighted pair."""
        return (self.won,) if self.won is not None else (self.weighted_count, self.weighted_sum)

    def placed(self, side: Side) -> tuple[Card, ...]:
        """The cards placed on ``side``, in pile order."""
        return tuple(card for card, chosen in zip(self.cards, self.sides) if chosen == side)

    def to_json(self) -> dict[str, Any]:
        return {
            "card_count": len(self.sides),
            "sides": [side.name for side in self.sides],
            "placed": {side.name: _names(self.placed(side)) for side in self.tasks},
            "won": self.won,
            "weighted_count": self.weighted_count,
            "weighted_sum": self.weighted_sum,
            "proven": self.proven,
            "nodes": self.nodes,
            "backend": self.backend,
        }

    @property
    def exit_code(self) -> int:
        """Undecided (3) when no proof says the placement is the best."""
        return DONE if self.proven else UNDECIDED

    def text(self) -> str:
        rows = [
            [side.number, side.name, len(self.placed(side)), ",".join(_names(self.placed(side))) or "-"]
            for side in self.tasks
        ]
        proof = "proven optimal" if self.proven else "best found, not proven optimal: undecided"
        value = (
            f"wins {self.won} points against {printable(self.opponent or '')}"
            if self.won is not None
            else f"points x cards {self.weighted_count}, points x numbers {self.weighted_sum}"
        )
        return (
            text_table(["task", "side", "cards", "placed in order"], rows)
            + f"\n{len(self.sides)} cards placed: {value} ({proof}, {self.nodes} nodes, {self.backend})."
        )


@dataclass(frozen=True)
class Reply:
    """One turn of a duel: who answered (player 1 or 2), the points their old and new
    placements win against the other's, and whether the new one was proven a best
    response."""

    player: int
    before: int
    after: int
    proven: bool


@dataclass(frozen=True)
class Duel(Answer):
    """A duel on a dealt round: the final placements (a side per card, pile order), the
    round's points of P1 and P2, every reply, whether the duel settled (each placement a
    best response to the other) before its limit of replies, and ``cycle``, the answers a
    round of the cycle takes when the placements came round again (None otherwise).
    When a reply was not proven a best response, the duel's outcome is undecided (exit
    code 3)."""

    stops_early = True

    deal: Dealt
    placements: tuple[tuple[Side, ...], tuple[Side, ...]]
    points: tuple[int, int]
    replies: tuple[Reply, ...]
    settled: bool
    cycle: int | None = None

    @property
    def tasks(self) -> tuple[Side, ...]:
        """The sides in play, in order of number."""
        return self.deal.tasks

    @property
    def proven(self) -> bool:
        """Every reply was proven a best response."""
        return all(reply.proven for reply in self.replies)

    @property
    def exit_code(self) -> int:
        return DONE if self.proven else UNDECIDED

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.deal.seed,
            "tasks": [side.name for side in self.tasks],
            "points": list(self.points),
            "settled": self.settled,
            "cycle": self.cycle,
            "proven": self.proven,
            "answers": [
                {"seat": r.player, "before": r.before, "after": r.after, "proven": r.proven} for r in self.replies
            ],
            "placements": [[side.name for side in placement] for placement in self.placements],
        }

    def text(self) -> str:
        rows = [
            [n, f"P{r.player}", r.before, r.after, "yes" if r.proven else "no"]
            for n, r in enumerate(self.replies, start=1)
        ]
        if self.settled:
            verdict = "settled: each placement is a best response to the other"
        elif self.cycle is not None:
            verdict = (
                f"not settled: the placements came round again, a cycle of {self.cycle} answers that "
                "would repeat for ever"
            )
        else:
            verdict = (
                f"not settled after {len(self.replies)} answer{'s' * (len(self.replies) != 1)}: --limit "
                "stopped the duel before both players kept their placements in a row"
            )
        unproven = sum(not reply.proven for reply in self.replies)
        if unproven:
            verdict += (
                f" (undecided: {unproven} answer{'s' * (unproven != 1)} not proven a best response, "
                "so a better one may exist)"
            )
        return (
            f"Sides: {','.join(side.name for side in self.tasks)}\n"
            + text_table(["answer", "player", "won before", "won after", "proven"], rows)
            + f"\n{verdict}; final round points P1 {self.points[0]}, P2 {self.points[1]}."
        )


@dataclass(frozen=True)
class SideEstimate:
    """One side for the hinted card: the hinted player's mean round points over the
    rollouts, their standard error, and ``loses_task``: the card takes the player's sum
    on task 5 side a over 12, which loses that task card (the rulebook's 5a limit)."""

    side: Side
    mean: float
    stderr: float
    loses_task: bool = False

    @property
    def label(self) -> str:
        """The side's name, with the cost when it loses the task card."""
        return f"{self.side.name} (over 12, loses task {self.side.number})" if self.loses_task else self.side.name


@dataclass(frozen=True)
class Hint(Answer):
    """Where ``player`` (1 or 2) should place ``card``: the sides that take it, best
    first, by expected round points over ``samples`` rollouts per side drawn with
    ``seed``; ``refused`` the sides whose rule does not take the card; ``face_down`` the
    opponent's unseen cards on 5a, drawn from the unseen cards in each rollout."""

    card: Card
    player: int
    samples: int
    seed: int
    ranking: tuple[SideEstimate, ...]
    refused: tuple[Side, ...]
    face_down: int = 0

    @property
    def best(self) -> SideEstimate:
        """The side to place the card on (task card 2 takes every card, so there is one)."""
        return self.ranking[0]

    @property
    def margin(self) -> float:
        """The best side's lead over the second, in expected points (0 with one side)."""
        return self.ranking[0].mean - self.ranking[1].mean if len(self.ranking) > 1 else 0.0

    @property
    def tied(self) -> tuple[SideEstimate, ...]:
        """The sides as good as the best within the noise, the best first: those whose mean
        is within ``NOISE`` standard errors of the difference from the best's, as
        ``evaluate`` names its best options."""
        top = self.ranking[0]
        return tuple(e for e in self.ranking if top.mean - e.mean <= NOISE * math.hypot(top.stderr, e.stderr))

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card.name,
            "seat": self.player,
            "samples": self.samples,
            "seed": self.seed,
            "best": self.best.side.name,
            "margin": self.margin,
            "tied": [e.side.name for e in self.tied],
            "ranking": [
                {"side": e.side.name, "expected": e.mean, "stderr": e.stderr, "loses_task": e.loses_task}
                for e in self.ranking
            ],
            "refused": [side.name for side in self.refused],
            "face_down": self.face_down,
        }

    def text(self) -> str:
        others = [e.side.name for e in self.tied[1:]]
        if len(self.ranking) == 1:
            lead = ", the only side that takes it"
        elif others:
            lead = f", tied within the noise with {', '.join(others)}"
        elif self.margin > 0:
            lead = f", ahead of {self.ranking[1].side.name} by {self.margin:.2f} points"
        else:
            lead = f", level with {self.ranking[1].side.name} (the higher task card first)"
        rows = [[e.label, f"{e.mean:.2f}", f"{e.stderr:.2f}"] for e in self.ranking]
        return (
            f"Place {self.card.name} on {self.best.label}: {self.best.mean:.2f} expected points over "
            f"{self.samples} rollouts{lead}.\n\n"
            + text_table(["side", "expected points", "std. error"], rows)
            + "".join(self._notes())
        )

    def _notes(self) -> list[str]:
        """The lines under the table: a side's cost, the unseen cards sampled, the sides refused."""
        notes = [
            f"\n{e.side.name} takes {self.card.name}, but the sum there passes 12: task card {e.side.number} is "
            "lost (to the opponent, or to nobody if both pass 12), as the estimate counts."
            for e in self.ranking
            if e.loses_task
        ]
        if self.face_down:
            notes.append(
                f"\nThe opponent's face-down cards on 5a ({self.face_down}) are unseen: each rollout draws "
                "them from the unseen cards."
            )
        if self.refused:
            notes.append(f"\nNot accepted: {', '.join(side.name for side in self.refused)}.")
        return notes


@dataclass(frozen=True)
class BotGame(Answer):
    """A whole seeded game between bots (``bots``, one name per seat, seat 1 first), from
    its final position ``game`` and the sides each round played (``sides_by_round``):
    each round's points by seat, the totals and the standings by the rulebook (ties broken
    by round 3, or with 3 players by the seat's solo round; still tied, shared)."""

    seed: int
    bots: tuple[str, ...]
    sides_by_round: tuple[tuple[Side, ...], ...]
    game: SubitoState

    @property
    def standings(self) -> list[Standing]:
        """The seats' places, best first (``models.subito.scoring.seat_standings``)."""
        return seat_standings(self.game.points)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (several when they share it)."""
        return tuple(_seat_of(standing) for standing in self.standings if standing.place == 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "player_count": self.game.players,
            "bots": list(self.bots),
            "rounds": [
                {"tasks": [side.name for side in sides], "points": list(points)}
                for sides, points in zip(self.sides_by_round, self.game.points)
            ],
            "scores": [int(score) for score in self.game.scores().values()],
            "standings": [
                {"place": s.place, "seat": _seat_of(s), "points": s.points, "tiebreak": s.tiebreak}
                for s in self.standings
            ],
            "winners": list(self.winners),
        }

    def text(self) -> str:
        seats = [f"seat {seat} ({name})" for seat, name in enumerate(self.bots, start=1)]
        rows: list[list[object]] = [
            [number, ",".join(side.name for side in sides), *points]
            for number, (sides, points) in enumerate(zip(self.sides_by_round, self.game.points), start=1)
        ]
        rows.append(["total", "", *(int(score) for score in self.game.scores().values())])
        winners = self.winners
        said = ", ".join(seats[seat - 1] for seat in winners)
        if len(winners) == 1:
            verdict = f"winner: {said}"
        elif len(winners) == 2 and len(seats) == 4 and winners in ((1, 2), (3, 4)):
            verdict = f"winning team: {said}"
        else:
            verdict = f"winners (the win is shared): {said}"
        return text_table(["round", "sides", *seats], rows) + f"\n{verdict}"


def _seat_of(standing: Standing) -> int:
    """The seat of a standing named ``seat k``."""
    return int(standing.player.removeprefix("seat "))
