"""The seeded generator of the bundled Subito stand-in deck (the printed combinations
are not public). Run ``python -m models.subito.deck_generator > models/data/subito.json``.

Construction: a Latin square gives every (colour, number) pair one symbol, each symbol
once per colour and once per number; a second Latin square, the first with its symbols
deranged, gives every pair a second, different symbol. The 72 cards are then distinct,
and each colour, number and symbol is on exactly 12 of them (each colour-number,
colour-symbol and number-symbol pair on exactly 2). The seed shuffles which colour,
number and symbol play which role, and picks the derangement.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from cardsolve.models.subito.cards import COLOURS, NUMBERS, SYMBOLS

SEED = 72


def generate(seed: int = SEED) -> dict[str, Any]:
    """The deck in its JSON shape, with the seed that made it."""
    rng = random.Random(seed)
    colours, numbers, symbols = list(COLOURS), list(NUMBERS), list(SYMBOLS)
    for letters in (colours, numbers, symbols):
        rng.shuffle(letters)
    size = len(symbols)
    shift = rng.randrange(1, size)  # i -> i + shift (mod 6) moves every symbol: a derangement
    cards = []
    for row, colour in enumerate(colours):
        for column, number in enumerate(numbers):
            first = (row + column) % size
            for square in (first, (first + shift) % size):
                cards.append(f"{colour}{number}{symbols[square]}")
    return {"generator": "models/subito/deck_generator.py", "seed": seed, "cards": sorted(cards)}


if __name__ == "__main__":
    json.dump(generate(), sys.stdout, indent=1)
    sys.stdout.write("\n")
