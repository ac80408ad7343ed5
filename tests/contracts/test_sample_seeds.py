"""Every sample of every seeded study has a seed of its own: the first 1,000,003 samples
keep the rule the studies' published figures were measured with, and later ones no longer repeat
the next seed's first samples."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardsolve.models.quibbles import Variant, new_game
from cardsolve.models.was_sticht import deal_round
from cardsolve.solvers.cubu.state_bots import game_start
from cardsolve.solvers.infrastructure.seeds import STRIDE, sample_seed

SEEDS = st.integers(-(10**12), 10**12)
INDICES = st.integers(0, 10_000_000)


def test_the_first_samples_keep_the_measured_rule() -> None:
    assert [sample_seed(3, index) for index in (0, 1, STRIDE - 1)] == [3 * STRIDE, 3 * STRIDE + 1, 4 * STRIDE - 1]
    assert sample_seed(-1, 0) == -STRIDE


@given(SEEDS, INDICES, SEEDS, INDICES)
def test_two_samples_share_a_seed_only_when_they_are_the_same_sample(
    seed: int, index: int, other_seed: int, other_index: int
) -> None:
    same = sample_seed(seed, index) == sample_seed(other_seed, other_index)
    assert same == ((seed, index) == (other_seed, other_index))


@given(SEEDS, st.integers(0, STRIDE))
def test_past_the_stride_no_sample_repeats_the_next_seeds(seed: int, index: int) -> None:
    assert sample_seed(seed, STRIDE + index) != sample_seed(seed + 1, index)


def test_the_games_dealt_past_the_stride_differ_from_the_next_seeds() -> None:
    """Seed 1's sample 1,000,004 used to be dealt exactly as seed 2's sample 1."""
    late, early = sample_seed(1, STRIDE + 1), sample_seed(2, 1)
    assert deal_round(late) != deal_round(early)
    assert new_game(1, Variant.SOLO, late).draw_pile != new_game(1, Variant.SOLO, early).draw_pile
    assert game_start(late, 4, rounds=1).hands != game_start(early, 4, rounds=1).hands
