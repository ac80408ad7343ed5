"""A web request's process does not run the server's main script again: a server started
from a script file (as the ``cardsolve`` console script starts it) answers from children
that run its command and nothing else. Multiprocessing tells each child to run the main
script again as ``__mp_main__`` unless the fork server has it loaded, and on Python
before 3.13.8 it never has (CPython gh-126631, even with ``'__main__'`` preloaded): each
request imported the whole command line again (click, the command tree), some 20 ms of
CPU a request that a ``python -c`` start did not pay."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SERVER = """
import json
import sys

if __name__ != "__main__":  # run again, in a request's process
    with open(sys.argv[1], "a") as runs:
        runs.write(__name__ + "\\n")
else:
    from cardsolve.solvers.interfaces.web.calls import read_call
    from cardsolve.solvers.interfaces.web.worker import Requests

    requests = Requests(workers=1, deadline=120.0)
    requests.start()
    try:
        dealt = requests.run(read_call("quibbles", "start", {"seed": 1}))
        shown = requests.run(read_call("quibbles", "show", {"position": json.loads(dealt.json_text)}))
    finally:
        requests.stop()
    print(json.dumps([dealt.status, shown.status]))
"""


def test_a_request_from_a_server_started_by_a_script_does_not_run_the_script_again(tmp_path: Path) -> None:
    script, runs = tmp_path / "server.py", tmp_path / "runs.txt"
    script.write_text(SERVER)
    runs.touch()
    done = subprocess.run(
        [sys.executable, str(script), str(runs)], capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == [200, 200]
    assert runs.read_text().splitlines() == []  # was ["__mp_main__"] once for each process, the first included
