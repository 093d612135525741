# Declarations augmenting core/prims/flow.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in flow.py.

cimport cython
from cpython cimport array
from cpython.ref cimport PyObject
from core.engine cimport Game, Frame, FL_PHASE, FL_TERMINATED, FL_TURN, G_TURN_CUT
from core.ruleset cimport Condition, Program, Reading
from core.prims.base cimport (
    Pick, Tables, X_FLAG, X_IDLE, X_LASTCARD, _PROBE, _done, _enclosing, _frame0, _matches,
    _state, _prog_kind, _PK_SKILL)
from core.prims.slots cimport put_slot
@cython.locals(e=int)
cdef int _first_timing(Game g, Frame f) except -1
cdef int _first_damage_timing(Game g, Frame f) except -1
cdef int _first_recover_timing(Game g, Frame f) except -1
@cython.locals(pf=Frame, a=Frame, k=Py_ssize_t)
cpdef int _after_fire(Game g, Frame f, Tables t, int timing, int st) except -1
@cython.locals(n=Py_ssize_t, slots=list, c=Frame, a=tuple, k=Py_ssize_t)
cpdef Frame _push_prog(Game g, Frame f, int cid, object args, int owner, Frame ev)
# fire and call return a flow step's status as a C int: the generated units hold it in a C int
# (st), so an object return was boxed here and unboxed there at every timing and every call.
# fire's quiet path is flow.py's _quiet_frame and _quiet_timing (no call: no register saved), the
# rest _fire's.
# cdef (step 188a): a C function whose game and frame are not None (pushinline.pxd's given);
# Python's flow.fire is flow.py's _fire_entry, which refuses None
cdef int fire(Game g, Frame f, int timing, object subject) except -1
# fire at an event's first timing, compiled (its quiet path's copy that takes a spare timing
# array; else _fire's): no exception check, as _fire_tail below, so that fire jumps to it
cdef int _fire_first(Game g, Frame f, int timing, object subject) noexcept
@cython.locals(tf=Frame, st=int, tl=object, t=Tables, asking=bint, rules=bint, settled=bint)
cdef int _fire(Game g, Frame f, int timing, object subject) except -1
# fire's call of _fire with no test of its status (fire returns it as it is: -1 with the error
# set, which fire's callers test), so that gcc makes it a jump (a sibling call): the test and
# fire's traceback line after it kept a frame and two saved registers at every timing
cdef extern from *:
    """
    #ifdef __PYX_HAVE__core__prims__flow
    struct __pyx_obj_4core_6engine_Game;
    struct __pyx_obj_4core_6engine_Frame;
    static int __pyx_f_4core_5prims_4flow__fire(struct __pyx_obj_4core_6engine_Game *,
        struct __pyx_obj_4core_6engine_Frame *, int, PyObject *);
    #define sgs_fire_tail(g, f, timing, subject) __pyx_f_4core_5prims_4flow__fire(g, f, timing, subject)
    #endif
    """
    int _fire_tail "sgs_fire_tail"(Game g, Frame f, int timing, object subject) noexcept
@cython.locals(pk=Pick)
cpdef tuple _items(Game g, Frame f, object v)
# the program's id a C int (generated code passes ids[k]), the arguments read as a tuple
@cython.locals(t=Tables, cid=int, ph=int, at=tuple, i=Py_ssize_t)
cpdef int call(Game g, Frame f, int program, object args) except -1
# call with one to four arguments passed as they are (no tuple): the units' calls by arity
# (compiler.emit), their frame's slots filled from C arguments (_push_args). cdef as fire (step
# 188a): Python's flow.call1 … call4 are flow.py's _call1_entry … _call4_entry, which refuse None
cdef int call1(Game g, Frame f, int program, object a) except -1
cdef int call2(Game g, Frame f, int program, object a, object b) except -1
cdef int call3(Game g, Frame f, int program, object a, object b, object c) except -1
cdef int call4(Game g, Frame f, int program, object a, object b, object c, object d) except -1
# a pushed frame's slot list, inline (step 116c): spares' kept list of n slots (spares.pxd's
# kept_slots, through spares' pointer at: pushinline.pxd's push_slots_at, as Game.new_frame takes
# its own), where new_slots and slots_of were calls into core.spares at each push. args_slots:
# a, b, c, d in its first k (k <= 4, k <= n), the rest None, each item stored once (the k
# references to None the fill took given back at once, where put_slot dropped one at each
# store); tuple_slots: the first k of tuple a (slots_of's)
from core.spares cimport kept_slots
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_args_slots(PyObject **at, Py_ssize_t n, Py_ssize_t k,
                                                  PyObject *a, PyObject *b, PyObject *c,
                                                  PyObject *d) {
        PyObject *l = sgs_kept_slots(at, n, Py_None);
        PyObject **item;
        if (l == NULL || k <= 0) return l;
        item = ((PyListObject *)l)->ob_item;
        Py_INCREF(a); item[0] = a;
        if (k > 1) { Py_INCREF(b); item[1] = b; }
        if (k > 2) { Py_INCREF(c); item[2] = c; }
        if (k > 3) { Py_INCREF(d); item[3] = d; }
        Py_SET_REFCNT(Py_None, Py_REFCNT(Py_None) - k);
        return l;
    }
    static CYTHON_INLINE PyObject *sgs_tuple_slots(PyObject **at, Py_ssize_t n, PyObject *a,
                                                   Py_ssize_t k) {
        PyObject *l;
        if (*at != NULL)
            return sgs_slots_from_spare(*at, n, Py_None, a, k);
        l = PyList_New(n);
        if (l != NULL) sgs_fill_slots(((PyListObject *)l)->ob_item, n, Py_None, a, k);
        return l;
    }
    """
    list args_slots "sgs_args_slots"(PyObject **at, Py_ssize_t n, Py_ssize_t k, object a,
                                     object b, object c, object d)
    list tuple_slots "sgs_tuple_slots"(PyObject **at, Py_ssize_t n, tuple a, Py_ssize_t k)
# a program's slot read for a value's call, borrowed (step 116a; compiler.emit.value_args: the
# units write cython.cast(object, _slot(s, i)), which Cython passes as it is, no reference taken
# and dropped around the call); the index is one of the frame's slots (emit.check_slots)
cdef extern from *:
    """
    #define sgs_slot_borrowed(s, i) PyList_GET_ITEM((s), (i))
    """
    PyObject *slot_borrowed "sgs_slot_borrowed"(list s, Py_ssize_t i) noexcept
cdef Frame _push_args(Game g, Frame f, int cid, Py_ssize_t k, object a, object b, object c,
                      object d, int owner, Frame ev)
@cython.locals(t=Tables, ph=int)
cdef int _call_args(Game g, Frame f, int cid, int k, object a, object b, object c,
                    object d) except -1
# 于此回合内's subject, and an argument _call_resolved must not resolve: extension types, tested
# by pointer where isinstance asked Python (step 273d)
@cython.final
cdef class During:
    cdef public object who
    cdef public int turn
@cython.final
cdef class _Keep:
    cdef public object v
cdef bint _listed(object x, object xs) except -1
@cython.locals(p=Frame, i=Py_ssize_t, ok=bint, dur=During)
cpdef Py_ssize_t _delayed_find(Game g, int owner, Frame ev, int t, object skip=*, int prog=*) except? -2
# a program's words for a prompt: the name's prefix tests and slice in C (step 273g)
@cython.locals(name=str, pre=str)
cpdef str _program_words(Game g, int cid)
# 重复此流程 (〖洛神〗): a C call from the units (step 273g: they called P.repeat_skill)
@cython.locals(st=list, i=Py_ssize_t, fr=Frame, c=Frame)
cpdef object repeat_skill(Game g, Frame f, object strict, object who)
# the delayed effects' program: its frame's fields read in C, a C call from the engine (step 273c)
@cython.locals(done=list, i=Py_ssize_t, lst=list, c=Frame, k=Py_ssize_t)
cpdef int _delayed_run(Game g, Frame f) except? -1
cdef class DelayedProgram(Program):
    cpdef int run(self, Game g, Frame f) except? -1
cdef class _DelayedCond(Condition):
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1
cdef class _OfferedDelayedCond(Condition):
    cdef public int prog
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1
# A list of timings counted (timing_count, when a test set one: fire's are arrays of C ints,
# counted by core/prims/lists.pxd's ints_count): list.count(v) without comparing an exact int that is
# not v when v is a small int (-5 to 256), of which CPython keeps one object — what fire stores
# (_TIMING_INTS, range's ints) and what the units pass (a C id boxed) — each such item told apart
# by its pointer; any other item is compared (==) as list.count does. list.count compared each
# item with v (~20 instructions an int: ~1,300 a count of the six games' 497, the move flow's
# lists). The list's size read again at each item (a comparison may run code), as list.count does
cdef extern from *:
    """
    static Py_ssize_t sgs_count_timing(PyObject *l, PyObject *v) {
        Py_ssize_t i, c = 0;
        int small = 0, r;
        if (PyLong_CheckExact(v)) {
            int overflow = 0;
            long t = PyLong_AsLongAndOverflow(v, &overflow);
            if (t == -1 && PyErr_Occurred()) return -1;
            small = !overflow && t >= -5 && t <= 256;
        }
        for (i = 0; i < PyList_GET_SIZE(l); i++) {
            PyObject *x = PyList_GET_ITEM(l, i);
            if (x == v) { c++; continue; }
            if (small && PyLong_CheckExact(x)) continue;
            Py_INCREF(x);
            r = PyObject_RichCompareBool(x, v, Py_EQ);
            Py_DECREF(x);
            if (r < 0) return -1;
            c += r;
        }
        return c;
    }
    """
    Py_ssize_t count_timing "sgs_count_timing"(list l, object v) except -1
# primitives generated code calls at every use, need, move or turn (decision 0028)
@cython.locals(ev=Frame, tc=object)
cpdef object timing_count(Game g, Frame f, object timing)
cpdef object this_event(Game g, Frame f)
# … and the next ones by calls in `sgs bench --what instructions`' six games (issue 15, step 14)
cpdef object terminate(Game g, Frame f, object target)

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_DELAYED, V_DMG, V_METHOD, V_NAME, V_USER
# compiled, the template of the events' timing arrays, array('i') (flow.py, core/prims/lists.pxd)
cdef array.array _TIMINGS_T
# the events it tests frames for (base's EVI_*), imported from base as C ints
cdef int EVI_DAMAGE, EVI_MAXHP_DOWN, EVI_MAXHP_UP, EVI_RECOVER
# their bits of a damage and a recovery: the events whose first timing _first_timing prepares
cdef int _FIRST_EVS
# … and the primitives generated code still called by name (P.<name>) ten times or more in
# `sgs bench --what instructions`' six games after step 82 (step 83)
cpdef object set_ask_order(Game g, Frame f, object strict, object group)
cpdef object set_stop_after_response(Game g, Frame f, object strict)
cpdef bint timing_had_response(Game g, Frame f) except -1
cpdef object invalidate_triggers_except(Game g, Frame f, object strict, object who, object t1, object t2, object t3)
cpdef object restore_triggers(Game g, Frame f, object strict, object who)

# an operation's status (a Python int, 0 to 4) as the C int a generated unit's st holds
# (compiler.emit.status_code, the unit template's _st): a macro, in place, where smallint.pxd's
# small_int (its C function) was a call in the units, built at -O1; an int of one digit read by its
# size and digit before Python 3.12, anything else by PyLong_AsLong (what is not an int: its
# TypeError, as Cython's conversion raised)
cdef extern from *:
    """
    #if PY_VERSION_HEX < 0x030C0000 && !defined(PYPY_VERSION) && !defined(Py_LIMITED_API)
    #define sgs_status(o) ((PyLong_CheckExact(o) && Py_SIZE(o) >= 0 && Py_SIZE(o) <= 1) ? \
        (Py_SIZE(o) ? (long)((PyLongObject *)(o))->ob_digit[0] : 0L) : PyLong_AsLong(o))
    #else
    #define sgs_status(o) PyLong_AsLong(o)
    #endif
    """
    long status_int "sgs_status"(object o) except? -1
