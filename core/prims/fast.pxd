# Inline fast paths of base's hottest accessors (docs/decisions/0043). A room cimports them
# under the accessors' names in its .py, compiled only
# (`from cython.cimports.core.prims.fast import _T_fast as _T`), so that in the rooms' code each
# is a few field reads and a type test in place, where a call across modules was a C call
# through a pointer, a None test and a reference count on each side (~250,000 calls of _T in
# six games). Anything else falls back to base's function, which stays the one definition of
# the accessor (and the one pure mode runs), so a fast path answers only what its function
# answers. A declaration file only (no module of this name exists). Neither base.pxd nor a
# room's .pxd holds or cimports these: Cython writes a cimported .pxd's inline bodies into every
# module that cimports it, even transitively (a generated unit cimports base and the rooms),
# without the declarations those bodies use when that module does not use them itself.

cimport cython
from cpython cimport array
from cpython.list cimport PyList_GET_ITEM
from cpython.object cimport PyObject
from core.engine cimport Game, Frame, LISTEN_COUNT
from core.prims.base cimport (
    Rules, Tables, X_FLAG_CONST, CHILDEXEC_CONST, F_CUT_CONST, NOTEXEC_CONST, _NX, _S, _S_VC, _T, _VBASE, _by_prog, _event_ctx, _get,
    _is_event, _is_v, _prog_evi, _prog_evi_in, _prog_phase, _pushed, _rec, _slot, _st, _sx)

@cython.boundscheck(False)   # i is tested against the list's length
@cython.wraparound(False)
cdef inline object _item(list s, Py_ssize_t i):
    """s[i] when s is a list that has an item i (None otherwise)."""
    if s is not None and 0 <= i < len(s):
        return s[i]
    return None
cdef inline Tables _T_fast(Game g):
    # the ruleset tested and read in place: a local took and dropped its reference
    if type(g.rs) is Rules:
        return (<Rules>g.rs).sgs
    return _T(g)
cdef inline list _st_fast(Game g):
    s = g.root_state
    if s is not None:
        return s
    return _st(g)
cdef inline object _S_fast(Game g, Py_ssize_t i, Py_ssize_t n=0):
    v = _item(g.root_state, i)
    if v is not None:
        return v
    return _S(g, i, n)
cdef inline list _sx_fast(Frame f):
    x = f.x
    if type(x) is list and len(<list>x) >= _NX:
        return <list>x
    return _sx(f)
@cython.boundscheck(False)   # i is tested against the list's length
@cython.wraparound(False)
cdef inline object _get_fast(Frame f, Py_ssize_t i):
    x = f.x
    if x is None:   # no scratch made (most frames: decision 0053): _get answers None too
        return None
    if type(x) is list and 0 <= i < len(<list>x):
        return (<list>x)[i]
    return _get(f, i)
cdef inline bint _is_v_fast(object c) except -1:
    if type(c) is int:
        return <Py_ssize_t>c >= _VBASE
    return _is_v(c)
@cython.boundscheck(False)   # i is tested against the list's length
@cython.wraparound(False)
cdef inline object _field_fast(object r, Py_ssize_t i):
    # a live record is a list: its item read in place (an untyped r[i] was a call of Cython's
    # generic __Pyx_GetItemInt_Fast, ~30 instructions); a vanished one (a Frozen tuple) as before
    if type(r) is list and 0 <= i < len(<list>r):
        return (<list>r)[i]
    return r[i]
cdef inline object _slot_fast(Frame ev, Py_ssize_t i, object default=-1):   # -1: NONE
    if ev is not None:
        v = _item(ev.slots, i)
        if v is not None:
            return v
    return _slot(ev, i, default)
# the tables by program id (base._by_prog and its readers: ~13,500 _event_ctx, ~22,900
# _prog_evi and ~8,000 _prog_phase calls in the six games, ~40 to ~80 instructions each with
# their _T and their arguments' None tests): the item read in place. The table is read borrowed
# (_by_prog_at): a table passed as an argument (t.prog_evis) was taken into a temporary, its
# reference taken and dropped around the call (~75,000 reads of the tables and ~30,700 of a game's
# listen array in the six games)
cdef extern from *:
    """
    /* an int array's (cpython.array's arrayobject) length and item i, read in place */
    #define sgs_ints_len(a) Py_SIZE(a)
    #define sgs_ints_at(a, i) (((arrayobject *)(a))->data.as_ints[i])
    """
    Py_ssize_t _ints_len "sgs_ints_len"(PyObject *a) noexcept
    int _ints_at "sgs_ints_at"(PyObject *a, Py_ssize_t i) noexcept
cdef inline int _by_prog_at(PyObject *a, int cid, int none) except? -2:
    if a == <PyObject *>None:
        return _by_prog(None, cid, none)   # raises, as the function does
    if 0 <= cid < _ints_len(a):
        return _ints_at(a, cid)
    return none   # past the table's end (prog_phases ends at the last phase's program)
cdef inline int _by_prog_fast(array.array a, int cid, int none) except? -2:
    return _by_prog_at(<PyObject *>a, cid, none)
cdef inline int _prog_evi_fast(Tables t, int cid) except? -2:
    if t is None:
        return _prog_evi(t, cid)   # raises, as the function does
    return _by_prog_at(<PyObject *>t.prog_evis, cid, -1)   # EVI_NONE
# an event frame's tests (use._flow's ~6,500 _prog_evi_in, resolving's ~4,600 _is_event calls in
# the six games: two or three calls of base's deep, ~65 instructions): the event's id read in place
cdef inline bint _prog_evi_in_fast(Tables t, int cid, int evs) except -1:
    cdef int e
    if t is None:
        return _prog_evi_in(t, cid, evs)   # raises, as the function does
    e = _prog_evi_fast(t, cid)
    return e >= 0 and (evs >> e) & 1 != 0
cdef inline bint _is_event_fast(Game g, Frame fr, int evi) except -1:
    if fr is None:
        return False
    return _prog_evi_fast(_T_fast(g), fr.prog) == evi
cdef inline int _prog_phase_fast(Tables t, int cid) except? -2:
    if t is None:
        return _prog_phase(t, cid)
    return _by_prog_at(<PyObject *>t.prog_phases, cid, -1)
cdef inline Frame _event_ctx_fast(Game g, Frame f):
    if f is None:
        return _event_ctx(g, f)   # raises, as the function does
    t = _T_fast(g)
    if _by_prog_at(<PyObject *>t.prog_is_ev, f.prog, 0):
        return f
    return f.ev
# an operation that pushed a frame (~6,300 of flow.call's): its status a C int, where the
# function's Python int was unboxed again by its caller
cdef inline int _pushed_fast(Frame f) except -1:
    if f is None:
        _pushed(f)   # raises, as the function does
    f.flags = (f.flags & ~NOTEXEC_CONST) | CHILDEXEC_CONST   # (gcc's constants: base.pxd)
    return 1
# a turn frame's cut (turns._is_cut, a bit of its flags: ~12,000 tests at flow's timings and
# calls, each a call across modules): the bit read in place. Its callers pass a frame, never None
cdef inline bint _is_cut_fast(Frame tf) except -1:
    return (tf.flags & F_CUT_CONST) != 0
# Game.fire's first step (Game._timing_heard: the timing counted, whether anybody listens), at
# each of flow.fire's ~30,700 timings in the six games, ~27,000 heard by nobody: in place when
# the game logs no timing, where the method's call through the vtable, its listen array's
# references and its frame were ~35 instructions. A game that logs timings calls the method
@cython.boundscheck(False)
cdef inline bint _timing_heard_fast(Game g, int t) except -1:
    if g._log_level > 1:
        return g._timing_heard(t)
    g.n_timings += 1
    return (_ints_at(<PyObject *>g.listen, t) & LISTEN_COUNT) != 0   # (its count: engine.pxd)
# item i of x when x is a list that has one, borrowed (no reference taken), else NULL: the one
# helper of the checked reads — sgs_item_list_longer below and moving.pxd's _scratch_item (step
# 85d; each wrote its own tests before). _flags_at_fast reads unchecked: its callers walk the
# stack's own indices (the tests there cost +0.04 M in the six games, measured). The index's two
# bounds are one unsigned compare (a list's size is never negative: i < 0 is a size_t above it),
# where gcc kept a test and a branch for i < 0 at each read whose i it cannot see (step 282a)
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_list_item(PyObject *x, Py_ssize_t i) {
        if (!PyList_CheckExact(x) || (size_t)i >= (size_t)PyList_GET_SIZE(x)) return NULL;
        return PyList_GET_ITEM(x, i);
    }
    /* x's item i is a list of more than n items (x any object) */
    static CYTHON_INLINE int sgs_item_list_longer(PyObject *x, Py_ssize_t i, Py_ssize_t n) {
        PyObject *v = sgs_list_item(x, i);
        return v != NULL && PyList_CheckExact(v) && PyList_GET_SIZE(v) > n;
    }
    """
    PyObject *_list_item "sgs_list_item"(PyObject *x, Py_ssize_t i) noexcept
    bint sgs_item_list_longer(PyObject *x, Py_ssize_t i, Py_ssize_t n) noexcept
# a virtual card's record (base._rec: the root state's list of records, item c - _VBASE), at
# ~19,000 reads in the six games: the state and its list read borrowed (_list_item), where each
# was taken into a local, a reference taken and dropped (step 97c); anything else is _rec's
cdef inline object _rec_fast(Game g, Py_ssize_t c):
    cdef PyObject *vs = _list_item(<PyObject *>g.root_state, _S_VC)
    cdef PyObject *r
    if vs != NULL:
        r = _list_item(vs, c - _VBASE)
        if r != NULL:
            return <object>r
    return _rec(g, c)
# the flags of the frame at index i of the engine's stack (turns' walk for the innermost phase
# frame, ~3,600 walks in the six games): read in place, the list's reference borrowed, where
# each frame walked was taken into a local (a reference taken and dropped). Its callers walk the
# stack's own indices, and the stack holds frames only (Game.push_frame takes a Frame)
cdef inline int _flags_at_fast(list st, Py_ssize_t i) noexcept:
    return (<Frame>PyList_GET_ITEM(st, i)).flags
# whether a frame's timing asks in an order its flow set (flow.fire at each of ~30,700 timings of
# the six games, ~100 of them in the dying flow): its X_FLAG a list of more than 4 items
# (health._dying_flag's), read in place, borrowed, where _get's answer was taken into a local (its
# reference, or None's, taken and dropped) at each timing
cdef inline bint _asks_in_order_fast(Frame f) noexcept:
    return sgs_item_list_longer(<PyObject *>f.x, X_FLAG_CONST, 4)

# flow.fire's quiet path's reads and writes (step 107a; flow's _quiet_timing since step 202a): an
# int array's room tested and a timing appended in it, a frame's subject replaced (one the frame
# does not hold alone: its reference dropped without the test for a dealloc), an event's first
# timing's spare array taken (the last of the engine's _SPARE_TIMINGS, emptied with its room)
cdef extern from *:
    """
    #define sgs_ints_has_room(a) (Py_SIZE(a) < ((arrayobject *)(a))->allocated)
    #define sgs_ints_push(a, v) (((arrayobject *)(a))->data.as_ints[Py_SIZE(a)] = (v), \
        Py_SET_SIZE((arrayobject *)(a), Py_SIZE(a) + 1))
    #define sgs_refcnt(o) Py_REFCNT(o)
    /* a field holding old (not held there alone) set to v: old's reference dropped without
       the test for a dealloc (its count stays above 0) */
    #if PY_VERSION_HEX < 0x030C0000
    #define sgs_drop_kept(o) Py_SET_REFCNT((o), Py_REFCNT(o) - 1)
    #else
    #define sgs_drop_kept(o) Py_DECREF(o)
    #endif
    #define sgs_set_subject(f, v) do { PyObject *sgs_o_ = (f)->subject; Py_INCREF(v); \
        (f)->subject = (v); sgs_drop_kept(sgs_o_); } while (0)
    /* an object's size, set; a list's last item, borrowed; a frame's timings (None) given the
       caller's reference v */
    #define sgs_size(o) Py_SIZE(o)
    #define sgs_set_size(o, n) Py_SET_SIZE((PyVarObject *)(o), (n))
    #define sgs_last_item(l) PyList_GET_ITEM((l), Py_SIZE(l) - 1)
    #define sgs_set_timings(f, v) do { PyObject *sgs_o_ = (f)->timings; (f)->timings = (v); \
        sgs_drop_kept(sgs_o_); } while (0)
    /* a frame (not None) with no timing array yet: its event's first timing is to come */
    #define sgs_first_timing(f) ((PyObject *)(f) != Py_None && (f)->timings == Py_None)
    """
    bint _ints_has_room "sgs_ints_has_room"(PyObject *a) noexcept
    void _ints_push "sgs_ints_push"(PyObject *a, int v) noexcept
    Py_ssize_t _refcnt "sgs_refcnt"(PyObject *o) noexcept
    void _set_subject "sgs_set_subject"(Frame f, PyObject *v) noexcept
    Py_ssize_t _size "sgs_size"(PyObject *o) noexcept
    void _set_size "sgs_set_size"(PyObject *o, Py_ssize_t n) noexcept
    PyObject *_last_item "sgs_last_item"(PyObject *l) noexcept
    void _set_timings "sgs_set_timings"(Frame f, PyObject *v) noexcept
    bint _first_timing_due "sgs_first_timing"(Frame f) noexcept
