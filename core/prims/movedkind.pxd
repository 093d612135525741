# A moved card's origin or destination compared with a zone no role owns, in the generated unit
# that asks it (docs/performance.md, step 167a): `move_origin_kind_is_in(g, f, c, kind)` is
# zones.move_origin_kind_is, `move_destination_kind_is_in` moves.move_destination_kind_is, their
# first step (movedzone.pxd's reading of the running 移动's record and zone, in place) compiled
# into the unit — the move flow asks them of each card moved (~6,500 asks in the six games of
# `sgs bench --what instructions`), where the call across modules paid its entry and exit (a
# function pointer's call, its registers saved and restored). What that step does not answer (-1)
# goes to the room's function, the one definition, which pure mode runs. compiler.emit (INLINED)
# writes the names; a unit cimports them compiled only. A declaration file only: no module of
# this name exists.

from core.engine cimport Game, Frame
from core.prims.movedzone cimport origin_kind_in, destination_kind_in
from core.prims.zones cimport move_origin_kind_is
from core.prims.moves cimport move_destination_kind_is

cdef inline bint move_origin_kind_is_in(Game g, Frame f, object c, int kind) except -1:
    cdef int r = origin_kind_in(g, f, c, kind)
    if r >= 0:
        return r == 1
    return move_origin_kind_is(g, f, c, kind)

cdef inline bint move_destination_kind_is_in(Game g, Frame f, object c, int kind) except -1:
    cdef int r = destination_kind_in(g, f, c, kind)
    if r >= 0:
        return r == 1
    return move_destination_kind_is(g, f, c, kind)
