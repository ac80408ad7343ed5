"""The Subito hint's rollouts, shared by the hint, its command and the hints study. A light
module: the command line reads it without loading the solvers."""

SAMPLES = 1024
"""Rollouts per side by default: the numba rollouts play them in about a tenth of a
second, and the hint picks better sides with them than with fewer (issue 17's study)."""
STUDY_SAMPLES = 4096
"""The most rollouts per side the hints study's hint may take (four times the default:
the study plays hundreds of rounds of 36 hints each)."""
