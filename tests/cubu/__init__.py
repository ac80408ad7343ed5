"""CUBU: colour sequences, the classic game and its action cards, Speed CUBU and its solvers, the bots and the seats study."""
