# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Zones (区域): which cards are where, choosing cards from them, sealed zones.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import typing

import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (EQUIP_ZONES, Frame, Game, Z_ARMOR, Z_DISCARD, Z_DRAW, Z_GENERAL, Z_HAND,
    Z_HORSE_ATK, Z_HORSE_DEF, Z_JUDGE, Z_PROCESS, Z_WEAPON)
from core.prims.base import (
    COLOR_BASE, NONE, Pick, S_LASTPILE, S_PILE, S_REVEALED, S_SEAL, ZK_EQUIP, _const,
    _enclosing, _enclosing_move, alias, new_pick, prim, ZK_GENERAL_DECK)
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import (
        X_CARDS, X_JCARD, X_KEPTEQUIP, X_LASTCARD, _PROBE, _Z_EQUIP_FIRST, _Z_EQUIP_LAST,
        _Z_HAND, _Z_PROCESS, _ZK_EQUIP)
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _st_fast as _st, _S_fast as _S)
else:
    from core.prims.base import _T, _get, _sx, _st, _S
# a zone's live list: compiled, Game.zone_cards in place (zonelist.pxd, step 54)
if cython.compiled:
    from cython.cimports.core.prims.zonelist import zone_cards_fast as _zone_cards
    from cython.cimports.core.prims.tuples import tuple_put, tuple_reversed
    from cython.cimports.cpython.tuple import PyTuple_New
    from cython.cimports.cpython.pyport import PY_SSIZE_T_MAX
else:
    def _zone_cards(g, kind, owner, /):
        return g.zone_cards(kind, owner)
if cython.compiled:   # values.eq_zone_kind's answer in place (core/prims/zonekind.pxd)
    from cython.cimports.core.prims.zonekind import zone_is_kind
if cython.compiled:   # the running move's own record read in place (core/prims/movedzone.pxd)
    from cython.cimports.core.prims.movedzone import origin_kind_in, origin_kind_owned_by
if cython.compiled:   # a small int's value read in place (core/prims/smallint.pxd, step 104)
    from cython.cimports.core.prims.smallint import small_int as _int
    from cython.cimports.core.prims.smallint import one_digit_long
else:
    def _int(v, /):   # a card id, a zone's kind or owner: the value itself
        return v
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
    cards as Cards, decisions as Decisions, moves as Moves, roles as Roles, values as Values)
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, decisions as Decisions, moves as Moves, roles as Roles, values as Values)


# ---- zones -------------------------------------------------------------------------------------


_ZONE_DISCARD = (Z_DISCARD, -1)   # the value of zone_discard, for the rooms


_const("zone_discard", (Z_DISCARD, -1), "弃牌堆", ns=globals(), returns="区域")
_const("zone_processing", (Z_PROCESS, -1), "处理区", ns=globals(), returns="区域")
_const("zone_deck", (Z_DRAW, -1), "牌堆", ns=globals(), returns="区域")
_const("weapon_slot", (Z_WEAPON, -1), "武器区", ns=globals(), returns="区域")
_const("armour_slot", (Z_ARMOR, -1), "防具区", ns=globals(), returns="区域")
_const("offensive_horse_slot", (Z_HORSE_ATK, -1), "进攻坐骑区", ns=globals(), returns="区域")
_const("defensive_horse_slot", (Z_HORSE_DEF, -1), "防御坐骑区", ns=globals(), returns="区域")
# 战棋's one 坐骑区 (001:297): its 坐骑 cards share the 进攻坐骑栏 (EQUIP_SUBTYPE_ZONE "坐骑")
_const("horse_slot", (Z_HORSE_ATK, -1), "坐骑区", ns=globals(), returns="区域")


# zone_hand's answers for the seats below 16, made once (step 199c): a zone is a value, compared
# by value; where a (Z_HAND, who) tuple was made and freed at each ask (~800 in the six games)
_HAND_ZONES = tuple([(Z_HAND, p) for p in range(16)])


@prim(who="角色", returns="区域")
def zone_hand(g, f, who, /):
    if cython.compiled:   # a seat: an int of one digit (anything else, a tuple made as before)
        v: cython.long = -1
        if type(who) is int and one_digit_long(who, cython.address(v)) and 0 <= v < 16:
            return cython.cast(tuple, _HAND_ZONES)[v]
    return (Z_HAND, who)


@prim(who="角色", returns="区域")
def zone_equip(g, f, who, /):
    return (ZK_EQUIP, who)


@prim(who="角色", returns="区域")
def zone_judge(g, f, who, /):
    return (Z_JUDGE, who)


@prim(z="区域", returns="真假")
def is_judge_zone(g, f, z, /):
    return z[0] == Z_JUDGE


@prim(z="区域", returns="真假")
def is_hand_zone(g, f, z, /):
    return z[0] == Z_HAND


@prim(z="区域", returns="角色")
def zone_owner(g, f, z, /):
    return z[1]


@prim(z="区域", returns="牌组")
def cards_in_zone(g, f, z, /):
    zt = z   # a zone value is a tuple (kind, owner): C reads, C ints
    kind = _int(zt[0])
    o = _int(zt[1])
    if kind == _ZK_EQUIP:
        out = []
        for k in range(_Z_EQUIP_FIRST, _Z_EQUIP_LAST + 1):   # EQUIP_ZONES, in order
            out.extend(_zone_cards(g, k, o))
        return tuple(out)
    return tuple(_zone_cards(g, kind, o))


@prim(z="区域", returns="数")
def zone_count(g, f, z, /):
    return len(cards_in_zone(g, f, z))


@prim(who="角色", returns="牌组")
def own_cards(g, f, who, /):
    """甲's hand and equipment cards (one list: not the equipment zone's value and tuple)."""
    p = _int(who)   # a C int (compiled), read in place once, not at each zone
    hand = _zone_cards(g, _Z_HAND, p)
    if cython.compiled:
        # the zones' cards counted, then copied once into a tuple made at that length
        # (tuples.pxd), where the hand's list was copied, extended by the equipment and copied
        # again (step 281c: 1,246 of own_cards' 2,096 calls in the bench's 40 games)
        n: cython.Py_ssize_t = len(hand)
        for k in range(_Z_EQUIP_FIRST, _Z_EQUIP_LAST + 1):   # EQUIP_ZONES, in order
            n += len(_zone_cards(g, k, p))
        if n == len(hand):
            return tuple(hand)
        t: tuple = PyTuple_New(n)
        i: cython.Py_ssize_t = tuple_put(t, 0, hand)
        for k in range(_Z_EQUIP_FIRST, _Z_EQUIP_LAST + 1):
            i = tuple_put(t, i, _zone_cards(g, k, p))
        return t
    # the list only for equipment to put after the hand: a role's equipment zones are most
    # often empty, and the hand's tuple is then made from its list (not a list copied, extended
    # by four zones and copied again: ~1,100 instructions a call in the six games)
    out = None
    for k in range(_Z_EQUIP_FIRST, _Z_EQUIP_LAST + 1):   # EQUIP_ZONES, in order
        z = _zone_cards(g, k, p)
        if len(z) > 0:
            if out is None:
                out = list(hand)
            out.extend(z)
    return tuple(hand) if out is None else tuple(out)


alias("all_cards_of", own_cards, globals())


def _has_own_cards(g, who, /):
    """own_cards(g, f, who) is not empty: its zones looked at in turn, no tuple made (the targets
    of 【顺手牵羊】/【过河拆桥】 ask it of every role, characters_with_cards_in_areas)."""
    if len(_zone_cards(g, _Z_HAND, who)) > 0:
        return True
    for k in range(_Z_EQUIP_FIRST, _Z_EQUIP_LAST + 1):   # own_cards' zones, in its order
        if len(_zone_cards(g, k, who)) > 0:
            return True
    return False


@prim(who="角色", returns="数")
def hand_count(g, f, who, /):
    return len(_zone_cards(g, _Z_HAND, who))


@prim(who="角色", returns="真假")
def no_hand_cards(g, f, who, /):
    return len(_zone_cards(g, _Z_HAND, who)) == 0


@prim(who="角色", returns="真假")
def has_cards(g, f, who, /):
    return _has_own_cards(g, who)


@prim(x="数", returns="牌组")
def deck_top(g, f, x, /):
    """Game.top_cards(x) as a tuple: compiled, made from the pile's list in place, its last x
    cards the last first (tuples.pxd), where top_cards sliced a list, reversed it and the tuple
    copied it (step 281a: ~2,400 calls in the bench's 40 games, ~280 instructions less each)."""
    if cython.compiled:
        n: cython.Py_ssize_t = x
        z: cython.Py_ssize_t = g.zbase[0]
        if len(cython.cast(list, g.zones[z])) < n:
            g.refill_draw()   # as top_cards: once, and the pile read again after (zone_w)
        return tuple_reversed(cython.cast(list, g.zones[z]), n)
    return tuple(g.top_cards(x))


alias("top_of_deck", deck_top, globals())


@prim(c="牌", z="区域", returns="真假")
def card_in_zone(g, f, c, z, /):
    k, o = g.where(c)
    if z[0] == ZK_EQUIP:
        return k in EQUIP_ZONES and o == z[1]
    return k == z[0] and (o == z[1] or not g.rs.zone_per_player[k])


@prim(c="牌", returns="区域")
def move_origin(g, f, c, /):
    """〔牌〕的原区域: recorded by move_cards for the running 移动, else where
    the card is now."""
    ev = f if f.prog == _T(g).ev_move else _enclosing_move(g, f)   # f itself, most often
    return _origin_in(g, ev, c)


@cython.cfunc
def _origin_in(g: Game, ev: typing.Optional[Frame], c, /):
    """move_origin(g, f, c) in f's running 移动 ``ev`` (_enclosing_move(g, f); None: none), found
    once by a caller asking it of several cards (lost_equipment_named, _roles_losing_equipment,
    lost_cards), where move_origin looked for it again at each card (~580 in the six games,
    most of them lost_equipment_named's; step 239c)."""
    if ev is not None:
        origins = _get(ev, X_JCARD)
        if type(origins) is tuple:   # a move of one card: (card, origin) (decision 0129)
            ot = cython.cast(tuple, origins)
            if len(ot) == 2 and (ot[0] is c or ot[0] == c):
                return ot[1]
            return g.where(_int(c))
        if type(origins) is list:
            # the move's first card (a move of one card, most often: the same small int object)
            # answered before _card_at's call and loop
            ol = cython.cast(list, origins)
            if len(ol) >= 2 and ol[0] is c:
                return ol[1]
        i: cython.Py_ssize_t = _card_at(origins, c)
        if i >= 0:
            return cython.cast(list, origins)[i + 1]
    return g.where(_int(c))


def move_origin_kind_is(g, f, c, kind, /):
    """eq(〔牌〕的原区域, a zone no role owns: 弃牌堆, 处理区 …) of a card of the running move, the
    zone's kind a C int: one call where generated code made two (compiler.emit.FUSED_KIND) — the
    move flow asks it of each card moved twice."""
    if cython.compiled:   # f the move itself, its record and the origin read borrowed
        r0: cython.int = origin_kind_in(g, f, c, kind)
        if r0 >= 0:
            return r0 == 1
    z = move_origin(g, f, c)
    if cython.compiled:   # eq_zone_kind in place for a zone of small ints (zonekind.pxd)
        r: cython.int = zone_is_kind(z, kind)
        if r >= 0:
            return r == 1
    return Values.eq_zone_kind(g, f, z, kind)


def _card_at(items, c, /):
    """The index of card c's first entry in ``items``, a move's list of cards each followed by
    its value — their origins (X_JCARD: [card, origin, card, origin …]) or their own
    destinations (X_DEST) —, or -1 (none, or ``items`` is no list). Flat, not a list of
    (card, value) pairs: a pair was a tuple made and freed for each card moved."""
    if type(items) is not list:
        return -1
    ps = items
    for i in range(0, len(ps) - 1, 2):
        cc = ps[i]
        if cc is c or cc == c:   # a card id: the same small int object, most often
            return i
    return -1


@prim(n="数", returns="牌组")
def choose_cards(g, f, n, /):
    """〔X〕张牌: a Pick of n of the implied subject's hand and equipment cards
    (the actor of the operation that uses it, when it is another role)."""
    return new_pick("cards", own_cards(g, f, f.owner), n, n, -1, _SRC_OWN, None)


@prim(n="数", returns="牌组")
def choose_hand_cards(g, f, n, /):
    return new_pick("cards", tuple(_zone_cards(g, _Z_HAND, f.owner)), n, n, -1, _SRC_HAND, None)


@prim(who="角色", cs="牌组", returns="牌组")
def owned_by(g, f, who, cs, /):
    """〔甲〕的〔牌组〕: re-target a card Pick at 甲's cards; the one who chooses
    is the implied subject (the skill's owner)."""
    if isinstance(cs, Pick):
        pk = cs
        if not (isinstance(who, int) and who >= 0):
            return new_pick("cards", (), pk.lo, pk.hi, f.owner, None, None)
        return new_pick("cards", _pick_src(g, pk.src, who), pk.lo, pk.hi, f.owner, None,
                        pk.vname)
    return cs


def _retarget(g, cs, who, /):
    """A Pick of the implied subject's cards used by the operation of ``who``:
    ``who``'s cards, chosen by ``who``."""
    if isinstance(cs, Pick):
        pk = cs
        if pk.src is not None and pk.chooser < 0 and isinstance(who, int) and who >= 0:
            return new_pick(pk.kind, _pick_src(g, pk.src, who), pk.lo, pk.hi, who, pk.src, pk.vname)
    return cs


# ---- choosing and showing cards --------------------------------------------------------------


@prim(who="角色", c="牌", returns="区域")
def zone_equip_slot(g, f, who, c, /):
    return Moves._equip_slot(g, c, who)   # (the zone value (ZK_EQUIP, who) not made)


@prim(group="角色组", returns="角色组")
def all_of(g, f, group, /):
    return Roles._group(g, f, group)


@prim(cs="牌组", returns="牌组")
def remaining_of(g, f, cs, /):
    """〔牌组〕中剩余的牌: those still in the 处理区 (亮出的牌 not taken) or, for
    other groups, not among the cards chosen last."""
    cards = Cards._cards_phys(g, cs)
    proc = [c for c in cards if g.where_kind(_int(c)) == _Z_PROCESS]
    if proc or not cards:
        return tuple(proc)
    chosen = _get(f, X_CARDS) or ()
    return tuple([c for c in cards if c not in chosen])


@prim(cs="牌组", x="数", returns="牌组")
def choose_among(g, f, cs, x, /):
    return new_pick("cards", Cards._cards_phys(g, cs), x, x, -1, None, None)


@prim(cs="牌组", suit="花色", returns="牌组")
def cards_of_suit_among(g, f, cs, suit, /):
    """〔牌组〕中的〔花色〕牌 (〖再起〗 亮出的牌中的红桃牌)."""
    return tuple([c for c in Cards._cards_phys(g, cs) if Cards.phys_suit(g, c) == suit])


@prim(z="区域", cs="牌组", returns="牌组")
def cards_among_in_zone(g, f, z, cs, /):
    """〔区域〕里的〔牌组〕 (〖巨象〗 处理区里的此牌对应的实体牌): those of the cards now in the zone."""
    return tuple([c for c in Cards._cards_phys(g, cs) if card_in_zone(g, f, c, z)])


@prim(x="数", colour="颜色", cat="类别", colour2="颜色", cat2="类别", returns="牌组")
def choose_cards_of_colour_categories(g, f, x, colour, cat, colour2, cat2, /):
    """〔X〕张〔颜色〕的〔类别〕或〔颜色〕的〔类别〕 (〖断粮〗: 黑色的基本牌或黑色的装备牌), of the hand and
    the equipment zone (002:179)."""
    src = (SRC_COLOUR_CATS, ((colour, cat), (colour2, cat2)))
    return new_pick("cards", _pick_src(g, src, f.owner), x, x, -1, src, None)


@prim(x="数", returns="牌组")
def choose_cards_in_areas(g, f, x, /):
    return new_pick("cards", _pick_src(g, _SRC_AREAS, f.owner), x, x, -1, _SRC_AREAS, None)


@prim(x="数", v="花色|颜色", returns="牌组")
def choose_cards_of(g, f, x, v, /):
    """〔X〕张〔颜色/花色〕牌."""
    if v < COLOR_BASE:
        grp = tuple([c for c in own_cards(g, f, f.owner) if Cards.phys_suit(g, c) == v])
        return new_pick("cards", grp, x, x, -1, None, None)
    src = (SRC_COLOR, v)
    return new_pick("cards", _pick_src(g, src, f.owner), x, x, -1, src, None)


@prim(x="数", v="颜色|花色", returns="牌组")
def choose_hand_cards_of(g, f, x, v, /):
    """〔X〕张〔颜色〕手牌 / 〔X〕张〔花色〕手牌 (〖天香〗's 红桃手牌, as the suit rules read it)."""
    src = (SRC_HAND_COLOR, v) if v >= COLOR_BASE else (SRC_SUIT, v)
    return new_pick("cards", _pick_src(g, src, f.owner), x, x, -1, src, None)


@prim(x="数", cat="类别", returns="牌组")
def choose_cards_of_category(g, f, x, cat, /):
    """〔X〕张〔类别〕 (一张装备牌, 一张武器牌): of the hand and the equipment zone (002:179)."""
    src = (SRC_CAT, cat)
    return new_pick("cards", _pick_src(g, src, f.owner), x, x, -1, src, None)


@prim(x="数", colour="颜色", returns="牌组")
def choose_hand_cards_not_of(g, f, x, colour, /):
    """〔X〕张颜色不为〔颜色〕的手牌 (〖双雄〗)."""
    src = (SRC_HAND_NOT_COLOR, colour)
    return new_pick("cards", _pick_src(g, src, f.owner), x, x, -1, src, None)


@prim(x="数", returns="牌组")
def choose_hand_cards_same_suit(g, f, x, /):
    """〔X〕张花色相同的手牌 (〖乱击〗): X hand cards of one suit (the answer is checked by
    _same_suit, the candidates are the cards of a suit with X of them)."""
    src = (SRC_HAND_SAME_SUIT, x)
    return new_pick("cards", _pick_src(g, src, f.owner), x, x, -1, src, None)


@prim(who="角色", returns="牌组")
def areas_cards(g, f, who, /):
    """〔甲〕区域里的所有牌: the cards of 甲's hand, equipment and judge zones (002:78)."""
    return own_cards(g, f, who) + tuple(_zone_cards(g, E.Z_JUDGE, who))


@prim(x="数", name="牌名", returns="牌组")
def choose_named_cards(g, f, x, name, /):
    src = (SRC_NAME, name)
    return new_pick("cards", _pick_src(g, src, f.owner), x, x, -1, src, None)


@prim(x="数", cat="类别", returns="牌组")
def choose_hand_cards_of_category(g, f, x, cat, /):
    """手牌中的〔X〕张〔类别〕 (〖直谏〗: 手牌中的一张装备牌): of the hand only."""
    src = (SRC_HAND_CAT, cat)
    return new_pick("cards", _pick_src(g, src, f.owner), x, x, -1, src, None)


@prim(x="数", n1="牌名", n2="牌名", returns="牌组")
def choose_named_cards_either(g, f, x, n1, n2, /):
    """〔X〕张〔名〕或〔名二〕 (〖黄天〗: 一张【闪】或【闪电】)."""
    src = (SRC_NAMES, (n1, n2))
    return new_pick("cards", _pick_src(g, src, f.owner), x, x, -1, src, None)


@prim(cs="牌组", returns="牌组")
def at_least(g, f, cs, /):
    if isinstance(cs, Pick):
        pk = cs
        return new_pick(pk.kind, pk.group, pk.lo, max(len(pk.group), pk.lo), pk.chooser, pk.src,
                        pk.vname)
    return cs


@prim(who="角色", cs="牌组")
def look_at(g, f, strict, who, cs, /):
    """〔甲〕观看〔乙〕: nothing moves; 这些牌 are these cards."""
    cards = Cards._cards_phys(g, cs)
    _sx(f)[X_CARDS] = cards
    return _done(f, len(cards) > 0)


@prim(who="角色", cs="牌组")
def show_cards(g, f, strict, who, cs, /):
    """〔甲〕展示〔乙〕: 甲 chooses them if still to choose; they are 此牌 /这些牌."""
    if isinstance(cs, Pick):
        cs = _retarget(g, cs, who)
    if Decisions._needs_resolve((cs,)):
        return Decisions._resolve(g, f, "show_cards", strict, (who, cs), "展示")
    cards = Cards._cards_phys(g, cs)
    if not cards:
        return _done(f, False)
    _sx(f)[X_CARDS] = cards
    _sx(f)[X_LASTCARD] = cards[0]
    return _done(f, True)


@prim(who="角色", returns="真假")
def lost_hand_card(g, f, who, /):
    """〔甲〕失去了…手牌 (〖连营〗's 失去最后的手牌): a card of the running move left 甲's hand.
    A C call walking the move's cards (step 272a), where a Python def compared a tuple made for
    each card (~2,070 instructions a call, ~1,565 calls in the bench's 30 games)."""
    ev = _running_move(g, f)
    if ev is None:
        return False
    for c in _moved_cards(ev):
        if _lost_kind(g, ev, c, who) == _Z_HAND:
            return True
    return False


@prim(who="角色", returns="真假")
def lost_cards(g, f, who, /):
    """〔甲〕失去过牌 (000:283 失去牌后❷ is B's only when a card left B's hand or equipment
    zone: 〖屯田〗)."""
    ev = _running_move(g, f)
    if ev is None:
        return False
    for c in _moved_cards(ev):
        k = _lost_kind(g, ev, c, who)
        if k == _Z_HAND or _Z_EQUIP_FIRST <= k <= _Z_EQUIP_LAST:
            return True
    return False


@cython.cfunc
@cython.inline
def _running_move(g: Game, f: Frame, /) -> typing.Optional[Frame]:
    """_enclosing_move(g, f) (move_origin's move), its first two answers in place — f itself, or
    its event: a condition's probe frame's — where each ask called base's (step 272e)."""
    cid: cython.int = _T(g).ev_move
    if f.prog == cid:
        return f
    if f.ev is not None and f.ev.prog == cid:
        return f.ev
    return _enclosing_move(g, f)


@cython.cfunc
@cython.inline
def _moved_cards(ev: Frame, /):
    """moving_cards(g, f) for ev, f's running move its caller found (_enclosing_move): read at
    once, where moving_cards looked for the move again (~150 instructions a call; step 272b)."""
    v = _get(ev, X_CARDS)
    return () if v is None else v


@cython.cfunc
@cython.inline
@cython.exceptval(-2)
def _lost_kind(g: Game, ev: Frame, c, who, /) -> cython.long:
    """The kind of card c's 原区域 in the running move ev (_origin_in) when ``who`` owned it
    there, else -1: the lost-card asks' test of a card. Compiled, the move's record and the
    origin's items read in place (movedzone.pxd, step 272b), where each origin was taken,
    indexed and compared as objects."""
    if cython.compiled:
        r: cython.long = origin_kind_owned_by(g, ev, c, who)
        if r >= -1:
            return r
    z = _origin_in(g, ev, c)
    return _int(z[0]) if z[1] == who else -1


@prim(who="角色", name="牌名", returns="真假")
def lost_equipment_named(g, f, who, name, /):
    """〔甲〕失去的牌中有装备区里的〔名〕 (000:274,524)."""
    ev = _running_move(g, f)
    if ev is None:
        return False
    for c in _moved_cards(ev):
        k = _lost_kind(g, ev, c, who)
        if _Z_EQUIP_FIRST <= k <= _Z_EQUIP_LAST and Cards._kind_ok(g, g.card_name(c), name):
            return True
    return False


@prim(returns="角色组")
def roles_losing_equipment(g, f, /):
    """此次移动中失去装备区里的牌的角色: the living roles, in 所有角色's order, an equipment zone
    of whom is the 原区域 (move_origin) of a card of the running move — the only roles for whom
    the move flow's "若甲的原区域为乙的装备区" holds for some card (002:221). Most moves lose none:
    move_cards says so in X_KEPTEQUIP when every card of 此次移动的牌 has its origin there,
    none an equipment zone (the cards moved are 此次移动的牌 itself, and X_JCARD is theirs)."""
    ev = f if f.prog == _T(g).ev_move else _enclosing_move(g, f)   # f itself, most often
    if ev is not None and type(ev.x) is list:   # the scratch taken once for both slots
        x = cython.cast(list, ev.x)
        if len(x) > X_KEPTEQUIP and len(x) > X_CARDS:
            kept = x[X_KEPTEQUIP]
            if kept is not None and kept is x[X_CARDS]:
                return ()
    return _roles_losing_equipment(g, f)


def _roles_losing_equipment(g, f, /):
    """roles_losing_equipment by its definition: one pass over the cards where the flow's
    roles × cards loop compared each pair."""
    owners = None   # made at the first such card
    ev = f if f.prog == _T(g).ev_move else _enclosing_move(g, f)   # move_origin's, found once
    for c in Moves.moving_cards(g, f):
        z = _origin_in(g, ev, c)
        k: cython.long = z[0]   # a zone from Game.where: (kind, owner), two ints
        if _Z_EQUIP_FIRST <= k <= _Z_EQUIP_LAST:
            if owners is None:
                owners = []
            owners.append(z[1])
    if owners is None:
        return ()
    return tuple([p for p in g.alive_seats() if p in owners])


@prim(who="角色", returns="真假")
def lost_equipment(g, f, who, /):
    ev = _enclosing_move(g, f)
    return ev is not None and any([move_origin(g, f, c)[0] in EQUIP_ZONES
                                   for c in Moves.moving_cards(g, f)])


# ---- judge zones, general cards, sealed zones, equipment -------------------------------------


@prim(who="角色", returns="牌组")
def judge_zone_cards_lifo(g, f, who, /):
    if cython.compiled:   # the tuple made in C from the zone's list (core/prims/tuples.pxd)
        return tuple_reversed(_zone_cards(g, Z_JUDGE, who), PY_SSIZE_T_MAX)   # all of them
    return tuple(reversed(_zone_cards(g, Z_JUDGE, who)))


@prim(who="角色", returns="牌组")
def cards_on_general(g, f, who, /):
    return tuple(_zone_cards(g, Z_GENERAL, who))


# ---- cards on a general (武将牌上) with a name (名称 “创”) ---------------------------------------


@prim(who="角色", returns="区域")
def zone_general(g, f, who, /):
    """〔甲〕的武将牌上: the zone of the cards put on 甲's general."""
    return (E.Z_GENERAL, who)


@prim(name="名称")
def name_general_cards(g, f, strict, name, /):
    """称为〔名称〕 (〖不屈〗: …置于你的武将牌上，称为“创”): the cards just put on a general (those
    on a general without a name) get the name; the last of them is 此〔名称〕."""
    lab = _Sw(g, S_PILE, len(g.cards))
    last = _Sw(g, S_LASTPILE, len(_T(g).pile_names))
    done = False
    for p in range(g.n):
        for c in _zone_cards(g, E.Z_GENERAL, p):
            if lab[c] is None:
                lab[c] = name
                last[name] = c
                done = True
    return _done(f, done)


def forget_general_names(g, cards, /):
    """Cards leaving a general lose their name (called by the move, Moves.move_cards)."""
    s = _st(g)[S_PILE]
    if s is not None:
        for c in cards:
            if isinstance(c, int) and 0 <= c < len(s) and s[c] is not None:
                _Sw(g, S_PILE)[c] = None


@prim(who="角色", name="名称", returns="牌组")
def named_general_cards(g, f, who, name, /):
    """〔甲〕武将牌上的〔名称〕: the cards on 甲's general with that name."""
    lab = _st(g)[S_PILE]
    if lab is None or not (isinstance(who, int) and who >= 0):
        return ()
    return tuple([c for c in _zone_cards(g, E.Z_GENERAL, who) if lab[c] == name])


@prim(who="角色", name="名称", returns="牌组")
def other_named_general_cards(g, f, who, name, /):
    """〔甲〕武将牌上的其他〔名称〕: those but 此〔名称〕."""
    this = this_named_general_card(g, f, name)
    return tuple([c for c in named_general_cards(g, f, who, name) if c != this])


@prim(x="数", name="名称", returns="牌组")
def choose_named_general_cards(g, f, x, name, /):
    """〔X〕张〔名称〕 (〖急袭〗: 将一张“田”当【顺手牵羊】使用): a Pick of X of the chooser's cards on
    its general with that name (never its hand or equipment)."""
    src = (SRC_PILE, name)
    return new_pick("cards", _pick_src(g, src, f.owner), x, x, -1, src, None)


@prim(name="名称", returns="牌")
def this_named_general_card(g, f, name, /):
    """此〔名称〕: the card that got that name last (称为)."""
    last = _st(g)[S_LASTPILE]
    if last is None or last[name] is None:
        return NONE
    return last[name]


_const("zone_general_deck", (ZK_GENERAL_DECK, -1), "武将牌堆", ns=globals(), returns="区域")


@prim(z="区域")
def seal_zone(g, f, strict, z, /):
    if z not in _S(g, S_SEAL):
        _Sw(g, S_SEAL).append(z)
    return _done(f, True)


@prim(z="区域")
def unseal_zone(g, f, strict, z, /):
    if z in _S(g, S_SEAL):
        _Sw(g, S_SEAL).remove(z)
    return _done(f, True)


@prim(slot="区域", group="角色组", returns="角色组")
def slot_not_sealed(g, f, slot, group, /):
    """〔区〕不处于封印状态的〔甲〕."""
    seal = _S(g, S_SEAL)   # a list (or a clone's shared tuple), empty in most games
    if len(seal) == 0:
        # none sealed: the group's own tuple of roles, where a list of them was copied and made
        # a tuple again (step 281b: ~2,500 asks of the usability scan in the bench's 40 games)
        return Roles._regroup(group, Roles._group_keep(g, f, group))
    out = []
    for p in Roles._group_keep(g, f, group):
        if (slot[0], p) not in seal:
            out.append(p)
    return Roles._regroup(group, out)


@prim(returns="牌组")
def revealed_cards(g, f, /):
    """亮出的牌: the cards revealed last that nobody took since (a card a target of
    【五谷丰登】 took is no longer among them): still in the 处理区 (or the 牌堆, before
    亮出 puts them into the 处理区)."""
    v = _st(g)[S_REVEALED]
    if v is None:
        return ()
    return tuple([c for c in v if g.where_kind(_int(c)) == _Z_PROCESS or g.where_kind(_int(c)) == Z_DRAW])


@prim(cs="牌组")
def set_revealed_cards(g, f, strict, cs, /):
    _st(g)[S_REVEALED] = tuple(Cards._cards_phys(g, cs))   # read only: a clone shares it
    return _done(f, True)


@prim(who="角色", cat="类别", returns="牌组")
def equipment_of_category(g, f, who, cat, /):
    """〔角色〕装备区里的〔类别〕牌: the equipment zones' cards in order, those of the category. A
    role's equipment zones are most often empty: nothing made then (the zone's value, the cards'
    list and tuple, the filtered list and its tuple were made at each of ~720 calls of the
    bench's 40 games, ~790 instructions each; step 277d)."""
    p: cython.int = _int(who)
    out = None
    for k in range(_Z_EQUIP_FIRST, _Z_EQUIP_LAST + 1):   # EQUIP_ZONES, in order
        for c in _zone_cards(g, k, p):
            if Cards.card_is(g, f, c, cat):
                if out is None:
                    out = []
                out.append(c)
    return () if out is None else tuple(out)


@prim(who="角色", x="数", cat="类别", returns="牌组")
def choose_equipment_of_category(g, f, who, x, cat, /):
    return new_pick("cards", equipment_of_category(g, f, who, cat), x, x, f.owner, None, None)


@prim(x="数", c="牌", returns="牌组")
def choose_hand_cards_of_suit_of(g, f, x, c, /):
    s = Cards.suit(g, f, c)
    hand = _zone_cards(g, _Z_HAND, f.owner)
    return new_pick("cards", tuple([h for h in hand if s >= 0 and Cards.phys_suit(g, h) == s]), x,
                    x, -1, (SRC_SUIT, s), None)


@prim(group="角色组", sub="牌组", returns="牌组")
def one_each(g, f, group, sub, /):
    """〔角色组〕的各〔牌组〕: one pick of cards of each chosen role."""
    src = _SRC_OWN
    if isinstance(sub, Pick):
        sp = sub
        src = sp.src
    if isinstance(group, Pick):
        gp = group
        return new_pick("each", gp.group, gp.lo, gp.hi, gp.chooser, src, None)
    out = []
    for q in Roles._group(g, f, group):
        out.extend(_pick_src(g, src, q)[:1])
    return tuple(out)


# a card Pick's source (Pick.src): how its group was built from the implied subject's cards, as
# (its kind, the filter's value), so that _pick_src rebuilds it from another role's cards with C
# int compares of the kind. The kinds from SRC_HAND_COLOR on filter the hand cards only
(SRC_OWN, SRC_HAND, SRC_AREAS, SRC_PILE, SRC_COLOR, SRC_NAME, SRC_NAMES, SRC_CAT, SRC_COLOUR_CATS,
 SRC_HAND_COLOR, SRC_SUIT, SRC_HAND_CAT, SRC_HAND_NOT_COLOR, SRC_HAND_SAME_SUIT) = range(14)
_SRC_OWN = (SRC_OWN, None)
_SRC_HAND = (SRC_HAND, None)
_SRC_AREAS = (SRC_AREAS, None)


def _pick_src(g, src, p, /):
    """The cards of role p a Pick built from ``src`` (its SRC_* kind and value; None: p's own
    cards) chooses among."""
    if src is None:
        return own_cards(g, _PROBE, p)
    kind = src[0]
    v = src[1]
    if kind == SRC_OWN:
        return own_cards(g, _PROBE, p)
    if kind == SRC_HAND:
        return tuple(_zone_cards(g, _Z_HAND, p))
    if kind == SRC_AREAS:
        return own_cards(g, _PROBE, p) + tuple(_zone_cards(g, Z_JUDGE, p))
    if kind == SRC_PILE:
        return named_general_cards(g, _PROBE, p, v)
    # the filters from SRC_HAND_COLOR on choose among the hand cards only, the others among
    # the hand and the equipment
    base = tuple(_zone_cards(g, _Z_HAND, p)) if kind >= SRC_HAND_COLOR else own_cards(g, _PROBE, p)
    out = []
    if (kind == SRC_COLOR or kind == SRC_HAND_COLOR or kind == SRC_HAND_NOT_COLOR
            or kind == SRC_SUIT) and type(v) is int:
        # a colour or a suit (~400 cards in the six games): the suit rules asked once and each
        # card's suit or colour a C int compared with v's (Cards._phys_suit_c), where
        # _src_keeps asked the rules and added and compared Python ints at each card (step 239)
        held: cython.bint = Cards._suit_rules_held(g)
        want: cython.long = v if kind == SRC_SUIT else v - COLOR_BASE
        for c in base:
            if kind == SRC_SUIT:
                keep: cython.bint = Cards._phys_suit_c(g, c, held) == want
            elif kind == SRC_HAND_NOT_COLOR:
                keep = Cards._phys_color_c(g, c, held) != want
            else:
                keep = Cards._phys_color_c(g, c, held) == want
            if keep:
                out.append(c)
        return tuple(out)
    for c in base:
        if _src_keeps(g, kind, v, c, base):
            out.append(c)
    return tuple(out)


def _src_keeps(g, kind, v, c, base, /):
    """Card c passes the filter of kind ``kind`` (SRC_*) and value ``v`` among ``base``."""
    if kind == SRC_COLOR or kind == SRC_HAND_COLOR:
        return Cards.phys_color(g, c) + COLOR_BASE == v
    if kind == SRC_SUIT:
        return Cards.phys_suit(g, c) == v
    if kind == SRC_NAME:
        return Cards._kind_ok(g, g.card_name(c), v)
    if kind == SRC_NAMES:
        return Cards._kind_ok(g, g.card_name(c), v[0]) or Cards._kind_ok(g, g.card_name(c), v[1])
    if kind == SRC_CAT or kind == SRC_HAND_CAT:
        return Cards.card_is(g, _PROBE, c, v)
    if kind == SRC_HAND_NOT_COLOR:
        return Cards.phys_color(g, c) + COLOR_BASE != v
    if kind == SRC_COLOUR_CATS:
        return any([Cards.phys_color(g, c) + COLOR_BASE == col and Cards.card_is(g, _PROBE, c, cat)
                    for col, cat in v])
    if kind == SRC_HAND_SAME_SUIT:
        s = Cards.phys_suit(g, c)
        return s >= 0 and len([x for x in base if Cards.phys_suit(g, x) == s]) >= v
    return False


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(move_origin, zone_equip, is_judge_zone, all_of, zone_hand, cards_in_zone, own_cards,
     choose_hand_cards, at_least, lost_equipment_named, slot_not_sealed, judge_zone_cards_lifo,
     zone_judge, deck_top, choose_cards, owned_by, zone_equip_slot, choose_cards_of, one_each,
     roles_losing_equipment)


# step 83's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(revealed_cards, card_in_zone, choose_cards_in_areas, choose_named_cards, choose_among,
     show_cards, cards_on_general)


# step 98b's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(set_revealed_cards, remaining_of, choose_hand_cards_of_suit_of, lost_cards,
     equipment_of_category)


# step 272a's primitive, declared cpdef in the .pxd (Cython drops its @prim decorator)
prim(lost_hand_card)
