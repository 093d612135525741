# Augmenting declarations for core/held.py (Cython pure-Python mode, like engine.pxd).
# This module and core.engine cimport each other: engine.pxd declares Game and Player before
# engine.py cimports these functions.
cimport cython
from cpython cimport array
from cpython.object cimport PyObject
from core.engine cimport Game, Frame, Player, _ai, _ai_set, _aq
from core.ruleset cimport Skill, Modifier, Ruleset

@cython.locals(hl=list, held=list)
cdef list _make_held(Game g, int t)
@cython.locals(hs=array.array, m=cython.int, opened=cython.int, p=cython.int, pl=Player, held=list)
cdef int _make_seats(Game g, int t) except -2
@cython.locals(nb=list)
cdef int _skill_changed(Game g, int sid, bint holders_changed) except -1
@cython.locals(kept=list, fl=bytes, memo=array.array)
cdef int _seat_skills_changed(Game g, int p, int sid) except -1
@cython.locals(hs=array.array, hl=list, t=cython.int)
cdef int _forget_timings(Game g, int sid, bint held_too) except -1
@cython.locals(nb=list, s=Skill)
cdef list _needers(Ruleset rs)
cdef list _held_of(Game g, object sids)
@cython.locals(x=object, v=object, pf=Frame, e=Frame, sv=long)
cdef bint _skill_tests(Game g, Skill s, int owner, Frame ev, int t) except -1
@cython.locals(rs=Ruleset, mods=list, sid=cython.int,
               mode=cython.int, q=cython.int, x=cython.longlong,
               delta=cython.longlong, b0=cython.longlong, setv=cython.longlong,
               has_setv=cython.bint, floor=cython.longlong, ceil=cython.longlong, ml=list,
               i=Py_ssize_t)
cdef long long _modval(Game g, int kind, int a, int b, long long base) except? -1
cdef list _away
# status._recount_distance, a C function given by core.prims.status (_watch_distances)
ctypedef int (*recount_fn)(Game g, Py_ssize_t i) except -1
cdef recount_fn _recount
cdef int _watch_distances(list box, recount_fn recount) except -1
@cython.locals(n=cython.int, i=Py_ssize_t, v=cython.int, d=cython.longlong, memo=array.array)
cdef long long _distance(Game g, int a, int b) except? -1
@cython.locals(pl=Player, v=cython.int, r=cython.longlong)
cdef long long _attack_range(Game g, int p) except? -1
@cython.locals(memo=array.array, i=Py_ssize_t, end=Py_ssize_t, ns=Py_ssize_t, n=cython.int,
               living=cython.int, a=cython.int, b=cython.int, q=cython.int, x=cython.int,
               y=cython.int, on=cython.bint)
cdef int _distances_changed(Game g, int p) except -1
@cython.locals(n=cython.int, cw=cython.int, ccw=cython.int, q=cython.int)
cdef int _base_distance(Game g, int a, int b) except? -1
