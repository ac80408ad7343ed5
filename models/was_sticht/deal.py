"""Deals and clues as JSON, and the seeded random instances: a round as the CLI deals it
(``deal_round``), a start of play (``random_start``) and an ending (``random_ending``),
the kinds the tests and the benchmark draw.

Deal shape: ``{"hands": [["R5", ...], ...], "trump": {"suit": "R", "number": 5},
"leader": 1}``: 3 or 4 hands of the same size, 9 cards at the start of a round or fewer
(an ending: 1-9 cards each), no card twice; ``suit`` a colour letter or ``null`` (no
trump suit), ``number`` 1-9 or ``null`` (no trump number); ``leader`` the seat that leads
the first trick, counted from 1 (hand 1 is seat 1).

Clues shape: ``{"observations": [{"cards": ["B7", "R6", "Y2", "R3"], "winner": 3}, ...]}``:
at most 9 columns, each 4 cards in pick order (the first is the lead; with 3 players the
last is the Table's, as every column holds one card per seat of the table), ``winner`` the
place of the winning card in ``cards``, counted from 1 (the rulebook's "which player would
have won": the third to pick); a card appears in one column only.

The files count from 1, as a person reads them; ``Deal.leader`` and
``Observation.winner`` count from 0, as the engine does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from cardsolve.models.data import read_user_json
from cardsolve.models.errors import BadInput, as_token, is_whole, shown
from cardsolve.models.was_sticht.cards import DECK, Card, parse_card
from cardsolve.models.was_sticht.chips import TRICKS
from cardsolve.models.was_sticht.draft import (
    Observation,
    check_clues,
    check_column_count,
    column_problem,
    winner_problem,
)
from cardsolve.models.was_sticht.play import Position, start
from cardsolve.models.was_sticht.trumps import ALL_TRUMPS, Trumps


class Deal(NamedTuple):
    """The hands by seat, the trumps and the seat that leads the first trick."""

    hands: tuple[tuple[Card, ...], ...]
    trumps: Trumps
    leader: int


def _cards(entry: object, what: str, source: str) -> tuple[Card, ...]:
    """A JSON list of card names; anything else is bad input naming it."""
    if not isinstance(entry, list):
        raise BadInput(f'{source}: {what} is not a list of cards like "R5": {entry!r}', str(entry))
    for name in entry:
        if not isinstance(name, str):
            raise BadInput(f'{source}: bad card {name!r} in {what}: a card is text like "R5"', str(name))
    return tuple(parse_card(name) for name in entry)


def _trumps(entry: object, source: str) -> Trumps:
    """``{"suit": "R" | null, "number": 1-9 | null}``; anything else is bad input naming it."""
    if not isinstance(entry, dict) or "suit" not in entry or "number" not in entry:
        raise BadInput(
            f'{source}: "trump" is an object {{"suit": "R" or null, "number": 5 or null}}, not {entry!r}', str(entry)
        )
    suit, number = entry["suit"], entry["number"]
    try:
        return Trumps(suit.upper() if isinstance(suit, str) else suit, number)
    except BadInput as error:
        raise BadInput(f"{source}: {error}", error.token) from None


def deal_from_json(data: object, source: str = "deal") -> Deal:
    """A deal from its JSON shape; malformed data, a bad card, hands of unequal size, a
    card twice, bad trumps or a leader that is not a seat is bad input naming it."""
    if not isinstance(data, dict) or not all(key in data for key in ("hands", "trump", "leader")):
        raise BadInput(f'{source}: a deal is a JSON object with "hands", "trump" and "leader"', source)
    if not isinstance(data["hands"], list):
        raise BadInput(
            f'{source}: "hands" is a list of 3 or 4 hands, not {shown(data["hands"])}', as_token(data["hands"])
        )
    hands = tuple(_cards(entry, f"hand {k + 1}", source) for k, entry in enumerate(data["hands"]))
    trumps = _trumps(data["trump"], source)
    leader = data["leader"]
    if not is_whole(leader):
        raise BadInput(f"{source}: leader {shown(leader)} is not a seat 1..{len(hands)}", as_token(leader))
    deal = Deal(hands, trumps, leader - 1)
    try:
        check_deal(deal)
    except BadInput as error:
        raise BadInput(f"{source}: {error}", error.token) from None
    return deal


def check_deal(deal: Deal) -> Position:
    """The first trick's position of ``deal``, read from a file or made by hand: ``start``'s
    checks, and 1 to ``TRICKS`` cards a hand (a round's start or an ending); else bad input
    naming it."""
    position = start(deal.hands, deal.trumps, deal.leader)
    size = len(deal.hands[0])
    if not 1 <= size <= TRICKS:
        raise BadInput(f"hand 1 has {size} cards: a hand holds 1 to {TRICKS}", str(size))
    return position


def deal_to_json(deal: Deal) -> dict[str, Any]:
    """The deal in its JSON shape."""
    return {
        "hands": [[card.name for card in hand] for hand in deal.hands],
        "trump": {"suit": deal.trumps.suit, "number": deal.trumps.number},
        "leader": deal.leader + 1,
    }


def clues_from_json(data: object, source: str = "clues") -> tuple[Observation, ...]:
    """Clues from their JSON shape; malformed data, a column of the wrong size, a card
    twice or a winner that is not an index into the column is bad input naming it."""
    if not isinstance(data, dict) or not isinstance(data.get("observations"), list):
        raise BadInput(f'{source}: clues are a JSON object with a list "observations"', source)
    check_column_count(len(data["observations"]), source)
    observations = []
    for k, entry in enumerate(data["observations"]):
        where = f"observation {k + 1}"
        if not isinstance(entry, dict) or "cards" not in entry or "winner" not in entry:
            raise BadInput(f'{source}: {where} needs "cards" and "winner": {entry!r}', str(entry))
        cards = _cards(entry["cards"], f"{where}'s cards", source)
        problem = column_problem(cards) or winner_problem(entry["winner"], 1)
        if problem is not None:
            words, token = problem
            raise BadInput(f"{source}: {where}: {words}", token)
        observations.append(Observation(cards, entry["winner"] - 1))
    check_clues(observations, source)
    return tuple(observations)


def clues_to_json(observations: Sequence[Observation]) -> dict[str, Any]:
    """Clues in their JSON shape."""
    return {
        "observations": [
            {"cards": [card.name for card in observation.cards], "winner": observation.winner + 1}
            for observation in observations
        ]
    }


def read_deal(path: str | Path) -> Deal:
    """A deal from a JSON file."""
    return deal_from_json(read_user_json(path, "deal"), str(path))


def read_clues(path: str | Path) -> tuple[Observation, ...]:
    """Clues from a JSON file."""
    return clues_from_json(read_user_json(path, "clues"), str(path))


def deal_round(seed: int | str, players: int = 4) -> Deal:
    """A random deal: trumps drawn from the 50 pairs, then a plain shuffle dealt 9 cards a
    seat (3 players: the last 9 cards are the Table's and leave the round; a draft with
    random picks gives the same distribution); seat 0, the dealer's left, leads."""
    if players not in (3, 4):
        raise BadInput(f"Was sticht? is for 3 or 4 players, not {players}", str(players))
    rng = random.Random(seed)
    trumps = rng.choice(ALL_TRUMPS)
    cards = list(DECK)
    rng.shuffle(cards)
    return Deal(tuple(tuple(cards[seat * TRICKS : (seat + 1) * TRICKS]) for seat in range(players)), trumps, 0)


def random_start(rng: random.Random, players: int = 4, size: int = TRICKS) -> Position:
    """A start of play drawn from ``rng``: the shuffled deck dealt ``size`` cards a seat
    (an ending dealt on its own when fewer than 9), trumps drawn from the 50 pairs and a
    random seat to lead."""
    cards = list(DECK)
    rng.shuffle(cards)
    trumps, leader = rng.choice(ALL_TRUMPS), rng.randrange(players)
    return start([cards[seat * size : (seat + 1) * size] for seat in range(players)], trumps, leader)


def random_ending(rng: random.Random, tricks_left: int, players: int = 4) -> Position:
    """An ending drawn from ``rng``: a whole deal (``random_start``) played at random,
    every card drawn from the legal ones, until ``tricks_left`` tricks are left."""
    position = random_start(rng, players)
    while len(position.hands[position.leader]) > tricks_left or position.current:
        position = position.play(rng.choice(position.legal()))
    return position
