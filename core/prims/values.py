# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Numbers, logic and constant values of the specs (specs/common/terms/primitives.sgs).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (BLACK, CLUB, DIAMOND, EQUIP_ZONES, HEART, RED, SPADE)
from core.prims.base import (
    ANY, COLOR_BASE, NAT_FIRE, NAT_ICE, NAT_NONE, NAT_THUNDER, NONE, OTHER, Pick, ROLE_LORD,
    ROLE_LOYALIST, ROLE_REBEL, ROLE_RENEGADE, ZK_EQUIP, _const, alias, prim)
if cython.compiled:
    from cython.cimports.cpython.long import PyLong_AsLongAndOverflow
    from cython.cimports.core.prims.smallint import one_digit_long
if not cython.compiled:   # (compiled: core/prims/smallindex.pxd, inline in use and resolving)
    # defined before the other rooms are imported: use and resolving take it while this room
    # imports cards, which imports them
    def small_index(o, /):
        """A seat or a card id as an index: an int of one digit (-2**30 < o < 2**30, a bool too)
        is itself, anything else -1 ("none", refused by the caller's range test)."""
        return o if isinstance(o, int) and -(1 << 30) < o < (1 << 30) else -1


# defined before the other rooms are imported, as small_index is: in_use and resolving make theirs
# at import, while this room imports cards, which imports them
@cython.final
@cython.cclass
class KeptDict:
    """What was made of a dict, kept while the same dict at the same size is asked (values.pxd:
    its fields, and kept_value and keep_value inline where they are read)."""

    def __init__(self, /):
        self.of = None
        self.n = -1
        self.value = None


if not cython.compiled:   # (compiled: values.pxd's inline forms)
    def kept_value(k, d, /):
        """The value k keeps for dict d (the dict it was made of, at the size it had), else None."""
        return k.value if d is k.of and d is not None and len(d) == k.n else None

    def keep_value(k, d, value, /):
        """Keep value for dict d at its present size in k; answers value."""
        k.of = d
        k.n = len(d)
        k.value = value
        return value


# eq_count's count of what is not a tuple (a C call once compiled)
from core.prims import cards as Cards
if cython.compiled:
    from cython.cimports.core.prims import cards as Cards


# ---- constants -------------------------------------------------------------------------------


for _n in ("heart", "hearts", "suit_heart"):
    _const(_n, HEART, "红桃", ns=globals(), returns="花色")
for _n in ("spades", "suit_spade"):
    _const(_n, SPADE, "黑桃", ns=globals(), returns="花色")
_const("clubs", CLUB, "梅花", ns=globals(), returns="花色")
_const("diamonds", DIAMOND, "方块", ns=globals(), returns="花色")
_const("red", COLOR_BASE + RED, "红色", ns=globals(), returns="颜色")
_const("black", COLOR_BASE + BLACK, "黑色", ns=globals(), returns="颜色")
_const("faction_wei", "魏", ns=globals(), returns="势力")
_const("faction_shu", "蜀", ns=globals(), returns="势力")
_const("faction_wu", "吴", ns=globals(), returns="势力")
_const("faction_qun", "群", ns=globals(), returns="势力")


@prim(a="数", b="数", returns="数")
def mul(g, f, a, b, /):
    """2X: a numeral times a variable (〖血裔〗 你的手牌上限+2X)."""
    return a * b
for _n in ("role_lord", "identity_lord"):
    _const(_n, ROLE_LORD, "主公", ns=globals(), returns="身份")
for _n in ("role_loyalist", "identity_loyalist"):
    _const(_n, ROLE_LOYALIST, "忠臣", ns=globals(), returns="身份")
for _n in ("role_rebel", "identity_rebel"):
    _const(_n, ROLE_REBEL, "反贼", ns=globals(), returns="身份")
_const("role_renegade", ROLE_RENEGADE, "内奸", ns=globals(), returns="身份")
_const("nature_ice", NAT_ICE, "冰冻", ns=globals(), returns="属性")
# 火焰 is declared `原语 fire` in specs/identity/terms/cards.sgs, which clashes
# with the control primitive P.fire: provided as nature_fire (spec to rename).
_const("nature_fire", NAT_FIRE, "火焰", ns=globals(), returns="属性")
_const("thunder", NAT_THUNDER, "雷电", ns=globals(), returns="属性")
_const("nature_thunder", NAT_THUNDER, "雷电", ns=globals(), returns="属性")
_const("nature_none", NAT_NONE, "普通", ns=globals(), returns="属性")
_const("no_character", NONE, "无来源", ns=globals(), returns="角色")
_const("bool_true", True, ns=globals(), returns="真假")
_const("bool_false", False, ns=globals(), returns="真假")
_const("trick", "锦囊牌", ns=globals(), returns="类别")
_const("ordinary_trick", "普通锦囊", ns=globals(), returns="类别")
_const("weapon", "武器", ns=globals(), returns="类别")
_const("equipment_category", "装备", ns=globals(), returns="类别")
_const("armour_category", "防具", ns=globals(), returns="类别")
_const("basic_category", "基本", ns=globals(), returns="类别")
_const("horse", "坐骑", ns=globals(), returns="类别")


# ---- numbers and logic -------------------------------------------------------------------------


@prim(a="数", b="数", returns="数")
def add(g, f, a, b, /):
    return a + b


@prim(a="数", b="数", returns="数")
def sub(g, f, a, b):
    return a - b


def min(g, f, a, b, /):   # (the builtin's name: this room does not call the builtin)
    return a if a < b else b


alias("min", min, globals(), a="数", b="数", returns="数")


def _max(g, f, a, b, /):
    return a if a > b else b


alias("max", _max, globals(), a="数", b="数", returns="数")


@prim(x="数", returns="数")
def half_rounded_down(g, f, x, /):
    """〔X〕的一半 (〖好施〗 一半的手牌（向下取整）)."""
    return x // 2


# the quantifiers and the whole 装备区 as C longs (eq compares them with unboxed values)
_ANY_C = cython.declare(cython.long, ANY)
_OTHER_C = cython.declare(cython.long, OTHER)
_ZK_EQUIP_C = cython.declare(cython.long, ZK_EQUIP)
# the equipment slots' zone kinds: one range (base checks it)
_EQUIP_FIRST_C = cython.declare(cython.long, EQUIP_ZONES[0])
_EQUIP_LAST_C = cython.declare(cython.long, EQUIP_ZONES[-1])
# what _small answers for a value that is no small int (none of them is this value)
_NOT_SMALL = cython.declare(cython.long, -(1 << 40))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _small(o: object, /) -> cython.long:
    """``o`` as a C long when it is an exact int of fewer than 31 bits (a seat, a card id, a
    number, a zone's kind or owner), else _NOT_SMALL: eq's values compared unboxed."""
    overflow: cython.int = 0
    v: cython.long = 0
    if type(o) is not int:
        return _NOT_SMALL
    if cython.compiled:
        # one digit (below 2**30, or 2**15 on a 15-bit build): read in place (smallint.pxd);
        # else unboxed without an OverflowError for a bigger int
        if one_digit_long(o, cython.address(v)):
            return v
        v = PyLong_AsLongAndOverflow(o, cython.address(overflow))
    else:
        v = o
    return v if overflow == 0 and -(1 << 30) <= v < (1 << 30) else _NOT_SMALL


@prim(a="*", b="*", returns="真假")
def eq(g, f, a, b, /):
    """Equality; a role against a choice (一名角色…) or quantifier: membership."""
    # the fast paths first, each answering as the general path below does (tested on every kind
    # of value, tests/runtime/test_values_eq.py): two small ints (roles, cards, numbers) and two
    # zones (kind, owner) of small ints — ~15,000 of them a game in the move flow alone —
    # compared as C longs when compiled
    x: cython.long = _small(a)
    y: cython.long = _small(b)
    if x != _NOT_SMALL and y != _NOT_SMALL:
        if y == _ANY_C or y == _OTHER_C:
            return x >= 0 and (y == _ANY_C or x != f.owner)
        return x == y
    if type(a) is tuple and type(b) is tuple:
        ta = a   # typed tuples when compiled (values.pxd): C length and item reads
        tb = b
        if len(ta) == 2 and len(tb) == 2:
            a0: cython.long = _small(ta[0])
            b0: cython.long = _small(tb[0])
            if a0 != _NOT_SMALL and b0 != _NOT_SMALL:
                equip: cython.bint = a0 == _ZK_EQUIP_C or b0 == _ZK_EQUIP_C
                if a0 != b0 and not equip:
                    return False   # two kinds of zone (the owners not read)
                a1: cython.long = _small(ta[1])
                b1: cython.long = _small(tb[1])
                if a1 != _NOT_SMALL and b1 != _NOT_SMALL:
                    if equip:
                        # 乙的装备区 is each of its sub-zones
                        k: cython.long = b0 if a0 == _ZK_EQUIP_C else a0
                        return a1 == b1 and (k == _ZK_EQUIP_C or _EQUIP_FIRST_C <= k <= _EQUIP_LAST_C)
                    return a1 == b1
    return _eq_general(g, f, a, b)


def eq_equip_zone(g, f, z, who, /):
    """eq(z, 〔who〕的装备区) without making the zone: what generated code calls for that
    comparison (compiler.emit.FUSED, docs/decisions/0037) — the move flow asks it for each role
    and card of a move (~7,300 times in `sgs bench --what instructions`' six games). Answers as
    eq does (tests/runtime/test_values_eq.py)."""
    if type(z) is tuple:
        zt = z   # a typed tuple when compiled (values.pxd)
        if len(zt) == 2:
            k: cython.long = _small(zt[0])
            o: cython.long = _small(zt[1])
            w: cython.long = _small(who)
            if k != _NOT_SMALL and o != _NOT_SMALL and w != _NOT_SMALL:
                return o == w and (k == _ZK_EQUIP_C or _EQUIP_FIRST_C <= k <= _EQUIP_LAST_C)
    return eq(g, f, z, (ZK_EQUIP, who))


def eq_count(g, f, cs, n, /):
    """eq(〔cs〕的张数, n) with n a constant int (0 to 2**30 - 1): what generated code calls for that
    comparison (compiler.emit.FUSED_COUNT) — the move flow's 此次移动的牌的张数为0 at each move.
    A tuple's count is its length (cards.count_cards: _cards answers a tuple as itself), compared
    as a C int; anything else is counted and compared by eq. Answers as eq does
    (tests/runtime/test_values_eq.py)."""
    if type(cs) is tuple:
        ct = cs   # a typed tuple when compiled (values.pxd): its C length
        return len(ct) == n
    return bool(eq(g, f, Cards.count_cards(g, f, cs), n))


def eq_zone_kind(g, f, z, kind, /):
    """eq(z, (kind, -1)), a zone no role owns (弃牌堆, 处理区, 牌堆 …), with the kind a C int:
    what generated code calls for a comparison with a constant zone (compiler.emit.FUSED_CONST)
    — the move flow asks it of each moved card several times. Answers as eq does
    (tests/runtime/test_values_eq.py)."""
    k: cython.long = kind
    if type(z) is tuple and k != _ZK_EQUIP_C and not (_EQUIP_FIRST_C <= k <= _EQUIP_LAST_C):
        zt = z   # a typed tuple when compiled (values.pxd)
        if len(zt) == 2:
            zk: cython.long = _small(zt[0])
            o: cython.long = _small(zt[1])
            if zk != _NOT_SMALL and o != _NOT_SMALL:
                # an equipment zone's kind is none of these kinds: eq's answer too
                return zk == k and o == -1
    return eq(g, f, z, (kind, -1))


def _eq_general(g, f, a, b, /):
    """eq without its fast paths: every kind of value."""
    if isinstance(b, Pick):
        pk = b   # typed when compiled: pk.group is a field read
        return a in pk.group
    if isinstance(a, Pick):
        pk = a
        return b in pk.group
    if isinstance(b, int) and isinstance(a, int) and (b == ANY or b == OTHER):
        return a >= 0 and (b == ANY or a != f.owner)
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == 2 and len(b) == 2 and \
            (a[0] == ZK_EQUIP or b[0] == ZK_EQUIP):
        # 乙的装备区 is each of its sub-zones (the 原区域 of an equipment card is one of them)
        k = b[0] if a[0] == ZK_EQUIP else a[0]
        return a[1] == b[1] and (k == ZK_EQUIP or k in EQUIP_ZONES)
    return a == b


@prim(a="*", b="*", returns="真假")
def ne(g, f, a, b, /):
    return a != b


alias("same_character", eq, globals(), a="角色", b="角色")


@prim(a="数", b="数", returns="真假")
def gt(g, f, a, b, /):
    return a > b


@prim(a="数", b="数", returns="真假")
def lt(g, f, a, b, /):
    return a < b


@prim(a="数", b="数", returns="真假")
def le(g, f, a, b, /):
    return a <= b


@prim(a="数", b="数", returns="真假")
def ge(g, f, a, b, /):
    return a >= b


# 且/或/并非: the spec names are Python keywords; the emitter must spell the
# call getattr(P, "and") (or use the and_/or_/not_ spellings).
def and_(g, f, a, b, /):
    return bool(a) and bool(b)


def or_(g, f, a, b, /):
    return bool(a) or bool(b)


def not_(g, f, a, /):
    return not a


alias("and", and_, globals(), a="真假", b="真假", returns="真假")
alias("or", or_, globals(), a="真假", b="真假", returns="真假")
alias("not", not_, globals(), a="真假", returns="真假")


@prim(who="角色", returns="真假")
def exists(g, f, who, /):
    return isinstance(who, int) and who >= 0


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(eq, lt, gt, add, sub, exists)
