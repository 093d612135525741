# Declarations augmenting core/prims/base.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in base.py.

cimport cython
from cpython cimport array
from cpython.object cimport PyObject
from core.engine cimport Game, Frame, Player
from core.ruleset cimport Ruleset

# The runtime's small internal helpers are cpdef: the rooms call them as C functions (no module
# global lookup, no Python call), while generated code and tests still call them as P.<name>.
# The game and frame arguments are typed (C field reads; None is allowed and checked, the rooms'
# nonecheck), the others untyped objects, so compiled and pure behave alike.

# A choice still to be made (the value of 一名角色 …): an extension type when compiled, so the
# isinstance tests of eq/_matches/_list … are a type check and pk.group a field read. Its
# counts and chooser are C ints (step 192a): the rooms compare and pass them in C (_helper_resolve,
# the filters' new_pick of a Pick's fields), where each was an object compared or passed boxed,
# and a Pick's birth and death take and drop three references fewer (a value not an int raises
# TypeError at the Pick's making, compiled)
cdef class Pick:
    cdef public object kind, src, vname
    cdef public int lo, hi, chooser
    cdef public tuple group
cpdef Pick new_pick(object kind, object group, int lo, int hi, int chooser, object src,
                    object vname)

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
    cdef public dict use_index   # read at every usability scan's set-up (usable._scan_begin)
    cdef public list convert_held   # read at every usability scan's set-up (usable._convert_skills_of)
    cdef public frozenset flow_rule_timings, aim_timings, source_timings, target_timings
    # by timing id, C int arrays: 1 where a card's flow rules name it, 2 the idle point (flow.fire's
    # test at every timing); by phase id, the phase before it in the turn (phase_before_timing_exists)
    cdef public array.array flow_rule_at, phase_prev
    cdef public int helper, root, idle, turn_end, ev_move, ev_turn
    # by program id (decision 0028): kind, event id (EVI_*), phase, event context; C int
    # arrays (_by_prog reads them as C data)
    cdef public array.array prog_kinds, prog_evis, prog_phases, prog_is_ev
    cdef public object event_params, skill_tags, skill_owner
    cdef public object decks, deck_order, generals, general_order, pack
    cdef public object turnloop, dturn, delayed_skill, delayed_prog, finished, kinds, use_skill, use_methods
    cdef public object status_skills, lord_skills, skill_ops, active_skills, need_use_timings, convert_skills
    cdef public list status_by_query, held_owners   # by query kind (status._query)
    cdef public object play_lo, play_hi, dying_timing, prep_done, k_given, k_recovered, k_draw
    cdef public object k_drawset, k_sha, phase_ranges, phase_list, k_used
    cdef public tuple phase_ids
    cdef public object card_status, held_rules, card_target_rules
    cdef public list use_limits   # by card name id (limits._use_limited)
    # by card name id, read from `cards` once registered (register.finish): its methods
    # (targets._methods) and whether it is a 延时锦囊 (targets._is_delayed), 1 or 0
    cdef public list name_methods
    cdef public bytearray delayed_names
    # by card name id: its entry of ``cards`` or None (register.finish; cards._card_info), and
    # the names it is a kind of or None (Status.kinds' dict by id, made at a game's first ask:
    # cards._kinds_by_id); step 118b: a list item where each was a dict lookup by an int key
    cdef public list card_infos, kind_names
    cdef public object target_start, k_use_phase, k_use_turn
    cdef public object skill_names, skill_owner_args, status_owner_at
    cdef public tuple suit_rules   # read at every card's suit (cards._suit_rules_held)
    cdef public dict granted   # read at every skill gained (games.gain_skill)
cdef class Rules(Ruleset):
    cdef dict __dict__
    cdef public Tables sgs

# frame scratch indices (X_*, internal to prims): gcc's constants when compiled (step 284; base.py
# refuses to import when one differs from its int), where each was an int base shared, read
# through the room's pointer to it at each read of a frame's scratch
cdef enum:
    X_JUDGE = 0
    X_CHOSEN = 1
    X_CARDS = 2
    X_JCARD = 3
    X_DEST = 4
    X_STATE = 5
    X_XPH = 6
    X_LASTCARD = 7
    X_CTX = 8
    X_TMP = 9
    X_FLAG = 10
    X_IDLE = 11
    X_KEPTEQUIP = 12
# NX (the scratch's size), X_FLAG and F_CUT as gcc's constants (base.py refuses to import when
# one differs from its int): _sx's fill of a new scratch with None unrolled, where the fill loop
# read _NX (~25 instructions more); fire's quiet path's reads of the asking order and of a cut
# turn in place (fast.pxd), where each was a load of the int through the room's pointer to it
cdef enum:
    NX_CONST = 13
    X_FLAG_CONST = 10
    F_CUT_CONST = 2048
    # … and the executed flags (F_NOTEXEC, F_CHILDEXEC), which verdict.pxd's verdicts and
    # fast.pxd's _pushed_fast write (~20,000 in the six games), each through a pointer to the int
    NOTEXEC_CONST = 512
    CHILDEXEC_CONST = 1024
# the zone kinds the move flow tests at every card (move_cards, zones, values) as gcc's constants
# (step 267a; base.py refuses to import when one differs from the engine's): move_cards read
# each through the room's pointer to the int, again after each Game.move_one call
cdef enum:
    _Z_HAND = 3
    _Z_DISCARD = 1
    _Z_PROCESS = 2
    _Z_GENERAL = 10
    _Z_EQUIP_FIRST = 4
    _Z_EQUIP_LAST = 8
    _ZK_EQUIP = -10
    _ZK_GENERAL_DECK = -11
# the frame flags, program kinds and virtual cards' index and base the rooms and fast.pxd's and
# cardreads.pxd's inline readers test, gcc's constants too (step 270a; base.py refuses to import
# when one differs from its int): each was an int base shared, read through the room's pointer
cdef enum:
    _NX = NX_CONST
    _NOTEXEC = NOTEXEC_CONST
    _CHILDEXEC = CHILDEXEC_CONST
    _F_CUT = F_CUT_CONST
    _F_ENDED = 4096
    _F_TERMINATED = 1
    _F_PREVENTED = 2
    _F_TURN = 8
    _F_PHASE = 16
    _F_EXTRA = 32
    _PK_NONE = -1
    _PK_EVENT = 0
    _PK_TERM = 1
    _PK_SKILL = 2
    _PK_DELAYED = 3
    _PK_CARD = 4
    _S_VC = 3
    _VBASE = 1048576

# the runtime's registers (base.py): C globals every room cimports
cdef list _AWAY, _Q
# the card whose targets are evaluated or chosen (base._Targeting): its fields C reads and writes
cdef class _Targeting:
    cdef public bint on, free, nodist, first
    cdef public object user, name, card
    cpdef tuple evaluated(self)
    cpdef set_evaluated(self, object tc)
cdef _Targeting _TG

# the reusable frame skill conditions evaluate in (probe)
cdef Frame _PROBE
# the frame _frame0 answers when nothing else holds it (step 118a)
cdef Frame _F0
@cython.locals(f=Frame)
cpdef Frame _frame0(object owner, Frame ev)
# the kept frames above and _F1 let a finished frame go (step 260a; usable's release calls it)
cdef void release_kept_frames(PyObject *c) noexcept
# the tables of the game's ruleset (~250,000 calls in six games): the ruleset's type tested by
# pointer, not by Cython's subtype test, then a field read through an unchecked cast
@cython.locals(rs=Ruleset)
cpdef Tables _T(Game g)
cpdef object _no_tables(object g)
@cython.locals(x=list)
cpdef list _sx(Frame f)
@cython.locals(xs=list)
cpdef object _get(Frame f, Py_ssize_t i)
@cython.locals(fl=int)
cpdef object _set_exec(Frame f, object ok)
cpdef object _done(Frame f, object ok)
cpdef object _pushed(Frame f)
@cython.locals(st=list, r=Frame, x=list, s=list)
cpdef list _state(Game g)
cpdef list _kept(Game g)
@cython.locals(s=list)
cpdef list _st(Game g)
@cython.locals(s=list)
cpdef object _S(Game g, Py_ssize_t i, Py_ssize_t n=*)
@cython.locals(s=list)
cpdef object _Sw(Game g, Py_ssize_t i, Py_ssize_t n=*)
@cython.locals(s=object, v=object, k=list)
cpdef int _share_tables(Game g) except -1
@cython.locals(v=Py_ssize_t)
cpdef bint _is_v(object c) except -1
cpdef object _rec(Game g, Py_ssize_t c)
cpdef Player _player(Game g, Py_ssize_t who)
cpdef object _slot(Frame ev, Py_ssize_t i, object default=*)
@cython.locals(st=list, i=Py_ssize_t, cid=int, fr=Frame)
cpdef Frame _enclosing(Game g, Frame f, object evname)
cpdef Frame _enclosing_move(Game g, Frame f)
@cython.locals(st=list, i=Py_ssize_t, fr=Frame)
cpdef Frame _enclosing_prog(Game g, Frame f, int cid)
@cython.locals(pk=Pick)
cpdef bint _matches(Game g, Frame f, object who, object subj) except -1
cpdef object timing_subject(Game g, Frame f)
cpdef bint subject_matches(Game g, Frame f, object who) except -1
@cython.locals(p=Frame)
cpdef Frame probe(Game g, int owner, Frame ev, int t, int skill=*)
cpdef bint _is_event(Game g, Frame fr, int evi) except -1
cpdef Frame _event_ctx(Game g, Frame f)
# a table by program id read as C data (a C int array's item through its data pointer, as
# the engine's _ai; 0 <= cid < len(a) is tested first)
cpdef int _by_prog(array.array a, int cid, int none) except? -2
cpdef int _prog_kind(Tables t, int cid) except? -2
cpdef int _prog_evi(Tables t, int cid) except? -2
@cython.locals(e=int)
cpdef bint _prog_evi_in(Tables t, int cid, int evs) except -1
cpdef int _prog_phase(Tables t, int cid) except? -2
cpdef object _put_prog(object lst, int cid, object v, object fill)
@cython.locals(f=Frame, fl=int)
cpdef bint executed(Game g) except -1
@cython.locals(t=Tables)
cpdef bint _verdict(Game g, Frame r, int depth) except -1
