"""The colour chips' reading (DESIGN.md, the Was sticht? page's readings): a trump-number card follows
and wins as a trump only, yet the colour chips count it by its printed colour."""

from __future__ import annotations

from cardsolve.models.was_sticht import Trick, measure, parse_chip
from cardsolve.models.was_sticht.cards import parse_cards
from cardsolve.models.was_sticht.trumps import is_trump, legal_plays, parse_trumps, trick_winner


def test_a_red_five_under_trumps_b5_is_a_trump_for_play_and_red_for_the_chips() -> None:
    trumps = parse_trumps("B5")
    cards = parse_cards("R5,R9,B1,G7", "the trick")
    red_five, red_nine = cards[0], cards[1]
    assert is_trump(red_five, trumps)
    # a red lead is not followed by the red 5: it is a trump, not a red card, for play
    assert legal_plays([red_five, cards[3]], red_nine, trumps) == [red_five, cards[3]]
    assert legal_plays([red_five, red_nine], red_nine, trumps) == [red_nine]
    winner = trick_winner(cards, trumps)
    assert winner == 0  # the trump-number card beats the red 9 and the blue 1
    trick = Trick(tuple(cards), leader=0, winner=winner)
    # ... but the chips count its printed colour: seat 0 won two red cards
    assert measure("colour:R", 0, [trick], 4) == 2
    no_red = parse_chip("no-red")
    assert any(c.measure == "colour:R" and c.high == 0 for c in no_red.conditions)
