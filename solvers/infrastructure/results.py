"""What every answer of the API is: an immutable result with one JSON document
(``to_json()``, exactly what ``cardsolve --json ...`` prints) and one text rendering
(``text()``, exactly what the CLI prints without ``--json``), and the exit code the CLI
ends with (0 done or the check holds, 1 a check that does not hold, 3 undecided)."""

from __future__ import annotations

import io
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

DONE = 0
"""Exit code: done, or the check holds."""
DOES_NOT_HOLD = 1
"""Exit code: a check that does not hold, proven."""
UNDECIDED = 3
"""Exit code: a time or node limit ran out before a proof either way."""
INTERRUPTED = 130
"""Exit code: Ctrl-C stopped the work; the answer holds what was done before."""


class Failed(Exception):
    """The work could not be done for a reason that is not the input's (a benchmark
    script that failed): the command says why in one line and exits ``DOES_NOT_HOLD``."""


class Answer(ABC):
    """The base of every result type (each is a frozen dataclass). An answer of a search
    that can stop early (a time or node limit) sets ``stops_early``; its JSON then says
    whether it is ``proven`` (``infrastructure.vocabulary``)."""

    stops_early: ClassVar[bool] = False

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The JSON document of this answer (JSON-able values only)."""

    @abstractmethod
    def text(self) -> str:
        """The readable rendering of this answer."""

    @property
    def exit_code(self) -> int:
        """The CLI's exit code for this answer: done unless the result says otherwise."""
        return DONE

    def pictures(self) -> dict[str, str]:
        """SVG pictures of this answer by name, for the web page to show with the JSON
        document (the command line writes a picture only where a command says so); none
        by default."""
        return {}

    def json_text(self) -> str:
        """``to_json()`` as the CLI prints it."""
        return json.dumps(self.to_json(), indent=2)


def percent(share: float, places: int = 1) -> str:
    """``share`` (0 to 1) as a percentage with ``places`` decimals, never rounded onto 0%
    or 100% unless it is exactly that: 3,999 of 4,000 reads ``>99.9%``, 1 of 4,000 ``<0.1%``."""
    text = f"{share:.{places}%}"
    step = 10.0**-places
    if share < 1 and text == f"{1:.{places}%}":
        return f">{100 - step:.{places}f}%"
    if share > 0 and text == f"{0:.{places}%}":
        return f"<{step:.{places}f}%"
    return text


def printable(text: str) -> str:
    """``text`` from a user's file (a player's name) as the text output may show it: every
    control character, a line break or a terminal's escape sequence included, written as
    its escape (``\\n``, ``\\x1b``), so that it cannot break a table or reach a terminal."""
    return "".join(char if char.isprintable() or char == " " else repr(char)[1:-1] for char in text)


def terminal_safe(text: str) -> str:
    """A text output as a terminal may be given it: its line breaks and tabs kept, any other
    control character written as its escape (``printable``'s rule)."""
    return "\n".join("\t".join(printable(piece) for piece in line.split("\t")) for line in text.split("\n"))


def plural(count: int, word: str) -> str:
    """``1 sample``, ``3 samples``: a count with its noun (one that takes an s)."""
    return f"{count} {word}{'s' * (count != 1)}"


WIDTH = 10_000
"""The width ``text_table`` lays a table out in: wide enough that no cell is wrapped or cut
short (a 36-card pile on one side once ended in an ellipsis); a terminal folds long lines."""


def text_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], title: str | None = None) -> str:
    """A plain-text table (rich's layout, no colours, no trailing spaces), the title centred
    above it; a title wider than the table is its own line, not wrapped."""
    from rich.console import Console
    from rich.table import Table

    def rendered(title: str | None) -> list[str]:
        table = Table(*headers, title=title, box=None, header_style="bold", pad_edge=False)
        for row in rows:
            table.add_row(*(str(cell) for cell in row))
        console = Console(width=WIDTH, record=True, file=io.StringIO(), color_system=None)
        console.print(table)
        return [line.rstrip() for line in console.export_text().rstrip().splitlines()]

    plain = rendered(None)
    if title is None:
        return "\n".join(plain)
    if len(title) > max((len(line) for line in plain), default=0):
        return "\n".join([title, *plain])
    return "\n".join(rendered(title))
