"""A choice of cards' count of answers and its draws (core/decision.py: count and sample sum
_comb60's C(n, j) for n <= 60, its divisions C's since step 214b): every count of an unordered
choice of up to 60 options is the sum of the binomials, the largest, C(60, 30), among them, and a
drawn answer is always one of the counted ones, pure and compiled alike."""
from math import comb

from core.decision import Decision
from core.rng import Rng


def test_the_counts_of_unordered_choices_are_the_binomials_sums():
    for n in range(0, 61):
        opts = list(range(n))
        for lo, hi in ((0, n), (1, 1), (n // 2, n // 2), (1, 3), (n // 3, n - n // 3), (n, n)):
            d = Decision(2, 0, opts, lo, hi)
            assert d.count() == sum(comb(n, j) for j in range(lo, min(hi, n) + 1)), (n, lo, hi)
    assert Decision(2, 0, list(range(60)), 30, 30).count() == comb(60, 30)
    assert Decision(2, 0, list(range(60)), 0, 60).count() == 2 ** 60


def test_the_draws_of_unordered_choices_are_counted_answers():
    rng = Rng(7)
    for n in (1, 5, 13, 31, 60):
        opts = list(range(100, 100 + n))
        for lo, hi in ((1, 1), (1, 3), (0, n), (n // 2, n // 2)):
            d = Decision(2, 0, opts, lo, hi)
            for _ in range(20):
                v = d.sample(rng)
                assert isinstance(v, tuple) and lo <= len(v) <= min(hi, n), (n, lo, hi, v)
                assert list(v) == sorted(set(v)) and set(v) <= set(opts), (n, lo, hi, v)
