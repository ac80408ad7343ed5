"""The Subito hint's rollouts, shared by the hint, its command and the hints study. A light
module: the command line reads it without loading the solvers."""

SAMPLES = 1024
"""Rollouts per side by default: the numba rollouts play them in about a tenth of a
second, and the hint picks better sides with them than with fewer (issue 17's study)."""
STUDY_SAMPLES = 4096
"""The most rollouts per side the hints study's hint may take (four times the default:
the study plays hundreds of rounds of 36 hints each)."""
MAX_SAMPLES = 100_000
"""The most rollouts per side a hint may be asked for (about ten seconds; 5,000,000 once
asked for 1.9 GB before any rollout)."""
MAX_DUEL_ANSWERS = 1000
"""The most best responses a duel may be asked to play (it ends in a few)."""
