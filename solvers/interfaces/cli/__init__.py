"""The command line's command groups, one module per game plus the cross-game commands
(``demo``, ``bench``, ``analyze``). An interface only: each command parses its options,
calls the game's API and prints the answer's text or JSON; nothing imports these modules
but ``cli.py``."""
