"""The memory dead frames leave for the next frames: their slot lists (docs/decisions/0072).

Every frame with slots had a list and its item array allocated (`Game.new_frame`'s zeros,
`core.prims.flow._push_prog`'s arguments then Nones) and freed with the frame. Compiled, Frame's
tp_dealloc keeps a dead frame's list, emptied, when nothing else holds it, and the next frame of
that size takes it. Uncompiled, `new_slots` and `slots_of` are their definitions."""
import cython

if cython.compiled:   # C functions and types (used compiled only)
    from cython.cimports.core.engine import pop_keep_room
    from cython.cimports.cpython.object import PyTypeObject
    from cython.cimports.core.prims.lists import list_with_room


# the slot lists dead frames left (compiled: _frame_dealloc), by size: at most 16 of each size
# below 48 (each spare list made with room for 16, which it never exceeds)
_SPARE_SLOTS = [[] for _ in range(48)]


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


def _frame_dealloc(o):
    """Compiled, Frame's tp_dealloc: Cython's, then the dead frame's slot list kept for
    new_slots when nothing else holds it (a popped frame's slots are read while the frame lives:
    through g.ret, its parent's child field, a clone's copy). A C function in the type's slot
    rather than __dealloc__, which Cython wraps in a save and restore of the exception state
    (~80 instructions a frame); its items are dropped once the frame is freed."""
    sl = cython.cast(Frame, o).slots
    _FRAME_DEALLOC(o)   # the frame freed: sl is the list's only reference, unless held
    if sl is not None:
        keep_slots(_SPARE_SLOTS, sl)


def _install_frame_dealloc():
    """Compiled: Frame's tp_dealloc made _frame_dealloc (Cython's kept in _FRAME_DEALLOC), and
    each size's spare list given its room (spares.pxd's keep_slots never grows one)."""
    global _FRAME_DEALLOC
    t = cython.cast(cython.pointer(PyTypeObject), Frame)
    _FRAME_DEALLOC = t.tp_dealloc
    t.tp_dealloc = _frame_dealloc
    for i in range(len(_SPARE_SLOTS)):
        spare = list_with_room(None, 16)
        pop_keep_room(spare)
        _SPARE_SLOTS[i] = spare
    return 0


if cython.compiled:
    _install_frame_dealloc()


if not cython.compiled:   # a C type when compiled (spares.pxd cimports it); the engine imports
    # this module last, when Frame is defined (whichever of the two is imported first)
    from core.engine import Frame  # noqa: E402,F401
