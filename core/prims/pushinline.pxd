# flow._push_args_in (the push of call1 to call4's frame) always inline: a static inline function
# of two callers (_call_args, _push_args) that gcc left a call of ten arguments at -O2 (its
# registers saved and restored, four arguments on the stack at each of ~7,800 pushes). A
# declaration before Cython's definition, with gcc's attribute. flow.py cimports this file, and
# turns.py and use.py its pushed_in and push_ready (compiled; steps 255 and 258a: a phase's and a
# need's frame pushed in place). A declaration file only (no module of this name).
# It returns the pushed frame borrowed (void *: flow.py's cast; NULL with an error set).
# flow._call_args always inline too (step 181b), in each of call1 to call4: each call's copy
# with its k and its unused arguments (None) constants, so that gcc drops the tests of the
# arguments it does not pass and the slot fill's branches by k, and the call of eight arguments
# (two on the stack) between callN and _call_args, its prologue and its epilogue (~8,100 calls in
# the six games). Its pointer (flow.pxd's declaration, the module's C API) keeps a copy of it.
# flow._fire_first never inline (step 202a): inline in fire (its one caller), its first timing's
# registers were saved at every timing (three pushes where one was: ~+56 k in the six games)
cdef extern from *:
    """
    #ifdef __PYX_HAVE__core__prims__flow
    struct __pyx_obj_4core_6engine_Game;
    struct __pyx_obj_4core_6engine_Frame;
    static CYTHON_INLINE void *__pyx_f_4core_5prims_4flow__push_args_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, int,
        Py_ssize_t, PyObject *, PyObject *, PyObject *, PyObject *, int,
        struct __pyx_obj_4core_6engine_Frame *) __attribute__((always_inline));
    static CYTHON_INLINE int __pyx_f_4core_5prims_4flow__call_args(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, int, int,
        PyObject *, PyObject *, PyObject *, PyObject *) __attribute__((always_inline));
    static int __pyx_f_4core_5prims_4flow__fire_first(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, int,
        PyObject *) __attribute__((noinline));
    #endif
    #define SGS_PUSH_ARGS_ALWAYS_INLINE 1
    """
    const bint PUSH_ARGS_ALWAYS_INLINE "SGS_PUSH_ARGS_ALWAYS_INLINE"
# core/codes.py's F_ASKING (a frame whose timings may ask in an order: health._dying_flag sets it)
# as gcc's constant, tested with the turn and phase bits in fire's quiet path (flow.py checks at
# its import that it is codes' value)
cdef extern from *:
    """
    #define SGS_F_ASKING 64
    """
    const int F_ASKING_CONST "SGS_F_ASKING"
# A game or a frame the caller passes that is not None (step 188a), told to gcc: fire, _fire_first,
# _fire and _call_args (call1 to call4) are C functions (flow.pxd: cdef) whose C callers, the
# units and the rooms, pass their game and their running frame, and whose Python entries
# (flow.py's _fire_entry, _call1_entry … _call4_entry) refuse None; gcc then drops the tests of
# None of fire's quiet path (fast.pxd) and of nonecheck in them (~2 instructions a test, ~30,700
# timings and ~8,100 calls of the six games). A None there would be undefined behaviour, as a C
# caller's None was for the quiet path's other reads
cdef extern from *:
    """
    #define sgs_given(o) do { if ((PyObject *)(o) == Py_None) __builtin_unreachable(); } while (0)
    """
    void given "sgs_given"(object o) noexcept
from cpython cimport array
from cpython.ref cimport PyObject
from core.engine cimport Frame, Game
from core.spares cimport frame_pushed, kept_frames_at, kept_slots_at, made_frame
# call1 to call4's pushed frame (step 195a; flow._push_args_in, compiled): spares.pxd's
# pushed_frame with the arguments' slot list made here and moved into the frame. A dead frame's
# list (spares' kept lists of n slots, through spares' pointer at: sgs_slots_from_spare's pop,
# the same test of a list the garbage collector cleared) or a new one, a, b, c, d stored in its
# first k (k <= 4, k <= n) and None in the rest only (where the whole list was filled with None,
# then its first k overwritten and None's count given back). A new reference (NULL: an error set)
cdef extern from *:
    """
    /* a list of n slots with none stored: spare[n]'s lists popped (each the garbage collector
       cleared dropped) until a kept one, else a new one (NULL: an error set). Apart, not
       inline: sgs_args_list's loop kept registers moved around it at every push */
    static __attribute__((noinline)) PyObject *sgs_args_list_made(PyObject *spare,
                                                                   Py_ssize_t n) {
        PyObject *l;
        if (spare != NULL && n > 0 && n < PyList_GET_SIZE(spare)) {
            PyListObject *s = (PyListObject *)PyList_GET_ITEM(spare, n);
            Py_ssize_t m = Py_SIZE(s);
            while (m > 0) {
                m--;
                l = s->ob_item[m];   /* spare's reference, now the caller's */
                Py_SET_SIZE(s, m);
                if (((PyListObject *)l)->allocated == n) {
                    Py_SET_SIZE(l, n);
                    return l;
                }
                Py_DECREF(l);   /* cleared by the garbage collector (spares.pxd) */
            }
        }
        return PyList_New(n);
    }
    static CYTHON_INLINE PyObject *sgs_args_list(PyObject **at, Py_ssize_t n, Py_ssize_t k,
                                                 PyObject *a, PyObject *b, PyObject *c,
                                                 PyObject *d) {
        PyObject *l, **item;
        PyObject *spare = *at;
        PyListObject *s;
        Py_ssize_t i, m;
        /* spare[n]'s last list, when the collector left it as kept (most pushes) */
        if (spare != NULL && n > 0 && n < PyList_GET_SIZE(spare)
                && (m = Py_SIZE(s = (PyListObject *)PyList_GET_ITEM(spare, n))) > 0
                && ((PyListObject *)(l = s->ob_item[m - 1]))->allocated == n) {
            Py_SET_SIZE(s, m - 1);   /* spare's reference, now the caller's */
            Py_SET_SIZE(l, n);
        } else {
            l = sgs_args_list_made(spare, n);
            if (l == NULL) return NULL;
        }
        item = ((PyListObject *)l)->ob_item;
        if (k > 0) { Py_INCREF(a); item[0] = a; }
        if (k > 1) { Py_INCREF(b); item[1] = b; }
        if (k > 2) { Py_INCREF(c); item[2] = c; }
        if (k > 3) { Py_INCREF(d); item[3] = d; }
        for (i = k; i < n; i++)
            item[i] = Py_None;
        if (n > k)
            Py_SET_REFCNT(Py_None, Py_REFCNT(Py_None) + (n - k));
        return l;
    }
    /* a frame made_frame made (its object fields None: a dead frame's reset, or tp_new's)
       given its event context ev (a reference taken) and its slot list sl (the caller's
       reference moved in): None's two references dropped as one store, never its last, where
       each field's assignment dropped None's with a test for a dealloc and the list's
       reference was taken, then the caller's dropped */
    #define sgs_frame_given(f, evp, sl) (Py_INCREF(evp), \
        (f)->ev = (struct __pyx_obj_4core_6engine_Frame *)(evp), (f)->slots = (sl), \
        Py_SET_REFCNT(Py_None, Py_REFCNT(Py_None) - 2))
    """
    PyObject *args_list "sgs_args_list"(PyObject **at, Py_ssize_t n, Py_ssize_t k, object a,
                                        object b, object c, object d) except NULL
    void frame_given "sgs_frame_given"(Frame f, PyObject *evp, PyObject *sl) noexcept
# Game.new_frame and push_frame of program prog with these arguments, inline (spares.pxd's
# pushed_frame, its steps in its order but the frame taken before its list, so that an error in
# the list's making drops the frame as any local): ev borrowed (a frame or None), a new
# reference
cdef inline Frame pushed_args(Game g, PyObject **frames_at, PyObject **slots_at, int prog,
                              int owner, PyObject *ev, Py_ssize_t n, Py_ssize_t k, object a,
                              object b, object c, object d):
    cdef Frame f = made_frame(frames_at, NULL, prog, 0)
    frame_given(f, ev, args_list(slots_at, n, k, a, b, c, d))
    f.owner = owner
    return frame_pushed(g, f, prog)
# spares' pointers to its spare frames and slot lists (spares.pxd's kept_frames_at and
# kept_slots_at): C statics of each module that cimports this file (a module's cdef variable
# cannot be cimported), which push_ready sets at the module's import; declared here once for
# flow, turns and use (step 258a), where each declared its own two
cdef extern from *:
    """
    static PyObject **sgs_push_frames_at __attribute__((unused)) = NULL;
    static PyObject **sgs_push_slots_at __attribute__((unused)) = NULL;
    #define sgs_push_ready(fa, sa) ((void)(sgs_push_frames_at = (fa)), \
        (void)(sgs_push_slots_at = (sa)))
    """
    PyObject **push_frames_at "sgs_push_frames_at"
    PyObject **push_slots_at "sgs_push_slots_at"
    void _push_ready "sgs_push_ready"(PyObject **fa, PyObject **sa) noexcept
cdef inline void push_ready() noexcept:
    _push_ready(kept_frames_at(), kept_slots_at())
# a program's slot count (Ruleset.prog_nslots) read in place from its C int array
# (Ruleset.nslots_at), where the list's item was a Python int unboxed at each of ~7,900 pushes
# (pushed_in, flow._push_prog): -1 past the array's end or with no array (the caller reads the
# list then, as before). A macro: an inline function with that fallback in it was not inlined
# by gcc (~32 instructions a read). Both bounds one unsigned compare, and no exception value to
# test (noexcept: nothing here raises; step 209b). Uncompiled, flow.py's _nslots_c reads the list
cdef extern from *:
    """
    #define sgs_nslots_at(a, cid) (((a) != Py_None && (size_t)(cid) < (size_t)Py_SIZE(a)) ? \
        (Py_ssize_t)(((arrayobject *)(a))->data.as_ints[(cid)]) : (Py_ssize_t)-1)
    """
    Py_ssize_t _nslots_at "sgs_nslots_at"(PyObject *a, int cid) noexcept
cdef inline Py_ssize_t _nslots_c(Game g, int cid) noexcept:
    return _nslots_at(<PyObject *>g.rs.nslots_at, cid)
# A frame of program prog pushed with the first k (<= 4) of a, b, c, d in its slots, None in the
# rest: flow._push_args' body, the one push of call1 to call4 (flow._push_args_in), a phase's
# event (turns._push_phase_event) and a need (use._push_need), written here once (step 258a,
# where step 255 copied it into turns and use). The slot count from the C array (the list past
# its end), k cut to it (a fixture event may declare fewer parameters than the book's), the
# frame pushed and, for a frame f, moved into f.child (no reference taken for it and dropped;
# the stack holds its own). Returned borrowed (NULL: an error set); ev a frame or None
# Always inline (gcc's attribute on a declaration before Cython's definition, as _push_args_in's
# above): gcc left it a call in flow (call1 to call4's copies of _push_args_in), +0.3 M
cdef extern from *:
    """
    struct __pyx_obj_4core_6engine_Game;
    struct __pyx_obj_4core_6engine_Frame;
    static CYTHON_INLINE void *__pyx_f_4core_5prims_10pushinline_pushed_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, int, int,
        struct __pyx_obj_4core_6engine_Frame *, Py_ssize_t, PyObject *, PyObject *, PyObject *,
        PyObject *) __attribute__((always_inline));
    """
cdef inline void *pushed_in(Game g, Frame f, int prog, int owner, Frame ev, Py_ssize_t k,
                            object a, object b, object c, object d) except NULL:
    cdef Py_ssize_t n = _nslots_c(g, prog)
    cdef Frame fr
    if n < 0:
        n = g.rs.prog_nslots[prog]
    if k > n:
        k = n
    if f is not None:
        f.child = pushed_args(g, push_frames_at, push_slots_at, prog, owner, <PyObject *>ev, n,
                              k, a, b, c, d)
        return <void *>f.child
    fr = pushed_args(g, push_frames_at, push_slots_at, prog, owner, <PyObject *>ev, n, k, a, b,
                     c, d)
    return <void *>fr
# call1 to call4's reads of the tables' arrays by program (prog_phases, prog_is_ev): item i of
# an array('i') a that is not None (_call_args tests them once, first), else `none` past its end;
# both bounds one unsigned compare, no exception value (fast.pxd's _by_prog_at tested None, the
# sign, the end and its except? -2 at each read, ~8,100 calls)
cdef extern from *:
    """
    #define sgs_table_at(a, i, none) (((size_t)(i) < (size_t)Py_SIZE(a)) ? \
        ((arrayobject *)(a))->data.as_ints[(i)] : (none))
    """
    int table_at "sgs_table_at"(PyObject *a, int i, int none) noexcept
# a dict's version tag (CPython before 3.12: every change of a dict gives it a new one, never
# one it had), with which flow._after_fire keeps its index of card_flow_rules' card names;
# DICT_VERSIONS false elsewhere (no index kept: _after_fire looks its key up, as before)
cdef extern from *:
    """
    #if PY_VERSION_HEX < 0x030C0000 && !defined(PYPY_VERSION) && !defined(Py_LIMITED_API)
    #define sgs_dict_version(d) ((unsigned long long)((PyDictObject *)(d))->ma_version_tag)
    #define SGS_DICT_VERSIONS 1
    #else
    #define sgs_dict_version(d) 0ULL
    #define SGS_DICT_VERSIONS 0
    #endif
    """
    unsigned long long dict_version "sgs_dict_version"(dict d) noexcept
    const bint DICT_VERSIONS "SGS_DICT_VERSIONS"
