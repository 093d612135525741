# Declarations augmenting core/prims/targets.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in targets.py.

cimport cython
from core.engine cimport Game, Frame, Player
from core.ruleset cimport Reading
from core.prims.base cimport Pick, Tables, _AWAY, _PROBE, _TG, _Targeting, _done, _frame0
# whether a card method's reading (its targets, its condition) is a Reading, its type's own
# pointer and base compared first (step 115b): the generated units' _Reading and FnReading
# subclass Reading directly, where Cython's cast with typecheck walked the type's MRO (~16
# instructions at each of ~2,450 target evaluations and ~1,500 scanned conditions); any other
# type goes to PyObject_TypeCheck as before. The usability scan cimports it (usable.pxd).
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_reading_ok(PyObject *o, PyObject *t) {
        PyTypeObject *ot = Py_TYPE(o);
        return ot == (PyTypeObject *)t || ot->tp_base == (PyTypeObject *)t
            || PyObject_TypeCheck(o, (PyTypeObject *)t);
    }
    """
    bint reading_ok "sgs_reading_ok"(object o, object t)
# the card's methods read in C: a tuple indexed by a C int (step 44)
@cython.locals(ms=tuple, k=Py_ssize_t, m=tuple)
cpdef object _target_value(Game g, object user, object name, object mi, object ev, bint free=*, bint first=*)
# a method's 使用目标 reading, kept by the usability scan's tables, and its evaluation (step 150)
@cython.locals(ms=tuple)
cpdef object _targets_reading(Tables t, object name, object mi)
@cython.locals(tf=Frame, tg=_Targeting, old_free=bint, old_first=bint, was_on=bint)
cpdef object _reading_value(Game g, object user, object name, object r, object ev, bint free, bint first)
# the scan's form of it: nothing saved when no evaluation is in progress (step 152)
@cython.locals(tg=_Targeting)
cpdef object _scan_value(Game g, object user, object name, object r, Frame tf)
# choose_targets' and the usability scan's: C calls (they were Python calls, ~14 k instructions a
# choice with the module attributes they read)
cpdef object _target_options(Game g, object user, object name, object mi, object ev, object restrict, object directed=*)
@cython.locals(st=list, i=Py_ssize_t, fr=Frame)
cpdef object _targets_of_own_use(Game g, object user, object roles)
cpdef object _target_options_of(Game g, object user, object name, object v, object restrict)
cpdef bint _has_target(Game g, object user, object name, object v) except -1
# … for a name whose 延时锦囊 flag the caller has (the usability scan's, by method: step 211c)
@cython.locals(pk=Pick, need=Py_ssize_t, k=Py_ssize_t)
cpdef bint _has_target_as(Game g, object user, object name, object v, bint delayed) except -1
cpdef bint _delayed_name(Game g, object name) except -1
cpdef bint _delayed_in(dict cards, object name) except -1
@cython.locals(ni=Py_ssize_t, d=bytearray)
cpdef bint _is_delayed(Game g, object name) except -1
cpdef object _legal(Game g, object user, object name, object p, object restrict)
@cython.locals(pi=Py_ssize_t)
cpdef bint _legal_base(Game g, object user, object name, object p, object restrict) except -1
@cython.locals(ni=Py_ssize_t, ms=list)
cpdef tuple _methods(Game g, object name)
cpdef tuple _methods_in(dict cards, object name)
cpdef dict _away_skills(Game g)
# primitives generated code calls at every use, need, move or turn (decision 0028)
@cython.locals(tg=_Targeting, old_free=bint)
cpdef object choose_targets(Game g, Frame f, object strict, object who, object c)
# OP_ASK_THEN's continuation of choose_targets: a C call from decisions._then
cpdef object _set_targets(Game g, Frame f, object strict, object chosen, object c)

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_SEAL, V_CARDS, V_METHOD, V_NAME, V_NODIST, V_TARGETS
# … and the primitives generated code still called by name (P.<name>) ten times or more in
# `sgs bench --what instructions`' six games after step 82 (step 83)
cpdef object next_legal_target(Game g, Frame f, object who, object c)
