# Declarations augmenting core/prims/health.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in health.py.

cimport cython
from core.engine cimport Game, Frame, Player
from core.prims.base cimport (
    X_FLAG, X_TMP, _done, _enclosing, _event_ctx, _player, _pushed, _prog_evi)
cpdef object enclosing_damage(Game g, Frame f)
cpdef bint is_damage_event(Game g, Frame f, Frame ev) except -1
# primitives generated code calls at every use, need, move or turn (decision 0028)
@cython.locals(pl=Player)
cpdef object record_deduction_distance(Game g, Frame f, object strict, Frame ev)
cpdef object damage_source(Game g, Frame f, object ev=*)
cpdef object damage_source_of_channel(Game g, Frame f, object channel, object who)
cpdef bint is_nature_damage(Game g, Frame f, object ev) except -1
cpdef bint is_prevented(Game g, Frame f, Frame ev) except -1
cpdef bint chain_pending(Game g, Frame f, object ev) except -1

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_DYING_ALONE, S_JIU, S_TRANSFER, V_SRC
# the events it tests frames for (base's EVI_*), imported from base as C ints
cdef int EVI_DAMAGE
# … and the primitives generated code called by name (P.<name>: a module attribute lookup and a
# Python call each) ten times or more in `sgs bench --what instructions`' six games (step 82)
cpdef object killer_of(Game g, Frame f, object who)
cpdef bint not_recovered_thus_this_phase(Game g, Frame f, object who) except -1
cpdef bint damage_nature_is(Game g, Frame f, object ev, object nature) except -1
cpdef object damage_card(Game g, Frame f)
cpdef object damage_value(Game g, Frame f)
cpdef object next_use_damage_base_plus(Game g, Frame f, object strict, object who, object name, object x)
# a damage event's transfer mark (mark_next_damage_transferred), asked at its first timing by
# core.prims.flow._first_damage_timing: C calls, where flow read them as module attributes by name
cpdef object note_damage_start(Game g, object ev)
cpdef bint is_transferred(Game g, object ev) except -1
# step 98b: the primitives the units still called by name (P.<name>) three times or more in
# `sgs bench --what instructions`' six games after steps 82-83
cpdef bint is_chain_damage(Game g, Frame f, object ev) except -1
cpdef bint damage_caused_by_effect_of(Game g, Frame f, object ev, object cards) except -1
cpdef object damage_target(Game g, Frame f, object ev=*)
cpdef object damage_plus(Game g, Frame f, object strict, object x)
