# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""身份局's set-up: role cards, seats, the general choice, HP and the starting hand
(specs/modes/身份局.sgs).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
from core.prims.base import (
    NONE, OP_ASK_THEN, OP_CARDS_THEN, ROLE_LORD, ROLE_LOYALIST, ROLE_REBEL, ROLE_RENEGADE,
    S_AVATAR, S_ROLES, _Sw, _done, _player, alias, prim, prim_id)
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import _T_fast as _T, _st_fast as _st, _S_fast as _S
else:
    from core.prims.base import _T, _st, _S
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import cards as Cards, decisions as Decisions, games as Games, regarded as Regarded
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, decisions as Decisions, games as Games, regarded as Regarded)


# ---- identity mode setup -----------------------------------------------------------------------


@prim(a="数", b="数", c="数", d="数")
def role_cards(g, f, strict, a, b, c, d, /):
    _st(g)[S_ROLES] = [ROLE_LORD] * a + [ROLE_LOYALIST] * b + [ROLE_REBEL] * c + \
        [ROLE_RENEGADE] * d
    return _done(f, True)


def _roles(g, /):
    return _st(g)[S_ROLES]


@prim
def shuffle_roles(g, f, strict, /):
    r = _roles(g)
    if r is None:
        return _done(f, False)
    g.rng.shuffle(_Sw(g, S_ROLES))   # a clone shares the role cards (SHARED_TABLES)
    return _done(f, True)


@prim
def deal_roles(g, f, strict, /):
    r = _roles(g)
    if r is None or len(r) < g.n:
        return _done(f, False)
    for p in range(g.n):
        g.players[p].role = r[p]
    g.log_event({"e": "roles", "roles": [g.players[p].role for p in range(g.n)]})
    return _done(f, True)


@prim(returns="角色")
def lord_player(g, f, /):
    for p in range(g.n):
        pl = g.players[p]
        if pl.role == ROLE_LORD:
            return p
    return NONE


def _noop(g, f, strict, /, *args):
    """An operation with no effect on the simulated state (showing, facing
    of role cards, seat numbering, …): executed."""
    return _done(f, True)


for _n in ("reveal_role", "hide_roles", "counterclockwise_from", "reveal_generals", "show",
           "reveal", "clear_card_history", "reset_gender", "reset_faction",
           "reveal_pindian_cards", "sort_pindian_targets"):
    alias(_n, _noop, globals(), args="*")


# … and the ones generated code calls at every turn, damage or declaration (step 83): each its
# own function of the term's arguments, cpdef in the .pxd (a C call from the units; an alias of
# _noop is a module attribute read by name and a Python call)
@prim(who="角色")
def open_turn_window(g, f, strict, who, /):
    return _done(f, True)


@prim(who="角色")
def close_turn_window(g, f, strict, who, /):
    return _done(f, True)


@prim(who="角色", ev="事件")
def record_caused_damage(g, f, strict, who, ev, /):
    return _done(f, True)


@prim(who="角色", ev="事件")
def record_received_damage(g, f, strict, who, ev, /):
    return _done(f, True)


@prim(who="角色")
def reveal_identity(g, f, strict, who, /):
    return _done(f, True)


@prim(who="角色")
def confirm_gender_faction(g, f, strict, who, /):
    return _done(f, True)


@prim
def number_seats(g, f, strict, /):
    """Seat numbers 1..n from the first seat (set_current / the lord)."""
    lp = lord_player(g, f)
    if lp >= 0 and g.turn_no == 0:
        g.first_seat = lp
        g.referee = lp
    return _done(f, True)


def _general_pool(g, /):
    """The generals of the pack dealt from (_pack_kept) that nobody plays nor holds aside, in the
    pack's order: the pack's copy less the positions of those marked, where each general of the
    pack was looked up in a set of them (~25 a pool) and the pool made item by item (step 230b)."""
    used = []
    for p in range(g.n):
        pl = g.players[p]
        if pl.general >= 0:
            used.append(pl.general)
    av = _st(g)[S_AVATAR]
    if av is not None:   # general cards a role holds aside are not in the pool either
        for a in av:
            if a is not None:
                for held in a[0].values():
                    used.extend(held)
    k = _pack_kept(_T(g))
    ix = k[3]
    pool = list(ix)
    if used:
        at = k[4]
        n = len(at)
        out = k[7]   # the pack's marks by position, all 0 between two pools
        for gi in used:
            if 0 <= gi < n:
                pos = at[gi]
                if pos >= 0:
                    out[pos] = 1
        for j in range(len(ix) - 1, -1, -1):   # from the end: a deletion moves what follows
            if out[j]:
                out[j] = 0
                del pool[j]
    return pool


# _pack_kept's last answer, with what it was made from (kept alive with it: no id reuse): [the
# tables' general_order, the pack (a frozenset, or None: all), the order's length, the pack's
# general indexes in order, by general index its position there (-1: not in the pack), by general
# index 1 for a lord's (主公) general, the tables' generals, by position the pool's marks (0)]
_PACK_KEPT = [None, None, -1, (), [], b"", None, bytearray()]


def _pack_kept(t, /):
    """_PACK_KEPT for the pack dealt from (t.pack, else t.default_pack): the same for every pool of
    a rulebook's games, where each pool tested every general's name in the pack again (~19 k
    instructions a pool, 36 pools in the six games; step 223b)."""
    order = t.general_order
    pack = t.pack if t.pack is not None else t.default_pack
    k = _PACK_KEPT
    if k[0] is order and k[1] is pack and k[2] == len(order) and k[6] is t.generals:
        return k
    ix = tuple([i for i in range(len(order)) if pack is None or order[i] in pack])
    at = [-1] * len(order)
    for i in range(len(ix)):
        at[ix[i]] = i
    lordly = bytes([1 if t.generals[name][3] else 0 for name in order])
    k[:] = [order, pack, len(order), ix, at, lordly, t.generals, bytearray(len(ix))]
    return k


@prim(x="数", returns="牌组")
def lord_general_choices(g, f, x, /):
    """The lords' generals of the pool, then x others at random: the lords' flags kept with the
    pack (_pack_kept), where each general of the pool was looked up by name and the others found
    by a list's search (~20 k instructions a game; step 230c)."""
    pool: list = _general_pool(g)
    lordly: bytes = _pack_kept(_T(g))[5]
    lords: list = []
    rest: list = []
    i: cython.Py_ssize_t
    for e in pool:
        i = e
        if lordly[i]:
            lords.append(e)
        else:
            rest.append(e)
    g.rng.shuffle(rest)
    return tuple(lords + rest[:x])


@prim(x="数", returns="牌组")
def random_generals(g, f, x, /):
    pool = _general_pool(g)
    g.rng.shuffle(pool)
    return tuple(pool[:x])


def _set_general_chosen(g, f, strict, chosen, who, /):
    Games.set_general_at(g, who, chosen[0])   # (chosen: general indexes)
    return _done(f, True)


prim(_set_general_chosen)
_SET_GENERAL_CHOSEN = prim_id("_set_general_chosen")   # what helper frames hold (decisions._then)


PROMPT_GENERAL = "选择武将"   # the prompt of choose_general (interfaces label its options as generals)


@prim(who="角色", group="牌组")
def choose_general(g, f, strict, who, group, /):
    """〔甲〕从〔乙〕中选择一张武将牌: general values are general indexes."""
    group = tuple(group)
    if not group:
        return _done(f, False)
    if len(group) == 1:
        return _set_general_chosen(g, f, strict, group, who)
    return Decisions._helper(g, f, OP_CARDS_THEN,
                             [group, 1, 1, PROMPT_GENERAL, _SET_GENERAL_CHOSEN, who], who)


@prim(who="角色", returns="数")
def printed_hp(g, f, who, /):
    gi = Games.general_of(g, who)
    return gi[3] if gi is not None else 4


@prim(who="角色", x="数")
def set_initial_max_hp(g, f, strict, who, x, /):
    g.set_maxhp(who, x)
    return _done(f, True)


@prim(who="角色", returns="数")
def initial_max_hp(g, f, who, /):
    return _player(g, who).maxhp


@prim(who="角色", x="数")
def set_initial_hp(g, f, strict, who, x, /):
    g.change_hp(who, x - _player(g, who).hp)
    return _done(f, True)


@prim
def form_deck(g, f, strict, /):
    g.shuffle_zone(E.Z_DRAW)
    return _done(f, True)


@prim(who="角色", cards="牌组", whom="角色")
def starting_hand(g, f, strict, who, cards, whom, /):
    """Before the game starts no timing is generated (000:17): a plain move."""
    cs = Cards._cards(g, f, cards)
    g.move(cs, E.Z_HAND, whom)
    return _done(f, len(cs) > 0)


# ---- general cards held aside and a skill declared from one (〖化身〗, 000:514, 002:12) ------------


def _avatar(g, p, /):
    av = _S(g, S_AVATAR, g.n)
    if av[p] is None:
        av[p] = [{}, -1, []]
    return av[p]


@prim(who="角色", x="数", name="名称")
def gain_generals_aside(g, f, strict, who, x, name, /):
    """〔甲〕随机获得〔X〕张未加入游戏的武将牌作为〔名称〕: X random general cards nobody plays nor
    holds (of the packs dealt from) are held aside by 甲 under that name."""
    pool = _general_pool(g)
    g.rng.shuffle(pool)
    got = pool[:x]
    if not got:
        return _done(f, False)
    _avatar(g, who)[0].setdefault(name, []).extend(got)
    return _done(f, True)


def _declarable(g, gi, /):
    """The skills of general gi one may declare, by name with their parts' ids: not a 主公技,
    限定技 or 觉醒技 (once a game), nor a skill of a part that is one (002:12 〖急袭〗 is gained,
    not the general's)."""
    t = _T(g)
    name = t.general_order[gi]
    out = {}
    for sname in t.generals[name][4]:
        sid = g.rs.id_of("skill", sname)
        out.setdefault(sname.split("·")[0], []).append(sid)
    keep = []
    for base, sids in out.items():
        if all(g.rs.skills[sid].lord_role < 0 and g.rs.skills[sid].limit_scope != E.SC_GAME for sid in sids):
            keep.append((base, sids))
    return keep


@prim(who="角色", name="名称")
def declare_skill_aside(g, f, strict, who, name, /):
    """〔甲〕选择一张〔名称〕并声明其一个技能: 甲 chooses one of the general cards it holds under
    that name and one of its skills (declarable: _declarable); 甲 loses the skill it declared
    before and has this one, and that general's sex and faction (roles._sex, _faction)."""
    held = _avatar(g, who)[0].get(name, [])
    if not held:
        return _done(f, False)
    return Decisions._helper(g, f, OP_CARDS_THEN, [tuple(held), 1, 1, PROMPT_GENERAL,
                                                   _DECLARE_GENERAL_CHOSEN, who], who)


def _declare_general_chosen(g, f, strict, chosen, who, /):
    gi = chosen[0] if isinstance(chosen, (list, tuple)) else chosen
    skills = _declarable(g, gi)
    if not skills:
        _declare(g, who, gi, [])
        return _done(f, True)
    names = tuple([b for b, sids in skills])
    return Decisions._helper(g, f, OP_ASK_THEN, [E.D_OPTION, list(range(len(names))), 1, 1,
                                                 ("声明一个技能", list(names)), _DECLARE_SKILL_CHOSEN,
                                                 who, gi, skills], who)


def _declare_skill_chosen(g, f, strict, ans, who, gi, skills, /):
    _declare(g, who, gi, skills[ans][1])
    return _done(f, True)


def _declare(g, who, gi, sids, /):
    a = _avatar(g, who)
    for sid in a[2]:
        g.revoke_skill(who, sid)
    a[1] = gi
    a[2] = list(sids)
    for sid in sids:
        g.grant_skill(who, sid)
    Regarded.update_regarded(g, who)


prim(_declare_general_chosen, _declare_skill_chosen)
_DECLARE_GENERAL_CHOSEN = prim_id("_declare_general_chosen")   # what helper frames hold
_DECLARE_SKILL_CHOSEN = prim_id("_declare_skill_chosen")   # (decisions._then)


@prim(who="角色", returns="真假")
def has_declared_general(g, f, who, /):
    """〔甲〕拥有声明的武将牌 (000:514): 甲's sex and faction are those of a general it declared."""
    av = _st(g)[S_AVATAR]
    return av is not None and av[who] is not None and av[who][1] >= 0


@prim(who="角色")
def undeclare_general(g, f, strict, who, /):
    """〔甲〕的性别和势力改为其武将牌的 (000:514): a declared general's sex and faction no more."""
    av = _st(g)[S_AVATAR]
    if av is None or av[who] is None or av[who][1] < 0:
        return _done(f, False)
    av[who][1] = -1
    return _done(f, True)


# step 83's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(open_turn_window, close_turn_window, record_caused_damage, record_received_damage,
     reveal_identity, confirm_gender_faction, choose_general, random_generals, set_initial_max_hp,
     printed_hp, set_initial_hp, initial_max_hp, starting_hand, lord_player, has_declared_general)
