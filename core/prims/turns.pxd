# Declarations augmenting core/prims/turns.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in turns.py.

cimport cython
from core.engine cimport Game, Frame
from core.prims.base cimport (
    Tables, X_XPH, _F_CUT, _F_ENDED, _F_EXTRA, _F_PHASE, _done, _player, _pushed)
cpdef Frame _turn_frame(Game g)
cpdef Frame _phase_frame(Game g)
cpdef bint _is_cut(Frame tf) except -1
cdef void _set_turn_state(Frame tf, int state) except *
cpdef bint _turn_cut_skip(Game g, Frame f, int timing) except -1
@cython.locals(tf=Frame)
cpdef bint _phase_cut(Game g) except -1
cpdef bint has_extra_phase_before(Game g, Frame f, object who, object a) except -1
cpdef bint has_extra_phase_after(Game g, Frame f, object who, object a) except -1
cpdef bint this_phase_skipped(Game g, Frame f) except -1
@cython.locals(pf=Frame)
cpdef bint phase_before_timing_exists(Game g, Frame f) except -1
@cython.locals(tf=Frame)
cpdef bint phase_not_ended(Game g, Frame f) except -1
cpdef object _phase_id(Game g, Py_ssize_t k)
cpdef object play_phase(Game g, Frame f)
cpdef object draw_phase(Game g, Frame f)
cpdef object discard_phase(Game g, Frame f)
cpdef object prepare_phase(Game g, Frame f)
cpdef object judge_phase(Game g, Frame f)
cpdef object finish_phase(Game g, Frame f)
@cython.locals(st=list, i=Py_ssize_t, fr=Frame)
cpdef object current_turn(Game g, Frame f)
cpdef object _xph(Game g, object who)
cpdef Frame _xph_turn(Game g, object who)
@cython.locals(tf=Frame, q=list, i=Py_ssize_t, e=list)
cpdef Py_ssize_t _xph_find(Game g, object who, object before, object a) except -2
@cython.locals(c=Frame)
cpdef int _push_phase_event(Game g, Frame f, int ph, object who, bint extra) except -1
@cython.locals(tf=Frame)
cpdef object _push_turn_event(Game g, Frame f, object cid, object args)
@cython.locals(tf=Frame, tt=Tables)
cpdef object _in_play_phase(Game g)
# primitives generated code calls at every use, need, move or turn (decision 0028)
cpdef object next_turn_player(Game g, Frame f)
cpdef bint is_first_turn(Game g, Frame f, object ev) except -1
cpdef bint has_late_extra_phase(Game g, Frame f, object who) except -1
cpdef bint is_regular_turn(Game g, Frame f, object ev) except -1
cpdef object last_regular_turn_player(Game g, Frame f)
# … and the next ones by calls in `sgs bench --what instructions`' six games (issue 15, step 14)
cpdef object end_phase(Game g, Frame f, object strict, object who)
cpdef object end_phase_effects(Game g, Frame f, object strict)

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_LASTTURN
