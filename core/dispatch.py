"""The dispatcher's question for one seat: which skills of a timing's held list are a seat's
candidates there (``Game._candidates``: the dispatch frame and a settled timing ask it for each
seat with a skill of the timing), and the runtime's tests a skill's condition begins with
(``Game.skill_ready``, ``Skill.cond``); and the dispatch frame's run itself, its seats stepped
over and asked, a seat's skill fired (``dispatch_run``: ``Game._dispatch``; step 250a).

Split from core/engine.py (docs/performance.md, step 101a). Compiled beside the engine
(``dispatch.pxd``); like core/held.py, this module and the engine cimport each other: the
engine's ``Game._candidates`` and ``Game.skill_ready`` are C calls of ``candidates`` and
``_skill_ready``, and this module reads the game's fields and the held caches (core/held.py) in C.
"""
import cython

from core.errors import EngineError

if cython.compiled:
    from cython.cimports.cpython.list import PyList_GET_ITEM, PyList_GET_SIZE
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.core.prims.smallint import small_int
    from cython.cimports.core.held import _make_held, _make_seats, _skill_tests
    from cython.cimports.core.engine import OWN_SKILL_USES, _ai, _ai_add
    from cython.cimports.core.decision import new_decision_list, options_of_skills
    from cython.cimports.cpython.ref import Py_INCREF
    from cython.cimports.core.spares import (keep_slots_given, kept_frames_at, kept_slots,
                                             kept_slots_at, pushed_frame)
else:
    # compiled: the item borrowed, no reference taken (the caller's list keeps it)
    def PyList_GET_ITEM(a, i, /):
        return a[i]

    PyList_GET_SIZE = len


@cython.boundscheck(False)   # players[p]: 0 <= p < n (Game._candidates checks a caller's p)
@cython.wraparound(False)
def candidates(g, f, p, /):
    """Game._candidates: the skills of timing ``f.a``'s held list that are seat ``p``'s
    candidates for dispatch frame ``f`` (in the list's order), or None when none is."""
    # players holds the game's Players only (setup, clone): read without a type test, as at
    # each of the ~21,000 calls (a dispatch frame asks every seat in turn)
    if cython.compiled:   # borrowed (the game's list keeps its Players: no pair; step 113b), the
        # list read in place too (no reference taken and dropped on it)
        pls: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), g.players)
        plp: cython.pointer(PyObject) = PyList_GET_ITEM(cython.cast(list, pls), p)
        # the event borrowed: f holds it, and nothing sets a dispatch frame's ev while its seat
        # is asked
        evp: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), f.ev)
    else:
        ev = f.ev
    held = _held_at(g, f.a)
    # compiled, the size read in place (len's -1 test for an error a list's size never is)
    n: cython.Py_ssize_t = PyList_GET_SIZE(held)
    if cython.compiled:
        i: cython.Py_ssize_t = _next_candidate(g, f, held, 0, n, cython.cast(Player, plp), p,
                                               cython.cast(Frame, evp))
    else:
        i = _next_candidate(g, f, held, 0, n, g.players[p], p, ev)
    if i == n:   # (most asks: no local list, None's reference taken and dropped, at each)
        return None
    # compiled, the list answered last when nothing holds it (.pxd)
    res: list = cands_list() if cython.compiled else []
    while i < n:
        res.append(cython.cast(Skill, PyList_GET_ITEM(held, i)))
        if cython.compiled:
            i = _next_candidate(g, f, held, i + 1, n, cython.cast(Player, plp), p,
                                cython.cast(Frame, evp))
        else:
            i = _next_candidate(g, f, held, i + 1, n, g.players[p], p, ev)
    return res


@cython.cfunc
@cython.inline
@cython.boundscheck(False)   # 0 <= i < n: the held list's size
@cython.wraparound(False)
@cython.exceptval(-1, check=True)
@cython.locals(g="Game", f="Frame", held=list, i=cython.Py_ssize_t, n=cython.Py_ssize_t,
               pl="Player", p=cython.int, ev="Frame")
def _next_candidate(g, f, held, i, n, pl, p, ev) -> cython.Py_ssize_t:
    """The index of the first skill of ``held`` (timing f.a's held list, its size n) from i on
    that is seat p's (player pl's) candidate for dispatch frame f of event ev, or n: candidates'
    walk. Compiled, each skill borrowed from the held list (no reference taken and dropped):
    candidates holds the list, nobody changes one (a change of skills makes a new one,
    core.held), and the ruleset keeps its skills."""
    while i < n:
        if _is_candidate(g, f, cython.cast(Skill, PyList_GET_ITEM(held, i)), pl, p, ev):
            return i
        i += 1
    return n


@cython.cfunc
@cython.inline
@cython.wraparound(False)   # t: a timing id (a dispatch frame's f.a), below the list's size
@cython.locals(g="Game", t=cython.int)   # (g not declared `not None`: no test at the call)
def _held_at(g, t) -> list:
    """Timing t's held list: rs.by_timing[t] without the skills nobody has (or whose needed
    skill nobody has), in its order; read here inline, computed when missing by
    core.held._make_held (which reads it the same way first: Game.held)."""
    if cython.compiled:   # the game's list and its item read in place, borrowed (one reference
        # taken, the caller's), the item not tested again for a list (core.held keeps lists there)
        hl: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), g.held)
        if hl != cython.cast(cython.pointer(PyObject), None):
            it: cython.pointer(PyObject) = PyList_GET_ITEM(cython.cast(list, hl), t)
            if it != cython.cast(cython.pointer(PyObject), None):
                return cython.cast(list, it)
        return _make_held(g, t)
    hl = g.held
    if hl is not None:
        held = cython.cast(list, hl)[t]
        if held is not None:
            return held
    return _make_held(g, t)


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(g="Game", f="Frame", s="Skill", pl="Player", p=cython.int, ev="Frame")
def _is_candidate(g, f, s, pl, p, ev) -> cython.bint:
    """Whether skill s (of timing f.a's held list) is a candidate of seat p, player pl, for
    dispatch frame f of event ev: candidates' test of each skill, a function of its own so
    that compiled the skill is an argument, not a reference taken and dropped at each."""
    sid: cython.int = s.id
    if cython.compiled:   # the player's C int tables read in place (engine._ai, inline here),
        # borrowed (dispatch.pxd's ints_of: no reference taken and dropped on each array)
        if ints_of(cython.cast(cython.pointer(PyObject), pl.has))[sid] == 0 or \
                ints_of(cython.cast(cython.pointer(PyObject), pl.invalid))[sid] > 0:
            return False
    elif pl.has[sid] == 0 or pl.invalid[sid] > 0:
        return False
    t: cython.int = f.a
    # the hand's first answer next (step 259b): a seat holding no card the skill needs, nor a
    # conversion to one, is most of the hand-gated asks (~2,200 in the six games of `sgs bench
    # --what instructions`: 【闪】/【无懈可击】 at another's target), each answered before the
    # ~35 instructions of the tests below, which only read (_skill_tests writes the probe, which
    # each reader fills before it reads)
    if s.hand_need != 0 and _hand_lacks(g, s, pl, p, ev):
        return False
    if s.own_subject and ev is not None:
        # the compiler's pre-test (Skill.own_subject; docs/decisions/0103): the condition's first
        # conjunct, subject_matches of the owner, is False when the event's subject is another
        # seat (an int >= 0): answered here without the condition's call (~2,600 of ~7,300 in
        # the six games of `sgs bench --what instructions`)
        if cython.compiled:
            if other_seat(cython.cast(cython.pointer(PyObject), ev.subject), p):
                return False
        elif _other_seat(ev.subject, p):
            return False
    if not pl.alive and not s.dead_ok:
        return False
    allowed: cython.longlong = 1
    if s.times_slot >= 0:
        allowed = ev.slots[s.times_slot]
    if f.x is not None:
        # how often this skill fired at this timing (the dispatcher's list in f.x),
        # counted in C: list.count would be a Python method call with sid boxed; compiled, each
        # id borrowed and read in place (smallint.pxd: the list holds the skills' ids), the
        # list too (f holds it: no local object, whose release each of the function's inlined
        # exits tested; step 259d)
        fired: cython.longlong = 0
        if cython.compiled:
            xp: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), f.x)
            j: cython.Py_ssize_t
            for j in range(PyList_GET_SIZE(cython.cast(list, xp))):
                if small_int(cython.cast(object, PyList_GET_ITEM(cython.cast(list, xp), j))) \
                        == sid:
                    fired += 1
        else:
            for v in cython.cast(list, f.x):
                if v == sid:
                    fired += 1
        if fired >= allowed:
            return False
    elif allowed <= 0:
        return False
    if s.limit > 0:
        if Game.count(g, s.limit_scope, p, g.ncounters + sid) >= s.limit:
            return False
    # Skill.cond: the runtime's tests inlined, then the skill's own condition, unless the rest
    # of the hand pre-test answers it (a card-use skill, by the event's card)
    if not _ready(g, s, p, ev, t):
        return False
    if s.hand_need != 0 and s.hand_or_convert and ev is not None and \
            _event_lacks(g, s, pl, p, ev, t):
        return False
    return _test(g, s, p, ev, t)


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(g="Game", s="Skill", p=cython.int, ev="Frame", t=cython.int)
def _test(g, s, p, ev, t) -> cython.bint:
    """s.test(g, p, ev, t), the skill's own condition: compiled, for a Skill of the class itself
    (a subclass, usable's _UseSkill, overrides test) whose condition is None or a unit's
    (Condition.fn_c: its _Condition is final and keeps Condition.test), Skill.test's body here,
    its C function called by ruleset.pxd's condition_fn_answer, without the method (~1,300 of the
    ~2,700 conditions candidates asks in the six games of `sgs bench --what instructions`)."""
    if cython.compiled and type(s) is Skill:
        if s.condition is None:
            return True
        if s.condition.fn_c != cython.NULL:
            return condition_fn_answer(s.condition, g, p, ev, t)
    return s.test(g, p, ev, t)


@cython.cfunc
@cython.inline
@cython.locals(s="Skill", p=cython.int, ev="Frame", need=cython.ulonglong)
def _need_left(s, p, ev) -> cython.ulonglong:
    """Of skill s's Skill.hand_need, the names seat p may use at event ev: at another seat's
    subject none of Skill.own_names (decision 0210): a card-use skill whose names' methods are
    the timing subject's own (【闪】 "对你生效前"; other_seat, as _is_candidate's own_subject reads
    it), which cannot be used there, from the hand or by a conversion (207 scans answered so in
    the six games of `sgs bench --what instructions`, most of a seat holding a 【闪】 at another
    target's 【杀】)."""
    need = s.hand_need
    if s.own_names != 0 and ev is not None:
        other: cython.bint
        if cython.compiled:
            other = other_seat(cython.cast(cython.pointer(PyObject), ev.subject), p)
        else:
            other = _other_seat(ev.subject, p)
        if other:
            need &= ~s.own_names
    return need


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(g="Game", s="Skill", pl="Player", p=cython.int, ev="Frame",
               need=cython.ulonglong)
def _hand_lacks(g, s, pl, p, ev) -> cython.bint:
    """The dispatch's hand pre-test's first answer (decisions 0114, 0210), from the hand and the
    conversions only: no name left (_need_left), or seat p holds no hand card named any of them
    and no conversion stands in (_no_other_way). _is_candidate asks it first (step 259b)."""
    need = _need_left(s, p, ev)
    return need == 0 or ((need & pl.hand_bits) == 0 and _no_other_way(g, s, p, need))


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(g="Game", s="Skill", pl="Player", p=cython.int, ev="Frame", t=cython.int,
               need=cython.ulonglong)
def _event_lacks(g, s, pl, p, ev, t) -> cython.bint:
    """The rest of the dispatch's hand pre-test of card-use skill s (Skill.hand_or_convert) for
    seat p, player pl, at timing t of event ev, once _hand_lacks answered no: True when p holds
    no hand card named any of the names whose methods' conditions can hold for ev's card
    (_event_need: 【闪】 for a 【杀】, 【无懈可击】 for a 锦囊牌) and no conversion stands in. False
    when p holds none of _need_left's names: _hand_lacks answered that (a conversion decides)."""
    need = _need_left(s, p, ev)
    if (need & pl.hand_bits) == 0:
        return False
    need &= _event_need(g, s, p, ev, t)   # all bits when not known: the hand then meets it
    return (need & pl.hand_bits) == 0 and _no_other_way(g, s, p, need)


def hand_says_no(g, s, p, ev, t, /):
    """The dispatch's hand pre-test of skill s for seat p at timing t of event ev, for Python
    (the tests: tests/runtime/test_event_card_need.py): True when s's condition is then False
    (docs/decisions/0114, 0125, 0143, 0210): _hand_lacks, or for a card-use skill at an event
    _event_lacks. _is_candidate asks the two apart (step 259b)."""
    if s.hand_need == 0:
        return False
    pl = g.players[p]
    return _hand_lacks(g, s, pl, p, ev) or (
        s.hand_or_convert and ev is not None and _event_lacks(g, s, pl, p, ev, t))


@cython.cfunc
@cython.inline
@cython.locals(g="Game", s="Skill", p=cython.int, need=cython.ulonglong)
def _no_other_way(g, s, p, need) -> cython.bint:
    """The end of the dispatch's hand pre-test (docs/decisions/0114), once seat p holds no hand
    card named any of ``need`` (Skill.hand_need, or _event_need's part of it; Player.hand_bits,
    which Game._put keeps): True
    when s's condition is then False, which _is_candidate answers without its call: at once, or
    (Skill.hand_or_convert: the card-use skills) when p's conversion skills (its entry of
    usable's Game.seat_convert; not yet found: False, the condition decides) make none of those
    names either (makes_none). ~1,340 of the ~4,700 conditions the six games of `sgs bench
    --what instructions` ask: 【铁索连环】's 重铸 (940 at the idle point of a seat without one)
    and the card-use skills of 对当前目标生效前 and 处于濒死状态时 (【闪】/【无懈可击】,
    【酒】/【桃】) of a seat with none."""
    if not s.hand_or_convert:
        return True
    if cython.compiled:   # dispatch.pxd's no_convert and makes_none: the entry read in place
        if no_convert(cython.cast(cython.pointer(PyObject), g.seat_convert), p):
            return True
        return makes_none(cython.cast(cython.pointer(PyObject), g.seat_convert), p, need)
    kept = g.seat_convert
    if kept is not None and kept[p] is not None and len(kept[p]) == 0:
        return True
    return makes_none(kept, p, need)


if not cython.compiled:   # a C function pointer when compiled (dispatch.pxd)
    _need_of = None


def give_need(fn, /):
    """_event_need's reading (core.prims.register's _need_of_event, given at its import)."""
    global _need_of
    _need_of = fn
    return 0


def no_event_need(s, /):
    """Card-use skill s has no table by the event's card (register's _need_table: no method
    tests 此牌's name, as 处于濒死状态时's 【桃】/【酒】): _event_need answers all bits at once,
    without the call (~900 of its ~1,700 asks in the six games of `sgs bench --what
    instructions`, each a state its kept answer does not hold)."""
    if len(_NO_NEED) <= s.id:
        _NO_NEED.extend([None] * (s.id + 1 - len(_NO_NEED)))
    _NO_NEED[s.id] = s   # (the skill itself: another ruleset's skill of the same id is not it)
    return 0


# by skill id, the card-use skills of no_event_need (None: not known to be one)
_NO_NEED = cython.declare(list, [])
# _event_need's last answer and for what: the game, the event and the skill (their addresses)
# and the game's counters of frames made, run, pushed and popped, as usable._RESUME tests a kept
# scan: a dispatch's seats are asked in one state (~360 of the ~720 asks of a skill with a table
# in the six games of `sgs bench --what instructions` answered by it)
_EN_AT = cython.declare(cython.longlong[7], [0, 0, 0, -1, -1, -1, -1])
_EN_NEED = cython.declare(cython.ulonglong, 0)


@cython.cfunc
@cython.exceptval(0, check=True)   # (as need_fn: an error tested at 0 only)
@cython.locals(g="Game", s="Skill", p=cython.int, ev="Frame", t=cython.int,
               ga=cython.longlong, ea=cython.longlong, sa=cython.longlong,
               need=cython.ulonglong)
def _event_need(g, s, p, ev, t) -> cython.ulonglong:
    """Of card-use skill s's Skill.hand_need at timing t, the names whose methods' conditions
    can hold for event ev's card (docs/decisions/0143; all bits when not known: no pre-test):
    register's _need_of_event (the card the conditions read depends on ev, not on p), kept for
    the next seats while the game's counters say nothing ran."""
    global _EN_NEED
    sid: cython.Py_ssize_t = s.id
    if sid < len(_NO_NEED) and cython.cast(object, PyList_GET_ITEM(_NO_NEED, sid)) is s:
        return ~cython.cast(cython.ulonglong, 0)
    if cython.compiled:   # the addresses, no reference kept
        ga = cython.cast(cython.longlong, cython.cast(cython.p_void, g))
        ea = cython.cast(cython.longlong, cython.cast(cython.p_void, ev))
        sa = cython.cast(cython.longlong, cython.cast(cython.p_void, s))
    else:
        ga = id(g)
        ea = id(ev)
        sa = id(s)
    if _EN_AT[0] == ga and _EN_AT[1] == ea and _EN_AT[2] == sa and _EN_AT[3] == g.serial and \
            _EN_AT[4] == g.steps and _EN_AT[5] == g.pushed and _EN_AT[6] == g.popped:
        return _EN_NEED
    if cython.compiled:
        if _need_of == cython.NULL:
            return ~cython.cast(cython.ulonglong, 0)
    elif _need_of is None:
        return ~cython.cast(cython.ulonglong, 0)
    need = _need_of(g, s, ev, t)
    _EN_AT[0] = ga
    _EN_AT[1] = ea
    _EN_AT[2] = sa
    _EN_AT[3] = g.serial
    _EN_AT[4] = g.steps
    _EN_AT[5] = g.pushed
    _EN_AT[6] = g.popped
    _EN_NEED = need
    return need


@cython.boundscheck(True)   # an idle slot past the scratch: IndexError, as in Python (not hot)
def _skill_ready(g, s, owner, ev, t, /):
    """Game.skill_ready: the tests the runtime puts before a skill's own condition (the fields
    Skill.__init__ describes: the idle point's use, the lord role, the idle point's subject), in
    that order: Skill.cond is these, then Skill.test. A C call of the engine (~180 in the six
    games of `sgs bench --what instructions`); candidates runs _ready, the same tests inline,
    which calls this for what it does not read in place."""
    if s.idle_slot >= 0 and ev is not None and type(ev.x) is list:
        v = cython.cast(list, ev.x)[s.idle_slot]
        # the count of skill uses when the idle point began, an int: compared in C
        if v is not None and g.n_skill_uses > cython.cast(cython.longlong, v):
            return False
    if s.lord_role < 0 and t != s.active_idle:
        return True
    return _skill_tests(g, s, owner, ev, t)


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(g="Game", s="Skill", owner=cython.int, ev="Frame", t=cython.int,
               used=cython.int)
def _ready(g, s, owner, ev, t) -> cython.bint:
    """_skill_ready's answer, as candidates asks it before a skill's own condition (~13,000
    conditions in the six games of `sgs bench --what instructions`): a skill that has none of
    the three tests at t (a third of them) is ready without a call of _skill_tests, and the idle
    point's use, which answers ~95 % of the others (8,889 of 9,318; step 106b), is read in place
    (dispatch.pxd's idle_used: the list's item borrowed, no conversion's error path; -1 for what
    it does not read, which _skill_ready reads as Python does). Its one caller, so that gcc
    inlines it there (with _skill_ready calling it too, it stayed a call: step 108a).
    Uncompiled, _skill_ready itself."""
    if s.idle_slot >= 0 and ev is not None:
        used = -1
        if cython.compiled:
            used = idle_used(cython.cast(cython.pointer(PyObject), ev.x), s.idle_slot,
                             g.n_skill_uses)
        if used < 0:
            return _skill_ready(g, s, owner, ev, t)
        if used:
            return False
    if s.lord_role < 0 and t != s.active_idle:
        return True
    return _skill_tests(g, s, owner, ev, t)


# ---------------------------------------------------------------------------
# The dispatch frame's run (moved from core/engine.py, step 250: the engine's step and
# Game._fire_heard call dispatch_run in C; Game._dispatch is its method for Python)

# the most skill firings one timing may have (_fire_skill): the rules allow a few (a skill per
# point of damage, several roles' skills), never this many
MAX_FIRINGS = 1000

if cython.compiled:   # core.spares' spare frames and slot lists, through its pointers
    _FRAMES_AT = kept_frames_at()
    _SLOTS_AT = kept_slots_at()


def dispatch_run(g, f, /):
    """Dispatch frame f's run (Game._dispatch): its seats asked from f.c + f.b on, a seat's
    answer (f.pc 1) fired or declined; 1 (a skill's frame pushed), 2 (a seat asked) or 3 (done)."""
    n = g.n
    if f.pc == 1:
        f.pc = 0
        # the answer, a skill id or -1: compiled, read in place (g holds it; step 263a), where an
        # object local took a reference, tested it against -1 as an object and converted it
        if cython.compiled:
            sid: cython.long = small_int_at(cython.cast(cython.pointer(PyObject), g.ans))
        else:
            sid = g.ans
        if sid != -1:
            return _fire_skill(g, f, sid, f.c + f.b - (n if f.c + f.b >= n else 0))
        # the seat declined: the question had no forced skill (it could not be declined
        # otherwise), and asked again in the same state the seat would find its forced
        # skills only, none of which was a candidate: the next seat (decision 0137)
        f.b += 1
        _firings_dropped(f)
    # a seat without a skill of the timing: none, not asked (not read when a settled timing
    # gave this seat's candidates, f.y: the first seat answers, the loop returns there)
    m: cython.int = seats_with(g, f.a, f.ev) if f.y is None else 0
    # seat (f.c + f.b) % n, wrapped as f.b goes up (as _fire_heard's); Python's modulo only
    # past the seats (f.c a seat, f.b below n: a compare, where each run divided)
    p = f.c + f.b
    if p < 0 or p >= n:
        p = p % n if n > 0 else 0
    while f.b < n:
        cands = f.y
        if cands is not None:
            f.y = None   # the candidates a settled timing found at this seat (Game.fire)
        else:
            k: cython.int = next_asked(m, p, n - f.b, n)   # the seats without: stepped over
            if k > 0:
                f.b += k
                _firings_dropped(f)
                if f.b == n:
                    break
                p = p + k - (n if p + k >= n else 0)
            cands = _cands(g, f, p)
        if cands is None:
            # read again before the next seat (not after a seat's candidates, which return):
            # a condition may change who has what
            m = seats_with(g, f.a, f.ev)
            f.b += 1
            p = p + 1 if p + 1 < n else 0
            _firings_dropped(f)
            continue
        # candidates' answer, a list of Skills, read through cands (no second reference to it,
        # released at each exit; step 259e), its size in place, each skill read in place
        nc: cython.Py_ssize_t = PyList_GET_SIZE(cython.cast(list, cands))
        anyforced = False
        for i in range(nc):
            if cython.cast(Skill, PyList_GET_ITEM(cython.cast(list, cands), i)).forced:
                anyforced = True
        if nc == 1 and anyforced:
            return _fire_skill(g, f, cython.cast(Skill, PyList_GET_ITEM(cython.cast(list, cands),
                                                                        0)).id, p)
        f.pc = 1
        d = new_decision_list(4, p, options_of_skills(cands), 1, 1, not anyforced,
                              g.rs.timing_names[f.a])
        return Game.ask(g, d)
    return 3


@cython.cfunc
@cython.exceptval(-1, check=True)
@cython.locals(g="Game", f="Frame", sid=cython.int, p=cython.int, s="Skill", sf="Frame",
               n=cython.Py_ssize_t)
def _fire_skill(g, f, sid, p) -> cython.int:
    """Skill sid fired by seat p at dispatch frame f: noted in f.x (the skills fired at the seat),
    its count and use counted, its frame pushed; 1."""
    s = cython.cast(Skill, g.rs.skills[sid])
    if f.x is None:   # compiled, a dead frame's list of one (spares.pxd), which it leaves
        f.x = kept_slots(_SLOTS_AT, 1, s.id_int) if cython.compiled else [s.id_int]
    else:
        f.x.append(s.id_int)
        if len(cython.cast(list, f.x)) > MAX_FIRINGS:
            # a skill whose own firing never uses up its count at this timing would fire
            # forever (each firing a decision or a frame): an engine error, not a hang
            raise EngineError("more than %d skill firings at one timing (%s): a skill that "
                              "fires again and again" % (MAX_FIRINGS, g.rs.timing_names[f.a]))
    if s.limit > 0:
        Game.add_count(g, s.limit_scope, p, g.ncounters + sid, 1)
    Game._own(g, OWN_SKILL_USES)
    _ai_add(g.skill_uses, sid, 1)
    g.n_skill_uses += 1
    if cython.compiled:   # new_frame and push_frame inline (spares.pxd)
        n = g.rs.prog_nslots[s.prog]
        sf = pushed_frame(g, _FRAMES_AT, s.prog, p, f.ev,
                          kept_slots(_SLOTS_AT, n, 0) if n > 0 else None)
    else:
        sf = Game.new_frame(g, s.prog, p, f.ev, -1)
        Game.push_frame(g, sf)
    sf.skill = sid
    sf.a = f.a
    return 1


# dispatch_run's next seat: f.x, the skill ids fired at the seat it leaves, made None. Compiled,
# _fire_skill's list of one (a dead frame's) kept for the next frame when f held it alone, where
# ~720 were freed in the six games of `sgs bench --what instructions`, ~450 made again (step 237a)
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _firings_dropped(f: "Frame") -> cython.void:
    if f.x is not None:
        _firings_kept(f)   # (a call: inline, its references were dispatch_run's registers)


@cython.cfunc
@cython.exceptval(check=False)
def _firings_kept(f: "Frame") -> cython.void:
    if cython.compiled and type(f.x) is list:   # (no object local: no reference pair, 237b)
        x: cython.pointer(PyObject) = cython.cast(cython.pointer(PyObject), f.x)
        Py_INCREF(f.x)   # the field's reference, given to spares.pxd's keep_slots_given
        f.x = None
        keep_slots_given(_SLOTS_AT[0], x)   # kept, or dropped when something else holds it
    else:
        f.x = None


def seats_made(g, t, ev, /):
    """The seats that have (has > 0) a skill of timing t's held list, as bits (seat p: 1 << p):
    those candidates may find a candidate at; a seat without its bit would answer None without
    running a condition. Cached by timing (Game.held_seats) until a player's count of one of
    its skills goes between 0 and 1 (core.held: _make_seats computes, _skill_changed forgets).
    Of those, the ones event ev's subject leaves to ask (seats_asked; step 126a). Compiled,
    dispatch.pxd's seats_with reads the kept bits in place first (step 165c) and calls this
    when they are not kept; uncompiled, seats_with is this."""
    hs = g.held_seats
    if hs is None or _ai(hs, t) < 0:
        if _make_seats(g, t) < 0:
            return -1
        hs = g.held_seats
    if ev is None:
        return _ai(hs, t)
    if cython.compiled:
        return seats_asked(_ai(hs, t), _ai(hs, t + (len(hs) >> 1)),
                           cython.cast(cython.pointer(PyObject), ev.subject))
    return seats_asked(_ai(hs, t), _ai(hs, t + (len(hs) >> 1)), ev.subject)


if not cython.compiled:   # compiled: dispatch.pxd's inline forms
    seats_with = seats_made

    def _cands(g, f, p, /):
        """Game._candidates as the dispatch frame and a settled timing ask it (0 <= p < n):
        compiled, candidates itself, without the method's call; pure, the method (which the
        tests' watches replace)."""
        return Game._candidates(g, f, p)


if not cython.compiled:   # compiled: dispatch.pxd's other_seat, the subject read in place
    def _other_seat(subj, p, /):
        """Whether an event's subject ``subj`` is a seat (an int >= 0) other than p: then
        subject_matches(g, f, p) (core.prims.base) is False."""
        return type(subj) is int and subj >= 0 and subj != p

    # compiled: dispatch.pxd's seats_asked, the subject read in place as other_seat reads it
    def seats_asked(m, opened, subj, /):
        """Of seats m (bits), those a dispatch of an event whose subject is ``subj`` asks: the
        seats in ``opened`` (with a skill of the timing without Skill.own_subject) and subj
        itself when it is a seat (_other_seat's): any other seat of m has own_subject skills
        only there, which _is_candidate answers False without their conditions."""
        if type(subj) is int and subj >= 0:
            return m & (opened | (1 << subj)) if subj < 31 else m & opened
        return m


    # compiled: dispatch.pxd's next_asked, the bits rotated and their lowest found in C
    def next_asked(m, p, left, n, /):
        """Of the ``left`` seats from seat p on (wrapping at n), how many come before the first
        whose bit is set in m (the seats a dispatch asks), or ``left`` when none; 0 past 30
        seats (m is then every seat: each is asked)."""
        if n > 30 or left <= 0:
            return 0
        r = ((m >> p) | (m << (n - p))) & ((1 << left) - 1)
        return (r & -r).bit_length() - 1 if r else left


    # compiled: dispatch.pxd's makes_none, the entries' items read in place, borrowed
    def makes_none(kept, p, need, /):
        """Whether seat p's conversion skills (its entry of ``kept``, usable's Game.seat_convert,
        or None: not found yet, False) make no card named in ``need`` (card name ids as bits,
        all below 64: register.finish). Each entry is (timing, skill, names), names a tuple of
        card name ids or None for any name. Then the usability scan marks nothing (its
        conversion mask, usable._conv_mask, is 0 where its hand mask is: a timing's names are
        its Skill.hand_need) and the card-use skill's condition is False. A name past 63 is
        none of them."""
        if kept is None or kept[p] is None:
            return False
        for e in kept[p]:
            if e[2] is None:
                return False
            for nm in e[2]:
                if 0 <= nm < 64 and need >> nm & 1:
                    return False
        return True


def seats_skipped(m, p, left, n, /):
    """next_asked (dispatch.pxd's C function when compiled) for Python: the tests'."""
    return next_asked(m, p, left, n)


if not cython.compiled:   # C types and functions when compiled (dispatch.pxd cimports them); the
    # engine imports this module's functions in its last lines, once these are defined
    from core.decision import new_decision_list, options_of_skills  # noqa: E402
    from core.engine import OWN_SKILL_USES, Frame, Game, Player, _ai, _ai_add  # noqa: E402
    from core.held import _make_held, _make_seats, _skill_tests  # noqa: E402
    from core.ruleset import Skill  # noqa: E402
