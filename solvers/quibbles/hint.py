"""Hints: every legal turn, ranked by what it is worth a few of the player's own turns on.
The lookahead in short, with the static score it ends on: docs/pages/solvers.md, section
"The hint" (``#quibbles-hint``); the details a reader of this code needs follow.

The refills, the draw and the other players' hands are hidden, so the lookahead is a
sampled expectimax: each sample deals the unseen cards afresh (the opponents' hands, the
draw pile and the discard pile, which nobody tracks, from the cards they hold together,
whatever order they are stored in: the hint is a function of what the player sees and
the seed; the player's own cards, the display, collections and the penalty pile are
known). In a sample a candidate turn is played, then, ``replies`` times
(``settings.DEFAULT_REPLIES``), the opponents answer with the greedy policy and the
player replies with the strongest of a few actions (chosen by the static evaluation
before any card it draws is seen), and the position is evaluated. A DRAW's stash is
decided after the draw, with the cards drawn in that sample. Every candidate meets the
same samples (common random numbers), so their differences are not sampling noise
between candidates. To keep this fast, the reply step scores its actions on the
counts without copying the state (``reply_score``); stashes, splits and progress are
remembered; candidates with the same visible result are merged; and a ``shortlist``
limits the sampling to the best candidates by the static evaluation and every DRAW
(judged before its two cards are seen, a DRAW's static score undervalues it). A second
round then samples only the ``finalists``, the best few by their means, on fresh deals
and ranks them by their means over all their deals: the spare time goes to telling the
close candidates apart. The defaults (``settings``: 16 samples x 12 candidates, 2
replies, the best 4 sampled 64 times more) are the same for ``cardsolve quibbles hint``
and for the hint's policy in the solo study, so the study measures the hint a player gets.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardsolve.models.quibbles import (
    Action,
    Counts,
    Draw,
    Stash,
    State,
    Turn,
    Variant,
    from_counts,
    is_winning_collection,
    stash_effect,
    to_counts,
)
from cardsolve.solvers.infrastructure.limits import Deadline
from cardsolve.solvers.quibbles.policies import GreedyPolicy, most_taking_actions, play_turn
from cardsolve.solvers.quibbles.progress import counted_progress, evaluate, progress, solo_value
from cardsolve.solvers.quibbles.results import Hint, RankedTurn, turn_text
from cardsolve.solvers.quibbles.settings import (
    DEFAULT_FINAL_SAMPLES,
    DEFAULT_FINALISTS,
    DEFAULT_REPLIES,
    DEFAULT_SAMPLES,
    DEFAULT_SHORTLIST,
)

OutcomeKey = tuple[object, ...]
"""What a turn visibly does (kind, hand, display, collection, penalty pile, winner)."""


def determinize(state: State, me: int, rng: random.Random) -> State:
    """A copy of ``state`` in which the cards ``me`` cannot see (the draw pile, the
    discard pile and the other players' hands) are shuffled and dealt again, each pile's
    and hand's size kept. They are gathered in order of value before the shuffle, so the
    copy does not depend on the order they were stored in, only on what ``me`` sees."""
    counts = [a + b for a, b in zip(state.discard, to_counts(state.draw_pile))]
    for p in range(state.players):
        if p != me:
            counts = [a + b for a, b in zip(counts, state.hands[p])]
    hidden = from_counts(counts)
    rng.shuffle(hidden)
    sample = state.clone(rng=random.Random(rng.getrandbits(32)))
    for p in range(state.players):
        if p != me:
            size = sum(state.hands[p])
            sample.hands[p] = to_counts(hidden[:size])
            hidden = hidden[size:]
    sample.draw_pile = hidden[: len(state.draw_pile)]
    sample.discard = to_counts(hidden[len(state.draw_pile) :])
    return sample


def reply_actions(state: State) -> list[Action]:
    """The strongest few actions for the player to act: each value's best split, each
    combine taking every matching card, and each possible draw."""
    hand = state.hands[state.to_act]
    return most_taking_actions(state) + [Draw(v) for v in range(1, 7) if hand[v]]


StashKey = tuple[tuple[int, ...], tuple[int, ...], Variant]
"""What ``best_stash`` depends on: the hand, the collection (as tuples) and the variant."""
_STASHES: dict[StashKey, Stash | None] = {}
"""``best_stash``'s answers, remembered: the lookahead meets the same hands again and again."""
_STASHES_KEPT = 1 << 16
"""The most answers remembered; past it the memory starts afresh."""


def best_stash(state: State, me: int, hand: Counts | None = None) -> Stash | None:
    """A winning stash from ``hand`` (default: the hand after ``act``), else the stash (or
    none) that leaves the most progress (``counted_progress``). Nothing else in the
    evaluation depends on the stash: it moves cards only between the hand, the collection
    and the discard pile."""
    hand = state.hands[me] if hand is None else hand
    collection = state.collections[me]
    key = (tuple(hand), tuple(collection), state.variant)
    if key in _STASHES:
        return _STASHES[key]
    best, best_value = None, counted_progress(hand, collection, state.variant)
    for stash in state.stash_options(hand):
        hand_after, collection_after, _ = stash_effect(hand, collection, stash)
        if is_winning_collection(collection_after, state.variant):
            best = stash
            break
        value = counted_progress(hand_after, collection_after, state.variant)
        if value > best_value:
            best, best_value = stash, value
    if len(_STASHES) >= _STASHES_KEPT:
        _STASHES.clear()
    _STASHES[key] = best
    return best


def _play(sample: State, turn: Turn, me: int) -> None:
    """A candidate turn; a DRAW's stash is chosen once its cards are seen."""
    if isinstance(turn.action, Draw):
        sample.act(turn.action)
        sample.finish(best_stash(sample, me))
    else:
        sample.apply(turn)


_GREEDY = GreedyPolicy()


def _play_out(sample: State, turn: Turn, me: int, rng: random.Random, replies: int) -> float:
    """The candidate, then ``replies`` times the opponents' greedy answers and the
    player's best reply: evaluated."""
    _play(sample, turn, me)
    return _replies(sample, me, rng, replies)


def _replies(sample: State, me: int, rng: random.Random, replies: int) -> float:
    """``replies`` times the opponents' greedy answers and the player's best reply, from
    the end of the player's turn in ``sample``: the position then, evaluated."""
    for _ in range(replies):
        while not sample.is_over and sample.to_act != me:
            play_turn(sample, _GREEDY, rng)
        if sample.is_over:
            break
        _play(sample, choose_reply(sample, me), me)
    return evaluate(sample, me)


def choose_reply(state: State, me: int) -> Turn:
    """The player's reply: the strongest action by the static score of what it visibly
    does, judged before any card it would draw is seen (choosing by the drawn cards of
    one sample would favour DRAW by luck); the first of equal scores."""
    best: tuple[float, Turn] | None = None
    for action in reply_actions(state):
        turn = Turn(action, None if isinstance(action, Draw) else best_stash(state, me, state.hand_after(action)))
        score = reply_score(state, turn)
        if best is None or score > best[0]:
            best = (score, turn)
    assert best is not None, "a player to act holds a card, so DRAW is always possible"
    return best[1]


def reply_score(state: State, turn: Turn) -> float:
    """The static score of what ``turn`` visibly does (``evaluate`` of ``_dry_outcome``);
    solo, worked out on the counts without copying the state: the cards played and taken,
    the stash, then the penalty of the leftmost display card left and the discard of its
    value."""
    me = state.to_act
    if state.variant is not Variant.SOLO:
        return evaluate(_dry_outcome(state, turn)[0], me)
    action = turn.action
    hand = state.hand_after(action)
    if isinstance(action, Draw):
        display = [*state.display, action.card]
    else:
        taken = action.taken
        display = [v for i, v in enumerate(state.display) if i not in taken]
    collection = state.collections[me]
    if turn.stash is not None:
        hand, collection, _ = stash_effect(hand, collection, turn.stash)
        if is_winning_collection(collection, state.variant):
            return solo_value(hand, collection, state.penalty_score, True)
    penalty = state.penalty_score + (display[0] if display else 0)
    return solo_value(hand, collection, penalty, False)


def _dry_outcome(state: State, turn: Turn) -> tuple[State, OutcomeKey]:
    """What the turn visibly does before the refill (solo: with its penalty), and that
    result as a key that merges turns with the same effect. The discard pile is emptied in
    the copy of a DRAW: it is not part of the key."""
    dry = state.clone(rng=state.rng)  # nothing is shuffled: only a DRAW draws, from no cards
    if isinstance(turn.action, Draw):
        dry.draw_pile, dry.discard = [], [0] * 7  # a DRAW's two cards are unknown: none are drawn
    dry.play(turn)
    if dry.winner is None:
        dry.solo_penalty()
    me = state.to_act
    key = (
        type(turn.action),
        tuple(dry.hands[me]),
        tuple(dry.display),
        tuple(dry.collections[me]),
        tuple(dry.penalty),
        dry.winner,
    )
    return dry, key


def outcome_key(state: State, turn: Turn) -> OutcomeKey:
    """What ``turn`` visibly does (``_dry_outcome``'s key): turns with the same key are
    one candidate of the hint, and share its value."""
    return _dry_outcome(state, turn)[1]


def candidate_turns(state: State) -> list[Turn]:
    """Every legal turn, except that a DRAW comes once per card laid: its stash is chosen
    after the draw, so listing stashes in advance would only repeat it."""
    return [t for t in state.legal_turns() if not (isinstance(t.action, Draw) and t.stash is not None)]


def shortlisted(
    by_static: list[tuple[Turn, float]], shortlist: int | None
) -> tuple[list[tuple[Turn, float]], list[tuple[Turn, float]]]:
    """The candidates to sample and the rest, both in the order given (best static score
    first): the first ``shortlist`` (None: all) and every DRAW, whose static score is
    taken before its two cards are seen and so undervalues it."""
    cut = len(by_static) if shortlist is None else shortlist
    chosen = by_static[:cut] + [pair for pair in by_static[cut:] if isinstance(pair[0].action, Draw)]
    rest = [pair for pair in by_static[cut:] if not isinstance(pair[0].action, Draw)]
    return chosen, rest


def rank_turns(
    state: State,
    samples: int = DEFAULT_SAMPLES,
    shortlist: int | None = DEFAULT_SHORTLIST,
    seed: int = 0,
    report: Callable[[int, int], None] | None = None,
    replies: int = DEFAULT_REPLIES,
    finalists: int = DEFAULT_FINALISTS,
    final_samples: int = DEFAULT_FINAL_SAMPLES,
    deadline: Deadline | None = None,
    rest_playouts: int = 0,
) -> Hint:
    """Every legal turn of the player to act, best first (see the module docstring;
    ``shortlist`` None samples every candidate; ``replies``: the player's own turns
    played after the candidate in each sample): the ``finalists`` by their mean over
    ``samples`` and ``final_samples`` more, then the other sampled candidates by their
    mean, then the rest by static score (on a deal of the other hands by ``seed``; or, given ``rest_playouts``, by their mean over
    the first round's first deals, as many as that many lookaheads allow, two at least,
    sampled last). Each ranked turn carries the standard error of its mean.
    ``report(done, planned)`` hears of each sample played out; past ``deadline`` (after
    two deals at least) every round stops dealing."""
    me = state.to_act
    # The static scores see the other hands as one deal of the cards out of sight (by the
    # seed), so that they, like the samples, depend only on what the player sees.
    view = determinize(state, me, random.Random(seed)) if state.players > 1 else state
    firsts: dict[OutcomeKey, tuple[Turn, float]] = {}
    for turn in candidate_turns(state):
        dry, key = _dry_outcome(view, turn)
        if key not in firsts:
            firsts[key] = (turn, evaluate(dry, me))
    chosen, rest = shortlisted(sorted(firsts.values(), key=lambda pair: -pair[1]), shortlist)
    if len(chosen) > 1:
        rng = random.Random(seed)
        seeds = [rng.getrandbits(32) for _ in range(samples)]
        more = [rng.getrandbits(32) for _ in range(final_samples)]
        values, finals = _two_stage(
            state, [turn for turn, _ in chosen], seeds, more, finalists, replies, report, deadline
        )
    else:
        seeds, values, finals, samples, final_samples = [], [[] for _ in chosen], set(), 0, 0
    ranked = sorted(
        (_ranked(turn, found, static) for (turn, static), found in zip(chosen, values)),
        key=lambda r: (r.turn not in finals, -r.expected, -r.static),
    )
    if rest_playouts and rest and seeds:
        deals = seeds[: max(2, rest_playouts // len(rest))]
        later = _sampled_values(state, [turn for turn, _ in rest], deals, replies, None, 0, 0, deadline, least=0)
        ranked += sorted(
            (_ranked(turn, found, static) for (turn, static), found in zip(rest, later)), key=lambda r: -r.expected
        )
    else:
        ranked += [RankedTurn(turn, static, static) for turn, static in rest]
    return Hint(
        state.variant,
        tuple(state.display),
        tuple(ranked),
        len(chosen),
        samples,
        explain(state, ranked),
        finalists=len(finals),
        final_samples=final_samples,
    )


def _ranked(turn: Turn, values: Sequence[float], static: float) -> RankedTurn:
    """The turn ranked by the mean of its sampled ``values`` (none: its static score),
    with the standard error of that mean (0 under two values)."""
    mean, error = mean_and_error(values)
    return RankedTurn(turn, static if not values else mean, static, error, len(values))


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than two values)."""
    count = len(values)
    if not count:
        return 0.0, 0.0
    mean = sum(values) / count
    if count < 2:
        return mean, 0.0
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, math.sqrt(variance / count)


def _two_stage(
    state: State,
    turns: list[Turn],
    seeds: list[int],
    more: list[int],
    finalists: int,
    replies: int,
    report: Callable[[int, int], None] | None,
    deadline: Deadline | None,
) -> tuple[list[list[float]], set[Turn]]:
    """Two rounds of sampling: every turn on the deals of ``seeds``, then the best
    ``finalists`` by their mean on the fresh deals of ``more`` as well; returns each
    turn's values (in the order of ``turns``) and the finalists."""
    planned = len(seeds) + len(more)
    values = _sampled_values(state, turns, seeds, replies, report, 0, planned, deadline)
    means = [sum(found) / len(found) for found in values]
    order = sorted(range(len(turns)), key=lambda k: -means[k])[: finalists if more else 0]
    extra = _sampled_values(state, [turns[k] for k in order], more, replies, report, len(seeds), planned, deadline)
    for k, found in zip(order, extra):
        values[k] = values[k] + found
    return values, {turns[k] for k in order}


def _sampled_values(
    state: State,
    turns: list[Turn],
    seeds: list[int],
    replies: int,
    report: Callable[[int, int], None] | None,
    done: int,
    planned: int,
    deadline: Deadline | None,
    least: int = 2,
) -> list[list[float]]:
    """Each turn's lookahead values (``_play_out``), one per deal of the unseen cards (a
    deal per seed of ``seeds``), every turn meeting the same deals (common random
    numbers); ``report(done + k, planned)`` hears of the k-th deal played out. Past
    ``deadline``, after ``least`` deals, no more deals are played."""
    me = state.to_act
    values: list[list[float]] = [[] for _ in turns]
    for k, sample_seed in enumerate(seeds, 1):
        if deadline is not None and k > least and deadline.passed:
            break
        base = determinize(state, me, random.Random(sample_seed))
        for i, turn in enumerate(turns):
            values[i].append(
                _play_out(base.clone(rng=random.Random(sample_seed)), turn, me, random.Random(sample_seed), replies)
            )
        if report is not None:
            report(done + k, planned)
    return values


@dataclass(frozen=True)
class RankedStash:
    """A stash decision after a DRAW (None: no stash) with the mean value of the player's
    position after it over ``samples`` deals and the standard error of that mean."""

    stash: Stash | None
    expected: float
    error: float
    samples: int


def rank_stashes(
    state: State,
    samples: int = DEFAULT_SAMPLES + DEFAULT_FINAL_SAMPLES,
    seed: int = 0,
    replies: int = DEFAULT_REPLIES,
    deadline: Deadline | None = None,
) -> list[RankedStash]:
    """After a DRAW (the engine between ``act`` and ``finish``): every stash decision,
    not stashing first, valued as the hint values a turn: finished, then ``replies``
    times the opponents' greedy answers and the player's best reply, evaluated; over
    ``samples`` deals of the unseen cards, common to every decision; best first. Past
    ``deadline``, after two deals at least, no more deals are played."""
    me = state.to_act
    options: list[Stash | None] = [None, *state.stash_options()]
    values: list[list[float]] = [[] for _ in options]
    rng = random.Random(seed)
    for k in range(1, samples + 1):
        if deadline is not None and k > 2 and deadline.passed:
            break
        sample_seed = rng.getrandbits(32)
        base = determinize(state, me, random.Random(sample_seed))
        for i, stash in enumerate(options):
            sample = base.clone(rng=random.Random(sample_seed))
            sample.finish(stash)
            values[i].append(_replies(sample, me, random.Random(sample_seed), replies))
    ranked = [RankedStash(stash, *mean_and_error(found), len(found)) for stash, found in zip(options, values)]
    return sorted(ranked, key=lambda r: -r.expected)


def explain(state: State, ranked: Sequence[RankedTurn]) -> str:
    """One line on why the top turn is best: what it takes and stashes, and its margin."""
    top = ranked[0]
    me, turn = state.to_act, top.turn
    dry, _ = _dry_outcome(state, turn)
    taken = len(turn.action.taken)
    facts = [f"takes {taken} card{'s' * (taken != 1)}" if taken else "lays a card and draws 2"]
    if turn.stash is not None:
        worth = sum(v * dry.collections[me][v] for v in range(1, 7))
        facts.append(f"stashes a {turn.stash.value} (collection worth {worth})")
    if dry.winner == me:
        facts.append("and wins")
    elif state.variant is Variant.SOLO:
        cost = dry.penalty_score - state.penalty_score
        facts.append(f"costs {cost} penalty now" if cost else "leaves no card to penalise")
    else:
        facts.append(f"progress {progress(dry.hands[me], dry.collections[me], state.variant):.1f}")
    line = f"{turn_text(turn, state.display)}: {', '.join(facts)}"
    if len(ranked) > 1:
        unit = "penalty" if state.variant is Variant.SOLO else "points"
        line += f" - ahead of the next best by {top.expected - ranked[1].expected:.2f} {unit} in expectation"
    return line


class HintPolicy:
    """The hint's top turn as a policy, by default with the hint's own lookahead. A
    DRAW's stash is decided after the draw (``best_stash``)."""

    def __init__(self, samples: int = DEFAULT_SAMPLES, shortlist: int = DEFAULT_SHORTLIST) -> None:
        self.samples, self.shortlist = samples, shortlist
        self._planned: Turn | None = None

    def action(self, state: State, rng: random.Random) -> Action:
        self._planned = rank_turns(state, self.samples, self.shortlist, seed=rng.getrandbits(32)).best.turn
        return self._planned.action

    def stash(self, state: State, rng: random.Random) -> Stash | None:
        if self._planned is None or isinstance(self._planned.action, Draw):
            return best_stash(state, state.to_act)
        return self._planned.stash
