"""The task chips: each an id, a German and an English name, a corner value and a task,
which is a list of conditions on the round's outcome that must all hold.

The vocabulary of conditions, each read as a count with bounds ``low..high``:
- ``tricks``: the tricks the player won (``exactly``, ``at-least`` or ``at-most`` n);
- ``colour:C``: the cards of colour C in the tricks the player won (``at-most`` or
  ``at-least`` n; a trump-number card keeps its printed colour here);
- ``trick:first`` / ``trick:last``: 1 when the player won that trick (the last of the
  round's tricks: 9 in a whole round, fewer in an ending dealt on its own);
- ``most`` / ``fewest``: strictly more (fewer) tricks than every other player.
The chips load from ``models/data/was_sticht_chips.json``; ``source`` says whether the
rulebook names the task or it is a stand-in (DESIGN.md, "Was sticht?").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardsolve.models.data import load_json
from cardsolve.models.errors import BadInput
from cardsolve.models.was_sticht.cards import COLOURS, Card

TRICKS = 9
"""Tricks in a round."""
MEASURES = ("tricks", *(f"colour:{c}" for c in COLOURS), "trick:first", "trick:last", "most", "fewest")
"""Everything a condition can count, in the order the solvers encode them."""


@dataclass(frozen=True)
class Condition:
    """``low <= measure <= high`` for the player (``most``/``fewest`` hold or not)."""

    measure: str
    low: int
    high: int


@dataclass(frozen=True)
class Chip:
    """A task chip; ``source`` is ``rulebook`` or ``stand-in``."""

    id: str
    de: str
    en: str
    value: int
    source: str
    conditions: tuple[Condition, ...]


@dataclass(frozen=True)
class Trick:
    """A played trick: its cards in play order, the seat that led and the seat that won."""

    cards: tuple[Card, ...]
    leader: int
    winner: int


def _condition(entry: dict[str, Any], where: str) -> Condition:
    """One condition from its JSON shape (see the data file)."""
    if "tricks" in entry:
        n = int(entry["n"])
        bounds = {"exactly": (n, n), "at-least": (n, TRICKS), "at-most": (0, n)}
        if entry["tricks"] not in bounds:
            raise BadInput(f"{where}: unknown trick count {entry['tricks']!r}", str(entry["tricks"]))
        return Condition("tricks", *bounds[entry["tricks"]])
    if "colour" in entry:
        if entry["colour"] not in COLOURS:
            raise BadInput(f"{where}: unknown colour {entry['colour']!r}", str(entry["colour"]))
        low, high = int(entry.get("at-least", 0)), int(entry.get("at-most", 4 * TRICKS))
        return Condition(f"colour:{entry['colour']}", low, high)
    if entry.get("trick") in ("first", "last"):
        return Condition(f"trick:{entry['trick']}", 1, 1)
    if entry.get("rank") in ("most", "fewest"):
        return Condition(entry["rank"], 1, 1)
    raise BadInput(f"{where}: unknown condition {entry!r}", str(entry))


def chips_from_json(data: Any, source: str) -> tuple[Chip, ...]:
    """The chip set from its JSON shape, ``{"chips": [{"id": ..., "all": [...]}, ...]}``."""
    if not isinstance(data, dict) or not isinstance(data.get("chips"), list):
        raise BadInput(f'{source}: a chip set is a JSON object with a list "chips"', source)
    chips = []
    for entry in data["chips"]:
        if not isinstance(entry, dict):
            raise BadInput(f"{source}: a chip is a JSON object, not {entry!r}", str(entry))
        where = f"{source}: chip {entry.get('id')!r}"
        try:
            conditions = tuple(_condition(c, where) for c in entry["all"])
            chip = Chip(
                str(entry["id"]),
                str(entry["de"]),
                str(entry["en"]),
                int(entry["value"]),
                str(entry["source"]),
                conditions,
            )
        except KeyError as missing:
            raise BadInput(f"{where} has no {missing}", str(missing)) from None
        except (TypeError, ValueError, AttributeError) as error:
            raise BadInput(f"{where}: {error}", str(entry.get("id"))) from None
        chips.append(chip)
    ids = [chip.id for chip in chips]
    for chip_id in ids:
        if ids.count(chip_id) > 1:
            raise BadInput(f"{source}: chip {chip_id!r} is listed twice", chip_id)
    return tuple(chips)


CHIPS = chips_from_json(load_json("was_sticht_chips.json"), "bundled chips")
"""The bundled 24 chips."""
CHIP_IDS = {chip.id: chip for chip in CHIPS}


def parse_chip(text: str) -> Chip:
    """A chip by its id (``exactly-2``, any case); else bad input naming it."""
    chip = CHIP_IDS.get(text.strip().lower())
    if chip is None:
        raise BadInput(f"unknown task chip {text!r}: the chips are {', '.join(CHIP_IDS)}", text)
    return chip


def parse_chips(text: str) -> tuple[Chip, ...]:
    """Read ``no-red,exactly-2`` as chips, in the order given: no chips, an empty id, an
    unknown id or a chip named twice is bad input naming it."""
    if not text.strip():
        raise BadInput("no chips given: name the player's chips, as no-red,exactly-2", text)
    chips = []
    for token in text.split(","):
        if not token.strip():
            raise BadInput(f"empty chip id in the chips {text!r}", token)
        chip = parse_chip(token)
        if chip in chips:
            raise BadInput(f"chip {chip.id} is named twice in the chips {text!r}: a player holds each chip once", token)
        chips.append(chip)
    return tuple(chips)


def measure(name: str, player: int, tricks: Sequence[Trick], players: int) -> int:
    """The player's count of ``name`` (a ``MEASURES`` entry) over the played ``tricks``."""
    won = [trick.winner for trick in tricks]
    counts = [won.count(seat) for seat in range(players)]
    others = [counts[seat] for seat in range(players) if seat != player]
    if name == "tricks":
        return counts[player]
    if name.startswith("colour:"):
        colour = name.split(":")[1]
        return sum(card.colour == colour for trick in tricks if trick.winner == player for card in trick.cards)
    if name == "trick:first":
        return int(bool(tricks) and tricks[0].winner == player)
    if name == "trick:last":
        return int(bool(tricks) and tricks[-1].winner == player)
    if name == "most":
        return int(all(counts[player] > count for count in others))
    if name == "fewest":
        return int(all(counts[player] < count for count in others))
    raise ValueError(f"unknown measure {name!r}")


def achieved(chip: Chip, player: int, tricks: Sequence[Trick], players: int) -> bool:
    """Whether the player met the chip's task in a round of ``tricks`` (all 9 played)."""
    return all(c.low <= measure(c.measure, player, tricks, players) <= c.high for c in chip.conditions)
