"""The clairvoyant bound of solo Quibbles: the penalty a player reaches who knows the
order of the draw pile, found by a beam search. It is no hint (nobody sees the draw
pile), but it shows how much of a penalty is luck and how much is play.

The beam search and its proof: docs/pages/solvers.md, section "The clairvoyant bound"
(``#quibbles-clairvoyant``). Known the order, a solo game is deterministic because a copy
of the state holds the draw pile and the random source that shuffles the discards back;
positions equal but for the penalty are merged, positions at or above the best finished
penalty dropped, the ``width`` best by ``beam_score`` kept, and the answer is proven when
none was dropped for width. The search ends: every turn with a display moves a card to
the penalty pile for good, so a game that does not finish stalls.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from cardsolve.models.quibbles import DISPLAY_SIZE, HAND_SIZE, WIN_TOTAL, Action, Stash, State, Turn, Variant
from cardsolve.models.quibbles.cards import DRAW_CARDS
from cardsolve.solvers.quibbles.progress import progress
from cardsolve.solvers.quibbles.settings import DEFAULT_WIDTH

Path = tuple[Turn, "Path | None"] | None
"""The turns that led to a position, last first (a linked list: positions share their past)."""
PositionKey = tuple[object, ...]
"""Everything about a solo position that decides its future (all but the penalty pile)."""


@dataclass(frozen=True)
class Plan:
    """The best solo game the beam found from a position: its turns, its final penalty
    (None when no line finished: every one stalled), and whether it is proven optimal."""

    turns: tuple[Turn, ...]
    penalty: int | None
    proven: bool
    width: int


BEAM_PENALTY_PER_POINT = 2.75
"""The beam ranks an unfinished position by its penalty pile plus this much per point of
progress missing (the hint's former solo evaluation, whose constant part ranks nothing).
The hint's fitted evaluation (``evaluate.solo_value``) ranks the beam worse: on the
same 756 games of the 1,000-game study (seed 1) the clairvoyant averaged 37.5 with it and
34.8 with this line (34.8 over all 1,000)."""


def beam_score(state: State) -> float:
    """Higher is better: the negated penalty pile less ``BEAM_PENALTY_PER_POINT`` per
    point of progress missing (the beam holds no won game)."""
    missing = max(0.0, WIN_TOTAL - progress(state.hands[0], state.collections[0], state.variant))
    return -state.penalty_score - BEAM_PENALTY_PER_POINT * missing


MOST_DRAWN = DRAW_CARDS + DISPLAY_SIZE + HAND_SIZE
"""The most cards one turn takes from the draw pile: a DRAW's, a whole refill, a new hand."""


def _copy(state: State) -> State:
    """A copy to play on. The random source only reshuffles the discards, so while the
    draw pile holds a whole turn's cards the copy shares it (it cannot change during the
    turn); else the copy gets its own. A source is therefore changed only by the one
    position that owns it, before any other position shares it, and positions that share
    one source share its state."""
    return state.clone(rng=state.rng) if len(state.draw_pile) >= MOST_DRAWN else state.clone()


def _key(state: State) -> PositionKey:
    """The position for merging: the cards and, for the shuffles to come, which random
    source it holds (equal sources are in the same state: see ``_copy``)."""
    return (
        tuple(state.hands[0]),
        tuple(state.collections[0]),
        tuple(state.display),
        tuple(state.draw_pile),
        tuple(state.discard),
        id(state.rng),
    )


def successors(state: State) -> Iterator[tuple[Turn, State]]:
    """Every whole turn of the player to act and the position after it (refill
    included): each legal action, then no stash or each stash its hand allows."""
    for action in state.legal_actions():
        acted = _copy(state)
        acted.act(action)
        stashes: list[Stash | None] = [None, *acted.stash_options()]
        for k, stash in enumerate(stashes):
            after = acted if k == len(stashes) - 1 else _copy(acted)
            after.finish(stash)
            yield Turn(action, stash), after


def _unwind(path: Path) -> tuple[Turn, ...]:
    turns: list[Turn] = []
    while path is not None:
        turns.append(path[0])
        path = path[1]
    return tuple(reversed(turns))


def plan_solo(state: State, width: int = DEFAULT_WIDTH) -> Plan:
    """The clairvoyant beam search from ``state`` (solo, the player to act) with
    ``width`` positions per turn: see the module docstring."""
    if state.variant is not Variant.SOLO:
        raise ValueError("the clairvoyant search plays the solo variant")
    beam: list[tuple[State, Path]] = [(state.clone(), None)]
    best: tuple[int, Path] | None = None
    cut, stalled = False, None
    while beam:
        kept: dict[PositionKey, tuple[State, Path]] = {}
        for position, path in beam:
            for turn, after in successors(position):
                line: Path = (turn, path)
                stalled = stalled or line
                if after.winner is not None:
                    if best is None or after.penalty_score < best[0]:
                        best = (after.penalty_score, line)
                elif not after.is_over and (best is None or after.penalty_score < best[0]):
                    key = _key(after)
                    if key not in kept or after.penalty_score < kept[key][0].penalty_score:
                        kept[key] = (after, line)
        ranked = sorted(kept.values(), key=lambda entry: -beam_score(entry[0]))
        if best is not None:
            ranked = [entry for entry in ranked if entry[0].penalty_score < best[0]]
        cut = cut or len(ranked) > width
        beam = ranked[:width]
    if best is None:  # every line stalled: play one of them
        return Plan(_unwind(stalled), None, False, width)
    return Plan(_unwind(best[1]), best[0], not cut, width)


class ClairvoyantPolicy:
    """Plays the clairvoyant plan of the state it is given (it reads the draw pile):
    planned once, then replayed turn by turn, planned again should a turn not apply."""

    def __init__(self, width: int = DEFAULT_WIDTH) -> None:
        self.width = width
        self.proven = True
        """Whether every plan this player made was proven optimal."""
        self._plan: list[Turn] = []

    def action(self, state: State, rng: random.Random) -> Action:
        if not self._plan or state.check(self._plan[0]) is not None:
            plan = plan_solo(state, self.width)
            self.proven = self.proven and plan.proven
            self._plan = list(plan.turns)
        return self._plan[0].action

    def stash(self, state: State, rng: random.Random) -> Stash | None:
        return self._plan.pop(0).stash
