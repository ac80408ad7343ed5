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


def checked(function: F) -> F:
    """``function`` with its arguments checked against its hints before it runs; a value
    that fits none is ``BadInput`` naming the function, the parameter and the value. Each
    hint becomes a test once, on the first call, so a check costs a few microseconds."""
    signature = inspect.signature(function)
    names = list(signature.parameters)
    tests: list[dict[str, Callable[[Any], bool]]] = []  # by parameter name, made on the first call

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        if not tests:
            tests.append({name: _test(hint) for name, hint in _readable_hints(function, signature).items()})
        for name, value in (*zip(names, args), *kwargs.items()):
            test = tests[0].get(name)
            if test is not None and not test(value):
                hint = _readable_hints(function, signature)[name]
                raise BadInput(f"{function.__name__}: {name} is {value!r:.60}, not {_describe(hint)}", repr(value))
            if name == "seed" and isinstance(value, int) and value < 0:
                raise BadInput(f"{function.__name__}: seed {value} is negative: give 0 or more (a seed -s would "
                               f"deal as s does)", str(value))
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


def _test(hint: Any) -> Callable[[Any], bool]:
    """Whether a value fits ``hint``, as far as it can be told at run time, as a function
    (a hint that cannot be checked lets everything through)."""
    if hint is Any:
        return lambda value: True
    if hint is None or hint is type(None):
        return lambda value: value is None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [_test(option) for option in typing.get_args(hint)]
        return lambda value: any(test(value) for test in options)
    if origin is typing.Literal:
        choices = typing.get_args(hint)
        return lambda value: value in choices
    if origin in (Sequence, list, tuple):
        inner = typing.get_args(hint)
        item = _test(inner[0]) if inner and inner[0] is not Ellipsis else _test(Any)
        return lambda value: isinstance(value, (list, tuple)) and all(item(entry) for entry in value)
    if origin is Mapping or origin is dict:
        return lambda value: isinstance(value, Mapping)
    if origin is not None or not isinstance(hint, type):
        return lambda value: True  # a Callable, a generic of its own: the function checks it
    if hint is float:
        return lambda value: isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    return lambda value: isinstance(value, hint)


def _describe(hint: Any) -> str:
    """A hint in words: ``a whole number or None``, ``a list of Card``."""
    if hint is type(None) or hint is None:
        return "None"
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(option) for option in typing.get_args(hint))
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(choice) for choice in typing.get_args(hint))
    if origin in (Sequence, list, tuple):
        inner = typing.get_args(hint)
        return f"a list (each item {_describe(inner[0])})" if inner and inner[0] is not Ellipsis else "a list"
    if origin is Mapping or origin is dict:
        return "a mapping (parsed JSON)"
    names = {int: "a whole number", float: "a number", str: "a string", bool: "True or False"}
    return names.get(hint, getattr(hint, "__name__", str(hint)))
