"""The expectations of a ruling (docs/rulings.md § Expectations): ``expect_<name>(rn, s, a)``
returns (holds, what was found instead); the fixed arguments of the vocabulary say which way
round (``want``) or which zone."""
from __future__ import annotations


def check(rn, s):
    """Check expectation step ``s`` where the game rests; a failed one is SGS503."""
    ok, got = EXPECTATIONS[s.name](rn, s, s.args)
    if not ok:
        rn.fail(s, "expected %s, got %s" % (s.text, got))


# ---------------------------------------------------------------- helpers

def _names(rn, kind, owner):
    g = rn.g
    return [g.rs.card_names[g.cards[c].name] for c in g.zone_cards(kind, owner)]


def _judge_zone(rn, owner):
    """A card in a 判定区 is the delayed trick it is used as (〖国色〗's 方块牌 is a 【乐不思蜀】)."""
    g, E, P = rn.g, rn.E, rn.P
    corr = P._S(g, P.S_CORR, len(g.cards))
    out = []
    for c in g.zone_cards(E.Z_JUDGE, owner):
        v = corr[c]
        live = v is not None and P._rec(g, v)[P.V_ALIVE]
        out.append(rn.vname(v) if live else g.rs.card_names[g.cards[c].name])
    return out


def _equip_zone(rn, owner):
    E = rn.E
    out = []
    for k in (E.Z_WEAPON, E.Z_ARMOR, E.Z_HORSE_ATK, E.Z_HORSE_DEF, E.Z_TREASURE):
        out += _names(rn, k, owner)
    return out


def _cards_text(names):
    return "".join("【%s】" % x for x in names)


# ---------------------------------------------------------------- the state

def expect_hp(rn, s, a):
    got = rn.g.players[a["甲"]].hp
    return got == a["X"], "%s的体力为%d" % (rn.seat(a["甲"]), got)


def expect_maxhp(rn, s, a):
    got = rn.g.players[a["甲"]].maxhp
    return got == a["X"], "%d" % got


def expect_hand_n(rn, s, a):
    p = a["甲"]
    got = len(rn.g.zone_cards(rn.E.Z_HAND, p))
    return got == a["X"], "%d (%s)" % (got, " ".join(_names(rn, rn.E.Z_HAND, p)))


def expect_equip_n(rn, s, a):
    got = _equip_zone(rn, a["甲"])
    return len(got) == a["X"], "%d (%s)" % (len(got), " ".join(got))


def expect_general_n(rn, s, a):
    got = _names(rn, rn.E.Z_GENERAL, a["甲"])
    return len(got) == a["X"], "%d (%s)" % (len(got), " ".join(got))


def expect_judge_n(rn, s, a):
    got = _names(rn, rn.E.Z_JUDGE, a["甲"])
    return len(got) == a["X"], "%d (%s)" % (len(got), " ".join(got))


def _zone(rn, which, p):
    """The card names of a zone (a 判定区's delayed tricks by what they are used as)."""
    E = rn.E
    return {"hand": lambda: _names(rn, E.Z_HAND, p), "equip": lambda: _equip_zone(rn, p),
            "judge": lambda: _judge_zone(rn, p), "discard": lambda: _names(rn, E.Z_DISCARD, -1),
            "process": lambda: _names(rn, E.Z_PROCESS, -1), "draw": lambda: _names(rn, E.Z_DRAW, -1)}[which]()


def expect_zone_has(rn, s, a):
    zone = _zone(rn, a["zone"], a.get("甲"))
    if a["zone"] == "draw":   # the draw pile is long: say only how many of that name
        return (a["N"] in zone) == a["want"], "%d张【%s】" % (zone.count(a["N"]), a["N"])
    return (a["N"] in zone) == a["want"], " ".join("【%s】" % x for x in zone) or "nothing there"


def expect_zone_count(rn, s, a):
    """甲的手牌中有X张【N】, 弃牌堆里有X张【N】 …: exactly X cards of that name."""
    got = _zone(rn, a["zone"], a.get("甲")).count(a["N"])
    return got == a["X"], "%d张【%s】" % (got, a["N"])


def expect_processing_empty(rn, s, a):
    got = _names(rn, rn.E.Z_PROCESS, -1)
    return not got, "处理区里有%s" % _cards_text(got)


def expect_top_is(rn, s, a):
    g = rn.g
    pile = g.zone_cards(rn.E.Z_DRAW, -1)
    got = g.rs.card_names[g.cards[pile[-1]].name] if pile else "nothing"
    return got == a["N"], "牌堆顶为【%s】" % got


def expect_pile_seq(rn, s, a):
    """牌堆顶/牌堆底依次为…, both listed from the top down."""
    g = rn.g
    pile = g.zone_cards(rn.E.Z_DRAW, -1)
    want = a["N"].split("、")
    k = len(want)
    cs = list(reversed(pile[-k:])) if a["top"] else list(reversed(pile[:k]))
    got = [g.rs.card_names[g.cards[c].name] for c in cs]
    return got == want, "%s依次为%s" % ("牌堆顶" if a["top"] else "牌堆底", _cards_text(got))


def expect_distance(rn, s, a):
    got = rn.P.distance(rn.g, None, a["甲"], a["乙"])
    return got == a["X"], "%s至%s的距离为%d" % (rn.seat(a["甲"]), rn.seat(a["乙"]), got)


def expect_range(rn, s, a):
    got = rn.g.attack_range(a["甲"])
    return got == a["X"], "%s的攻击范围为%d" % (rn.seat(a["甲"]), got)


def expect_hand_limit(rn, s, a):
    got = rn.g.hand_limit(a["甲"])
    return got == a["X"], "%s的手牌上限为%d" % (rn.seat(a["甲"]), got)


def expect_chained(rn, s, a):
    got = rn.g.players[a["甲"]].chained
    return got == a["want"], "chained=%s" % got


def expect_face_up(rn, s, a):
    got = rn.g.players[a["甲"]].face_up
    return got == a["want"], "face_up=%s" % got


def expect_alive(rn, s, a):
    """存活 / 死亡: a role is dead from the start of its death flow (000:513), also when the
    game ended inside it before it left (000:528)."""
    p = a["甲"]
    dying = any(e.get("e") == "push" and e.get("p") == "事件 死亡" and (e.get("s") or [None])[0] == p
                for e in rn.parse_log())
    got = rn.g.players[p].alive and not dying
    return got == a["want"], "%s %s" % (rn.seat(p), "alive" if got else "dead")


def expect_winner(rn, s, a):
    """获胜 / 未获胜 (未获胜 also while the game goes on)."""
    res = rn.g.result
    won = res is not None and a["甲"] in res.winners
    return won == a["want"], \
        "winners %s" % ("".join(rn.seat(x) for x in res.winners) if res else "none (the game goes on)")


def expect_game_over(rn, s, a):
    res = rn.g.result
    if a["want"]:
        return res is not None, "the game goes on"
    return res is None, "game over: %s" % (res and res.reason)


# ---------------------------------------------------------------- turn order

def expect_current(rn, s, a):
    return rn.g.current == a["甲"], "当前回合角色为%s" % rn.seat(rn.g.current)


def expect_next_turn(rn, s, a):
    got = rn.g.peek_turn()[0]
    return got == a["甲"], "下一个进行回合的角色为%s" % rn.seat(got)


def expect_round(rn, s, a):
    return rn.g.round == a["X"], "轮数为%d" % rn.g.round


# ---------------------------------------------------------------- the log

NATURE_TEXT = ("", "火焰", "雷电", "冰冻")   # by prims.NAT_* (NAT_NONE = 0)


def expect_damaged(rn, s, a):
    """The HP 乙 lost through the 扣减体力 events of 伤害 events — of source 甲 (or none:
    无来源) and of a nature when the phrase says so (乙未受到伤害: none)."""
    p = a["乙"]
    src = a.get("甲", a.get("src"))
    nature = a.get("nature") or None
    total = 0
    dmg = {}   # damage frame id -> (source, nature)
    seen = []
    for e in rn.entries(s):
        if e.get("e") != "push":
            continue
        if e.get("p") == "事件 伤害":
            sl = e.get("s") or []
            dmg[e.get("f")] = (sl[0] if sl else -1, sl[3] if len(sl) > 3 else 0)
        elif e.get("p") == "事件 扣减体力" and e["s"][0] == p and isinstance(e["s"][2], dict) \
                and e["s"][2].get("frame") in dmg:
            dsrc, dnat = dmg[e["s"][2]["frame"]]
            dsrc = dsrc if isinstance(dsrc, int) and dsrc >= 0 else -1
            nat = NATURE_TEXT[dnat] if isinstance(dnat, int) and 0 <= dnat < 4 else ""
            seen.append("%s造成的%d点%s伤害" % (rn.seat(dsrc), e["s"][1], nat) if dsrc >= 0 else
                        "%d点无来源的%s伤害" % (e["s"][1], nat))
            if src is not None and dsrc != src:
                continue
            if nature is not None and NATURE_TEXT[dnat] != nature:
                continue
            total += e["s"][1]
    return total == a["X"], "%s受到了%s" % (rn.seat(p), "、".join(seen) if seen else "0点伤害")


def expect_recovered(rn, s, a):
    """回复了X点体力 (the HP it gained), 回复过X次体力 (how many recoveries)."""
    p = a["甲"]
    ups = [e["d"] for e in rn.entries(s) if e.get("e") == "hp" and e.get("p") == p and e.get("d", 0) > 0]
    if a.get("times"):
        return len(ups) == a["X"], "%s回复过%d次体力" % (rn.seat(p), len(ups))
    return sum(ups) == a["X"], "%s回复了%d点体力" % (rn.seat(p), sum(ups))


def expect_was_dying(rn, s, a):
    p = a["甲"]
    got = any(e.get("e") == "push" and e.get("p") == "事件 濒死" and e["s"][0] == p for e in rn.entries(s))
    return got == a["want"], "%s%s进入过濒死状态" % (rn.seat(p), "" if got else "未")


def expect_used(rn, s, a):
    """使用过/打出过【N】 (or 使用过X张【N】): the 使用/打出 events 甲 started with a card of that name."""
    p = a["甲"]
    ev = "事件 打出" if a.get("play") else "事件 使用"
    count = 0
    for e in rn.entries(s):
        if e.get("e") == "push" and e.get("p") == ev and e["s"][0] == p:
            if rn.vname(e["s"][1]) == a["N"]:
                count += 1
    if "X" in a:
        return count == a["X"], "%d" % count
    return (count > 0) == a["want"], "%d time(s)" % count


def expect_offered(rn, s, a):
    """S offered to 甲 (at timing T): at all, never, or X times."""
    p = a["甲"]
    count = 0
    last_timing = []  # the names of the timing being dispatched when each question came
    for e in rn.entries(s):
        if e.get("e") == "t":
            last_timing = e.get("t", "").split("／")
        if e.get("e") == "ask" and e.get("k") == "trigger" and e.get("who") == p and \
                rn.skill_in(e.get("o") or [], a["S"]) is not None and \
                ("T" not in a or a["T"] in last_timing):
            count += 1
    who = rn.seat(p)
    if "X" in a:
        return count == a["X"], "offered %d time(s)" % count
    if a["want"]:
        return count > 0, "〖%s〗 was never offered to %s" % (a["S"], who)
    return count == 0, "〖%s〗 was offered to %s %d time(s)" % (a["S"], who, count)


def expect_activated(rn, s, a):
    p = a["甲"]
    sid = rn.g.rs.ids.get(("skill", a["S"]))
    got = any(e.get("e") == "ans" and e.get("who") == p and e.get("v") == sid for e in rn.entries(s))
    return got, "〖%s〗 was not activated by %s" % (a["S"], rn.seat(p))


def expect_skipped(rn, s, a):
    p = a["甲"]
    got = any(e.get("e") == "skip" and e.get("ph") == a["P"] and e.get("p") == p for e in rn.entries(s))
    return got == a["want"], "%s%s跳过%s" % (rn.seat(p), "" if got else "未", a["P"])


def _times(count, a, what):
    """(holds, found) for an expectation that something happened: X times, at least once
    (want) or never."""
    if "X" in a:
        return count == a["X"], "%s %d次" % (what, count)
    return (count > 0) == a["want"], "%s %d次" % (what, count)


def expect_asked_use(rn, s, a):
    """甲 was asked whether to use a card (a use question) while it could use one named N
    (Runner.observe notes what each use question's role could use when it was asked)."""
    p = a["甲"]
    nid = rn.card_id(a["N"])
    lo = rn.base
    scoped = {i for i, _e in rn.scoped(s)} if getattr(s, "scope", None) is not None else None
    count = 0
    for i, who, names in rn.use_asks:
        if i < lo or who != p or (scoped is not None and i not in scoped):
            continue
        if any(n == nid or rn.P._kind_ok(rn.g, n, nid) for n in names):
            count += 1
    return _times(count, a, "%s被询问是否使用【%s】" % (rn.seat(p), a["N"]))


def expect_asked_play(rn, s, a):
    """A need-to-play flow of that card name run for 甲 (〖护驾〗 asks one role after another)."""
    p = a["甲"]
    nid = rn.card_id(a["N"])
    count = sum(1 for e in rn.entries(s) if e.get("e") == "push" and e.get("p") == "事件 需要打出牌"
                and (e.get("s") or [None])[:2] == [p, nid])
    return _times(count, a, "%s被询问是否打出【%s】" % (rn.seat(p), a["N"]))


def expect_timing(rn, s, a):
    """T happened (X times, never), of subject 甲 when the phrase names one."""
    who = a.get("甲")
    fired = rn.g.fired
    count = 0
    for i, e in rn.scoped(s):
        if e.get("e") == "t" and a["T"] in e.get("t", "").split("／") and (who is None or fired.get(i) == who):
            count += 1
    return _times(count, a, a["T"] if who is None else "%s的%s" % (rn.seat(who), a["T"]))


def expect_timing_order(rn, s, a):
    """T before U: their first occurrences, in the log's order."""
    order = [e.get("t", "").split("／") for e in rn.entries(s) if e.get("e") == "t"]

    def first(name):
        return next((i for i, names in enumerate(order) if name in names), None)

    i, j = first(a["T"]), first(a["U"])
    return i is not None and j is not None and i < j, "%s at %s, %s at %s" % (a["T"], i, a["U"], j)


def expect_can_use(rn, s, a):
    """甲可(对乙)使用【N】: where the game rests, 甲 could start using a card named N (and 乙
    is a legal target of it: 000:78-80, the legality rules and distances)."""
    p = a["甲"]
    g, P = rn.g, rn.P
    nid = rn.card_id(a["N"])
    names = usable_names(rn, p)
    if names is None:
        rn.fail(s, "expected %s, but %s is at no point where cards are used" % (s.text, rn.seat(p)))
    got = any(n == nid or P._kind_ok(g, n, nid) for n in names)
    why = ""
    if got and "乙" in a:
        got = bool(P.is_legal_target(g, g.stack[-1] if g.stack else None, a["乙"], p, nid))
        why = "" if got else "（%s不是合法目标）" % rn.seat(a["乙"])
    return got == a["want"], "%s %s使用【%s】%s" % (rn.seat(p), "可" if got else "不能", a["N"], why)


def usable_names(rn, p):
    """The card names p could start using where the game rests: the timing being dispatched,
    or the idle point of the play phase that was just generated. None if the game rests at
    neither."""
    g, P = rn.g, rn.P
    t = rn.tables
    for i in range(len(g.stack) - 1, -1, -1):
        fr = g.stack[i]
        ev, tid = None, -1
        if fr.prog == 0:
            ev, tid = fr.ev, fr.a
        elif P.frame_timing(fr) == t.idle:
            ev, tid = fr, t.idle
        if ev is not None:
            return [n for n, _mi in P._usable(g, p, ev, tid)]
    return None


# ---------------------------------------------------------------- a card of the log

def _is_named(rn, c, nid):
    """Card c is one named nid (a 火【杀】 is a 【杀】: 000:92)."""
    name = rn.vname(c)
    if name is None:
        return False
    have = rn.card_id(name)
    return have == nid or rn.P._kind_ok(rn.g, have, nid)


def _log_card(rn, s, c):
    """The card a 牌 value names: 此【N】 (the last card of that name used or played), 甲使用的
    【N】 / 甲打出的【N】 (the last 甲 used / played): its card id, or fails."""
    how = c.get("how")
    evs = {"used": ("事件 使用",), "played": ("事件 打出",)}.get(how, ("事件 使用", "事件 打出"))
    last = None
    nid = rn.card_id(c["N"])
    for e in rn.entries(s):
        if e.get("e") == "push" and e.get("p") in evs and e.get("s") and \
                ("甲" not in c or e["s"][0] == c["甲"]) and _is_named(rn, e["s"][1], nid):
            last = e["s"][1]
    if last is None:
        who = "%s%s的" % (rn.seat(c["甲"]), "使用" if how == "used" else "打出") if "甲" in c else "此"
        rn.fail(s, "expected %s, but there is no %s【%s】 in the log" % (s.text, who, c["N"]))
    return last


def expect_targets(rn, s, a):
    """The card's target list as it is now (000:136: changed by 〖流离〗 …), as a set or, with
    依次, in its order."""
    g, P = rn.g, rn.P
    c = _log_card(rn, s, a["c"])
    got = [x for x in (P._rec(g, c)[P.V_TARGETS] if P._is_v(c) else ())
           if isinstance(x, int) and 0 <= x < rn.n]
    want = list(a["L"]) if isinstance(a["L"], tuple) else [a["L"]]
    ok = got == want if a.get("ordered") else sorted(got) == sorted(want)
    return ok, "目标%s为%s" % ("依次" if a.get("ordered") else "", "、".join(rn.seat(x) for x in got) or "（无）")


COLOR_TEXT = {0: "黑色", 1: "红色"}   # E.BLACK, E.RED


def expect_card_info(rn, s, a):
    """A (virtual) card's colour, suit or point as the book determines it (000:110-121: one
    physical card gives its own; several of one colour give that colour and no suit; none
    give nothing)."""
    g, P = rn.g, rn.P
    c = _log_card(rn, s, a["c"])
    if P._is_v(c):
        r = P._rec(g, c)
        color, suit, point = r[P.V_COLOR], r[P.V_SUIT], r[P.V_POINT]
    else:
        color, suit, point = g.card_color(c), g.card_suit(c), g.card_point(c)
    what = a["what"]
    if what == "color":
        got = COLOR_TEXT.get(color)
    elif what == "suit":
        got = P.SUIT_TEXT[suit] if isinstance(suit, int) and 0 <= suit < 4 else None
    else:
        got = point if isinstance(point, int) and point > 0 else None
    want = a.get("X", a.get("value"))
    label = {"color": "颜色", "suit": "花色", "point": "点数"}[what]
    return got == want, ("%s为%s" % (label, got)) if got is not None else "没有%s" % label


def expect_blind(rn, s, a):
    """看不到其选择的牌: 甲's last card choice took cards it could not see (in the draw pile
    or another role's hand)."""
    p = a["甲"]
    mine = [c for c in rn.choices if c[0] == p]
    if not mine:
        rn.fail(s, "expected %s, but %s chose no card" % (s.text, rn.seat(p)))
    _who, cards, hidden = mine[-1]
    got = all(hidden)
    return got == a["want"], "%s%s看到其选择的牌" % (rn.seat(p), "不能" if got else "能")


# ---------------------------------------------------------------- the pending decision

def _pending(rn, s):
    d = rn.g.pending
    if d is None:
        rn.fail(s, "expected %s, got no pending decision" % s.text)
    return d


def _named(rn, d, ok):
    if ok:
        rn.named = d   # 其余 严格: the ruling may rest at a decision an expectation named
    return ok


def expect_next_trigger(rn, s, a):
    d = _pending(rn, s)
    ok = d.who == a["甲"] and d.kind == rn.E.D_TRIGGER and rn.skill_in(d.options, a["S"]) is not None
    return _named(rn, d, ok), rn.describe(d)


def expect_next_use(rn, s, a):
    d = _pending(rn, s)
    nid = rn.card_id(a["N"])
    ok = d.who == a["甲"] and d.kind == rn.E.D_TRIGGER and \
        any(rn.skill_name(o).startswith("<使用牌>") for o in d.options) and \
        any(n == nid or rn.P._kind_ok(rn.g, n, nid) for n in (usable_names(rn, d.who) or ()))
    return _named(rn, d, ok), rn.describe(d)


def expect_next_option(rn, s, a):
    d = _pending(rn, s)
    return _named(rn, d, d.who == a["甲"] and d.kind == rn.E.D_OPTION), rn.describe(d)


def expect_next_choice(rn, s, a):
    """A choice of X to Y roles / cards pending for 甲 (〖突袭〗's 至多两名 is 1 to 2)."""
    d = rn.g.pending
    kind = rn.E.D_PLAYERS if a["what"] == "roles" else rn.E.D_CARDS
    ok = d is not None and d.who == a["甲"] and d.kind == kind and \
        (d.lo, min(d.hi, len(d.options))) == (a["X"], a["Y"])
    return _named(rn, d, ok), rn.describe(d) if d is not None else "no pending decision"


def expect_choosable(rn, s, a):
    """甲可选择的角色为乙和丙 (exactly those are offered); 甲可选择乙 / 不能选择乙 (乙 is offered);
    甲可选择乙和丙 / 不能选择乙和丙 (that answer, in that order, is accepted: an ordered choice
    refuses the orders its effect cannot execute, 〖离间〗 000:79)."""
    d = _pending(rn, s)
    if d.who != a["甲"] or d.kind != rn.E.D_PLAYERS:
        return False, rn.describe(d)
    got = sorted(d.options)
    offered = "%s可选择的角色为%s%s" % (rn.seat(d.who), "、".join(rn.seat(x) for x in got),
                                   "（依次）" if d.ordered else "")
    if "L" in a:
        want = sorted(a["L"]) if isinstance(a["L"], tuple) else [a["L"]]
        return _named(rn, d, got == want), offered
    roles = a["M"] if isinstance(a["M"], tuple) else (a["M"],)
    if len(roles) == 1:
        ok = roles[0] in got
    else:
        try:
            d.normalize(roles)
            ok = True
        except rn.E.IllegalAnswer:
            ok = False
    return _named(rn, d, ok == a["want"]), offered + ("，%s%s被接受" % (
        "".join(rn.seat(x) for x in roles), "" if ok else "不")) if len(roles) > 1 else offered


def expect_no_pending(rn, s, a):
    d = rn.g.pending
    return d is None, rn.describe(d) if d else ""


EXPECTATIONS = {name[len("expect_"):]: fn for name, fn in list(globals().items()) if name.startswith("expect_")}
# a game on a board (战棋): board.py
from . import board as _board  # noqa: E402

EXPECTATIONS.update(_board.EXPECTATIONS)
