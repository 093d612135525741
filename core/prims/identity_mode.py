# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""身份局's set-up: role cards, seats, the general choice, HP and the starting hand
(specs/modes/身份局.sgs).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
from core.prims.base import (
    NONE, OP_CARDS_THEN, ROLE_LORD, ROLE_LOYALIST, ROLE_REBEL, ROLE_RENEGADE, S_ROLES, _T, _done,
    _st, alias, prim)
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import cards as Cards, decisions as Decisions, games as Games
if cython.compiled:
    from cython.cimports.core.prims import cards as Cards, decisions as Decisions, games as Games


# ---- identity mode setup -----------------------------------------------------------------------


@prim(a="数", b="数", c="数", d="数")
def role_cards(g, f, strict, a, b, c, d):
    _st(g)[S_ROLES] = [ROLE_LORD] * a + [ROLE_LOYALIST] * b + [ROLE_REBEL] * c + \
        [ROLE_RENEGADE] * d
    return _done(f, True)


def _roles(g):
    return _st(g)[S_ROLES]


@prim
def shuffle_roles(g, f, strict):
    r = _roles(g)
    if r is None:
        return _done(f, False)
    g.rng.shuffle(r)
    return _done(f, True)


@prim
def deal_roles(g, f, strict):
    r = _roles(g)
    if r is None or len(r) < g.n:
        return _done(f, False)
    for p in range(g.n):
        g.players[p].role = r[p]
    g.log_event({"e": "roles", "roles": [g.players[p].role for p in range(g.n)]})
    return _done(f, True)


@prim(returns="角色")
def lord_player(g, f):
    for p in range(g.n):
        if g.players[p].role == ROLE_LORD:
            return p
    return NONE


def _noop(g, f, strict, *args):
    """An operation with no effect on the simulated state (showing, facing
    of role cards, seat numbering, …): executed."""
    return _done(f, True)


for _n in ("reveal_role", "hide_roles", "reveal_identity", "counterclockwise_from",
           "reveal_generals", "confirm_gender_faction", "show",
           "reveal", "open_turn_window", "close_turn_window", "clear_card_history",
           "record_caused_damage",
           "record_received_damage", "reset_gender", "reset_faction",
           "reveal_pindian_cards", "sort_pindian_targets"):
    alias(_n, _noop, globals(), args="*")


@prim
def number_seats(g, f, strict):
    """Seat numbers 1..n from the first seat (set_current / the lord)."""
    lp = lord_player(g, f)
    if lp >= 0 and g.turn_no == 0:
        g.first_seat = lp
        g.referee = lp
    return _done(f, True)


def _general_pool(g):
    s = _st(g)
    used = [g.players[p].general for p in range(g.n) if g.players[p].general >= 0]
    t = _T(g)
    pack = t.pack if t.pack is not None else t.default_pack
    return [i for i in range(len(t.general_order))
            if i not in used and (pack is None or t.general_order[i] in pack)]


@prim(x="数", returns="牌组")
def lord_general_choices(g, f, x):
    t = _T(g)
    pool = _general_pool(g)
    lords = [i for i in pool if t.generals[t.general_order[i]][3]]
    rest = [i for i in pool if i not in lords]
    g.rng.shuffle(rest)
    return tuple(lords + rest[:x])


@prim(x="数", returns="牌组")
def random_generals(g, f, x):
    pool = _general_pool(g)
    g.rng.shuffle(pool)
    return tuple(pool[:x])


def _set_general_chosen(g, f, strict, chosen, who):
    Games.set_general(g, who, _T(g).general_order[chosen[0]])
    return _done(f, True)


prim(_set_general_chosen)


PROMPT_GENERAL = "选择武将"   # the prompt of choose_general (interfaces label its options as generals)


@prim(who="角色", group="牌组")
def choose_general(g, f, strict, who, group):
    """〔甲〕从〔乙〕中选择一张武将牌: general values are general indexes."""
    group = tuple(group)
    if not group:
        return _done(f, False)
    if len(group) == 1:
        return _set_general_chosen(g, f, strict, group, who)
    return Decisions._helper(g, f, OP_CARDS_THEN, [group, 1, 1, PROMPT_GENERAL, "_set_general_chosen", who], who)


@prim(who="角色", returns="数")
def printed_hp(g, f, who):
    gi = Games.general_of(g, who)
    return gi[3] if gi is not None else 4


@prim(who="角色", x="数")
def set_initial_max_hp(g, f, strict, who, x):
    g.set_maxhp(who, x)
    return _done(f, True)


@prim(who="角色", returns="数")
def initial_max_hp(g, f, who):
    return g.players[who].maxhp


@prim(who="角色", x="数")
def set_initial_hp(g, f, strict, who, x):
    g.change_hp(who, x - g.players[who].hp)
    return _done(f, True)


@prim
def form_deck(g, f, strict):
    g.shuffle_zone(E.Z_DRAW)
    return _done(f, True)


@prim(who="角色", cards="牌组", whom="角色")
def starting_hand(g, f, strict, who, cards, whom):
    """Before the game starts no timing is generated (000:17): a plain move."""
    cs = Cards._cards(g, f, cards)
    g.move(cs, E.Z_HAND, whom)
    return _done(f, len(cs) > 0)
