"""Issue 14: a fuzz test of every reader of a user file. Each reader is fed its own valid
document with one part broken (replaced by a random JSON value, dropped, or a list grown
to thousands of entries), and random JSON values and bytes outright: it reads the
document or raises BadInput with a one-line message naming a token, never another
exception, and quickly."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsolve.models.cubu.cards import deck_from_json as cubu_deck
from cardsolve.models.data import load_json, read_user_json
from cardsolve.models.errors import BadInput
from cardsolve.models.subito.cards import deck_from_json as subito_deck
from cardsolve.models.subito.table import table_from_json
from cardsolve.models.ubongo.cards import DECK_CARDS, face_reader, load_deck
from cardsolve.models.ubongo.cards import deck_from_json as ubongo_deck
from cardsolve.models.ubongo.layout import MAX_COORDINATE, layout_from_json
from cardsolve.models.was_sticht.deal import clues_from_json, deal_from_json

DATA = Path(__file__).resolve().parents[1] / "data"
SECONDS = 20.0
"""The most one reader may take on one document: a bound that catches a runaway (work
that grows without bound with a grown list runs for minutes), not a measure of speed; a
busy two-core machine was seen to take 2.2 s over a grown deck file."""
GROWN = 3000
"""Entries of a list grown to an oversized one."""

Reader = Callable[[Any], object]

READERS: dict[str, tuple[Reader, Any]] = {
    "ubongo deck": (lambda data: ubongo_deck(data, "deck"), load_json("ubongo.json")),
    "ubongo layout": (
        lambda data: layout_from_json(data, face_reader(load_deck())),
        json.loads((DATA / "ubongo_table.json").read_text(encoding="utf-8")),
    ),
    "subito deck": (lambda data: subito_deck(data, "deck"), load_json("subito.json")),
    "subito table": (table_from_json, json.loads((DATA / "subito_example.json").read_text(encoding="utf-8"))),
    "was sticht deal": (deal_from_json, json.loads((DATA / "was_sticht_deal.json").read_text(encoding="utf-8"))),
    "was sticht clues": (clues_from_json, json.loads((DATA / "was_sticht_clues.json").read_text(encoding="utf-8"))),
    "cubu deck": (lambda data: cubu_deck(data, "deck"), load_json("cubu.json")),
}


def _small_layout(layout: Any) -> bool:
    """A layout read is one a deck could lay: at most a deck's cards, near the origin."""
    return len(layout) <= DECK_CARDS and all(abs(p.x) <= MAX_COORDINATE >= abs(p.y) for p in layout)


def _numbered_deck(deck: Any) -> bool:
    """A Ubongo deck read numbers its cards with whole numbers, not truth values."""
    return len(deck.cards) <= DECK_CARDS and all(
        type(c.number) is int and type(c.stack) is int for c in deck.cards.values()
    )


def _seated_table(table: Any) -> bool:
    """Every Subito player read from a table said where they placed their cards."""
    return all(isinstance(player.placed, Mapping) for player in table.players)


def _full_columns(observations: Any) -> bool:
    """Every Was sticht? column read holds one card per seat of the table."""
    return all(len(observation.cards) == 4 for observation in observations)


HOLDS: dict[str, Callable[[Any], bool]] = {
    "ubongo layout": _small_layout,
    "ubongo deck": _numbered_deck,
    "subito table": _seated_table,
    "was sticht clues": _full_columns,
}
"""What every document a reader accepts must satisfy, beyond being read."""

EXTREME_NUMBERS = st.sampled_from(
    [0, -1, 10**30, -(10**18), 100_000, 2**63, -(2**63) - 1, 1.5, float("inf"), float("nan"), True, False]
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | EXTREME_NUMBERS | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=12,
)


def paths(document: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``document``: keys and indices from the top, the top itself first."""
    found = [here]
    if isinstance(document, dict):
        for key, value in document.items():
            found += paths(value, (*here, key))
    elif isinstance(document, list):
        for index, value in enumerate(document[:4]):  # the first entries stand for the rest
            found += paths(value, (*here, index))
    return found


def broken(document: Any, path: tuple[Any, ...], how: str, value: Any) -> Any:
    """A deep copy of ``document`` with the part at ``path`` replaced by ``value``, dropped
    or (a list) grown to ``GROWN`` entries."""
    copy = json.loads(json.dumps(document))
    if not path:
        return value
    *parents, last = path
    parent = copy
    for step in parents:
        parent = parent[step]
    if how == "drop":
        del parent[last]
    elif how == "grow" and isinstance(parent[last], list) and parent[last]:
        parent[last] = (parent[last] * GROWN)[:GROWN]
    else:
        parent[last] = value
    return copy


def problem(reader: Reader, document: Any, holds: Callable[[Any], bool] = lambda read: True) -> str | None:
    """What is wrong with the reader's answer (None: nothing): it must read the document
    (and ``holds`` of what it read) or raise BadInput on one line naming a token, in time."""
    started = time.monotonic()
    try:
        read = reader(document)
    except BadInput as error:
        if error.token is None or not str(error) or "\n" in str(error):
            return f"a refusal that is not one line naming a token: {error!r}"
    else:
        if not holds(read):
            return f"read, but breaks the reader's bounds: {read!r:.300}"
    if time.monotonic() - started >= SECONDS:
        return f"took {time.monotonic() - started:.1f} s"
    return None


@pytest.mark.parametrize("name", sorted(READERS))
def test_the_valid_document_reads(name: str) -> None:
    reader, document = READERS[name]
    assert HOLDS.get(name, lambda read: True)(reader(document))


@pytest.mark.parametrize("name", sorted(READERS))
@settings(max_examples=150)
@given(data=st.data())
def test_a_broken_document_is_read_or_refused_in_one_line(name: str, data: st.DataObject) -> None:
    reader, document = READERS[name]
    path = data.draw(st.sampled_from(paths(document)), label="path")
    how = data.draw(st.sampled_from(["replace", "drop", "grow"]) if path else st.just("replace"), label="how")
    value = data.draw(JSON_VALUES, label="value")
    found = problem(reader, broken(document, path, how, value), HOLDS.get(name, lambda read: True))
    assert found is None, found


@pytest.mark.parametrize("name", sorted(READERS))
@settings(max_examples=50)
@given(value=JSON_VALUES)
def test_any_json_value_is_read_or_refused_in_one_line(name: str, value: Any) -> None:
    found = problem(READERS[name][0], value, HOLDS.get(name, lambda read: True))
    assert found is None, found


@settings(max_examples=100)
@given(
    content=st.binary(max_size=64) | st.text(max_size=64).map(str.encode), mark=st.sampled_from([b"", b"\xef\xbb\xbf"])
)
def test_any_file_is_read_or_refused_in_one_line(content: bytes, mark: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "user.json"
        path.write_bytes(mark + content)
        found = problem(lambda file: read_user_json(file, "deck"), path)
        assert found is None, found
