"""Subito solvers: the best placement of a player's pile (``problem``, the backends
``fast``, ``cpsat`` and ``reference`` by name in ``backends``), duels of best responses,
hints by rollouts; ``api`` is what the command line and ``cardsolve.subito`` call."""
