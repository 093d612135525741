# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Moving cards (移动 flow, 000:129-140): draw, gain, discard, give, put on the deck.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import array

import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (
    EQUIP_ZONES, SC_PHASE, Z_DISCARD, Z_DRAW, Z_HAND, Z_TREASURE, Frame, Game)
from core.prims.base import (
    ANY, EQUIP_SUBTYPE_ZONE, EV_CARD_MOVE, NONE, OP_ARRANGE, OP_CARDS_THEN, OP_GIVE_EACH, Pick,
    S_DISCARDED, S_MOVED, S_PROC, S_SEAL, ZK_EQUIP, _enclosing, _enclosing_move,
    _pushed, prim, prim_id, _prog_kind)
if not cython.compiled:   # compiled: a C macro (core/prims/slots.pxd): a scratch's X_* slot
    from core.prims.base import put_slot
if cython.compiled:   # the first virtual card's id (base.pxd's C constant)
    from cython.cimports.core.prims.base import _VBASE
else:
    from core.prims.base import _VBASE
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import (
        X_CARDS, X_DEST, X_FLAG, X_JCARD, X_KEPTEQUIP, _PK_SKILL, _PROBE, _Z_DISCARD,
        _Z_EQUIP_FIRST, _Z_EQUIP_LAST, _Z_GENERAL, _Z_HAND, _Z_PROCESS, _ZK_EQUIP,
        _ZK_GENERAL_DECK)
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _st_fast as _st, _S_fast as _S,
        _slot_fast as _slot, _list_item)
else:
    from core.prims.base import _T, _get, _sx, _st, _S, _slot
if cython.compiled:   # values.eq_zone_kind's answer in place (core/prims/zonekind.pxd)
    from cython.cimports.core.prims.zonekind import zone_is_kind
if cython.compiled:   # the running move's own target read in place (core/prims/movedzone.pxd)
    from cython.cimports.core.prims.movedzone import destination_kind_in
if cython.compiled:   # a card's zone kind read in place (core/prims/zonekind.pxd)
    from cython.cimports.core.prims.zonekind import card_zone_kind
else:   # the method itself (one object: each room binds the same)
    card_zone_kind = E.Game.where_kind
if cython.compiled:   # a C int array's item in place: engine.pxd's inline form (step 210a)
    from cython.cimports.core.engine import _ai
else:
    from core.engine import _ai
if cython.compiled:   # a tuple's or a list's item read borrowed (_card_int_at, _zone_owner)
    from cython.cimports.core.prims.base import X_FLAG_CONST
    from cython.cimports.cpython.ref import PyObject, Py_REFCNT
    from cython.cimports.cpython.tuple import PyTuple_GET_ITEM
    from cython.cimports.cpython.list import PyList_GET_ITEM
if cython.compiled:   # a verdict's flags written in place (core/prims/verdict.pxd, step 114)
    from cython.cimports.core.prims.verdict import _done_fast as _done
else:
    from core.prims.base import _done
if cython.compiled:   # a root state table to write, read in place (core/prims/statew.pxd, step 114)
    from cython.cimports.core.prims.statew import _Sw_fast as _Sw
else:
    from core.prims.base import _Sw
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    cards as Cards, decisions as Decisions, flow as Flow, regarded as Regarded, resolving as Resolving,
    roles as Roles, targets as Targets, turns as Turns, values as Values, zones as Zones)
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, decisions as Decisions, flow as Flow, regarded as Regarded,
        resolving as Resolving, roles as Roles, targets as Targets, turns as Turns, values as Values,
        zones as Zones)
# a zone's live list: compiled, Game.zone_cards in place (zonelist.pxd, step 54); uncompiled,
# zones' call of the method (one object: the package binds each name once)
if cython.compiled:
    from cython.cimports.core.prims.zonelist import zone_cards_fast as _zone_cards
else:
    _zone_cards = Zones._zone_cards
# a small int's value read in place (core/prims/smallint.pxd, step 104); uncompiled, the value
# itself (zones' function: one object, as above)
if cython.compiled:
    from cython.cimports.core.prims.smallint import small_int as _int
else:
    _int = Zones._int


# ---- card operations ---------------------------------------------------------------------------


@cython.cfunc
@cython.inline
def _phys(g, cards, /) -> tuple:
    """Cards._cards_phys(g, cards): a tuple of physical card ids is its own answer, tested here
    (the move flow's cards, nearly always), where each was a call into the cards room."""
    if type(cards) is tuple and _all_physical_at(cards):
        return cards
    return Cards._cards_phys(g, cards)


# cards._all_physical's test of a tuple, its items read borrowed (_physical_at, step 242b), where
# physcards.pxd's walk took and dropped each item's reference (~1,460 moves' cards in the six
# games of `sgs bench --what instructions`, move_cards' _phys)
@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
def _all_physical_at(cs: tuple, /) -> cython.bint:
    for i in range(len(cs)):
        if _physical_at(cs, i) < 0:
            return False
    return True


def _dest_zone(g, c, z, /):
    """(kind, owner) for putting card c into zone value z."""
    if z is None:
        return -1, -1
    zt = z   # a zone value is a tuple (kind, owner): C reads, the kind a C int read in place
    kind = _int(zt[0])
    if kind == _ZK_GENERAL_DECK:
        return -1, -1
    if kind == _ZK_EQUIP:
        return _equip_slot(g, c, zt[1])
    return zt


def _equip_slot(g, c, owner, /):
    """(kind, owner) of card c's equipment slot in ``owner``'s 装备区: a seat's the layout's own
    tuple (g.zone_at, made once: step 285b), where each was a tuple made, read and freed (~1,100
    of zones.zone_equip_slot's in the bench's 40 games)."""
    info = _T(g).cards.get(Cards._card_name_any(g, c))
    subzones = EQUIP_SUBTYPE_ZONE   # a typed dict: its get a C call
    k = subzones.get(info[1] if info else "", Z_TREASURE)
    if type(owner) is int:
        o: cython.long = _int(owner)
        # the zone's index as Game.zone_id computes it (its first zone and per-seat flag read
        # from g.zkinds, C ints), a kind of the seats' zones only
        if 0 <= o < g.n and 0 <= k < len(g.zbase) and _ai(g.zkinds, 2 * k + 1):
            zv = g.zone_at[_ai(g.zkinds, 2 * k) + o]
            if zv[1] is owner:   # (its owner the seat's int)
                return zv
    return k, owner


def _move_now(g, cards, z, /):
    for c in cards:
        k, o = _dest_zone(g, c, z)
        g.move_one(c, k, o)


def _move(g, f, actor, cards, x, z, /):
    """A move of x of ``cards`` to zone z: the 移动 event if the module has one
    (it chooses), else a direct move (all of them, x == len(cards))."""
    cid = _T(g).events.get(EV_CARD_MOVE)
    if cid is not None:
        Flow._push_prog(g, f, cid, (actor, tuple(cards), x, z), f.owner, None)
        return _pushed(f)
    _move_now(g, cards, z)
    _sx(f)[X_CARDS] = tuple(cards)
    return _done(f, len(cards) > 0)


@prim(who="角色", x="数")
def draw(g, f, strict, who, x, /):
    """〔甲〕摸〔X〕张牌 (strict: the draw pile must hold X cards after the
    refill)."""
    if Decisions._needs_resolve((who,)):
        return Decisions._resolve(g, f, "draw", strict, (who, x), "摸牌")
    if x <= 0:
        return _done(f, False)
    cs = g.top_cards(x)
    if len(cs) == 0 or (strict and len(cs) < x):
        return _done(f, False)
    return _move(g, f, who, cs, len(cs), (Z_HAND, who))


@prim(who="角色", cs="牌组")
def gain(g, f, strict, who, cs, /):
    if Decisions._needs_resolve((who, cs)):
        return Decisions._resolve(g, f, "gain", strict, (who, cs), "获得牌")
    cards = Cards._cards(g, f, cs)
    if not cards:
        return _done(f, False)
    return _move(g, f, who, cards, len(cards), (Z_HAND, who))


@prim(who="角色", cs="牌组")
def discard(g, f, strict, who, cs, /):
    """〔甲〕弃置〔牌组〕 (a Pick is asked first)."""
    if isinstance(cs, Pick):
        if strict and len(cs.group) < cs.lo:
            return _done(f, False)
        if len(cs.group) == 0:
            return _done(f, False)
        k = cs.hi if cs.hi < len(cs.group) else len(cs.group)
        lo = cs.lo if cs.lo < k else k
        if lo == len(cs.group):
            return _move(g, f, who, cs.group, lo, (Z_DISCARD, -1))
        return Decisions._helper(g, f, OP_CARDS_THEN, [cs.group, lo, k, "弃置", _DISCARD_CHOSEN, who],
                       who)
    cards = Cards._cards(g, f, cs)
    if not cards:
        return _done(f, False)
    return _move(g, f, who, cards, len(cards), (Z_DISCARD, -1))


def _discard_chosen(g, f, strict, cards, who, /):
    return _move(g, f, who, cards, len(cards), (Z_DISCARD, -1))


prim(_discard_chosen)
_DISCARD_CHOSEN = prim_id("_discard_chosen")   # what helper frames hold (decisions._then)


@prim(who="角色", x="数")
def discard_hand(g, f, strict, who, x, /):
    """〔甲〕弃置〔X〕张手牌: strict and fewer than X hand cards -> nothing, not
    executed; otherwise as many as possible (chosen by 甲 when there is a
    choice)."""
    if Decisions._needs_resolve((who,)):
        return Decisions._resolve(g, f, "discard_hand", strict, (who, x), "弃置手牌")
    hand = tuple(_zone_cards(g, Z_HAND, who))
    if x <= 0 or len(hand) == 0 or (strict and len(hand) < x):
        return _done(f, False)
    k = x if x < len(hand) else len(hand)
    if _T(g).events.get(EV_CARD_MOVE) is not None:
        return _move(g, f, who, hand, k, (Z_DISCARD, -1))
    if k == len(hand):
        return _move(g, f, who, hand, k, (Z_DISCARD, -1))
    return Decisions._helper(g, f, OP_CARDS_THEN, [hand, k, k, "弃置%d张手牌" % k, _DISCARD_CHOSEN, who],
                   who)


@prim(cs="牌组")
def system_discard(g, f, strict, cs, /):
    return _move(g, f, NONE, Cards._cards(g, f, cs), len(Cards._cards(g, f, cs)), (Z_DISCARD, -1))


@prim(who="角色", cs="牌组", tgt="角色组")
def give(g, f, strict, who, cs, tgt, /):
    """〔甲〕将〔乙〕交给〔丙〕 (任意角色: one role 甲 chooses)."""
    if tgt == ANY:
        # 任意角色 (〖遗计〗): each card to a role of 甲's choice, group by group
        cards = Cards._cards_phys(g, cs) if not isinstance(cs, Pick) else ()
        if not cards:
            return _done(f, False)
        return Decisions._helper(g, f, OP_GIVE_EACH, [tuple(g.alive_seats()), tuple(cards)], who)
    if isinstance(tgt, int) and tgt < -1:
        tgt = Pick("players", Roles._group(g, f, tgt), 1, 1, who)
    if Decisions._needs_resolve((cs, tgt)):
        return Decisions._resolve(g, f, "give", strict, (who, Zones._retarget(g, cs, who), tgt),
                                  "交给")
    cards = Cards._cards_phys(g, cs)
    if not cards or not isinstance(tgt, int) or tgt < 0:
        return _done(f, False)
    if tgt < g.n and not g.players[tgt].alive:
        return _done(f, False)   # 000:540 a dead role takes no part: nothing is given to it (as 获得)
    t = _T(g)
    if Turns._in_play_phase(g) and 0 <= who < g.n and tgt != who:
        g.add_count(SC_PHASE, who, t.k_given, len(cards))
    return _move(g, f, who, cards, len(cards), (Z_HAND, tgt))


@prim(who="角色", cards="牌组", x="数")
def choose_move_cards(g, f, strict, who, cards, x, /):
    """(移动 flow) 甲 chooses X of 乙 as 此次移动的牌 (no question when there is
    no choice)."""
    # the bounds as C ints (compared with the cards' count, boxed at each test as objects), and
    # X itself, which the flag compares hi with (hi >= x boxed hi at each of ~1,600 moves)
    n: cython.Py_ssize_t = x   # converted once
    lo: cython.Py_ssize_t = n
    hi: cython.Py_ssize_t = n
    # 002:27 binds the roles; the system moves them all the same (a dead role's cards, 000:532)
    bound: cython.bint = isinstance(who, int) and _int(who) >= 0   # a seat: a C int's sign
    # a tuple (most moves) is no Pick: no walk of its type's bases (isinstance's) to say so
    if type(cards) is not tuple and isinstance(cards, Pick):
        p = cython.cast(Pick, Zones._retarget(g, cards, who))   # a Pick's is a Pick
        chooser = p.chooser if p.chooser >= 0 else who
        lo, hi = p.lo, p.hi
        cs = _movable(g, p.group, bound)
    else:
        chooser = who
        # physical ids each movable (most moves): the tuple itself, what _phys and then _movable
        # answer, in one walk (step 242a)
        cs = cython.cast(tuple, cards) if type(cards) is tuple and _movable_as_is(g, cards, bound) \
            else _movable(g, _phys(g, cards), bound)
    # the scratch's slots written in place (put_slot: _sx's list has every X_* slot), the
    # scratch taken once, its verdict (X_FLAG) written once on each path
    sx: list = _sx(f)
    if hi > len(cs):
        hi = len(cs)
    if lo > hi:
        lo = hi
    if hi <= 0:
        put_slot(sx, X_FLAG, False)
        put_slot(sx, X_CARDS, ())
        return _done(f, False)
    if lo == len(cs) or chooser < 0:
        put_slot(sx, X_CARDS, cs if hi == len(cs) else cs[:hi])
        put_slot(sx, X_FLAG, hi >= n)
        return _done(f, True)
    put_slot(sx, X_FLAG, hi >= n)
    return Decisions._helper(g, f, OP_CARDS_THEN, [cs, lo, hi, "选择移动的牌", _SET_MOVING], chooser)


# choose_move_cards' test of a tuple of cards (step 242a): every item a physical card's id
# (cards._all_physical's test, _phys's) that is somewhere and, for a mover ``bound`` by 002:27,
# in no equipment zone (_movable's): then both answer the tuple itself. One walk of its items read
# borrowed, where _phys's walk and _movable's each took and dropped every item's reference (~70
# instructions a move, ~1,570 in the six games of `sgs bench --what instructions`); any other
# tuple goes their way
@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
def _movable_as_is(g: Game, cs: tuple, bound: cython.bint, /) -> cython.bint:
    for i in range(len(cs)):
        c: cython.long = _physical_at(cs, i)
        if c < 0:
            return False
        k: cython.int = card_zone_kind(g, c)   # g.where_kind(c), read in place
        if k < 0 or bound and _is_equip_kind(k):
            return False
    return True


# item i of ``cs`` (a tuple) as a physical card's id, read borrowed (as _card_int_at): negative
# when it is none (not an int, an int below 0 — its own answer — or not below VBASE:
# cards._all_physical's test, its C long)
@cython.cfunc
@cython.inline
@cython.exceptval(-2, check=True)
def _physical_at(cs: tuple, i: cython.Py_ssize_t, /) -> cython.long:
    if cython.compiled:
        p: cython.pointer(PyObject) = PyTuple_GET_ITEM(cs, i)
        if type(cython.cast(object, p)) is not int:
            return -1
        n: cython.long = _int(cython.cast(object, p))
    else:
        if type(cs[i]) is not int:
            return -1
        n = cs[i]
    return n if n < _VBASE else -1


def _movable(g, cards, bound, /):
    """The cards of ``cards`` that are somewhere and, when the mover is ``bound`` by 002:27 (a
    role), not the equipment in use (_equipment_in_use): ``cards`` itself when every one is
    (most moves), without a list made and copied. That equipment lies in an equipment zone, so
    it is looked for only when a card does (a few moves): no stack walked for the others."""
    for i in range(len(cards)):
        k = card_zone_kind(g, _card_int_at(cards, i))   # g.where_kind(c), read in place
        if k < 0 or bound and _is_equip_kind(k):
            busy = _equipment_in_use(g) if bound else ()
            return tuple([c for c in cards if g.where_kind(c) >= 0 and c not in busy])
    return tuple(cards)   # a tuple's tuple is the tuple itself


# the equipment a use being tested for usability needs (Usable._can_convert: 002:29, the
# 【诸葛连弩】 that lifts the use limit cannot be the 【杀】's card): a tuple of cards, or the
# Usable._Needed that computes them when first read
_NEEDED = [()]


def _may_be_busy(g, cards, /):
    """Some card of ``cards`` may be one equipment_busy answers: False when none lies in an
    equipment zone, where everything it answers lies (the equipment in use, the equipment a use
    needs, a skill's own equipment: each read from the equipment zones) — unless the equipment
    a use needs waits to be computed (a Usable._Needed): computing it makes virtual cards, whose
    ids the game's log shows, so it is computed where it always was. ``cards``: a choice's
    group (a tuple)."""
    if not isinstance(_NEEDED[0], tuple):
        return True
    n = len(g.cards)
    for i in range(len(cards)):
        # an int's value read borrowed (negative: no int, or none of the game's cards) and its
        # zone kind read in place, as _free_at_least's
        j = _physical_at(cards, i)
        if 0 <= j < n and _is_equip_kind(card_zone_kind(g, j)):
            return True
    return False


@cython.boundscheck(False)   # i < len(cards)
@cython.wraparound(False)
def _free_at_least(g, cards, k, /):
    """At least ``k`` cards of ``cards`` (a choice's group, a tuple) are cards of the game outside
    the equipment zones: none of them is one equipment_busy answers (all it answers lies in an
    equipment zone), so a choice of ``k`` of them has its candidates whatever it answers, and it
    need not be asked — nor the equipment a use needs computed (a Usable._Needed: step 86b) —
    unless computing that may make virtual cards (its ``makes_cards``): it is computed where it
    always was (_may_be_busy)."""
    need = _NEEDED[0]
    if not isinstance(need, tuple) and need.makes_cards:
        return False
    if k <= 0:
        return True
    n = len(g.cards)
    m = 0
    for i in range(len(cards)):
        # each item's value read borrowed (_physical_at: negative when it is no int; an id of
        # VBASE or more is none of the game's cards, nor below n) and its zone kind read in place
        # (card_zone_kind: j is a card's index), where the item's reference was taken and dropped,
        # the int converted by Cython's generic reader and Game.where_kind called (~1,100 choices'
        # tests in the six games of `sgs bench --what instructions`)
        j = _physical_at(cards, i)
        if 0 <= j < n and not _is_equip_kind(card_zone_kind(g, j)):
            m += 1
            if m >= k:
                return True
    return False


def equipment_busy(g, f, /):
    """The equipment no role may operate now (002:27): that whose skill is running, that a use
    being tested needs (_NEEDED), and, in a skill's condition (the probe frame of skill
    f.skill), that which gives the skill tested — its cost cannot be paid with it (002:28: not
    〖贯石斧〗 with the 【贯石斧】 itself)."""
    need = _NEEDED[0]
    if not isinstance(need, tuple):
        nd = need   # usable's _Needed: its cards() a C call (a method by name on an object)
        need = nd.cards()
    busy = _equipment_in_use(g) + need
    if f is not None and f.skill >= 0 and 0 <= f.owner < g.n:
        t = _T(g)
        # the skill's name a C field, the zones' kinds C ints (step 272d: each was read by name
        # or boxed, at each of ~150 calls in the bench's 30 games, every one in a skill's test)
        sk = g.rs.skills[f.skill]
        name = sk.name
        for z in range(_Z_EQUIP_FIRST, _Z_EQUIP_LAST + 1):   # EQUIP_ZONES (one range: base)
            for c in _zone_cards(g, z, f.owner):
                info = t.cards.get(g.card_name(c))
                if info is not None and name in info[4] and c not in busy:
                    busy = busy + (c,)
    return busy


@cython.boundscheck(False)   # i walks the stack's own indices; the stack holds frames only
@cython.wraparound(False)
def _equipment_in_use(g, /):
    """002:27: equipment whose skill is running (its owner's skill frame on the stack)
    cannot be operated, e.g. discarded to pay 〖贯石斧〗's cost (002:28)."""
    out = ()
    t = _T(g)
    st = g.stack
    for i in range(len(st)):
        fr = cython.cast(Frame, st[i])
        if fr.skill < 0 or fr.owner < 0 or _prog_kind(t, fr.prog) != _PK_SKILL:
            continue
        sk = g.rs.skills[fr.skill]
        name = sk.name
        for z in range(_Z_EQUIP_FIRST, _Z_EQUIP_LAST + 1):   # EQUIP_ZONES: C ints (step 272d)
            for c in _zone_cards(g, z, fr.owner):
                info = t.cards.get(g.card_name(c))
                if info is not None and name in info[4]:
                    out = out + (c,)
    return out


def _set_moving(g, f, strict, cards, /):
    put_slot(_sx(f), X_CARDS, tuple(cards))
    if f.y is not None:
        put_slot(_sx(f.y), X_CARDS, tuple(cards))
    return _done(f, True)


prim(_set_moving)
_SET_MOVING = prim_id("_set_moving")   # what helper frames hold (decisions._then)


@prim(returns="牌组")
def moving_cards(g, f, /):
    ev = f if f.prog == _T(g).ev_move else _enclosing_move(g, f)   # f itself, most often
    v = _get(ev, X_CARDS) if ev is not None else None
    return () if v is None else v


@prim(c="牌", returns="区域")
def move_destination(g, f, c, /):
    ev = f if f.prog == _T(g).ev_move else _enclosing_move(g, f)   # f itself, most often
    if ev is None:
        return None
    return _destination(_get(ev, X_DEST), _slot(ev, 3, None), c)


def move_destination_kind_is(g, f, c, kind, /):
    """eq(a card's 去向 in the running move, a zone no role owns: 弃牌堆, 处理区 …), the zone's
    kind a C int: one call where generated code made two (compiler.emit.FUSED_KIND) — the move
    flow asks it of each card moved."""
    if cython.compiled:   # f the move itself, its zone read borrowed
        r0: cython.int = destination_kind_in(g, f, c, kind)
        if r0 >= 0:
            return r0 == 1
    z = move_destination(g, f, c)
    if cython.compiled:   # eq_zone_kind in place for a zone of small ints (zonekind.pxd)
        r: cython.int = zone_is_kind(z, kind)
        if r >= 0:
            return r == 1
    return Values.eq_zone_kind(g, f, z, kind)


def _destination(dests, z, c, /):
    """Where card c of a move goes: its own destination (``dests``, the move's X_DEST), else the
    move's target zone ``z``."""
    if dests:
        i = Zones._card_at(dests, c)
        if i >= 0:
            return dests[i + 1]
    return z


@prim(who="角色", c="牌", z="区域")
def set_move_destination(g, f, strict, who, c, z, /):
    ev = _enclosing_move(g, f)
    if ev is None:
        return _done(f, False)
    x = _sx(ev)
    if x[X_DEST] is None:
        x[X_DEST] = []
    x[X_DEST] += [c, z]   # [card, destination, …] (Zones._card_at)
    return _done(f, True)


@cython.cfunc
@cython.inline
def _is_equip_kind(k: cython.int, /) -> cython.bint:
    """Zone kind k is an equipment slot's (the kinds are one range: base)."""
    return _Z_EQUIP_FIRST <= k <= _Z_EQUIP_LAST


# Game.where(c) read in place: the card's zone index (a C int array) and that zone's (kind, owner)
# tuple (a list made once), where the cpdef method's call was ~45 instructions at each of the
# ~2,000 cards move_cards moves in the six games of `sgs bench --what instructions`; c a card's
# id, unchecked as where reads it
@cython.cfunc
@cython.inline
@cython.wraparound(False)   # a card's zone index (card_zone) is one of zone_at's
def _where(g: Game, c: cython.int, /) -> tuple:
    if cython.compiled:
        return cython.cast(tuple, cython.cast(list, g.zone_at)[g.card_zone.data.as_ints[c]])
    return g.where(c)


# a scratch's verdict (X_FLAG) not written yet: compiled, its item read in place at gcc's
# constant index (_sx's list has every X_* slot), where the list's checked item read loaded X_FLAG
# through base's pointer to it
@cython.cfunc
@cython.inline
def _flag_unset(x: list, /) -> cython.bint:
    if cython.compiled:
        return PyList_GET_ITEM(x, X_FLAG_CONST) == cython.cast(cython.pointer(PyObject), None)
    return x[X_FLAG] is None


# move_cards' reads of a card it moves (step 199b): card i of ``cs`` (a tuple of card ids) as a C
# int, its item read borrowed (no reference taken and dropped); the index of the zone card c is in
# (Game.card_zone, a C int array), and that zone's kind (Game.zkind_at) and owner (Game.zone_at's
# tuple, a C read of its item), where each card's (kind, owner) tuple was taken and both items
# read with their references counted (~35 instructions a card)
@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
def _card_int_at(cs: tuple, i: cython.Py_ssize_t, /) -> cython.int:
    if cython.compiled:
        return _int(cython.cast(object, PyTuple_GET_ITEM(cs, i)))
    return _int(cs[i])


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
def _zone_owner(g: Game, z: cython.int, /) -> cython.int:
    if cython.compiled:   # zone_at's tuple and its item read borrowed, as _where reads them
        return _int(cython.cast(object, PyTuple_GET_ITEM(
            cython.cast(object, PyList_GET_ITEM(g.zone_at, z)), 1)))
    return _int(g.zone_at[z][1])


# a move of several cards' origins (X_JCARD: [card, origin, …]): a function of its own (its
# index a C Py_ssize_t), out of move_cards' body: with S_PROC's one write site there, gcc inlines
# _Sw_fast and _done_fast into move_cards (step 244; gcc still inlines this one, called once)
@cython.cfunc
@cython.wraparound(False)
def _origins(g: Game, cs: tuple, /) -> list:
    if cython.compiled:   # the kept list when nothing else holds it (step 285f: as _jcard's pair)
        ol: list = list_reused(cython.address(_JLIST), 2 * len(cs))
    else:
        ol: list = [None] * (2 * len(cs))   # made at its length, each item set in place
    i: cython.Py_ssize_t
    for i in range(len(cs)):
        x = cs[i]   # as listed: not unboxed and boxed again
        ol[2 * i] = x   # a list's item set as a list's (origins is either)
        ol[2 * i + 1] = _where(g, _int(x))
    return ol


# X_JCARD's record of a one-card move, (card, origin): compiled, the tuple kept from the last
# such move, its two items set again in place when nothing else holds it any more (the move's
# scratch freed: its reference count 1, the kept one; moves.pxd's pair_reused), where each
# move made a tuple and its end freed it (~7,000 of the ~9,500 moves of the bench's 40 games,
# ~170 instructions each; step 285a). One object kept, none per card: the collector's count of
# objects made and not freed is the same (_JPAIR: moves.pxd's C variable).
@cython.cfunc
@cython.inline
def _jcard(g: Game, cs: tuple, /) -> tuple:
    """X_JCARD's record of a move of the one card of ``cs``: (card, origin), its zone now."""
    card = cs[0]
    origin = _where(g, _card_int_at(cs, 0))
    if cython.compiled:
        return pair_reused(cython.address(_JPAIR), cython.cast(cython.pointer(PyObject), card),
                           cython.cast(cython.pointer(PyObject), origin))
    return (card, origin)


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
def _distinct(cs: tuple, /) -> cython.bint:
    """No card is listed twice in ``cs`` (a move's few cards, card ids as move_cards reads them:
    each read borrowed as a C int and compared pairwise, no reference taken nor type tested)."""
    n: cython.Py_ssize_t = len(cs)
    i: cython.Py_ssize_t
    j: cython.Py_ssize_t
    for i in range(1, n):
        a: cython.int = _card_int_at(cs, i)
        for j in range(i):
            if _card_int_at(cs, j) == a:
                return False
    return True


@cython.cfunc
@cython.inline
def _set_item(a: list, i: cython.Py_ssize_t, v, /) -> cython.int:
    """a[i] = v in a table of the game's cards (S_PROC): the list's item stored in place (put_slot)
    when i is one of its indices, where Cython's generic store took a call (~900 stores in the
    six games of `sgs bench --what instructions`); otherwise the list's own store (its error)."""
    if 0 <= i < len(a):
        put_slot(a, i, v)
    else:
        a[i] = v
    return 0


# S_PROC's entry of a card put into the 处理区: the ids of the frames running then, C ints in
# one array (docs/decisions/0074): a tuple of them made an int object per frame (most ids are
# past the small ints CPython keeps), and freed them all when the card left
_NO_IDS = array.array("i")


# the stack's own indices (n <= len(st)), frames only, never None: each frame's id read without
# the index's bounds and sign tests and the None tests (~431 calls in the six games, a frame each
# of ~15 on the stack)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _frame_ids(g, last, /):
    """The ids of g's stack's frames, from the bottom to ``last`` (to the top when ``last`` is
    None or not on the stack), as an array.array('i')."""
    st = g.stack
    n = len(st)
    if last is not None:
        for i in range(n):
            if st[i] is last:
                n = i + 1
                break
    if cython.compiled:   # the same array, made at its length and filled in place
        # the array kept from the last call (_IDS) filled again when nothing else holds it (a
        # card that left the 处理区 dropped its S_PROC entry), its size set in place (step 285e:
        # an array made and freed for ~2,500 of ~3,200 calls in the bench's 40 games)
        global _IDS
        a = _IDS
        if a is not None and Py_REFCNT(a) == 2:   # _IDS's reference and a's
            array.resize_smart(a, n)
        else:
            a = array.clone(_NO_IDS, n, False)
            _IDS = a
        for i in range(n):
            a.data.as_ints[i] = cython.cast(Frame, st[i]).id
        return a
    return array.array("i", [fr.id for fr in st[:n]])


# its indices are never negative (i over the cards, 2 * i, the slots' X_*): no wraparound test at
# each of its item reads, ~4 a card moved
@cython.wraparound(False)
@prim(who="角色", cards="牌组")
def move_cards(g, f, strict, who, cards, /):
    """THE move (移动 flow): every card to its destination at once."""
    t = _T(g)   # read once: the move's program, then equipment's skills below
    ev = f if f.prog == t.ev_move else _enclosing_move(g, f)   # f itself, most often
    cs = _phys(g, cards)
    dests = None   # the move's own destinations of some cards (X_DEST), and its target zone
    z = None
    # each card's zone before the move (X_JCARD: [card, origin, …], Zones._card_at; a tuple
    # (card, origin) for one card, decision 0129); the loop below reads each card's zone where it
    # moves it (_where, two C array reads, where origins' generic item read was a call): moving
    # one card moves no other, so unless a card is listed twice that zone is its origin here
    # (the record a temporary, not a local: move_cards' epilogue releases each object local)
    kept_equip = True   # no origin in X_JCARD is an equipment zone (X_KEPTEQUIP)
    if ev is not None:
        ev_x = _sx(ev)
        if len(cs) == 1:   # most moves (~3 in 4): a tuple, one block where a list is two
            put_slot(ev_x, X_JCARD, _jcard(g, cs))
        else:
            put_slot(ev_x, X_JCARD, _origins(g, cs))
            if not _distinct(cs):
                kept_equip = False   # a card's later origins are not read: not told apart below
        if cs:
            if _flag_unset(ev_x):
                put_slot(ev_x, X_FLAG, True)
        dests = ev_x[X_DEST]   # the scratch read above (_get would read it again)
        # the move's target zone: compiled, _slot(ev, 3, None)'s read of the item in place (a
        # call of ~26 instructions at each of ~1,460 moves in the six games)
        if cython.compiled:
            zp: cython.pointer(PyObject) = _list_item(cython.cast(cython.pointer(PyObject), ev.slots), 3)
            if zp != cython.NULL:
                z = cython.cast(object, zp)   # None: no zone, as _slot's default
        else:
            z = _slot(ev, 3, None)
    # every card's destination when the move lists none of its own (most moves): the target
    # zone's kind and owner read once here, where each card asked _destination and _dest_zone;
    # a zone of the general deck or of equipment (a card's own slot) is each card's, below
    k = -2   # -2: each card's own; -1: none (no zone), the cards not moved
    o = -1
    if not dests:
        if z is None:
            k = -1
        else:
            zt = z   # (kind, owner): each read borrowed as a C int (_card_int_at's read)
            k = _card_int_at(zt, 0)
            if k == _ZK_GENERAL_DECK or k == _ZK_EQUIP:
                k = -2
            else:
                o = _card_int_at(zt, 1)
    one_zone = k != -2
    proc = None   # S_PROC, to write (_Sw: a clone may share it), taken at the first write
    ids = None
    regarded = False
    for i in range(len(cs)):
        c = _card_int_at(cs, i)   # the card as a C int, for the engine and the tables
        # its zone before the move, an index: its kind read from the game's C int arrays, its
        # owner from the zone's (kind, owner) only where a rare step needs it (_zone_owner)
        z0: cython.int = _ai(g.card_zone, c)
        k0 = _ai(g.zkind_at, z0)
        if _is_equip_kind(k0):
            kept_equip = False
        if not one_zone:
            card = cs[i]   # the card as listed, the object the helpers take
            d = _dest_zone(g, card, _destination(dests, z, card))
            k = _int(d[0])
            o = _int(d[1]) if k >= 0 else -1
        if k < 0:
            continue
        Game.move_one(g, c, k, o)   # g.move((c,), k, o) without the tuple; a C call, no override test
        if k == _Z_DISCARD and (k0 == _Z_HAND or _is_equip_kind(k0)) and _zone_owner(g, z0) == who:
            _note_discarded(g, who, c)   # 甲 put its own card into the discard pile: its 弃置
        elif k0 == _Z_DISCARD:
            _forget_discarded(g, c)
        if k == _Z_PROCESS or k0 == _Z_PROCESS:
            if proc is None:   # one site: _Sw_fast inline once
                proc = _Sw(g, S_PROC, len(g.cards))
            if k == _Z_PROCESS:
                if ids is None:
                    ids = _frame_ids(g, None)
                _set_item(proc, c, ids)
            else:
                _set_item(proc, c, None)
        if k0 == _Z_GENERAL:
            Zones.forget_general_names(g, (c,))   # a “创” that leaves the general is no more one
        # equipment: its skills belong to the role whose 装备区 holds it (000:177)
        if _is_equip_kind(k0) or _is_equip_kind(k):
            regarded = True
            _move_equipment_skills(g, t, c, k0, _zone_owner(g, z0), k, o)
    if ev is not None:
        put_slot(ev_x, X_KEPTEQUIP, cs if kept_equip else None)
    put_slot(_st(g), S_MOVED, cs)   # the root state has every S_* slot (base._state)
    if regarded:   # 视为装备 depends on the equipment (〖八阵〗: no armour)
        Regarded.update_everyones_regarded(g)
    return _done(f, len(cs) > 0)


# move_cards' rarer steps, functions of their own: their locals were set and released at each of
# its ~1,460 runs in the six games (~8 instructions each), most moving no equipment and no card
# of a role's own into the discard pile nor out of it


# the last (who, phase id) pair _note_discarded noted, and its id as a C long: the cards one role
# discards in one phase (a discard of several cards, noted card by card) share it, where each
# card's pair was a tuple and a boxed id of its own (step 281d); a pair is only compared by value
_noted_pair = cython.declare(tuple, None)
_noted_pid = cython.declare(cython.long, -2)


def _note_discarded(g, who, c, /):
    """甲 (who) put its own card c into the discard pile: its 弃置, in this phase (〖固政〗
    其于此阶段内弃置的牌)."""
    global _noted_pair, _noted_pid
    pf = Turns._phase_frame(g)
    pid: cython.long = pf.id if pf is not None else -1
    if _noted_pair is None or pid != _noted_pid or _noted_pair[0] is not who:
        _noted_pair = (who, pid)
        _noted_pid = pid
    _Sw(g, S_DISCARDED, len(g.cards))[c] = _noted_pair
    return 0


def _forget_discarded(g, c, /):
    """Card c left the discard pile: no one's 弃置 any more."""
    dis = _st(g)[S_DISCARDED]
    if dis is not None and dis[c] is not None:
        _Sw(g, S_DISCARDED)[c] = None
    return 0


def _move_equipment_skills(g, t, c, k0, o0, k, o, /):
    """Equipment card c moved from zone kind k0 (owner o0) to kind k (owner o): its skills are
    revoked from the role whose 装备区 it left and granted to the one whose 装备区 it entered.
    The name's entry by id (t.card_infos, register.finish) and each skill's id read from the
    ruleset's ids (what Ruleset.id_of answers, without its method's call by name: ~1,000
    instructions each, ~130 in the six games)."""
    infos: list = t.card_infos
    info = infos[g.card_name(c)] if infos is not None else t.cards.get(g.card_name(c))
    if info is not None:
        ids_of: dict = g.rs.ids
        for sname in info[4]:
            sid = ids_of[("skill", sname)]
            if _is_equip_kind(k0):
                g.revoke_skill(o0, sid)
            if _is_equip_kind(k):
                g.grant_skill(o, sid)
    return 0


@prim(who="角色")
def draw_same_amount(g, f, strict, who, /):
    """摸等量的牌: as many as the cards of the previous operation (〖制衡〗's 弃置, a term whose
    cards are chosen inside its 移动: found through the frames it pushed)."""
    r, n = f.child, 0
    for _ in range(50):
        if r is None:
            break
        v = _get(r, X_CARDS)
        if v is not None:
            n = len(v)
            break
        r = r.child
    if r is None:
        n = len(_get(f, X_CARDS) or ())
    return draw(g, f, strict, who, n)


# ---- moves of several cards, the deck --------------------------------------------------------


@prim(who="角色", a="牌组", za="区域", b="牌组", zb="区域")
def trigger_move_two(g, f, strict, who, a, za, b, zb, /):
    """ONE 移动 of 乙 to 丙 and 丁 to 戊 (000:158)."""
    ca = Cards._cards_phys(g, a)
    cb = Cards._cards_phys(g, b)
    cid = _T(g).events.get(EV_CARD_MOVE)
    if cid is None:
        raise E.EngineError("the module has no event 移动")
    c = Flow._push_prog(g, f, cid, (who, ca + cb, len(ca) + len(cb), za), f.owner, None)
    x = _sx(c)
    x[X_DEST] = [v for cc in cb for v in (cc, zb)]   # [card, destination, …] (Zones._card_at)
    return _pushed(f)


@prim(actor="角色", cards="牌组", zone="区域")
def trigger_move_face_down(g, f, strict, actor, cards, zone, /):
    cs = Cards._cards_phys(g, cards)
    return Flow._trigger(g, f, strict, EV_CARD_MOVE, (actor, cs, len(cs), zone))


@prim(who="角色", cards="牌组")
def put_face_down(g, f, strict, who, cards, /):
    """〔甲〕扣置〔乙〕 (〖蛊惑〗): 甲 (chooses and) puts the cards face down into the 处理区, by a move
    of this skill's use event (its default move discards them unless they are used, 000:251);
    they are 扣置的牌."""
    if isinstance(cards, Pick):
        cards = Zones._retarget(g, cards, who)
    if Decisions._needs_resolve((cards,)):
        return Decisions._resolve(g, f, "put_face_down", strict, (who, cards), "扣置")
    cs = Cards._cards_phys(g, cards)
    if not cs:
        return _done(f, False)
    _sx(f)[X_CARDS] = tuple(cs)
    return Flow._trigger(g, f, strict, "移动", (who, cs, len(cs), (E.Z_PROCESS, -1)))


@prim(who="角色", cards="牌组")
def put_top_or_bottom(g, f, strict, who, cards, /):
    """〔甲〕将〔乙〕以任意顺序置于牌堆顶或牌堆底: 甲 chooses the cards that go on top and
    their order, then the order of the others at the bottom (OP_ARRANGE)."""
    cs = [c for c in Cards._cards_phys(g, cards) if g.where_kind(c) == Z_DRAW]
    if not cs:
        return _done(f, False)
    return Decisions._helper(g, f, OP_ARRANGE, [cs], who)


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
@prim(who="角色", returns="牌组")
def discarded_this_phase(g, f, who, /):
    """〔甲〕于此阶段内弃置的牌 (〖固政〗): the cards 甲 discarded from its hand or equipment in
    the phase now running, still in the discard pile."""
    s = _st(g)[S_DISCARDED]
    pf = Turns._phase_frame(g)
    if s is None or pf is None:
        return ()
    return tuple([c for c in _zone_cards(g, Z_DISCARD, -1) if s[c] is not None and s[c][0] == who
                  and s[c][1] == pf.id])


# ---- a card of one role's zone into the same zone of another (002:404-411) -----------------------


def _same_zone_of(g, c, p, /):
    """The zone of role p matching where card c lies (its judge zone, or the equipment slot
    of c's kind), or None when c may not be put there (002:405 an occupied or sealed slot;
    002:409 a delayed trick only where the system could use it on p: no card of that name
    in p's judge zone, p a legal target)."""
    k, o = g.where(c)
    if o == p or not g.players[p].alive:
        return None
    if k == E.Z_JUDGE:
        name = Cards._card_name_any(g, Resolving.virtual_card_of(g, _PROBE, c))
        if not Targets._legal(g, NONE, name, p, None):
            return None
        return (E.Z_JUDGE, p)
    if k in EQUIP_ZONES:
        dk, do = _dest_zone(g, c, (ZK_EQUIP, p))
        if _zone_cards(g, dk, do) or (dk, do) in _S(g, S_SEAL):
            return None
        return (ZK_EQUIP, p)
    return None


def _movable_field_cards(g, /):
    out = []
    for o in range(g.n):
        if not g.players[o].alive:
            continue
        for c in list(_zone_cards(g, E.Z_JUDGE, o)) + list(Zones.own_cards(g, _PROBE, o)):
            if g.where_kind(c) == Z_HAND:
                continue
            for p in range(g.n):
                if _same_zone_of(g, c, p) is not None:
                    out.append(c)
                    break
    return tuple(out)


@prim(who="角色")
def move_to_same_zone(g, f, strict, who, /):
    """〔甲〕将一名角色的判定区或装备区里的一张牌置入另一名角色的相同区域 (002:404-411): 甲 chooses
    a card of a judge or equipment zone that some other role's same zone may take, then that
    role; one 移动 puts it there (not a use: 002:405)."""
    cards = _movable_field_cards(g)
    if not cards:
        return _done(f, False)
    return Decisions._resolve(g, f, "_move_to_same_zone_card", strict,
                              (who, Pick("cards", cards, 1, 1, who)), "选择场上的一张牌")


def _move_to_same_zone_card(g, f, strict, who, cs, /):
    cs = Cards._cards_phys(g, cs)
    if not cs:
        return _done(f, False)
    c = cs[0]
    dests = tuple([p for p in range(g.n) if _same_zone_of(g, c, p) is not None])
    if not dests:
        return _done(f, False)
    return Decisions._resolve(g, f, "_move_to_same_zone_dest", strict,
                              (who, c, Pick("players", dests, 1, 1, who)), "选择另一名角色")


def _move_to_same_zone_dest(g, f, strict, who, c, to, /):
    if not isinstance(to, int) or to < 0:
        return _done(f, False)
    z = _same_zone_of(g, c, to)
    if z is None:
        return _done(f, False)
    return _move(g, f, who, (c,), 1, z)


@prim(who="角色", cs="牌组", group="角色组")
def put_into_equip_zone(g, f, strict, who, cs, group, /):
    """〔甲〕将〔乙〕置入一名〔丙〕的装备区 (〖直谏〗): 甲 chooses an equipment card of 乙, then one
    of 丙 whose slot of its kind is empty and unsealed (002:405: not by a use, no replacing);
    one 移动 puts it there."""
    if isinstance(cs, Pick):
        cs = Zones._retarget(g, cs, who)
        ok = tuple([c for c in cs.group if _equip_slot_takers(g, c, group)])
        if not ok:
            return _done(f, False)
        return Decisions._resolve(g, f, "_put_into_equip_zone_card", strict,
                                  (who, Pick("cards", ok, 1, 1, who), group), "选择一张装备牌")
    return _put_into_equip_zone_card(g, f, strict, who, cs, group)


@prim(cs="牌组", group="角色组", returns="真假")
def equip_slot_free_among(g, f, cs, group, /):
    """〔乙〕中有能置入一名〔丙〕的装备区的牌 (002:405): an equipment card of 乙 has an empty,
    unsealed slot of its kind among 丙."""
    cards = cs.group if isinstance(cs, Pick) else Cards._cards_phys(g, cs)
    for c in cards:
        if _equip_slot_takers(g, c, group):
            return True
    return False


def _equip_slot_takers(g, c, group, /):
    out = []
    for p in Roles._group(g, _PROBE, group):
        if not g.players[p].alive or p == g.where(c)[1] and g.where_kind(c) in EQUIP_ZONES:
            continue
        dk, do = _dest_zone(g, c, (ZK_EQUIP, p))
        if dk in EQUIP_ZONES and not _zone_cards(g, dk, do) and (dk, do) not in _S(g, S_SEAL):
            out.append(p)
    return tuple(out)


def _put_into_equip_zone_card(g, f, strict, who, cs, group, /):
    cs = Cards._cards_phys(g, cs)
    if not cs:
        return _done(f, False)
    takers = _equip_slot_takers(g, cs[0], group)
    if not takers:
        return _done(f, False)
    return Decisions._resolve(g, f, "_put_into_equip_zone_dest", strict,
                              (who, cs[0], Pick("players", takers, 1, 1, who)), "选择一名角色")


def _put_into_equip_zone_dest(g, f, strict, who, c, to, /):
    if not isinstance(to, int) or to < 0:
        return _done(f, False)
    _sx(f)[X_CARDS] = (c,)
    return _move(g, f, who, (c,), 1, (ZK_EQUIP, to))


prim(_put_into_equip_zone_card, _put_into_equip_zone_dest)
prim(_move_to_same_zone_card, _move_to_same_zone_dest)
prim(moving_cards, move_destination, choose_move_cards, move_cards)


# step 83's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(give, trigger_move_two, draw_same_amount)
