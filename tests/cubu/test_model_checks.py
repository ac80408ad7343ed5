"""CUBU's cards check themselves when made (issue 39, item 10): a regular card is 2 to 6
different colours as a tuple, an action card one of the six names without colours, so a
hand built by hand meets the rules the notation's reader applies, in one line naming the
field and the value."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from refusals import refused

from cardsolve.models.cubu.cards import Card, parse_card, parse_cards
from cardsolve.solvers.cubu import api as cubu


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"colours": ("D",)}, "bad card colours ('D',): 1 boxes, but a card shows 2 to 6"),
        ({"colours": tuple("DLRGOPD")}, "7 boxes"),
        ({}, "bad card colours (): 0 boxes"),
        ({"colours": ("D", "D")}, "no colour is twice on a card"),
        ({"colours": ("D", "X")}, "colour 'X' is not one of DLRGOP"),
        ({"colours": ("d", "r")}, "colour 'd'"),
        ({"colours": ["D", "R"]}, "a card's colours are a tuple"),
        ({"action": "jump"}, "bad action card 'jump'"),
        ({"action": "miss", "colours": ("D", "R")}, "bad action card 'miss' (colours ('D', 'R'))"),
        ({"action": 5}, "bad action card 5"),
    ],
)
def test_a_card_checks_its_colours_or_its_action(fields: dict[str, Any], said: str) -> None:
    assert said in refused(lambda: Card(**fields))


def test_the_notation_meets_the_same_check() -> None:
    assert parse_card(" d-r-g ") == Card(("D", "R", "G")) and parse_card("MISS") == Card(action="miss")
    for text in ("D", "D-D", "D-X", "D-L-R-G-O-P-D", "jump", ""):
        assert refused(partial(parse_card, text)).startswith(f"bad card {text!r}: a card is 2 to 6 different colours")


def test_hand_made_cards_give_the_notations_answers() -> None:
    hand = [Card(("G", "P", "R", "D")), Card(("L", "O")), Card(action="pickup2")]
    assert cubu.longest(Card(("D", "L", "G")), hand).to_json() == cubu.longest("D-L-G", "G-P-R-D,L-O,pickup2").to_json()
    assert cubu.speed("D-L-G", parse_cards("D-G,R-G,L-O")).to_json() == cubu.speed("D-L-G", "D-G,R-G,L-O").to_json()
