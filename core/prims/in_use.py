# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""The virtual cards in use (the root state's S_LIVE records: docs/ir.md) as the rules read and
restrict them: who used which card of a name and on whom (女性角色使用的【杀】, 〖肉林②〗's
``cards_used_by``, ``cards_used_on``, ``target_characters``, 【决斗】's ``duel_opponents``,
【方天画戟】's ``uses_all_hand_cards``), and a card's 目标限制 (000:122): its sentences run once per
chosen target (``apply_target_restrictions``), 【借刀杀人】's 同时选择 (``choose_with_use``) and
the legal targets of a name (``legal_targets``).

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms),
moved out of ``status`` (session 38: that room was at its 1,500 lines). What a query asks stays
status's: these read its current query (``Status._q``) and its groups (``Status._in_group``)."""
import cython

from core.engine import D_PLAYERS
from core.prims.base import (
    NONE, OP_ASK_THEN, Pick, Q_NEEDN, Q_RECOVER, Q_TLIMIT, S_LIVE, VBASE, V_ALLHAND, V_CARDS,
    V_METHOD, V_NAME, V_TARGETS, V_USER, V_WITH, _done, _event_ctx, _pushed, prim, prim_id)
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _S_fast as _S, _is_v_fast as _is_v,
        _rec_fast as _rec)
else:
    from core.prims.base import _T, _get, _sx, _S, _is_v, _rec
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import X_CHOSEN, X_LASTCARD
# a thing made of a dict and kept for it (values.pxd: the record and its inline readers)
if cython.compiled:
    from cython.cimports.core.prims.values import KeptDict, keep_value, kept_value
else:
    from core.prims.values import KeptDict, keep_value, kept_value
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    cards as Cards, decisions as Decisions, roles as Roles, status as Status, targets as Targets,
    turns as Turns, use as Use)
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, decisions as Decisions, roles as Roles, status as Status, targets as Targets,
        turns as Turns, use as Use)


# ---- who used which card, on whom -----------------------------------------------------------------


@prim(who="角色组", name="牌名", returns="牌组")
def cards_used_by(g, f, who, name, /):
    """〔甲〕使用的〔名〕: the existing virtual cards of that name used by 甲, a character or a
    group (女性角色使用的【杀】, 〖肉林②〗) (a query: the queried card if it is one)."""
    q = Status._q()
    if q is not None and q[0] in (Q_TLIMIT, Q_NEEDN, Q_RECOVER):
        c = q[1]
        if _is_v(c):
            r = _rec(g, c)
            if _used_by(g, f, r[V_USER], who) and Cards._kind_ok(g, r[V_NAME], name):
                return (c,)
        return ()
    out = []
    for c in _S(g, S_LIVE):
        r = _rec(g, c)
        if _used_by(g, f, r[V_USER], who) and Cards._kind_ok(g, r[V_NAME], name):
            out.append(c)
    return tuple(out)


def _used_by(g, f, user, who, /):
    if isinstance(who, int) and who >= 0:
        return user == who
    return isinstance(user, int) and user >= 0 and Status._in_group(g, f, user, who)


@prim(who="角色", n1="牌名", n2="牌名", returns="牌组")
def cards_used_by_either(g, f, who, n1, n2, /):
    return cards_used_by(g, f, who, n1) + cards_used_by(g, f, who, n2)


@prim(group="角色组", who="角色", name="牌名", returns="牌组")
def cards_used_on(g, f, group, who, name, /):
    out = []
    q = Status._q()
    src = [q[1]] if (q is not None and q[0] == Q_RECOVER) else _S(g, S_LIVE)
    for c in src:
        if not _is_v(c):
            continue
        r = _rec(g, c)
        if Cards._kind_ok(g, r[V_NAME], name) and who in r[V_TARGETS] and \
                r[V_USER] >= 0 and Status._in_group(g, f, r[V_USER], group):
            out.append(c)
    return tuple(out)


@prim(cards="牌组", returns="角色组")
def target_characters(g, f, cards, /):
    out = []
    for c in Cards._cards(g, f, cards):
        if _is_v(c):
            for p in _rec(g, c)[V_TARGETS]:
                if isinstance(p, int) and 0 <= p < VBASE and p not in out:
                    out.append(p)
    return tuple(out)


@prim(who="角色", name="牌名", returns="角色组")
def duel_opponents(g, f, who, name, /):
    out = []
    for c in _S(g, S_LIVE):
        r = _rec(g, c)
        if Cards._kind_ok(g, r[V_NAME], name):
            if r[V_USER] == who:
                out.extend([p for p in r[V_TARGETS] if p != who])
            elif who in r[V_TARGETS] and r[V_USER] >= 0:
                out.append(r[V_USER])
    return tuple(out)


@prim(cards="牌组", who="角色", returns="真假")
def uses_all_hand_cards(g, f, cards, who, /):
    """〔牌〕对应的实体牌为〔甲〕的所有手牌: recorded when the physical cards were
    chosen (they leave the hand when the use starts)."""
    for c in Cards._cards(g, f, cards):
        if _is_v(c):
            r = _rec(g, c)
            if r[V_ALLHAND] == who and len(r[V_CARDS]) > 0:
                return True
    return False


# ---- a card's 目标限制 (000:122) ---------------------------------------------------------------------


@prim(who="角色", c="牌")
def apply_target_restrictions(g, f, strict, who, c, /):
    """〔甲〕按〔此牌〕的目标限制进行选择 (000:122): the card's 目标限制 sentences, once per
    chosen target in list order, with 其 = that target (【借刀杀人】 同时选择…)."""
    if not _is_v(c):
        return _done(f, True)
    r = _rec(g, c)
    rules: dict = _T(g).card_target_rules
    n = r[V_NAME]
    if n not in _target_rule_names(rules):
        return _done(f, True)   # no 目标限制 for a card of its name (most: the key not made)
    progs = rules.get((n, r[V_METHOD]))
    if not progs:
        return _done(f, True)
    pushed = 0
    tg = list(r[V_TARGETS])
    for i in range(len(tg) - 1, -1, -1):
        if not isinstance(tg[i], int) or tg[i] < 0:
            continue
        for k in range(len(progs) - 1, -1, -1):
            a = g.new_frame(progs[k], who, _event_ctx(g, f), -1)
            _sx(a)[X_CHOSEN] = tg[i]
            _sx(a)[X_LASTCARD] = c
            g.push_frame(a)
            pushed = 1
    return _pushed(f) if pushed else _done(f, True)


# the card names with 目标限制 programs, read from the tables' dict of them (name, method) ->
# programs, kept while the same dict of the same size is asked (values.KeptDict: register adds to
# it as a module registers; nothing removes from it): apply_target_restrictions' ~337 asks in the
# six games, ~3 of a card with such rules, each made a (name, method) tuple and called dict.get
# (step 191)
_TR = cython.declare(KeptDict, KeptDict())


@cython.cfunc
def _target_rule_names(rules: dict, /) -> set:
    names: set = kept_value(_TR, rules)
    if names is None:
        names = keep_value(_TR, rules, {k[0] for k in rules})
    return names


def target_rule_names(rules, /):
    """_target_rule_names as a Python function (tests/runtime/test_target_rule_names.py)."""
    return _target_rule_names(rules)


@prim(who="角色", name="牌名", returns="角色组")
def legal_targets(g, f, who, name, /):
    """〔甲〕使用〔名〕的合法目标 (000:80,122): the characters 甲 could choose as targets
    of a card of that name (its 使用目标 and the legality rules)."""
    if isinstance(who, Pick):
        who = who.group[0] if len(who.group) == 1 else NONE
    if not isinstance(who, int) or who < 0:
        return ()
    opt = Targets._target_options(g, who, name, 0, Turns.current_turn(g, f), None)
    return () if opt is None else tuple(opt[1])


@prim(who="角色", group="角色组")
def choose_with_use(g, f, strict, who, group, /):
    """〔甲〕同时选择〔乙〕 (目标限制, 【借刀杀人】): 甲 chooses one character of the group
    with the current target 其; 甲选择的角色 in the card's effect is it."""
    grp = Roles._group(g, f, group)
    c = _get(f, X_LASTCARD)
    tgt = _get(f, X_CHOSEN)
    if not grp or not _is_v(c):
        return Use._fail_pre(g, f) if strict else _done(f, False)
    return Decisions._helper(g, f, OP_ASK_THEN,
                             [D_PLAYERS, list(grp), 1, 1, "同时选择", _SET_WITH, c, tgt], who)


def _set_with(g, f, strict, chosen, c, tgt, /):
    r = _rec(g, c)
    w = r[V_WITH]
    if type(w) is not dict:   # the shared empty mapping of a new record (cards._new_vcard)
        w = {}
        r[V_WITH] = w   # a frozen record refuses it (a TypeError, as its mapping's write did)
    w[tgt] = chosen[0] if chosen else NONE
    return _done(f, True)


prim(_set_with)
_SET_WITH = prim_id("_set_with")   # what helper frames hold (decisions._then)


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(cards_used_by, target_characters, duel_opponents, uses_all_hand_cards,
     apply_target_restrictions)
