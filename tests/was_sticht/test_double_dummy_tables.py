"""The Was sticht? double-dummy rules of issue 16 against the plain minimax reference:
drawing trumps and keeping a trump above the player's for the last trick, question
families sharing the transposition table, the chip table's implications between chips
and its worker threads; seeded endings of 2 to 6 tricks, 3 and 4 players, both questions."""

from __future__ import annotations

import random
import threading

import pytest
from was_sticht_cases import chip_of, disagreements, ending

from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht import (
    CHIP_IDS,
    CHIPS,
    Chip,
    Condition,
    Trumps,
    parse_cards,
    random_ending,
    random_start,
)
from cardsolve.models.was_sticht.play import Position, start
from cardsolve.solvers.was_sticht import chip_table as table_module
from cardsolve.solvers.was_sticht.chip_table import MAX_WORKERS, chip_table, implies, verdict
from cardsolve.solvers.was_sticht.double_dummy import analyse, forceable, possible, shared_table

SEED = 20261216
LAST = (CHIP_IDS["last-trick"], CHIP_IDS["first-and-last"])


def test_last_trick_rules_on_hundreds_of_endings() -> None:
    """300 endings of 2-4 tricks (4 only for 3 players), some one card into a trick,
    random trumps (number trumps tie in most), both last-trick chips: every seat of the
    shorter endings, a seeded seat of the 4-trick ones."""
    rng = random.Random(SEED)
    found = []
    for k in range(300):
        tricks_left = rng.choice((2, 3, 3, 4))
        position = ending(rng, tricks_left, 3 if tricks_left == 4 else 0)
        seats = [rng.randrange(3)] if tricks_left == 4 else range(position.players)
        for player in seats:
            chip = LAST[k % 2]
            found += disagreements(position, player, chip, f"ending {k}: {position}, player {player}, {chip.id}")
    assert not found


def test_last_trick_rules_on_five_trick_endings() -> None:
    """6 endings of 5 tricks, 3 players (6-trick endings take the reference seconds each:
    ``test_was_sticht_endings`` has those)."""
    rng = random.Random(SEED + 3)
    found = []
    for k in range(6):
        position = random_ending(rng, 5, 3)
        player = rng.randrange(3)
        found += disagreements(position, player, LAST[k % 2], f"ending {k}: {position}, player {player}")
    assert not found


def test_the_leader_draws_tied_number_trumps() -> None:
    """Trumps -7: the sevens tie, the first played wins. Seat 1 leads with two sevens
    against one seven in each other hand: it leads a seven (the others must follow with
    theirs) and keeps the other to the last trick. With seat 2 on lead the rule does not
    apply: the search decides, as the reference does."""
    trumps = Trumps(None, 7)
    drawing = start([parse_cards("R7,B7,G1"), parse_cards("G7,B2,B3"), parse_cards("Y7,R2,R3")], trumps, 0)
    blocked = start([parse_cards("R7,B7,G1"), parse_cards("G7,B2,B3"), parse_cards("Y7,R2,R3")], trumps, 1)
    last = CHIP_IDS["last-trick"]
    for backend in ("numba", "reference"):
        assert forceable(drawing, 0, last, backend)
        assert not possible(drawing, 1, last, backend)
    found = [
        m
        for position in (drawing, blocked)
        for seat in range(3)
        for chip in LAST
        for m in disagreements(position, seat, chip, f"{position}, seat {seat}, {chip.id}")
    ]
    assert not found


def test_a_trump_above_all_of_the_players_is_kept_from_him() -> None:
    """Seat 2 holds no trump and seat 3 one low trump: the others never lead a trump,
    so seat 3 keeps it and seat 2 cannot force the last trick, though his red 9s would
    win it without trumps. With a trump of his own he can draw it: the search decides."""
    trumps = Trumps("Y", None)
    kept = start([parse_cards("B1,B2,B3"), parse_cards("R9,G9,B9"), parse_cards("Y1,R1,G1")], trumps, 0)
    drawn = start([parse_cards("B1,B2,B3"), parse_cards("R9,G9,Y2"), parse_cards("Y1,R1,G1")], trumps, 1)
    last = CHIP_IDS["last-trick"]
    for backend in ("numba", "reference"):
        assert not forceable(kept, 1, last, backend)
        assert possible(kept, 1, last, backend)
    found = [
        m
        for position in (kept, drawn)
        for seat in range(3)
        for m in disagreements(position, seat, last, f"{position}, seat {seat}")
    ]
    assert not found


def monotone_chips(position: Position) -> list[Chip]:
    """Every "at least k" and "at most k" question on the tricks and on one colour."""
    tricks = len(position.hands[0]) + len(position.tricks)
    return [
        chip_of(condition)
        for n in range(tricks + 2)
        for condition in (
            Condition("tricks", n, 9),
            Condition("tricks", 0, n),
            Condition("colour:R", n, 36),
            Condition("colour:R", 0, n),
        )
    ]


def test_question_families_answer_as_fresh_searches() -> None:
    """A family (trumps, player, players, cooperation and conditions) shares its table
    entries across searches: asked in a shuffled order in one shared table, every
    question on one counter bounded on one side answers as a search from an empty table does (12 endings of
    5 and 6 tricks, 4 players), and as the reference does on 3-trick endings."""
    rng = random.Random(SEED + 1)
    for k in range(16):
        short = k % 4 == 0
        position = ending(rng, 3, 4) if short else random_ending(rng, rng.choice((5, 6)), 4)
        player = rng.randrange(4)
        questions = [(chip, cooperative) for chip in monotone_chips(position) for cooperative in (False, True)]
        rng.shuffle(questions)
        with shared_table():
            shared = [
                (possible if cooperative else forceable)(position, player, chip) for chip, cooperative in questions
            ]
        for (chip, cooperative), answer in zip(questions, shared):
            ask = possible if cooperative else forceable
            where = f"ending {k}: {position}, player {player}, {chip.conditions}, cooperative {cooperative}"
            assert answer == ask(position, player, chip), where
            if short:
                assert answer == ask(position, player, chip, "reference"), where


def test_answers_depend_on_their_own_question_only() -> None:
    """Outside a shared table every call starts from an empty one: the same analysis,
    node count included, before and after other searches of its family."""
    rng = random.Random(SEED + 4)
    position = random_ending(rng, 5, 4)
    chip = CHIP_IDS["at-most-1"]
    first = analyse(position, 0, chip)
    for n in range(4):
        forceable(position, 0, chip_of(Condition("tricks", 0, n)))
    assert analyse(position, 0, chip) == first


def test_implications_between_the_bundled_chips() -> None:
    implied = {a.id: {b.id for b in CHIPS if b != a and implies(a, b)} for a in CHIPS}
    assert implied["no-tricks"] == {"at-most-1", "at-most-2", "no-red", "no-blue", "no-green", "no-yellow"}
    assert implied["exactly-5"] == {"at-least-4", "at-least-5"}
    assert implied["first-and-last"] == {"first-trick", "last-trick"}
    assert implied["at-most-2"] == set() and implied["most-tricks"] == set()
    assert not implies(CHIP_IDS["at-least-4"], CHIP_IDS["at-least-5"])


def test_chip_table_matches_every_question_asked_alone() -> None:
    """The table's inferred verdicts are the verdicts of each chip asked on its own:
    numba on 10 endings of 4 and 5 tricks (3 and 4 players), and the reference on 3
    endings of 2 tricks."""
    rng = random.Random(SEED + 2)
    for k in range(13):
        small = k >= 10
        position = ending(rng, 2) if small else random_ending(rng, rng.choice((4, 5)), rng.choice((3, 4)))
        backend = "reference" if small else "numba"
        rows = chip_table(position, CHIPS, backend)
        for row in rows:
            assert row.verdicts == tuple(
                verdict(position, seat, row.chip, backend) for seat in range(position.players)
            ), f"ending {k}: {position}, {row.chip.id}"


def test_a_table_searched_by_threads_is_the_table_searched_alone() -> None:
    """2 and 3 worker threads give the one thread's verdicts: 6 seeded full deals (3 and
    4 players, where the heavy questions of one seat overlap in time) and 12 endings of
    3 to 6 tricks, a third of them mid-trick."""
    rng = random.Random(SEED + 4)
    positions = [random_start(rng, players) for players in (4, 3, 4, 4, 3, 4)]
    positions += [ending(rng, rng.choice((3, 4, 5, 6)), rng.choice((3, 4))) for _ in range(12)]
    for k, position in enumerate(positions):
        alone = chip_table(position, CHIPS, "numba")
        for workers in (2, 3):
            assert chip_table(position, CHIPS, "numba", workers=workers) == alone, f"position {k}, {workers} workers"


def test_a_threaded_table_reports_every_chip_in_order() -> None:
    """The progress counts go 1, 2, ... 24, each told once, from the caller's thread (the
    one a progress bar draws in), though chips finish out of order."""
    position = random_start(random.Random(SEED + 5))
    told: list[tuple[int, int, str]] = []
    chip_table(
        position,
        CHIPS,
        "numba",
        lambda done, total: told.append((done, total, threading.current_thread().name)),
        workers=2,
    )
    assert [(done, total) for done, total, _ in told] == [(k, len(CHIPS)) for k in range(1, len(CHIPS) + 1)]
    assert {name for _, _, name in told} == {threading.current_thread().name}


def test_a_failing_helper_stops_the_table_and_the_next_one_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """An error in a helper thread's search reaches the caller (no hang, no half table);
    Ctrl-C in the caller's thread (here raised by the progress callback) stops the table
    at once; either way the next table is whole and right."""
    position = random_start(random.Random(SEED + 6))
    alone = chip_table(position, CHIPS, "numba")
    real = forceable

    def fails_in_helpers(position: Position, seat: int, chip: Chip, backend: str) -> bool:
        if threading.current_thread() is not threading.main_thread():
            raise RuntimeError("search failed")
        return real(position, seat, chip, backend)

    monkeypatch.setattr(table_module, "forceable", fails_in_helpers)
    with pytest.raises(RuntimeError, match="search failed"):
        chip_table(position, CHIPS, "numba", workers=2)
    monkeypatch.undo()

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        chip_table(position, CHIPS, "numba", interrupt, workers=2)
    assert chip_table(position, CHIPS, "numba", workers=2) == alone


def test_table_workers_are_bounded() -> None:
    position = random_start(random.Random(SEED + 7))
    for workers in (0, -1, MAX_WORKERS + 1):
        with pytest.raises(BadInput, match=f"workers {workers} is not 1..{MAX_WORKERS}"):
            chip_table(position, CHIPS, "numba", workers=workers)
