"""Fuzzing the Ubongo readers: any text or JSON either reads as what it names or is bad
input (the project's one exception type), never another error; from the command line,
any --hand gives exit 0, 1 or 2, and exit 2 comes with one line on stderr."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import RunCli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsolve.models.errors import BadInput, shown
from cardsolve.models.ubongo.cards import SYMBOLS, load_deck, parse_literal
from cardsolve.models.ubongo.layout import layout_from_json

DECK = load_deck()
face_like = st.one_of(
    st.text(max_size=12),
    st.from_regex(r"[A-La-l ]{1,4}/[A-Ma-m]{0,4}", fullmatch=True),
    st.from_regex(r"[0-9]{1,4}[wbWBx]?", fullmatch=True),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-400, 400) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["cards", "card", "rotation", "x", "y", "z"]), inner, max_size=5)
    ),
    max_leaves=20,
)


@given(face_like)
def test_literal_faces_read_or_are_bad_input(text: str) -> None:
    try:
        face = parse_literal(text)
    except BadInput as error:
        assert error.token == text and shown(text) in str(error)  # its repr, cut short if long
    else:
        assert "/".join(face.grid) == face.name == text.strip().upper()
        assert all(symbol in SYMBOLS for row in face.grid for symbol in row)


@given(face_like)
def test_deck_faces_read_or_are_bad_input(text: str) -> None:
    try:
        face = DECK.face(text)
    except BadInput:
        return
    assert DECK.face(face.name) == face


@given(json_values)
def test_layout_json_reads_or_is_bad_input(data: Any) -> None:
    try:
        layout = layout_from_json(data, DECK.face)
    except BadInput:
        return
    assert layout_from_json({"cards": [p.to_json() for p in layout]}, DECK.face) == layout


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(face_like, min_size=1, max_size=4), st.integers(0, 4))
def test_any_hand_on_the_command_line(cardsolve: RunCli, tokens: list[str], k: int) -> None:
    code, out, err = cardsolve("ubongo", "verify", "--hand", ",".join(tokens), "--k", str(k))
    assert code in (0, 1, 2)
    if code == 2:
        assert not out and err.startswith("error: ") and err.count("\n") == 1


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(json_values)
def test_any_table_file_on_the_command_line(cardsolve: RunCli, tmp_path: Path, data: Any) -> None:
    table = tmp_path / "table.json"
    table.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = cardsolve("ubongo", "hint", "--hand", "1w,2w", "--table", str(table), "--k", "2")
    assert code in (0, 1, 2)
    if code == 2:
        assert not out and err.startswith("error: ") and err.count("\n") == 1
