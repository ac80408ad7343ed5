"""The seed of each sample of a seeded study, different for every (seed, sample) pair.

Sample ``i`` of a study seeded ``s`` is seeded ``s * STRIDE + i`` for ``i < STRIDE`` (the
rule the README's figures were measured with). That rule already gives every integer to
some pair, so a sample past the first ``STRIDE`` is seeded by the text ``"s:i"`` instead,
which ``random.Random`` turns into a seed of its own. Two studies with different seeds
thus share no sample, however many samples they take (up to ten million).
"""

from __future__ import annotations

import hashlib

STRIDE = 1_000_003


def sample_seed(seed: int, index: int) -> int | str:
    """The seed of sample ``index`` (from 0) of the study seeded ``seed``."""
    if not index >= 0:
        raise ValueError(f"sample index {index} is negative")
    return seed * STRIDE + index if index < STRIDE else f"{seed}:{index}"


def whole_seed(seed: int | str) -> int:
    """The whole number from 0 that seeds ``random.Random`` as ``seed`` does, for what
    takes only numbers: a text as Python seeds by it (its UTF-8 bytes, then their
    SHA-512, read as one number), a whole number by its size (a seed -s seeds as s)."""
    if isinstance(seed, int):
        return abs(seed)
    data = seed.encode()
    return int.from_bytes(data + hashlib.sha512(data).digest(), "big")
