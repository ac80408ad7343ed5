"""The value of every option of the CUBU seat to move: the cards each move plays now and
the points at stake.

A move's value is the number of cards it takes out of the seat's hand now (a colour
sequence its length, an action card or an interrupt 1, a draw or a pass 0), and beside it
the points the hand still holds after it (5 a regular card, 10 an action card: what the
seat pays if another goes out) and whether it goes out (wins the round). Options rank by
going out, then cards played, then fewer points left. A swap hands over the seat's cards
for a hand it cannot see: its points left are unknown (``null``) and it ranks as that
hand's size at 5 points a card, the least it can hold. In the interrupt window, an
interrupt also names how many planned cards it stops the player from laying.

These values are exact counts, so proven, but they are what a move plays now, not its
value for the rest of the round (no search looks ahead). The colour sequences are
``classic.legal_turns``'s, and the longest of them is ``cubu longest``'s answer
(``longest``, reported beside the options). Speed CUBU lays count alike (1 card, or 0 for
a pass). Everything is computed from ``state.observation(seat)``: the same for every order
of the cards the seat cannot see.
"""

from __future__ import annotations

from cardsolve.models.cubu.cards import REGULAR_POINTS, Card
from cardsolve.models.cubu.classic import ActionPlay, SequencePlay
from cardsolve.models.cubu.state import CubuMove, CubuState, SpeedRaceState
from cardsolve.models.errors import BadInput
from cardsolve.models.state import GameState
from cardsolve.solvers.cubu.longest import longest_runs
from cardsolve.solvers.infrastructure.evaluation import Evaluation, Option, seat_to_value
from cardsolve.solvers.infrastructure.limits import check_time_limit

UNIT = "cards played now, then points left in hand (what the move plays, not its value for the rest of the round)"
GOES_OUT = 1_000_000
"""Rank of going out, above any count of cards."""
PER_CARD = 1_000
"""Rank of one card played, above any points left."""


def _points(cards: tuple[Card, ...] | list[Card]) -> int:
    return sum(card.points for card in cards)


def _option(move: CubuMove, played: int, left: int | None, out: bool, lowest: int, **extra: int) -> Option:
    """An option that plays ``played`` cards and leaves ``left`` points (None: unknown,
    ``lowest`` at least) in the hand; ``out``: it empties the hand."""
    rank = GOES_OUT * out + PER_CARD * played - (lowest if left is None else left)
    words = (
        "goes out"
        if out
        else f"{played} card{'s' * (played != 1)}, "
        + (f"{left} points left" if left is not None else f"at least {lowest} points left (a hand you cannot see)")
    )
    return Option(
        str(move), played, float(rank), True, shown=words, extra={"points_left": left, "goes_out": out, **extra}
    )


def _classic_options(seen: CubuState, seat: int) -> list[Option]:
    """Every option of ``seat`` on its turn or when asked in the interrupt window."""
    hand = [card for card in seen.hands[seat - 1] if card is not None]
    options = []
    for move in seen.legal_moves():
        turn = move.turn
        if seen.laying is not None:
            stops = len(seen.laying.planned) if move.kind == "interrupt" else 0
            played = 1 if move.kind == "interrupt" else 0
            left = _points(hand) - 10 * played
            options.append(_option(move, played, left, played == len(hand), left, stopped_count=stops))
        elif isinstance(turn, SequencePlay):
            rest = list(hand)
            for card in turn.cards:
                rest.remove(card)
            options.append(_option(move, len(turn.cards), _points(rest), not rest, 0))
        elif isinstance(turn, ActionPlay) and turn.action == "swap" and len(hand) > 1:
            got = len(seen.hands[turn.target])
            options.append(_option(move, 1, None, False, REGULAR_POINTS * got))
        elif move.kind in ("action", "interrupt"):
            rest = list(hand)
            rest.remove(Card(action=turn.action) if isinstance(turn, ActionPlay) else Card(action="interrupt"))
            options.append(_option(move, 1, _points(rest), not rest, 0))
        else:
            options.append(_option(move, 0, _points(hand), False, 0))
    return options


def _speed_options(seen: SpeedRaceState, seat: int) -> list[Option]:
    """Every lay of ``seat`` (one card) and its pass (none)."""
    held = len(seen.hands[seat - 1])
    options = []
    for move in seen.legal_moves():
        played = 1 if move.kind == "lay" else 0
        options.append(_option(move, played, REGULAR_POINTS * (held - played), held == played, 0))
    return options


def evaluate_state(state: GameState, *, time_limit: float) -> Evaluation:
    """Every legal option of the seat to move in ``state`` (a CUBU state) with the cards it
    plays and the points left, from what that seat sees; the table to move or a finished
    round is bad input."""
    check_time_limit(time_limit)  # valuing is a count per legal move: milliseconds, far within any limit
    position, seat = seat_to_value(state, (CubuState, SpeedRaceState), "CUBU", "a card is drawn or named", end="round")
    seen = position.observation(seat)
    assert isinstance(seen, (CubuState, SpeedRaceState))
    if seen.naming(seat):
        raise BadInput(
            f"seat {seat}'s hand is hidden in this position: write its cards (or apply 'look') to value its moves",
            "hands",
        )
    if isinstance(seen, SpeedRaceState):
        options = _speed_options(seen, seat)
        return Evaluation.ranked("cubu", seat, UNIT, options, "Speed CUBU: a lay plays one card, a pass none.")
    options = _classic_options(seen, seat)
    extra: dict[str, int] = {}
    if seen.laying is None:
        hand = [card for card in seen.hands[seat - 1] if card is not None]
        runs = longest_runs(seen.top, hand, limit=1)
        extra = {"longest": len(runs[0]) if runs else 0, "hand_points": _points(hand)}
    note = "Exact counts of what each move plays now; no search looks past this turn."
    return Evaluation.ranked("cubu", seat, UNIT, options, note, **extra)
