# use._hand_has_name's loop in place (docs/performance.md, step 124): whether a hand (a zone's
# list of card ids) holds a card named ``name``, the list's items and their Cards read borrowed,
# where the loop took and dropped a reference to each id and each Card and read the Card by
# Cython's item getter (~50 instructions a card, ~6,500 cards at ~2,100 asks in the six games of
# `sgs bench --what instructions`: a card rule offered to its holder asks at every timing it
# listens at). A card id outside g.cards raises IndexError, as usable.pxd's _hand_mask does. use.py
# keeps the loop itself for pure mode, the one definition. A declaration file only: no module of
# this name exists; use.py cimports it compiled only.

from cpython cimport array
from cpython.object cimport PyObject, Py_SIZE
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from core.engine cimport Card, Game, Player
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


# The hands' counts by card name (Player.hand_names, and hand_bits: the names below 64 counted
# above 0; docs/decisions/0114): Game._put's one write of them, card c moving from its zone
# (card_zone, not yet written) to zone ``to``: its name's count taken from the seat whose hand it
# leaves, added to the seat whose hand it enters (zone kind HAND_KIND, core/codes.py's Z_HAND:
# seat p's hand is the zone zkinds[2 * HAND_KIND] + p). Every card into or out of a hand goes
# through _put (a draw, a gain, a discard, the moves room's moves; refill_draw and shuffle_zone
# touch the piles only), so the counts stay the hands' (core/checks.py's check_hand_names, in
# Game.check_invariants). ``own``: the engine's OWN_HAND, the player's table copied first while
# a clone shares it (Player._own). A name outside the table (a toy ruleset's card without a
# listed name) is not counted: no skill's hand pre-test names it. Uncompiled, core/engine_pure.py's
# hand_moved.
cdef enum:
    HAND_KIND = 3   # core/codes.py's Z_HAND (a compiled game's counts are wrong without it)

cdef inline int _hand_add(Game g, int p, int name, int d, int own) except -1:
    cdef PyObject *pl = PyList_GET_ITEM(g.players, p)   # borrowed: the game's list holds it
    cdef int *counts
    if (<Player>pl).shared & own:
        (<Player>pl)._own(own)
    if <size_t>name < <size_t>Py_SIZE((<Player>pl).hand_names):
        counts = (<Player>pl).hand_names.data.as_ints
        counts[name] += d
        if name < 64:
            if counts[name] > 0:
                (<Player>pl).hand_bits |= (<unsigned long long>1) << name
            else:
                (<Player>pl).hand_bits &= ~((<unsigned long long>1) << name)
    return 0

# Also, with the same kinds read, the one test for the attack ranges kept by seat (Player.range_kept,
# core.held._attack_range), which read the weapon zones: a card into or out of weapon zone z
# (WEAPON_KIND, core/codes.py's Z_WEAPON) forgets its seat's (every seat's if the kind's zone is
# not one per seat: zkinds' flag), as rare as a weapon put on or taken off.
cdef enum:
    WEAPON_KIND = 4

cdef inline int weapon_moved(Game g, int z) except -1:
    cdef int *zk = g.zkinds.data.as_ints
    cdef Py_ssize_t p = z - zk[2 * WEAPON_KIND], n = PyList_GET_SIZE(g.players)
    if zk[2 * WEAPON_KIND + 1] and 0 <= p < n:
        (<Player>PyList_GET_ITEM(g.players, p)).range_kept = 0
        return 0
    for p in range(n):
        (<Player>PyList_GET_ITEM(g.players, p)).range_kept = 0
    return 0

cdef inline int hand_moved(Game g, Py_ssize_t c, int to, int own) except -1:
    cdef int *kinds = g.zkind_at.data.as_ints
    cdef int fr = g.card_zone.data.as_ints[c]
    cdef int kf = kinds[fr], kt = kinds[to], name, h0
    if kf == WEAPON_KIND:
        weapon_moved(g, fr)
    if kt == WEAPON_KIND:
        weapon_moved(g, to)
    if kf != HAND_KIND and kt != HAND_KIND:
        return 0
    name = (<Card>PyList_GET_ITEM(g.cards, c)).name   # borrowed: the game's list holds it
    h0 = g.zkinds.data.as_ints[2 * HAND_KIND]
    if kf == HAND_KIND:
        _hand_add(g, fr - h0, name, -1, own)
    if kt == HAND_KIND:
        _hand_add(g, to - h0, name, 1, own)
    return 0
