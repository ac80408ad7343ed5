"""The one game protocol (``models.state``), checked the same way for every game: seeded
random playthroughs from ``start`` to the end (OpenSpiel's random-simulation test in
spirit), and at every step the document round trip, the immutability of ``apply``, every
listed move applying, unlisted moves refused with a reason, and observations that show no
card the seat cannot see.

A game's state module gives ``start``, ``load`` and ``PLAYERS`` (the seat counts a deal
may have) beside its state class.
"""

from __future__ import annotations

import copy
import importlib
import json
import random
from types import ModuleType
from typing import Any

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.games import GAMES
from cardsolve.models.state import HIDDEN, TABLE, GameState, IllegalMove, play, random_bot
from cardsolve.solvers.infrastructure.vocabulary import violations

MOVE_CAP = 400
"""Moves a random playthrough makes at most (a game that random play does not end)."""
TRIED_MOVES = 12
"""Listed moves applied at each step (a sample when more are listed)."""
SEEDS = range(3)


def rules(game: str) -> ModuleType:
    return importlib.import_module(f"cardsolve.models.{game}.state")


def leaves(doc: Any, path: str = "") -> dict[str, Any]:
    """Every leaf of a JSON document by its path."""
    if isinstance(doc, dict):
        return {k: v for key, value in doc.items() for k, v in leaves(value, f"{path}.{key}").items()}
    if isinstance(doc, list):
        return {k: v for i, value in enumerate(doc) for k, v in leaves(value, f"{path}[{i}]").items()}
    return {path: doc}


def check_round_trip(module: ModuleType, state: GameState) -> None:
    doc = state.to_json()
    assert json.loads(json.dumps(doc)) == doc, "the document is not plain JSON"
    assert doc["game"] == state.game and doc["to_move"] == state.to_move
    assert doc["history"] == list(state.history)
    assert not violations(doc), violations(doc)
    again = module.load(copy.deepcopy(doc))
    assert again.to_json() == doc
    assert [str(move) for move in again.legal_moves()] == [str(move) for move in state.legal_moves()]
    assert again.to_move == state.to_move and again.is_over == state.is_over


def check_observations(module: ModuleType, state: GameState, rng: random.Random) -> None:
    full = leaves(state.to_json())
    for seat in range(1, state.players + 1):
        seen = state.observation(seat)
        doc = seen.to_json()
        check_round_trip(module, seen)
        shown = leaves(doc)
        for path, value in shown.items():
            if path in full and value != full[path]:  # hidden whole ("?"), or in part ("R2up:?,?")
                assert isinstance(value, str) and HIDDEN in value, f"seat {seat} sees {path} as {value!r}"
        # Dealt at random where hidden, the position looks the same to the seat: the
        # observation holds no card it cannot see.
        for _ in range(2):
            filled = seen.fill_hidden(rng.randrange(1 << 30))
            cards = {path: value for path, value in leaves(filled.to_json()).items() if not path.startswith(".history")}
            assert HIDDEN not in cards.values() or filled.to_json() == doc, "fill_hidden left a card hidden"
            assert filled.observation(seat).to_json() == doc, f"seat {seat}'s view changed when hidden cards did"
            assert filled.to_move == state.to_move


def check_step(module: ModuleType, state: GameState, earlier: list[str], rng: random.Random) -> None:
    before = state.to_json()
    moves = list(state.legal_moves())
    names = [str(move) for move in moves]
    assert len(set(names)) == len(names), f"a move is listed twice: {names}"
    assert moves or state.is_over, "no legal move in a game that is not over"
    for move in rng.sample(moves, min(TRIED_MOVES, len(moves))):
        after = state.apply(move)
        assert after.history == (*state.history, str(move))
        assert state.apply(str(move)).to_json() == after.to_json(), "a move and its notation differ"
    assert state.to_json() == before, "apply changed the position it was called on"
    for notation in [*earlier[-5:], "zz", ""]:
        if notation in names:
            continue
        with pytest.raises(BadInput) as refused:
            state.apply(notation)
        message = str(refused.value)
        assert "\n" not in message and len(message) > len("illegal move ''") + 4


def playthrough(game: str, seed: int, players: int | None) -> GameState:
    module = rules(game)
    rng = random.Random(seed)
    state: GameState = module.start(seed=seed, players=players)
    assert state.history == () and state.to_move is not None
    played: list[str] = []
    for step in range(MOVE_CAP):
        check_round_trip(module, state)
        check_step(module, state, played, rng)
        if step % 7 == 0:
            check_observations(module, state, rng)
        if state.is_over:
            break
        move = rng.choice(list(state.legal_moves()))
        played.append(str(move))
        state = state.apply(move)
    return state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playthrough_keeps_the_protocol(game: str, seed: int) -> None:
    players = rules(game).PLAYERS
    count = list(players)[seed % len(players)]
    end = playthrough(game, seed, count)
    assert end.players == count
    if end.is_over:
        assert set(end.scores()) == set(range(1, count + 1))
        with pytest.raises(IllegalMove, match="over"):
            end.apply("anything")


@pytest.mark.parametrize("game", GAMES)
def test_start_is_seeded_and_refuses_bad_players(game: str) -> None:
    module = rules(game)
    assert module.start(seed=5).to_json() == module.start(seed=5).to_json()
    assert module.start(seed=5).to_json() != module.start(seed=6).to_json()
    for players in (min(module.PLAYERS) - 1, max(module.PLAYERS) + 1):
        with pytest.raises(BadInput):
            module.start(seed=1, players=players)


@pytest.mark.parametrize("game", GAMES)
def test_an_observation_plays_on(game: str) -> None:
    """A position loaded from what one seat sees plays on to the end: the table's outcomes
    are then any card nobody has seen."""
    module = rules(game)
    state = module.start(seed=11)
    rng = random.Random(11)
    for _ in range(3):
        if state.is_over:
            break
        state = state.apply(rng.choice(list(state.legal_moves())))
    seat = state.to_move if state.to_move not in (None, TABLE) else 1
    seen = module.load(state.observation(seat).to_json())
    end = play(seen, dict.fromkeys(range(1, seen.players + 1), random_bot), seed=3, max_moves=MOVE_CAP)
    assert end.history[: len(seen.history)] == seen.history


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "change",
    [
        lambda doc: [],
        lambda doc: {**doc, "game": "chess"},
        lambda doc: {key: value for key, value in doc.items() if key != "to_move"},
        lambda doc: {**doc, "history": "a,b"},
    ],
)
def test_bad_documents_are_bad_input(game: str, change: Any) -> None:
    module = rules(game)
    doc = module.start(seed=2).to_json()
    with pytest.raises(BadInput) as refused:
        module.load(change(doc))
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("game", GAMES)
def test_every_field_dropped_is_bad_input_or_the_same_position(game: str) -> None:
    """Leaving out any field of a position document either is refused, naming the field, or
    reads a position (a field with a default); it never raises anything but ``BadInput``."""
    module = rules(game)
    doc = module.start(seed=4).to_json()
    for key in doc:
        try:
            module.load({k: v for k, v in doc.items() if k != key})
        except BadInput as refused:
            assert key in str(refused), f"dropping {key!r}: {refused}"


@pytest.mark.parametrize("game", GAMES)
def test_play_hands_a_bot_its_seats_view_unless_it_sees_all(game: str) -> None:
    """``play`` gives an honest bot its seat's observation and a bot that ``sees_all`` the
    whole position: what each is handed at each decision is that and nothing else."""
    module = rules(game)
    begin = module.start(seed=5)
    handed: dict[bool, list[tuple[int | None, dict[str, Any]]]] = {False: [], True: []}

    def recorder(all_seen: bool) -> Any:
        def bot(seen: GameState, rng: random.Random) -> Any:
            handed[all_seen].append((seen.to_move, seen.to_json()))
            return random_bot(seen, rng)

        bot.sees_all = all_seen  # type: ignore[attr-defined]
        return bot

    for all_seen in (False, True):
        state = begin
        for _ in range(6):
            if state.is_over:
                break
            seat = state.to_move
            after = play(state, dict.fromkeys(range(1, state.players + 1), recorder(all_seen)), seed=1, max_moves=1)
            if seat not in (None, TABLE):
                expected = state if all_seen else state.observation(seat)
                assert handed[all_seen][-1] == (seat, expected.to_json())
            state = after
    assert handed[False] and handed[True]


@pytest.mark.parametrize("game", GAMES)
def test_play_reports_every_position_it_reaches(game: str) -> None:
    begin = rules(game).start(seed=6)
    heard: list[GameState] = []
    end = play(
        begin, dict.fromkeys(range(1, begin.players + 1), random_bot), seed=2, max_moves=30, progress=heard.append
    )
    assert heard[-1] is end and len(heard) == len(end.history) - len(begin.history)
    assert [len(state.history) for state in heard] == list(range(len(begin.history) + 1, len(end.history) + 1))
