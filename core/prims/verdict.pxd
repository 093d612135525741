# An operation's verdict in place (docs/performance.md, step 114): base._done and base._set_exec
# write the executed flags of a frame (~14,000 verdicts in the six games of `sgs bench --what
# instructions`), each a call across modules through a pointer — the verdict boxed as a bool by
# the caller, tested again by __Pyx_PyObject_IsTrue, a reference counted on each side, ~40
# instructions for two bits. The rooms that give most of them (moves, resolving, use,
# decisions, zones) cimport these under the functions' names in their .py, compiled only (as
# fast.pxd's accessors): the flags written where the verdict is known, a C bint. A frame of None
# goes to base's function, which raises; base's functions stay the one definition, which pure
# mode runs. A declaration file only: no module of this name exists.

from core.engine cimport Frame
# (the flags as gcc's constants, base.pxd's: base refuses to import when they differ from its ints)
from core.prims.base cimport CHILDEXEC_CONST as _CHILDEXEC, NOTEXEC_CONST as _NOTEXEC, _done, _set_exec

cdef inline object _done_fast(Frame f, bint ok):
    if f is None:
        return _done(f, ok)   # raises, as the function does
    if ok:
        f.flags = f.flags & ~(_NOTEXEC | _CHILDEXEC)
    else:
        f.flags = (f.flags & ~_CHILDEXEC) | _NOTEXEC
    return 0

cdef inline int _set_exec_fast(Frame f, bint ok) except -1:
    if f is None:
        _set_exec(f, ok)   # raises, as the function does
    if ok:
        f.flags = f.flags & ~(_NOTEXEC | _CHILDEXEC)
    else:
        f.flags = (f.flags & ~_CHILDEXEC) | _NOTEXEC
    return 0
