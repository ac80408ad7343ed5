"""What a study is: a game's question over N seeded samples, cut into chunks.

A study runs ``run_chunk(samples, seed, first, count, **options)`` for the chunk of samples
``first .. first + count - 1`` of a study of ``samples`` samples with seed ``seed``; the
chunk's result is a JSON-able dict that depends only on these four numbers and the
study's options (each
sample draws its own randomness from the study seed and its sample index, so the result
of a study is the same for any cut, any number of workers and any machine).
``part_shape(options)`` says what such a part looks like (``Shape``), so that a part read
back from a store is checked before it is used. ``combine(samples, parts)`` folds the
chunks' results, given in chunk order as an iterable that is read once (the runner
streams them back from the store, so a study of millions of samples never holds its
parts at once), into the study's result (a JSON-able dict); ``table(result)`` gives the
rows of the readable rendering (the first row is the header); ``plot(result, title, path)``
writes a picture.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Union

from cardsolve.models.errors import BadInput

MAX_SAMPLES = 10_000_000
"""The most samples a study takes (``cardsolve.analyze`` and ``--samples`` alike)."""
Part = dict[str, Any]
"""One chunk's result, JSON-able."""
Result = dict[str, Any]
"""A whole study's result, JSON-able."""


@dataclass(frozen=True)
class ListOf:
    """A JSON list whose items all have the shape ``item`` (exactly ``length`` of them
    when given)."""

    item: Shape
    length: int | None = None


@dataclass(frozen=True)
class Row:
    """A JSON list of fixed length, item ``k`` of the shape ``items[k]``."""

    items: tuple[Shape, ...]


@dataclass(frozen=True)
class MapOf:
    """A JSON object with any keys matching ``key`` (a regular expression), each value of
    the shape ``value``."""

    value: Shape
    key: str = ".*"


@dataclass(frozen=True)
class Matching:
    """A JSON string matching the regular expression ``pattern``."""

    pattern: str


Shape = Union[type, dict[str, "Shape"], ListOf, Row, MapOf, Matching]  # noqa: UP007  ("Shape" | ... fails at run time)
"""What a part looks like: ``int``, ``float``, ``str`` or ``bool`` (an integer is no
``bool``, a ``bool`` no integer; a ``float`` may be written as an integer), a dict (an
object with exactly these keys, each value of its shape), or one of ``ListOf``, ``Row``,
``MapOf`` and ``Matching``."""
COUNTS = MapOf(int, key=r"-?\d+")
"""A value -> count table (integer values as string keys, as JSON keeps them)."""
FRACTION = Matching(r"-?\d+(/\d+)?")
"""An exact fraction written ``n/d`` (or a whole number ``n``)."""
_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false"}


def _is(value: Any, kind: type) -> bool:
    """Whether the JSON value ``value`` is of the Python type ``kind``, a bool counting
    only as a bool and an integer also as a number."""
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind) and (kind is bool or not isinstance(value, bool))


def mismatch(value: Any, shape: Shape, where: str = "the part") -> str | None:
    """Where and how ``value`` departs from ``shape`` (``where`` names the value), or None
    when it fits."""
    if isinstance(shape, type):
        return None if _is(value, shape) else f"{where} is {value!r:.40}, not {_NAMES.get(shape, shape.__name__)}"
    if isinstance(shape, Matching):
        fits = isinstance(value, str) and re.fullmatch(shape.pattern, value)
        return None if fits else f"{where} is {value!r:.40}, not a string like {shape.pattern}"
    if isinstance(shape, (ListOf, Row)):
        return _list_mismatch(value, shape, where)
    if not isinstance(value, dict):
        return f"{where} is {value!r:.40}, not an object"
    if isinstance(shape, MapOf):
        odd = next((key for key in value if not re.fullmatch(shape.key, key)), None)
        if odd is not None:
            return f"{where} has the key {odd!r:.40}, not one like {shape.key}"
        entries: Iterable[tuple[str, Shape]] = ((key, shape.value) for key in value)
    else:
        missing, extra = sorted(set(shape) - set(value)), sorted(set(value) - set(shape))
        if missing or extra:
            return f"{where} has no key {missing[0]!r}" if missing else f"{where} has an unknown key {extra[0]!r:.40}"
        entries = shape.items()
    return next((found for key, item in entries if (found := mismatch(value[key], item, f"{where}.{key}"))), None)


def _list_mismatch(value: Any, shape: ListOf | Row, where: str) -> str | None:
    """``mismatch`` for the list shapes."""
    if not isinstance(value, list):
        return f"{where} is {value!r:.40}, not a list"
    items = shape.items if isinstance(shape, Row) else (shape.item,) * len(value)
    length = len(shape.items) if isinstance(shape, Row) else shape.length
    if length is not None and len(value) != length:
        return f"{where} has {len(value)} items, not {length}"
    return next(
        (found for k, (item, kind) in enumerate(zip(value, items)) if (found := mismatch(item, kind, f"{where}[{k}]"))),
        None,
    )


@dataclass(frozen=True)
class Study:
    """One study of one game (see the module docstring)."""

    game: str
    name: str
    summary: str
    chunk_size: int
    run_chunk: Callable[..., Part]
    combine: Callable[[int, Iterable[Part]], Result]
    table: Callable[[Result], list[tuple[str, ...]]]
    plot: Callable[[Result, str, str], None]
    part_shape: Callable[[Mapping[str, Any]], Shape]
    """The shape of a chunk's part under the given (resolved) options."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The study's options with their defaults (JSON-able values): ``run_chunk`` takes
    them as keyword arguments, and they are part of the study's identity in the store."""
    broken: Callable[[Result], list[str]] = lambda result: []
    """The exact checks the result breaks, each said in a line (a study without exact
    checks breaks none); any makes the answer "does not hold", exit 1."""
    check: Callable[[dict[str, Any]], dict[str, Any]] = lambda options: options
    """The options read and checked before any sample is run: a list of names may come as
    ``A,B`` text; the answer is the options in their stored form (part of the study's
    identity in the store), and a bad one is bad input naming it."""

    def resolve(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The options a run uses: the defaults, overridden by ``given``, then checked
        (``check``); an option the study does not have is bad input naming it."""
        for name in given or {}:
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise BadInput(f"the study {self.game} {self.name} has no option {name!r} (its options: {known})", name)
        return self.check({**self.options, **(given or {})})


NAMES = "names"
"""The kind of an option that names things (policies, bots): a list of strings, or the
text ``A,B``."""


def check_kinds(study: str, options: Mapping[str, Any], kinds: Mapping[str, type | str]) -> None:
    """Each option named in ``kinds`` is of its kind (``int``: a whole number, never a
    bool; ``str``: a string; ``NAMES``); another value is bad input naming the study, the
    option and the value."""
    for name, kind in kinds.items():
        value = options[name]
        if kind == NAMES:
            fits = isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))
            words = "names: a list of strings or A,B text"
        else:
            assert isinstance(kind, type)
            fits = _is(value, kind)
            words = _NAMES.get(kind, kind.__name__)
        if not fits:
            raise BadInput(f"the study {study}: option {name} is {value!r:.40}, not {words}", repr(value))


def add_counts(tables: Iterable[dict[str, int]]) -> dict[str, int]:
    """Value -> count tables (integer values as string keys, as JSON keeps them) added
    up key by key, values in increasing order: how chunks' distributions combine."""
    total: Counter[int] = Counter()
    for table in tables:
        total.update({int(value): times for value, times in table.items()})
    return {str(value): total[value] for value in sorted(total)}


def nth_value(table: Mapping[str, int], rank: int) -> int:
    """The value at 0-based position ``rank`` when a value -> count table (values in
    increasing order, as ``add_counts`` gives them) is written out in full."""
    seen = 0
    for value, times in table.items():
        seen += times
        if rank < seen:
            return int(value)
    raise IndexError(f"rank {rank} past the {seen} counted values")


def counted_mean(table: Mapping[str, int]) -> float:
    """The mean of the values a value -> count table counts, as ``statistics.fmean`` of
    them written out would give it (exact integer sum, one division)."""
    return sum(int(value) * times for value, times in table.items()) / sum(table.values())


def counted_median(table: Mapping[str, int]) -> float:
    """The median of the values a value -> count table counts, as ``statistics.median``
    of them written out would give it: the middle value, or the mean of the two middle ones."""
    size = sum(table.values())
    low, high = nth_value(table, (size - 1) // 2), nth_value(table, size // 2)
    return low if size % 2 else (low + high) / 2
