"""The seeded generator of the bundled CUBU stand-in deck (the printed cards are not
public). Run ``python -m models.cubu.deck_generator`` to rewrite ``models/data/cubu.json``.

Construction: 48 regular cards, 10 each with 2, 3 and 4 boxes and 9 each with 5 and 6
(so every count is about equally common). The cards are chosen one at a time, in a
seeded order of box counts: each is the arrangement, not yet in the deck, whose colours
have so far been used least at their positions (seeded tie-break), so each colour is at
each position about equally often. Then 2 of each of the 6 action cards.
"""

from __future__ import annotations

import json
import random
from itertools import permutations
from pathlib import Path
from typing import Any

from cardsolve.models.cubu.cards import ACTION_COPIES, ACTIONS, COLOURS, MAX_BOXES

SEED = 48
COUNTS = {2: 10, 3: 10, 4: 10, 5: 9, 6: 9}
"""How many regular cards show each number of boxes (48 in all)."""
TARGET = Path(__file__).resolve().parent.parent / "data" / "cubu.json"


def generate(seed: int = SEED) -> dict[str, Any]:
    """The deck in its JSON shape, with the seed that made it."""
    rng = random.Random(seed)
    order = [boxes for boxes, count in COUNTS.items() for _ in range(count)]
    rng.shuffle(order)
    used = [dict.fromkeys(COLOURS, 0) for _ in range(MAX_BOXES)]
    chosen: set[tuple[str, ...]] = set()
    for boxes in order:
        candidates = [arrangement for arrangement in permutations(COLOURS, boxes) if arrangement not in chosen]
        rng.shuffle(candidates)
        card = min(candidates, key=lambda colours: sum(used[i][c] ** 2 for i, c in enumerate(colours)))
        chosen.add(card)
        for position, colour in enumerate(card):
            used[position][colour] += 1
    regular = sorted("-".join(card) for card in chosen)
    actions = [name for name in ACTIONS for _ in range(ACTION_COPIES)]
    return {"generator": "models/cubu/deck_generator.py", "seed": seed, "regular": regular, "actions": actions}


if __name__ == "__main__":
    TARGET.write_text(json.dumps(generate(), indent=1) + "\n", encoding="utf-8")
