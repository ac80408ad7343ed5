"""``cardsolve serve``: the local web page of every game (``solvers.web``), served by
uvicorn until Ctrl-C."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.processes import most_workers
from cardsolve.solvers.interfaces.values import Seconds, Whole

if TYPE_CHECKING:  # socket and ipaddress load when the server starts, not with the command line
    import socket

MOST_SECONDS = 600.0
"""The longest time limit a server gives one answer."""


def _host(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """``--host``: an IP address of this computer to listen on, or ``localhost``."""
    if value == "localhost":
        return value
    import ipaddress

    try:
        return str(ipaddress.ip_address(value))
    except ValueError:
        raise BadInput(f"--host {value!r} is not an IP address (127.0.0.1, 0.0.0.0, ::1)", value) from None


def _seconds(ctx: click.Context, param: click.Parameter, value: str) -> float:
    """``--time-limit``: from 1 second to ``MOST_SECONDS``."""
    seconds = float(Seconds(MOST_SECONDS).read(value, "--time-limit"))
    if seconds < 1:
        raise BadInput(f"bad --time-limit {value!r}: give 1 to {MOST_SECONDS:g} seconds", value)
    return seconds


def _workers(ctx: click.Context, param: click.Parameter, value: str | None) -> int | None:
    """``--workers``: answers computed at once, from 1 to what the machine runs
    (``processes.most_workers``)."""
    return None if value is None else int(Whole(1, most_workers).read(value, "--workers"))


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    callback=_host,
    help="The address to listen on: loopback (this computer only) by default; 0.0.0.0 also serves "
    "a phone or laptop on the same network.",
)
@click.option(
    "--port",
    default="8000",
    callback=lambda ctx, param, value: Whole(1, 65535).read(value, "--port"),
    help="The port to listen on (1 to 65535). [default: 8000]",
)
@click.option(
    "--time-limit",
    default="20",
    callback=_seconds,
    help="Seconds any one answer may search, 1 to 600; past them (and a few seconds to set up) "
    "the answer is undecided. [default: 20]",
)
@click.option(
    "--workers",
    callback=_workers,
    help="Answers computed at once (default and most: one per core, and no more than the free memory holds at "
    "200 MB each); more requests wait their turn.",
)
def serve(host: str, port: int, time_limit: float, workers: int | None) -> None:
    """A local web page for every game: enter a position by tapping cards and get the
    answer drawn, over a JSON API (POST /api/<game>/<command>) that answers exactly as
    `cardsolve --json` does. Ctrl-C stops it."""
    import uvicorn

    from cardsolve.solvers.interfaces.web.app import Settings, create_app, stop_commands
    from cardsolve.solvers.interfaces.web.hosts import Hosts

    _check_free(host, port)
    address = f"http://{_shown(host)}:{port}/"
    if host in ("0.0.0.0", "::"):
        reach = (
            f"listening on every network address of this computer: a phone on the same network opens "
            f"http://{_lan_address()}:{port}/"
        )
    else:
        reach = "listening on this computer only (--host 0.0.0.0 serves a phone on the same network)"
    click.echo("cardsolve serve: loading the solvers (the first start after an install compiles them)...", err=True)
    app = create_app(
        Settings(time_limit=time_limit, workers=workers or most_workers(), hosts=Hosts.listening(host, port))
    )

    class Server(uvicorn.Server):
        """uvicorn's server, saying "ready" once it listens (the application's start-up,
        the solvers loaded and the request processes started, runs before the socket is
        bound, and a page opened in between would be refused), and stopping the running
        commands as soon as it is told to stop (uvicorn would wait for their answers)."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                click.echo(f"ready: open {address}; {reach}; Ctrl-C stops", err=True)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            stop_commands(app)
            await super().shutdown(sockets)

    server = Server(uvicorn.Config(app, host=host, port=port, log_level="warning"))
    server.run()
    if not server.started:
        raise click.ClickException("the server did not start (see the lines above)")
    raise KeyboardInterrupt  # it runs until Ctrl-C (or a SIGTERM): the CLI says "interrupted", exit 130


def _check_free(host: str, port: int) -> None:
    """Refuse a port another program listens on, before the solvers are loaded."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise BadInput(f"cannot listen on {host} port {port}: {error.strerror or error}", str(port)) from None


def _shown(host: str) -> str:
    return "127.0.0.1" if host == "0.0.0.0" else f"[{host}]" if ":" in host else host


def _lan_address() -> str:
    """This computer's address on its local network (no packet is sent)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "<this computer's address>"
