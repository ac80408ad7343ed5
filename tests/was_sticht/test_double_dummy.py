"""The Was sticht? double-dummy solver: the numba kernel against the plain minimax
reference on seeded endings (forceable, possible, trick bounds, the best card's claim
checked by the reference), and the edge cases of the public API."""

from __future__ import annotations

import random

import pytest
from was_sticht_cases import chip_of, ending

from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht import (
    ALL_TRUMPS,
    CHIP_IDS,
    CHIPS,
    DECK,
    Card,
    Chip,
    Condition,
    Trumps,
    achieved,
    parse_cards,
    random_start,
)
from cardsolve.models.was_sticht.play import Position, start
from cardsolve.solvers.was_sticht.double_dummy import analyse, forceable, possible, trick_bounds
from cardsolve.solvers.was_sticht.results import Analysis

SEED = 20261130


def check_best_card(position: Position, player: int, chip: Chip, result: Analysis) -> None:
    """The best card keeps what it claims, judged by the reference."""
    legal = sorted(position.legal(), key=lambda c: c.index)
    assert result.best_card in legal
    after = position.play(result.best_card)
    if position.to_move == player:
        if result.forceable:
            assert forceable(after, player, chip, "reference")
        elif result.possible:
            assert possible(after, player, chip, "reference")
    elif result.forceable:
        assert result.best_card == legal[0]
    else:
        assert not forceable(after, player, chip, "reference")


def test_numba_agrees_with_reference_on_seeded_endings() -> None:
    """320 endings of 1-4 tricks, two chips each (any of the 24, so tricks, colours,
    first/last, most/fewest and exactly-N all appear), every player. The reference takes
    about a second on 3 tricks of 4 players or 4 tricks of 3, so those are a few, and
    4-trick endings go without trick bounds (``test_best_card_on_four_trick_endings``
    and ``test_trick_bounds_on_four_trick_endings`` have more)."""
    rng = random.Random(SEED)
    seen: set[str] = set()
    for k in range(320):
        if k % 40 == 0:
            tricks_left, players = 4, 3
        elif k % 40 == 5:
            tricks_left, players = 3, 4
        else:
            tricks_left = rng.choice((1, 2, 2, 3))
            players = 3 if tricks_left == 3 else 0
        position = ending(rng, tricks_left, players)
        player = rng.randrange(position.players)
        for chip in rng.sample(CHIPS, 2):
            seen.add(chip.conditions[0].measure)
            fast = analyse(position, player, chip) if len(position.hands[0]) <= 3 else None
            where = f"ending {k}: {position}, player {player}, chip {chip.id}"
            assert forceable(position, player, chip) == forceable(position, player, chip, "reference"), where
            assert possible(position, player, chip) == possible(position, player, chip, "reference"), where
            if fast is not None:
                slow = analyse(position, player, chip, "reference")
                assert (fast.forceable, fast.possible, fast.fewest, fast.most) == (
                    slow.forceable,
                    slow.possible,
                    slow.fewest,
                    slow.most,
                ), where
                check_best_card(position, player, chip, fast)
                check_best_card(position, player, chip, slow)
    assert {"tricks", "most", "fewest", "trick:first", "trick:last", "colour:R"} <= seen


def test_best_card_on_four_trick_endings() -> None:
    """The numba best card keeps the task forceable (possible), or breaks it for an
    opposing seat, on 4-trick endings, judged by the reference."""
    rng = random.Random(SEED + 1)
    for _ in range(40):
        position = ending(rng, 4)
        player = rng.randrange(position.players)
        chip = rng.choice(CHIPS)
        result = analyse(position, player, chip)
        assert result.forceable <= result.possible
        check_best_card(position, player, chip, result)


def test_trick_bounds_on_four_trick_endings() -> None:
    """Three players (the reference's full minimax of 4 tricks of 4 players is slow)."""
    rng = random.Random(SEED + 2)
    for _ in range(6):
        position = random_start(rng, 3, 4)
        player = rng.randrange(3)
        assert trick_bounds(position, player) == trick_bounds(position, player, "reference"), position


def test_finished_position_answers_from_the_outcome() -> None:
    rng = random.Random(SEED + 3)
    position = start([list(DECK[9 * k : 9 * k + 9]) for k in range(4)], rng.choice(ALL_TRUMPS), 0)
    while not position.finished:
        position = position.play(rng.choice(position.legal()))
    for player in range(4):
        won = sum(t.winner == player for t in position.tricks)
        for chip in CHIPS:
            done = achieved(chip, player, position.tricks, 4)
            for backend in ("numba", "reference"):
                result = analyse(position, player, chip, backend)
                assert (result.forceable, result.possible) == (done, done)
                assert (result.fewest, result.most, result.best_card) == (won, won, None)


def test_mid_trick_and_one_card_left() -> None:
    hands = [parse_cards("R9"), parse_cards("R1"), parse_cards("B9"), parse_cards("R5")]
    position = start(hands, Trumps(None, None), 0).play(parse_cards("R9")[0])
    assert position.to_move == 1 and position.current
    chip = chip_of(Condition("tricks", 1, 1))
    for backend in ("numba", "reference"):
        assert forceable(position, 0, chip, backend)  # the red 9 wins: nothing can stop it
        assert not possible(position, 1, chip, backend)
        assert trick_bounds(position, 0, backend) == (1, 1)
        assert analyse(position, 1, chip, backend).best_card == parse_cards("R1")[0]


def test_quick_tricks_need_the_lead_or_a_trump() -> None:
    """The search takes it as settled when the player holds every trump left and enough
    winners; without a trump and off lead his winners can be discarded away, so the
    same cards then make no trick at all."""
    at_least = {k: chip_of(Condition("tricks", k, 9)) for k in (1, 3)}
    most = chip_of(Condition("most", 1, 1))
    no_trumps = start(
        [parse_cards("Y1,Y2,Y3"), parse_cards("R9,B9,G9"), parse_cards("Y4,Y5,Y6")], Trumps(None, None), 0
    )
    red = start([parse_cards("B1,G1,Y1"), parse_cards("R5,B9,G9"), parse_cards("B2,G2,Y2")], Trumps("R", None), 0)
    for backend in ("numba", "reference"):
        assert not possible(no_trumps, 1, at_least[1], backend)  # every trick is a yellow lead
        assert forceable(red, 1, at_least[3], backend)
        assert forceable(red, 1, most, backend)
        assert trick_bounds(red, 1, backend)[1] == 3


def test_everything_forceable_and_nothing_possible() -> None:
    rng = random.Random(SEED + 4)
    position = ending(rng, 2)
    anything = chip_of(Condition("tricks", 0, 9))
    impossible = chip_of(Condition("tricks", 10, 36))
    for backend in ("numba", "reference"):
        result = analyse(position, position.to_move, anything, backend)
        assert result.forceable and result.possible
        assert result.best_card in position.legal()
        result = analyse(position, position.to_move, impossible, backend)
        assert not result.forceable and not result.possible
        # lost: the card whose trick range lies closest to 10+ tricks (ties: deck order)
        assert result.best_card in position.legal()


def lost_best(position: Position, player: int, low: int, high: int) -> Card:
    """The documented choice for a lost task: the legal card after which the player's
    forceable trick range lies closest to low..high, first in deck order among equals."""

    def distance(card: Card) -> int:
        bounds = trick_bounds(position.play(card), player, "reference")
        return max(0, low - max(bounds), min(bounds) - high)

    return min(sorted(position.legal(), key=lambda c: c.index), key=distance)


def test_lost_task_best_card_steers_towards_the_count() -> None:
    """A lost task: the best card's trick range lies closest to the chip's count."""
    hands = [parse_cards("R9,R1,Y1"), parse_cards("B5,G1,B2"), parse_cards("G2,G3,Y9")]
    position = start(hands, Trumps("B", 5), 0)
    rng = random.Random(SEED + 6)
    positions = [position] + [ending(rng, 2) for _ in range(12)]
    checked = 0
    for position in positions:
        player = position.to_move
        for n in range(4):
            chip = chip_of(Condition("tricks", n, n))
            result = analyse(position, player, chip)
            if result.possible:
                continue
            checked += 1
            assert (
                result.best_card
                == lost_best(position, player, n, n)
                == analyse(position, player, chip, "reference").best_card
            )
    assert checked >= 5
    # no trick count on the chip: the first legal card
    position = positions[0]
    assert analyse(position, 0, chip_of(Condition("colour:B", 9, 36))).best_card == parse_cards("R1")[0]


def test_last_trick_of_an_ending_dealt_on_its_own() -> None:
    """An ending dealt as 2-card hands is a round of 2 tricks: its second trick is its
    last. Seat 0 holds the supertrump B5 and B9, so it wins both tricks whatever happens."""
    hands = [parse_cards("B5,B9"), parse_cards("R1,R2"), parse_cards("G1,G2"), parse_cards("Y1,Y2")]
    position = start(hands, Trumps("B", 5), 0)
    for backend in ("numba", "reference"):
        assert forceable(position, 0, CHIP_IDS["last-trick"], backend)
        assert forceable(position, 0, CHIP_IDS["first-and-last"], backend)
        assert not possible(position, 1, CHIP_IDS["last-trick"], backend)


def test_three_players_full_deal_numba() -> None:
    """A whole 3-player round (9 tricks) through the numba backend: the answers hang
    together (forceable implies possible; the bounds as yes/no questions)."""
    position = random_start(random.Random(SEED + 5), 3)
    result = analyse(position, 1, CHIP_IDS["exactly-3"])
    assert result.forceable <= result.possible
    assert forceable(position, 1, chip_of(Condition("tricks", result.most, 9)))
    assert not forceable(position, 1, chip_of(Condition("tricks", result.most + 1, 9)))
    assert forceable(position, 1, chip_of(Condition("tricks", 0, result.fewest)))
    if result.fewest > 0:
        assert not forceable(position, 1, chip_of(Condition("tricks", 0, result.fewest - 1)))


def test_bad_backend_and_seat() -> None:
    position = start([parse_cards("R1"), parse_cards("R2"), parse_cards("R3")], Trumps(None, None), 0)
    with pytest.raises(BadInput, match="cuda"):
        analyse(position, 0, CHIPS[0], "cuda")
    with pytest.raises(BadInput, match="cuda"):
        forceable(position, 0, CHIPS[0], "cuda")
    with pytest.raises(BadInput):
        possible(position, 3, CHIPS[0])


def test_colour_tasks_on_the_example_deal_are_quick() -> None:
    """Colour bounds decide these at once (they took 20 s and 9 s by plain search):
    seat 4 holds the supertrump R5, a red card that wins its trick, so no red is not
    possible; seat 2 can still take 4 red cards (G5, a number trump, beats the red
    suit trumps)."""
    import time
    from pathlib import Path

    from cardsolve.models.was_sticht import read_deal

    deal = read_deal(Path(__file__).resolve().parents[1] / "data" / "was_sticht_deal.json")
    position = start(deal.hands, deal.trumps, deal.leader)
    chips = {chip.id: chip for chip in CHIPS}
    possible(position, 0, chips["no-red"])  # compile / load the kernel
    began = time.perf_counter()
    assert not possible(position, 3, chips["no-red"])
    assert possible(position, 1, chips["many-red"])
    assert time.perf_counter() - began < 2.0
