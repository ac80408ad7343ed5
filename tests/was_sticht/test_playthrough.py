"""Seeded random rounds of Was sticht?, played with the shared helper
(``tests/playthrough.py``): a random draft of the shuffled layout, then every card drawn
from the legal ones until the ninth trick. After every card no card is created or lost,
the hands stay even, every trick went to the seat its winning card was played by and the
winner led the next; every listed card follows suit by the rule (checked here from the
trumps, not by the engine's own list). At the end the tricks, the colours won and the
first and last trick add up over the seats."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from playthrough import random_playthrough
from was_sticht_cases import drafted

from cardsolve.models.was_sticht import (
    ALL_TRUMPS,
    COLOURS,
    TRICKS,
    Card,
    Trumps,
    lay_out,
    measure,
    suit_of,
    trick_winner,
)
from cardsolve.models.was_sticht.play import Position, start


def follows_suit(position: Position, card: Card) -> bool:
    """The rule, read from the trumps: a card of the mover's hand, of the led suit when a
    trick is led and the hand holds one (trumps form one suit of their own)."""
    hand = position.hands[position.to_move]
    if card not in hand:
        return False
    if not position.current:
        return True
    led = suit_of(position.current[0], position.trumps)
    return suit_of(card, position.trumps) == led or all(suit_of(c, position.trumps) != led for c in hand)


def check_round(dealt: frozenset[Card], leader: int, trumps: Trumps) -> Callable[[Position], None]:
    """The invariant of every position of the round dealt ``dealt``, ``leader`` leading."""

    def invariant(position: Position) -> None:
        held = [card for hand in position.hands for card in hand]
        played = [card for trick in position.tricks for card in trick.cards] + list(position.current)
        assert Counter(held + played) == Counter(dealt), "a card was created or lost"
        sizes = [len(hand) for hand in position.hands]
        for k in range(len(position.current)):  # the seats that played to this trick hold one card fewer
            sizes[(position.leader + k) % position.players] += 1
        assert len(set(sizes)) == 1, position.hands
        expected_leader = leader
        for trick in position.tricks:
            assert len(trick.cards) == position.players and trick.leader == expected_leader
            assert trick.winner == (trick.leader + trick_winner(trick.cards, trumps)) % position.players
            expected_leader = trick.winner
        assert position.leader == expected_leader

    return invariant


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("players", [3, 4])
def test_random_round_playthrough(players: int, seed: int) -> None:
    rng = random.Random(seed)
    trumps, dealer = rng.choice(ALL_TRUMPS), rng.randrange(players)
    draft = drafted(lay_out(rng), trumps, dealer, [lambda view: rng.choice(view.available)] * players)
    leader = (dealer + 1) % players
    dealt = frozenset(card for hand in draft.hands for card in hand)
    table = {clue.cards[3] for clue in draft.clues} if players == 3 else set()
    assert len(dealt) + len(table) == 36 and not dealt & table
    game = random_playthrough(
        start(draft.hands, trumps, leader),
        legal=Position.legal,
        is_legal=follows_suit,
        apply=Position.play,
        is_over=lambda position: position.finished,
        invariant=check_round(dealt, leader, trumps),
        rng=rng,
        max_moves=len(dealt),
    )
    assert game.ended and len(game.moves) == len(dealt) and len(game.state.tricks) == TRICKS
    tricks, seats = game.state.tricks, range(players)
    assert sum(measure("tricks", seat, tricks, players) for seat in seats) == TRICKS
    for colour in COLOURS:
        assert sum(measure(f"colour:{colour}", seat, tricks, players) for seat in seats) == sum(
            card.colour == colour for card in dealt
        )
    for end in ("trick:first", "trick:last"):
        assert sum(measure(end, seat, tricks, players) for seat in seats) == 1
    assert sum(measure("most", seat, tricks, players) for seat in seats) <= 1
    assert sum(measure("fewest", seat, tricks, players) for seat in seats) <= 1
