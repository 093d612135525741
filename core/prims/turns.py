# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Turns and phases (回合, 000:12-63): the current turn, phase ids, skipping, extra turns
and phases (002:345, 359), ending a phase.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import Frame, Game
from core.prims.base import NONE, S_LASTTURN, _done, _player, _pushed, prim
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import X_XPH, _F_CUT, _F_ENDED, _F_EXTRA, _F_PHASE
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _st_fast as _st,
        _event_ctx_fast as _event_ctx, _by_prog_fast as _by_prog, _list_item, _pushed_fast)
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.core.prims.smallint import one_digit_long
    # the phase's frame pushed in place (_push_phase_event): flow's _push_args' body
    # (pushinline.pxd's pushed_in, step 258a), with spares' pointers as flow's
    from cython.cimports.core.prims.pushinline import push_ready, pushed_in, table_at
    push_ready()
    # (_ctx_borrowed: a plain game's ruleset and its tables read in place)
    from cython.cimports.core.engine import G_PLAIN
    from cython.cimports.core.prims.base import Rules, Tables
else:
    from core.prims.base import _T, _get, _sx, _st, _event_ctx, _by_prog
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import board as Board, flow as Flow
if cython.compiled:
    from cython.cimports.core.prims import board as Board, flow as Flow
# the core's turn and phase bookkeeping (core/turnbook.py): a C call for what its .pxd declares
from core import turnbook as Turnbook
if cython.compiled:
    from cython.cimports.core import turnbook as Turnbook


# ---- the current turn ------------------------------------------------------------------------


@prim(returns="角色")
def last_regular_turn_player(g, f, /):
    return g.last_regular


@prim(ev="事件", returns="真假")
def is_first_turn(g, f, ev, /):
    return g.turn_no == 1


@prim(ev="事件", returns="真假")
def is_regular_turn(g, f, ev, /):
    return not g.turn_extra


@prim(returns="事件")
def current_turn(g, f, /):
    return _turn_frame(g)


# ---- rounds, skipped phases ------------------------------------------------------------------


@prim(returns="数")
def round_number(g, f, /):
    return g.round


@prim(x="数")
def set_round_number(g, f, strict, x, /):
    if x != g.round:
        Game._reset_scope(g, E.SC_ROUND)   # 每轮限X次: counted per round
    g.round = x
    return _done(f, True)


@prim(who="角色", ph="阶段")
def skip_phase(g, f, strict, who, ph, /):
    return _done(f, Turnbook.skip_phase(g, ph))


# ---- starting turns --------------------------------------------------------------------------


@prim(who="角色")
def set_current(g, f, strict, who, /):
    """令〔甲〕为当前回合角色: before the first turn it fixes the first seat
    (seat number 1, where rounds start); later the core's turn order (extra
    turns first, then the next living seat) decides, so it is a no-op."""
    if g.turn_no == 0 and who >= 0:
        g.first_seat = who
        g.referee = who
    return _done(f, True)


@prim(who="角色")
def run_turn(g, f, strict, who, /):
    """由〔甲〕进行一个回合: push the next turn (event 回合) with ``g.push_turn``."""
    if Game.alive_count(g) == 0:
        return _done(f, False)
    t = _T(g)
    cid = t.events.get("回合", t.dturn)
    tf = Turnbook.push_turn(g, cid, -1)
    if tf.slots:
        tf.slots[0] = tf.owner
    return 1


# ---- phases ----------------------------------------------------------------------------------


# the six phases the specs name by the primitives below. Their ids are fixed once a ruleset is
# finished, which keeps them in its tables (Tables.phase_ids): a lookup of the constant tuple key
# in the ruleset's ids hashed the tuple and compared it with the ruleset's own key at every call
# (~530 instructions; ~3,300 calls in `sgs bench --what instructions`' six games)
_PHASE_KEYS = (("phase", "出牌阶段"), ("phase", "摸牌阶段"), ("phase", "弃牌阶段"),
               ("phase", "准备阶段"), ("phase", "判定阶段"), ("phase", "结束阶段"))


def _phase_ids(rs, /):
    """The id in ruleset ``rs`` of each phase of _PHASE_KEYS, or the phase's word where ``rs``
    has no such phase (register.finish keeps them in the ruleset's tables)."""
    return tuple([rs.ids.get(k, k[1]) for k in _PHASE_KEYS])


def _phase_id(g, k, /):
    """The id of phase _PHASE_KEYS[k] in g's ruleset (_phase_ids). (The six below are plain
    defs, not closures: turns.pxd types them.)"""
    return _T(g).phase_ids[k]


@prim(returns="阶段")
def play_phase(g, f, /):
    return _phase_id(g, 0)


@prim(returns="阶段")
def draw_phase(g, f, /):
    return _phase_id(g, 1)


@prim(returns="阶段")
def discard_phase(g, f, /):
    return _phase_id(g, 2)


@prim(returns="阶段")
def prepare_phase(g, f, /):
    return _phase_id(g, 3)


@prim(returns="阶段")
def judge_phase(g, f, /):
    return _phase_id(g, 4)


@prim(returns="阶段")
def finish_phase(g, f, /):
    return _phase_id(g, 5)


@prim(ph="阶段", returns="阶段")
def this_turns_phase(g, f, ph, /):
    return ph


@prim(returns="阶段")
def this_phase(g, f, /):
    """此阶段／该阶段: the phase whose flow is running (001:73 跳过该阶段)."""
    pf = _phase_frame(g)
    return NONE if pf is None else pf.a


@prim(who="角色", returns="真假")
def outside_own_turn(g, f, who, /):
    return g.current != who


@prim(who="角色", returns="角色")
def within_this_turn(g, f, who, /):
    """〔甲〕于此回合内: for the rest of this turn. At a timing of no one's turn (the older
    edition, after the turn owner died, 003:15-17) such an effect is void: it lasts no turn."""
    if g.current < 0:
        return Flow.During(who, -1)
    return Flow.During(who, g.turn_no)


# ---- the turn and phase frames ---------------------------------------------------------------

# A turn frame's state is two bits of its flags, at most one set (base's F_CUT, F_ENDED): its turn
# is cut (its role died, 000:542) or its current phase ended (end_phase). Only this room writes
# them; the other rooms ask _is_cut (compiled, flow reads the bit in place: fast.pxd)


def _is_cut(tf, /):
    """Turn frame ``tf``'s turn is cut (jump_to_turn_end): none of its later operations happen
    before 回合结束前❶."""
    return (tf.flags & _F_CUT) != 0


def _set_turn_state(tf, state, /):
    """Turn frame ``tf``'s turn cut (F_CUT), its phase ended (F_ENDED) or neither (0)."""
    tf.flags = (tf.flags & ~(_F_CUT | _F_ENDED)) | state


def _turn_frame(g, /):
    """The innermost turn's frame on the stack, or None: the game holds it (Game.turn_frame, kept
    by push_frame, _pop and end_game; core.checks.innermost_turn is the walk it answers), where
    ~8,300 walks of the stack found it in the six games (step 85)."""
    return g.turn_frame


@prim(returns="真假")
def before_turn_end(g, f, /):
    tf = _turn_frame(g)
    if tf is None:
        return False
    t = tf.timing
    return t < 0 or t < _T(g).turn_end


@prim
def jump_to_turn_end(g, f, strict, /):
    """(000:542) the current turn goes on at 回合结束前❶ once the timing now
    processed is finished: every later operation of the turn flow before
    回合结束前❶ is skipped (see fire/call)."""
    tf = _turn_frame(g)
    if tf is None:
        return _done(f, False)
    _set_turn_state(tf, _F_CUT)
    return _done(f, True)


@prim(who="角色")
def end_turn_at_once(g, f, strict, who, /):
    """〔甲〕的回合结束 (the older edition, 003:15-17): 甲's turn ends now. The flows under way
    go on in no one's turn (当前回合角色 is none), its effects for the rest of the turn vanish
    (〖陷阵〗's, a delayed effect 于此回合内), and no later timing of the turn is generated: the
    turn frame is terminated (popped when it resumes; its phase frames too, g.kill cut the
    turn)."""
    tf = _turn_frame(g)
    if tf is None or tf.owner != who or g.current != who:
        return _done(f, False)
    Game.terminate(g, tf)
    g.turn_cut = True   # (the property: G_TURN_CUT)
    g.current = NONE
    g.phase = -1
    Flow._end_turn_effects(g, g.turn_no)
    if g._log_level > 0:
        g.log_event({"e": "turn_end", "p": who})
    return _done(f, True)


def _turn_cut_skip(g, f, timing, /):
    """Operations of the turn flow that do not happen: after its role died
    (jump_to_turn_end) until 回合结束前❶.  (A skipped phase is checked by its
    own phase flow: 此阶段已被跳过, 回合.sgs.)"""
    if _is_cut(f):
        if timing >= 0 and timing >= _T(g).turn_end:
            _set_turn_state(f, 0)
            return False
        return True
    return False


def _phase_cut(g, /):
    """The turn a phase flow belongs to is cut (its role died, 000:542)."""
    tf = _turn_frame(g)
    return tf is not None and _is_cut(tf)


# f's event context for a pushed frame, borrowed (f holds it: f, or f.ev for a frame of no
# event's program), compiled: a plain game's tables (G_PLAIN, else the ruleset's type) and their
# prog_is_ev read in place (pushinline.pxd's table_at), where fast.pxd's _event_ctx_fast took
# and dropped a reference to the tables and to the answer at each of ~1,650 phases (step 258b).
# Any other game, or tables without the array: _event_ctx_fast's answer (it raises as before)
@cython.cfunc
@cython.inline
@cython.nonecheck(False)
@cython.returns(cython.p_void)
@cython.locals(g=Game, f=Frame, ev=Frame)
def _ctx_borrowed(g, f, /):
    if f is not None and (g.gbits & G_PLAIN or type(g.rs) is Rules):
        tb = cython.cast(cython.pointer(PyObject), cython.cast(Rules, g.rs).sgs)
        if tb != cython.cast(cython.pointer(PyObject), None):
            arr = cython.cast(cython.pointer(PyObject), cython.cast(Tables, tb).prog_is_ev)
            if arr != cython.cast(cython.pointer(PyObject), None):
                if table_at(arr, f.prog, 0):
                    return cython.cast(cython.p_void, f)
                return cython.cast(cython.p_void, f.ev)
    ev = _event_ctx(g, f)
    return cython.cast(cython.p_void, ev)


# a pushed phase's frame c noted as the turn's phase (F_PHASE, F_EXTRA for an extra phase, a =
# the phase id): compiled, c passed borrowed (the stack holds it), where _push_phase_event's Frame
# local took a reference, tested it for None and dropped it at each of ~1,650 phases (step 258c)
@cython.cfunc
@cython.inline
@cython.nonecheck(False)
@cython.exceptval(check=False)
@cython.returns(cython.void)
@cython.locals(g=Game, c=Frame, ph=cython.int, extra=cython.bint)
def _phase_noted(g, c, ph, extra, /):
    c.flags = c.flags | _F_PHASE | (_F_EXTRA if extra else 0)
    g.phase_frame = c   # the turn's phase now (pushed above: push_frame saw no phase flag)
    c.a = ph


def _push_phase_event(g, f, ph, who, extra, /):
    """执行 准备阶段（甲） … : push the phase's event as a phase frame of the turn
    (F_PHASE, a = phase id; F_EXTRA for an extra phase, 002:359)."""
    # the phase's program by its id in the ruleset's list (the one _T(g).phase_prog maps it to:
    # register_event's), the phase a C int; its one argument given as it is (Flow._push_args):
    # where the dict was searched with the boxed id and a (who,) tuple made at every phase
    if cython.compiled:
        # (the id read borrowed and unboxed in place, fast.pxd's _list_item: no reference pair,
        # no wrap of a negative index, ~1,650 phases; past the list's end, its IndexError below)
        p: cython.pointer(PyObject) = _list_item(
            cython.cast(cython.pointer(PyObject), g.rs.phase_progs), ph)
        prog: cython.int
        if p != cython.NULL:
            prog = cython.cast(object, p)
        else:
            prog = g.rs.phase_progs[ph]
    else:
        prog = g.rs.phase_progs[ph]
    if cython.compiled:
        # Flow._push_args' body in place (pushinline.pxd's pushed_in), where its call of ten
        # arguments (six registers saved and restored, four arguments on the stack) was made at
        # each of ~1,650 phases (step 255a); the event context borrowed (step 258b)
        _phase_noted(g, cython.cast(Frame, pushed_in(g, f, prog, f.owner, cython.cast(
            Frame, _ctx_borrowed(g, f)), 1, who, None, None, None)), ph, extra)
    else:
        _phase_noted(g, Flow._push_args(g, f, prog, 1, who, None, None, None, f.owner,
                                        _event_ctx(g, f)), ph, extra)
    Turnbook.begin_phase(g, ph)
    if cython.compiled:   # the push noted inline (fast.pxd), where _pushed was a call (step 189d)
        _pushed_fast(f)
        return 1   # (_pushed's answer)
    return _pushed(f)


def _phase_frame(g, /):
    """The innermost phase's frame of the innermost turn, or None: the game holds it
    (Game.phase_frame, kept by push_frame, _pop, end_game and _push_phase_event;
    core.checks.innermost_phase is the walk it answers), where ~3,600 walks of the stack found it
    in the six games (step 90)."""
    return g.phase_frame


@prim(returns="真假")
def this_phase_skipped(g, f, /):
    """此阶段已被跳过 (002:360): the turn's phase of this name is skipped; an
    extra phase never is."""
    pf = _phase_frame(g)
    if pf is None or pf.flags & _F_EXTRA:
        return False
    return Turnbook.is_skipped(g, pf.a)


@prim(ph="阶段", returns="真假")
def phase_not_skipped(g, f, ph, /):
    """〔阶段〕未被跳过 (002:363): the turn's phase of this name is not skipped yet."""
    return not Turnbook.is_skipped(g, ph)


@prim(returns="真假")
def phase_before_timing_exists(g, f, /):
    """此阶段开始前这个时机存在 (002:361): not when this phase and the one before
    it in the turn are both skipped (an extra phase always has it)."""
    # (the game's phase frame, _phase_frame's answer, read in place: no reference taken and
    # dropped by a local at each of ~1,650 phases; step 180a)
    if g.phase_frame is None or g.phase_frame.flags & _F_EXTRA:
        return True
    a: cython.int = g.phase_frame.a
    # (phase_prev: a table by phase id)
    return Turnbook.before_timing_exists(g, _by_prog(_T(g).phase_prev, a, -1), a)


# ---- extra turns (002:345) and extra phases (002:359) ------------------------------------------


@prim(who="角色")
def gain_extra_turn(g, f, strict, who, /):
    """〔甲〕获得一个额外回合: the core's queue (the last one gained runs first,
    right after the current turn; extra turns never advance the round)."""
    if not isinstance(who, int) or who < 0 or not g.players[who].alive:
        return _done(f, False)
    Turnbook.grant_extra_turn(g, who)
    return _done(f, True)


@prim(returns="角色")
def next_turn_player(g, f, /):
    """下一个进行回合的角色: the core's next turn, not consumed (g.peek_turn)."""
    if not g.extra_turns:   # none queued (most turns): the next regular seat, no (seat, extra)
        return Turnbook._next_regular(g)   # tuple made and indexed
    return Turnbook.peek_turn(g)[0]


def _xph(g, who, /):
    """The extra-phase queue of the current turn if ``who`` is its role (and the turn
    goes on), else None."""
    tf = _xph_turn(g, who)
    if tf is None:
        return None
    x = _sx(tf)
    if x[X_XPH] is None:
        x[X_XPH] = []
    return x[X_XPH]


def _xph_turn(g, who, /):
    """The current turn's frame if ``who`` is its role and the turn goes on, else None."""
    tf = _turn_frame(g)
    if tf is None or not isinstance(who, int) or tf.owner != who or _is_cut(tf) \
            or not _player(g, who).alive:
        return None
    return tf


def _gain_extra_phase(g, f, before, who, a, b, /):
    q = _xph(g, who)
    if q is None or b not in _T(g).phase_prog:
        return _done(f, False)
    q.append([before, a, b])
    if g._log_level > 0:
        g.log_event({"e": "extra_phase", "p": who, "ph": g.rs.phase_names[b],
                     ("before" if before else "after"): g.rs.phase_names[a]})
    return _done(f, True)


@prim(who="角色", a="阶段", b="阶段")
def gain_extra_phase_before(g, f, strict, who, a, b, /):
    return _gain_extra_phase(g, f, True, who, a, b)


@prim(who="角色", a="阶段", b="阶段")
def gain_extra_phase_after(g, f, strict, who, a, b, /):
    return _gain_extra_phase(g, f, False, who, a, b)


def _xph_find(g, who, before, a, /):
    """The index of ``who``'s first extra phase queued before (after) phase ``a`` (any phase:
    None) in the current turn, or -1 (asked at every phase of every turn: no queue is made)."""
    # the turn's queue read first: most turns have none, and then _xph_turn's tests (whose turn,
    # cut, alive) need not run (~3,600 asks in the six games of `sgs bench --what instructions`)
    if cython.compiled:
        # (the game's turn frame, _turn_frame's answer, its scratch and the slot read borrowed,
        # fast.pxd's _list_item: no reference taken and dropped for each, where this test was
        # ~47 instructions an ask; step 180a)
        if g.turn_frame is None:
            return -1
        q0: cython.pointer(PyObject) = _list_item(cython.cast(cython.pointer(PyObject),
                                                              g.turn_frame.x), X_XPH)
        if q0 == cython.NULL or q0 == cython.cast(cython.pointer(PyObject), None):
            return -1
    else:
        tf = _turn_frame(g)
        if tf is None or _get(tf, X_XPH) is None:
            return -1
    tf = _xph_turn(g, who)
    if tf is None:
        return -1
    q = _get(tf, X_XPH)
    for i in range(len(q)):
        e = q[i]
        if e[0] == before and (a is None or e[1] == a):
            return i
    return -1


@prim(who="角色", a="阶段", returns="真假")
def has_extra_phase_before(g, f, who, a, /):
    return _xph_find(g, who, True, a) >= 0


@prim(who="角色", a="阶段", returns="真假")
def has_extra_phase_after(g, f, who, a, /):
    return _xph_find(g, who, False, a) >= 0


@prim(who="角色", returns="真假")
def has_late_extra_phase(g, f, who, /):
    return _xph_find(g, who, False, None) >= 0


def _run_extra_phase(g, f, who, before, a, /):
    i = _xph_find(g, who, before, a)
    if i < 0:
        return _done(f, False)
    q = _xph(g, who)
    b = q[i][2]
    del q[i]
    return _push_phase_event(g, f, b, who, True)


@prim(who="角色", a="阶段")
def run_extra_phase_before(g, f, strict, who, a, /):
    return _run_extra_phase(g, f, who, True, a)


@prim(who="角色", a="阶段")
def run_extra_phase_after(g, f, strict, who, a, /):
    return _run_extra_phase(g, f, who, False, a)


@prim(who="角色")
def run_late_extra_phase(g, f, strict, who, /):
    return _run_extra_phase(g, f, who, False, None)


def _push_turn_event(g, f, cid, args, /):
    """执行 回合（甲）: the core's turn bookkeeping (push_turn: turn number, round,
    counters, extra turns); it must be 甲's turn. On a board (战棋) there is no seat order:
    the mode names whose turn it is (001:55), the round is the turn flow's own (001:61)."""
    want = args[0] if args else NONE
    if Board._board(g) is not None and isinstance(want, int) and want >= 0:
        tf = _push_chosen_turn(g, cid, want)
    else:
        tf = Turnbook.push_turn(g, cid, -1)
    if tf.slots:
        tf.slots[0] = tf.owner
    if isinstance(want, int) and want >= 0 and want != tf.owner:
        raise E.EngineError("执行 回合（%d）: the core's turn order gives seat %d"
                            % (want, tf.owner))
    _st(g)[S_LASTTURN] = tf.owner
    f.child = tf
    return _pushed(f)


@prim(who="角色", ph="阶段", returns="角色")
def during_phase(g, f, who, ph, /):
    """〔甲〕于〔阶段〕内 (〖烈弓〗 你于出牌阶段内使用【杀】…): 甲 while it is in that phase of its
    own turn, else nobody (a timing with this subject then is nobody's)."""
    if not (isinstance(who, int) and who >= 0) or who != g.current:
        return NONE
    tf = _turn_frame(g)
    t = tf.timing if tf is not None else -1
    if t < 0:
        return NONE
    for p, lo, hi in _T(g).phase_ranges:
        if p == ph:
            return who if lo <= t <= hi else NONE
    return NONE


def _push_chosen_turn(g, cid, who, /):
    """The turn of ``who`` as push_turn does it (the invariants' hook, the turn's bookkeeping, the
    turn frame), without the seat order: no extra turn is consumed and the round is not counted
    (the turn flow counts it, 001:61)."""
    if g.turn_hook is not None:
        g.turn_hook(g)
    g.last_regular = -1
    Turnbook.begin_turn(g, who, False)
    tf = Game.new_frame(g, cid, who, None, -1)
    tf.flags = E.F_TURN
    tf.jump_pc = -1
    Game.push_frame(g, tf)
    return tf


def _in_play_phase(g, /):
    # (the game's turn frame, _turn_frame's answer, read in place: no reference taken and
    # dropped by a local; step 180a)
    if g.turn_frame is None:
        return False
    t = g.turn_frame.timing
    if t < 0:
        return False
    tt = _T(g)
    if cython.compiled:
        # the bounds (ints of one digit: timing ids) read in place, borrowed (smallint.pxd),
        # where Cython's conversion unboxed each (~1,360 calls in the six games; step 189c)
        lo1: cython.long
        hi1: cython.long
        if one_digit_long(cython.cast(object, cython.cast(cython.pointer(PyObject), tt.play_lo)),
                          cython.address(lo1)) and \
                one_digit_long(cython.cast(object, cython.cast(cython.pointer(PyObject),
                                                               tt.play_hi)),
                               cython.address(hi1)):
            return lo1 <= t <= hi1
    # a timing id and the play phase's bounds compared as C ints (they are ints)
    ti: cython.longlong = t
    lo: cython.longlong = tt.play_lo
    hi: cython.longlong = tt.play_hi
    return lo <= ti <= hi


@prim(who="角色")
def end_phase(g, f, strict, who, /):
    tf = _turn_frame(g)
    if tf is None:
        return _done(f, False)
    _set_turn_state(tf, _F_ENDED)
    return _done(f, True)


@prim(returns="真假")
def phase_not_ended(g, f, /):
    # (the game's turn frame, _turn_frame's answer, read in place: no reference taken and
    # dropped by a local; its flags tested before its role's record is asked for. A turn not
    # cut is one _turn_cut_skip(g, tf, -1) answers False for: not asked; step 180b)
    if g.turn_frame is None or g.turn_frame.flags & (_F_ENDED | _F_CUT):
        return False
    return _player(g, g.turn_frame.owner).alive


@prim
def end_phase_effects(g, f, strict, /):
    tf = _turn_frame(g)
    if tf is not None and tf.flags & _F_ENDED:
        _set_turn_state(tf, 0)
    return _done(f, True)


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(has_extra_phase_before, has_extra_phase_after, this_phase_skipped, phase_before_timing_exists,
     phase_not_ended, play_phase, draw_phase, discard_phase, prepare_phase, judge_phase,
     finish_phase, current_turn, next_turn_player, is_first_turn, has_late_extra_phase,
     is_regular_turn, last_regular_turn_player, end_phase, end_phase_effects)
