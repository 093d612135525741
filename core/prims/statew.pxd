# A root state table to write, in place (docs/performance.md, step 114): base._Sw answers the
# table's list when it is one already — the root state read, its item a list, neither None nor
# a Shared tuple a clone reads — at nearly every call (~3,400 in the six games of `sgs bench
# --what instructions`, from moves, resolving, use, cards and zones), each a call across modules
# into _Sw and from it into _st. The rooms cimport `_Sw_fast` under the function's name in their
# .py, compiled only (as fast.pxd's accessors): that case read in place; anything else (no root
# state read yet, a table not made yet, a Shared table to copy) goes to base's function, the one
# definition, which pure mode runs. A declaration file only: no module of this name exists.

cimport cython
from core.engine cimport Game
from core.prims.base cimport _Sw

@cython.boundscheck(False)   # i is tested against the list's length
@cython.wraparound(False)
cdef inline list _Sw_fast(Game g, Py_ssize_t i, Py_ssize_t n=0):
    s = g.root_state
    if s is not None and 0 <= i < len(s):
        v = s[i]
        if type(v) is list:
            return <list>v
    return _Sw(g, i, n)
