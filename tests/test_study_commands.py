"""The commands that run a registered study (``quibbles solo``, ``was-sticht chips``,
``cubu simulate``) keep the study contract: the result does not depend on how many
workers share the chunks, and an option the study does not have is refused before any
work, naming it and the study's own options."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import RunCli, run_json

from cardsolve.models.errors import BadInput
from cardsolve.solvers.studies.api import analyze

TWO_CHUNKS = {
    "quibbles solo": ("quibbles", "solo", "--games", "3", "--seed", "2", "--policies", "greedy,random"),
    "was-sticht chips": ("was-sticht", "chips", "--deals", "6", "--seed", "4"),
    "cubu simulate": ("cubu", "simulate", "--games", "205", "--seed", "4", "--players", "2", "--target", "20"),
}
"""Each command on samples that fill two chunks, so two workers really share them."""

STRAY_OPTIONS = [
    ("quibbles", "solo", "samples", "policies, hint_samples, hint_shortlist, clairvoyant_width"),
    ("was-sticht", "chips", "players", "none"),
    ("cubu", "seats", "seats", "players, bots, target"),
]
"""(game, study, an option it does not have, its options as the message lists them);
``samples`` is the study's sample count, not an option (the hint's is ``hint_samples``)."""


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
        analyze(game, study, 2, 1, workers=1, store=store, options={option: 3})
    assert error.value.token == option and not store.exists()
