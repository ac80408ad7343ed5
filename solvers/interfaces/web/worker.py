"""Each web request's command runs in a process of its own, with a hard deadline.

A request's command is the command table's, run in-process (``execute``): it calls the
same API function as the command line, so the JSON document is the one
``cardsolve --json`` prints, byte for byte, and a bad input is the same one-line
message. ``Requests`` runs each call in a child forked from a server process that has
the solvers loaded and their numba kernels warm (``preload``), so that a call starts in
milliseconds; the child is killed when its deadline passes (the request then answers
"undecided"), when the server stops, or when the server dies. At most ``workers``
commands run at once; the others wait their turn, but never longer than the deadline,
and a command's own deadline starts when it starts.
A call whose client goes away stops waiting and its child is killed within ``WATCH``
seconds, so an abandoned request does not hold a worker until its deadline. When the
server stops (``Requests.stop``, on Ctrl-C), every running child is killed at once and
every call, running or waiting, answers ``stopped``. A child ignores Ctrl-C itself (a
terminal sends it to every process of the server): the server decides when it ends.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
import types
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from cardsolve.models.errors import BadInput
from cardsolve.solvers.infrastructure.processes import die_with_parent
from cardsolve.solvers.interfaces.table import error_line
from cardsolve.solvers.interfaces.web.calls import Call

OK, BAD_INPUT, CLOSED, INTERNAL, BUSY, TIMED_OUT = 200, 400, 499, 500, 503, 504
"""The HTTP statuses of an outcome: the CLI's answer, bad input, the client went away
before the answer (nginx's 499; nobody reads it), a fault of ours, no slot free within
the deadline or the server stopping, the deadline passed while the command ran."""
WATCH = 0.1
"""How often, in seconds, a waiting call looks whether its client has gone away."""


@dataclass(frozen=True)
class Outcome:
    """What one call came to: on ``OK``, the CLI's JSON document as it prints it
    (``json_text``), its text output, exit code and SVG pictures (``Answer.pictures``);
    otherwise ``error``, the CLI's one-line message for bad input, or what stopped the
    command."""

    status: int
    json_text: str = ""
    text: str = ""
    exit_code: int = 0
    error: str = ""
    pictures: dict[str, str] = field(default_factory=dict)


def execute(call: Call) -> Outcome:
    """Run the call's command in this process and return its answer, as
    ``cardsolve --json`` would print it; bad input is the command line's one-line error."""
    try:
        answer = call.command.run(call.values())
    except BadInput as error:
        return Outcome(BAD_INPUT, exit_code=2, error=error_line(str(error)))
    except Exception as error:  # noqa: BLE001  (a fault of ours: the server says so and goes on)
        traceback.print_exc(file=sys.__stderr__)
        return Outcome(INTERNAL, exit_code=1, error=f"internal error: {type(error).__name__}: {error}")
    return Outcome(OK, answer.json_text(), answer.text(), answer.exit_code, pictures=answer.pictures())


def _child(connection: Connection, call: Call) -> None:
    """A request's process: end with the process it was forked from (the fork server,
    which ends with the web server), answer once, then exit."""
    die_with_parent(os.getppid())
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        connection.send(execute(call))
    finally:
        connection.close()


class Requests:
    """Runs calls in child processes: at most ``workers`` at once, each stopped after
    ``deadline`` seconds of running; a call that waits ``deadline`` seconds for a slot
    answers ``BUSY``."""

    def __init__(self, workers: int, deadline: float) -> None:
        self.deadline = deadline
        self._slots = threading.BoundedSemaphore(workers)
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["cardsolve.solvers.interfaces.web.preload"])
        self._running: set[Any] = set()
        self._lock = threading.Lock()
        self._stopping = False

    def start(self) -> None:
        """Start the server process the children are forked from and return once it has
        loaded the solvers (the first start after an install or an edit compiles the numba
        kernels), so that no request waits for that."""
        from multiprocessing import forkserver

        forkserver.ensure_running()
        first = self._context.Process(target=_loaded, daemon=True)  # forked only once the preload is done
        _start(first)
        first.join()

    def run(self, call: Call, abandoned: threading.Event | None = None) -> Outcome:
        """The call's outcome, computed in a child process; blocks the calling thread.
        Once ``abandoned`` is set, the call stops waiting (for a slot or for its child,
        which is killed) and answers ``CLOSED``."""
        abandoned = abandoned or threading.Event()
        gives_up = time.monotonic() + self.deadline
        while not self._slots.acquire(timeout=min(WATCH, max(0.0, gives_up - time.monotonic()))):
            if self._stopping:
                return _stopped()
            if abandoned.is_set():
                return _closed()
            if time.monotonic() >= gives_up:
                return Outcome(BUSY, exit_code=3, error=f"undecided: every worker stayed busy for {self.deadline:g} s")
        try:
            return self._run_child(call, abandoned, time.monotonic() + self.deadline)
        finally:
            self._slots.release()

    def _run_child(self, call: Call, abandoned: threading.Event, ends: float) -> Outcome:
        receiving, sending = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_child, args=(sending, call), daemon=True)
        with self._lock:
            if self._stopping:
                return _stopped()
            _start(process)
            self._running.add(process)
        sending.close()
        try:
            while not receiving.poll(min(WATCH, max(0.0, ends - time.monotonic()))):
                if self._stopping:
                    return _stopped()
                if abandoned.is_set():
                    return _closed()
                if time.monotonic() >= ends:
                    break
            else:
                outcome: Outcome = receiving.recv()
                return outcome
            return Outcome(
                TIMED_OUT,
                exit_code=3,
                error=f"undecided: no answer within this server's {self.deadline:g} s; the command was stopped",
            )
        except EOFError:  # the child was killed: by stop(), or it died of a fault of ours
            if self._stopping:
                return _stopped()
            return Outcome(INTERNAL, exit_code=1, error="the command's process ended without an answer")
        finally:
            process.kill()
            process.join()
            with self._lock:
                self._running.discard(process)
            receiving.close()

    def stop(self) -> None:
        """Kill every running command at once: every call, running, waiting or later,
        answers ``stopped``."""
        with self._lock:
            self._stopping = True
            for process in self._running:
                process.kill()


_NO_MAIN = types.ModuleType("__main__")
"""The main module a request's process is told of: one with no file to run."""
_MAIN_SWAP = threading.Lock()
"""Held while ``sys.modules["__main__"]`` is ``_NO_MAIN`` (``_start``)."""


def _start(process: BaseProcess) -> None:
    """Start ``process`` without its running the server's main script again.

    Multiprocessing tells each child the parent's main module, and a child of a fork
    server that has not loaded that module's script runs it again as ``__mp_main__`` (so
    that what it defines can be unpickled). Ours has not (and on Python 3.11 and 3.12
    could not, even with ``'__main__'`` preloaded: CPython gh-126631), so a server started
    from a script file, as the ``cardsolve`` console script starts it, imported the whole
    command line again, click and the command tree, in every request: some 20 ms of CPU
    each, which a ``python -c`` start did not pay. A request's process needs nothing of
    the main module (its function and arguments are the package's), so while it starts,
    the main module multiprocessing reads is one with no file."""
    with _MAIN_SWAP:
        main = sys.modules["__main__"]
        sys.modules["__main__"] = _NO_MAIN
        try:
            process.start()
        finally:
            sys.modules["__main__"] = main


def _loaded() -> None:
    """The first child: it starts only when the fork server has run its preload."""


def _closed() -> Outcome:
    return Outcome(CLOSED, exit_code=130, error="the client went away before the answer; the command was stopped")


def _stopped() -> Outcome:
    return Outcome(BUSY, exit_code=130, error="stopped: the server is stopping; the command was stopped")
