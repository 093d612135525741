# Augmenting declarations for core/rng.py (Cython pure-Python mode).
cimport cython

cdef class Rng:
    cdef public unsigned long long s
    @cython.locals(x=cython.ulonglong, m=cython.ulonglong)
    cpdef unsigned long long next_u32(self)
    @cython.locals(r=cython.ulonglong)
    cpdef long long below(self, long long n)
    @cython.locals(i=cython.longlong, j=cython.longlong)
    cpdef shuffle(self, list a)
    cpdef Rng copy(self)
