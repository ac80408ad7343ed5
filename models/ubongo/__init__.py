"""Ubongo: Das Kartenspiel: faces and the deck, layouts, the layout rules and scoring."""
