"""The memory dead frames leave for the next frames: their slot lists (docs/decisions/0072).

Every frame with slots had a list and its item array allocated (`Game.new_frame`'s zeros,
`core.prims.flow._push_prog`'s arguments then Nones) and freed with the frame. Compiled, Frame's
tp_dealloc keeps a dead frame's list, emptied, when nothing else holds it, and the next frame of
that size takes it. Uncompiled, `new_slots` and `slots_of` are their definitions."""
import cython

if cython.compiled:   # C functions and types (used compiled only)
    from cython.cimports.core.engine import pop_keep_room
    from cython.cimports.cpython.object import PyTypeObject, newfunc
    from cython.cimports.core.prims.lists import list_with_room, spare_keep, spare_keeps
    from cython.cimports.cpython.ref import Py_INCREF


# the dead frames kept for the next (compiled: _frame_dealloc, _frame_new), at most 64
_SPARE_FRAMES = []

# the slot lists dead frames left (compiled: _frame_dealloc), by size: at most 8 of each size
# below 48 (each spare list made with room for 8, which it never exceeds). Each kept list is an
# object the collector traverses at each collection of its generation: with room for 16 the six
# games of `sgs bench --what instructions` spent 40 k more (the collector's traversals, the frees
# of its items), with 64 +350 k more, with 4 +63 k more (too few kept: lists made; step 169)
_SPARE_SLOTS = [[] for _ in range(48)]

# the scratches dead frames left (compiled: _frame_dealloc), at most 8, their items None: base._sx
# takes one as it is (spares.pxd's keep_scratch, kept_scratch; step 276a)
_SPARE_SCRATCH = []

# the contexts dead flow frames left in their field y (compiled: _frame_dealloc), at most 8,
# emptied: use._new_ctx takes one (spares.pxd's keep_ctx, kept_ctx; step 278a)
_SPARE_CTX = []


@cython.cfunc
def new_slots(n: cython.Py_ssize_t, fill) -> list:
    """A frame's slot list: n items, each fill. Compiled, a dead frame's list (spares.pxd)."""
    if cython.compiled:
        return slots_from_spare(_SPARE_SLOTS, n, fill, None, 0)
    return [fill] * n


@cython.cfunc
def slots_of(a: tuple, k: cython.Py_ssize_t, n: cython.Py_ssize_t) -> list:
    """A pushed program's slot list: n items, the first k of tuple a (k <= len(a), k <= n), then
    None. Compiled, a dead frame's list filled in place, each item stored once (spares.pxd)."""
    if cython.compiled:
        return slots_from_spare(_SPARE_SLOTS, n, None, a, k)
    slots = [None] * n
    for i in range(k):
        slots[i] = a[i]
    return slots


# _frame_reset (a dead frame as tp_new makes one but its ints, which its taker writes, step 156a:
# twin NULL, its seven object fields None, a list in x kept as a slot list, its slot list
# returned) is spares.pxd's frame_reset, in C: the struct's fields named in a macro, each object
# field moved out or dropped without the reference pair Cython's reads took (step 113a; it was a
# Cython function inlined here: 108b)


def _frame_new(t, a, k):
    """Compiled, Frame's tp_new: a dead frame _frame_dealloc kept when there is one (for the
    type Frame), else Cython's (_FRAME_NEW). It serves Frame.__new__(Frame) anywhere and
    core.clone.frame_copy through the slot, and Game.new_frame when no frame is spare (it takes
    one inline first: spares.pxd's kept_frame; step 108b); Frame(...) calls Cython's directly
    (~180 in the six games of `sgs bench --what instructions`)."""
    o: cython.pointer(PyObject) = take_frame(cython.cast(cython.pointer(PyObject), _SPARE_FRAMES),
                                             cython.cast(cython.pointer(PyObject), t),
                                             cython.cast(cython.pointer(PyObject), Frame))
    if o != cython.NULL:
        frame_ints_zero(cython.cast(Frame, o))   # (left as they were at its death)
        return o
    return _FRAME_NEW(t, a, k)


def _frame_dealloc(o):
    """Compiled, Frame's tp_dealloc. A frame whose count fell to 0 is kept alive for
    _frame_new (at most 64): its count made 1 again, the reference _SPARE_FRAMES takes, its
    fields reset (what they held dropped), still known to the garbage collector (spare frames
    hold None only). Cython's tp_dealloc and its freelist cost ~150 instructions a frame: the collector's
    untracking and tracking, the zeroing, eight Py_CLEARs and eight None stores (step 78).
    Otherwise, Cython's, then the dead frame's slot list kept. Either way the slot list is kept
    for new_slots when nothing else holds it (a popped frame's slots are read while the frame
    lives: through g.ret, its parent's child field, a clone's copy). A C function in the type's
    slot rather than __dealloc__, which Cython wraps in a save and restore of the exception
    state (~80 instructions a frame); its items are dropped once the frame is freed."""
    # (spares' own pointers, never None: no reference pair, no None test; step 113a)
    spare: cython.pointer(PyObject) = _KEPT_FRAMES
    t: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), Frame)
    if spare_keeps(spare, o, t):
        # a chain of children dying with it (a popped frame's child, ~5,800 of the ~13,500 dead
        # frames of the six games) reset here in turn, each as its own tp_dealloc would (step
        # 149a): the child moved out of its parent, dropped last
        while True:
            revive(o)   # dropping its fields may run code: it lives meanwhile
            child: cython.pointer(PyObject) = cython.NULL
            sl: cython.pointer(PyObject) = frame_reset(cython.cast(Frame, o), _KEPT_SLOTS,
                                                       _KEPT_SCRATCH, _KEPT_CTX,
                                                       cython.address(child))
            if sl != cython.NULL:
                keep_slots_given(_KEPT_SLOTS, sl)   # (the field's reference, given away)
            if not spare_keep(spare, o):   # (other frames, dropped, may have filled it)
                _FRAME_DEALLOC(o)
            if child == cython.NULL:
                return
            o = child_dying(child, spare, t)
            if o == cython.NULL:
                return
    sl2 = cython.cast(Frame, o).slots
    _FRAME_DEALLOC(o)   # the frame freed: sl2 is the list's only reference, unless held
    if sl2 is not None:
        keep_slots(_SPARE_SLOTS, sl2)


def _install_frame_dealloc():
    """Compiled: Frame's tp_dealloc made _frame_dealloc and its tp_new _frame_new (Cython's kept
    in _FRAME_DEALLOC and _FRAME_NEW), and
    each size's spare list, the spare scratches', contexts' and frames' lists given their room
    (spares.pxd's keep_slots, keep_scratch and keep_ctx, lists.pxd's spare_keep never grow
    one)."""
    global _FRAME_DEALLOC, _FRAME_NEW, _SPARE_FRAMES, _KEPT_FRAMES, _KEPT_SLOTS
    global _SPARE_SCRATCH, _KEPT_SCRATCH, _SPARE_CTX, _KEPT_CTX
    for i in range(len(_SPARE_SLOTS)):
        spare = list_with_room(None, 8)
        pop_keep_room(spare)
        _SPARE_SLOTS[i] = spare
    _SPARE_FRAMES = list_with_room(None, 64)
    pop_keep_room(_SPARE_FRAMES)
    Py_INCREF(_SPARE_FRAMES)   # the engine's pointers' own references (spares.pxd)
    _KEPT_FRAMES = cython.cast(cython.pointer(PyObject), _SPARE_FRAMES)
    Py_INCREF(_SPARE_SLOTS)
    _KEPT_SLOTS = cython.cast(cython.pointer(PyObject), _SPARE_SLOTS)
    _SPARE_SCRATCH = list_with_room(None, 8)
    pop_keep_room(_SPARE_SCRATCH)
    Py_INCREF(_SPARE_SCRATCH)
    _KEPT_SCRATCH = cython.cast(cython.pointer(PyObject), _SPARE_SCRATCH)
    _SPARE_CTX = list_with_room(None, 8)
    pop_keep_room(_SPARE_CTX)
    Py_INCREF(_SPARE_CTX)
    _KEPT_CTX = cython.cast(cython.pointer(PyObject), _SPARE_CTX)
    # the slots last: _frame_dealloc reads _KEPT_FRAMES, _KEPT_SLOTS, _KEPT_SCRATCH and
    # _KEPT_CTX without a NULL test
    t = cython.cast(cython.pointer(PyTypeObject), Frame)
    _FRAME_DEALLOC = t.tp_dealloc
    t.tp_dealloc = _frame_dealloc
    _FRAME_NEW = cython.cast(rawnewfunc, t.tp_new)
    t.tp_new = cython.cast(newfunc, _frame_new)
    return 0


def kept_frames_at():
    """Compiled: the address of this module's pointer to _SPARE_FRAMES (NULL until
    _install_frame_dealloc has made the list), kept by the engine (spares.pxd)."""
    return cython.address(_KEPT_FRAMES)


def kept_slots_at():
    """Compiled: the address of this module's pointer to _SPARE_SLOTS (as kept_frames_at)."""
    return cython.address(_KEPT_SLOTS)


def kept_scratch_at():
    """Compiled: the address of this module's pointer to _SPARE_SCRATCH (as kept_frames_at)."""
    return cython.address(_KEPT_SCRATCH)


def kept_ctx_at():
    """Compiled: the address of this module's pointer to _SPARE_CTX (as kept_frames_at)."""
    return cython.address(_KEPT_CTX)


if cython.compiled:
    _install_frame_dealloc()


if not cython.compiled:   # a C type when compiled (spares.pxd cimports it); the engine imports
    # this module last, when Frame is defined (whichever of the two is imported first)
    from core.engine import Frame  # noqa: E402,F401
