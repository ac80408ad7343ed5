"""The CUBU bots as protocol bots (``models.state.Bot``): the old policies, played over a State.

Each bot is one of ``bots.BOTS`` (greedy, run-keeper, strategist, random), seeded as that
policy is, and it plays by calling the policy itself: it reads what its seat sees (the
observation), builds the view the old engine would have handed the policy, asks the policy
and returns its decision as a move: a classic turn as ``state.turn_move`` writes it, which
the position checks as it is applied (``classic.check_turn``: an illegal one is
``IllegalMove``), any other decision the legal move of the observation with the same
notation (one that is not listed is a bug of the adapter or the policy: ``AssertionError``
naming both).

- A classic turn (``CubuState``, the seat in turn): ``classic.TurnView`` from the seat's
  hand, the top card, every hand's size (a hidden hand's cards are counted, not seen), the
  pickup deck's size, the turns each seat will miss and the score sheet; the policy's
  ``Turn`` is written as ``state.turn_move`` writes it (``R2up:...``, ``miss@2``,
  ``interrupt``, ``draw``).
- The interrupt window (a seat asked while a sequence is laid): a seat holding no interrupt
  passes without asking its policy (the old engine asks only holders, so a policy draws its
  random numbers as it did there); a holder's policy gets ``classic.InterruptView``: the
  player in turn, the declared box, the cards of the sequence laid so far and the player's
  hand size (the cards he holds plus those he still means to lay, whose number shows). How
  many cards are laid, and the declared box, are read from the sequence's move in the
  history (its length less the cards still to come); a position loaded mid-sequence whose
  history lacks that move counts the longest tail of the laid cards that follows the box
  back, less the card it was declared on.
- A Speed CUBU race (``SpeedRaceState``): ``speed.LayView`` (the seat's hand, the grid, the
  follow mode); the policy's (card, cell) is written ``D-R-G@1,0`` and None ``pass``. Only
  ``random`` plays races, by ``speed.RandomPolicy`` (the race's only policy); the classic
  bots refuse a race as bad input.
- A hand that shows hidden cards (a position loaded from another seat's view) first
  ``look``s at them, so that the policy decides on a known hand.

A bot keeps its policy, whose random source runs on from decision to decision as it does in
the old engine: a fresh bot (``bot(name, seed)``) per game, as ``bots.lineup`` seats one per
game, gives the same game for the same seed. The random source ``play`` hands a bot is not
used: the policy's own, seeded by ``seed``, decides its ties.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from cardsolve.models.cubu import classic, speed
from cardsolve.models.cubu.cards import Card
from cardsolve.models.cubu.classic import INTERRUPT, InterruptView, TurnView
from cardsolve.models.cubu.sequence import UP, Follow
from cardsolve.models.cubu.speed import LayView
from cardsolve.models.cubu.state import LOOK, PASS, CubuMove, CubuState, SpeedRaceState, start, turn_move
from cardsolve.models.errors import BadInput
from cardsolve.models.state import Bot, GameState, Move
from cardsolve.solvers.cubu.bots import BOTS as POLICIES
from cardsolve.solvers.cubu.bots import lineup
from cardsolve.solvers.infrastructure.seeds import whole_seed


def _listed(seen: CubuState | SpeedRaceState, notation: str, decision: object) -> CubuMove:
    """The legal move of ``seen`` written ``notation``; a decision that is not listed is a bug
    (``AssertionError`` naming the decision and the legal moves)."""
    for move in seen.legal_moves():
        if move.notation == notation:
            return move
    legal = ", ".join(move.notation for move in seen.legal_moves())
    raise AssertionError(f"the policy decided {decision!r} ({notation}), not a legal move of the position: {legal}")


def _known(hand: tuple[Card | None, ...]) -> tuple[Card, ...]:
    """A hand the seat sees whole (the caller has checked it shows no hidden card)."""
    return tuple(card for card in hand if card is not None)


def turn_view(seen: CubuState) -> TurnView:
    """What the seat in turn knows, as the policies' ``classic.TurnView`` holds it, from its observation:
    its hand, the top card, the sizes of the hands (hidden ones counted), the pickup deck's
    size, the turns each seat will miss and the score sheet."""
    seat = seen.turn
    return TurnView(
        seat - 1,
        _known(seen.hands[seat - 1]),
        seen.top,
        tuple(len(hand) for hand in seen.hands),
        len(seen.pickup),
        seen.skips,
        seen.sheet,
    )


def _declared(seen: CubuState) -> tuple[Follow, int]:
    """The declared box of the sequence being laid and how many of its cards are laid: from
    its move in the history when that move fits the table (the last sequence move, its cards
    less those still to come, the box stepped on to the box the next card follows), else the
    longest tail of the laid cards that follows the box back, less the card it starts on."""
    laying = seen.laying
    assert laying is not None
    step = laying.follow.direction
    moves = [move for move in seen.history if ":" in move]
    if moves:
        declared, _, cards = moves[-1].partition(":")
        laid = len(cards.split(",")) - len(laying.planned)
        follow = Follow(laying.follow.colour, laying.follow.position - laid * step, step)
        if laid >= 1 and declared == f"{follow.colour}{follow.position}{'up' if step == UP else 'down'}":
            return follow, laid
    table = (*seen.pile, seen.top)
    chain = 0
    while (
        chain < len(table)
        and table[-1 - chain].colour_at(laying.follow.position - chain * step) == laying.follow.colour
    ):
        chain += 1
    laid = max(1, chain - 1)  # the card the box was declared on is under the laid ones
    return Follow(laying.follow.colour, laying.follow.position - laid * step, step), laid


def interrupt_view(seen: CubuState, seat: int) -> InterruptView:
    """What ``seat``, asked while the seat in turn lays a sequence, knows: its hand, the
    player, the declared box, the cards of the sequence laid so far (the top card and those
    under it) and the player's hand size (his cards and those he still means to lay)."""
    laying = seen.laying
    assert laying is not None
    follow, laid = _declared(seen)
    played = (*seen.pile, seen.top)[-laid:]
    size = len(seen.hands[seen.turn - 1]) + len(laying.planned)
    return InterruptView(seat - 1, _known(seen.hands[seat - 1]), seen.turn - 1, follow, played, size)


def classic_move(seen: CubuState, policy: classic.Policy) -> CubuMove:
    """The move ``policy`` makes for the seat to move in a classic round: in the interrupt
    window ``interrupt`` or ``pass`` by ``policy.interrupt`` (a seat holding none passes
    unasked), else its turn by ``policy.choose_turn``; a hidden hand first looks."""
    seat = seen.to_move
    assert seat is not None and seat >= 1, "a bot moves for a seat, not the table"
    if seen.naming(seat):
        return LOOK
    if seen.laying is not None:
        if Card(action=INTERRUPT) not in seen.hands[seat - 1]:
            return PASS
        view = interrupt_view(seen, seat)
        decision = policy.interrupt(view)
        return _listed(seen, INTERRUPT if decision else PASS.notation, decision)
    turn = policy.choose_turn(turn_view(seen))
    return turn_move(turn)  # the position checks it as it is applied (``classic.check_turn``)


def lay_view(seen: SpeedRaceState) -> LayView:
    """What the seat to move in a race knows: its hand, the grid and the follow mode."""
    seat = seen.to_move
    assert seat is not None and seat >= 1
    return LayView(seat - 1, _known(seen.hands[seat - 1]), dict(seen.grid), seen.follow)


def race_move(seen: SpeedRaceState, policy: speed.Policy) -> CubuMove:
    """The move ``policy.lay`` makes for the seat to move in a race: its (card, cell) as
    ``D-R-G@1,0``, None as ``pass``; a hidden hand first looks."""
    seat = seen.to_move
    assert seat is not None and seat >= 1, "a bot moves for a seat, not the table"
    if seen.naming(seat):
        return LOOK
    view = lay_view(seen)
    choice = policy.lay(view)
    if choice is None:
        return PASS
    card, (x, y) = choice
    kind = "lay" if speed.fits(view.grid, (x, y), card, seen.follow) else "wrong"
    return CubuMove(f"{card.name}@{x},{y}", kind, card=card, cell=(x, y))  # the position checks it as applied


def policy_bot(name: str, policy: classic.Policy, racer: speed.Policy | None = None) -> Bot:
    """A protocol bot called ``name`` playing classic rounds by ``policy`` and races by
    ``racer`` (a bot without one refuses a race as bad input)."""

    def decide(seen: GameState, rng: random.Random) -> Move:
        if isinstance(seen, CubuState):
            return classic_move(seen, policy)
        if isinstance(seen, SpeedRaceState):
            if racer is None:
                raise BadInput(f"the {name} bot plays the classic game, not a Speed CUBU race: use random", name)
            return race_move(seen, racer)
        raise BadInput(f"the {name} bot plays CUBU, not {seen.game}", seen.game)

    return decide


def _maker(name: str) -> Callable[[int], Bot]:
    """The seeded maker of the bot called ``name``: its policy from ``bots.BOTS`` seeded by the
    seed (and for ``random`` also ``speed.RandomPolicy``, so that it plays races)."""

    def make(seed: int) -> Bot:
        racer = speed.RandomPolicy(seed) if name == "random" else None
        return policy_bot(name, POLICIES[name](seed), racer)

    return make


MAX_MOVES = 10**9
"""More moves than any classic game takes: its round, turn and sequence limits end it first."""


def seated_bots(names: Sequence[str], seed: int | str) -> list[Bot]:
    """One protocol bot per seat, seat 1 first, each playing the policy ``bots.lineup`` seats
    there (``names[s]`` seeded from ``seed`` and the seat), as the old engine seated them."""
    return [policy_bot(name, policy) for name, policy in zip(names, lineup(names, seed), strict=True)]


def game_start(seed: int | str, players: int, *, target: int = classic.TARGET, rounds: int | None = None) -> CubuState:
    """A classic game as ``cubu play`` and the studies play it: seat 1 deals first, the deals
    and reshuffles from ``seed`` (as ``random.Random(seed)`` makes them: ``seeds.whole_seed``),
    to ``target`` points or for ``rounds`` rounds; a number of players outside 2 to 6 is bad
    input naming it."""
    if players not in classic.PLAYERS:
        raise BadInput(f"CUBU is for 2 to 6 players, not {players}", str(players))
    state = start(seed=whole_seed(seed), players=players, target=target, rounds=rounds, dealer=1)
    assert isinstance(state, CubuState)
    return state


BOTS: dict[str, Callable[[int], Bot]] = {name: _maker(name) for name in POLICIES}
"""The bots by the names ``cubu play --bots`` takes, each making a fresh bot from a seed."""


def bot(name: str, seed: int = 0) -> Bot:
    """A fresh protocol bot called ``name`` seeded with ``seed``; an unknown name is bad
    input naming it and the choices."""
    if name not in BOTS:
        raise BadInput(f"unknown bot {name!r}: expected one of {', '.join(BOTS)}", name)
    return BOTS[name](seed)
