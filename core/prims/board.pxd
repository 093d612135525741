# Declarations augmenting core/prims/board.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in board.py.

cimport cython
from core.engine cimport Game, Frame
from core.prims.base cimport X_TMP, _done, _enclosing
cpdef object _board(Game g)
cpdef object _camp(Game g, object p)
@cython.locals(pa=int, pb=int, w=int, dr=int, dc=int)
cpdef object board_distance(Game g, object a, object b_)
cpdef object _mod_board_distance(Game g, object owner, object a, object b_)
cpdef object on_terrain(Game g, Frame f, object who, object terrain)
cpdef object has_flag(Game g, Frame f, object who)
cpdef object piece_square(Game g, Frame f, object who)
