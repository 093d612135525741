# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Targets: legality and the legal targets of a card (000:80-90).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (D_PLAYERS, EQUIP_ZONES, Game, Player, Z_JUDGE)
from core.ruleset import Reading
from core.prims.base import (
    NONE, OP_ASK_THEN, Pick, S_SEAL, V_CARDS, V_METHOD, V_NAME, V_NODIST, V_TARGETS, _done,
    _frame0, prim, prim_id, Q_LEGAL, Q_TLIMIT)
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import _AWAY, _PROBE, _TG
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _S_fast as _S, _is_v_fast as _is_v, _rec_fast as _rec,
        _field_fast as _field)
else:
    from core.prims.base import _T, _S, _is_v, _rec, _field
# a method index read in place (smallint.pxd; step 110b: __Pyx_PyIndex_AsSsize_t was a call at
# each of ~2,450 target evaluations in the six games); uncompiled, the value itself. Step 115b
# reads the card name ids of _methods and _is_delayed and the seat of _legal_base so too
if cython.compiled:
    from cython.cimports.core.prims.smallint import small_int as _mi_int
    from cython.cimports.cpython.list import PyList_GET_ITEM   # a list's item, borrowed
else:
    def _mi_int(mi, /):
        return mi
if not cython.compiled:   # compiled: the type's own pointer and base compared first (targets.pxd)
    def reading_ok(o, t, /):
        return isinstance(o, t)
# choose_targets' writes of _AWAY's one slot and _AWAY_KEPT's: compiled, the list's slot in place
# (slots.pxd; both lists keep their length: base's _AWAY one slot, _AWAY_KEPT below three),
# where each store was Cython's generic item setter, a call (~1,000 stores in the six games)
if cython.compiled:
    from cython.cimports.core.prims.slots import put_slot
else:
    from core.prims.base import put_slot
if cython.compiled:   # a unit's reading by its C function, inline (ruleset.pxd, step 220)
    from cython.cimports.core.ruleset import reading_fn_value
# a card's zone kind read in place (zonekind.pxd, as moves and resolving read it): choose_targets'
# equipment test; uncompiled, the method itself
if cython.compiled:
    from cython.cimports.core.prims.zonekind import card_zone_kind
    from cython.cimports.core.prims.base import _Z_EQUIP_FIRST, _Z_EQUIP_LAST
else:
    card_zone_kind = E.Game.where_kind
    from core.prims.base import _Z_EQUIP_FIRST, _Z_EQUIP_LAST
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    cards as Cards, decisions as Decisions, resolving as Resolving, status as Status,
    turns as Turns, use as Use)
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, decisions as Decisions, resolving as Resolving, status as Status,
        turns as Turns, use as Use)
# a zone's live list: compiled, Game.zone_cards in place (zonelist.pxd, step 54, as moves reads
# it); uncompiled, the method (_legal's 判定区 read, step 179a)
if cython.compiled:
    from cython.cimports.core.prims.zonelist import zone_cards_fast as _legal_zone_cards
else:
    def _legal_zone_cards(g, kind, owner, /):
        return g.zone_cards(kind, owner)
_Z_JUDGE = cython.declare(cython.int, Z_JUDGE)   # a C int for _legal_zone_cards


# ---- targets -----------------------------------------------------------------------------------


# _away_skills' answer for the _AWAY tuple it was computed for, in one game: [the tuple, the
# game, the answer]. choose_targets sets a new tuple in _AWAY while one card's targets are
# chosen, and the game does not change while they are (the targets' readings and the status
# queries they ask only read), so every query of that choice reads the same answer; the entry
# keeps the tuple alive, so its identity cannot be reused
_AWAY_SKILLS = [None, None, None]
# the same list as a C global of this room (compiled): choose_targets' release of the entry and
# _away_skills' read without a module global's lookup (~340 choices in the six games); Python
# code (tests) reads _AWAY_SKILLS, the same object
_AWAY_KEPT = cython.declare(list, _AWAY_SKILLS)


def _away_skills(g, /):
    """{(owner, skill id): how many of the _AWAY cards in owner's equipment give it}."""
    kept: list = _AWAY_KEPT
    if kept[0] is _AWAY[0] and kept[1] is g:
        return kept[2]
    t = _T(g)
    out = {}
    for c in _AWAY[0]:
        kind, owner = g.where(c)
        info = t.cards.get(g.card_name(c))
        if kind not in EQUIP_ZONES or info is None:
            continue
        for nm in info[4]:
            sid = g.rs.ids.get(("skill", nm), -1)
            if sid >= 0:
                out[(owner, sid)] = out.get((owner, sid), 0) + 1
    kept[0], kept[1], kept[2] = _AWAY[0], g, out
    return out


def _methods(g, name, /):
    """The methods of card name ``name`` (its entry in the tables), () when it has none: read by
    name id from the tables' ``name_methods`` (register.finish; the usability scan and each
    choice of targets ask at every target evaluation, ~2,500 in the six games of `sgs bench
    --what instructions`), anything else (a virtual name, not an int) looked up."""
    t = _T(g)
    if type(name) is int:
        ni: cython.Py_ssize_t = _mi_int(name)   # read in place (smallint.pxd, step 115b)
        ms: list = t.name_methods
        if ms is not None and 0 <= ni < len(ms):
            return ms[ni]
    return _methods_in(t.cards, name)


def _methods_in(cards, name, /):
    # a card's entry in the tables is a tuple (register.finish): its items read by a C index
    info: tuple = cards.get(name)
    return info[5] if info is not None else ()


def _delayed_name(g, name, /):
    """Whether card name ``name`` is a 延时锦囊 (its entry in the tables): the legality rules of
    000:81 apply to it."""
    return _delayed_in(_T(g).cards, name)


def _delayed_in(cards, name, /):
    info: tuple = cards.get(name)   # a tuple (register.finish), read by a C index
    return info is not None and info[1] == "延时锦囊"


def _is_delayed(g, name, /):
    """_delayed_name(g, name), read by name id from the tables' ``delayed_names``
    (register.finish; the usability scan asks at each target it reads, ~4,600 times in the six
    games: a dictionary lookup by a boxed name and a string compare each)."""
    return _delayed_at(g, name)


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.boundscheck(False)   # an index tested against the length just before
@cython.wraparound(False)
def _delayed_at(g: Game, name, /) -> cython.int:
    """_is_delayed's answer (1 or 0), inline in this room's callers (_has_target, _legal: ~3,600
    asks in the six games, each a call before, step 127)."""
    if type(name) is int:
        ni: cython.Py_ssize_t = _mi_int(name)   # read in place (smallint.pxd, step 115b)
        d: bytearray = _T(g).delayed_names
        if d is not None and 0 <= ni < len(d):
            return d[ni] != 0
    return _delayed_name(g, name)


# Q_LEGAL's bit in g.no_answer (a C constant when compiled: no module global read at each test)
_LEGAL_BIT = cython.declare(cython.ulonglong, 1 << Q_LEGAL)


def _legal(g, user, name, p, restrict, /):
    if not _legal_seat(g, name, p, restrict):
        return False
    # the seat's range tested in C (_legal_seat read it so: an int it could not read has raised
    # there), where g.n was boxed and compared as objects (~880 asks in the six games)
    pi: cython.Py_ssize_t = _mi_int(p) if isinstance(p, int) else -1
    if 0 <= pi < g.n and _delayed_at(g, name):
        # 000:81 the system's rules for delayed tricks
        # the zone's list read in place, the seat a C int (the method's call and its optional
        # argument before, ~130 delayed asks in the six games)
        for c in _legal_zone_cards(g, _Z_JUDGE, pi):
            if Cards._card_name_any(g, Resolving.virtual_card_of(g, _PROBE, c)) == name:
                return False
        # no zone sealed (nearly always): the (kind, owner) tuple not made
        seal = _S(g, S_SEAL)
        if len(seal) and (Z_JUDGE, p) in seal:
            return False
    return True


def _legal_base(g, user, name, p, restrict, /):
    """_legal(g, user, name, p, restrict) for a card name that is no 延时锦囊 (its rules of 000:81
    not read): what _has_target asks of each role once it knows the name is none (it asked
    _is_delayed once, not once a role: ~1,700 tests in the six games)."""
    return _legal_seat(g, name, p, restrict)


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
def _legal_seat(g: Game, name, p, restrict, /) -> cython.int:
    """_legal_base's answer (1 or 0; the user is not read), inline in this room's callers
    (_has_target, _legal: ~2,550 of its ~3,400 asks in the six games were cpdef calls, each its
    prologue and five arguments, step 183c)."""
    if not isinstance(p, int):
        return 1
    # the seat as a C int once: the range test and the player read in C
    pi: cython.Py_ssize_t = _mi_int(p)   # read in place (smallint.pxd, step 115b)
    if not 0 <= pi < g.n:
        return 1
    # the seat's Player read borrowed when compiled (the game's list holds it; pi is in range):
    # g.players[pi] took and dropped a reference, its index tested for wraparound, at each of
    # ~3,400 asks in the six games (step 197c)
    if cython.compiled:
        if not cython.cast(Player, PyList_GET_ITEM(g.players, pi)).alive:
            return 0
    elif not g.players[pi].alive:
        return 0
    if restrict is not None and p not in restrict:
        return 0
    # status._query's no-answer bit (g.no_answer, status._unanswerable) tested here first: when
    # nothing can answer a legality query (none of its rules held, no lasting effect), the call,
    # its boxed arguments and its prologue are skipped (~2,400 queries in the six games)
    if (g.no_answer & _LEGAL_BIT) == 0 and Status._query(g, Q_LEGAL, name, p, _TG.card) != 0:
        return 0
    return 1


def _target_value(g, user, name, mi, ev, free=False, first=False, /):
    """The 使用目标 of method mi of card name ``name`` for ``user``; ``free``: the
    distance-relation rules its 使用目标 makes do not apply (_target_options); ``first``: only
    whether it has a legal target is asked (_has_target, with no restriction): a filter under a
    pick of one role may hold only the first legal target it finds (_TG.first,
    Roles.in_attack_range_one; docs/decisions/0081)."""
    ms = _methods(g, name)
    k = _mi_int(mi)
    if k >= len(ms):
        return None
    m = ms[k]
    return _reading_value(g, user, name, m[2], ev, free, first)


def _targets_reading(t, name, mi, /):
    """The 使用目标 reading of method mi of card name ``name`` in tables t, None when it has
    none: what _target_value evaluates, read as it reads it. The usability scan keeps it by
    method (usable._scan_tables: the tables do not change once registered) and evaluates it by
    _reading_value (step 150: _methods' call and the method's read at each of ~2,100 scanned
    methods in the six games)."""
    if type(name) is int:
        ni: cython.Py_ssize_t = _mi_int(name)
        nms: list = t.name_methods
        if nms is not None and 0 <= ni < len(nms):
            ms = nms[ni]
        else:
            ms = _methods_in(t.cards, name)
    else:
        ms = _methods_in(t.cards, name)
    k: cython.Py_ssize_t = _mi_int(mi)
    if k >= len(ms):
        return None
    return ms[k][2]


def _reading_value(g, user, name, r, ev, free, first, /):
    """_target_value's evaluation of ``r``, the 使用目标 reading of a method of card name
    ``name`` (None: no value)."""
    if r is None:
        return None
    tf = _frame0(user, ev)
    # the card whose targets are read (_TG), set in its fields and restored after (an
    # evaluation may run inside another's: a status query's reading)
    tg = _TG
    old_free, old_first, was_on = tg.free, tg.first, tg.on
    old_user = old_name = None
    if was_on:
        # an evaluation within another's: its user and name saved; with none in progress (the
        # scan's, nearly every one) they are None (_Targeting's start, set_evaluated(None), and
        # each evaluation puts them back so) and put back as None, not saved (step 119b: the
        # saved objects were each referenced, put back and dropped at each of ~2,450
        # evaluations in the six games)
        old_user, old_name = tg.user, tg.name
    tg.on, tg.user, tg.name, tg.free, tg.first = True, user, name, free, first
    try:
        if not reading_ok(r, Reading):
            raise TypeError("a method's targets are not a Reading: %r" % (r,))
        if cython.compiled and cython.cast(Reading, r).fn_c != cython.NULL:
            return reading_fn_value(cython.cast(Reading, r), g, tf)   # Reading.value's body
        return cython.cast(Reading, r).value(g, tf)
    finally:
        tg.on, tg.user, tg.name, tg.free, tg.first = was_on, old_user, old_name, old_free, old_first


@cython.nonecheck(False)   # tg is _TG (never None), r tested first: their fields read unchecked
def _scan_value(g, user, name, r, tf, /):
    """_reading_value(g, user, name, r, tf.ev, False, True), the usability scan's evaluation in
    frame ``tf`` (the scan's: _frame0(user, ev)'s kind, which the scan takes itself, step 158):
    with no evaluation in progress (_TG.on, .free and .first False; .user and .name are None
    then, as _reading_value relies on) the fields are set and put back to those values, none
    saved (step 152: ~2,100 scanned methods in the six games, each saving and restoring five
    fields and their references); within another's (a status query's reading), _reading_value."""
    if r is None:
        return None
    if tf is None:
        raise TypeError("_scan_value: no frame")
    tg = _TG
    if tg.on or tg.free or tg.first:
        return _reading_value(g, user, name, r, tf.ev, False, True)
    if not reading_ok(r, Reading):
        raise TypeError("a method's targets are not a Reading: %r" % (r,))
    tg.on, tg.user, tg.name, tg.first = True, user, name, True
    try:
        # a unit's reading (nearly all) by its C function, without Reading.value's method call
        if cython.compiled and cython.cast(Reading, r).fn_c != cython.NULL:
            return reading_fn_value(cython.cast(Reading, r), g, tf)
        return cython.cast(Reading, r).value(g, tf)
    finally:
        tg.on, tg.user, tg.name, tg.first = False, None, None, False


def _target_options(g, user, name, mi, ev, restrict, directed=False, /):
    """("all", roles) or ("pick", group, lo, hi) or None. ``restrict``: only these roles may be
    targets; ``directed``: the use is 对乙 (000:89: the others are not legal targets). A use 对乙
    where 乙 is a target of a card the user is using now does not pass the distance-relation
    rules of its 使用目标 again (000:90: 崔琰's 〖青龙偃月刀〗 on 马岱, to whom 〖流离〗 moved the
    【杀】, out of his attack range); the target-restriction rules still apply (000:83 〖空城〗).
    Any other use 对乙 passes them all (002:24: 【借刀杀人】's 【杀】 on a role at distance 2 may not
    be made of the 【麒麟弓】 that gives the range)."""
    free = directed and restrict is not None and _targets_of_own_use(g, user, restrict)
    return _target_options_of(g, user, name, _target_value(g, user, name, mi, ev, free), restrict)


def _targets_of_own_use(g, user, roles, /):
    """Whether every role of ``roles`` is a target of a card ``user`` is using now (a 使用
    event of user on the stack, its current target list)."""
    use = _T(g).events.get("使用", -2)
    st = g.stack
    i = len(st) - 1
    while i >= 0:
        fr = st[i]
        i -= 1
        if fr.prog != use or not fr.slots or fr.slots[0] != user or not _is_v(fr.slots[1]):
            continue
        tg = _rec(g, fr.slots[1])[V_TARGETS]
        if all([p in tg for p in roles]):
            return True
    return False


def _target_options_of(g, user, name, v, restrict, /):
    """_target_options from the evaluated targets ``v``."""
    if v is None:
        return None
    # the name's 延时锦囊 flag read once (_legal_as), where _legal asked it again at each role
    # (~640 in the six games, each a cpdef call; step 219d)
    delayed: cython.bint = _delayed_at(g, name)
    if isinstance(v, Pick):
        pk = cython.cast(Pick, v)
        grp = [p for p in pk.group if _legal_as(g, user, name, p, restrict, delayed)]
        if len(grp) < pk.lo or not grp:
            return None
        return ("pick", grp, pk.lo, pk.hi)
    if isinstance(v, int):
        if v < 0:
            return None
        return ("all", [v]) if _legal_as(g, user, name, v, restrict, delayed) else None
    grp = [p for p in v if _legal_as(g, user, name, p, restrict, delayed)]
    return ("all", grp) if grp else None


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
def _legal_as(g: Game, user, name, p, restrict, delayed: cython.bint, /) -> cython.int:
    """_legal(g, user, name, p, restrict) for card name ``name`` whose _is_delayed answer is
    ``delayed``: a name that is no 延时锦囊 is _legal_seat's alone (its rules of 000:81 not read),
    inline; a 延时锦囊's _legal's."""
    if delayed:
        return 1 if _legal(g, user, name, p, restrict) else 0
    return _legal_seat(g, name, p, restrict)


@cython.cfunc
@cython.inline
def _is_pick(v, /) -> cython.bint:
    """isinstance(v, Pick), where a value of exactly int, list or tuple (the other evaluated
    targets _has_target is given: ~990 of its ~2,100 calls in the six games) is answered by its
    type, not by the walk of its type's MRO that isinstance makes for a type not Pick."""
    tv = type(v)
    if tv is Pick:
        return True
    if tv is int or tv is list or tv is tuple:
        return False
    return isinstance(v, Pick)


def _has_target(g, user, name, v, /):
    """Whether _target_options_of(g, user, name, v, None) is not None — the usability scan's
    question: whether the evaluated targets ``v`` hold as many legal targets as the use needs
    (at least one), read only up to that many (the scan never reads the list)."""
    return _has_target_as(g, user, name, v, _delayed_at(g, name))


def _has_target_as(g, user, name, v, delayed, /):
    """_has_target for card name ``name`` whose _is_delayed answer is ``delayed``: the usability
    scan keeps it by method with the timing's tables (usable._ScanAt.delayed, step 211c), where
    each of its ~2,100 asks in the six games read the tables' flag by name id again."""
    if v is None:
        return False
    if delayed:
        # every target read, as _target_options_of reads them: _legal may give a card in a
        # 判定区 its virtual card, which takes the next id (the ids stay the plain scan's)
        return _delayed_has_target(g, user, name, v)
    if _is_pick(v):
        pk = cython.cast(Pick, v)
        need = pk.lo if pk.lo > 1 else 1
        k = 0
        for p in pk.group:
            if _legal_seat(g, name, p, None):
                k += 1
                if k >= need:
                    return True
        return False
    if isinstance(v, int):
        return v >= 0 and bool(_legal_seat(g, name, v, None))
    for p in v:
        if _legal_seat(g, name, p, None):
            return True
    return False


@cython.cfunc
def _delayed_has_target(g: Game, user, name, v, /) -> cython.bint:
    """_target_options_of(g, user, name, v, None) is not None for a 延时锦囊's targets ``v`` (not
    None): _legal asked of each target in the same order, the legal ones counted, where their
    list and the answer's tuple were made and freed (step 174c: ~130 of the scan's asks in the
    six games)."""
    k: cython.Py_ssize_t = 0
    if isinstance(v, Pick):
        pk = cython.cast(Pick, v)
        for p in pk.group:
            if _legal(g, user, name, p, None):
                k += 1
        return k >= pk.lo and k > 0
    if isinstance(v, int):
        return v >= 0 and bool(_legal(g, user, name, v, None))
    for p in v:
        if _legal(g, user, name, p, None):
            k += 1
    return k > 0


@prim(who="角色", c="牌")
def choose_targets(g, f, strict, who, c, /):
    """选择此牌的合法目标 (000:122): the 使用目标 of the declared method, the
    legality rules (status skills, 000:81), a restriction (需对…使用)."""
    if not _is_v(c):
        return Use._fail_pre(g, f)
    r = _rec(g, c)
    pre = Use.preselected_targets(g, f)
    if pre is not None:
        # chosen when the skill that started this use was activated (000:124,126; 001:151)
        r[V_TARGETS] = list(pre)
        return _done(f, True)
    # the context a typed list (_new_ctx's, or None): its items read by C indices, where an
    # untyped ctx[C_*] was a call of Cython's generic item getter (~340 choices in the six games)
    ctx: list = Use._ctx(g, f)
    restrict = ctx[Use.C_RESTRICT] if ctx is not None else None
    ev = ctx[Use.C_EV] if ctx is not None else None
    if ev is None:
        ev = Turns.current_turn(g, f)
    old = _AWAY[0]
    tg = _TG
    old_free, old_card = tg.nodist, tg.card
    put_slot(_AWAY, 0, _equipment_of(g, _field(r, V_CARDS)))
    tg.nodist, tg.card = bool(_field(r, V_NODIST)), c
    try:
        opt = _target_options(g, who, _field(r, V_NAME), _field(r, V_METHOD), ev, restrict, restrict is not None)
    finally:
        put_slot(_AWAY, 0, old)
        tg.nodist, tg.card = old_free, old_card
        # _away_skills' answer is for the tuple just dropped: the entry released, which kept
        # its game alive until another choice with equipment used (step 141)
        put_slot(_AWAY_KEPT, 1, None)
    if opt is None:
        return Use._fail_pre(g, f)
    # _target_options_of's answer a tuple: its items read by C indices. Its list of roles is
    # made for this answer alone (_target_options_of's own, held by nothing else): the record
    # takes it as its target list, where list() copied it (~210 choices in the six games)
    opts: tuple = opt
    # ("all", roles) by its size (the pick's has four items), where the first item compared
    # with "all" went through PyUnicode_Compare for each pick (~100 instructions, ~170 picks in
    # the six games of `sgs bench --what instructions`)
    if len(opts) == 2:
        r[V_TARGETS] = opts[1]
        return _done(f, True)
    grp: list = opts[1]
    # the bounds as C ints (compiled; the Pick's ints), the query's kind a C constant
    lo: cython.Py_ssize_t = opts[2]
    hi: cython.Py_ssize_t = opts[3]
    plus: cython.Py_ssize_t = Status._query(g, _Q_TLIMIT, c)   # 额定目标数上限+X: an int
    hi = hi + plus
    if hi > len(grp):
        hi = len(grp)
    if lo < 1:
        lo = 1
    if lo == len(grp) and hi == lo:
        r[V_TARGETS] = grp
        return _done(f, True)
    return Decisions._helper(g, f, _OP_ASK_THEN, [D_PLAYERS, grp, lo, hi, "选择目标", _SET_TARGETS, c],
                             who)


# choose_targets' query and decision kinds as C constants (compiled): no module global read and
# converted at each choice
_Q_TLIMIT = cython.declare(cython.int, Q_TLIMIT)
_OP_ASK_THEN = cython.declare(cython.int, OP_ASK_THEN)


@cython.cfunc
def _equipment_of(g: Game, cards, /) -> tuple:
    """The cards of ``cards`` (a virtual card's physical cards) that lie in an equipment zone, as
    a tuple (choose_targets' _AWAY; () for nearly every card): compiled, each card's zone kind
    read in place (card_zone_kind), where a list was made and each card's kind asked by a method
    call through Python and tested by `in EQUIP_ZONES` (~340 choices in the six games)."""
    got = None
    k: cython.int
    for x in cards:
        k = card_zone_kind(g, _mi_int(x))
        if _Z_EQUIP_FIRST <= k <= _Z_EQUIP_LAST:   # in EQUIP_ZONES (one range: base)
            if got is None:
                got = []
            got.append(x)
    return () if got is None else tuple(got)


def equipment_of(g, cards, /):
    """_equipment_of as a Python function (tests/runtime/test_first_target.py)."""
    return _equipment_of(g, cards)


def _set_targets(g, f, strict, chosen, c, /):
    # the chosen targets kept as a tuple (a record's targets may be one: decision 0131), the one
    # target_list answers as it is, where a list was made here and target_list copied it into a
    # tuple and freed it at its first ask (~126 picks in the six games, step 251)
    _rec(g, c)[V_TARGETS] = tuple(chosen)
    return _done(f, True)


prim(_set_targets)
_SET_TARGETS = prim_id("_set_targets")   # what helper frames hold (decisions._then)


# ---- the system's next legal target ----------------------------------------------------------


@prim(who="角色", c="牌", returns="角色")
def next_legal_target(g, f, who, c, /):
    """〔甲〕之后首名为〔乙〕的合法目标的角色 (002:348,409): the system's check only."""
    name = Cards._card_name_any(g, c)
    p = who
    for i in range(g.n):
        p = (p + 1) % g.n
        if g.players[p].alive and _legal(g, NONE, name, p, None):
            return p
    return who


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(choose_targets)


# step 83's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(next_legal_target)
