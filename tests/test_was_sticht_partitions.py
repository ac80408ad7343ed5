"""The Was sticht? kernel's partition search against the plain minimax reference: a
stored answer holds for every position alike in the cards it read (the top cards of each
class, the other cards by count per seat), so positions that differ in their small cards
must still get the reference's answers, in one search (the shape's buckets) and across
searches of one question family that share the table."""

from __future__ import annotations

import random
from dataclasses import replace

from was_sticht_cases import disagreements, short_ending

from cardsolve.models.was_sticht import CHIPS, random_start
from cardsolve.models.was_sticht.cards import Card
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht import fast
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible
from cardsolve.solvers.was_sticht.fast import tables

SEED = 20261203


def test_partitions_answer_as_the_reference_on_hundreds_of_endings() -> None:
    """600 endings of 2-4 tricks (4 tricks for 3 players only; some one card into a
    trick), a chip each of the 24 in turn, both questions: every answer as the
    reference's."""
    rng = random.Random(SEED)
    found = []
    for k in range(600):
        position = short_ending(rng)
        player = rng.randrange(position.players)
        chip = CHIPS[k % len(CHIPS)]
        found += disagreements(position, player, chip, f"ending {k}: {position}, player {player}, chip {chip.id}")
    assert not found


def _swap_lowest(position: Position, rng: random.Random) -> Position | None:
    """The position with the lowest cards of one follow class of two seats exchanged
    (the same shape, other small cards), or None when no class is held by two seats."""
    table = tables(position.trumps)
    classes: dict[int, dict[int, Card]] = {}
    for seat, hand in enumerate(position.hands):
        for card in hand:
            cls = int(table.fc[card.index])
            low = classes.setdefault(cls, {}).get(seat)
            if low is None or table.packed[fast._PLACE, card.index] < table.packed[fast._PLACE, low.index]:
                classes[cls][seat] = card
    shared = sorted(cls for cls, seats in classes.items() if len(seats) >= 2)
    if not shared:
        return None
    seats = classes[rng.choice(shared)]
    a, b = rng.sample(sorted(seats), 2)
    give: dict[Card, Card] = {seats[a]: seats[b], seats[b]: seats[a]}
    hands = tuple(tuple(sorted((give.get(card, card) for card in hand), key=lambda c: c.index))
                  for hand in position.hands)
    return replace(position, hands=hands)


def test_small_cards_exchanged_answer_as_the_reference() -> None:
    """500 pairs of positions alike but for the lowest cards of one class of two seats
    exchanged (3-4 tricks, dealt on their own), searched one after the other in one
    question family's table, so that the second finds the first's answers in its
    shape's buckets: every answer of the second as the reference's, in both modes."""
    rng = random.Random(SEED + 1)
    found = []
    for k in range(500):
        players = rng.choice((3, 4))
        position = random_start(rng, players, rng.choice((3, 4)) if players == 3 else 3)
        other = _swap_lowest(position, rng)
        if other is None:
            continue
        player = rng.randrange(players)
        chip = CHIPS[k % len(CHIPS)]
        for cooperative in (False, True):
            fast.forget()
            fast.search(position, player, chip.conditions, cooperative)
            answer, _, _ = fast.search(other, player, chip.conditions, cooperative)
            expected = (possible if cooperative else forceable)(other, player, chip, "reference")
            if answer != expected:
                found.append(f"pair {k}: {other} after {position}, player {player}, chip {chip.id}, "
                             f"cooperative {cooperative}")
    assert not found
