"""The bounds of the Ubongo commands, shared by the API and the command table. A light
module: the command line reads it without loading the solvers."""

KEPT_LAYOUTS = 10_000
"""The most layouts ``layouts`` keeps (those found after them are only counted), so that
memory stays bounded however many there are; also the most it draws."""
MAX_LIMIT = 10**18
"""The largest ``limit`` of ``layouts`` (the search counts in 64-bit integers)."""
