"""The web server: an ASGI application (Starlette) with one page per game and the JSON API
underneath them.

- ``GET /`` lists the games; ``GET /quibbles``, ``/ubongo``, ``/subito``, ``/was-sticht``
  and ``/cubu`` are one page each; ``/static/...`` serves their scripts and styles (the
  pages load nothing from elsewhere).
- ``GET /api`` lists every command served, with its options as a request names them.
- ``POST /api/<game>/<command>`` with a JSON object of the command's options answers 200
  with exactly the document ``cardsolve --json <game> <command> ...`` prints (whatever
  its exit code), 400 with ``{"error": "<the CLI's one-line message>"}`` on bad input,
  413 when the body is too large, 415 when it is not sent as ``Content-Type:
  application/json`` (a page elsewhere cannot send that without the browser asking
  first, and this server never says yes), 503 or 504 with ``"undecided"`` in the error
  when no answer came within the server's time limit, 503 ``"stopped: ..."`` when the
  server stops (Ctrl-C) before the answer. With ``?view=page`` the 200 answer wraps the
  document with the CLI's text output, exit code, command line and files, which the
  pages show.

Every request must name this server in its ``Host`` header, as ``hosts`` reads it
(else 400), so that a page elsewhere cannot reach it under a name of its own (DNS
rebinding). A client that goes away before sending its whole request is one line in the
server's log.

Every command runs in a process of its own (``worker.Requests``), off the event loop, so
that one slow request does not hold up the others.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from cardsolve.models.errors import BadInput
from cardsolve.models.games import GAMES, command_name
from cardsolve.solvers.interfaces.commands import served
from cardsolve.solvers.interfaces.table import Command, error_line
from cardsolve.solvers.interfaces.values import Flag
from cardsolve.solvers.interfaces.web.calls import read_call, served_time_limit
from cardsolve.solvers.interfaces.web.hosts import LOOPBACK, Hosts
from cardsolve.solvers.interfaces.web.worker import BAD_INPUT, CLOSED, OK, WATCH, Outcome, Requests

STATIC = Path(__file__).parent / "static"
MAX_BODY = 256 * 1024
"""The largest request body taken, in bytes (a deck file is about 10 KB)."""
MAX_MESSAGE = 500
"""The most characters of an error message sent back: past it, the message is cut."""
MAX_DEPTH = 32
"""The deepest nesting of lists and objects a request body may have: a deal or deck file
inside a request nests 4 or 5 levels, and a body hundreds deep could not even be handed
to a worker process."""
JSON = "application/json"
"""The one content type a request body is taken in."""

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Settings:
    """How the server runs: ``time_limit`` is the most seconds any command may search
    (given to every command with a ``--time-limit``); every command is stopped at
    ``time_limit + grace`` seconds (the grace covers building a model, loading a kernel
    and writing the answer); ``workers`` is how many commands are computed at once;
    ``hosts`` are the ``Host`` headers answered (by default the loopback names on any
    port; ``cardsolve serve`` gives those of the address it listens on)."""

    time_limit: float = 20.0
    workers: int = 2
    grace: float = 10.0
    hosts: Hosts = LOOPBACK


def create_app(settings: Settings = Settings()) -> Starlette:
    """The web application, its request processes started with it and stopped with it."""
    requests = Requests(settings.workers, settings.time_limit + settings.grace)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await run_in_threadpool(requests.start)
        try:
            yield
        finally:
            requests.stop()

    async def answer(request: Request) -> Response:
        game, command = request.path_params["game"], request.path_params["command"]
        page = request.query_params.get("view") == "page"
        kind = request.headers.get("content-type")
        if kind is None or kind.split(";")[0].strip().lower() != JSON:
            given = "none was given" if kind is None else f"not {kind[:80]!r}"
            return _error(415, f"error: send the options as Content-Type: {JSON} ({given})")
        try:
            options = json.loads(await _body(request) or b"{}")
        except ClientDisconnect:
            client = f"{request.client.host}:{request.client.port}" if request.client else "a client"
            _log.warning(
                "%s went away before sending the whole request %s %s", client, request.method, request.url.path
            )
            return Response(status_code=CLOSED)  # nobody reads it
        except _TooLarge:
            return _error(413, f"error: the request body is over {MAX_BODY // 1024} KB")
        except (ValueError, RecursionError) as error:  # not UTF-8, not JSON, a number too long to read, too deep
            return _error(BAD_INPUT, f"error: the request body is not JSON that can be read: {error}")
        if _nesting(options) > MAX_DEPTH:
            return _error(BAD_INPUT, f"error: the request body nests lists and objects deeper than {MAX_DEPTH} levels")
        try:
            call = read_call(game, command, options, time_limit=settings.time_limit)
        except BadInput as error:
            return _error(BAD_INPUT, error_line(str(error)))
        abandoned = threading.Event()
        watcher = asyncio.create_task(_watch(request, abandoned))
        try:
            outcome = await run_in_threadpool(requests.run, call, abandoned)
        finally:
            watcher.cancel()
        if outcome.status != OK:
            return _error(outcome.status, outcome.error)
        if page:
            # ASCII-escaped, as the command's own document is: a lone surrogate from a file stays printable
            return Response(json.dumps(_page_view(outcome, call.line(), call.files())), media_type="application/json")
        return Response(outcome.json_text, media_type="application/json")

    async def catalogue(request: Request) -> Response:
        listed: dict[str, dict[str, Any]] = {}
        for (game, name), command in served().items():
            listed.setdefault(game, {})[name] = _describe(command, settings.time_limit)
        return JSONResponse(listed)

    def page(name: str) -> Route:
        async def show(request: Request) -> Response:
            return FileResponse(STATIC / f"{name}.html", media_type="text/html")

        return Route("/" if name == "index" else f"/{name}", show)

    routes = [
        page("index"),
        *(page(command_name(game)) for game in GAMES),
        Route("/api", catalogue),
        Route("/api/{game}/{command}", answer, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(_HostCheck, hosts=settings.hosts)],
        exception_handlers={HTTPException: _http_error},
    )
    app.state.requests = requests
    return app


def stop_commands(app: Starlette) -> None:
    """Stop every command ``app`` (from ``create_app``) runs, at once: their requests, and
    any later one, answer 503 "stopped". A server calls it as soon as it is told to stop
    (Ctrl-C), so that it does not wait for its commands' deadlines before it ends."""
    requests: Requests = app.state.requests
    requests.stop()


class _HostCheck:
    """Answers 400, and nothing else, to a request whose ``Host`` header is not one of
    ``hosts``."""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = Headers(scope=scope).get("host", "")
            if not self.hosts.allows(host):
                named = f"the host {host[:80]!r}" if host else "no host"
                refused = _error(
                    BAD_INPUT, f"error: this server does not answer for {named}: it answers {self.hosts.shown()}"
                )
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)


class _TooLarge(Exception):
    """The request body passed ``MAX_BODY``."""


async def _body(request: Request) -> bytes:
    """The request body, read no further than ``MAX_BODY`` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise _TooLarge
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise _TooLarge
    return bytes(body)


async def _watch(request: Request, abandoned: threading.Event) -> None:
    """Set ``abandoned`` when the client of ``request`` disconnects."""
    while not await request.is_disconnected():
        await asyncio.sleep(WATCH)
    abandoned.set()


def _nesting(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (0 for a plain value), counted without
    recursion; the count stops a level past ``MAX_DEPTH``."""
    deepest, level = 0, [(value, 0)]
    while level:
        item, depth = level.pop()
        if isinstance(item, (list, dict)) and depth <= MAX_DEPTH:
            deepest = max(deepest, depth + 1)
            level.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _error(status: int, message: str) -> JSONResponse:
    """An error answer; a message that echoes a long input is cut to ``MAX_MESSAGE``."""
    if len(message) > MAX_MESSAGE:
        message = f"{message[:MAX_MESSAGE]}… ({len(message):,} characters in all)"
    return JSONResponse({"error": message}, status_code=status)


async def _http_error(request: Request, error: Exception) -> Response:
    """Unknown addresses and methods answer JSON for the API, as the rest of it does."""
    assert isinstance(error, HTTPException)
    return _error(error.status_code, f"error: {error.detail}: {request.method} {request.url.path}")


def _page_view(outcome: Outcome, line: str, files: dict[str, Any]) -> dict[str, Any]:
    """What a page shows of an answer: the document, the CLI's text output and exit code,
    the answer's SVG pictures by name, and the command line (with the files it names) that
    gives the same answer."""
    return {
        "document": json.loads(outcome.json_text),
        "text": outcome.text,
        "exit_code": outcome.exit_code,
        "pictures": outcome.pictures,
        "line": line,
        "files": files,
    }


def _describe(command: Command, time_limit: float) -> dict[str, Any]:
    """A command as the API takes it: its help and its options by request name, each
    with the default this server uses (a time limit at most the server's)."""
    defaults = command.defaults()

    def default(name: str) -> Any:
        if name == "time_limit":
            return served_time_limit(command, time_limit)
        value = defaults[name]
        return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)

    return {
        "help": command.summary,
        "options": {
            option.request_name: {
                "required": option.required,
                "flag": isinstance(option.kind, Flag),
                "default": default(option.name),
                "help": option.help,
            }
            for option in command.options
            if not option.writes_file
        },
    }
