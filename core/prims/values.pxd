# Declarations augmenting core/prims/values.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in values.py.

cimport cython
from core.engine cimport Game, Frame
from core.prims.base cimport Pick

# A thing made of a dict, kept while the same dict, at the same size, is asked (a rulebook's tables'
# dicts only grow while its modules register, and every game of it shares them): in_use's 目标限制
# names (_target_rule_names) and resolving's card status flags (_has_card_status). kept_value
# answers the thing kept for d, or None (nothing kept for d: make it, then keep_value). values.py
# holds the class, and the two readers' pure forms (the one definition uncompiled).
@cython.final
cdef class KeptDict:
    cdef dict of          # the dict the value was made of (None: nothing kept)
    cdef Py_ssize_t n     # its size then
    cdef object value     # what was made of it

cdef extern from "Python.h":
    Py_ssize_t PyDict_GET_SIZE(dict d)   # a dict's size read in place (not PyDict_Size's call)

cdef inline object kept_value(KeptDict k, dict d):
    if d is k.of and d is not None and PyDict_GET_SIZE(d) == k.n:   # (None: nothing kept)
        return k.value
    return None

cdef inline object keep_value(KeptDict k, dict d, object value):
    k.of = d
    k.n = len(d)
    k.value = value
    return value

@cython.locals(ta=tuple, tb=tuple)
cpdef bint eq(Game g, Frame f, object a, object b) except -1
@cython.locals(pk=Pick)
cpdef object _eq_general(Game g, Frame f, object a, object b)
# generated code's eq(z, 〔who〕的装备区) (compiler.emit.FUSED) and eq(z, a constant zone)
# (compiler.emit.FUSED_CONST): C truth values, tested in place by the generated conditions
@cython.locals(zt=tuple)
cpdef bint eq_equip_zone(Game g, Frame f, object z, object who) except -1
@cython.locals(zt=tuple)
cpdef bint eq_zone_kind(Game g, Frame f, object z, int kind) except -1
# … and eq(〔牌组〕的张数, a constant int) (compiler.emit.FUSED_COUNT): a tuple's length in C
@cython.locals(ct=tuple)
cpdef bint eq_count(Game g, Frame f, object cs, long n) except -1
cpdef object and_(Game g, Frame f, object a, object b)
cpdef object not_(Game g, Frame f, object a)
cpdef bint lt(Game g, Frame f, object a, object b) except -1
cpdef bint gt(Game g, Frame f, object a, object b) except -1
# primitives generated code calls at every use, need, move or turn (decision 0028)
cpdef object add(Game g, Frame f, object a, object b)
cpdef object sub(Game g, Frame f, object a, object b)
# … and the primitives generated code called by name (P.<name>: a module attribute lookup and a
# Python call each) ten times or more in `sgs bench --what instructions`' six games (step 82)
cpdef bint exists(Game g, Frame f, object who) except -1
# step 98b: 较小值, called by name (P.min) 56 times in `sgs bench --what instructions`' six games
cpdef object min(Game g, Frame f, object a, object b)
