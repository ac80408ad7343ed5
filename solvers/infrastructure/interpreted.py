"""Kernels that also run as plain Python, so that a process asking one small question
answers it without numba.

Importing numba and loading one cached kernel take some 0.35 s of a process (numba's
import, its target's registries, its runtime's compile), while a small question's
search, interpreted by Python, takes milliseconds. A kernel declared with ``kernel``
(instead of ``jit.njit``) is a ``Kernel``: called from Python it runs compiled by numba
(``jit`` and numba are imported when a kernel is first compiled), or, within
``interpreting()``, as its own Python function, the kernels it calls interpreted too.
The code is the same, so the answer is. Compiled kernels call each other as numba
dispatchers (each is compiled from a copy of its function whose globals hold the
dispatchers), and ``popcount``, ``lowest_set`` and ``borrowed`` stand for ``jit``'s
intrinsics in compiled code and compute the same on int64 values in Python.

Whether to interpret is the caller's choice, and only a process that says it asks few
questions (``prefer``: the command line does) makes it: ``worth_interpreting`` holds
there while numba is not loaded and the process has interpreted less than
``BUDGET_S`` seconds, so a command that asks many questions soon runs compiled.
"""

from __future__ import annotations

import functools
import sys
import time
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

BUDGET_S = 0.1
"""Seconds of interpreted kernels a process spends at most before it compiles them."""
_INT64 = (1 << 64) - 1

_spent = [0.0]
_preferred = [False]
_interpreting = [False]
_kernels: list[Kernel] = []
"""Every ``Kernel`` made, for ``interpreting`` to switch."""


def prefer() -> None:
    """Say that this process asks few questions (a command line's): small ones may be
    answered by interpreted kernels (``worth_interpreting``)."""
    _preferred[0] = True


def worth_interpreting() -> bool:
    """Whether a small question should run interpreted: the process said it asks few
    (``prefer``), numba is not loaded yet, and the interpreted kernels took less than
    ``BUDGET_S`` seconds so far."""
    return _preferred[0] and "numba" not in sys.modules and _spent[0] < BUDGET_S


@contextmanager
def interpreting() -> Iterator[None]:
    """Within it, every ``Kernel`` runs as plain Python, in every thread of the process (a
    command line's has one); the time it takes counts against ``BUDGET_S``."""
    if _interpreting[0]:
        yield
        return
    _interpreting[0] = True
    for one in _kernels:
        one._call = one.py_func
    start = time.perf_counter()
    try:
        yield
    finally:
        _interpreting[0] = False
        for one in _kernels:
            one._call = one._compiled or one._compile_and_call
        _spent[0] += time.perf_counter() - start


Function = Callable[..., Any]


class Kernel:
    """A kernel: ``py_func`` compiled by numba (``compiled``: ``make(py_func)``, made when
    first needed) or run as Python within ``interpreting()``. A call goes to ``_call``,
    the one or the other (a wrapper that chose at each call cost some 0.6 us of a
    Quibbles split's 3.4 us; this one some 0.08 us)."""

    __slots__ = ("__name__", "_call", "_compiled", "_make", "py_func")

    def __init__(self, py_func: Function, make: Callable[[Function], Function]) -> None:
        self.py_func = py_func
        self.__name__ = py_func.__name__
        self._make = make
        self._compiled: Function | None = None
        self._call: Function = py_func if _interpreting[0] else self._compile_and_call
        _kernels.append(self)

    @property
    def compiled(self) -> Function:
        """The numba dispatcher (imports numba, and compiles or loads from the cache on
        its first call) of ``py_func`` with the globals it reads copied, each ``Kernel``
        among them as its dispatcher (``_Intrinsic``: ``jit``'s intrinsic): numba calls
        and inlines (``inline="always"``) the dispatchers it finds there, and nothing
        else."""
        if self._compiled is None:
            names = dict(self.py_func.__globals__)
            copy = types.FunctionType(
                self.py_func.__code__, names, self.py_func.__name__, self.py_func.__defaults__, self.py_func.__closure__
            )
            functools.update_wrapper(copy, self.py_func)
            self._compiled = self._make(copy)
            for name, value in names.items():
                if isinstance(value, Kernel):
                    names[name] = value.compiled
        return self._compiled

    def _compile_and_call(self, *args: Any) -> Any:
        dispatcher = self.compiled
        if not _interpreting[0]:
            self._call = dispatcher
        return dispatcher(*args)

    def __call__(self, *args: Any) -> Any:
        return self._call(*args)


def kernel(runtime: bool = True, **options: object) -> Callable[[F], F]:
    """``jit.njit(cache=True, **options)`` (``jit.no_runtime(**options)`` when not
    ``runtime``) as a ``Kernel``, typed as the function it wraps."""

    def make(function: Function) -> Function:
        from cardsolve.solvers.infrastructure import jit

        if runtime:
            return cast(Function, jit.njit(cache=True, **options)(function))  # type: ignore[call-overload]
        return jit.no_runtime(**options)(function)

    def wrap(function: F) -> F:
        return cast(F, Kernel(function, make))

    return wrap


class _Intrinsic(Kernel):
    """One of ``jit``'s intrinsics in compiled code, its Python form when called from
    Python (numba's intrinsics work in compiled code only)."""

    __slots__ = ()

    def __init__(self, py_func: Function, make: Callable[[Function], Function]) -> None:
        super().__init__(py_func, make)
        _kernels.remove(self)
        self._call = py_func


def _intrinsic(name: str, function: F) -> F:
    """``function``, the Python form of ``jit``'s intrinsic ``name``, standing for it in
    compiled code."""

    def make(_: Function) -> Function:
        from cardsolve.solvers.infrastructure import jit

        return cast(Function, getattr(jit, name))

    return cast(F, _Intrinsic(function, make))


def _popcount(x: int) -> int:
    """The set bits of an int64 (two's complement)."""
    return (int(x) & _INT64).bit_count()


def _lowest_set(x: int) -> int:
    """The place of the lowest set bit of a non-zero int64."""
    bits = int(x) & _INT64
    return (bits & -bits).bit_length() - 1


def _borrowed(array: T) -> T:
    """The array itself (Python counts no references the way numba does)."""
    return array


popcount = _intrinsic("popcount", _popcount)
"""``jit.popcount`` in compiled code; in Python the same count."""
lowest_set = _intrinsic("lowest_set", _lowest_set)
"""``jit.lowest_set`` in compiled code; in Python the same place."""
borrowed = _intrinsic("borrowed", _borrowed)
"""``jit.borrowed`` in compiled code; in Python the array itself."""
