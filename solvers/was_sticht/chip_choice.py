"""Which task chip a player attempts, chosen once the draft is over and the trumps are shown:
every hand is known then (the cards were taken face up), so the double-dummy verdicts are
exact; only the other players' choices and play are unknown. (docs/pages/solvers.md,
``#was-sticht-chips``.)

Vocabulary:
- verdict: ``forceable`` (met whatever the others play), ``possible`` (met if they help)
  or ``impossible``, from ``double_dummy``;
- chance: the share of ``PLAYOUTS`` random playouts of the whole round (every seat, the
  player too, plays a random legal card, seeded from the deal, so the same deal gives the
  same chances) in which the player meets the chip: how readily the hands make the chip
  happen. An impossible chip is met in none; a forceable one need not be met in all, since
  the player plays at random too, so the rules rank forceable chips first.

The rules:
- ``likeliest``: the forceable chip of the highest
  corner value, else the chip with the highest chance (ties: the higher value), else,
  every chip impossible, the chip of the lowest value;
- ``expected_value`` (the solver bot's, since issue 17): the forceable chip of the highest
  value, else the chip of the highest chance times corner value (ties: the higher
  chance), else, every chip impossible, the chip of the lowest value;
- ``by_value`` (the solver bot's before issue 17): the forceable chip of the highest value,
  else the possible chip of the highest value, else the chip of the lowest value;
- ``random_possible``: a chip drawn at random among the possible (forceable included)
  ones, or among all when none is possible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardsolve.models.was_sticht import Chip
from cardsolve.models.was_sticht.chips import Trick, achieved
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht.backends import BACKENDS
from cardsolve.solvers.was_sticht.double_dummy import forceable, possible
from cardsolve.solvers.was_sticht.results import ChipOdds
from cardsolve.solvers.was_sticht.settings import PLAYOUTS

TIERS = {"forceable": 2, "possible": 1, "impossible": 0}
"""The verdicts, surest first, as numbers that sort."""


def playouts(position: Position, count: int = PLAYOUTS) -> list[tuple[Trick, ...]]:
    """The tricks of ``count`` random playouts of the round from ``position``, seeded from
    the hands, the trumps and the leader."""
    rng = random.Random(
        f"{position.trumps}|{position.leader}|"
        + "|".join(",".join(card.name for card in hand) for hand in position.hands)
    )
    ends = []
    for _ in range(count):
        now = position
        while not now.finished:
            now = now.play(rng.choice(now.legal()))
        ends.append(now.tricks)
    return ends


def chip_odds(
    position: Position, seat: int, chips: Sequence[Chip], backend: str = BACKENDS.default, count: int = PLAYOUTS
) -> tuple[ChipOdds, ...]:
    """Each chip's verdict and chance (over ``count`` playouts) for ``seat`` (from 0) at the
    start of the round."""
    ends = playouts(position, count)
    odds = []
    for chip in chips:
        chance = sum(achieved(chip, seat, tricks, position.players) for tricks in ends) / len(ends)
        if forceable(position, seat, chip, backend):
            verdict = "forceable"
        else:
            verdict = "possible" if chance > 0 or possible(position, seat, chip, backend) else "impossible"
        odds.append(ChipOdds(chip, verdict, chance))
    return tuple(odds)


def _worth(odds: ChipOdds) -> int:
    """The chip's corner value, negated when it is impossible (the cheapest to fail is kept)."""
    return -odds.chip.value if odds.verdict == "impossible" else odds.chip.value


def likeliest(odds: Sequence[ChipOdds]) -> Chip:
    """The forceable chip of the highest value, else the likeliest by chance, ties by value
    (the first listed of equals)."""
    return max(odds, key=lambda o: (o.verdict == "forceable", o.chance, TIERS[o.verdict], _worth(o))).chip


def _expected_key(odds: ChipOdds) -> tuple[bool, float, float, int, int]:
    """``expected_value``'s order: forceable first, by value (a forced chip is met, so its
    chance does not matter), then chance times value, chance, the verdict and the worth."""
    forced = odds.verdict == "forceable"
    return (
        forced,
        odds.chip.value if forced else odds.chance * odds.chip.value,
        odds.chance,
        TIERS[odds.verdict],
        _worth(odds),
    )


def expected_value(odds: Sequence[ChipOdds]) -> Chip:
    """The forceable chip of the highest value, else the highest chance times value, ties
    by chance (the first listed of equals)."""
    return max(odds, key=_expected_key).chip


def by_expected_value(odds: Sequence[ChipOdds]) -> tuple[ChipOdds, ...]:
    """The chips in ``expected_value``'s order, its choice first (equals in listed order)."""
    return tuple(sorted(odds, key=_expected_key, reverse=True))


def expected_value_reason(odds: Sequence[ChipOdds], count: int = PLAYOUTS) -> str:
    """One line on why ``expected_value`` takes its chip: the forceable one of the highest
    value, else the best value times chance (over ``count`` playouts) beside the runner-up,
    else the fallbacks."""
    ranked = by_expected_value(odds)
    best = ranked[0]
    chip = best.chip
    if best.verdict == "forceable":
        forced = sum(o.verdict == "forceable" for o in odds)
        among = "the only forceable chip" if forced == 1 else f"the highest-valued of {forced} forceable chips"
        return f"take {chip.id}: forceable whatever the others play, {among} (value {chip.value})"
    if best.chance > 0:
        line = (
            f"take {chip.id}: no chip is forceable; value {chip.value} x met in {best.chance:.0%} of "
            f"{count} random playouts = {best.chance * chip.value:.2f}, the highest expected value"
        )
        if len(ranked) > 1:
            runner = ranked[1]
            line += f" (next: {runner.chip.id} {runner.chance * runner.chip.value:.2f})"
        return line
    if best.verdict == "possible":
        return (
            f"take {chip.id}: no chip is forceable or met in any random playout; {chip.id} can still be met "
            f"if the others help, the highest-valued such chip (value {chip.value})"
        )
    return f"take {chip.id}: every chip is impossible with these hands; {chip.id} has the lowest value ({chip.value})"


def by_value(odds: Sequence[ChipOdds]) -> Chip:
    """The surest verdict of the highest value, but an impossible chip of the lowest value
    (the first listed of equals)."""
    return max(odds, key=lambda o: (TIERS[o.verdict], _worth(o))).chip


def random_possible(odds: Sequence[ChipOdds], rng: random.Random) -> Chip:
    """A chip drawn by ``rng`` among the possible ones (forceable included), else among all."""
    open_ = [o.chip for o in odds if o.verdict != "impossible"]
    return rng.choice(open_ or [o.chip for o in odds])
