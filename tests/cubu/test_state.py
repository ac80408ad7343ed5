"""CUBU as a game in progress (``models.cubu.state``): the rules as moves, a pinned perft,
``evaluate`` against ``cubu longest`` and over hidden cards, and the commands."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli, run_json

import cardsolve as api_root
from cardsolve.models.cubu.cards import load_deck, parse_cards
from cardsolve.models.cubu.classic import deal as classic_deal
from cardsolve.models.cubu.classic import legal_turns, round_points
from cardsolve.models.cubu.state import CubuState, SpeedRaceState, load, start
from cardsolve.models.errors import BadInput
from cardsolve.models.state import TABLE, GameState, IllegalMove
from cardsolve.solvers.cubu.longest import reference_runs
from cardsolve.solvers.infrastructure.evaluation import Evaluation


def classic(hands: list[str], top: str, to_move: int | None = 1, **more: Any) -> CubuState:
    """A classic position from hands in list notation (``?`` hidden)."""
    doc = {"game": "cubu", "to_move": to_move, "hands": [hand.split(",") if hand else [] for hand in hands]}
    state = load({**doc, "top": top, **more})
    assert isinstance(state, CubuState)
    return state


def race(hands: list[str], centre: str, to_move: int | None = 1, **more: Any) -> SpeedRaceState:
    """A Speed CUBU race (colour mode unless told) from hands and the centre card."""
    grid = [{"card": centre, "cell": [0, 0]}, *more.pop("grid", [])]
    doc = {"game": "cubu", "mode": "speed", "to_move": to_move, "hands": [hand.split(",") for hand in hands]}
    state = load({**doc, "grid": grid, "races": 1, **more})
    assert isinstance(state, SpeedRaceState)
    return state


def moves(state: GameState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


def refused(state: GameState, move: str, reason: str) -> None:
    with pytest.raises(IllegalMove) as error:
        state.apply(move)
    assert reason in str(error.value), str(error.value)


# The top card D-R-G shows dark blue at 1, red at 2, green at 3. Seat 1's L-D-O shows dark
# blue at 2 and O-L-D at 3: D1up:L-D-O,O-L-D is a sequence; P-O follows no box.
HANDS = ["L-D-O,O-L-D,P-O,miss", "interrupt,R-G,O-P", "G-O,L-P"]
PICKUP = ["G-L-P", "L-G", "P-L-O"]


def table() -> CubuState:
    return classic(HANDS, "D-R-G", pickup=PICKUP)


# --- the classic rules as moves ------------------------------------------------------


def test_a_sequence_follows_the_declared_box_up_or_down() -> None:
    state = table()
    assert {"D1up:L-D-O", "D1up:L-D-O,O-L-D"} <= set(moves(state))
    refused(state, "D1up:O-L-D", "does not follow")
    refused(state, "G3down:O-G", "does not hold O-G")
    refused(state, "R2up:L-D-O", "does not follow")


def test_a_seat_that_can_play_may_not_draw_and_one_that_cannot_must() -> None:
    refused(table(), "draw", "can play, so may not draw")
    stuck = classic(["P-O", "R-G"], "D-R-G", pickup=PICKUP)
    assert moves(stuck) == ["draw"]
    drawing = stuck.apply("draw")
    assert drawing.to_move == TABLE and moves(drawing) == ["G-L-P"]  # the known pickup deck's top card
    refused(drawing, "L-G", "the table decides")
    after = drawing.apply("G-L-P")
    assert after.hands[0] == tuple(parse_cards("P-O,G-L-P")) and after.to_move == 2


def test_a_card_drawn_from_a_hidden_pickup_deck_is_any_card_nobody_has_seen() -> None:
    stuck = classic(["P-O", "R-G"], "D-R-G", pickup=["?", "?"]).apply("draw")
    outcomes = moves(stuck)
    assert outcomes == sorted({card.name for card in stuck.unseen}) and "interrupt" in outcomes
    assert "P-O" not in outcomes and "D-R-G" not in outcomes and len(outcomes) > 40


def test_an_empty_pickup_deck_is_the_played_cards_reshuffled() -> None:
    stuck = classic(["P-O", "R-G"], "D-R-G", pile=["O-D"], spent=["miss"]).apply("draw")
    assert stuck.to_move == TABLE and stuck.pickup == (None, None) and stuck.pile == () and stuck.spent == ()
    assert {"O-D", "miss"} <= set(moves(stuck))
    nothing = classic(["P-O", "R-G"], "D-R-G").apply("draw")
    assert nothing.to_move == 2 and nothing.hands[0] == tuple(parse_cards("P-O"))


def test_action_cards_go_to_another_seat_miss_swap_and_pickup() -> None:
    refused(table(), "miss@1", "another player")
    refused(table(), "swap@2", "does not hold swap")
    missed = table().apply("miss@2")
    assert missed.to_move == 3 and missed.skips == (0, 0, 0) and missed.spent == tuple(parse_cards("miss"))
    swapped = classic(["swap,P-O", "R-G,O-P,G-O"], "D-R-G").apply("swap@2")
    assert swapped.hands == (tuple(parse_cards("R-G,O-P,G-O")), tuple(parse_cards("P-O")))
    picked = classic(["pickup2,P-O", "R-G"], "D-R-G", pickup=PICKUP).apply("pickup2@2")
    assert picked.to_move == TABLE and picked.draws == (2, 2)
    given = picked.apply("G-L-P").apply("L-G")
    assert given.to_move == 2 and given.hands[1] == tuple(parse_cards("R-G,G-L-P,L-G"))


def test_an_interrupt_on_ones_own_turn_ends_it() -> None:
    refused(table(), "interrupt", "does not hold interrupt")
    state = classic(["interrupt,P-O", "R-G"], "D-R-G")
    after = state.apply("interrupt")
    assert after.to_move == 2 and after.hands[0] == tuple(parse_cards("P-O")) and after.top == state.top


def test_every_other_seat_is_asked_after_each_card_and_the_holder_may_interrupt() -> None:
    laying = table().apply("D1up:L-D-O,O-L-D")
    assert laying.top.name == "L-D-O" and laying.to_move == 2 and moves(laying) == ["pass", "interrupt"]
    # Seat 3 holds no interrupt: it is asked all the same, so that the question tells nothing.
    asked = laying.apply("pass")
    assert asked.to_move == 3 and moves(asked) == ["pass"]
    refused(asked, "interrupt", "holds no interrupt")
    refused(asked, "draw", "may only answer interrupt or pass")
    done = asked.apply("pass")
    assert done.top.name == "O-L-D" and done.laying is None and done.to_move == 2
    cut = laying.apply("interrupt")
    assert cut.top.name == "L-D-O" and cut.hands[0] == tuple(parse_cards("O-L-D,P-O,miss"))  # back in its place
    assert cut.to_move == 2 and cut.spent == tuple(parse_cards("interrupt"))  # left of the interrupted seat


def test_a_missed_turn_is_passed_over_without_a_move() -> None:
    state = classic(["miss,P-O", "R-G", "G-O"], "D-R-G").apply("miss@2")
    assert state.to_move == 3 and state.history == ("miss@2",)


def test_the_first_seat_out_wins_the_points_left_in_the_other_hands() -> None:
    state = classic(["L-D-O", "interrupt,R-G", "G-O"], "D-R-G", scores=[7, 0, 0], rounds=1)
    over = state.apply("D1up:L-D-O")
    assert over.is_over and over.winner == 1
    assert over.points == round_points([[], parse_cards("interrupt,R-G"), parse_cards("G-O")], 0) == 20
    assert over.scores() == {1: 27, 2: 0, 3: 0}
    refused(over, "draw", "the game is over")


def test_the_observation_hides_the_other_hands_the_pickup_deck_and_the_plan() -> None:
    laying = table().apply("D1up:L-D-O,O-L-D")
    seen = laying.observation(2).to_json()
    assert seen["hands"][0] == ["?"] * 2 and seen["hands"][2] == ["?", "?"] and seen["pickup"] == ["?"] * 3
    assert seen["sequence"] == {"follow": "D2up", "planned": ["?"], "asked_seat": 2, "places": []}
    assert laying.observation(1).to_json()["sequence"]["planned"] == ["O-L-D"]


def test_a_seat_whose_hand_is_hidden_looks_before_it_moves() -> None:
    state = load(start(seed=2).observation(2).to_json())
    assert state.to_move == 1 and moves(state) == ["look"]
    looking = state.apply("look")
    assert looking.to_move == TABLE and len(moves(looking)) == len(set(looking.unseen))


def test_bad_documents_name_the_field() -> None:
    good = start(seed=3, players=2).to_json()
    changes: list[tuple[dict[str, Any], str]] = [
        ({"hands": [["D-R-G"]]}, "hands"),
        ({"top": "miss"}, "top"),
        ({"to_move": 2}, "to_move"),
        ({"hands": [["L-D-O", "L-D-O"], ["?"]]}, "appears twice"),
        ({"sequence": {"follow": "Z9up", "planned": []}}, "sequence"),
        ({"scores": [1]}, "scores"),
        ({"mode": "chess"}, "mode"),
    ]
    for change, field in changes:
        with pytest.raises(BadInput, match=field):
            load({**good, **change})
    with pytest.raises(BadInput, match="pickup deck is empty"):
        classic(["P-O", "R-G"], "D-R-G", to_move=0, draw_seats=[1])
    with pytest.raises(BadInput, match="looking_seat"):
        classic(["P-O", "R-G"], "D-R-G", to_move=0, looking_seat=2)


# --- the classic game: rounds to a target -------------------------------------------


def test_after_a_round_the_dealer_moves_left_and_the_table_deals_the_next() -> None:
    # Seat 1 goes out with 20 points (the interrupt 10, R-G and G-O 5 each); 7 before: 27.
    state = classic(["L-D-O", "interrupt,R-G", "G-O"], "D-R-G", scores=[7, 0, 0], target=50, dealer=3)
    over = state.apply("D1up:L-D-O")
    assert over.round_over and not over.is_over and over.to_move == TABLE and over.scores() == {1: 27, 2: 0, 3: 0}
    deals = moves(over)
    assert len(deals) == 48 and all(move.startswith("deal:") for move in deals)  # any regular card starts it
    refused(over, "D-R-G", "deals the next round")
    dealt = over.apply("deal:O-P")
    assert dealt.dealer == 1 and dealt.turn == 2 and dealt.top.name == "O-P" and dealt.round_number == 2
    assert dealt.sheet == (27, 0, 0) and [result.to_json() for result in dealt.results] == [
        {"dealer": 3, "turns": 1, "winner": 1, "points": 20}
    ]
    # Dealt from no seed, the new hands are hidden: each seat looks at its 7 cards.
    assert all(hand == (None,) * 7 for hand in dealt.hands) and len(dealt.pickup) == 60 - 21 - 1
    assert dealt.to_move == 2 and moves(dealt) == ["look"]
    assert load(dealt.to_json()) == dealt


def test_the_game_ends_at_the_target_or_after_its_rounds() -> None:
    won = classic(["L-D-O", "R-G"], "D-R-G", scores=[45, 0], target=50).apply("D1up:L-D-O")
    assert won.is_over and won.scores() == {1: 50, 2: 0} and won.winners() == (1,) and not won.limit_hit
    short = classic(["L-D-O", "R-G"], "D-R-G", scores=[0, 3], rounds=2).apply("D1up:L-D-O")
    assert not short.is_over and short.round_number == 1
    last = classic(["L-D-O", "R-G"], "D-R-G", scores=[0, 5], rounds=2, round_results=[ROUND]).apply("D1up:L-D-O")
    assert last.is_over and last.winners() == (1, 2) and last.scores() == {1: 5, 2: 5}  # a tie: both win
    cut = classic(["L-D-O", "R-G"], "D-R-G", target=100, round_limit=2, round_results=[ROUND]).apply("D1up:L-D-O")
    assert cut.is_over and cut.limit_hit and cut.winners() == ()


ROUND = {"dealer": 1, "turns": 12, "winner": 2, "points": 5}


def test_a_round_without_a_winner_ends_at_the_turn_limit() -> None:
    # Nobody can play and the pickup deck is empty: every turn is a draw that gets nothing.
    state = classic(["P-O", "G-L"], "D-R-G", turn_limit=3)
    ended = state.apply("draw").apply("draw").apply("draw")
    assert ended.round_over and ended.winner is None and ended.turns == 3 and ended.scores() == {1: 0, 2: 0}
    assert moves(ended)[0].startswith("deal:")
    assert ended.apply(moves(ended)[0]).results[0].to_json() == {"dealer": 2, "turns": 3, "winner": None, "points": 0}


def test_a_seeded_game_deals_and_reshuffles_from_its_one_random_source() -> None:
    first = start(seed=6, players=3, dealer=1)
    assert isinstance(first, CubuState) and first.turn == 2 and first.shuffles == (60,)
    assert first.observation(2).to_json().keys() == first.to_json().keys() - {"shuffle_seed", "shuffles"}
    rng = random.Random(6)
    assert classic_deal(load_deck(), 3, 0, rng).hands == first.table(2).hands
    state: GameState = first
    rounds = 0
    while not state.is_over:
        assert len(state.legal_moves()) == 1 or state.to_move != TABLE  # every table move is known
        if state.to_move == TABLE and str(state.legal_moves()[0]).startswith("deal:"):
            assert isinstance(state, CubuState)
            dealer = state.dealer % 3 + 1
            expected = classic_deal(load_deck(), 3, dealer - 1, state.table_random())
            state = state.apply(state.legal_moves()[0])
            assert isinstance(state, CubuState) and state.dealer == dealer
            assert [list(hand) for hand in state.hands] == expected.hands and state.top == expected.top
            rounds += 1
            continue
        state = state.apply(random.Random(len(state.history)).choice(list(state.legal_moves())))
    assert rounds >= 2 and isinstance(state, CubuState) and max(state.scores().values()) >= 100
    assert load(state.to_json()) == state


def test_a_position_of_a_later_round_is_read_back() -> None:
    doc = {**start(seed=5, players=2).to_json(), "scores": [40, 35], "round_results": [ROUND], "dealer": 1}
    state = load(doc)
    assert isinstance(state, CubuState) and state.round_number == 2 and state.scores() == {1: 40, 2: 35}
    again = load(state.to_json())
    assert again == state and isinstance(again, CubuState)
    assert again.table_random().getstate() == state.table_random().getstate()
    for change, field in (
        ({"round_results": [{"dealer": 3}]}, "round_results"),
        ({"rounds": 2}, "target"),
        ({"turn_limit": 0}, "turn limit"),
        ({"shuffles": [61]}, "shuffles"),
    ):
        with pytest.raises(BadInput, match=field):
            load({**doc, **change})


# --- the Speed CUBU race -------------------------------------------------------------


def test_a_speed_card_goes_next_to_a_laid_card_it_relates_to() -> None:
    # D-R-G in the centre: R-D shows dark blue one position up; G-O-L relates to nothing.
    state = race(["R-D,G-O-L", "L-P,O-P"], "D-R-G", pickup=["P-G"])
    assert set(moves(state)) == {"R-D@-1,0", "R-D@0,-1", "R-D@0,1", "R-D@1,0", "pass"}
    refused(state, "G-O-L@1,0", "does not fit at 1,0")
    refused(state, "R-D@0,0", "already holds")
    refused(state, "R-D@2,0", "does not fit")
    refused(state, "L-P@1,0", "does not hold")
    boxes = race(["R-D-O-L,G-O,R-D-O", "L-P"], "D-R-G", follow="boxes")
    assert {"R-D-O-L@1,0", "G-O@1,0"} <= set(moves(boxes)) and "R-D-O@1,0" not in moves(boxes)


def test_every_seat_out_at_the_end_of_a_turn_round_wins_a_share() -> None:
    state = race(["R-D", "L-D-O", "G-P"], "D-R-G")
    co = state.apply("R-D@1,0").apply("L-D-O@-1,0")
    assert co.to_move == 3 and moves(co) == ["pass"]
    over = co.apply("pass")
    assert over.is_over and over.winners == (1, 2) and over.scores() == {1: 2, 2: 2, 3: 0}
    alone = state.apply("R-D@1,0").apply("pass").apply("pass")
    assert alone.winners == (1,) and alone.scores() == {1: 10, 2: 0, 3: 0}


def test_when_nobody_can_lay_the_table_deals_five_more_each() -> None:
    state = race(["G-O-L", "L-P"], "D-R-G", pickup=["R-D", "O-P", "P-G", "L-G"])
    dealing = state.apply("pass").apply("pass")
    assert dealing.to_move == TABLE and dealing.draws == (1, 2, 1, 2) and moves(dealing) == ["R-D"]
    after = dealing.apply("R-D").apply("O-P").apply("P-G").apply("L-G")
    assert after.to_move == 1 and after.hands[0] == tuple(parse_cards("G-O-L,R-D,P-G"))
    ended = race(["G-O-L", "L-P"], "D-R-G").apply("pass").apply("pass")
    assert ended.is_over and ended.winners == ()


def test_after_a_race_its_points_less_penalties_go_to_the_sheet_and_the_table_deals_the_next() -> None:
    state = race(["R-D", "L-D-O", "G-P"], "D-R-G", races=None, scores=[3, 0, 0], penalties=[0, 10, 0])
    over = state.apply("R-D@1,0").apply("pass").apply("pass")
    assert over.over and not over.is_over and over.to_move == TABLE and over.scores() == {1: 13, 2: -10, 3: 0}
    assert len(moves(over)) == 48 and moves(over)[0].startswith("deal:")  # any regular card in the centre
    dealt = over.apply("deal:O-P")
    assert dealt.dealer == 1 and dealt.race_number == 2 and dealt.sheet == (13, -10, 0) and not dealt.penalties
    assert dealt.grid == (((0, 0), parse_cards("O-P")[0]),) and all(hand == (None,) * 10 for hand in dealt.hands)
    assert [result.to_json() for result in dealt.results] == [
        {"dealer": 3, "winner_seats": [1], "points": 10, "penalties": [0, 10, 0]}
    ]
    assert dealt.to_move == 2 and load(dealt.to_json()) == dealt  # play from the dealer's left: it looks first
    won = race(["R-D", "L-D-O"], "D-R-G", races=None, scores=[45, 0]).apply("R-D@1,0").apply("pass")
    assert won.is_over and won.winners_of_game() == (1,) and won.scores() == {1: 50, 2: 0}


def test_a_seeded_speed_game_deals_every_race_from_its_one_random_source() -> None:
    first = start(seed=2, players=3, mode="speed", dealer=1)
    assert isinstance(first, SpeedRaceState) and first.to_move == 2 and first.shuffles == (48,)
    state: GameState = first
    while not state.is_over:
        assert len(state.legal_moves()) == 1 or state.to_move != TABLE  # every table move is known
        state = state.apply(random.Random(len(state.history)).choice(list(state.legal_moves())))
    assert isinstance(state, SpeedRaceState) and state.results and load(state.to_json()) == state


# --- perft ---------------------------------------------------------------------------


def perft(state: GameState, depth: int) -> int:
    """The leaves of the move tree ``depth`` moves deep (a finished game is a leaf)."""
    if depth == 0 or state.is_over:
        return 1
    return sum(perft(state.apply(move), depth - 1) for move in state.legal_moves())


PERFT_HANDS = ["L-D-O,O-L-D,R-G,pickup1,interrupt", "R-D,D-L,G-O-R,interrupt,miss"]


def test_perft_of_a_small_classic_position_is_pinned() -> None:
    state = classic(PERFT_HANDS, "D-R-G", pickup=["G-L-P", "L-G", "P-L-O", "O-P"])
    counts = [perft(state, depth) for depth in range(1, 5)]
    assert counts == PERFT_COUNTS
    # Depth 1 counted apart: every prefix of the reference's maximal runs, the aimed action
    # card at the one other seat and the interrupt.
    hand = parse_cards(PERFT_HANDS[0])
    runs = reference_runs(state.top, hand)
    sequences = {(run.follow, run.cards[:length]) for run in runs for length in range(1, len(run) + 1)}
    assert counts[0] == len(sequences) + 1 + 1 == len(legal_turns(state.table(1)))


PERFT_COUNTS = [6, 19, 63, 165]
"""Depth 2 counted by hand: after D1up:L-D-O seat 2 has L1up:D-L, D2down:D-L, O3down:G-O-R,
miss@1 and interrupt (5); after the two-card sequence seat 2 is asked, pass or interrupt
(2); after R2down:R-G or G3down:R-G (the same top card) G2down:G-O-R, miss@1, interrupt
(3 each); after pickup1@2 the table's one card (1); after interrupt, on D-R-G, D1up:R-D,
R2down:R-D, R2up:G-O-R, miss@1, interrupt (5): 19."""


def test_perft_of_a_small_race_is_pinned() -> None:
    state = race(["R-D,L-D-O", "G-R,O-G-L"], "D-R-G", pickup=["P-G"])
    assert [perft(state, depth) for depth in range(1, 4)] == RACE_COUNTS


RACE_COUNTS = [9, 49, 189]


# --- evaluate ------------------------------------------------------------------------


def test_evaluate_plays_the_longest_sequence_cubu_longest_finds() -> None:
    for seed in range(12):
        state = start(seed=seed, players=2 + seed % 5)
        seat = state.to_move
        assert isinstance(state, CubuState) and isinstance(seat, int)
        hand = state.hands[seat - 1]
        answer = api_root.cubu.longest(state.top, [card for card in hand if card], limit=None)
        evaluation = api_root.cubu.evaluate(state)
        sequences = [option.value for option in evaluation.options if ":" in option.move]
        assert max(sequences, default=0) == answer.to_json()["length"] == evaluation.extra["longest"]
        assert {f"{run.follow.colour}{run.follow.position}" for run in answer.runs} <= {
            option.move[:2] for option in evaluation.options if ":" in option.move
        }
        assert evaluation.proven and set(evaluation.best) <= {option.move for option in evaluation.options}
        assert {option.move for option in evaluation.options} == set(moves(state))


def test_evaluate_ranks_going_out_first_then_cards_then_points() -> None:
    evaluation = api_root.cubu.evaluate(classic(["L-D-O,O-L-D,miss", "R-G"], "D-R-G"))
    assert evaluation.best == ("D1up:L-D-O,O-L-D",)
    values = {option.move: option.to_json() for option in evaluation.options}
    assert values["D1up:L-D-O,O-L-D"] == {
        "move": "D1up:L-D-O,O-L-D",
        "value": 2,
        "proven": True,
        "points_left": 10,
        "goes_out": False,
    }
    assert values["miss@2"]["points_left"] == 10 and values["D1up:L-D-O"]["points_left"] == 15
    out = api_root.cubu.evaluate(classic(["L-D-O,O-L-D", "R-G"], "D-R-G"))
    assert out.best == ("D1up:L-D-O,O-L-D",) and out.options[0].extra["goes_out"]


def test_evaluate_values_the_interrupt_window_and_speed_lays() -> None:
    window = api_root.cubu.evaluate(table().apply("D1up:L-D-O,O-L-D"))
    assert window.to_move == 2 and window.best == ("interrupt",)
    interrupt, passing = (option.to_json() for option in window.options)
    assert interrupt == {
        "move": "interrupt",
        "value": 1,
        "proven": True,
        "points_left": 10,
        "goes_out": False,
        "stopped_count": 1,
    }
    assert passing["value"] == 0 and passing["stopped_count"] == 0 and passing["points_left"] == 20
    lays = api_root.cubu.evaluate(race(["R-D", "L-D-O"], "D-R-G"))
    assert set(lays.best) == {"R-D@-1,0", "R-D@0,-1", "R-D@0,1", "R-D@1,0"}
    assert lays.options[0].extra == {"points_left": 0, "goes_out": True} and lays.options[-1].move == "pass"


def _positions(seed: int, mode: str) -> GameState:
    """A seeded position a few random moves in, a seat to move."""
    rng = random.Random(seed)
    state: GameState = start(seed=seed, players=3, mode=mode)
    for _ in range(rng.randrange(2, 12)):
        if state.is_over:
            break
        state = state.apply(rng.choice(list(state.legal_moves())))
    while state.to_move == TABLE:
        state = state.apply(state.legal_moves()[0])
    return state


@pytest.mark.parametrize("mode", ["classic", "speed"])
def test_evaluate_is_the_same_whatever_the_hidden_cards(mode: str) -> None:
    for seed in range(8):
        state = _positions(seed, mode)
        if state.is_over:
            continue
        seat = state.to_move
        assert isinstance(seat, int) and seat != TABLE
        seen = state.observation(seat)
        expected = api_root.cubu.evaluate(state).to_json()
        for fill in (1, 2, 3):
            assert api_root.cubu.evaluate(seen.fill_hidden(fill)).to_json() == expected


def test_evaluate_refuses_the_table_and_a_finished_round() -> None:
    with pytest.raises(BadInput, match="the table is to move"):
        api_root.cubu.evaluate(classic(["P-O", "R-G"], "D-R-G", pickup=PICKUP).apply("draw"))
    with pytest.raises(BadInput, match="over"):
        api_root.cubu.evaluate(classic(["L-D-O", "R-G"], "D-R-G", rounds=1).apply("D1up:L-D-O"))
    with pytest.raises(BadInput, match="time limit"):
        api_root.cubu.evaluate(table(), time_limit=0)


def test_evaluate_answers_a_typical_position_within_a_second() -> None:
    state = start(seed=9, players=4)
    began = time.perf_counter()
    evaluation = api_root.cubu.evaluate(state)
    assert time.perf_counter() - began < 1.0 and isinstance(evaluation, Evaluation)


# --- the commands --------------------------------------------------------------------


def test_start_apply_and_evaluate_on_the_command_line(cardsolve: RunCli, tmp_path: Path) -> None:
    document = run_json(cardsolve, "cubu", "start", "--seed", "4", "--players", "3")
    assert document == start(seed=4, players=3).to_json()
    race_doc = run_json(cardsolve, "cubu", "start", "--seed", "4", "--mode", "speed", "--follow", "boxes")
    assert race_doc == start(seed=4, mode="speed", follow="boxes").to_json()
    position = tmp_path / "position.json"
    position.write_text(json.dumps(document), encoding="utf-8")
    state = load(document)
    move = moves(state)[0]
    after = run_json(cardsolve, "cubu", "apply", "--position", str(position), move)
    assert after == state.apply(move).to_json()
    evaluation = run_json(cardsolve, "cubu", "evaluate", "--position", str(position))
    assert evaluation == api_root.cubu.evaluate(state).to_json()
    code, out, _ = cardsolve("cubu", "evaluate", "--position", str(position))
    assert code == 0 and out.startswith("Seat 1: every option")


def test_an_illegal_move_or_a_bad_document_is_one_error_line(cardsolve: RunCli, tmp_path: Path) -> None:
    position = tmp_path / "position.json"
    position.write_text(json.dumps(start(seed=4).to_json()), encoding="utf-8")
    code, out, err = cardsolve("cubu", "apply", "--position", str(position), "draw")
    assert code == 2 and not out and err.startswith("error: ") and len(err.splitlines()) == 1
    assert "may not draw" in err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "cubu", "to_move": 1, "hands": [["D-R-G"], "x"], "top": "P-D"}))
    for command in ("apply", "evaluate"):
        code, out, err = cardsolve("cubu", command, "--position", str(bad))
        assert code == 2 and not out and err.startswith("error: ") and len(err.splitlines()) == 1
        assert "hands" in err


def test_the_history_shows_no_card_a_seat_could_not_see() -> None:
    """Another seat's drawn cards are ``?`` in a seat's history, and another seat's
    sequence its box with a ``?`` a card (the plan is secret; laid cards show on the
    table); one's own moves read whole, and the history round-trips with who may read it."""
    rng = random.Random(8)
    state = start(seed=8, players=2)
    while not state.is_over and len(state.history) < 120:
        state = state.apply(rng.choice(list(state.legal_moves())))
    secret = {entry["move_number"]: entry["seat"] for entry in state.to_json()["private_moves"]}
    assert secret, "a random round of 120 moves draws and lays sequences"
    for seat in (1, 2):
        seen = state.observation(seat).history
        for number, (whole, read) in enumerate(zip(state.history, seen, strict=True), 1):
            keeper = secret.get(number)
            if keeper in (None, seat):
                assert read == whole
            elif ":" in whole:
                assert read.split(":")[0] == whole.split(":")[0] and set(read.split(":")[1].split(",")) == {"?"}
            else:
                assert read == "?"
    assert load(state.to_json()).to_json() == state.to_json()


def test_a_card_named_from_the_unseen_ones_is_as_likely_as_its_copies() -> None:
    """From what a seat sees, the table's next card is any unseen card, each copy as likely:
    an action card of which two copies are unseen is twice as likely as a regular card."""
    state = start(seed=4, players=3)
    rng = random.Random(4)
    while True:
        seen = load(state.observation(1).to_json())
        if seen.to_move == TABLE and len(seen.legal_moves()) > 1:
            break
        state = state.apply(rng.choice(list(state.legal_moves())))
    chances = {str(move): weight for move, weight in seen.chances()}
    copies = {card.name: seen.unseen.count(card) for card in set(seen.unseen)}
    assert abs(sum(chances.values()) - 1) < 1e-12 and set(chances) <= set(copies)
    total = sum(copies[name] for name in chances)
    assert all(weight == pytest.approx(copies[name] / total) for name, weight in chances.items())
    assert max(copies[name] for name in chances) == 2  # an action card, both copies unseen
    known = start(seed=4, players=3)
    assert [weight for _, weight in known.chances()] == [1 / len(known.legal_moves())] * len(known.legal_moves())
