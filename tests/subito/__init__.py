"""Subito: the rules of every task-card side, scoring with the rulebook's examples, the best placement on every backend, the hint and its study."""
