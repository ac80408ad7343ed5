"""Issue 14, output files and progress: a picture's format is checked before any work
(``--plot`` by matplotlib's formats when the line is read, ``--svg`` by .svg in
``ubongo.render`` before it writes; no extension guessed), a missing folder is refused
rather than made, a write that fails is one line and exit 2, and a long job prints a
plain progress line now and then when stderr is no terminal."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import RunCli

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.results import percent, text_table
from cardsolve.solvers.interfaces.cli import progress
from cardsolve.solvers.studies.api import analyze
from cardsolve.solvers.studies.charts import check_picture, picture_formats

STUDY = ("analyze", "cubu", "seats", "--samples", "20", "--workers", "1")
"""A study of a second or two."""


def _one_error_line(code: int, out: str, err: str) -> str:
    """The one stderr line of a refused command (exit 2, nothing on stdout, no traceback)."""
    assert code == 2 and not out and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("name", ["chart.txt", "chart", "chart.png.bak"])
def test_a_picture_name_matplotlib_cannot_write_is_refused_before_any_work(
    cardsolve: RunCli, tmp_path: Path, name: str
) -> None:
    store = tmp_path / "studies.sqlite"
    started = time.monotonic()
    err = _one_error_line(*cardsolve(*STUDY, "--store", str(store), "--plot", str(tmp_path / name)))
    assert err.startswith(f"error: cannot write a picture to {str(tmp_path / name)!r}: its name must end in one of ")
    assert ".png" in err and ".svg" in err and time.monotonic() - started < 2
    assert not store.exists() and list(tmp_path.iterdir()) == []
    with pytest.raises(BadInput, match="its name must end in one of"):
        analyze("cubu", "seats", samples=20, workers=1, store=store, plot=str(tmp_path / name))
    assert not store.exists()


def test_picture_formats_come_from_matplotlib_without_pyplot() -> None:
    assert {"png", "svg", "pdf"} <= set(picture_formats()) and "txt" not in picture_formats()
    assert check_picture("a/b.PDF") == "a/b.PDF"
    checked = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from cardsolve.solvers.studies.charts import "
            "check_picture; check_picture('a.png'); print('matplotlib.pyplot' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert checked.stdout == "False\n"
    with pytest.raises(BadInput) as error:
        check_picture("noext")
    assert error.value.token == "noext"


@pytest.mark.parametrize("extension", ["svg", "pdf"])
def test_the_picture_is_written_in_the_format_its_name_says(cardsolve: RunCli, tmp_path: Path, extension: str) -> None:
    picture = tmp_path / f"seats.{extension}"
    code, out, err = cardsolve(*STUDY, "--store", str(tmp_path / "s.sqlite"), "--plot", str(picture))
    assert code == 0 and f"picture: {picture}" in out, err
    head = picture.read_bytes()[:5]
    assert head == (b"%PDF-" if extension == "pdf" else b"<?xml")


def test_a_picture_that_cannot_be_written_is_one_line_and_not_exit_0(cardsolve: RunCli, tmp_path: Path) -> None:
    full = tmp_path / "full.png"
    full.symlink_to("/dev/full")
    err = _one_error_line(*cardsolve(*STUDY, "--store", str(tmp_path / "s.sqlite"), "--plot", str(full)))
    assert err == f"error: cannot write the picture {str(full)!r}: No space left on device\n"
    full_pdf = tmp_path / "full.pdf"  # the PDF writer fails otherwise on a file it cannot seek in
    full_pdf.symlink_to("/dev/full")
    err = _one_error_line(*cardsolve(*STUDY, "--store", str(tmp_path / "s.sqlite"), "--plot", str(full_pdf)))
    assert err.startswith(f"error: cannot write the picture {str(full_pdf)!r}: ")


def test_pgf_is_offered_only_where_its_latex_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert "pgf" not in picture_formats()
    with pytest.raises(BadInput, match="its name must end in one of"):
        check_picture("seats.pgf")
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}")
    assert "pgf" in picture_formats()


@pytest.mark.parametrize("option", ["--plot", "--store"])
def test_a_missing_folder_is_refused_not_made(cardsolve: RunCli, tmp_path: Path, option: str) -> None:
    missing = tmp_path / "missing" / "out.png"
    err = _one_error_line(*cardsolve(*STUDY, "--store", str(tmp_path / "s.sqlite"), option, str(missing)))
    assert f"the folder {missing.parent} does not exist" in err
    assert not missing.parent.exists()


def test_an_svg_must_be_named_svg(cardsolve: RunCli, tmp_path: Path) -> None:
    layout = tmp_path / "layout.json"
    layout.write_text('{"cards": []}')
    for name in ("out.png", "out"):
        err = _one_error_line(*cardsolve("ubongo", "render", str(layout), "--svg", str(tmp_path / name)))
        assert err == f"error: cannot write SVG to {str(tmp_path / name)!r}: its name must end in .svg\n"
        assert not (tmp_path / name).exists()


def test_progress_off_a_terminal_is_a_plain_line_now_and_then(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with progress.progress_callback("games") as quick:
        for done in range(5):
            quick(done, 4)
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(progress, "PLAIN_EVERY_S", 0.0)
    with progress.progress_callback("games") as slow:
        slow(1, 4)
        slow(3, 4)
    assert capsys.readouterr().err == "games: 1/4\ngames: 3/4\n"


def test_a_text_table_cuts_no_cell_short_and_wraps_no_title() -> None:
    pile = ",".join(["P3R", "R2A", "P5B"] * 12)  # a 36-card side: 143 characters
    lines = text_table(["task", "placed in order"], [[9, pile]]).splitlines()
    assert lines[1].split() == ["9", pile] and "…" not in "".join(lines)
    title = "a title longer than the whole table below it"
    assert text_table(["a"], [[1]], title=title).splitlines() == [title, "a", "1"]
    centred = text_table(["cards", "follow"], [[4, "dark blue 1 up"]], title="short").splitlines()
    assert (
        centred[0].strip() == "short"
        and centred[0].startswith(" ")
        and centred[1:] == ["cards  follow", "4      dark blue 1 up"]
    )


def test_a_line_break_quoted_from_the_input_keeps_the_error_on_one_line(cardsolve: RunCli, tmp_path: Path) -> None:
    folder = f"{tmp_path}/no\nsuch"
    err = _one_error_line(*cardsolve(*STUDY, "--store", f"{folder}/s.sqlite"))
    assert "no\\nsuch" in err
    err = _one_error_line(*cardsolve("cubu", "longest", "--top", "D-L-G", "--hand", "O-P\nL-R"))
    assert "O-P\\nL-R" in err


def test_a_share_is_never_rounded_onto_0_or_100_percent() -> None:
    """Ubongo's solvability study showed 100.0% for a group where 1 of 4,000 hands failed."""
    assert [percent(share) for share in (0, 1, 0.5, 0.12345)] == ["0.0%", "100.0%", "50.0%", "12.3%"]
    assert (percent(3999 / 4000), percent(1 / 4000)) == (">99.9%", "<0.1%")
    assert (percent(0.996, 0), percent(0.004, 0), percent(0.994, 0)) == (">99%", "<1%", "99%")
