"""Quibbles: the rulebook one rule a test, the best split on every backend, the hint, the bots and the solo study."""
