# A C int boxed as a Python int (Cython's conversions, every `PyLong_FromLong` and
# `PyLong_FromSsize_t` of the modules' C): an int of CPython's small-int cache (-5..256: a seat,
# a card's id, a count, a zone's kind, a flag) read in place from that cache and its count taken,
# where each was a call into the interpreter of ~22 instructions that returned the same object
# (~174,000 in the bench's 40 games). Any other value goes to the interpreter as before. The
# cache's layout is CPython's own header's (pycore_long.h, read as Cython reads pycore_frame.h);
# without it (another Python, the limited API) the names stay the interpreter's calls
# (docs/decisions/0312). engine.pxd cimports this file, so every module that reads the engine's
# declarations (every compiled module but the RNG and the answers' queries, and every generated
# unit) boxes this way. A declaration only: no module of this name exists.
cdef extern from *:
    """
    #if PY_VERSION_HEX >= 0x030B0000 && !defined(Py_LIMITED_API) && !defined(PYPY_VERSION) \\
        && !defined(SGS_BOX_IN_PLACE)
    #define SGS_BOX_IN_PLACE 1
    #ifndef Py_BUILD_CORE
      #define Py_BUILD_CORE 1
      #define SGS_BOX_BUILD_CORE
    #endif
    /* (CPython's public header defines _PyGC_FINALIZED for extensions, its internal one
       otherwise, the same test: the internal one taken, without gcc's redefinition warning) */
    #undef _PyGC_FINALIZED
    #include "internal/pycore_long.h"
    #ifdef SGS_BOX_BUILD_CORE
      #undef Py_BUILD_CORE
      #undef SGS_BOX_BUILD_CORE
    #endif
    #define SGS_SMALL_INTS (_PY_NSMALLNEGINTS + _PY_NSMALLPOSINTS)
    static inline __attribute__((always_inline)) PyObject *sgs_box_long(long v) {
        if ((unsigned long)v + _PY_NSMALLNEGINTS < SGS_SMALL_INTS) {
            PyObject *o = (PyObject *)&_PyLong_SMALL_INTS[(unsigned long)v + _PY_NSMALLNEGINTS];
            Py_INCREF(o);
            return o;
        }
        return (PyLong_FromLong)(v);
    }
    static inline __attribute__((always_inline)) PyObject *sgs_box_ssize(Py_ssize_t v) {
        if ((size_t)v + _PY_NSMALLNEGINTS < SGS_SMALL_INTS) {
            PyObject *o = (PyObject *)&_PyLong_SMALL_INTS[(size_t)v + _PY_NSMALLNEGINTS];
            Py_INCREF(o);
            return o;
        }
        return (PyLong_FromSsize_t)(v);
    }
    #define PyLong_FromLong(v) sgs_box_long(v)
    #define PyLong_FromSsize_t(v) sgs_box_ssize(v)
    #endif
    """
    object box_long "PyLong_FromLong"(long v)
