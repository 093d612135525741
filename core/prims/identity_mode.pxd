# Declarations augmenting core/prims/identity_mode.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in identity_mode.py.

cimport cython
from core.engine cimport Game, Frame, Player
from core.prims.base cimport Tables, _done, _player
# … and the primitives generated code still called by name (P.<name>) ten times or more in
# `sgs bench --what instructions`' six games after step 82 (step 83)
cpdef object open_turn_window(Game g, Frame f, object strict, object who)
cpdef object close_turn_window(Game g, Frame f, object strict, object who)
cpdef object record_caused_damage(Game g, Frame f, object strict, object who, object ev)
cpdef object record_received_damage(Game g, Frame f, object strict, object who, object ev)
cpdef object reveal_identity(Game g, Frame f, object strict, object who)
cpdef object confirm_gender_faction(Game g, Frame f, object strict, object who)
cpdef object choose_general(Game g, Frame f, object strict, object who, object group)
cpdef object random_generals(Game g, Frame f, object x)
cpdef object set_initial_max_hp(Game g, Frame f, object strict, object who, object x)
cpdef object printed_hp(Game g, Frame f, object who)
cpdef object set_initial_hp(Game g, Frame f, object strict, object who, object x)
cpdef object initial_max_hp(Game g, Frame f, object who)
cpdef object starting_hand(Game g, Frame f, object strict, object who, object cards, object whom)
@cython.locals(pl=Player, p=int)
cpdef object lord_player(Game g, Frame f)
cpdef bint has_declared_general(Game g, Frame f, object who) except -1
# the pool's reads of the roles' generals, C reads through a typed local (step 83); the pack's
# positions of those played or held aside marked in the pack's bytearray, the pool its copy less
# those (step 230b)
@cython.locals(pl=Player, p=int, used=list, k=list, ix=tuple, at=list, out=bytearray, pool=list,
               n=Py_ssize_t, gi=Py_ssize_t, pos=Py_ssize_t, j=Py_ssize_t)
cpdef list _general_pool(Game g)
# the pack's general indexes, their positions and the lords' flags, kept for a rulebook's pools
# (the tables' fields read in C)
@cython.locals(k=list, i=Py_ssize_t, ix=tuple, at=list)
cdef list _pack_kept(Tables t)
