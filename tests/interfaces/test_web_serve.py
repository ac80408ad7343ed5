"""``cardsolve serve`` as a user runs it: it says where it listens (and that a phone can
reach it on 0.0.0.0), answers, and Ctrl-C stops it with exit 130 and no process left
behind, at once, also in the middle of an answer; it answers only its own host and JSON
bodies; a client that goes away is one line in its log; a port in use or a bad address
is one line and exit 2."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from browser import free_port
from processes import alive


def _cardsolve() -> str:
    script = Path(sys.executable).with_name("cardsolve")
    return str(script) if script.exists() else "cardsolve"


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (and theirs), from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            child = int(stat.parent.name)
            found += [child, *_children(child)]
    return found


def _start(*options: str) -> subprocess.Popen[str]:
    """``cardsolve serve`` with ``options``, in a session of its own (as a terminal runs
    it: Ctrl-C reaches every process of the session)."""
    return subprocess.Popen(
        [_cardsolve(), "serve", *options],
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _post(port: int, path: str, options: dict[str, Any]) -> urllib.request.Request:
    return urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method="POST",
        data=json.dumps(options).encode(),
        headers={"Content-Type": "application/json"},
    )


def _raw_request(path: str, body: bytes, *, host: str, kind: str = "application/json") -> bytes:
    """The head of a POST request as a client sends it, with the body's full length; the
    server closes the connection after its answer (else it would wait for another request)."""
    return (
        f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()


def _answer(connection: socket.socket) -> tuple[int, Any]:
    """The status and JSON body of the answer on ``connection`` (read to its end)."""
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


SLOW_HINT = {"hand": "1,1,2,2,3,3,4,4,5,5,6,6", "display": "1,2,3,4,5,6", "samples": 10000}
"""A Quibbles hint that takes many seconds."""


def _wait_for_line(process: subprocess.Popen[str], word: str, seconds: float) -> list[str]:
    assert process.stderr is not None
    lines: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        lines.append(line)
        if word in line:
            return lines
    raise AssertionError(f"no {word!r} line: {lines}")


def test_serve_answers_says_a_phone_can_reach_it_and_stops_on_ctrl_c() -> None:
    port = free_port()
    process = subprocess.Popen(
        [_cardsolve(), "serve", "--host", "0.0.0.0", "--port", str(port), "--workers", "1"],
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        lines = _wait_for_line(process, "ready:", 180)
        assert any("phone on the same network opens http://" in line for line in lines), lines
        request = _post(port, "/api/quibbles/split", {"value": "6", "display": "3,3,1,1,4,2"})
        with urllib.request.urlopen(request, timeout=60) as response:
            assert json.load(response)["taken"] == 5
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/ubongo", timeout=30) as response:
            assert b"<html" in response.read()
        helpers = _children(process.pid)
        assert helpers, "the fork server should be running"
        process.send_signal(signal.SIGINT)
        code = process.wait(timeout=60)
        assert code == 130
        assert process.stderr is not None and "interrupted" in process.stderr.read()
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in helpers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in helpers if alive(pid)], "processes left behind"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_port_in_use_is_refused_in_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [_cardsolve(), "serve", "--port", str(port)], capture_output=True, text=True, timeout=60, check=False
        )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"error: cannot listen on 127.0.0.1 port {port}: Address already in use"
    ]


def test_a_bad_host_is_refused_in_one_line() -> None:
    done = subprocess.run(
        [_cardsolve(), "serve", "--host", "my laptop"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ},
    )
    assert done.returncode == 2
    assert done.stderr.strip() == "error: --host 'my laptop' is not an IP address (127.0.0.1, 0.0.0.0, ::1)"


def test_an_abandoned_request_frees_its_worker_at_once() -> None:
    """With one worker and a 20 s limit, a slow request whose client hangs up must not
    keep the worker: the next request is answered within seconds."""
    port = free_port()
    process = _start("--port", str(port), "--workers", "1")
    try:
        _wait_for_line(process, "ready:", 180)
        body = json.dumps(SLOW_HINT).encode()
        with socket.create_connection(("127.0.0.1", port), timeout=10) as hanging:
            hanging.sendall(_raw_request("/api/quibbles/hint", body, host=f"127.0.0.1:{port}") + body)
            time.sleep(1.0)
        started = time.monotonic()
        with urllib.request.urlopen(
            _post(port, "/api/quibbles/split", {"value": "6", "display": "3,3,1,1,4,2"}), timeout=60
        ) as response:
            assert json.load(response)["taken"] == 5
        assert time.monotonic() - started < 8, "the abandoned request held the only worker"
    finally:
        _stop(process)


@pytest.mark.parametrize("reaches", ["the session", "the server"])
def test_ctrl_c_in_the_middle_of_an_answer_stops_at_once_and_answers_stopped(reaches: str) -> None:
    """Ctrl-C while a slow command runs (60 s allowed): its client is answered 503
    "stopped" in JSON at once and the server exits 130 within a couple of seconds, with no
    process left and no traceback. A terminal's Ctrl-C reaches every process of the
    session (the request's own process too); ``kill -INT`` reaches the server alone."""
    port = free_port()
    process = _start("--port", str(port), "--workers", "1", "--time-limit", "60")
    try:
        _wait_for_line(process, "ready:", 180)
        helpers = _children(process.pid)
        body = json.dumps(SLOW_HINT).encode()
        with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
            client.sendall(_raw_request("/api/quibbles/hint", body, host=f"localhost:{port}") + body)
            deadline = time.monotonic() + 30
            while len(_children(process.pid)) <= len(helpers) and time.monotonic() < deadline:
                time.sleep(0.05)
            running = [pid for pid in _children(process.pid) if pid not in helpers]
            assert running, "the request's process should be running"
            time.sleep(0.5)  # well into the search
            if reaches == "the session":
                os.killpg(process.pid, signal.SIGINT)
            else:
                process.send_signal(signal.SIGINT)
            interrupted = time.monotonic()
            status, answer = _answer(client)
        code = process.wait(timeout=30)
        took = time.monotonic() - interrupted
        assert (status, answer) == (503, {"error": "stopped: the server is stopping; the command was stopped"})
        assert code == 130 and took < 3, (code, took)
        assert process.stderr is not None
        said = process.stderr.read()
        assert said.strip().splitlines()[-1] == "interrupted" and "Traceback" not in said, said
        deadline = time.monotonic() + 3
        while any(alive(pid) for pid in helpers + running) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in helpers + running if alive(pid)], "processes left behind"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_only_its_own_host_and_json_bodies_are_answered() -> None:
    """A page elsewhere can name this machine under a name of its own (DNS rebinding) or
    send text/plain without the browser asking first: neither is computed."""
    port = free_port()
    process = _start("--port", str(port), "--workers", "1")
    options = {"value": "6", "display": "3,3,1,1,4,2"}
    body = json.dumps(options).encode()
    try:
        _wait_for_line(process, "ready:", 180)
        for host, kind, status in [
            (f"127.0.0.1:{port}", "application/json", 200),
            (f"localhost:{port}", "application/json; charset=utf-8", 200),
            (f"evil.example:{port}", "application/json", 400),
            (f"localhost:{port + 1}", "application/json", 400),
            (f"127.0.0.1:{port}", "text/plain", 415),
        ]:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
                client.sendall(_raw_request("/api/quibbles/split", body, host=host, kind=kind) + body)
                answered, answer = _answer(client)
            assert answered == status, (host, kind, answer)
            assert answer["taken"] == 5 if status == 200 else answer["error"].startswith("error: "), answer
        plain = urllib.request.Request(f"http://127.0.0.1:{port}/api/quibbles/split", method="POST", data=body)
        with pytest.raises(urllib.error.HTTPError) as refused:  # urllib sends a form's type unless told
            urllib.request.urlopen(plain, timeout=60)
        assert refused.value.code == 415
    finally:
        _stop(process)


def test_a_client_that_sends_half_its_body_is_one_line_in_the_log() -> None:
    port = free_port()
    process = _start("--port", str(port), "--workers", "1")
    options = {"value": "6", "display": "3,3,1,1,4,2"}
    body = json.dumps(options).encode()
    try:
        _wait_for_line(process, "ready:", 180)
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port), timeout=30) as client:
                client.sendall(_raw_request("/api/quibbles/split", body, host=f"127.0.0.1:{port}") + body[:10])
                time.sleep(0.3)
        with urllib.request.urlopen(_post(port, "/api/quibbles/split", options), timeout=60) as response:
            assert json.load(response)["taken"] == 5
    finally:
        _stop(process)
    assert process.stderr is not None
    said = process.stderr.read()
    assert "Traceback" not in said, said
    went_away = [line for line in said.splitlines() if "went away" in line]
    assert len(went_away) == 3, said
    assert went_away[0].startswith("127.0.0.1:") and went_away[0].endswith(
        "went away before sending the whole request POST /api/quibbles/split"
    )
