# Declarations augmenting core/prims/in_use.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from the rooms that cimport it and from the generated units. Keep a
# declaration's argument names and defaults (=*) in step with the def in in_use.py. (The virtual
# cards in use read and restricted, moved out of status.pxd with its room: session 38.)

cimport cython
from core.engine cimport Game, Frame
from core.prims.base cimport Pick, X_CHOSEN, X_LASTCARD, _done, _event_ctx, _pushed
# primitives generated code calls at every use (decision 0028)
cpdef object apply_target_restrictions(Game g, Frame f, object strict, object who, object c)
# … and those it called by name (P.<name>) ten times or more in `sgs bench --what instructions`'
# six games after step 82 (step 83)
cpdef object cards_used_by(Game g, Frame f, object who, object name)
cpdef object target_characters(Game g, Frame f, object cards)
cpdef object duel_opponents(Game g, Frame f, object who, object name)
cpdef bint uses_all_hand_cards(Game g, Frame f, object cards, object who) except -1

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_LIVE, V_ALLHAND, V_CARDS, V_METHOD, V_NAME, V_TARGETS, V_USER, V_WITH
# the query kinds (base's Q_*) this room compares, imported from base as C ints
cdef int Q_TLIMIT, Q_NEEDN, Q_RECOVER
