"""``cardsolve analyze`` end to end: the JSON document, the store read back on a second
run, the picture, and bad input (an unknown study, a foreign store file) as one line
with exit code 2. An unknown game or study is a usage error of the command line (each
study is a command, ``cardsolve analyze GAME STUDY``) and bad input naming the known
studies in the Python API."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from conftest import RunCli

from cardsolve.models.errors import BadInput
from cardsolve.solvers.studies.api import analyze


def test_analyze_runs_stores_and_reads_back(cardsolve: RunCli, tmp_path: Path) -> None:
    store, picture = tmp_path / "studies.sqlite", tmp_path / "seats.png"
    args = (
        "--json",
        "analyze",
        "cubu",
        "seats",
        "--samples",
        "300",
        "--seed",
        "5",
        "--workers",
        "1",
        "--store",
        str(store),
    )
    code, out, err = cardsolve(*args, "--plot", str(picture))
    assert code == 0, err
    first = json.loads(out)
    assert (first["game"], first["study"], first["samples"], first["seed"]) == ("cubu", "seats", 300, 5)
    assert first["chunks"] == 2 and first["reused"] == 0 and first["store"] == str(store)
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sum(seat["games"] for seat in first["result"]["seats"]) == 4 * 300
    code, out, err = cardsolve(*args)
    again = json.loads(out)
    assert code == 0 and again["reused"] == again["chunks"] == 2
    assert again["result"] == first["result"]


def test_analyze_text_table(cardsolve: RunCli, tmp_path: Path) -> None:
    code, out, err = cardsolve("analyze", "cubu", "seats", "--samples", "50", "--store", str(tmp_path / "s.sqlite"))
    assert code == 0, err
    lines = out.splitlines()
    assert "cubu seats: 50 samples, seed 1" in lines[0]
    assert lines[1].split() == ["by", "who", "games", "win", "share"]
    assert lines[-1].startswith("1 chunk, 0 read back from ")


def test_an_unknown_study_is_refused(cardsolve: RunCli, tmp_path: Path) -> None:
    code, out, err = cardsolve("analyze", "ubongo", "speed")
    assert (code, out, err) == (2, "", "error: No such command 'speed'.\n")
    code, out, err = cardsolve("analyze", "chess", "solo")
    assert (code, out, err) == (2, "", "error: No such command 'chess'.\n")
    store = tmp_path / "s.sqlite"
    with pytest.raises(BadInput, match=r"^no study ubongo speed: the studies are .*ubongo solvability") as error:
        analyze("ubongo", "speed", samples=2, store=str(store))
    assert error.value.token == "speed"
    with pytest.raises(BadInput, match=r"^no study chess solo: the studies are ") as error:
        analyze("chess", "solo", samples=2, store=str(store))
    assert error.value.token == "chess" and not store.exists()


def test_analyze_bad_input(cardsolve: RunCli, tmp_path: Path) -> None:
    foreign = tmp_path / "other.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE songs (title TEXT)")
    before = foreign.read_bytes()
    code, out, err = cardsolve("analyze", "cubu", "seats", "--store", str(foreign))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith(f"error: store {foreign} is not a cardsolve study store")
    assert foreign.read_bytes() == before
    code, out, err = cardsolve("analyze", "cubu", "seats", "--samples", "0", "--store", str(tmp_path / "n.sqlite"))
    assert (code, out, err) == (2, "", "error: bad --samples 0: give 1 to 10000000\n")
    assert not (tmp_path / "n.sqlite").exists()
    same = tmp_path / "same.png"
    code, out, err = cardsolve(
        "analyze", "cubu", "seats", "--samples", "4", "--store", str(same), "--plot", str(tmp_path / "." / "same.png")
    )
    assert code == 2 and "the picture would overwrite the store" in err and not same.exists()


def test_analyze_unreachable_scheduler_is_one_line(
    cardsolve: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scheduler is asked for before any progress is shown, so the error stands alone
    (Dask tries to connect for the whole timeout, made short here)."""
    monkeypatch.setattr("cardsolve.solvers.studies.runner.CONNECT_TIMEOUT_S", 1)
    code, out, err = cardsolve(
        "analyze",
        "cubu",
        "seats",
        "--samples",
        "10",
        "--store",
        str(tmp_path / "s.sqlite"),
        "--scheduler",
        "tcp://127.0.0.1:9",
    )
    assert code == 2 and not out
    assert err.startswith("error: cannot reach the Dask scheduler tcp://127.0.0.1:9") and err.count("\n") == 1
