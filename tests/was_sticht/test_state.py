"""Was sticht? as a game in progress (``models.was_sticht.state``) and the value of every
option (``solvers.was_sticht.evaluation``): the rulebook's rules as moves, each legal one
accepted and an illegal one refused with the rule; pinned move-tree counts; ``evaluate``
against ``solve`` and ``choose``, and the same for every filling of what the seat cannot
see; the ``start`` / ``apply`` / ``evaluate`` commands."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli, run_json
from refusals import refused

from cardsolve.models.errors import BadInput
from cardsolve.models.state import HIDDEN, TABLE, IllegalMove
from cardsolve.models.was_sticht import ALL_TRUMPS, CHIPS, trick_winner
from cardsolve.models.was_sticht.play import Position
from cardsolve.models.was_sticht.state import WasStichtState, load, start
from cardsolve.solvers.was_sticht import api
from cardsolve.solvers.was_sticht.deduce import consistent
from cardsolve.solvers.was_sticht.evaluation import evaluate

SLACK = 600.0
"""The time limit of the evaluations that must be proven: room for numba's first compile
of the double-dummy kernels when their cache is cold (the default answers in well under
a second once they are compiled)."""


def reach(seed: int, phase: str, players: int = 4, extra: int = 0) -> WasStichtState:
    """The round of ``start(seed)`` played by seeded random moves until ``phase``, then
    ``extra`` moves more."""
    state = start(seed=seed, players=players)
    rng = random.Random(seed)
    while state.phase != phase:
        state = state.apply(rng.choice(list(state.legal_moves())))
    for _ in range(extra):
        state = state.apply(rng.choice(list(state.legal_moves())))
    return state


def moves(state: WasStichtState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


def illegal(state: WasStichtState, move: str) -> str:
    message = refused(lambda: state.apply(move))
    assert message.startswith(f"illegal move {move!r}: ")
    return message


# -- the rules as moves ---------------------------------------------------------------


def test_the_preparation_dealer_first_then_clockwise() -> None:
    state = start(seed=1, players=3, dealer=2)
    assert state.to_move == 2 and len(moves(state)) == len(CHIPS)
    state = state.apply("take no-red")
    assert state.to_move == 3 and "take no-red" not in moves(state)
    assert "no longer on the table" in illegal(state, "take no-red")
    assert "takes a task chip" in illegal(state, "R5")
    for _ in range(14):
        state = state.apply(moves(state)[0])
    assert state.pool == () and [len(own) for own in state.chips] == [5, 5, 5]
    assert state.phase == "pick" and state.to_move == 3  # the dealer's left picks first


def test_the_draft_columns_in_pick_order_and_the_tables_card() -> None:
    state = reach(2, "pick", players=3)
    column = state.columns[0]
    assert moves(state) == [card.name for card in column] and state.to_move == 1
    later = state.columns[1][0]
    assert "lies in column 2" in illegal(state, later.name)
    state = state.apply(column[0].name)
    assert "was taken already" in illegal(state, column[0].name)
    assert f"written as it is listed: {column[1].name!r}" in illegal(state, column[1].name.lower())
    assert state.to_move == 2
    state = state.apply(moves(state)[0])
    state = state.apply(moves(state)[0])
    # three picks: the Table takes the card left, and the table gives the clue
    assert len(state.taken) == 4 and state.to_move == TABLE
    state = state.apply(moves(state)[0])
    assert state.to_move == 2, "the marker moves one seat clockwise per column"


def test_the_clue_names_the_winner_under_the_trumps() -> None:
    state = reach(3, "clue")
    place = trick_winner(state.taken, state.trumps) + 1  # type: ignore[arg-type]
    assert moves(state) == [f"clue {place}"]
    wrong = f"clue {place % 4 + 1}"
    assert "names the place of the card that wins column 1" in illegal(state, wrong)
    # a seat that does not know the trumps: the table may give any clue some pair gives
    seen = state.observation(1)
    assert seen.trumps is None and len(moves(seen)) > 1 and f"clue {place}" in moves(seen)


def test_the_reveal_shows_the_trumps_any_pair_the_clues_leave_when_hidden() -> None:
    state = reach(4, "reveal")
    assert state.to_move == TABLE and moves(state) == [f"trumps {state.trumps}"]
    seen = state.observation(1)
    assert [move.value for move in seen.legal] == consistent(seen.clues)
    assert "turns up the trumps" in illegal(state, "trumps --" if state.trumps.name != "--" else "trumps R1")  # type: ignore[union-attr]
    dealer = state.observation(state.dealer + 1)
    assert dealer.trumps == state.trumps, "the dealer knows the trumps"


def test_the_chip_choice_is_secret_until_the_show() -> None:
    state = reach(5, "choose")
    assert state.to_move == 1 and moves(state) == [f"choose {chip.id}" for chip in state.chips[0]]
    assert "one of his own chips" in illegal(state, f"choose {state.chips[1][0].id}")
    first = state.chips[0][0]
    state = state.apply(f"choose {first.id}")
    assert state.to_move == 2
    seen = state.observation(2)
    assert seen.chosen[0] == HIDDEN and seen.history[-1] == HIDDEN
    assert state.observation(1).chosen[0] == first
    state = state.apply(moves(state)[0]).apply(moves(state.apply(moves(state)[0]))[0])
    assert state.to_move == TABLE and len(moves(state)) == 1  # the show: every chip known
    assert len(moves(state.observation(4))) == 5**3  # any chip of each hidden seat
    shown = state.apply(moves(state)[0])
    assert shown.phase == "play" and shown.observation(2).chosen == shown.chosen


def test_the_trick_play_must_follow_the_suit_led() -> None:
    rng = random.Random(0)
    for seed in range(30):
        state = reach(seed, "play", extra=1)
        position = state.position()
        hand = state.hands[position.to_move]
        off = [card for card in hand if card not in position.legal()]
        if off:
            assert "must follow the suit led" in illegal(state, rng.choice(off).name)
            foreign = next(card for card in state.hands[(position.to_move + 1) % 4])
            assert "does not hold" in illegal(state, foreign.name)
            return
    pytest.fail("no seat had a card it may not play")


def test_the_settlement_and_the_dealers_discard() -> None:
    seen_discard = False
    for seed in range(60):
        state = reach(seed, "play")
        rng = random.Random(seed)
        while state.phase == "play":
            state = state.apply(rng.choice(moves(state)))
        discarded = state.discarded()
        for seat in state.choosers:
            chip = state.chosen[seat]
            assert discarded[seat] == ((chip,) if chip in [d for own in discarded for d in own] else ())
        if state.phase == "discard":
            seen_discard = True
            assert state.to_move == state.dealer + 1
            assert "discards one of his own chips" in illegal(state, "discard nothing")
            chip = state.chips[state.dealer][-1]
            settled = state.apply(f"discard {chip.id}")
            assert settled.phase == "draw" and settled.discarded()[state.dealer] == (chip,)
            assert settled.scores()[state.dealer + 1] == chip.value
            assert load(settled.to_json()).to_json() == settled.to_json()
        else:
            assert (
                state.phase == "draw"
                and state.to_move == TABLE
                and state.scores() == {s + 1: float(sum(c.value for c in own)) for s, own in enumerate(discarded)}
            )
        if seen_discard and seed > 5:
            return
    pytest.fail("no dealer earned a discard")


def test_the_next_round_the_dealer_moves_left_and_the_table_deals_it() -> None:
    """After the settlement the next dealer draws the trumps in secret (the table's move,
    the seed's next pair), the discarded chips are laid aside, and the table lays out the
    seed's next shuffle card by card; nobody out and a round limit of 1 ends the game."""
    settled = reach(23, "draw")
    assert settled.round == 1 and not settled.out and "round 1 is settled" in illegal(settled, "draw R5")
    (drawn,) = moves(settled)
    nxt = settled.apply(drawn)
    assert nxt.round == 2 and nxt.dealer == (settled.dealer + 1) % 4 and nxt.phase == "lay"
    assert nxt.chips == settled.left() and nxt.before == settled.all_discarded() and nxt.scores() == settled.scores()
    assert not any(nxt.hands) and nxt.chosen == (None,) * 4 and nxt.trumps is not None
    assert drawn == f"draw {nxt.trumps.name}"
    for seat in range(1, 5):
        seen = nxt.observation(seat)
        assert seen.history[-1] == (drawn if seat == nxt.dealer + 1 else f"draw {HIDDEN}")
        assert seen.to_json()["seed"] == HIDDEN and len(moves(seen)) == 36
    laid = nxt
    while laid.phase == "lay":
        (card,) = moves(laid)
        laid = laid.apply(card)
    assert laid.phase == "pick" and len(laid.history) == len(nxt.history) + 36
    assert load(laid.to_json()).to_json() == laid.to_json()
    single = load({**settled.to_json(), "round_limit": 1, "to_move": None})
    assert single.is_over and single.limit_hit and single.winners == () and "game is over" in illegal(single, drawn)


def test_a_position_of_a_later_round_loads_and_plays_on() -> None:
    """A person's position in round 3 (no history, no seed): the table may draw any trumps
    and lay out any card; the chips discarded before are checked against the rounds."""
    state, rng = reach(24, "draw"), random.Random(24)
    while not (state.round == 3 and state.phase == "play"):
        state = state.apply(rng.choice(moves(state)))
    doc = _changed(state.to_json(), history=[], seed=HIDDEN)
    seen = load(doc)
    assert seen.round == 3 and moves(seen) == moves(state) and seen.to_json() == doc
    used = {chip for own in [*doc["chips"], *doc["discarded_before"]] for chip in own}
    spare = [chip.id for chip in CHIPS if chip.id not in used]  # the chips back in the box
    too_many = [[*own, *spare][:3] if k == 0 else own for k, own in enumerate(doc["discarded_before"])]
    assert "discarded_before" in refused(lambda: load(_changed(doc, discarded_before=too_many)))
    assert "round" in refused(lambda: load(_changed(doc, round=0)))
    assert "pool" in refused(lambda: load(_changed(start(seed=1).to_json(), round=2)))
    answer = evaluate(seen, time_limit=SLACK)  # any round is valued as the first
    assert answer.proven and sorted(option.move for option in answer.options) == sorted(moves(seen))


# -- documents ---------------------------------------------------------------------------


def _changed(doc: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {**json.loads(json.dumps(doc)), **fields}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: _changed(d, dealer=5), "dealer"),
        (lambda d: _changed(d, hands=d["hands"][:2]), "hands"),
        (lambda d: _changed(d, trump={"suit": "?", "number": 5}), "trump"),
        (lambda d: _changed(d, trump={"suit": "X", "number": 5}), "trump"),
        (lambda d: _changed(d, to_move=1 if d["to_move"] != 1 else 2), "to_move"),
        (lambda d: _changed(d, hands=[["R5", "R5"], *d["hands"][1:]]), "hands"),
        (lambda d: _changed(d, chips=[["no-such"], *d["chips"][1:]]), "chips"),
        (lambda d: _changed(d, chosen=[None, None, None, "no-red"]), "chosen"),
        (lambda d: _changed(d, tricks=[{"cards": ["R1"], "leader": 1, "winner": 1}]), "tricks"),
        (lambda d: _changed(d, trick="R5"), "trick"),
        (lambda d: _changed(d, discarded=[["no-red"], [], [], []]), "discarded"),
        (lambda d: _changed(d, trump_shown="yes"), "trump_shown"),
    ],
)
def test_bad_documents_name_the_field(change: Any, field: str) -> None:
    doc = reach(6, "play", extra=2).to_json()
    message = refused(lambda: load(change(doc)))
    assert field in message


def test_a_wrong_clue_or_pick_in_a_document_is_refused() -> None:
    doc = reach(7, "pick", extra=9).to_json()
    assert doc["clues"]
    wrong = {**doc["clues"][0], "winner": doc["clues"][0]["winner"] % 4 + 1}
    assert "clues" in refused(lambda: load(_changed(doc, clues=[wrong, *doc["clues"][1:]])))
    hands = [doc["hands"][1], doc["hands"][0], *doc["hands"][2:]]
    assert "was picked by seat" in refused(lambda: load(_changed(doc, hands=hands)))


def test_a_position_written_for_the_table_loads() -> None:
    """A person writes the trick play of their own table: no history, the round so far."""
    state = reach(8, "play", extra=6)
    doc = _changed(state.to_json(), history=[])
    seen = load(doc)
    assert seen.history == () and moves(seen) == moves(state)
    own = _changed(state.observation(2).to_json(), history=[])
    assert load(own).to_json() == own
    # once the draft is over the clues may be left out, and with 3 players the Table's cards
    assert moves(load(_changed(doc, clues=[]))) == moves(state)
    three = reach(8, "play", players=3, extra=4)
    assert moves(load(_changed(three.to_json(), history=[], clues=[]))) == moves(three)
    assert "clues" in refused(lambda: load(_changed(reach(8, "pick", extra=6).to_json(), clues=[])))


# -- move-tree counts ------------------------------------------------------------------------


def perft(state: WasStichtState, depth: int) -> int:
    """The positions reached after exactly ``depth`` moves (a round over before counts once)."""
    if depth == 0 or state.is_over:
        return 1
    return sum(perft(state.played(move), depth - 1) for move in state.legal)


def plays(position: Position, depth: int) -> int:
    """The same count of the trick play alone, over ``play.Position``."""
    if depth == 0 or position.finished:
        return 1
    return sum(plays(position.play(card), depth - 1) for card in position.legal())


def test_perft_pins() -> None:
    assert perft(start(seed=1), 2) == 24 * 23
    draft = reach(9, "pick")
    assert perft(draft, 5) == 4 * 3 * 2 * 1 * 1  # a column's picks, then the one clue
    assert perft(reach(9, "pick", players=3), 4) == 4 * 3 * 2 * 1  # three picks, the Table's card, the clue
    hidden = draft.observation(1)
    # the clue may name any place some trump pair gives: counted over the column's orders
    orders = itertools.permutations(draft.columns[0])
    assert perft(hidden, 5) == sum(len({trick_winner(order, t) for t in ALL_TRUMPS}) for order in orders) == 96
    ending = reach(10, "play", extra=28)  # 7 tricks played: 2 cards a hand
    assert perft(ending, 8) == plays(ending.position(), 8) == 6
    middle = reach(11, "play", extra=24)  # 3 cards a hand
    assert perft(middle, 12) == plays(middle.position(), 12) == 192
    # across the round's end: the seed deals the next round, one draw and one card at a time;
    # hidden from a seat, any of the 50 trump pairs and then any of the 36 cards
    settled = reach(12, "draw")
    assert perft(settled, 3) == 1
    assert perft(settled.observation(1), 2) == len(ALL_TRUMPS) * 36 == 1800


# -- evaluate ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [12, 13, 14])
def test_evaluate_agrees_with_solve_in_the_trick_play(seed: int) -> None:
    for extra in (0, 5, 14):
        state = reach(seed, "play", players=3 + seed % 2, extra=extra)
        seat = state.to_move
        assert seat is not None and seat > 0
        answer = evaluate(state, time_limit=SLACK)
        assert answer.proven and sorted(o.move for o in answer.options) == sorted(moves(state))
        for chip in answer.extra["chips"]:
            solved = api.solve(state.position(), seat, chip)
            verdicts = {option.value[chip] for option in answer.options}
            top = "forceable" if solved.forceable else "possible" if solved.possible else "impossible"
            assert top in verdicts
            order = ["impossible", "possible", "forceable"]
            assert max(verdicts, key=order.index) == top
            if len(answer.extra["chips"]) == 1:
                assert solved.best_card is not None and solved.best_card.name in answer.best


def test_evaluate_agrees_with_solve_on_the_command_line(cardsolve: RunCli, tmp_path: Path) -> None:
    state = reach(15, "play")
    seat = state.to_move
    assert seat is not None
    chip = state.chosen[seat - 1]
    assert not isinstance(chip, str) and chip is not None
    deal = {
        "hands": [[card.name for card in hand] for hand in state.hands],
        "trump": {"suit": state.trumps.suit, "number": state.trumps.number},  # type: ignore[union-attr]
        "leader": seat,
    }
    (tmp_path / "deal.json").write_text(json.dumps(deal), encoding="utf-8")
    solved = run_json(
        cardsolve, "was-sticht", "solve", "--deal", str(tmp_path / "deal.json"), "--seat", str(seat), "--task", chip.id
    )
    answer = evaluate(state, time_limit=SLACK)
    top = "forceable" if solved["forceable"] else "possible" if solved["possible"] else "impossible"
    assert answer.options[0].value[chip.id] == top and solved["best_card"] in answer.best


def test_evaluate_the_chip_choice_agrees_with_choose() -> None:
    state = reach(16, "choose", extra=1)  # the second chooser, the first choice hidden from him
    seat = state.to_move
    assert seat is not None
    answer = evaluate(state, time_limit=SLACK)
    held = ",".join(chip.id for chip in state.chips[seat - 1])
    assert state.trumps is not None
    chosen = api.choose(Position(state.hands, state.trumps, (state.dealer + 1) % state.players), seat, held)
    by_move = {option.move: option for option in answer.options}
    for odds in chosen.odds:
        option = by_move[f"choose {odds.chip.id}"]
        assert option.value == odds.verdict and option.extra["chance"] == round(odds.chance, 4)
    assert f"choose {chosen.odds[0].chip.id}" in answer.best


def test_more_playouts_narrow_the_chip_choices_errors() -> None:
    state = reach(16, "choose", extra=1)
    few, many = (evaluate(state, time_limit=SLACK, playouts=count) for count in (16, 1024))
    narrow = {option.move: option for option in many.options}
    estimated = [(option.error, narrow[option.move].error) for option in few.options if option.error]
    assert estimated and all(wide > narrower for wide, narrower in estimated)
    assert all(option.value == narrow[option.move].value for option in few.options)  # the exact verdicts
    with pytest.raises(BadInput, match="bad playouts 0"):
        evaluate(state, playouts=0)


def test_evaluate_sees_only_the_seats_observation() -> None:
    state = reach(17, "choose", extra=2)  # the third chooser: two choices hidden from him
    seat = state.to_move
    assert seat is not None
    seen = state.observation(seat)
    answers = {json.dumps(evaluate(seen.fill_hidden(fill), time_limit=SLACK).to_json()) for fill in range(4)}
    assert answers == {json.dumps(evaluate(state, time_limit=SLACK).to_json())}
    play = reach(17, "play", extra=3)
    filled = [evaluate(play.observation(seat).fill_hidden(fill), time_limit=SLACK).to_json() for fill in (1, 2)]
    assert filled[0] == filled[1] == evaluate(play, time_limit=SLACK).to_json()


def test_evaluate_the_dealers_discard_by_corner_value() -> None:
    for seed in range(60):
        state = reach(seed, "play")
        rng = random.Random(seed)
        while state.phase == "play":
            state = state.apply(rng.choice(moves(state)))
        if state.phase == "discard":
            answer = evaluate(state, time_limit=SLACK)
            top = max(chip.value for chip in state.chips[state.dealer])
            assert answer.proven and answer.options[0].value == top
            assert all(option.value == top for option in answer.options if option.move in answer.best)
            return
    pytest.fail("no dealer earned a discard")


def test_evaluate_refuses_what_it_does_not_value() -> None:
    assert "not the card draft" in refused(lambda: evaluate(reach(18, "pick")))
    assert "not the preparation's chip draft" in refused(lambda: evaluate(start(seed=18)))
    assert "table is to move" in refused(lambda: evaluate(reach(18, "clue")))
    with pytest.raises(BadInput, match="time limit"):
        evaluate(reach(18, "play"), time_limit=0)


def test_evaluate_stops_at_its_time_limit() -> None:
    state = reach(19, "play")
    answer = evaluate(state, time_limit=1e-9)
    assert not answer.proven and set(answer.best) == set(moves(state))
    assert all(value is None for option in answer.options for value in option.value.values())


# -- the commands ------------------------------------------------------------------------------


def test_start_apply_evaluate_on_the_command_line(cardsolve: RunCli, tmp_path: Path) -> None:
    doc = run_json(cardsolve, "was-sticht", "start", "--seed", "20", "--players", "3")
    assert doc == start(seed=20, players=3).to_json()
    state = reach(20, "play", players=3, extra=2)
    file = tmp_path / "position.json"
    file.write_text(json.dumps(state.to_json()), encoding="utf-8")
    nexts = moves(state)[:1]
    after = run_json(cardsolve, "was-sticht", "apply", "--position", str(file), *nexts)
    assert after == state.apply(nexts[0]).to_json()
    given = run_json(cardsolve, "was-sticht", "evaluate", "--position", str(file), "--time-limit", str(SLACK))
    assert given == evaluate(state, time_limit=SLACK).to_json()
    code, out, _ = cardsolve("was-sticht", "evaluate", "--position", str(file), "--time-limit", str(SLACK))
    assert code == 0 and "* marks the best" in out


def test_the_commands_refuse_in_one_line(cardsolve: RunCli, tmp_path: Path) -> None:
    state = reach(21, "play")
    file = tmp_path / "position.json"
    file.write_text(json.dumps(state.to_json()), encoding="utf-8")
    code, _, err = cardsolve("was-sticht", "apply", "--position", str(file), "zz")
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and "illegal move" in err
    file.write_text(json.dumps({**state.to_json(), "dealer": 0}), encoding="utf-8")
    code, _, err = cardsolve("was-sticht", "evaluate", "--position", str(file))
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and "dealer" in err
    code, _, err = cardsolve("was-sticht", "start", "--seed", "1", "--players", "3", "--dealer", "4")
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1


def test_an_illegal_move_is_an_illegal_move() -> None:
    with pytest.raises(IllegalMove):
        reach(22, "choose").apply("choose nothing")
