"""The benchmark scripts, one per game (``python benchmarks/<game>.py`` from a checkout,
``python -m benchmarks.<game>`` where the package is installed); ``cardsolve bench``
runs them. ``harness`` is their shared convention."""
