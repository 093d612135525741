# Augmenting declarations for core/prims.py (Cython pure-Python mode, like engine.pxd).
# The runtime's small internal helpers are cpdef: prims calls them as C functions (no module
# global lookup, no Python call), while generated code and tests still call them as P.<name>.
# The game and frame arguments are typed (C field reads; None is allowed and checked,
# prims.py's nonecheck), the others untyped objects, so compiled and pure behave alike. Keep a
# declaration's argument names and defaults (=*) in step with the def in prims.py.

cimport cython
from core.engine cimport Game, Frame, Ruleset, Player, Skill, Modifier
from core.engine cimport Program

# A choice still to be made (the value of 一名角色 …): an extension type when compiled, so the
# isinstance tests of eq/_matches/_list … are a type check and pk.group a field read
cdef class Pick:
    cdef public object kind, lo, hi, chooser, src, vname
    cdef public tuple group

# The runtime's tables (what register(rs) builds) and the ruleset holding them: extension types
# when compiled, so _T(g) and t.<table> are C field reads (keep in step with Tables.__init__:
# an attribute not declared here still works, through __dict__, but at Python speed)
cdef class Tables:
    cdef dict __dict__
    # the tables the hot paths read (fire, call, the event and card lookups) are typed: C
    # dict/set/int operations instead of method calls and boxed compares (assigning another type
    # to one of them raises TypeError when compiled)
    cdef public list prog
    cdef public dict prog_kind, events, event_of, phase_event, phase_prog, cards, card_flow_rules
    cdef public frozenset flow_rule_timings, aim_timings, source_timings
    cdef public int helper, root, idle, turn_end
    cdef public object event_params, skill_tags, skill_owner
    cdef public object decks, deck_order, generals, general_order, pack, stats
    cdef public object turnloop, dturn, delayed_skill, delayed_prog, finished, kinds, use_skill, use_methods
    cdef public object status_skills, lord_skills, skill_ops, status_by_query, active_skills, need_use_timings, convert_skills
    cdef public object play_lo, play_hi, dying_timing, prep_done, k_given, k_recovered, k_draw
    cdef public object k_drawset, k_sha, phase_ranges, phase_list, k_used
    cdef public object card_status, rule_names, held_rules, card_target_rules
    cdef public object target_start, k_use_phase, k_use_turn
    cdef public object skill_names, skill_owner_args, status_owner_at

cdef class Rules(Ruleset):
    cdef dict __dict__
    cdef public Tables sgs

# frame scratch indices (X_*, internal to prims) and the engine flags prims tests most: C
# constants when compiled (they are read at every timing)
cdef int X_SUBJ, X_TIMING, X_JUDGE, X_CHOSEN, X_CARDS, X_JCARD, X_DEST, X_STATE, X_CHILD
cdef int X_LASTCARD, X_CTX, X_TCOUNT, X_TMP, X_FLAG, X_IDLE, X_XPH
cdef int _NX
cdef int _F_TURN, _F_PHASE, _Z_HAND
cdef long _VBASE
# the executed flag (F_NOTEXEC, F_CHILDEXEC) and the flags a verdict reads
cdef int _NOTEXEC, _CHILDEXEC, _F_PREVENTED, _F_TERMINATED

# the reusable frame skill conditions evaluate in (probe)
cdef Frame _PROBE
@cython.locals(f=Frame)
cpdef Frame _frame0(object owner, Frame ev)

@cython.locals(rs=Rules)
cpdef Tables _T(Game g)
@cython.locals(x=list)
cpdef list _sx(Frame f)
cpdef object _get(Frame f, Py_ssize_t i)
@cython.locals(fl=int)
cpdef object _set_exec(Frame f, object ok)
cpdef object _done(Frame f, object ok)
cpdef object _pushed(Frame f)
@cython.locals(st=list, r=Frame, x=list)
cpdef object _state(Game g)
@cython.locals(st=list, i=Py_ssize_t, fr=Frame, t=Tables, sk=Skill)
cpdef object _equipment_in_use(Game g)
cpdef list _hand_of_name(Game g, object who, object name, object exact=*)
cpdef bint _idle_used(Game g, Frame ev) except -1
@cython.locals(out=list)
cpdef tuple _cards_phys(Game g, object v)
@cython.locals(pk=Pick)
cpdef object _cards(Game g, object f, object v)
@cython.locals(pk=Pick)
cpdef object _group(Game g, object f, object v)
cpdef object _st(Game g)
cpdef object _S(Game g, object i, object n=*)
cpdef bint _is_v(object c) except -1
cpdef object _rec(Game g, object c)
cpdef object _slot(Frame ev, Py_ssize_t i, object default=*)
@cython.locals(st=list, i=Py_ssize_t, cid=int, fr=Frame)
cpdef Frame _enclosing(Game g, Frame f, object evname)
@cython.locals(st=list, i=Py_ssize_t, fr=Frame)
cpdef Frame _turn_frame(Game g)
@cython.locals(st=list, i=Py_ssize_t, fr=Frame)
cpdef Frame _phase_frame(Game g)
@cython.locals(pk=Pick)
cpdef object _matches(Game g, Frame f, object who, object subj)
cpdef object timing_subject(Game g, Frame f)
cpdef object subject_matches(Game g, Frame f, object who)
@cython.locals(p=Frame)
cpdef Frame probe(Game g, int owner, Frame ev, int t)
cpdef object _kind_ok(Game g, object have, object want)
cpdef object _card_name_any(Game g, object c)
cpdef object _card_of_event(Game g, Frame fr)
cpdef bint _is_event(Game g, Frame fr, object name) except -1
cpdef Frame _event_ctx(Game g, Frame f)
@cython.locals(fr=Frame, st=list, i=Py_ssize_t, depth=int)
cpdef object _card_ctx(Game g, Frame f)
cpdef object _q()
cpdef object _in_group(Game g, Frame f, object who, object group)
@cython.locals(pl=Player)
cpdef object _query(Game g, object kind, object a=*, object b=*, object c=*)
@cython.locals(top=Frame)
cpdef object _run_status(Game g, object sid, object p, object q)
@cython.locals(c=Frame, top=Frame, pr=Program, st=cython.int, base=cython.Py_ssize_t, ll=cython.int,
               serial=cython.longlong, progs=list)
cpdef object _run_query_program(Game g, object prog, object owner, object q, object sid, object card)
cpdef object _run_rule(Game g, object prog, object owner, object q, object card)
cpdef object _card_status_run(Game g, object name, object owner, object q, object card=*)
cpdef object _use_limited(Game g, object p, object name, object mi)
cpdef object _convert_skills(Game g)
@cython.locals(pl=Player, sk=Skill)
cpdef object _convert_skills_of(Game g, object p)
@cython.locals(pe=Frame, sk=Skill)
cpdef object _can_convert(Game g, object p, object name, object conv=*)
@cython.locals(tf=Frame)
cpdef object _target_value(Game g, object user, object name, object mi, object ev)
cpdef object _target_options_of(Game g, object user, object name, object v, object restrict)
cpdef object _legal(Game g, object user, object name, object p, object restrict)
cpdef object _usable(Game g, object p, object ev, object tid, object first=*)
cpdef object _scan_begin(Game g, object p, object ev, object tid)
cpdef object _hand_names(Game g, object p)
cpdef object _scan_from(Game g, object p, object ev, object tid, list sc, Py_ssize_t i, list out, object first)
@cython.locals(pf=Frame)
cpdef object _scan_names(Game g, object p, object ev, object tid, list sc, Py_ssize_t i, list out, object first)
cpdef object _tc_free(Game g, object who)
cpdef object _resumed(Game g, Frame f)
cpdef object _use_cond(Game g, object owner, object ev, object t)

# the hidden card-use skill (its condition a C call)
cdef class _UseSkill(Skill):
    cpdef bint test(self, Game g, int owner, Frame ev, int t) except -1
cpdef bint _turn_cut_skip(Game g, Frame f, object timing) except -1
@cython.locals(tf=Frame)
cpdef bint _phase_cut(Game g) except -1
cpdef object _first_timing(Game g, Frame f)
@cython.locals(t=Tables, pf=Frame, a=Frame, k=Py_ssize_t)
cpdef object _after_fire(Game g, Frame f, object timing, object st)
@cython.locals(n=Py_ssize_t, slots=list, c=Frame)
cpdef Frame _push_prog(Game g, Frame f, int cid, object args, int owner, Frame ev)
@cython.locals(h=Frame)
cpdef object _helper(Game g, Frame f, object op, object args, object who=*)

# The primitives the generated units call most (by calls per game): cpdef with a typed game and
# frame, so a unit's P.<name>(g, f, …) is a C call (the units cimport prims) and g.<field>,
# f.<field> inside are C field reads. A declared primitive must be a plain def (no *args, no
# closure); Cython drops its @prim decorator, so prims.py registers it in _PRIMS by hand
# (_TYPED_PRIMS). Other primitives stay Python calls.
cpdef object _lt(Game g, Frame f, object a, object b)
cpdef object _len(Game g, Frame f, object v)
@cython.locals(pk=Pick)
cpdef object eq(Game g, Frame f, object a, object b)
@cython.locals(x=list, tc=list, tf=Frame, tid=int, ti=int, i=Py_ssize_t, n=Py_ssize_t, st=int)
cpdef object fire(Game g, Frame f, object timing, object subject)
cpdef object owner(Game g, Frame f)
cpdef object _at(Game g, Frame f, object v, object i)
cpdef object _add(Game g, Frame f, object a, object b)
cpdef object moving_cards(Game g, Frame f)
@cython.locals(pk=Pick)
cpdef object _list(Game g, Frame f, object v)
cpdef object this_card_name(Game g, Frame f)
cpdef object move_origin(Game g, Frame f, object c)
@cython.locals(t=Tables, cid=int, ph=int)
cpdef object call(Game g, Frame f, object program, object args)
cpdef object zone_equip(Game g, Frame f, object who)
cpdef object this_card(Game g, Frame f)
cpdef object and_(Game g, Frame f, object a, object b)
cpdef object other_characters(Game g, Frame f)
cpdef object count_cards(Game g, Frame f, object cs)
cpdef object move_destination(Game g, Frame f, object c)
cpdef object not_(Game g, Frame f, object a)
cpdef object targets_empty(Game g, Frame f, object c)
cpdef object distance_minus(Game g, Frame f, object strict, object who, object group, object x)
cpdef object all_players(Game g, Frame f)
cpdef object is_delayed_trick(Game g, Frame f, object c)
cpdef object virtual_card_of(Game g, Frame f, object cards, object name=*)
cpdef object is_judge_zone(Game g, Frame f, object z)
cpdef object target_list(Game g, Frame f, object c)
cpdef object is_faction_trick(Game g, Frame f, object c)
cpdef object not_legal_target(Game g, Frame f, object strict, object who, object name)
cpdef object moved_off_prescribed_zone(Game g, Frame f, object c)
cpdef object card_name_is(Game g, Frame f, object c, object name)
cpdef object card_is(Game g, Frame f, object c, object v)
cpdef object all_of(Game g, Frame f, object group)
cpdef object choose_move_cards(Game g, Frame f, object strict, object who, object cards, object x)
cpdef object choose_one_character(Game g, Frame f, object group)
cpdef object move_cards(Game g, Frame f, object strict, object who, object cards)
cpdef object set_keep_zone(Game g, Frame f, object strict, object z, object cards)
cpdef object physical_cards(Game g, Frame f, object c)
cpdef object zone_hand(Game g, Frame f, object who)
cpdef object distance_plus(Game g, Frame f, object strict, object group, object who, object x)
cpdef object has_extra_phase_before(Game g, Frame f, object who, object a)
cpdef object has_extra_phase_after(Game g, Frame f, object who, object a)
cpdef object this_phase_skipped(Game g, Frame f)
cpdef object phase_before_timing_exists(Game g, Frame f)
cpdef object cards_in_zone(Game g, Frame f, object z)
cpdef object started_use(Game g, Frame f, object who, object name)
cpdef object lt(Game g, Frame f, object a, object b)
cpdef object phase_not_ended(Game g, Frame f)
@cython.locals(f=Frame, fl=int)
cpdef object executed(Game g)
@cython.locals(t=Tables)
cpdef object _verdict(Game g, Frame r, int depth)
@cython.locals(parent=Frame, s=list)
cpdef object _helper_run(Game g, Frame h)
@cython.locals(px=list, hx=list)
cpdef object _copy_verdict(Game g, Frame h, Frame parent)
@cython.locals(out=list)
cpdef object in_attack_range(Game g, Frame f, object who, object group)
cpdef object _mod_distance(Game g, object owner, object a, object b)
cpdef object _mod_range(Game g, object owner, object a, object b)

# the runtime's distance and attack-range modifiers (their value a C call from Game.modval)
cdef class _DistanceModifier(Modifier):
    cpdef object value(self, Game g, int owner, object a, object b)

cdef class _RangeModifier(Modifier):
    cpdef object value(self, Game g, int owner, object a, object b)
cpdef object gt(Game g, Frame f, object a, object b)
cpdef object ask_yesno(Game g, Frame f, object strict, object who, object prompt=*)
cpdef object idle_point_unused(Game g, Frame f)
cpdef object is_ineffective(Game g, Frame f, object c, object who)
cpdef object is_equipment(Game g, Frame f, object c)
cpdef object enclosing_damage(Game g, Frame f)
# the next most called (after the 44 above: constants and aliases made plain defs, the use-limit
# answers, the turn and choice helpers)
cpdef object zone_discard(Game g, Frame f)
cpdef object zone_processing(Game g, Frame f)
cpdef object alive_characters(Game g, Frame f)
cpdef object _phase_id(Game g, object word)
cpdef object play_phase(Game g, Frame f)
cpdef object draw_phase(Game g, Frame f)
cpdef object discard_phase(Game g, Frame f)
cpdef object prepare_phase(Game g, Frame f)
cpdef object judge_phase(Game g, Frame f)
cpdef object finish_phase(Game g, Frame f)
@cython.locals(t=Tables)
cpdef object _limit_reached(Game g, object q, object who, object name, object x, object scope)
cpdef object use_limit_in_play_phase(Game g, Frame f, object strict, object who, object name, object x)
cpdef object use_limit_per_turn(Game g, Frame f, object strict, object who, object name, object x)
cpdef object kind_of(Game g, Frame f, object strict, object c, object name)
cpdef object own_cards(Game g, Frame f, object who)
@cython.locals(st=list, i=Py_ssize_t, fr=Frame)
cpdef object current_turn(Game g, Frame f)
cpdef object seat_number(Game g, Frame f, object who)
cpdef object choose_hand_cards(Game g, Frame f, object n)
cpdef object is_damage_event(Game g, Frame f, object ev)
cpdef object hand_limit(Game g, Frame f, object who)
@cython.locals(pk=Pick)
cpdef object at_least(Game g, Frame f, object cs)
# helpers the typed prims above called as Python functions (the usability scan, the status
# query, the extra-phase and need-use tests)
cpdef object _methods(Game g, object name)
cpdef object _owner_is_at(object q, object at, object p)
cpdef object _regroup(object orig, object roles)
cpdef object _xph(Game g, object who)
cpdef object _xph_find(Game g, object who, object before, object a)
cpdef object _ctx(Game g, Frame f)
cpdef object _need_init(Game g, Frame f, object who, object name)
cpdef object kinds(Game g)
