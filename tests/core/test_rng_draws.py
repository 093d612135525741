"""The engine's random numbers, drawn where they are used (docs/performance.md step 117c):
compiled, Rng.below, Rng.shuffle and core.decision's _below (the agents' draws) and
_drawn_below (Decision.sample's, inline: step 185f) run rng.pxd's inline step on the Rng's state in place, and shuffle swaps two pointers.
Each gives the numbers of xorshift64* written out below (rng.py's, pure and compiled alike):
the same draws, the same state after, the same shuffled order, an item's count unchanged."""
import sys

from core.decision import new_decision
from core.rng import Rng

M64 = 0xFFFFFFFFFFFFFFFF


def _step(s):
    x = s ^ (s >> 12)
    x = (x ^ (x << 25)) & M64
    x ^= x >> 27
    return x, ((x * 0x2545F4914F6CDD1D) & M64) >> 32


def _below(s, n):
    s, r = _step(s)
    return s, (r * n) >> 32


def test_below_draws_the_written_out_numbers_and_state():
    for seed in (0, 1, 7, 12345, 2 ** 63 + 5):
        r = Rng(seed)
        s = r.s
        for n in (1, 2, 3, 5, 52, 160, 1000, 2 ** 31 - 1, 2 ** 32 - 1):
            s, want = _below(s, n)
            assert r.below(n) == want
            assert r.s == s


def test_shuffle_is_the_written_out_shuffle():
    for seed in (1, 2, 3, 99):
        r = Rng(seed)
        s = r.s
        items = [object() for _ in range(160)]
        a = list(items)
        want = list(items)
        i = len(want) - 1
        while i > 0:
            s, j = _below(s, i + 1)
            want[i], want[j] = want[j], want[i]
            i -= 1
        counts = [sys.getrefcount(o) for o in items]
        r.shuffle(a)
        assert a == want and r.s == s
        assert [sys.getrefcount(o) for o in items] == counts   # a swap takes no reference
        r.shuffle([])
        r.shuffle([1])
        assert r.s == s   # fewer than two items: no draw


def test_a_question_samples_with_the_written_out_draws():
    for seed in (1, 5, 11):
        r = Rng(seed)
        s = r.s
        for n in (1, 2, 7, 30, 255, 256, 257, 1000):   # (an index from 256 up made, step 207d)
            d = new_decision(1, 0, list(range(n)), 1, 1, "test")
            s, want = _below(s, n)
            v = d.sample(r)
            assert v == want and type(v) is int and r.s == s
        for _ in range(8):   # a yes/no: 0 or 1
            s, want = _below(s, 2)
            v = new_decision(0, 0, (), 1, 1, "test").sample(r)
            assert v == want and type(v) is int and r.s == s


def test_a_card_choice_counts_and_samples_as_written_out():
    # Decision.count of a choice of lo..hi of n cards (compiled: C ints up to 60 cards, step
    # 117c) and sample's draw of a count, then of the cards (the indices shuffled, the first j
    # sorted), against the definitions written out
    from math import comb, perm
    for n in (0, 1, 5, 10, 30, 59, 60, 61, 70):
        for lo, hi in ((0, 0), (1, 1), (1, 3), (2, 60), (0, 70)):
            d = new_decision(2, 0, list(range(100, 100 + n)), lo, hi, "test")
            assert d.count() == sum(comb(n, j) for j in range(lo, min(hi, n) + 1))
            d.ordered = True
            assert d.count() == sum(perm(n, j) for j in range(lo, min(hi, n) + 1))
    for seed in (1, 2, 3, 4):
        r = Rng(seed)
        s = r.s
        for n, lo, hi in ((10, 1, 3), (12, 2, 2), (6, 0, 6), (20, 1, 4)):
            opts = list(range(200, 200 + n))
            d = new_decision(3, 0, opts, lo, hi, "test")
            total = sum(comb(n, j) for j in range(lo, hi + 1))
            s, x = _below(s, total)
            j = lo
            while x >= comb(n, j):
                x -= comb(n, j)
                j += 1
            idx = list(range(n))
            for i in range(j):
                s, m = _below(s, n - i)
                m += i
                idx[i], idx[m] = idx[m], idx[i]
            want = tuple(opts[i] for i in sorted(idx[:j]))
            assert d.sample(r) == want and r.s == s


def _drawn_want(s, opts, lo, hi, ordered):
    """sample's draw written out: the count of cards (from the count of answers below
    0x7FFFFFFF, else uniformly among lo..hi), then the cards; (state, answer), or (s, None)."""
    from math import comb, perm
    n = len(opts)
    w = (lambda j: perm(n, j)) if ordered else (lambda j: comb(n, j))
    total = sum(w(j) for j in range(lo, min(hi, n) + 1))
    if total == 0:
        return s, None
    if total < 0x7FFFFFFF:
        s, x = _below(s, total)
        j = lo
        while x >= w(j):
            x -= w(j)
            j += 1
    else:
        s, x = _below(s, min(hi, n) - lo + 1)
        j = lo + x
    idx = list(range(n))
    for i in range(j):
        s, m = _below(s, n - i)
        m += i
        idx[i], idx[m] = idx[m], idx[i]
    chosen = idx[:j] if ordered else sorted(idx[:j])
    return s, tuple(opts[i] for i in chosen)


def test_a_card_choice_samples_its_count_as_a_c_int_either_side_of_its_bound():
    # step 185b: the count sample draws from is a C int (small) whether it was summed as one
    # (unordered, up to 60 cards) or counted as a Python int (count(): ordered, more than 60);
    # from 0x7FFFFFFF up its count of cards is drawn uniformly; a count of 0 answers None
    cases = ((40, 1, 40, False),   # 2**40 - 1 answers: summed, past the bound
             (31, 0, 31, False),   # 2**31: summed, past it
             (31, 1, 31, False),   # 2**31 - 1 = 0x7FFFFFFF: at the bound, drawn uniformly
             (30, 0, 30, False),   # 2**30: summed, below it
             (61, 1, 2, False),    # counted (61 cards), below it
             (62, 1, 62, False),   # counted, past it
             (8, 1, 3, True),      # ordered: counted, below it
             (20, 1, 20, True),    # ordered: counted, past it
             (3, 4, 5, False), (61, 62, 63, False), (3, 4, 5, True))   # none: None
    for seed in (1, 2, 3):
        r = Rng(seed)
        s = r.s
        for n, lo, hi, ordered in cases:
            opts = list(range(300, 300 + n))
            d = new_decision(2, 0, opts, lo, hi, "test")
            d.ordered = ordered
            s, want = _drawn_want(s, opts, lo, hi, ordered)
            assert d.sample(r) == want and r.s == s, (seed, n, lo, hi, ordered)


def test_a_question_samples_from_any_rng_with_below():
    # sample's draws inline for the engine's Rng (step 185f: _drawn_below); another rng (the
    # first player's stand-in, a test's) is asked through its below()
    class Last:
        def below(self, n):
            return n - 1
    assert new_decision(1, 0, list(range(7)), 1, 1, "t").sample(Last()) == 6
    for n in (256, 257):   # the last index either side of the ints made once (step 207d)
        assert new_decision(1, 0, list(range(n)), 1, 1, "t").sample(Last()) == n - 1
    d = new_decision(4, 0, [10, 11], 1, 1, "t")
    d.can_pass = True
    assert d.sample(Last()) == -1
    # a card choice of 1 of 3: the last of 3 answers, one card; its index swapped from the last
    assert new_decision(2, 0, [1, 2, 3], 1, 1, "t").sample(Last()) == (3,)
