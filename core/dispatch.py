"""The dispatcher's question for one seat: which skills of a timing's held list are a seat's
candidates there (``Game._candidates``: the dispatch frame and a settled timing ask it for each
seat with a skill of the timing), and the runtime's tests a skill's condition begins with
(``Game.skill_ready``, ``Skill.cond``).

Split from core/engine.py (docs/performance.md, step 101a). Compiled beside the engine
(``dispatch.pxd``); like core/held.py, this module and the engine cimport each other: the
engine's ``Game._candidates`` and ``Game.skill_ready`` are C calls of ``candidates`` and
``_skill_ready``, and this module reads the game's fields and the held caches (core/held.py) in C.
"""
import cython

if cython.compiled:
    from cython.cimports.cpython.list import PyList_GET_ITEM
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.core.prims.smallint import small_int
    from cython.cimports.core.held import _make_held, _skill_tests
else:
    # compiled: the item borrowed, no reference taken (the caller's list keeps it)
    def PyList_GET_ITEM(a, i, /):
        return a[i]


@cython.boundscheck(False)   # players[p]: 0 <= p < n (Game._candidates checks a caller's p)
@cython.wraparound(False)
def candidates(g, f, p, /):
    """Game._candidates: the skills of timing ``f.a``'s held list that are seat ``p``'s
    candidates for dispatch frame ``f`` (in the list's order), or None when none is."""
    # players holds the game's Players only (setup, clone): read without a type test, as at
    # each of the ~21,000 calls (a dispatch frame asks every seat in turn)
    if cython.compiled:   # borrowed (the game's list keeps its Players: no pair; step 113b)
        plp: cython.pointer(PyObject) = PyList_GET_ITEM(g.players, p)
    res = None
    ev = f.ev
    held = _held_at(g, f.a)
    n: cython.Py_ssize_t = len(held)
    i: cython.Py_ssize_t = 0
    while i < n:
        # compiled, each skill borrowed from the held list (no reference taken and dropped):
        # this call holds the list, nobody changes one (a change of skills makes a new one,
        # core.held), and the ruleset keeps its skills
        if cython.compiled:
            ok = _is_candidate(g, f, cython.cast(Skill, PyList_GET_ITEM(held, i)),
                               cython.cast(Player, plp), p, ev)
        else:
            ok = _is_candidate(g, f, held[i], g.players[p], p, ev)
        if ok:
            if res is None:   # compiled, the list answered last when nothing holds it (.pxd)
                res = cands_list() if cython.compiled else []
            res.append(cython.cast(Skill, PyList_GET_ITEM(held, i)))
        i += 1
    return res


@cython.cfunc
@cython.inline
@cython.wraparound(False)   # t: a timing id (a dispatch frame's f.a), below the list's size
def _held_at(g: "Game", t: cython.int) -> list:
    """Timing t's held list: rs.by_timing[t] without the skills nobody has (or whose needed
    skill nobody has), in its order; read here inline, computed when missing by
    core.held._make_held (which reads it the same way first: Game.held)."""
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
        # id borrowed and read in place (smallint.pxd: the list holds the skills' ids)
        fired: cython.longlong = 0
        if cython.compiled:
            xl = cython.cast(list, f.x)
            j: cython.Py_ssize_t
            for j in range(len(xl)):
                if small_int(cython.cast(object, PyList_GET_ITEM(xl, j))) == sid:
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
    # Skill.cond: the runtime's tests inlined, then the skill's own condition, unless the hand
    # pre-test answers it (Skill.hand_need)
    t: cython.int = f.a
    if not _ready(g, s, p, ev, t):
        return False
    if s.hand_need != 0 and _hand_says_no(g, s, pl, p, ev, t):
        return False
    return s.test(g, p, ev, t)


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(g="Game", s="Skill", pl="Player", p=cython.int, ev="Frame", t=cython.int,
               hb=cython.ulonglong, need=cython.ulonglong)
def _hand_says_no(g, s, pl, p, ev, t) -> cython.bint:
    """The dispatch's hand pre-test of skill s (Skill.hand_need != 0) for seat p, player pl, at
    timing t of event ev: True when s's condition is then False (docs/decisions/0114, 0125,
    0143): p holds no hand card named any of hand_need, or (a card-use skill) none named any of
    the names whose methods' conditions can hold for ev's card (_event_need: 【闪】 for a
    【杀】, 【无懈可击】 for a 锦囊牌), and no conversion skill stands in (_no_other_way)."""
    hb = pl.hand_bits
    if (s.hand_need & hb) == 0:
        return _no_other_way(g, s, p, s.hand_need)
    if s.hand_or_convert and ev is not None:
        # all bits when not known, which the hand then always meets
        need = _event_need(g, s, p, ev, t)
        return (need & hb) == 0 and _no_other_way(g, s, p, need)
    return False


def hand_says_no(g, s, p, ev, t, /):
    """_hand_says_no for Python (the tests: tests/runtime/test_event_card_need.py)."""
    if s.hand_need == 0:
        return False
    return _hand_says_no(g, s, g.players[p], p, ev, t)


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


# by skill id, what _event_need reads for a card-use skill (Skill.hand_or_convert; _need_table),
# made at the skill's first read (an entry names its skill: another ruleset's is made again)
_NEED_BY_SID = cython.declare(list, [])
_EVENT_CARD = []   # [resolving._card_ctx, cards._card_name], imported at the first table
# the last event card's name _event_need found (-1: none), and for what: the game and the event
# (their addresses) and the game's counters of frames made, run, pushed and popped, as
# usable._RESUME tests a kept scan (a dispatch's seats are asked in one state: ~half the reads)
_EC_AT = cython.declare(cython.longlong[6], [0, 0, -1, -1, -1, -1])
_EC_NAME = cython.declare(cython.longlong, -1)


@cython.cfunc
@cython.locals(g="Game", s="Skill", p=cython.int, ev="Frame", t=cython.int, nm=cython.longlong,
               tb=list, progs=bytes, need=list, sl=list, pr=cython.Py_ssize_t,
               sid=cython.Py_ssize_t, ga=cython.longlong, ea=cython.longlong)
def _event_need(g, s, p, ev, t) -> cython.ulonglong:
    """Of card-use skill s's Skill.hand_need at timing t, the names whose methods' conditions
    can hold for event ev's card (docs/decisions/0143): its name's entry of _need_table. The
    card is the one the conditions read, 此牌 of the frame the usability scan evaluates them in
    (a fresh frame of seat p whose event is ev): resolving._card_ctx of ev, which depends on ev,
    not on p; its first step read here (a use's, a target's use's or a play's slot 1), and its
    name by cards._card_name (a virtual card's: its record's), kept for the next seats while the
    game's counters say nothing ran. All bits when the table is not derived or ev has no card
    with a name id (this_card then reads on, past _card_ctx): no pre-test."""
    global _EC_NAME
    ALL: cython.ulonglong = ~cython.cast(cython.ulonglong, 0)
    sid = s.id
    tb = _NEED_BY_SID[sid] if sid < len(_NEED_BY_SID) else None
    if tb is None or tb[0] is not s:
        tb = _need_table(g, s, t)
        while len(_NEED_BY_SID) <= sid:
            _NEED_BY_SID.append(None)
        _NEED_BY_SID[sid] = tb
    progs = tb[1]
    if progs is None:
        return ALL
    if cython.compiled:   # the addresses, no reference kept
        ga = cython.cast(cython.longlong, cython.cast(cython.p_void, g))
        ea = cython.cast(cython.longlong, cython.cast(cython.p_void, ev))
    else:
        ga = id(g)
        ea = id(ev)
    if _EC_AT[0] == ga and _EC_AT[1] == ea and _EC_AT[2] == g.serial and \
            _EC_AT[3] == g.steps and _EC_AT[4] == g.pushed and _EC_AT[5] == g.popped:
        nm = _EC_NAME
    else:
        c = None
        pr = ev.prog
        sl = ev.slots
        if 0 <= pr < len(progs) and progs[pr] != 0 and sl is not None and len(sl) > 1:
            c = sl[1]   # _card_of_event's slot 1 (None: _card_ctx walks on)
        if c is None:
            c = _EVENT_CARD[0](g, ev)
        nm = -1
        if c is not None and not (type(c) is tuple and len(c) == 0):
            x = _EVENT_CARD[1](g, c)
            if type(x) is int and x >= 0:
                nm = x
        _EC_AT[0] = ga
        _EC_AT[1] = ea
        _EC_AT[2] = g.serial
        _EC_AT[3] = g.steps
        _EC_AT[4] = g.pushed
        _EC_AT[5] = g.popped
        _EC_NAME = nm
    need = tb[2]
    if nm < 0 or nm >= len(need):
        return ALL
    v = need[nm]
    if v is None:
        v = _need_of_name(g, tb, nm)
        need[nm] = v
    return v


def _need_table(g, s, t, /):
    """What _event_need reads for skill s (the card-use skill of timing t): [s, the flags by
    program id of the events whose slot 1 is their card (a use, a target's use, a play:
    resolving._card_of_event), by card name id its need (None until read: _need_of_name), the
    methods' (name bit, test) pairs, the card names' ids by name]; [s, None] when not derived
    (no tables or methods, a name past 63 or not of s.hand_need) or when no method tests
    此牌's name: no pre-test."""
    from core.prims import base, cards, resolving
    if not _EVENT_CARD:
        _EVENT_CARD.extend([resolving._card_ctx, cards._card_name])
    tb = getattr(g.rs, "sgs", None)   # (base._T's tables; none: a ruleset of the core's own)
    methods = tb.use_methods.get(t) if tb is not None else None
    if not methods:
        return [s, None]
    names = g.rs.card_names
    tests = []
    for n, mi, cond in methods:
        if n >= 64 or not (s.hand_need >> n) & 1:
            return [s, None]
        # a method without a condition holds for any card (True); with a condition but no
        # test of 此牌's name, it is not known (True too: its bit kept)
        test = tb.cards[n][5][mi][5] if cond is not None else None
        tests.append((1 << n, True if test is None else test))
    if all([x[1] is True for x in tests]):
        return [s, None]   # every method may hold for any card (处于濒死状态时's 【桃】): nothing to read
    evis = (base.EVI_TARGET_USE, base.EVI_USE, base.EVI_PLAY)   # (base._prog_evi's table)
    progs = bytes([1 if x in evis else 0 for x in tb.prog_evis])
    return [s, progs, [None] * len(names), tests, {names[i]: i for i in range(len(names))}]


def _need_of_name(g, tb, e, /):
    """_need_table's need of card name id e: the bits of the methods whose test holds for it."""
    from core.prims import cards
    v = 0
    for bit, test in tb[3]:
        if test is True or _holds(g, test, e, tb[4], cards):
            v |= bit
    return v


def _holds(g, test, e, ids, cards, /):
    """Whether a method's test of 此牌's name (register: ("name", card name), ("category",
    类别), ("and"|"or", test, test)) holds for a card named e (a name id): as the condition's
    primitives read a card's name (cards.card_name_is: _kind_ok; cards.card_is: _name_cat)."""
    k = test[0]
    if k == "and":
        return _holds(g, test[1], e, ids, cards) and _holds(g, test[2], e, ids, cards)
    if k == "or":
        return _holds(g, test[1], e, ids, cards) or _holds(g, test[2], e, ids, cards)
    if k == "name":
        want = ids.get(test[1])
        return want is None or bool(cards._kind_ok(g, e, want))
    return bool(cards._name_cat(g, e, test[1]))


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
    from core.engine import Frame, Game, Player  # noqa: E402
    from core.held import _make_held, _skill_tests  # noqa: E402
    from core.ruleset import Skill  # noqa: E402
