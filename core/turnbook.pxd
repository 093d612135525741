# Augmenting declarations for core/turnbook.py (Cython pure-Python mode, like engine.pxd).
# This module and core.engine cimport each other (like core.clone): engine.pxd declares Game and
# Frame before engine.py cimports this module's functions.
from core.engine cimport Game, Frame, G_TURN_EXTRA, G_TURN_CUT

# the turn's and the phase's bookkeeping: C calls from Game's methods of the same names and from
# core/prims/turns (each turn, each phase)
cpdef grant_extra_turn(Game g, int p)
cpdef tuple next_turn(Game g)
cpdef tuple peek_turn(Game g)
cpdef int _next_regular(Game g) except? -2
cpdef int _seatnum(Game g, int p) except? -1
cpdef begin_turn(Game g, int seat, bint extra)
cpdef Frame push_turn(Game g, int prog, int jump_pc=*)
cpdef Frame push_phase(Game g, int ph, bint extra=*, int prog=*)
cpdef begin_phase(Game g, int ph)
cpdef bint skip_phase(Game g, int ph) except -1
# asked at every phase of every turn (turns.phase_before_timing_exists, this_phase_skipped)
cpdef bint is_skipped(Game g, int ph) except -1
cpdef bint before_timing_exists(Game g, int prev_ph, int ph) except -1
