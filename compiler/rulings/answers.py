"""The answers of a ruling (docs/rulings.md § Answers): ``answer_<name>(rn, s, d)`` answers the
pending decision ``d`` with the scripted step ``s`` if ``s`` describes it and returns True
(``rn.spend`` pops ``s`` off the queue; a multi-decision answer stays queued until done)."""
from __future__ import annotations

from .vocab import SUITS

# answers that may answer whoever is asked (the queue head's 甲 is not checked)
ANY_ASKED = ("decline_skill", "pass")
# answers dropped when their role is not the one asked now (a decline of someone not asked)
DROPPED_IF_NOT_ASKED = ("decline",)


def answer_trigger(rn, s, d):
    E = rn.E
    if d.kind == E.D_TRIGGER:
        sid = rn.skill_in(d.options, s.args["S"])
        if sid is not None:
            return rn.spend(sid)
    if d.kind == E.D_YESNO and s.args["S"] in str(d.prompt):
        return rn.spend(1)
    return False


def answer_decline_skill(rn, s, d):
    if d.kind == rn.E.D_TRIGGER and rn.skill_in(d.options, s.args["S"]) is not None and d.can_pass:
        return rn.spend(-1)
    return False


def answer_pass(rn, s, d):
    if rn.declinable(d) or d.kind == rn.E.D_YESNO:
        return rn.spend(rn.auto(d))
    return False


def answer_decline(rn, s, d):
    """不使用/不打出/不响应: pass on a response or on the use-card skills, "no" to the default way."""
    E = rn.E
    if d.kind == E.D_TRIGGER and d.can_pass and all(rn.skill_name(o).startswith("<") for o in d.options):
        return rn.spend(-1)
    if d.kind == E.D_RESPOND and d.can_pass:
        return rn.spend(-1)
    if d.kind == E.D_YESNO and "默认方式" in str(d.prompt):
        return rn.spend(0)
    return False


def answer_recast(rn, s, d):
    # a card rule offered to its holder (【铁索连环】's 额外说明: 重铸)
    if d.kind == rn.E.D_TRIGGER:
        for o in d.options:
            if rn.skill_name(o).startswith("【%s】" % s.args["N"]):
                return rn.spend(o)
    return False


def answer_pick_roles(rn, s, d):
    if d.kind == rn.E.D_PLAYERS:
        want = tuple(x for x in (s.args.get("乙"), s.args.get("丙")) if x is not None)
        return rn.spend(want)
    return False


def answer_option(rn, s, d):
    # 第X项 is the option numbered X among those offered (002:259: not all may be)
    x = s.args["X"]
    if d.kind == rn.E.D_OPTION and x - 1 in d.options:
        return rn.spend(d.options.index(x - 1))
    return False


def answer_yesno(rn, s, d):
    if d.kind == rn.E.D_YESNO:
        return rn.spend(1 if s.args["yes"] else 0)
    return False


def answer_pick_card(rn, s, d):
    g, E = rn.g, rn.E
    if d.kind in (E.D_CARDS, E.D_RESPOND):
        nid = rn.card_id(s.args["N"])
        cs = [c for c in d.options if isinstance(c, int) and c >= 0 and not rn.P._is_v(c)
              and g.cards[c].name == nid]
        if not cs:
            return False
        return rn.spend(tuple(cs[:max(d.lo, 1)]) if d.kind == E.D_CARDS else cs[0])
    return False


def answer_pick_n(rn, s, d):
    x = s.args["X"]
    if d.kind == rn.E.D_CARDS and d.lo <= x <= d.hi:
        return rn.spend(tuple(d.options[:x]))
    return False


def answer_pick_of(rn, s, d):
    """A card of 乙's areas (a hand card with ``hand``, one named N): the first that fits."""
    g, E = rn.g, rn.E
    a = s.args
    if d.kind != E.D_CARDS:
        return False
    nid = rn.card_id(a["N"]) if "N" in a else None
    cs = [c for c in d.options if isinstance(c, int) and 0 <= c < len(g.cards)
          and g.where(c)[1] == a["乙"] and (not a.get("hand") or g.where(c)[0] == E.Z_HAND)
          and (nid is None or g.cards[c].name == nid)]
    if not cs:
        return False
    return rn.spend(tuple(cs[:max(d.lo, 1)]))


def answer_suit(rn, s, d):
    if d.kind == rn.E.D_OPTION and "花色" in str(d.prompt):
        return rn.spend(SUITS[s.args["suit"]])
    return False


def answer_give_to(rn, s, d):
    """The cards to give (one group), then the role who gets them."""
    E = rn.E
    a = s.args
    if d.kind == E.D_CARDS and not getattr(s, "_named", False):
        cs = named_cards(rn, d.options, a["N"])
        if cs is None:
            return False
        rn.give(cs)
        s._named = True
        return True
    if d.kind == E.D_PLAYERS and a["乙"] in d.options:
        return rn.spend((a["乙"],))
    return False


def answer_end_play(rn, s, d):
    E = rn.E
    if d.kind == E.D_TRIGGER and d.can_pass and "空闲时间点" in str(d.prompt):
        rn.give(-1)
        return True
    if d.kind == E.D_YESNO and "结束此阶段" in str(d.prompt):
        return rn.spend(1)
    return False


def named_cards(rn, options, names):
    """The physical cards of options named by 'N' or 'N、M…', in that order (None if one is
    missing)."""
    g = rn.g
    out = []
    for name in names.split("、"):
        nid = rn.card_id(name)
        c = next((c for c in options if isinstance(c, int) and 0 <= c < len(g.cards)
                  and g.cards[c].name == nid and c not in out), None)
        if c is None:
            return None
        out.append(c)
    return tuple(out)


def answer_arrange(rn, s, d):
    """将【N】…(依次)置于牌堆顶/牌堆底 (put_top_or_bottom): the engine asks for the cards put on
    top in order, then the order of the others at the bottom when they are two or more;
    both are listed from the top down. What the ruling does not name keeps its order: the
    cards not put at the bottom stay on top as they were, those not put on top go to the
    bottom as they were (unless the next answer of the same role arranges the bottom)."""
    g, E = rn.g, rn.E
    a = s.args
    if d.kind != E.D_CARDS or not getattr(d, "ordered", False):
        return False
    prompt = str(d.prompt)
    if "牌堆顶" in prompt:
        named = named_cards(rn, d.options, a["N"])
        if named is None:
            return False
        if a["top"]:
            rn.give(named)
            rest = len(d.options) - len(named)
            nxt = rn.queue[1] if len(rn.queue) > 1 else None
            s._bottom_as_is = rest > 1 and not (nxt is not None and nxt.name == "arrange" and not nxt.args["top"]
                                                and nxt.args.get("甲") == a.get("甲"))
            if not s._bottom_as_is:
                rn.queue.pop(0)
            return True
        rn.give(tuple(c for c in d.options if c not in named))
        if len(named) < 2:
            rn.queue.pop(0)
        return True
    if "牌堆底" in prompt:
        if a["top"]:
            if not getattr(s, "_bottom_as_is", False):
                return False
            rn.give(tuple(d.options))
        else:
            named = named_cards(rn, d.options, a["N"])
            if named is None or len(named) != len(d.options):
                return False
            rn.give(named)
        rn.queue.pop(0)
        return True
    return False


def answer_use(rn, s, d):
    """使用/打出【N】: the use-card skill, the card name, the default way, the card, the
    targets — as many of these decisions as the engine asks."""
    g, E = rn.g, rn.E
    a = s.args
    name = a["N"]
    nid = rn.card_id(name)
    if not hasattr(s, "_begun"):
        s._begun = len(g.log)
    if d.kind == E.D_TRIGGER:
        via = a.get("S")
        uses = [o for o in d.options if rn.skill_name(o).startswith("<使用牌>") and can_use_at(rn, o, nid)]
        # a need-to-use/play flow run by a card (【南蛮入侵】's 需打出【杀】) offers S itself; at an
        # idle point N is used first (S converts a card later; 〖连环〗 also offers 重铸 there)
        if via is not None and not getattr(s, "_named", False) and rn.skill_in(d.options, via) is not None \
                and not (uses and "空闲时间点" in str(d.prompt)):
            s._named = True
        if via is not None and getattr(s, "_named", False):
            sid = rn.skill_in(d.options, via)
            if sid is None:
                return False
            rn.give(sid)
            s._via = True
            check_done(rn, s)
            return True
        if not uses:
            return False
        rn.give(uses[0])
        if via is not None:
            s._named = True
        check_done(rn, s)
        return True
    if d.kind == E.D_OPTION and isinstance(d.prompt, str) and ("：" in d.prompt) and \
            (d.prompt.startswith("使用") or d.prompt.startswith("打出")):
        names = d.prompt.split("：", 1)[1].split("/")
        if name not in names:
            return False
        rn.give(names.index(name))
        s._named = True
        return True
    if d.kind == E.D_YESNO and "默认方式" in str(d.prompt):
        s._named = True
        rn.give(0 if a.get("S") else 1)
        check_done(rn, s)
        return True
    if d.kind in (E.D_CARDS, E.D_RESPOND) and a.get("S") and getattr(s, "_named", False):
        rn.give(tuple(d.options[:max(d.lo, 1)]) if d.kind == E.D_CARDS else d.options[0])
        check_done(rn, s)
        return True
    if d.kind in (E.D_CARDS, E.D_RESPOND):
        cs = [c for c in d.options if isinstance(c, int) and 0 <= c < len(g.cards) and
              (g.cards[c].name == nid or nid in rn.P.kinds(g).get(g.cards[c].name, ()))]
        if not cs:
            return False
        rn.give(tuple(cs[:max(d.lo, 1)]) if d.kind == E.D_CARDS else cs[0])
        check_done(rn, s)
        return True
    if d.kind == E.D_PLAYERS and d.prompt == "同时选择":
        # a 目标限制 choice made with the targets (【借刀杀人】): the next answer, 甲选择乙
        nxt = rn.queue[1] if len(rn.queue) > 1 else None
        if nxt is not None and nxt.name == "pick_roles" and "丙" not in nxt.args and nxt.args.get("甲") == d.who:
            rn.give((nxt.args["乙"],))
            rn.queue.pop(1)
            return True
        return False
    if d.kind == E.D_PLAYERS:
        if a.get("self"):
            want = (a["甲"],)
        else:
            want = tuple(x for x in (a.get("乙"), a.get("丙"), a.get("丁")) if x is not None)
        if not want:
            return False
        rn.give(want[: d.hi] if len(want) >= d.lo else want)
        check_done(rn, s)
        return True
    return False


def can_use_at(rn, sid, nid):
    """Whether the hidden use-card skill sid is at a timing where card name nid can be
    used (the cards' 使用时机)."""
    t = rn.tables
    for tid in rn.g.rs.skills[sid].timings:
        for m in t.use_methods.get(tid, ()):
            if m[0] == nid or m[0] in rn.P.kinds(rn.g).get(nid, ()):
                return True
    return False


def check_done(rn, s):
    """A use/play answer is done once its 使用/打出 event has started."""
    ev = "事件 打出" if s.args.get("play") else "事件 使用"
    entries = rn.parse_log()
    start = max(getattr(s, "_begun", rn.base), getattr(s, "_scanned", 0))
    s._scanned = len(entries)   # the entries looked at already are not looked at again
    for i in range(start, len(entries)):
        e = entries[i]
        if e.get("e") == "push" and e.get("p") == ev and e.get("s") and e["s"][0] == s.args["甲"]:
            if rn.queue and rn.queue[0] is s:
                rn.queue.pop(0)
            return


ANSWERS = {name[len("answer_"):]: fn for name, fn in list(globals().items()) if name.startswith("answer_")}
# a game on a board (战棋): board.py
from . import board as _board  # noqa: E402

ANSWERS.update(_board.ANSWERS)
