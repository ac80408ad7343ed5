"""CUBU solvers, one module per question: the longest colour sequence (``longest``),
Speed CUBU solvability (``speed`` and its backends, ``backends.BACKENDS``), the classic
game's bots (``bots``) and tournaments (``simulate``); the answers are in ``results`` and
the Python API, which takes card notation or model objects, is ``api``."""
