# Augmenting declarations for core/decision.py (Cython pure-Python mode, like engine.pxd).
# This module and core.engine cimport each other: engine.pxd declares Game before it cimports
# Decision.
cimport cython
from core.engine cimport Game
from core.rng cimport Rng

cdef class Decision:
    cdef public int kind, who, lo, hi
    cdef public bint can_pass, ordered
    cdef public list options
    cdef public object prompt, valid, data
    cdef public Game game
    @cython.locals(k=cython.int, n=cython.Py_ssize_t, tries=cython.int, i=cython.Py_ssize_t, m=cython.Py_ssize_t, j=cython.Py_ssize_t, idx=list, chosen=list)
    cpdef object sample(self, object rng)
    cdef Decision _set(self, int kind, int who, list options, int lo, int hi, bint can_pass,
                       object prompt, object valid, object data, bint ordered)
    # the engine's answer and the agents call these as C calls
    @cython.locals(k=cython.int)
    cpdef object normalize(self, object choice)
    @cython.locals(k=cython.int, n=cython.Py_ssize_t, j=cython.Py_ssize_t, tot=object)
    cpdef object count(self)
    @cython.locals(k=cython.int)
    cpdef list legal(self, object limit=*)
    @cython.locals(d=Decision)
    cpdef Decision copy_for(self, Game g)

cpdef Decision new_decision(int kind, int who, object options, int lo, int hi, object prompt)
cdef Decision new_decision_list(int kind, int who, list options, int lo, int hi, bint can_pass,
                                object prompt)
cdef list _options_list(object options)
# a tuple's items in a new list made at its size (_options_list, step 104b): where list() of a
# tuple took PySequence_List's generic path (a list of size 0, then extended)
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *__sgs_list_of_tuple(PyObject *t) {
        Py_ssize_t n = PyTuple_GET_SIZE(t), i;
        PyObject *l = PyList_New(n);
        if (l == NULL) return NULL;
        for (i = 0; i < n; i++) {
            PyObject *o = PyTuple_GET_ITEM(t, i);
            Py_INCREF(o);
            PyList_SET_ITEM(l, i, o);
        }
        return l;
    }
    """
    list _list_of_tuple "__sgs_list_of_tuple" (tuple t)
# an answer's type test and its duplicates (normalize): C calls
cdef bint _is_int(object v) except -1
@cython.locals(n=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t)
cdef bint _has_duplicate(tuple t) except -1

# the counts of choices (Python ints: they can be large), C calls from count and sample
@cython.locals(i=cython.longlong, c=cython.longlong)
cpdef object _comb(long long n, long long k)
@cython.locals(i=cython.longlong)
cpdef object _perm(long long n, long long k)

# rng.below(n) for Decision.sample: a C call for the engine's Rng
cdef long long _below(object rng, long long n) except? -1
