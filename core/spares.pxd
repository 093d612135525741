# Declarations augmenting core/spares.py (Cython pure-Python mode, like engine.pxd): the slot
# lists dead frames leave, taken by Game.new_frame and core.prims.flow._push_prog.
cimport cython
from cpython.object cimport PyObject, PyTypeObject, destructor
from core.engine cimport Frame, Game

# A frame's slot list of n items: the first k of tuple a (k <= len(a), k <= n; a is not read when
# k is 0), then fill (Game.new_frame's zeros, core.prims.flow._push_prog's arguments then Nones),
# taken from the lists dead frames left (_frame_dealloc) when there is one, else made: where a
# list and its item array were allocated at each of ~12,000 frames in the six games of `sgs bench
# --what instructions` and freed with the frame. Each item is stored once and fill's references
# are taken at once (step 69d). spare[n] holds the spare lists of n items, emptied with their room
# kept (n: their room), and has a fixed room (its most). Lists of no slots are not kept (no item
# array to spare). Uncompiled, new_slots and slots_of are their definitions (spares.py).
cdef extern from *:
    """
    static CYTHON_INLINE void sgs_fill_slots(PyObject **item, Py_ssize_t n, PyObject *fill,
                                             PyObject *a, Py_ssize_t k) {
        Py_ssize_t i;
        for (i = 0; i < k; i++) {
            PyObject *x = PyTuple_GET_ITEM(a, i);
            Py_INCREF(x);
            item[i] = x;
        }
        /* four stores a turn of the loop (step 121): its test and count once for four items */
        for (; i + 4 <= n; i += 4) {
            item[i] = fill;
            item[i + 1] = fill;
            item[i + 2] = fill;
            item[i + 3] = fill;
        }
        for (; i < n; i++)
            item[i] = fill;
        if (n > k)
            Py_SET_REFCNT(fill, Py_REFCNT(fill) + (n - k));
    }
    /* a kept list's n items dropped, in order (step 121): its item array read once (the list,
       emptied and the caller's alone, is neither read nor resized by what a drop runs), four
       items a turn of the loop */
    static CYTHON_INLINE void sgs_drop_items(PyObject **item, Py_ssize_t n) {
        Py_ssize_t i = 0;
        for (; i + 4 <= n; i += 4) {
            Py_DECREF(item[i]);
            Py_DECREF(item[i + 1]);
            Py_DECREF(item[i + 2]);
            Py_DECREF(item[i + 3]);
        }
        for (; i < n; i++)
            Py_DECREF(item[i]);
    }
    static CYTHON_INLINE PyObject *sgs_slots_from_spare(PyObject *spare, Py_ssize_t n,
                                                        PyObject *fill, PyObject *a,
                                                        Py_ssize_t k) {
        PyObject *l;
        Py_ssize_t m;
        if (n > 0 && n < PyList_GET_SIZE(spare)) {
            PyListObject *s = (PyListObject *)PyList_GET_ITEM(spare, n);
            m = Py_SIZE(s);
            while (m > 0) {
                m--;
                l = s->ob_item[m];   /* spare's reference, now the caller's */
                Py_SET_SIZE(s, m);
                if (((PyListObject *)l)->allocated != n) {
                    /* cleared by the garbage collector: a frame of a cycle it was collecting
                       left its list, of the cycle too, which the collector cleared after */
                    Py_DECREF(l);
                    continue;
                }
                sgs_fill_slots(((PyListObject *)l)->ob_item, n, fill, a, k);
                Py_SET_SIZE(l, n);
                return l;
            }
        }
        l = PyList_New(n);
        if (l == NULL) return NULL;
        sgs_fill_slots(((PyListObject *)l)->ob_item, n, fill, a, k);
        return l;
    }
    /* A dead frame's slot list l emptied and kept in spare[its size], its room kept: when the
       caller's reference is the only one (nothing else can see it emptied), its room is its
       size (a slot list as made), and spare[its size] has room left (never reallocated: no
       error). Dropping its items may run code (a frame held in a slot dies and keeps its own
       list): l is only the caller's meanwhile, and spare's room is read again after. */
    static CYTHON_INLINE void sgs_keep_slots(PyObject *spare, PyObject *l) {
        Py_ssize_t n = Py_SIZE(l);
        PyListObject *s;
        if (spare == NULL || spare == Py_None)   /* the module torn down: at the exit */
            return;
        if (Py_REFCNT(l) != 1 || n == 0 || n >= PyList_GET_SIZE(spare)
                || ((PyListObject *)l)->allocated != n) return;
        s = (PyListObject *)PyList_GET_ITEM(spare, n);
        if (Py_SIZE(s) >= s->allocated) return;
        Py_SET_SIZE(l, 0);
        sgs_drop_items(((PyListObject *)l)->ob_item, n);
        if (Py_SIZE(s) >= s->allocated) return;
        Py_INCREF(l);
        s->ob_item[Py_SIZE(s)] = l;
        Py_SET_SIZE(s, Py_SIZE(s) + 1);
    }
    /* Game.new_frame's slot list (step 108b): at points to spares' own pointer to _SPARE_SLOTS
       (kept_slots_at, NULL before core.spares has made its lists), read here inline in the
       engine, where new_slots was a call into this module at each frame */
    static CYTHON_INLINE PyObject *sgs_kept_slots(PyObject **at, Py_ssize_t n, PyObject *fill) {
        PyObject *l;
        if (*at != NULL)
            return sgs_slots_from_spare(*at, n, fill, NULL, 0);
        l = PyList_New(n);
        if (l != NULL) sgs_fill_slots(((PyListObject *)l)->ob_item, n, fill, NULL, 0);
        return l;
    }
    """
    list slots_from_spare "sgs_slots_from_spare"(list spare, Py_ssize_t n, object fill,
                                                 tuple a, Py_ssize_t k)
    list kept_slots "sgs_kept_slots"(PyObject **at, Py_ssize_t n, object fill)
    void keep_slots "sgs_keep_slots"(list spare, list l) noexcept

# Dead frames kept alive for the next (_frame_dealloc; Frame's tp_new takes them; step 78): a Frame (not a
# subclass) whose count fell to 0 is kept when spare has room (its room: 64, never grown). Its
# count is made 1 again (revive) while its fields are reset, and that reference is the one spare
# takes (lists.pxd's spare_keep); when spare filled up meanwhile, its count is made 0 again for Cython's
# tp_dealloc. It stays tracked by the garbage collector throughout: a live object of the list.
cdef extern from *:
    """
    static CYTHON_INLINE void sgs_revive(PyObject *o) { Py_SET_REFCNT(o, 1); }
    /* Frame's tp_new's first step (_frame_new): the last spare frame (spare's reference, now
       the caller's) when t is Frame and spare has one, else NULL */
    static CYTHON_INLINE PyObject *sgs_take_frame(PyObject *spare, PyObject *t, PyObject *frame) {
        PyListObject *s = (PyListObject *)spare;
        Py_ssize_t n;
        if (spare == NULL || spare == Py_None || t != frame) return NULL;
        n = Py_SIZE(s);
        if (n == 0) return NULL;
        Py_SET_SIZE(s, n - 1);
        return s->ob_item[n - 1];
    }
    /* a new frame through type t's tp_new slot (_frame_new once installed): core.clone's */
    static CYTHON_INLINE PyObject *sgs_frame_obj(PyObject *t, PyObject *empty) {
        return ((PyTypeObject *)t)->tp_new((PyTypeObject *)t, empty, NULL);
    }
    /* Game.new_frame's frame (made_frame below, step 108b): the last spare frame, taken as
       _frame_new takes it but inline in the engine (at: spares' own pointer to _SPARE_FRAMES,
       kept_frames_at; NULL before core.spares has made its list), else through type t's tp_new
       slot, as before: where each new frame was an indirect call of _frame_new */
    static CYTHON_INLINE PyObject *sgs_kept_frame(PyObject **at, PyObject *t, PyObject *empty) {
        PyListObject *s = (PyListObject *)*at;
        Py_ssize_t n;
        if (s != NULL && (n = Py_SIZE(s)) > 0) {
            Py_SET_SIZE(s, n - 1);
            return s->ob_item[n - 1];   /* the list's reference, now the caller's */
        }
        return ((PyTypeObject *)t)->tp_new((PyTypeObject *)t, empty, NULL);
    }
    typedef PyObject *(*sgs_rawnewfunc)(PyTypeObject *, PyObject *, PyObject *);
    /* _frame_dealloc's path (step 113a): spare is spares' own pointer to _SPARE_FRAMES
       (_KEPT_FRAMES: set before Frame's tp_dealloc is _frame_dealloc, never None: the module's
       teardown does not drop it), so no NULL or None test */
    /* keep_slots with the caller's reference to l given away (step 113a): l emptied and kept as
       keep_slots keeps it (that reference now spare's), else dropped. spare: spares' own pointer
       to _SPARE_SLOTS (_KEPT_SLOTS, never None) */
    static CYTHON_INLINE void sgs_keep_slots_given(PyObject *spare, PyObject *l) {
        Py_ssize_t n = Py_SIZE(l);
        PyListObject *s;
        if (Py_REFCNT(l) == 1 && n > 0 && n < PyList_GET_SIZE(spare)
                && ((PyListObject *)l)->allocated == n) {
            s = (PyListObject *)PyList_GET_ITEM(spare, n);
            if (Py_SIZE(s) < s->allocated) {
                Py_SET_SIZE(l, 0);
                sgs_drop_items(((PyListObject *)l)->ob_item, n);
                if (Py_SIZE(s) < s->allocated) {   /* (dropping items may have filled it) */
                    s->ob_item[Py_SIZE(s)] = l;
                    Py_SET_SIZE(s, Py_SIZE(s) + 1);
                    return;
                }
            }
        }
        Py_DECREF(l);
    }
    /* A dead frame's scratch (base._sx's list of SGS_SCRATCH_N items; step 276a) kept in
       scratch (_SPARE_SCRATCH) with its items made None in place, when the caller's reference
       is the only one, its room its size and scratch has room (read again after the drops,
       which may run code): _sx takes it as it is, where its items were each dropped, the list
       kept with the slot lists, and _sx's taker wrote its thirteen Nones again. 0: not kept
       (the caller's reference still its own) */
    #define SGS_SCRATCH_N 13
    static CYTHON_INLINE int sgs_keep_scratch(PyObject *scratch, PyObject *l) {
        PyObject **item = ((PyListObject *)l)->ob_item;
        PyListObject *s = (PyListObject *)scratch;
        Py_ssize_t i;
        if (Py_REFCNT(l) != 1 || Py_SIZE(l) != SGS_SCRATCH_N
                || ((PyListObject *)l)->allocated != SGS_SCRATCH_N || Py_SIZE(s) >= s->allocated)
            return 0;
        /* unrolled: a test and a load an item, where the loop's count and test doubled it */
        #pragma GCC unroll 13
        for (i = 0; i < SGS_SCRATCH_N; i++) {
            PyObject *o = item[i];
            if (o != Py_None) {
                Py_INCREF(Py_None);
                item[i] = Py_None;
                Py_DECREF(o);
            }
        }
        if (Py_SIZE(s) >= s->allocated) return 0;
        s->ob_item[Py_SIZE(s)] = l;
        Py_SET_SIZE(s, Py_SIZE(s) + 1);
        return 1;
    }
    /* base._sx's new scratch (step 276a): the last kept one (scratch's reference, now the
       caller's; at: spares' own pointer to _SPARE_SCRATCH, kept_scratch_at, NULL before
       core.spares has made it), its Nones as they are, but one the collector cleared (a
       frame of a cycle it was collecting left it: dropped, as sgs_slots_from_spare drops
       theirs); else a slot list of Nones (sgs_kept_slots) */
    static CYTHON_INLINE PyObject *sgs_kept_scratch(PyObject **at, PyObject **slots_at) {
        PyListObject *s = (PyListObject *)*at;
        Py_ssize_t m;
        if (s != NULL) {
            while ((m = Py_SIZE(s)) > 0) {
                PyObject *l = s->ob_item[m - 1];
                Py_SET_SIZE(s, m - 1);
                if (Py_SIZE(l) == SGS_SCRATCH_N) return l;
                Py_DECREF(l);
            }
        }
        return sgs_kept_slots(slots_at, SGS_SCRATCH_N, Py_None);
    }
    /* A dead flow frame's context (use._new_ctx's list of SGS_CTX_N items, its field y; step
       278a) emptied and kept in ctxs (_SPARE_CTX) as keep_slots keeps a slot list: when the
       caller's reference is the only one (a pre flow's frame shares its need flow's), its
       room its size and ctxs has room (read again after the drops, which may run code).
       0: not kept (the caller's reference still its own, the list maybe emptied) */
    #define SGS_CTX_N 10
    static CYTHON_INLINE int sgs_keep_ctx(PyObject *ctxs, PyObject *l) {
        PyListObject *s = (PyListObject *)ctxs;
        if (Py_REFCNT(l) != 1 || Py_SIZE(l) != SGS_CTX_N
                || ((PyListObject *)l)->allocated != SGS_CTX_N || Py_SIZE(s) >= s->allocated)
            return 0;
        Py_SET_SIZE(l, 0);
        sgs_drop_items(((PyListObject *)l)->ob_item, SGS_CTX_N);
        if (Py_SIZE(s) >= s->allocated) return 0;
        s->ob_item[Py_SIZE(s)] = l;
        Py_SET_SIZE(s, Py_SIZE(s) + 1);
        return 1;
    }
    /* use._new_ctx's list (step 278a): the last kept context (ctxs' reference, now the
       caller's; at: spares' own pointer to _SPARE_CTX, kept_ctx_at, NULL before core.spares
       has made it), but one the collector cleared (its room 0: dropped); else a new list; its
       items written in the C_* order */
    static CYTHON_INLINE PyObject *sgs_kept_ctx(PyObject **at, PyObject *method,
            PyObject *rst, PyObject *card, PyObject *started, PyObject *ev) {
        PyListObject *s = (PyListObject *)*at;
        PyObject *l = NULL, **item;
        Py_ssize_t m;
        if (s != NULL) {
            while ((m = Py_SIZE(s)) > 0) {
                l = s->ob_item[m - 1];
                Py_SET_SIZE(s, m - 1);
                if (((PyListObject *)l)->allocated == SGS_CTX_N) break;
                Py_DECREF(l);
                l = NULL;
            }
        }
        if (l == NULL && (l = PyList_New(SGS_CTX_N)) == NULL) return NULL;
        item = ((PyListObject *)l)->ob_item;
        Py_INCREF(method);
        item[0] = method;
        Py_INCREF(rst);
        item[1] = rst;
        Py_INCREF(card);
        item[2] = card;
        Py_SET_REFCNT(started, Py_REFCNT(started) + 2);
        item[3] = started;
        item[4] = started;
        Py_INCREF(ev);
        item[5] = ev;
        Py_INCREF(Py_False);
        item[6] = Py_False;
        Py_SET_REFCNT(Py_None, Py_REFCNT(Py_None) + 3);
        item[7] = item[8] = item[9] = Py_None;
        Py_SET_SIZE(l, SGS_CTX_N);
        return l;
    }
    /* Game._pop's step 130a: a popped frame's last child (popped before it) held by that field
       alone has its slot list dropped, kept as a dead frame's (keep_slots_given): read now only
       by the verdict's and 摸等量的牌's walks (flags, scratch, child), never for its slots, which
       may name the frame (an event's cause: 伤害 → 扣减体力), a cycle. In C: no reference taken
       and dropped for the child and its list. spare: *_SLOTS_AT (NULL: the list only dropped) */
    static CYTHON_INLINE void sgs_drop_slots_at(PyObject **sl, PyObject *spare) {
        PyObject *o = *sl;
        if (o == Py_None) return;
        Py_INCREF(Py_None);
        *sl = Py_None;
        if (spare != NULL) sgs_keep_slots_given(spare, o);
        else Py_DECREF(o);
    }
    #define sgs_child_slots_dropped(f, spare) \
        (((PyObject *)(f)->child != Py_None && Py_REFCNT((f)->child) == 1) \
            ? sgs_drop_slots_at(&(f)->child->slots, (spare)) : (void)0)
    /* an object field made None, what it held dropped after (as Cython's assignment) */
    static CYTHON_INLINE void sgs_none_field(PyObject **p) {
        PyObject *o = *p;
        if (o != Py_None) {
            Py_INCREF(Py_None);
            *p = Py_None;
            Py_DECREF(o);
        }
    }
    /* a dead frame's seven object fields made None in the order of Cython's tp_dealloc, x kept
       when it is a list: a scratch in scratch (step 276a), else as a slot list (a dispatcher
       frame's, a scratch scratch had no room for); the slot list's reference moved to
       the caller (NULL when None): no reference taken and dropped for x and the slots, no
       global's pair around each keep (step 113a); the child's too, into *cout (NULL when None):
       _frame_dealloc drops it last, in its loop when it dies (step 149a) */
    static CYTHON_INLINE PyObject *sgs_frame_clear_at(PyObject **ev, PyObject **child,
            PyObject **subject, PyObject **timings, PyObject **x, PyObject **y, PyObject **sl,
            PyObject *spare, PyObject *scratch, PyObject *ctxs, PyObject **cout) {
        PyObject *o;
        sgs_none_field(ev);
        o = *child;
        if (o != Py_None) {
            Py_INCREF(Py_None);
            *child = Py_None;
            *cout = o;
        }
        sgs_none_field(subject);
        sgs_none_field(timings);
        o = *x;
        if (o != Py_None) {
            Py_INCREF(Py_None);
            *x = Py_None;
            if (!PyList_CheckExact(o)) Py_DECREF(o);
            else if (!sgs_keep_scratch(scratch, o)) sgs_keep_slots_given(spare, o);
        }
        o = *y;
        if (o != Py_None) {
            Py_INCREF(Py_None);
            *y = Py_None;
            if (!PyList_CheckExact(o) || !sgs_keep_ctx(ctxs, o)) Py_DECREF(o);
        }
        o = *sl;
        if (o == Py_None) return NULL;
        Py_INCREF(Py_None);
        *sl = Py_None;
        return o;
    }
    /* the child _frame_dealloc took out of a dead frame (step 149a): returned when that
       reference is its last and it is kept as its own tp_dealloc would keep it (a Frame, spare
       has room): the next frame the loop resets, where it died inside its parent's tp_dealloc
       (_Py_Dealloc, a call and its register saves each); else dropped, NULL */
    static CYTHON_INLINE PyObject *sgs_child_dying(PyObject *c, PyObject *spare, PyObject *t) {
        if (Py_REFCNT(c) == 1 && (PyObject *)Py_TYPE(c) == t
                && Py_SIZE(spare) < ((PyListObject *)spare)->allocated)
            return c;
        Py_DECREF(c);
        return NULL;
    }
    /* _frame_reset (step 108b) in C: the Frame struct's fields named here, in a macro expanded
       where it is used (spares.c, after the engine's types; this block comes before them): twin
       NULL, then the object fields above; returns the slot list or NULL, the child in *cout
       (left as it was when None). The ints are left as they were: each taker writes them all
       (made_frame below, _frame_new's sgs_frame_ints_zero; step 156a) */
    #define sgs_frame_reset(f, spare, scratch, ctxs, cout) ( \
        (f)->twin = NULL, \
        sgs_frame_clear_at((PyObject **)&(f)->ev, (PyObject **)&(f)->child, &(f)->subject, \
                           &(f)->timings, &(f)->x, &(f)->y, (PyObject **)&(f)->slots, (spare), \
                           (scratch), (ctxs), (cout)))
    /* a spare frame's ints as tp_new makes them (all 0): _frame_new's, for the frames it takes
       (their ints left as they were at their death) */
    #define sgs_frame_ints_zero(f) ( \
        (f)->prog = (f)->pc = (f)->owner = (f)->skill = (f)->a = (f)->b = (f)->flags = 0, \
        (f)->term_pc = (f)->jump_pc = (f)->id = (f)->result = (f)->timing = 0, (f)->c = 0)
    """
    void keep_slots_given "sgs_keep_slots_given"(PyObject *spare, PyObject *l) noexcept
    PyObject *child_dying "sgs_child_dying"(PyObject *c, PyObject *spare, PyObject *t) noexcept
    void child_slots_dropped "sgs_child_slots_dropped"(Frame f, PyObject *spare) noexcept
    PyObject *frame_reset "sgs_frame_reset"(Frame f, PyObject *spare, PyObject *scratch,
                                            PyObject *ctxs, PyObject **cout) noexcept
    # base._sx's new scratch (sgs_kept_scratch) and its size, base.NX (base.py refuses to import
    # when they differ)
    list kept_scratch "sgs_kept_scratch"(PyObject **at, PyObject **slots_at)
    enum: SCRATCH_N "SGS_SCRATCH_N"
    # use._new_ctx's list (sgs_kept_ctx) and its size, use.NC (use.py refuses to import when
    # they differ)
    list kept_ctx "sgs_kept_ctx"(PyObject **at, object method, object restrict, object card,
                                 object started, object ev)
    enum: CTX_N "SGS_CTX_N"
    void frame_ints_zero "sgs_frame_ints_zero"(Frame f) noexcept
    void revive "sgs_revive"(PyObject *o) noexcept
    PyObject *take_frame "sgs_take_frame"(PyObject *spare, PyObject *t, PyObject *frame) noexcept
    Frame frame_obj "sgs_frame_obj"(PyObject *t, object empty)
    Frame kept_frame "sgs_kept_frame"(PyObject **at, PyObject *t, object empty)
    ctypedef PyObject *(*rawnewfunc "sgs_rawnewfunc")(PyTypeObject *, PyObject *, PyObject *) noexcept

# Game.new_frame's frame, compiled (moved here from the engine, step 121): Frame(prog, nslots)
# without __init__'s parsing — the last dead frame kept (kept_frame; else Frame's tp_new: ints 0,
# objects None), then every int as __init__ sets it (a dead frame's ints are left as they were:
# written here once, as gcc's merged constant stores, where its death zeroed them; step 156a)
# and, for nslots > 0, a dead frame's slot list of zeros (kept_slots). frames_at, slots_at: the
# engine's copies of spares' pointers (engine._FRAMES_AT, _SLOTS_AT). Inline in the engine, as its
# own code was (step 108b)
cdef inline Frame made_frame(PyObject **frames_at, PyObject **slots_at, int prog, int nslots):
    f = kept_frame(frames_at, <PyObject *>Frame, ())
    f.prog = prog
    f.pc = 0
    f.owner = 0
    f.skill = -1
    f.a = 0
    f.b = 0
    f.flags = 0
    f.term_pc = -1
    f.jump_pc = -1
    f.id = 0
    f.result = 0
    f.c = 0
    f.timing = -1
    if nslots > 0:
        f.slots = kept_slots(slots_at, nslots, 0)
    return f
# A new frame of program prog pushed, compiled (step 121): Game.new_frame(g, prog, owner, ev, 0)
# with slots, then Game.push_frame(g, f), inline where a frame was two calls (their prologues,
# new_frame's optional arguments: ~50 instructions a frame). A new frame's flags are 0 (no turn
# or phase to note); push_frame itself when it logs or refuses the program (its range test).
cdef inline Frame pushed_frame(Game g, PyObject **frames_at, int prog, int owner, Frame ev,
                               list slots):
    f = made_frame(frames_at, NULL, prog, 0)
    f.owner = owner
    f.ev = ev
    f.slots = slots
    return frame_pushed(g, f, prog)
# push_frame's steps for a new frame of program prog (flags 0), inline: its id, then the stack;
# push_frame itself when it logs or refuses the program (its range test). The tail of
# pushed_frame and of pushinline.pxd's pushed_args
cdef extern from *:
    # engine.pxd's append_in_room of a list passed borrowed (the game's stack: no reference
    # taken and dropped around the call, step 195c)
    int append_borrowed "sgs_append_in_room"(PyObject *l, object x) except -1
cdef inline Frame frame_pushed(Game g, Frame f, int prog):
    g.serial += 1
    f.id = g.serial
    if g._log_level > 0 or prog < 0 or prog >= g.nprogs:
        Game.push_frame(g, f)
        return f
    append_borrowed(<PyObject *>g.stack, f)   # the stack keeps its room (engine.pxd)
    g.pushed += 1
    return f
# the spare slot lists by size (above), and a frame's slot list taken from them (compiled)
cdef list _SPARE_SLOTS
cdef list new_slots(Py_ssize_t n, object fill)
# the spare frames (above), taken by Frame's tp_new (compiled: _frame_new, Cython's kept in
# _FRAME_NEW; Game.new_frame (made_frame) and core.clone.frame_copy call it by the slot)
cdef list _SPARE_FRAMES
cdef rawnewfunc _FRAME_NEW
cdef PyObject *_frame_new(PyTypeObject *t, PyObject *a, PyObject *k) noexcept
cdef list slots_of(tuple a, Py_ssize_t k, Py_ssize_t n)
# compiled, Frame's tp_dealloc: Cython's (_FRAME_DEALLOC), the frame's slot list kept after it
cdef destructor _FRAME_DEALLOC
@cython.locals(sl2=list)
cdef void _frame_dealloc(PyObject *o) noexcept
cdef int _install_frame_dealloc() except -1
# spares' own pointers to _SPARE_FRAMES and _SPARE_SLOTS (a reference each, taken once they are
# made: never freed, so never a dangling pointer), and their addresses for the engine, which
# keeps them (engine._FRAMES_AT, _SLOTS_AT) and reads the lists through them: kept_frame and
# kept_slots above (a module's cdef variable cannot be cimported; step 108b)
cdef PyObject *_KEPT_FRAMES
cdef PyObject *_KEPT_SLOTS
cdef PyObject **kept_frames_at() noexcept
cdef PyObject **kept_slots_at() noexcept
# the dead frames' scratches kept with their Nones (kept_scratch above; step 276a), spares' own
# pointer to that list (as _KEPT_SLOTS) and its address for base._sx
cdef list _SPARE_SCRATCH
cdef PyObject *_KEPT_SCRATCH
cdef PyObject **kept_scratch_at() noexcept
# the dead flow frames' contexts kept emptied (kept_ctx above; step 278a), spares' own pointer to
# that list and its address for use._new_ctx
cdef list _SPARE_CTX
cdef PyObject *_KEPT_CTX
cdef PyObject **kept_ctx_at() noexcept
