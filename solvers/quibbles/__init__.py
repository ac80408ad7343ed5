"""Quibbles solvers: the best split (``split`` and its backends, named in ``backends``),
combine options, the hint, the policies and whole bot games (``bot_games``; the solo
study is ``solvers.studies.quibbles_solo``); ``results`` holds their answers and ``api`` is the Python
API (``cardsolve.quibbles``)."""
