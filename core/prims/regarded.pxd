# Declarations augmenting core/prims/regarded.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from the rooms that cimport it. Keep a declaration's argument names
# and defaults (=*) in step with the def in regarded.py. (视为装备, moved out of status.pxd with its
# room: step 164.)

cimport cython
from core.engine cimport Game
from core.prims.base cimport Tables, _state
@cython.locals(t=Tables)
cpdef object update_regarded(Game g, object p)
# after a move of equipment (Moves.move_cards): every seat's, its test asked once
@cython.locals(t=Tables, p=Py_ssize_t)
cpdef object update_everyones_regarded(Game g)

# the root state's indices (base's S_*) and the query kind this room reads, imported from base as
# C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_LASTING, S_REGARDED
cdef int Q_EQUIP
