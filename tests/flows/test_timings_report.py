"""`sgs timings` (docs/timings.md as compiler.build.generate writes it) against the book.

Every timing of every flow of the inventory's identity_current section (seed 000) must be
in the report, under the spec event that implements that flow, verbatim (sub-numbers
included), in the book's order.  Timings the report has and the book's list for that flow
has not must be explained below (DERIVED).
"""
import re

from flowkit import SHARED_BOOK, BOOK, BOOK_OLD, book_flows

# book flow id -> the spec events (事件) implementing it
FLOW_EVENTS = {
    # each phase is an event of its own, run by the turn flow (回合.sgs, 002:352)
    "turn_flow": ["回合", "准备阶段", "判定阶段", "摸牌阶段", "出牌阶段", "弃牌阶段", "结束阶段"],
    "need_use": ["需要使用牌"],
    "pre_use": ["预使用"],
    # the per-target part between 循环点A and 循环点B is its own event (also run by the
    # delayed tricks' special use flow, 000:41); its place in 使用 is checked at run time
    # (test_flow_timings.py::test_sha_answered_by_shan)
    "use_card": ["使用", "对当前目标的使用结算"],
    "delayed_trick_special_use": ["延时锦囊牌的特殊使用"],
    "need_play": ["需要打出牌"],
    "pre_play": ["预打出"],
    "play_card": ["打出"],
    "pindian": ["拼点"],
    "move_single": ["移动"],
    "move_multi": ["移动"],     # 000:294: a single card is a move of a group of one
    "card_state_change": ["牌状态改变"],
    "judge": ["判定"],
    "damage": ["伤害"],
    "lose_hp": ["失去体力"],
    "deduct_hp": ["扣减体力"],
    "recover": ["回复体力"],
    "lose_max_hp": ["减体力上限"],
    "gain_max_hp": ["加体力上限"],
    "dying": ["濒死"],
    "death": ["死亡"],
    "gain_skill": ["获得技能"],
    "lose_skill": ["失去技能"],
    "abolish": ["废除"],
    "restore": ["恢复"],
    "gain_mark": ["获得标记"],
}

# book flows the identity mode does not have
NOT_IDENTITY = {
    # 明置 (000:326-378) reveals hidden generals: 国战 only; identity generals are never
    # hidden (牌状态改变.sgs header)
    "reveal",
}

# timings of a spec event that are not in the book's list of its flow, each with the book
# line that makes it a timing of its own
DERIVED = {
    # 000:415-417: a skill of "造成/受到1点伤害后" may be activated X times for X points: one
    # such timing per point, right after the once-per-damage timing
    ("伤害", "造成1点伤害后"),
    ("伤害", "受到1点伤害后"),
    # 002:221 (〖枭姬〗): "失去装备区里的一张牌后❷" once per equipment card lost in a move
    ("移动", "失去装备区里的一张牌后❷"),
}

# spec events no flow of seed 000 has, each with the book line and timing they come from:
# 004:5 在游戏开始前亮出武将牌后 (〖化身①〗), the older book's pre-game timing (book_flows_old.yaml
# pregame_timings); the mode runs it once after the generals are shown
OTHER_BOOK = {"亮出武将牌": ("004:5", "在游戏开始前亮出武将牌后")}

# the inventory's own counts (flows.yaml `counts.identity_current`): the parser read it all
COUNTS = {
    "turn_flow": 42, "need_use": 3, "pre_use": 0, "use_card": 16, "need_play": 3,
    "pre_play": 0, "play_card": 2, "pindian": 3, "move_single": 6, "move_multi": 6,
    "delayed_trick_special_use": 0,  # (not in counts: its timings are the use flow's)
    "card_state_change": 4, "reveal": 2, "judge": 7, "damage": 11, "lose_hp": 3,
    "deduct_hp": 4, "recover": 3, "lose_max_hp": 3, "gain_max_hp": 3, "dying": 4,
    "death": 4, "gain_skill": 3, "lose_skill": 3, "abolish": 3, "restore": 3, "gain_mark": 3,
}

_ROW = re.compile(r"^\| (\d+) \| ([^|]+) \| ([^|]+) \|")


def report_sections(text):
    """事件 name -> [[names of one timing row (／ alternatives)], …] in report order."""
    out = {}
    cur = None
    for line in text.splitlines():
        if line.startswith("## 事件 "):
            cur = line[len("## 事件 "):].strip()
            out[cur] = []
            continue
        m = _ROW.match(line)
        if m and cur is not None:
            out[cur].append(m.group(2).strip().split("／"))
    return out


def _report(generated):
    outputs, _ = generated
    md = [o for o in outputs if o.path.name == "timings.md"]
    assert len(md) == 1
    return report_sections(md[0].text)


def test_book_copy_is_current():
    """tests/flows/book_flows.yaml is the identity_current section of the shared inventory."""
    if not SHARED_BOOK.exists():
        return
    shared = SHARED_BOOK.read_text(encoding="utf-8").splitlines()
    start = shared.index("identity_current:")
    end = next(i for i in range(start + 1, len(shared))
               if shared[i] and not shared[i].startswith(" "))
    mine = [l for l in BOOK.read_text(encoding="utf-8").splitlines() if not l.startswith("#")]
    assert mine == shared[start:end]


def test_parser_reads_every_flow():
    flows = book_flows()
    assert {k: len(v) for k, v in flows.items()} == COUNTS
    assert set(flows) == set(FLOW_EVENTS) | NOT_IDENTITY


def test_report_lists_every_book_timing_in_order(generated):
    report = _report(generated)
    problems = []
    for flow, timings in book_flows().items():
        if flow in NOT_IDENTITY:
            continue
        events = FLOW_EVENTS[flow]
        for ev in events:
            assert ev in report, "no section 事件 %s in the report" % ev
        # where each book timing is: (event, row index)
        pos = []
        for tid, name in timings:
            at = [(ev, i) for ev in events for i, row in enumerate(report[ev]) if name in row]
            if not at:
                problems.append("%s: %s (%s) missing from 事件 %s" % (flow, name, tid, "/".join(events)))
                continue
            if len(at) > 1:
                problems.append("%s: %s listed %d times" % (flow, name, len(at)))
            pos.append((name, at[0]))
        # the book's order within each event
        for ev in events:
            rows = [(i, name) for name, (e, i) in pos if e == ev]
            if [i for i, _ in rows] != sorted(i for i, _ in rows):
                problems.append("%s: order in 事件 %s is %s, the book's is %s" % (
                    flow, ev, [n for _, n in sorted(rows)], [n for _, n in rows]))
    assert not problems, "\n".join(problems)


def test_report_has_no_unexplained_timing(generated):
    report = _report(generated)
    flows = book_flows()
    book_of = {}
    for flow, events in FLOW_EVENTS.items():
        for ev in events:
            book_of.setdefault(ev, set()).update(name for _, name in flows[flow])
    extra = set()
    for ev, names in book_of.items():
        for row in report[ev]:
            if not (set(row) & names):
                extra.add((ev, row[0]))
    assert extra == DERIVED
    # every spec event belongs to a book flow, or says which other book line it comes from
    assert set(report) == set(book_of) | set(OTHER_BOOK)
    old = BOOK_OLD.read_text(encoding="utf-8")
    pregame = old[old.index("  pregame_timings:"):old.index("  turn_flow:")]
    for ev, (line, zh) in OTHER_BOOK.items():
        assert f'src: "{line}' in pregame and f"zh: {zh}," in pregame, (ev, line)
        assert [row for row in report[ev]] == [[zh.removeprefix("在游戏开始前")]], report[ev]


def test_report_sub_numbers_verbatim(generated):
    """Timings the book numbers ❶… carry their number in the report; the white ①…
    (skills' sub-numbers in the book) never number a timing."""
    report = _report(generated)
    names = {n for rows in report.values() for row in rows for n in row}
    for flow, timings in book_flows().items():
        if flow in NOT_IDENTITY:
            continue
        for _, name in timings:
            assert name in names
    for n in names:
        assert not re.search(r"[①-⑳]", n), n
