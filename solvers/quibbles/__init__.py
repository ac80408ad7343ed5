"""Quibbles solvers: the best split (``split`` and its backends, named in ``backends``),
combine options, the hint, the policies by name (``bot_games``) and as bots of the game
protocol, whose whole games ``models.state.play`` plays (``state_bots``; the solo study is
``solvers.studies.quibbles_solo``); ``results`` holds their answers and ``api`` is the
Python API (``cardsolve.quibbles``)."""
