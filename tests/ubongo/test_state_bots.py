"""Ubongo's players as protocol bots (``solvers.ubongo.state_bots``): each plays seeded
rounds through ``models.state.play`` with legal moves only, alike for a seed; ``hint``
makes the move ``ubongo hint`` gives (and so calls in the fewest moves ``evaluate``
counts, a mistake on the table included) and beats ``random`` at the race; ``solver``
lays the layouts ``ubongo game``'s players lay."""

from __future__ import annotations

import json
import random

import pytest
from invocations import DATA
from refusals import refused

from cardsolve.models.cubu.state import start as cubu_start
from cardsolve.models.state import Bot, play, random_bot
from cardsolve.models.ubongo.cards import load_deck
from cardsolve.models.ubongo.layout import Placement, canonical, touching_positions
from cardsolve.models.ubongo.state import Lay, UbongoState, load, start
from cardsolve.solvers.ubongo import api
from cardsolve.solvers.ubongo.backends import BACKENDS, solver
from cardsolve.solvers.ubongo.evaluation import evaluate
from cardsolve.solvers.ubongo.game import play_game
from cardsolve.solvers.ubongo.state_bots import BOTS, bot

MISTAKE = json.loads((DATA / "ubongo_mistake.json").read_text())
"""The Ubongo page's hint example (docs): three cards laid, the last two meeting at one mismatched contact."""
CAP = 40
"""Moves a round is played at most: a hand with no layout of 7 never calls."""
DEALS = ((0, 1), (1, 2), (2, 3), (5, 6))
"""Seeded deals (seed, round); the last holds no layout of 7 (``ubongo verify``)."""


def played(state: UbongoState, player: Bot, *, seed: int = 0, max_moves: int = CAP) -> UbongoState:
    """``models.state.play`` of the round from ``state`` by ``player`` (seeded, at most
    ``max_moves`` moves), typed as the round it is."""
    end = play(state, [player], seed=seed, max_moves=max_moves)
    assert isinstance(end, UbongoState)
    return end


def replayed(end: UbongoState, begin: UbongoState) -> UbongoState:
    """``begin`` with ``end``'s moves applied one by one (each checked legal by ``apply``)."""
    for move in end.history:
        assert move in {str(m) for m in begin.legal_moves()}
        begin = begin.apply(move)
    return begin


def position(seed: int, moves: int) -> UbongoState:
    """Round ``seed % 6 + 1`` of ``seed`` after ``moves`` random moves (a mistake-free table)."""
    state = start(seed=seed, round_number=seed % 6 + 1)
    return played(state, random_bot, seed=seed, max_moves=moves)


@pytest.mark.parametrize("name", list(BOTS))
def test_every_bot_plays_seeded_rounds_with_legal_moves_alike_for_a_seed(name: str) -> None:
    """Each bot plays seeded rounds through ``play`` with legal moves only, the same for a
    seed; the game's players call after 7 lays when a layout of 7 exists, and else keep
    their largest layout on the table until the move cap."""
    for seed, round_number in DEALS:
        begin = start(seed=seed, round_number=round_number)
        end = played(begin, bot(name, seed), seed=seed)
        again = played(begin, bot(name, seed), seed=seed)
        assert end.history == again.history and replayed(end, begin) == end
        exists = api.verify(",".join(f.name for f in begin.hand)).solvable
        if name != "random":  # the game's players call exactly when a layout of 7 exists
            assert end.is_over is exists and len(end.history) == (8 if exists else CAP)
        if not exists:  # the largest layout lies, or all of it but the card taken back to lay again
            largest = api.solve(",".join(f.name for f in begin.hand)).cards
            assert not end.is_over and largest < 7
            if name != "random":
                assert len(end.table) in (largest, largest - 1)


def test_a_bot_is_made_by_name_and_refuses_what_is_no_move_of_its_round() -> None:
    """``bot`` (and ``api.bot``) makes each bot by name, refusing any other name with the
    choices; a bot refuses another game's position and a round already called."""
    assert api.bot is bot and set(BOTS) == {"hint", "solver", "random"} and BOTS["random"](3) is random_bot
    said = refused(lambda: bot("greedy"))
    assert "greedy" in said and "hint, solver, random" in said
    over = load({**MISTAKE, "table": MISTAKE["table"][:1], "k": 1}).apply("ubongo")
    assert "the round is over" in refused(lambda: bot("hint")(over, random.Random(0)))
    assert "an Ubongo round, not CubuState" in refused(lambda: bot("solver")(cubu_start(seed=0), random.Random(0)))


def test_the_hint_bot_makes_the_hints_move() -> None:
    """On seeded positions (the Ubongo page's mistake among them) the bot's move is the one
    ``ubongo hint`` gives: one of its take-backs, its lay or the call."""
    kinds = set()
    done = played(start(seed=4), bot("hint"), max_moves=7)  # 7 cards laid: the call is due
    for state in [load(MISTAKE), start(seed=4), done, *(position(seed, 3 + seed % 6) for seed in range(8))]:
        if state.is_over:
            continue
        advice = api.hint(list(state.hand), list(state.table), k=state.k).hint
        move = str(bot("hint")(state, random.Random(0)))
        if advice.take_back:
            kinds.add("back")
            assert move in {f"back {state.table[t.index].face.name}" for t in advice.take_back}
        elif advice.placement is not None:
            kinds.add("lay")
            placement = advice.placement if state.table else Placement(advice.placement.face, 0, 0, 0)
            assert move == str(Lay(placement))
        elif advice.target is not None:
            kinds.add("call")
            assert move == "ubongo"
    assert kinds == {"back", "lay", "call"}, kinds


def written(seed: int) -> UbongoState:
    """A table as a person may write it down: 0 to 7 of a seeded hand's cards, each turned
    at random and put anywhere touching the cards before it, rules or not."""
    rng = random.Random(seed)
    hand = list(start(seed=seed, round_number=seed % 6 + 1).hand)
    rng.shuffle(hand)
    laid = rng.randint(0, 7)
    table = [Placement(hand[0], 0, 0, 0)] if laid else []
    for face in hand[1:laid]:
        turn = rng.choice((0, 90, 180, 270))
        x, y = rng.choice(sorted(touching_positions(table, face.rotated(turn))))
        table.append(Placement(face, turn, x, y))
    cards = {"hand": [f.name for f in hand[laid:]], "table": [p.to_json() for p in table]}
    return load({"game": "ubongo", "to_move": 1, "round": seed % 6 + 1, **cards})


def test_the_hint_bot_calls_in_the_fewest_moves() -> None:
    """From tables written down with mistakes, and from seeded positions, the bot reaches
    "Ubongo!" in exactly the fewest moves ``evaluate`` counts to the call (when no layout
    of 7 exists, it never calls)."""
    states = [load(MISTAKE), *(position(seed, 4) for seed in (1, 3, 6)), *(written(seed) for seed in range(16))]
    assert sum(not state.valid for state in states) >= 8
    for state in states:
        fewest = evaluate(state).extra["moves_to_call_count"]
        end = played(state, bot("hint"))
        assert end.is_over is (fewest is not None)
        if fewest is not None:
            assert len(end.history) - len(state.history) == fewest
    assert evaluate(load(MISTAKE)).extra["moves_to_call_count"] == 7  # one card back, five lays, the call


def test_the_hint_bot_beats_the_random_bot_at_the_race() -> None:
    """The round is a race: the hint bot calls after the fewest moves possible (7 lays and
    the call), the random bot later, or not within the cap."""
    hinted, randomly = [], []
    for seed in range(5):
        begin = start(seed=seed)
        hinted.append(len(played(begin, bot("hint"), seed=seed).history))
        end = played(begin, bot("random"), seed=seed)
        randomly.append(len(end.history) if end.is_over else CAP + 1)
    assert hinted == [8] * 5 and all(r >= 8 for r in randomly) and sum(randomly) > sum(hinted), randomly


def test_the_solver_bot_lays_the_games_layouts() -> None:
    """Each hand of a seeded ``ubongo game``: the bot lays the cards of the layout the
    game's player lays, as that layout lies (moved and turned as a whole), then calls when
    it has 7 cards and scores the game's points; with fewer it takes its last card back."""
    rounds, _ = play_game(load_deck(), 2, 1, solver(BACKENDS.default))
    sizes = []
    for game_round in rounds:
        for player in game_round.players:
            begin = load({"game": "ubongo", "to_move": 1, "round": game_round.number, "hand": list(player.faces)})
            player_bot = bot("solver")
            laid = played(begin, player_bot, max_moves=len(player.layout))
            assert canonical(list(laid.table)) == canonical(player.layout)
            assert [p.face for p in laid.table] == [p.face for p in player.layout]
            after = played(laid, player_bot, max_moves=1)
            if len(player.layout) == 7:
                assert after.history[-1] == "ubongo" and after.scores()[1] == player.points
            else:
                assert after.history[-1] == f"back {player.layout[-1].face.name}"
            sizes.append(len(player.layout))
    assert 7 in sizes and min(sizes) < 7, sizes
