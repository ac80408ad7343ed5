"""Quibbles as a game in progress (``models.quibbles.state``): the rulebook's rules as moves
(each legal move accepted, an illegal one refused with the rule it breaks), pinned
move-tree counts, ``evaluate`` against ``cardsolve quibbles hint`` and across hidden
cards, and the ``start``/``apply``/``evaluate`` commands."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli
from refusals import refused

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import (
    Combine,
    Draw,
    Split,
    Turn,
    Variant,
    deck_counts,
    describe_turn,
    from_counts,
    new_game,
    parse_turn,
    to_counts,
)
from cardsolve.models.quibbles import position as engine_position
from cardsolve.models.quibbles.deal import random_position
from cardsolve.models.quibbles.state import (
    STASHING,
    CardMove,
    QuibblesState,
    StashMove,
    TurnMove,
    load,
    start,
    turn_notation,
)
from cardsolve.models.state import HIDDEN, TABLE, table_move
from cardsolve.solvers.quibbles.api import evaluate, hint
from cardsolve.solvers.quibbles.hint import rank_turns


def position(**fields: Any) -> QuibblesState:
    """A position as a person writes it: two seats, seat 1 to act, the other hand and the
    draw pile hidden; ``fields`` replace or add fields of the document."""
    doc: dict[str, Any] = {
        "game": "quibbles",
        "to_move": 1,
        "hands": [[1, 2, 2, 4, 4, 4, 6], [HIDDEN] * 6],
        "display": [3, 3, 1, 1, 4, 2],
    }
    return load(doc | fields)


def moves(state: QuibblesState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


def table_plays(state: QuibblesState, *values: int) -> QuibblesState:
    """The table's cards, one value each, while the table is to move."""
    for value in values:
        assert state.to_move == TABLE
        state = state.apply(next(m for m in moves(state) if m.endswith(f" {value}")))
    return state


# -- the rules as moves ----------------------------------------------------------------


def test_split_takes_sets_summing_to_the_card_played() -> None:
    state = position()
    after = state.apply("split 6 -> 3+3, 1+1+4")
    assert after.hands[0] == (1, 1, 1, 2, 2, 3, 3, 4, 4, 4, 4) and after.display == (2,)
    assert "split 6 -> 3+3, 1+1+4; stash 4" in moves(state)  # then the optional stash
    assert "does not sum to 6" in refused(lambda: state.apply("split 6 -> 3+2"))
    assert "no 5 in hand to split" in refused(lambda: state.apply("split 5 -> 3+2"))
    assert "a split takes at least one set" in refused(lambda: state.apply("split 6 ->"))


def test_combine_plays_2_to_6_cards_and_takes_cards_of_their_total() -> None:
    state = position()
    assert state.apply("combine 1+2 -> 3,3").display == (1, 1, 4, 2)
    assert "a combine worth 4 cannot take a 3" in refused(lambda: state.apply("combine 2+2 -> 3"))
    assert "hand does not hold 1+1" in refused(lambda: state.apply("combine 1+1 -> 2"))
    assert "more than 6" in refused(lambda: state.apply("combine 4+4 -> 3"))


def test_draw_lays_a_card_then_the_table_deals_two_then_the_stash_waits_for_them() -> None:
    state = position()
    drawn = state.apply("draw 6")
    assert drawn.display[-1] == 6 and drawn.to_move == TABLE and drawn.step == "draw"
    assert moves(drawn) == [f"seat 1 draws {v}" for v in range(1, 7)]  # the pile is hidden: any value
    ready = table_plays(drawn, 4, 4)
    assert ready.to_move == 1 and ready.step == "stash"
    assert moves(ready) == ["no stash", "stash 1", "stash 2", "stash 4"]
    stashed = ready.apply("stash 4")
    assert stashed.collections[0] == (4,) and 4 not in stashed.hands[0]
    assert "no 3 in hand to lay" in refused(lambda: state.apply("draw 3"))
    assert "decided once its cards are drawn" in refused(lambda: state.apply("draw 6; stash 4"))
    assert "the table decides now" in refused(lambda: drawn.apply("stash 4"))


def test_a_seeded_deal_gives_the_cards_its_draw_pile_holds() -> None:
    state = start(seed=3)
    top = state.draw_pile[0]
    drawn = state.apply(f"draw {state.hands[0][0]}")
    assert moves(drawn) == [f"seat 1 draws {top}"]


def test_a_stash_needs_as_many_cards_as_its_value_and_a_full_collection_evicts() -> None:
    state = position()
    assert "stashing 4s needs at least 4 of them in hand, not 3" in refused(
        lambda: state.apply("split 6 -> 3+3; stash 4")
    )
    full = position(collections=[[1, 1, 2, 2, 3, 3], []])
    assert "name one to discard first" in refused(lambda: full.apply("split 6 -> 3+3, 1+1+4; stash 4"))
    assert "no 6 in the collection" in refused(lambda: full.apply("split 6 -> 3+3, 1+1+4; stash 4 evict 6"))
    after = full.apply("split 6 -> 3+3, 1+1+4; stash 4 evict 1")
    assert after.collections[0] == (1, 2, 2, 3, 3, 4)
    assert "not full" in refused(lambda: state.apply("split 6 -> 3+3; stash 2 evict 1"))


def test_a_collection_worth_21_wins_at_once() -> None:
    state = position(hands=[[4, 4, 4, 4, 6], [HIDDEN] * 6], collections=[[6, 5, 4, 3], []])
    won = state.apply("split 6 -> 3+3; stash 4")
    assert won.is_over and won.winner == 1 and won.to_move is None
    assert won.scores() == {1: 1.0, 2: 0.0}
    assert "the game is over" in refused(lambda: won.apply("draw 1"))


def test_the_simplified_game_has_no_6s_and_one_of_each_1_to_5_wins() -> None:
    hands = [[1, 2, 2, 4, 4, 4, 4, 4, 5], [HIDDEN] * 6]
    state = position(variant="simplified", hands=hands, collections=[[1, 2, 3, 5], []])
    assert "hands[0]' holds 6, not a value 1-5" in refused(lambda: position(variant="simplified"))
    assert "not a card of the simplified deck" in refused(lambda: state.apply("draw 6"))
    won = state.apply("split 4 -> 3+1; stash 4")
    assert won.winner == 1


def test_the_turn_ends_with_a_refill_to_6_and_a_display_of_10_laid_out_anew() -> None:
    state = position()
    refill = state.apply("split 6 -> 3+3")
    assert refill.to_move == TABLE and refill.step == "refill"
    refilled = table_plays(refill, 5, 5)
    assert refilled.display == (1, 1, 4, 2, 5, 5) and refilled.to_move == 2
    ten = position(display=[3, 3, 1, 1, 4, 2, 5, 5, 5])
    laid = ten.apply("draw 6")
    after = table_plays(laid, 1, 1).apply("no stash")
    assert after.display == () and len(after.discard) == 10 and after.step == "refill"
    assert len(table_plays(after, 1, 2, 3, 4, 5, 6).display) == 6


def test_an_empty_hand_makes_everyone_discard_and_draw_6_the_player_first() -> None:
    state = position(hands=[[3, 3, 3, 6], [HIDDEN] * 3], display=[3, 3, 1, 2, 4, 5])
    emptied = table_plays(state.apply("split 6 -> 3+3; stash 3"), 1, 1)
    assert emptied.step == "redeal" and emptied.hands == ((), ())
    assert moves(emptied)[0] == "seat 1 draws 1"
    dealt = table_plays(emptied, *[1, 2, 3, 4, 5, 6], *[6, 5, 4, 3, 2, 1])
    assert dealt.hands == ((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6)) and dealt.to_move == 2


def test_solo_penalises_the_leftmost_display_card_and_names_other_copies_by_place() -> None:
    solo = {"variant": "solo", "hands": [[1, 2, 5, 6]], "display": [3, 5, 3, 2, 2, 4]}
    state = position(**solo)
    assert "combine 1+2 -> 3" in moves(state) and "combine 1+2 -> 3@2" in moves(state)
    leftmost = state.apply("combine 1+2 -> 3")
    assert leftmost.penalty == (5,) and leftmost.display == (3, 2, 2, 4)
    other = state.apply("combine 1+2 -> 3@2")
    assert other.penalty == (3,) and other.display == (5, 2, 2, 4)  # the other 3 is discarded too
    assert other.scores() == {1: 3.0}
    assert parse_turn("combine 1+2 -> 3@2", state.display).action.taken == (2,)  # the CLI reads it too
    assert "no 3 at display position 1" in refused(lambda: state.apply("combine 1+2 -> 3@1"))
    assert "solo is not for 2 seat(s)" in refused(lambda: position(variant="solo"))


def test_the_discard_pile_comes_back_shuffled_when_the_draw_pile_runs_out() -> None:
    deck = deck_counts(Variant.STANDARD)
    shown = [1, 2, 2, 4, 4, 4, 6, 3, 3, 1, 1, 4, 2, 5, 1, 6]  # seat 1's hand, the display, the piles
    rest = [v for v in range(1, 7) for _ in range(deck[v] - shown.count(v))]
    state = position(hands=[[1, 2, 2, 4, 4, 4, 6], rest], draw_pile=[5], discard=[1, 6])
    last = state.apply("draw 6")
    assert moves(last) == ["seat 1 draws 5"]
    shuffled = last.apply("seat 1 draws 5")
    assert shuffled.draw_pile == (HIDDEN, HIDDEN) and shuffled.discard == ()
    assert moves(shuffled) == ["seat 1 draws 1", "seat 1 draws 6"]  # only what nobody has seen


def whole_turn(state: QuibblesState, rng: random.Random) -> tuple[QuibblesState, Turn]:
    """A random whole turn of the seat to act (a DRAW's stash chosen once its cards are
    dealt), the table's one outcome after each move; the position after it and the turn."""
    move = rng.choice(state.legal_moves())
    assert isinstance(move, TurnMove)
    state, stash = state.apply(move), move.turn.stash
    while state.to_move == TABLE or state.step == STASHING:
        if state.to_move == TABLE:
            (card,) = state.legal_moves()  # the pile's order is known
            state = state.apply(card)
        else:
            chosen = rng.choice(state.legal_moves())
            assert isinstance(chosen, StashMove)
            state, stash = state.apply(chosen), chosen.stash
    return state, Turn(move.turn.action, stash)


@pytest.mark.parametrize(("seed", "players"), [(2, 1), (3, 3), (5, 2)])
def test_a_dealt_game_reshuffles_as_the_engine_s_game_of_its_seed(seed: int, players: int) -> None:
    """Random turns on ``start(seed)`` and the same turns on the engine's ``new_game`` of
    that seed leave the same cards everywhere, turn after turn, through reshuffles of the
    discard pile: the whole position knows the reshuffled order as the engine's random
    source makes it (``shuffle_seed``, ``shuffles``); a seat's view hides that source."""
    state, rng = start(seed=seed, players=players), random.Random(seed)
    engine = new_game(players, Variant.SOLO if players == 1 else Variant.STANDARD, seed)
    while not state.is_over and len(state.shuffles) < 3:
        state, turn = whole_turn(state, rng)
        engine.act(turn.action)
        engine.finish(turn.stash)
        assert state.display == tuple(engine.display) and state.penalty == tuple(engine.penalty)
        assert (
            state.draw_pile == tuple(reversed(engine.draw_pile)) and tuple(from_counts(engine.discard)) == state.discard
        )
        for seat, (hand, collection) in enumerate(zip(state.hands, state.collections)):
            assert hand == tuple(from_counts(engine.hands[seat])) and to_counts(collection) == engine.collections[seat]
    assert len(state.shuffles) == 3 and state.shuffle_seed == seed
    seen = state.observation(1)
    assert seen.shuffle_seed == HIDDEN and seen.shuffles == state.shuffles
    assert load(state.to_json()).to_json() == state.to_json() and load(seen.to_json()).shuffle_seed == HIDDEN


def test_the_notation_of_a_turn_reads_back_to_it() -> None:
    """A turn is written by value (``describe_turn``) exactly when that text reads back
    to it (``parse_turn``), else by place: on seeded positions, for every legal action
    and for the same cards taken in another grouping or from other copies."""
    rng = random.Random(5)
    for _ in range(200):
        engine = random_position(rng)
        display = tuple(engine.display)
        for action in engine.legal_actions():
            variants = [action]
            if isinstance(action, Split):
                sets = list(action.sets)
                rng.shuffle(sets)
                variants.append(Split.unchecked(action.card, tuple(sets)))
                flat = action.taken
                other = next(
                    (j for i in flat for j, v in enumerate(display) if v == display[i] and j not in flat), None
                )
                if other is not None:
                    moved = tuple(tuple(sorted(other if k == flat[0] else k for k in s)) for s in action.sets)
                    variants.append(Split.unchecked(action.card, moved))
            elif isinstance(action, Combine):
                variants.append(Combine.unchecked(action.played, action.taken[::-1]))
            for variant in variants:
                text = turn_notation(Turn(variant), display)
                assert parse_turn(text, display).action == variant
                reads_back = parse_turn(describe_turn(Turn(variant), display), display).action == variant
                assert (text == describe_turn(Turn(variant), display)) == reads_back


def test_a_seat_whose_hand_is_hidden_may_play_what_some_hand_allows() -> None:
    seen = position().apply("draw 6")
    seen = table_plays(seen, 3, 3).apply("no stash").observation(1)
    assert seen.to_move == 2 and seen.hands[1] == (HIDDEN,) * 6
    assert "draw 6" in moves(seen) and "split 6 -> 3+3" in moves(seen)
    played = seen.apply("split 6 -> 3+3")
    assert played.hands[1].count(HIDDEN) == 5 and 3 in played.hands[1]


def test_observations_hide_other_hands_the_piles_and_others_draws() -> None:
    state = start(seed=2, players=3)
    state = state.apply(f"draw {state.hands[0][0]}")
    outcome = moves(state)[0]
    after = state.apply(outcome)
    seen = after.observation(2)
    assert seen.hands[0] == (HIDDEN,) * len(after.hands[0]) and seen.hands[1] == after.hands[1]
    assert set(seen.draw_pile) == {HIDDEN} and seen.history == (state.history[0], HIDDEN)
    assert after.observation(1).history == (state.history[0], outcome)
    assert load(seen.to_json()).to_json() == seen.to_json()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"hands": [[1, 2, 7], []]}, "hands[0]"),
        ({"hands": []}, "hands"),
        ({"display": [1] * 11}, "display"),
        ({"variant": "chess"}, "variant"),
        ({"to_move": 0}, "to_move"),
        ({"draw_pile": [1, 2]}, "draw_pile"),
        ({"collections": [[6, 6, 6, 3], []]}, "winner"),
        ({"step": "sleep"}, "step"),
        ({"penalty": [1]}, "penalty"),
        ({"hands": [[6] * 27, []]}, "value 6"),
        ({"shuffle_seed": -1}, "shuffle_seed"),
        ({"shuffle_seed": "x"}, "shuffle_seed"),
        ({"shuffles": [133]}, "shuffles"),
        ({"shuffles": [1] * 1001}, "shuffles"),
        ({"shuffles": "132"}, "shuffles"),
    ],
)
def test_bad_documents_name_the_field(change: dict[str, Any], field: str) -> None:
    assert field in refused(lambda: position(**change))


# -- move-tree counts --------------------------------------------------------------------


def perft(state: QuibblesState, depth: int) -> int:
    """Leaves of the move tree ``depth`` moves deep (the table's outcomes counted as moves)."""
    if depth == 0:
        return 1
    return sum(perft(state.apply(move), depth - 1) for move in state.legal_moves())


def test_perft_of_a_seeded_solo_deal() -> None:
    """A seeded draw pile gives the table one outcome, so the count grows only where the
    seat decides; depth 1 is the engine's own count of whole turns (a DRAW once)."""
    state = start(seed=1, players=1)
    engine = new_game(1, Variant.SOLO, 1)
    turns = [t for t in engine.legal_turns() if not (isinstance(t.action, Draw) and t.stash is not None)]
    assert [perft(state, depth) for depth in range(1, 8)] == [len(turns), 20, 20, 24, 339, 622, 649]
    assert len(turns) == 20


def test_perft_with_a_hidden_draw_pile() -> None:
    """Every move of seat 1 is followed by a card from the hidden pile: any of the 6 values
    (none wins), so depth 2 is 6 times depth 1."""
    state = position(hands=[[1, 2, 3, 6], [HIDDEN] * 6], display=[1, 2, 3, 3, 5, 6])
    counts = [perft(state, depth) for depth in range(1, 4)]
    assert counts == [24, 144, 3859] and counts[1] == 6 * counts[0]


# -- evaluate ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "hand", "display", "collection"),
    [
        ("standard", [1, 2, 2, 3, 4, 6], [1, 4, 2, 3, 3, 2], [5]),
        ("solo", [1, 1, 5, 5, 5, 3, 3], [2, 4, 1, 1, 3, 5], []),
    ],
)
def test_evaluate_agrees_with_the_hint(
    variant: str, hand: list[int], display: list[int], collection: list[int]
) -> None:
    seats = 1 if variant == "solo" else 2
    hands: list[list[Any]] = [hand] + [[HIDDEN] * 6 for _ in range(seats - 1)]
    state = position(variant=variant, hands=hands, display=display, collections=[collection] + [[]] * (seats - 1))
    found = evaluate(state)
    best = hint(hand, display, collection=collection, variant=variant, top=1).best
    notation = next(str(m) for m in state.legal_moves() if getattr(m, "turn", None) == best.turn)
    assert notation in found.best, (notation, found.best)
    assert {o.move for o in found.options} == set(moves(state))
    assert all(not o.proven and o.error >= 0 for o in found.options)
    unit_sign = -1 if variant == "solo" else 1
    top = found.options[0]
    assert top.value == pytest.approx(unit_sign * top.rank, abs=1e-3)


def test_evaluate_with_more_samples_has_smaller_errors_and_bounds_them() -> None:
    state = position(hands=[[1, 2, 2, 3, 4, 6], [HIDDEN] * 6], display=[1, 4, 2, 3, 3, 2], collections=[[5], []])
    few, many = evaluate(state, samples=4), evaluate(state, samples=64)
    assert evaluate(state).to_json() == evaluate(state, samples=16).to_json()  # the hint's own default
    assert {o.move for o in few.options} == {o.move for o in many.options}
    errors = {name: sum(o.error for o in found.options) for name, found in (("few", few), ("many", many))}
    assert errors["many"] < errors["few"] / 2
    assert many.to_json()["samples"] == 64
    for bad in (0, 10_001):
        assert str(bad) in refused(lambda: evaluate(state, samples=bad))  # noqa: B023 (called at once)


def test_evaluate_sees_only_what_the_seat_sees() -> None:
    state = start(seed=9, players=3)
    for _ in range(8):
        state = state.apply(state.legal_moves()[-1])
    while state.to_move == TABLE:
        state = state.apply(state.legal_moves()[0])
    seen = state.observation(state.to_move or 1)
    one, two = seen.fill_hidden(1), seen.fill_hidden(2)
    assert one.to_json() != two.to_json()
    answer = evaluate(one).to_json()
    assert answer == evaluate(two).to_json() == evaluate(state).to_json()


def test_the_hint_does_not_depend_on_the_order_of_the_hidden_cards() -> None:
    """Issue 40: the hint's samples once started from the stored hidden order. Two tables
    that look the same to the player, their draw piles and the other hand shuffled apart,
    get the same hint."""
    tables = [
        engine_position(Variant.STANDARD, [1, 2, 2, 3, 4, 6], [1, 4, 2, 3, 3, 2], [5], opponents=1, seed=seed)
        for seed in (1, 2)
    ]
    assert tables[0].draw_pile != tables[1].draw_pile
    one, two = (rank_turns(table, samples=4, final_samples=4) for table in tables)
    assert one == two


def test_evaluate_ranks_the_stash_after_a_draw_and_refuses_the_table() -> None:
    drawn = position().apply("draw 6")
    assert "the table is to move" in refused(lambda: evaluate(drawn))
    ready = table_plays(drawn, 4, 2)
    found = evaluate(ready)
    assert {o.move for o in found.options} == set(moves(ready)) and found.best
    won = position(hands=[[4, 4, 4, 4, 6], [HIDDEN] * 6], collections=[[6, 5, 4, 3], []]).apply(
        "split 6 -> 3+3; stash 4"
    )
    assert "the game is over" in refused(lambda: evaluate(won))


# -- the commands --------------------------------------------------------------------------


def test_start_apply_and_evaluate_on_the_command_line(cardsolve: RunCli, tmp_path: Path) -> None:
    code, out, _ = cardsolve("--json", "quibbles", "start", "--seed", "4", "--players", "1")
    assert code == 0
    doc = json.loads(out)
    assert doc == start(seed=4, players=1).to_json() and doc["variant"] == "solo"
    file = tmp_path / "position.json"
    file.write_text(out, encoding="utf-8")
    first = str(start(seed=4, players=1).legal_moves()[0])
    code, out, _ = cardsolve("--json", "quibbles", "apply", "--position", str(file), first)
    assert code == 0 and json.loads(out) == start(seed=4, players=1).apply(first).to_json()
    code, out, _ = cardsolve("--json", "quibbles", "evaluate", "--position", str(file))
    assert code == 0 and json.loads(out) == evaluate(load(doc)).to_json()
    code, out, _ = cardsolve("quibbles", "evaluate", "--position", str(file))
    assert code == 0 and "expected final penalty" in out


def test_illegal_moves_and_bad_documents_are_one_line_errors(cardsolve: RunCli, tmp_path: Path) -> None:
    file = tmp_path / "position.json"
    file.write_text(json.dumps(start(seed=4).to_json()), encoding="utf-8")
    code, _, err = cardsolve("quibbles", "apply", "--position", str(file), "draw 7")
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and "a card is a value 1-6" in err
    file.write_text(json.dumps({"game": "quibbles", "to_move": 1, "hands": "1,2"}), encoding="utf-8")
    code, _, err = cardsolve("quibbles", "evaluate", "--position", str(file))
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and "hands" in err


def test_a_bad_time_limit_is_refused() -> None:
    with pytest.raises(BadInput, match="time limit"):
        evaluate(position(), time_limit=0)


def test_a_hidden_draw_is_as_likely_as_the_unseen_copies_of_its_value() -> None:
    """The table's outcomes from a hidden pile weigh each value by its unseen copies (the
    deck has more of some values than of others), and ``play`` draws by those weights."""
    seen = load(start(seed=3, players=2).observation(1).to_json())
    while seen.to_move != TABLE:
        seen = seen.apply(seen.legal_moves()[0])
    chances = {str(move): weight for move, weight in seen.chances()}
    pool = seen.unseen_pool
    assert len(chances) > 1 and abs(sum(chances.values()) - 1) < 1e-12
    for move in seen.legal_moves():
        assert isinstance(move, CardMove)
        assert chances[str(move)] == pytest.approx(pool[move.value] / sum(pool))
    drawn = Counter(str(table_move(seen, random.Random(k))) for k in range(4000))
    most = max(chances, key=chances.__getitem__)
    least = min(chances, key=chances.__getitem__)
    if chances[most] > 2 * chances[least]:
        assert drawn[most] > drawn[least]
    known = start(seed=3)
    while known.to_move != TABLE:
        known = known.apply(known.legal_moves()[0])
    assert [weight for _, weight in known.chances()] == [1.0]
