"""The project's single door to numba.

numba's on-disk cache (``cache=True``) is written next to the source file unless
``NUMBA_CACHE_DIR`` says otherwise; an installed package may sit in a read-only
site-packages, so the cache goes to the user's cache directory instead. The variable
must be set before numba is first imported, which is why every kernel module imports
``njit`` from here rather than from numba.

numba judges a cached kernel stale by its own file only, yet a kernel compiles in the
kernels it calls and the constants it reads from other modules: after an edit to those
alone it would load the old machine code (a wrong "proven" Subito optimum was seen this
way). So the cache has one folder per state of the package's solver and model sources,
named by their digest; a changed source means a new folder and a fresh compile.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar, cast

from cardsolve.solvers.infrastructure.cache import cache_root, source_digest
from cardsolve.solvers.infrastructure.threads import check_thread_count

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

T = TypeVar("T")


def numba_cache_dir() -> Path:
    """Where compiled kernels are cached: the folder ``src-<source_digest>`` under
    ``$NUMBA_CACHE_DIR``, else under ``numba`` in the project's cache directory
    (``solvers.cache_dir``); a ``$NUMBA_CACHE_DIR`` that already names that folder (as
    this module leaves it for worker processes) is kept."""
    folder = f"src-{source_digest()}"
    base = Path(os.environ["NUMBA_CACHE_DIR"]) if os.environ.get("NUMBA_CACHE_DIR") else cache_root() / "numba"
    return base if base.name == folder else base / folder


check_thread_count()
os.environ["NUMBA_CACHE_DIR"] = str(numba_cache_dir())  # also when set but empty

from numba import njit, types  # noqa: E402  (the cache directory must be set first)
from numba.core import cgutils  # noqa: E402
from numba.extending import intrinsic  # noqa: E402


@intrinsic
def _ctpop(typingctx, x):  # type: ignore[no-untyped-def]
    if x != types.int64:
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@intrinsic
def _cttz(typingctx, x):  # type: ignore[no-untyped-def]
    if x != types.int64:
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.cttz(args[0], context.get_constant(types.boolean, True))

    return types.int64(types.int64), codegen


@intrinsic
def _borrowed(typingctx, ary):  # type: ignore[no-untyped-def]
    if not isinstance(ary, types.Array):
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        view = cgutils.create_struct_proxy(signature.args[0])(context, builder, value=args[0])  # type: ignore[no-untyped-call]
        view.meminfo = cgutils.get_null_value(view.meminfo.type)  # type: ignore[no-untyped-call]
        view.parent = cgutils.get_null_value(view.parent.type)  # type: ignore[no-untyped-call]
        return view._getvalue()

    return ary(ary), codegen


@intrinsic
def _address(typingctx, ary):  # type: ignore[no-untyped-def]
    if not isinstance(ary, types.Array):
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        view = cgutils.create_struct_proxy(signature.args[0])(context, builder, value=args[0])  # type: ignore[no-untyped-call]
        return builder.ptrtoint(view.data, context.get_value_type(types.int64))

    return types.int64(ary), codegen


_ROWS_TYPE = types.Array(types.int64, 2, "C")


@intrinsic
def _rows_at(typingctx, address, rows, columns):  # type: ignore[no-untyped-def]
    if not all(isinstance(t, types.Integer) for t in (address, rows, columns)):
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        at, count, width = (context.cast(builder, v, t, types.int64) for v, t in zip(args, signature.args))
        view = cgutils.create_struct_proxy(_ROWS_TYPE)(context, builder)  # type: ignore[no-untyped-call]
        item = context.get_constant(types.int64, 8)
        view.meminfo = cgutils.get_null_value(view.meminfo.type)  # type: ignore[no-untyped-call]
        view.parent = cgutils.get_null_value(view.parent.type)  # type: ignore[no-untyped-call]
        view.nitems = builder.mul(count, width)
        view.itemsize = item
        view.data = builder.inttoptr(at, view.data.type)
        view.shape = cgutils.pack_array(builder, [count, width])  # type: ignore[no-untyped-call]
        view.strides = cgutils.pack_array(builder, [builder.mul(width, item), item])  # type: ignore[no-untyped-call]
        return view._getvalue()

    return _ROWS_TYPE(address, rows, columns), codegen


def no_runtime(**options: object) -> Callable[[T], T]:
    """``njit(cache=True, **options)`` without numba's runtime (its ``_nrt=False``): the
    kernel counts no references to the arrays it is given, slices or passes on (numba
    emits a call around every such step, and inlined helpers add their own: about a
    quarter of the Was sticht? search's time). For kernels that allocate nothing: numba
    refuses to compile one that does, and a view it makes lives only while the array it
    views does, which the caller holds."""
    # ``_nrt`` is a jit option numba's type stubs leave out
    return cast(Callable[[T], T], njit(cache=True, _nrt=False, **options))  # type: ignore[call-overload]


popcount = cast(Callable[[int], int], _ctpop)
"""The set bits of an int64, one machine instruction (LLVM ``ctpop``); in kernels only."""
lowest_set = cast(Callable[[int], int], _cttz)
"""The place of the lowest set bit of a non-zero int64 (LLVM ``cttz``); in kernels only."""
address = cast(Callable[[object], int], _address)
"""Where an array's data starts in memory, as an int64: for ``rows_at``, in kernels only."""
rows_at = cast("Callable[[int, int, int], NDArray[np.int64]]", _rows_at)
"""The C-contiguous int64 array of ``rows`` x ``columns`` that starts at ``address`` (as
``address`` gave it), without a memory owner (as ``borrowed``): a recursion that passes
the address on instead of the array passes one word, not the array's nine (its pointer,
owner, size, shape and strides), and where the counts are constants so is its shape. In
kernels only, and only while the array there is alive (the kernel's caller holds it)."""
borrowed = cast(Callable[[T], T], _borrowed)
"""The same array without its reference count (no memory owner): numba counts an array's
references with an atomic instruction at every call and copy, which a deep recursion
passing its arrays down pays for at every node; a borrowed view skips that. In kernels
only, and only while the array it views is alive (the kernel's caller holds it)."""

__all__ = [
    "address",
    "borrowed",
    "lowest_set",
    "njit",
    "no_runtime",
    "numba_cache_dir",
    "popcount",
    "rows_at",
    "source_digest",
]
