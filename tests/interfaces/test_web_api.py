"""The web server's JSON API is a contract: ``POST /api/<game>/<command>`` answers exactly
the document ``cardsolve --json <game> <command> ...`` prints (also when the CLI exits 1),
bad input is 400 with the CLI's one-line message, for every served command of the command
table; files travel as JSON content and never as paths, and every request is bounded (body
size, time, output files refused)."""

from __future__ import annotations

import json
import shlex
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import RunCli
from documents import command_lines
from invocations import base_args, request_options
from starlette.testclient import TestClient

from cardsolve.solvers.interfaces.commands import COMMANDS, served
from cardsolve.solvers.interfaces.table import Command
from cardsolve.solvers.interfaces.values import Choice, Document, OutputFile, Seconds, Whole
from cardsolve.solvers.interfaces.web.app import MAX_BODY, MAX_DEPTH, Settings, create_app, stop_commands
from cardsolve.solvers.interfaces.web.calls import read_call
from cardsolve.solvers.interfaces.web.hosts import Hosts

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
TEST_HOST = Hosts(frozenset({"testserver"}))
"""The host Starlette's test client names in every request."""
JSON_BODY = {"content-type": "application/json"}
"""The header a body sent as bytes needs (``json=`` sends it itself)."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(time_limit=20.0, workers=2, hosts=TEST_HOST))) as test_client:
        yield test_client


def _data(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _cli_json(cardsolve: RunCli, args: list[str]) -> tuple[int, Any]:
    code, out, err = cardsolve("--json", *args)
    assert code in (0, 1, 3), err
    return code, json.loads(out)


def _settled(document: Any) -> Any:
    """The document less what may differ between two runs of the same command: the node
    count of a Was sticht? analysis, whose long searches call in a helper thread (its
    nodes counted; the README's Solve)."""
    if isinstance(document, dict) and "nodes" in document and "best_card" in document:
        return {k: v for k, v in document.items() if k != "nodes"}
    return document


def _options(args: list[str]) -> dict[str, Any]:
    """The request options for ``cardsolve <game> <command> ARGS``: the options given on
    the line by their request names, a file read as its JSON content."""
    return request_options(served()[args[0], args[1]], args[2:])


SERVED = sorted(" ".join(found.path) for found in served().values())
"""Every command the web serves, as the line names it."""


def _web_args(path: str, folder: Path) -> list[str]:
    """The base invocation of a served command, less the files it would write (the server
    writes none)."""
    found = served()[tuple(path.split())]  # type: ignore[index]
    writes = {option.cli_name for option in found.options if isinstance(option.kind, OutputFile)}
    args = base_args(path, folder)
    for flag in writes & set(args):
        at = args.index(flag)
        del args[at : at + 2]
    return args


@pytest.mark.parametrize("path", SERVED)
def test_every_served_command_answers_as_the_command_line(
    path: str, client: TestClient, cardsolve: RunCli, tmp_path: Path
) -> None:
    args = [*path.split(), *_web_args(path, tmp_path)]
    code, out, err = cardsolve("--json", *args)
    assert code in (0, 1, 3), err
    response = client.post(f"/api/{args[0]}/{args[1]}?view=page", json=_options(args))
    assert response.status_code == 200, response.text
    view = response.json()
    assert _settled(view["document"]) == _settled(json.loads(out)) and view["exit_code"] == code


def _refused(option: Any) -> str | None:
    """A value the option's kind must refuse, or None for a kind without a certain one."""
    kind = option.kind
    if isinstance(kind, Whole):
        return str(kind.low - 1)
    if isinstance(kind, Seconds):
        return "0"
    if isinstance(kind, Choice):
        return "no-such-choice"
    return None


BAD_VALUES = [
    (" ".join(found.path), option.name, value)
    for found in sorted(served().values(), key=lambda c: c.path)
    for option in found.options
    if (value := _refused(option)) is not None
]
"""(command, option, a value it must refuse) for every numeric and choice option served."""


@pytest.mark.parametrize(("path", "name", "value"), BAD_VALUES, ids=lambda x: str(x))
def test_a_bad_value_is_the_same_one_line_error_on_the_line_and_the_web(
    path: str, name: str, value: str, client: TestClient, cardsolve: RunCli, tmp_path: Path
) -> None:
    found: Command = served()[tuple(path.split())]  # type: ignore[index]
    option = next(option for option in found.options if option.name == name)
    args = _web_args(path, tmp_path)
    if option.cli_name in args:
        at = args.index(option.cli_name)
        del args[at : at + 2]
    code, out, err = cardsolve(*path.split(), *args, f"{option.cli_name}={value}")
    assert code == 2 and not out and len(err.splitlines()) == 1, err
    body = {**request_options(found, args), option.request_name: value}
    response = client.post(f"/api/{path.replace(' ', '/')}", json=body)
    assert response.status_code == 400 and response.json() == {"error": err.strip()}


def test_a_bad_document_is_the_same_one_line_error_on_the_line_and_the_web(
    client: TestClient, cardsolve: RunCli, tmp_path: Path
) -> None:
    documents = [
        (found, option)
        for found in served().values()
        for option in found.options
        if isinstance(option.kind, Document) and option.required
    ]
    assert len(documents) >= 5
    for found, option in documents:
        path = " ".join(found.path)
        args = _web_args(path, tmp_path)
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({"cards": 3, "hands": 3, "players": 3, "observations": 3}), encoding="utf-8")
        named = list(args)
        if option.argument:  # a file argument stands first in the base invocations
            named[0] = str(bad)
        else:
            named[named.index(option.cli_name) + 1] = str(bad)
        code, out, err = cardsolve(*found.path, *named)
        assert not out
        assert code == 2 and len(err.splitlines()) == 1, (path, err)
        body = {**request_options(found, named), option.request_name: json.loads(bad.read_text())}
        response = client.post(f"/api/{'/'.join(found.path)}", json=body)
        assert response.status_code == 400 and response.json() == {"error": err.strip()}, path


# Every command the issue asks the pages for, with a position: (CLI line, request options).
PAGE_COMMANDS = [
    ("quibbles split 6 --display 3,3,1,1,4,2", None),
    ("quibbles combine --hand 1,2,1,4 --display 3,3,2,6", None),
    ("quibbles hint --hand 1,2,2,3,4,6 --display 1,4,2,3,3,2 --variant solo --top 4", None),
    ("ubongo verify --hand ABC/DEF,EFG/HIJ,JKL/GCA,AAB/BCC,DDE/EFF --k 3", None),
    ("ubongo verify --hand ABC/DEF,GHI/JKL --k 2", None),
    ("ubongo solve --hand 107b,95b,75b,103b,92b,100b,96b,90b,106b", None),
    ("ubongo hint --hand 60w,59w,50w,70w,57w,72w --table tests/data/ubongo_table.json", None),
    (
        "subito optimize --pile Y4R,L6P,R2R,L1R,D3B,G3B,D2S,Y5B,D6A,P5S --tasks 2,3a,4a,5a,6a,7a,8a,9a "
        "--vs tests/data/subito_opponent.json",
        None,
    ),
    ("subito optimize --pile Y4R,L6P,R2R,L1R,D3B,G3B --tasks 2,3a,4b,5a,6b,7a,8a,9b", None),
    ("subito hint --table tests/data/subito_midround.json --card Y6S --seat 1 --samples 16", None),
    ("was-sticht deduce --clues tests/data/was_sticht_clues.json --offer R9,B1,Y5", None),
    ("was-sticht solve --deal tests/data/was_sticht_deal.json --seat 1 --task no-red", None),
    ("was-sticht table --deal tests/data/was_sticht_deal.json", None),
    ("was-sticht choose --deal tests/data/was_sticht_deal.json --seat 2", None),
    ("cubu longest --top D-L-G --hand G-P-R-D,O-P-R-L-D,R-O-P-G,L-O,O-P,P-D-G-R-O,G-R-D-L-O-P,pickup2", None),
    (
        "cubu speed --centre O-P-R-L-D --hand D-G,R-G,D-P-R-O-L-G,O-L-R,R-D-P,L-O,O-G-L-D,P-G,R-L-O,L-G-D-R-P-O "
        "--mode boxes",
        None,
    ),
]


@pytest.mark.parametrize("line", [line for line, _ in PAGE_COMMANDS], ids=lambda line: " ".join(line.split()[:2]))
def test_every_page_command_answers_the_clis_document(line: str, client: TestClient, cardsolve: RunCli) -> None:
    args = shlex.split(line)
    code, expected = _cli_json(cardsolve, args)
    response = client.post(f"/api/{args[0]}/{args[1]}", json=_options(args))
    assert response.status_code == 200, response.text
    assert _settled(response.json()) == _settled(expected)
    page = client.post(f"/api/{args[0]}/{args[1]}?view=page", json=_options(args)).json()
    assert _settled(page["document"]) == _settled(expected) and page["exit_code"] == code
    assert page["text"] == cardsolve(*args)[1].rstrip("\n")
    assert page["line"].startswith(f"cardsolve {args[0]} {args[1]} ")


def test_a_check_that_does_not_hold_is_still_200_with_the_document(client: TestClient, cardsolve: RunCli) -> None:
    code, expected = _cli_json(cardsolve, ["ubongo", "verify", "--hand", "ABC/DEF,GHI/JKL", "--k", "2"])
    response = client.post("/api/ubongo/verify?view=page", json={"hand": "ABC/DEF,GHI/JKL", "k": 2})
    assert code == 1 and response.status_code == 200
    assert response.json()["document"] == expected and response.json()["exit_code"] == 1
    assert expected["solvable"] is False


def test_the_page_view_carries_the_answers_pictures(client: TestClient) -> None:
    """A page draws an Ubongo layout from the server's own SVG, sent with the answer; an
    answer without pictures sends none, and the plain API sends only the document."""
    found = client.post("/api/ubongo/verify?view=page", json={"hand": "ABC/DEF,GHI/JKL", "k": 1}).json()
    assert list(found["pictures"]) == ["layout"] and found["pictures"]["layout"].startswith("<svg")
    position = {"game": "ubongo", "to_move": 1, "history": [], "round": 1, "hand": ["ABC/DEF"], "table": [], "k": 1}
    shown = client.post("/api/ubongo/show?view=page", json={"position": position, "moves": ["ABC/DEF@0,0r0"]})
    assert shown.json()["pictures"]["table"].count("<polygon") == 1
    empty = client.post("/api/ubongo/show?view=page", json={"position": position}).json()
    assert empty["pictures"] == {}
    assert client.post("/api/quibbles/split?view=page", json={"value": 6, "display": "1,5"}).json()["pictures"] == {}
    assert "pictures" not in client.post("/api/ubongo/verify", json={"hand": "ABC/DEF", "k": 1}).json()


def _documented_lines() -> list[str]:
    """The ``$ cardsolve`` example lines of served commands in the README and the
    documentation site's pages."""
    commands = served()
    lines = []
    for line in command_lines():
        args = [arg for arg in shlex.split(line) if arg != "--json"]
        if len(args) >= 2 and (args[0], args[1]) in commands and "--time-limit" not in args:
            lines.append(shlex.join(args))
    return sorted(set(lines))


@pytest.mark.parametrize("line", _documented_lines(), ids=lambda line: line[:60])
def test_the_documented_examples_answer_alike_on_the_web(line: str, client: TestClient, cardsolve: RunCli) -> None:
    args = shlex.split(line)
    code, out, err = cardsolve("--json", *args)
    response = client.post(f"/api/{args[0]}/{args[1]}", json=_options(args))
    if code == 2:  # a bad input shown in the docs: the web says the same line
        assert response.status_code == 400 and response.json() == {"error": err.strip()}
    else:
        assert response.status_code == 200, response.text
        assert _settled(response.json()) == _settled(json.loads(out))


def test_the_documents_have_web_examples_to_check() -> None:
    games = {shlex.split(line)[0] for line in _documented_lines()}
    assert games == {"quibbles", "ubongo", "subito", "was-sticht", "cubu"}


BAD = [  # (the CLI line, the same request)
    (["quibbles", "split", "6", "--display", "3,3,9"], {"value": "6", "display": "3,3,9"}),
    (["ubongo", "verify", "--hand", "ABC/DEF,XYZ"], {"hand": "ABC/DEF,XYZ"}),
    (
        ["subito", "optimize", "--pile", "Y4R,Q9Z", "--tasks", "2,3a,4a,5a,6a,7a,8a,9a"],
        {"pile": "Y4R,Q9Z", "tasks": "2,3a,4a,5a,6a,7a,8a,9a"},
    ),
    (
        ["was-sticht", "solve", "--deal", "tests/data/was_sticht_deal.json", "--seat", "1", "--task", "no-such"],
        {"deal": _data("was_sticht_deal.json"), "seat": 1, "task": "no-such"},
    ),
    (["cubu", "speed", "--centre", "O-P-X", "--hand", "D-G"], {"centre": "O-P-X", "hand": "D-G"}),
    (["ubongo", "verify", "--hand", "ABC/DEF", "--k", "100"], {"hand": "ABC/DEF", "k": 100}),
    (
        ["quibbles", "split", "6", "--display", "1,2", "--backend", "magic"],
        {"value": 6, "display": "1,2", "backend": "magic"},
    ),
]


@pytest.mark.parametrize(("args", "options"), BAD, ids=[" ".join(args[:2]) for args, _ in BAD])
def test_bad_input_is_400_with_the_clis_one_line_message(
    args: list[str], options: dict[str, Any], client: TestClient, cardsolve: RunCli
) -> None:
    code, out, err = cardsolve(*args)
    assert code == 2 and not out
    response = client.post(f"/api/{args[0]}/{args[1]}", json=options)
    assert response.status_code == 400
    assert response.json() == {"error": err.strip()}


@pytest.mark.parametrize(
    ("path", "body", "said"),
    [
        ("/api/ubongo/check", {"layout": "tests/data/ubongo_table.json"}, "send the file's JSON content"),
        ("/api/ubongo/verify", {"hand": "ABC/DEF", "deck": "/etc/passwd"}, "send the file's JSON content"),
        ("/api/ubongo/render", {"layout": {"cards": []}, "svg": "/tmp/x.svg"}, "the server writes no files"),
        ("/api/quibbles/solo", {}, "no command 'solo'"),
        ("/api/chess/solve", {}, "unknown game 'chess'"),
        ("/api/quibbles/split", {"value": "6", "display": "1,2", "colour": "red"}, "takes no option 'colour'"),
        ("/api/quibbles/split", {"value": "6", "display": ["1", "2"]}, "give a string or a number"),
        (
            "/api/was-sticht/solve",
            {"deal": _data("was_sticht_deal.json"), "seat": 1, "task": "no-red", "alone": "yes"},
            "is a flag",
        ),
        ("/api/ubongo/verify", {"hand": "ABC/DEF", "time_limit": 1000}, "over this server's limit of 20 s"),
        ("/api/ubongo/verify", {"hand": "ABC/DEF", "time_limit": "1e9"}, "bad --time-limit '1e9'"),
        ("/api/quibbles/hint", {"display": "1,2"}, "quibbles hint needs --hand"),
        ("/api/ubongo/check", {"layout": None}, "ubongo check needs LAYOUT.json"),
    ],
)
def test_what_a_request_may_not_ask_is_refused(path: str, body: dict[str, Any], said: str, client: TestClient) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 400
    assert said in response.json()["error"]


def test_bodies_that_broke_the_server_are_refused_as_bad_input(client: TestClient) -> None:
    """Each of these once answered 500: a number too long for Python to read, a time limit
    too large for a float, lists nested past the parser's depth, and a file nested too deep
    to hand to a worker process."""
    long_number = client.post(
        "/api/quibbles/split", content=b'{"value": ' + b"1" * 4301 + b', "display": "3,3"}', headers=JSON_BODY
    )
    assert long_number.status_code == 400 and "not JSON that can be read" in long_number.json()["error"]
    vast = client.post(
        "/api/quibbles/split",
        content=b'{"value": "6", "display": "3,3", "time_limit": 1' + b"0" * 309 + b"}",
        headers=JSON_BODY,
    )
    assert vast.status_code == 400 and "--time-limit" in vast.json()["error"]
    deep = client.post("/api/quibbles/split", content=b"[" * 100_000 + b"]" * 100_000, headers=JSON_BODY)
    assert deep.status_code == 400 and "not JSON that can be read" in deep.json()["error"]
    nested: Any = []
    for _ in range(500):
        nested = [nested]
    inside = client.post("/api/ubongo/check", json={"layout": nested})
    assert inside.status_code == 400 and f"deeper than {MAX_DEPTH} levels" in inside.json()["error"]
    layout = json.loads((ROOT / "tests" / "data" / "ubongo_mismatch.json").read_text())
    assert client.post("/api/ubongo/check", json={"layout": layout}).status_code == 200


def test_a_whole_number_written_as_a_float_is_that_number(client: TestClient) -> None:
    response = client.post("/api/quibbles/split", json={"value": 6.0, "display": "3,3,1,1,4,2"})
    assert response.status_code == 200 and response.json()["taken"] == 5
    assert (
        read_call("quibbles", "split", {"value": 6.0, "display": "1"}).line()
        == "cardsolve quibbles split --display 1 6"
    )
    fraction = client.post("/api/quibbles/split", json={"value": 6.5, "display": "1"})
    assert fraction.status_code == 400 and "6.5" in fraction.json()["error"]


def test_an_error_that_echoes_a_long_input_is_cut_short(client: TestClient) -> None:
    quoted = client.post("/api/quibbles/split", json={"value": "6", "display": "x" * 5000}).json()["error"]
    assert len(quoted) < 200 and "xxx..." in quoted  # a value is quoted in part
    response = client.post("/api/quibbles/split", json={"value": "6", "display": "1", "y" * 5000: 1})
    error = response.json()["error"]  # an option's name is echoed whole, and the server cuts it
    assert response.status_code == 400 and len(error) < 600 and "characters in all)" in error


def test_a_lone_surrogate_in_a_file_is_escaped_in_the_page_view(client: TestClient, tmp_path: Path) -> None:
    table = json.loads((ROOT / "tests" / "data" / "subito_example.json").read_text())
    table["players"][0]["name"] = "\ud800X"
    response = client.post(
        "/api/subito/score?view=page", content=json.dumps({"table": table}).encode(), headers=JSON_BODY
    )
    assert response.status_code == 200 and "\\ud800X" in response.text
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "cardsolve.cli", "subito", "score", str(path)], capture_output=True, text=True
    )
    assert run.returncode == 0 and "points: \\ud800X 17" in run.stdout and "Traceback" not in run.stderr


def test_a_file_error_names_the_file_as_the_api_does(client: TestClient) -> None:
    response = client.post("/api/ubongo/check", json={"layout": {"cards": 3}})
    assert response.status_code == 400
    assert response.json()["error"].startswith("error: layout: ") and "/tmp" not in response.text
    table = client.post("/api/ubongo/hint", json={"hand": "60w", "table": {"cards": 3}})
    assert table.status_code == 400 and table.json()["error"].startswith("error: table: ")


def test_a_body_that_is_not_json_or_too_large_is_refused(client: TestClient) -> None:
    not_json = client.post("/api/quibbles/split", content=b"{value: 6", headers=JSON_BODY)
    assert not_json.status_code == 400 and "not JSON" in not_json.json()["error"]
    not_object = client.post("/api/quibbles/split", json=[6])
    assert not_object.status_code == 400 and "JSON object" in not_object.json()["error"]
    huge = client.post("/api/quibbles/split", content=b" " * (MAX_BODY + 1), headers=JSON_BODY)
    assert huge.status_code == 413 and "KB" in huge.json()["error"]


def test_the_catalogue_lists_every_served_command_with_its_options(client: TestClient) -> None:
    catalogue = client.get("/api").json()
    assert set(catalogue) == {"quibbles", "ubongo", "subito", "was-sticht", "cubu"}
    assert {"value", "display", "backend", "time_limit"} <= set(catalogue["quibbles"]["split"]["options"])
    assert catalogue["ubongo"]["check"]["options"]["layout"]["required"] is True
    assert catalogue["ubongo"]["verify"]["options"]["time_limit"]["default"] == 20.0  # the server's cap, not 60
    assert "solo" not in catalogue["quibbles"] and "simulate" not in catalogue["cubu"]


def test_pages_and_their_files_are_served_without_outside_addresses(client: TestClient) -> None:
    for path in ["/", "/quibbles", "/ubongo", "/subito", "/was-sticht", "/cubu"]:
        response = client.get(path)
        assert response.status_code == 200 and "text/html" in response.headers["content-type"]
    static = ROOT / "solvers" / "interfaces" / "web" / "static"
    for file in static.iterdir():
        text = file.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text and "//cdn" not in text, file.name
        assert client.get(f"/static/{file.name}").status_code == 200


def test_an_unknown_address_answers_json_404(client: TestClient) -> None:
    response = client.get("/nowhere")
    assert response.status_code == 404 and "error" in response.json()


def test_the_line_names_file_arguments_by_their_label() -> None:
    call = read_call("was-sticht", "solve", {"deal": _data("was_sticht_deal.json"), "seat": 2, "task": "no-red"})
    assert call.line() == "cardsolve was-sticht solve --deal DEAL.json --seat 2 --task no-red"
    assert call.files() == {"DEAL.json": _data("was_sticht_deal.json")}
    negative = read_call("quibbles", "split", {"value": "-1", "display": "1"})
    assert negative.line().endswith(" -- -1")


def test_a_slow_request_is_stopped_undecided_and_does_not_hold_up_a_quick_one() -> None:
    finished: dict[str, float] = {}
    with TestClient(create_app(Settings(time_limit=1.0, workers=2, grace=2.0, hosts=TEST_HOST))) as client:
        slow_body = {"hand": "1,1,2,2,3,3,4,4,5,5,6,6", "display": "1,2,3,4,5,6", "samples": 10000}

        def slow() -> None:
            response = client.post("/api/quibbles/hint", json=slow_body)
            finished["slow"] = time.monotonic()
            finished["slow status"] = response.status_code
            finished["undecided"] = float("undecided" in response.json().get("error", ""))

        thread = threading.Thread(target=slow)
        thread.start()
        time.sleep(0.5)
        quick = client.post("/api/quibbles/split", json={"value": "6", "display": "3,3,1,1,4,2"})
        finished["quick"] = time.monotonic()
        thread.join(timeout=60)
    assert quick.status_code == 200 and quick.json()["taken"] == 5
    assert finished["slow status"] == 504 and finished["undecided"] == 1.0
    assert finished["quick"] < finished["slow"]


def test_every_game_command_is_served_and_nothing_else() -> None:
    games = {"quibbles", "ubongo", "subito", "was-sticht", "cubu"}
    assert {found.path for found in served().values()} == {found.path for found in COMMANDS if found.group in games}
    assert all(not found.served for found in COMMANDS if found.group not in games)


def test_stopping_answers_the_running_and_the_waiting_requests_stopped_at_once() -> None:
    """One worker: one slow request runs, another waits for the worker; stopping the
    commands (what Ctrl-C on ``cardsolve serve`` does) answers both 503 "stopped" at once."""
    app = create_app(Settings(time_limit=60.0, workers=1, hosts=TEST_HOST))
    slow_body = {"hand": "1,1,2,2,3,3,4,4,5,5,6,6", "display": "1,2,3,4,5,6", "samples": 10000}
    answers: list[tuple[int, Any]] = []

    def slow(server: TestClient) -> None:
        response = server.post("/api/quibbles/hint", json=slow_body)
        answers.append((response.status_code, response.json()))

    with TestClient(app) as server:
        threads = [threading.Thread(target=slow, args=(server,)) for _ in range(2)]
        for thread in threads:
            thread.start()
        time.sleep(1.0)
        assert not answers, "the slow requests should still be running"
        stopped = time.monotonic()
        stop_commands(app)
        for thread in threads:
            thread.join(timeout=10)
        assert time.monotonic() - stopped < 2
        later = server.post("/api/quibbles/split", json={"value": "6", "display": "3,3,1,1,4,2"})
    said = {"error": "stopped: the server is stopping; the command was stopped"}
    assert answers == [(503, said), (503, said)]
    assert later.status_code == 503 and later.json() == said


@pytest.mark.parametrize(
    "kind", [None, "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "application/jsonx"]
)
def test_a_body_that_is_not_sent_as_json_is_refused_before_anything_is_computed(
    kind: str | None, client: TestClient
) -> None:
    """A page elsewhere can send text/plain or a form without the browser asking first
    (it cannot send application/json so): none of them is computed."""
    headers = {} if kind is None else {"content-type": kind}
    response = client.post("/api/quibbles/split", content=b'{"value": "6", "display": "3,3"}', headers=headers)
    assert response.status_code == 415
    given = "none was given" if kind is None else f"not {kind!r}"
    assert response.json() == {"error": f"error: send the options as Content-Type: application/json ({given})"}


@pytest.mark.parametrize("kind", ["application/json", "application/json; charset=utf-8", "Application/JSON"])
def test_json_is_taken_with_or_without_a_charset(kind: str, client: TestClient) -> None:
    body = b'{"value": "6", "display": "3,3,1,1,4,2"}'
    response = client.post("/api/quibbles/split", content=body, headers={"content-type": kind})
    assert response.status_code == 200 and response.json()["taken"] == 5


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", "/quibbles"),
        ("GET", "/static/cardsolve.js"),
        ("GET", "/api"),
        ("POST", "/api/quibbles/split"),
    ],
)
def test_a_request_for_another_host_is_refused_everywhere(method: str, path: str, client: TestClient) -> None:
    """A page elsewhere that points its own name at this machine (DNS rebinding) gets
    nothing: not a page, not the catalogue, no answer computed."""
    body = {"value": "6", "display": "3,3"} if method == "POST" else None
    response = client.request(method, path, json=body, headers={"host": "evil.example:8000"})
    assert response.status_code == 400
    assert response.json() == {
        "error": "error: this server does not answer for the host 'evil.example:8000': it answers testserver on any port"
    }
    assert client.request(method, path, json=body).status_code == 200


def test_a_server_answers_the_loopback_names_unless_told_otherwise() -> None:
    default = TestClient(create_app(Settings()))  # no lifespan: refused before any command would run
    refused = default.get("/api")
    assert refused.status_code == 400
    assert refused.json() == {
        "error": "error: this server does not answer for the host 'testserver': "
        "it answers 127.0.0.1, [::1], localhost on any port"
    }
    for host in ("127.0.0.1:8000", "localhost:51234", "[::1]:8000", "localhost"):
        assert default.get("/api", headers={"host": host}).status_code == 200, host


ME = socket.gethostname().lower()


@pytest.mark.parametrize(
    ("listening", "header", "answered"),
    [
        # on loopback (the default): localhost and the address listened on, with the port
        ("127.0.0.1", "127.0.0.1:8000", True),
        ("127.0.0.1", "localhost:8000", True),
        ("127.0.0.1", "LocalHost.:8000", True),
        ("127.0.0.1", "localhost:8001", False),
        ("127.0.0.1", "localhost", False),  # port 80
        ("127.0.0.1", "[::1]:8000", False),
        ("127.0.0.1", "127.0.0.1.nip.io:8000", False),
        ("127.0.0.1", "evil.example:8000", False),
        ("127.0.0.1", f"{ME}:8000", False),
        ("127.0.0.1", "", False),
        ("127.0.0.1", "127.0.0.1:", False),
        ("127.0.0.1", "127.0.0.1:8000:8000", False),
        ("127.0.0.1", "127.0.0.1:+8000", False),
        ("::1", "[::1]:8000", True),
        ("::1", "[0:0::1]:8000", True),
        ("::1", "::1:8000", False),
        ("::1", "[::1]8000", False),
        ("localhost", "[::1]:8000", True),
        # on every address: also any IP address written out, and this machine's names
        ("0.0.0.0", "192.168.1.20:8000", True),
        ("0.0.0.0", "[fe80::1]:8000", True),
        ("0.0.0.0", "localhost:8000", True),
        ("0.0.0.0", f"{ME}:8000", True),
        ("0.0.0.0", f"{ME.split('.')[0]}.local:8000", True),
        ("0.0.0.0", "192.168.1.20:9000", False),
        ("0.0.0.0", "192.168.1.20.nip.io:8000", False),
        ("0.0.0.0", "evil.example:8000", False),
        ("::", "10.0.0.7:8000", True),
        # on one other address: that address and this machine's names
        ("192.168.1.20", "192.168.1.20:8000", True),
        ("192.168.1.20", f"{ME}:8000", True),
        ("192.168.1.20", "192.168.1.21:8000", False),
        ("192.168.1.20", "localhost:8000", False),
    ],
)
def test_the_hosts_a_server_answers_are_those_it_is_reached_by(listening: str, header: str, answered: bool) -> None:
    assert Hosts.listening(listening, 8000).allows(header) is answered


def test_a_server_on_port_80_answers_a_host_without_a_port() -> None:
    assert Hosts.listening("127.0.0.1", 80).allows("localhost")
    assert Hosts.listening("127.0.0.1", 80).allows("127.0.0.1:80")
    assert not Hosts.listening("127.0.0.1", 80).allows("localhost:8000")
