# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Cards as values: suits, colours, points, names and categories, virtual cards (000:147-150).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython
from itertools import permutations
from types import MappingProxyType

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (C_NONE, S_NONE, Card, Game, VCard)
if cython.compiled:   # a game's int array read in C (the engine's _ai)
    from cython.cimports.core.engine import _ai
else:
    from core.engine import _ai
from core.prims.base import (
    COLOR_BASE, NAME_AS_PHYSICAL, NONE, NV, Pick, S_VC, V_ALIVE, V_ALLHAND, V_CARDS,
    V_COLOR, V_COUNTERED, V_DMG, V_EXTRA, V_HITS, V_IGNORE, V_INEFF, V_METHOD, V_NAME, V_NODIST,
    V_NORESP, V_POINT, V_SRC, V_SUIT, V_TARGETS, V_TPLUS, V_USER, V_WITH, alias, prim, Q_SUIT)
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import X_CARDS, X_JCARD, _VBASE
if cython.compiled:   # a vanished record's Frozen tuple made in place (core/prims/tuples.pxd)
    from cython.cimports.core.prims.tuples import tuple_of_type, frozen_record
    from cython.cimports.cpython.ref import Py_REFCNT
else:
    def tuple_of_type(t, items, /):
        return t(items)   # the same tuple: tuples.pxd makes it as this call does
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _S_fast as _S, _is_v_fast as _is_v, _rec_fast as _rec,
        _field_fast as _field)
else:
    from core.prims.base import _T, _get, _S, _is_v, _rec, _field
if cython.compiled:   # a root state table to write, read in place (core/prims/statew.pxd, step 114)
    from cython.cimports.core.prims.statew import _Sw_fast as _Sw
else:
    from core.prims.base import _Sw
# a card id's value read in place (core/prims/smallint.pxd, step 104); uncompiled, the id itself
if cython.compiled:
    from cython.cimports.core.prims.smallint import small_int as _name_card_id
else:
    def _name_card_id(v, /):
        return v
# a virtual card's name and cards read borrowed (_card_name_of, _cards_phys): a list's item in
# place (fast.pxd) and an int's value of one digit (smallint.pxd)
if cython.compiled:
    from cython.cimports.cpython.object import PyObject
    from cython.cimports.core.prims.fast import _list_item
    from cython.cimports.core.prims.smallint import one_digit_long
else:
    PyObject = object   # (_vcard_field_at's annotation: a C type compiled)
# a category compared with a name: compiled, in C (core/prims/streq.pxd, step 134)
if cython.compiled:
    from cython.cimports.core.prims.streq import str_eq as _str_eq
else:
    def _str_eq(a, b, /):
        """a == b as a truth value (streq.pxd tells most strs apart by length or first
        character before comparing them as Python does)."""
        return a == b
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import decisions as Decisions, moves as Moves, status as Status
if cython.compiled:
    from cython.cimports.core.prims import decisions as Decisions, moves as Moves, status as Status


# ---- cards: values ---------------------------------------------------------------------------


# the one-card groups (c,) of the card ids below 256 (a deck's physical cards), made once, as
# roles' _SOLO: where each was a tuple made and freed (~3,600 in the bench's 40 games: a card as
# a group, the card a use put into the 处理区; step 285c). A tuple cannot change, so one answer
# may be given many times
_ONE = cython.declare(tuple, tuple([(i,) for i in range(256)]))


@cython.wraparound(False)   # w tested in range
def _one_card(c, /):
    """(c,): the kept tuple when c is an int (not a bool) below 256, not negative."""
    if type(c) is int:
        if cython.compiled:   # its value read in place when it is an int of one digit
            # (smallint.pxd): a larger one (a value's 2 ** 70) is no id of the table, not a C long
            w: cython.long = -1
            if one_digit_long(c, cython.address(w)) and 0 <= w < 256:
                return _ONE[w]
        elif 0 <= c < 256:
            return _ONE[c]
    return (c,)


def _cards(g, f, v, /):
    if v is None:
        return ()
    if isinstance(v, int):
        return _one_card(v) if v >= 0 else ()
    if isinstance(v, VCard):
        return v.cards
    if isinstance(v, Pick):
        pk = v
        return pk.group
    return tuple(v)


def phys_suit(g, c, /):
    """The suit of physical card c as the rules read it: printed, unless a status rule makes
    its holder's cards of that suit count as another (〖红颜〗, 000:338; 002:183: the cards of
    the hand and the equipment zone and the judge card). Every suit the rules read is read
    here (docs/language.md); nothing is asked when no such rule is in the game."""
    return _phys_suit_c(g, c, _suit_rules_held(g))


def _phys_suit_c(g, c, held, /):
    """phys_suit's answer as a C int, ``held`` being _suit_rules_held(g): asked once by a caller
    reading several cards or a card's suit and colour (_new_vcard, _cards_color, zones'
    _pick_src), where each phys_suit and phys_color asked the rules again (step 239). The
    printed suit is read in place (its Card's C int), where Game.card_suit boxed it."""
    i: cython.Py_ssize_t = _name_card_id(c)   # the id a C int, read in place
    s: cython.int
    if 0 <= i < len(g.cards):
        s = cython.cast(Card, g.cards[i]).suit
    else:
        s = g.card_suit(c)   # no card's id: as Game.card_suit answers it (or raises)
    if not held:
        return s
    who = _suit_holder(g, c)
    if who < 0:
        return s
    v = Status._query(g, Q_SUIT, c, who, s)
    return s if v == 0 else v - 1


def _phys_color_c(g, c, held, /):
    """phys_color's answer as a C int (_phys_suit_c): the colour of the suit the rules read,
    which is Game.card_color's printed one when no suit rule is held."""
    return _suit_color_c(_phys_suit_c(g, c, held))


# a suit's colour (E.suit_color) by suit, for the suits a card has (0-3): compiled, each a C int
# read in place (_suit_color_c) where a call of the engine's answered a Python int
_SUIT_COLORS = cython.declare(tuple, tuple([E.suit_color(s) for s in range(4)]))


@cython.cfunc
@cython.inline
def _suit_color_c(s: cython.int, /) -> cython.int:
    """E.suit_color(s) as a C int, from its table (_SUIT_COLORS) for a card's suits."""
    if 0 <= s < 4:
        return _name_card_id(_SUIT_COLORS[s])
    return E.suit_color(s)


def _suit_rules_held(g, /):
    """Somebody holds a status rule that changes suits (one list read per such rule)."""
    for sid in _T(g).suit_rules:
        if cython.compiled:   # the holders' count read in place (engine._ai: a call across modules)
            if g.holders.data.as_ints[sid] > 0:
                return True
        elif _ai(g.holders, sid) > 0:
            return True
    return False


def phys_color(g, c, /):
    """The colour of physical card c, from its suit as the rules read it (phys_suit)."""
    return _phys_color_c(g, c, _suit_rules_held(g))


def _suit_holder(g, c, /):
    """Whose card c is for a rule about "your cards" (002:183): the role whose hand or
    equipment zone holds it, or whose judge card it is (in the 处理区); else -1 (the cards of
    a 判定区 are not a role's 牌, 002:179)."""
    kind, owner = g.where(c)
    if kind == E.Z_HAND or kind in E.EQUIP_ZONES:
        return owner
    if kind == E.Z_PROCESS:
        ev = _T(g).events.get("判定", -2)
        st = g.stack
        for i in range(len(st) - 1, -1, -1):
            fr = st[i]
            if fr.prog == ev and _get(fr, X_JCARD) == c:
                return fr.slots[0] if fr.slots else -1
    return -1


@prim(c="牌", returns="花色")
def suit(g, f, c, /):
    if isinstance(c, VCard):
        return g.vcard_suit(c) if len(c.cards) != 1 else phys_suit(g, c.cards[0])
    if _is_v(c):
        return _field(_rec(g, c), V_SUIT)
    if not isinstance(c, int) or c < 0:
        return S_NONE
    return phys_suit(g, c)


alias("suit_of", suit, globals())


def _color1(g, c, /):
    if isinstance(c, VCard):
        return _cards_color(g, c.cards)
    if _is_v(c):
        return _field(_rec(g, c), V_COLOR)
    if not isinstance(c, int) or c < 0:
        return C_NONE
    return phys_color(g, c)


def _cards_color(g, cards, /):
    """The common colour of physical cards (000:116), none when they differ or there are none."""
    if len(cards) == 0:
        return C_NONE
    held: cython.bint = _suit_rules_held(g)   # asked once for all the cards (step 239)
    col: cython.int = _phys_color_c(g, cards[0], held)
    for x in cards:
        if _phys_color_c(g, x, held) != col:
            return C_NONE
    return col


@prim(cs="牌组", returns="颜色")
def color(g, f, cs, /):
    """〔牌组〕的颜色: COLOR_BASE + the common colour, or -1."""
    if isinstance(cs, int) or isinstance(cs, VCard):
        col = _color1(g, cs)
    else:
        cards = _cards(g, f, cs)
        if not cards:
            return C_NONE
        col = _color1(g, cards[0])
        for c in cards:
            if _color1(g, c) != col:
                col = C_NONE
    return COLOR_BASE + col if col >= 0 else C_NONE


@prim(cs="牌组", returns="真假")
def same_color(g, f, cs, /):
    return color(g, f, cs) != C_NONE


@prim(c="牌", returns="数")
def point_of(g, f, c, /):
    if isinstance(c, VCard):
        return g.vcard_point(c)
    if _is_v(c):
        return _field(_rec(g, c), V_POINT)
    if not isinstance(c, int) or c < 0:
        return 0
    return g.card_point(c)


@prim(c="牌", cs="牌组", returns="真假")
def points_all_differ(g, f, c, cs, /):
    """〔牌〕的点数与〔牌组〕的点数均不同 (〖不屈〗)."""
    p = point_of(g, f, c)
    for x in _cards(g, f, cs):
        if x != c and point_of(g, f, x) == p:
            return False
    return True


@prim(c="牌", s="花色", returns="真假")
def suit_differs(g, f, c, s, /):
    """〔牌〕不为〔花色〕."""
    return suit(g, f, c) != s


@prim(a="花色", b="花色", returns="真假")
def differ(g, f, a, b, /):
    return a != b


def _card_name(g, c, /):
    return _card_name_any(g, c)


def _name_cat(g, name, v, /):
    # a name id's entry from the tables' list by a C index, as _card_info reads it, where the
    # dict's lookup by an int key was ~110 instructions (~340 asks in the six games); the dict
    # for anything else
    t = _T(g)
    infos: list = t.card_infos
    i: cython.Py_ssize_t = -1
    if type(name) is int and infos is not None:
        i = _name_card_id(name)   # the id a C int, read in place
    if 0 <= i < len(infos):
        info: tuple = infos[i]   # a tuple (register.finish), read by a C index
    else:
        info = t.cards.get(name)
    return info is not None and (_str_eq(info[0], v) or _str_eq(info[1], v) or
                                 (_str_eq(v, "锦囊牌") and _str_eq(info[0], "锦囊")) or
                                 (_str_eq(v, "坐骑") and info[1] in ("进攻坐骑", "防御坐骑")))


@prim(c="牌", v="类别|花色|颜色", returns="真假")
def card_is(g, f, c, v, /):
    """〔牌〕为〔颜色/花色/类别〕: a category (str, or ("非转化", category)), a
    colour (>= COLOR_BASE) or a suit (0-3)."""
    if c is None or (isinstance(c, tuple) and len(c) == 0):
        return False
    if isinstance(v, tuple):
        if not card_is(g, f, c, v[1]):
            return False
        if _is_v(c):
            r = _rec(g, c)
            return len(r[V_CARDS]) == 1 and g.card_name(r[V_CARDS][0]) == r[V_NAME]
        return True
    if isinstance(v, str):
        return _name_cat(g, _card_name(g, c), v)
    if v >= COLOR_BASE:
        col = _color1(g, c)
        return col >= 0 and col + COLOR_BASE == v
    return suit(g, f, c) == v


@prim(name="牌名", cat="类别", returns="真假")
def name_is_category(g, f, name, cat, /):
    """〔牌名〕为〔类别〕 (〖蛊惑〗: 此牌名为基本牌)."""
    if isinstance(name, int) and name < -1:
        name = -2 - name   # 普【名】
    return isinstance(cat, str) and _name_cat(g, name, cat)


@prim(c="牌", v="颜色|花色|类别", returns="真假")
def card_is_not(g, f, c, v, /):
    return not card_is(g, f, c, v)


@prim(c="牌", name="牌名", returns="真假")
def card_name_is(g, f, c, name, /):
    """〔牌〕为〔牌名〕: 火/雷【杀】 are 【杀】 (the kinds, finish())."""
    if c is None or (isinstance(c, tuple) and len(c) == 0):
        return False
    return _kind_ok(g, _card_name(g, c), name)


@prim(c="牌", group="牌组", returns="真假")
def card_in(g, f, c, group, /):
    return c in _cards(g, f, group)


@prim(cs="牌组", returns="数")
def count_cards(g, f, cs, /):
    """〔牌组〕的张数 (a Pick still to be chosen: the number to choose)."""
    if type(cs) is tuple:
        # cards as a tuple (most asks: a move's, a use's): their number read in place, where
        # _cards was a call answering the same tuple and len a call on an object
        return len(cython.cast(tuple, cs))
    if isinstance(cs, Pick):
        pk = cs
        return pk.lo
    return len(_cards(g, f, cs))


def _candidates(g, f, v, /):
    """How many candidates a choice has: a choice of cards leaves out the equipment no role may
    operate now (002:27; in a skill's condition, the equipment giving it: Moves.equipment_busy)."""
    if not _str_eq(v.kind, "cards") or not Moves._may_be_busy(g, v.group):
        return len(v.group)   # no card of it is equipment no role may operate
    busy = Moves.equipment_busy(g, f)
    if not busy:
        return len(v.group)
    return len([c for c in v.group if c not in busy])


def _enough(g, f, v, need, /):
    """_candidates(g, f, v) >= need: a choice of cards of which ``need`` lie outside the
    equipment zones (Moves._free_at_least) has them whatever equipment is busy, which is then not
    read — in a conversion skill's condition, the equipment the use needs is not computed
    (Usable._Needed: 〖武圣〗 with a red hand card; step 86b)."""
    if _str_eq(v.kind, "cards") and Moves._free_at_least(g, v.group, need):
        return True
    return _candidates(g, f, v) >= need


def _objects_exist(g, f, vals, /):
    """The cards an optional skill's 可 clause acts on exist (compiler lower.skill_needs; ``vals``
    a tuple, as for the three checks below: a C call from generated code, compiler emit.PACKED):
    a choice has enough candidates (its cost paid whole, 002:418: 〖贯石斧〗 with one card
    besides the 【贯石斧】 is not offered), a card value is a card, a set of cards is not empty."""
    for v in vals:
        if isinstance(v, Pick):
            pk = v
            if not _enough(g, f, pk, max(pk.lo, 1)):
                return False
        elif len(_cards(g, f, v)) == 0:
            return False
    return True



def _orders_exist(g, f, guard, vals, /):
    """The roles an optional skill chooses in order (its effect reads 先选择的/后选择的角色:
    Decisions.order_matters) exist (_roles_exist) and can be chosen in an order for which
    ``guard`` holds: 〖离间〗 is not offered when neither man could use the 【决斗】 on the other
    (000:79). ``vals`` one tuple (a C call from generated code, compiler emit.PACKED: step
    273b), asked in _roles_exist's place (compiler lower.skill_needs: step 273i)."""
    if not _roles_exist(g, f, vals):
        return False
    for v in vals:
        if isinstance(v, Pick) and _str_eq(v.kind, "players"):
            pk = v
            ok = False
            for k in range(max(pk.lo, 1), min(pk.hi, len(pk.group)) + 1):
                for order in permutations(pk.group, k):
                    if Decisions.order_holds(g, f, guard, order):
                        ok = True
                        break
                if ok:
                    break
            if not ok:
                return False
    return True


prim(_orders_exist)


@prim(name="牌名", returns="牌")
def card_named(g, f, name, /):
    """A card of that name that is not made (no physical card, no record): what a guard reads
    for a card its effect will make (无对应的实体牌的【决斗】, compiler lower.order_guard)."""
    return VCard(name, ())


def _roles_exist(g, f, vals, /):
    """The roles an optional skill chooses or names as a group (its 可 clause, its first
    effect) exist (compiler lower.skill_needs): a choice has enough candidates, a group of
    roles is not empty (〖激将〗 without another 蜀 role); a single role is not checked."""
    for v in vals:
        if isinstance(v, Pick):
            if _str_eq(v.kind, "players") and len(v.group) < max(v.lo, 1):
                return False
        elif isinstance(v, tuple) and len(v) == 0:
            return False
    return True



def _choices_exist(g, f, vals, /):
    """What the first effect of an optional skill still has to choose (cards or roles) has
    enough candidates (compiler lower.skill_needs: 〖突袭〗 when no other role has a hand)."""
    for v in vals:
        if isinstance(v, Pick) and not _enough(g, f, v, max(v.lo, 1)):
            return False
    return True



def _actors_alive(g, f, vals, /):
    """The roles who must act in an optional skill's effect (compiler lower.choice_actor: the
    chooser of its 选择一项) are alive roles: 〖刚烈〗 needs a source (002:208, 002:238)."""
    for v in vals:
        if not (isinstance(v, int) and 0 <= v < g.n and g.players[v].alive):
            return False
    return True



@prim(c="牌", returns="牌组")
def physical_cards(g, f, c, /):
    # an int (a card: ~1,200 of the ~1,250 asks in the six games) is no Pick, answered without
    # the subtype test's walk of int's bases
    if type(c) is not int:
        if isinstance(c, Pick):
            return c
    elif cython.compiled:
        # a virtual card's (此牌对应的实体牌: each ask in the six games) tuple read here, where
        # _cards_phys was a call that read it the same way (step 262c)
        i: cython.Py_ssize_t = _name_card_id(c)
        if i >= _VBASE:
            p: cython.pointer(PyObject) = _vcard_cards(g, i)
            if p != cython.NULL:
                return cython.cast(object, p)
    return _cards_phys(g, c)


@prim(returns="牌组")
def these_cards(g, f, /):
    v = _get(f, X_CARDS)
    return () if v is None else v


# ---- categories ------------------------------------------------------------------------------


def _card_info(g, c, /):
    """The entry registered for c's name, or None. The names registered are ids >= 0: a card of
    no name (-1: NONE, some of the move flow's 若甲对应的虚拟牌为延时锦囊牌) has none, answered
    before the name's call and the table's lookup."""
    t = _T(g)
    infos: list = t.card_infos
    if type(c) is int:
        # the card's name read here as _card_name_any reads it, the id a C int read in place
        # (~4,000 asks in the six games, most of a virtual card: is_delayed_trick's of the move
        # flow), where _card_name_any was a call; a physical card's entry by its Card's name id,
        # a C int (not boxed by g.card_name)
        i = _name_card_id(c)
        if i >= _VBASE:
            n = _field(_rec(g, i), V_NAME)
        elif 0 <= i < len(g.cards):
            nm = cython.cast(Card, g.cards[i]).name
            if infos is not None and 0 <= nm < len(infos):
                return infos[nm]
            n = nm
        else:
            return None   # -1 (NONE) or no card: no name
    else:
        n = _card_name_any(g, c)
    if n == -1:
        return None
    # by name id from the tables' list (register.finish): a C index where the dict's lookup by
    # an int key was ~110 instructions (~2,800 in the six games of `sgs bench --what
    # instructions`); the dict for anything else (a name not an id, tables not finished)
    if type(n) is int and infos is not None:
        i = n
        if 0 <= i < len(infos):
            return infos[i]
    return t.cards.get(n)


@cython.cfunc
@cython.inline
def _card_name_of(g: Game, c, /) -> cython.Py_ssize_t:
    """The name id of card c read in place (a virtual card's record, a physical card's Card), as
    _card_info reads it: -2 for NONE or no card's id (no name, no entry: of no category), -1 for
    what it does not read (not an exact int, a name that is no id), which _card_info answers."""
    if type(c) is not int:
        return -1
    h: cython.Py_ssize_t = _name_card_id(c)
    if h < 0:
        return -2   # NONE (or no card): no name, no entry
    if h >= _VBASE:
        if cython.compiled:
            # the record's name read borrowed (fast.pxd's _list_item: the root state's list of
            # records, the record, its field) and its value in place (one_digit_long), where the
            # record and the name were each taken into a local and dropped (~1,900 asks of a
            # virtual card in the six games: is_delayed_trick's, is_equipment's and
            # is_faction_trick's); anything else (a frozen record …) is read as below
            np: cython.pointer(PyObject) = _vcard_field_at(g, h, V_NAME)
            v: cython.long
            if np != cython.NULL and type(cython.cast(object, np)) is int \
                    and one_digit_long(cython.cast(object, np), cython.address(v)):
                return v if v >= 0 else -1
        n = _field(_rec(g, h), V_NAME)
        if type(n) is int:
            k: cython.Py_ssize_t = _name_card_id(n)
            if k >= 0:
                return k
        return -1
    if cython.compiled:   # the Card borrowed (step 262e): the move flow's is_faction_trick
        cp: cython.pointer(PyObject) = _list_item(cython.cast(cython.pointer(PyObject), g.cards), h)
        if cp != cython.NULL and type(cython.cast(object, cp)) is Card:
            return cython.cast(Card, cp).name
    if h < len(g.cards):
        return cython.cast(Card, g.cards[h]).name
    return -2


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)   # raises nothing: NULL is "not read in place", not an error
def _vcard_field_at(g: Game, h: cython.Py_ssize_t, k: cython.Py_ssize_t,
                    /) -> cython.pointer(PyObject):
    """Compiled only: field k of virtual card h's live record (h >= VBASE), borrowed, or NULL
    where the root state's list of records, the record (a list) or its field is not there."""
    vs: cython.pointer(PyObject) = _list_item(
        cython.cast(cython.pointer(PyObject), g.root_state), S_VC)
    if vs != cython.NULL:
        r: cython.pointer(PyObject) = _list_item(vs, h - _VBASE)
        if r != cython.NULL:
            return _list_item(r, k)
    return cython.NULL


# a card name's categories the move and use flows test by id (_cat_flags: is_equipment's and
# is_faction_trick's ~1,400 asks in the six games), where each read the name's entry and
# compared its strs (str_eq) — "no string compares in the core loop"
_CF_EQUIP = cython.declare(cython.int, 1)     # the entry's category is 装备
_CF_FACTION = cython.declare(cython.int, 2)   # its subcategory is 势力锦囊
_CF_DELAYED = cython.declare(cython.int, 4)   # its subcategory is 延时锦囊 (step 262a)
# the tables' list of entries by name id (register.finish's card_infos: every game's tables of a
# rulebook share it, and it no longer changes) the flags were made of, and the flags by name id
_cf_infos = cython.declare(object, None)
_cf_flags = cython.declare(bytearray, None)
if cython.compiled:   # the flags' bytes and count, read in place by _kind_byte (step 262a)
    from cython.cimports.core.prims.base import Rules
    from cython.cimports.cpython.bytearray import PyByteArray_AS_STRING
    _cf_at = cython.declare(cython.p_uchar, cython.NULL)
    _cf_n = cython.declare(cython.Py_ssize_t, 0)


@cython.cfunc
@cython.inline
def _cat_flags(g: Game, /) -> bytearray:
    """The category flags by card name id of g's tables (None before register.finish): made at
    the first ask of a rulebook's entries, then read while the same list is asked."""
    infos = _T(g).card_infos
    if infos is _cf_infos:
        return _cf_flags
    return _cat_flags_made(infos)   # out of line: a new rulebook (or None: not finished)


@cython.cfunc
def _cat_flags_made(infos, /) -> bytearray:
    """_cat_flags of a list of entries not asked before: each entry's category and subcategory
    compared as _card_info's readers compared them, once."""
    global _cf_infos, _cf_flags
    if infos is None:
        return None   # the tables not finished: the entries answer (not kept)
    b = bytearray(len(infos))
    for i in range(len(infos)):
        e = infos[i]
        if e is not None:
            b[i] = ((_CF_EQUIP if e[0] == "装备" else 0) | (_CF_FACTION if e[1] == "势力锦囊" else 0)
                    | (_CF_DELAYED if e[1] == "延时锦囊" else 0))
    _cf_infos = infos
    _cf_flags = b
    if cython.compiled:
        global _cf_at, _cf_n
        _cf_at = cython.cast(cython.p_uchar, PyByteArray_AS_STRING(b))
        _cf_n = len(b)
    return b


def cat_flags(g, /):
    """_cat_flags as a Python function (tests/runtime/test_card_categories.py)."""
    return _cat_flags(g)


@cython.cfunc
@cython.inline
def _has_cat(g: Game, c, flag: cython.int, /) -> cython.int:
    """Card c's name has category flag ``flag`` (_cat_flags): 1 or 0, or -1 when it is not read
    by id (not an int, a name past the flags, the tables not finished): its entry answers."""
    k: cython.Py_ssize_t = _card_name_of(g, c)
    if k == -2:
        return 0
    if k >= 0:
        if cython.compiled:
            a: cython.int = _kind_byte(g, k)
            if a >= 0:
                return 1 if (a & flag) != 0 else 0
        b: bytearray = _cat_flags(g)
        if b is not None and k < len(b):
            return 1 if (b[k] & flag) != 0 else 0
    return -1


@cython.cfunc
@cython.inline
@cython.nonecheck(False)
@cython.exceptval(check=False)
def _kind_byte(g: Game, k: cython.Py_ssize_t, /) -> cython.int:
    """Compiled only (step 262a): the flags (_cat_flags) of card name id k >= 0 read in place,
    the tables borrowed and the flags' bytes by their pointer, when g's ruleset is exactly a Rules
    and its tables' entries are those the flags were made of; -1 otherwise (_cat_flags answers).
    Each ask took and dropped the tables and the flags (or the delayed flags) as references."""
    if k < _cf_n and type(g.rs) is Rules:
        tb = cython.cast(cython.pointer(PyObject), cython.cast(Rules, g.rs).sgs)
        if tb != cython.cast(cython.pointer(PyObject), None) \
                and cython.cast(Tables, tb).card_infos is _cf_infos:
            return _cf_at[k]
    return -1


@prim(c="牌", returns="真假")
def is_equipment(g, f, c, /):
    a: cython.int = _has_cat(g, c, _CF_EQUIP)   # by name id, no str compared
    if a >= 0:
        return a != 0
    i: tuple = _card_info(g, c)   # the card's entry (a tuple), read by a C index
    return i is not None and _str_eq(i[0], "装备")


@prim(c="牌", returns="真假")
def is_delayed_trick(g, f, c, /):
    # NONE (-1) answered before _card_info's call: the move flow asks this of each moved card's
    # virtual card (若甲对应的虚拟牌为延时锦囊牌), NONE for most physical cards. A card's name id
    # read in place (_card_name_of) and answered by the tables' flag per name id (delayed_names,
    # register.finish: targets._delayed_in of its entry, what _card_info's entry and its
    # category's compare answer) — ~1,430 asks in the six games, most of a virtual card, where
    # the entry's read and str_eq of its category were ~60
    k: cython.Py_ssize_t = _card_name_of(g, c)
    if k == -2:
        return False   # NONE (or no card): no name, no entry
    if k >= 0:
        if cython.compiled:   # the category flags' byte in place (step 262a)
            a: cython.int = _kind_byte(g, k)
            if a >= 0:
                return (a & _CF_DELAYED) != 0
        d: bytearray = _T(g).delayed_names
        if d is not None and k < len(d):
            return d[k] != 0
    i: tuple = _card_info(g, c)   # the card's entry (a tuple), read by a C index
    return i is not None and _str_eq(i[1], "延时锦囊")


def card_kinds(g, f, c, /):
    """Card c's kinds as bits: _CF_EQUIP when is_equipment answers True, _CF_DELAYED when
    is_delayed_trick does (step 271a). A program asks it once for a pair of kind tests of one card
    with nothing run between them (compiler/programflow.py's kind_pairs): the name id read once."""
    k: cython.Py_ssize_t = _card_name_of(g, c)
    if k == -2:
        return 0   # NONE (or no card): of no kind
    if cython.compiled and k >= 0:
        a: cython.int = _kind_byte(g, k)
        if a >= 0:
            return a & (_CF_EQUIP | _CF_DELAYED)
    return (_CF_EQUIP if is_equipment(g, f, c) else 0) | \
        (_CF_DELAYED if is_delayed_trick(g, f, c) else 0)


@prim(c="牌", returns="真假")
def is_faction_trick(g, f, c, /):
    a: cython.int = _has_cat(g, c, _CF_FACTION)   # by name id, no str compared
    if a >= 0:
        return a != 0
    i: tuple = _card_info(g, c)   # the card's entry (a tuple), read by a C index
    return i is not None and _str_eq(i[1], "势力锦囊")


# ---- virtual cards ---------------------------------------------------------------------------


# the fields of a virtual card's record in _new_vcard's order: base's V_* indices, checked here
_VREC_ORDER = (V_NAME, V_CARDS, V_SUIT, V_COLOR, V_POINT, V_USER, V_TARGETS, V_METHOD, V_ALIVE,
               V_INEFF, V_COUNTERED, V_HITS, V_EXTRA, V_NORESP, V_TPLUS, V_DMG, V_IGNORE, V_ALLHAND,
               V_WITH, V_NODIST, V_SRC)
if _VREC_ORDER != tuple(range(NV)):
    raise AssertionError("a virtual card's record fields are not V_NAME … V_SRC in order: %r"
                         % (_VREC_ORDER,))


# the constants _new_vcard and _frozen read, as C globals of this room (compiled): no module
# global's lookup at each of ~380 new records and ~370 frozen ones in the six games
_NAME_AS_PHYS = cython.declare(object, NAME_AS_PHYSICAL)
_S_NONE = cython.declare(object, S_NONE)
_C_NONE = cython.declare(object, C_NONE)


def _new_vcard(g, name, cards=(), user=NONE, /):
    # compiled, a card name's id (most) read once in C: none of the name's tests below answers
    # it, where each compared it as an object (step 265c)
    nid: cython.bint = (cython.compiled and type(name) is int
                        and 0 <= _name_card_id(name) < _VBASE)
    if not nid:
        if isinstance(name, VCard):
            cards = name.cards
            name = name.name
        if isinstance(name, int) and _NAME_AS_PHYS < name <= -2:
            name = -2 - name  # a card made as 普【杀】 is a 【杀】
        if _is_v(name):
            name = _field(_rec(g, name), V_NAME)
    # the physical cards, a tuple already (not copied through a list: immutable), its length
    # read in C
    cs: tuple = _cards_phys(g, cards)
    if not nid and name == _NAME_AS_PHYS:
        name = g.card_name(cs[0]) if cs else -1
    # 000:114-121: information from the physical cards
    if len(cs) == 1:
        # the suit as the rules read it, the suit rules asked once (_phys_suit_c), its colour
        # phys_color's (the colour of that suit), where phys_suit and phys_color each asked them
        s1: cython.int = _phys_suit_c(g, cs[0], _suit_rules_held(g))
        suit, color, point = s1, _suit_color_c(s1), g.card_point(cs[0])
    elif len(cs) > 1:
        suit, color, point = _S_NONE, _cards_color(g, cs), 0
    else:
        suit, color, point = _S_NONE, _C_NONE, 0
    # the record at once, in the order of base's V_* indices (_VREC_ORDER): ~20 stores at
    # Python-object indices were ~120 instructions each. Its seven list fields (the targets,
    # 无效, 抵消, the hits …) hold () until a writer makes the list (resolving._list_field,
    # docs/decisions/0118): most cards never have most of them (seven lists made, then freed
    # or frozen, at each of ~380 cards in the six games); 同时选择's choices (V_WITH) the shared
    # empty mapping until in_use._set_with makes the dict (docs/decisions/0156: a dict made and
    # freed at each card, ~3 of ~376 ever written)
    r = [name, cs, suit, color, point, user, (), 0, True, (), (), (), (), (), 0, 0, (), -1,
         _NO_WITH_C, None, None]
    lst: list = _Sw(g, S_VC)   # a clone may share the records (base._share_tables)
    lst.append(r)
    # the handle computed in C (VBASE + len(lst) - 1 boxed the length, then made an int of the
    # sum and another of the difference: step 191); compiled, boxed once for every game (step
    # 265a: _HANDLES)
    k: cython.Py_ssize_t = len(lst) - 1
    if cython.compiled and k < len(_HANDLES):
        return _HANDLES[k]
    return _handle_boxed(k)


@cython.cfunc
def _handle_boxed(k: cython.Py_ssize_t, /):
    """VBASE + k, boxed; compiled, kept in _HANDLES with every handle below it (up to
    _HANDLES_MAX places) for the games after."""
    if cython.compiled and k < _HANDLES_MAX:
        while len(_HANDLES) <= k:
            _HANDLES.append(_VBASE + len(_HANDLES))
        return _HANDLES[k]
    return _VBASE + k


class Frozen(tuple):
    """A record nothing writes any more, immutable all the way down: a clone shares it as it is
    (core/clone.py shares what it does not know), without looking inside."""
    __slots__ = ()


def _frozen(r, /):
    """A vanished virtual card's record, frozen (000:184: the card no longer exists; its record
    is still read, never written): the list fields as tuples, 同时选择's choices as a read-only
    mapping. A clone shares it instead of copying it, and a write to it raises (a TypeError)
    rather than passing silently."""
    if cython.compiled:   # the loop below in C (core/prims/tuples.pxd, step 105)
        # r's references moved into the tuple, not copied and then dropped with r, when it is
        # vanishing (its 存在 flag False: only resolving.vanish_virtual_card writes it in a live
        # record, just before freezing it) and only the vanishing holds it: the records' list's
        # slot and vanish_virtual_card's two locals (r, rl), none of which reads it again
        # (docs/decisions/0276, step 249)
        return frozen_record(_FROZEN, r, _NO_WITH_C, Py_REFCNT(r) == _VANISHING_REFS
                             and len(r) > V_ALIVE and r[V_ALIVE] is False)
    n = len(r)
    out = [None] * n   # each field set in place: not a list grown field by field
    for i in range(n):
        v = r[i]
        t = type(v)
        if t is list:
            # most of a record's lists are empty when it vanishes (no hits, no ineffective
            # targets …): the empty tuple without a list made and copied for it
            v = tuple([tuple(e) if type(e) is list else e for e in v]) if len(v) else ()
        elif t is dict:
            v = _NO_WITH if len(v) == 0 else MappingProxyType(dict(v))
        out[i] = v
    return tuple_of_type(Frozen, out)


# the empty choices of 同时选择 (V_WITH) every new record holds and a frozen one keeps: read-only
# (a write makes the record's own dict: in_use._set_with)
_NO_WITH = MappingProxyType({})
# … and it and the Frozen type as C globals (compiled: _new_vcard's and _frozen's, no lookup)
_NO_WITH_C = cython.declare(object, _NO_WITH)
_FROZEN = cython.declare(type, Frozen)
# compiled, the handle of each record's place (VBASE + k at k), kept once boxed: a game's k-th
# virtual card has the same handle in every game and clone, and VBASE + k is no small int (a
# PyLong allocated at each of ~380 new records in the six games, freed when its last reader
# was); up to _HANDLES_MAX places, past them boxed as before
_HANDLES = cython.declare(list, [])
_HANDLES_MAX = cython.declare(cython.Py_ssize_t, 4096)
# the references to a record while it vanishes, and none other (_frozen: moved when exactly so)
_VANISHING_REFS = cython.declare(cython.Py_ssize_t, 3)


def _cards_phys(g, v, /):
    """Physical card ids of a card value (virtual cards: their physical cards)."""
    if type(v) is tuple and _all_physical(v):
        return v   # the move flow's cards, most often: nothing to read or copy
    if type(v) is int:
        # the card as a C int once (compiled), read in place (smallint.pxd)
        i: cython.Py_ssize_t = _name_card_id(v)
        if i >= _VBASE:
            # one virtual card (此牌的实体牌): its record's cards, as the loop below would copy
            # them, without the tuple of one card, the list and its extension; compiled, a live
            # record's tuple read borrowed (_vcard_field_at), where the record and the field were
            # each taken and dropped (~1,250 asks in the six games)
            if cython.compiled:
                p: cython.pointer(PyObject) = _vcard_cards(g, i)
                if p != cython.NULL:
                    return cython.cast(object, p)
            cs = _field(_rec(g, i), V_CARDS)
            return cs if type(cs) is tuple else tuple(cs)
    # anything else in a function of its own (as resolving.targets_empty's): gcc may inline it
    # back, the paths above then keep no stack slot for the loop (~2,200 asks in the six games)
    return _cards_phys_any(g, v)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)   # raises nothing: NULL is "not read in place"
def _vcard_cards(g: Game, i: cython.Py_ssize_t, /) -> cython.pointer(PyObject):
    """Compiled only: virtual card i's (i >= VBASE) tuple of physical cards in its live record,
    borrowed, or NULL (no such record, or its cards not a tuple: _cards_phys reads them)."""
    p: cython.pointer(PyObject) = _vcard_field_at(g, i, V_CARDS)
    if p != cython.NULL and type(cython.cast(object, p)) is tuple:
        return p
    return cython.NULL


@cython.cfunc
def _cards_phys_any(g: Game, v, /) -> tuple:
    """_cards_phys of a value that is neither a tuple of physical cards nor one virtual card."""
    out: list = []
    i: cython.Py_ssize_t
    for c in _cards(g, None, v):
        if isinstance(c, int):
            i = c
            if i >= _VBASE:
                out.extend(_field(_rec(g, i), V_CARDS))
            elif i >= 0:
                out.append(c)
    return tuple(out)


if cython.compiled:   # the same test inline, as the moves room reads it (physcards.pxd)
    from cython.cimports.core.prims.physcards import all_physical as _all_physical
else:
    def _all_physical(cs, /):
        """Every item of ``cs`` is a physical card id (an int below VBASE, not negative)."""
        for i in range(len(cs)):
            c = cs[i]
            if type(c) is not int:
                return False
            n = c   # as _is_v reads it
            if n < 0 or n >= _VBASE:
                return False
        return True


def _card_name_any(g, c, /):
    # an int card id first, by its exact type (nearly every call: ~4,100 in the six games of
    # `sgs bench --what instructions`), where VCard's subtype test walked an int's bases first
    if type(c) is not int:
        if isinstance(c, VCard):
            return cython.cast(VCard, c).name   # (compiled, the field read in place)
        if not isinstance(c, int):
            return -1
    # the card as a C int once (compiled): the virtual card's test and record, the range test
    # and a physical card's name read it (each converted the object, or compared it as a
    # Python int, at ~5,600 calls in six games)
    i: cython.Py_ssize_t = _name_card_id(c)   # read in place (step 262d)
    if i >= _VBASE:
        if cython.compiled:   # the live record's name borrowed (step 262d), as _card_name_of's
            p: cython.pointer(PyObject) = _vcard_field_at(g, i, V_NAME)
            if p != cython.NULL:
                return cython.cast(object, p)
        return _field(_rec(g, i), V_NAME)
    if 0 <= i < len(g.cards):
        return g.card_name(i)
    return -1


def _kind_ok(g, have, want, /):
    """A card named ``have`` is a 【want】: the same name, or a kind of it
    (火【杀】/雷【杀】, see finish: KINDS)."""
    if type(have) is int and type(want) is int:
        # two names' ids (nearly every ask): the tests below on C ints, where each compared
        # Python ints by a call (compiled; the same tests on objects otherwise)
        h = _name_card_id(have)   # each a C int read in place (step 262b)
        w: cython.Py_ssize_t = _name_card_id(want)
        if h == w:
            return True
        if w <= -2:
            return h == -2 - w
        if h < 0 or w < 0:
            return False
        # two name ids past the tests above (~1,400 asks in the six games): one byte of the
        # kinds' table (_kind_table), where the name's tuple of kinds was read and searched
        # (PySequence_Contains, ~60 instructions at each of ~575 asks)
        if cython.compiled:   # the table's byte in place (step 262b)
            a: cython.int = _kinds_byte(g, h, w)
            if a >= 0:
                return a != 0
        kl = _T(g).kind_names
        if kl is None:
            kl = _kinds_by_id(g)
        kb: bytearray = _kt_bytes if kl is _kt_kl else _kind_table_made(kl)
        n: cython.Py_ssize_t = _kt_n
        if kb is not None and w < n:
            return h < n and kb[h * n + w] != 0
    else:
        if have == want:
            return True
        if want <= -2:
            return have == -2 - want
        if have < 0 or want < 0:
            return False
    # the names ``have`` is a kind of, by id (_kinds_by_id): a C index where Status.kinds' call
    # and its dict's lookup were ~170 instructions (~1,400 in the six games)
    kl = _T(g).kind_names
    if kl is None:
        kl = _kinds_by_id(g)
    h = have
    if h >= len(kl):
        return False
    ks = kl[h]
    return ks is not None and want in cython.cast(tuple, ks)


# the kinds' table of a tables' ``kind_names`` (_kinds_by_id: made once a game's tables, never
# changed after): byte h * n + w is 1 where name id h is a kind of name id w (n names: n² bytes,
# ~10 k for a rulebook's ~100 names), kept while the same list is asked
_kt_kl = cython.declare(object, None)
_kt_bytes = cython.declare(bytearray, None)
_kt_n = cython.declare(cython.Py_ssize_t, 0)
if cython.compiled:   # the table's bytes, read in place by _kinds_byte (step 262b)
    _kt_at = cython.declare(cython.p_uchar, cython.NULL)


@cython.cfunc
@cython.inline
@cython.nonecheck(False)
@cython.exceptval(check=False)
def _kinds_byte(g: Game, h: cython.Py_ssize_t, w: cython.Py_ssize_t, /) -> cython.int:
    """Compiled only (step 262b): _kind_ok's answer for name ids h, w >= 0 read in place, the
    tables borrowed and the kinds' table by its pointer, when g's ruleset is exactly a Rules and
    its tables' kind_names is the list the table was made of; -1 otherwise (_kind_ok reads it).
    Each ask took and dropped the tables, the list and the table as references."""
    if w < _kt_n and type(g.rs) is Rules:
        tb = cython.cast(cython.pointer(PyObject), cython.cast(Rules, g.rs).sgs)
        if tb != cython.cast(cython.pointer(PyObject), None) \
                and cython.cast(Tables, tb).kind_names is _kt_kl:
            return h < _kt_n and _kt_at[h * _kt_n + w] != 0
    return -1


@cython.cfunc
def _kind_table_made(kl: list, /) -> bytearray:
    """_kind_ok's table of a kinds' list not asked before; None (not kept: the tuples answer)
    when a kind is no name id of the list."""
    global _kt_kl, _kt_bytes, _kt_n
    n: cython.Py_ssize_t = len(kl)
    b = bytearray(n * n)
    h: cython.Py_ssize_t
    w: cython.Py_ssize_t
    for h in range(n):
        ks = kl[h]
        if ks is None:
            continue
        for k in ks:
            if type(k) is not int or not 0 <= k < n:
                return None
            w = k
            b[h * n + w] = 1
    _kt_kl = kl
    _kt_bytes = b
    _kt_n = n
    if cython.compiled:
        global _kt_at
        _kt_at = cython.cast(cython.p_uchar, PyByteArray_AS_STRING(b))
    return b


def kind_table(g, /):
    """_kind_ok's table of g's kinds and its names' count, (bytes, n), or None when it keeps none
    (tests/runtime/test_kind_table.py)."""
    kl = _kinds_by_id(g)
    kb = _kt_bytes if kl is _kt_kl else _kind_table_made(kl)
    return None if kb is None else (bytes(kb), _kt_n)


def _kinds_by_id(g, /):
    """Status.kinds(g) as a list by card name id: the names each is a kind of (a tuple), None
    where it is a kind of none. Made at the game's first ask (its tables' ``kind_names``; the
    kinds themselves are made once per rulebook and never change after)."""
    t = _T(g)
    kl = t.kind_names
    if kl is None:
        kd: dict = Status.kinds(g)
        kl = [None] * len(g.rs.card_names)
        for n, v in kd.items():
            i = n   # the kinds' keys are card name ids (Status.kinds)
            if not 0 <= i < len(kl):
                raise E.EngineError("a card kind of no card name id: %r" % (n,))
            kl[i] = tuple(v)
        t.kind_names = kl
    return kl


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(count_cards, is_delayed_trick, is_faction_trick, card_name_is, card_is, physical_cards,
     is_equipment, _objects_exist, _roles_exist, _choices_exist, _actors_alive)


# step 83's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(point_of)


# step 98b's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(differ, suit, card_named)


# step 273h's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(color, same_color)
