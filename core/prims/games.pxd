# Declarations augmenting core/prims/games.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in games.py.

cimport cython
from core.engine cimport Game, Frame, Player
from core.prims.base cimport _done, _enclosing, _player, _state
# primitives generated code calls at every use, need, move or turn (decision 0028)
cpdef bint game_running(Game g, Frame f) except -1
# … and the primitives generated code still called by name (P.<name>) ten times or more in
# `sgs bench --what instructions`' six games after step 82 (step 83)
cpdef object dead_character(Game g, Frame f)
cpdef object record_killed(Game g, Frame f, object strict, object a, object b)
cpdef object leave_game(Game g, Frame f, object strict, object who)
# a seat's general and a general's entry (roles._faction, _sex: a C call for every living role;
# a Player's fields read through a typed local, step 83)
@cython.locals(pl=Player, i=int)
cpdef object general_of(Game g, object p)
cpdef object general_card(Game g, object i)
@cython.locals(pl=Player, q=int)
cpdef object gain_skill(Game g, object p, object sid)
# a seat's general by its index (the choices of identity_mode and set_general by name): a C call,
# the Player's fields written through a typed local (step 230a)
@cython.locals(pl=Player, ids=dict)
cpdef object set_general_at(Game g, object p, Py_ssize_t i)
