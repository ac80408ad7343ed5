"""The Was sticht? bots as bots of the one game protocol (``solvers.was_sticht.state_bots``):
single rounds of them by ``models.state.play``, and only what the seat sees in the views
they are given (``api.play``'s whole games: ``test_api``, ``test_game``)."""

from __future__ import annotations

import random
import re

import pytest

from cardsolve.models.errors import BadInput
from cardsolve.models.state import TABLE, play
from cardsolve.models.subito.state import start as subito_start
from cardsolve.models.was_sticht import CHIPS, Card, Chip, ChipView, DraftView, PlayView, RandomPolicy
from cardsolve.models.was_sticht.state import WasStichtState, start
from cardsolve.solvers.was_sticht import api
from cardsolve.solvers.was_sticht.bots import BOTS as POLICY_NAMES
from cardsolve.solvers.was_sticht.state_bots import BOTS, PolicyBot, bot, draft_view

NAMES = list(BOTS)


def round_of(names: list[str], seed: int, dealer: int | None = None) -> WasStichtState:
    """The seeded single-round game ``start(seed, rounds=1)`` played to its end, seat s by
    the bot ``names[s - 1]`` seeded ``s``."""
    bots = {seat: bot(name, seat) for seat, name in enumerate(names, 1)}
    end = play(start(seed=seed, players=len(names), dealer=dealer, rounds=1), bots, seed=seed)
    assert isinstance(end, WasStichtState)
    return end


def test_the_bots_are_the_command_lines() -> None:
    assert NAMES == list(POLICY_NAMES) == ["solver", "random"]
    assert isinstance(api.bot("random", 3), PolicyBot)
    with pytest.raises(BadInput, match="unknown bot 'greedy': use solver or random"):
        api.bot("greedy")
    with pytest.raises(BadInput, match="bot: seed is '1'"):
        api.bot("random", "1")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("players", [3, 4])
def test_a_bot_plays_a_seeded_round_to_its_end_with_legal_moves_the_same_each_time(name: str, players: int) -> None:
    end = round_of([name] * players, 7)
    assert end.is_over and end.phase == "over" and len(end.tricks) == 9
    replayed = start(seed=7, players=players, rounds=1)
    for move in end.history:  # each move checked legal again
        replayed = replayed.apply(move)
    assert replayed.to_json() == end.to_json()
    assert round_of([name] * players, 7).history == end.history
    assert round_of([name] * players, 8).history != end.history


def test_the_solver_bot_goes_out_sooner_than_the_random_bot() -> None:
    """Seat 1 (not the dealer) on the same seeded deals among random bots: the solver bot
    meets its chip, and so discards one, in more rounds than the random bot does (a game
    is won by discarding every chip; the corner values only rank those who did, and the
    solver bot takes the lowest-valued chips)."""
    discards = {"solver": 0, "random": 0}
    for seed in range(6):
        for name in discards:
            discards[name] += round_of([name, "random", "random", "random"], seed).scores()[1] > 0
    assert discards["solver"] >= discards["random"] + 3, discards


class Recording(RandomPolicy):
    """The random policy, keeping every draft, chip and play view it is given."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.views: list[DraftView | ChipView | PlayView] = []

    def pick_card(self, view: DraftView) -> Card:
        self.views.append(view)
        return super().pick_card(view)

    def choose_chip(self, view: ChipView) -> Chip:
        self.views.append(view)
        return super().choose_chip(view)

    def play_card(self, view: PlayView) -> Card:
        self.views.append(view)
        return super().play_card(view)


@pytest.mark.parametrize("players", [3, 4])
def test_a_policy_sees_what_its_seat_sees(players: int) -> None:
    """The trumps in the draft for the dealer only; at the chip choice the whole draft and
    the trumps; in the play the hands left, the trick and the chosen chips."""
    recorders = [Recording(seat) for seat in range(players)]
    end = play(start(seed=6, players=players, rounds=1), [PolicyBot(policy) for policy in recorders], seed=6)
    assert isinstance(end, WasStichtState)
    dealer = end.dealer
    for seat, recorder in enumerate(recorders):
        kinds = [type(view) for view in recorder.views]
        chose = seat != dealer
        assert kinds == [DraftView] * 9 + [ChipView] * chose + [PlayView] * 9
        for view in recorder.views:
            assert view.seat == seat and view.dealer == dealer
            if isinstance(view, DraftView):
                assert view.trumps == (end.trumps if seat == dealer else None)
            elif isinstance(view, ChipView):
                assert view.trumps == end.trumps and view.chips == end.chips[seat]
                assert view.draft.observations == end.clues and len(view.draft.table) == 9 * (players == 3)
                assert all(len(hand) == 9 for hand in view.draft.hands)
            else:
                assert view.chosen == end.chosen_chips() and view.position.trumps == end.trumps
                assert view.position.to_move == seat


class Cheat(RandomPolicy):
    """Takes a chip another seat already took."""

    def draft_chip(self, seat: int, available: tuple[Chip, ...], taken: tuple[tuple[Chip, ...], ...]) -> Chip:
        return next(chip for chip in CHIPS if chip not in available)


def test_a_decision_that_is_not_a_legal_move_is_a_bug_naming_both() -> None:
    state = start(seed=1).apply("take no-red")
    with pytest.raises(AssertionError, match="'take no-red', which is not a legal move: take no-tricks, take no-blue"):
        PolicyBot(Cheat(1))(state.observation(1), random.Random(0))


def test_a_bot_makes_no_table_move_and_plays_only_was_sticht() -> None:
    clue = play(start(seed=2), [bot("random", seat) for seat in range(4)], max_moves=20 + 4)
    assert isinstance(clue, WasStichtState) and clue.to_move == TABLE
    with pytest.raises(BadInput, match="no seat decides in the clue phase"):
        bot("solver")(clue, random.Random(0))
    with pytest.raises(BadInput, match="no seat is to pick in the clue phase"):
        draft_view(clue)
    with pytest.raises(BadInput, match=re.escape("plays a Was sticht? round, not subito")):
        bot("random")(subito_start(seed=1), random.Random(0))
