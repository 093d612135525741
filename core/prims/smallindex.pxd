# A seat or a card id read as a C index (docs/performance.md, step 198): an int (a bool too) of one
# digit is its value, read in place (smallint.pxd's one_digit_long); anything else, an int of more
# digits included, is -1, "none", which the caller's range test (0 <= i < n) refuses as it refused
# the value. use.keep_need_result's seat and resolving.break_correspondence's card, each where the
# table's length was boxed and compared as objects (step 191d/191e). values.py keeps the pure
# form (small_index), the one definition uncompiled. A declaration file only: no module of this
# name exists; use.py and resolving.py cimport it compiled only.

from core.prims.smallint cimport one_digit_long

cdef inline long small_index(object o) noexcept:
    cdef long v = -1   # left as it is for an int of more digits (one_digit_long answers 0)
    if isinstance(o, int):
        one_digit_long(o, &v)
    return v
