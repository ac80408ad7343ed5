"""What a study is: a game's question over N seeded samples, cut into chunks.

A study runs ``run_chunk(samples, seed, first, count, **options)`` for the chunk of samples
``first .. first + count - 1`` of a study of ``samples`` samples with seed ``seed``; the
chunk's result is a JSON-able dict that depends only on these four numbers and the
study's options (each
sample draws its own randomness from the study seed and its sample index, so the result
of a study is the same for any cut, any number of workers and any machine).
``combine(samples, parts)`` folds the chunks' results, given in chunk order, into the
study's result (a JSON-able dict); ``table(result)`` gives the rows of the readable
rendering (the first row is the header); ``plot(result, title, path)`` writes a PNG.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardsolve.models.errors import BadInput

Part = dict[str, Any]
"""One chunk's result, JSON-able."""
Result = dict[str, Any]
"""A whole study's result, JSON-able."""


@dataclass(frozen=True)
class Study:
    """One study of one game (see the module docstring)."""

    game: str
    name: str
    summary: str
    chunk_size: int
    run_chunk: Callable[..., Part]
    combine: Callable[[int, Sequence[Part]], Result]
    table: Callable[[Result], list[tuple[str, ...]]]
    plot: Callable[[Result, str, str], None]
    options: Mapping[str, Any] = field(default_factory=dict)
    """The study's options with their defaults (JSON-able values): ``run_chunk`` takes
    them as keyword arguments, and they are part of the study's identity in the store."""

    def resolve(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The options a run uses: the defaults, overridden by ``given``; an option the
        study does not have is bad input naming it."""
        for name in given or {}:
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise BadInput(f"the study {self.game} {self.name} has no option {name!r} (its options: {known})",
                               name)
        return {**self.options, **(given or {})}


def add_counts(tables: Iterable[dict[str, int]]) -> dict[str, int]:
    """Value -> count tables (integer values as string keys, as JSON keeps them) added
    up key by key, values in increasing order: how chunks' distributions combine."""
    total: Counter[int] = Counter()
    for table in tables:
        total.update({int(value): times for value, times in table.items()})
    return {str(value): total[value] for value in sorted(total)}
