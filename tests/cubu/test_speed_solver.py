"""Speed CUBU solvability: the numba search against the reference on seeded hands of 0 to
8 cards in both modes, CP-SAT against numba, every layout replayed through the model, the
play graph's quick check, pinned hands (nothing relates, everything relates, a connected
play graph the grid defeats) and bad input."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from cardsolve.models.cubu.cards import Card, load_deck, parse_card, parse_cards
from cardsolve.models.cubu.deal import regular_hand
from cardsolve.models.cubu.speed import CENTRE, MODES, Cell, place
from cardsolve.models.errors import BadInput
from cardsolve.solvers.cubu import cpsat, fast, reference
from cardsolve.solvers.cubu.backends import BACKENDS
from cardsolve.solvers.cubu.play_graph import play_graph, reachable, twin_classes
from cardsolve.solvers.cubu.results import SpeedAnswer
from cardsolve.solvers.cubu.speed import speed_solve

BUNDLED = load_deck()
DECK = BUNDLED.regular
CLIQUE = parse_cards("D-L-P-O-R-G,D-P-R-O-L-G,D-R-P-L-O,L-P-D-O-G-R,L-P-O-G,O-D-P-R-G,P-O-L-G-D-R,R-D-G-P,R-L-O-G-D-P")
"""Nine cards of the bundled deck that pairwise relate in colour mode."""
APART = parse_cards("O-D,O-D-P-R-G,O-L-G,P-D,P-D-G-R-O,P-D-O-R-L,R-D-P,R-L-G,R-L-O")
"""Nine cards of the bundled deck no two of which relate in colour mode."""


def deal(seed: int, size: int) -> tuple[Card, list[Card]]:
    """A centre card and ``size`` more, dealt from the bundled deck's regular cards."""
    return regular_hand(random.Random(seed), size, BUNDLED)


def replay(centre: Card, hand: Sequence[Card], mode: str, layout: Sequence[tuple[Card, Cell]]) -> None:
    """The layout is distinct hand cards, each laid legally in the given order."""
    assert len({card for card, _ in layout}) == len(layout)
    assert all(card in hand for card, _ in layout)
    grid = {CENTRE: centre}
    for card, cell in layout:
        place(grid, cell, card, mode)


INSTANCES = [(seed, 0 if seed < 20 else seed % 9, MODES[seed % 2]) for seed in range(380)]
"""Seeded (seed, hand size, mode): 20 empty hands, then hands of 0 to 8 cards."""


@pytest.mark.parametrize("chunk", range(8))
def test_numba_matches_reference(chunk: int) -> None:
    """On the whole hand (unreachable cards included), both searches find the same most,
    their layouts replay, and a card laid is always one the play graph reaches."""
    for seed, size, mode in INSTANCES[chunk::8]:
        centre, hand = deal(seed, size)
        quick = fast.solve(centre, hand, mode)
        slow = reference.solve(centre, hand, mode)
        assert quick.most == slow.most, (seed, mode)
        assert quick.proven and slow.proven
        replay(centre, hand, mode, quick.layout)
        replay(centre, hand, mode, slow.layout)
        reached = {hand[index] for index in reachable(centre, hand, mode)}
        assert {card for card, _ in quick.layout} <= reached


def test_answers_agree_across_backends() -> None:
    """speed_solve's answer is the same on every backend (cpsat on every fourth hand) and
    the quick check never calls a solvable hand unreachable; the hands include solvable
    ones, ones where nothing can be laid and ones where the grid defeats a connected
    play graph."""
    kinds = set()
    for seed, size, mode in INSTANCES[::2]:
        centre, hand = deal(seed, size)
        backends = BACKENDS.names if seed % 4 == 0 else ("numba", "reference")
        answers = [speed_solve(centre, hand, mode, backend) for backend in backends]
        for answer, backend in zip(answers, backends):
            assert answer.backend == backend and answer.proven
            assert (answer.most, answer.solvable, answer.reachable) == (
                answers[0].most,
                answers[0].solvable,
                answers[0].reachable,
            )
            replay(centre, hand, mode, answer.layout)
            assert len(answer.layout) == answer.most <= answer.reachable
        if answers[0].solvable:
            assert answers[0].reachable == len(hand) == answers[0].most
        kinds.add(
            "solvable"
            if answers[0].solvable
            else "none"
            if answers[0].most == 0
            else "grid"
            if answers[0].reachable == len(hand)
            else "unreachable"
        )
    assert kinds == {"solvable", "none", "grid", "unreachable"}


def test_ten_card_hands() -> None:
    """numba on 10-card hands, both modes: the layouts replay; cpsat agrees on some."""
    for seed in range(300):
        mode = MODES[seed % 2]
        centre, hand = deal(1000 + seed, 10)
        answer = speed_solve(centre, hand, mode)
        replay(centre, hand, mode, answer.layout)
        assert answer.most == len(answer.layout) <= answer.reachable
        assert answer.solvable == (answer.most == 10)
        if seed % 30 == 0:
            assert speed_solve(centre, hand, mode, "cpsat").most == answer.most


def test_empty_hand() -> None:
    for backend in BACKENDS.names:
        answer = speed_solve(DECK[0], [], "colour", backend)
        assert answer == SpeedAnswer(DECK[0], (), "colour", 0, (), 0, True, answer.nodes, backend)
        assert answer.solvable


@pytest.mark.parametrize("backend", BACKENDS.names)
def test_nothing_relates(backend: str) -> None:
    """No hand card relates to the centre (boxes: all of 2 boxes like it; colour: cards
    that pairwise do not relate): nothing can be laid."""
    twos = [card for card in DECK if card.boxes == 2]
    for mode, centre, hand in (("boxes", twos[0], twos[1:8]), ("colour", APART[0], APART[1:8])):
        answer = speed_solve(centre, hand, mode, backend)
        assert (answer.solvable, answer.most, answer.layout, answer.reachable) == (False, 0, (), 0)


@pytest.mark.parametrize("backend", BACKENDS.names)
def test_everything_relates(backend: str) -> None:
    """Every pair relates (colour mode): the whole hand is laid."""
    hand = CLIQUE[1:8] if backend == "reference" else CLIQUE[1:]
    answer = speed_solve(CLIQUE[0], hand, "colour", backend)
    assert answer.solvable and answer.most == answer.reachable == len(hand)
    replay(CLIQUE[0], hand, "colour", answer.layout)


@pytest.mark.parametrize("backend", BACKENDS.names)
@pytest.mark.parametrize(
    "mode, centre, hand, most",
    [
        ("boxes", "D-G", "D-G-L,D-L-G,D-R-L,G-L-D,O-L-G", 4),
        ("boxes", "D-G-L", "D-G,G-O,L-O,D-O-P-L,G-D-L-P,G-P-R-D", 4),
        ("colour", "L-O-R-P", "G-R-O-L-P,G-P-L-O-R-D,G-P-R-D,D-P-R-O-L-G,L-O", 4),
        ("colour", "R-G", "G-R-D-L-O-P,O-G-L-P,D-G,O-P,P-G,D-G-L", 5),
    ],
)
def test_connected_play_graph_the_grid_defeats(backend: str, mode: str, centre: str, hand: str, most: int) -> None:
    """The play graph reaches every card, but the grid has too few neighbouring cells:
    five 3-box cards relate only to the 2-box centre and it has four sides; a 3-box
    centre with 2- and 4-box cards only, whose pairs never relate; two colour hands
    found by search."""
    cards = parse_cards(hand)
    answer = speed_solve(parse_card(centre), cards, mode, backend)
    assert answer.reachable == len(cards)
    assert not answer.solvable and answer.most == most and answer.proven
    replay(parse_card(centre), cards, mode, answer.layout)


def test_play_graph_and_twins() -> None:
    centre, hand = deal(5, 10)
    graph = play_graph(centre, hand, "boxes")
    assert graph.number_of_nodes() == 11
    assert all(abs(graph.nodes[a]["card"].boxes - graph.nodes[b]["card"].boxes) == 1 for a, b in graph.edges)
    assert sorted(sorted({hand[i].boxes for i in group}) for group in twin_classes(centre, hand, "boxes")) == [
        [boxes] for boxes in sorted({card.boxes for card in hand})
    ]
    assert [len(group) for group in twin_classes(CLIQUE[0], CLIQUE[1:], "colour")] == [8]


def test_cpsat_is_honest_about_time() -> None:
    """With no time, a cpsat answer is either proven and right or says it is not proven."""
    for seed in range(10):
        centre, hand = deal(2000 + seed, 10)
        found = cpsat.solve(centre, hand, "boxes", time_limit=0.0)
        replay(centre, hand, "boxes", found.layout)
        if found.proven:
            assert found.most == fast.solve(centre, hand, "boxes").most


def test_bad_input_names_the_token() -> None:
    centre, hand = deal(9, 4)
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: speed_solve(centre, hand, "numbers"), "numbers"),
        (lambda: speed_solve(centre, hand, "colour", "gpu"), "gpu"),
        (lambda: speed_solve(centre, [*hand, centre], "colour"), centre.name),
        (lambda: speed_solve(centre, [*hand, hand[0]], "colour"), hand[0].name),
        (lambda: speed_solve(parse_card("miss"), hand, "boxes"), "miss"),
        (lambda: reference.solve(centre, DECK[1:10], "boxes"), "9"),
        (lambda: cpsat.solve(centre, hand, "boxes", time_limit=-1), "-1"),
    ]
    for call, token in cases:
        with pytest.raises(BadInput) as error:
            call()
        assert error.value.token == token


def test_the_hands_action_cards_are_left_out_and_named() -> None:
    """Speed CUBU removes the action cards: a hand holding some is solved without them,
    and the answer names them in its JSON document and its text."""
    centre, hand = deal(9, 4)
    actions = parse_cards("swap,miss")
    with_actions = speed_solve(centre, [actions[0], *hand, actions[1]], "colour")
    without = speed_solve(centre, hand, "colour")
    assert with_actions.left_out == tuple(actions)
    assert with_actions.hand == without.hand and with_actions.most == without.most
    assert with_actions.to_json() == {**without.to_json(), "left_out": ["swap", "miss"]}
    assert "left out: swap, miss (action cards have no place in Speed CUBU)" in with_actions.text()
    assert without.to_json()["left_out"] == [] and "left out" not in without.text()
