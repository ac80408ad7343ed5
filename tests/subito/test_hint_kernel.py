"""The numba rollouts of the Subito hint (``solvers.subito.fast_rollout``) against the
plain-Python round of ``solvers.subito.rollout``, the arbiter: the same points on
hundreds of seeded rounds from seeded tables (greedy, or one seat by the planner), the
same side at every greedy and every planner decision, the same estimates as the hint's rollouts played by the reference (face-down cards too); a
wrong card on the table kills its side; the rule tables kept on disk are read back, and a
damaged one is built again."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import (
    Card,
    Placed,
    Side,
    Table,
    accepts,
    deal,
    load_deck,
    parse_card,
    parse_tasks,
    seen_by,
)
from cardsolve.solvers.subito import fast_rollout
from cardsolve.solvers.subito.fast_rollout import DEAD, GREEDY_WEIGHTS, Encoding, choose_side, play_out
from cardsolve.solvers.subito.hint import _shuffles, foreseen_hint, hint
from cardsolve.solvers.subito.rollout import GREEDY, PLANNER, Hands, Planner, Weights, greedy_side
from cardsolve.solvers.subito.rollout import choose_side as reference_choose_side
from cardsolve.solvers.subito.rollout import play_out as reference_play_out

DECK = load_deck()


def seeded_hands(seed: int) -> tuple[tuple[Side, ...], tuple[Hands, Hands], int]:
    """A seeded round part played: random sides, each seat's first cards placed by the
    greedy policy, the rest of seeded lengths left in the piles; and the seat to move."""
    rng = random.Random(seed)
    tasks, piles = deal(DECK, seed, sides="random")
    hands = (Hands("Ada", {s.name: [] for s in tasks}), Hands("Ben", {s.name: [] for s in tasks}))
    laid = [rng.randint(0, 30), rng.randint(0, 30)]
    for k in range(max(laid)):
        for seat in (0, 1):
            if k < laid[seat]:
                card = piles[seat][k]
                hands[seat].placed[greedy_side(tasks, hands[seat], hands[1 - seat], card).name].append(card)
    for seat in (0, 1):
        hands[seat].pile = piles[seat][laid[seat] : laid[seat] + rng.randint(0, 36 - laid[seat])]
    return tasks, hands, rng.randrange(2)


def kernel_points(
    tasks: tuple[Side, ...], hands: tuple[Hands, Hands], to_move: int, planner: int = -1
) -> tuple[int, int]:
    """The kernel's round points from ``hands`` (not changed), seat ``planner`` (-1: none)
    by the planner policy."""
    code = Encoding(tasks, DECK)
    state, count, total = code.seat_arrays([h.placed for h in hands])
    piles = np.zeros((2, 36), dtype=np.int64)
    for seat, h in enumerate(hands):
        piles[seat, : len(h.pile)] = code.encode(h.pile)
    sizes = np.array([len(h.pile) for h in hands], dtype=np.int64)
    won = play_out(
        code.table, code.numbers, code.pts, code.five, code.share, state, count, total, piles, sizes, to_move, planner
    )
    return int(won[0]), int(won[1])


@pytest.mark.parametrize("block", range(6))
def test_the_kernel_scores_rounds_as_the_reference_does(block: int) -> None:
    for seed in range(50 * block, 50 * block + 50):
        tasks, hands, to_move = seeded_hands(seed)
        found = kernel_points(tasks, hands, to_move)
        assert found == reference_play_out(tasks, hands, to_move), seed


@pytest.mark.parametrize("block", range(4))
def test_the_kernel_scores_planner_rounds_as_the_reference_does(block: int) -> None:
    for seed in range(2000 + 50 * block, 2050 + 50 * block):
        tasks, hands, to_move = seeded_hands(seed)
        seat = seed % 2
        found = kernel_points(tasks, hands, to_move, planner=seat)
        assert found == reference_play_out(tasks, hands, to_move, Planner(seat, tuple(DECK))), seed


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("weights", [GREEDY, PLANNER], ids=["greedy", "planner"])
def test_the_kernel_chooses_each_side_as_the_reference_does(weights: Weights, seed: int) -> None:
    """Both seats by the one policy, so its choice is compared on every kind of table."""
    tasks, hands, to_move = seeded_hands(1000 + seed)
    code = Encoding(tasks, DECK)
    seat = to_move
    while hands[0].pile and hands[1].pile:
        card = hands[seat].pile.pop(0)
        state, count, total = code.seat_arrays([h.placed for h in hands])
        chosen = choose_side(
            code.table,
            code.numbers,
            code.pts,
            code.five,
            code.share,
            state,
            count,
            total,
            seat,
            code.index[card],
            np.array(weights.as_array()),
        )
        side = reference_choose_side(tasks, hands[seat], hands[1 - seat], card, weights, DECK)
        assert tasks[chosen] == side
        hands[seat].placed[side.name].append(card)
        seat = 1 - seat


def test_a_wrong_card_kills_its_side() -> None:
    """Ada's 9a holds R1B then R2A (the same colour: wrong); the side takes nothing more,
    and only R1B counts there."""
    tasks = parse_tasks("2,3a,4a,5a,6a,7a,8a,9a")
    code = Encoding(tasks, DECK)
    wrong = {"9a": [parse_card("R1B"), parse_card("R2A")]}
    state, count, total = code.seat_arrays([wrong, {}])
    nine = [s.name for s in tasks].index("9a")
    assert state[0, nine] == DEAD and count[0, nine] == 1 and total[0, nine] == 1
    for card in DECK:
        side = choose_side(
            code.table,
            code.numbers,
            code.pts,
            code.five,
            code.share,
            state,
            count,
            total,
            0,
            code.index[card],
            GREEDY_WEIGHTS,
        )
        assert side != nine


def test_rule_tables_are_kept_on_disk_and_rebuilt_when_damaged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    side = parse_tasks("2,3a,4a,5a,6a,7a,8a,9a")[6]
    cards: tuple[Card, ...] = tuple(DECK[:20])
    fast_rollout._side_table.cache_clear()
    built = fast_rollout._side_table(side, cards)
    kept = fast_rollout._cache_file(side, tuple(c.name for c in cards))
    assert kept.is_file() and str(kept).startswith(str(tmp_path))
    read = fast_rollout._read(kept, len(cards))
    assert read is not None and np.array_equal(read, built)
    kept.write_bytes(b"not a table")
    assert fast_rollout._read(kept, len(cards)) is None
    fast_rollout._side_table.cache_clear()
    assert np.array_equal(fast_rollout._side_table(side, cards), built)
    read = fast_rollout._read(kept, len(cards))
    assert read is not None and np.array_equal(read, built)
    fast_rollout._side_table.cache_clear()


def test_a_table_beyond_the_deck_is_encoded() -> None:
    """Cards on the table that the deck lacks join the card list (a user's own cards)."""
    tasks = parse_tasks("2,3a,4a,5a,6a,7a,8a,9a")
    extra = parse_card("R1B")
    deck = [card for card in DECK if card != extra]
    code = Encoding(tasks, [*deck, extra])
    table = Table(tasks, (Placed("Ada", {"2": (extra,)}), Placed("Ben", {})))
    _, count, total = code.seat_arrays([dict(p.placed) for p in table.players])
    assert count[0, 0] == 1 and total[0, 0] == 1 and code.index[extra] == len(deck)


def reference_hint_means(
    table: Table, card: Card, samples: int, seed: int, coming: tuple[Card, ...] = ()
) -> dict[str, float]:
    """Player 1's mean points per side over the hint's rollouts, played by the reference:
    player 2's face-down 5a cards first from each order, then player 1's pile (played by
    the planner), then player 2's (greedy), player 2 to move. With ``coming`` named,
    player 1's pile is those cards in order and only the other unseen cards are shuffled."""
    seen = seen_by(table, 1)
    known = {c for p in seen.players for cards in p.placed.values() for c in cards} | {card} | set(coming)
    unseen = [c for c in DECK if c not in known]
    hidden = seen.players[1].hidden
    rest = [36 - seen.players[0].count - 1, 36 - seen.players[1].count]
    means = {}
    for side in seen.tasks:
        if not accepts(side, seen.players[0].on(side), card):
            continue
        scores = []
        for order in _shuffles(len(unseen), samples, seed):
            cards = [unseen[k] for k in order]
            ada = list(coming) if coming else cards[hidden : hidden + rest[0]]
            ben = cards[hidden : hidden + rest[1]] if coming else cards[hidden + rest[0] : hidden + rest[0] + rest[1]]
            hands = tuple(Hands(p.name, {s.name: list(p.on(s)) for s in seen.tasks}) for p in seen.players)
            hands[1].placed["5a"].extend(cards[:hidden])
            hands[0].placed[side.name].append(card)
            hands[0].pile, hands[1].pile = ada, ben
            scores.append(reference_play_out(seen.tasks, (hands[0], hands[1]), 1, Planner(0, tuple(DECK)))[0])
        means[side.name] = sum(scores) / len(scores)
    return means


def greedy_table(seed: int) -> tuple[Table, list[list[Card]], int]:
    """A seeded deal's table after a seeded number of cards each by the greedy policy,
    the piles, and how many each has laid."""
    tasks, piles = deal(DECK, seed)
    hands = (Hands("Ada", {s.name: [] for s in tasks}), Hands("Ben", {s.name: [] for s in tasks}))
    laid = random.Random(seed).randint(0, 25)
    for k in range(laid):
        for seat in (0, 1):
            card = piles[seat][k]
            hands[seat].placed[greedy_side(tasks, hands[seat], hands[1 - seat], card).name].append(card)
    ada, ben = (Placed(h.name, {n: tuple(c) for n, c in h.placed.items()}) for h in hands)
    return Table(tasks, (ada, ben)), piles, laid


@pytest.mark.parametrize("seed", range(6))
def test_the_foreseen_hint_deals_the_coming_cards_as_the_pile(seed: int) -> None:
    table, piles, laid = greedy_table(100 + seed)
    coming = tuple(piles[0][laid + 1 :])
    found = foreseen_hint(table, 1, piles[0][laid], DECK, coming, samples=5, seed=seed)
    expected = reference_hint_means(table, piles[0][laid], 5, seed, coming)
    assert {e.side.name: e.mean for e in found.ranking} == pytest.approx(expected)


def test_coming_cards_already_on_the_table_are_bad_input() -> None:
    table, piles, laid = greedy_table(7)
    on_table = next(c for p in table.players for cards in p.placed.values() for c in cards)
    with pytest.raises(BadInput, match="coming cards"):
        foreseen_hint(table, 1, piles[0][laid], DECK, (on_table, *piles[0][laid + 2 :]), samples=2)


@pytest.mark.parametrize("seed", range(8))
def test_the_hint_rollouts_match_the_reference(seed: int) -> None:
    table, piles, laid = greedy_table(seed)
    found = hint(table, 1, piles[0][laid], DECK, samples=6, seed=seed)
    expected = reference_hint_means(table, piles[0][laid], 6, seed)
    assert {e.side.name: e.mean for e in found.ranking} == pytest.approx(expected)
