"""Issue 39: a number of more than 4,300 digits (past what Python reads) in any card or
face notation is bad input in one short line, on the command line and on the web; it was
a ValueError traceback and a 500."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import RunCli
from starlette.testclient import TestClient

from cardsolve.solvers.interfaces.web.app import Settings, create_app
from cardsolve.solvers.interfaces.web.hosts import Hosts

LONG = "6" * 5000
CASES = [
    ("quibbles", "split", {"value": LONG, "display": "3,3"}),
    ("quibbles", "split", {"value": "6", "display": f"3,{LONG}"}),
    ("quibbles", "combine", {"hand": LONG, "display": "3,3"}),
    ("quibbles", "hint", {"hand": f"1,{LONG}", "display": "3,3"}),
    ("quibbles", "move", {"hand": "6", "display": "3,3", "turn": f"draw {LONG}"}),
    ("quibbles", "move", {"hand": "6", "display": "3,3", "turn": f"split {LONG} -> 3+3"}),
    ("ubongo", "verify", {"hand": f"ABC/DEF,{LONG}w", "k": "1"}),
    ("ubongo", "solve", {"hand": f"{LONG}b", "k": "1"}),
]


def _line(game: str, command: str, options: dict[str, str]) -> list[str]:
    words = [game, command]
    for name, value in options.items():
        words += [value] if name == "value" else [f"--{name}", value]
    return words


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(hosts=Hosts(frozenset({"testserver"}))))) as test_client:
        yield test_client


@pytest.mark.parametrize(("game", "command", "options"), CASES, ids=lambda x: x if isinstance(x, str) else "")
def test_a_number_too_long_to_read_is_one_short_line(
    game: str, command: str, options: dict[str, str], cardsolve: RunCli, client: TestClient
) -> None:
    code, out, err = cardsolve(*_line(game, command, options))
    assert (code, out) == (2, "") and err.startswith("error: ") and err.count("\n") == 1
    assert len(err) < 300, err  # the token is quoted in part, not whole
    response = client.post(f"/api/{game}/{command}", json=options)
    assert response.status_code == 400 and response.json() == {"error": err.strip()}
