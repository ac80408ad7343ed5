"""Shared test settings: hypothesis without a per-example deadline, since the first call
of a numba kernel compiles (or loads the cache) and takes far longer than the rest."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "cardsolve",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("cardsolve")
