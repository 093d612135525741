# Declarations augmenting core/prims/register.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in register.py.

cimport cython
from core.prims.base cimport (Rules, Tables, X_CHOSEN, X_IDLE, _PROBE, _put_prog, _T,
                              _prog_evi_in)
from core.engine cimport Game, Frame
from core.ruleset cimport Condition

# the runtime's conditions wrapping a skill's own (C method calls of Condition.test)
cdef class _Never(Condition):
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1
cdef class _GrantCond(Condition):
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1
    cdef public int sid
    cdef public Condition inner
    cpdef int granter(self, Game g, int owner, Frame ev, int t) except? -2
cdef class _DyingFirstCond(Condition):
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1
    cdef public Condition inner
cdef class _NeedCond(Condition):
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1
    cdef public Condition inner
    cdef public bytes names   # by card name id: inner may hold for 此牌名 of it (None: any)
    cdef public bytes progs   # by program id: an event whose slot 1 is 此牌名
