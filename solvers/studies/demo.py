"""``cardsolve demo``: seeded hands from the bundled decks, solved through the game APIs.

Quibbles: a solo deal, the best split of every hand card on every backend (which must
agree and prove it), the combine options, a hint, then the whole deal played by the
hint's lookahead. Ubongo: a round-6 hand verified on numba and CP-SAT (which must agree),
its best or largest layout drawn and its distinct layouts counted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardsolve.models.ubongo.layout import Layout, layout_to_json
from cardsolve.models.ubongo.picture import ascii_picture
from cardsolve.solvers.infrastructure.results import DOES_NOT_HOLD, DONE, Answer
from cardsolve.solvers.quibbles.results import BestSplit

UBONGO_ROUND = 6
"""The demo's Ubongo round: stack 5|6, black faces, the hardest hands."""
COUNT_LIMIT = 1000
"""The demo counts an Ubongo hand's distinct layouts up to this many."""


@dataclass(frozen=True)
class QuibblesDemo:
    """A solo deal (``hand`` and ``display``), the numba answer for each hand value with
    whether all backends agree and prove it, the number of combine options and the most
    one takes, the hint's explanation, and the solo game the hint's lookahead plays."""

    seed: int
    hand: tuple[int, ...]
    display: tuple[int, ...]
    splits: tuple[tuple[BestSplit, bool], ...]
    combine_options: int
    combine_largest: int
    hint: str
    penalty: int
    rating: str
    turns: int
    finished: bool

    @property
    def agree(self) -> bool:
        return all(agree for _, agree in self.splits)


@dataclass(frozen=True)
class UbongoDemo:
    """A dealt round-6 hand, whether a layout of ``target`` exists (numba) and whether
    CP-SAT proves the same, the best or largest layout, and how many distinct layouts of
    ``target`` were counted (``all_counted`` False when the count stopped at the limit)."""

    seed: int
    hand: tuple[str, ...]
    target: int
    solvable: bool
    agree: bool
    layout: Layout
    distinct: int
    all_counted: bool


@dataclass(frozen=True)
class DemoAnswer(Answer):
    """The demo's two parts; it ends with exit code 1 when any backends disagree."""

    quibbles: QuibblesDemo
    ubongo: UbongoDemo

    @property
    def exit_code(self) -> int:
        return DONE if self.quibbles.agree and self.ubongo.agree else DOES_NOT_HOLD

    def to_json(self) -> dict[str, Any]:
        q, u = self.quibbles, self.ubongo
        return {
            "seed": q.seed,
            "hand": list(q.hand),
            "display": list(q.display),
            "splits": [
                {"value": s.value, "sets": s.set_values, "taken": s.taken, "backends_agree": agree}
                for s, agree in q.splits
            ],
            "combine_options": q.combine_options,
            "combine_largest": q.combine_largest,
            "hint": q.hint,
            "game": {"penalty": q.penalty, "rating": q.rating, "turns": q.turns, "finished": q.finished},
            "ubongo": {
                "round": UBONGO_ROUND,
                "hand": list(u.hand),
                "solvable": u.solvable,
                "backends_agree": u.agree,
                "layout": layout_to_json(u.layout),
                "distinct_layouts": u.distinct,
                "all_counted": u.all_counted,
            },
        }

    def text(self) -> str:
        q, u = self.quibbles, self.ubongo
        lines = [
            f"Quibbles solo, deal {q.seed}: hand [{','.join(map(str, q.hand))}], "
            f"display [{','.join(map(str, q.display))}]",
            "",
            "Best split of each hand card "
            + (
                "(numba, cpsat and reference agree and prove it):"
                if q.agree
                else "(the backends do NOT all agree and prove it):"
            ),
        ]
        lines += [
            f"  {s.value}: takes {s.taken or 'nothing'}"
            + (f" as {', '.join('+'.join(map(str, x)) for x in s.set_values)}" if s.sets else "")
            + ("" if agree else "  (BACKENDS DISAGREE)")
            for s, agree in q.splits
        ]
        lines += [
            f"Combine options: {q.combine_options}"
            + (f", the largest takes {q.combine_largest}" if q.combine_options else ""),
            "",
            f"Hint: {q.hint}",
            "",
            f"The hint's lookahead plays the whole deal: penalty {q.penalty} ({q.rating}) in {q.turns} turns.",
            "",
        ]
        counted = f"{u.distinct}" if u.all_counted else f"more than {u.distinct}"
        verdict = (
            f"a layout of {u.target} exists ({counted} distinct ones)"
            if u.solvable
            else f"no layout of {u.target} exists; the largest has {len(u.layout)} cards"
        )
        lines += [
            f"Ubongo, round {UBONGO_ROUND} (stack 5|6, black faces), deal {u.seed}: {','.join(u.hand)}",
            f"numba and cpsat {'agree' if u.agree else 'DISAGREE'}: {verdict}.",
            "",
            ascii_picture(u.layout),
        ]
        return "\n".join(lines)


def quibbles_demo(seed: int) -> QuibblesDemo:
    """The Quibbles part: a seeded solo deal solved by ``cardsolve.quibbles``."""
    from cardsolve.models.quibbles import Variant, from_counts, new_game, solo_rating
    from cardsolve.models.quibbles.state import start
    from cardsolve.solvers.quibbles import api
    from cardsolve.solvers.quibbles.backends import BACKENDS
    from cardsolve.solvers.quibbles.hint import rank_turns
    from cardsolve.solvers.quibbles.state_bots import play_bots, seat_bots

    state = new_game(1, Variant.SOLO, seed)
    hand, display = from_counts(state.hands[0]), tuple(state.display)
    splits = []
    for value in sorted(set(hand)):
        answers = [api.split(value, list(display), backend=backend) for backend in BACKENDS.names]
        agree = len({a.taken for a in answers}) == 1 and all(a.proven for a in answers)
        splits.append((answers[0], agree))
    options = api.combine(hand, list(display)).options
    game = play_bots(start(seed=seed, players=1), seat_bots(["hint"], seed), seed)
    penalty = int(game.scores()[1])
    return QuibblesDemo(
        seed,
        tuple(hand),
        display,
        tuple(splits),
        len(options),
        options[0].taken if options else 0,
        rank_turns(state, seed=seed).explanation,
        penalty,
        solo_rating(penalty),
        game.turn_count,
        game.winner == 1,
    )


def ubongo_demo(seed: int) -> UbongoDemo:
    """The Ubongo part: a seeded round-6 hand solved by ``cardsolve.ubongo``."""
    from cardsolve.solvers.ubongo import api

    hand = api.deal(UBONGO_ROUND, seed=seed).hands[0]
    quick, exact = api.verify(hand, backend="numba"), api.verify(hand, backend="cpsat")
    agree = exact.found.proven and quick.solvable == exact.solvable
    best = api.solve(hand).found.layout
    assert best is not None  # a hand always holds a layout of one card
    count = api.layouts(hand, limit=COUNT_LIMIT).found
    return UbongoDemo(
        seed,
        tuple(f.name for f in hand),
        quick.k,
        bool(quick.solvable),
        agree,
        best,
        len(count.layouts),
        count.complete,
    )


def demo(seed: int = 1) -> DemoAnswer:
    """Both parts of the demo for deal ``seed``."""
    return DemoAnswer(quibbles_demo(seed), ubongo_demo(seed))
