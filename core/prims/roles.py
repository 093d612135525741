# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Roles (角色): references (你, 其他角色, 一名角色 …), their state (HP, marks, skills, chains,
flipped generals, draw counts) and choosing roles.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (D_OPTION, Frame, Game, Player, SC_TURN, S_NONE, Z_HAND, Z_JUDGE)
# the Modifier base of the draw count's modifiers (below): its C type once compiled
if cython.compiled:
    from cython.cimports.core.ruleset import Modifier
else:
    from core.ruleset import Modifier
from core.prims.base import (
    ANY, NONE, OP_ASK_THEN, OTHER, Pick, SUIT_TEXT, S_ARMOR, S_AVATAR, S_CHOSEN, S_SUIT, V_WITH,
    _Sw, _const, _done, _event_ctx, _is_event, _player, alias, new_pick, prim, prim_id,
    timing_subject,
    Q_DISTPLUS, Q_NODIST, EVI_DAMAGE, EVI_TARGET_USE, EVI_USE)
# the turn's counters read in place (_turn_count): compiled, the scope's array borrowed from
# Game.cnt and its C ints read (dispatch.pxd's ints_of)
if cython.compiled:
    from cython.cimports.core.dispatch import ints_of
    from cython.cimports.cpython.list import PyList_GET_ITEM
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import X_CHOSEN, _AWAY, _PROBE, _TG
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _st_fast as _st, _S_fast as _S,
        _is_v_fast as _is_v, _rec_fast as _rec, _field_fast as _field, _slot_fast as _slot)
else:
    from core.prims.base import _T, _get, _sx, _st, _S, _is_v, _rec, _field, _slot
# a tuple made in place (_others)
if cython.compiled:
    from cython.cimports.cpython.ref import Py_INCREF
    from cython.cimports.cpython.tuple import PyTuple_New, PyTuple_SET_ITEM
# a seat read in place (smallint.pxd, step 115c: this room is built at -O1, where Cython's
# conversion of an object to a C int is a call, ~15 instructions); uncompiled, the value itself
if cython.compiled:
    from cython.cimports.core.prims.smallint import small_int as _seat
else:
    def _seat(p, /):
        return p
# an int of one digit read in place (smallint.pxd, decision 0047): _digit's
if cython.compiled:
    from cython.cimports.core.prims.smallint import one_digit_long
# the distance of two seats a != b and a seat's attack range: compiled, core.held's kept answers
# read by C calls (what Game.distance and Game.attack_range answer, without the methods' calls:
# their override tests and prologues, ~1,200 distances of the six games asked by this room's
# filters); uncompiled, the methods
if cython.compiled:
    from cython.cimports.core.held import _attack_range as _seat_range, _distance as _seats_distance
else:
    def _seats_distance(g, a, b, /):
        return g.distance(a, b)

    def _seat_range(g, p, /):
        return g.attack_range(p)
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    decisions as Decisions, games as Games, health as Health, regarded as Regarded,
    resolving as Resolving, status as Status, targets as Targets, turns as Turns, zones as Zones)
if cython.compiled:
    from cython.cimports.core.prims import (
        decisions as Decisions, games as Games, health as Health, regarded as Regarded,
        resolving as Resolving, status as Status, targets as Targets, turns as Turns, zones as Zones)


# ---- references: roles -------------------------------------------------------------------------


@prim(returns="角色")
def owner(g, f, /):
    """你: the owner of the running skill / the implied subject."""
    return f.owner


@prim(returns="角色")
def it(g, f, /):
    """其／该角色: the role chosen last in this frame, else the subject of the
    timing (一名角色…时，…其…)."""
    v = _get(f, X_CHOSEN)
    if v is not None:
        return v
    # after a timing that names a second character, 其 is that character (标准版.sgs
    # reading notes): "你使用【杀】指定一个目标后，…其…" (〖雌雄双股剑〗) the target; "你…对一名
    # 角色造成伤害时❷，若其有牌" (〖寒冰剑〗〖麒麟弓〗〖古锭刀〗) the damaged character
    ev = f.ev if f.ev is not None else f
    tm = ev.timing
    t = _T(g)
    if tm in t.aim_timings and _is_event(g, ev, EVI_USE):
        return Resolving.current_target_character(g, f)
    if tm in t.source_timings and _is_event(g, ev, EVI_DAMAGE):
        return _slot(ev, 1)
    # "你使用的【杀】被【闪】抵消后，…其…" (〖猛进〗): the target it was countered for
    if tm in t.target_timings and _is_event(g, ev, EVI_TARGET_USE):
        return _slot(ev, 2)
    return timing_subject(g, f)


@prim(who="角色", sid="技能", returns="真假")
def owns_skill(g, f, who, sid, /):
    """〔甲〕拥有〔技能〕: 甲 has the skill (alive or not, 001:695)."""
    return isinstance(who, int) and 0 <= who < g.n and g.has_skill(who, sid)


@prim(returns="角色")
def current_player(g, f, /):
    """当前回合角色."""
    return g.current


alias("current_character", current_player, globals())


@prim(returns="角色")
def system_actor(g, f, /):
    return NONE


@prim(returns="角色组")
def all_players(g, f, /):
    """所有角色: the living, from the current-turn role counterclockwise."""
    return g.alive_tuple()


@prim(returns="角色组")
def alive_characters(g, f, /):
    """存活角色 (all_players as a plain def: roles.pxd types it)."""
    return all_players(g, f)


# 其他角色: in a timing clause the quantifier OTHER; as a group, the living other than the owner
# (Status._in_group). A constant: generated code writes the value, and a status rule reading it
# is answered without a frame (docs/decisions/0041)
_const("other_characters", OTHER, "其他角色", ns=globals(), returns="角色组")


@prim(returns="角色组")
def other_players(g, f, /):
    return tuple([p for p in g.alive_tuple() if p != f.owner])


@prim(returns="角色组")
def any_characters(g, f, /):
    return ANY


@prim(group="角色组", returns="角色")
def choose_one_character(g, f, group, /):
    """一名〔角色组〕: in a skill condition (the probe frame) ANY/OTHER stay
    quantifiers (timing subjects); elsewhere a Pick of one role (asked by
    the operation that uses it)."""
    if f is _PROBE and isinstance(group, int) and group < -1:
        return group
    return new_pick("players", _group(g, f, group), 1, 1, -1, None, None)


@prim(n="数", group="角色组", returns="角色组")
def choose_n_characters(g, f, n, group, /):
    return new_pick("players", _group(g, f, group), n, n, -1, None, None)


@prim(n="数", group="角色组", returns="角色组")
def choose_up_to_n_characters(g, f, n, group, /):
    """至多X名: one to X (002:156 至多 = 大于0且不大于X); choosing none is not doing it."""
    return new_pick("players", _group(g, f, group), 1, n, -1, None, None)


@prim(lo="数", hi="数", group="角色组", returns="角色组")
def choose_between_n_characters(g, f, lo, hi, group, /):
    return new_pick("players", _group(g, f, group), lo, hi, -1, None, None)


def _group_keep(g, f, v, /):
    """The roles of a group value, keeping the dead out (a Pick: its group)."""
    if isinstance(v, Pick):
        pk = v   # its group as a C read
        return pk.group
    return _group(g, f, v)


def _regroup(orig, roles, /):
    """A filter of a choice stays a choice (一名已受伤的角色 …)."""
    if isinstance(orig, Pick):
        pk = cython.cast(Pick, orig)   # its fields as C reads
        # base's factory: the same fields without the type's call (its arguments packed,
        # __init__ called through the type: ~330 instructions more at each of ~450 filtered
        # picks in the six games, step 127)
        return new_pick(pk.kind, roles, pk.lo, pk.hi, pk.chooser, pk.src, pk.vname)
    # a list of one seat: its kept tuple (_solo), where a tuple was made (and freed after)
    if type(roles) is list and len(cython.cast(list, roles)) == 1:
        return _solo(cython.cast(list, roles)[0])
    return tuple(roles)


@cython.cfunc
def _regroup_one(orig, p, /):
    """_regroup(orig, [p]) (p None: of no role), the answer of a first-target filter (…_one):
    the tuple made at once, without the list _regroup copies (~600 first readings of 【杀】 in
    the six games of `sgs bench --what instructions`)."""
    roles = () if p is None else _solo(p)
    if isinstance(orig, Pick):
        pk = cython.cast(Pick, orig)
        return new_pick(pk.kind, roles, pk.lo, pk.hi, pk.chooser, pk.src, pk.vname)
    return roles


# ANY and OTHER (base's quantifiers) as C constants (_group's compares), and _digit's answer for an
# int of more than one digit (no seat, no quantifier: a C long no seat reaches)
_ANY = cython.declare(cython.long, ANY)
_OTHER = cython.declare(cython.long, OTHER)
_FAR = cython.declare(cython.long, 1 << 40)


@cython.cfunc
@cython.inline
def _digit(v, /) -> cython.long:
    """The value of an int ``v`` (a bool too) when it has one digit (|v| < 2**30: a seat, a
    quantifier, NONE), else _FAR: compiled, read in place (smallint.pxd's one_digit_long)."""
    if cython.compiled:
        w: cython.long
        if one_digit_long(v, cython.address(w)):
            return w
        return _FAR
    return v if -(1 << 30) < v < (1 << 30) else _FAR


# the groups of one seat (p,) for the seats below 16, made once: _group's int of a seat and
# _regroup_one's answer, where each was a tuple made and freed (~1,200 in the six games of `sgs
# bench --what instructions`: 你 as a group, the first legal target of the usability scan). A
# tuple cannot change, so one answer may be given many times
_SOLO = cython.declare(tuple, tuple([(i,) for i in range(16)]))


@cython.cfunc
@cython.inline
@cython.wraparound(False)   # w tested in range
def _solo(p, /) -> tuple:
    """(p,): the kept tuple when p is an int (not a bool) of a seat below 16."""
    if type(p) is int:
        w: cython.long = _digit(p)
        if 0 <= w < 16:
            return _SOLO[w]
    return (p,)


def _group(g, f, v, /):
    """A role group as a tuple of living seats (ANY/OTHER expanded)."""
    if type(v) is tuple:   # the commonest value (存活角色, a filter's answer): itself
        return v
    if isinstance(v, int):
        # its value a C long, compared with ANY and OTHER as C constants, where each compare
        # read the module global and compared objects (~55 instructions at each of ~970 ints in
        # the six games of `sgs bench --what instructions`); an int of more digits is neither
        w: cython.long = _digit(v)
        if w == _ANY:
            return g.alive_tuple()
        if w == _OTHER:
            # a Frame's owner a C read, passed as a C int (f is any object: a generic attribute
            # lookup else)
            if isinstance(f, Frame):
                return _others_seat(g, cython.cast(Frame, f).owner)
            return _others(g, f.owner)
        if w == _FAR:
            return (v,) if v >= 0 else ()
        return _solo(v) if w >= 0 else ()
    if isinstance(v, Pick):
        pk = v
        return pk.group
    return tuple(v)


# OTHER expanded (其他角色: the living but ``owner``): g.alive_tuple() without the owner's seat,
# made in place when compiled (the tuple of the right size, each item a reference of its own), ~600
# times in the six games of `sgs bench --what instructions` (一名其他角色: the usability scan's
# 【决斗】, 【过河拆桥】, 【顺手牵羊】 …). Step 127a kept the answers by the alive tuple object, but
# that object is the engine's memo of the living seats from the current role: a new one each turn,
# so 392 of 594 asks made a new list of answers and freed the last (step 131d). Since step 138b
# the engine keeps each start's alive tuple while the alive seats stay: the last answer is kept
# with the tuple it was made of (the tuple held, so its identity is not reused): since step 227a
# by owner, each seat below 16 its own last answer (one kept answer for all seats, step 143b,
# answered 402 of the 594 asks; one by seat answers 525: the asks alternate between the current
# role and the others, each with the tuple of the same start). The answer is a function of the
# tuple's items and the seat only, and a tuple cannot change.
_kept_ats = cython.declare(list, [None] * 16)      # by seat: the alive tuple of its last answer
_kept_others = cython.declare(list, [None] * 16)   # by seat: that answer


@cython.cfunc
@cython.locals(w=cython.long)
def _others(g: Game, owner, /) -> tuple:
    """The seats of g.alive_tuple() other than ``owner``, in its order (the tuple itself when it
    does not hold the owner: a dead role's)."""
    if type(owner) is int:   # a seat: _others_seat (a bool is not one, as before)
        w = _digit(owner)
        if w != _FAR:
            return _others_seat(g, w)
    at: tuple = g.alive_tuple()
    return tuple([p for p in at if p != owner])   # not a seat


@cython.cfunc
@cython.boundscheck(False)   # the kept lists indexed by 0 <= w < 16
@cython.wraparound(False)
def _others_seat(g: Game, w: cython.long, /) -> tuple:
    """_others(g, w) for an owner that is a C int (a Frame's: _group's OTHER, ~600 asks in the six
    games, where the owner was boxed and compared with 0 and g.n as objects)."""
    at: tuple = g.alive_tuple()
    if not 0 <= w < g.n:
        return tuple([p for p in at if p != w])   # not a seat
    if w >= 16:
        return _others_of_seat(at, w)   # past the kept seats: made each time
    if _kept_ats[w] is at:
        return _kept_others[w]
    res = _others_of_seat(at, w)
    _kept_ats[w] = at
    _kept_others[w] = res
    return res


@cython.cfunc
@cython.locals(n=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
               k=cython.Py_ssize_t)
def _others_of_seat(at: tuple, w: cython.long, /) -> tuple:
    """The seats of ``at`` other than seat ``w``, in its order (``at`` itself without it)."""
    n = len(at)
    i = -1
    for j in range(n):
        if _seat(at[j]) == w:   # the seats read in place (smallint.pxd)
            i = j
            break
    if i < 0:
        return at
    if cython.compiled:
        res = PyTuple_New(n - 1)
        k = 0
        for j in range(n):
            if j != i:
                x = at[j]
                Py_INCREF(x)   # the tuple's item: a reference of its own
                PyTuple_SET_ITEM(res, k, x)
                k += 1
        return res
    return at[:i] + at[i + 1:]


def others_of(g, owner, /):
    """_others as a Python function (tests/runtime/test_scan_kept_reads.py)."""
    return _others(g, owner)


@prim(who="角色", group="角色组", returns="角色组")
def characters_except(g, f, who, group, /):
    return _regroup(group, [p for p in _group_keep(g, f, group) if p != who])


@prim(group="角色组", returns="角色组")
def wounded_characters(g, f, group, /):
    if type(group) is int and 0 <= group < g.n:
        # one seat (已受伤的你: 【桃】's 使用目标, ~200 readings in the six games of `sgs bench
        # --what instructions`): its tuple or the empty one made at once, as _regroup answers
        # for the group _group makes of it, without the list and its copy (step 131c)
        pl = g.players[group]
        return _solo(group) if pl.hp < pl.maxhp else ()   # the seat's kept tuple
    out = []
    for p in _group_keep(g, f, group):
        pl = g.players[p]   # a Player: its fields as C reads
        if pl.hp < pl.maxhp:
            out.append(p)
    return _regroup(group, out)


@prim(group="角色组", returns="角色组")
def characters_with_hand(g, f, group, /):
    return _regroup(group, [p for p in _group_keep(g, f, group) if _has_hand(g, p)])


@prim(who="角色", group="角色组", returns="角色组")
def characters_with_more_hp(g, f, who, group, /):
    """体力值大于〔甲〕的〔角色组〕 (〖驱虎〗)."""
    hp = g.players[who].hp if isinstance(who, int) and 0 <= who < g.n else 0
    return _regroup(group, [p for p in _group_keep(g, f, group) if g.players[p].hp > hp])


@prim(x="数", group="角色组", returns="角色组")
def characters_with_hp_above(g, f, x, group, /):
    """体力值大于X的〔角色组〕 (〖蛊惑〗: 体力值大于0的其他角色)."""
    return _regroup(group, [p for p in _group_keep(g, f, group) if g.players[p].hp > x])


@prim(group="角色组", returns="数")
def count_characters(g, f, group, /):
    """〔角色组〕数 (〖血裔〗: 其他群势力角色数)."""
    return len(_group(g, f, group))


@prim(who="角色", group="角色组", returns="角色")
def chosen_by(g, f, who, group, /):
    """〔甲〕选择的一名〔角色组〕 (〖驱虎〗: 其攻击范围内你选择的一名角色): one of them, chosen by 甲."""
    return Pick("players", _group(g, f, group), 1, 1, who if isinstance(who, int) else -1)


@prim(group="角色组", returns="角色组")
def male_characters(g, f, group, /):
    return _regroup(group, [p for p in _group_keep(g, f, group) if _sex(g, p) == "男"])


@prim(group="角色组", returns="角色组")
def female_characters(g, f, group, /):
    """女性〔角色组〕 (〖肉林〗)."""
    return _regroup(group, [p for p in _group_keep(g, f, group) if _sex(g, p) == "女"])


@prim(group="角色组", returns="角色组")
def fewest_hand_characters(g, f, group, /):
    """手牌数最少的〔角色组〕 (〖好施〗): those of the group with the fewest hand cards (ties: all)."""
    roles = _group_keep(g, f, group)
    if not roles:
        return _regroup(group, [])
    low = min([len(g.zone_cards(Z_HAND, p)) for p in roles])
    return _regroup(group, [p for p in roles if len(g.zone_cards(Z_HAND, p)) == low])


@prim(x="数", group="角色组", returns="角色组")
def characters_with_hp_below(g, f, x, group, /):
    """体力值小于X的〔角色组〕 (〖崩坏〗's 全场最少)."""
    return _regroup(group, [p for p in _group_keep(g, f, group) if g.players[p].hp < x])


@prim(who="角色", group="角色组", returns="角色组")
def nearest_characters(g, f, who, group, /):
    """与〔甲〕距离最近的〔角色组〕 (〖乱武〗): those of the group but 甲 at the least distance from
    甲 (002:119-135 the final distance; ties: all of them)."""
    roles = [p for p in _group_keep(g, f, group) if p != who]
    if not roles or not (isinstance(who, int) and 0 <= who < g.n):
        return _regroup(group, [])
    ds = [g.distance(who, p) for p in roles]
    low = min(ds)
    return _regroup(group, [p for p, d in zip(roles, ds) if d == low])


@prim(group="角色组", returns="角色组")
def characters_except_group(g, f, group, /):
    """除〔角色组〕外的角色 (〖完杀〗 除你和处于濒死状态的角色外的角色): the living characters not in it."""
    out = _group(g, f, group)
    return tuple([p for p in g.alive_tuple() if p not in out])


def _declared(g, p, /):
    """The general p declared (〖化身〗: its sex and faction are p's), or None."""
    av = _st(g)[S_AVATAR]
    if av is None or av[p] is None or av[p][1] < 0:
        return None
    return Games.general_card(g, av[p][1])


def _sex(g, p, /):
    return _general_item(g, p, 1)   # (_declared(g, p) or Games.general_of(g, p))[2], or ""


def _faction(g, p, /):
    return _general_item(g, p, 0)   # (_declared(g, p) or Games.general_of(g, p))[1], or ""


@cython.cfunc
@cython.boundscheck(True)   # its C indices checked, as the object indices were
def _general_item(g: Game, p, k: cython.Py_ssize_t, /):
    """Item k of the entry (faction, sex, hp, lord, skills) of the general p declared (〖化身〗,
    _declared's) or else of p's own (Games.general_of's), "" when p has none: read in place,
    where general_card made the tuple (name,) + entry for each read (~1,000 instructions at each
    of ~300 in the six games: 〖激将〗's condition asks every living role's faction)."""
    av = _st(g)[S_AVATAR]
    if av is not None and av[p] is not None and av[p][1] >= 0:
        i: cython.Py_ssize_t = av[p][1]
    else:
        # the seat and the general's index read as C ints, the lists indexed in C (step 204c: p
        # indexed the players through PyObject_GetItem, i the order through the generic getter)
        pl: Player = g.players[_seat(p)]
        i = pl.general
        if i < 0:
            return ""
    t = _T(g)
    gens: dict = t.generals
    order: list = t.general_order   # a list (register_general)
    return cython.cast(tuple, gens[order[i]])[k]


@prim(faction="势力", returns="角色组")
def other_faction_characters(g, f, faction, /):
    return tuple([p for p in g.alive_tuple() if p != f.owner and _faction(g, p) == faction])


# Q_NODIST's bit in g.no_answer (a C constant when compiled: no module global read at each test)
_NODIST_BIT = cython.declare(cython.ulonglong, 1 << Q_NODIST)


def _tc_free(g, who, /):
    """无距离限制 of the card being targeted (_TG) for its user ``who``: by a status rule
    (〖奇才〗), or because the use is 对乙 (000:89-90, Targets._target_options)."""
    tg = _TG
    if not tg.on:
        return False
    if tg.user != who:
        return False
    if tg.free or tg.nodist:
        return True   # 对乙 of a target of its own use (000:90), or a card made 无距离限制 (〖神速〗)
    # status._query's no-answer bit (status._unanswerable) tested here first: no call when
    # nothing can answer 无距离限制
    return (g.no_answer & _NODIST_BIT) == 0 and Status._query(g, Q_NODIST, who, tg.name) != 0


@prim(who="角色", group="角色组", returns="角色组")
def characters_reaching(g, f, who, group, /):
    """攻击范围内有〔甲〕的〔乙〕 (〖挑衅〗): those of 乙 whose attack range includes 甲."""
    if not (isinstance(who, int) and 0 <= who < g.n):
        return _regroup(group, [])
    return _regroup(group, [p for p in _group_keep(g, f, group)
                            if p != who and g.attack_range(p) >= g.distance(p, who)])


@prim(who="角色", returns="数")
def attack_range_of(g, f, who, /):
    """〔甲〕的攻击范围 as a number (002: 攻击范围, 〖烈弓〗)."""
    if not (isinstance(who, int) and 0 <= who < g.n):
        return 0
    return g.attack_range(who)


@prim(who="角色", group="角色组", returns="角色组")
def in_attack_range(g, f, who, group, /):
    """〔甲〕攻击范围内的〔乙〕 (无距离限制 of the card being targeted: all)."""
    # 无距离限制 (_tc_free, a status query: ~1,000 instructions when a card is being targeted)
    # read only at the first role out of range, as in_attack_range_one reads it (step 143e):
    # a group all in range answers without it
    free: cython.int = -1
    out = []
    # who's attack range, read once (it runs no status rule: _mod_range); compared with each
    # distance as C ints (step 47: they were boxed)
    rng: cython.longlong = 0
    have_rng: cython.bint = False
    # who as a C int, taken at the group's first role, and each role's seat compared with it as
    # C ints (step 227b: compared as objects, ~32 instructions each of ~400 in the six games)
    w: cython.int = 0
    have_w: cython.bint = False
    q: cython.int
    for p in _group_keep(g, f, group):
        if not have_w:
            w = _seat(who)
            have_w = True
        q = _seat(p)
        if q == w:
            continue
        if free != 1:
            if not have_rng:
                rng = _seat_range(g, w)
                have_rng = True
            if rng < _seats_distance(g, w, q):   # q is not w (passed over above)
                if free < 0:
                    free = 1 if _tc_free(g, who) else 0
                if free == 0:
                    continue
        out.append(p)
    return _regroup(group, out)


def in_attack_range_one(g, f, who, group, /):
    """in_attack_range where the 使用目标 picks one role of it (选择一名, compiler.emit.FIRST_OF):
    the same, but when the evaluation only asks whether the card has a legal target
    (_TG.first: the usability scan), the first role of the group that is a legal target of the
    card (Targets._legal) and in ``who``'s attack range (or the card 无距离限制), alone, or none —
    its legality read before its distance, and no distance read after it (docs/decisions/0081). A pick of one
    has a legal target exactly when that group is not empty. A 延时锦囊's legality may give a
    card its virtual card (an id): its group is read whole, as _has_target reads it."""
    tg = _TG
    if not tg.first or not tg.on or Targets._is_delayed(g, tg.name):
        return in_attack_range(g, f, who, group)
    # 无距离限制 (_tc_free, a status query) read only at the first legal role out of range: a
    # legal role in range answers without it
    free: cython.int = -1
    rng: cython.longlong = 0
    have_rng: cython.bint = False
    # the seats as C ints, each unboxed once (step 110b: who was unboxed for the attack range
    # and again for the distance, each role of the group for the distance, and each compared
    # with who as objects)
    w: cython.int = _seat(who)
    q: cython.int
    for p in _group_keep(g, f, group):
        q = _seat(p)
        # the name is no 延时锦囊 (tested above): its legality is _legal_base's, whose call
        # _legal made after asking _is_delayed again for each role (step 127)
        if q == w or not Targets._legal_base(g, tg.user, tg.name, p, None):
            continue
        if not have_rng:
            rng = _seat_range(g, w)
            have_rng = True
        if rng >= _seats_distance(g, w, q):   # q is not w (passed over above)
            return _regroup_one(group, p)
        if free < 0:
            free = 1 if _tc_free(g, who) else 0
        if free:
            return _regroup_one(group, p)
    return _regroup_one(group, None)


# ---- a 使用目标's outermost filter of a pick of one, read up to its first legal role ----------------
# (compiler.emit.FIRST_OF_FILTER writes these for a card's 使用目标 whose outermost role filter
# applies to a pick of one role: 【顺手牵羊】's 你距离为1的区域里有牌的一名其他角色, 【借刀杀人】's,
# 【过河拆桥】's, 【火攻】's; docs/decisions/0109). Each is its filter unless _first_only; then it
# answers the pick of the first role of the group that is a legal target of the card and passes
# the filter, or of none: a pick of one has a legal target exactly when its filtered group holds
# one (Targets._has_target), and the scan never reads the group. Legality is read first (a C
# test while nothing can answer a legality query), the filter's own reads after it.


@cython.cfunc
@cython.inline
def _has_cards_in_areas(g: Game, p, /) -> cython.bint:
    """区域内有牌: characters_with_cards_in_areas' test of a role, and its first-role form's."""
    return Zones._has_own_cards(g, p) or len(g.zone_cards(Z_JUDGE, p)) > 0


@cython.cfunc
@cython.inline
def _has_hand(g: Game, p, /) -> cython.bint:
    """有手牌: characters_with_hand's test of a role, and its first-role form's."""
    return len(g.zone_cards(Z_HAND, p)) > 0


@cython.cfunc
@cython.exceptval(-1, check=True)
def _first_only(g: Game, group, /) -> cython.int:
    """Whether a filter of ``group`` may answer its first legal role alone: the evaluation only
    asks whether the card has a legal target (_TG.first: the usability scan), the group is a pick
    of one role (a larger lo needs more legal targets than the first), and the card is no 延时锦囊
    (its legality may give a 判定区's cards their virtual cards, whose ids the log shows: its group
    is read whole, as Targets._has_target reads it)."""
    tg = _TG
    if not tg.first or not tg.on or not isinstance(group, Pick):
        return 0
    if cython.cast(Pick, group).lo > 1:
        return 0
    return 0 if Targets._is_delayed(g, tg.name) else 1


def at_distance_one(g, f, who, x, group, /):
    """at_distance, the outermost filter of a pick of one: its first legal role (_first_only).
    A role's distance is read after its legality; 无距离限制 (_tc_free) and 〖断粮〗's reach (a
    status query each) only at a legal role not at distance x."""
    if not _first_only(g, group):
        return at_distance(g, f, who, x, group)
    tg = _TG
    free: cython.int = -1
    plus = None
    d: cython.longlong
    # the seats as C ints, who's taken at the group's first role (step 227b, as in_attack_range)
    w: cython.int = 0
    have_w: cython.bint = False
    q: cython.int
    for p in _group_keep(g, f, group):
        if not have_w:
            w = _seat(who)
            have_w = True
        q = _seat(p)
        if q == w or not Targets._legal_base(g, tg.user, tg.name, p, None):
            continue
        # (q is not w: core.held's kept distance of two seats, a C call, where Game.distance
        # was a method call that unboxed both seats and tested them equal again)
        d = _seats_distance(g, w, q)
        if d == x:
            return _regroup_one(group, p)
        if free < 0:
            free = 1 if _tc_free(g, who) else 0
        if free:
            return _regroup_one(group, p)
        if plus is None:
            plus = Status._query(g, Q_DISTPLUS, who, tg.name) if tg.user == who else 0
        if plus > 0 and x < d <= x + plus:
            return _regroup_one(group, p)
    return _regroup_one(group, None)


def characters_with_cards_in_areas_one(g, f, group, /):
    """characters_with_cards_in_areas, the outermost filter of a pick of one: its first legal
    role (_first_only)."""
    if not _first_only(g, group):
        return characters_with_cards_in_areas(g, f, group)
    tg = _TG
    for p in _group_keep(g, f, group):
        if Targets._legal_base(g, tg.user, tg.name, p, None) and _has_cards_in_areas(g, p):
            return _regroup_one(group, p)
    return _regroup_one(group, None)


def characters_with_equipment_of_category_one(g, f, cat, group, /):
    """characters_with_equipment_of_category, the outermost filter of a pick of one: its first
    legal role (_first_only)."""
    if not _first_only(g, group):
        return characters_with_equipment_of_category(g, f, cat, group)
    tg = _TG
    for p in _group_keep(g, f, group):
        if Targets._legal_base(g, tg.user, tg.name, p, None) and \
                Zones.equipment_of_category(g, f, p, cat):
            return _regroup_one(group, p)
    return _regroup_one(group, None)


def characters_with_hand_one(g, f, group, /):
    """characters_with_hand, the outermost filter of a pick of one: its first legal role
    (_first_only)."""
    if not _first_only(g, group):
        return characters_with_hand(g, f, group)
    tg = _TG
    for p in _group_keep(g, f, group):
        if Targets._legal_base(g, tg.user, tg.name, p, None) and _has_hand(g, p):
            return _regroup_one(group, p)
    return _regroup_one(group, None)


@prim(a="角色组", b="角色组", returns="角色组")
def union(g, f, a, b, /):
    out = list(_group(g, f, a))
    for p in _group(g, f, b):
        if p not in out:
            out.append(p)
    return tuple(out)


@prim(a="角色", b="角色", returns="角色组")
def players_from_to(g, f, a, b, /):
    out = []
    p = a
    for i in range(g.n):
        if g.players[p].alive:
            out.append(p)
        if p == b:
            break
        p = (p + 1) % g.n
    return tuple(out)


@prim(who="角色", returns="角色")
def prev_player(g, f, who, /):
    for i in range(1, g.n + 1):
        q = (who - i) % g.n
        if g.players[q].alive:
            return q
    return NONE


@prim(who="角色", returns="角色")
def next_seat(g, f, who, /):
    return g.next_alive(who)


@prim(who="角色", returns="数")
def seat_number(g, f, who, /):
    if type(who) is int:
        # the seat read in place and the sum made with C ints (Python's modulo kept: cdivision is
        # off), where each step boxed an int (step 131g: ~540 calls in the six games of `sgs bench
        # --what instructions`, ~290 instructions each)
        w: cython.long = _seat(who)
        return (w - g.first_seat) % g.n + 1
    return (who - g.first_seat) % g.n + 1


@prim(returns="数")
def player_count(g, f, /):
    return g.n


@prim(returns="数")
def alive_count(g, f, /):
    return g.alive_count()


# ---- roles: state ------------------------------------------------------------------------------


@prim(who="角色", returns="数")
def hp(g, f, who, /):
    return _player(g, who).hp


@prim(who="角色", returns="数")
def max_hp(g, f, who, /):
    return _player(g, who).maxhp


@prim(who="角色", returns="数")
def hand_limit(g, f, who, /):
    _player(g, who)   # NONE is a spec error, not the last seat's limit
    return g.hand_limit(who)


@prim(who="角色", returns="数")
def draw_count(g, f, who, /):
    _player(g, who)   # NONE is a spec error, not the last seat's count
    return g.draw_count(who)


@prim(a="角色", b="角色", returns="数")
def distance(g, f, a, b, /):
    _player(g, a)   # NONE is a spec error (a distance from or to no role), not the last seat's
    _player(g, b)
    return g.distance(a, b)


@prim(who="角色", returns="真假")
def is_dead(g, f, who, /):
    """(a target that is a card is never dead)"""
    if not isinstance(who, int):
        return False
    # the seat read in place and compared, the player read, as C values (step 131e: the seat was
    # compared as an object twice and the list indexed by it, ~235 instructions at each of
    # ~1,100 calls in the six games of `sgs bench --what instructions`, the move flows' tests)
    w: cython.long = _seat(who)
    if w < 0 or w >= g.n:
        return False
    return not cython.cast(Player, g.players[w]).alive


@prim(who="角色", returns="真假")
def dying(g, f, who, /):
    pl = _player(g, who)
    return pl.alive and pl.hp <= 0


@prim(who="角色", returns="真假")
def is_face_down(g, f, who, /):
    return not _player(g, who).face_up


@prim(who="角色")
def flip_general(g, f, strict, who, /):
    _player(g, who)
    g.flip(who)
    return _done(f, True)


@prim(who="角色", returns="真假")
def is_chained(g, f, who, /):
    return _player(g, who).chained


@prim(who="角色", v="真假")
def set_chained(g, f, strict, who, v, /):
    _player(g, who).chained = bool(v)
    return _done(f, True)


@prim(returns="真假")
def other_chained_exists(g, f, /):
    ev = _event_ctx(g, f)
    me = _slot(ev, 0)
    for p in g.alive_tuple():
        if p != me and g.players[p].chained:
            return True
    return False


@prim(who="角色", returns="身份")
def identity(g, f, who, /):
    return _player(g, who).role


@prim(who="角色", role="身份", returns="真假")
def has_role(g, f, who, role, /):
    return _player(g, who).role == role


@prim(role="身份", returns="角色组")
def characters_with_role(g, f, role, /):
    return tuple([p for p in range(g.n) if g.players[p].role == role])


@prim(r1="身份", r2="身份", returns="角色组")
def characters_with_roles(g, f, r1, r2, /):
    out = []
    for p in range(g.n):
        pl = g.players[p]
        if pl.role == r1 or pl.role == r2:
            out.append(p)
    return tuple(out)


def _survives(g, p, /):
    """存活: alive and not dying in a running death flow. A role is dead from the start of its
    death flow (000:513); it leaves the game only at 离场 (000:530), after the game-end check
    (000:528) has asked who is alive."""
    pl = g.players[p]
    if not pl.alive:
        return False
    cid = _T(g).events.get("死亡", -2)
    for fr in g.stack:
        if fr.prog == cid and _slot(fr, 0) == p:
            return False
    return True


@prim(group="角色组", returns="真假")
def all_dead(g, f, group, /):
    for p in _group_all(g, f, group):
        if _survives(g, p):
            return False
    return True


def _group_all(g, f, v, /):
    if isinstance(v, int):
        return (v,) if v >= 0 else ()
    return tuple(v)


@prim(returns="真假")
def one_alive(g, f, /):
    return len([p for p in range(g.n) if _survives(g, p)]) == 1


@prim(returns="角色")
def sole_survivor(g, f, /):
    s = [p for p in range(g.n) if _survives(g, p)]
    return s[0] if len(s) == 1 else NONE


@prim(who="角色", sid="技能", returns="真假")
def has_skill(g, f, who, sid, /):
    return g.has_skill(who, sid)


@prim(who="角色", sid="技能")
def add_skill(g, f, strict, who, sid, /):
    _player(g, who)   # NONE is a spec error, not a skill for the last seat
    Games.gain_skill(g, who, sid)
    return _done(f, True)


@prim(who="角色", sid="技能")
def remove_skill(g, f, strict, who, sid, /):
    if _player(g, who).has[sid] == 0:
        return _done(f, False)
    g.revoke_skill(who, sid)
    return _done(f, True)


def _general_skills_of(g, p, /):
    """The skills p has as a general's (its own and those it gained, 002:13): not the hidden
    ones everyone has, not an equipment's, not a granted action's 〖名·授〗 nor a delayed
    effect 〖名·延时〗 already set up."""
    t = _T(g)
    hidden = set(Status.everyones_skills(t))
    equip = set()
    for info in t.cards.values():
        for sname in info[4]:
            equip.add(sname)
    out = []
    has = g.players[p].has
    for sid in range(len(g.rs.skills)):
        if sid < len(has) and has[sid] > 0 and sid not in hidden:
            name = g.rs.skills[sid].name
            if name in equip or name.endswith("·授") or name.endswith("·延时"):
                continue
            out.append(sid)
    return out


@prim(who="角色")
def lose_all_skills(g, f, strict, who, /):
    """〔甲〕失去其所有技能 (〖断肠〗, 002:13-14): 甲 loses every skill it has as a general's,
    those it gained too (000:566 它不再拥有该技能)."""
    if not (isinstance(who, int) and 0 <= who < g.n):
        return _done(f, False)
    sids = _general_skills_of(g, who)
    for sid in sids:
        while g.players[who].has[sid] > 0:
            g.revoke_skill(who, sid)
    Regarded.update_regarded(g, who)
    return _done(f, len(sids) > 0)


@prim(who="角色", x="数")
def set_hp(g, f, strict, who, x, /):
    pl = _player(g, who)
    g.change_hp(who, x - pl.hp)
    return _done(f, True)


@prim(who="角色", x="数")
def set_max_hp(g, f, strict, who, x, /):
    g.set_maxhp(who, x)
    return _done(f, True)


@prim(who="角色", n="数", mark="标记")
def add_marks(g, f, strict, who, n, mark, /):
    g.add_mark(who, mark, n)
    return _done(f, True)


@prim(who="角色", mark="标记")
def remove_all_marks(g, f, strict, who, mark, /):
    n = g.mark(who, mark)
    if n == 0:
        return _done(f, False)
    g.add_mark(who, mark, -n)
    return _done(f, True)


# ---- more references -------------------------------------------------------------------------


@prim(a="角色", b="角色", returns="真假")
def opposite_sex(g, f, a, b, /):
    if not (isinstance(a, int) and 0 <= a < g.n and isinstance(b, int) and 0 <= b < g.n):
        return False  # not two characters (a card target: 【无懈可击】's)
    sa, sb = _sex(g, a), _sex(g, b)
    return sa != "" and sb != "" and sa != sb


@prim(group="角色组", returns="角色组")
def dying_characters(g, f, group, /):
    alone = Health._dying_alone_role(g)
    out = []
    for p in _group_keep(g, f, group):
        pl = g.players[p]
        if pl.hp <= 0 and (alone < 0 or p == alone):
            out.append(p)
    return _regroup(group, out)


@prim(group="角色组", returns="角色组")
def characters_with_cards_in_areas(g, f, group, /):
    return _regroup(group, [p for p in _group_keep(g, f, group) if _has_cards_in_areas(g, p)])


@prim(who="角色", x="数", group="角色组", returns="角色组")
def at_distance(g, f, who, x, group, /):
    free = _tc_free(g, who)
    tg = _TG
    # 〖断粮〗: the user's 距离为X of this card reaches X+plus (距离…以内)
    plus = Status._query(g, Q_DISTPLUS, who, tg.name) if tg.on and tg.user == who else 0
    # each role's distance read once, by core.held's C call for two seats (p is not who), where
    # Game.distance's method call unboxed both seats for each read (step 219b)
    out = []
    d: cython.longlong
    # the seats as C ints, who's taken at the group's first role (step 227b, as in_attack_range)
    w: cython.int = 0
    have_w: cython.bint = False
    q: cython.int
    for p in _group_keep(g, f, group):
        if not have_w:
            w = _seat(who)
            have_w = True
        q = _seat(p)
        if q == w:
            continue
        if not free:
            d = _seats_distance(g, w, q)
            if not (d == x or (plus > 0 and x < d <= x + plus)):
                continue
        out.append(p)
    return _regroup(group, out)


@prim(who="角色", group="角色组")
def choose_characters(g, f, strict, who, group, /):
    """〔甲〕选择〔乙〕: resolves a Pick (asking 甲) and records the choice."""
    if isinstance(group, Pick):
        p = Pick(group.kind, group.group, group.lo, group.hi, who)
        return Decisions._resolve(g, f, "choose_characters", strict, (who, p), "选择角色")
    _sx(f)[X_CHOSEN] = group if isinstance(group, int) else (group[0] if group else NONE)
    return _done(f, True)


@prim(who="角色", returns="角色")
def chosen_character(g, f, who, /):
    """〔甲〕选择的角色: the character chosen last in this frame, else in a card's effect
    the one its user chose with the current target (目标限制, 【借刀杀人】)."""
    v = _get(f, X_CHOSEN)
    if v is not None:
        return v
    c = Resolving._card_ctx(g, f)
    if _is_v(c):
        w = _field(_rec(g, c), V_WITH)
        t = Resolving.current_target_character(g, f)
        if t in w:
            return w[t]
    return NONE


# ---- generals and equipment ------------------------------------------------------------------


@prim(who="角色", returns="牌组")
def generals_of(g, f, who, /):
    """The general cards are not game cards (no zone holds them): none to move."""
    return ()


@prim(cat="类别", group="角色组", returns="角色组")
def characters_with_equipment_of_category(g, f, cat, group, /):
    out = [p for p in _group_keep(g, f, group) if Zones.equipment_of_category(g, f, p, cat)]
    return _regroup(group, out)


# ---- armour, marks ---------------------------------------------------------------------------


@prim(who="角色", returns="数")
def armor(g, f, who, /):
    v = _S(g, S_ARMOR, g.n)[who]
    return 0 if v is None else v


@prim(who="角色", x="数")
def set_armor(g, f, strict, who, x, /):
    _Sw(g, S_ARMOR, g.n)[who] = x
    return _done(f, True)


@prim(who="角色", returns="真假")
def is_hidden_name(g, f, who, /):
    """身份局 has no hidden generals (隐匿 is 国战/其他模式)."""
    return False


@prim(who="角色", tgt="角色")
def remove_every_mark(g, f, strict, who, tgt, /):
    pl = _player(g, tgt)
    for m in range(len(pl.marks)):
        if pl.marks[m]:
            g.add_mark(tgt, m, -pl.marks[m])
    return _done(f, True)


# ---- draw counts, chosen suits and roles -----------------------------------------------------


@prim(who="角色", x="数")
def draw_count_plus(g, f, strict, who, x, /):
    return _draw_mod(g, f, who, x, False)


@prim(who="角色", x="数")
def draw_count_minus(g, f, strict, who, x, /):
    return _draw_mod(g, f, who, -x, False)


@prim(who="角色", x="数")
def draw_count_set(g, f, strict, who, x, /):
    return _draw_mod(g, f, who, x, True)


def _draw_mod(g, f, who, x, setv, /):
    """令额定摸牌数…: for this 摸牌阶段 (a per-turn record the draw reads)."""
    tf = Turns._turn_frame(g)
    if tf is None:
        return _done(f, False)
    k = _T(g).k_draw
    cur = g.count(SC_TURN, who, k)
    if setv:
        g.add_count(SC_TURN, who, _T(g).k_drawset, 1)
        g.add_count(SC_TURN, who, k, x - cur)
    else:
        g.add_count(SC_TURN, who, k, x)
    return _done(f, True)


# the draw count's modifiers (cpdef, roles.pxd: the classes below call them in C): the game
# typed, its turn's counters read in place (_turn_count)


def _mod_draw(g: Game, owner, a, b, /):
    t = _T(g)
    if _turn_count(g, a, t.k_drawset):
        return None
    d = _turn_count(g, a, t.k_draw)
    return d if d != 0 else None


def _mod_draw_set(g: Game, owner, a, b, /):
    t = _T(g)
    if _turn_count(g, a, t.k_drawset):
        return _turn_count(g, a, t.k_draw)
    return None


_SC_TURN = cython.declare(cython.Py_ssize_t, SC_TURN)   # a C int: the turn's counters' scope


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=True)
def _turn_count(g: Game, p: cython.int, k, /) -> cython.int:
    """g.count(SC_TURN, p, k) (0: no such counter, as Game.count answers; k an int of the tables,
    read in place: smallint.pxd) read in place: the method's call, SC_TURN's and k's conversions to
    C ints were ~100 instructions at each of ~1,000 reads in the six games of `sgs bench --what
    instructions` (the draw count's two modifiers at ~275 draw counts; step 238b)."""
    key: cython.long = _seat(k)
    if not (0 <= p < g.n and 0 <= key < g.K):
        return 0
    if cython.compiled:
        return ints_of(PyList_GET_ITEM(g.cnt, _SC_TURN))[p * g.K + key]
    return g.cnt[_SC_TURN][p * g.K + key]


# the same two as Modifier subclasses (register.finish registers them): Game.modval calls their
# value in C, and it calls the function in C, where Modifier.value called the function at Python
# level (~200 instructions each, two at each of ~275 draw counts in the six games). Extension
# types of this module only (not in roles.pxd: nothing else names them).
@cython.cclass
class _DrawModifier(Modifier):
    """_mod_draw's answer."""

    @cython.ccall
    def value(self, g: Game, owner: cython.int, a: cython.int, b: cython.int, /):
        return _mod_draw(g, owner, a, b)


@cython.cclass
class _DrawSetModifier(Modifier):
    """_mod_draw_set's answer."""

    @cython.ccall
    def value(self, g: Game, owner: cython.int, a: cython.int, b: cython.int, /):
        return _mod_draw_set(g, owner, a, b)


@prim(who="角色", tgt="角色")
def order_choose_suit(g, f, strict, who, tgt, /):
    if Decisions._needs_resolve((tgt,)):
        return Decisions._resolve(g, f, "order_choose_suit", strict, (who, tgt), "选择一种花色")
    if not isinstance(tgt, int) or tgt < 0:
        return _done(f, False)
    _sx(f)[X_CHOSEN] = tgt
    return Decisions._helper(g, f, OP_ASK_THEN, [D_OPTION, [0, 1, 2, 3], 1, 1,
                                       ("选择一种花色", list(SUIT_TEXT)),
                                       _SET_SUIT, tgt], tgt)


def _set_suit(g, f, strict, ans, tgt, /):
    _Sw(g, S_SUIT, g.n)[tgt] = ans
    _sx(f)[X_CHOSEN] = tgt
    return _done(f, True)


prim(_set_suit)
_SET_SUIT = prim_id("_set_suit")   # what helper frames hold (decisions._then)


@prim(who="角色", returns="花色")
def chosen_suit(g, f, who, /):
    v = _S(g, S_SUIT, g.n)[who]
    return S_NONE if v is None else v


@prim(returns="角色")
def first_chosen(g, f, /):
    """先选择的角色: the first of the roles chosen last (〖离间〗 "后选择的角色对先选择的角色…")."""
    ch = _st(g)[S_CHOSEN] or ()
    return ch[0] if ch else NONE


@prim(returns="角色组")
def chosen_characters(g, f, /):
    """The roles chosen last, in the order chosen (a choice of several made before the operation
    that names them runs: 〖缔盟〗's X reads 先选择的角色 and 后选择的角色)."""
    return tuple(_st(g)[S_CHOSEN] or ())


@prim(returns="角色")
def last_chosen(g, f, /):
    """后选择的角色: the last of the roles chosen last."""
    ch = _st(g)[S_CHOSEN] or ()
    return ch[len(ch) - 1] if ch else NONE


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(owner, all_players, choose_one_character, in_attack_range, alive_characters,
     seat_number, hand_limit, is_dead, system_actor, hp, armor, is_face_down, draw_count, it,
     choose_up_to_n_characters, choose_between_n_characters, wounded_characters,
     characters_with_hand, other_faction_characters, player_count, max_hp, is_chained, identity,
     set_hp, characters_with_cards_in_areas, at_distance, characters_with_roles,
     dying_characters, characters_with_equipment_of_category, male_characters, draw_count_set,
     set_chained, all_dead, current_player, remove_every_mark, generals_of, choose_n_characters,
     other_players, characters_with_role, last_chosen, first_chosen)
