"""The Was sticht? double-dummy kernel's newer bounds against the plain minimax
reference: 6-trick endings, and hundreds of short endings for the rules the tails need
(the keeper of a top trump and the player who outnumbers the others' trumps win the
last trick, the player who can only duck wins nothing more, and the questions on one
counter bounded on one side), with their edge cases built by hand."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest
from numpy.typing import NDArray
from was_sticht_cases import chip_cycle_disagreements, chip_of, disagreements, ending, short_ending

from cardsolve.models.was_sticht import CHIP_IDS, CHIPS, Condition, Trumps, parse_cards, random_ending, random_start
from cardsolve.models.was_sticht.cards import COLOURS
from cardsolve.models.was_sticht.play import Position, start
from cardsolve.solvers.was_sticht import fast, kernel_bounds, kernel_layout, kernel_question
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible, trick_bounds

SEED = 20261201

LAST = ("last-trick", "first-and-last")
DUCK = ("no-tricks", "at-most-1", "at-most-2", "fewest-tricks", "no-red", "no-blue", "no-green", "no-yellow")
MONOTONE = (
    "no-tricks",
    "at-most-1",
    "at-most-2",
    "at-least-4",
    "at-least-5",
    "at-least-6",
    "no-red",
    "no-blue",
    "many-red",
    "many-green",
    "many-yellow",
)


def _endings_where(
    holds: Callable[[NDArray[np.int64], NDArray[np.int64]], bool], key: fast.Question, seed: int, tries: int
) -> list[tuple[int, Position, int]]:
    """Of ``tries`` seeded endings of 2-3 tricks dealt on their own (3 or 4 players, a
    random player each), those where a status rule ``holds(state, table)`` for the
    player, with their number: the endings on which to check the rule against the
    reference."""
    rng = random.Random(seed)
    found = []
    for k in range(tries):
        position = random_start(rng, rng.choice((3, 4)), rng.choice((2, 3)))
        player = rng.randrange(position.players)
        if holds(fast.encode(position, player, key, False, 1), fast.tables(position.trumps).packed):
            found.append((k, position, player))
    return found


@pytest.mark.slow  # 10-20 s: started early, so that the run does not end on it
def test_six_trick_endings_agree_with_the_reference() -> None:
    """12 endings of 6 tricks for 3 players (dealt on their own or played down from a
    whole deal), a chip each of the 24, both questions; the reference takes a second or
    two on each (4 players of 6 tricks take it minutes)."""
    rng = random.Random(SEED)
    found = []
    for k in range(12):
        position = random_start(rng, 3, 6) if k % 2 else random_ending(rng, 6, 3)
        player = rng.randrange(3)
        chip = CHIPS[(k * 7) % len(CHIPS)]
        found += disagreements(position, player, chip, f"ending {k}: {position}, player {player}, chip {chip.id}")
    assert not found


def test_new_bounds_on_hundreds_of_short_endings() -> None:
    """360 endings of 2-3 tricks (3 or 4 players, some one card into a trick), each chip
    the rules touch: the last trick, ducking and the monotone questions."""
    rng = random.Random(SEED + 1)
    chips = sorted(set(LAST + DUCK + MONOTONE))
    found = []
    for k in range(360):
        position = ending(rng, rng.choice((2, 3, 3)))
        player = rng.randrange(position.players)
        chip_id = chips[k % len(chips)]
        where = f"ending {k}: {position}, player {player}, chip {chip_id}"
        found += disagreements(position, player, CHIP_IDS[chip_id], where)
    assert not found


def test_monotone_questions_match_the_trick_bounds() -> None:
    """Every "at least k" and "at most k" question answers as the reference's trick
    bounds say, on 4-trick endings of 3 players and the 3-trick endings of 4 (one search
    per k)."""
    rng = random.Random(SEED + 2)
    for k in range(16):
        position = random_start(rng, 3, 4) if k % 2 else ending(rng, 3, 4)
        player = rng.randrange(position.players)
        fewest, most = trick_bounds(position, player, "reference")
        tricks = len(position.hands[0]) + len(position.tricks)
        for n in range(tricks + 2):
            where = f"ending {k}: {position}, player {player}, n {n}"
            assert forceable(position, player, chip_of(Condition("tricks", n, 9))) == (n <= most), where
            assert forceable(position, player, chip_of(Condition("tricks", 0, n))) == (n >= fewest), where


def test_keeper_of_the_top_trump_wins_the_last_trick() -> None:
    """Seat 1 holds the supertrump R9 and one spare trump R5. Seat 2, on lead, holds one
    trump: its trump lead takes the spare, and R9 wins the last trick. With two trumps
    seat 2 could lead trumps twice and draw R9 early: the rule says nothing and the
    search decides, as the reference does. Cooperating, seat 1 may still give the last
    trick away, so it stays possible for the others."""
    trumps = Trumps("R", None)
    safe = start([parse_cards("R9,R5,B1"), parse_cards("R2,B2,B3"), parse_cards("G1,G2,G3")], trumps, 1)
    unsafe = start([parse_cards("R9,R5,B1"), parse_cards("R2,R1,B3"), parse_cards("G1,G2,G3")], trumps, 1)
    last = CHIP_IDS["last-trick"]
    for backend in ("numba", "reference"):
        assert forceable(safe, 0, last, backend)
        assert not forceable(safe, 1, last, backend) and not forceable(safe, 2, last, backend)
        assert possible(safe, 1, last, backend)
    assert forceable(unsafe, 0, last) == forceable(unsafe, 0, last, "reference")
    assert possible(unsafe, 1, last) == possible(unsafe, 1, last, "reference")


def test_tied_number_trumps_keep_no_last_trick() -> None:
    """Two tied number trumps in different hands: neither keeper rule applies (the first
    played wins), so the search decides, as the reference does."""
    position = start([parse_cards("R3,B1,G1"), parse_cards("B3,B2,G2"), parse_cards("Y1,Y2,G4")], Trumps(None, 3), 2)
    found = [
        mismatch
        for seat in range(3)
        for chip_id in LAST
        for mismatch in disagreements(position, seat, CHIP_IDS[chip_id], f"seat {seat}, {chip_id}")
    ]
    assert not found


def test_more_tied_trumps_than_the_others_win_the_last_trick() -> None:
    """Number trumps 3, no trump suit: seat 1 holds R3 and B3, seat 3 holds G3, seat 2
    leads. However the others play, seat 1 keeps a 3 for the last trick with the others
    out of them, or wins the trick before it and leads his last 3: the rule says so, as
    the reference finds. With one 3 each the rule says nothing and the search decides.
    Then every seeded ending of 2-3 tricks where the rule holds: the reference forces
    the last trick."""
    trumps = Trumps(None, 3)
    more = start([parse_cards("R3,B3,G1"), parse_cards("G2,G4,Y1"), parse_cards("G3,Y2,B1")], trumps, 1)
    even = start([parse_cards("R3,B1,G1"), parse_cards("G2,G4,Y1"), parse_cards("G3,Y2,B3")], trumps, 1)
    last = CHIP_IDS["last-trick"]
    _, key = kernel_question._question(last.conditions)
    packed = fast.tables(trumps).packed
    assert kernel_bounds._outnumbers_trumps(fast.encode(more, 0, key, False, 1), packed)
    assert not kernel_bounds._outnumbers_trumps(fast.encode(even, 0, key, False, 1), packed)
    for backend in ("numba", "reference"):
        assert forceable(more, 0, last, backend)
    assert forceable(even, 0, last) == forceable(even, 0, last, "reference")
    held = _endings_where(
        lambda state, table: bool(kernel_bounds._outnumbers_trumps(state, table)), key, SEED + 5, 3000
    )
    assert len(held) >= 100
    for k, position, player in held:
        assert forceable(position, player, last, "reference"), f"ending {k}: {position}, {player}"


def test_the_player_who_can_only_duck_wins_nothing_more() -> None:
    """Not on lead, no trump, every card below the others' of its colour: no trick,
    whatever anyone plays; on lead, his low lead may win when the others are void."""
    hands = [parse_cards("B1,G1,Y1"), parse_cards("B5,G5,Y5"), parse_cards("B6,G6,R6")]
    ducking = start(hands, Trumps("R", None), 1)
    leading = start(hands, Trumps("R", None), 0)
    for backend in ("numba", "reference"):
        assert forceable(ducking, 0, CHIP_IDS["no-tricks"], backend)
        assert not possible(ducking, 0, chip_of(Condition("tricks", 1, 9)), backend)
    # a single card above another seat's of its colour breaks the rule: the search decides
    above = start([parse_cards("B1,G1,Y6"), parse_cards("B5,G5,Y5"), parse_cards("B6,G6,R6")], Trumps("R", None), 1)
    found = [
        mismatch
        for chip_id in DUCK
        for position in (leading, ducking, above)
        for mismatch in disagreements(position, 0, CHIP_IDS[chip_id], chip_id)
    ]
    assert not found


def test_the_ducking_player_answers_each_lead_below_it() -> None:
    """His blues B2, B6 against the others' B3, B7, B8: each of his i-th lowest below
    their i-th lowest, though B6 is above B3, so to any blue lead he plays under it (to
    B3 his B2, to B7 or B8 his B6) and he wins nothing, as the reference finds; with B8
    for B6 a lead of B7 would make him win, and the search decides. Then every seeded
    ending of 2-3 tricks where the rule holds: the reference forces no more tricks."""
    trumps = Trumps("R", None)
    ducking = start([parse_cards("B2,B6,G1"), parse_cards("B3,B7,G5"), parse_cards("B8,G6,Y1")], trumps, 1)
    caught = start([parse_cards("B2,B8,G1"), parse_cards("B3,B7,G5"), parse_cards("B6,G6,Y1")], trumps, 1)
    for backend in ("numba", "reference"):
        assert forceable(ducking, 0, CHIP_IDS["no-tricks"], backend)
        assert not forceable(caught, 0, CHIP_IDS["no-tricks"], backend)
    _, key = kernel_question._question((Condition("tricks", 0, 0),))
    held = _endings_where(lambda state, table: kernel_bounds._loses_all(state, table) >= 0, key, SEED + 4, 2000)
    assert len(held) >= 100
    for k, position, player in held:
        assert forceable(position, player, CHIP_IDS["no-tricks"], "reference"), f"ending {k}: {position}, {player}"


TRICK_COUNTS = (
    "at-least-4",
    "at-least-5",
    "at-least-6",
    "exactly-4",
    "exactly-5",
    "most-tricks",
    "at-most-1",
    "exactly-2",
    "many-red",
    "many-blue",
)


def test_trumps_matched_against_each_seat_bound_the_tricks() -> None:
    """Seat 2 holds R9, R5, R4 (trumps R-): a trick he wins holding one of them needs a
    trump of his at least as strong, one for each. R6 covers R5 or R4 and R1 neither,
    so at most one trick is his, though two of his cards are trumps and only R9 tops them
    all; cooperating does not help. Then 300 seeded endings of 2-3 tricks, and 3-player
    ones of 4, on the trick and colour counts the bound cuts, against the reference."""
    position = start([parse_cards("R6,R1,B9"), parse_cards("R9,R5,R4"), parse_cards("G1,G2,G3")], Trumps("R", None), 0)
    for backend in ("numba", "reference"):
        assert possible(position, 0, chip_of(Condition("tricks", 1, 9)), backend)
        assert not possible(position, 0, chip_of(Condition("tricks", 2, 9)), backend)
    rng = random.Random(SEED + 3)
    found = []
    for k in range(300):
        position = short_ending(rng)
        player = rng.randrange(position.players)
        chip_id = TRICK_COUNTS[k % len(TRICK_COUNTS)]
        where = f"ending {k}: {position}, player {player}, chip {chip_id}"
        found += disagreements(position, player, CHIP_IDS[chip_id], where)
    assert not found


def _colours_forced(state: NDArray[np.int64], table: NDArray[np.int64], colour: str) -> int:
    """How many of the player's trumps of ``colour`` the trump bounds say come into his
    own tricks (no other seat's trump as strong is left for each of them)."""
    left = int(state[kernel_layout._TOTAL] - state[kernel_layout._DONE])
    packed = kernel_bounds._trump_bounds(state, table, left)[4]
    return int(packed >> (kernel_layout._COUNT_BITS * list(COLOURS).index(colour))) & kernel_layout._COUNT_MASK


ColourRule = Callable[[NDArray[np.int64], NDArray[np.int64], str], int]
"""A status rule's count of cards of a colour that come into the player's tricks."""
KEPT_OUT = (("R", "no-red"), ("B", "no-blue"), ("G", "no-green"), ("Y", "no-yellow"))


def assert_decided_at_the_root(
    rule: ColourRule, trumps: Trumps, short: Position, enough: Position, colour: str, chip_id: str
) -> None:
    """In ``short`` the rule brings one card of the colour into the player's (seat 1's)
    tricks, so its keep-out chip is impossible even with help, decided before any card is
    searched; in ``enough`` it brings none, and numba finds the line the reference finds."""
    chip = CHIP_IDS[chip_id]
    _, key = kernel_question._question(chip.conditions)
    packed = fast.tables(trumps).packed
    assert rule(fast.encode(short, 0, key, True, 1), packed, colour) == 1
    assert rule(fast.encode(enough, 0, key, True, 1), packed, colour) == 0
    for backend in ("numba", "reference"):
        assert not possible(short, 0, chip, backend)
    assert fast.search(short, 0, chip.conditions, True)[2] == 1
    assert possible(enough, 0, chip) == possible(enough, 0, chip, "reference") is True


def assert_holds_in_every_ending(rule: ColourRule, seed: int) -> None:
    """Every seeded ending of 2-3 tricks (at least 20 per colour) where the rule brings a
    card of a colour into the player's tricks: the reference finds that colour's chip
    impossible, even with help."""
    for colour, chip_id in KEPT_OUT:
        chip = CHIP_IDS[chip_id]
        _, key = kernel_question._question(chip.conditions)
        held = _endings_where(
            # called within this iteration only, so ``colour`` is this one's
            lambda state, table: rule(state, table, colour) > 0,  # noqa: B023
            key,
            seed + len(colour + chip_id),
            1500,
        )
        assert len(held) >= 20, chip_id
        for k, position, player in held:
            assert not possible(position, player, chip, "reference"), f"{chip_id} ending {k}: {position}, {player}"


def test_trumps_of_a_colour_kept_out_need_as_many_stronger_trumps() -> None:
    """Green the trump suit: the player's G8 and G6 each lose only under another seat's
    stronger trump, a different one for each. Seat 2 holds one (the G9): one of his greens
    wins its trick, so no green cards is impossible even with help. With the G7 as well
    the rule says nothing."""
    trumps = Trumps("G", None)
    short = start([parse_cards("G8,G6,B1"), parse_cards("G9,B2,B3"), parse_cards("Y1,Y2,Y3")], trumps, 1)
    enough = start([parse_cards("G8,G6,B1"), parse_cards("G9,G7,B3"), parse_cards("Y1,Y2,Y3")], trumps, 1)
    assert_decided_at_the_root(_colours_forced, trumps, short, enough, "G", "no-green")


def test_a_forced_trump_of_a_kept_out_colour_is_taken_in_every_ending() -> None:
    """The endings where the rule says a trump of the player's comes into his tricks;
    then 300 endings with colour chips, both questions, against the reference."""
    assert_holds_in_every_ending(_colours_forced, SEED + 6)
    chips = [
        CHIP_IDS[c]
        for c in ("no-red", "no-blue", "no-green", "no-yellow", "many-red", "many-blue", "many-green", "many-yellow")
    ]
    assert not chip_cycle_disagreements(random.Random(SEED + 7), 300, chips)


def _colour_intake(state: NDArray[np.int64], table: NDArray[np.int64], colour: str) -> int:
    """How many cards of ``colour`` the intake rule says come into the player's tricks:
    the seats short of other cards for the tricks his trumps surely win."""
    left = int(state[kernel_layout._TOTAL] - state[kernel_layout._DONE])
    forced = int(kernel_bounds._trump_bounds(state, table, left)[2])
    his, theirs = kernel_bounds._colour_intake(
        state, int(table[kernel_layout._COLOUR_MASK, list(COLOURS).index(colour)]), forced
    )
    return int(his + theirs)


def test_a_seat_short_of_other_cards_gives_its_colour_into_his_sure_tricks() -> None:
    """Yellow the trump suit: the player's Y9 wins a trick whatever is played, and seat 2
    holds nothing but red, so a red card falls into that trick: no red cards is
    impossible even with help. With a blue card among seat 2's the rule says nothing (it
    can give the blue)."""
    trumps = Trumps("Y", None)
    short = start([parse_cards("Y9,B5,G6"), parse_cards("R1,R2,R3"), parse_cards("B1,B2,G1")], trumps, 1)
    enough = start([parse_cards("Y9,B5,G6"), parse_cards("R1,R2,B3"), parse_cards("B1,B2,G1")], trumps, 1)
    assert_decided_at_the_root(_colour_intake, trumps, short, enough, "R", "no-red")


def test_the_colour_intake_is_taken_in_every_ending_where_it_fires() -> None:
    assert_holds_in_every_ending(_colour_intake, SEED + 20)


def test_a_seat_that_may_not_win_a_trick_keeps_the_fewest_from_him() -> None:
    """No trumps, seat 1 on lead: seat 2's cards lie below seat 1's in every colour, so it
    may beat no lead of a seat that may lead (the player's B1, G2, Y1, below its own, win
    him no lead either): seat 2 ends with no trick, never above him, and the fewest
    tricks are impossible even with help, decided before any card is searched. With the
    B6 for seat 2's B3 it may beat seat 1's B5 lead, the rule says nothing, and the
    search finds the line the reference finds."""
    no_trumps = Trumps(None, None)
    kept_low = start([parse_cards("B1,G2,Y1"), parse_cards("B5,G5,Y5"), parse_cards("B3,G3,Y3")], no_trumps, 1)
    may_win = start([parse_cards("B1,G2,Y1"), parse_cards("B5,G5,Y5"), parse_cards("B6,G3,Y3")], no_trumps, 1)
    fewest = CHIP_IDS["fewest-tricks"]
    for backend in ("numba", "reference"):
        assert not possible(kept_low, 0, fewest, backend)
        assert possible(may_win, 0, fewest, backend)
    assert fast.search(kept_low, 0, fewest.conditions, True)[2] == 1
    state, table = (
        fast.encode(kept_low, 0, kernel_question._question(fewest.conditions)[1], True, 1),
        fast.tables(no_trumps).packed,
    )
    assert kernel_bounds._may_win(state, table, 0) == 0b010


def test_the_fewest_bound_holds_in_every_ending_where_it_fires() -> None:
    """Every seeded ending of 2-3 tricks where the fewest bound fires (with the weakest
    trick bounds: he wins none or all of the tricks left) though the tricks left would
    let every other seat pass him: the reference finds the fewest tricks impossible, even
    with help; then 200 endings of the chip, both questions."""
    fewest = CHIP_IDS["fewest-tricks"]
    _, key = kernel_question._question(fewest.conditions)

    def fires(state: NDArray[np.int64], table: NDArray[np.int64]) -> bool:
        player, left = int(state[kernel_layout._PLAYER]), int(state[kernel_layout._TOTAL] - state[kernel_layout._DONE])
        mine = int(state[kernel_layout._WON + player])
        short = sum(
            max(0, mine + 1 - int(state[kernel_layout._WON + s]))
            for s in range(int(state[kernel_layout._PLAYERS]))
            if s != player
        )
        return short <= left and bool(kernel_bounds._fewest_lost(state, table, mine, mine + left))

    held = _endings_where(fires, key, SEED + 11, 1500)
    assert len(held) >= 30
    for k, position, player in held:
        assert not possible(position, player, fewest, "reference"), f"ending {k}: {position}, {player}"
    assert not chip_cycle_disagreements(random.Random(SEED + 12), 200, [fewest])
