"""The kernels' bit instructions (``solvers.jit``) against Python's own bit arithmetic
on seeded 64-bit values, the sign bit and the one-bit masks included."""

from __future__ import annotations

import random

import numpy as np

from cardsolve.solvers.jit import lowest_set, njit, popcount


@njit(cache=True)
def _both(values: np.ndarray) -> np.ndarray:
    out = np.zeros((values.shape[0], 2), dtype=np.int64)
    for k in range(values.shape[0]):
        out[k, 0] = popcount(values[k])
        out[k, 1] = lowest_set(values[k]) if values[k] != 0 else -1
    return out


def test_popcount_and_lowest_set_match_python() -> None:
    rng = random.Random(20261130)
    values = [0, 1, 2, 3, 1 << 35, (1 << 36) - 1, -1, -(1 << 63)] + [1 << k for k in range(63)]
    values += [rng.getrandbits(64) - (1 << 63) for _ in range(500)]
    got = _both(np.array(values, dtype=np.int64))
    for value, (count, low) in zip(values, got):
        unsigned = value & ((1 << 64) - 1)
        assert count == bin(unsigned).count("1")
        assert low == ((unsigned & -unsigned).bit_length() - 1 if unsigned else -1)
