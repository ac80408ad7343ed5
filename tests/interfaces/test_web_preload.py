"""The web server's fork server loads every game's solvers before it says it is ready
(``interfaces.web.preload``): each warm-up command answers, and the kernels a first
request would otherwise compile are compiled or loaded, the Subito hint's rollouts among
them (issue 41: the first hint after an install waited 6.9 s on their compile) and the
Subito best response's price ascents, and each
game's board finds a seat's options to value from a seeded deal. Checked in
a process of its own, since importing the preload runs the warm-up."""

from __future__ import annotations

import json
import subprocess
import sys

CHECK = """
import json
from cardsolve.solvers.interfaces.web import preload, warmup
from cardsolve.solvers.interfaces.web.calls import read_call
from cardsolve.solvers.interfaces.web.worker import OK, execute
from cardsolve.solvers.subito import fast_rollout, prices
from cardsolve.models.games import GAMES
print(json.dumps({
    "boards": [warmup.warm_board(game) for game in GAMES],
    "answered": [execute(read_call(g, c, o)).status == OK for g, c, o in warmup.WARM_UP],
    "games": sorted({g for g, _, _ in warmup.WARM_UP}),
    "rollouts": len(fast_rollout.hint_rollouts.signatures),
    "prices": [len(kernel.signatures) for kernel in (prices.refute, prices.costs)],
}))
"""


def test_the_warm_up_answers_and_leaves_the_subito_rollouts_compiled() -> None:
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.splitlines()[-1])
    assert all(found["answered"]) and len(found["answered"]) >= 6
    assert found["games"] == ["cubu", "quibbles", "subito", "ubongo"]  # Was sticht? warms by its deal and solve
    assert found["rollouts"] >= 1
    assert all(found["prices"]), found["prices"]  # a best response's price ascents: some 10 s to compile
    assert found["boards"] == [True] * 5  # each game dealt, played and valued as its board asks
