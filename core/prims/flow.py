# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""The control contract of generated code (fire, call, terminate and the loop helpers), the
timings' bookkeeping, delayed effects (→), the root and turn-loop programs, and 触发… (an
event's flow as an inserted settlement).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (Frame, Game, SC_PHASE)
if not cython.compiled:   # compiled: engine.pxd's C constants (flow.pxd), gcc's immediates
    from core.engine import FL_PHASE, FL_TERMINATED, FL_TURN, G_TURN_CUT
# a player's skill counts read as C ints (invalidate_triggers_except)
if cython.compiled:
    from cython.cimports.core.engine import _ai
else:
    from core.engine import _ai
from core.ruleset import Condition, Program, Reading
from core.prims.base import (
    ANY, OTHER, EV_CARD_MOVE, NAT_NONE, NONE, Pick, S_DELAYED, V_DMG, V_METHOD, V_NAME, V_USER,
    _done, _enclosing, _frame0, _matches, _state, prim, _prog_kind, Q_RECOVER)
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _is_v_fast as _is_v, _rec_fast as _rec,
        _slot_fast as _slot, _event_ctx_fast as _event_ctx, _prog_evi_fast as _prog_evi,
        _field_fast as _field,
        _prog_evi_in_fast as _prog_evi_in,
        _prog_phase_fast as _prog_phase, _pushed_fast as _pushed, _is_cut_fast as _turn_is_cut,
        _by_prog_fast as _by_prog, _timing_heard_fast as _timing_heard,
        _asks_in_order_fast as _asks_in_order, _first_timing_due, _by_prog_at,
        # fire's quiet path's reads and writes (_quiet_frame, _quiet_timing below)
        _ints_at, _ints_has_room, _ints_push, _refcnt, _set_subject, _size, _set_size,
        _last_item, _set_timings)
    from cython.cimports.core.engine import FL_TURN_PHASE, G_PLAIN, LISTEN_COUNT, LISTEN_MARKS
    from cython.cimports.core.prims.base import F_CUT_CONST
    from cython.cimports.core.prims.base import Rules
    # _push_args_in always inline (its declaration with gcc's attribute); the push's body, the
    # slot count and spares' pointers (pushinline.pxd, step 258a)
    from cython.cimports.core.prims.pushinline import PUSH_ARGS_ALWAYS_INLINE, given, pushed_in
    from cython.cimports.core.prims.pushinline import (
        _nslots_c, push_frames_at, push_ready, push_slots_at)
    from cython.cimports.core.prims.pushinline import F_ASKING_CONST, table_at
    from cython.cimports.core.prims.pushinline import DICT_VERSIONS, dict_version
else:
    from core.prims.base import (
        _T, _get, _sx, _is_v, _rec, _slot, _event_ctx, _prog_evi, _prog_evi_in, _prog_phase, _pushed,
        _by_prog, _field)

    def _nslots_c(g, cid, /):
        """Program ``cid``'s slot count (compiled: read from Ruleset.nslots_at, flow.pxd)."""
        return g.rs.prog_nslots[cid]

    def _turn_is_cut(tf, /):   # (named apart from turns' own: the package binds both)
        return Turns._is_cut(tf)   # turns' (a module this room imports below)

    def _timing_heard(g, t, /):
        return g._timing_heard(t)

    def _asks_in_order(f, /):
        fl = _get(f, X_FLAG)
        return type(fl) is list and len(fl) > 4
# a frame whose timings may ask in an order (health._dying_flag sets the bit): compiled, the
# quiet path tests pushinline.pxd's constant, which must be this one
from core.codes import F_ASKING
if not cython.compiled:
    F_ASKING_CONST = F_ASKING
elif F_ASKING != F_ASKING_CONST:
    raise ImportError("core.prims.flow: pushinline.pxd's F_ASKING_CONST is not core.codes' F_ASKING")
# the events this room tests frames for (EVI_*): C ints of the room when compiled (flow.pxd)
from core.prims.base import EVI_DAMAGE, EVI_MAXHP_DOWN, EVI_MAXHP_UP, EVI_RECOVER
# the events whose first timing _first_timing prepares (fire's quiet path leaves them to _fire)
_FIRST_EVS = (1 << EVI_DAMAGE) | (1 << EVI_RECOVER)
if not cython.compiled:   # compiled: a C macro (core/prims/slots.pxd)
    from core.prims.base import put_slot
if cython.compiled:
    # an event's timing list as C ints: an array('i'), a spare one or made with room for its
    # timings, its next timings appended within that room (core/prims/lists.pxd)
    from cython.cimports.core.prims.lists import ints_from_spare, ints_append, ints_count
    from cython.cimports.core.engine import _SPARE_TIMINGS
    from cython.cimports.core.spares import slots_of, new_slots, pushed_frame
    import array as _array
    push_ready()   # spares' pointers to its spare frames and slot lists (pushinline.pxd)
    _TIMINGS_T = _array.array("i")   # the arrays' template (lists.pxd's ints_from_spare)
else:
    from core.engine import _SPARE_TIMINGS
    from core.spares import slots_of, new_slots
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import (
        X_FLAG, X_IDLE, X_LASTCARD,
        _PK_SKILL, _PROBE)
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    board as Board, cards as Cards, decisions as Decisions, health as Health, resolving as Resolving,
    roles as Roles, status as Status, turns as Turns, usable as Usable, use as Use)
if cython.compiled:
    # a skill's fields as C reads (invalidate_triggers_except), without a .pxd line
    from cython.cimports.core.ruleset import Skill
    from cython.cimports.core.prims import (
        board as Board, cards as Cards, decisions as Decisions, health as Health,
        resolving as Resolving, roles as Roles, status as Status, turns as Turns, usable as Usable,
        use as Use)


# ---- control contract --------------------------------------------------------------------------


def fire(g, f, timing, subject, /):
    # compiled: a timing nobody hears, in a frame with nothing more to do at it, done in place
    # with no call (_quiet_frame, _quiet_timing: ~21,500 of the ~30,700 timings of the six games),
    # so that fire itself saves no register then; the rest is _fire's (the pure engine: _fire
    # always, the reference)
    if cython.compiled:
        given(g)   # (not None: pushinline.pxd)
        given(f)
        if not _quiet_frame(g, f, timing):   # (a jump to _fire, as below)
            return _fire_tail(g, f, timing, subject)
        if _first_timing_due(f):   # an event's first timing (a jump too)
            return _fire_first(g, f, timing, subject)
        if _quiet_timing(g, f, timing, subject, False):
            return 0
        return _fire_tail(g, f, timing, subject)   # _fire's call as a jump (flow.pxd)
    return _fire(g, f, timing, subject)


def _fire_first(g, f, timing, subject, /):
    # compiled: fire at an event's first timing (~5,100 of the six games' timings), its frame
    # with no timing array yet and its frame's tests passed (fire's _quiet_frame, not made again
    # here): quiet, it takes a spare array in place (_quiet_timing's own copy for a first timing,
    # so that fire's own stays as it was: no register more at every timing); else _fire's, which
    # makes the array (and prepares a damage's or a recovery's first timing)
    if cython.compiled:
        given(g)
        given(f)
        if _quiet_timing(g, f, timing, subject, True):
            return 0
        return _fire_tail(g, f, timing, subject)
    return _fire(g, f, timing, subject)


# fire's quiet path (step 107a), compiled: a timing nobody hears (~21,500 of the ~30,700 timings
# of the six games) of an event whose timing array has room, in a frame whose turn is not cut,
# with no asking order, no flow rule at the timing and not the idle point: what _fire does then
# (the timing counted, as Game._timing_heard counts it, appended, the subject and timing written)
# done in place with no call at all, so that gcc saves no register for it. In two halves (step
# 202a): the frame's tests (_quiet_frame), which fire makes once, and the timing's
# (_quiet_timing), fire's and _fire_first's copies, where each made both (~17 instructions more
# at each of the ~5,100 first timings). False before any write when a test fails (_fire then does
# all of it, as before) but a phase's turn frame told the timing, which _fire does first
@cython.cfunc
@cython.inline
@cython.nonecheck(False)
@cython.exceptval(check=False)
@cython.returns(cython.bint)
@cython.locals(g=Game, f=Frame, timing=cython.int)
def _quiet_frame(g, f, timing, /):
    """The game is plain, the frame asks in no order (no F_ASKING: step 209a, where the timing's
    half read the scratch's flag list) and its turn is not cut: a turn's frame not cut; a
    phase's whose event context is its turn frame, not cut, which is told the timing here, as
    _fire tells it first (then the same frame, the same timing) when the timing is not quiet;
    else the turn's or the phase's cut is _fire's, and the walk for a turn frame."""
    # (G_PLAIN: exactly a Game, logging at level 1 or less, its ruleset exactly a Rules, which
    # _quiet_timing's read of the tables casts to; engine.pxd)
    if not (g.gbits & G_PLAIN):
        return False
    # (the asking order's bit tested with the turn's and the phase's: one test for most frames)
    if f.flags & (FL_TURN_PHASE | F_ASKING_CONST):
        if f.flags & F_ASKING_CONST:
            return False   # (its timings may ask in an order: _fire's)
        if f.flags & FL_TURN and f.flags & F_CUT_CONST:
            return False
        if f.flags & FL_PHASE:
            # (its event context read in place, borrowed)
            tf = cython.declare(cython.pointer(PyObject), cython.cast(cython.pointer(PyObject), f.ev))
            if tf == cython.cast(cython.pointer(PyObject), None) or \
                    not (cython.cast(Frame, tf).flags & FL_TURN) or \
                    cython.cast(Frame, tf).flags & F_CUT_CONST:
                return False
            # (here, where the frame is in hand: no register kept for it through the timing's
            # tests, nor a test of the flags after them)
            cython.cast(Frame, tf).timing = timing
    return True


@cython.cfunc
@cython.inline
@cython.nonecheck(False)
@cython.exceptval(check=False)
@cython.returns(cython.bint)
@cython.locals(g=Game, f=Frame, timing=cython.int, first=cython.bint, e=cython.int)
def _quiet_timing(g, f, timing, subject, first, /):
    """The timing's half of the quiet path, for a frame _quiet_frame passed, done when quiet.
    first: the event's first timing (the frame has no array yet): it takes the last of the spare
    ones (the engine's _SPARE_TIMINGS, emptied with their room) as _fire's ints_from_spare does,
    when there is one and the event is not one whose first timing _fire prepares (_FIRST_EVS:
    _first_timing's events, a damage and a recovery)."""
    tl = cython.declare(cython.pointer(PyObject))
    tb = cython.declare(cython.pointer(PyObject))
    a = cython.declare(cython.pointer(PyObject))
    old = cython.declare(cython.pointer(PyObject))
    spare = cython.declare(cython.pointer(PyObject), cython.NULL)
    if not first:
        if type(f.timings) is not array.array:
            return False
        tl = cython.cast(cython.pointer(PyObject), f.timings)
    if not first and not _ints_has_room(tl):
        return False
    # heard, a card's flow-rule timing or the idle point: one C int, Game.listen's count and its
    # marks (clone.mark_listen: Tables.flow_rule_at's, a timing past its end marked), where the
    # tables and their flow_rule_at were read and tested after the count (step 235a)
    if _ints_at(cython.cast(cython.pointer(PyObject), g.listen), timing) != 0:
        return False
    if first:
        # a damage's or a recovery's first timing is _fire's (_first_timing)
        tb = cython.cast(cython.pointer(PyObject), cython.cast(Rules, g.rs).sgs)
        if tb == cython.cast(cython.pointer(PyObject), None):
            return False
        a = cython.cast(cython.pointer(PyObject), cython.cast(Tables, tb).prog_evis)
        if a == cython.cast(cython.pointer(PyObject), None):
            return False
        # (pushinline.pxd's table_at: -1 past either end, one unsigned compare)
        e = table_at(a, f.prog, -1)
        if e >= 0 and (_FIRST_EVS >> e) & 1:
            return False
    # a subject replaced is one the frame does not hold alone (its reference dropped without a
    # dealloc: the old one freed is _fire's)
    old = cython.cast(cython.pointer(PyObject), f.subject)
    if old != cython.cast(cython.pointer(PyObject), subject) and _refcnt(old) == 1:
        return False
    if first:
        # the spare array tested last (its list, its count and the array held through the
        # tests above kept _fire_first's registers: two saved, the arguments moved)
        spare = cython.cast(cython.pointer(PyObject), _SPARE_TIMINGS)
        if spare == cython.cast(cython.pointer(PyObject), None) or _size(spare) == 0:
            return False
        tl = _last_item(spare)
        if not _ints_has_room(tl):
            return False
    g.n_timings += 1
    if first:
        # the spare's reference now the frame's, None's dropped (never its last)
        _set_size(spare, _size(spare) - 1)
        _set_timings(f, tl)
        _set_size(tl, 0)
    _ints_push(tl, timing)
    _set_subject(f, cython.cast(cython.pointer(PyObject), subject))
    f.timing = timing
    return True


def _fire(g, f, timing, subject, /):
    if cython.compiled:
        given(g)
        given(f)
    # a turn flow's timing is skipped only when its turn is cut (the bit tested first: a call)
    if f.flags & FL_TURN and _turn_is_cut(f) and Turns._turn_cut_skip(g, f, timing):
        return 0
    if f.flags & FL_PHASE and _phase_turn_cut(g, f, timing):
        return 0
    marks: cython.int   # the timing's marks: 1 a card's flow rule, 2 the idle point
    # compiled, the game plain (G_PLAIN: exactly a Game logging at level 1 or less, its ruleset
    # exactly a Rules; engine.pxd): one bit tested once for the ruleset's type and for Game.fire's
    # first step below, where three types and the log's level were tested (step 253a)
    plain: cython.bint = False
    lv: cython.int = 0   # the timing's item of Game.listen: its listeners' count and its marks
    if cython.compiled:
        plain = (g.gbits & G_PLAIN) != 0
        # the tables and the timing array borrowed, where each was a reference taken and dropped
        # at each of ~4,800 calls: the tables are the game's for its life (docs/decisions/0142:
        # nothing replaces g.rs or its sgs, not even the rules the dispatch below runs); the
        # array is read before anything runs. A game without the tables: _T raises
        if not plain and type(g.rs) is not Rules:
            _T(g)
        tb = cython.cast(cython.pointer(PyObject), _rules_tables(g))
        tlp = cython.cast(cython.pointer(PyObject), f.timings)
        if tlp == cython.cast(cython.pointer(PyObject), None):
            # (the reference's comments below)
            if _prog_evi_in(cython.cast(Tables, tb), f.prog, (1 << EVI_DAMAGE) | (1 << EVI_RECOVER)):
                _first_timing(g, f)
            f.timings = ints_from_spare(_SPARE_TIMINGS, _TIMINGS_T, timing, 8)
        elif type(cython.cast(object, tlp)) is array.array:
            ints_append(cython.cast(array.array, tlp), timing)
        else:
            cython.cast(object, tlp).append(timing)   # (a list a test set)
        # flow_rule_at's marks as Game.listen holds them above the timing's count (clone's
        # mark_listen, made with the game's rules; the quiet path's and _timing_heard's int):
        # one read, where the tables' array was read and tested for None and the idle point
        # read apart (step 243a)
        lv = _ints_at(cython.cast(cython.pointer(PyObject), g.listen), timing)
        marks = lv >> LISTEN_MARKS
    else:
        t = _T(g)
        tl = f.timings
        if tl is None:
            # the event's first timing: its list is made after _first_timing, which reads none
            # (a count read meanwhile finds no list, as it found an empty one). Compiled, an
            # array('i') with room for 8 (an event fires 3 to 6 timings mostly), one a popped
            # event frame left (Game._pop) taken first: C ints, where a list held a Python int
            # each. _first_timing called for a damage's or a recovery's only (~180 of the six
            # games' ~5,100 events): the others' id tested here, in place (step 116b)
            if _prog_evi_in(t, f.prog, (1 << EVI_DAMAGE) | (1 << EVI_RECOVER)):
                _first_timing(g, f)
            f.timings = [timing]
        else:
            # the timings in the order generated, one entry each time: an append where counts by
            # timing were searched at every timing (timing_count counts; is_ineffective looks one
            # up); compiled, within the array's room (lists.pxd)
            tl.append(timing)
        marks = _by_prog(t.flow_rule_at, timing, 0)   # (C ints by timing id)
    rules = (marks & 1) != 0
    f.subject = subject
    f.timing = timing
    # the dying flow's asking order (its X_FLAG list, which health._dying_flag makes and flags
    # F_ASKING): the flag's bit first, then the list in place, the scratch read only when there
    # is one (~100 of the ~30,700 timings of the six games)
    asking = (f.flags & F_ASKING_CONST) != 0 and _asks_in_order(f)
    # Game.fire's two steps without its call (C calls: no optional argument, no override test)
    # for a Game, compiled: a subclass may override fire (RulingGame records every timing), and
    # the pure engine calls the method (the reference, which the tests' watches replace). Its
    # first step says whether anybody listens: settled matters only then (~27,000 of the
    # ~30,700 timings of the six games of `sgs bench --what instructions` are heard by nobody)
    steps: cython.bint   # (a C int: no bool object)
    heard: cython.bint
    if plain:
        # _timing_heard's count, and its answer from the item read above (nothing since writes
        # Game.listen), where it tested the log's level and read the item again
        g.n_timings += 1
        steps = True
        heard = (lv & LISTEN_COUNT) != 0
    else:
        steps = cython.compiled and type(g) is Game
        heard = not steps or _timing_heard(g, timing)
    if not heard:
        st = 0
    else:
        # settled (Game.fire asks the seats now, and pushes no dispatch frame when none has a
        # candidate): when nothing below writes what a condition reads or runs before the
        # dispatch (the dying flow's first asked seat, the idle point's slot, a card's flow
        # rules), and the running frame, resumed after the dispatch frame's pop, would go on at
        # its pc as on 0 (Game.step jumps a terminated frame to its end and cuts a cut turn's
        # frames first). What the generated code does on a push (its loops' indices written back
        # to their slots) no condition reads: an index slot is read only in its loop
        # (emit.loop_slots)
        settled = not asking and not marks and \
            not (f.flags & FL_TERMINATED) and not (g.gbits & G_TURN_CUT)
        st = g._fire_heard(timing, f, settled) if steps else g.fire(timing, f, settled)
    if asking:
        _asking(g, _get(f, X_FLAG), st)
    if marks & 2:
        # a skill fired by the dispatcher from now on (a card use: its hidden skill) is a
        # use at this idle point (idle_point_unused, Skill.idle_slot)
        put_slot(_sx(f), X_IDLE, g.n_skill_uses)
    if rules:
        if cython.compiled:
            return _after_fire(g, f, cython.cast(Tables, tb), timing, st)
        return _after_fire(g, f, t, timing, st)
    return st


# the tables of a game whose ruleset is exactly a Rules (its caller tested G_PLAIN or the type),
# borrowed: no test of None, which nonecheck's read made after the type's (step 253a)
@cython.cfunc
@cython.inline
@cython.nonecheck(False)
@cython.exceptval(check=False)
@cython.returns(cython.p_void)
@cython.locals(g=Game)
def _rules_tables(g, /):
    return cython.cast(cython.p_void, cython.cast(Rules, g.rs).sgs)


# a phase flow's timing in _fire (step 218e): its turn frame read borrowed in the common case,
# where _fire's Frame local took and dropped a reference at each of ~1,400 phase timings and
# was tested for its drop at each of its ~4,800 calls
@cython.cfunc
@cython.inline
@cython.nonecheck(False)
@cython.exceptval(-1)
@cython.returns(cython.bint)
@cython.locals(g=Game, f=Frame, timing=cython.int)
def _phase_turn_cut(g, f, timing, /):
    """A phase flow of the turn: True when its turn is cut (its role died, 000:542: nothing
    more); else its turn frame is told the timing (which timing of the turn is being processed).
    A phase the turn flow pushed has its turn frame as event context, right below it on the stack
    (nothing comes between a running frame and the frame that pushed it while that one waits):
    the turn frame _turn_frame would find by walking the stack; compiled, read in place (f holds
    it). Any other context: _phase_turn_walk."""
    if cython.compiled:
        tp = cython.declare(cython.pointer(PyObject), cython.cast(cython.pointer(PyObject), f.ev))
        if tp != cython.cast(cython.pointer(PyObject), None) and \
                cython.cast(Frame, tp).flags & FL_TURN:
            if _turn_is_cut(cython.cast(Frame, tp)):
                return True
            cython.cast(Frame, tp).timing = timing
            return False
    return _phase_turn_walk(g, f, timing)


@cython.cfunc
@cython.exceptval(-1)
@cython.returns(cython.bint)
@cython.locals(g=Game, f=Frame, timing=cython.int, tf=Frame)
def _phase_turn_walk(g, f, timing, /):
    """_phase_turn_cut's answer, its turn frame f's event context when that is a turn frame,
    else the stack's (_turn_frame's walk); none: not cut, nobody told."""
    tf = f.ev
    if tf is None or not (tf.flags & FL_TURN):
        tf = Turns._turn_frame(g)
    if tf is not None:
        if _turn_is_cut(tf):
            return True
        tf.timing = timing
    return False


def _push_prog(g, f, cid, args, owner, ev, /):
    n = _nslots_c(g, cid)   # compiled: from a C int array (-1 past its end)
    if n < 0:
        n = g.rs.prog_nslots[cid]
    # the slots made at their size, the arguments copied in from a tuple (what generated code
    # passes): list(args) and appends went through list_extend and a realloc
    a = args if type(args) is tuple else tuple(args)
    k = len(a)
    if k > n:
        k = n   # a fixture event may declare fewer parameters than the book's
    if cython.compiled:   # a dead frame's list, inline (flow.pxd: spares' slots_of's)
        slots = tuple_slots(push_slots_at, n, a, k)
    else:
        slots = slots_of(a, k, n)
    if cython.compiled:   # new_frame and push_frame inline (spares.pxd, step 121)
        c = pushed_frame(g, push_frames_at, cid, owner, ev, slots)
    else:
        c = _new_pushed(g, cid, owner, ev, slots)
    if f is not None:
        f.child = c
    return c


if not cython.compiled:   # (compiled: spares.pxd's pushed_frame, inline)
    def _new_pushed(g, cid, owner, ev, slots):
        """A new frame of program cid with these slots, pushed: new_frame, then push_frame."""
        c = Game.new_frame(g, cid, owner, ev, 0)
        c.slots = slots
        Game.push_frame(g, c)
        return c


def _push_args(g, f, cid, k, a, b, c, d, owner, ev, /):
    """_push_prog of the first k (1 to 4) of a, b, c and d, with no tuple made (call1 to call4,
    turns._push_phase_event): the slots made at the program's size (None), then filled."""
    if cython.compiled:   # the stack's frame, borrowed (below): taken here
        return cython.cast(Frame, _push_args_in(g, f, cid, k, a, b, c, d, owner, ev))
    return _push_args_in(g, f, cid, k, a, b, c, d, owner, ev)


# _push_args' body, inline in _call_args (call1 to call4: ~7,800 pushes in the six games of `sgs
# bench --what instructions`), where its call of ten arguments saved and restored six registers
# and passed four on the stack at each push; _push_args (use's pre flows) calls it too.
# Compiled, it returns the pushed frame borrowed (the stack holds it; NULL: an error): _call_args
# does not keep it, where the reference returned was taken and dropped at each of its pushes
@cython.cfunc
@cython.inline
@cython.returns(cython.p_void)   # (uncompiled: the frame)
@cython.locals(g=Game, f=Frame, cid=cython.int, k=cython.Py_ssize_t, owner=cython.int, ev=Frame,
               n=cython.Py_ssize_t, slots=list, fr=Frame)
def _push_args_in(g, f, cid, k, a, b, c, d, owner, ev, /):   # (f and ev may be None)
    if cython.compiled:
        # the frame, its slot list (a dead frame's, filled in one pass) moved into it, pushed
        # (pushinline.pxd's pushed_in: this body, written once for turns and use too, step 258a)
        return pushed_in(g, f, cid, owner, ev, k, a, b, c, d)
    n = _nslots_c(g, cid)
    if k > n:
        k = n   # a fixture event may declare fewer parameters than the book's
    slots = new_slots(n, None)
    if k > 0:
        put_slot(slots, 0, a)
    if k > 1:
        put_slot(slots, 1, b)
    if k > 2:
        put_slot(slots, 2, c)
    if k > 3:
        put_slot(slots, 3, d)
    fr = _new_pushed(g, cid, owner, ev, slots)
    if f is not None:
        f.child = fr
    return fr


# inline (step 188b): in place in call and call1 to call4 (~900 of the six games' arguments are
# neither an int nor a tuple: a Pick of cards, a frame, a bool), where each was a call
@cython.cfunc
@cython.inline
@cython.exceptval(-1)
@cython.returns(cython.bint)
def _chosen_first(a, /):
    """Argument a is a role still to be chosen (a Pick, not of cards): call chooses it first. An
    int (most arguments: a seat, a card) is tested by pointer first."""
    return type(a) is not int and isinstance(a, Pick) and cython.cast(Pick, a).kind != "cards"


# call with one to four arguments, which generated code passes as they are (the emitter chooses by
# arity, compiler.emit): where call's argument tuple was made, filled and freed at each call
# (~5,500 in the six games of `sgs bench --what instructions` with one to three, ~1,600 with four:
# 置入, step 122b). The turn's event and a role
# still to be chosen take call's path from its start (their tuple made then); else call's steps in
# its order: a cut turn or phase, a phase's event (its one argument, the role), the push.
def call1(g, f, program, a, /):
    """call(g, f, program, (a,))."""
    return _call_args(g, f, program, 1, a, None, None, None)


def call2(g, f, program, a, b, /):
    """call(g, f, program, (a, b))."""
    return _call_args(g, f, program, 2, a, b, None, None)


def call3(g, f, program, a, b, c, /):
    """call(g, f, program, (a, b, c))."""
    return _call_args(g, f, program, 3, a, b, c, None)


def call4(g, f, program, a, b, c, d, /):
    """call(g, f, program, (a, b, c, d))."""
    return _call_args(g, f, program, 4, a, b, c, d)


def _call_args(g, f, cid, k, a, b, c, d, /):
    if cython.compiled:
        given(g)
        given(f)
        # the tables borrowed (the game's ruleset holds them; nothing here replaces it), where
        # _T's reference was taken and dropped, here and in _event_ctx, at each of ~8,100 calls;
        # a game without them goes call's way (its _T raises, after the same tests of a cut turn
        # or phase); tables without one of the two arrays read below raise at its read, as call's
        # (after the same tests: step 243b, where both were tested first at every call). A plain
        # game's ruleset is a Rules (G_PLAIN, engine.pxd): its bit first, the type tested for the
        # others only, the tables read with no test of None (step 253b)
        tb = cython.cast(cython.pointer(PyObject), cython.NULL)
        turn_ev: cython.bint = True
        if g.gbits & G_PLAIN or type(g.rs) is Rules:
            tb = cython.cast(cython.pointer(PyObject), _rules_tables(g))
            turn_ev = tb == cython.cast(cython.pointer(PyObject), None) or \
                cid == cython.cast(Tables, tb).ev_turn
    else:
        t = _T(g)
        turn_ev = cid == t.ev_turn
    # (an int or a tuple — a seat, a card, a group of cards: most arguments — tested here by
    # pointer: no call of _chosen_first)
    if turn_ev or \
            (type(a) is not int and type(a) is not tuple and _chosen_first(a)) or \
            (k > 1 and type(b) is not int and type(b) is not tuple and _chosen_first(b)) or \
            (k > 2 and type(c) is not int and type(c) is not tuple and _chosen_first(c)) or \
            (k > 3 and type(d) is not int and type(d) is not tuple and _chosen_first(d)):
        return call(g, f, cid, (a,) if k == 1 else (a, b) if k == 2 else (a, b, c) if k == 3
                    else (a, b, c, d))
    if f.flags & FL_TURN and _turn_is_cut(f) and Turns._turn_cut_skip(g, f, -1):
        return _done(f, False)
    if f.flags & FL_PHASE and Turns._phase_cut(g):
        return _done(f, False)
    if cython.compiled:   # _prog_phase's and _event_ctx's reads, of the borrowed tables
        arr = cython.declare(cython.pointer(PyObject), cython.cast(
            cython.pointer(PyObject), cython.cast(Tables, tb).prog_phases))
        if arr == cython.cast(cython.pointer(PyObject), None):
            _by_prog_at(arr, cid, -1)   # (raises, as call's _prog_phase)
        ph = table_at(arr, cid, -1)
    else:
        ph = _prog_phase(t, cid)
    if ph >= 0:
        Turns._push_phase_event(g, f, ph, a, False)
    else:
        if cython.compiled:
            # the event context borrowed (f holds it; the new frame takes its own reference):
            # a pointer's cast passed takes no temporary reference, where the conditional's did
            arr = cython.cast(cython.pointer(PyObject), cython.cast(Tables, tb).prog_is_ev)
            if arr == cython.cast(cython.pointer(PyObject), None):
                _by_prog_at(arr, f.prog, 0)   # (raises, as call's _event_ctx)
            evp = cython.cast(cython.pointer(PyObject), f) if table_at(arr, f.prog, 0) \
                else cython.cast(cython.pointer(PyObject), f.ev)
            _push_args_in(g, f, cid, k, a, b, c, d, f.owner, cython.cast(Frame, evp))
        else:
            _push_args_in(g, f, cid, k, a, b, c, d, f.owner, _event_ctx(g, f))
        _pushed(f)
    # the pushed frame run now (0: it ran to its end, f goes on), not after f's return
    return Game.run_pushed(g, f)


if cython.compiled:
    # Python's flow.fire and flow.call1 … call4 (tests, tools; the units and the rooms call the C
    # functions): the game and the frame refused when None (an annotated extension type's
    # argument, Cython 3), which the C functions take as not None (flow.pxd, step 188a)
    def _fire_entry(g: Game, f: Frame, timing: cython.int, subject, /):
        return fire(g, f, timing, subject)

    def _call1_entry(g: Game, f: Frame, program: cython.int, a, /):
        return call1(g, f, program, a)

    def _call2_entry(g: Game, f: Frame, program: cython.int, a, b, /):
        return call2(g, f, program, a, b)

    def _call3_entry(g: Game, f: Frame, program: cython.int, a, b, c, /):
        return call3(g, f, program, a, b, c)

    def _call4_entry(g: Game, f: Frame, program: cython.int, a, b, c, d, /):
        return call4(g, f, program, a, b, c, d)

    globals().update(fire=_fire_entry, call1=_call1_entry, call2=_call2_entry,
                     call3=_call3_entry, call4=_call4_entry)


def call(g, f, program, args, /):
    """Push a frame of generated program ``program`` (its core id: a unit's link(rs) read it by
    name) with ``args`` in its first slots; owner and event context are inherited."""
    t = _T(g)
    cid = program
    if f.flags & FL_TURN and _turn_is_cut(f) and Turns._turn_cut_skip(g, f, -1):
        return _done(f, False)
    if f.flags & FL_PHASE and Turns._phase_cut(g):
        return _done(f, False)
    if cid == t.ev_turn:
        return Turns._push_turn_event(g, f, cid, args)
    ph = _prog_phase(t, cid)
    if ph >= 0:
        Turns._push_phase_event(g, f, ph, args[0] if args else g.current, False)
        return Game.run_pushed(g, f)
    # a role still to be chosen (一名…) is chosen before the term/event runs;
    # cards still to be chosen are chosen by the operation's actor (移动). The arguments as a
    # tuple (what generated code passes): a C loop, where iterating an object made an iterator
    at = args if type(args) is tuple else tuple(args)
    for i in range(len(at)):
        a = at[i]
        # (an int's or a tuple's type tested by pointer first: no call of _chosen_first)
        if type(a) is not int and type(a) is not tuple and _chosen_first(a):
            wrapped = [program] + [(_Keep(x) if (isinstance(x, Pick) and x.kind == "cards")
                                    else x) for x in at]
            return Decisions._resolve(g, f, "_call_resolved", True, wrapped, _program_words(g, cid))
    _push_prog(g, f, cid, at, f.owner, _event_ctx(g, f))
    _pushed(f)
    return Game.run_pushed(g, f)   # as in _call_args


def _program_words(g, cid, /):
    """A program as the specs word it (用语 〔甲：角色〕将〔乙：牌组〕交给〔丙：角色〕 -> the pattern;
    事件 伤害 -> 伤害): the prompt of a choice made before it runs. The name a str (flow.pxd: its
    tests and slice in C, step 273g)."""
    name = g.rs.prog_names[cid]
    for pre in ("用语 ", "事件 "):
        if name.startswith(pre):
            return name[len(pre):]
    return name


class _Keep:
    """An argument the helper must not resolve (compiled, an extension type: flow.pxd)."""

    def __init__(self, v):
        self.v = v


def _call_resolved(g, f, strict, program, /, *args):
    return call(g, f, program,
                tuple([cython.cast(_Keep, a).v if isinstance(a, _Keep) else a for a in args]))


def terminate(g, f, target, /):
    """终止 (``target`` None) this flow, or the innermost running flow named
    ``target`` together with every frame above it.  Returns DONE."""
    if target is None:
        Game.terminate(g, f)
        return 3
    t = _T(g)
    st = g.stack
    i = len(st) - 1
    while i >= 0:
        fr = st[i]
        if t.event_of.get(fr.prog) == target or g.rs.prog_names[fr.prog] == target:
            for j in range(i, len(st)):
                Game.terminate(g, st[j])
            return 3
        i -= 1
    Game.terminate(g, f)
    return 3


def _run_term(g, f, program, /, *args):
    """An operation term used as a value: run its program to its end now and
    return its ``result``.  It must not ask anything."""
    cid = program
    base = len(g.stack)
    c = _push_prog(g, f, cid, args, f.owner, _event_ctx(g, f))
    progs = g.rs.progs
    while len(g.stack) > base:
        top = g.stack[len(g.stack) - 1]
        st = progs[top.prog].run(g, top)
        if st == 3:
            Game._pop(g, top)
        elif st == 2:
            raise E.EngineError("%s asks a decision but is used as a value"
                                % g.rs.prog_names[cid])
        elif st == 4:
            break
    return c.result


def _items(g, f, v, /):
    """循环 甲 取遍 v: the items the loop walks, as a tuple, fixed when the loop starts (a tuple
    given is itself: nothing is copied). The generated loop step (ir.Next) reads it by index."""
    if type(v) is tuple:   # the most common (此次移动的牌): tested first
        return v
    if v is None:
        return ()
    if isinstance(v, int):
        if v == ANY:
            return tuple(Game.alive_seats(g))
        if v == OTHER:   # 循环 … 取遍 其他角色 (〖乱武〗): the living roles but the owner
            return tuple([p for p in Game.alive_seats(g) if p != f.owner])
        return (v,) if v >= 0 else ()
    if isinstance(v, Pick):
        pk = v
        return tuple(pk.group)
    return tuple(v)


# ---- delayed effects ---------------------------------------------------------------------------


@prim(timing="时机", program="*", who="角色", values="*")
def add_delayed(g: Game, f: Frame, strict, timing, program, who, /, *values):
    """→ T，…: a delayed effect: at the next occurrence of timing ``timing``
    whose subject matches ``who`` (the owner by default), program
    ``program`` runs once with the owner of ``f`` (then it is gone), ``values`` in its first
    slots (its （X为…） computed when it was set up).  Needs
    the root frame (new_game / run_event) and ``finish(rs)``."""
    t = _T(g)
    if not t.finished:
        raise E.EngineError("add_delayed needs P.finish(rs) before the Game is created")
    s = _state(g)
    if s is None:
        raise E.EngineError("add_delayed needs the root frame (P.new_game / P.run_event)")
    if s[S_DELAYED] is None:
        s[S_DELAYED] = []
    # an effect that starts with 你可… is offered, as a skill (Register._finish_delayed), else run
    sid = cython.cast(dict, t.opt_delayed).get(program, t.delayed_skill[timing])
    s[S_DELAYED].append([f.owner, timing, program, who, values, sid])
    Game.grant_skill(g, f.owner, sid)
    return _done(f, True)


class During:
    """〔甲〕于此回合内: 甲 for the rest of the turn ``turn`` (Game.turn_no). A delayed effect
    whose timing has this subject (〖裸衣〗) takes effect at each occurrence of its timing
    until the turn ends, instead of once. Compiled, an extension type (flow.pxd: step 273d)."""

    def __init__(self, who, turn):
        self.who = who
        self.turn = turn


def _end_turn_effects(g, turn, /):
    """The delayed effects lasting for the rest of turn ``turn`` (〔甲〕于此回合内…) are gone:
    the turn ended early (turns.end_turn_at_once)."""
    s = _state(g)
    if s is None or s[S_DELAYED] is None:
        return
    lst = s[S_DELAYED]
    i = 0
    while i < len(lst):
        d = lst[i]
        if isinstance(d[3], During) and d[3].turn == turn:
            lst.pop(i)
            Game.revoke_skill(g, d[0], d[5])
            continue
        i += 1


def _delayed_find(g, owner, ev, t, skip=(), prog=-1, /):
    """The first delayed effect of ``owner`` due at timing t of event ev: of program ``prog``
    (an effect offered as a skill), else of the ones run without asking."""
    s = _state(g)
    if s is None or s[S_DELAYED] is None:
        return -1
    lst = s[S_DELAYED]
    subj = NONE
    if ev is not None:
        v = ev.subject
        if v is not None:
            subj = v
    i = 0
    while i < len(lst):
        d = lst[i]
        who = d[3]
        if isinstance(who, During):
            dur = who
            if dur.turn != g.turn_no:   # its turn is over: the effect is gone
                # (del, not pop: Cython's pop at a C index trips gcc's -Wtautological-compare)
                del lst[i]
                Game.revoke_skill(g, d[0], d[5])
                continue
            who = dur.who
        if d[0] == owner and d[1] == t and not _listed(d, skip) and \
                (d[2] == prog if prog >= 0 else d[2] not in cython.cast(dict, _T(g).opt_delayed)):
            p = _PROBE
            p.owner = owner
            if subj < 0 or _matches(g, p, who, subj):
                cond = cython.cast(dict, _T(g).delayed_conds).get(d[2])
                if cond is None:
                    return i
                saved = p.slots
                p.slots = list(d[4])   # the values it was set up with (its X), for its condition
                try:
                    ok = cython.cast(Condition, cond, typecheck=True).test(g, owner, ev, t)
                finally:
                    p.slots = saved
                if ok:
                    return i
        i += 1
    return -1


def _listed(x, xs, /):
    """Whether ``x`` itself is an item of the tuple or list ``xs`` (a C loop: step 273d, where a
    list of truth values was made for any())."""
    for y in xs:
        if y is x:
            return True
    return False


class _DelayedCond(Condition):
    """The condition of the hidden skill running delayed effects at a timing: one is due."""

    def test(self, g, owner, ev, t, /):
        return _delayed_find(g, owner, ev, t) >= 0


_DELAYED_COND = _DelayedCond()


class _OfferedDelayedCond(Condition):
    """The condition of a delayed effect offered as a skill (…，你可…): one of program prog is due."""

    def __init__(self, prog):
        self.prog = prog

    def test(self, g, owner, ev, t, /):
        return _delayed_find(g, owner, ev, t, (), self.prog) >= 0


class DelayedProgram(Program):
    """The hidden skill's program running delayed effects (<delayed>, register.tables): ``run``
    calls _delayed_run as a C function (step 273c: an FnProgram called it through Python and
    it read the frame's fields by name, ~200 runs in the bench's 30 games)."""

    def run(self, g, f):
        return _delayed_run(g, f)


def _delayed_run(g, f, /):
    # every delayed effect of this owner due at this timing runs, one after the other
    # (the dispatcher runs the hidden skill once per timing)
    done = f.y if f.y is not None else []   # the lasting effects already run here
    i = _delayed_find(g, f.owner, f.ev, f.a, done,
                      cython.cast(dict, _T(g).opt_delayed_prog).get(f.skill, -1))
    if i < 0:
        return 3
    lst = _state(g)[S_DELAYED]
    d = lst[i]
    if isinstance(d[3], During):
        done.append(d)
        f.y = done
    else:
        del lst[i]
        Game.revoke_skill(g, f.owner, d[5])
    f.pc = 1
    c = Game.new_frame(g, d[2], f.owner, f.ev, -1)
    vals = d[4]
    for k in range(len(vals)):
        c.slots[k] = vals[k]
    Game.push_frame(g, c)
    return 1


# ---- root, turn loop ---------------------------------------------------------------------------


def _root_run(g, f, /):
    # slots via f.y: (core program id, args)
    if f.pc == 0:
        f.pc = 1
        cid, args = f.y
        _push_prog(g, f, cid, args, -1, None)
        return 1
    return 3


def _noturn_run(g, f, /):
    return 3


def _turnloop_run(g, f, /):
    t = _T(g)
    cid = t.events.get("回合", t.dturn)
    if Board._board(g) is not None:
        # on a board (战棋) a dead role takes its turn too: it comes back at its 回合开始后❷
        # (001:63); without a mode, the seats take their turns in order from the first
        who = g.first_seat if g.last_regular < 0 else (g.last_regular + 1) % g.n
        tf = Turns._push_chosen_turn(g, cid, who)
        tf.slots[0] = who
        return 1
    if Game.alive_count(g) <= 1:
        return g.end_game(list(Game.alive_seats(g)), "one player left")
    tf = Game.push_turn(g, cid, -1)
    if tf.slots:
        tf.slots[0] = tf.owner
    return 1


def run_event(g, name, args=(), /):
    """Push the root frame running event ``name`` (or ``模式:<name>``) with
    ``args``; then drive it with ``g.step()`` / ``core.agents.play``."""
    t = _T(g)
    cid = t.events[name]
    r = Game.new_frame(g, t.root, -1, None, 0)
    r.y = (cid, tuple(args))
    Game.push_frame(g, r)
    return r


# ---- the event and its timings ---------------------------------------------------------------


@prim(returns="事件")
def this_event(g, f, /):
    """此事件: the innermost event flow running this statement."""
    return _event_ctx(g, f)


@prim(returns="事件")
def no_event(g, f, /):
    return None


def frame_timing(f, /):
    """The timing frame ``f`` generated last, or None (the rulings runner's reading)."""
    return None if f.timing < 0 else f.timing


@prim(returns="时机")
def current_timing(g, f, /):
    ev = _event_ctx(g, f)
    return ev.timing if ev is not None else -1


# ---- starting flows (触发…: the event's flow as an inserted settlement) --------------------------


def _trigger(g, f, strict, name, args, /):
    """Push event ``name`` with ``args``; an unknown event is a clear error."""
    cid = _T(g).events.get(name)
    if cid is None:
        raise E.EngineError("the module has no event %r" % (name,))
    _push_prog(g, f, cid, args, f.owner, None)
    return _pushed(f)


@prim(ev="事件")
def trigger_event(g, f, strict, ev, /):
    """触发〔事件〕 with an event value (a Frame not yet run): push it."""
    if ev is None:
        return _done(f, False)
    Game.push_frame(g, ev)
    return _pushed(f)


@prim(actor="角色", cards="牌组", x="数", zone="区域")
def trigger_move(g, f, strict, actor, cards, x, zone, /):
    """〔甲〕从〔乙〕中将〔X〕张牌移至〔丙〕: 移动（移动者，可选的牌，X，目标区域）."""
    return _trigger(g, f, strict, EV_CARD_MOVE, (actor, Cards._cards(g, f, cards), x, zone))


@prim(who="角色", cause="事件", x="数")
def trigger_deduct_hp(g, f, strict, who, cause, x, /):
    """〔甲〕因〔乙：事件〕扣减〔X〕点体力: 扣减体力（扣减者，X，起因）."""
    return _trigger(g, f, strict, "扣减体力", (who, x, cause))


@prim(who="角色")
def trigger_chain_damage(g, f, strict, who, /):
    """A damage like 此伤害 (same source, channel, nature, value) to 甲, 连环."""
    ev = _enclosing(g, f, "伤害")
    if ev is None:
        return _done(f, False)
    return _trigger(g, f, strict, "伤害", (_slot(ev, 0), who, _slot(ev, 2, 0),
                                          _slot(ev, 3, NAT_NONE), _slot(ev, 4, None), True))


@prim(who="角色", x="数")
def trigger_lose_hp(g, f, strict, who, x, /):
    return _trigger(g, f, strict, "失去体力", (who, x))


@prim(who="角色", x="数")
def trigger_recover(g, f, strict, who, x, /):
    return _trigger(g, f, strict, "回复体力", (who, x))


@prim(who="角色", cause="事件")
def trigger_dying(g, f, strict, who, cause, /):
    return _trigger(g, f, strict, "濒死", (who, cause))


@prim(who="角色", cause="事件")
def trigger_death(g, f, strict, who, cause, /):
    return _trigger(g, f, strict, "死亡", (who, cause))


@prim(card="牌")
def trigger_delayed_trick_special_use(g, f, strict, card, /):
    return _trigger(g, f, strict, "延时锦囊牌的特殊使用", (card,))


@prim(who="角色", name="牌名")
def trigger_pre_use(g, f, strict, who, name, /):
    return _trigger(g, f, strict, "预使用", (who, name))


@prim(who="角色", name="牌名")
def trigger_pre_play(g, f, strict, who, name, /):
    return _trigger(g, f, strict, "预打出", (who, name))


@prim(card="牌")
def trigger_use(g, f, strict, card, /):
    """使用（使用者，此牌）: the user is the one of the enclosing 预使用."""
    return _trigger(g, f, strict, "使用", (_slot(_enclosing(g, f, "预使用"), 0, f.owner), card))


@prim(card="牌")
def trigger_play(g, f, strict, card, /):
    return _trigger(g, f, strict, "打出", (_slot(_enclosing(g, f, "预打出"), 0, f.owner), card))


@prim
def suppress_trigger_skills(g, f, strict, /):
    """所有角色的触发类技能于此操作执行时无效: the operations that follow are
    primitives that fire no timing, so nothing can trigger meanwhile."""
    return _done(f, True)


# ---- the timings' questions: order, responses ------------------------------------------------


@prim(who="角色")
def terminate_this_event(g, f, strict, who, /):
    fr = Use._flow(g, f, (1 << EVI_MAXHP_DOWN) | (1 << EVI_MAXHP_UP))
    if fr is None:
        return _done(f, False)
    Game.terminate(g, fr)
    return _done(f, True)


@prim(timing="时机", returns="数")
def timing_count(g, f, timing, /):
    ev = _event_ctx(g, f)
    tc = ev.timings if ev is not None else None
    if tc is None:   # (an empty array or list counts 0 below: no truth test's call)
        return 0
    if cython.compiled:
        # fire's array: its C ints counted in place (lists.pxd)
        if type(tc) is array.array and type(timing) is int:
            return ints_count(cython.cast(array.array, tc), timing)
        if type(tc) is list:
            # a list (a test's): list.count without comparing the small ints that are not the
            # timing's (flow.pxd)
            return count_timing(tc, timing)
    return tc.count(timing)


@prim(group="角色组")
def set_ask_order(g, f, strict, group, /):
    """令下一个时机的询问顺序为〔甲〕: only these roles may respond (the core
    asks from the current-turn role counterclockwise: the same cyclic order)."""
    fl = Health._dying_flag(g, f)
    if fl[2] is not None and fl[2] >= 0:
        # 000:501 the roles whose turn to respond came in the 处于濒死状态时 just ended (in the
        # order asked, up to the one who responded) may not activate its skills again
        for p in Game.alive_seats(g, g.current):
            if fl[0] is None or p in fl[0]:
                if p not in fl[5]:
                    fl[5].append(p)
                if p == fl[2]:
                    break
    fl[0] = tuple(Roles._group(g, f, group))
    return _done(f, True)


@prim
def set_stop_after_response(g, f, strict, /):
    fl = Health._dying_flag(g, f)
    if fl[4]:
        fl[4][len(fl[4]) - 1][2] = fl[2]   # the responder at the timing before
    fl[1] = True
    fl[2] = NONE
    return _done(f, True)


def _asking(g, fl, st, /):
    """A timing of a flow that orders its asking (the dying flow's): the role asked first, if the
    flow named one (001:665 由B开始), and a record of whom it asks (被询问过)."""
    first = fl[3]
    fl[3] = NONE
    if st == 1 and first >= 0:
        top = g.stack[len(g.stack) - 1]
        top.c = first
    fl[4].append([fl[0], first, NONE])


@prim(who="角色")
def set_ask_start(g, f, strict, who, /):
    """令下一个时机的询问从〔甲〕开始 (001:665): the next timing asks from 甲 on, in the core's
    order, instead of from the current-turn role."""
    if not isinstance(who, int) or who < 0:
        return _done(f, False)
    Health._dying_flag(g, f)[3] = who
    return _done(f, True)


@prim(group="角色组", returns="角色组")
def not_yet_asked(g, f, group, /):
    """此次濒死流程中未被询问过的〔甲〕 (001:665): those of the roles not asked at any timing of this
    flow so far; at a timing asked in the core's order from its first role, the roles after the one
    that responded were not asked."""
    fl = Health._dying_flag(g, f)
    asked = set()
    for k in range(len(fl[4])):
        order, first, who = fl[4][k]
        if k == len(fl[4]) - 1:
            who = fl[2]
        start = first if first >= 0 else (g.current if g.current >= 0 else g.referee)
        for i in range(g.n):
            q = (start + i) % g.n
            if order is None or q in order:
                asked.add(q)
            if q == who:
                break
    return tuple([q for q in Roles._group(g, f, group) if q not in asked])


@prim(returns="真假")
def timing_had_response(g, f, /):
    return Health._dying_flag(g, f)[2] >= 0


@prim(returns="角色")
def timing_responder(g, f, /):
    return Health._dying_flag(g, f)[2]


@prim(group="角色组", returns="真假")
def any_can_respond(g, f, group, /):
    ev = _event_ctx(g, f)
    fl = Health._dying_flag(g, f)
    saved = fl[0]
    fl[0] = None
    try:
        tid = _T(g).dying_timing
        for p in Roles._group(g, f, group):
            if Usable._usable(g, p, ev, tid):
                return True
    finally:
        fl[0] = saved
    return False


# ---- repeating a skill -----------------------------------------------------------------------


@prim(who="角色")
def repeat_skill(g, f, strict, who, /):
    """〔甲〕重复此流程 (〖洛神〗): the skill's program runs again from its start."""
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        fr = st[i]
        if fr.skill >= 0 and _prog_kind(_T(g), fr.prog) == _PK_SKILL:
            c = Game.new_frame(g, fr.prog, fr.owner, fr.ev, -1)
            c.skill = fr.skill
            Game.push_frame(g, c)
            f.child = c
            return _pushed(f)
    # a delayed effect's frame: rerun the skill that added it
    return _done(f, False)


# ---- fire hooks --------------------------------------------------------------------------------


def _first_timing(g, f, /):
    """The first timing an event generates: 伤害值基数 and 回复值 modifiers of
    the card that causes it (【酒】, 〖救援〗)."""
    # most events (~4,900 of the six games' ~5,100) are neither: _fire tests their id first and
    # calls this for the others only (step 116b); the work in functions of its own, whose locals
    # and references this call does not hold
    e = _prog_evi(_T(g), f.prog)
    if e == EVI_DAMAGE:
        _first_damage_timing(g, f)
    elif e == EVI_RECOVER:
        _first_recover_timing(g, f)
    return 0


def _first_damage_timing(g, f, /):
    Health.note_damage_start(g, f)
    ch = _slot(f, 4, None)
    # the card's 伤害值基数+X (【酒】) is of the damage its effect causes, not of a transfer,
    # which keeps the value transferred (002:204)
    if _is_v(ch) and not _slot(f, 5, False) and not Health.is_transferred(g, f):
        d = _rec(g, ch)[V_DMG]
        if d:
            f.slots[2] = f.slots[2] + d
    return 0


def _first_recover_timing(g, f, /):
    who = _slot(f, 0)
    c = Resolving._card_ctx(g, f)
    if _is_v(c):
        d = Status._query(g, Q_RECOVER, c, who)
        if d:
            f.slots[1] = f.slots[1] + d
    if Turns._in_play_phase(g) and who >= 0:
        Game.add_count(g, SC_PHASE, who, _T(g).k_recovered, 1)
    return 0


_FLOW_RULE_METHODS = cython.declare(cython.longlong, 64)   # register.FLOW_RULE_METHODS
# compiled, _names_flow_rules' index (decision 0216): the card names of the keys of _FR_RULES (a
# tables' card_flow_rules) at its version _FR_VERSION, of _FR_PER_NAME keys a name, by name id
# (1: some key is of that name); None: no index (_after_fire looks every key up)
_FR_RULES = cython.declare(object, None)
_FR_VERSION = cython.declare(cython.ulonglong, 0)
_FR_PER_NAME = cython.declare(cython.longlong, 0)
_FR_NAMES = cython.declare(bytes, None)


@cython.cfunc
@cython.inline
@cython.exceptval(-1)
@cython.returns(cython.bint)
@cython.locals(rules=dict, name=cython.longlong, per_name=cython.longlong)
def _names_flow_rules(rules, name, per_name, /):
    """Compiled: False when no key of ``rules`` (t.card_flow_rules) is of card name id ``name``
    (a key's name: key // per_name, register._flow_rule_key's), so that no key is made and
    looked up for it; True when some key is, or without an index (_index_flow_rules). Its
    index made again when ``rules`` is another dict or has changed since (its version tag:
    pushinline.pxd) or per_name is another."""
    if not DICT_VERSIONS:
        return True
    if rules is not _FR_RULES or dict_version(rules) != _FR_VERSION or per_name != _FR_PER_NAME:
        _index_flow_rules(rules, per_name)
    if _FR_NAMES is None:
        return True
    return 0 <= name < len(_FR_NAMES) and cython.cast(cython.p_char, _FR_NAMES)[name] != 0


@cython.cfunc
@cython.exceptval(-1)
@cython.returns(cython.int)
@cython.locals(rules=dict, per_name=cython.longlong, names=bytearray)
def _index_flow_rules(rules, per_name, /):
    """_names_flow_rules' index of ``rules``, made: by name id, 1 where some key is of that
    name; None (no index) when a key is not an int of a name below 65,536."""
    global _FR_RULES, _FR_VERSION, _FR_PER_NAME, _FR_NAMES
    names = bytearray()
    for key in rules:
        if type(key) is not int or key < 0 or per_name <= 0 or key // per_name >= 65536:
            names = None
            break
        q = key // per_name
        if q >= len(names):
            names.extend(bytes(q + 1 - len(names)))
        names[q] = 1
    _FR_NAMES = None if names is None else bytes(names)
    _FR_RULES = rules
    _FR_VERSION = dict_version(rules)
    _FR_PER_NAME = per_name
    return 0


# the record fields _after_fire reads, C indices of this room (compiled)
_V_NAME = cython.declare(cython.Py_ssize_t, V_NAME)
_V_METHOD = cython.declare(cython.Py_ssize_t, V_METHOD)
_V_USER = cython.declare(cython.Py_ssize_t, V_USER)


def _after_fire(g, f, t, timing, st, /):
    """The card rules (执行动作, 额外说明) of 此牌 at this timing of a flow about it
    (【五谷丰登】's 亮出, 【闪电】 被抵消后): they run before the skills of the timing. Called by
    fire at a timing some card's flow rules name (t.flow_rule_at)."""
    if cython.compiled:
        # resolving.pxd's inline rule of the tables given, where _card_of_event's call read them
        # again (~620 calls in the six games); the record's fields read in place (fast.pxd's
        # _field: a list's item by a C index), where r[V_NAME] was Cython's generic item read
        # with the module's boxed index
        c = Resolving._card_of_event_fast(t, f)
    else:
        c = Resolving._card_of_event(g, f)
    if not _is_v(c):
        return st
    r = _rec(g, c)
    # register._flow_rule_key(name, method, timing, timings), in C: one int's lookup, where a
    # (name, method, timing) tuple was made and hashed (a method past its bound has no rule)
    name: cython.longlong = _field(r, _V_NAME)
    mi: cython.longlong = _field(r, _V_METHOD)
    if not 0 <= mi < _FLOW_RULE_METHODS:
        return st
    nt: cython.longlong = len(g.rs.timing_names)
    # compiled: no key made and looked up for a card whose name has no rule (~600 of the six
    # games' ~620 calls)
    if cython.compiled and not _names_flow_rules(t.card_flow_rules, name, _FLOW_RULE_METHODS * nt):
        return st
    key: cython.longlong = (name * _FLOW_RULE_METHODS + mi) * nt + timing
    rules = t.card_flow_rules.get(key)
    if rules is None:
        return st
    owner = _field(r, _V_USER)
    pushed = 0
    for k in range(len(rules) - 1, -1, -1):
        cond, prog = rules[k]
        if cond is not None:
            pf = _frame0(owner, f)
            if not cython.cast(Reading, cond, typecheck=True).value(g, pf):
                continue
        a = Game.new_frame(g, prog, owner, f, -1)
        _sx(a)[X_LASTCARD] = c
        Game.push_frame(g, a)
        pushed = 1
    return 1 if pushed else st


# ---- a dying role's skills during its death flow (000:523) --------------------------------------


@prim(who="角色", t1="时机", t2="时机", t3="时机")
def invalidate_triggers_except(g, f, strict, who, t1, t2, t3, /):
    """〔甲〕于〔时机〕、〔时机〕和〔时机〕外的触发类技能无效 (000:523, the death flow: the dead role's
    trigger skills this flow does not list are invalid in it; 000:524 〖白银狮子②〗 when 〖行殇〗
    takes it): every skill 甲 has none of whose timings is one of these is invalid until
    restore_triggers; the event frame keeps the list (X_FLAG)."""
    if not (isinstance(who, int) and 0 <= who < g.n):
        return _done(f, False)
    keep = (t1, t2, t3)
    # read once, not at each skill: compiled, a typed array (its type tested here once, where
    # _ai's read of an object tested it for None and its type at each of ~300 skills)
    has: array.array = g.players[who].has
    out = []
    skills: list = g.rs.skills   # by id
    s: Skill
    sid: cython.Py_ssize_t
    # the skills 甲 has, in their order: has[sid] read in C (the engine's _ai) for each of the
    # ruleset's ~440 skills a death, and only a skill 甲 has taken from the list (step 85: each
    # skill's reference, type test and fields were read first, ~30 instructions; step 54 made
    # has[sid] a C read, where it went through the array's Python item getter)
    for sid in range(len(skills)):
        if _ai(has, sid) <= 0:
            continue
        s = skills[sid]
        if not s.timings:
            continue
        listed = False
        for t in s.timings:
            if t in keep:
                listed = True
                break
        if not listed:
            Game.invalidate_skill(g, who, sid, True)
            out.append(sid)
    _sx(f)[X_FLAG] = [who, out]
    return _done(f, True)


@prim(who="角色")
def restore_triggers(g, f, strict, who, /):
    """〔甲〕的触发类技能恢复有效: undo invalidate_triggers_except of this event frame."""
    v = _get(f, X_FLAG)
    if type(v) is list and len(v) == 2 and v[0] == who:
        for sid in v[1]:
            Game.invalidate_skill(g, who, sid, False)
        _sx(f)[X_FLAG] = None
    return _done(f, True)


prim(_call_resolved)


prim(add_delayed)


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(timing_count, this_event)


# step 83's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(set_ask_order, set_stop_after_response, timing_had_response, invalidate_triggers_except,
     restore_triggers)


# step 273g's primitive, declared cpdef in the .pxd (Cython drops its @prim decorator)
prim(repeat_skill)
