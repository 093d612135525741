# Declarations augmenting core/prims/status.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in status.py.

cimport cython
from cpython cimport array
from core.engine cimport Game, Frame, Player
from core.ruleset cimport Condition, Modifier, Program, Reading, Skill
from core.prims.base cimport (
    Pick, Tables, X_LASTCARD, _AWAY, _Q, _done, _state, probe)
cpdef object _q()
cpdef object _in_group(Game g, Frame f, object who, object group)
cdef Py_ssize_t _LASTING_AT
@cython.locals(s=list, ki=cython.Py_ssize_t, sids=tuple, lasting=list)
cpdef object _query(Game g, int kind, object a=*, object b=*, object c=*)
cdef int _NO_ANSWER_KINDS
cdef void _no_answer(Game g, int kind)
@cython.locals(ki=cython.int, t=Tables)
cdef object _query_held(Game g, int kind, object a, object b, object c, list held, list lasting)
@cython.locals(top=Frame)
cpdef object _run_status(Game g, object sid, object p, object q)
@cython.locals(c=Frame, top=Frame, pr=Program, st=cython.int, base=cython.Py_ssize_t, ll=cython.int,
               serial=cython.longlong, progs=list)
cpdef object _run_query_program(Game g, object prog, object owner, object q, object sid, object card)
cpdef object _run_rule(Game g, object prog, object owner, object q, object card)
@cython.locals(kind=cython.int, answers=cython.longlong)
cpdef object _card_status_run(Game g, object name, object owner, object q, object card=*)
# a name's card rules run for a query, and the queries of 〔a〕 using 〔b〕 past their no-answer bit:
# C calls from this room and from limits (the use limits, moved out of this room: step 103a)
@cython.locals(ql=list, kind=cython.int, answers=cython.longlong, r=tuple, i=Py_ssize_t)
cdef object _run_card_rules(Game g, tuple rules, object owner, object q, object card)
@cython.locals(t=Tables, s=list, byk=list, held=list, cache=list, ent=list, lordf=tuple, direct=tuple,
               ia=cython.long, sid=cython.int, nh=Py_ssize_t, k=Py_ssize_t,
               ans=cython.longlong, new=cython.longlong, pl=Player)
cpdef object _using_held(Game g, int kind, object a, object b)
cpdef object distance_minus(Game g, Frame f, object strict, object who, object group, object x)
cpdef object not_legal_target(Game g, Frame f, object strict, object who, object name)
cpdef object distance_plus(Game g, Frame f, object strict, object group, object who, object x)
cpdef object _mod_distance(Game g, object owner, object a, object b)
cdef int _dist_keep
cdef array.array _DIST_TOOK
cpdef object _mod_range(Game g, object owner, int a, int b)
cpdef object _mod_hand_limit(Game g, object owner, object a, object b)
cdef class _DistanceModifier(Modifier):
    cpdef object value(self, Game g, int owner, int a, int b)
cdef class _RangeModifier(Modifier):
    cpdef object value(self, Game g, int owner, int a, int b)
cpdef object use_limit_in_play_phase(Game g, Frame f, object strict, object who, object name, object x)
cpdef object use_limit_per_turn(Game g, Frame f, object strict, object who, object name, object x)
cpdef object kind_of(Game g, Frame f, object strict, object c, object name)
cpdef object _owner_is_at(object q, object at, object p)
cpdef object kinds(Game g)
cdef class _HeldCond(Condition):
    cdef public object n
    cdef public Reading rc
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1
cpdef list _stats(Game g)
# the stats' indices of a name's uses and plays: C ints (use._began counts by them at each use)
cdef Py_ssize_t ST_USED, ST_PLAYED

# the root state's and the virtual-card records' indices (base's S_*/V_*) this room reads,
# imported from base as C ints: its records are indexed in C, not with Python ints
cdef Py_ssize_t S_LASTING, V_NAME, V_USER
# the query kinds (base's Q_*) and the lord's role, imported from base as C ints: _answer and
# _query compare them in C, where they read module globals
cdef int Q_DIST, Q_UNLIMIT, Q_LEGAL, Q_NODIST, Q_TLIMIT, Q_RECOVER, Q_NEEDN, Q_PLAYN, Q_LIMIT
cdef int Q_KIND, Q_INEFF, Q_SUIT, Q_HANDLIMIT, Q_USEPLUS, Q_NOUSE, Q_EQUIP, Q_DISTPLUS, ROLE_LORD
# … and the primitives generated code still called by name (P.<name>) ten times or more in
# `sgs bench --what instructions`' six games after step 82 (step 83)
cpdef object needs_n_to_cancel(Game g, Frame f, object strict, object group, object n, object name, object card)
cpdef object needs_n_to_play_each_time(Game g, Frame f, object strict, object group, object n, object name)
cpdef object need_play_each_time(Game g, Frame f, object strict, object who, object name)
