"""Hints: every legal turn, ranked by what it is worth two of the player's own turns on.

The refills, the draw and the other players' hands are hidden, so the lookahead is a
sampled expectimax: each sample deals the unseen cards afresh (the opponents' hands and
the draw pile; the player's own cards, the display, collections, the discard pile and the
penalty pile are known). In a sample a candidate turn is played, the opponents answer
with the greedy policy, the player answers with the best of their strongest replies (by
the static evaluation), and the position is evaluated. Every candidate meets the same
samples (common random numbers), so their differences are not sampling noise between
candidates. To keep this fast, candidates with the same visible result are merged and
only the ``shortlist`` best by the static evaluation are sampled.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from models.quibbles import Draw, Split, State, Turn, Variant, describe_turn, from_counts, to_counts
from solvers.quibbles.evaluate import evaluate, progress
from solvers.quibbles.policies import draw_card, greedy_policy, greedy_stash, hand_after, most_taking_actions


@dataclass(frozen=True)
class RankedTurn:
    """A legal turn with its expected evaluation after the lookahead (higher is better;
    solo: minus the expected penalty) and its static evaluation right after it."""

    turn: Turn
    expected: float
    static: float


@dataclass(frozen=True)
class Hint:
    """Turns best first: the sampled shortlist, then the rest by static evaluation."""

    ranked: list[RankedTurn]
    sampled: int
    samples: int
    explanation: str

    @property
    def best(self) -> RankedTurn:
        return self.ranked[0]


def determinize(state: State, me: int, rng: random.Random) -> State:
    """A copy of ``state`` in which the cards ``me`` cannot see (the draw pile and the
    other players' hands) are shuffled and dealt again, hand sizes kept."""
    hidden = list(state.draw_pile)
    for p in range(state.players):
        if p != me:
            hidden.extend(from_counts(state.hands[p]))
    rng.shuffle(hidden)
    sample = state.clone(rng=random.Random(rng.getrandbits(32)))
    for p in range(state.players):
        if p != me:
            size = sum(state.hands[p])
            sample.hands[p] = to_counts(hidden[:size])
            hidden = hidden[size:]
    sample.draw_pile = hidden
    return sample


def reply_turns(state: State) -> list[Turn]:
    """The strongest few turns for the player to act: each value's best split, each
    combine taking every matching card, and each possible draw; each with the greedy stash."""
    actions = most_taking_actions(state)
    hand = state.hands[state.to_act]
    actions.extend(Draw(v) for v in range(1, 7) if hand[v])
    return [Turn(a, greedy_stash(state, hand_after(state, a))) for a in actions]


def _play_out(sample: State, turn: Turn, me: int, rng: random.Random) -> float:
    """The candidate, the opponents' greedy answers, the player's best reply: evaluated."""
    sample.apply(turn)
    while not sample.is_over and sample.to_act != me:
        sample.apply(greedy_policy(sample, rng))
    if sample.is_over:
        return evaluate(sample, me)
    best = float("-inf")
    for reply in reply_turns(sample):
        after = sample.clone()
        after.apply(reply)
        best = max(best, evaluate(after, me))
    return best


def _dry_outcome(state: State, turn: Turn) -> tuple[State, tuple]:
    """What the turn visibly does before the refill (solo: with its penalty), and that
    result as a key that merges turns with the same effect. The discard pile is emptied in
    the copy: it is not part of the key."""
    dry = state.clone()
    dry.draw_pile, dry.discard = [], [0] * 7  # a DRAW's two cards are unknown: none are drawn
    dry.play(turn)
    if dry.winner is None:
        dry.solo_penalty()
    me = state.to_act
    key = (type(turn.action), tuple(dry.hands[me]), tuple(dry.display), tuple(dry.collections[me]),
           tuple(dry.penalty), dry.winner)
    return dry, key


def rank_turns(state: State, samples: int = 16, shortlist: int = 12, seed: int = 0) -> Hint:
    """Every legal turn of the player to act, best first (see the module docstring)."""
    me = state.to_act
    firsts: dict[tuple, tuple[Turn, float]] = {}
    for turn in state.legal_turns():
        dry, key = _dry_outcome(state, turn)
        if key not in firsts:
            firsts[key] = (turn, evaluate(dry, me))
    by_static = sorted(firsts.values(), key=lambda pair: -pair[1])
    chosen, rest = by_static[:shortlist], by_static[shortlist:]
    rng = random.Random(seed)
    totals = [0.0] * len(chosen)
    if len(chosen) > 1:
        for _ in range(samples):
            sample_seed = rng.getrandbits(32)
            base = determinize(state, me, random.Random(sample_seed))
            for k, (turn, _) in enumerate(chosen):
                totals[k] += _play_out(base.clone(rng=random.Random(sample_seed)), turn, me,
                                       random.Random(sample_seed))
        expected = [t / samples for t in totals]
    else:
        expected = [static for _, static in chosen]
    ranked = sorted((RankedTurn(turn, exp, static) for (turn, static), exp in zip(chosen, expected)),
                    key=lambda r: (-r.expected, -r.static))
    ranked += [RankedTurn(turn, static, static) for turn, static in rest]
    return Hint(ranked, len(chosen), samples if len(chosen) > 1 else 0, explain(state, ranked))


def explain(state: State, ranked: Sequence[RankedTurn]) -> str:
    """One line on why the top turn is best: what it takes and stashes, and its margin."""
    top = ranked[0]
    me, turn = state.to_act, top.turn
    dry, _ = _dry_outcome(state, turn)
    parts = [describe_turn(turn, state.display) + ":"]
    taken = len(turn.action.taken)
    parts.append(f"takes {taken} card{'s' * (taken != 1)}" if taken else "lays a card and draws 2")
    if turn.stash is not None:
        worth = sum(v * dry.collections[me][v] for v in range(1, 7))
        parts.append(f"stashes a {turn.stash.value} (collection worth {worth})")
    if dry.winner == me:
        parts.append("and wins")
    elif state.variant is Variant.SOLO:
        cost = dry.penalty_score - state.penalty_score
        parts.append(f"costs {cost} penalty now" if cost else "leaves no card to penalise")
    else:
        parts.append(f"progress {progress(dry.hands[me], dry.collections[me], state.variant):.1f}")
    if len(ranked) > 1:
        unit = "penalty" if state.variant is Variant.SOLO else "points"
        parts.append(f"- ahead of the next best by {top.expected - ranked[1].expected:.2f} {unit} in expectation")
    return " ".join(parts[:1] + [", ".join(parts[1:-1] if len(ranked) > 1 else parts[1:])]
                    + ([parts[-1]] if len(ranked) > 1 else []))


def hint_policy(samples: int = 6, shortlist: int = 6):
    """The hint's top turn as a policy (fewer samples than an interactive hint, for studies)."""

    def policy(state: State, rng: random.Random) -> Turn:
        return rank_turns(state, samples, shortlist, seed=rng.getrandbits(32)).best.turn

    return policy
