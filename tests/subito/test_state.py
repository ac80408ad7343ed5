"""Subito as a game in progress (``models.subito.state``): the rulebook's rules as moves
(the table turns the top card of the next pile, the seat places it on a side whose rule
takes it, the sides of the table and team-mates take turns, a round ends with a side's
last card and is scored, the game after three rounds, face-down cards are hidden), pinned
move-tree counts checked by an independent count, ``evaluate`` against ``subito hint``
and over observations that differ only in hidden cards, and the commands ``start``,
``apply`` and ``evaluate``."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli, run_json

from cardsolve.models.errors import BadInput
from cardsolve.models.state import HIDDEN, TABLE, GameState, IllegalMove
from cardsolve.models.subito import Placed, Table, accepts, deal, score_round, table_to_json
from cardsolve.models.subito.state import DECK, SubitoState, Turn, dealt_round, load, start
from cardsolve.solvers.subito import api

DATA = Path(__file__).resolve().parent.parent / "data"
POSITION = DATA / "subito_position.json"
"""The table of ``subito_midround.json`` as a position: Ada (seat 1) has turned Y6S over."""
SAMPLES = 64
"""Rollouts a side in these tests: enough to compare, cheap."""


def position() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(POSITION.read_text(encoding="utf-8"))
    return document


def first_moves(state: SubitoState, count: int) -> SubitoState:
    """``state`` after ``count`` moves, each the first legal one."""
    for _ in range(count):
        state = state.apply(state.legal_moves()[0])
    return state


def seats_in_turn(state: SubitoState, placements: int) -> list[int]:
    """The seats that place the next ``placements`` cards, each on the first side listed."""
    order: list[int] = []
    while len(order) < placements:
        if state.to_move not in (TABLE, None):
            order.append(state.to_move)
        state = state.apply(state.legal_moves()[0])
    return order


def refused(state: GameState, move: str) -> str:
    with pytest.raises(IllegalMove) as refusal:
        state.apply(move)
    return str(refusal.value)


# -- the rules as moves ----------------------------------------------------------------


def test_the_table_turns_the_top_card_of_the_next_pile() -> None:
    state = start(seed=4)
    top = state.piles[0][0]
    assert state.to_move == TABLE and [str(move) for move in state.legal_moves()] == [str(top)]
    assert "top card of seat 1's pile, which is" in refused(state, "R1B" if str(top) != "R1B" else "R2B")
    assert "name it, like Y4A" in refused(state, "2")
    turned = state.apply(str(top))
    assert turned.to_move == 1 and turned.turned == top and len(turned.piles[0]) == 35


def test_a_card_goes_only_on_a_side_in_play_whose_rule_takes_it() -> None:
    state = load(position())
    assert state.to_move == 1 and str(state.turned) == "Y6S"
    assert [str(move) for move in state.legal_moves()] == ["2", "4a", "5a", "7a", "8a"]
    assert "Y6S does not go on 3a: no yellow or green cards" in refused(state, "3a")
    assert "does not go on 9a: colour, value and symbol all differ" in refused(state, "9a")  # after D2S
    assert "does not go on 6a: at most two colours" in refused(state, "6a")  # after L1R, D3B
    assert "side 3b is not in play this round" in refused(state, "3b")
    assert "places Y6S on a side in play whose rule takes it (2, 4a, 5a, 7a, 8a)" in refused(state, "zz")
    after = state.apply("8a")  # P5S then Y6S: pink and yellow are neighbours on the colour bar
    assert after.table.players[0].on(after.table.tasks[6])[-1] == state.turned
    assert after.to_move == TABLE and after.next_seat == 2 and state.turned is not None


def test_task_five_a_takes_any_card_even_over_twelve() -> None:
    """5a's limit of 12 is a scoring rule, not a wrong card: the side is always offered."""
    doc = position()
    named = json.dumps(doc)
    sixes = [card.name for card in DECK if card.number == 6 and card.name not in named][:2]
    doc["table"]["players"][0]["placed"]["5a"] = ["Y5B", *sixes]
    doc["table"]["players"][0]["placed"]["9a"] = ["Y4R", "L6P"]
    state = load(doc)
    assert sum(card.number for card in state.table.players[0].placed["5a"]) == 17
    assert "5a" in [str(move) for move in state.legal_moves()]


def test_the_sides_of_the_table_take_turns_and_team_mates_alternate() -> None:
    assert seats_in_turn(start(seed=1), 6) == [1, 2, 1, 2, 1, 2]
    assert seats_in_turn(start(seed=1, players=4), 8) == [1, 3, 2, 4, 1, 3, 2, 4]
    assert seats_in_turn(start(seed=1, players=3), 6) == [1, 2, 1, 3, 1, 2]  # seat 1 alone in round 1
    assert [len(pile) for pile in start(seed=1, players=3).piles] == [36, 18, 18]


def test_a_round_ends_with_a_sides_last_card_and_is_scored_and_the_next_is_dealt() -> None:
    state = start(seed=2, players=3)
    while True:
        after = state.apply(state.legal_moves()[0])
        if after.round == 2:
            break
        state = after
    last = state.table.players[0]  # seat 1, alone, began and places its 36th card
    assert state.to_move == 1 and last.count == 35 and state.table.players[1].count == 35
    scored = score_round(_table_with_the_last_card(state)).points
    assert after.points == ((scored[0], scored[1], scored[1]),)  # the team's points to both members
    assert after.scores() == {1: scored[0], 2: scored[1], 3: scored[1]}
    assert after.to_move == TABLE and after.next_seat == 1  # round 2: seat 2 alone, the team (1, 3) begins
    assert [len(pile) for pile in after.piles] == [18, 36, 18]
    assert [str(side) for side in after.table.tasks] == [str(side) for side in start(seed=2, players=3).later[0].tasks]


def _table_with_the_last_card(state: SubitoState) -> Table:
    """The table once the seat to move places its card on the first side listed."""
    mover = state.table.players[state.next_entry]
    side = state.legal_moves()[0]
    assert state.turned is not None
    on = dict(mover.placed)
    on[str(side)] = (*on.get(str(side), ()), state.turned)
    players = [*state.table.players]
    players[state.next_entry] = Placed(mover.name, on)
    return Table(state.table.tasks, (players[0], players[1]))


def test_the_game_ends_after_three_rounds() -> None:
    state = start(seed=5, sides="b")
    assert [str(side) for side in state.later[0].tasks] == ["2", "3b", "4b", "5b", "6b", "7b", "8b", "9b"]
    end = first_moves(state, 3 * 2 * 71)  # a turn and a placement, 36 + 35 cards a round
    assert end.is_over and end.to_move is None and len(end.points) == 3 and not end.legal_moves()
    assert end.scores() == {seat: sum(points[seat - 1] for points in end.points) for seat in (1, 2)}
    assert "the game is over" in refused(end, "2")
    assert load(end.to_json()).to_json() == end.to_json()


def test_a_game_of_fewer_rounds_is_the_first_rounds_of_the_three() -> None:
    """``rounds`` (a study's single rounds): the game is the three-round game's first
    rounds, over once they are scored; the document keeps the count; other counts are refused."""
    whole = first_moves(start(seed=8), 2 * 71)
    one = first_moves(start(seed=8, rounds=1), 2 * 71)
    assert one.is_over and one.points == whole.points and score_round(one.table).points == whole.points[0]
    assert one.to_json()["rounds"] == 1 and load(one.to_json()).to_json() == one.to_json()
    assert "Round 1 of 1" in one.text() and whole.round == 2 and not whole.is_over
    two = start(seed=8, rounds=2)
    assert len(two.later) == 1 and two.later[0] == start(seed=8).later[0]
    for bad in (0, 4, 1.0):
        with pytest.raises(BadInput, match="bad rounds"):
            start(seed=8, rounds=bad)  # type: ignore[arg-type]


def test_a_round_dealt_alone_is_a_one_round_game_of_its_sides_and_piles() -> None:
    tasks, piles = deal(DECK, 12, sides="b")
    state = dealt_round(tasks, piles)
    assert isinstance(state.legal_moves()[0], Turn)
    assert (state.rounds, state.round, state.to_move, state.table.tasks) == (1, 1, TABLE, tuple(tasks))
    assert str(state.legal_moves()[0]) == piles[0][0].name
    end = first_moves(state, 2 * 71)
    assert end.is_over and end.points == ((*score_round(end.table).points,),)
    with pytest.raises(BadInput, match="2 piles"):
        dealt_round(tasks, piles[:1])
    with pytest.raises(BadInput, match="piles"):
        dealt_round(tasks, [piles[0], piles[0]])


def test_face_down_cards_are_hidden_from_the_other_side_only() -> None:
    state = start(seed=6)
    while "5a" not in state.history:
        moves = [str(move) for move in state.legal_moves()]
        state = state.apply("5a" if "5a" in moves else moves[0])
    card = state.history[-2]
    assert state.table.players[0].placed["5a"][-1].name == card  # seat 1 placed it
    theirs = state.observation(2).to_json()
    assert theirs["table"]["players"][0]["placed"]["5a"] == [HIDDEN] and theirs["history"][-2] == HIDDEN
    assert card not in json.dumps(theirs)
    mine = state.observation(1).to_json()
    assert mine["table"]["players"][0]["placed"]["5a"] == [card] and mine["history"][-2] == card
    assert all(set(pile) == {HIDDEN} for pile in mine["piles"])  # a pile is face down, even one's own


def test_a_hidden_pile_turns_any_card_nobody_has_seen() -> None:
    state = first_moves(start(seed=8), 4)
    seen = load(state.observation(1).to_json())
    named = {card.name for placed in seen.table.players for on in placed.placed.values() for card in on}
    outcomes = [str(move) for move in seen.legal_moves()]
    assert seen.to_move == TABLE and len(outcomes) == 70 and not set(outcomes) & named
    assert "any card nobody has seen this round" in refused(seen, sorted(named)[0])
    assert "not in the deck" in refused(seen, "R1R") or "R1R" in outcomes


def test_face_down_cards_unseen_are_turned_over_before_the_round_is_scored() -> None:
    state = start(seed=9)
    while state.round == 1 and not (state.finished or (sum(state.counts) == 70 and state.to_move == TABLE)):
        moves = [str(move) for move in state.legal_moves()]
        state = state.apply("5a" if "5a" in moves and state.next_entry == 1 else moves[0])
    seen = load(state.observation(1).to_json())  # seat 2's 5a cards unseen
    hidden = seen.table.players[1].hidden
    assert hidden > 0
    seen = first_moves(seen, 2)  # seat 1's last card ends the round
    assert seen.round == 1 and seen.finished and seen.to_move == TABLE and seen.hidden == hidden
    revealed = first_moves(seen, hidden)
    assert revealed.round == 2 and len(revealed.points) == 1


# -- bad documents ----------------------------------------------------------------------


def _drop(doc: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != key}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda doc: _drop(doc, "piles"), "piles"),
        (lambda doc: {**doc, "piles": [["?"] * 25]}, "piles"),
        (lambda doc: {**doc, "piles": [["?"] * 24, ["?"] * 26]}, "piles"),
        (lambda doc: {**doc, "piles": [["Y6S", *["?"] * 24], ["?"] * 26]}, "piles"),
        (lambda doc: {**doc, "piles": [["X9Z", *["?"] * 24], ["?"] * 26]}, "piles"),
        (lambda doc: {**doc, "piles": "?"}, "piles"),
        (lambda doc: {**doc, "to_move": 2}, "to_move"),
        (lambda doc: {**doc, "to_move": "1"}, "to_move"),
        (lambda doc: {**doc, "round": 4}, "round"),
        (lambda doc: {**doc, "rounds": 4}, "rounds"),
        (lambda doc: {**doc, "rounds": True}, "rounds"),
        (lambda doc: {**start(seed=1).to_json(), "rounds": 1}, "later"),
        (lambda doc: {**doc, "round": 2}, "round_points"),
        (lambda doc: {**doc, "turned": "?"}, "turned"),
        (lambda doc: {**doc, "turned": 5}, "turned"),
        (lambda doc: {**doc, "table": {"tasks": ["2"], "players": []}}, "table"),
        (lambda doc: {**doc, "table": 3}, "table"),
        (lambda doc: {**doc, "round_points": [[1, 2]]}, "round_points"),
        (lambda doc: {**doc, "later": [{"tasks": ["2"], "piles": []}]}, "later"),
        (lambda doc: {**doc, "later": {}}, "later"),
        (lambda doc: {"cards": 3, "hands": 3, "players": 3}, "game"),
    ],
)
def test_a_bad_document_is_bad_input_naming_the_field(change: Any, field: str) -> None:
    with pytest.raises(BadInput) as refusal:
        load(change(position()))
    message = str(refusal.value)
    assert "\n" not in message and repr(field) in message, message


def test_a_person_may_leave_out_what_follows_from_the_rest() -> None:
    state = load(position())
    doc = state.to_json()
    assert doc["later"][0]["piles"] == [["?"] * 36, ["?"] * 36] and doc["round_points"] == []
    assert load(copy.deepcopy(doc)).to_json() == doc


# -- the move tree --------------------------------------------------------------------


def perft(state: GameState, depth: int) -> int:
    """Leaves of the move tree ``depth`` moves deep."""
    if depth == 0:
        return 1
    return sum(perft(state.apply(move), depth - 1) for move in state.legal_moves())


def count_placements(seed: int, depth: int) -> int:
    """The same leaves counted from the deal and the sides' rules alone: the table turns
    the next card of the mover's pile, the mover puts it on any side that takes it."""
    tasks, piles = deal(list(DECK), seed * 3 + 1, 2, "a")

    def count(placed: tuple[dict[str, tuple[Any, ...]], ...], mover: int, left: int, turned: Any) -> int:
        if left == 0:
            return 1
        if turned is None:
            card = piles[mover][sum(len(cards) for cards in placed[mover].values())]
            return count(placed, mover, left - 1, card)
        total = 0
        for side in tasks:
            on = placed[mover].get(side.name, ())
            if accepts(side, on, turned):
                mine = {**placed[mover], side.name: (*on, turned)}
                after = (mine, placed[1]) if mover == 0 else (placed[0], mine)
                total += count(after, 1 - mover, left - 1, None)
        return total

    return count(({}, {}), 0, depth, None)


def test_perft_from_a_seeded_deal() -> None:
    state = start(seed=7)
    counts = [perft(state, depth) for depth in range(1, 11)]
    assert counts == [1, 8, 8, 48, 48, 312, 312, 2392, 2392, 15548]
    assert counts == [count_placements(7, depth) for depth in range(1, 11)]


def test_perft_from_a_hidden_pile() -> None:
    """Any of the 72 cards may be turned first; each then goes on every side taking it."""
    state = load(start(seed=7).observation(1).to_json())
    tasks = state.table.tasks
    assert perft(state, 1) == 72
    assert perft(state, 2) == sum(accepts(side, (), card) for card in DECK for side in tasks) == 516


# -- evaluate -------------------------------------------------------------------------


def test_evaluate_agrees_with_the_hint() -> None:
    state = load(position())
    found = api.evaluate(state, samples=SAMPLES, seed=3)
    hinted = api.hint(position()["table"], "Y6S", seat=1, samples=SAMPLES, seed=3)
    assert found.to_move == 1 and found.unit == "expected points this round"
    assert [(o.move, o.rank, o.error) for o in found.options] == [
        (e.side.name, e.mean, e.stderr) for e in hinted.ranking
    ]
    assert hinted.best.side.name in found.best and found.options[0].move == hinted.best.side.name
    assert all(not option.proven for option in found.options) and found.to_json()["refused"] == ["3a", "6a", "9a"]
    options = found.to_json()["options"]
    assert [option.get("loses_task", False) for option in options] == [e.loses_task for e in hinted.ranking]
    assert all(option.get("loses_task", True) is True for option in options)  # named only where it costs the task card


@pytest.mark.parametrize(("players", "seat", "entry"), [(2, 2, 2), (4, 4, 2), (3, 3, 2)])
def test_evaluate_agrees_with_the_hint_for_a_side_of_the_table_of_a_seeded_game(
    players: int, seat: int, entry: int
) -> None:
    """The hint's seat is the side of the table: a player, or a team (4 players: seats 3
    and 4; 3 players, round 1: seats 2 and 3 against seat 1)."""
    state = start(seed=12, players=players)
    while state.to_move != seat or sum(state.counts) < 6:
        state = state.apply(state.legal_moves()[0])
    found = api.evaluate(state, samples=SAMPLES, seed=1)
    seen = state.observation(seat)
    hinted = api.hint(table_to_json(seen.table), str(state.turned), seat=entry, samples=SAMPLES, seed=1)
    assert {o.move: o.rank for o in found.options} == {e.side.name: e.mean for e in hinted.ranking}
    assert hinted.best.side.name in found.best


def test_evaluate_sees_only_what_the_seat_sees() -> None:
    """The same observation, whatever the hidden cards: the piles' order and the other
    side's face-down cards, dealt anew with each seed, give the same evaluation."""
    state = start(seed=6)
    while not (state.to_move == 2 and state.table.players[0].placed.get("5a")):
        moves = [str(move) for move in state.legal_moves()]
        state = state.apply("5a" if "5a" in moves else moves[0])
    seen = state.observation(2)
    answer = api.evaluate(state, samples=SAMPLES, seed=4).to_json()
    for seed in (1, 2):
        other = seen.fill_hidden(seed)
        assert other.to_json() != state.to_json() and other.observation(2).to_json() == seen.to_json()
        assert api.evaluate(other, samples=SAMPLES, seed=4).to_json() == answer
    assert api.evaluate(load(seen.to_json()), samples=SAMPLES, seed=4).to_json() == answer


def test_evaluate_refuses_a_position_where_no_seat_chooses() -> None:
    with pytest.raises(BadInput, match="the table is to move"):
        api.evaluate(start(seed=1))
    with pytest.raises(BadInput, match="the game is over"):
        api.evaluate(first_moves(start(seed=1), 3 * 2 * 71))
    with pytest.raises(BadInput, match="time limit"):
        api.evaluate(load(position()), time_limit=0)


def test_a_short_time_limit_cuts_the_rollouts_not_the_answer() -> None:
    found = api.evaluate(load(position()), time_limit=1e-6, samples=4096)
    assert found.extra["samples"] < 4096 and {o.move for o in found.options} == {"2", "4a", "5a", "7a", "8a"}


# -- the commands -------------------------------------------------------------------


def test_start_apply_and_evaluate_on_the_command_line(cardsolve: RunCli, tmp_path: Path) -> None:
    started = run_json(cardsolve, "subito", "start", "--seed", "3", "--players", "4", "--sides", "b")
    assert started == start(seed=3, players=4, sides="b").to_json()
    assert run_json(cardsolve, "subito", "start", "--seed", "3", "--rounds", "2") == start(seed=3, rounds=2).to_json()
    begun = tmp_path / "start.json"
    begun.write_text(json.dumps(started), encoding="utf-8")
    card = started["piles"][0][0]
    moved = run_json(cardsolve, "subito", "apply", "--position", str(begun), card, "2")
    assert moved == start(seed=3, players=4, sides="b").apply(card).apply("2").to_json()
    assert moved["to_move"] == TABLE and moved["history"] == [card, "2"]
    answer = run_json(cardsolve, "subito", "evaluate", "--position", str(POSITION))
    assert answer == api.evaluate(load(position())).to_json()
    assert answer["best"][0] == answer["options"][0]["move"] and answer["samples"] == 1024
    code, out, _ = cardsolve("subito", "evaluate", "--position", str(POSITION))
    assert code == 0 and "Seat 1: every option, expected points this round" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["apply", "--position", str(POSITION), "3a"], "move 1: illegal move '3a': Y6S does not go on 3a"),
        (["apply", "--position", str(POSITION), "2", "2"], "move 2: illegal move '2': the table turns"),
        (["evaluate", "--position", "{bad}"], "field 'to_move'"),
        (["apply", "--position", "{bad}", "2"], "field 'to_move'"),
        (["start", "--seed", "1", "--players", "5"], "bad --players 5"),
        (["start", "--seed", "1", "--rounds", "4"], "bad --rounds 4"),
    ],
)
def test_an_illegal_move_or_bad_document_is_one_error_line(
    cardsolve: RunCli, tmp_path: Path, args: list[str], words: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**position(), "to_move": 0}), encoding="utf-8")
    code, out, err = cardsolve("subito", *[arg.replace("{bad}", str(bad)) for arg in args])
    assert code == 2 and not out and len(err.splitlines()) == 1 and err.startswith("error: "), err
    assert words in err, err
