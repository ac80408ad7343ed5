"""The rules of each game: cards, notation, decks, validity checks, scoring and a seeded
game engine. Pure Python: nothing here imports a solver or the CLI."""
