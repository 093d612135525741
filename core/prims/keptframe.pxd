# A kept evaluation frame answered again as a new one: base._frame0's _F0 (step 118a) and
# usable._scan_frame's _SCAN_F (step 158a, decision 0132) share these two pieces, each keeping its
# own rule for when its frame may be taken again. Inline in the modules that cimport it; a
# declaration file only: no module of this name exists.
from core.engine cimport Frame


# the ints of a kept frame written as Frame(0, 0) makes them (stores: cheaper than a test each)
cdef inline void frame_ints_new(Frame f) noexcept:
    f.prog = f.pc = f.a = f.b = f.flags = f.id = f.result = 0
    f.c = 0
    f.skill = f.term_pc = f.jump_pc = f.timing = -1


# Frame(0, 0) without the type call: tp_new zeroes the fields (objects None), these are the
# others Frame.__init__ sets
cdef inline Frame bare_frame():
    cdef Frame f = Frame.__new__(Frame)
    f.skill = -1
    f.term_pc = -1
    f.jump_pc = -1
    f.timing = -1
    return f
