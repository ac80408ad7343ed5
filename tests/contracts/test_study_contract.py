"""``cardsolve analyze GAME STUDY`` keeps the study contract for the studies with options
of their own (``quibbles solo``, ``cubu seats``) and without (``was-sticht chips``): the
result does not depend on how many workers share the chunks, and an option the study does
not have is refused before any work, naming it and the study's own options."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import RunCli, run_json

from cardsolve.models.errors import BadInput
from cardsolve.solvers.studies.api import analyze

TWO_CHUNKS = {
    "quibbles solo": ("analyze", "quibbles", "solo", "--samples", "3", "--seed", "2", "--policies", "greedy,random"),
    "was-sticht chips": ("analyze", "was-sticht", "chips", "--samples", "6", "--seed", "4"),
    "cubu seats": (
        "analyze",
        "cubu",
        "seats",
        "--samples",
        "205",
        "--seed",
        "4",
        "--players",
        "2",
        "--target",
        "20",
    ),
}
"""Each study on samples that fill two chunks, so two workers really share them."""

STRAY_OPTIONS = [
    ("quibbles", "solo", "samples", "policies, hint_samples, hint_shortlist, clairvoyant_width"),
    ("was-sticht", "chips", "players", "none"),
    ("cubu", "seats", "seats", "player_count, bots, target"),
    ("cubu", "versus", "players", "player_count, bot, against, target"),
]
"""(game, study, an option it does not have, its options as the message lists them);
``samples`` is the study's sample count, not an option (the hint's is ``hint_samples``),
and the CUBU studies' option typed ``--players`` is ``player_count`` in the API."""


@pytest.mark.parametrize("args", TWO_CHUNKS.values(), ids=list(TWO_CHUNKS))
def test_the_result_is_the_same_for_any_number_of_workers(
    cardsolve: RunCli, tmp_path: Path, args: tuple[str, ...]
) -> None:
    one = run_json(cardsolve, *args, "--workers", "1", "--store", str(tmp_path / "one.sqlite"))
    two = run_json(cardsolve, *args, "--workers", "2", "--store", str(tmp_path / "two.sqlite"))
    assert one["chunks"] == two["chunks"] == 2 and one["reused"] == two["reused"] == 0
    assert one["result"] == two["result"]


@pytest.mark.parametrize(("game", "study", "option", "known"), STRAY_OPTIONS)
def test_an_option_the_study_does_not_have_is_refused(
    tmp_path: Path, game: str, study: str, option: str, known: str
) -> None:
    store = tmp_path / "studies.sqlite"
    with pytest.raises(BadInput, match=f"no option '{option}' .its options: {known}.") as error:
        analyze(game, study, samples=2, seed=1, workers=1, store=str(store), options={option: 3})
    assert error.value.token == option and not store.exists()


@pytest.mark.parametrize(
    ("line", "option"),
    [
        (("analyze", "cubu", "seats", "--policies", "greedy"), "--policies"),
        (("analyze", "was-sticht", "chips", "--players", "3"), "--players"),
        (("analyze", "quibbles", "solo", "--games", "3"), "--games"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, tuple) else value,
)
def test_the_command_line_offers_each_study_only_its_own_options(
    cardsolve: RunCli, tmp_path: Path, line: tuple[str, ...], option: str
) -> None:
    """Another study's option, or a removed game command's (``--games``), is a usage error
    naming it, before any work."""
    store = tmp_path / "studies.sqlite"
    code, out, err = cardsolve(*line, "--store", str(store))
    assert code == 2 and not out and err.startswith(f"error: No such option '{option}'") and err.count("\n") == 1
    assert not store.exists()
