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
is the stash move. The move returned is the observation's legal move that does what the
policy chose: the same cards played, the same display cards taken (by value outside solo,
where the notation takes the leftmost copies; by place in solo) and the same stash; a
choice that is no legal move is a bug, an ``AssertionError`` naming both.

Each decision is made by a fresh player of the policy: a policy's only memory (the hint's
planned stash) lasts from its action to its stash, which are one move here, and the hint
decides a DRAW's stash afresh once the cards are seen (``best_stash``), as it does in the
engine's games. The clairvoyant policy reads the order of the draw pile, which no
observation shows: it is no seat's bot and has no entry in ``BOTS``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import Combine, Draw, Turn, Variant
from cardsolve.models.quibbles.state import STASHING, QuibblesState, StashMove, TurnMove, turn_notation
from cardsolve.models.state import TABLE, Bot, GameState, Move
from cardsolve.solvers.quibbles.bot_games import POLICIES, SEES_DRAW_PILE, Lookahead, policy_by_name
from cardsolve.solvers.quibbles.policies import Policy

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
    stash; else its action and, unless the action is a DRAW, its stash after it."""
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
    solo = seen.variant is Variant.SOLO
    wanted = effect(turn, seen.display, solo)
    for move in legal:
        if isinstance(move, TurnMove) and effect(move.turn, seen.display, solo) == wanted:
            return move
    notation = turn_notation(turn, seen.display)
    raise AssertionError(f"the policy's turn {notation!r} is no legal move: {_listed(legal)}")


DEFAULT_LOOKAHEAD = Lookahead()
"""The hint bot's lookahead unless told: the hint command's."""


def _listed(legal: tuple[Move, ...]) -> str:
    return "; ".join(str(move) for move in legal) or "none"


class PolicyBot:
    """A protocol bot playing the policy ``name`` (``bot_games.POLICIES``, with
    ``lookahead``) on what its seat sees: each call a fresh player of it chooses
    (``policy_move``), the hidden cards dealt by ``seed``, its random choices drawn from
    the random source given."""

    def __init__(self, name: str, seed: int = 0, lookahead: Lookahead = DEFAULT_LOOKAHEAD) -> None:
        """A bot of the policy ``name``; an unknown name, or one that reads the draw pile,
        is bad input naming it and the choices."""
        check_name(name)
        self.name, self.seed, self.lookahead = name, seed, lookahead

    def __call__(self, seen: GameState, rng: random.Random) -> Move:
        """The move the policy makes in ``seen``, a Quibbles position with a seat to move;
        another game's position, or one where no seat is to move, is bad input."""
        if not isinstance(seen, QuibblesState):
            raise BadInput(f"the {self.name} bot plays Quibbles, not {seen.game}", seen.game)
        if seen.to_move in (None, TABLE):
            raise BadInput(f"the {self.name} bot moves for a seat, and no seat is to move here", str(seen.to_move))
        return policy_move(policy_by_name(self.name, self.lookahead), seen, rng, self.seed)

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
