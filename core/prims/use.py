# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Using and playing cards (使用/打出, need and pre flows, 000:177-202): their contexts, the
records of what was used, and a skill's use event (000:236, 251).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import array

import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (
    D_PLAYERS, SC_PHASE, SC_TURN, Card, Frame, Game)
from core.prims.base import (
    EV_CARD_MOVE, NONE, OP_ASK_THEN, OP_CARDS_THEN, OP_IN_TURN, OP_QUESTION, Pick, S_CORR, S_FAIL,
    S_JIU, S_LIVE, S_NEED, S_PROC, V_ALLHAND, V_CARDS, V_DMG, V_METHOD, V_NAME, V_USER,
    _pushed, prim, prim_id, _prog_kind)
# an int array's item added to (engine._ai_add): compiled, in place
if cython.compiled:
    from cython.cimports.core.engine import _ai, _ai_add
    from cython.cimports.core.prims.lists import ints_append
    from cython.cimports.cpython.ref import Py_REFCNT   # _need_note: is a record held elsewhere
    # a dead flow frame's context taken again by _new_ctx (spares.pxd's kept_ctx; step 278a)
    from cython.cimports.core.spares import CTX_N, kept_ctx, kept_ctx_at
    from cython.cimports.cpython.object import PyObject
    _CTX_AT = cython.declare(cython.pointer(cython.pointer(PyObject)), kept_ctx_at())
else:
    from core.engine import _ai, _ai_add
    from core.engine_pure import ints_append
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _st_fast as _st, _S_fast as _S,
        _is_v_fast as _is_v, _rec_fast as _rec, _field_fast as _field, _slot_fast as _slot,
        _prog_evi_in_fast as _prog_evi_in)
else:
    from core.prims.base import _T, _get, _sx, _st, _S, _is_v, _rec, _field, _slot, _prog_evi_in
# a zone's live list: compiled, Game.zone_cards in place (zonelist.pxd, step 54)
# uncompiled, zones' call of the method (one object: the package binds each name once)
if cython.compiled:
    from cython.cimports.core.prims.zonelist import zone_cards_fast as _zone_cards
else:
    from core.prims.zones import _zone_cards
# the events this room tests frames for (EVI_*): C ints of the room when compiled (use.pxd)
from core.prims.base import (
    EVI_NEED_PLAY, EVI_NEED_USE, EVI_PRE_PLAY, EVI_PRE_USE, EVI_TARGET_USE)
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import (X_CARDS, X_LASTCARD, X_TMP, _AWAY, _PK_SKILL, _Z_EQUIP_FIRST,
                                 _Z_EQUIP_LAST, _Z_HAND)
if cython.compiled:   # a card's zone kind read in place (core/prims/zonekind.pxd)
    from cython.cimports.core.prims.zonekind import card_zone_kind
else:   # the method itself (one object: each room binds the same)
    card_zone_kind = E.Game.where_kind
# the 处理区's kind: compiled, base's C constant (cards_moved_to_processing_by read the engine's
# Z_PROCESS as a module global and unboxed it at each of ~500 calls)
if cython.compiled:
    from cython.cimports.core.prims.base import _Z_PROCESS
else:
    from core.prims.base import _Z_PROCESS
if cython.compiled:   # a verdict's flags written in place (core/prims/verdict.pxd, step 114)
    from cython.cimports.core.prims.verdict import _done_fast as _done, _set_exec_fast as _set_exec
else:
    from core.prims.base import _done, _set_exec
if cython.compiled:   # a root state table to write, read in place (core/prims/statew.pxd, step 114)
    from cython.cimports.core.prims.statew import _Sw_fast as _Sw
if cython.compiled:   # a seat of one digit read in place, a list's item written in place
    from cython.cimports.core.prims.smallint import one_digit_long
    from cython.cimports.core.prims.slots import put_slot
# a seat as a C index, -1 for none (core/prims/smallindex.pxd); uncompiled, values' pure form
if cython.compiled:
    from cython.cimports.core.prims.smallindex import small_index
else:
    from core.prims.values import small_index
if cython.compiled:
    # a need's frame pushed in place (_push_need): flow's _push_args' body (pushinline.pxd's
    # pushed_in, step 258a), with spares' pointers as flow's
    from cython.cimports.core.prims.pushinline import push_ready, pushed_in
    push_ready()
if cython.compiled:   # a hand's names read in place (core/prims/handname.pxd, step 124)
    from cython.cimports.core.prims.handname import hand_has_name_in
if cython.compiled:   # a flow's context read in place (core/prims/ctxread.pxd, step 124)
    from cython.cimports.core.prims.ctxread import ctx_in
else:
    from core.prims.base import _Sw
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    cards as Cards, decisions as Decisions, flow as Flow, limits as Limits, roles as Roles,
    status as Status, targets as Targets, turns as Turns, zones as Zones)
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, decisions as Decisions, flow as Flow, limits as Limits, roles as Roles,
        status as Status, targets as Targets, turns as Turns, zones as Zones)
# a small int's value read in place (core/prims/smallint.pxd, step 104); uncompiled, the value
# itself (zones' function: one object, the package binds each name once)
if cython.compiled:
    from cython.cimports.core.prims.smallint import small_int as _int
else:
    _int = Zones._int


# ---- use / play: contexts of the need and pre flows --------------------------------------------

# A flow's context is a list of the C_* fields below (_new_ctx), kept in the field y of the flow's
# own frame (需要使用牌/需要打出牌/预使用/预打出; decision 0133): set when the flow is pushed
# (_push_need, _start_card) or at its first reading (_ctx), None before, copied with its frame
# by a clone (core/clone.py). Not a scratch slot: most of these frames need no scratch else
# (~945 made in the six games of `sgs bench --what instructions` for this one slot, step 161a).

C_METHOD = 0


C_RESTRICT = 1   # legal targets restricted to these roles (需对/对…使用), or None


C_CARD = 2       # the card a skill started using/playing (当…使用, 视为), or None


C_STARTED = 3


C_DECLARED = 4


C_EV = 5         # the event of the timing the use answers (【闪】: the 【杀】's settlement)


C_INIT = 6


C_SKILL = 7      # need flows: the frame id of the skill that started the use/play (当…使用): its


                 # use event goes on through this flow's pre flow (skill_default_move)
C_REC = 8        # need flows: this need's record in S_NEED ([name, done, card]; keep_need_result)


C_TARGETS = 9    # need-to-use flows: (skill frame id, targets) chosen when a skill was activated
                 # at 其需要使用此牌时❶ (preselect_targets; 001:151, 002:147, 000:126)


NC = 10


# the events _flow looks for, as a set of EVI_* bits: the pre and need flows
_PRE = (1 << EVI_PRE_USE) | (1 << EVI_PRE_PLAY)
_NEEDS = (1 << EVI_NEED_USE) | (1 << EVI_NEED_PLAY)
_FLOWS = _PRE | _NEEDS

# spares.pxd's size of a kept context: NC (step 278a)
if cython.compiled and NC != CTX_N:
    raise ImportError("core.prims.use: spares.pxd's CTX_N is not NC")


def _new_ctx(method=0, restrict=None, card=None, started=False, ev=None, /):
    # made at once in the C_* order (C_METHOD, C_RESTRICT, C_CARD, C_STARTED, C_DECLARED,
    # C_EV, C_INIT, C_SKILL, C_REC, C_TARGETS; step 47: ten item writes through Cython's
    # generic setter were ~35 instructions each), as cards._new_vcard makes a record.
    # Compiled, a dead flow frame's list when there is one (~4,200 in the bench's 40 games;
    # step 278a), its items written as here
    if cython.compiled:
        return kept_ctx(_CTX_AT, method, restrict, card, started, ev)
    return [method, restrict, card, started, started, ev, False, None, None, None]


def _flow(g, f, evs=_FLOWS, /):
    """Frame f, else the innermost frame on the stack, if it runs one of the events ``evs``
    (a set of EVI_* bits), or None."""
    t = _T(g)
    if _prog_evi_in(t, f.prog, evs):
        return f
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        if _prog_evi_in(t, cython.cast(Frame, st[i]).prog, evs):
            return st[i]
    return None


def _ctx(g, f, /):
    # a list (_new_ctx) or None: this room's readers take it as a typed list, its items read
    # in place (step 47: an untyped ctx[C_*] was a call of Cython's generic item getter)
    if cython.compiled:   # f the flow, its context made: read borrowed (core/prims/ctxread.pxd)
        made = ctx_in(g, f, _FLOWS)
        if made is not None:
            return made
    t = _T(g)
    # _flow's first test made here: f itself is the flow at nearly every call (step 105b: all
    # but ~40 of ~6,200 in the six games), so the call of _flow and its answer's type test are
    # left for the walk down the stack; the context read once
    fr: Frame = f
    if not _prog_evi_in(t, f.prog, _FLOWS):
        fr = _flow(g, f)
        if fr is None:
            return None
    c = fr.y   # the flow's context: its frame's field y (decision 0133), made once
    if c is None:
        up = fr.ev
        if _prog_evi_in(t, fr.prog, _PRE) and up is not None and _prog_evi_in(t, up.prog, _NEEDS):
            c = _ctx(g, up)
        else:
            c = _new_ctx()
        fr.y = c
    return c


@cython.cfunc
@cython.inline
def _ctx_here(g: Game, f: Frame, /) -> list:
    """_ctx(g, f) for this room's readers: compiled, its first answer (ctx_in: f the flow, its
    context made) read in place, where each reader called _ctx for it (~3,500 of its ~5,000
    calls in the six games, step 136b); anything else is _ctx's."""
    if cython.compiled:
        made = ctx_in(g, f, _FLOWS)
        if made is not None:
            return made
    return _ctx(g, f)


def _fail_pre(g, f, /):
    """A step of 预使用/预打出 cannot be fulfilled: the pre flow is terminated
    (000:128,225), no use/play event."""
    fr = _flow(g, f, _PRE)
    if fr is not None:
        g.terminate(fr)
    if fr is f:
        _set_exec(f, False)
        return 1
    return _done(f, False)


def _need_note(g, who, name, done, card=None, /):
    """A new record of ``who``'s need (S_NEED); returned, so the need flow keeps it (C_REC)."""
    lst: list = _S(g, S_NEED, g.n)
    if cython.compiled:
        # a seat of one digit (every caller's) compared as a C int, where `0 <= who < g.n`
        # compared Python ints, g.n boxed, at each of ~1,150 calls in the six games (step 161b)
        v: cython.long
        if type(who) is int and one_digit_long(who, cython.address(v)):
            if not 0 <= v < g.n:
                return None
            w: cython.Py_ssize_t = v
            old = lst[w]
            # the last record rewritten in place when the table alone holds it (no need flow's
            # C_REC, no clone's table: its reference count, the table's and old's), so nobody
            # can tell it from a new one; each a list made and the last one freed through a
            # generic item write before (step 136a); its items written in place (slots.pxd)
            if type(old) is list and Py_REFCNT(old) == 2 and len(cython.cast(list, old)) == 3:
                put_slot(cython.cast(list, old), 0, name)
                put_slot(cython.cast(list, old), 1, done)
                put_slot(cython.cast(list, old), 2, card)
                return old
            new = [name, done, card]
            lst[w] = new
            return new
    if 0 <= who < g.n:
        rec = [name, done, card]
        lst[who] = rec
        return rec
    return None


def _need_init(g, f, who, name, /):
    ctx: list = _ctx_here(g, f)
    if ctx is not None and not ctx[C_INIT]:
        ctx[C_INIT] = True
        ctx[C_REC] = _need_note(g, who, name, False)
    return ctx


@prim
def keep_need_result(g, f, strict, /):
    """(the end of a need flow) Its own outcome is the role's last need again: what 若其未使用／
    未打出 reads after it (〖借刀杀人〗), even when a need of the same role nested in it (a 【桃】
    asked while its 【杀】 resolves) ended later and left its own."""
    ctx: list = _ctx_here(g, f)
    if ctx is not None and ctx[C_REC] is not None:
        # the seat a C long (compiled: read in place; a seat is an int of one digit, else -1),
        # compared and indexed in C, where g.n was boxed and compared as objects (~595 asks,
        # step 191)
        w: cython.long = small_index(f.slots[0])
        if 0 <= w < g.n:
            lst: list = _S(g, S_NEED, g.n)
            lst[w] = ctx[C_REC]
    return 0


@prim(who="角色", name="牌名", returns="真假")
def started_use(g, f, who, name, /):
    ctx: list = _need_init(g, f, who, name)
    return bool(ctx[C_STARTED]) if ctx is not None else False


@prim(who="角色", name="牌名", returns="真假")
def started_play(g, f, who, name, /):
    ctx: list = _need_init(g, f, who, name)
    return bool(ctx[C_STARTED]) if ctx is not None else False


def _hand_of_name(g, who, name, exact=False, /):
    """The cards of who's hand named ``name``, or (not ``exact``) of a kind of it (火【杀】 for
    【杀】, Cards._kind_ok)."""
    out = []
    kinds_of: list = None if exact else _kinds_of(g)
    # the hand's list read in place (zonelist.pxd) and the game's cards read once, each card id
    # read in place (smallint.pxd) and the hand's own int appended, where the hand was asked of
    # the Game's method, each id unboxed by a call and boxed again for the answer (step 127)
    hand: list = _zone_cards(g, _Z_HAND, who)
    cards: list = g.cards
    for x in hand:
        c = _int(x)
        n = cython.cast(Card, cards[c]).name   # read in place: c, n and name C ints (use.pxd)
        if n == name or _kind_named(g, kinds_of, n, name):
            out.append(x)
    return out


@cython.cfunc
@cython.inline
def _kinds_of(g: Game, /) -> list:
    """The card names that are a kind of another (Status.kinds by id: Cards._kinds_by_id): read
    once by a hand's walk, _kind_ok is asked only about those (or about a name group, name < 0);
    for any other name it is False (a list item by the C int n, where a dict's lookup was ~100
    instructions)."""
    kinds_of: list = _T(g).kind_names
    return kinds_of if kinds_of is not None else Cards._kinds_by_id(g)


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
@cython.locals(kinds_of=list)   # (None allowed: an annotation would not)
def _kind_named(g: Game, kinds_of, n: cython.int, name: cython.int, /) -> cython.int:
    """Whether a card named n (not ``name`` itself) is of a kind of ``name`` (``kinds_of``:
    _kinds_of's list, None when only the name itself counts)."""
    return (kinds_of is not None and (name < 0 or (0 <= n < len(kinds_of) and
                                                   kinds_of[n] is not None))
            and Cards._kind_ok(g, n, name))


@cython.cfunc
@cython.locals(c=cython.Py_ssize_t, n=cython.int)
@cython.exceptval(-1, check=True)
def _hand_has_kind(g: Game, who, name: cython.int, /) -> cython.int:
    """_hand_of_name(g, who, name) is not empty, read without its list: stops at the first card
    (start_default_use's question at each of ~360 default uses in the six games, step 143c)."""
    kinds_of: list = _kinds_of(g)
    hand: list = _zone_cards(g, _Z_HAND, who)
    cards: list = g.cards
    for x in hand:
        c = _int(x)
        n = cython.cast(Card, cards[c]).name
        if n == name or _kind_named(g, kinds_of, n, name):
            return True
    return False


def hand_has_kind(g, who, name, /):
    """_hand_has_kind as a Python function (tests/runtime/test_need_names.py)."""
    return bool(_hand_has_kind(g, who, name))


def _hand_has_name(g, who, name, /):
    """who has a hand card named exactly ``name`` (_hand_of_name(g, who, name, True) is not
    empty), read without the list: stops at the first (a card rule offered to its holder asks
    at every timing it listens at, ~2,100 times in `sgs bench --what instructions`' games)."""
    if not 0 <= who < g.n:
        return False
    # the hand's list read in place (zonelist.pxd) and the game's cards read once, each card id
    # read in place (smallint.pxd, step 104b), where the id was unboxed by a call and g.cards
    # read (and tested for None) at each card
    hand: list = _zone_cards(g, _Z_HAND, who)
    if cython.compiled:   # the ids and their Cards borrowed (core/prims/handname.pxd, step 124)
        return hand_has_name_in(hand, g, name)
    cards: list = g.cards
    for x in hand:
        if cython.cast(Card, cards[_int(x)]).name == name:
            return True
    return False


@prim(who="角色", name="牌名")
def start_default_use(g, f, strict, who, name, /):
    """以默认方式开始使用: possible when 甲 has a hand card of that name (000:96)."""
    ctx: list = _ctx_here(g, f)
    if ctx is None or not _hand_has_kind(g, who, name):
        return _done(f, False)
    ctx[C_STARTED] = True
    ctx[C_DECLARED] = True
    return _done(f, True)


@prim(who="角色", name="牌名")
def start_default_play(g, f, strict, who, name, /):
    return start_default_use(g, f, strict, who, name)


@prim(who="角色", n1="牌名", n2="牌名", returns="真假")
def not_declared_in_need_flow(g, f, who, n1, n2, /):
    ctx: list = _ctx_here(g, f)
    return ctx is None or not ctx[C_DECLARED]


@prim(who="角色", name="牌名")
def declare_card_name(g, f, strict, who, name, /):
    ctx: list = _ctx_here(g, f)
    if ctx is not None:
        ctx[C_DECLARED] = True
    return _done(f, True)


@prim
def create_virtual_card(g, f, strict, /):
    fr = _flow(g, f, _PRE)
    if fr is None:
        return _done(f, False)
    ctx: list = _ctx_here(g, f)
    c = ctx[C_CARD] if ctx is not None else None
    if c is None or not _is_v(c):
        c = Cards._new_vcard(g, _slot(fr, 1), ())
    r = _rec(g, c)
    r[V_USER] = _slot(fr, 0)
    if ctx is not None:
        r[V_METHOD] = ctx[C_METHOD]
    _sx(fr)[X_LASTCARD] = c
    return _done(f, True)


@prim(who="角色", c="牌")
def determine_physical_standard(g, f, strict, who, c, /):
    return _done(f, True)


@prim(who="角色", c="牌")
def determine_physical_range(g, f, strict, who, c, /):
    return _done(f, True)


@prim(who="角色", c="牌", c2="牌")
def choose_physical_cards(g, f, strict, who, c, c2=None, /):
    """选择此牌对应的实体牌: a card a skill started with has its cards already;
    else one hand card of this name (000:96; 火/雷【杀】 are 【杀】)."""
    ctx: list = _ctx_here(g, f)
    if not _is_v(c):
        return _fail_pre(g, f)
    r = _rec(g, c)
    if ctx is not None and ctx[C_CARD] is not None:
        return _done(f, True)
    name: cython.int = r[V_NAME]
    # the hand's only card of the name set at once (283 of 331 choices in the six games), without
    # the list of candidates made and read; none or several: the list, as before
    one = _sole_hand_card(g, who, name)
    if one is not None:
        return _set_physical(g, f, True, (one,), who, c)
    cands = _hand_of_name(g, who, name)
    if not cands:
        return _fail_pre(g, f)
    return Decisions._helper(g, f, OP_CARDS_THEN, [cands, 1, 1, "选择实体牌", _SET_PHYSICAL, who, c],
                             who)


@cython.cfunc
@cython.locals(c=cython.Py_ssize_t, n=cython.int)
def _sole_hand_card(g: Game, who, name: cython.int, /):
    """The one card of who's hand that _hand_of_name(g, who, name) would list, or None when it
    would list none or several (the walk stops at the second)."""
    kinds_of: list = _kinds_of(g)
    hand: list = _zone_cards(g, _Z_HAND, who)
    cards: list = g.cards
    one = None
    for x in hand:
        c = _int(x)
        n = cython.cast(Card, cards[c]).name
        if n == name or _kind_named(g, kinds_of, n, name):
            if one is not None:
                return None
            one = x
    return one


def sole_hand_card(g, who, name, /):
    """_sole_hand_card as a Python function (tests/runtime/test_sole_hand_card.py)."""
    return _sole_hand_card(g, who, name)


def _set_physical(g, f, strict, chosen, who, c, /):
    r = _rec(g, c)
    r[V_CARDS] = tuple(chosen)
    # the card's name and the hand's list read in place (Game.card_name's and zone_cards' method
    # calls before), the hand's cards tested by a loop (a list of answers was made for all())
    if len(chosen) == 1:
        r[V_NAME] = cython.cast(Card, g.cards[_int(chosen[0])]).name
    hand: list = _zone_cards(g, _Z_HAND, who)
    if len(hand) == len(chosen):
        for x in chosen:
            if x not in hand:
                break
        else:
            r[V_ALLHAND] = who
    return _done(f, True)


prim(_set_physical)
_SET_PHYSICAL = prim_id("_set_physical")   # what helper frames hold (decisions._then)


# ---- records of use and play -------------------------------------------------------------------


def _began(g, who, c, used, /):
    """The records of c's use (``used``) or play by ``who`` starting (000:130): its user, the
    living cards, the physical cards' handle, a need it answers, the counts of the turn and
    phase (the use limits read them), 【酒】's bonus. A C call with typed tables: ~360 uses and
    plays in `sgs bench --what instructions`' six games, ~14 k instructions each as Python."""
    r = _rec(g, c)
    r[V_USER] = who
    n = r[V_NAME]
    # a name id a C int (step 150: compared as objects), -1 for a name that is no id
    k = n if isinstance(n, int) else -1
    named: cython.bint = k >= 0
    if named:
        # the report's count, a C int array's item added to in place (its index tested: engine's
        # _ai_add does not), where the array's item was read and written as Python ints
        counts = Status._stats(g)[Status.ST_USED if used else Status.ST_PLAYED]
        if k >= len(counts):
            raise IndexError("card name id %d: no count" % k)
        _ai_add(counts, k, 1)
    # one accessor, the one to write: a use or play nearly always begins a card not yet living
    # (356 appends in 357 uses and plays of the six games)
    live: list = _Sw(g, S_LIVE)
    if not _has_handle(live, c):
        live.append(c)
    corr = _Sw(g, S_CORR, len(g.cards))   # a list: each card's item written by a C index
    for x in r[V_CARDS]:
        corr[x] = c
    lst = _S(g, S_NEED, g.n)
    w = who   # a C int (compiled): the per-role lists' index, each role's item read once
    if not 0 <= w < g.n:
        return
    rec = lst[w]   # [name, done, card] (_need_note) or None
    if rec is not None and not rec[1] and Cards._kind_ok(g, n, rec[0]):
        rec[1] = True   # in place: the need flow holding it (C_REC) sees it too
        rec[2] = c
    if named:
        _count_use(g, w, k, r[V_METHOD] if used else -1)
    if used:
        # (turn, +X, name): health's tuple, or None; the table's item read as a list's (a
        # clone's Shared tuple by its own), where Cython's generic item getter took it
        jl = _S(g, S_JIU, g.n)
        jiu = cython.cast(list, jl)[w] if type(jl) is list else jl[w]
        if jiu is not None and Cards._kind_ok(g, n, jiu[2]):
            if jiu[0] == g.turn_no:
                r[V_DMG] += jiu[1]
            _Sw(g, S_JIU, g.n)[w] = None


@cython.cfunc
@cython.inline
def _has_handle(live: list, c, /) -> cython.bint:
    """``c in live`` for the live virtual cards' handles (ints): a handle of one digit (all of
    them) compared as a C long with each item's value read in place (small_index), where `in`
    compared each item as objects (PySequence_Contains, ~56 instructions at each of ~360 uses
    and plays in the six games, step 251); anything else by `in`."""
    v: cython.long = small_index(c)
    if v < 0:
        return c in live
    for x in live:
        if small_index(x) == v:
            return True
    return False


def _count_use(g, who, n, mi, /):
    """Count ``who``'s use by method ``mi`` (-1: a play) of a card named n, as one of n and of
    each name it is a kind of (火【杀】 counts as a 【杀】, by method 0): in the play phase, its
    uses and plays (not_used_or_played_in_play_phase); a use, in the turn and the play phase
    (the use limits read them: 额外说明 【杀】, 【酒】（使用方法①）)."""
    t = _T(g)
    in_play: cython.bint = Turns._in_play_phase(g)
    kl: list = t.kind_names
    if kl is None:
        kl = Cards._kinds_by_id(g)
    # the names by C index, n first, then the kinds (a tuple n + kinds was made at each of ~360
    # uses and plays in the six games, each name walked as an object, each counter's method
    # boxed for limits.use_counter and its answer boxed again for add_count: step 127)
    ks = kl[n] if 0 <= n < len(kl) else None
    nk: cython.Py_ssize_t = 1 + (len(cython.cast(tuple, ks)) if ks is not None else 0)
    j: cython.Py_ssize_t
    k: cython.Py_ssize_t
    m: cython.Py_ssize_t
    ck: cython.Py_ssize_t
    played: list = t.k_used
    if in_play:
        for j in range(nk):
            k = n if j == 0 else cython.cast(tuple, ks)[j - 1]
            if k < len(played):
                _add_one(g, _SC_TURN, who, played[k])
    if mi >= 0:
        for j in range(nk):
            k = n if j == 0 else cython.cast(tuple, ks)[j - 1]
            m = mi if k == n else 0
            ck = Limits._use_counter_at(t.k_use_turn, k, m)
            if ck >= 0:
                _add_one(g, _SC_TURN, who, ck)
                if in_play:
                    _add_one(g, _SC_PHASE, who, Limits._use_counter_at(t.k_use_phase, k, m))


@cython.cfunc
@cython.inline
@cython.boundscheck(False)   # sc: a scope (0 <= sc < 4), the size of the game's lists of scopes
@cython.wraparound(False)
@cython.exceptval(-1, check=True)
def _add_one(g: Game, sc: cython.int, p: cython.Py_ssize_t, key: cython.Py_ssize_t, /
             ) -> cython.int:
    """Game.add_count(sc, p, key, 1) inline, its work and checks the same (a clone's shared
    scope owned first, the counter's index noted for the scope's reset when it leaves 0):
    _count_use's ~1,100 counts in `sgs bench --what instructions`' six games were C calls
    across modules, ~96 instructions each, a Python None returned by each (step 224a)."""
    if not (0 <= sc < 4 and 0 <= p < g.n and 0 <= key < g.K):
        _no_counter(sc, p, key)
    if (g.cnt_shared >> sc) & 1:   # a clone shares the scope's counters
        Game._own_scope(g, sc)
    i: cython.Py_ssize_t = p * g.K + key
    c = cython.cast(array.array, g.cnt[sc])   # Game's arrays, not tested again
    if _ai(c, i) == 0:
        ints_append(cython.cast(array.array, g.cnt_touched[sc]), i)
    _ai_add(c, i, 1)
    return 0


def _no_counter(sc, p, key, /):
    """_add_one's error, out of its inline code."""
    raise E.EngineError("no counter %d of player %d in scope %d" % (key, p, sc))


# the counters' scopes as C ints (module globals read and unboxed at each count before)
_SC_TURN = cython.declare(cython.int, SC_TURN)
_SC_PHASE = cython.declare(cython.int, SC_PHASE)


@prim(who="角色", c="牌")
def record_used(g, f, strict, who, c, /):
    """使用者使用过此牌 (000:130): the card exists, its user is set."""
    if _is_v(c):
        _began(g, who, c, True)
    return _done(f, True)


@prim(who="角色", c="牌")
def record_played(g, f, strict, who, c, /):
    if _is_v(c):
        _began(g, who, c, False)
    return _done(f, True)


@prim(who="角色", group="角色组", c="牌")
def record_used_on(g, f, strict, who, group, c, /):
    return _done(f, True)


@prim(who="角色", name="牌名", returns="真假")
def did_not_use_needed(g, f, who, name, /):
    e = _S(g, S_NEED, g.n)[who] if 0 <= who < g.n else None
    r = e is None or not e[1]
    if r:
        _st(g)[S_FAIL] = who
    return r


@prim(who="角色", name="牌名", returns="真假")
def did_not_play_needed(g, f, who, name, /):
    return did_not_use_needed(g, f, who, name)


@prim(name="牌名", returns="角色")
def first_not_played(g, f, name, /):
    v = _st(g)[S_FAIL]
    return NONE if v is None else v


@prim(returns="角色")
def other_of_pair(g, f, /):
    """另一名角色: of the two roles of the 【决斗】 being resolved."""
    a = _st(g)[S_FAIL]
    fr = _flow(g, f, 1 << EVI_TARGET_USE)
    if fr is None:
        return NONE
    u, t = _slot(fr, 0), _slot(fr, 2)
    return t if a == u else u


@prim(name="牌名", returns="真假")
def someone_played_thus(g, f, name, /):
    v = _get(f, X_LASTCARD)
    return v is not None and Cards._kind_ok(g, Cards._card_name_any(g, v), name)


# ---- starting a use or a play ------------------------------------------------------------------


@cython.cfunc
def _start_card(g: Game, f: Frame, who, card, use: cython.bint, restrict=None, /):
    """甲使用/打出〔牌〕: inside 甲's need flow of that name, the card starts the
    use/play (000:197); otherwise its pre flow runs now. A C call from use_card, play_card and
    need_use_on, the stack's frames read as frames (their skill and program fields in place),
    where a Python call's walk read each by attribute lookup (~26 starts in the six games)."""
    if not _is_v(card):
        return _done(f, False)
    _sx(f)[X_LASTCARD] = card
    name = _field(_rec(g, card), V_NAME)
    need = _flow(g, f, 1 << (EVI_NEED_USE if use else EVI_NEED_PLAY))
    if need is not None and _slot(need, 0) == who and restrict is None:
        ctx = _ctx(g, need)
        if not ctx[C_STARTED] and Cards._kind_ok(g, name, _slot(need, 1)):
            ctx[C_CARD] = card
            ctx[C_STARTED] = True
            ctx[C_DECLARED] = True
            st: list = g.stack
            t = _T(g)
            i: cython.Py_ssize_t
            for i in range(len(st) - 1, -1, -1):
                fr = cython.cast(Frame, st[i])
                if fr is need:
                    break
                if fr.skill >= 0 and _prog_kind(t, fr.prog) == _PK_SKILL:
                    ctx[C_SKILL] = fr.id
                    break
            return _done(f, True)
    t = _T(g)
    cid = t.events.get("预使用" if use else "预打出")
    if cid is None:
        raise E.EngineError("the module has no event %s" % ("预使用" if use else "预打出"))
    # its two arguments passed as they are (flow's _push_args): no tuple made for the slots
    c = Flow._push_args(g, f, cid, 2, who, name, None, None, who, None)
    c.y = _new_ctx(0, restrict, card, True, Turns.current_turn(g, f))
    return _pushed(f)


@cython.cfunc
@cython.exceptval(-1, check=True)
def _needs_equipment(g: Game, who, name, mi, ev, restrict, c, /) -> cython.bint:
    """Whether ``who``'s use of a card named ``name`` needs its equipment card c (002:22-29):
    without c's attack range and skill there is no legal target, or (``mi`` >= 0: a use at the
    card's 使用时机 by method mi) its use limit is reached."""
    ms = Targets._methods(g, name)
    old = _AWAY[0]
    _AWAY[0] = (c,)
    try:
        for m in range(len(ms)):
            # a method with a legal target is enough: the others are not evaluated. Without a
            # restriction, _has_target answers as _target_options' "is not None" (reading the
            # targets only up to the count the use needs)
            if restrict is None:
                found = Targets._has_target(g, who, name,
                                            Targets._target_value(g, who, name, m, ev, False, True))
            else:
                found = Targets._target_options(g, who, name, m, ev, restrict, True) is not None
            if found:
                return mi >= 0 and Limits._use_limited(g, who, name, mi)
        return True
    finally:
        _AWAY[0] = old


def equipment_needed(g, who, name, mi, ev, /):
    """The equipment cards of ``who`` its use of ``name`` (method mi, at its 使用时机) needs:
    they cannot be that card's physical cards (Usable._can_convert). A C call (use.pxd: usable's
    _Needed asks it), each zone's list read in place and _needs_equipment a C function (step
    272c), where a Python def called Game.zone_cards by name for each zone (~10,800 instructions
    a call in the bench's games, ~1,800 of them the calls')."""
    out = ()
    for z in range(_Z_EQUIP_FIRST, _Z_EQUIP_LAST + 1):   # EQUIP_ZONES (one range: base checks)
        for c in _zone_cards(g, z, who):
            if _needs_equipment(g, who, name, mi, ev, None, c):
                out = out + (c,)   # (a card needed: 4 in the bench's 30 games)
    return out


def _at_use_timing(g, f, /):
    """Whether the use being made was started by its user at the card's 使用时机 (the hidden
    use-card skill started its need flow), where its use limits apply — not by an effect
    (〖青龙偃月刀〗, 【借刀杀人】: 001:179)."""
    need = _flow(g, f, 1 << EVI_NEED_USE)
    if need is None:
        return False
    st = g.stack
    for i in range(len(st) - 1, 0, -1):
        if st[i] is need:
            return st[i - 1].prog == _T(g).use_prog
    return False


@cython.cfunc
def _fit_equipment(g: Game, f: Frame, who, card: Pick, /):
    """002:22-24,27-29: of the cards offered for 当〔名〕使用, an equipment card of the user
    whose attack range or skill the new card would need cannot be chosen: for a legal target
    (关羽 with 【麒麟弓】 cannot use it as a 【杀】 on a role at distance 2), or to be usable at
    all (关羽, having used a 【杀】 in his play phase, cannot use the equipped 【诸葛连弩】 as the
    next one: 002:29; its use limit without the card, Limits._use_limited). A C function (step
    272c): the Pick's fields read in C, each card's zone kind from the game's C arrays, where a
    Python def read them by name and called Game.where (~6,500 instructions a call)."""
    name = card.vname
    ms = Targets._methods(g, name) if isinstance(name, int) and name >= 0 else ()
    if not ms:
        return card
    ctx: list = _ctx_here(g, f)
    restrict = ctx[C_RESTRICT] if ctx is not None else None
    ev = ctx[C_EV] if ctx is not None else None
    if ev is None:
        ev = Turns.current_turn(g, f)
    limited = None   # whether the use limits apply, found once an equipment card is offered
    keep = []
    for c in card.group:
        if (isinstance(c, int) and 0 <= c < len(g.cards)
                and _Z_EQUIP_FIRST <= card_zone_kind(g, c) <= _Z_EQUIP_LAST):
            if limited is None:
                limited = _at_use_timing(g, f)
            mi0 = ctx[C_METHOD] if ctx is not None else 0
            if _needs_equipment(g, who, name, mi0 if limited else -1, ev, restrict, c):
                continue
        keep.append(c)
    if len(keep) == len(card.group):
        return card
    return Pick(card.kind, keep, card.lo, card.hi, card.chooser, card.src, name)


# ---- a declared face-down card and 质疑 (〖蛊惑〗) ------------------------------------------------


@prim(returns="牌")
def face_down_card(g, f, /):
    """扣置的牌: the card this skill put face down (put_face_down)."""
    v = _get(f, X_CARDS)
    return v[0] if v else NONE


@prim(group="角色组")
def ask_questions(g, f, strict, group, /):
    """〔角色组〕依次选择是否质疑: each of them, in turn from the current-turn role
    counterclockwise, says whether it questions the card (质疑); 质疑的角色 are those who do."""
    roles = [p for p in g.alive_seats(g.current) if p in Roles._group(g, f, group)]
    if not roles:
        _sx(f)[X_TMP] = []
        return _done(f, True)
    return Decisions._helper(g, f, OP_QUESTION, [roles])


@prim(returns="角色组")
def questioners(g, f, /):
    """质疑的角色: the roles who questioned the card (ask_questions)."""
    v = _get(f, X_TMP)
    return tuple(v) if isinstance(v, list) else ()


@prim(who="角色", card="牌")
def use_card(g, f, strict, who, card, /):
    if isinstance(card, Pick) and card.vname is not None:
        card = _fit_equipment(g, f, who, card)
    if Decisions._needs_resolve((who, card)):
        return Decisions._resolve(g, f, "use_card", strict, (who, card), "使用")
    return _start_card(g, f, who, card, True)


@prim(who="角色", card="牌")
def play_card(g, f, strict, who, card, /):
    if Decisions._needs_resolve((who, card)):
        return Decisions._resolve(g, f, "play_card", strict, (who, card), "打出")
    return _start_card(g, f, who, card, False)


@prim
def preselect_targets(g, f, strict, /):
    """A skill activated at 其需要使用此牌时❶ of a need to use a card: its owner declares the
    name and chooses the card's legal targets at once, as the skill's targets (001:151; 002:147:
    刘备 chooses the 【杀】's target when he activates 〖激将〗, within his attack range, before
    the others are asked); the pre-use takes them as its targets (000:126), without checking
    them again (000:124). The compiler puts this step first in such a skill's program."""
    need = _flow(g, f, 1 << EVI_NEED_USE)
    if need is None or need is not f.ev:
        return _done(f, True)
    who, name = need.slots[0], need.slots[1]
    ctx = _ctx(g, need)
    if ctx is None or not isinstance(name, int) or name < 0:
        return _done(f, True)
    restrict = ctx[C_RESTRICT]
    ev = ctx[C_EV] if ctx[C_EV] is not None else Turns.current_turn(g, f)
    opt = Targets._target_options(g, who, name, ctx[C_METHOD], ev, restrict, restrict is not None)
    if opt is None:
        return _done(f, False)
    if opt[0] == "all":
        ctx[C_TARGETS] = (f.id, tuple(opt[1]))
        return _done(f, True)
    grp, lo, hi = opt[1], opt[2], opt[3]
    if hi > len(grp):
        hi = len(grp)
    if lo < 1:
        lo = 1
    if lo == len(grp) and hi == lo:
        ctx[C_TARGETS] = (f.id, tuple(grp))
        return _done(f, True)
    return Decisions._helper(g, f, OP_ASK_THEN, [D_PLAYERS, list(grp), lo, hi, "选择目标",
                                                 _SET_PRESELECTED, ctx, f.id], who)


def _set_preselected(g, f, strict, chosen, ctx, fid, /):
    ctx[C_TARGETS] = (fid, tuple(chosen))
    return _done(f, True)


prim(_set_preselected)
_SET_PRESELECTED = prim_id("_set_preselected")   # what helper frames hold (decisions._then)


def preselected_targets(g, f, /):
    """The targets chosen in advance for the card being used (preselect_targets), when the
    skill that chose them started this use; None otherwise."""
    ctx: list = _ctx_here(g, f)
    if ctx is None or ctx[C_TARGETS] is None:
        return None
    fid, tg = ctx[C_TARGETS]
    return tg if ctx[C_SKILL] == fid else None


@prim(who="角色", tgt="角色", card="牌")
def use_card_on(g, f, strict, who, tgt, card, /):
    if Decisions._needs_resolve((who, tgt, card)):
        return Decisions._resolve(g, f, "use_card_on", strict, (who, tgt, card), "使用")
    if not (isinstance(who, int) and who >= 0 and g.players[who].alive):
        return _done(f, False)
    return _start_card(g, f, who, card, True, (tgt,))


# the need events' program ids in the tables _push_need read last (a rule set's tables name
# their events once, at registration), kept by the tables' identity: each of ~550 needs in the
# six games looked its event's name up in the tables' dict (step 161b); -1: no such event
_NEED_T = cython.declare(object, None)
_NEED_USE = cython.declare(cython.int, -1)
_NEED_PLAY = cython.declare(cython.int, -1)


def _push_need(g, f, who, name, use, restrict=None, method=0, ev=None, /):
    global _NEED_T, _NEED_USE, _NEED_PLAY
    t = _T(g)
    if t is not _NEED_T:
        _NEED_USE = t.events.get("需要使用牌", -1)
        _NEED_PLAY = t.events.get("需要打出牌", -1)
        _NEED_T = t
    cid: cython.int = _NEED_USE if use else _NEED_PLAY
    if cid < 0:
        raise E.EngineError("the module has no event 需要使用牌/需要打出牌")
    # its two arguments passed as they are (flow's _push_args): no (who, name) tuple made for
    # the slots at each of ~550 needs in the six games (step 198). Compiled, _push_args' body in
    # place (pushinline.pxd's pushed_in; a frame f: its case, 3 fewer a need than with f None's
    # path inline too), where its call of ten arguments saved and restored six registers and
    # passed four on the stack (step 255b). who and ev converted as the call's arguments were
    if cython.compiled and f is not None:
        c = cython.cast(Frame, pushed_in(g, f, cid, who, ev, 2, who, name, None, None))
    else:
        c = Flow._push_args(g, f, cid, 2, who, name, None, None, who, ev)
    c.y = _new_ctx(method, restrict, None, False, ev if ev is not None
                   else Turns.current_turn(g, f))
    return c


@prim(who="角色", tgt="角色组", name="牌名")
def need_use_on(g, f, strict, who, tgt, name, /):
    """〔甲〕需对〔乙〕使用〔名〕 (000:86): a need-to-use event in whose pre-use
    nobody but 乙 is a legal target; 乙 may be a group (需对〔乙〕中的一名角色使用, 〖乱武〗)."""
    if Decisions._needs_resolve((who, tgt)):
        return Decisions._resolve(g, f, "need_use_on", strict, (who, tgt, name), "使用")
    if not (isinstance(who, int) and who >= 0 and g.players[who].alive):
        return _done(f, False)
    _need_note(g, who, name, False)
    if isinstance(tgt, tuple):
        roles = tgt
    else:
        roles = (tgt,) if isinstance(tgt, int) and tgt >= 0 else ()
    _push_need(g, f, who, name, True, roles)
    return _pushed(f)


@prim(tgt="角色", who="角色", name="牌名", returns="真假")
def is_legal_target(g, f, tgt, who, name, /):
    """〔乙〕是〔甲〕使用〔名〕的合法目标 (000:78,80): by any of the name's 使用方法."""
    if not (isinstance(who, int) and 0 <= who < g.n and isinstance(tgt, int) and 0 <= tgt < g.n):
        return False
    ev = Turns.current_turn(g, f)
    return any(Targets._target_options(g, who, name, mi, ev, (tgt,)) is not None
               for mi in range(len(Targets._methods(g, name))))


@prim(tgt="角色", who="角色", card="牌", returns="真假")
def is_directed_legal_target_of(g, f, tgt, who, card, /):
    """〔乙〕是〔甲〕对其使用〔牌〕的合法目标: as is_directed_legal_target, for a card (its name)."""
    if isinstance(card, E.VCard):
        name = card.name
    elif _is_v(card):
        name = _field(_rec(g, card), V_NAME)
    elif isinstance(card, int) and 0 <= card < len(g.cards):
        name = g.card_name(card)
    else:
        return False
    return is_directed_legal_target(g, f, tgt, who, name)


@prim(tgt="角色", who="角色", name="牌名", returns="真假")
def is_directed_legal_target(g, f, tgt, who, name, /):
    """〔乙〕是〔甲〕对其使用〔名〕的合法目标 (000:89-90): 乙 is a legal target of a card of that
    name 甲 uses 对乙 (Targets._target_options, directed: when 乙 is a target of a card 甲 is
    using, the distance-relation rules of its 使用目标 do not apply, 000:90; the
    target-restriction rules do, 000:83 〖空城〗)."""
    if not (isinstance(who, int) and 0 <= who < g.n and isinstance(tgt, int) and 0 <= tgt < g.n):
        return False
    ev = Turns.current_turn(g, f)
    # a C loop over the methods (step 272c: a generator under any() was ~2,000 instructions a
    # call besides its targets' own)
    restrict = (tgt,)
    for mi in range(len(Targets._methods(g, name))):
        if Targets._target_options(g, who, name, mi, ev, restrict, True) is not None:
            return True
    return False


@prim(who="角色", group="角色组", name="牌名")
def ask_in_turn_to_play(g, f, strict, who, group, name, /):
    """〔甲〕令〔乙〕依次选择是否打出〔名〕: each of them in turn (from the
    current-turn role) has a need-to-play event until one plays it; that card
    is then this frame's 此牌 (someone_played_thus)."""
    grp = [p for p in Roles._group(g, f, group) if g.players[p].alive]
    if not grp:
        return _done(f, False)
    return Decisions._helper(g, f, OP_IN_TURN, [grp, name])


# ---- a skill's use event (000:236, 251) ------------------------------------------------------


@prim(ev="事件", returns="牌组")
def cards_moved_to_processing_by(g, f, ev, /):
    """The cards of the 处理区 that entered it while frame ``ev`` ran (S_PROC: per card, the ids
    of the frames running then)."""
    if ev is None:
        return ()
    # the frame's id a C field read (any other event object: its attribute), the 处理区's list
    # read in place (zonelist.pxd), each card's id read in place and its entry by a C index, the
    # list made only for a card found (step 131f: ~500 calls in the six games of `sgs bench
    # --what instructions`, each ~790 instructions, an empty list made and copied at each)
    eid: cython.long = cython.cast(Frame, ev).id if isinstance(ev, Frame) else ev.id
    proc = _S(g, S_PROC, len(g.cards))   # a list, or a clone's Shared copy of one
    out = None
    for c in _zone_cards(g, _Z_PROCESS, -1):
        ids = proc[_int(c)]
        if ids is None:
            continue
        # the ids as C ints: an array.array('i') of the whole stack's (Moves._frame_ids,
        # decision 0074), each read in place (compiled, its buffer: engine._ai was a call each)
        # the ids read from the top of the stack down (the event's frame nearer the top than
        # the bottom of the stack the card entered at: fewer ids read to find it, step 241b)
        a = ids
        for i in range(len(a) - 1, -1, -1):
            if (a.data.as_ints[i] if cython.compiled else a[i]) == eid:
                # the answer a tuple made as its cards are found (one, nearly always), where a
                # list was made, appended to and copied (step 161b); the one card's kept tuple
                # (step 285c)
                out = Cards._one_card(c) if out is None else out + (c,)
                break
    return () if out is None else out


def _skill_use(g, fr, /):
    """Is frame fr a skill's use event: a skill's frame, or a need flow whose use/play a
    skill started (当…使用, 000:197), where that skill's use event goes on (C_SKILL)?"""
    t = _T(g)
    if fr.skill >= 0 and _prog_kind(t, fr.prog) == _PK_SKILL:
        return True
    if _prog_evi_in(t, fr.prog, _NEEDS):
        c = fr.y   # the flow's context (_ctx), None before it is made
        return c is not None and cython.cast(list, c)[C_SKILL] is not None
    return False


def _in_skill_use(g, fr, /):
    """Is some skill's use event running below frame fr (on the stack)?"""
    st = g.stack
    for i in range(len(st)):
        if st[i] is fr:
            return False
        if _skill_use(g, st[i]):
            return True
    return False


@prim(ev="事件", returns="真假")
def outside_skill_use(g, f, ev, /):
    """〔事件〕不在技能的使用事件中 (000:251; see skill_default_move)."""
    return ev is not None and not _in_skill_use(g, ev)


@prim(who="角色", name="牌名", returns="真假")
def started_by_skill(g, f, who, name, /):
    """〔甲〕因技能而开始使用/打出〔名〕的牌: a skill's 当…使用/打出 started it (C_SKILL)."""
    ctx: list = _ctx_here(g, f)
    return ctx is not None and ctx[C_STARTED] and ctx[C_SKILL] is not None


@prim
def skill_default_move(g, f, strict, /):
    """000:251: before a skill's use event ends (its instant effects done: the last step of
    every skill program, lower.py), the system puts the cards still in the 处理区 that moves
    inside it put there into the 弃牌堆 — a 移动 event, its timings fire. Ruling (000:236,
    〖激将〗 answered through 〖丈八蛇矛〗): a skill use nested in another skill's use event leaves
    this to the enclosing one, so the outermost skill use event enclosing the moves does it;
    cards that moved on (used, discarded, taken) are not touched. A skill that started the
    use/play of a need flow (〖激将〗, 〖龙胆〗) has its use event go on through that flow's pre
    flow: the need flow does the move after it (需要使用.sgs, 需要打出.sgs). No card, no move:
    the skill's own verdict is left as it is."""
    cs = cards_moved_to_processing_by(g, f, f)   # first: the 处理区 is empty at most skill ends
    if not cs:
        return 0
    if _in_skill_use(g, f):   # also when f started the use/play of the need flow below it
        return 0
    Flow._push_prog(g, None, _T(g).events[EV_CARD_MOVE], (NONE, cs, len(cs), Zones._ZONE_DISCARD), f.owner, None)
    return 1


# ---- this play phase's records ---------------------------------------------------------------


@prim(who="角色", name="牌名", returns="真假")
def not_used_or_played_in_play_phase(g, f, who, name, /):
    played: list = _T(g).k_used
    return not 0 <= name < len(played) or g.count(SC_TURN, who, played[name]) == 0


@prim(who="角色", returns="数")
def given_thus_this_phase(g, f, who, /):
    return g.count(SC_PHASE, who, _T(g).k_given)


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(started_use, started_by_skill, keep_need_result, not_declared_in_need_flow,
     create_virtual_card, determine_physical_standard, determine_physical_range,
     choose_physical_cards, record_used, record_used_on, cards_moved_to_processing_by,
     start_default_use, started_play, skill_default_move)


# step 83's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(given_thus_this_phase, did_not_play_needed, start_default_play, record_played,
     outside_skill_use, play_card, first_not_played, other_of_pair, use_card)


# step 98b's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(is_directed_legal_target_of, ask_in_turn_to_play, someone_played_thus, need_use_on,
     did_not_use_needed, preselect_targets)


# step 272c's primitive, declared cpdef in the .pxd (Cython drops its @prim decorator)
prim(is_directed_legal_target)
