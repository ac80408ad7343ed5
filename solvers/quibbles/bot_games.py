"""The players of whole games between bots: the policies by name, one per seat, with the
lookahead of the searching ones, and the turn cap. The games are played by
``models.state.play`` with the policies as protocol bots (``state_bots.play_bots``);
the ``play`` command and the solo study (``solvers.studies.quibbles_solo``) name their
players here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardsolve.models.errors import BadInput
from cardsolve.models.listing import check_named_once, check_one_per_seat, read_names
from cardsolve.solvers.quibbles.clairvoyant import ClairvoyantPolicy
from cardsolve.solvers.quibbles.hint import HintPolicy
from cardsolve.solvers.quibbles.policies import GreedyPolicy, Policy, RandomPolicy
from cardsolve.solvers.quibbles.settings import DEFAULT_SAMPLES, DEFAULT_SHORTLIST, DEFAULT_WIDTH


@dataclass(frozen=True)
class Lookahead:
    """How hard the searching policies look: the hint's sampled refills and candidate
    turns per turn (by default those of ``cardsolve quibbles hint``), and the positions
    per turn of the clairvoyant's beam."""

    samples: int = DEFAULT_SAMPLES
    shortlist: int = DEFAULT_SHORTLIST
    width: int = DEFAULT_WIDTH

    def __post_init__(self) -> None:
        """At least one of each; fewer is bad input."""
        for name, value in (("samples", self.samples), ("shortlist", self.shortlist), ("width", self.width)):
            if value < 1:
                raise BadInput(f"the lookahead needs {name} of at least 1, not {value}", str(value))


POLICIES: dict[str, Callable[[Lookahead], Policy]] = {
    "hint": lambda lookahead: HintPolicy(lookahead.samples, lookahead.shortlist),
    "greedy": lambda _: GreedyPolicy(),
    "random": lambda _: RandomPolicy(),
    "clairvoyant": lambda lookahead: ClairvoyantPolicy(lookahead.width),
}
"""Policy names, each making a fresh player of it (the hint and the clairvoyant use the
lookahead). The clairvoyant reads the draw pile: it is a bound, not a hint."""
SEES_DRAW_PILE = frozenset({"clairvoyant"})
"""The policies that know the order of the draw pile."""

MAX_TURNS = 1000
"""Games still running after this many turns are cut off (none has come close in the studies)."""


def policy_by_name(name: str, lookahead: Lookahead = Lookahead()) -> Policy:
    """A fresh player of the policy called ``name``; an unknown name is bad input."""
    if name not in POLICIES:
        raise BadInput(f"unknown policy {name!r}: expected one of {', '.join(POLICIES)}", name)
    return POLICIES[name](lookahead)


def policy_names(names: str | Sequence[str]) -> tuple[str, ...]:
    """Policy names, given as a list or as ``hint,greedy``; an unknown name is bad input."""
    read = read_names(names)
    for name in read:
        policy_by_name(name)
    return read


def study_policies(names: str | Sequence[str]) -> tuple[str, ...]:
    """The policies a study compares (``policy_names``), each named once, since the study
    reports by policy name; a name given twice is bad input."""
    read = policy_names(names)
    check_named_once(read, "policy")
    return read


def seat_policies(bots: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
    """One policy name per seat, seat 1 first (default: the hint's for all); naming more
    or fewer than ``players``, or a policy that sees the draw pile in a game of several
    players (it plans the solo game only), is bad input."""
    names = policy_names(bots) if bots else ("hint",) * players
    check_one_per_seat(names, players, "policy")
    seeing = next((name for name in names if name in SEES_DRAW_PILE), None)
    if seeing is not None and players > 1:
        raise BadInput(f"the {seeing} policy plays solo games only", seeing)
    return names
