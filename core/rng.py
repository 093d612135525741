"""The game's one seeded random number generator: xorshift64* seeded through splitmix64, the
same numbers compiled and in pure Python (a game's deal, its shuffles, the random agents' draws:
same seed and same answers, the same game). ``rng.pxd`` types it when compiled."""
import cython


def _mix_seed(seed):
    # splitmix64 on Python ints (runs identically compiled or not)
    m = 0xFFFFFFFFFFFFFFFF
    z = (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & m
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    z = z ^ (z >> 31)
    if z == 0:
        z = 0x2545F4914F6CDD1D
    return z


class Rng:
    """xorshift64* — small, fast, identical in pure and compiled mode."""

    def __init__(self, seed=0):
        self.s = _mix_seed(seed)

    def next_u32(self):
        if cython.compiled:   # the same step on the state in place (rng.pxd's rng_next)
            return rng_next(cython.address(self.s))
        x = self.s
        x ^= x >> 12
        x = (x ^ (x << 25)) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 27
        self.s = x
        return ((x * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF) >> 32

    def below(self, n):
        """Uniform-ish integer in [0, n), 0 < n < 2**32 (multiply-shift)."""
        if cython.compiled:   # next_u32's step and the product, inline (rng.pxd)
            return rng_below(cython.address(self.s), n)
        r = self.next_u32()
        return (r * n) >> 32

    def shuffle(self, a):
        i = len(a) - 1
        while i > 0:
            if cython.compiled:   # j <= i < len(a): the two pointers swapped (rng.pxd)
                j = rng_below(cython.address(self.s), i + 1)
                list_swap(a, i, j)
            else:
                j = self.below(i + 1)
                a[i], a[j] = a[j], a[i]
            i -= 1

    def copy(self):
        if cython.compiled:
            r = Rng.__new__(Rng)
        else:
            r = Rng(0)
        r.s = self.s
        return r
