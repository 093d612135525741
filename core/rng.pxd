# Augmenting declarations for core/rng.py (Cython pure-Python mode).
cimport cython

# final (never subclassed): a method's C call direct, without the check for a Python override
# that a cpdef method makes first; the draws never fail (noexcept): no PyErr_Occurred after each
# (an unsigned result has no error value to test first; step 117c)
@cython.final
cdef class Rng:
    cdef public unsigned long long s
    cpdef unsigned long long next_u32(self) noexcept
    @cython.locals(r=cython.ulonglong)
    cpdef long long below(self, long long n) noexcept
    @cython.locals(i=cython.longlong, j=cython.longlong)
    cpdef shuffle(self, list a)
    cpdef Rng copy(self)

# Rng's step (rng_next: next_u32's) and below's draw as C inline where used (step 117c): Rng.below and shuffle, and
# core.decision's _below (the agents' and Decision.sample's draws), read and write the state in
# place (s: the Rng's field) where each draw was a C call into this module. xorshift64*'s step
# and the multiply-shift of rng.py, the same numbers. And shuffle's swap of two items of a list
# (both below its size): the two pointers exchanged, no reference taken or dropped.
cdef extern from *:
    """
    static CYTHON_INLINE unsigned long long sgs_rng_next(unsigned long long *s) {
        unsigned long long x = *s;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        *s = x;
        return (x * 0x2545F4914F6CDD1DULL) >> 32;
    }
    static CYTHON_INLINE long long sgs_rng_below(unsigned long long *s, long long n) {
        return (long long)((sgs_rng_next(s) * (unsigned long long)n) >> 32);
    }
    static CYTHON_INLINE void sgs_list_swap(PyObject *a, Py_ssize_t i, Py_ssize_t j) {
        PyObject **item = ((PyListObject *)a)->ob_item;
        PyObject *x = item[i];
        item[i] = item[j];
        item[j] = x;
    }
    """
    unsigned long long rng_next "sgs_rng_next"(unsigned long long *s) noexcept
    long long rng_below "sgs_rng_below"(unsigned long long *s, long long n) noexcept
    void list_swap "sgs_list_swap"(list a, Py_ssize_t i, Py_ssize_t j) noexcept
