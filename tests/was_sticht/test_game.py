"""Was sticht? games (``models.was_sticht.state`` played by ``models.state.play``): the
chip draft, the discards, the game end and its tie-break, seeded whole games, the round
limit, and the deal and clues files (with fuzzing of every reader)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsolve.models.errors import BadInput
from cardsolve.models.state import IllegalMove, play
from cardsolve.models.was_sticht import (
    ALL_TRUMPS,
    CHIP_IDS,
    DECK,
    TRICKS,
    Chip,
    Deal,
    Observation,
    RandomPolicy,
    Settlement,
    Standing,
    Trick,
    achieved,
    clues_from_json,
    clues_to_json,
    deal_from_json,
    deal_round,
    deal_to_json,
    parse_card,
    parse_cards,
    parse_trumps,
    read_clues,
    read_deal,
    settle,
    standings,
    trick_winner,
    winners,
)
from cardsolve.models.was_sticht.state import WasStichtState, settled_rounds, start
from cardsolve.solvers.was_sticht.state_bots import PolicyBot

DATA = Path(__file__).resolve().parents[1] / "data"


def game(
    seed: int, players: int = 4, dealer: int = 1, rounds: int = 100, policies: Sequence[RandomPolicy] | None = None
) -> tuple[tuple[WasStichtState, ...], WasStichtState]:
    """A whole game of random policies (seeded by the seed and the seat, as ``api.play``
    seeds them), from ``start`` to its end by ``models.state.play``: each round as it
    stood settled, and the last position."""
    begin = start(seed=seed, players=players, dealer=dealer, rounds=rounds)
    chosen = policies or [RandomPolicy(f"{seed}:{seat}") for seat in range(players)]
    end = play(begin, [PolicyBot(policy) for policy in chosen], seed=seed)
    assert isinstance(end, WasStichtState) and end.is_over
    return settled_rounds(begin, end.history), end


def left_by_seat(standings_: Sequence[Standing]) -> list[tuple[Chip, ...]]:
    return [s.left for s in sorted(standings_, key=lambda s: s.seat)]


class Recording(RandomPolicy):
    """A random policy that logs the seats taking chips in the preparation."""

    def __init__(self, seed: int, log: list[int]) -> None:
        super().__init__(seed)
        self.log = log

    def draft_chip(self, seat: int, available: tuple[Chip, ...], taken: tuple[tuple[Chip, ...], ...]) -> Chip:
        self.log.append(seat)
        assert sum(map(len, taken)) + len(available) == 24
        return super().draft_chip(seat, available, taken)


# --- preparation: the chip draft ------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealer"), [(4, 0), (4, 2), (3, 0), (3, 2)])
def test_the_dealer_takes_a_chip_first_then_clockwise_until_each_has_five(players: int, dealer: int) -> None:
    log: list[int] = []
    rounds, _ = game(1, players, dealer + 1, rounds=1, policies=[Recording(seat, log) for seat in range(players)])
    assert log == [(dealer + k) % players for k in range(players)] * 5
    chips_ = rounds[0].chips
    assert [len(own) for own in chips_] == [5] * players
    assert len({chip.id for own in chips_ for chip in own}) == 5 * players  # 20 of 24, or 15


def test_a_chip_that_is_not_on_the_table_is_an_illegal_move() -> None:
    taken = start(seed=0).apply("take no-tricks")
    with pytest.raises(IllegalMove, match="no-tricks is no longer on the table") as error:
        taken.apply("take no-tricks")
    assert error.value.token == "take no-tricks"


# --- the discards ---------------------------------------------------------------------------


def tricks(winners_: Sequence[int]) -> list[Trick]:
    """Nine tricks of deck cards won by ``winners_``."""
    return [Trick(DECK[4 * k : 4 * k + 4], 0, seat) for k, seat in enumerate(winners_)]


def test_a_player_who_met_his_chip_discards_it_the_dealer_who_did_not_does_not() -> None:
    chosen = {1: CHIP_IDS["exactly-2"], 2: CHIP_IDS["no-tricks"], 3: CHIP_IDS["last-trick"]}
    # dealer 0 takes 3 tricks, seat 1 two, seat 2 none, seat 3 four with the last
    result = settle(0, chosen, tricks([0, 0, 0, 1, 1, 3, 3, 3, 3]), 4)
    assert result == Settlement(met=(1, 2, 3), dealer_beat=())


def test_the_dealer_discards_when_he_met_a_task_its_chooser_failed() -> None:
    chosen = {1: CHIP_IDS["exactly-2"], 2: CHIP_IDS["most-tricks"], 3: CHIP_IDS["last-trick"]}
    # dealer 0 takes 2 tricks, seat 1 three, seat 2 four, seat 3 none
    result = settle(0, chosen, tricks([0, 0, 1, 1, 1, 2, 2, 2, 2]), 4)
    assert result == Settlement(met=(2,), dealer_beat=(1,))


def test_when_both_meet_the_task_only_the_player_discards() -> None:
    chosen = {1: CHIP_IDS["exactly-2"], 2: CHIP_IDS["no-tricks"], 3: CHIP_IDS["exactly-4"]}
    # dealer 0 and seat 1 both take 2 tricks
    result = settle(0, chosen, tricks([0, 0, 1, 1, 3, 3, 3, 3, 3]), 4)
    assert result == Settlement(met=(1, 2), dealer_beat=())


def test_the_dealer_may_meet_any_of_the_chosen_tasks() -> None:
    """He need not declare one: meeting two failed tasks still earns him one discard."""
    chosen = {1: CHIP_IDS["exactly-1"], 2: CHIP_IDS["at-most-1"]}
    # dealer 0 takes 1 trick, seat 1 six, seat 2 two
    result = settle(0, chosen, tricks([0, 1, 1, 1, 1, 2, 2, 1, 1]), 3)
    assert result == Settlement(met=(), dealer_beat=(1, 2))


@pytest.mark.parametrize("players", [3, 4])
def test_every_round_discards_by_the_rules(players: int) -> None:
    cases = set()
    for seed in range(6):
        rounds, end = game(seed, players)
        left = [list(own) for own in rounds[0].chips]
        for round_ in rounds:
            chosen = round_.chosen_chips()
            assert [list(own) for own in round_.chips] == left  # the chips discarded before are gone
            assert set(chosen) == set(range(players)) - {round_.dealer}
            for seat, chip in chosen.items():
                assert chip in left[seat]
            met = {seat for seat, chip in chosen.items() if achieved(chip, seat, round_.tricks, players)}
            beat = {
                seat
                for seat, chip in chosen.items()
                if seat not in met and achieved(chip, round_.dealer, round_.tricks, players)
            }
            assert round_.settlement == Settlement(tuple(sorted(met)), tuple(sorted(beat)))
            discarded = {seat: own[0] for seat, own in enumerate(round_.discarded()) if own}
            assert {s: c for s, c in discarded.items() if s != round_.dealer} == {seat: chosen[seat] for seat in met}
            assert (round_.dealer in discarded) == bool(beat)
            for seat, chip in discarded.items():
                left[seat].remove(chip)
            if beat:
                cases.add("dealer")
            if any(achieved(chosen[s], round_.dealer, round_.tricks, players) for s in met):
                cases.add("both")
        assert [tuple(own) for own in left] == left_by_seat(end.standings()) == list(end.left())
    assert cases == {"dealer", "both"}


# --- the game end ---------------------------------------------------------------------------


def chips(*ids: str) -> list[Chip]:
    return [CHIP_IDS[chip_id] for chip_id in ids]


def test_one_player_out_wins() -> None:
    discarded = [
        chips("no-tricks"),
        chips("exactly-1", "exactly-2", "first-trick", "at-most-1", "at-most-2"),
        chips("exactly-5", "at-least-6"),
        [],
    ]
    assert winners(discarded, [1]) == (1,)


def test_several_out_in_one_round_the_highest_chip_value_wins() -> None:
    low = chips("exactly-1", "exactly-2", "first-trick", "at-most-1", "at-most-2")  # 2+2+1+1+1 = 7
    high = chips("exactly-5", "at-least-6", "no-tricks", "exactly-4", "at-least-5")  # 5+5+3+4+4 = 21
    assert winners([low, high, [], []], [0, 1]) == (1,)
    assert winners([high, low, [], []], [0, 1]) == (0,)


def test_equal_chip_values_are_co_winners() -> None:
    first = chips("exactly-1", "exactly-2", "first-trick", "at-most-1", "at-most-2")  # 7
    second = chips("no-red", "no-blue", "at-most-1", "at-most-2", "first-trick")  # 2+2+1+1+1 = 7
    assert winners([first, [], second], [0, 2]) == (0, 2)
    table = standings([first, [], second], [[], chips("no-tricks"), []], (0, 2))
    assert [(s.rank, s.seat, s.value) for s in table] == [(1, 0, 7), (1, 2, 7), (3, 1, 0)]


def test_standings_after_the_winners_go_purely_by_chip_value() -> None:
    """The number of chips is irrelevant: four valuable chips beat five cheap ones."""
    winner = chips("exactly-5", "at-least-6", "no-tricks", "exactly-4", "at-least-5")  # 21
    cheap = chips("exactly-1", "exactly-2", "first-trick", "at-most-1", "at-most-2")  # 7
    dear = chips("exactly-5", "at-least-6")  # 10
    table = standings([winner, cheap, dear], [[], [], chips("no-red")], winners([winner, cheap, dear], [0, 1]))
    assert [(s.rank, s.seat, s.value) for s in table] == [(1, 0, 21), (2, 2, 10), (3, 1, 7)]


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (2, 4), (1, 3), (2, 3)])
def test_a_seeded_game_runs_to_the_end(seed: int, players: int) -> None:
    rounds, end = game(seed, players)
    assert not end.limit_hit and end.winners and end.round == len(rounds) and rounds[-1] is not end
    standings_ = end.standings()
    went_out = [s.seat for s in standings_ if not s.left]
    last = {seat for seat, own in enumerate(end.discarded()) if own}
    assert went_out == sorted(end.out) and set(went_out) <= last and set(end.winners) <= set(went_out)
    assert end.winners == winners([s.discarded for s in sorted(standings_, key=lambda s: s.seat)], went_out)
    assert [s.seat for s in standings_ if s.rank == 1] == sorted(end.winners)
    for number, round_ in enumerate(rounds):
        assert round_.round == number + 1 and round_.to_move == (0 if round_ is not rounds[-1] else None)
        assert all(round_.left()) == (number < len(rounds) - 1)  # nobody out before the last round
        assert round_.trumps in ALL_TRUMPS and round_.trumps_shown
        assert len(round_.tricks) == TRICKS and len(round_.clues) == 9
        table = {clue.cards[3] for clue in round_.clues} if players == 3 else set()
        played = {card for trick in round_.tricks for card in trick.cards}
        assert len(played) == 9 * players and not played & table
    for standing in standings_:
        assert len(standing.discarded) + len(standing.left) == 5
        assert standing.value == sum(chip.value for chip in standing.discarded)
    assert end.scores() == {s.seat + 1: float(s.value) for s in standings_}


def test_each_round_is_dealt_from_the_seed_by_the_table() -> None:
    """Round r's trumps and layout are the r-th draw of the seed's random source: the
    table's draw and layout are its only legal moves, and round 1 is ``start``'s."""
    rounds, end = game(7)
    rng = random.Random(7)
    for round_ in rounds:
        assert round_.trumps == rng.choice(ALL_TRUMPS)
        order = list(DECK)
        rng.shuffle(order)
        assert {card for trick in round_.tricks for card in trick.cards} == set(order)
        laid = [move[4:] for move in end.history if move.startswith("lay ")][(round_.round - 2) * 36 :][:36]
        assert round_.round == 1 or laid == [card.name for card in order]


def test_the_same_seed_gives_the_same_game() -> None:
    assert game(11)[1].to_json() == game(11)[1].to_json()
    assert game(11, players=3)[1].to_json() == game(11, players=3)[1].to_json()
    assert game(11)[1].to_json() != game(12)[1].to_json()


def test_the_round_limit_is_reported() -> None:
    rounds, end = game(3, rounds=2)
    assert end.limit_hit and end.winners == () and len(rounds) == 2 and end.is_over
    assert all(s.left for s in end.standings())
    single, _ = game(3, rounds=1)
    assert (
        len(single) == 1
        and single[0].is_over
        and single[0].to_json()
        == rounds[0].to_json()
        | {
            "to_move": None,
            "round_limit": 1,
        }
    )


def test_the_first_dealer_can_be_chosen() -> None:
    rounds, _ = game(4, dealer=3)
    assert [r.dealer for r in rounds[:4]] == [2, 3, 0, 1]


@pytest.mark.parametrize(
    ("kwargs", "token"),
    [({"players": 5}, "5"), ({"players": 2}, "2"), ({"dealer": 5}, "5"), ({"rounds": 0}, "rounds")],
)
def test_bad_game_setups(kwargs: dict[str, Any], token: str) -> None:
    with pytest.raises(BadInput) as error:
        start(seed=0, **kwargs)
    assert error.value.token == token


# --- deal and clues files -----------------------------------------------------------------


def test_the_example_deal_file() -> None:
    deal = read_deal(DATA / "was_sticht_deal.json")
    assert len(deal.hands) == 4 and all(len(hand) == 9 for hand in deal.hands)
    assert deal.trumps == parse_trumps("R5") and deal.leader == 1  # the file's seat 2, counted from 1
    hands, trumps, leader = deal
    assert deal_from_json(deal_to_json(deal)) == Deal(hands, trumps, leader)


def test_the_example_clues_file_is_consistent_with_red_2() -> None:
    clues = read_clues(DATA / "was_sticht_clues.json")
    assert clues[0] == Observation(tuple(parse_cards("B7,R6,Y2,R3")), 2)
    assert all(trick_winner(o.cards, parse_trumps("R2")) == o.winner for o in clues)
    assert clues_from_json(clues_to_json(clues)) == clues


def test_no_trump_suit_or_number_is_null() -> None:
    data = deal_to_json(Deal(tuple(tuple(parse_cards(h)) for h in ("R1", "R2", "R3")), parse_trumps("--"), 2))
    assert data["trump"] == {"suit": None, "number": None}
    assert deal_from_json(data).trumps == parse_trumps("--")


def good_deal() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "was_sticht_deal.json").read_text(encoding="utf-8"))
    return data


def with_(**changes: object) -> dict[str, Any]:
    data = good_deal()
    data.update(changes)
    return data


HANDS = good_deal()["hands"]


@pytest.mark.parametrize(
    ("data", "token"),
    [
        ([], "deal"),
        ({"hands": HANDS, "trump": {"suit": "R", "number": 5}}, "deal"),
        (with_(hands=HANDS[:2]), "2"),
        (with_(hands=[*HANDS[:3], [*HANDS[3][:8], "Q5"]]), "Q5"),
        (with_(hands=[*HANDS[:3], [*HANDS[3][:8], "R0"]]), "R0"),
        (with_(hands=[*HANDS[:3], [*HANDS[3][:8], 5]]), "5"),
        (with_(hands=[*HANDS[:3], "R5"]), "R5"),
        (with_(hands=[*HANDS[:3], [*HANDS[3][:8], HANDS[0][0]]]), HANDS[0][0]),
        (with_(hands=[*HANDS[:3], HANDS[3][:8]]), "8"),
        (with_(hands=[[*h, "X1"] for h in HANDS]), "X1"),
        (with_(hands=[[], [], [], []]), "0"),
        (with_(trump={"suit": "P", "number": 5}), "P"),
        (with_(trump={"suit": "R", "number": 0}), "0"),
        (with_(trump={"suit": "R", "number": 10}), "10"),
        (with_(trump={"suit": "R", "number": "5"}), "5"),
        (with_(trump={"suit": "R", "number": True}), "True"),
        (with_(trump={"suit": "R"}), "{'suit': 'R'}"),
        (with_(trump="R5"), "R5"),
        (with_(leader=5), "5"),
        (with_(leader=0), "0"),
        (with_(leader=-1), "-1"),
        (with_(leader=1.0), "1.0"),
        (with_(leader=None), "None"),
    ],
)
def test_bad_deals_name_the_token(data: object, token: str) -> None:
    with pytest.raises(BadInput) as error:
        deal_from_json(data, "deal")
    assert error.value.token == token and token in str(error.value)


def test_a_three_player_deal_and_a_three_card_ending() -> None:
    deal = deal_from_json(
        {
            "hands": [["R1", "B2", "G3"], ["R4", "B5", "G6"], ["Y1", "Y2", "Y3"]],
            "trump": {"suit": "y", "number": None},
            "leader": 3,
        }
    )
    assert deal.trumps == parse_trumps("Y-") and len(deal.hands) == 3 and deal.leader == 2
    assert deal_to_json(deal)["leader"] == 3


CLUE = {"cards": ["B7", "R6", "Y2", "R3"], "winner": 3}


@pytest.mark.parametrize(
    ("data", "token"),
    [
        ({"columns": []}, "clues"),
        ({"observations": [CLUE] * 10}, "10"),
        ({"observations": [{"cards": ["B7", "R6", "Y2", "R3"], "winner": 5}]}, "5"),
        ({"observations": [{"cards": ["B7", "R6", "Y2", "R3"], "winner": 0}]}, "0"),
        ({"observations": [{"cards": ["B7", "R6", "Y2", "R3"], "winner": -1}]}, "-1"),
        ({"observations": [{"cards": ["B7", "R6", "Y2", "R3"], "winner": "2"}]}, "2"),
        ({"observations": [{"cards": ["B7", "R6", "Y2", "B7"], "winner": 2}]}, "B7"),
        ({"observations": [{"cards": ["B7", "R6"], "winner": 1}]}, "2"),
        ({"observations": [{"cards": ["B7", "R6", "Y2", "R3", "R4"], "winner": 1}]}, "5"),
        ({"observations": [{"cards": ["B7", "R6", "Y2", "Z3"], "winner": 1}]}, "Z3"),
        ({"observations": [CLUE, {"cards": ["G1", "G2", "G3", "R3"], "winner": 1}]}, "R3"),
        ({"observations": [{"cards": ["B7", "R6", "Y2"]}]}, "{'cards': ['B7', 'R6', 'Y2']}"),
    ],
)
def test_bad_clues_name_the_token(data: object, token: str) -> None:
    with pytest.raises(BadInput) as error:
        clues_from_json(data, "clues")
    assert error.value.token == token and token in str(error.value)


def test_unreadable_files_name_the_path(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    with pytest.raises(BadInput, match="cannot read deal") as error:
        read_deal(missing)
    assert error.value.token == str(missing)
    broken = tmp_path / "broken.json"
    broken.write_text('{"hands": [', encoding="utf-8")
    with pytest.raises(BadInput, match="cannot read clues") as error:
        read_clues(broken)
    assert error.value.token == str(broken)


# --- fuzzing: any input either parses or is bad input ---------------------------------------

NOTATION = st.text(alphabet="RBGYrbgy0123456789-, \t\nXß", max_size=12) | st.text(max_size=8)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | NOTATION,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["hands", "trump", "suit", "number", "leader", "observations", "cards", "winner"])
            | st.text(max_size=3),
            inner,
            max_size=4,
        )
    ),
    max_leaves=30,
)


def parses_or_bad_input(read: Callable[[Any], object], value: Any) -> bool:
    """``read(value)`` returns, or raises ``BadInput`` as one line naming a token (then
    True); any other exception fails the test."""
    try:
        read(value)
    except BadInput as error:
        return error.token is not None and "\n" not in str(error)
    return True


@given(NOTATION)
def test_fuzz_card_notation(text: str) -> None:
    assert parses_or_bad_input(parse_card, text)
    assert parses_or_bad_input(parse_cards, text)
    assert parses_or_bad_input(parse_trumps, text)


@given(JSON)
def test_fuzz_deal_and_clue_readers(data: object) -> None:
    assert parses_or_bad_input(deal_from_json, data)
    assert parses_or_bad_input(clues_from_json, data)


@given(st.sampled_from(["hands", "trump", "leader"]), JSON)
def test_fuzz_one_field_of_a_good_deal(field: str, value: object) -> None:
    assert parses_or_bad_input(deal_from_json, with_(**{field: value}))


@given(st.integers(0, 3), st.integers(0, 8), NOTATION | st.integers())
def test_fuzz_one_card_of_a_good_deal(hand: int, index: int, value: object) -> None:
    data = good_deal()
    data["hands"][hand][index] = value
    assert parses_or_bad_input(deal_from_json, data)


@given(st.text(max_size=60))
def test_fuzz_deal_files(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "deal.json"
    path.write_text(text, encoding="utf-8")
    assert parses_or_bad_input(read_deal, path)


# --- seeded random deals --------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_deal_round_is_seeded_and_valid(players: int) -> None:
    deal = deal_round(5, players)
    assert deal == deal_round(5, players)
    assert deal_from_json(deal_to_json(deal)) == deal
    held = [card for hand in deal.hands for card in hand]
    assert len(deal.hands) == players and len(set(held)) == len(held) == 9 * players
    assert deal.trumps in ALL_TRUMPS and deal.leader == 0
    assert len({deal_round(seed, players).trumps for seed in range(40)}) > 10


def test_deal_round_for_five_players_is_bad_input() -> None:
    with pytest.raises(BadInput, match="3 or 4 players"):
        deal_round(0, 5)


def test_parse_card_round_trips_every_card() -> None:
    assert [parse_card(card.name.lower()) for card in DECK] == list(DECK)
