"""The Python API's arguments checked against their type hints, so that a value of the
wrong kind is bad input naming it, as a bad token on the command line is, and never a
``TypeError`` from deep inside a solver or a silently different answer.

``@checked`` reads a function's hints once, on its first call, and checks each argument
it can: plain classes (an ``int`` is no ``bool``, a ``float`` may be an ``int``),
``None``, unions, ``Literal`` choices, ``Sequence[X]`` (a list or tuple, never a string,
each item checked) and ``Mapping[...]`` (any mapping). Hints it cannot read (a name only
imported for type checkers) or check (a ``Callable``, ``Any``) are left to the function.
A ``seed`` must also be 0 or more: Python's ``random`` reads a seed -s as s, so a negative
seed would silently repeat its positive twin.
"""

from __future__ import annotations

import functools
import inspect
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from cardsolve.models.errors import BadInput

F = TypeVar("F", bound=Callable[..., Any])


Check = tuple[Callable[[Any], bool], str]
"""Whether a value fits a hint, and the hint in words (``a whole number or None``)."""


def checked(function: F) -> F:
    """``function`` with its arguments checked against its hints before it runs; a value
    that fits none is ``BadInput`` naming the function, the parameter and the value. Each
    hint becomes a check once, on the first call, so a check costs a few microseconds."""
    signature = inspect.signature(function)
    names = list(signature.parameters)
    made: list[dict[str, Check]] = []  # by parameter name, made on the first call

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        if not made:
            made.append({name: _check(hint) for name, hint in _readable_hints(function, signature).items()})
        for name, value in (*zip(names, args), *kwargs.items()):
            fits, words = made[0].get(name, _ANYTHING)
            if not fits(value):
                raise BadInput(f"{function.__name__}: {name} is {value!r:.60}, not {words}", repr(value))
            if name == "seed" and isinstance(value, int) and value < 0:
                raise BadInput(
                    f"{function.__name__}: seed {value} is negative: give 0 or more (a seed -s would deal as s does)",
                    str(value),
                )
        return function(*args, **kwargs)

    return typing.cast(F, call)


def _readable_hints(function: Callable[..., Any], signature: inspect.Signature) -> dict[str, Any]:
    """The hints of ``function``'s parameters that evaluate in its module."""
    found = {}
    for name, parameter in signature.parameters.items():
        if parameter.annotation is inspect.Parameter.empty:
            continue
        if not isinstance(parameter.annotation, str):
            found[name] = parameter.annotation
            continue
        try:
            found[name] = eval(parameter.annotation, function.__globals__)  # noqa: S307  (the module's own hint)
        except Exception:  # noqa: BLE001  (a name only type checkers import: left unchecked)
            continue
    return found


_ANYTHING: Check = (lambda value: True, "anything")
_WORDS = {int: "a whole number", float: "a number", str: "a string", bool: "True or False"}


def _check(hint: Any) -> Check:
    """``hint`` as a check, as far as it can be told at run time (a hint that cannot be
    checked, such as a ``Callable``, lets everything through)."""
    if hint is Any:
        return _ANYTHING
    if hint is None or hint is type(None):
        return (lambda value: value is None), "None"
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [_check(option) for option in typing.get_args(hint)]
        return (lambda value: any(fits(value) for fits, _ in options)), " or ".join(words for _, words in options)
    if origin is typing.Literal:
        choices = typing.get_args(hint)
        return (lambda value: value in choices), "one of " + ", ".join(map(repr, choices))
    if origin in (Sequence, list, tuple):
        inner = typing.get_args(hint)
        if not inner or inner[0] is Ellipsis:
            return (lambda value: isinstance(value, (list, tuple))), "a list"
        item, words = _check(inner[0])
        return (
            lambda value: isinstance(value, (list, tuple)) and all(item(entry) for entry in value),
            f"a list (each item {words})",
        )
    if origin is Mapping or origin is dict:
        return (lambda value: isinstance(value, Mapping)), "a mapping (parsed JSON)"
    if origin is not None or not isinstance(hint, type):
        return _ANYTHING  # a Callable, a generic of its own: the function checks it
    words = _WORDS.get(hint, hint.__name__)
    if hint is float:
        return (lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)), words
    if hint is int:
        return (lambda value: isinstance(value, int) and not isinstance(value, bool)), words
    return (lambda value: isinstance(value, hint)), words
