# Augmenting declarations for core/ruleset.py (Cython pure-Python mode, like engine.pxd).
# This module and core.engine cimport each other: engine.pxd declares Game and Frame before it
# cimports the classes below.
cimport cython
from cpython cimport array
from core.engine cimport Game, Frame

# a generated program's C function (a unit's prog_*: the game, the frame, the unit's id table)
ctypedef int (*ProgFn)(Game g, Frame f, int *ids) except? -1

cdef class Program:
    cdef public str name
    # a unit's _Program sets them (its __init__): the engine calls fn_c with ids_c directly
    # (run_program below), where run was a call through the vtable and a C switch on the
    # program's index in its unit (~30 instructions at each of ~21,000 runs); NULL: run
    cdef ProgFn fn_c
    cdef int *ids_c
    cpdef int run(self, Game g, Frame f) except? -1

# the engine's call of a program (Game.step, run_pushed): its C function when it has one
cdef inline int run_program(Program p, Game g, Frame f) except? -1:
    if p.fn_c != NULL:
        return p.fn_c(g, f, p.ids_c)
    return p.run(g, f)

cdef class FnProgram(Program):
    cdef public object fn

# final: its run (each dispatch frame's, ~8,000 in the six games) without the Python-override test
# of a cpdef method (step 116a; a unit's _Program likewise)
@cython.final
cdef class _Dispatch(Program):
    pass

# a generated condition's and reading's C functions (a unit's cond_*/dcond_* and read_*)
ctypedef bint (*CondFn)(Game g, int owner, Frame ev, int t, int *ids) except -1
ctypedef object (*ReadFn)(Game g, Frame f, int *ids)

# a unit's _Condition sets fn_c and ids_c (its __init__), which test calls (docs/decisions/0106);
# NULL: a subclass overrides test
cdef class Condition:
    cdef CondFn fn_c
    cdef int *ids_c
    @cython.locals(done=bint, r=bint)
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1

# a unit's condition answered by its C function (c.fn_c, not NULL), an error inside naming the
# condition's spec line (its ``raised``, from the finally clause the exception leaves): where
# Skill.test and the dispatch's own test of a Skill (dispatch._test) call it without the method
cdef inline bint condition_fn_answer(Condition c, Game g, int owner, Frame ev, int t) except -1:
    cdef bint done = False, r = False
    try:
        r = c.fn_c(g, owner, ev, t, c.ids_c)
        done = True
    finally:
        if not done:
            c.raised()
    return r

cdef class FnCondition(Condition):
    cdef public object fn

cdef class Reading:
    cdef ReadFn fn_c
    cdef int *ids_c
    @cython.locals(done=bint)
    cpdef object value(self, Game g, Frame f)

# a unit's reading answered by its C function (r.fn_c, not NULL), an error inside naming the
# reading's spec line (its ``raised``, from the finally clause the exception leaves), as
# condition_fn_answer: where the targets' and the usability scan's evaluations call it without
# Reading.value's method call (~2,900 readings in the six games, ~25 instructions each)
cdef inline object reading_fn_value(Reading r, Game g, Frame f):
    cdef bint done = False
    cdef object v
    try:
        v = r.fn_c(g, f, r.ids_c)
        done = True
    finally:
        if not done:
            r.raised()
    return v

cdef class FnReading(Reading):
    cdef public object fn

cdef class Skill:
    cdef public int id, prog, limit_scope, limit, times_slot
    cdef public object id_int   # id as a Python int, made once (skill ids pass the small ints)
    cdef public bint forced, dead_ok
    # the dispatch's pre-test (core/dispatch.py's _is_candidate; docs/decisions/0103): the
    # condition's first conjunct is "the timing's subject is the owner"
    cdef public bint own_subject
    # the dispatch's hand pre-test (core/dispatch.py's _is_candidate; docs/decisions/0114): the
    # card names (ids below 64, as bits; 0: no pre-test) of which the owner must hold a hand card
    # (Player.hand_bits) for the condition to hold, or with hand_or_convert a conversion skill
    cdef public unsigned long long hand_need
    cdef public bint hand_or_convert
    cdef public tuple timings
    cdef public str name
    cdef public Condition condition
    cdef public int idle_slot, lord_role, active_idle, needs
    cdef public Frame probe
    # of a card-use skill's hand_need, the names whose every method at its timing is the timing
    # subject's own (the compiler's method own_subject; docs/decisions/0210): none of them is
    # usable at another seat's subject, which the dispatch's hand pre-test then leaves out
    cdef public unsigned long long own_names
    cpdef bint cond(self, Game g, int owner, Frame ev, int t) except -1
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1

cdef class Modifier:
    cdef public int kind, mode, skill
    cdef public object fn
    # a and b as C ints (step 103b): held._modval has them so; a receiver that needs objects
    # boxes them (Modifier's own value, for fn)
    cpdef object value(self, Game g, int owner, int a, int b)

cdef class Ruleset:
    cdef public bint frozen
    cdef public dict ids
    cdef public list timing_names, by_timing, progs, prog_names, prog_log, prog_nslots
    cdef public array.array nslots_at   # prog_nslots as C ints (flow._nslots_c reads them)
    cdef public list skills, zone_names, zone_per_player, zone_face_up, card_names
    cdef public list counter_names, mark_names, phase_names, phase_progs
    cdef public list modkind_names, mods
    cdef public array.array mod_floor, mod_ceil   # by kind, C long longs: read in C by Game.modval
    cdef public list needed_by
    cdef public object share_tables
