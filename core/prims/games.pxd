# Declarations augmenting core/prims/games.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in games.py.

from core.engine cimport Game, Frame
from core.prims.base cimport _done, _enclosing, _player, _state
# primitives generated code calls at every use, need, move or turn (decision 0028)
cpdef object game_running(Game g, Frame f)
# a seat's general and a general's entry (roles._faction, _sex: a C call for every living role)
cpdef object general_of(Game g, object p)
cpdef object general_card(Game g, object i)
