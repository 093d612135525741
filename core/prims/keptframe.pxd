# A kept evaluation frame answered again as a new one: base._frame0's _F0 and _F1 (steps 118a,
# 162) and usable._scan_frame's _SCAN_F (step 158a, decision 0132) share these pieces, each keeping
# its own rule for when its frame may be taken again. Inline in the modules that cimport it; a
# declaration file only: no module of this name exists.
from core.engine cimport Frame
from cpython.object cimport PyObject
from cpython.ref cimport _Py_REFCNT


# the ints of a kept frame written as Frame(0, 0) makes them (stores: cheaper than a test each)
cdef inline void frame_ints_new(Frame f) noexcept:
    f.prog = f.pc = f.a = f.b = f.flags = f.id = f.result = 0
    f.c = 0
    f.skill = f.term_pc = f.jump_pc = f.timing = -1


# the object fields but the event a reading wrote in a kept frame nobody else holds made None again
# (what they held dropped: nobody can read them; a test each when None), where _frame0 made a new
# frame and left the written one to die (step 162, decision 0134)
cdef inline void frame_objs_new(Frame f) noexcept:
    if f.x is not None:
        f.x = None
    if f.y is not None:
        f.y = None
    if f.slots is not None:
        f.slots = None
    if f.child is not None:
        f.child = None
    if f.subject is not None:
        f.subject = None
    if f.timings is not None:
        f.timings = None


# Frame(0, 0) without the type call: tp_new zeroes the fields (objects None), these are the
# others Frame.__init__ sets
cdef inline Frame bare_frame():
    cdef Frame f = Frame.__new__(Frame)
    f.skill = -1
    f.term_pc = -1
    f.jump_pc = -1
    f.timing = -1
    return f


# A kept evaluation frame lets its event go when that is the finished frame c (engine.pxd's
# release of a finished child, step 260a) and nothing evaluates in it: its room's global its only
# holder. Its next use sets its event anew; until then it kept the last event read, which closed a
# cycle (decision 0296). The global passed by pointer (step 266a): as a Frame, Cython took and
# dropped a reference on it at each call; None's count is never 1
cdef inline void ev_let_go(void *kept, PyObject *c) noexcept:
    if _Py_REFCNT(<PyObject *>kept) == 1 and <PyObject *>(<Frame>kept).ev == c:
        (<Frame>kept).ev = None
# … base's three (_PROBE, _F0, _F1: base.release_kept_frames)
cdef inline void kept_evs_let_go(void *a, void *b, void *d, PyObject *c) noexcept:
    ev_let_go(a, c)
    ev_let_go(b, c)
    ev_let_go(d, c)
