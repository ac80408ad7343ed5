"""Speed CUBU on large hands (11 to 20 cards): the numba search's bound over sets of
classes (``fast``'s Bounds) never changes an answer. Checked against the same search
with that bound off (the per-class bound alone) on hundreds of seeded hands, regular
and skewed (a few numbers of boxes or colour classes dominate), in both modes; against
the reference on skewed hands of up to 8 cards; against CP-SAT's proofs on 12- to
14-card hands the grid or the bound keeps from being laid whole; and on pinned hands
whose answers the parity of the numbers of boxes decides."""

from __future__ import annotations

import random

import pytest

from cardsolve.models.cubu.cards import Card, load_deck
from cardsolve.models.cubu.deal import regular_hand
from cardsolve.models.cubu.speed import MODES
from cardsolve.solvers.cubu import cpsat, fast, reference
from cardsolve.solvers.cubu.play_graph import reachable
from cardsolve.solvers.cubu.speed import speed_solve
from cubu.test_speed_solver import replay

BUNDLED = load_deck()
DECK = BUNDLED.regular
BY_BOXES = {boxes: [card for card in DECK if card.boxes == boxes] for boxes in range(2, 7)}


def skewed_hand(rng: random.Random, size: int) -> tuple[Card, list[Card]]:
    """A centre card and up to ``size`` more, distinct, whose numbers of boxes are drawn
    with weights cubed from uniform ones, so that one or two numbers dominate."""
    weights = [rng.random() ** 3 for _ in BY_BOXES]
    centre = rng.choice(DECK)
    pools = {boxes: [card for card in cards if card != centre] for boxes, cards in BY_BOXES.items()}
    for pool in pools.values():
        rng.shuffle(pool)
    hand: list[Card] = []
    while len(hand) < size and any(pools.values()):
        boxes = rng.choices(list(pools), weights)[0]
        if pools[boxes]:
            hand.append(pools[boxes].pop())
    return centre, hand


def instance(seed: int, low: int, high: int) -> tuple[Card, list[Card], str]:
    """Seeded: a regular deal (every third seed) or a skewed one, of ``low`` to ``high``
    cards; boxes mode on even seeds."""
    rng = random.Random(f"large:{seed}")
    size = rng.randint(low, high)
    centre, hand = regular_hand(rng, size, BUNDLED) if seed % 3 == 0 else skewed_hand(rng, size)
    return centre, hand, MODES[seed % 2]


def boxes_hand(centre: int, counts: dict[int, int]) -> tuple[Card, list[Card]]:
    """A centre of ``centre`` boxes and ``counts[b]`` cards of b boxes from the bundled deck
    (in boxes mode only the numbers of boxes matter)."""
    pools = {boxes: list(cards) for boxes, cards in BY_BOXES.items()}
    first = pools[centre].pop(0)
    return first, [pools[boxes][index] for boxes, count in counts.items() for index in range(count)]


@pytest.mark.parametrize("chunk", range(4))
def test_the_set_bound_changes_no_answer(chunk: int) -> None:
    """400 seeded hands of 11 to 16 cards, both modes: the same most with the set bound
    and without it; the layouts replay and lay only cards the play graph reaches."""
    for seed in range(chunk, 400, 4):
        centre, hand, mode = instance(seed, 11, 16)
        with_sets = fast.solve(centre, hand, mode)
        without = fast.solve(centre, hand, mode, set_classes=0)
        assert with_sets.most == without.most, (seed, mode)
        replay(centre, hand, mode, with_sets.layout)
        reached = {hand[index] for index in reachable(centre, hand, mode)}
        assert {card for card, _ in with_sets.layout} <= reached


def test_twenty_card_hands_with_and_without_the_set_bound() -> None:
    """Seeded 20-card hands in boxes mode: the same most either way, the layouts replay."""
    for seed in range(30):
        centre, hand = regular_hand(random.Random(f"twenty:{seed}"), 20, BUNDLED)
        with_sets = fast.solve(centre, hand, "boxes")
        assert with_sets.most == fast.solve(centre, hand, "boxes", set_classes=0).most, seed
        replay(centre, hand, "boxes", with_sets.layout)


def test_numba_matches_reference_on_skewed_hands() -> None:
    """300 skewed hands of 0 to 8 cards, both modes: numba and the reference agree."""
    for seed in range(300):
        rng = random.Random(f"skewed:{seed}")
        centre, hand = skewed_hand(rng, rng.randint(0, reference.LIMIT))
        mode = MODES[seed % 2]
        quick = fast.solve(centre, hand, mode)
        assert quick.most == reference.solve(centre, hand, mode).most, (seed, mode)
        replay(centre, hand, mode, quick.layout)


def test_numba_matches_cpsat_where_the_hand_is_not_laid_whole() -> None:
    """Seeded 12- to 14-card hands in boxes mode that numba cannot lay whole: CP-SAT
    proves the same most (the bound's cuts are what such answers rest on)."""
    checked = 0
    seed = 0
    while checked < 12:
        rng = random.Random(f"cpsat:{seed}")
        seed += 1
        centre, hand = (
            regular_hand(rng, rng.randint(12, 14), BUNDLED) if seed % 2 else skewed_hand(rng, rng.randint(12, 14))
        )
        answer = speed_solve(centre, hand, "boxes")
        if answer.most == answer.reachable:
            continue
        cards = [hand[index] for index in reachable(centre, hand, "boxes")]
        proof = cpsat.solve(centre, cards, "boxes", time_limit=60)
        assert proof.proven and proof.most == answer.most, seed
        checked += 1


@pytest.mark.parametrize(
    "centre, counts, most",
    [
        (4, {2: 6, 3: 3, 4: 6, 5: 1, 6: 4}, 16),
        (6, {2: 6, 3: 3, 4: 5, 5: 1, 6: 5}, 16),
        (4, {2: 10, 3: 1}, 4),
        (2, {3: 10}, 4),
        (4, {3: 10, 4: 9}, 19),
        (3, {2: 7, 3: 1, 4: 5, 5: 3, 6: 4}, 19),
    ],
)
def test_pinned_boxes_hands(centre: int, counts: dict[int, int], most: int) -> None:
    """Every card's parent has the other parity of boxes, and a card has three free sides:
    4 odd cards with a 4- or 6-box centre lay at most 12 even ones; one 3-box card under
    a 4-box centre holds three 2-box cards; ten 3-box cards around a 2-box centre, four;
    3- and 4-box cards alternate, all laid. The last hand the bound allows whole (5 odd
    cards with the centre, 16 even ones, every side of an odd card needed), but the grid
    lays 19 of its 20 (the search with the per-class bound alone agrees)."""
    first, hand = boxes_hand(centre, counts)
    answer = speed_solve(first, hand, "boxes")
    assert answer.most == most and answer.proven and answer.reachable == len(hand)
    assert fast.solve(first, hand, "boxes", set_classes=0).most == most
    replay(first, hand, "boxes", answer.layout)
