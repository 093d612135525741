# Declarations augmenting core/prims/board.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in board.py.

cimport cython
from core.engine cimport Game, Frame, Player
from core.ruleset cimport Modifier
from core.prims.base cimport X_TMP, _done, _enclosing
cdef int _S_BOARD
@cython.locals(s=list)
cpdef object _board(Game g)
cdef int _ROLE_WARM, _NO_CAMP
@cython.locals(role=int)
cpdef object _camp(Game g, object p)
@cython.locals(p=int, role=int, out=list)
cpdef tuple _camp_seats(Game g, int c)
cpdef str square_text(Game g, object sq)
cpdef object _bd(Game g)
cpdef object _representative(Game g, int c)
cpdef object _unit_camp(Game g, list b)
@cython.locals(w=int, h=int, r=int, c=int)
cpdef list _neighbours(list b, int sq)
cpdef object _may_pass(Game g, list b, object p, object sq)
cpdef object _move_frame(Game g, Frame f)
cpdef list _route_of(Game g, Frame f)
@cython.locals(texts=tuple)
cpdef object _next_step(Game g, Frame f, object who, object x)
@cython.locals(pa=int, pb=int, w=int, dr=int, dc=int)
cpdef object board_distance(Game g, object a, object b_)
cpdef object _mod_board_distance(Game g, object owner, object a, object b_)
cpdef bint on_terrain(Game g, Frame f, object who, object terrain) except -1
cpdef bint has_flag(Game g, Frame f, object who) except -1
cpdef object piece_square(Game g, Frame f, object who)
