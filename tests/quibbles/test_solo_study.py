"""The solo study (once ``cardsolve quibbles solo`` and ``cardsolve.quibbles.solo``) runs
as ``cardsolve analyze quibbles solo`` and ``cardsolve.analyze("quibbles", "solo")``: the
command line's options (``--hint-samples``, ``--hint-shortlist``, ``--clairvoyant-width``,
``--policies``) are the study's, so the two answer alike and share chunks; an option is
part of the store key, and an unknown option or value is refused before any game is
played."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from conftest import RunCli, run_json

from cardsolve.models.errors import BadInput
from cardsolve.models.quibbles import Variant, new_game
from cardsolve.models.quibbles.state import start
from cardsolve.solvers.infrastructure.seeds import STRIDE, sample_seed, whole_seed
from cardsolve.solvers.quibbles.bot_games import Lookahead
from cardsolve.solvers.quibbles.results import SoloGame
from cardsolve.solvers.studies import quibbles_solo as study
from cardsolve.solvers.studies.api import StudyAnswer, analyze
from cardsolve.solvers.studies.quibbles_solo import MOST_LOOKAHEAD, solo_game

SOLO = ("analyze", "quibbles", "solo")
CHEAP = ("--policies", "greedy,random", "--workers", "1")
"""The policies that play in milliseconds, in this process."""


def test_the_command_answers_as_the_api_with_the_same_options(cardsolve: RunCli, tmp_path: Path) -> None:
    command = run_json(
        cardsolve,
        *SOLO,
        "--samples",
        "3",
        "--seed",
        "4",
        *CHEAP,
        "--hint-samples",
        "2",
        "--hint-shortlist",
        "3",
        "--store",
        str(tmp_path / "a.sqlite"),
    )
    options = {"policies": ["greedy", "random"], "hint_samples": 2, "hint_shortlist": 3, "clairvoyant_width": 8}
    answer = analyze(
        "quibbles", "solo", samples=3, seed=4, workers=1, store=str(tmp_path / "b.sqlite"), options=options
    )
    assert (command["game"], command["study"], command["options"]) == ("quibbles", "solo", options)
    assert (command["samples"], command["seed"], command["chunks"]) == (3, 4, answer.chunks) == (3, 4, 2)
    assert command["result"] == answer.result
    assert command["result"]["policies"]["greedy"]["penalty_by_game"] == [
        solo_game("greedy", Lookahead(2, 3), 4, k).penalty for k in range(3)
    ]


def test_the_command_with_its_defaults_is_the_study_with_its_defaults(cardsolve: RunCli, tmp_path: Path) -> None:
    """``analyze quibbles solo`` runs the study with its defaults (every policy, the hint's
    16 refills x 12 candidate turns, the clairvoyant's beam of 8): the API given those
    options by name reads every chunk back, and the command's second run prints the same
    table."""
    store = str(tmp_path / "s.sqlite")
    code, first, err = cardsolve(*SOLO, "--samples", "1", "--workers", "1", "--store", store)
    assert code == 0, err
    defaults = {
        "policies": "hint,greedy,random,clairvoyant",
        "hint_samples": 16,
        "hint_shortlist": 12,
        "clairvoyant_width": 8,
    }
    answer = analyze("quibbles", "solo", samples=1, workers=1, store=store, options=defaults)
    assert (answer.chunks, answer.reused) == (1, 1)
    code, again, err = cardsolve(*SOLO, "--samples", "1", "--workers", "1", "--store", store)
    assert code == 0, err
    assert again.splitlines()[:-1] == first.splitlines()[:-1]
    assert again.splitlines()[-1].startswith(f"1 chunk, 1 read back from {store}")
    assert first.splitlines()[1].split() == ["policy", "hint", "greedy", "random", "clairvoyant"]
    assert re.search(r"hint lookahead \(refills x candidate turns\) +16 x 12 ", first)
    assert re.search(r"clairvoyant search \(sees the draw pile, not a hint\) +- +- +- +beam \(width 8\)", first)


def test_an_option_is_part_of_the_store_key(cardsolve: RunCli, tmp_path: Path) -> None:
    base = (
        *SOLO,
        "--samples",
        "2",
        "--policies",
        "greedy",
        "--workers",
        "1",
        "--store",
        str(tmp_path / "s.sqlite"),
    )
    first = run_json(cardsolve, *base)
    assert (first["chunks"], first["reused"]) == (1, 0)
    assert run_json(cardsolve, *base)["reused"] == 1
    for changed in (
        ("--hint-samples", "5"),
        ("--hint-shortlist", "2"),
        ("--clairvoyant-width", "3"),
        ("--policies", "greedy,random"),
    ):
        other = run_json(cardsolve, *base, *changed)  # the last value of an option counts
        assert other["reused"] == 0, changed
        assert other["result"]["policies"]["greedy"] == first["result"]["policies"]["greedy"]


def test_the_api_runs_the_study_and_reports_progress(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    answer = analyze(
        "quibbles",
        "solo",
        samples=3,
        seed=1,
        workers=1,
        store=str(tmp_path / "s.sqlite"),
        progress=lambda *p: seen.append(p),
        options={"policies": "greedy, random"},
    )
    assert isinstance(answer, StudyAnswer) and (answer.game, answer.study, answer.samples) == ("quibbles", "solo", 3)
    assert seen == [(0, 2), (1, 2), (2, 2)]
    assert answer.options == {
        "policies": ["greedy", "random"],
        "hint_samples": 16,
        "hint_shortlist": 12,
        "clairvoyant_width": 8,
    }
    greedy, random_play = answer.result["policies"].values()
    assert greedy["mean"] < random_play["mean"] and greedy["finished"] == 1.0


def test_the_picture_is_written_and_named(cardsolve: RunCli, tmp_path: Path) -> None:
    picture = tmp_path / "solo.png"
    code, out, err = cardsolve(
        *SOLO,
        "--samples",
        "2",
        "--seed",
        "3",
        *CHEAP,
        "--store",
        str(tmp_path / "s.sqlite"),
        "--plot",
        str(picture),
    )
    assert code == 0, err
    assert out.splitlines()[-1] == f"picture: {picture}"
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_an_unknown_option_is_refused(tmp_path: Path) -> None:
    """``samples`` is the study's sample count, not an option: the hint's is ``hint_samples``."""
    with pytest.raises(BadInput) as caught:
        analyze(
            "quibbles", "solo", samples=2, seed=1, workers=1, store=str(tmp_path / "s.sqlite"), options={"samples": 3}
        )
    assert caught.value.token == "samples" and "hint_samples" in str(caught.value)
    assert not (tmp_path / "s.sqlite").exists()


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (("--policies", "greedy,smart"), "smart"),
        (("--policies", "greedy,greedy"), "greedy"),
    ],
)
def test_bad_policies_are_refused_before_any_work(
    cardsolve: RunCli, tmp_path: Path, args: tuple[str, ...], token: str
) -> None:
    store = tmp_path / "s.sqlite"
    code, out, err = cardsolve(*SOLO, "--samples", "2", *args, "--store", str(store))
    assert code == 2 and not out and err.count("\n") == 1 and token in err
    assert not store.exists()


@pytest.mark.parametrize("option", ["hint_samples", "hint_shortlist", "clairvoyant_width"])
def test_a_lookahead_under_one_is_refused_before_any_work(cardsolve: RunCli, tmp_path: Path, option: str) -> None:
    store = tmp_path / "s.sqlite"
    with pytest.raises(BadInput, match=f"^bad {option.replace('_', ' ')} 0: give 1 to ") as error:
        analyze("quibbles", "solo", samples=2, store=str(store), options={option: 0})
    assert error.value.token == "0"
    flag = "--" + option.replace("_", "-")
    code, out, err = cardsolve(*SOLO, "--samples", "2", flag, "0", "--store", str(store))
    assert (code, out, err) == (2, "", f"error: bad {flag} 0: give 1 to {MOST_LOOKAHEAD[option]}\n")
    assert not store.exists()


def test_ctrl_c_keeps_the_finished_chunks(cardsolve: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Interrupted in its second chunk, the command exits 130 saying where the first is
    kept; the same command then reads it back and plays only the rest."""
    store = tmp_path / "s.sqlite"
    args = (*SOLO, "--samples", "3", "--policies", "greedy", "--workers", "1", "--store", str(store))

    def interrupted(name: str, lookahead: Lookahead, seed: int, index: int) -> SoloGame:
        if index >= 2:
            raise KeyboardInterrupt
        return solo_game(name, lookahead, seed, index)

    monkeypatch.setattr(study, "solo_game", interrupted)
    code, out, err = cardsolve(*args)
    assert code == 130 and not out
    assert err.strip() == f"stopped: 1 of 2 chunks are kept in {store}; the same command goes on from there"
    monkeypatch.undo()
    again = run_json(cardsolve, *args)
    assert (again["chunks"], again["reused"]) == (2, 1)


def test_the_clairvoyant_is_marked_as_seeing_the_draw_pile_and_plots_beside_the_hint(
    cardsolve: RunCli, tmp_path: Path
) -> None:
    """The clairvoyant's column says it searches with the draw pile in view (its JSON
    summary too), and on these deals it does better than greedy; the plot leaves random
    out (its penalties are far off) but keeps the others, and draws random when alone."""
    document = run_json(
        cardsolve,
        *SOLO,
        "--samples",
        "2",
        "--seed",
        "5",
        "--policies",
        "greedy,clairvoyant,random",
        "--clairvoyant-width",
        "2",
        "--workers",
        "1",
        "--store",
        str(tmp_path / "s.sqlite"),
    )
    result = document["result"]
    clairvoyant, greedy = result["policies"]["clairvoyant"], result["policies"]["greedy"]
    assert clairvoyant["sees_draw_pile"] and not greedy["sees_draw_pile"] and result["clairvoyant_width"] == 2
    assert 0.0 <= clairvoyant["proven_share"] <= 1.0 and greedy["proven_share"] == 0.0
    assert all(c < g for c, g in zip(clairvoyant["penalty_by_game"], greedy["penalty_by_game"]))
    assert list(study.plotted(result)) == ["greedy", "clairvoyant"]
    assert list(study.plotted({"policies": {"random": result["policies"]["random"]}})) == ["random"]
    rows = study.table(result)
    assert rows[-1][0] == "clairvoyant search (sees the draw pile, not a hint)"
    assert rows[-1][1:] == (
        "-",
        "beam (width 2), not proven"
        if not clairvoyant["proven_share"]
        else f"beam (width 2), proven optimal in {clairvoyant['proven_share']:.0%}",
        "-",
    )


def test_the_games_are_the_engine_loop_s_games_of_the_same_seeds() -> None:
    """The study's games, played through the game protocol, are those the engine's own
    game loop played before it was replaced (penalty, turns, finished, proven; pinned
    then): random play reshuffles the discards in every game, so its figures hold only if
    the reshuffles come out as the engine's did."""
    games = {name: [solo_game(name, Lookahead(), 1, k) for k in range(4)] for name in ("greedy", "random")}
    assert [(g.penalty, g.turns, g.finished, g.proven) for g in games["greedy"]] == [
        (100, 22, True, False),
        (140, 32, True, False),
        (100, 26, True, False),
        (91, 20, True, False),
    ]
    assert [(g.penalty, g.turns, g.finished) for g in games["random"]] == [
        (468, 120, False),
        (466, 123, False),
        (469, 124, False),
        (468, 122, False),
    ]
    assert solo_game("clairvoyant", Lookahead(), 1, 3) == SoloGame(24, 9, True, False)


def test_a_sample_past_the_stride_is_dealt_as_its_text_seed_deals() -> None:
    """Sample ``STRIDE`` of a study is seeded by a text (``sample_seed``), which ``start``
    takes as the number that seeds alike (``whole_seed``): the deal is the engine's deal
    of that text."""
    text = sample_seed(1, STRIDE)
    assert isinstance(text, str) and random.Random(whole_seed(text)).random() == random.Random(text).random()
    dealt = start(seed=whole_seed(text), players=1)
    assert dealt.display == tuple(new_game(1, Variant.SOLO, text).display)
    assert solo_game("greedy", Lookahead(), 1, STRIDE).finished
