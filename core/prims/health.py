# cython: nonecheck=True
# (nonecheck: a typed game/frame argument that is None raises instead of crashing)
"""Damage, HP and dying (flows 伤害, 失去体力, 回复体力, 濒死, 死亡): the damage event's values and
the operations that start those flows.

A room of the runtime library ``core.prims`` (docs/architecture.md has the map of the rooms)."""
import cython

from core import engine as E
from core.codes import F_ASKING
# the engine's constants by name: module globals of this room (a cached lookup), not
# attribute lookups on the engine module at every use
from core.engine import (F_PREVENTED, SC_PHASE)
from core.prims.base import (
    NAT_NONE, NONE, V_SRC, S_DYING_ALONE, S_JIU, S_TRANSFER, _Sw, _done, _enclosing, _event_ctx,
    _player, _pushed, _state, alias, prim, _prog_evi, EVI_DAMAGE)
if not cython.compiled:   # C constants (base.pxd), cimported by this room's .pxd
    from core.prims.base import X_FLAG, X_TMP
# base's hottest accessors: compiled, their inline fast paths (fast.pxd, decision 0043)
if cython.compiled:
    from cython.cimports.core.prims.fast import (
        _T_fast as _T, _get_fast as _get, _sx_fast as _sx, _st_fast as _st, _S_fast as _S,
        _is_v_fast as _is_v, _rec_fast as _rec, _slot_fast as _slot)
else:
    from core.prims.base import _T, _get, _sx, _st, _S, _is_v, _rec, _slot
# the other rooms, by module (they import each other): a C call for what their .pxd declares
from core.prims import cards as Cards, decisions as Decisions, flow as Flow, games as Games
if cython.compiled:
    from cython.cimports.core.prims import (
        cards as Cards, decisions as Decisions, flow as Flow, games as Games)


# ---- the damage event ------------------------------------------------------------------------


@prim(returns="事件")
def enclosing_damage(g, f, /):
    """此伤害."""
    return _enclosing(g, f, "伤害")


@prim(ev="事件")
def record_deduction_distance(g, f, strict, ev, /):
    """记录〔伤害〕扣减体力前的距离 (000:439, the check of 〖狂骨〗's condition at 扣减体力前):
    the distance from the damage's source to the damaged role, before the HP is deducted."""
    if ev is None or not ev.slots:
        return _done(f, False)
    a, b = _slot(ev, 0), _slot(ev, 1)
    if not (isinstance(a, int) and 0 <= a < g.n and isinstance(b, int) and b >= 0):
        return _done(f, False)
    pl = g.players[a]
    if not pl.alive:
        return _done(f, False)
    _sx(ev)[X_TMP] = g.distance(a, b)
    return _done(f, True)


@prim(ev="事件", returns="数")
def deduction_distance(g, f, ev, /):
    """〔伤害〕扣减体力前的距离: recorded by record_deduction_distance (a large number if none)."""
    v = _get(ev, X_TMP) if ev is not None else None
    return v if isinstance(v, int) else 1 << 20


@prim(ev="事件", returns="角色")
def damage_source(g, f, ev=None, /):
    """来源 / 〔事件〕的来源: slot 0 of the 伤害 event (``ev`` or the enclosing
    one)."""
    if ev is None:
        ev = _enclosing(g, f, "伤害")
    return _slot(ev, 0)


@prim(who="角色", card="牌")
def become_damage_source(g, f, strict, who, card, /):
    """〔甲〕成为〔乙〕造成的伤害的来源 (〖祸首②〗): every damage the card's effect causes from now on
    has 甲 as its source, none once 甲 has died (002:239)."""
    if not (_is_v(card) and isinstance(who, int) and 0 <= who < g.n):
        return _done(f, False)
    _rec(g, card)[V_SRC] = who
    return _done(f, True)


@prim(channel="渠道", who="角色", returns="角色")
def damage_source_of_channel(g, f, channel, who, /):
    """〔渠道〕指定的伤害来源或〔甲〕: the source a skill made for the damage of this card (〖祸首②〗;
    no source when that character has died, 002:239), else 甲."""
    if _is_v(channel):
        src = _rec(g, channel)[V_SRC]
        if src is not None:
            return src if g.players[src].alive else NONE
    return who


@prim(ev="事件", returns="角色")
def damage_target(g, f, ev=None, /):
    if ev is None:
        ev = _enclosing(g, f, "伤害")
    return _slot(ev, 1)


@prim(returns="数")
def damage_value(g, f, /):
    """伤害值 of the enclosing 伤害."""
    return _slot(_enclosing(g, f, "伤害"), 2, 0)


@prim(returns="牌")
def damage_card(g, f, /):
    return _slot(_enclosing(g, f, "伤害"), 4, None)


@prim(ev="事件", returns="数")
def damage_value_of(g, f, ev, /):
    """〔事件〕的伤害值: slot 2 of a 伤害 event."""
    return _slot(ev, 2, 0)


@prim(ev="事件", returns="属性")
def damage_nature_of(g, f, ev, /):
    """〔事件〕的属性: slot 3 of a 伤害 event."""
    return _slot(ev, 3, NAT_NONE)


@prim(ev="事件", returns="渠道")
def damage_channel_of(g, f, ev, /):
    """〔事件〕的渠道: slot 4 of a 伤害 event (the card or skill it came through)."""
    return _slot(ev, 4, None)


@prim(ev="事件", returns="真假")
def is_damage_event(g, f, ev, /):
    return ev is not None and _prog_evi(_T(g), ev.prog) == EVI_DAMAGE


@prim(ev="事件", returns="真假")
def is_nature_damage(g, f, ev, /):
    return is_damage_event(g, f, ev) and _slot(ev, 3, 0) != NAT_NONE


@prim(ev="事件", returns="真假")
def is_chain_damage(g, f, ev, /):
    return is_damage_event(g, f, ev) and bool(_slot(ev, 5, False))


@prim(ev="事件", returns="真假")
def is_prevented(g, f, ev, /):
    return ev is not None and (ev.flags & F_PREVENTED) != 0


@prim(who="角色", ev="事件")
def prevent_event(g, f, strict, who, ev, /):
    """〔甲〕防止〔事件〕: mark it prevented and terminate its flow."""
    if ev is None:
        return _done(f, False)
    g.prevent(ev)
    g.terminate(ev)
    return _done(f, True)


@prim(who="角色")
def prevent_damage(g, f, strict, who, /):
    return prevent_event(g, f, strict, who, _enclosing(g, f, "伤害"))


@prim(x="数")
def damage_plus(g, f, strict, x, /):
    ev = _enclosing(g, f, "伤害")
    if ev is None:
        return _done(f, False)
    ev.slots[2] = ev.slots[2] + x
    return _done(f, True)


@prim(who="角色", x="数")
def damage_set(g, f, strict, who, x, /):
    ev = _enclosing(g, f, "伤害")
    if ev is None:
        return _done(f, False)
    ev.slots[2] = x
    return _done(f, True)


# ---- HP operations -----------------------------------------------------------------------------


def _event_or(g, f, name, args, fallback, /):
    """Push event ``name`` with ``args`` if the module has it (verdict: not
    prevented), else run ``fallback()`` (a bool) directly."""
    cid = _T(g).events.get(name)
    if cid is not None:
        Flow._push_prog(g, f, cid, args, f.owner, None)
        return _pushed(f)
    return _done(f, fallback())


@prim(src="角色", tgt="角色", x="数")
def damage(g, f, strict, src, tgt, x, /):
    """〔来源〕对〔甲〕造成〔X〕点伤害: the 伤害 event (来源，受到伤害的角色，伤害值，
    属性，渠道，连环) or, without one, the HP loss."""
    if Decisions._needs_resolve((src, tgt)):
        return Decisions._resolve(g, f, "damage", strict, (src, tgt, x), "造成伤害")
    if x <= 0 or not _player(g, tgt).alive:   # NONE: a spec error, not the last seat
        return _done(f, False)
    return _event_or(g, f, "伤害", (src, tgt, x, NAT_NONE, None, False),
                     lambda: g.change_hp(tgt, -x) != 0 or True)


alias("deal_damage", damage, globals())


@prim(src="角色", tgt="角色", x="数", nature="属性")
def deal_elemental_damage(g, f, strict, src, tgt, x, nature, /):
    if Decisions._needs_resolve((src, tgt)):
        return Decisions._resolve(g, f, "deal_elemental_damage", strict, (src, tgt, x, nature),
                                  "造成伤害")
    _player(g, tgt)   # NONE is a spec error, not damage to the last seat
    return _event_or(g, f, "伤害", (src, tgt, x, nature, None, False),
                     lambda: g.change_hp(tgt, -x) != 0 or True)


@prim(tgt="角色", x="数", nature="属性")
def take_sourceless_damage(g, f, strict, tgt, x, nature, /):
    _player(g, tgt)   # NONE is a spec error, not damage to the last seat
    return _event_or(g, f, "伤害", (NONE, tgt, x, nature, None, False),
                     lambda: g.change_hp(tgt, -x) != 0 or True)


@prim(who="角色", x="数")
def lose_hp(g, f, strict, who, x, /):
    if Decisions._needs_resolve((who,)):
        return Decisions._resolve(g, f, "lose_hp", strict, (who, x), "失去体力")
    _player(g, who)   # NONE is a spec error, not the last seat's HP
    return _event_or(g, f, "失去体力", (who, x), lambda: g.change_hp(who, -x) != 0 or True)


@prim(who="角色", x="数")
def recover(g, f, strict, who, x, /):
    """回复: nothing to do (not executed) at full HP."""
    if Decisions._needs_resolve((who,)):
        return Decisions._resolve(g, f, "recover", strict, (who, x), "回复体力")
    pl = _player(g, who)
    if pl.hp >= pl.maxhp:
        return _done(f, False)
    return _event_or(g, f, "回复体力", (who, x), lambda: g.change_hp(who, x) > 0)


@prim(who="角色", tgt="角色", x="数")
def order_recover(g, f, strict, who, tgt, x, /):
    return recover(g, f, strict, tgt, x)


# ---- death -----------------------------------------------------------------------------------


@prim(who="角色", returns="角色")
def killer_of(g, f, who, /):
    """The source of the damage that caused 甲's death (起因), else none."""
    ev = _enclosing(g, f, "死亡")
    cause = _slot(ev, 1, None)
    if isinstance(cause, E.Frame) and _prog_evi(_T(g), cause.prog) == EVI_DAMAGE:
        return _slot(cause, 0)
    return NONE


alias("killer", lambda g, f: killer_of(g, f, Games.dead_character(g, f)), globals(), returns="角色")


# ---- damage through cards, chains ------------------------------------------------------------


@prim(who="角色", name="牌名", x="数")
def next_use_damage_base_plus(g, f, strict, who, name, x, /):
    _Sw(g, S_JIU, g.n)[who] = (g.turn_no, x, name)   # a tuple: a clone shares the table (SHARED_TABLES)
    return _done(f, True)


@prim(ev="事件", cards="牌组", returns="真假")
def damage_caused_by_effect_of(g, f, ev, cards, /):
    if ev is None:
        return False
    ch = _slot(ev, 4, None)
    if _slot(ev, 5, False) or is_transferred(g, ev):
        return False   # ways 2-4 (000:398-400): chain conduction, a transfer (002:247)
    return ch is not None and not isinstance(ch, tuple) and ch in Cards._cards(g, f, cards)


@prim
def mark_next_damage_transferred(g, f, strict, /):
    """令下一个伤害为转移的伤害 (the transfer term, 002:204): the damage event that starts next is
    caused by transferring a damage (000:399-400 ways 3-4), not by executing an effect."""
    s = _S(g, S_TRANSFER)
    if not s:
        s.extend([False, []])
    s[0] = True
    return _done(f, True)


def note_damage_start(g, ev, /):
    """At a damage event's first timing: it is the transfer mark_next_damage_transferred announced."""
    s = _st(g)[S_TRANSFER]
    if s and s[0]:
        s[0] = False
        s[1].append(ev)


def is_transferred(g, ev, /):
    s = _st(g)[S_TRANSFER]
    if not s:
        return False
    for x in s[1]:
        if x is ev:
            return True
    return False


@prim(ev="事件", nature="属性", returns="真假")
def damage_nature_is(g, f, ev, nature, /):
    return ev is not None and _slot(ev, 3, NAT_NONE) == nature


@prim(ev="事件", returns="真假")
def chain_pending(g, f, ev, /):
    return ev is not None and bool(_get(ev, X_FLAG))


@prim(ev="事件")
def set_chain_pending(g, f, strict, ev, /):
    if ev is None:
        return _done(f, False)
    _sx(ev)[X_FLAG] = True
    return _done(f, True)


# ---- dying -----------------------------------------------------------------------------------


def _dying_flag(g, f, /):
    ev = _event_ctx(g, f)
    x = _sx(ev)
    if not isinstance(x[X_FLAG], list):
        # [the roles asked at the next timing, stop after a response, the role that responded,
        #  the role asked first at the next timing (NONE: the current-turn role's order),
        #  per timing generated so far: [roles asked or None, first, responder],
        #  the roles whose turn to respond came in an earlier 处于濒死状态时 of this flow (000:501)]
        x[X_FLAG] = [None, False, NONE, NONE, [], []]
        # told to fire, which tests this bit of the flags before the list (its quiet path)
        ev.flags = ev.flags | F_ASKING
    return x[X_FLAG]


def responded_before(g, ev, p, /):
    """000:501: in this dying flow (ev), p's turn to respond came in an earlier 处于濒死状态时:
    p can no longer activate the skills of that timing."""
    if ev is None or type(ev.x) is not list:
        return False
    fl = ev.x[X_FLAG]
    return isinstance(fl, list) and len(fl) > 5 and p in fl[5]


@prim(who="角色", returns="真假")
def in_dying_settlement(g, f, who, /):
    """〔甲〕处于濒死结算中 (003:43): a dying flow of 甲 is under way (perhaps interrupted by
    another role's)."""
    cid = _T(g).events.get("濒死", -2)
    st = g.stack
    for i in range(len(st)):
        fr = st[i]
        if fr.prog == cid and fr.slots and fr.slots[0] == who:
            return True
    return False


@prim
def dying_alone(g, f, strict, /):
    """(the older edition, 003:43) a dying settlement inserted in another's: only its own role
    counts as dying (处于濒死状态的角色) until it is over; the other's continues after it. Set
    by the edition's deduct-HP flow; the current edition never sets it."""
    _st(g)[S_DYING_ALONE] = True
    return _done(f, True)


def _dying_alone_role(g, /):
    """The role of the innermost dying settlement when only it counts as dying, else -1."""
    s = _state(g)
    if s is None or not s[S_DYING_ALONE]:
        return -1
    cid = _T(g).events.get("濒死", -2)
    st = g.stack
    i = len(st) - 1
    while i >= 0:
        fr = st[i]
        if fr.prog == cid and fr.slots:
            return fr.slots[0]
        i -= 1
    return -1


# ---- recoveries this phase -------------------------------------------------------------------


@prim(who="角色", returns="真假")
def not_recovered_thus_this_phase(g, f, who, /):
    return g.count(SC_PHASE, who, _T(g).k_recovered) == 0


# the primitives this room's .pxd declares cpdef: Cython drops their @prim decorator when
# compiling, so they are registered here
prim(enclosing_damage, is_damage_event, record_deduction_distance, damage_source,
     damage_source_of_channel, is_nature_damage, is_prevented, chain_pending, killer_of,
     not_recovered_thus_this_phase, damage_nature_is, damage_card, damage_value,
     next_use_damage_base_plus)


# step 98b's primitives, declared cpdef in the .pxd (Cython drops their @prim decorator)
prim(is_chain_damage, damage_caused_by_effect_of, damage_target, damage_plus)
