"""A six-round Ubongo game played out by the solver: the rulebook's deal (stacks 1|2,
3|4, 5|6 two rounds each; the even round turns the same cards to black), 10 points for
a layout of 7, otherwise the cards of the largest layout, and the ranking by points then
10-point rounds."""

from __future__ import annotations

from cardsolve.models.ubongo.cards import load_deck
from cardsolve.models.ubongo.rules import is_valid
from cardsolve.models.ubongo.scoring import HAND, TARGET
from cardsolve.solvers.ubongo import fast
from cardsolve.solvers.ubongo.game import play_game


def test_a_seeded_game() -> None:
    rounds, ranking = play_game(load_deck(), 3, 1, fast.solve)
    assert [(r.number, r.stack, r.side) for r in rounds] == [
        (1, 1, "white"),
        (2, 1, "black"),
        (3, 2, "white"),
        (4, 2, "black"),
        (5, 3, "white"),
        (6, 3, "black"),
    ]
    for odd, even in zip(rounds[::2], rounds[1::2]):
        for before, after in zip(odd.players, even.players):
            assert [f[:-1] for f in before.faces] == [f[:-1] for f in after.faces]
            assert all(f.endswith("w") for f in before.faces) and all(f.endswith("b") for f in after.faces)
    dealt = [name[:-1] for r in rounds[::2] for p in r.players for name in p.faces]
    assert len(dealt) == len(set(dealt)) == 3 * 3 * HAND
    for r in rounds:
        for p in r.players:
            assert is_valid(p.layout) and {q.face.name for q in p.layout} <= set(p.faces)
            assert p.points == (10 if len(p.layout) == TARGET else len(p.layout))
            if len(p.layout) < TARGET:
                faces = [load_deck().face(name) for name in p.faces]
                assert fast.solve(faces, len(p.layout) + 1).layout is None
    totals = {f"P{n + 1}": sum(r.players[n].points for r in rounds) for n in range(3)}
    tens = {f"P{n + 1}": sum(r.players[n].points == 10 for r in rounds) for n in range(3)}
    assert [(s.player, s.points, s.tens) for s in ranking] == sorted(
        ((name, totals[name], tens[name]) for name in totals), key=lambda t: (-t[1], -t[2], t[0])
    )
    assert play_game(load_deck(), 3, 1, fast.solve) == (rounds, ranking)
    assert any(p.points < 10 for r in rounds for p in r.players)  # the seed shows a short round
