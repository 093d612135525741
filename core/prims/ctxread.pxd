# use._ctx's answer read in place (docs/performance.md, step 124): for f a use's or a need's flow
# itself (nearly every ask: ~4,900 in the six games of `sgs bench --what instructions`) whose
# context list is made, that list, read borrowed from f's scratch and taken once, where _ctx took
# and dropped the tables, the frame, the scratch and the item. Anything else — another frame, no
# full scratch, no context made yet — answers None, and use._ctx goes on as before, the one
# definition, which pure mode runs (a context is never None once made: _new_ctx's list). ``evs``:
# use's mask of the flows' events (_FLOWS). A declaration file only: no module of this name
# exists; use.py cimports it compiled only.

from cpython.ref cimport PyObject
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from core.engine cimport Game, Frame
from core.prims.base cimport Rules, X_CTX, _NX
from core.prims.fast cimport _prog_evi_in_fast

cdef inline object ctx_in(Game g, Frame f, int evs):
    cdef PyObject *x
    cdef PyObject *c
    if f is None or type(g.rs) is not Rules:
        return None
    if not _prog_evi_in_fast((<Rules>g.rs).sgs, f.prog, evs):
        return None
    x = <PyObject *>f.x
    if type(<object>x) is not list or PyList_GET_SIZE(<list>x) < _NX:
        return None   # base._sx makes or completes the scratch
    c = PyList_GET_ITEM(<list>x, X_CTX)
    if c == <PyObject *>None:
        return None
    return <object>c
