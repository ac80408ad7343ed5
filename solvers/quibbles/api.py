"""The Quibbles API: one function per ``cardsolve quibbles`` command, each returning an
immutable answer (``solvers.quibbles.results``) whose ``to_json()`` and ``text()`` are
what the command prints. Cards are given in the notation (``"1,2,2,6"``) or as values; a
variant by name or as a ``Variant``. Seats count from 1. A game in progress (``start``,
``load``: ``models.quibbles.state``) is valued option by option by ``evaluate``
(``evaluation``) and played by ``bot``'s players (``state_bots``). The solvers are imported when
a function is first called, so importing this module loads neither numba nor OR-Tools.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import (
    Draw,
    IllegalMove,
    State,
    Turn,
    Variant,
    format_values,
    from_counts,
    parse_turn,
    parse_values,
    parse_variant,
    position,
    read_values,
    unseen_counts,
)
from cardsolve.models.quibbles.engine import MAX_PLAYERS
from cardsolve.models.quibbles.state import STASHING, QuibblesState, StashMove, TurnMove, load, start
from cardsolve.models.state import TABLE, Bot
from cardsolve.solvers.infrastructure.arguments import checked
from cardsolve.solvers.infrastructure.limits import check_count, check_time_limit
from cardsolve.solvers.quibbles.backends import BACKENDS
from cardsolve.solvers.quibbles.evaluation import evaluate
from cardsolve.solvers.quibbles.results import (
    BestSplit,
    BotGame,
    CombineOptions,
    DrawVerdicts,
    Hint,
    MoveCheck,
    PlayedTurn,
)
from cardsolve.solvers.quibbles.settings import (
    DEFAULT_SAMPLES,
    DEFAULT_SHORTLIST,
    MAX_HINT_SHORTLIST,
    MAX_SAMPLES,
    MAX_TOP,
)

__all__ = ["bot", "combine", "evaluate", "hint", "load", "move", "play", "split", "start"]

Cards = str | Sequence[int]
"""Card values: ``"1,2,2,6"`` or ``[1, 2, 2, 6]``."""
SPLIT_TIME_LIMIT = 10.0
"""Seconds ``split`` gives cpsat by default."""


@checked
def split(
    value: int | str, display: Cards, *, backend: str = BACKENDS.default, time_limit: float = SPLIT_TIME_LIMIT
) -> BestSplit:
    """The split of the played card ``value`` that takes the most display cards, by
    ``backend`` (numba, cpsat or reference: all exact); ``time_limit`` seconds bind cpsat
    only, and a split they stop before its proof leaves the best undecided."""
    from cardsolve.solvers.quibbles.split import best_split

    seconds = check_time_limit(time_limit)
    if isinstance(value, str):
        card = parse_values(value, "the played card")
        if len(card) != 1:
            raise BadInput(f"play one card, not {value!r}", value)
        value = card[0]
    cards = parse_values(display, "--display") if isinstance(display, str) else display
    return best_split(cards, value, backend, time_limit=seconds)


@checked
def combine(hand: Cards, display: Cards) -> CombineOptions:
    """Every distinct COMBINE: the hand cards played, their total, how many display cards
    of that total it takes; most cards taken first. Hand and display must fit in the deck,
    as for every other position."""
    from cardsolve.solvers.quibbles.combine import combine_options

    cards, shown = read_values(hand, "--hand"), read_values(display, "--display")
    unseen_counts(Variant.STANDARD, shown, cards)
    return CombineOptions(tuple(cards), tuple(shown), tuple(combine_options(cards, shown)))


@checked
def move(
    hand: Cards,
    display: Cards,
    turn: str | Turn,
    *,
    collection: Cards = "",
    variant: str | Variant = Variant.STANDARD,
    drawn: Cards | None = None,
) -> MoveCheck:
    """Check ``turn`` (notation: ``split 6 -> 3+3, 1+1+4; stash 4``) against the rules and
    say what it leaves before the refill (solo: after the penalty). A DRAW's cards are
    never made up: ``drawn`` gives the two cards drawn; without it the turn is judged
    against every draw the cards out of sight could give, and the answer is legal whatever
    is drawn (exit 0) or names the draws that make it legal (exit 1). A turn illegal
    whatever is drawn is bad input giving the reason."""
    rules = parse_variant(variant)
    state = position(
        rules,
        read_values(hand, "--hand", rules.top_value),
        read_values(display, "--display", rules.top_value),
        read_values(collection, "--collection", rules.top_value),
        opponents=0 if rules is Variant.SOLO else 1,
    )
    played = parse_turn(turn, state.display) if isinstance(turn, str) else turn
    if drawn is not None:
        return _known_draw(state, played, read_values(drawn, "--drawn", rules.top_value))
    if isinstance(played.action, Draw):
        return _unknown_draw(state, played)
    return _outcome(state, played, ())


def _outcome(state: State, played: Turn, drawn: tuple[int, ...]) -> MoveCheck:
    """Play the turn on ``state`` (illegal: bad input), whose DRAW gives ``drawn``, and say
    what it leaves: the player's own part, then the solo penalty unless the stash won."""
    shown = tuple(state.display)
    state.play(played)
    if state.winner is None:
        state.solo_penalty()
    return MoveCheck(
        state.variant,
        played,
        shown,
        tuple(from_counts(state.hands[0])),
        tuple(state.display),
        tuple(from_counts(state.collections[0])),
        tuple(state.penalty),
        state.winner == 0,
        drawn,
    )


def _known_draw(state: State, played: Turn, drawn: list[int]) -> MoveCheck:
    """A DRAW whose cards the player has seen: judged and played with exactly those."""
    cards = format_values(drawn)
    if not isinstance(played.action, Draw):
        raise BadInput(f"--drawn {cards} belongs to a DRAW, and this turn draws nothing", cards)
    problem = state.check_draw(drawn)
    if problem:
        raise BadInput(f"--drawn {cards}: {problem}", cards)
    return _outcome(state.with_draw(drawn), played, tuple(sorted(drawn)))


def _unknown_draw(state: State, played: Turn) -> MoveCheck:
    """A DRAW whose cards are unknown, judged under every possible draw: what it leaves is
    the same under every draw that allows it, but for the drawn cards left in hand, which
    the answer leaves out."""
    unplayable = state.check(Turn(played.action))
    if unplayable:
        raise IllegalMove(f"illegal turn: {unplayable}")
    verdicts = state.draw_verdicts(played)
    legal = tuple(draw for draw, reason in verdicts.items() if reason is None)
    if not legal:
        raise IllegalMove(f"illegal turn whatever is drawn: {_nearest_miss(verdicts, played)}")
    seen = tuple(from_counts(state.hand_seen_after(played)))
    answer = _outcome(state.with_draw(legal[0]), played, legal[0])
    return replace(answer, hand=seen, drawn=None, draws=DrawVerdicts(tuple(verdicts), legal))


def _nearest_miss(verdicts: dict[tuple[int, ...], str | None], played: Turn) -> str:
    """Why the turn's stash fails under the draw most in its favour (the most cards of the
    stashed value), naming that draw when it helps the stash at all."""
    value = played.stash.value if played.stash is not None else 0
    best = max(verdicts, key=lambda draw: draw.count(value))
    even = f", even with {format_values(best)} drawn" if value in best else ""
    return f"{verdicts[best]}{even}"


@checked
def hint(
    hand: Cards,
    display: Cards,
    *,
    collection: Cards = "",
    penalty: Cards = "",
    variant: str | Variant = Variant.STANDARD,
    opponents: int | None = None,
    samples: int = DEFAULT_SAMPLES,
    shortlist: int | None = DEFAULT_SHORTLIST,
    top: int | None = 5,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Hint:
    """Every legal turn ranked by a sampled lookahead three of the player's own turns deep
    (``samples`` refills per candidate, only the ``shortlist`` best by the static score
    and every DRAW sampled, None: all; the best few by their means sampled again on fresh
    refills; the defaults, from ``settings``, are the solo study's too),
    the best explained; ``top`` turns shown (None: all). ``opponents`` (default 0 solo,
    else 1) get hands sampled from the unseen cards; ``progress(done, planned)`` hears of
    each sample of both rounds (``planned``: the first round's and the second's)."""
    from cardsolve.solvers.quibbles.hint import rank_turns

    for name, value, low, high in (
        ("samples", samples, 1, MAX_SAMPLES),
        ("shortlist", shortlist, 1, MAX_HINT_SHORTLIST),
        ("top", top, 1, MAX_TOP),
        ("opponents", opponents, 0, MAX_PLAYERS - 1),
    ):
        check_count(name, value, low, high)
    rules = parse_variant(variant)
    cards = read_values(hand, "--hand", rules.top_value)
    if not cards:
        raise BadInput("--hand is empty: a player without cards has no turn", "")
    if opponents is None:
        opponents = 0 if rules is Variant.SOLO else 1
    state = position(
        rules,
        cards,
        read_values(display, "--display", rules.top_value),
        read_values(collection, "--collection", rules.top_value),
        read_values(penalty, "--penalty", rules.top_value),
        opponents=opponents,
        seed=seed,
    )
    found = rank_turns(state, samples=samples, shortlist=shortlist, seed=seed, report=progress)
    return replace(found, top=top)


@checked
def play(
    *, players: int = 3, variant: str | Variant | None = None, bots: str | Sequence[str] | None = None, seed: int = 1
) -> BotGame:
    """A whole seeded game between bots (``bots``: one of hint, greedy, random per seat,
    seat 1 first; default hint for all; solo also the clairvoyant bound), turn by turn:
    ``models.state.play`` of ``start(seed=seed)`` by the policies as protocol bots
    (``state_bots.play_bots``, up to ``bot_games.MAX_TURNS`` turns), the answer read off
    its final position. ``variant`` defaults to solo for one player, else standard."""
    from cardsolve.solvers.quibbles.bot_games import seat_policies
    from cardsolve.solvers.quibbles.state_bots import play_bots, seat_bots

    check_count("number of players", players, 1, MAX_PLAYERS)
    rules = parse_variant(variant or (Variant.SOLO if players == 1 else Variant.STANDARD))
    names = seat_policies(bots, players)
    first = start(seed=seed, players=players, variant=rules)
    end = play_bots(first, seat_bots(names, seed), seed)
    return BotGame(
        rules,
        seed,
        names,
        _played_turns(first, end),
        end.turn_count,
        end.winner,
        end.is_over and end.winner is None,
        not end.is_over,
        end.collections,
        int(end.scores()[1]) if rules is Variant.SOLO else None,
    )


def _played_turns(first: QuibblesState, end: QuibblesState) -> tuple[PlayedTurn, ...]:
    """The seats' whole turns from ``first`` to ``end`` (whose history goes on from
    ``first``'s), each with the display it was played on, replayed move by move: a
    SPLIT or COMBINE is one move, a DRAW's turn ends with the stash after its cards. The
    history is a played game's, so a seat's turn is read from its notation
    (``parse_turn``, which reads a legal move's notation back to its turn) rather than
    found among every legal turn."""
    turns: list[PlayedTurn] = []
    drawn: PlayedTurn | None = None
    state = first
    for notation in end.history[len(first.history) :]:
        acting = state.to_move != TABLE and state.step != STASHING
        move = TurnMove(parse_turn(notation, state.display), notation) if acting else state.move(notation)
        if isinstance(move, TurnMove):
            turn = PlayedTurn(state.turn_seat, state.display, move.turn)
            if isinstance(move.turn.action, Draw):
                drawn = turn
            else:
                turns.append(turn)
        elif isinstance(move, StashMove) and drawn is not None:
            turns.append(replace(drawn, turn=Turn(drawn.turn.action, move.stash)))
        state = state.played(move)
    return tuple(turns)


@checked
def bot(name: str, seed: int = 0) -> Bot:
    """The player ``name`` (hint, greedy or random: the policies of ``play``) as a bot of
    the game protocol, for ``models.state.play`` over a ``start``ed game: given what its
    seat sees and a random source, its move; ``seed`` deals the cards it cannot see, which
    its choice does not depend on (``state_bots``)."""
    from cardsolve.solvers.quibbles.state_bots import bot as state_bot

    return state_bot(name, seed)
