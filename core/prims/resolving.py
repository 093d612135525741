# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""The card being resolved (此牌, its user and targets, its virtual card) and the
responses to it: countering, effectiveness, its effect (000:159-176).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (C_NONE, S_NONE, Z_ARMOR, Z_HAND, Z_JUDGE, Frame, Game)
_Z_JUDGE = Z_JUDGE   # a C int when compiled (resolving.pxd)
from core.prims.base import (
    ANY, COLOR_BASE, NAME_AS_PHYSICAL, NONE, Pick, S_CORR, S_LIVE, S_MOVED, S_VC, VBASE, V_ALIVE,
    V_NODIST, V_CARDS, V_COLOR, V_COUNTERED, V_EXTRA, V_HITS, V_IGNORE, V_INEFF, V_METHOD, V_NAME,
    V_NORESP, V_POINT, V_SUIT, V_TARGETS, V_USER, _pushed, prim, _prog_kind,
    Q_INEFF, Q_NEEDN)
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _st_fast as _st, _S_fast as _S,
        _is_v_fast as _is_v, _rec_fast as _rec, _field_fast as _field, _slot_fast as _slot,
        _event_ctx_fast as _event_ctx, _prog_evi_fast as _prog_evi, _is_event_fast as _is_event,
        _prog_evi_in_fast as _prog_evi_in)
else:
    from core.prims.base import (
        _T, _get, _sx, _st, _S, _is_v, _rec, _field, _slot, _event_ctx, _prog_evi, _is_event,
        _prog_evi_in)
# the events this room tests frames for (EVI_*): C ints of the room when compiled (resolving.pxd)
from core.prims.base import (
    EVI_DELAYED_USE, EVI_NEED_PLAY, EVI_NEED_USE, EVI_PLAY, EVI_PRE_PLAY, EVI_PRE_USE, EVI_TARGET_USE,
    EVI_USE)
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import X_LASTCARD, _PK_CARD, _PK_DELAYED, _PK_SKILL
if cython.compiled:   # a frame's program read borrowed, an event id by program in place (card_user)
    from cython.cimports.cpython.list import PyList_GET_ITEM
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.core.prims.fast import _ints_len, _ints_at
if cython.compiled:   # a virtual card's record and its field read borrowed (_vfield)
    from cython.cimports.core.prims.fast import _list_item
    from cython.cimports.cpython.list import PyList_CheckExact
    from cython.cimports.cpython.tuple import PyTuple_CheckExact
    from cython.cimports.cpython.object import Py_SIZE
else:
    PyObject = object   # (_vfield_at's annotation: a C type compiled)
if cython.compiled:   # the first virtual card's handle, a C constant (base.pxd)
    from cython.cimports.core.prims.base import _VBASE
else:
    from core.prims.base import _VBASE
if cython.compiled:   # a card's zone kind read in place (core/prims/zonekind.pxd)
    from cython.cimports.core.prims.zonekind import card_zone_kind
else:   # the method itself (one object: each room binds the same)
    card_zone_kind = E.Game.where_kind
# a list's last item popped in place, its room kept (engine.pxd's, in C; engine_pure's list.pop)
if cython.compiled:
    from cython.cimports.core.engine import pop_keep_room
else:
    from core.engine import pop_keep_room
if cython.compiled:   # a verdict's flags written in place (core/prims/verdict.pxd, step 114)
    from cython.cimports.core.prims.verdict import _done_fast as _done
else:
    from core.prims.base import _done
if cython.compiled:   # a root state table to write, read in place (core/prims/statew.pxd, step 114)
    from cython.cimports.core.prims.statew import _Sw_fast as _Sw
else:
    from core.prims.base import _Sw
# a card id's value read in place (core/prims/smallint.pxd, step 104); uncompiled, the id itself
if cython.compiled:
    from cython.cimports.core.prims.smallint import small_int as _card_handle
    from cython.cimports.core.prims.smallint import one_digit_long   # _seat_key: a target's value
else:
    def _card_handle(c, /):
        return c
# a card id as a C index, -1 for none (core/prims/smallindex.pxd); uncompiled, values' pure form
if cython.compiled:
    from cython.cimports.core.prims.smallindex import small_index
else:
    from core.prims.values import small_index
# a thing made of a dict and kept for it (values.pxd: the record and its inline readers)
if cython.compiled:
    from cython.cimports.core.prims.values import KeptDict, keep_value, kept_value
else:
    from core.prims.values import KeptDict, keep_value, kept_value
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    cards as Cards, decisions as Decisions, moves as Moves, regarded as Regarded, status as Status,
    targets as Targets, use as Use)
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, decisions as Decisions, moves as Moves, regarded as Regarded,
        status as Status, targets as Targets, use as Use)


# ---- the card being resolved -------------------------------------------------------------------


def _card_of_event(g, fr, /):
    """The card of frame ``fr``'s card event, or None (no such event, or none yet): the slot of
    the event's frame that holds it, or (the pre flows) the card its scratch names last."""
    return _card_of_event_fast(_T(g), fr)


if not cython.compiled:   # (compiled: resolving.pxd's inline, inline in _card_ctx's walks too)
    def _card_of_event_fast(t, fr, /):
        """_card_of_event of a game whose tables are t (usable's scan set-up reads it too)."""
        e = _prog_evi(t, fr.prog)
        if e == EVI_TARGET_USE or e == EVI_USE or e == EVI_PLAY:
            return _slot(fr, 1, None)
        if e == EVI_DELAYED_USE:
            return _slot(fr, 0, None)
        if e == EVI_PRE_USE or e == EVI_PRE_PLAY:
            return _get(fr, X_LASTCARD)
        return None


def _card_ctx(g, f, /):
    """The card of the innermost card event around frame f (its event chain,
    then the stack)."""
    t: Tables = _T(g)   # (the walks' frames each read the tables by it)
    fr = _event_ctx(g, f)
    depth = 0
    while fr is not None and depth < 40:
        c = _card_of_event_fast(t, fr)
        if c is not None:
            return c
        fr = fr.ev
        depth += 1
    st = g.stack
    i = len(st) - 1
    while i >= 0:
        c = _card_of_event_fast(t, st[i])
        if c is not None:
            return c
        i -= 1
    return None


@prim(returns="牌")
def this_card(g, f, /):
    """此牌: the card this frame used/played/showed last, else the card of the
    use/play flow it belongs to, else the card moved last (此牌 after 获得…)."""
    v = _get(f, X_LASTCARD)
    if v is not None:
        return v
    c = _card_ctx(g, f)
    if c is not None:
        return c
    m = _st(g)[S_MOVED]
    if m:
        return m[0]
    return NONE


@prim(name="牌名", returns="牌")
def this_named_card(g, f, name, /):
    """此【名】: the card of that name being resolved: the current target when it
    is such a card (【闪】's 【杀】), else 此牌, else an enclosing one."""
    q = Status._q()
    if q is not None and q[1] is not None and _is_v(q[1]):
        return q[1]
    v = _get(f, X_LASTCARD)
    if v is not None and Cards._kind_ok(g, Cards._card_name_any(g, v), name):
        return v
    fr = _event_ctx(g, f)
    chain = []
    while fr is not None and len(chain) < 40:
        chain.append(fr)
        fr = fr.ev
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        chain.append(st[i])
    for fr in chain:
        if _is_event(g, fr, EVI_TARGET_USE):
            tgt = _slot(fr, 2, None)
            if _is_v(tgt) and Cards._kind_ok(g, Cards._card_name_any(g, tgt), name):
                return tgt
        c = _card_of_event(g, fr)
        if c is not None and Cards._kind_ok(g, Cards._card_name_any(g, c), name):
            return c
    return NONE


@prim(cat="类别", returns="牌")
def this_card_of_category(g, f, cat, /):
    """此锦囊牌: in a card's 作用效果, its current target when that is a card of the
    category (【无懈可击】, 000:123); else the card being resolved if of it (the trick
    whose 生效前 it is, when choosing the targets)."""
    fr = _event_ctx(g, f) if _prog_kind(_T(g), f.prog) == _PK_CARD else None
    depth = 0
    while fr is not None and depth < 40:
        if _is_event(g, fr, EVI_TARGET_USE):
            tgt = _slot(fr, 2, None)
            if _is_v(tgt) and Cards.card_is(g, f, tgt, cat):
                return tgt
            break
        fr = fr.ev
        depth += 1
    c = _card_ctx(g, f)
    if c is not None and Cards.card_is(g, f, c, cat):
        return c
    return ()


@prim(who="角色", name="牌名", returns="牌")
def card_targeting(g, f, who, name, /):
    """对〔甲〕使用的〔名〕: the card of that name whose current target is 甲."""
    ev = f.ev if f.ev is not None else f
    # ev, then the stack from its top, walked in place (not a list made to be read once)
    st: list = g.stack
    n: cython.Py_ssize_t = len(st)
    j: cython.Py_ssize_t = -1
    while j < n:
        fr = ev if j == -1 else st[n - 1 - j]
        j += 1
        if _is_event(g, fr, EVI_TARGET_USE):
            c = _slot(fr, 1, None)
            if _slot(fr, 2) == who and c is not None and Cards._kind_ok(g, Cards._card_name_any(g, c), name):
                return c
            return ()
    return ()


@prim(returns="牌名")
def this_card_name(g, f, /):
    """此牌名 of the running 需要使用牌/需要打出牌/预使用/预打出."""
    t = _T(g)
    evs = (1 << EVI_NEED_USE) | (1 << EVI_NEED_PLAY) | (1 << EVI_PRE_USE) | (1 << EVI_PRE_PLAY)
    fr = f.ev if f.ev is not None else f
    if _prog_evi_in(t, fr.prog, evs):
        return _slot(fr, 1)
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        if _prog_evi_in(t, st[i].prog, evs):
            return _slot(st[i], 1)
    return NONE


@prim(returns="角色")
def current_target_character(g, f, /):
    """目标对应的角色 / 此目标对应的角色: the current target of the innermost
    对当前目标的使用结算; at a 指定目标 timing of the use flow, the target T."""
    fr = f.ev if f.ev is not None else f
    # f, fr, then the stack from its top, walked in place (a list of them all was made and read
    # once: ~650 calls in the six games of `sgs bench --what instructions`)
    st: list = g.stack
    n: cython.Py_ssize_t = len(st)
    j: cython.Py_ssize_t = -2
    while j < n:
        fr2 = f if j == -2 else (fr if j == -1 else st[n - 1 - j])
        j += 1
        if fr2 is None:
            continue
        if _is_event(g, fr2, EVI_TARGET_USE):
            return _slot(fr2, 2)
        if _is_event(g, fr2, EVI_USE):
            # 指定目标时/后: the loop variable T of the use flow (slot 4)
            v = _slot(fr2, 4, None)
            if isinstance(v, int) and 0 <= v < VBASE:
                return v
            tg = _rec(g, fr2.slots[1])[V_TARGETS] if _is_v(fr2.slots[1]) else ()
            return tg[0] if tg else NONE
    return NONE


@prim(c="牌", returns="角色")
def card_user(g, f, c, /):
    """〔牌〕的使用者: none in the special use flow of a delayed trick (000:41)."""
    if not _is_v(c):
        return NONE
    # the whole stack walked at each ask (299 in the six games, ~25 frames deep): the ruleset's
    # tables and the stack read once, each frame cast (the stack holds frames only) and its
    # event id read in place, where _is_event read the tables and tested the frame at each
    t: Tables = _T(g)
    st: list = g.stack
    if cython.compiled and t.prog_evis is not None:
        # compiled: each frame's program read borrowed and its event id from the table's C ints
        # in place, the table read once (fast.pxd), where each frame was taken and the table
        # tested at each (~25 frames at each of ~330 asks, step 143d)
        evis = cython.cast(cython.pointer(PyObject), t.prog_evis)
        ne: cython.Py_ssize_t = _ints_len(evis)
        for i in range(len(st) - 1, -1, -1):
            p: cython.int = cython.cast(Frame, PyList_GET_ITEM(st, i)).prog
            if (0 <= p < ne and _ints_at(evis, p) == EVI_DELAYED_USE
                    and _slot(cython.cast(Frame, st[i]), 0, None) == c):
                return NONE
        return _field(_rec(g, c), V_USER)
    for i in range(len(st) - 1, -1, -1):
        fr = cython.cast(Frame, st[i])
        if _prog_evi(t, fr.prog) == EVI_DELAYED_USE and _slot(fr, 0, None) == c:
            return NONE
    return _field(_rec(g, c), V_USER)


@cython.cfunc
@cython.inline
def _vfield(g: Game, c, k: cython.Py_ssize_t, /):
    """Field k of virtual card c's record, _field(_rec(g, c), k), or None when c is not a virtual
    card (not _is_v): for a field that is never None (V_TARGETS: (), a list or a tuple, decision
    0118). Compiled, an exact int card's value is read once and the root state's list of records,
    the live record (a list) and its field are read in place, borrowed (fast.pxd's _list_item),
    where _is_v and _rec each converted the card and the record was taken into a local and
    dropped (target_list's, targets_empty's and sort_targets' ~6,200 asks in the six games);
    anything else (a frozen record, no such record) is read by the accessors, which raise as
    before."""
    if cython.compiled and type(c) is int:
        i: cython.Py_ssize_t = _card_handle(c)
        if i < _VBASE:
            return None
        v: cython.pointer(PyObject) = _vfield_at(g, i, k)
        if v != cython.NULL:
            return cython.cast(object, v)
    return _vfield_read(g, c, k)   # out of line: _vfield stays small enough for gcc to inline


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)   # raises nothing: NULL is "not read in place", not an error
def _vfield_at(g: Game, i: cython.Py_ssize_t, k: cython.Py_ssize_t, /) -> cython.pointer(PyObject):
    """Compiled only: field k of virtual card i's live record (i >= VBASE), borrowed (no
    reference taken), or NULL where the root state's list of records, the record (a list) or its
    field is not read in place (_vfield's and targets_empty's reads)."""
    r: cython.pointer(PyObject) = _vrec_at(g, i)
    if r != cython.NULL:
        return _list_item(r, k)
    return cython.NULL


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)   # raises nothing: NULL is "not read in place", not an error
def _vrec_at(g: Game, i: cython.Py_ssize_t, /) -> cython.pointer(PyObject):
    """Compiled only: virtual card i's record, borrowed, or NULL where the root state's list of
    records is not read in place (_vfield_at's; is_ineffective reads two fields of it: their
    reads, _list_item, test that it is a list)."""
    vs: cython.pointer(PyObject) = _list_item(
        cython.cast(cython.pointer(PyObject), g.root_state), S_VC)
    if vs != cython.NULL:
        return _list_item(vs, i - _VBASE)
    return cython.NULL


@cython.cfunc
def _vfield_read(g: Game, c, k: cython.Py_ssize_t, /):
    """_vfield by the accessors (uncompiled; compiled, what it does not read in place)."""
    if not _is_v(c):
        return None
    return _field(_rec(g, c), k)


def vfield(g, c, k, /):
    """_vfield as a Python function (tests/runtime/test_target_list_kept.py)."""
    return _vfield(g, c, k)


@prim(c="牌", returns="角色组")
def target_list(g, f, c, /):
    tg = _vfield(g, c, V_TARGETS)
    if tg is None:
        return ()   # not a virtual card
    # a live record's list copied into a tuple once and kept as the record's field: the next asks
    # answer that tuple (1,606 of the 1,943 asks in the six games read a list unchanged since the
    # last ask), a frozen record keeps it as it is (cards._frozen), and a writer makes a list of
    # its own again (_list_field: docs/decisions/0131). A tuple (kept, frozen, or () until
    # written: decision 0118) is its own answer.
    if type(tg) is list:
        t = tuple(cython.cast(list, tg))
        _rec(g, c)[V_TARGETS] = t
        return t
    if type(tg) is tuple:
        return tg
    return tuple(tg)


@prim(c="牌", returns="角色组")
def target_roles(g, f, c, /):
    if not _is_v(c):
        return ()
    tg = _field(_rec(g, c), V_TARGETS)
    for p in tg:
        if not _is_role(p):
            return tuple([p for p in tg if _is_role(p)])
    # every target a role (~337 asks in the six games, all of them): the targets as a tuple, the
    # tuple target_list kept itself, without a list made of them first (step 191)
    return tuple(tg)


@cython.cfunc
@cython.inline
def _is_role(p, /) -> cython.bint:
    """Target p a role (a seat), not a card: target_roles' test (compiled, its value read in
    place: an int of more digits is no seat)."""
    v: cython.long
    if cython.compiled:
        return isinstance(p, int) and one_digit_long(p, cython.address(v)) and 0 <= v < _VBASE
    return isinstance(p, int) and 0 <= p < VBASE


@prim(c="牌", returns="角色")
def first_target_role(g, f, c, /):
    # the list's first item read in place (target_list's copy was made for it alone)
    tg = _field(_rec(g, c), V_TARGETS) if _is_v(c) else ()
    return tg[0] if len(tg) else NONE


@prim(c="牌", returns="真假")
def targets_empty(g, f, c, /):
    # the list's length read in place (target_list's copy was made for len alone: ~2,900
    # calls in the six games of `sgs bench --what instructions`)
    if cython.compiled and type(c) is int:
        # compiled, a live record's field borrowed (_vfield_at) and a list's or a tuple's size
        # read in place, where _vfield took a reference to drop it again
        i: cython.Py_ssize_t = _card_handle(c)
        if i < _VBASE:
            return True   # not a virtual card
        v: cython.pointer(PyObject) = _vfield_at(g, i, V_TARGETS)
        if v != cython.NULL and (PyList_CheckExact(cython.cast(object, v))
                                 or PyTuple_CheckExact(cython.cast(object, v))):
            return Py_SIZE(cython.cast(object, v)) == 0
    # anything else by the accessors, in a function of its own: gcc inlines it back, but the
    # path above then keeps no stack slot (~4 instructions at each ask, step 212a)
    return _targets_empty_read(g, c)


@cython.cfunc
def _targets_empty_read(g: Game, c, /) -> cython.bint:
    """targets_empty by the accessors (uncompiled; compiled, what it does not read in place)."""
    tg = _vfield(g, c, V_TARGETS)
    if tg is None:
        return True   # not a virtual card
    # a list's length read in place, a tuple's too (() until targets are set: decision 0118;
    # a frozen record's), anything else: len
    if type(tg) is list:
        return len(cython.cast(list, tg)) == 0
    return (len(cython.cast(tuple, tg)) if type(tg) is tuple else len(tg)) == 0


@prim(c="牌", returns="数")
def target_count(g, f, c, /):
    return len(_field(_rec(g, c), V_TARGETS)) if _is_v(c) else 0


@prim(who="角色", c="牌")
def remove_target(g, f, strict, who, c, /):
    if not _is_v(c):
        return _done(f, False)
    r = _rec(g, c)
    if who in _field(r, V_TARGETS):
        _list_field(r, V_TARGETS).remove(who)   # a list of its own (target_list keeps a tuple)
        return _done(f, True)
    return _done(f, False)


@prim(c="牌")
def sort_targets(g, f, strict, c=None, /):
    """此牌的目标列表重新排序: from the current-turn role counterclockwise (000:122)."""
    tg = _vfield(g, c, V_TARGETS) if c is not None else None
    if tg is None:
        return _done(f, True)   # not a virtual card
    # a list's or a tuple's length read in place (a tuple: target_list's kept one, () until
    # written, a frozen record's; anything else: len)
    nt: cython.Py_ssize_t
    if type(tg) is list:
        nt = len(cython.cast(list, tg))
    else:
        nt = len(cython.cast(tuple, tg)) if type(tg) is tuple else len(tg)
    if nt < 2:
        return _done(f, True)   # one target or none (most uses): already in order
    _sort_by_seat(g, c, tg)
    return _done(f, True)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _seat_key(p, start: cython.long, n: cython.long, /) -> cython.long:
    """_sort_by_seat's key of target p: a seat's place counterclockwise from ``start``, a virtual
    card's handle itself (>= VBASE, after every seat), as the generic sort keys them; -1 for what
    is no int of one digit (the generic sort takes those: it compares them as objects)."""
    v: cython.long
    if cython.compiled:
        if type(p) is not int or not one_digit_long(p, cython.address(v)):
            return -1
    else:
        if type(p) is not int or not -(1 << 30) < p < (1 << 30):
            return -1
        v = p
    return (v - start) % n if v < _VBASE else v


@cython.cfunc
def _sort_by_seat(g: Game, c, tg, /) -> cython.int:
    """sort_targets' sort of card c's targets tg (two or more), stable by _seat_key: targets
    already in order (most) are left as they are; a list is sorted in place by insertion (a few
    targets), a kept tuple out of order replaced by a sorted list of the record's own (as
    _list_field would make it; a frozen record's raises, docs/decisions/0131). Each key is a C
    long compared in C, where the generic sort made a tuple (key, place, target) of each target,
    two lists, and compared the tuples as objects (~92 sorts in the six games, step 191)."""
    start: cython.long = g.current if g.current >= 0 else 0
    n: cython.long = g.n
    if n <= 0 or (type(tg) is not list and type(tg) is not tuple):
        return _sort_by_seat_any(g, c, tg)
    k: cython.long
    prev: cython.long = -1
    ordered: cython.bint = True
    for p in tg:
        k = _seat_key(p, start, n)
        if k < 0:
            return _sort_by_seat_any(g, c, tg)
        if k < prev:
            ordered = False
        prev = k
    if ordered:
        return 0
    lst: list = tg if type(tg) is list else list(tg)
    nt: cython.Py_ssize_t = len(lst)
    i: cython.Py_ssize_t
    j: cython.Py_ssize_t
    for i in range(1, nt):
        x = lst[i]
        k = _seat_key(x, start, n)
        j = i
        while j > 0 and _seat_key(lst[j - 1], start, n) > k:
            lst[j] = lst[j - 1]
            j -= 1
        lst[j] = x
    if lst is not tg:
        _rec(g, c)[V_TARGETS] = lst
    return 0


@cython.cfunc
def _sort_by_seat_any(g: Game, c, tg, /) -> cython.int:
    """_sort_by_seat for targets that are not all ints of one digit, or not a list or a tuple:
    each target keyed by a tuple (key, place, target), the keys compared as objects."""
    start = g.current if g.current >= 0 else 0
    # keyed without a lambda (a closure cannot be compiled in a cpdef function): each target's
    # key, then its place (ties keep their order, as the stable sort did), then the target
    n = g.n
    keyed = [(((p - start) % n) if (isinstance(p, int) and p < VBASE) else p, i, p)
             for i, p in enumerate(tg)]
    keyed.sort()
    order = [k[2] for k in keyed]
    if type(tg) is list:
        cython.cast(list, tg)[:] = order
    elif tuple(order) != tg:
        # the tuple target_list kept, out of order: a list of the record's own in its place
        # (as _list_field would make it; a frozen record's raises, docs/decisions/0131)
        _rec(g, c)[V_TARGETS] = order
    return 0


@prim(cards="牌组", name="牌名", returns="牌")
@cython.boundscheck(True)   # a card id past the tables raises, as it did read as an object
def virtual_card_of(g, f, cards, name=None, /):
    """〔牌〕对应的虚拟牌 (one argument) / 对应的实体牌为〔牌组〕的〔名〕 (two): the
    virtual card; with a Pick of cards, the cards are asked first."""
    if name is None:
        c = cards
        if not isinstance(c, int):
            return NONE
        # the card as a C int once (compiled): the virtual card's test (_is_v), the sign and the
        # index read it, where each converted the object again or compared it as a Python int
        # (the move flow asks it of each card moved: ~2,500 asks in six games)
        i: cython.Py_ssize_t = _card_handle(c)   # read in place (smallint.pxd, step 124)
        if i >= _VBASE:   # a virtual card (_is_v): itself
            return c
        if i < 0:
            return NONE
        corr = _S(g, S_CORR, len(g.cards))   # a list, or a Shared tuple a clone reads
        v = cython.cast(list, corr)[i] if type(corr) is list else corr[i]
        # the virtual card's handle read in place (smallint.pxd), where the record's index was
        # converted by the interpreter (PyNumber_AsSsize_t, a call)
        if v is not None and _field(_rec(g, _card_handle(v)), V_ALIVE):
            return v
        # the zone's kind first: its (kind, owner) tuple only for a card in a 判定区 (a few)
        if g.where_kind(i) == _Z_JUDGE:
            # a card in a 判定区 is a delayed trick whose virtual card is itself
            o = g.where(i)[1]
            v = Cards._new_vcard(g, g.card_name(i), (c,))
            _rec(g, v)[V_TARGETS] = [o]
            _Sw(g, S_CORR, len(g.cards))[i] = v
            return v
        return NONE
    if isinstance(cards, Pick):
        return Pick("cards", cards.group, cards.lo, cards.hi, cards.chooser, cards.src, name)
    return Cards._new_vcard(g, name, Cards._cards_phys(g, cards))


@cython.boundscheck(True)   # a card id past the tables raises, as virtual_card_of's read
def virtual_is_delayed_trick(g, f, c, /):
    """is_delayed_trick(g, f, virtual_card_of(g, f, c)) (甲对应的虚拟牌为延时锦囊牌) read at once:
    what generated code calls for that nested shape (compiler.emit.FUSED_OF) — the move flow asks
    it of each card moved (~2,700 asks in the six games), where the two calls boxed and passed the
    virtual card. A physical card with no virtual card (most) answers False with no call; one in a
    判定区 with none yet is asked of virtual_card_of, which makes and records it as the composite
    did (the same games). Answers as the composite (tests/runtime/test_virtual_delayed.py)."""
    if not isinstance(c, int):
        return False   # virtual_card_of answers NONE, of no category
    i: cython.Py_ssize_t = _card_handle(c)
    if i >= _VBASE:
        return Cards.is_delayed_trick(g, f, c)   # a virtual card: itself
    if i < 0:
        return False
    if cython.compiled:
        # the correspondence table (a list made), the card's item and its virtual card's 存在
        # flag read in place, borrowed (fast.pxd's _list_item, _vfield), where the table was
        # taken into a local, its length computed for _S, the item taken by a checked read and
        # the record's field taken and tested by PyObject_IsTrue (~2,000 asks in the six games,
        # ~750 of a card with a virtual card); anything else (a flag not a bool, a clone's Shared
        # tuple, the table not made, an id past it: IndexError) is read as below
        cs: cython.pointer(PyObject) = _list_item(
            cython.cast(cython.pointer(PyObject), g.root_state), S_CORR)
        if cs != cython.NULL:
            p: cython.pointer(PyObject) = _list_item(cs, i)
            if p != cython.NULL:
                known: cython.bint = True   # no virtual card (most), or a vanished one
                if cython.cast(object, p) is not None:
                    alive = _vfield(g, cython.cast(object, p), V_ALIVE)
                    if alive is True:
                        return Cards.is_delayed_trick(g, f, cython.cast(object, p))
                    known = alive is False
                if known:
                    if card_zone_kind(g, i) == _Z_JUDGE:   # i is a card's id: the table's item
                        return Cards.is_delayed_trick(g, f, virtual_card_of(g, f, c))
                    return False
    corr = _S(g, S_CORR, len(g.cards))
    v = cython.cast(list, corr)[i] if type(corr) is list else corr[i]
    if v is not None and _field(_rec(g, _card_handle(v)), V_ALIVE):   # as virtual_card_of reads it
        return Cards.is_delayed_trick(g, f, v)
    # g.where_kind(i) read in place (i a card's id: the correspondence table's read above
    # bounds-checked it)
    if card_zone_kind(g, i) == _Z_JUDGE:
        return Cards.is_delayed_trick(g, f, virtual_card_of(g, f, c))
    return False


@prim(cards="牌组", returns="牌")
def virtual_card_same_name(g, f, cards, /):
    """对应的实体牌为〔牌组〕的牌 (〖鬼才〗): a card named as its physical card."""
    if isinstance(cards, Pick):
        pk = cards
        return Pick("cards", pk.group, pk.lo, pk.hi, pk.chooser, pk.src, NAME_AS_PHYSICAL)
    ph = Cards._cards_phys(g, cards)
    return Cards._new_vcard(g, g.card_name(ph[0]) if ph else -1, ph)


@prim(name="牌名", returns="牌")
def card_without_physical(g, f, name, /):
    return Cards._new_vcard(g, name, ())


@prim(name="牌名", returns="牌")
def card_without_distance_limit(g, f, name, /):
    """无距离限制的〔名〕 (〖神速〗): a card of that name without physical cards (as 视为使用),
    whose targets are chosen with no distance limit."""
    c = Cards._new_vcard(g, name, ())
    _rec(g, c)[V_NODIST] = True
    return c


@prim(name="牌名", returns="牌名")
def plain_kind(g, f, name, /):
    """普【名】: the card name itself, not one of its kinds (普【杀】 is not a 火【杀】):
    the name id n written as -2 - n, which _kind_ok matches exactly."""
    return -2 - name if isinstance(name, int) and name >= 0 else name


@prim(cat="类别", returns="类别")
def not_converted(g, f, cat, /):
    """非转化的〔类别〕: as a category (the conversion test is on the card)."""
    return ("非转化", cat)


@prim(who="角色", c="牌", name="牌名")
def change_kind(g, f, strict, who, c, name, /):
    if not _is_v(c):
        return _done(f, False)
    _rec(g, c)[V_NAME] = name
    return _done(f, True)


@prim(c="牌", returns="真假")
def has_physical(g, f, c, /):
    """(预使用/预打出) the standard requires physical cards: a card started by a
    skill has the ones it was given (none for 视为); else one hand card."""
    if not _is_v(c):
        return False
    ctx = Use._ctx(g, f)
    if ctx is not None and ctx[Use.C_CARD] is not None:
        return len(_field(_rec(g, c), V_CARDS)) > 0
    return True


@prim(c="牌", cards="牌组")
def copy_suit_point(g, f, strict, c, cards, /):
    ph = Cards._cards_phys(g, cards)
    if not _is_v(c) or not ph:
        return _done(f, False)
    r = _rec(g, c)
    p = ph[0]
    # no rule changing suits held (most games): the printed suit and colour read directly, the
    # rules asked once, where phys_suit and phys_color each asked them (~390 copies in the six
    # games); else the two readers as before
    if Cards._suit_rules_held(g):
        s, col = Cards.phys_suit(g, p), Cards.phys_color(g, p)
    else:
        s, col = g.card_suit(p), g.card_color(p)
    r[V_SUIT] = s
    r[V_COLOR] = col
    r[V_POINT] = g.card_point(p)
    return _done(f, True)


@prim(c="牌", col="颜色")
def set_color(g, f, strict, c, col, /):
    if not _is_v(c):
        return _done(f, False)
    _rec(g, c)[V_COLOR] = col - COLOR_BASE if col >= COLOR_BASE else col
    return _done(f, True)


@prim(c="牌")
def clear_color(g, f, strict, c, /):
    if _is_v(c):
        _rec(g, c)[V_COLOR] = C_NONE
    return _done(f, True)


@prim(c="牌")
def clear_suit(g, f, strict, c, /):
    if _is_v(c):
        _rec(g, c)[V_SUIT] = S_NONE
    return _done(f, True)


@prim(c="牌")
def clear_point(g, f, strict, c, /):
    if _is_v(c):
        _rec(g, c)[V_POINT] = 0
    return _done(f, True)


@prim(c="牌", vc="牌")
def break_correspondence(g, f, strict, c, vc, /):
    corr = _S(g, S_CORR, len(g.cards))   # a list, or a clone's Shared tuple (read only)
    # the card a C long (compiled: read in place; a card id is an int of one digit, else -1),
    # compared and indexed in C, where the table's length was boxed and compared as objects
    # (~405 asks in the six games, step 191)
    i: cython.long = small_index(c)
    if 0 <= i < len(corr):
        v = corr[i]
        if v is not None:
            w: list = _Sw(g, S_CORR)
            w[i] = None
            r = _rec(g, v)
            cs = r[V_CARDS]
            if type(cs) is tuple and len(cython.cast(tuple, cs)) == 1 \
                    and not cython.cast(tuple, cs)[0] != c:
                r[V_CARDS] = ()   # its one card (most): no list made for the empty answer
            else:
                r[V_CARDS] = tuple([x for x in cs if x != c])
    return _done(f, True)


@prim(c="牌")
def vanish_virtual_card(g, f, strict, c, /):
    if not _is_v(c):
        return _done(f, False)
    r = _rec(g, c)
    if type(r) is not list:
        return _vanish_other(f, r)   # a vanished card's Frozen record
    # a live record (a list): its fields read and written by C indices (~370 vanishings in the
    # six games), where each went through the generic item helpers
    rl: list = r
    if not rl[V_ALIVE]:
        return _done(f, False)
    rl[V_ALIVE] = False
    # the card's item of the live handles deleted at its first place, found by a C loop; the
    # last item (the card begun last: all 352 deletions in the six games) popped in place, the
    # list's room kept (engine's pop_keep_room), where `del` went through list_ass_slice and
    # list_resize (~140 instructions, step 241a); a clone's shared tuple is copied by _Sw, in
    # the same order
    j: cython.Py_ssize_t = _live_at(_S(g, S_LIVE), c)
    if j >= 0:
        w: list = _Sw(g, S_LIVE)
        if j == len(w) - 1:
            pop_keep_room(w)
        else:
            del w[j]
    # the cards' tuple and the ignored skills (most often ()) tested by a tuple's length in place
    cs = rl[V_CARDS]
    if type(cs) is not tuple or len(cython.cast(tuple, cs)) != 0:
        corr = _S(g, S_CORR, len(g.cards))
        for x in cs:
            if corr[x] == c:
                _Sw(g, S_CORR)[x] = None
    ig = rl[V_IGNORE]
    if type(ig) is not tuple or len(cython.cast(tuple, ig)) != 0:
        for p, sid in ig:
            g.invalidate_skill(p, sid, False)
        rl[V_IGNORE] = ()
    # nothing changes the record now: clones share it; its index a C subtraction, the records'
    # list (a list: _Sw's) written by the list's own item setter
    vcs: list = _Sw(g, S_VC)
    vcs[_card_handle(c) - _VBASE] = Cards._frozen(rl)
    return _done(f, True)


@cython.cfunc
@cython.inline
def _live_at(live, c, /) -> cython.Py_ssize_t:
    """The first place of virtual card c among the live handles ``live`` (the root state's list,
    or a clone's shared tuple), -1 when it is not there: compiled, each handle's value read in
    place (one-digit ints) and compared as a C long, where each item was taken by Cython's
    generic item getter and compared as objects."""
    i: cython.Py_ssize_t
    if cython.compiled and type(live) is list:
        v: cython.long = small_index(c)
        if v >= 0:
            for i in range(len(cython.cast(list, live))):
                if small_index(cython.cast(object, PyList_GET_ITEM(live, i))) == v:
                    return i
            return -1
    for i in range(len(live)):
        if live[i] == c:
            return i
    return -1


@cython.cfunc
def _vanish_other(f: Frame, r, /):
    """vanish_virtual_card of a record that is no list (a live record is one): a vanished card's
    Frozen tuple, its 存在 flag False, answers False; a write to one raises, as before."""
    if not r[V_ALIVE]:
        return _done(f, False)
    r[V_ALIVE] = False
    return _done(f, True)


@prim(c="牌", returns="真假")
def moved_off_prescribed_zone(g, f, c, /):
    """(000:278,300) a card moved by a skill's effect away from the zone its
    use/play flow prescribes: the moves of the flows are the prescribed ones;
    skill effects that move a card being used do not exist in the packs."""
    return False


@prim(z="区域", cards="牌组")
def set_keep_zone(g, f, strict, z, cards, /):
    return _done(f, True)


# ---- responses: countering, effectiveness ------------------------------------------------------


@cython.ccall   # a C call from this room's writers (a test calls it from Python)
def _list_field(r, k: cython.Py_ssize_t, /):
    """List field k (V_TARGETS, V_INEFF, V_HITS …) of the live record r, to write: a new
    record holds () in each (cards._new_vcard, docs/decisions/0118), made a list of its own here
    at its first write (a vanished card's Frozen record raises, as any write to it)."""
    v = r[k]
    if type(v) is not list:
        v = list(v)
        r[k] = v
    return v


@cython.cfunc
def _settlement_of(g: Game, c, /) -> Frame:
    """The innermost 对当前目标的使用结算 frame of card c: a C call from counter, the tables read
    once and each frame cast (the stack holds frames only), where a Python call's frames were
    each type-tested and asked _is_event (~35 walks of ~18 frames in the six games, step 251)."""
    t: Tables = _T(g)
    st: list = g.stack
    i: cython.Py_ssize_t
    for i in range(len(st) - 1, -1, -1):
        fr = cython.cast(Frame, st[i])
        if _prog_evi(t, fr.prog) == EVI_TARGET_USE and _slot(fr, 1, None) == c:
            return fr
    return None


@prim(c="牌")
def counter(g, f, strict, c, /):
    """抵消〔牌〕 (000:168-171): for its current target; with 须依次使用X张…才能抵消
    (〖无双①〗) only the X-th counter does, the earlier ones ask for another
    生效前 (000:170)."""
    if not _is_v(c):
        return _done(f, False)
    fr = _settlement_of(g, c)
    if fr is None:
        return _done(f, False)
    tgt = _slot(fr, 2)
    r = _rec(g, c)
    hits = _list_field(r, V_HITS)
    for h in hits:
        if h[0] == tgt:
            break
    else:
        n = Status._query(g, Q_NEEDN, c, tgt)
        h = [tgt, 0, n if n > 1 else 1]
        hits.append(h)
    h[1] += 1
    if h[1] >= h[2]:
        if tgt not in r[V_COUNTERED]:
            _list_field(r, V_COUNTERED).append(tgt)
    elif tgt not in r[V_EXTRA]:
        _list_field(r, V_EXTRA).append(tgt)
    return _done(f, True)


def _cur_target(g, f, /):
    fr = Use._flow(g, f, 1 << EVI_TARGET_USE)
    return _slot(fr, 2) if fr is not None else NONE


@prim(c="牌", returns="真假")
def countered(g, f, c, /):
    return _is_v(c) and _cur_target(g, f) in _field(_rec(g, c), V_COUNTERED)


@prim(c="牌", who="角色", returns="真假")
def needs_extra_effect_before(g, f, c, who, /):
    if not _is_v(c):
        return False
    ex = _field(_rec(g, c), V_EXTRA)
    if who in ex:
        ex.remove(who)
        return True
    return False


# the names that have card status rules (t.card_status's keys) as a flag per name id: is_ineffective
# asks ~680 times in the six games, nearly always of a name without one, where the dict's
# membership test cost ~80 instructions. Kept while the same dict, at the same size, is asked
# (values.KeptDict: every game's tables of a rulebook share it; register only adds names to it)
_CS = cython.declare(KeptDict, KeptDict())


@cython.cfunc
def _cs_flags_made(rules: dict, /) -> bytearray:
    """The flags of a card_status dict not asked before (or grown since)."""
    n: cython.Py_ssize_t = 0
    for k in rules:
        if type(k) is not int or k < 0:
            return None   # a key not a name id: the dict answers (not kept)
        if k + 1 > n:
            n = k + 1
    b = bytearray(n)
    for k in rules:
        b[k] = 1
    return keep_value(_CS, rules, b)


@cython.cfunc
@cython.inline
def _has_card_status(rules: dict, name, /) -> cython.bint:
    """``name in rules`` (t.card_status), by the name id's flag when the name is one."""
    b: bytearray = kept_value(_CS, rules)
    if b is None:
        b = _cs_flags_made(rules)
    if b is not None and type(name) is int:
        k: cython.Py_ssize_t = name
        if k >= 0:
            return k < len(b) and b[k] != 0
    return name in rules


def has_card_status(rules, name, /):
    """_has_card_status as a Python function (tests/runtime/test_card_status_flags.py)."""
    return _has_card_status(rules, name)


@prim(c="牌", who="角色", returns="真假")
def is_ineffective(g, f, c, who, /):
    # the record's 无效 list is most often empty (~1,350 of the ~1,450 asks in the six games):
    # its length read in place before the membership test (PySequence_Contains, ~77 an ask)
    name = None   # the card's name, once its 无效 list is read
    if cython.compiled and type(c) is int:
        # compiled, a live record's list and name borrowed (_vrec_at), as targets_empty reads its
        # targets, where the record and the list were taken and dropped (~680 asks in the six
        # games)
        i: cython.Py_ssize_t = _card_handle(c)
        if i < _VBASE:
            return False   # not a virtual card
        rp: cython.pointer(PyObject) = _vrec_at(g, i)
        if rp != cython.NULL:
            v: cython.pointer(PyObject) = _list_item(rp, V_INEFF)
            n: cython.pointer(PyObject) = _list_item(rp, V_NAME)
            if v != cython.NULL and n != cython.NULL and (
                    PyList_CheckExact(cython.cast(object, v))
                    or PyTuple_CheckExact(cython.cast(object, v))):
                if Py_SIZE(cython.cast(object, v)) != 0 and who in cython.cast(object, v):
                    return True
                name = cython.cast(object, n)
    if name is None:
        if not _is_v(c):
            return False
        r = _rec(g, c)
        name = _field(r, V_NAME)
        ineff = _field(r, V_INEFF)
        if type(ineff) is list:
            if len(cython.cast(list, ineff)) != 0 and who in ineff:
                return True
        elif (type(ineff) is not tuple or len(cython.cast(tuple, ineff)) != 0) and who in ineff:
            return True   # () until written (docs/decisions/0118), a frozen record's tuple
    # the card's own 无效 rules (【桃园结义】) count at the second check only, after
    # 对当前目标使用结算开始时 (000:166-167)
    t: Tables = _T(g)
    if t.target_start < 0 or not _has_card_status(t.card_status, name):
        return False
    ev = _event_ctx(g, f)
    tc = ev.timings if ev is not None else None
    if not tc or t.target_start not in tc:
        return False
    r = _rec(g, c)
    q = [Q_INEFF, c, who, _field(r, V_METHOD), 0]
    Status._card_status_run(g, _field(r, V_NAME), _field(r, V_USER), q, c)
    return q[4] != 0


@prim(c="牌", who="角色")
def ineffective_to(g, f, strict, c, who, /):
    if not _is_v(c):
        return _done(f, False)
    r = _rec(g, c)
    if who not in r[V_INEFF]:
        _list_field(r, V_INEFF).append(who)
    return _done(f, True)


@prim(c="牌", who="角色")
def still_takes_effect(g, f, strict, c, who, /):
    """〔牌〕依然对〔乙〕生效 (〖贯石斧〗 at 被抵消后): its effect is executed for 乙
    (the use flow then ends for this target, 000:171-172)."""
    return run_card_effect(g, f, strict, who, c)


@prim(who="角色", name="牌名", c="牌")
def cannot_respond_with(g, f, strict, who, name, c, /):
    if not _is_v(c):
        return _done(f, False)
    _list_field(_rec(g, c), V_NORESP).append((who, name))
    return _done(f, True)


@prim(c="牌", name="牌名")
def cannot_be_responded(g, f, strict, c, name, /):
    if not _is_v(c):
        return _done(f, False)
    _list_field(_rec(g, c), V_NORESP).append((ANY, name))
    return _done(f, True)


@prim(who="角色", c="牌")
def run_card_effect(g, f, strict, who, c, /):
    """〔甲〕执行〔牌〕的作用效果 (000:175-176): the effect program of the card's
    method, its 你 = the user, in the settlement of the current target."""
    if not _is_v(c):
        return _done(f, False)
    r = _rec(g, c)
    ms: tuple = Targets._methods(g, _field(r, V_NAME))
    # the method a C index and its program read once (ms[mi][3] was indexed by a Python int
    # twice and compared as objects, ~160 instructions at each of ~300 effects in the six games)
    mi: cython.Py_ssize_t = _field(r, V_METHOD)
    if mi >= len(ms):
        mi = 0
    if not ms:
        return _done(f, False)
    prog: cython.int = ms[mi][3]
    if prog < 0:
        return _done(f, False)
    fr = Use._flow(g, f, 1 << EVI_TARGET_USE)
    e = g.new_frame(prog, card_user(g, f, c), fr if fr is not None else f, -1)
    g.push_frame(e)
    f.child = e
    return _pushed(f)


@prim(who="角色", c="牌", tgt="角色")
def ignore_armour_during(g, f, strict, who, c, tgt, /):
    """无视〔丙〕的防具技能 until 〔乙〕's use flow ends (002:380)."""
    if not _is_v(c) or not isinstance(tgt, int) or tgt < 0:
        return _done(f, False)
    r = _rec(g, c)
    t = _T(g)
    names = [g.card_name(z) for z in g.zone_cards(Z_ARMOR, tgt)]
    # the armour it is regarded as equipping (〖八阵〗's 【八卦阵】) is armour too
    names += [n for n in Regarded.regarded_names(g, tgt) if t.cards[n][1] == "防具"]
    for n in names:
        info = t.cards.get(n)
        for sname in (info[4] if info else ()):
            sid = g.rs.id_of("skill", sname)
            g.invalidate_skill(tgt, sid, True)
            _list_field(r, V_IGNORE).append((tgt, sid))
    return _done(f, True)


@prim(returns="渠道")
def effect_channel(g, f, /):
    """此效果所属的牌或技能 (002:241): the card whose effect (or the skill whose
    sentences) the innermost running program executes."""
    t = _T(g)
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        fr = st[i]
        k = _prog_kind(t, fr.prog)
        if k == _PK_CARD:
            c = _card_ctx(g, fr)
            return c if c is not None else NONE
        if k == _PK_SKILL or k == _PK_DELAYED:
            return ("技能", fr.skill)
    return NONE


# ---- transfer (转移) ---------------------------------------------------------------------------


@prim(who="角色", c="牌", tgt="角色")
def transfer_card(g, f, strict, who, c, tgt, /):
    """〔甲〕将〔乙：牌〕转移给〔丙〕: a card: 丙 replaces 甲 in its target list
    (〖流离〗); a physical card: moved to 丙's same zone."""
    if Decisions._needs_resolve((c, tgt)):
        return Decisions._resolve(g, f, "transfer_card", strict, (who, c, tgt), "转移")
    if _is_v(c):
        r = _rec(g, c)
        if who not in _field(r, V_TARGETS) or not isinstance(tgt, int) or tgt < 0:
            return _done(f, False)
        tg = _list_field(r, V_TARGETS)   # a list of its own (target_list keeps a tuple)
        tg[tg.index(who)] = tgt
        return _done(f, True)
    k, o = g.where(c)
    if k == Z_JUDGE:
        return Moves._move(g, f, who, (c,), 1, (Z_JUDGE, tgt))
    return Moves._move(g, f, who, (c,), 1, (Z_HAND, tgt))


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(card_user, this_card_name, this_card, targets_empty, virtual_card_of, target_list,
     moved_off_prescribed_zone, set_keep_zone, is_ineffective, break_correspondence,
     copy_suit_point, vanish_virtual_card, has_physical, target_roles, countered,
     current_target_character, needs_extra_effect_before, run_card_effect, this_card_of_category,
     card_targeting, sort_targets, plain_kind, effect_channel)


# step 83's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(this_named_card, first_target_role, not_converted, counter, virtual_card_same_name,
     ineffective_to)


# step 98b's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(target_count, ignore_armour_during, cannot_respond_with, clear_suit, clear_point)
