# use._ctx's answer read in place (docs/performance.md, steps 124 and 161): for f a use's or a
# need's flow itself (nearly every ask: ~4,900 in the six games of `sgs bench --what instructions`)
# whose context list is made, that list, read borrowed from f's field y (decision 0133: a flow's
# context is its frame's y, not a scratch slot). Anything else — another frame, no context made
# yet — answers None, and use._ctx goes on as before, the one definition, which pure mode runs
# (a context is never None once made: _new_ctx's list). ``evs``: use's mask of the flows' events
# (_FLOWS). A declaration file only: no module of this name exists; use.py cimports it compiled
# only.

from core.engine cimport Game, Frame
from core.prims.base cimport Rules
from core.prims.fast cimport _prog_evi_in_fast

cdef inline object ctx_in(Game g, Frame f, int evs):
    if f is None or type(g.rs) is not Rules:
        return None
    if not _prog_evi_in_fast((<Rules>g.rs).sgs, f.prog, evs):
        return None
    return f.y   # None: not made yet
