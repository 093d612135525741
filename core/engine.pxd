# Augmenting declarations for core/engine.py (Cython pure-Python mode).
cimport cython
from cpython cimport array
from cpython.object cimport PyObject

# declared before the cimports below: core.ruleset, core.decision and core.clone cimport these
# from this module, and this module cimports their classes (core.clone's clone_game and init_game,
# functions, are cimported by engine.py itself: a function cannot be cimported back while its own
# .pxd is read)
cdef class Game
cdef class Frame
cdef class Player
cdef class Card
cdef class VCard
from core.rng cimport Rng
from core.ruleset cimport Program, Skill, Modifier, Ruleset
from core.decision cimport Decision
# every module reading this file boxes CPython's small ints in place (boxing.pxd)
from core.boxing cimport box_long

# frames come and go at every timing (dispatch, skill, probe frames): their memory is reused
# through a freelist, which engine.py's Frame declares (Cython ignores the directive here)
cdef class Frame:
    cdef public int prog, pc, owner, skill, a, b, flags, term_pc, jump_pc, id, result
    cdef public long long c
    cdef public Frame ev
    # the frame its last operation pushed: a term's verdict and 摸等量的牌 read it (a field, not
    # a scratch slot: most frames that push one never need a scratch)
    cdef public Frame child
    # its last timing (flow.fire), its subject, and the timings fired so far in order (one
    # entry each time): written at every timing, so fields, not scratch slots (decision 0053)
    cdef public int timing   # -1 before the first (a C int: no reference swapped at each timing)
    cdef public object subject
    # compiled, an array('i') of timing ids (core.prims.flow.fire, lists.pxd's ints_from_spare:
    # no Python int per timing); uncompiled, a list of them. An object: a test may set a list
    cdef public object timings
    # its copy while a clone is made (core/clone.py, which holds the copy), else NULL: a C
    # pointer, not an object field (set at tp_new and dropped at the dealloc of every frame)
    cdef PyObject *twin
    cdef public object x, y
    cdef public list slots
    cpdef Frame copy(self)   # core.clone's frame_copy

cdef class Card:
    cdef public int id, name, suit, point

cdef class VCard:
    cdef public object name
    cdef public tuple cards

cdef class Player:
    cdef public int seat, hp, maxhp, role, general
    cdef public bint alive, face_up, chained
    cdef public array.array has, invalid, marks
    # per card name id: how many of the player's hand cards have it, and the ids below 64 of which
    # it has one as bits (kept by Game._put: handname.pxd's hand_moved), which the dispatch's hand
    # pre-test reads (core/dispatch.py's _is_candidate; docs/decisions/0114)
    cdef public array.array hand_names
    cdef public unsigned long long hand_bits
    cdef public int shared
    # its attack range kept + 1, 0: none, -1: marked to keep (core.held._attack_range; after
    # shared, in its padding); a clone's players start with none
    cdef public int range_kept
    cpdef Player copy(self)   # core.clone's player_copy
    cdef int _own(self, int bits) except -1

cdef class GameResult:
    cdef public list winners
    cdef public object reason

cdef class Game:
    # readonly to Python: written by init_game, clone_game and set_rules, which keep G_PLAIN
    cdef readonly Ruleset rs
    # (its C ints side by side, no padding between: the object, its GC header with it, stays
    # within pymalloc's 512 bytes, where a larger one is malloc's at each clone; step 101a)
    cdef public int n
    # the log's level, read in C; Python reads and writes it as the property log_level, whose
    # setter keeps G_PLAIN (below)
    cdef readonly int _log_level
    cdef public int nskills, ncounters, K
    cdef public int cnt_shared     # the bits of the scopes (SC_*) whose counters a clone shares
    cdef public list cnt_touched   # per scope (SC_*): the counters' indices to zero at its reset
    cdef public object seed
    cdef public Rng rng
    # its yes/no fields as bits (G_*, below): debug, turn_extra, turn_cut (Python's properties)
    # and G_PLAIN, which fire's quiet path tests (one int where three bints were: the Game
    # within pymalloc's 512 bytes; step 153)
    cdef readonly int gbits
    # len(rs.progs), the ruleset frozen: push_frame's range test reads it in C (step 106a);
    # beside gbits, where it fills a C int's padding
    cdef public int nprogs
    cdef public list players, cards, zbase, zone_kind, zone_owner, zones
    cdef public list zone_at   # per zone: (its kind, its owner), made once (where's answer)
    cdef public array.array zkind_at   # per zone: its kind as a C int (where_kind's answer)
    cdef public array.array card_zone, listen, holders, skill_uses, zshared, zkinds
    cdef public list stack, extra_turns, cnt, log, kept
    cdef public list root_state   # the runtime's root state once read (core.prims.base._state)
    cdef public list held
    cdef public array.array held_seats   # per timing: the seats with a held skill, as bits
    cdef public dict held_lists
    cdef public list held_by_kind
    cdef public list seat_convert   # per seat: usable._convert_skills_of's answer, None to find
    cdef public unsigned long long no_answer   # status queries' kinds nothing can answer, as bits
    cdef public array.array dist_memo   # the distances kept by pair (core.held._distance)
    cdef public object pending, result, ans, turn_hook
    cdef public Frame ret
    # the innermost turn frame on the stack, or None: kept by push_frame, _pop and end_game
    cdef public Frame turn_frame
    # that turn's innermost phase frame, or None (its phase not begun): kept by push_frame, _pop,
    # end_game and turns._push_phase_event (which flags its phase after its push)
    cdef public Frame phase_frame
    # alive_tuple's answers by start (n entries, a tuple or None) for the alive seats alive_key
    # (as bits), or None: a new list at each change of them, never emptied (a clone shares it)
    cdef public list alive_memos
    cdef public long long alive_key
    # the alive seats as bits (n <= 50): alive_tuple's key, kept by set_alive (kill, a revival)
    cdef public long long alive_bits
    cdef public int current, first_seat, referee, phase, turn_no, round, last_regular
    cdef public int shared   # OWN_* of the game's tables a clone shares
    cdef public long long skipped
    cdef public long long serial, pushed, popped, steps
    # step's budget as the count of runs (steps) at which it stops: run_pushed and a settled
    # timing's first step spend it too (step 101a)
    cdef public long long step_end
    cdef public long long n_timings, n_decisions, n_skill_uses

    cdef int _own(self, int bits) except -1
    cpdef list zone_w(self, Py_ssize_t z)

    @cython.locals(f=Frame)
    cpdef Frame new_frame(self, int prog, int owner=*, Frame ev=*, int nslots=*)
    @cython.locals(fl=cython.int)
    cpdef Frame push_frame(self, Frame f)
    cpdef Frame push(self, int prog, int owner=*, Frame ev=*, object slots=*)
    cpdef int _pop(self, Frame f) except -1   # _pop_frame
    @cython.locals(st=cython.int, fl=cython.int, n=cython.Py_ssize_t)
    cpdef int run_pushed(self, Frame f) except -1
    @cython.locals(st=cython.int, fl=cython.int, n=cython.Py_ssize_t, stack=list, progs=list)
    cpdef object step(self, long long budget=*)
    cpdef int ask(self, Decision d) except? -1
    @cython.locals(d=Decision)
    cpdef answer(self, object choice)
    cdef _answer_trusted(self, Decision d, object v)
    cpdef int fire(self, int t, Frame ev, bint settled=*) except? -1
    # fire's two steps, C calls from core.prims.flow.fire for a Game (engine.py says why)
    cdef bint _timing_heard(self, int t) except -1
    @cython.locals(q=Frame, f=Frame, n=cython.int, b=cython.int, c=cython.int, p=cython.int,
                   fid=cython.longlong, cands=object)
    cdef int _fire_heard(self, int t, Frame ev, bint settled) except? -1
    cpdef object _candidates(self, Frame f, int p)   # core.dispatch.candidates
    cpdef int _dispatch(self, Frame f) except? -1   # core.dispatch.dispatch_run
    # Skill.cond's tests before a skill's own condition (_candidates inlines them: _skill_ready)
    cpdef bint skill_ready(self, Skill s, int owner, Frame ev, int t) except -1
    cpdef int terminate(self, Frame f) except? -1
    cpdef int prevent(self, Frame f) except? -1
    cpdef int nullify(self, Frame f) except? -1
    cpdef int end_game(self, object winners, object reason=*) except? -1
    # (the scope's indices a C int array: step 135a)
    @cython.locals(c=array.array, touched=array.array, n=Py_ssize_t, k=Py_ssize_t)
    cpdef _reset_scope(self, int sc)
    cdef _own_scope(self, int sc)
    @cython.locals(c=array.array, i=Py_ssize_t)
    cpdef add_count(self, int sc, int p, int key, int d=*)
    cpdef long long count(self, int sc, int p, int key) except? -1
    @cython.locals(pl=Player)
    cpdef grant_skill(self, int p, int sid)
    # every seat's grant of each skill id of sids (core.prims.games.new_game's hidden skills)
    @cython.locals(pl=Player, n=cython.int, p=cython.int, sid=cython.int, k=cython.int)
    cpdef grant_everyone(self, list sids)
    @cython.locals(pl=Player)
    cpdef revoke_skill(self, int p, int sid)
    @cython.locals(k=Py_ssize_t, byk=list, c=list)
    cpdef list held_skills(self, object key, object sids)
    @cython.locals(pl=Player)
    cpdef bint has_skill(self, int p, int sid) except -1
    @cython.locals(pl=Player)
    cpdef invalidate_skill(self, int p, int sid, bint on=*)
    cpdef long long mark(self, int p, int m) except? -1
    @cython.locals(pl=Player)
    cpdef add_mark(self, int p, int m, int d=*)
    cpdef long long modval(self, int kind, int a, int b, long long base) except? -1
    # the modified hand limit and draw count: C calls from roles (~700 in the six games)
    cpdef long long hand_limit(self, int p) except? -1
    cpdef long long draw_count(self, int p) except? -1
    # a card's modified point and the draw pile's top: C calls from cards, judgement, resolving
    # (copy_suit_point), zones (deck_top) and moves (step 87a)
    cpdef long long card_point(self, int cid) except? -1
    @cython.locals(d=list, k=Py_ssize_t, i=Py_ssize_t)
    cpdef list top_cards(self, Py_ssize_t n)
    cpdef int base_distance(self, int a, int b) except? -1
    cpdef int distance(self, int a, int b) except? -1
    @cython.locals(to=cython.int, c=cython.int, dest=list)
    cpdef move(self, object cards, int kind, int owner=*, bint bottom=*)
    # one card (moves.move_cards): its int unboxed once, no tuple
    @cython.locals(to=cython.int, dest=list)
    cpdef move_one(self, int c, int kind, int owner=*, bint bottom=*)
    cdef int _put(self, int c, int to, list dest, bint bottom) except -1
    @cython.locals(k=cython.Py_ssize_t)
    cpdef int zone_id(self, int kind, int owner=*) except? -1
    cpdef list zone_cards(self, int kind, int owner=*)
    @cython.locals(pl=Player, old=cython.int)
    cpdef int change_hp(self, int p, int d) except? -1
    cpdef kill(self, int p)
    cpdef set_alive(self, int p, bint alive)
    @cython.locals(k=cython.int, pl=Player)
    cpdef int alive_count(self) except? -1
    # core/turnbook.push_turn, a C call from core/prims/flow's turn loop (the turn's and the
    # phase's bookkeeping is core/turnbook.py's: the turns room cimports it)
    cpdef Frame push_turn(self, int prog, int jump_pc=*)
    @cython.locals(i=cython.int, q=cython.int)
    cpdef int next_alive(self, int p) except? -2
    cpdef list alive_seats(self, int start=*)
    @cython.locals(n=cython.int, k=Py_ssize_t, j=Py_ssize_t, i=cython.int, q=cython.int, v=object,
                   q0=cython.int, memos=list)
    cpdef tuple alive_tuple(self, int start=*)
    cpdef long long attack_range(self, int p) except? -1
    cpdef bint in_range(self, int a, int b) except -1
    @cython.locals(z=cython.int)
    cpdef tuple where(self, int cid)
    cpdef int where_kind(self, int cid) except? -2
    cpdef object card_suit(self, int cid)
    cpdef object card_color(self, int cid)
    cpdef object card_name(self, int cid)

# core/codes.py's statuses and frame flags as C constants, named for step, run_pushed, push_frame
# and _pop_frame (engine.py defines them uncompiled, from core.codes); FL_STEP: the flags step
# looks at before a run (terminated, a turn, a phase)
cdef enum:
    RUN_CONTINUE = 0
    RUN_PUSH = 1
    RUN_WAIT = 2
    RUN_DONE = 3
    RUN_GAMEOVER = 4
cdef enum:
    FL_TERMINATED = 1
    FL_TURN = 8
    FL_PHASE = 16
    FL_EXTRA = 32
    FL_TURN_PHASE = 24
    FL_STEP = 25

# Game.gbits: G_PLAIN while the game is exactly a Game logging at level 1 or less, its ruleset
# exactly the rooms' Rules (_PLAIN_RULES: what fire's quiet path asks, fast.pxd, and casts to;
# kept by the log_level setter, set_rules, init_game and clone_game: plain_bit)
cdef enum:
    G_DEBUG = 1
    G_TURN_EXTRA = 2
    G_TURN_CUT = 4
    G_PLAIN = 8
cdef object _PLAIN_RULES   # core.prims.base.Rules, which base registers (plain_rules)
# Game.listen's item by timing: its listeners' count in LISTEN_COUNT's bits, and from bit
# LISTEN_MARKS up the runtime's marks of the timing (a card's flow rule, the idle point:
# listen_marks; core.clone.mark_listen writes them), so that flow.fire's quiet path reads one C
# int a timing (docs/decisions/0248)
cdef enum:
    LISTEN_COUNT = 0x0fffffff
    LISTEN_MARKS = 28
cdef int plain_bit(Game g) noexcept
cdef int set_log_level(Game g, int v) noexcept   # Game.log_level's setter: G_PLAIN kept
# the game's stack's size and item i, its programs' item i, read in place, borrowed
# (run_pushed's, ~8,000 runs in the six games): a field passed to PyList_GET_ITEM was taken into
# a temporary, a reference taken and dropped at each read. The index is the caller's to check
cdef extern from *:
    """
    #define sgs_stack_size(g) PyList_GET_SIZE((g)->stack)
    #define sgs_stack_at(g, i) PyList_GET_ITEM((g)->stack, (i))
    #define sgs_prog_at(g, i) PyList_GET_ITEM((g)->rs->progs, (i))
    """
    Py_ssize_t stack_size "sgs_stack_size"(Game g) noexcept
    PyObject *stack_at "sgs_stack_at"(Game g, Py_ssize_t i) noexcept
    PyObject *prog_at "sgs_prog_at"(Game g, Py_ssize_t i) noexcept
# _pop_frame's pop of f, the stack's top: the stack's reference to it moved to g.ret (the old
# ret dropped after), where the popped reference was dropped and g.ret's taken (~12,900 pops).
# A top that is not f (a Python caller's _pop) dropped, and f taken, as before
cdef extern from *:
    """
    #define sgs_pop_to_ret(g, f) \
        sgs_pop_to_ret_((g)->stack, (PyObject **)&(g)->ret, (PyObject *)(f))
    static CYTHON_INLINE int sgs_pop_to_ret_(PyObject *l, PyObject **ret, PyObject *f) {
        Py_ssize_t n = Py_SIZE(l);
        PyObject *top, *old;
        if (n == 0) {
            PyErr_SetString(PyExc_IndexError, "pop from empty list");
            return -1;
        }
        Py_SET_SIZE(l, n - 1);
        top = PyList_GET_ITEM(l, n - 1);
        if (top != f) {
            Py_INCREF(f);
            Py_DECREF(top);
        }
        old = *ret;
        *ret = f;
        Py_DECREF(old);
        return 0;
    }
    """
    int pop_to_ret "sgs_pop_to_ret"(Game g, Frame f) except -1

# the bits of the tables a clone shares (copy on write: Player._own, Game._own)
cdef int OWN_HAS, OWN_INVALID, OWN_MARKS, OWN_HAND, OWN_PLAYER
cdef int OWN_CARD_ZONE, OWN_LISTEN, OWN_HOLDERS, OWN_SKILL_USES, OWN_CNT, OWN_GAME

# the game's integer tables as C int arrays (compiled): _ai reads, _ai_add adds and returns the
# new value, _ai_set writes; _aq reads a C long long array's item (Ruleset.mod_floor, mod_ceil).
# Inline here, for every room that cimports them (~15,000 reads and writes in the six games of
# `sgs bench --what instructions`), where each was a C call across modules (step 210a; the
# review's D7). Uncompiled, engine.py defines them
cdef array.array _ints(Py_ssize_t n)
cdef array.array _copy_ints(array.array a)
cdef inline int _ai(array.array a, Py_ssize_t i) noexcept:
    return a.data.as_ints[i]
cdef inline int _ai_add(array.array a, Py_ssize_t i, int d) noexcept:
    a.data.as_ints[i] += d
    return a.data.as_ints[i]
cdef inline void _ai_set(array.array a, Py_ssize_t i, int v) noexcept:
    a.data.as_ints[i] = v
cdef inline long long _aq(array.array a, Py_ssize_t i) noexcept:
    return a.data.as_longlongs[i]
# A card's int taken out of its zone's list (Game._put, ~2,100 moves in the six games of `sgs
# bench --what instructions`): searched from the end (moves mostly take a pile's top; a card is
# in a zone at most once), each item's value read in place (an int of one digit; else by the
# interpreter), the items after it moved down and the list's room kept; the list's reference to
# the int returned, now the caller's, which _put appends to the destination. Where the card was
# boxed twice (its search, its append), compared by the interpreter, and deleted through
# list_ass_slice (step 135b). ValueError when it is not there. Uncompiled, engine.py's take_card.
cdef extern from *:
    """
    static CYTHON_INLINE PyObject *sgs_take_card(PyObject *l, long c) {
        PyListObject *a = (PyListObject *)l;
        Py_ssize_t n = Py_SIZE(a), i = n;
        while (--i >= 0) {
            PyObject *x = a->ob_item[i];
            long v;
    #if PY_VERSION_HEX < 0x030C0000 && !defined(PYPY_VERSION)
            Py_ssize_t d = Py_SIZE(x);
            if (PyLong_CheckExact(x) && d >= -1 && d <= 1)
                v = d * (long)((PyLongObject *)x)->ob_digit[0];
            else
    #endif
            {
                v = PyLong_AsLong(x);
                if (v == -1 && PyErr_Occurred()) return NULL;
            }
            if (v == c) {
                memmove(&a->ob_item[i], &a->ob_item[i + 1], (size_t)(n - i - 1) * sizeof(PyObject *));
                Py_SET_SIZE(a, n - 1);
                return x;
            }
        }
        PyErr_Format(PyExc_ValueError, "card %ld is not in its zone", c);
        return NULL;
    }
    """
    object take_card "sgs_take_card"(list l, long c)
# the reused frame Game.fire asks the seats in when its caller has settled the timing
cdef Frame _ASKING
# the event timing lists kept, emptied, when their frames left the stack (Game._pop), for the next
# events' first timings (core.prims.flow.fire: core/prims/lists.pxd's ints_from_spare)
cdef list _SPARE_TIMINGS
# core.spares' pointers to its spare frames and slot lists (spares.pxd's kept_frames_at and
# kept_slots_at): new_frame takes a frame and its slots inline (step 108b)
cdef PyObject **_FRAMES_AT
cdef PyObject **_SLOTS_AT
# A finished child held beyond its parent's field at the parent's pop (step 260a, decision 0296):
# a room's kept object naming it (core.prims.usable's kept scan, the kept evaluation frames whose
# ev is the last event read) is asked to let it go first (the release core.prims.usable registers
# at its import), so that 130a's drop of its slots applies: an event's cause named in a child's
# slots (伤害 → 扣减体力 → 濒死) then leaves no cycle for the collector
ctypedef void (*finished_release)(PyObject *c) noexcept
cdef finished_release _RELEASE_FINISHED
cdef int release_finished_by(finished_release fn) noexcept
cdef extern from *:
    """
    #define sgs_child_held_elsewhere(f) \
        ((PyObject *)(f)->child != Py_None && Py_REFCNT((f)->child) != 1)
    """
    bint child_held_elsewhere "sgs_child_held_elsewhere"(Frame f) noexcept

# A list's item appended within its room, and its last item popped keeping its room
# (docs/performance.md step 53): the frame stack (push_frame, _pop) and an event's timing list
# (core.prims.flow.fire). CPython's list_resize reallocates a list whose size falls below half its
# room, at a pop and at an append alike (list.append goes through it whenever Cython's inline
# path does not apply: below half the room), so a stack going up and down a few frames, and a
# timing list made with room for 8 (core/prims/lists.pxd) at each of its first appends, were
# reallocated again and again. The same items in the same order; the room is never given back.
# Uncompiled, engine.py defines them as list.append and list.pop.
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_append_in_room(PyObject *l, PyObject *x) {
        PyListObject *a = (PyListObject *)l;
        Py_ssize_t n = Py_SIZE(a);
        if (n < a->allocated) {
            Py_INCREF(x);
            a->ob_item[n] = x;
            Py_SET_SIZE(a, n + 1);
            return 0;
        }
        return PyList_Append(l, x);
    }
    static CYTHON_INLINE PyObject *sgs_pop_keep_room(PyObject *l) {
        PyListObject *a = (PyListObject *)l;
        Py_ssize_t n = Py_SIZE(a);
        if (n == 0) {
            PyErr_SetString(PyExc_IndexError, "pop from empty list");
            return NULL;
        }
        Py_SET_SIZE(a, n - 1);
        return a->ob_item[n - 1];   /* the list's reference, now the caller's */
    }
    """
    int append_in_room "sgs_append_in_room"(list l, object x) except -1
    object pop_keep_room "sgs_pop_keep_room"(list l)
# An event's timing array (core/prims/lists.pxd) emptied, its room kept, and appended to spare,
# when its caller's reference is the only one (nothing else can see it emptied) and spare holds
# fewer than most (its items C ints: nothing to drop)
cdef extern from *:
    """
    static CYTHON_INLINE int sgs_keep_spare_ints(PyObject *spare, PyObject *a, Py_ssize_t most) {
        if (Py_REFCNT(a) != 1 || Py_SIZE(spare) >= most) return 0;
        Py_SET_SIZE(a, 0);
        return sgs_append_in_room(spare, a);
    }
    """
    # a declared object (the C side takes a PyObject *): an array.array parameter would be passed
    # as arrayobject *, a pointer type the C function does not take (gcc's incompatible-pointer warning)
    int keep_spare_ints "sgs_keep_spare_ints"(list spare, object a, Py_ssize_t most) except -1
