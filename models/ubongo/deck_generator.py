"""The seeded generator of the bundled Ubongo stand-in deck (the printed cards are not
public). Run ``python -m models.ubongo.deck_generator > models/data/ubongo.json``.

Each stack has 36 cards numbered on from the previous stack (1-36, 37-72, 73-108); each
face is 6 symbols drawn uniformly, with a fixed seed, from the first ``a`` of the twelve
symbols, where ``a`` is the face's alphabet size in ``ALPHABETS``. Fewer symbols make
more pairs of faces able to join, so difficulty rises with the alphabet: stack 1|2 uses
the smallest alphabets, stack 5|6 the largest, and each black face one more symbol than
the white face of its stack. The alphabet sizes were chosen by measuring the solvability
of random 9-card hands (``benchmarks/ubongo.py``; the figures are in the README).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from cardsolve.models.ubongo.cards import CARDS_PER_STACK, COLS, SYMBOLS

SEED = 108
ALPHABETS: dict[int, dict[str, int]] = {
    1: {"white": 4, "black": 5},
    2: {"white": 6, "black": 7},
    3: {"white": 7, "black": 8},
}
"""Alphabet size per stack (1 = stack 1|2, 2 = 3|4, 3 = 5|6) and face colour."""


def random_face(rng: random.Random, alphabet: int) -> str:
    """A literal face of 2 x 3 symbols drawn uniformly from the first ``alphabet`` symbols."""
    letters = SYMBOLS[:alphabet]
    return "/".join("".join(rng.choice(letters) for _ in range(COLS)) for _ in range(2))


def generate(seed: int = SEED) -> dict[str, Any]:
    """The deck in its JSON shape, with the parameters that made it."""
    rng = random.Random(seed)
    cards = []
    for stack in sorted(ALPHABETS):
        for k in range(CARDS_PER_STACK):
            cards.append(
                {
                    "number": (stack - 1) * CARDS_PER_STACK + k + 1,
                    "stack": stack,
                    "white": random_face(rng, ALPHABETS[stack]["white"]),
                    "black": random_face(rng, ALPHABETS[stack]["black"]),
                }
            )
    return {
        "generator": "models/ubongo/deck_generator.py",
        "seed": seed,
        "alphabets": {str(s): a for s, a in ALPHABETS.items()},
        "cards": cards,
    }


if __name__ == "__main__":
    json.dump(generate(), sys.stdout, indent=1)
    sys.stdout.write("\n")
