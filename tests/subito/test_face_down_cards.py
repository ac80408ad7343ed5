"""Issue 14, Subito task 5 side a: its cards lie face down, so a table file writes a card
the reader cannot see as "?". Only 5a's cards can be "?"; the hint works from what the
player sees (the opponent's 5a cards are drawn from the unseen cards, whatever the file
names), so tables that look the same to the player give the same advice; scoring and
the best response need every card and name the "?" they cannot use (exit 2, one line)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import (
    HIDDEN,
    Placed,
    load_deck,
    parse_card,
    score_round,
    seen_by,
    table_from_json,
    table_to_json,
)
from cardsolve.solvers.subito import api

DECK = load_deck()
MIDROUND = Path(__file__).resolve().parents[1] / "data" / "subito_midround.json"
TASKS = "2,3a,4a,5a,6a,7a,8a,9a"


def midround(ben_five_a: list[str], ada_five_a: tuple[str, ...] = ("Y5B",)) -> dict[str, Any]:
    """The bundled mid-round table with Ben's (player 2's) and Ada's cards on 5a replaced."""
    data: dict[str, Any] = json.loads(MIDROUND.read_text(encoding="utf-8"))
    data["players"][0]["placed"]["5a"] = list(ada_five_a)
    data["players"][1]["placed"]["5a"] = ben_five_a
    return data


def write(tmp_path: Path, data: dict[str, Any]) -> str:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def one_error_line(code: int, out: str, err: str) -> str:
    """The one stderr line of a refused command (exit 2, nothing on stdout)."""
    assert code == 2 and not out and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def test_a_face_down_card_is_read_counted_and_written_back() -> None:
    table = table_from_json(midround(["P6T", HIDDEN, HIDDEN]))
    ben = table.players[1]
    assert ben.hidden == 2 and [c.name for c in ben.placed["5a"]] == ["P6T"]
    assert ben.count == 10 + 3  # 10 cards face up on other sides
    assert table_to_json(table)["players"][1]["placed"]["5a"] == ["P6T", HIDDEN, HIDDEN]
    assert table_from_json(table_to_json(table)) == table


def test_a_face_down_card_counts_towards_the_pile() -> None:
    data = midround([HIDDEN] * 30)
    with pytest.raises(BadInput, match="placed 40 cards"):
        table_from_json(data)


@pytest.mark.parametrize("side", ["2", "7a", "9a"])
def test_only_five_a_holds_face_down_cards(side: str) -> None:
    data = midround([])
    data["players"][1]["placed"][side].append(HIDDEN)
    with pytest.raises(BadInput, match=f"on {side} is '\\?'") as error:
        table_from_json(data)
    assert error.value.token == HIDDEN


def test_score_names_the_card_it_cannot_score(cardsolve: RunCli, tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="Ben's 2 cards '\\?' on 5a") as error:
        score_round(table_from_json(midround(["P6T", HIDDEN, HIDDEN])))
    assert error.value.token == HIDDEN
    err = one_error_line(*cardsolve("subito", "score", write(tmp_path, midround([HIDDEN]))))
    assert "Ben's 1 card '?' on 5a" in err


def test_the_player_sees_the_opponents_five_a_face_down() -> None:
    table = table_from_json(midround(["P6T", "L5R"]))
    ada_view, ben_view = seen_by(table, 1), seen_by(table, 2)
    assert ada_view.players[1].hidden == 2 and "5a" not in ada_view.players[1].placed
    assert ada_view.players[0] == table.players[0]
    assert ben_view.players[0].hidden == 1 and ben_view.players[1] == table.players[1]


def test_a_player_knows_the_cards_they_placed(cardsolve: RunCli, tmp_path: Path) -> None:
    table = table_from_json(midround([], ada_five_a=(HIDDEN,)))
    with pytest.raises(BadInput, match="Ada placed their 5a cards and knows them"):
        seen_by(table, 1)
    assert seen_by(table, 2).players[0].hidden == 1
    one_error_line(*cardsolve("subito", "hint", "--table", write(tmp_path, table_to_json(table)), "--card", "Y6S"))


def test_tables_that_look_the_same_give_the_same_hint() -> None:
    """Ben's 5a sum is 11, 3 or unseen: Ada sees two face-down cards each time."""
    hints = [
        api.hint(midround(cards), "Y6S", samples=12, seed=5).to_json()
        for cards in (["P6T", "L5R"], ["G1A", "R2A"], [HIDDEN, HIDDEN])
    ]
    assert hints[0] == hints[1] == hints[2]
    assert hints[0]["face_down"] == 2


def test_the_hint_says_it_draws_the_face_down_cards(cardsolve: RunCli, tmp_path: Path) -> None:
    code, out, _ = cardsolve(
        "subito", "hint", "--table", write(tmp_path, midround([HIDDEN] * 3)), "--card", "Y6S", "--samples", "4"
    )
    assert code == 0
    assert "The opponent's face-down cards on 5a (3) are unseen: each rollout draws them" in out


def test_the_hint_of_player_two_does_not_see_ada_s_five_a() -> None:
    seen = [
        api.hint(midround(["P6T"], ada_five_a=cards), "Y6S", seat=2, samples=8, seed=1).to_json()
        for cards in (("Y5B",), ("G1A", "R2A"), (HIDDEN, HIDDEN))
    ]
    assert seen[1] == seen[2] and seen[0]["face_down"] == 1 and seen[1]["face_down"] == 2


def test_the_best_response_refuses_face_down_cards(cardsolve: RunCli, tmp_path: Path) -> None:
    opponent = midround([HIDDEN, HIDDEN])
    opponent["players"][0]["placed"] = {}
    with pytest.raises(BadInput, match="Ben has 2 face-down cards '\\?' on 5a") as error:
        api.optimize("Y6S,G4T", TASKS, vs=opponent)
    assert error.value.token == HIDDEN
    hidden = Placed("Ben", {"2": (parse_card("Y2P"),)}, hidden=1)
    with pytest.raises(BadInput, match="face-down card '\\?'"):
        api.optimize("Y6S,G4T", TASKS, vs=hidden)
    one_error_line(
        *cardsolve("subito", "optimize", "--pile", "Y6S,G4T", "--tasks", TASKS, "--vs", write(tmp_path, opponent))
    )
    named = copy.deepcopy(opponent)
    named["players"][1]["placed"]["5a"] = ["P6T", "L5R"]
    assert api.optimize("Y6S,G4T", TASKS, vs=named).won is not None
