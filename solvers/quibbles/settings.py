"""The searching policies' default effort, shared by the hint command, the API and the
solo study so that the study measures the hint a player gets. A light module: the
command line reads it without loading the solvers."""

DEFAULT_SAMPLES = 16
"""The hint: sampled orders of the unseen cards per candidate turn."""
DEFAULT_SHORTLIST = 12
"""The hint: candidate turns sampled, the best by the static evaluation (every DRAW is
sampled besides)."""
DEFAULT_REPLIES = 2
"""The hint: the player's own turns played after the candidate in each sample."""
DEFAULT_FINALISTS = 4
"""The hint: the candidates with the best means after DEFAULT_SAMPLES that are sampled
again, DEFAULT_FINAL_SAMPLES times more; the best of them is the hint."""
DEFAULT_FINAL_SAMPLES = 64
"""The hint: the finalists' further sampled orders of the unseen cards (fresh ones)."""
DEFAULT_WIDTH = 8
"""The clairvoyant: positions its beam keeps per turn."""
MAX_SAMPLES = 10_000
"""The most sampled orders per candidate a hint may be asked for (about a minute)."""
MAX_SHORTLIST = 1000
"""The most candidate turns the solo study's hint may sample per turn."""
MAX_WIDTH = 1000
"""The widest beam the solo study's clairvoyant may keep."""
MAX_HINT_SHORTLIST = 100_000
"""The most candidate turns a hint may be asked to sample (far more than any position has:
a large number asks for all of them)."""
MAX_TOP = 1000
"""The most ranked turns a hint shows."""
