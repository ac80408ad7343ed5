"""A Ctrl-C the command line remembers: Python's own handler raises KeyboardInterrupt, but
a library that catches it mid-import turns it into an error of its own (OR-Tools' module
initialisation raises ImportError), so the command line asks ``pressed`` whether the
error it meets came from a Ctrl-C and then still ends as interrupted, exit 130."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_pressed = [False]


def pressed() -> bool:
    """Whether Ctrl-C was pressed within the current ``noted``."""
    return _pressed[0]


def _press(signum: int, frame: FrameType | None) -> None:
    """Python's own SIGINT handler, remembering that it ran."""
    _pressed[0] = True
    raise KeyboardInterrupt


@contextmanager
def noted() -> Iterator[None]:
    """Within it Ctrl-C raises KeyboardInterrupt as before and is remembered (``pressed``);
    the handler before is put back after. A process started with Ctrl-C ignored (or with
    a handler of its own) keeps it."""
    before = signal.getsignal(signal.SIGINT)
    _pressed[0] = False
    if before is signal.default_int_handler:
        signal.signal(signal.SIGINT, _press)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
