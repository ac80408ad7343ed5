"""The project's single door to numba.

numba's on-disk cache (``cache=True``) is written next to the source file unless
``NUMBA_CACHE_DIR`` says otherwise; an installed package may sit in a read-only
site-packages, so the cache goes to the user's cache directory instead. The variable
must be set before numba is first imported, which is why every kernel module imports
``njit`` from here rather than from numba.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import cast

from cardsolve.solvers.cache_dir import cache_root


def numba_cache_dir() -> Path:
    """Where compiled kernels are cached: ``$NUMBA_CACHE_DIR``, else ``numba`` under the
    project's cache directory (``solvers.cache_dir``)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    return cache_root() / "numba"


os.environ["NUMBA_CACHE_DIR"] = str(numba_cache_dir())  # also when set but empty

from numba import njit, types  # noqa: E402  (the cache directory must be set first)
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


popcount = cast(Callable[[int], int], _ctpop)
"""The set bits of an int64, one machine instruction (LLVM ``ctpop``); in kernels only."""
lowest_set = cast(Callable[[int], int], _cttz)
"""The place of the lowest set bit of a non-zero int64 (LLVM ``cttz``); in kernels only."""

__all__ = ["lowest_set", "njit", "numba_cache_dir", "popcount"]
