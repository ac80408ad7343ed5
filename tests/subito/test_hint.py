"""Subito hints: every side that takes the card is ranked and every other is refused;
the estimate is seeded; with the player's last card the round ends at once, so each
side's estimate is the exact score of the table with the card there; the greedy rollout
never places a wrong card and stops when a pile runs out; the sides within the noise of
the best tie with it."""

from __future__ import annotations

import math
import random

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Card, Placed, Table, deal, load_deck, parse_card, read_table, score_round
from cardsolve.solvers.subito.hint import hint
from cardsolve.solvers.subito.rollout import Hands, fits, greedy_side, play_out

DECK = load_deck()
MIDROUND = "tests/data/subito_midround.json"


def test_every_side_is_ranked_or_refused() -> None:
    table = read_table(MIDROUND)
    found = hint(table, 1, parse_card("Y6S"), DECK, samples=16, seed=3)
    ranked = {e.side.name for e in found.ranking}
    assert ranked == {s.name for s in table.tasks if fits(s, table.players[0].on(s), parse_card("Y6S"))}
    assert ranked | {s.name for s in found.refused} == {s.name for s in table.tasks}
    assert not ranked & {s.name for s in found.refused}
    means = [e.mean for e in found.ranking]
    assert means == sorted(means, reverse=True) and found.margin == means[0] - means[1] >= 0
    assert found == hint(table, 1, parse_card("Y6S"), DECK, samples=16, seed=3)


def test_the_sides_within_the_noise_of_the_best_tie_with_it() -> None:
    """With 16 rollouts the top three sides lie within two standard errors of the
    difference from the best, the others beyond: the hint names the three as tied, as
    evaluate names its best, and says so."""
    found = hint(read_table(MIDROUND), 1, parse_card("Y6S"), DECK, samples=16, seed=3)
    top = found.ranking[0]
    within = [e for e in found.ranking if top.mean - e.mean <= 2 * math.hypot(top.stderr, e.stderr)]
    assert found.tied == tuple(within) and found.tied[0] == top
    assert 1 < len(within) < len(found.ranking)
    assert found.to_json()["tied"] == [e.side.name for e in within]
    assert f"tied within the noise with {', '.join(e.side.name for e in within[1:])}" in found.text()


def test_five_a_takes_a_card_over_12_at_a_cost() -> None:
    """Ada has 6 + 6 on 5a: a 1 would take the sum to 13, which loses the task card."""
    table = Table(
        read_table(MIDROUND).tasks, (Placed("Ada", {"5a": (parse_card("R6B"), parse_card("G6T"))}), Placed("Ben", {}))
    )
    found = hint(table, 1, parse_card("Y1S"), DECK, samples=4)
    assert [e.loses_task for e in found.ranking if e.side.name == "5a"] == [True]  # 6 + 6 + 1 passes 12


def as_placed(hands: Hands) -> Placed:
    """The cards a rollout side has placed, as the table holds them."""
    return Placed(hands.name, {n: tuple(c) for n, c in hands.placed.items()})


def greedy_table(seed: int, first: int, second: int) -> tuple[Table, list[list[Card]]]:
    """A table where the two players have placed the first ``first`` and ``second``
    cards of a seeded deal by the greedy policy, and the two piles."""
    tasks, piles = deal(DECK, seed)
    hands = (Hands("Ada", {s.name: [] for s in tasks}), Hands("Ben", {s.name: [] for s in tasks}))
    for k, count in enumerate((first, second)):
        for card in piles[k][:count]:
            hands[k].placed[greedy_side(tasks, hands[k], hands[1 - k], card).name].append(card)
    return Table(tasks, (as_placed(hands[0]), as_placed(hands[1]))), piles


@pytest.mark.parametrize("seed", range(5))
def test_the_last_card_ends_the_round_exactly(seed: int) -> None:
    table, piles = greedy_table(seed, 35, 30)
    ben = table.players[1]  # Ada cannot see Ben's face-down 5a cards, so leave them out for an exact score
    table = Table(table.tasks, (table.players[0], Placed(ben.name, {k: v for k, v in ben.placed.items() if k != "5a"})))
    card = piles[0][35]
    found = hint(table, 1, card, DECK, samples=3, seed=seed)
    for estimate in found.ranking:
        placed = {s.name: table.players[0].on(s) + ((card,) if s == estimate.side else ()) for s in table.tasks}
        exact = score_round(Table(table.tasks, (Placed("Ada", placed), table.players[1]))).points[0]
        assert estimate.mean == exact and estimate.stderr == 0


@pytest.mark.parametrize("seed", range(20))
def test_greedy_rollouts_are_legal_and_end_with_a_pile(seed: int) -> None:
    rng = random.Random(seed)
    tasks, piles = deal(DECK, seed, sides="random")
    hands = (
        Hands("Ada", {s.name: [] for s in tasks}, piles[0][: rng.randint(1, 36)]),
        Hands("Ben", {s.name: [] for s in tasks}, piles[1][: rng.randint(1, 36)]),
    )
    sizes = [len(h.pile) for h in hands]
    score = play_out(tasks, hands, rng.randrange(2))
    assert not hands[0].pile or not hands[1].pile
    laid = [sum(len(c) for c in h.placed.values()) for h in hands]
    assert abs(laid[0] - laid[1]) <= 1 and min(sizes) in laid
    table = Table(tasks, (as_placed(hands[0]), as_placed(hands[1])))
    result = score_round(table)
    assert all(not k.removed for r in result.tasks for k in r.players)
    assert all(k.total <= 12 for r in result.tasks if r.side.name == "5a" for k in r.players)
    assert result.points == score


@pytest.mark.parametrize(("player", "card", "samples"), [(3, "Y6S", 4), (0, "Y6S", 4), (1, "Y6S", 0), (1, "D6A", 4)])
def test_bad_requests(player: int, card: str, samples: int) -> None:
    with pytest.raises(BadInput):
        hint(read_table(MIDROUND), player, parse_card(card), DECK, samples=samples)
