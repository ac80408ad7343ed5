"""``python -m cardsolve``: the command line, as the ``cardsolve`` console script runs it."""

from cardsolve.cli import main

main()
