# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""判定 (000:203-216) and 拼点: the cards that are compared.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (D_PLAYERS, Z_DISCARD, Z_HAND, Z_PROCESS)
from core.prims.base import (
    NONE, OP_ASK_THEN, OP_PINDIAN, S_LASTJ, S_PINDIAN, S_PROC, _Sw, _done, _is_event, _pushed,
    prim, prim_id, EVI_JUDGE, EVI_PINDIAN)
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import X_CHOSEN, X_JCARD, X_JUDGE, X_TMP
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _st_fast as _st, _S_fast as _S)
else:
    from core.prims.base import _T, _get, _sx, _st, _S
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import (
    cards as Cards, decisions as Decisions, flow as Flow, moves as Moves, roles as Roles,
    use as Use)
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, decisions as Decisions, flow as Flow, moves as Moves, roles as Roles,
        use as Use)


# ---- judge -------------------------------------------------------------------------------------


@prim(who="角色")
def judge(g, f, strict, who, /):
    """〔甲〕判定: the 判定 event if the module has one, else: the top card of
    the draw pile is the result; it goes to the discard pile."""
    cid = _T(g).events.get("判定")
    if cid is not None:
        c = Flow._push_prog(g, f, cid, (who,), f.owner, None)
        _sx(f)[X_JUDGE] = c
        return _pushed(f)
    cs = g.top_cards(1)
    if not cs:
        return _done(f, False)
    g.move(cs, Z_PROCESS)
    g.move(cs, Z_DISCARD)
    _sx(f)[X_JUDGE] = cs[0]
    g.log_event({"e": "judge", "p": who, "c": cs[0]})
    return _done(f, True)


def _judge_frame(g, f, /):
    fr = f.ev if (f.ev is not None and _is_event(g, f.ev, EVI_JUDGE)) else None
    if fr is None and _is_event(g, f, EVI_JUDGE):
        fr = f
    if fr is None:
        fr = Use._flow(g, f, 1 << EVI_JUDGE)
    return fr


@prim(who="角色", returns="牌")
def judge_card(g, f, who=None, /):
    fr = _judge_frame(g, f)
    v = _get(fr, X_JCARD) if fr is not None else None
    return NONE if v is None else v


@prim(who="角色", cs="牌组")
def set_judge_card(g, f, strict, who, cs, /):
    fr = _judge_frame(g, f)
    cards = Cards._cards_phys(g, cs)
    if fr is None or not cards:
        return _done(f, False)
    _sx(fr)[X_JCARD] = cards[0]
    return _done(f, True)


@prim
def fix_judge_result(g, f, strict, /):
    fr = _judge_frame(g, f)
    if fr is not None:
        c = _get(fr, X_JCARD)
        if isinstance(c, int) and c >= 0 and Cards._suit_rules_held(g):
            # the result is the card as it is now, the judger's judge card (〖红颜〗, 002:183):
            # read later (【闪电】's 结果为黑桃2-9), it is no longer anybody's judge card
            c = Cards._new_vcard(g, g.card_name(c), (c,))
        _st(g)[S_LASTJ] = c
    return _done(f, True)


@prim(returns="牌")
def judge_result(g, f, /):
    """结果: the judge card of the 判定 this timing belongs to, else of the last
    finished 判定 (the one the running effect just had done)."""
    if f.ev is not None and _is_event(g, f.ev, EVI_JUDGE):
        v = _get(f.ev, X_JCARD)
        if v is not None:
            return v
    v = _get(f, X_JUDGE)
    if isinstance(v, int):
        return v
    v = _st(g)[S_LASTJ]
    return NONE if v is None else v


@prim(who="角色", cards="牌组", old="牌")
def replace_judge_card(g, f, strict, who, cards, old, /):
    """〔甲〕用〔乙〕代替〔丙〕 (〖鬼才〗, 〖鬼道〗): 乙 becomes the judge card. The replaced card
    stays in the 处理区, a card the 判定 event moved there: its default move puts it into the
    弃牌堆 when the judgement ends (000:251), unless a skill takes it first (〖鬼道〗's
    你获得被代替的判定牌)."""
    fr = _judge_frame(g, f)
    ph = Cards._cards_phys(g, cards)
    if fr is None or not ph:
        return _done(f, False)
    _sx(fr)[X_JCARD] = ph[0]
    # the new judge card is the 判定 event's now: its default move discards it (判定.sgs,
    # 000:251), not the one of the skill that played it (skill_default_move)
    if g.where(ph[0])[0] == Z_PROCESS:
        _Sw(g, S_PROC, len(g.cards))[ph[0]] = Moves._frame_ids(g, fr)   # the frames up to 判定's
    oldc = old if isinstance(old, int) and 0 <= old < len(g.cards) else NONE
    if oldc >= 0:
        _sx(fr)[X_TMP] = oldc
    return _done(f, True)


@prim(returns="牌")
def replaced_judge_card(g, f, /):
    """被代替的判定牌: the judge card the last replacement of this judgement replaced."""
    fr = _judge_frame(g, f)
    v = _get(fr, X_TMP) if fr is not None else None
    return v if isinstance(v, int) else NONE


# ---- 拼点 ----------------------------------------------------------------------------------------


@prim(who="角色", group="角色组", x="数")
def choose_pindian_targets(g, f, strict, who, group, x, /):
    """〔甲〕从〔乙〕中选择至多X名有手牌的其他角色作为此次拼点的目标 (000:240-242: the legal
    targets are other roles with hand cards; 乙: those the skill names, 〖驱虎〗's 体力值大于你的角色)."""
    grp = [p for p in Roles._group(g, f, group) if p != who and g.zone_cards(Z_HAND, p)]
    if not grp or not g.zone_cards(Z_HAND, who):
        fr = Use._flow(g, f, 1 << EVI_PINDIAN)
        if fr is not None:
            g.terminate(fr)
        return _done(f, False)
    return Decisions._helper(g, f, OP_ASK_THEN, [D_PLAYERS, grp, 1, x if x < len(grp) else len(grp), "拼点目标",
                                       _SET_PD_TARGETS], who)


def _set_pd_targets(g, f, strict, chosen, /):
    fr = Use._flow(g, f, 1 << EVI_PINDIAN)
    _sx(fr)[X_TMP] = [list(chosen), []]
    # 其 of the skill that started the 拼点 is its target (〖驱虎〗: 若你赢，其对…)
    st = g.stack
    for i in range(len(st) - 1, -1, -1):
        if st[i] is fr:
            for j in range(i - 1, -1, -1):
                _sx(st[j])[X_CHOSEN] = chosen[0] if chosen else NONE
                if st[j].skill >= 0:
                    break
            break
    return _done(f, True)


prim(_set_pd_targets)
_SET_PD_TARGETS = prim_id("_set_pd_targets")   # what helper frames hold (decisions._then)


@prim(returns="角色组")
def pindian_targets(g, f, /):
    fr = Use._flow(g, f, 1 << EVI_PINDIAN)
    v = _get(fr, X_TMP) if fr is not None else None
    return tuple(v[0]) if v else ()


@prim(who="角色", group="角色组")
def choose_pindian_cards(g, f, strict, who, group, /):
    roles = [who] + list(Roles._group(g, f, group))
    return Decisions._helper(g, f, OP_PINDIAN, [roles])


@prim(who="角色", group="角色组", returns="牌组")
def pindian_cards(g, f, who, group, /):
    """〔甲〕和〔乙〕此次拼点的牌: in the 拼点 flow, its cards; after it (〖制霸〗 获得…此次拼点的牌),
    those of the last 拼点 甲 took part in (pindian_result keeps them)."""
    fr = Use._flow(g, f, 1 << EVI_PINDIAN)
    v = _get(fr, X_TMP) if fr is not None else None
    if v:
        return tuple([c for p, c in v[1]])
    last = _st(g)[S_PINDIAN]
    if last is None or len(last) < 4:
        return ()
    if last[0] != who and who not in [b for b, d in last[1]]:
        return ()
    return tuple(last[3])


@prim(a="角色", b="角色")
def pindian_result(g, f, strict, a, b, /):
    fr = Use._flow(g, f, 1 << EVI_PINDIAN)
    v = _get(fr, X_TMP) if fr is not None else None
    if not v:
        return _done(f, False)
    pa = [c for p, c in v[1] if p == a]
    pb = [c for p, c in v[1] if p == b]
    if not pa or not pb:
        return _done(f, False)
    d = g.card_point(pa[0]) - g.card_point(pb[0])
    _sx(fr)[X_JUDGE] = (a, b, d)
    last = _st(g)[S_PINDIAN]
    if last is None or last[0] != a or last[2] is not fr:
        last = [a, [], fr, []]
        _st(g)[S_PINDIAN] = last
    last[1].append((b, d))
    for c in pa + pb:   # the cards of this 拼点, read after its flow (pindian_cards)
        if c not in last[3]:
            last[3].append(c)
    return _done(f, True)


@prim(who="角色", returns="真假")
def pindian_won(g, f, who, /):
    """〔甲〕赢 (000:244): in the last 拼点 甲 took part in, 甲's card had the greater point (with
    several targets, the initiator won against each)."""
    last = _st(g)[S_PINDIAN]
    if last is None or not last[1]:
        return False
    if last[0] == who:
        for b, d in last[1]:
            if d <= 0:
                return False
        return True
    for b, d in last[1]:
        if b == who:
            return d < 0
    return False


@prim(who="角色", returns="真假")
def pindian_lost(g, f, who, /):
    """〔甲〕没赢 (000:244 未赢): 甲 took part in the last 拼点 and did not win it."""
    last = _st(g)[S_PINDIAN]
    if last is None or not last[1]:
        return False
    if last[0] != who and who not in [b for b, d in last[1]]:
        return False
    return not pindian_won(g, f, who)


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(judge_card, judge_result, set_judge_card, fix_judge_result)


# step 98b's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(replace_judge_card)
