"""Issue 14, studies and stores: the runner hands out work in bounded batches and streams
the parts back to ``combine``; Ctrl-C stops a real study at once with exit 130 and no
traceback from any process; ``kill -9`` of a study leaves no worker behind; every part
read back from a store is checked, a read-only store or a missing folder is refused
before any work, and a scheduler address is checked when the line is read."""

from __future__ import annotations

import dataclasses
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli

from cardsolve.models.errors import BadInput
from cardsolve.solvers.studies import runner
from cardsolve.solvers.studies.registry import find
from cardsolve.solvers.studies.runner import MAX_SAMPLES, check_scheduler, chunk_plan, run_study
from cardsolve.solvers.studies.store import ChunkStore, study_key
from cardsolve.solvers.studies.study import Part, Result

SEATS = dataclasses.replace(find("cubu", "seats"), chunk_size=4)
"""The CUBU study in chunks of 4 games (the workers look the registered study up by name)."""
SEED = 3
LONG_STUDY = ("analyze", "cubu", "seats", "--samples", "1000000", "--workers", "2")
"""A study that runs for hours: it is stopped long before it ends."""
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc and uses prctl")


def test_the_plan_is_made_on_demand_and_the_samples_are_bounded() -> None:
    plan = chunk_plan(MAX_SAMPLES, 1)
    assert len(plan) == MAX_SAMPLES and plan.chunk(MAX_SAMPLES - 1) == (MAX_SAMPLES - 1, MAX_SAMPLES - 1, 1)
    with pytest.raises(BadInput, match=f"a study takes at most {MAX_SAMPLES} samples, not 1000000000") as error:
        chunk_plan(10**9, 200)
    assert error.value.token == "1000000000"


class CountingPool(ProcessPoolExecutor):
    """A process pool that counts the chunks submitted to it."""

    submitted = 0

    def submit(self, *args: Any, **kwargs: Any) -> Future[Any]:
        CountingPool.submitted += 1
        return super().submit(*args, **kwargs)


def test_work_is_handed_out_in_bounded_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "ProcessPoolExecutor", CountingPool)
    ahead: list[int] = []
    outcome = run_study(
        SEATS, 40, SEED, workers=2, progress=lambda done, total: ahead.append(CountingPool.submitted - done)
    )
    assert outcome.chunks == 10 and CountingPool.submitted == 10
    assert max(ahead) <= 2 * runner.IN_FLIGHT
    assert outcome.result == run_study(SEATS, 40, SEED).result


def test_combine_is_given_the_parts_one_at_a_time() -> None:
    seen: list[bool] = []

    def combine(samples: int, parts: Iterable[Part]) -> Result:
        seen.append(isinstance(parts, Iterator))
        return SEATS.combine(samples, parts)

    streamed = dataclasses.replace(SEATS, combine=combine)
    assert run_study(streamed, 14, SEED).result == run_study(SEATS, 14, SEED).result and seen == [True]


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
        except (OSError, ValueError):
            continue
        if entry.name.isdigit() and int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.add(int(entry.name))
    return found


def _alive(pids: Iterable[int]) -> set[int]:
    """Those of ``pids`` still running (a zombie counts as ended)."""
    alive = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.add(pid)
    return alive


def _started_with_workers(tmp_path: Path) -> tuple[subprocess.Popen[str], set[int]]:
    """``cardsolve`` running ``LONG_STUDY`` in its own session, once its two workers run."""
    command = [
        sys.executable,
        "-c",
        "from cardsolve.cli import main; main()",
        *LONG_STUDY,
        "--store",
        str(tmp_path / "studies.sqlite"),
    ]
    study_process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    deadline = time.monotonic() + 60
    while len(workers := _children(study_process.pid)) < 2:
        assert study_process.poll() is None and time.monotonic() < deadline, study_process.communicate()
        time.sleep(0.1)
    time.sleep(1.0)  # the workers are inside their first chunks
    return study_process, workers


def _gone_soon(pids: set[int], seconds: float = 5.0) -> bool:
    """Whether every one of ``pids`` has ended within ``seconds``."""
    deadline = time.monotonic() + seconds
    while _alive(pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not _alive(pids)


@linux_only
def test_ctrl_c_stops_a_long_study_with_130_and_no_traceback(tmp_path: Path) -> None:
    study_process, workers = _started_with_workers(tmp_path)
    os.killpg(study_process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the parent and its workers
    stopped = time.monotonic()
    out, err = study_process.communicate(timeout=30)
    assert time.monotonic() - stopped < 5
    assert study_process.returncode == 130 and not out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    chunks = -(-int(LONG_STUDY[4]) // find("cubu", "seats").chunk_size)
    store = re.escape(str(tmp_path / "studies.sqlite"))
    kept = rf"stopped: \d+ of {chunks} chunks are kept in {store}; the same command goes on from there\n"
    assert re.fullmatch(kept, err), err
    assert _gone_soon(workers)


@linux_only
def test_the_workers_end_when_the_study_is_killed(tmp_path: Path) -> None:
    study_process, workers = _started_with_workers(tmp_path)
    study_process.kill()
    study_process.communicate(timeout=30)
    assert _gone_soon(workers)


def _store_with(path: Path, part: Any, chunk: int = 0) -> bytes:
    """A store at ``path`` holding ``part`` as chunk ``chunk`` of a 14-game run of ``SEATS``;
    its bytes."""
    with ChunkStore(path) as saved:
        saved.save(study_key("cubu", "seats", 14, SEED, 4, SEATS.resolve()), chunk, part)
    return path.read_bytes()


@pytest.mark.parametrize(
    ("part", "chunk", "wrong"),
    [
        ({}, 0, "the part has no key 'cut_games'"),
        ({"target": 100}, 1, "the part has no key 'cut_games'"),
        ("x", 0, "chunk 0 is not a JSON object"),
        (None, 2, "chunk 2 is not a JSON object"),
    ],
)
def test_a_malformed_part_is_bad_input_and_the_store_is_left_alone(
    tmp_path: Path, part: Any, chunk: int, wrong: str
) -> None:
    path = tmp_path / "studies.sqlite"
    before = _store_with(path, part, chunk)
    with pytest.raises(BadInput, match=wrong) as error:
        run_study(SEATS, 14, SEED, store=path)
    assert error.value.token == str(path) and "\n" not in str(error.value)
    assert path.read_bytes() == before


def test_parts_of_the_wrong_types_or_chunks_are_named(tmp_path: Path) -> None:
    good = SEATS.run_chunk(14, SEED, 0, 4, **SEATS.resolve())
    cases = [
        ({**good, "rounds": "7"}, 0, "chunk 0 of this study is malformed: the part.rounds is '7', not an integer"),
        ({**good, "wins_by_seat": ["1/2"]}, 1, "the part.wins_by_seat has 1 items, not 4"),
        ({**good, "wins_by_seat": ["x", "1", "0", "0"]}, 0, r"the part.wins_by_seat\[0\] is 'x'"),
        ({**good, "target": True}, 0, "the part.target is True, not an integer"),
        (good, 9, "chunk 9 of this study is malformed: it is outside the study's 4 chunks"),
    ]
    for k, (part, chunk, wrong) in enumerate(cases):
        path = tmp_path / f"studies{k}.sqlite"
        before = _store_with(path, part, chunk)
        with pytest.raises(BadInput, match=wrong):
            run_study(SEATS, 14, SEED, store=path)
        assert path.read_bytes() == before


def test_a_malformed_part_on_the_command_line_is_one_line(cardsolve: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "studies.sqlite"
    args = ("analyze", "cubu", "seats", "--samples", "14", "--seed", "3", "--workers", "1", "--store", str(path))
    assert cardsolve(*args)[0] == 0
    with sqlite3.connect(path) as db:
        db.execute("UPDATE chunks SET part = '{}' WHERE chunk = 0")
    db.close()
    before = path.read_bytes()
    code, out, err = cardsolve(*args)
    assert code == 2 and not out and err.count("\n") == 1
    assert err.startswith(f"error: store {path} is not a cardsolve study store: chunk 0 of this study is malformed")
    assert path.read_bytes() == before


@pytest.fixture
def read_only_store(tmp_path: Path) -> Iterator[Path]:
    """A valid store file that cannot be written: read-only for a user, immutable
    (``chattr +i``) for root; skipped where neither can be had."""
    path = tmp_path / "studies.sqlite"
    ChunkStore(path).close()
    if os.geteuid() != 0:
        path.chmod(0o444)
        yield path
        return
    if subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False).returncode != 0:
        pytest.skip("root cannot make a file read-only here (no chattr +i)")
    try:
        yield path
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_store_is_refused_before_any_work(read_only_store: Path) -> None:
    before = read_only_store.read_bytes()
    started: list[int] = []
    with pytest.raises(BadInput, match=f"store {read_only_store} cannot be written: ") as error:
        run_study(SEATS, 14, SEED, store=read_only_store, progress=lambda done, total: started.append(done))
    assert error.value.token == str(read_only_store) and not started
    assert read_only_store.read_bytes() == before


def test_a_store_in_a_missing_folder_is_refused_not_made(cardsolve: RunCli, tmp_path: Path) -> None:
    missing = tmp_path / "missing" / "studies.sqlite"
    with pytest.raises(BadInput, match=f"the folder {missing.parent} does not exist"):
        run_study(SEATS, 14, SEED, store=missing)
    code, out, err = cardsolve("analyze", "cubu", "seats", "--store", str(missing))
    assert code == 2 and not out and err.count("\n") == 1 and "does not exist" in err
    assert not missing.parent.exists()


@pytest.mark.parametrize(
    "address",
    ["tcp://127.0.0.1:99999", "tcp://127.0.0.1:0", "127.0.0.1:8786", "tcp://:8786", "tcp://host", "udp://host:8786"],
)
def test_a_bad_scheduler_address_is_refused_when_the_line_is_read(
    cardsolve: RunCli, tmp_path: Path, address: str
) -> None:
    with pytest.raises(BadInput) as error:
        check_scheduler(address)
    assert error.value.token == address
    started = time.monotonic()
    code, out, err = cardsolve(
        "analyze", "cubu", "seats", "--scheduler", address, "--store", str(tmp_path / "studies.sqlite")
    )
    assert time.monotonic() - started < 2
    assert (
        code == 2
        and not out
        and err == f"error: bad scheduler address {address!r}: write tcp://host:port, the port 1 to 65535\n"
    )
    assert not (tmp_path / "studies.sqlite").exists()


def test_good_scheduler_addresses_pass() -> None:
    for address in ("tcp://127.0.0.1:8786", "tcp://scheduler.example.org:1", "tcp://[::1]:65535"):
        assert check_scheduler(address) == address
