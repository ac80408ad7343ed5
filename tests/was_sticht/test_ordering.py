"""The Was sticht? kernel's move order for the player: where he may play any card (on
lead, or void in the lead's class) and his tricks are capped or a colour must stay out of
them, he tries his trumps first (``kernel_order._trumps_to_spend``); asked for the last
trick in a forceable question, he would rather win every trick
(``kernel_order._wants_tricks``); when all he must do is keep colours out of his tricks,
he sheds his highest cards into the tricks he may safely win
(``kernel_order._safe_to_win``), following them and leading them; in a forceable question
he tries first the cards that decide the trick whatever the others play: the player who
would rather lose those a later seat must overtake (``kernel_order._least_overtake``), the
one who would rather win those no later seat can beat (``kernel_order._best_later``); and
below the root of a forceable question the plain leads that leave the other side the
fewest replies come first (``kernel_order._replies``). The order changes the work only;
the answers stay the reference's."""

from __future__ import annotations

import random

from was_sticht_cases import chip_cycle_disagreements

from cardsolve.models.was_sticht import CHIP_IDS, DECK, Trumps, parse_cards
from cardsolve.models.was_sticht.play import Position
from cardsolve.solvers.was_sticht import fast, kernel_layout, kernel_order, kernel_question, kernel_search

SEED = 20261205
TRUMPS = Trumps("Y", 6)
"""Yellow and every 6: Y6 the supertrump, B6 G6 R6 the tied number trumps."""


def _spent(position: Position, chip_id: str, player: int = 0) -> set[str]:
    """The player's trumps that the kernel tries first for the chip, as card names."""
    _, key = kernel_question._question(tuple(CHIP_IDS[chip_id].conditions))
    st = fast.encode(position, player, key, False, 1)
    mask = kernel_order._trumps_to_spend(st, fast.tables(position.trumps).packed)
    return {card.name for hand in position.hands for card in hand if (mask >> card.index) & 1}


def _trick(hands: tuple[str, str, str, str], current: str) -> Position:
    """Seat 0 (the player) to play the last card of a trick seat 1 led with ``current``."""
    return Position(tuple(tuple(parse_cards(h)) for h in hands), TRUMPS, 1, tuple(parse_cards(current)))


VOID_IN_GREEN = _trick(("Y9,Y1,R6,B4", "B2,B5", "R7,B9", "R2,B3"), "G3,G8,G9")
"""The player void in the green lead, holding two yellow trumps, the red 6 and a blue
card."""


def test_a_capped_player_spends_every_trump_first() -> None:
    """At most 2 tricks, void in the green lead: his three trumps, not the blue card."""
    assert _spent(VOID_IN_GREEN, "at-most-2") == {"Y9", "Y1", "R6"}


def test_a_colour_to_avoid_keeps_its_trumps_and_its_tricks() -> None:
    """No red cards: the red 6 is not spent; no yellow cards: neither yellow trump; and into
    a trick that already holds a red card no trump is spent at all."""
    assert _spent(VOID_IN_GREEN, "no-red") == {"Y9", "Y1"}
    assert _spent(VOID_IN_GREEN, "no-yellow") == {"R6"}
    red_in_trick = _trick(("Y9,Y1,R6,B4", "B2,B5", "R7,B9", "B3,Y2"), "G3,G8,R2")
    assert _spent(red_in_trick, "no-red") == set()
    assert _spent(red_in_trick, "no-blue") == {"Y9", "Y1", "R6"}


def test_no_trump_is_spent_by_a_player_who_wants_tricks_or_the_last_one() -> None:
    """At least 5 tricks caps nothing; the last trick needs a trump kept."""
    assert _spent(VOID_IN_GREEN, "at-least-5") == set()
    assert _spent(VOID_IN_GREEN, "last-trick") == set()


def _wants(position: Position, chip_id: str, cooperative: bool) -> bool:
    """Whether the kernel has the player (seat 0) aim to win the current trick."""
    rows, key = kernel_question._question(tuple(CHIP_IDS[chip_id].conditions))
    st = fast.encode(position, 0, key, cooperative, 1)
    kernel_search._arrays_into(st, rows, fast.tables(position.trumps).packed, rows, rows, rows)  # the conditions
    return bool(kernel_order._wants_tricks(st))


def test_the_last_trick_forced_wants_every_trick_and_helped_only_the_last() -> None:
    """Four tricks to go: against the others he aims to win this one too (the lead keeps
    the choice of what is left for the end); helped by them, only the last trick."""
    assert _wants(VOID_IN_GREEN, "last-trick", cooperative=False)
    assert not _wants(VOID_IN_GREEN, "last-trick", cooperative=True)
    last = _trick(("Y9", "B2", "R7", "R2"), "")
    assert _wants(last, "last-trick", cooperative=True)
    assert not _wants(VOID_IN_GREEN, "at-most-2", cooperative=False)


def _order(position: Position, chip_id: str, cooperative: bool = False, seat: int = 0) -> list[str]:
    """The cards the kernel tries, in order, for ``seat`` to move below the root in a
    forceable (or possible) question of the player's (seat 0)."""
    rows, key = kernel_question._question(tuple(CHIP_IDS[chip_id].conditions))
    st = fast.encode(position, 0, key, cooperative, 1)
    kernel_search._arrays_into(st, rows, fast.tables(position.trumps).packed, rows, rows, rows)  # the conditions
    st[kernel_layout._WANTS] = kernel_order._wants_tricks(st)  # as the node does where a trick starts
    buf = fast.work_rows()
    n, _ = kernel_order._candidates(st, rows, fast.tables(position.trumps).packed, buf, 1, seat)
    return [DECK[int(c)].name for c in buf[kernel_layout._ROWS_PER_DEPTH + kernel_layout._CARDS, :n]]


GREEN_TRICK = _trick(("G2,G7,G9,B4", "B2,B5", "R7,G8", "R2,B3"), "G3,G5,B1")
"""The player to follow a green trick that holds no trump, with one green card below the
G5 and two above it (the G8 between them keeps the two apart)."""


def test_a_trick_he_may_safely_win_he_follows_with_his_highest_card() -> None:
    """The green trick, his the last card: no yellow or no red (neither in the trick, no
    seat after him) has him win it with his highest card first; no blue (the B1 in it) or
    at most 2 tricks: the card below the G5 first, then the cheapest that wins."""
    assert _order(GREEN_TRICK, "no-yellow") == ["G9", "G7", "G2"]
    assert _order(GREEN_TRICK, "no-red") == ["G9", "G7", "G2"]
    assert _order(GREEN_TRICK, "no-blue") == ["G2", "G7", "G9"]
    assert _order(GREEN_TRICK, "at-most-2") == ["G2", "G7", "G9"]
    # the Y1 ruffed: no green card wins, and he would rather not, the highest first
    trumped = _trick(("G2,G7,G9,B4", "B2,B5", "R7,G8", "R2,B3"), "G3,G5,Y1")
    assert _order(trumped, "no-yellow") == ["G9", "G7", "G2"]
    # the G9 led: no green card of his wins, and he sheds the highest into it
    beaten = _trick(("G2,G7,B4", "B2,B5", "R7,G8", "R2,B3"), "G9,G5,B1")
    assert _order(beaten, "no-yellow") == ["G7", "G2"]


def _second(hands: tuple[str, str, str, str], current: str) -> Position:
    """Seat 0 (the player) to play the second card of a trick seat 3 led with ``current``."""
    return Position(tuple(tuple(parse_cards(h)) for h in hands), TRUMPS, 3, tuple(parse_cards(current)))


def test_a_seat_after_him_void_in_the_lead_may_bring_what_it_holds() -> None:
    """The G5 led, seat 1 after him void in green: with the red 2 it could throw a red card
    on his winning green card, so for no red he plays low first; with the red 6 (a trump,
    which would win the trick from him) it could not, and he plays his highest first; its
    blue 5 makes the trick unsafe for no blue either way."""
    red_card = _second(("G2,G7,G9,B4", "R2,B5", "G4,B9", "G3,R7"), "G5")
    red_trump = _second(("G2,G7,G9,B4", "R6,B5", "G4,B9", "G3,R7"), "G5")
    assert _order(red_card, "no-red") == ["G2", "G7"]
    assert _order(red_trump, "no-red") == ["G7", "G2"]
    assert _order(red_trump, "no-blue") == ["G2", "G7"]


def test_on_lead_he_sheds_first_the_colours_every_other_seat_must_follow() -> None:
    """Every other seat holds green and red, not every one blue: for no red he leads the
    green cards first, the highest first (red is kept out); for no blue the red and green
    cards, the highest first; at most 2 tricks leads first the cards some other seat must
    overtake (the highest first: B7 and B4 under the B9, R3 under the R7 and R9, G2 under
    the G3 to G5), and last the G9, which may win."""
    lead = Position(
        tuple(tuple(parse_cards(h)) for h in ("G2,G9,B4,B7,R3", "G3,B5,R2,Y2", "G4,B9,R9,Y3", "G5,R7,R8,Y4")), TRUMPS, 0
    )
    assert _order(lead, "no-red")[:2] == ["G9", "G2"]
    assert _order(lead, "no-blue")[:3] == ["G9", "R3", "G2"]
    assert _order(lead, "at-most-2") == ["B7", "B4", "R3", "G2", "G9"]


def test_would_he_rather_lose_he_first_plays_the_cards_a_later_seat_must_overtake() -> None:
    """The G5 led, seat 1 after him holding the G8 as its only green card: his G7 is beaten
    whatever the others play, so for at most 2 tricks he tries it first with the G2 (the
    highest first) and the G9, which may win, last. Helped by the others (possible), what
    counts is that the G8 may beat the G7, not that it must: with the G3 as well seat 1
    need not overtake, so against him the G7 may win and comes after the G2, but helped
    it still loses first."""
    position = _second(("G2,G7,G9", "G8,B5,R2", "G4,B9,R3", "R7,B3"), "G5")
    assert _order(position, "at-most-2") == ["G7", "G2", "G9"]
    assert _order(position, "at-most-2", cooperative=True) == ["G7", "G2", "G9"]
    choice = _second(("G2,G7,G9", "G3,G8,R2", "G4,B9,R3", "R7,B3"), "G5")
    assert _order(choice, "at-most-2") == ["G2", "G7", "G9"]
    assert _order(choice, "at-most-2", cooperative=True) == ["G7", "G2", "G9"]


def test_would_he_rather_win_he_first_plays_the_cards_no_later_seat_can_beat() -> None:
    """The G5 led: at least 5 tricks has him try first the G9, above everything the seats
    after him may play (the G8 and G4), then the G7, which the G8 may beat. With seat 1 void
    in green and holding the yellow 2 (a trump), and the G8 with seat 2, no green card of
    his is sure to win, and the cheapest comes first again."""
    position = _second(("G7,G9,B4", "G8,B5,R2", "G4,B9,R3", "R7,B3"), "G5")
    assert _order(position, "at-least-5") == ["G9", "G7"]
    ruffed = _second(("G7,G9,B4", "Y2,B5,R2", "G8,B9,R3", "R7,B3"), "G5")
    assert _order(ruffed, "at-least-5") == ["G7", "G9"]


def test_would_he_rather_win_he_first_leads_the_cards_no_other_seat_can_beat() -> None:
    """On lead for at least 5 tricks: the G9 and the R8 are above every green and red card
    the others hold, so against them he leads those first, the lower first; the B8 lies
    under seat 2's B9, and the Y7 (a trump) under the Y9. Helped by them, the B8 wins too
    (seat 2 may play its B5 under it), but not the Y7: seat 3 must follow with the Y9."""
    lead = Position(
        tuple(tuple(parse_cards(h)) for h in ("G9,R8,B8,Y7", "G3,B2,R2,Y2", "G4,B9,B5,R4", "G5,R7,B3,Y9")), TRUMPS, 0
    )
    assert _order(lead, "at-least-5")[:2] == ["R8", "G9"]
    helped = _order(lead, "at-least-5", cooperative=True)
    assert set(helped[:3]) == {"R8", "G9", "B8"} and helped[3] == "Y7"


def test_helped_to_win_he_first_plays_the_cards_no_later_seat_must_overtake() -> None:
    """The G5 led, seat 1 after him holding only the G8 in green: helped to at least 5
    tricks he tries the G9 first, which wins once every later seat plays low, and the G7,
    which the G8 must overtake, after it; against him the G7 may win (seat 1 is not forced
    above it if it held a lower green), so there too the G9 comes first."""
    position = _second(("G7,G9,B4", "G8,B5,R2", "G4,B9,R3", "R7,B3"), "G5")
    assert _order(position, "at-least-5", cooperative=True) == ["G9", "G7"]


def test_against_him_a_seat_on_lead_first_leads_what_he_cannot_beat() -> None:
    """Seat 1 on lead against the player's at least 5 tricks: he holds no red (and no
    trump to ruff with), and the G8 tops his greens, so seat 1 leads those first, the
    lowest first (R2, G8, R9); the B4, which his B7 beats, comes last, and as the opposing
    seats' hedge against a wrong guess, second."""
    lead = Position(
        tuple(tuple(parse_cards(h)) for h in ("B7,G5,G2,B3", "R2,B4,G8,R9", "G4,B5,R4,G9", "G3,R7,B2,B8")), TRUMPS, 1
    )
    assert _order(lead, "at-least-5", seat=1) == ["R2", "B4", "G8", "R9"]


def test_below_the_root_of_a_forceable_question_the_plain_leads_leaving_fewest_replies_come_first() -> None:
    """Seat 1 on lead against the player's at most 2 tricks (it wants him to win the
    trick, so no lead of its settles the trick): he holds one blue card, three greens, no
    red and no trump, so the B8 leaves him one reply, the G9 three and the R4 and the Y2
    (void: any card) four each; the B8 comes first, the Y2 second as the opposing seats'
    hedge. On lead himself for at least 5 tricks, after the R9 that no other seat can
    beat, his B3 leaves each other seat one blue card to play (one line of the trick to
    answer), the G5 and the G2 two lines (seat 2's G3 and G4). Helped by the others
    (possible) no line is to be refuted: after the R9 the leads keep their order by the
    cards above them in other hands (the G5 first)."""
    lead = Position(
        tuple(tuple(parse_cards(h)) for h in ("G2,G5,G7,B3", "R4,B8,G9,Y2", "R5,B5,G3,G4", "R7,B9,G8,Y3")), TRUMPS, 1
    )
    assert _order(lead, "at-most-2", seat=1) == ["B8", "Y2", "G9", "R4"]
    mine = Position(
        tuple(tuple(parse_cards(h)) for h in ("G2,G5,B3,R9", "R4,B8,G9,Y2", "R5,B5,G3,G4", "R7,B9,G8,Y3")), TRUMPS, 0
    )
    assert _order(mine, "at-least-5") == ["R9", "B3", "G5", "G2"]
    assert _order(mine, "at-least-5", cooperative=True) == ["R9", "G5", "B3", "G2"]


def test_the_player_s_order_answers_as_the_reference() -> None:
    """300 seeded endings of 2-4 tricks, the chips whose order the rules above change, both
    questions."""
    chips = [
        CHIP_IDS[c]
        for c in (
            "at-most-1",
            "at-most-2",
            "no-tricks",
            "exactly-2",
            "no-red",
            "no-blue",
            "no-yellow",
            "no-green",
            "last-trick",
            "first-and-last",
            "at-least-4",
            "most-tricks",
            "exactly-3",
        )
    ]
    assert not chip_cycle_disagreements(random.Random(SEED), 300, chips)
