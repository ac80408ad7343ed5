"""The solo study and whole bot games.

``solo_study`` plays N seeded solo games with each policy on the same N deals (game ``i``
of every policy starts from seed ``(seed, i)``), so the policies are compared on equal
cards; the result of a seed does not depend on the number of worker processes.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import SOLO_RATINGS, State, Turn, Variant, new_game, solo_rating
from cardsolve.solvers.quibbles.hint import HintPolicy
from cardsolve.solvers.quibbles.policies import GreedyPolicy, Policy, RandomPolicy, play_turn

@dataclass(frozen=True)
class Lookahead:
    """How hard the hint's policy looks: sampled refills and candidate turns per turn."""

    samples: int = 6
    shortlist: int = 6


POLICIES: dict[str, Callable[[Lookahead], Policy]] = {
    "hint": lambda lookahead: HintPolicy(lookahead.samples, lookahead.shortlist),
    "greedy": lambda _: GreedyPolicy(),
    "random": lambda _: RandomPolicy(),
}
"""Policy names, each making a fresh player of it (only the hint uses the lookahead)."""

MAX_TURNS = 1000
"""Games still running after this many turns are cut off (none has come close in the studies)."""


def policy_by_name(name: str, lookahead: Lookahead = Lookahead()) -> Policy:
    """A fresh player of the policy called ``name``; an unknown name is bad input."""
    if name not in POLICIES:
        raise BadInput(f"unknown policy {name!r}: expected one of {', '.join(POLICIES)}", name)
    return POLICIES[name](lookahead)


@dataclass(frozen=True)
class PlayedTurn:
    """One turn of a logged game: who, the display they saw, and what they did."""

    player: int
    display: tuple[int, ...]
    turn: Turn


@dataclass
class GameRecord:
    """A finished (or cut-off) game: its final state and, if asked for, every turn."""

    state: State
    log: list[PlayedTurn] = field(default_factory=list)

    @property
    def cut_off(self) -> bool:
        return not self.state.is_over


def play_game(policies: Sequence[Policy], variant: Variant, seed: int, keep_log: bool = False,
              max_turns: int = MAX_TURNS) -> GameRecord:
    """One game, seat ``k`` played by ``policies[k]`` (one player object per seat); the
    deal and each seat's choices are seeded from ``seed``."""
    state = new_game(len(policies), variant, seed)
    rngs = [random.Random(f"{seed}/{seat}") for seat in range(len(policies))]
    record = GameRecord(state)
    while not state.is_over and state.turns < max_turns:
        seat, display = state.to_act, tuple(state.display)
        action, stash = play_turn(state, policies[seat], rngs[seat])
        if keep_log:
            record.log.append(PlayedTurn(seat, display, Turn(action, stash)))
    return record


@dataclass(frozen=True)
class SoloGame:
    """What the study keeps of one solo game."""

    penalty: int
    turns: int
    finished: bool


def solo_game(task: tuple[str, Lookahead, int, int]) -> SoloGame:
    """Game ``index`` of the solo study with ``seed``, played by the named policy (one
    picklable task tuple, for process pools): its deal is the same for every policy."""
    name, lookahead, seed, index = task
    record = play_game([policy_by_name(name, lookahead)], Variant.SOLO, seed=seed * 1_000_003 + index)
    state = record.state
    return SoloGame(state.penalty_score, state.turns, state.winner == 0)


@dataclass(frozen=True)
class PolicySummary:
    """A policy's solo games: penalties in game order, and their summary."""

    policy: str
    games: list[SoloGame]

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


def solo_study(games: int, seed: int, policies: Sequence[str] = ("hint", "greedy", "random"),
               workers: int = 1, on_game: Callable[[], None] | None = None,
               lookahead: Lookahead = Lookahead()) -> list[PolicySummary]:
    """Play ``games`` seeded solo games per policy, in ``workers`` processes, calling
    ``on_game`` after each finished game (for a progress bar); ``lookahead`` sets the
    hint policy's effort."""
    if games < 1:
        raise BadInput(f"the study needs at least one game, not {games}", str(games))
    for name in policies:
        policy_by_name(name)
    tasks = [(name, lookahead, seed, i) for name in policies for i in range(games)]
    results: list[SoloGame] = []
    if workers <= 1:
        for task in tasks:
            results.append(solo_game(task))
            if on_game:
                on_game()
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for result in pool.map(solo_game, tasks, chunksize=max(1, len(tasks) // (workers * 16))):
                results.append(result)
                if on_game:
                    on_game()
    return [PolicySummary(name, results[k * games:(k + 1) * games]) for k, name in enumerate(policies)]
