# use._hand_has_name's loop in place (docs/performance.md, step 124): whether a hand (a zone's
# list of card ids) holds a card named ``name``, the list's items and their Cards read borrowed,
# where the loop took and dropped a reference to each id and each Card and read the Card by
# Cython's item getter (~50 instructions a card, ~6,500 cards at ~2,100 asks in the six games of
# `sgs bench --what instructions`: a card rule offered to its holder asks at every timing it
# listens at). A card id outside g.cards raises IndexError, as usable.pxd's _hand_mask does. use.py
# keeps the loop itself for pure mode, the one definition. A declaration file only: no module of
# this name exists; use.py cimports it compiled only.

from cpython.object cimport PyObject
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from core.engine cimport Card, Game
from core.prims.smallint cimport small_int

cdef inline bint hand_has_name_in(list hand, Game g, int name) except -1:
    cdef PyObject *cards = <PyObject *>g.cards
    cdef Py_ssize_t k, c, ncards
    if hand is None or cards == <PyObject *>None:
        raise TypeError("a hand and the game's cards are lists")
    ncards = PyList_GET_SIZE(<list>cards)
    for k in range(PyList_GET_SIZE(hand)):
        c = small_int(<object>PyList_GET_ITEM(hand, k))
        if <size_t>c >= <size_t>ncards:
            raise IndexError("card id %d out of the game's cards" % c)
        if (<Card>PyList_GET_ITEM(<list>cards, c)).name == name:
            return True
    return False
