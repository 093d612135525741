# A primitive run by its room's C function (docs/decisions/0250, step 236a): the helper frames
# run primitives by id (decisions._run_prim); compiled, those whose room exports a C function
# taking (Game, Frame, object…) — a cpdef function of the room's .pxd with objects after the game
# and the frame, which Cython exports in the module's __pyx_capi__ for cimports — are called
# through a pointer to it, where each was a Python call of a tuple of its arguments. decisions
# builds the table (_bind_entries, from each capsule whose signature is one of these); this
# declares the entries and the call. A declaration file only: no module of this name exists.

from core.engine cimport Game, Frame

# a table entry: the room's C function, or NULL (the Python call then), and how many objects it
# takes after the game and the frame (strict and the arguments); obj: what was registered under
# the id when the entry was made (the entry serves only while it still is)
cdef struct PrimC:
    void *fn
    Py_ssize_t n
    void *obj

# a cpdef function of a module, as Cython exports it: its arguments, then its skip-dispatch flag
ctypedef object (*PrimC2)(Game, Frame, object, object, int)
ctypedef object (*PrimC3)(Game, Frame, object, object, object, int)
ctypedef object (*PrimC4)(Game, Frame, object, object, object, object, int)
ctypedef object (*PrimC5)(Game, Frame, object, object, object, object, object, int)
ctypedef object (*PrimC6)(Game, Frame, object, object, object, object, object, object, int)

# the most objects a table entry takes (the signatures above: strict, then one to five arguments)
cdef enum:
    PRIMC_MIN = 2
    PRIMC_MAX = 6


# entry e's function with (g, h, strict, a, *s[j:]), e.n == len(s) - j + 2 (its caller's test)
cdef inline object call_c(PrimC *e, Game g, Frame h, object strict, object a, list s,
                          Py_ssize_t j):
    if e.n == 2:
        return (<PrimC2>e.fn)(g, h, strict, a, 0)
    if e.n == 3:
        return (<PrimC3>e.fn)(g, h, strict, a, s[j], 0)
    if e.n == 4:
        return (<PrimC4>e.fn)(g, h, strict, a, s[j], s[j + 1], 0)
    if e.n == 5:
        return (<PrimC5>e.fn)(g, h, strict, a, s[j], s[j + 1], s[j + 2], 0)
    return (<PrimC6>e.fn)(g, h, strict, a, s[j], s[j + 1], s[j + 2], s[j + 3], 0)
