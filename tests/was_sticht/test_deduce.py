"""Trump deduction: the pairs that fit the dealer's clues, and the pick."""

from __future__ import annotations

import random

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht import ALL_TRUMPS, DECK, Observation, Trumps, parse_card, parse_cards, trick_winner
from cardsolve.solvers.was_sticht.deduce import best_pick, consistent, strength_share


def test_the_rulebook_draft_example() -> None:
    """Blue 7, Red 6, Yellow 2, Red 3 picked in that order, and Yellow 2 wins. By hand:
    with trump number 2 it wins whatever the suit (five pairs); otherwise it wins only as
    the yellow trump suit's card, and only while none of 7, 6 and 3 is the trump number."""
    clue = Observation(tuple(parse_cards("B7,R6,Y2,R3")), 2)
    fitting = {t.name for t in consistent([clue])}
    assert fitting == {"R2", "B2", "G2", "Y2", "-2", "Y1", "Y4", "Y5", "Y8", "Y9", "Y-"}
    assert "R2" in fitting  # the example's own trumps


def test_no_clue_leaves_all_fifty_and_contradictions_leave_none() -> None:
    assert consistent([]) == list(ALL_TRUMPS)
    # B7 leads and wins against R6, Y2, R3: either 7 is the trump number (B7 is then the
    # only number trump, whatever the suit), or neither red nor yellow is the trump suit
    # and none of 2, 3 and 6 is the trump number.
    b7_wins = Observation(tuple(parse_cards("B7,R6,Y2,R3")), 0)
    sevens = {f"{suit}7" for suit in "RBGY-"}
    others = {f"{suit}{number}" for suit in "BG-" for number in "14589-"}
    assert {t.name for t in consistent([b7_wins])} == sevens | others
    # then G1 wins against a lead of B9 with B8 and G2: as a green suit trump G2 would
    # beat it, so 1 must be the trump number (B1, G1 and -1 fit the first clue)
    g1_wins = Observation(tuple(parse_cards("B9,B8,G1,G2")), 2)
    assert {t.name for t in consistent([b7_wins, g1_wins])} == {"G1", "B1", "-1"}
    y2_wins = Observation(tuple(parse_cards("B6,R5,Y2,R4")), 2)
    assert consistent([b7_wins, g1_wins, y2_wins]) == []


def test_every_pair_fits_the_clues_it_produced() -> None:
    """Seeded columns under seeded trumps: the true pair always fits, and every pair that
    fits gives every clue's winner."""
    rng = random.Random(7)
    for _ in range(200):
        trumps = rng.choice(ALL_TRUMPS)
        cards = rng.sample(DECK, 4 * rng.randint(1, 5))
        clues = [
            Observation(tuple(cards[k : k + 4]), trick_winner(cards[k : k + 4], trumps))
            for k in range(0, len(cards), 4)
        ]
        fitting = consistent(clues)
        assert trumps in fitting
        assert all(trick_winner(c.cards, t) == c.winner for t in fitting for c in clues)


def test_strength_share() -> None:
    assert strength_share(parse_card("R2"), Trumps("R", 2)) == 1.0  # the supertrump beats everything
    assert strength_share(parse_card("R1"), Trumps("B", 9)) < strength_share(parse_card("R9"), Trumps("B", 9))
    # with no trumps a 9 wins every trick it leads and only its colour's lower cards' leads
    assert strength_share(parse_card("G9"), Trumps(None, None)) == pytest.approx((35 + 8) / 70)


def test_best_pick() -> None:
    offered = parse_cards("R9,B1,Y5")
    assert best_pick(offered, [Trumps("R", 2)]).card == parse_card("R9")
    assert best_pick(offered, [Trumps("Y", 5)]).card == parse_card("Y5")
    tie = best_pick(parse_cards("G9,B9"), [Trumps(None, None)])
    assert tie.card == parse_card("G9")  # equal strength: the first offered
    with pytest.raises(BadInput):
        best_pick(offered, [])
    with pytest.raises(BadInput):
        best_pick([], [Trumps("R", 2)])
