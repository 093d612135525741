# Declarations augmenting core/prims/limits.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in limits.py.
# (The use limits, moved out of status.pxd with their room: step 103a.)

cimport cython
from core.engine cimport Game
from core.prims.base cimport Tables
@cython.locals(t=Tables, lim=tuple, i=Py_ssize_t, own=tuple)
cpdef bint _use_limited(Game g, object p, object name, object mi) except -1
cdef list _LIMIT_Q
cdef bint _LIMIT_BUSY
@cython.locals(q=list, r=tuple, mask=cython.int)
cdef bint _limit_hit(Game g, tuple rules, tuple direct, object p, object name, object mi) except -1
@cython.locals(t=Tables, k=Py_ssize_t)
cdef bint _limit_of(Game g, object p, object qname, object mi, object who, object name, object x, int scope) except -1
@cython.locals(n=Py_ssize_t, m=Py_ssize_t)
cpdef Py_ssize_t use_counter(list counters, object name, object mi) except? -2
@cython.locals(by_method=tuple)
cdef Py_ssize_t _use_counter_at(list counters, Py_ssize_t n, Py_ssize_t m) except? -2
cpdef object _limit_reached(Game g, object q, object who, object name, object x, object scope)
# the query kinds (base's Q_*) this room asks, imported from base as C ints
cdef int Q_LIMIT, Q_NOUSE, Q_UNLIMIT, Q_USEPLUS
