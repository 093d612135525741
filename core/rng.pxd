# Augmenting declarations for core/rng.py (Cython pure-Python mode).
cimport cython

# final (never subclassed): a method's C call direct, without the check for a Python override
# that a cpdef method makes first; the draws never fail (noexcept): no PyErr_Occurred after each
# (an unsigned result has no error value to test first; step 117c)
@cython.final
cdef class Rng:
    cdef public unsigned long long s
    @cython.locals(x=cython.ulonglong, m=cython.ulonglong)
    cpdef unsigned long long next_u32(self) noexcept
    @cython.locals(r=cython.ulonglong)
    cpdef long long below(self, long long n) noexcept
    @cython.locals(i=cython.longlong, j=cython.longlong)
    cpdef shuffle(self, list a)
    cpdef Rng copy(self)
