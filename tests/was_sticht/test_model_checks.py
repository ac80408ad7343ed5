"""Was sticht?'s model objects check themselves when made (issue 39, item 10): a card, a
column's clue, the trumps and a deal built by hand meet the rules the readers of the
notation and the files apply, so every entrance to the API refuses what the command line
refuses, in one line naming the field and the value. Once ``was_sticht.deduce`` took a
clue won by the ninth card of a column and a column of one card."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli
from refusals import refused

from cardsolve.models.was_sticht import (
    DECK,
    Card,
    Deal,
    Observation,
    Trumps,
    clues_from_json,
    deal_from_json,
    parse_cards,
)
from cardsolve.solvers.was_sticht import api as was_sticht

COLUMN = tuple(parse_cards("B7,R6,Y2,R3"))


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        (("Z", 5), "bad card colour 'Z'"),
        (("r", 5), "bad card colour 'r'"),
        (("R", 0), "bad card number 0: use 1 to 9"),
        (("R", 10), "bad card number 10"),
        (("R", True), "bad card number True"),
        (("R", 5.0), "bad card number 5.0"),
        ((["R"], 5), "bad card colour ['R']"),
    ],
)
def test_a_card_checks_its_colour_and_number(fields: tuple[Any, Any], said: str) -> None:
    assert said in refused(lambda: Card(*fields))


@pytest.mark.parametrize(
    ("cards", "winner", "said"),
    [
        (COLUMN, 8, "winner 8 is not an index 0..3 in its cards"),
        (COLUMN, 9, "winner 9 is not an index 0..3"),
        (COLUMN, -1, "winner -1 is not an index 0..3"),
        (COLUMN, True, "winner True"),
        (COLUMN[:1], 0, "1 cards, but a column has 4"),
        ((), 0, "0 cards, but a column has 4"),
        ((*COLUMN[:3], COLUMN[0]), 0, "card B7 appears twice in a column"),
        (list(COLUMN), 0, "are not a tuple of Cards"),
        (("B7", "R6", "Y2", "R3"), 0, "are not a tuple of Cards"),
    ],
)
def test_a_clue_is_a_column_and_the_place_of_its_winner(cards: Any, winner: Any, said: str) -> None:
    message = refused(lambda: Observation(cards, winner))
    assert message.startswith("bad observation: ") and said in message


def test_deduce_refuses_hand_made_clues_as_it_refuses_a_clues_file() -> None:
    """A clue won by seat 9 or of one card cannot be made; clues sharing a card, or more
    than the draft's nine columns, are refused as in a file."""
    first = Observation(COLUMN, 2)
    again = Observation((COLUMN[0], *parse_cards("G9,G4,R1")), 0)
    assert "card B7 appears twice in the clues" in refused(lambda: was_sticht.deduce([first, again]))
    ten = [Observation(tuple(parse_cards(f"R{n},B{n},G{n},Y{n}")), 0) for n in range(1, 10)] + [first]
    assert "10 observations, but the draft has 9 columns" in refused(lambda: was_sticht.deduce(ten))
    assert (
        was_sticht.deduce([first]).to_json()
        == was_sticht.deduce({"observations": [{"cards": ["B7", "R6", "Y2", "R3"], "winner": 3}]}).to_json()
    )


def test_a_clues_file_names_the_place_as_people_count() -> None:
    """The file counts from 1: its winner 5 is named as 5, after the file and the clue."""
    data = {"observations": [{"cards": ["B7", "R6", "Y2", "R3"], "winner": 5}]}
    assert refused(lambda: clues_from_json(data)) == "clues: observation 1: winner 5 is not a place 1..4 in its cards"
    data = {"observations": [{"cards": ["B7"], "winner": 1}]}
    assert "clues: observation 1: 1 cards, but a column has 4" in refused(lambda: clues_from_json(data))


def test_trumps_check_their_kind() -> None:
    assert "bad trump suit ['R']" in refused(lambda: Trumps(["R"], 5))  # type: ignore[arg-type]
    assert "bad trump number 0" in refused(lambda: Trumps("R", 0))


def test_a_hand_made_deal_is_checked_as_a_deal_file(tmp_path: Path, cardsolve: RunCli) -> None:
    dealt = was_sticht.deal(seed=1).deal
    assert "leader 9 is not a seat 1..4" in refused(lambda: was_sticht.solve(dealt._replace(leader=8), 1, "no-red"))
    twelve = Deal(tuple(DECK[k::3] for k in range(3)), dealt.trumps, 0)  # the solvers' tests play these
    assert "hand 1 has 12 cards: a hand holds 1 to 9" in refused(lambda: was_sticht.table(twelve))
    text_trumps: Any = "R5"
    assert "bad trumps 'R5'" in refused(lambda: was_sticht.solve(dealt._replace(trumps=text_trumps), 1, "no-red"))
    text = '{"hands": [["R1"], ["R2"], ["R3"]], "trump": {"suit": "X", "number": 5}, "leader": 1}'
    assert refused(lambda: deal_from_json(json.loads(text))).startswith("deal: bad trump suit 'X'")
    path = tmp_path / "deal.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = cardsolve("was-sticht", "table", "--deal", str(path))
    assert (code, out) == (2, "") and "bad trump suit 'X'" in err and err.count("\n") == 1
