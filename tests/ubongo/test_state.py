"""One player's Ubongo round as a game in progress (``models.ubongo.state``) and the value of
every move (``solvers.ubongo.evaluation``): the rules as moves (each legal move accepted,
each illegal one refused with the rule it breaks), a pinned move-tree count checked by an
independent count, ``evaluate`` against ``verify`` and ``hint``, and the commands
``start``, ``apply`` and ``evaluate``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli
from invocations import DATA
from refusals import refused

from cardsolve.models.state import IllegalMove
from cardsolve.models.ubongo.engine import Round
from cardsolve.models.ubongo.layout import Placement, touching_positions
from cardsolve.models.ubongo.rules import violations
from cardsolve.models.ubongo.state import Lay, TakeBack, UbongoMove, UbongoState, load, start
from cardsolve.solvers.ubongo import api
from cardsolve.solvers.ubongo.evaluation import evaluate

POSITION = DATA / "ubongo_position.json"
"""Three cards laid in round 1, six in hand (the commands' base position)."""
MISTAKE = json.loads((DATA / "ubongo_mistake.json").read_text())
"""The Ubongo page's hint example (docs): three cards laid, the last two meeting at one mismatched contact."""


def position() -> UbongoState:
    return load(json.loads(POSITION.read_text()))


def notations(state: UbongoState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


def refusal(state: UbongoState, move: str) -> str:
    """The message ``apply`` refuses ``move`` with (an ``IllegalMove``, one line)."""
    with pytest.raises(IllegalMove) as error:
        state.apply(move)
    assert "\n" not in str(error.value)
    return str(error.value)


def laid(state: UbongoState, seed: int, lays: int) -> UbongoState:
    """``state`` after ``lays`` random lays (a take-back when none is left)."""
    rng = random.Random(seed)
    for _ in range(lays):
        moves: list[UbongoMove] = [m for m in state.legal_moves() if isinstance(m, Lay)]
        moves = moves or list(state.legal_moves())
        state = state.apply(rng.choice(moves))
    return state


# The rules as moves.


def test_the_first_card_lies_unrotated_at_the_origin() -> None:
    state = start(seed=3)
    assert notations(state) == [f"{face.name}@0,0r0" for face in state.hand]
    assert state.apply("15w@0,0r0").table == (Placement(state.hand[0], 0, 0, 0),)
    for move in ("15w@1,0r0", "15w@0,0r90"):
        assert "the first card lies unrotated at the origin" in refusal(state, move)


def test_a_card_is_laid_from_the_hand() -> None:
    state = position()
    assert "15w is not in the hand" in refusal(state, "15w@5,5r0")  # on the table already
    assert "17b is not in the hand" in refusal(state, "17b@3,-2r0")
    assert "no card 999" in refusal(state, "999w@3,-2r0")
    assert "not a move" in refusal(state, "lay 2w")
    assert "no move given" in refusal(state, "")


def test_a_lay_keeps_the_layout_valid_and_is_refused_with_the_broken_rule() -> None:
    """Every placement next to the table that breaks a rule is refused with the rules'
    own words for it (overlap, one contact, too many, mismatch, not one group); every one
    that breaks none is listed and accepted."""
    state = position()
    table = list(state.table)
    kinds: set[str] = set()
    legal = set(notations(state))
    for face in state.hand:
        for rotation in (0, 90, 180, 270):
            for x, y in sorted(touching_positions(table, face.rotated(rotation))):
                placement = Placement(face, rotation, x, y)
                move = str(Lay(placement))
                broken = violations([*table, placement])
                if broken:
                    kinds.add(broken[0].kind)
                    assert move not in legal and broken[0].detail in refusal(state, move)
                else:
                    assert move in legal and state.apply(move).table == (*state.table, placement)
    assert {"one-contact", "mismatch", "too-many-contacts"} <= kinds
    overlap = refusal(state, "2w@0,0r0")
    assert "overlap" in overlap and "no cell may be covered twice" in overlap
    assert "all cards must form one group" in refusal(state, "2w@30,30r0")


def test_the_lays_listed_are_the_engines() -> None:
    """The quick listing of lays agrees with the engine's (every touching position of every
    face and turn, checked by the rules) along random rounds."""
    for seed in range(2):
        state = start(seed=seed, round_number=seed + 2)
        rng = random.Random(seed)
        for _ in range(12):
            if state.is_over:
                break
            mine = sorted(str(m) for m in state.legal_moves() if isinstance(m, Lay))
            if len(state.table) < state.k:
                engine = Round(state.round_number, (state.table,), (state.hand,))
                assert mine == sorted(str(Lay(p)) for p in engine.placements(1))
            state = state.apply(rng.choice(list(state.legal_moves())))


def test_a_card_goes_back_unless_it_holds_the_layout_together() -> None:
    state = position()  # 15w at the origin joins 12w and 6w
    assert [m for m in notations(state) if m.startswith("back")] == ["back 12w", "back 6w"]
    after = state.apply("back 12w")
    assert [p.face.name for p in after.table] == ["15w", "6w"] and after.hand[-1].name == "12w"
    assert "would break the layout" in refusal(state, "back 15w")
    assert "all cards must form one group" in refusal(state, "back 15w")
    assert "2w is not on the table" in refusal(state, "back 2w")


def test_ubongo_is_called_with_exactly_k_cards_and_ends_the_round() -> None:
    state = position()
    assert "needs exactly 7 cards laid, and 3 are" in refusal(state, "ubongo")
    small = load({**json.loads(POSITION.read_text()), "k": 3})
    assert notations(small)[-1] == "ubongo" and not any(isinstance(m, Lay) for m in small.legal_moves())
    assert "3 cards are laid and a layout has 3" in refusal(small, "2w@3,-2r0")
    over = small.apply("ubongo")
    assert over.is_over and over.to_move is None and over.scores() == {1: 10.0}
    assert over.legal_moves() == ()
    assert "the game is over" in refusal(over, "back 12w")


def test_a_table_with_a_mistake_only_gives_cards_back() -> None:
    state = load(MISTAKE)
    assert notations(state) == ["back 61w", "back 63w", "back 65w"]
    assert state.scores() == {1: 0.0}  # a layout against the rules scores nothing
    assert "take one back first" in refusal(state, "60w@0,2r0")
    assert "meet at 1 contact" in refusal(state, "ubongo")
    assert state.apply("back 65w").scores() == {1: 2.0}


def test_a_move_is_read_in_its_notation_only() -> None:
    state = position()
    move = next(m for m in state.legal_moves() if isinstance(m, Lay))
    assert state.apply(move) == state.apply(str(move)) == state.apply(f"  {move} ")
    spelled = str(move).replace("w@", "W@")
    assert f"write it {move}" in refusal(state, spelled)
    assert isinstance(state.move("back 12w"), TakeBack)


# The position document.


def test_a_position_is_read_back_and_written_by_a_person() -> None:
    state = laid(start(seed=8, round_number=5), 8, 4)
    doc = state.to_json()
    assert set(doc) == {"game", "to_move", "history", "round", "k", "hand", "table"}
    assert load(doc) == state
    person = {key: doc[key] for key in ("game", "to_move", "round", "hand")} | {"table": {"cards": doc["table"]}}
    assert load(person).to_json() == {**doc, "history": [], "k": 7}


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"tabel": []}, "tabel"),
        ({"hand": ["?", "23w"]}, "hand"),
        ({"hand": ["23w"] * 10}, "hand"),
        ({"hand": [23]}, "hand"),
        ({"hand": ["2b"]}, "round 1"),
        ({"hand": ["15w"]}, "15w"),
        ({"round": 7}, "round"),
        ({"round": "1"}, "round"),
        ({"k": 10}, "k"),
        ({"k": 0}, "k"),
        ({"hand": ["2w"], "k": 7}, "k"),
        ({"to_move": 2}, "to_move"),
        ({"to_move": None}, "to_move"),
        ({"table": [{"card": "2w", "x": 0}]}, "table"),
        ({"table": "15w@0,0r0"}, "table"),
        ({"history": [1]}, "history"),
    ],
)
def test_a_bad_document_is_one_line_naming_the_field(change: dict[str, Any], named: str) -> None:
    doc = {**json.loads(POSITION.read_text()), **change}
    assert named in refused(lambda: load(doc))


def test_start_deals_the_rounds_faces_for_one_player() -> None:
    state = start(seed=4, round_number=4, k=5)
    assert [f.name for f in state.hand] == [f.name for f in api.deal(4, seed=4).hands[0]]
    assert state.k == 5 and state.players == 1 and state.observation(1) is state and state.fill_hidden(9) is state
    assert "one player's own puzzle" in refused(lambda: start(seed=1, players=2))
    assert "rounds are 1 to 6" in refused(lambda: start(seed=1, round_number=0))


# The move tree.


def brute_moves(state: UbongoState) -> list[str]:
    """The legal moves as counted without the state's listing: the engine's placements (each
    touching position of each face and turn, checked by the rules) while fewer than k cards
    lie in a valid layout, every card whose removal leaves a valid table (any card of a
    broken one), and the call once k lie in a valid layout."""
    table, valid = list(state.table), not violations(list(state.table))
    moves = []
    if valid and len(table) < state.k:
        moves += [str(Lay(p)) for p in Round(1, (state.table,), (state.hand,)).placements(1)]
    moves += [
        f"back {p.face.name}" for i, p in enumerate(table) if not valid or not violations(table[:i] + table[i + 1 :])
    ]
    if valid and len(table) == state.k:
        moves.append("ubongo")
    return moves


def perft(state: UbongoState, depth: int, check: bool = False) -> int:
    """The leaves of the move tree ``depth`` moves deep (a round called is a leaf); with
    ``check``, every node's moves are compared with ``brute_moves``."""
    if depth == 0 or state.is_over:
        return 1
    if check:
        assert sorted(notations(state)) == sorted(brute_moves(state))
    return sum(perft(state.apply(move), depth - 1, check) for move in state.legal_moves())


PERFT_POSITION = {"game": "ubongo", "to_move": 1, "round": 1, "k": 3, "hand": ["15w", "12w", "6w", "23w"]}
"""Four faces of round 1, three to lay."""


def test_the_move_tree_is_pinned_and_counted_independently() -> None:
    state = load(PERFT_POSITION)
    assert [perft(state, depth, check=depth <= 3) for depth in range(1, 5)] == [4, 18, 60, 268]


# The value of every move.


def test_evaluate_agrees_with_verify() -> None:
    """A layout of k of the player's cards exists exactly when ``verify`` finds one; on an
    empty table a first card keeps one reachable exactly then."""
    verdicts = []
    for seed, round_number, k in ((1, 2, 7), (2, 3, 8), (5, 6, 7)):
        state = start(seed=seed, round_number=round_number, k=k)
        holds = api.verify(",".join(f.name for f in state.hand), k=k).solvable
        answer = evaluate(state)
        assert answer.extra["layout_exists"] is holds and answer.proven
        assert any(option.value for option in answer.options) is holds
        if not holds:
            assert all(option.extra["moves_to_call_count"] is None for option in answer.options)
        verdicts.append(holds)
    assert verdicts == [True, True, False]


def check_against_hint(state: UbongoState) -> int:
    """``evaluate`` against ``ubongo hint`` on ``state``: the fewest moves to the call are the
    hint's take-backs, lays and the call; its lay (or a take-back of one of its cards) is
    among the best; the best keep a layout reachable unless cards must go back. Returns
    the hint's number of take-backs (-1 when no layout of k exists)."""
    hand, table = ",".join(f.name for f in state.hand), [p.to_json() for p in state.table]
    advice = api.hint(hand, {"cards": table}, k=state.k).hint
    answer = evaluate(state)
    options = {option.move: option for option in answer.options}
    backs = len(advice.take_back)
    if advice.target is None:  # no layout of k of these cards: nothing is reachable
        assert answer.extra["layout_exists"] is False and answer.extra["moves_to_call_count"] is None
        assert not any(option.value for option in answer.options)
        return -1
    assert answer.extra["moves_to_call_count"] == backs + state.k - (len(state.table) - backs) + 1
    if advice.done:
        assert answer.best == ("ubongo",)
    elif backs:
        faces = {state.table[t.index].face.name for t in advice.take_back}
        assert any(move.startswith("back ") and move[5:] in faces for move in answer.best)
        assert all(option.value is (backs == 1) for option in answer.options if option.move in answer.best)
    else:
        assert advice.placement is not None
        assert str(Lay(advice.placement)) in answer.best
        assert all(options[move].value is True for move in answer.best)
    return backs


def test_evaluate_agrees_with_hint() -> None:
    backs = [check_against_hint(load(MISTAKE))]
    for seed in range(10):
        state = laid(start(seed=seed, round_number=seed % 6 + 1), seed, 2 + seed % 5)
        backs.append(check_against_hint(state))
    assert backs[0] == 1 and {-1, 0, 1} <= set(backs), backs


def test_a_take_back_is_best_when_the_table_is_a_dead_end() -> None:
    answer = evaluate(load(MISTAKE))
    assert answer.best == ("back 65w",) and answer.options[0].value is True
    assert answer.to_json()["options"][0] == {
        "move": "back 65w",
        "value": True,
        "proven": True,
        "moves_to_call_count": 6,
    }


def test_evaluate_reads_only_what_the_player_sees() -> None:
    """Nothing of the player's round is hidden: every filling of it is the position
    itself, and so is its evaluation."""
    state = position()
    seen = load(state.observation(1).to_json())
    answers = {json.dumps(evaluate(seen.fill_hidden(seed)).to_json()) for seed in range(3)}
    assert answers == {json.dumps(evaluate(state).to_json())}


def test_evaluate_refuses_a_round_over_and_marks_what_the_time_left_undecided() -> None:
    over = load({**json.loads(POSITION.read_text()), "k": 3}).apply("ubongo")
    assert "the round is over" in refused(lambda: evaluate(over))
    assert "time limit" in refused(lambda: evaluate(position(), time_limit=0))
    rushed = evaluate(position(), time_limit=1e-9)
    assert not rushed.proven and rushed.best == () and all(o.value is None for o in rushed.options)


# The commands.


def test_the_commands_start_apply_and_evaluate(cardsolve: RunCli, tmp_path: Path) -> None:
    code, out, _ = cardsolve("--json", "ubongo", "start", "--seed", "3", "--round", "2", "--k", "6")
    assert code == 0 and json.loads(out) == start(seed=3, round_number=2, k=6).to_json()
    file = tmp_path / "position.json"
    file.write_text(out)
    code, out, _ = cardsolve("--json", "ubongo", "apply", "--position", str(file), "15b@0,0r0", "back 15b")
    assert (
        code == 0
        and json.loads(out) == start(seed=3, round_number=2, k=6).apply("15b@0,0r0").apply("back 15b").to_json()
    )
    code, out, _ = cardsolve("--json", "ubongo", "evaluate", "--position", str(POSITION))
    assert code == 0 and json.loads(out) == api.evaluate(position()).to_json()
    code, out, _ = cardsolve("ubongo", "evaluate", "--position", str(POSITION))
    assert code == 0 and out.startswith("Seat 1: every option") and "moves to the call" in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["apply", "--position", str(POSITION), "back 15w"], "move 1: illegal move 'back 15w': taking 15w back"),
        (["apply", "--position", str(DATA / "ubongo_table.json")], "missing field 'game'"),
        (["start", "--seed", "1", "--players", "2"], "--players"),
    ],
)
def test_a_command_refuses_in_one_line(cardsolve: RunCli, args: list[str], said: str) -> None:
    code, out, err = cardsolve("ubongo", *args)
    assert code == 2 and out == "" and err.startswith("error: ") and len(err.splitlines()) == 1
    assert said in err
