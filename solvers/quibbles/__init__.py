"""Quibbles solvers: the best split (``split`` and its backends, named in ``backends``),
combine options, the hint, the policies and the solo study's games (the study itself is
``solvers.analysis.quibbles``); ``results`` holds their answers and ``api`` is the Python
API (``cardsolve.quibbles``)."""
