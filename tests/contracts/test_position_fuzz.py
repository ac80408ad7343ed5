"""Fuzzing the game-in-progress inputs of every game: a position document with any field
replaced by any JSON value, and any text as a move, is read or refused as bad input (one
line), never anything else; and the command line says so with exit 2."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsolve.models.errors import BadInput
from cardsolve.models.games import GAMES, command_name

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
"""Any JSON value."""


def started(game: str, seed: int = 3) -> dict[str, Any]:
    doc: dict[str, Any] = importlib.import_module(f"cardsolve.models.{game}.state").start(seed=seed).to_json()
    return doc


def read_or_refused(game: str, doc: object) -> tuple[dict[str, Any] | None, str]:
    """What ``load`` makes of ``doc``: the document of the position it reads and that
    position's document read back (None and the message when it refuses it); any other
    exception than ``BadInput`` fails the test."""
    module = importlib.import_module(f"cardsolve.models.{game}.state")
    try:
        state = module.load(doc)
    except BadInput as refused:
        return None, str(refused)
    written: dict[str, Any] = state.to_json()
    return written, json.dumps(module.load(written).to_json())


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=60)
@given(data=st.data())
def test_a_document_with_any_field_changed_is_read_or_refused(game: str, data: st.DataObject) -> None:
    doc = started(game)
    key = data.draw(st.sampled_from(sorted(doc)))
    written, outcome = read_or_refused(game, {**doc, key: data.draw(JSON)})
    assert (outcome and "\n" not in outcome) if written is None else json.loads(outcome) == written, outcome


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40)
@given(data=st.data())
def test_a_list_entry_changed_is_read_or_refused(game: str, data: st.DataObject) -> None:
    doc = started(game)
    lists = sorted(key for key, value in doc.items() if isinstance(value, list) and value)
    assert lists, "a started position holds lists (hands, piles)"
    key = data.draw(st.sampled_from(lists))
    changed = list(doc[key])
    changed[data.draw(st.integers(0, len(changed) - 1))] = data.draw(JSON)
    written, outcome = read_or_refused(game, {**doc, key: changed})
    assert (outcome and "\n" not in outcome) if written is None else json.loads(outcome) == written, outcome


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=60)
@given(move=st.text(max_size=40))
def test_any_text_as_a_move_is_played_or_refused(game: str, move: str) -> None:
    state = importlib.import_module(f"cardsolve.models.{game}.state").start(seed=3)
    legal = {str(m) for m in state.legal_moves()}
    try:
        after = state.apply(move)
    except BadInput as refused:
        assert "\n" not in str(refused)
        assert move.strip() not in legal
        return
    assert move.strip() in legal and after.history[-1] == move.strip()


@pytest.mark.parametrize("game", GAMES)
def test_the_command_line_refuses_a_bad_position_and_a_bad_move(game: str, tmp_path: Path, cardsolve: RunCli) -> None:
    name = command_name(game)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**started(game), "history": 7}))
    code, out, err = cardsolve(name, "evaluate", "--position", str(bad))
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1
    good = tmp_path / "good.json"
    good.write_text(json.dumps(started(game)))
    code, out, err = cardsolve(name, "apply", "--position", str(good), "--", "-no such move-")
    assert code == 2 and out == "" and "illegal move '-no such move-'" in err and err.count("\n") == 1


@pytest.mark.parametrize("game", GAMES)
def test_what_start_and_apply_print_is_a_position_file(game: str, tmp_path: Path, cardsolve: RunCli) -> None:
    """``start`` and ``apply`` print the position document with or without ``--json``, so
    that their output saved to a file is what ``--position`` reads; ``show`` lists the same
    legal moves the state has."""
    name = command_name(game)
    code, out, _ = cardsolve(name, "start", "--seed", "5")
    assert code == 0 and json.loads(out) == started(game, 5)
    saved = tmp_path / "position.json"
    saved.write_text(out)
    state = importlib.import_module(f"cardsolve.models.{game}.state").load(json.loads(out))
    move = str(state.legal_moves()[0])
    code, out, _ = cardsolve(name, "apply", "--position", str(saved), "--", move)
    assert code == 0 and json.loads(out) == state.apply(move).to_json()
    saved.write_text(out)
    code, out, _ = cardsolve("--json", name, "show", "--position", str(saved))
    board = json.loads(out)
    assert code == 0 and board["legal_moves"] == [str(m) for m in state.apply(move).legal_moves()]
    assert board["position"] == state.apply(move).to_json()
    code, text, _ = cardsolve(name, "show", "--position", str(saved))
    assert code == 0 and all(f"  {m}" in text.splitlines() for m in board["legal_moves"][:30])


@pytest.mark.parametrize("game", GAMES)
def test_show_after_moves_is_show_of_what_apply_gives(game: str, tmp_path: Path, cardsolve: RunCli) -> None:
    """``show --position P MOVE...`` is ``show`` of ``apply``'s position (a board plays and
    learns the next legal moves in one request); an illegal move is refused as ``apply``
    refuses it and shows nothing."""
    name = command_name(game)
    saved = tmp_path / "position.json"
    saved.write_text(json.dumps(started(game, 7)))
    state = importlib.import_module(f"cardsolve.models.{game}.state").load(started(game, 7))
    moves = []
    for _ in range(3):
        if state.to_move is None:
            break
        moves.append(str(state.legal_moves()[-1]))
        state = state.apply(moves[-1])
    code, out, _ = cardsolve("--json", name, "show", "--position", str(saved), "--", *moves)
    board = json.loads(out)
    assert code == 0 and board["position"] == state.to_json()
    assert board["legal_moves"] == [str(m) for m in state.legal_moves()] and board["to_move"] == state.to_move
    code, out, err = cardsolve(name, "show", "--position", str(saved), "--", *moves, "-no such move-")
    assert code == 2 and out == "" and f"move {len(moves) + 1}: illegal move '-no such move-'" in err
