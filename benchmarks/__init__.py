"""The benchmark scripts, one per game (``python -m cardsolve.benchmarks.<game>``);
``cardsolve bench`` runs each in its own process. ``harness`` is their shared convention."""
