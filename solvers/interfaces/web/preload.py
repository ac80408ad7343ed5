"""Loaded once by the web server's fork server, before any request: the command table and
every game's solvers are imported and each numba kernel is run once on a small position,
so that the request processes forked from it start with everything loaded and warm (the
Subito hint's rollout kernels too: the first hint after an install used to compile them,
6.9 s)."""

from __future__ import annotations

import json

from cardsolve.solvers.interfaces.web.calls import read_call
from cardsolve.solvers.interfaces.web.worker import OK, execute

TASKS = ["2", "3a", "4a", "5a", "6a", "7a", "8a", "9a"]
"""Round 1's sides of the task cards, for the Subito warm-ups."""
WARM_UP = (
    ("quibbles", "split", {"value": "6", "display": "3,3,1,1,4,2"}),
    ("ubongo", "verify", {"hand": "ABC/DEF,EFG/HIJ,JKL/GCA", "k": 2}),
    ("subito", "optimize", {"pile": "Y4R,L6P,R2R,L1R", "tasks": ",".join(TASKS)}),
    ("cubu", "speed", {"centre": "O-P-R-L-D", "hand": "D-G,R-G,O-L-R"}),
    ("cubu", "longest", {"top": "D-L-G", "hand": "G-P-R-D,L-O"}),
    (
        "subito",
        "hint",
        {
            "table": {"tasks": TASKS, "players": [{"name": "P1", "placed": {}}, {"name": "P2", "placed": {}}]},
            "card": "Y4A",
            "samples": 2,
        },
    ),
)


def warm_up() -> None:
    """Run each game's fast backend once (loading its compiled kernel from the cache, or
    compiling it on the first start after an install)."""
    for game, command, options in WARM_UP:
        execute(read_call(game, command, options))
    deal = execute(read_call("was-sticht", "deal", {"seed": 1}))
    if deal.status == OK:
        execute(read_call("was-sticht", "solve", {"deal": json.loads(deal.json_text), "seat": 1, "task": "no-red"}))


warm_up()
