"""战棋's flow charts as specs (issue 19): play 战棋 flows from the bundled specs (specs/zhanqi) and
compare the timings the engine generates with the book's lists (seed 001, via the inventory
tests/flows/book_zhanqi.yaml, never via our specs), as test_flow_timings.py does for seed 000.

Every decision is scripted (flowkit.drive): an unexpected question fails the test. The games
run without the mode's set-up: the map is laid out by core.prims.board.lay_out with the pieces
where each test puts them, and the core's turn loop gives seat 0 the first turn.
"""
import pytest

from core import engine as E
from core import prims as P

from flowkit import HERE, SHARED_BOOK, Ask, Recorder, book_flows, book_names, drive

BOOK = HERE / "book_zhanqi.yaml"
PHASES = ("准备阶段", "延时阶段", "摸牌阶段", "移动阶段", "出牌阶段", "弃牌阶段", "结束阶段")
WARM, COLD = P.CAMP_WARM, P.CAMP_COLD


def book(flow):
    return book_names(flow, BOOK)


@pytest.fixture(scope="module")
def zhanqi(tmp_path_factory):
    from compiler.build import GENERATED, generate, import_package
    from compiler.rulebooks import by_key

    outputs, proj = generate(by_key("zhanqi"))
    assert outputs, getattr(proj, "errors", proj)
    units = {o.path.stem: o.text for o in outputs if o.path.parent == GENERATED and o.path.suffix == ".py"}
    return import_package(units, tmp_path_factory.mktemp("gen_zhanqi"), "gen_zhanqi", "zhanqi")


@pytest.fixture
def recorder(monkeypatch):
    return Recorder(monkeypatch, PHASES)


def sq(mod, row, col):
    """The square of row/column (from 1) of the rulebook's map (its first)."""
    name, w, h, kinds = mod.MAPS[0]
    return (row - 1) * w + (col - 1)


def game(mod, deck, squares, hands=None, judge=None):
    """Two seats (0 暖方, 1 冷方) on the map, their pieces on ``squares``; the draw pile in
    ``deck`` order (its top is the END of the list); the core's turn loop pushed; log_level=2."""
    g = P.new_game(mod, 2, seed=1, mode=None, deck=deck, generals=None, hand=0,
                   shuffle=False, start=False, log_level=2)
    t = P._T(g)
    r = g.new_frame(t.root, -1, None, 0)
    r.y = (t.turnloop, ())
    g.push_frame(r)
    P.lay_out(g, [WARM, COLD], squares)
    for p, cards in (hands or {}).items():
        g.move(cards, E.Z_HAND, p)
    for p, cards in (judge or {}).items():
        g.move(cards, E.Z_JUDGE, p)
    return g


def second_turn(g, d):
    return g.turn_no >= 2


def first_name(name):
    return name.split("／")[0]


STOP_MOVING = Ask(E.D_OPTION, 0, 0, "声明位移")       # 001:735 停止声明该移动
END_PLAY = [Ask(E.D_YESNO, 0, 1)]   # nothing usable (the other piece is out of range): 001:111 ends the phase


def test_book_copy_is_current():
    """tests/flows/book_zhanqi.yaml is the zhanqi section of the shared inventory."""
    if not SHARED_BOOK.exists():
        return
    shared = SHARED_BOOK.read_text(encoding="utf-8").splitlines()
    start = shared.index("zhanqi:")
    end = next(i for i in range(start + 1, len(shared)) if shared[i] and not shared[i].startswith(" "))
    mine = [l for l in BOOK.read_text(encoding="utf-8").splitlines() if not l.startswith("#")]
    assert mine == shared[start:end]


def test_book_counts():
    """The inventory's counts (counts.zhanqi) of the flows these tests play."""
    f = {k: len(v) for k, v in book_flows(BOOK).items()}
    assert (f["turn_flow"], f["use_card"], f["damage"], f["movement"], f["gain_score"],
            f["piece_state_change"], f["qiaobian_single"], f["judge"]) == (28, 14, 8, 2, 3, 3, 4, 6)


# ---------------------------------------------------------------- 1. one turn: the 28 timings
def test_blank_turn_fires_the_28_timings(zhanqi, recorder):
    """001:59-129: a turn of a 4-HP role without skills (its 延时区 holds a 【乐不思蜀】 whose
    judgement is a 红桃: the 延时阶段 is not skipped, nor is the 出牌阶段): the 28 timings of the book,
    in its order; it does not move; it ends the 出牌阶段 at its first idle point; 回合结束前❷ turns
    its piece face down (the 武将棋子状态改变 flow, 001:495-513)."""
    deck = [("杀", "黑桃", 7)] * 6 + [("乐不思蜀", "黑桃", 6), ("桃", "红桃", 3)]
    g = game(zhanqi, deck, [sq(zhanqi, 7, 1), sq(zhanqi, 1, 5)], judge={0: [6]})
    drive(g, [STOP_MOVING] + END_PLAY, stop=second_turn)
    recorder.check_against_log(g)
    turn = [first_name(n) for n in recorder.turn(0)]
    assert len(book("turn_flow")) == 28
    assert turn == book("turn_flow")
    # 001:77-81 the 【乐不思蜀】's special use flow runs inside 延时阶段: its judgement (a 红桃)
    nested = recorder.between(recorder.turn_index("延时阶段"), recorder.turn_index("延时阶段结束时"))
    assert [x.name for x in nested if x.event == "判定"] == book("judge")
    assert [x.name for x in nested if x.event in ("对当前目标的使用结算",)] == \
        [n for n in book("use_card") if n.startswith("对当前目标") and n != "被抵消后"]
    # 001:97 the 移动阶段's one movement of X steps (行动力): nothing declared
    i, j = recorder.turn_index("移动阶段"), recorder.turn_index("移动阶段结束时")
    assert [x.name for x in recorder.between(i, j)] == book("movement")
    # 001:127 回合结束前❷: the piece is turned over (the state change flow), face down
    k = recorder.turn_index("回合结束前❷")
    assert [x.name for x in recorder.fired[k + 1:k + 4]] == book("piece_state_change")
    assert P._board(g)[P.B_UP][0] == 0
    # the next turn starts at its 回合开始后❶ (001:129)
    assert first_name(recorder.turn(1)[0]) == "回合开始后❶"


def test_empty_delay_zone_skips_the_delay_phase(zhanqi, recorder):
    """001:73 延时阶段开始前: nothing in the 延时区: the phase is skipped; none of its later
    timings is generated (25 of the 28)."""
    deck = [("杀", "黑桃", 7)] * 8
    g = game(zhanqi, deck, [sq(zhanqi, 7, 1), sq(zhanqi, 1, 5)])
    drive(g, [STOP_MOVING] + END_PLAY, stop=second_turn)
    turn = [first_name(n) for n in recorder.turn(0)]
    want = [n for n in book("turn_flow") if n not in ("延时阶段开始时", "延时阶段", "延时阶段结束时")]
    assert turn == want and len(turn) == 25


# ---------------------------------------------------------------- 2. a movement
def test_movement_steps_and_timings(zhanqi, recorder):
    """001:725-761: two displacements of the 移动阶段's 3 (行动力), then the role stops declaring;
    the pre-settlement finds nothing illegal; the piece moves square by square."""
    deck = [("杀", "黑桃", 7)] * 8
    start = sq(zhanqi, 7, 1)
    g = game(zhanqi, deck, [start, sq(zhanqi, 1, 5)])
    up = lambda d: d.data.index("移动至" + P.square_text(g, P.square_at(g, 6, 1)))
    right = lambda d: d.data.index("移动至" + P.square_text(g, P.square_at(g, 6, 2)))
    drive(g, [Ask(E.D_OPTION, 0, up, "声明位移"), Ask(E.D_OPTION, 0, right, "声明位移"),
              Ask(E.D_OPTION, 0, 0, "声明位移")] + END_PLAY, stop=second_turn)
    assert recorder.of("移动") == book("movement")
    assert P.piece_square(g, None, 0) == P.square_at(g, 6, 2)
    first_turn = next(i for i, x in enumerate(g.log) if '"e":"turn"' in x)
    moves = [x for x in g.log[first_turn:] if '"e":"piece"' in x]
    assert len(moves) == 2   # one displacement after the other (001:753)


# ---------------------------------------------------------------- 3. a kill: death and score
def test_death_scores_for_the_other_camp(zhanqi, recorder):
    """001:679-723: a 冷方 role at 1 HP takes 1 damage from a 暖方 role: dying (nobody can save it:
    no 【桃】), death (its two timings), the killer draws two, then the 暖方 gains 3 points (the
    获得分数 flow, 001:705-723) before 死亡后."""
    deck = [("杀", "黑桃", 7)] * 8
    g = game(zhanqi, deck, [sq(zhanqi, 7, 1), sq(zhanqi, 6, 1)])
    g.players[1].hp = 1
    t = P._T(g)
    g.stack[0].y = (t.events["伤害"], (0, 1, 1, P.NAT_NONE, None))   # instead of the turn loop
    assert drive(g, []).reason == "flow ended"
    recorder.check_against_log(g)
    assert recorder.of("死亡") == book("death")
    assert recorder.of("获得分数") == book("gain_score")
    i, j = recorder.index("死亡", "死亡时"), recorder.index("死亡", "死亡后")
    assert [x.name for x in recorder.between(i, j) if x.event == "获得分数"] == book("gain_score")
    assert P.score_of(g, None, WARM) == 3 and P.score_of(g, None, COLD) == 0
    assert len(g.zone_cards(E.Z_HAND, 0)) == 2 and not g.players[1].alive


# ---------------------------------------------------------------- 5. sgs timings --mode 战棋
# book flow id -> the spec events (事件) implementing it (specs/zhanqi/flows)
FLOW_EVENTS = {
    "turn_flow": ["回合"] + list(PHASES),
    "need_use": ["需要使用牌"], "pre_use": ["预使用"],
    # the per-target part between 循环点A and 循环点B is its own event (also run by the delayed
    # tricks' special use flow, 001:81)
    "use_card": ["使用", "对当前目标的使用结算"],
    "need_play": ["需要打出牌"], "pre_play": ["预打出"], "play_card": ["打出"],
    "qiaobian_single": ["巧变"], "qiaobian_multi": ["巧变"],   # 001:467: one card is a group of one
    "piece_state_change": ["武将棋子状态改变"], "judge": ["判定"], "damage": ["伤害"],
    "lose_hp": ["失去体力"], "deduct_hp": ["扣减体力"], "recover": ["回复体力"], "dying": ["濒死"],
    "death": ["死亡"], "gain_score": ["获得分数"], "movement": ["移动"],
}
# 2.1 技能的使用事件 (001:133-137) has no timings: the runtime's skill use, no flow of the specs
NOT_A_FLOW = {"skill_use"}
# timings of a spec event not in the book's list of its flow, with the line that makes them one
DERIVED = {
    # 001:571 a skill of "造成/受到1点伤害后" may be activated X times for X points
    ("伤害", "造成1点伤害后"), ("伤害", "受到1点伤害后"),
    # 001:107: the idle point's other name (出牌阶段内的空闲时间点) is the same timing's
}


def zhanqi_report():
    from compiler.build import REPO, generate
    from compiler.rulebooks import by_key
    from test_timings_report import report_sections

    rb = by_key("zhanqi")
    outputs, _ = generate(rb)
    md = [o for o in outputs if o.path == REPO / rb.timings]
    assert len(md) == 1
    return md[0], report_sections(md[0].text)


def test_timings_doc_is_fresh():
    """docs/timings-zhanqi.md is what `sgs timings --mode 战棋` (sgs build) writes."""
    doc, _ = zhanqi_report()
    assert doc.path.read_text(encoding="utf-8") == doc.text


def test_report_lists_every_book_timing_in_order():
    _, report = zhanqi_report()
    problems = []
    flows = book_flows(BOOK)
    assert set(flows) == set(FLOW_EVENTS) | NOT_A_FLOW
    for flow, timings in flows.items():
        if flow in NOT_A_FLOW:
            continue
        events = FLOW_EVENTS[flow]
        pos = []
        for tid, name in timings:
            at = [(ev, i) for ev in events for i, row in enumerate(report[ev]) if name in row]
            if len(at) != 1:
                problems.append("%s: %s found %d times in 事件 %s" % (flow, name, len(at), "/".join(events)))
                continue
            pos.append((name, at[0]))
        for ev in events:
            rows = [i for name, (e, i) in pos if e == ev]
            if rows != sorted(rows):
                problems.append("%s: out of the book's order in 事件 %s" % (flow, ev))
    assert not problems, "\n".join(problems)
    book_of = {}
    for flow, events in FLOW_EVENTS.items():
        for ev in events:
            book_of.setdefault(ev, set()).update(name for _, name in flows[flow])
    extra = {(ev, row[0]) for ev, names in book_of.items() for row in report[ev] if not set(row) & names}
    assert extra == DERIVED
    assert set(report) == set(book_of) | {"延时锦囊牌的特殊使用"}   # 001:81 (no timing of its own)


def test_flow_charts_are_fresh():
    """docs/flows/zhanqi/ is what `sgs build` writes from 战棋's flows: no chart stale, none left over."""
    from compiler.build import REPO, generate
    from compiler.rulebooks import by_key

    outputs, _ = generate(by_key("zhanqi"))
    folder = REPO / "docs" / "flows" / "zhanqi"
    charts = {o.path.name: o.text for o in outputs if o.path.parent == folder}
    assert "移动.md" in charts and "获得分数.md" in charts and "巧变.md" in charts
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*")}
    assert on_disk == charts
