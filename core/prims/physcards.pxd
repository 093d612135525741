# cards._cards_phys's first test in place (docs/performance.md, step 129): whether a tuple holds
# physical card ids only (ints from 0 below VBASE), when it is its own answer — the move flow's
# cards, nearly always: choose_move_cards and move_cards are given them at each of ~1,400 moves,
# where each asked cards._cards_phys by a call into the cards room. cards.py's _all_physical is
# the definition, which pure mode runs; compiled, cards and moves cimport this one. A
# declaration file only: no module of this name exists.

from core.prims.base cimport _VBASE
from core.prims.smallint cimport one_digit_long

# each id's value read by its digit (smallint.pxd), where Cython's conversion of an object to a C
# Py_ssize_t (__Pyx_PyIndex_AsSsize_t, inline) was ~29 instructions a card (step 155a); an int of
# more digits, or any int from Python 3.12 on, converted as before
cdef inline bint all_physical(tuple cs) except -1:
    cdef Py_ssize_t i
    cdef long n
    for i in range(len(cs)):
        c = cs[i]
        if type(c) is not int:
            return False
        if not one_digit_long(c, &n):
            n = c   # as _is_v reads it
        if n < 0 or n >= _VBASE:
            return False
    return True
