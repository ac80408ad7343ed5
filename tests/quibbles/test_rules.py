"""The Quibbles rulebook (/work/shared/rules/quibbles.txt), one rule a test.

Where the rulebook is silent the engine's module docstring fixes a reading; those tests
say "(documented reading)". Positions are built by hand with ``table`` below, so each
test shows exactly the cards it is about. Draw piles are written top card LAST.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import (
    Action,
    Combine,
    Draw,
    IllegalMove,
    Split,
    Stash,
    State,
    Turn,
    Variant,
    deck_counts,
    describe_turn,
    format_values,
    from_counts,
    is_winning_collection,
    new_game,
    parse_turn,
    parse_values,
    position,
    solo_rating,
    to_counts,
)

STANDARD, SIMPLIFIED, SOLO = Variant.STANDARD, Variant.SIMPLIFIED, Variant.SOLO
FILLER = (5,) * 12
"""A default draw pile: enough 5s that no refill in these tests runs it out."""


def table(
    hand: Sequence[int],
    display: Sequence[int],
    *,
    draw: Sequence[int] = FILLER,
    collection: Sequence[int] = (),
    discard: Sequence[int] = (),
    penalty: Sequence[int] = (),
    variant: Variant = STANDARD,
    opponent: Sequence[int] = (1, 1, 2, 2, 3, 3),
) -> State:
    """Seat 0 to act with ``hand`` and ``collection``; outside solo one opponent holds
    ``opponent``. The cards need not add up to a deck: only the rule under test matters."""
    hands, collections = [to_counts(hand)], [to_counts(collection)]
    if variant is not SOLO:
        hands.append(to_counts(opponent))
        collections.append([0] * 7)
    return State(
        variant, hands, collections, list(display), list(draw), to_counts(discard), list(penalty), rng=random.Random(0)
    )


def play(state: State, action: Action, stash: Stash | None = None) -> State:
    """The state after the turn, leaving ``state`` as it was."""
    after = state.clone()
    after.apply(Turn(action, stash))
    return after


def legal(state: State, action: Action, stash: Stash | None = None) -> bool:
    return state.check(Turn(action, stash)) is None


def snapshot(state: State) -> tuple[object, ...]:
    """Everything on the table, and the random source, as plain values."""
    return (
        state.variant,
        state.hands,
        state.collections,
        state.display,
        state.draw_pile,
        state.discard,
        state.penalty,
        state.to_act,
        state.turns,
        state.winner,
        state.rng.getstate(),
    )


# -- Components -----------------------------------------------------------------------


def test_deck_is_132_cards_20_20_20_22_24_26_of_values_1_to_6() -> None:
    assert deck_counts() == [0, 20, 20, 20, 22, 24, 26]
    assert sum(deck_counts()) == 132
    assert deck_counts(SOLO) == deck_counts(STANDARD)


def test_simplified_variant_removes_all_6_cards() -> None:
    assert deck_counts(SIMPLIFIED) == [0, 20, 20, 20, 22, 24, 0]
    assert SIMPLIFIED.top_value == 5 and STANDARD.top_value == 6


# -- Setup ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "variant"),
    [
        (1, SOLO),
        (2, STANDARD),
        (3, STANDARD),
        (4, STANDARD),
        (5, STANDARD),
        (2, SIMPLIFIED),
        (3, SIMPLIFIED),
        (5, SIMPLIFIED),
    ],
)
def test_setup_6_on_display_6_in_each_hand_rest_in_draw_pile(players: int, variant: Variant) -> None:
    """ "Draw 6 cards and lay them out face up ... Deal each player a hand of 6 cards. Form a
    face-down draw pile with the remaining cards ... Make room for a discard pile." """
    game = new_game(players, variant, seed=7)
    assert game.players == players
    assert len(game.display) == 6
    assert [sum(hand) for hand in game.hands] == [6] * players
    assert len(game.draw_pile) == sum(deck_counts(variant)) - 6 - 6 * players
    assert game.card_counts() == deck_counts(variant)
    assert game.collections == [[0] * 7] * players
    assert game.discard == [0] * 7 and game.penalty == []
    assert (game.to_act, game.turns, game.winner) == (0, 0, None)


@pytest.mark.parametrize(
    ("players", "variant"),
    [
        (0, STANDARD),
        (6, STANDARD),
        (0, SOLO),
        (6, SIMPLIFIED),
        (1, STANDARD),
        (1, SIMPLIFIED),
        (2, SOLO),
        (5, SOLO),
    ],
)
def test_quibbles_is_for_1_to_5_players_and_solo_is_for_one(players: int, variant: Variant) -> None:
    """ "For 1-5 players"; "You can also play Quibbles alone": one player plays solo."""
    with pytest.raises(BadInput):
        new_game(players, variant)


def test_same_seed_same_deal_different_seeds_differ() -> None:
    assert snapshot(new_game(3, seed=11)) == snapshot(new_game(3, seed=11))
    deals = {repr(snapshot(new_game(3, seed=seed))[1:5]) for seed in range(5)}
    assert len(deals) == 5


# -- SPLIT ----------------------------------------------------------------------------


def test_split_milu_plays_a_6_and_takes_3_3_and_1_1_4() -> None:
    """ "Milú discards a 6 from her hand and takes a 3 + 3 set and a 1 + 1 + 4 set from the
    open display." (printed under COMBINE, but it is a SPLIT)"""
    state = table(hand=[6, 2], display=[3, 1, 5, 3, 4, 1], draw=[2, 2, 2, 2, 6])
    after = play(state, Split(6, ((0, 3), (1, 4, 5))))
    assert after.hands[0] == to_counts([2, 3, 3, 1, 1, 4])
    assert after.discard == to_counts([6])
    assert after.display == [5, 6, 2, 2, 2, 2]  # the 5 stays; the refill follows at the right


def test_split_each_display_card_in_only_one_set() -> None:
    """ "Each card in the open display can only be part of 1 set." """
    state = table(hand=[6], display=[3, 3, 3, 1, 5, 2])
    assert not legal(state, Split(6, ((0, 1), (1, 2))))
    assert legal(state, Split(6, ((0, 1), (3, 4))))


def test_split_sets_have_2_or_more_cards() -> None:
    """ "take sets of 2 or more cards" """
    state = table(hand=[3], display=[3, 1, 2, 4, 4, 4])
    assert not legal(state, Split(3, ((0,),)))
    assert legal(state, Split(3, ((1, 2),)))


def test_split_each_set_has_the_value_of_the_played_card() -> None:
    """ "with the same total value as the card you played" """
    state = table(hand=[5], display=[2, 2, 1, 4, 6, 6])
    assert not legal(state, Split(5, ((0, 1),)))  # 2 + 2 = 4
    assert not legal(state, Split(5, ((0, 1, 2), (4, 5))))  # 2 + 2 + 1, then 6 + 6
    assert legal(state, Split(5, ((0, 1, 2),)))
    assert legal(state, Split(5, ((2, 3),)))


def test_split_need_not_take_all_possible_sets() -> None:
    """ "You are not required to take all possible sets." """
    state = table(hand=[6], display=[3, 3, 2, 4, 5, 5])
    after = play(state, Split(6, ((0, 1),)))
    assert after.hands[0] == to_counts([3, 3])
    assert after.display[:4] == [2, 4, 5, 5]


def test_split_the_played_card_must_be_in_hand() -> None:
    state = table(hand=[5, 5], display=[3, 3, 2, 4, 1, 1])
    assert not legal(state, Split(6, ((0, 1),)))


def test_split_must_take_at_least_one_set() -> None:
    """(documented reading) A split taking nothing would be a plain discard."""
    state = table(hand=[6], display=[5, 5, 5, 5, 5, 5])
    assert not legal(state, Split(6, ()))
    assert all(not isinstance(t.action, Split) for t in state.legal_turns())


def test_there_is_no_hand_limit() -> None:
    """ "Note: There is no hand limit." A 6-card hand may take 5 and hold 10."""
    state = table(hand=[6, 6, 6, 6, 6, 6], display=[3, 1, 1, 4, 3, 2])
    after = play(state, Split(6, ((0, 4), (1, 2, 3))))
    assert sum(after.hands[0]) == 10


# -- COMBINE --------------------------------------------------------------------------


def test_combine_amelie_plays_1_and_2_and_takes_two_3s() -> None:
    """ "Amélie discards a 1 + 2 set from her hand and takes two 3s from the open display."
    (printed under SPLIT, but it is a COMBINE)"""
    state = table(hand=[1, 2, 5], display=[3, 4, 3, 6, 1, 5], draw=[2, 4])
    after = play(state, Combine((1, 2), (0, 2)))
    assert after.hands[0] == to_counts([5, 3, 3])
    assert after.discard == to_counts([1, 2])
    assert after.display == [4, 6, 1, 5, 4, 2]


def test_combine_plays_2_to_6_cards() -> None:
    """ "Play 2 to 6 cards from your hand": one card is refused; six 1s (worth 6) are fine."""
    state = table(hand=[1, 1, 1, 1, 1, 1, 3], display=[3, 6, 2, 2, 2, 2])
    assert not legal(state, Combine((3,), (0,)))
    after = play(state, Combine((1, 1, 1, 1, 1, 1), (1,)))
    assert after.hands[0] == to_counts([3, 6])


def test_combine_total_is_6_or_less() -> None:
    """ "with a total value of 6 or less" """
    state = table(hand=[3, 4, 2, 4], display=[6, 6, 1, 2, 3, 5])
    reason = state.check(Turn(Combine((3, 4), (0,))))
    assert reason is not None and "7" in reason
    assert legal(state, Combine((2, 4), (0,)))


def test_combine_every_taken_card_matches_the_sum() -> None:
    """ "Each card you take must have a value that matches the total value" """
    state = table(hand=[1, 2], display=[3, 4, 3, 1, 2, 6])
    assert not legal(state, Combine((1, 2), (0, 1)))
    assert not legal(state, Combine((1, 2), (3, 4)))  # a 1 + 2 set is not a single 3
    assert legal(state, Combine((1, 2), (0, 2)))


def test_combine_takes_at_least_one_card() -> None:
    """ "Take 1 or more single cards" """
    state = table(hand=[1, 2], display=[3, 4, 3, 1, 2, 6])
    assert not legal(state, Combine((1, 2), ()))


def test_combine_need_not_take_all_matching_cards() -> None:
    """ "You are not required to take all matching cards." """
    state = table(hand=[1, 2], display=[3, 4, 3, 1, 2, 6])
    after = play(state, Combine((1, 2), (2,)))
    assert after.hands[0] == to_counts([3])
    assert after.display[:5] == [3, 4, 1, 2, 6]


def test_combine_cards_must_be_in_hand() -> None:
    state = table(hand=[1, 1], display=[3, 4, 3, 1, 2, 6])
    assert not legal(state, Combine((1, 2), (0,)))


# -- DRAW -----------------------------------------------------------------------------


def test_draw_lays_a_card_at_the_right_of_the_display_then_draws_the_top_2() -> None:
    """ "Add 1 card from your hand face up to the open display, then draw 2 cards from the
    draw pile" (the right end: documented reading)."""
    state = table(hand=[5, 2], display=[1, 2, 3, 4, 6, 6], draw=[6, 6, 4, 1])
    after = play(state, Draw(5))
    assert after.display == [1, 2, 3, 4, 6, 6, 5]
    assert after.hands[0] == to_counts([2, 1, 4])
    assert after.draw_pile == [6, 6]


def test_draw_the_card_must_be_in_hand() -> None:
    state = table(hand=[5, 2], display=[1, 2, 3, 4, 6, 6])
    assert not legal(state, Draw(3))


# -- STASH ----------------------------------------------------------------------------


def test_stash_nathan_keeps_one_of_his_five_4s_and_discards_the_rest() -> None:
    """ "Nathan takes all 4s from his hand. He has 5 ... He puts one 4 in his collection and
    discards the rest." ("always discard all cards of the selected value")"""
    state = table(hand=[4, 4, 4, 4, 4, 1, 6], display=[1, 2, 3, 5, 6, 6], draw=[2, 3])
    after = play(state, Draw(1), Stash(4))
    assert after.collections[0] == to_counts([4])
    assert after.discard == to_counts([4, 4, 4, 4])
    assert after.hands[0] == to_counts([6, 2, 3])


def test_stash_a_5_needs_at_least_five_5s() -> None:
    """ "to add a 5 to your collection, you need at least 5 of them" """
    four = table(hand=[5, 5, 5, 5, 1], display=[1, 2, 3, 4, 6, 6], draw=[6, 6])
    five = table(hand=[5, 5, 5, 5, 5, 1], display=[1, 2, 3, 4, 6, 6], draw=[6, 6])
    assert not legal(four, Draw(1), Stash(5))
    assert legal(five, Draw(1), Stash(5))


def test_stash_a_2_needs_only_two() -> None:
    """ "But for a 2 you only need 2." """
    state = table(hand=[2, 2, 1], display=[1, 2, 3, 4, 6, 6], draw=[6, 6])
    after = play(state, Draw(1), Stash(2))
    assert after.collections[0] == to_counts([2])
    assert after.discard == to_counts([2])


def test_stash_a_value_not_in_hand_is_refused() -> None:
    state = table(hand=[2, 2, 1], display=[1, 2, 3, 4, 6, 6], draw=[6, 6])
    assert not legal(state, Draw(1), Stash(3))
    assert not legal(state, Draw(1), Stash(1))  # the only 1 went to the display


def test_stash_counts_the_cards_taken_this_turn() -> None:
    """STASH follows the action: "Take all cards of 1 value from your hand" includes cards
    just taken from the display."""
    state = table(hand=[6, 3, 2], display=[3, 1, 5, 3, 4, 1])
    after = play(state, Split(6, ((0, 3),)), Stash(3))
    assert after.collections[0] == to_counts([3])
    assert after.discard == to_counts([6, 3, 3])
    assert after.hands[0][3] == 0


def test_stash_into_a_full_collection_discards_a_named_collection_card_first() -> None:
    """ "You can have a maximum of 6 cards in your collection. If you wish to add another
    card, first put 1 card from your collection in the discard pile." """
    full = [1, 1, 1, 2, 2, 2]
    state = table(hand=[3, 3, 3, 1], display=[1, 2, 3, 4, 6, 6], draw=[6, 6], collection=full)
    assert not legal(state, Draw(1), Stash(3))
    assert not legal(state, Draw(1), Stash(3, evict=5))
    after = play(state, Draw(1), Stash(3, evict=2))
    assert after.collections[0] == to_counts([1, 1, 1, 2, 2, 3])
    assert after.discard == to_counts([2, 3, 3])


def test_stash_names_no_collection_card_while_there_is_room() -> None:
    state = table(hand=[3, 3, 3, 1], display=[1, 2, 3, 4, 6, 6], collection=[1, 1, 2, 2, 2])
    assert not legal(state, Draw(1), Stash(3, evict=1))
    assert legal(state, Draw(1), Stash(3))


def test_stash_after_draw_may_use_the_2_drawn_cards() -> None:
    """ "choose to SPLIT, COMBINE or DRAW, then optionally STASH": after a DRAW the 2 drawn
    cards are in the hand, so three 4s and a drawn 4 are enough to stash a 4."""
    state = table(hand=[4, 4, 4, 1], display=[1, 2, 3, 5, 6, 6], draw=[2, 4])
    after = play(state, Draw(1), Stash(4))
    assert after.collections[0] == to_counts([4])
    assert after.hands[0] == to_counts([2])


# -- REFILL ---------------------------------------------------------------------------


def test_refill_a_short_display_to_6_from_the_top_of_the_draw_pile() -> None:
    """ "refill the open display to 6 face-up cards from the draw pile" """
    state = table(hand=[1, 2], display=[3, 4, 3, 6, 1, 5], draw=[6, 6, 2, 4])
    after = play(state, Combine((1, 2), (0, 2)))
    assert after.display == [4, 6, 1, 5, 4, 2]
    assert after.draw_pile == [6, 6]


@pytest.mark.parametrize("size", [5, 6, 7, 8])
def test_refill_a_display_of_6_to_9_cards_is_left_alone(size: int) -> None:
    """ "If there are already 6 or more cards on display, you do not need to refill it."
    (A DRAW grows the display to ``size + 1``: 6 to 9 cards.)"""
    display = [6, 5, 4, 3, 2, 1, 6, 5][:size]
    state = table(hand=[1, 2], display=display, draw=[3, 3, 2, 4])
    after = play(state, Draw(1))
    assert after.display == [*display, 1]
    assert after.draw_pile == [3, 3]


def test_refill_a_display_of_10_is_discarded_and_6_new_cards_laid_out() -> None:
    """ "If there are 10 cards, discard all of them and form a new open display with 6 cards
    from the draw pile." (9 cards + a DRAW = 10)"""
    display = [1, 2, 3, 4, 5, 6, 1, 2, 3]
    draw = [6, 6, 6, 1, 2, 3, 4, 5, 5, 4]
    state = table(hand=[4, 2], display=display, draw=draw)
    after = play(state, Draw(4))
    assert after.hands[0] == to_counts([2, 4, 5])
    assert after.discard == to_counts([*display, 4])
    assert after.display == [5, 4, 3, 2, 1, 6]
    assert after.draw_pile == [6, 6]


def test_refill_reshuffles_the_discard_pile_when_the_draw_pile_is_empty() -> None:
    """ "Note: if the draw pile is empty, reshuffle the discard pile to form a new draw
    pile." The combined 1 + 2 went to the discard pile first, so it is reshuffled too."""
    discard = [4, 4, 5, 6, 6, 6, 1]
    state = table(hand=[1, 2], display=[3, 4, 3, 6, 1, 5], draw=[], discard=discard)
    before = state.card_counts()
    after = play(state, Combine((1, 2), (0, 2)))
    assert after.card_counts() == before
    assert after.discard == [0] * 7
    assert len(after.display) == 6
    assert to_counts(after.display[4:] + after.draw_pile) == to_counts([*discard, 1, 2])


def test_draw_reshuffles_midway_and_later_discards_start_a_new_pile() -> None:
    """One card left to draw: DRAW takes it, then the reshuffled discards give the second;
    the cards discarded after that (a stash) form the new discard pile."""
    state = table(hand=[2, 2, 3], display=[1, 2, 3, 4, 6, 6], draw=[5], discard=[1, 1, 6])
    before = state.card_counts()
    after = play(state, Draw(3), Stash(2))
    assert after.card_counts() == before
    assert after.discard == to_counts([2])
    assert sum(after.hands[0]) == 2 and after.hands[0][5] == 1
    assert len(after.draw_pile) == 2


def test_an_empty_hand_after_the_turn_makes_everybody_discard_and_draw_6() -> None:
    """ "If your hand is empty, all players must discard their hand cards and draw 6 new ones
    from the draw pile." The refill comes first, then the player to act draws first
    (documented reading)."""
    draw = list(range(1, 7)) * 2 + [4, 3]
    state = table(hand=[1, 1, 2], display=[2, 5, 5, 5, 5, 5], draw=draw, opponent=[6, 6, 6])
    after = play(state, Combine((1, 1), (0,)), Stash(2))
    assert after.collections[0] == to_counts([2])
    assert after.display == [5, 5, 5, 5, 5, 3]
    assert after.hands[0] == to_counts([4, 6, 5, 4, 3, 2])
    assert after.hands[1] == to_counts([1, 6, 5, 4, 3, 2])
    assert after.discard == to_counts([1, 1, 2, 6, 6, 6])
    assert after.draw_pile == [1]
    assert after.to_act == 1


def test_a_hand_that_is_not_empty_is_kept() -> None:
    state = table(hand=[1, 1, 2, 6], display=[2, 5, 5, 5, 5, 5], opponent=[6, 6, 6])
    after = play(state, Combine((1, 1), (0,)), Stash(2))
    assert after.hands == [to_counts([6]), to_counts([6, 6, 6])]


# -- End of the game ------------------------------------------------------------------


def test_a_collection_worth_21_wins_at_once() -> None:
    """ "You win immediately when you have a collection with a total value of at least 21":
    no refill afterwards, and no more turns."""
    state = table(hand=[4, 4, 4, 4, 1, 2], display=[3, 5, 5, 5, 5, 5], collection=[6, 6, 5])
    after = play(state, Combine((1, 2), (0,)), Stash(4))
    assert after.winner == 0
    assert is_winning_collection(after.collections[0], STANDARD)
    assert after.display == [5, 5, 5, 5, 5]
    assert after.is_over and after.legal_turns() == []
    with pytest.raises(IllegalMove, match="over"):
        after.apply(Turn(Draw(3)))


def test_a_collection_worth_20_does_not_win() -> None:
    state = table(hand=[4, 4, 4, 4, 1, 2], display=[3, 5, 5, 5, 5, 5], collection=[6, 6, 4])
    after = play(state, Combine((1, 2), (0,)), Stash(4))
    assert sum(v * n for v, n in enumerate(after.collections[0])) == 20
    assert after.winner is None and not after.is_over
    assert after.to_act == 1 and len(after.display) == 6


def test_one_of_each_value_1_to_5_is_not_a_standard_win() -> None:
    state = table(hand=[5, 5, 5, 5, 5, 1], display=[1, 2, 3, 4, 6, 6], collection=[1, 2, 3, 4])
    assert play(state, Draw(1), Stash(5)).winner is None


def test_simplified_one_of_each_value_1_to_5_wins_though_worth_15() -> None:
    """Simplified: "You win if you have at least 1 card of every value in your collection
    (so 1 + 2 + 3 + 4 + 5)." """
    state = table(hand=[5, 5, 5, 5, 5, 1], display=[1, 2, 3, 4, 4, 4], collection=[1, 2, 3, 4], variant=SIMPLIFIED)
    assert play(state, Draw(1), Stash(5)).winner == 0


def test_simplified_21_without_every_value_does_not_win() -> None:
    state = table(hand=[2, 2, 1], display=[1, 2, 3, 4, 4, 4], collection=[5, 5, 5, 4], variant=SIMPLIFIED)
    after = play(state, Draw(1), Stash(2))
    assert sum(v * n for v, n in enumerate(after.collections[0])) == 21
    assert after.winner is None


def test_solo_ends_as_usual_with_21() -> None:
    state = table(hand=[4, 4, 4, 4, 1, 2], display=[3, 5, 5, 5, 5, 5], collection=[6, 6, 5], variant=SOLO)
    after = play(state, Combine((1, 2), (0,)), Stash(4))
    assert after.winner == 0 and after.penalty == []  # the game ended before the penalty


# -- Solo -----------------------------------------------------------------------------


def test_solo_penalty_takes_the_leftmost_card_and_discards_its_equals_before_the_refill() -> None:
    """ "Before you REFILL: Take the leftmost card from the open display and add it to your
    penalty pile. Discard any other cards in the open display with the same value. [...]
    Then, refill the open display." The refill's 3 is not discarded."""
    state = table(hand=[1, 4], display=[3, 5, 3, 2, 3, 6], draw=[3, 6, 2, 5], variant=SOLO)
    after = play(state, Draw(1))
    assert after.penalty == [3]
    assert after.discard == to_counts([3, 3])
    assert after.display == [5, 2, 6, 1, 6, 3]


def test_solo_an_empty_display_adds_no_penalty() -> None:
    """ "If the open display is empty, don't add a card to your penalty pile." """
    state = table(hand=[4, 4], display=[2, 2], draw=[1, 2, 3, 4, 5, 6], variant=SOLO)
    after = play(state, Split(4, ((0, 1),)))
    assert after.penalty == []
    assert after.display == [6, 5, 4, 3, 2, 1]


def test_solo_score_is_the_sum_of_the_penalty_pile() -> None:
    """ "your final score is determined by the sum of the values of the cards in your
    penalty pile" """
    state = table(hand=[1, 4], display=[6, 5, 3, 2, 3, 6], penalty=[3, 5], variant=SOLO)
    after = play(state, Draw(1))
    assert after.penalty == [3, 5, 6]
    assert after.penalty_score == 14


@pytest.mark.parametrize(
    ("score", "label"),
    [
        (0, "Quintessential victory"),
        (9, "Quintessential victory"),
        (10, "Quick-witted success"),
        (19, "Quick-witted success"),
        (20, "Quality effort"),
        (29, "Quality effort"),
        (30, "Quirky performance"),
        (39, "Quirky performance"),
        (40, "Quite OK"),
        (49, "Quite OK"),
        (50, "Questionable"),
        (120, "Questionable"),
    ],
)
def test_solo_rating_table(score: int, label: str) -> None:
    """ "50+: Questionable, 40-49: Quite OK, 30-39: Quirky performance, 20-29: Quality
    effort, 10-19: Quick-witted success, <10: Quintessential victory" """
    assert solo_rating(score) == label


# -- Illegal turns --------------------------------------------------------------------


@pytest.mark.parametrize(
    "turn",
    [
        Turn(Split(6, ((0, 1),))),  # no 6 in hand
        Turn(Split(4, ((0, 1),))),  # 3 + 4 is not 4
        Turn(Split(4, ((0, 9),))),  # off the display
        Turn(Combine((1, 2), (1,))),  # a 4 is not 3
        Turn(Combine((4,), (1,))),  # one card
        Turn(Draw(5)),  # no 5 in hand
        Turn(Draw(1), Stash(4, evict=3)),  # collection not full
        Turn(Draw(1), Stash(2)),  # one 2 only
    ],
    ids=str,
)
def test_an_illegal_turn_raises_illegal_move_and_changes_nothing(turn: Turn) -> None:
    state = table(hand=[1, 2, 4, 4, 4, 4], display=[3, 4, 1, 2, 3, 6])
    before = snapshot(state.clone())
    with pytest.raises(IllegalMove) as caught:
        state.apply(turn)
    assert isinstance(caught.value, BadInput)
    assert str(caught.value).startswith("illegal turn: ") and len(str(caught.value)) > 16
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "make",
    [lambda: Draw(0), lambda: Combine((0, 3), (0,)), lambda: Draw(7), lambda: Split(7, ((0, 1),))],
    ids=["draw 0", "combine 0+3", "draw 7", "split 7"],
)
def test_a_card_value_0_or_7_is_bad_input_when_the_move_is_made_not_a_crash(make: Callable[[], Action]) -> None:
    """A move checks its values itself (issue 39), so no state ever meets one of them."""
    with pytest.raises(BadInput, match="values run from 1 to 6"):
        make()


def test_a_value_the_variant_lacks_is_an_illegal_move() -> None:
    state = table(variant=SIMPLIFIED, hand=[1, 2, 3], display=[3, 4, 1, 2, 3, 5])
    assert state.check(Turn(Draw(6))) == "6 is not a card of the simplified deck"


# -- Turn notation --------------------------------------------------------------------


def outcome(state: State, turn: Turn) -> tuple[object, ...]:
    return snapshot(play(state, turn.action, turn.stash))


def notation_positions() -> list[State]:
    """Seeded deals, and positions with stashes, evictions and duplicate display values."""
    return [
        new_game(2, STANDARD, seed=3),
        new_game(4, SIMPLIFIED, seed=5),
        new_game(1, SOLO, seed=9),
        position(
            STANDARD,
            [1, 1, 2, 3, 3, 3, 6, 4],
            [3, 3, 1, 2, 4, 3, 1],
            collection=[1, 2, 2, 4, 5, 5],
            opponents=2,
            seed=1,
        ),
        position(SIMPLIFIED, [1, 1, 2, 2, 5, 4], [2, 1, 2, 4, 4, 3], collection=[3], opponents=1),
    ]


@pytest.mark.parametrize("state", notation_positions(), ids=lambda s: s.variant.value)
def test_turn_notation_round_trips_every_legal_turn(state: State) -> None:
    """``parse_turn`` reads what ``describe_turn`` writes: the same turn outside solo (where
    the engine takes equal values leftmost first), and in solo the same values, matched to
    the leftmost copies (documented: "Display cards named by value are matched to the
    leftmost copies not yet named")."""
    turns = state.legal_turns()
    assert turns
    for turn in turns:
        text = describe_turn(turn, state.display)
        back = parse_turn(text, state.display)
        assert describe_turn(back, state.display) == text
        assert state.check(back) is None, text
        if state.variant is not SOLO:
            assert outcome(state, back) == outcome(state, turn), text


def test_turn_notation_in_solo_names_values_and_takes_the_leftmost_copies() -> None:
    state = table(hand=[1, 2], display=[3, 4, 3, 6, 1, 5], variant=SOLO)
    right_3 = Turn(Combine((1, 2), (2,)))
    assert describe_turn(right_3, state.display) == "combine 1+2 -> 3"
    assert parse_turn("combine 1+2 -> 3", state.display) == Turn(Combine((1, 2), (0,)))


def test_turn_notation_examples() -> None:
    display = [3, 1, 5, 3, 4, 1]
    milu = Turn(Split(6, ((0, 3), (1, 4, 5))), Stash(3))
    assert describe_turn(milu, display) == "split 6 -> 3+3, 1+4+1; stash 3"
    assert parse_turn("split 6 -> 3+3, 1+1+4; stash 3", display) == milu
    assert parse_turn("combine 2+1 -> 3,3", display) == Turn(Combine((1, 2), (0, 3)))
    assert parse_turn("draw 5; stash 4 evict 1", display) == Turn(Draw(5), Stash(4, 1))


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("draw 7", "7"),
        ("split 7 -> 3+4", "7"),
        ("combine 1+ -> 3", ""),
        ("draw -1", "-1"),
        ("combine 1+2 -> 3,x", "x"),
        ("jump 3", "jump"),
        ("draw 1; stash 0", "0"),
        ("draw 1; hoard 2", "hoard 2"),
        ("draw 1; stash 4 keep 2", "stash 4 keep 2"),
        ("split 6 -> 5+1", "5"),  # no 5 on the display
        ("", ""),
    ],
)
def test_turn_notation_bad_tokens_are_bad_input_naming_the_token(text: str, token: str) -> None:
    with pytest.raises(BadInput) as caught:
        parse_turn(text, [3, 3, 1, 2, 4, 6])
    assert caught.value.token == token
    assert token in str(caught.value)


def test_turn_notation_superscript_digit_is_bad_input() -> None:
    with pytest.raises(BadInput):
        parse_turn("draw \u00b2", [3, 3, 1, 2, 4, 6])


# -- The card list notation -----------------------------------------------------------


def test_parse_values_reads_the_list_notation() -> None:
    assert parse_values("1,2,2,6") == [1, 2, 2, 6]
    assert parse_values(" 3 , 4 ") == [3, 4]
    assert parse_values("") == []
    with pytest.raises(BadInput, match="'6'"):
        parse_values("1,6", top_value=5)


@pytest.mark.parametrize(
    ("text", "token"), [("1,7", "7"), ("1,,2", ""), ("0", "0"), ("-3", "-3"), ("two", "two"), ("1.5", "1.5")]
)
def test_parse_values_bad_tokens(text: str, token: str) -> None:
    with pytest.raises(BadInput) as caught:
        parse_values(text)
    assert caught.value.token == token


def _values_or_none(text: str) -> list[int] | None:
    """The parsed values, or None when ``parse_values`` rejects the text as bad input (any
    other exception escapes and fails the test)."""
    try:
        return parse_values(text)
    except BadInput:
        return None


@given(st.text())
def test_parse_values_fuzz_returns_values_1_to_6_or_raises_bad_input(text: str) -> None:
    """Arbitrary text."""
    values = _values_or_none(text)
    assert values is None or all(isinstance(v, int) and 1 <= v <= 6 for v in values)


@given(st.text(alphabet="0123456789+-, \u00b2x", max_size=12))
@example("+-1")
@example("\u00b2")
def test_parse_values_fuzz_never_raises_anything_but_bad_input(text: str) -> None:
    """Text made of digits, signs, commas, a superscript digit and a letter: tokens such
    as '+-1' or '2' in superscript look numeric to a loose check but are bad input."""
    values = _values_or_none(text)
    assert values is None or all(isinstance(v, int) and 1 <= v <= 6 for v in values)
    if "\u00b2" in text or "+-" in text or "-+" in text:
        assert values is None


@given(st.lists(st.integers(1, 6)))
def test_format_values_round_trips_through_parse_values(values: list[int]) -> None:
    assert parse_values(format_values(values)) == values
    assert format_values(from_counts(to_counts(values))) == format_values(sorted(values))


# -- Perft ----------------------------------------------------------------------------
#
# An enumerator of its own, straight from the rules: every card the hand could play with
# every grouping of every subset of display positions (SPLIT), every sub-multiset of the
# hand with every subset of display positions (COMBINE), every hand value (DRAW), then
# every stash value and evicted card. Each candidate is judged by the rules as written
# here and by ``State.check``; the two must agree. Outcomes are counted the way the
# engine's ``legal_actions`` defines them: outside solo the display's order does not
# matter (the taken cards count by value), in solo it does (they count by position).

VALUES = range(1, 7)


def groupings(items: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to cut ``items`` into non-empty groups (set partitions)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for groups in groupings(rest):
        yield [(first,), *groups]
        for k in range(len(groups)):
            yield [*groups[:k], (first, *groups[k]), *groups[k + 1 :]]


def sub_multisets(counts: Sequence[int]) -> Iterator[tuple[int, ...]]:
    for picks in itertools.product(*(range(counts[v] + 1) for v in VALUES)):
        yield tuple(v for v, k in zip(VALUES, picks) for _ in range(k))


ActionKey = tuple[object, ...]
"""What ``action_key`` tells actions apart by."""
TurnKey = tuple[ActionKey, tuple[int, int | None] | None]
"""``turn_key``: the action's key and the stash (value, evicted card), if any."""


def action_key(state: State, action: Action) -> ActionKey:
    """What distinguishes one action's result from another's."""
    display = state.display
    taken = action.taken
    where = tuple(sorted(taken)) if state.variant is SOLO else tuple(sorted(display[i] for i in taken))
    if isinstance(action, Split):
        return ("split", action.card, where)
    if isinstance(action, Combine):
        return ("combine", tuple(sorted(action.played)), where)
    return ("draw", action.card)


def brute_force_actions(state: State) -> dict[ActionKey, Action]:
    hand, display = state.hands[state.to_act], state.display
    subsets = [s for k in range(len(display) + 1) for s in itertools.combinations(range(len(display)), k)]
    found: dict[ActionKey, Action] = {}

    def judge(action: Action, by_rules: bool) -> None:
        assert (state.check(Turn(action)) is None) == by_rules, action
        if by_rules:
            found.setdefault(action_key(state, action), action)

    for card in VALUES:
        for subset in subsets:
            for groups in groupings(subset):
                by_rules = (
                    hand[card] > 0
                    and len(groups) > 0
                    and all(len(g) >= 2 and sum(display[i] for i in g) == card for g in groups)
                )
                judge(Split(card, tuple(groups)), by_rules)
    for played in sub_multisets(hand):
        worth = sum(played)
        for subset in subsets:
            by_rules = (
                2 <= len(played) <= 6 and worth <= 6 and len(subset) >= 1 and all(display[i] == worth for i in subset)
            )
            judge(Combine(played, subset), by_rules)
    for card in VALUES:
        judge(Draw(card), hand[card] > 0)
    return found


def brute_force_turns(state: State, actions: dict[ActionKey, Action]) -> set[TurnKey]:
    collection = state.collections[state.to_act]
    full = sum(collection) >= 6
    found: set[TurnKey] = set()
    for key, action in actions.items():
        found.add((key, None))
        after = state.hands[state.to_act][:]
        played = [action.card] if isinstance(action, (Split, Draw)) else list(action.played)
        for v in played:
            after[v] -= 1
        for i in action.taken:
            after[state.display[i]] += 1
        for value in VALUES:
            for evict in (None, *VALUES):
                by_rules = after[value] >= value and (
                    collection[evict] > 0 if full and evict is not None else evict is None and not full
                )
                turn = Turn(action, Stash(value, evict))
                if isinstance(action, Draw):
                    # listed: the stashes possible whatever is drawn; check() sees the very
                    # cards drawn, which can only allow more
                    assert state.check(turn) is None or not by_rules, turn
                else:
                    assert (state.check(turn) is None) == by_rules, turn
                if by_rules:
                    found.add((key, (value, evict)))
    return found


def turn_key(state: State, turn: Turn) -> TurnKey:
    stash = None if turn.stash is None else (turn.stash.value, turn.stash.evict)
    return (action_key(state, turn.action), stash)


PERFT = {
    "standard": (
        lambda: position(
            STANDARD, hand=[1, 1, 2, 3, 3, 4, 6], display=[1, 2, 3, 3, 4, 5, 1], collection=[2, 5], opponents=1, seed=1
        ),
        29,
        75,
    ),
    "solo, duplicate display values": (
        lambda: position(SOLO, hand=[2, 2, 1, 5, 6, 3, 3, 3], display=[3, 1, 3, 2, 1, 4, 3, 2], penalty=[4], seed=2),
        105,
        394,
    ),
    "full collection": (
        lambda: position(
            STANDARD,
            hand=[2, 2, 3, 3, 3, 1, 5, 6],
            display=[1, 2, 3, 5, 1, 4],
            collection=[1, 1, 2, 3, 4, 5],
            opponents=2,
            seed=3,
        ),
        22,
        282,
    ),
}


@pytest.mark.parametrize(("build", "actions", "turns"), PERFT.values(), ids=PERFT.keys())
def test_perft_legal_actions_and_turns(build: Callable[[], State], actions: int, turns: int) -> None:
    state = build()
    expected_actions = brute_force_actions(state)
    expected_turns = brute_force_turns(state, expected_actions)

    engine_actions = [action_key(state, a) for a in state.legal_actions()]
    assert len(engine_actions) == len(set(engine_actions)), "two actions with one outcome"
    assert set(engine_actions) == set(expected_actions)
    engine_turns = [turn_key(state, t) for t in state.legal_turns()]
    assert len(engine_turns) == len(set(engine_turns)), "two turns with one outcome"
    assert set(engine_turns) == expected_turns

    assert (len(engine_actions), len(engine_turns)) == (actions, turns)
