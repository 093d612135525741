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


def expect_judge_n(rn, s, a):
    got = _names(rn, rn.E.Z_JUDGE, a["甲"])
    return len(got) == a["X"], "%d (%s)" % (len(got), " ".join(got))


def expect_zone_has(rn, s, a):
    E = rn.E
    p = a.get("甲")
    zone = {"hand": lambda: _names(rn, E.Z_HAND, p), "equip": lambda: _equip_zone(rn, p),
            "judge": lambda: _judge_zone(rn, p), "discard": lambda: _names(rn, E.Z_DISCARD, -1)}[a["zone"]]()
    return (a["N"] in zone) == a["want"], " ".join("【%s】" % x for x in zone) or "nothing there"


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
    got = rn.g.players[a["甲"]].alive
    return got == a["want"], "%s %s" % (rn.seat(a["甲"]), "alive" if got else "dead")


def expect_winner(rn, s, a):
    res = rn.g.result
    return res is not None and a["甲"] in res.winners, \
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

def expect_damaged(rn, s, a):
    """The HP 甲 lost through 扣减体力 events of 伤害 events (甲未受到伤害: none)."""
    p = a["甲"]
    total = 0
    dmg = set()
    for e in rn.entries():
        if e.get("e") == "push" and e.get("p") == "事件 伤害":
            dmg.add(e.get("f"))
        if e.get("e") == "push" and e.get("p") == "事件 扣减体力" and e["s"][0] == p and \
                isinstance(e["s"][2], dict) and e["s"][2].get("frame") in dmg:
            total += e["s"][1]
    return total == a["X"], "%s受到了%d点伤害" % (rn.seat(p), total)


def expect_was_dying(rn, s, a):
    p = a["甲"]
    got = any(e.get("e") == "push" and e.get("p") == "事件 濒死" and e["s"][0] == p for e in rn.entries())
    return got == a["want"], "%s%s进入过濒死状态" % (rn.seat(p), "" if got else "未")


def expect_used(rn, s, a):
    """使用过/打出过【N】 (or 使用过X张【N】): the 使用/打出 events 甲 started with a card of that name."""
    p = a["甲"]
    ev = "事件 打出" if a.get("play") else "事件 使用"
    count = 0
    for e in rn.entries():
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
    for e in rn.entries():
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
    got = any(e.get("e") == "ans" and e.get("who") == p and e.get("v") == sid for e in rn.entries())
    return got, "〖%s〗 was not activated by %s" % (a["S"], rn.seat(p))


def expect_skipped(rn, s, a):
    p = a["甲"]
    got = any(e.get("e") == "skip" and e.get("ph") == a["P"] and e.get("p") == p for e in rn.entries())
    return got == a["want"], "%s%s跳过%s" % (rn.seat(p), "" if got else "未", a["P"])


def expect_asked_use(rn, s, a):
    p = a["甲"]
    got = False
    for e in rn.entries():
        if e.get("e") == "ask" and e.get("who") == p and e.get("k") in ("trigger", "respond"):
            opts = e.get("o") or []
            if e["k"] == "trigger" and any(rn.skill_name(o).startswith("<使用牌>") for o in opts):
                got = True
    return got == a["want"], "%s%s被询问" % (rn.seat(p), "" if got else "未")


def expect_asked_play(rn, s, a):
    """A need-to-play flow of that card name run for 甲 (〖护驾〗 asks one role after another)."""
    p = a["甲"]
    nid = rn.card_id(a["N"])
    got = any(e.get("e") == "push" and e.get("p") == "事件 需要打出牌" and (e.get("s") or [None])[:2] == [p, nid]
              for e in rn.entries())
    return got == a["want"], "%s%s被询问是否打出【%s】" % (rn.seat(p), "" if got else "未", a["N"])


def expect_timing(rn, s, a):
    got = any(e.get("e") == "t" and a["T"] in e.get("t", "").split("／") for e in rn.entries())
    return got == a["want"], "%s %s" % (a["T"], "occurred" if got else "did not occur")


def expect_timing_order(rn, s, a):
    """T before U: their first occurrences, in the log's order."""
    order = [e.get("t", "").split("／") for e in rn.entries() if e.get("e") == "t"]

    def first(name):
        return next((i for i, names in enumerate(order) if name in names), None)

    i, j = first(a["T"]), first(a["U"])
    return i is not None and j is not None and i < j, "%s at %s, %s at %s" % (a["T"], i, a["U"], j)


def expect_can_use(rn, s, a):
    p = a["甲"]
    got = usable_now(rn, p, a["N"])
    if got is None:
        rn.fail(s, "expected %s, but %s is at no point where cards are used" % (s.text, rn.seat(p)))
    return got == a["want"], "%s %s使用【%s】" % (rn.seat(p), "可" if got else "不能", a["N"])


def usable_now(rn, p, name):
    """Whether p can start using a card named ``name`` where the game rests: the timing
    being dispatched, or the idle point of the play phase that was just generated.
    None if the game rests at neither."""
    g, P = rn.g, rn.P
    t = rn.tables
    nid = rn.card_id(name)
    for i in range(len(g.stack) - 1, -1, -1):
        fr = g.stack[i]
        ev, tid = None, -1
        if fr.prog == 0:
            ev, tid = fr.ev, fr.a
        elif P.frame_timing(fr) == t.idle:
            ev, tid = fr, t.idle
        if ev is not None:
            return any(n == nid or P._kind_ok(g, n, nid) for n, _mi in P._usable(g, p, ev, tid))
    return None


# ---------------------------------------------------------------- the pending decision

def _pending(rn, s):
    d = rn.g.pending
    if d is None:
        rn.fail(s, "expected %s, got no pending decision" % s.text)
    return d


def expect_next_trigger(rn, s, a):
    d = _pending(rn, s)
    ok = d.who == a["甲"] and d.kind == rn.E.D_TRIGGER and rn.skill_in(d.options, a["S"]) is not None
    return ok, rn.describe(d)


def expect_next_use(rn, s, a):
    d = _pending(rn, s)
    ok = d.who == a["甲"] and d.kind == rn.E.D_TRIGGER and \
        any(rn.skill_name(o).startswith("<使用牌>") for o in d.options)
    return ok, rn.describe(d)


def expect_next_option(rn, s, a):
    d = _pending(rn, s)
    return d.who == a["甲"] and d.kind == rn.E.D_OPTION, rn.describe(d)


def expect_next_choice(rn, s, a):
    """A choice of X to Y roles / cards pending for 甲 (〖突袭〗's 至多两名 is 1 to 2)."""
    d = rn.g.pending
    kind = rn.E.D_PLAYERS if a["what"] == "roles" else rn.E.D_CARDS
    ok = d is not None and d.who == a["甲"] and d.kind == kind and \
        (d.lo, min(d.hi, len(d.options))) == (a["X"], a["Y"])
    return ok, rn.describe(d) if d is not None else "no pending decision"


def expect_no_pending(rn, s, a):
    d = rn.g.pending
    return d is None, rn.describe(d) if d else ""


EXPECTATIONS = {name[len("expect_"):]: fn for name, fn in list(globals().items()) if name.startswith("expect_")}
