"""Ubongo: Das Kartenspiel: the layout rules, the deck, every backend of the layout search, hints, layouts, games and the solvability study."""
