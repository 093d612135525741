"""values.small_index, the pure form of core/prims/smallindex.pxd (step 198): a seat or a card id
as an index — an int of one digit (a bool too) itself, anything else -1, which the callers' range
tests refuse (use.keep_need_result, resolving.break_correspondence: their tests hold the compiled
form, test_need_record and test_break_correspondence)."""
from seeded_games import run_python

SCRIPT = r"""
import cython
from core.prims import values as V
assert not cython.compiled
vals = (0, 1, 3, 255, 256, 2 ** 30 - 1, 2 ** 30, 2 ** 40, -1, -5, -(2 ** 30) + 1, -(2 ** 30),
        -(2 ** 40), True, False, "x", None, 1.0, (1,))
print([V.small_index(v) for v in vals])
"""


def test_small_index_is_an_int_of_one_digit_or_minus_one():
    got = run_python(SCRIPT, pure=True).strip()
    assert got == repr([0, 1, 3, 255, 256, 2 ** 30 - 1, -1, -1, -1, -5, -(2 ** 30) + 1, -1, -1,
                        True, False, -1, -1, -1, -1])
