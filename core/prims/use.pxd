# Declarations augmenting core/prims/use.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in use.py.

cimport cython
from cpython cimport array
from core.engine cimport Card, Game, Frame
from core.prims.base cimport (
    Tables, Pick, X_CARDS, X_LASTCARD, X_TMP, _AWAY, _Z_EQUIP_FIRST, _Z_EQUIP_LAST, _Z_HAND,
    _pushed, _prog_kind, _PK_SKILL)
# a use or need context's fields (C_*: register._NeedCond, targets.choose_targets and resolving
# read them too) and their count: C ints, a context indexed in C
cdef Py_ssize_t C_METHOD, C_RESTRICT, C_CARD, C_STARTED, C_DECLARED, C_EV, C_INIT, C_SKILL, C_REC
cdef Py_ssize_t C_TARGETS, NC
@cython.locals(c=list)
cpdef list _new_ctx(object method=*, object restrict=*, object card=*, object started=*, object ev=*)
# a card's name read in place and compared as C ints, as _hand_has_name compares it
@cython.locals(c=Py_ssize_t, n=int)
cpdef list _hand_of_name(Game g, object who, int name, object exact=*)
@cython.locals(c=Py_ssize_t)
cpdef bint _hand_has_name(Game g, int who, int name) except -1
# (step 150: the need and 【酒】 tables' items typed, their fields read by a C index)
@cython.locals(r=list, w=Py_ssize_t, k=Py_ssize_t, counts=array.array, corr=list, x=Py_ssize_t,
               lst=list, rec=list, jiu=tuple)
cpdef object _began(Game g, object who, object c, bint used)
@cython.locals(t=Tables, names=tuple, in_play=bint, k=Py_ssize_t, m=Py_ssize_t, ck=Py_ssize_t)
cdef object _count_use(Game g, Py_ssize_t who, Py_ssize_t n, Py_ssize_t mi)
cpdef bint started_use(Game g, Frame f, object who, object name) except -1
@cython.locals(t=Tables)
cpdef object _ctx(Game g, Frame f)
cpdef object preselected_targets(Game g, Frame f)
cpdef object _need_init(Game g, Frame f, object who, object name)
# helpers the other rooms call at every use, need and card event: C calls (they were Python
# calls through the module's attributes)
@cython.locals(t=Tables, st=list, i=Py_ssize_t)
cpdef object _flow(Game g, Frame f, int evs=*)
cpdef object _need_note(Game g, object who, object name, object done, object card=*)
@cython.locals(t=Tables)
cpdef object _push_need(Game g, Frame f, object who, object name, object use, object restrict=*, object method=*, object ev=*)
# primitives generated code calls at every use, need, move or turn (decision 0028)
cpdef bint started_by_skill(Game g, Frame f, object who, object name) except -1
cpdef object keep_need_result(Game g, Frame f, object strict)
cpdef bint not_declared_in_need_flow(Game g, Frame f, object who, object n1, object n2) except -1
cpdef object create_virtual_card(Game g, Frame f, object strict)
cpdef object determine_physical_standard(Game g, Frame f, object strict, object who, object c)
cpdef object determine_physical_range(Game g, Frame f, object strict, object who, object c)
cpdef object choose_physical_cards(Game g, Frame f, object strict, object who, object c, object c2=*)
cpdef object _set_physical(Game g, Frame f, object strict, object chosen, object who, object c)
cpdef object record_used(Game g, Frame f, object strict, object who, object c)
cpdef object record_used_on(Game g, Frame f, object strict, object who, object group, object c)
@cython.locals(fr=Frame, eid=Py_ssize_t, i=Py_ssize_t, a=array.array)
cpdef object cards_moved_to_processing_by(Game g, Frame f, object ev)
cpdef object start_default_use(Game g, Frame f, object strict, object who, object name)
# … and the next ones by calls in `sgs bench --what instructions`' six games (issue 15, step 14)
cpdef bint started_play(Game g, Frame f, object who, object name) except -1
cpdef object skill_default_move(Game g, Frame f, object strict)

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_CORR, S_FAIL, S_JIU, S_LIVE, S_NEED, S_PROC, V_ALLHAND, V_CARDS, V_DMG, V_METHOD, V_NAME, V_USER
# the events it tests frames for (base's EVI_*), imported from base as C ints
cdef int EVI_NEED_PLAY, EVI_NEED_USE, EVI_PRE_PLAY, EVI_PRE_USE, EVI_TARGET_USE
cdef int _PRE, _NEEDS, _FLOWS
# … and the primitives generated code still called by name (P.<name>) ten times or more in
# `sgs bench --what instructions`' six games after step 82 (step 83)
cpdef object given_thus_this_phase(Game g, Frame f, object who)
cpdef bint did_not_play_needed(Game g, Frame f, object who, object name) except -1
cpdef object start_default_play(Game g, Frame f, object strict, object who, object name)
cpdef object record_played(Game g, Frame f, object strict, object who, object c)
cpdef bint outside_skill_use(Game g, Frame f, object ev) except -1
# a skill's use event below a frame: the frames' fields C reads (step 83)
@cython.locals(t=Tables)
cpdef bint _skill_use(Game g, Frame fr) except -1
@cython.locals(st=list, i=Py_ssize_t)
cpdef bint _in_skill_use(Game g, object fr) except -1
cpdef object play_card(Game g, Frame f, object strict, object who, object card)
cpdef object first_not_played(Game g, Frame f, object name)
cpdef object other_of_pair(Game g, Frame f)
cpdef object use_card(Game g, Frame f, object strict, object who, object card)
# step 98b: the primitives the units still called by name (P.<name>) three times or more in
# `sgs bench --what instructions`' six games after steps 82-83
cpdef bint is_directed_legal_target_of(Game g, Frame f, object tgt, object who, object card) except -1
cpdef object ask_in_turn_to_play(Game g, Frame f, object strict, object who, object group, object name)
cpdef bint someone_played_thus(Game g, Frame f, object name) except -1
cpdef object need_use_on(Game g, Frame f, object strict, object who, object tgt, object name)
cpdef bint did_not_use_needed(Game g, Frame f, object who, object name) except -1
cpdef object preselect_targets(Game g, Frame f, object strict)
# step 272c: Python defs the bench's random-player games reached at every conversion's test (its
# equipment needed: usable's _Needed) and at 【借刀杀人】's target test (is_directed_legal_target)
@cython.locals(z=int)
cpdef object equipment_needed(Game g, object who, object name, object mi, object ev)
cpdef bint is_directed_legal_target(Game g, Frame f, object tgt, object who, object name) except -1
