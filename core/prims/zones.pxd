# Declarations augmenting core/prims/zones.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in zones.py.

cimport cython
from core.engine cimport Game, Frame
from core.prims.base cimport (
    Pick, X_CARDS, X_JCARD, X_KEPTEQUIP, X_LASTCARD, _PROBE, _enclosing,
    _enclosing_move, _Z_EQUIP_FIRST, _Z_EQUIP_LAST, _Z_HAND, _Z_PROCESS, _ZK_EQUIP, new_pick)
@cython.locals(i=Py_ssize_t)
cpdef object move_origin(Game g, Frame f, object c)
cpdef bint move_origin_kind_is(Game g, Frame f, object c, int kind) except -1
@cython.locals(ps=list, i=Py_ssize_t)
cpdef Py_ssize_t _card_at(object items, object c) except -2
cpdef object zone_equip(Game g, Frame f, object who)
cpdef bint is_judge_zone(Game g, Frame f, object z) except -1
cpdef object all_of(Game g, Frame f, object group)
cpdef object zone_hand(Game g, Frame f, object who)
@cython.locals(zt=tuple, kind=int, o=int, k=int)
cpdef object cards_in_zone(Game g, Frame f, object z)
@cython.locals(out=list, k=int, p=int)
cpdef object own_cards(Game g, Frame f, object who)
@cython.locals(k=int)
cpdef bint _has_own_cards(Game g, int who) except -1
cpdef object choose_hand_cards(Game g, Frame f, object n)
@cython.locals(pk=Pick)
cpdef object at_least(Game g, Frame f, object cs)
@cython.locals(pk=Pick)
cpdef object _retarget(Game g, object cs, object who)
# a card Pick's source rebuilt from another role's cards: its kind compared as a C int
@cython.locals(kind=int, out=list, base=tuple)
cpdef tuple _pick_src(Game g, object src, int p)
cdef bint _src_keeps(Game g, int kind, object v, object c, tuple base) except -1
# primitives generated code calls at every use, need, move or turn (decision 0028)
@cython.locals(k=long)
cpdef bint lost_equipment_named(Game g, Frame f, object who, object name) except -1
cpdef object roles_losing_equipment(Game g, Frame f)
@cython.locals(owners=list, z=tuple)
cpdef object _roles_losing_equipment(Game g, Frame f)
cpdef object slot_not_sealed(Game g, Frame f, object slot, object group)
cpdef object judge_zone_cards_lifo(Game g, Frame f, object who)
# … and the next ones by calls in `sgs bench --what instructions`' six games (issue 15, step 14)
cpdef object zone_judge(Game g, Frame f, object who)
cpdef object deck_top(Game g, Frame f, object x)
cpdef object choose_cards(Game g, Frame f, object n)
@cython.locals(pk=Pick)
cpdef object owned_by(Game g, Frame f, object who, object cs)
cpdef object zone_equip_slot(Game g, Frame f, object who, object c)
cpdef object choose_cards_of(Game g, Frame f, object x, object v)
@cython.locals(gp=Pick, sp=Pick)
cpdef object one_each(Game g, Frame f, object group, object sub)

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_LASTPILE, S_PILE, S_REVEALED, S_SEAL
# a card Pick's source kinds (SRC_*): C ints of the room
cdef int SRC_OWN, SRC_HAND, SRC_AREAS, SRC_PILE, SRC_COLOR, SRC_NAME, SRC_NAMES, SRC_CAT
cdef int SRC_COLOUR_CATS, SRC_HAND_COLOR, SRC_SUIT, SRC_HAND_CAT, SRC_HAND_NOT_COLOR
cdef int SRC_HAND_SAME_SUIT
# … and the primitives generated code still called by name (P.<name>) ten times or more in
# `sgs bench --what instructions`' six games after step 82 (step 83)
cpdef object revealed_cards(Game g, Frame f)
cpdef bint card_in_zone(Game g, Frame f, object c, object z) except -1
cpdef object choose_cards_in_areas(Game g, Frame f, object x)
cpdef object choose_named_cards(Game g, Frame f, object x, object name)
cpdef object choose_among(Game g, Frame f, object cs, object x)
cpdef object show_cards(Game g, Frame f, object strict, object who, object cs)
cpdef object cards_on_general(Game g, Frame f, object who)
# step 98b: the primitives the units still called by name (P.<name>) three times or more in
# `sgs bench --what instructions`' six games after steps 82-83
cpdef object set_revealed_cards(Game g, Frame f, object strict, object cs)
cpdef object remaining_of(Game g, Frame f, object cs)
cpdef object choose_hand_cards_of_suit_of(Game g, Frame f, object x, object c)
@cython.locals(k=long)
cpdef bint lost_cards(Game g, Frame f, object who) except -1
cpdef object equipment_of_category(Game g, Frame f, object who, object cat)
# step 272a: a primitive the bench's random-player games ask at every move (〖连营〗's condition)
cpdef bint lost_hand_card(Game g, Frame f, object who) except -1
