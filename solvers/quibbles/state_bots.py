"""The Quibbles players as bots of the game protocol (``models.state.Bot``): the engine's
policies (``bot_games.POLICIES``: the hint's, the greedy, the random), each deciding on
what its seat sees.

A bot is given the seat's observation (its own hand, the collections, the display and the
penalty pile known; the other hands, the draw pile and the discard pile hidden). It deals
the hidden cards at random (``fill_hidden``) and makes the position the engine's state
(``engine_state``), which the policy reads: the policies use only what the seat sees
(their own hand, the display, the collections, the penalty pile, and how many cards of
each value are out of sight, which the deal does not change), so the deal never changes
their choice. At the seat's turn the policy chooses its action and, after it (``act``, as
``policies.play_turn`` does), its stash: a SPLIT or COMBINE with its stash is one move; a
DRAW is the move ``draw V``, and once the table has dealt its two cards the policy's stash
is the stash move. The move returned is the observation's legal move written as the
policy's turn, or failing that (outside solo the notation takes the leftmost copies of a
value; a SPLIT taking the same cards is listed once, its sets grouped as the engine
groups them) the one that does what the policy chose: the same cards played, the same
display cards taken (by value outside solo; by place in solo) and the same stash; a
choice that is no legal move is a bug, an ``AssertionError`` naming both.

Each decision is made by a fresh player of the policy: a policy's only memory (the hint's
planned stash) lasts from its action to its stash, which are one move here, and the hint
decides a DRAW's stash afresh once the cards are seen (``best_stash``), as it does in the
engine's games. The clairvoyant policy reads the order of the draw pile, which no
observation shows: it is no seat's bot and has no entry in ``BOTS``, but a bound,
``ClairvoyantBot`` (made by ``clairvoyant``), which ``sees_all``: ``play`` hands it the
whole position.

A game between them (``play_bots``, with ``seat_bots``) is ``models.state.play`` from a
dealt position up to the turn cap; each seat's bot draws its random choices from its own
source, seeded by the game and the seat, which goes on from move to move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import Combine, Draw, Turn, Variant
from cardsolve.models.quibbles.state import STASHING, QuibblesState, StashMove, TurnMove, turn_notation
from cardsolve.models.state import HIDDEN, TABLE, Bot, GameState, Move, play
from cardsolve.solvers.infrastructure.seeds import whole_seed
from cardsolve.solvers.quibbles.bot_games import (
    MAX_TURNS,
    POLICIES,
    SEES_DRAW_PILE,
    Lookahead,
    policy_by_name,
)
from cardsolve.solvers.quibbles.clairvoyant import ClairvoyantPolicy
from cardsolve.solvers.quibbles.policies import Policy
from cardsolve.solvers.quibbles.settings import DEFAULT_WIDTH

Effect = tuple[object, ...]
"""What a turn does: its kind, the cards it plays, the display cards it takes, its stash."""


def effect(turn: Turn, display: tuple[int, ...], solo: bool) -> Effect:
    """The turn's effect on the position: its kind, the hand cards it plays (ascending),
    the display cards it takes (their places in solo, where the penalty depends on the
    order; else their values ascending, since the notation takes the leftmost copies) and
    its stash."""
    action = turn.action
    played = tuple(sorted(action.played)) if isinstance(action, Combine) else (action.card,)
    taken = action.taken if solo else tuple(sorted(display[i] for i in action.taken))
    return type(action).__name__, played, tuple(taken), turn.stash


def policy_move(policy: Policy, seen: QuibblesState, rng: random.Random, seed: int = 0) -> Move:
    """The legal move of ``seen`` (a seat to move) that ``policy`` chooses, on the engine's
    state of ``seen`` with its hidden cards dealt by ``seed``: after a DRAW's cards its
    stash; else its action and, unless the action is a DRAW, its stash after it, as the
    policy writes it (``turn_notation``: a SPLIT's sets grouped as it grouped them) when
    that is a legal move, else the legal move of the same ``effect``."""
    engine = seen.fill_hidden(seed).engine_state(seed)
    legal = seen.legal_moves()
    if seen.step == STASHING:
        chosen = StashMove(policy.stash(engine, rng))
        found = next((move for move in legal if str(move) == str(chosen)), None)
        if found is None:
            raise AssertionError(f"the policy's stash {str(chosen)!r} is no legal move: {_listed(legal)}")
        return found
    action = policy.action(engine, rng)
    if isinstance(action, Draw):
        turn = Turn(action)
    else:
        engine.act(action)
        turn = Turn(action, policy.stash(engine, rng))
    notation = turn_notation(turn, seen.display)
    written = next((move for move in legal if str(move) == notation), None)
    if written is not None:
        return written
    solo = seen.variant is Variant.SOLO
    wanted = effect(turn, seen.display, solo)
    for move in legal:
        if isinstance(move, TurnMove) and effect(move.turn, seen.display, solo) == wanted:
            return move
    raise AssertionError(f"the policy's turn {notation!r} is no legal move: {_listed(legal)}")


DEFAULT_LOOKAHEAD = Lookahead()
"""The hint bot's lookahead unless told: the hint command's."""


def _listed(legal: tuple[Move, ...]) -> str:
    return "; ".join(str(move) for move in legal) or "none"


def _seat_to_move(name: str, seen: GameState) -> QuibblesState:
    """``seen`` as a Quibbles position with a seat to move; another game's position, or
    one where no seat is to move, is bad input naming the bot ``name``."""
    if not isinstance(seen, QuibblesState):
        raise BadInput(f"the {name} bot plays Quibbles, not {seen.game}", seen.game)
    if seen.to_move in (None, TABLE):
        raise BadInput(f"the {name} bot moves for a seat, and no seat is to move here", str(seen.to_move))
    return seen


class PolicyBot:
    """A protocol bot playing the policy ``name`` (``bot_games.POLICIES``, with
    ``lookahead``) on what its seat sees: each call a fresh player of it chooses
    (``policy_move``), the hidden cards dealt by ``seed``, its random choices drawn from
    ``source`` when given (one game's bot: the source goes on from move to move), else
    from the random source ``play`` hands it."""

    def __init__(
        self,
        name: str,
        seed: int = 0,
        lookahead: Lookahead = DEFAULT_LOOKAHEAD,
        source: random.Random | None = None,
    ) -> None:
        """A bot of the policy ``name``; an unknown name, or one that reads the draw pile,
        is bad input naming it and the choices."""
        check_name(name)
        self.name, self.seed, self.lookahead, self.source = name, seed, lookahead, source

    def __call__(self, seen: GameState, rng: random.Random) -> Move:
        """The move the policy makes in ``seen``, a Quibbles position with a seat to move;
        another game's position, or one where no seat is to move, is bad input."""
        state = _seat_to_move(self.name, seen)
        source = rng if self.source is None else self.source
        return policy_move(policy_by_name(self.name, self.lookahead), state, source, self.seed)

    def __repr__(self) -> str:
        return f"PolicyBot({self.name!r}, seed={self.seed})"


def _maker(name: str) -> Callable[[int], Bot]:
    """The maker of ``name``'s bots by seed."""
    return lambda seed: PolicyBot(name, seed)


BOTS: dict[str, Callable[[int], Bot]] = {name: _maker(name) for name in POLICIES if name not in SEES_DRAW_PILE}
"""The bots by the policy names of ``cardsolve quibbles play --bots`` (hint, greedy,
random; the hint with the hint command's lookahead), each made from a seed; not the
clairvoyant, which reads the draw pile."""


def check_name(name: str) -> None:
    """``name`` is a key of ``BOTS``; else bad input naming it and the choices (and why the
    clairvoyant is none)."""
    if name in BOTS:
        return
    why = ": it reads the draw pile, which no seat sees" if name in SEES_DRAW_PILE else ""
    raise BadInput(f"unknown quibbles bot {name!r}{why}; expected one of {', '.join(BOTS)}", name)


def bot(name: str, seed: int = 0) -> Bot:
    """The bot called ``name`` (a key of ``BOTS``), its hidden cards dealt by ``seed``; an
    unknown name is bad input naming it and the choices."""
    check_name(name)
    return BOTS[name](seed)


class ClairvoyantBot:
    """The clairvoyant (``clairvoyant.ClairvoyantPolicy``) as a protocol bot of the solo
    game: a bound on what play reaches, never a seat's honest player, since it reads the
    order of the draw pile and the source that reshuffles it, so ``play`` hands it the
    whole position (``sees_all``). It plans once and replays its plan, so a bot plays one
    game; ``proven``: every plan it made was proven the least penalty."""

    sees_all = True

    def __init__(self, width: int = DEFAULT_WIDTH) -> None:
        self.policy = ClairvoyantPolicy(width)

    @property
    def proven(self) -> bool:
        """Every plan made so far was proven optimal."""
        return self.policy.proven

    def __call__(self, state: GameState, rng: random.Random) -> Move:
        """The planned move of the whole solo position ``state``; another game's, a game
        of several seats, or a position that hides a card or its shuffle source is bad
        input."""
        seen = _seat_to_move("clairvoyant", state)
        if seen.variant is not Variant.SOLO:
            raise BadInput("the clairvoyant bot plays solo games only", seen.variant.value)
        if any(seen.unseen_pool) or seen.shuffle_seed == HIDDEN:
            raise BadInput("the clairvoyant bot reads the whole position, and this one hides cards", HIDDEN)
        return policy_move(self.policy, seen, rng)

    def __repr__(self) -> str:
        return f"ClairvoyantBot(width={self.policy.width})"


def clairvoyant(width: int = DEFAULT_WIDTH) -> ClairvoyantBot:
    """A clairvoyant bot for one solo game, its beam ``width`` positions a turn."""
    return ClairvoyantBot(width)


def seat_bots(names: Sequence[str], seed: int | str, lookahead: Lookahead = DEFAULT_LOOKAHEAD) -> list[Bot]:
    """Fresh bots for the game dealt by ``seed``, seat 1 first: the policy ``names[k]``
    (with ``lookahead``; the clairvoyant as ``ClairvoyantBot``), whose random choices come
    from its own source seeded ``f"{seed}/{k}"`` (``k`` from 0), as each seat's did in the
    engine's games, and whose hidden cards are dealt by ``seed``."""
    return [
        clairvoyant(lookahead.width)
        if name in SEES_DRAW_PILE
        else PolicyBot(name, whole_seed(seed), lookahead, random.Random(f"{seed}/{seat}"))
        for seat, name in enumerate(names)
    ]


def play_bots(state: QuibblesState, bots: Sequence[Bot], seed: int, max_turns: int = MAX_TURNS) -> QuibblesState:
    """``models.state.play`` of ``state`` by ``bots`` (seat 1 first), seeded ``seed``,
    until the game is over or ``max_turns`` turns are complete: each call plays at most
    as many moves as turns remain, since a turn takes a move at least, so the game stops
    at the turn cap, never past it (each call draws the table's outcomes afresh from
    ``seed``: a dealt game's have one each, its piles' order being known)."""
    while not state.is_over and state.turn_count < max_turns:
        after = play(state, bots, seed=seed, max_moves=max_turns - state.turn_count)
        assert isinstance(after, QuibblesState)  # a position of the game it was given
        state = after
    return state
