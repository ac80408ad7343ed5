"""Quibbles benchmarks: ``python -m cardsolve.benchmarks.quibbles [--quick] [--json]``.

Task ``solo-game``: whole seeded solo games per policy (greedy, the hint's lookahead at
its default setting, and the clairvoyant beam, which sees the draw pile).

Task ``hint-9-cards``: ``quibbles hint`` at its default setting on seeded solo positions
of a 9-card hand facing a 9-card display (the issue asks for 2 s at most).

Task ``split``: seeded best-split queries (displays of 6..10 cards drawn with the deck's
value weights, a played value 2..6), the same instances through every backend; the slow
backends run on the first part of the list, and each row states its own n. The script
stops if two backends' proven answers take different numbers of cards.

Each task is one function returning its rows; ``TASKS`` lists them for ``main``.

Task ``evaluate``: the game's ``evaluate`` at its default setting on 100 seeded positions
(5 with ``--quick``) taken from random games (``harness.positions_to_evaluate``).

``cardsolve quibbles split`` as a user meets it, from process start to exit, is timed by
the start-up benchmark (``benchmarks/startup.py``).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from functools import partial

from cardsolve.benchmarks import harness
from cardsolve.benchmarks.harness import Row
from cardsolve.models.quibbles import State, Variant, deck_counts, from_counts, position
from cardsolve.models.quibbles.deal import SplitQuery, split_queries
from cardsolve.models.quibbles.state import start
from cardsolve.solvers.quibbles.hint import rank_turns
from cardsolve.solvers.quibbles.split import best_split
from cardsolve.solvers.quibbles.state_bots import play_bots, seat_bots

SEED = 20240611


def _split(query: SplitQuery, backend: str, found: list[tuple[int, bool]]) -> object:
    answer = best_split(query[0], query[1], backend)
    found.append((answer.taken, answer.proven))
    return answer


def _solo_game(seed: int, name: str) -> object:
    return play_bots(start(seed=seed, players=1), seat_bots([name], seed), seed)


def split_task(quick: bool) -> list[Row]:
    """Best split: numba on all queries, cpsat and reference on the first part of them;
    stops if two proven answers take different numbers of cards."""
    sizes = (
        {"numba": 500, "cpsat": 20, "reference": 20}
        if quick
        else {
            "numba": 10_000,
            "cpsat": 10_000,
            "reference": 10_000,
        }
    )
    queries = split_queries(max(sizes.values()), SEED, cards=(6, 10), values=(2, 6))
    rows, answers = [], {}
    for backend, n in sizes.items():
        found: list[tuple[int, bool]] = []
        rows.append(
            Row("split", backend, harness.time_calls(partial(_split, backend=backend, found=found), queries[:n]))
        )
        answers[backend] = found[1:]  # the first call is the untimed warm-up
    for k, answered in enumerate(zip(*answers.values())):
        taken = {backend: count for backend, (count, proven) in zip(answers, answered) if proven}
        if len(set(taken.values())) > 1:
            sys.exit(f"split query {k} (a {queries[k][1]} on {queries[k][0]}): proven answers disagree: {taken}")
    return rows


def solo_task(quick: bool) -> list[Row]:
    """Whole solo games, seconds per game, each policy on the same seeded deals (the
    searching policies, a hundred times slower, on the first part of them)."""
    sizes = {"greedy": 10, "hint": 1, "clairvoyant": 1} if quick else {"greedy": 2_000, "hint": 100, "clairvoyant": 100}
    seeds = list(range(max(sizes.values())))
    return [
        Row("solo-game", name, harness.time_calls(partial(_solo_game, name=name), seeds[:n]))
        for name, n in sizes.items()
    ]


def nine_card_positions(n: int, seed: int) -> list[State]:
    """``n`` seeded solo positions: a hand of 9 and a display of 9 cards dealt from the
    shuffled deck, nothing collected yet."""
    rng = random.Random(seed)
    positions = []
    for _ in range(n):
        deck = from_counts(deck_counts(Variant.SOLO))
        rng.shuffle(deck)
        positions.append(position(Variant.SOLO, deck[:9], deck[9:18], seed=rng.randint(0, 10**6)))
    return positions


def hint_task(quick: bool) -> list[Row]:
    """``quibbles hint`` at its default lookahead on 9-card hands facing 9-card displays."""
    states = nine_card_positions(1 if quick else 50, SEED)
    return [Row("hint-9-cards", "hint", harness.time_calls(rank_turns, states))]


TASKS: tuple[Callable[[bool], list[Row]], ...] = (split_task, solo_task, hint_task)


def main() -> None:
    args = harness.main_args("Time the Quibbles solvers on seeded instances.")
    rows = [row for task in TASKS for row in task(args.quick)]
    rows.append(harness.evaluation_row("quibbles", args.quick, SEED))
    harness.report("quibbles", rows, args.json, args.markdown)


if __name__ == "__main__":
    harness.run(main)
