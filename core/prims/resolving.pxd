# Declarations augmenting core/prims/resolving.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in resolving.py.

cimport cython
from core.engine cimport Game, Frame
from core.prims.base cimport (
    Pick, Tables, X_LASTCARD, _pushed, _prog_kind, _PK_CARD, _PK_DELAYED, _PK_SKILL)
cpdef object _card_of_event(Game g, Frame fr)
@cython.locals(fr=Frame, st=list, i=Py_ssize_t, depth=int)
cpdef object _card_ctx(Game g, Frame f)
cpdef object this_card_name(Game g, Frame f)
cpdef object this_card(Game g, Frame f)
cpdef bint targets_empty(Game g, Frame f, object c) except -1
cpdef object virtual_card_of(Game g, Frame f, object cards, object name=*)
@cython.locals(i=Py_ssize_t)
cpdef bint virtual_is_delayed_trick(Game g, Frame f, object c) except -1
cpdef object target_list(Game g, Frame f, object c)
cpdef bint moved_off_prescribed_zone(Game g, Frame f, object c) except -1
cpdef object set_keep_zone(Game g, Frame f, object strict, object z, object cards)
cpdef bint is_ineffective(Game g, Frame f, object c, object who) except -1
# primitives generated code calls at every use, need, move or turn (decision 0028)
cpdef object break_correspondence(Game g, Frame f, object strict, object c, object vc)
cpdef object copy_suit_point(Game g, Frame f, object strict, object c, object cards)
cpdef object vanish_virtual_card(Game g, Frame f, object strict, object c)
cpdef bint has_physical(Game g, Frame f, object c) except -1
cpdef object target_roles(Game g, Frame f, object c)
cpdef bint countered(Game g, Frame f, object c) except -1
# the card's user and the current target, read at every card effect and countering check: C calls
@cython.locals(fr=Frame, i=Py_ssize_t)
cpdef object card_user(Game g, Frame f, object c)
cpdef object _cur_target(Game g, Frame f)
cpdef object current_target_character(Game g, Frame f)
cpdef bint needs_extra_effect_before(Game g, Frame f, object c, object who) except -1
cpdef object run_card_effect(Game g, Frame f, object strict, object who, object c)
# … and the next ones by calls in `sgs bench --what instructions`' six games (issue 15, step 14)
cpdef object this_card_of_category(Game g, Frame f, object cat)
cpdef object card_targeting(Game g, Frame f, object who, object name)
cpdef object sort_targets(Game g, Frame f, object strict, object c=*)
cpdef object plain_kind(Game g, Frame f, object name)
@cython.locals(t=Tables, st=list, i=Py_ssize_t, fr=Frame, k=int)
cpdef object effect_channel(Game g, Frame f)

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_CORR, S_LIVE, S_MOVED, S_VC, V_ALIVE, V_CARDS, V_COLOR, V_COUNTERED, V_EXTRA
cdef Py_ssize_t V_HITS, V_IGNORE, V_INEFF, V_METHOD, V_NAME, V_NODIST, V_NORESP, V_POINT, V_SUIT
cdef Py_ssize_t V_TARGETS, V_USER
# the events it tests frames for (base's EVI_*), imported from base as C ints
cdef int EVI_DELAYED_USE, EVI_NEED_PLAY, EVI_NEED_USE, EVI_PLAY, EVI_PRE_PLAY, EVI_PRE_USE
cdef int EVI_TARGET_USE, EVI_USE
# the card of frame fr's card event (_card_of_event's rule), inline (cardofevent.pxi: the rule
# once, which a room that reads it in place includes too)
include "cardofevent.pxi"
# the judge zone's kind, compared with Game.where_kind's C int
cdef int _Z_JUDGE
# … and the primitives generated code still called by name (P.<name>) ten times or more in
# `sgs bench --what instructions`' six games after step 82 (step 83)
@cython.locals(fr=Frame, chain=list, st=list, i=Py_ssize_t)
cpdef object this_named_card(Game g, Frame f, object name)
cpdef object first_target_role(Game g, Frame f, object c)
cpdef object not_converted(Game g, Frame f, object cat)
cpdef object counter(Game g, Frame f, object strict, object c)
@cython.locals(pk=Pick)
cpdef object virtual_card_same_name(Game g, Frame f, object cards)
cpdef object ineffective_to(Game g, Frame f, object strict, object c, object who)
# step 98b: the primitives the units still called by name (P.<name>) three times or more in
# `sgs bench --what instructions`' six games after steps 82-83
cpdef object target_count(Game g, Frame f, object c)
cpdef object ignore_armour_during(Game g, Frame f, object strict, object who, object c, object tgt)
cpdef object cannot_respond_with(Game g, Frame f, object strict, object who, object name, object c)
cpdef object clear_suit(Game g, Frame f, object strict, object c)
cpdef object clear_point(Game g, Frame f, object strict, object c)
