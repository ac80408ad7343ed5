"""Ubongo solvers: layouts of k of the n faces in hand, or a proof that none exists."""
