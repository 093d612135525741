"""core.prims with modules compiled from fixture specs (tests/runtime/*.sgs)."""
import json

import pytest

from core import engine as E
from core import prims as P

# deck: (name, suit, point); the draw pile's top is the END of the list
SHA = "杀"


def deck(*suits):
    return [(SHA, s, 7) for s in suits]


def make(mod, generals, deck_cards, hands=None):
    g = P.new_game(mod, len(generals), seed=1, mode=None, deck=deck_cards, generals=generals,
                   hand=0, shuffle=False, start=False)
    for p, cards in (hands or {}).items():
        g.move(cards, E.Z_HAND, p)
    return g


def hand(g, p):
    return list(g.zone_cards(E.Z_HAND, p))


def events(g, kind):
    return [json.loads(l) for l in g.log if json.loads(l)["e"] == kind]


# ------------------------------------------------------------------ 刚烈
def test_gangli_trigger_judge_option_discard(gangli):
    # cards 0,1 → seat 0's hand; judge card 2 (spade), draw card 3 on top
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "红桃", "黑桃", "方块"), {0: [0, 1]})
    P.run_event(g, "伤害", (0, 1, 1))
    d = g.step()
    # 受到伤害时❶ nobody; 夏侯惇 is healthy (4 > 2): draws card 3; 受到伤害后: 刚烈?
    assert hand(g, 1) == [3]
    assert d.kind == E.D_TRIGGER and d.who == 1 and d.can_pass
    assert d.options == [g.rs.id_of("skill", "刚烈")]
    g.answer(d.options[0])
    d = g.step()
    # judged card 2 (spade, not heart) → 来源 (seat 0) chooses an option
    assert g.where(2) == (E.Z_DISCARD, -1)
    assert d.kind == E.D_OPTION and d.who == 0 and d.options == [0, 1]
    g.answer(0)
    d = g.step()
    # seat 0 has exactly two hand cards: discards both without a question
    assert isinstance(d, E.GameResult)
    assert hand(g, 0) == []
    assert sorted(g.zone_cards(E.Z_DISCARD)) == [0, 1, 2]
    g.check_invariants()


def test_gangli_heart_judgement_stops(gangli):
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "红桃", "红桃", "方块"), {0: [0, 1]})
    P.run_event(g, "伤害", (0, 1, 1))
    d = g.step()
    g.answer(d.options[0])
    r = g.step()
    assert isinstance(r, E.GameResult)       # 结果为红桃 ▷ nothing more
    assert hand(g, 0) == [0, 1]


def test_gangli_option_damage_nested_event(gangli):
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "方块", "梅花", "方块"), {})
    P.run_event(g, "伤害", (0, 1, 1))
    d = g.step()
    g.answer(d.options[0])
    d = g.step()
    g.answer(1)                                # 受到你造成的1点伤害
    r = g.step()
    assert isinstance(r, E.GameResult)
    pushes = [e for e in events(g, "push") if e["p"] == "事件 伤害"]
    assert [p["s"] for p in pushes] == [[0, 1, 1], [1, 0, 1]]
    # the nested damage to seat 0 (healthy) draws one card; 刚烈 does not answer it
    assert hand(g, 0) == [1]
    assert len(events(g, "ask")) == 2


def test_gangli_declined(gangli):
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "黑桃", "方块"), {0: [0]})
    P.run_event(g, "伤害", (0, 1, 1))
    d = g.step()
    g.answer(-1)
    assert isinstance(g.step(), E.GameResult)
    assert len(g.zone_cards(E.Z_DRAW)) == 1   # drew one, no judgement


def test_gangli_option_texts_for_people(gangli):
    # the decision carries the options as the spec writes them (Decision.data; not logged)
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "红桃", "黑桃", "方块"), {0: [0, 1]})
    P.run_event(g, "伤害", (0, 1, 1))
    g.answer(g.step().options[0])
    d = g.step()
    assert d.kind == E.D_OPTION and d.prompt == "选择一项"
    assert d.data == ["弃置两张手牌", "受到你造成的1点伤害"]
    assert "弃置两张手牌" not in "\n".join(g.log)


def test_gangli_not_offered_without_source(gangli):
    # damage without a source: 刚烈 is activated on the source (002:208), so it is not
    # offered, and nobody (seat -1) is ever asked to choose (002:238)
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "黑桃", "方块"), {0: [0]})
    P.run_event(g, "伤害", (-1, 1, 1))
    assert isinstance(g.step(), E.GameResult)
    assert g.skill_uses[g.rs.id_of("skill", "刚烈")] == 0


def test_choice_without_chooser_runs_no_option(gangli):
    # a 选择一项 whose chooser is no alive role (a dead source) executes no option: the
    # program goes on at the choice's end (entry n of its table)
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "红桃", "黑桃", "方块"), {0: [0, 1]})
    P.run_event(g, "伤害", (0, 1, 1))
    g.answer(g.step().options[0])   # 刚烈 offered: the source was alive then
    g.set_alive(0, False)           # … and is not when it should choose
    assert isinstance(g.step(), E.GameResult)
    assert hand(g, 0) == [0, 1] and g.players[0].hp == 4
    assert not any('"ask"' in l and '"who":-1' in l for l in g.log)


# ------------------------------------------------------------------ position class
def test_strict_discard_not_executed(gangli):
    # 弃置两张手牌 is the only effect of its option: strict.  One card: nothing happens.
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "黑桃", "方块"), {0: [0]})
    P.run_event(g, "伤害", (0, 1, 1))
    g.answer(g.step().options[0])
    d = g.step()
    assert d.kind == E.D_OPTION
    g.answer(0)
    assert isinstance(g.step(), E.GameResult)
    assert hand(g, 0) == [0]
    assert 0 not in g.zone_cards(E.Z_DISCARD)


def test_best_effort_discard(fanqi):
    # 〖反弃〗你受到伤害后，你摸一张牌，来源弃置两张手牌: two effects, not strict
    g = make(fanqi, [None, "测试"], deck("红桃", "黑桃", "方块"), {0: [0]})
    P.run_event(g, "伤害", (0, 1, 1))
    r = g.step()                              # forced skill: no question
    assert isinstance(r, E.GameResult)
    assert hand(g, 0) == []                   # discarded the one card it had
    assert g.zone_cards(E.Z_DISCARD) == [0]
    assert hand(g, 1) == [2]


def test_best_effort_discard_asks_when_there_is_a_choice(fanqi):
    g = make(fanqi, [None, "测试"], deck("红桃", "黑桃", "方块", "梅花", "红桃"),
             {0: [0, 1, 2]})
    P.run_event(g, "伤害", (0, 1, 1))
    d = g.step()
    assert d.kind == E.D_CARDS and d.who == 0 and d.lo == d.hi == 2
    assert sorted(d.options) == [0, 1, 2]
    g.answer((0, 2))
    assert isinstance(g.step(), E.GameResult)
    assert hand(g, 0) == [1]


def test_executed_flag_primitive_level(gangli):
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "黑桃"), {0: [0]})
    f = g.new_frame(0, 0, None, 0)
    g.push_frame(f)
    assert P.discard_hand(g, f, True, 0, 2) == 0 and not P.executed(g)
    assert P.discard_hand(g, f, False, 0, 2) == 0 and P.executed(g)
    assert hand(g, 0) == []
    assert P.discard_hand(g, f, False, 0, 2) == 0 and not P.executed(g)


def test_executed_reads_the_running_frames_flags_only(gangli):
    """executed answers by the stack's last frame (compiled, its flags read in place, step
    180b), whatever the frames under it say."""
    from core.prims import base as B
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "黑桃"), {0: [0]})
    n = len(g.stack)
    for under, top, want in ((B.F_NOTEXEC, 0, True), (0, B.F_NOTEXEC, False)):
        lower = g.new_frame(0, 0, None, 0)
        lower.flags = under
        g.push_frame(lower)
        running = g.new_frame(0, 0, None, 0)
        running.flags = top
        g.push_frame(running)
        assert len(g.stack) == n + 2 and P.executed(g) is want
        del g.stack[n:]


# ------------------------------------------------------------------ errors, ABI
def test_exception_reports_spec_position(gangli):
    g = make(gangli, [None, "夏侯惇"], deck("红桃"), {})
    P.run_event(g, "伤害", (0, None, 1))      # 受到伤害的角色 is not a seat
    with pytest.raises(P.SpecRuntimeError) as ei:
        g.step()
    msg = str(ei.value)
    assert msg.split(": ")[0].endswith("gangli.sgs:27:3"), msg   # 若受到伤害的角色健康
    assert "TypeError" in msg


def test_check_abi():
    P.check_abi(P.CORE_ABI, "0.1.0", "m")
    with pytest.raises(P.AbiMismatch, match="regenerate"):
        P.check_abi(P.CORE_ABI + 1, "9.9", "m")


def test_register_tables(gangli):
    rs = P.new_ruleset()
    gangli.register(rs)
    t = P.finish(rs)
    assert "伤害" in t.events and "夏侯惇" in t.generals
    assert P.missing(gangli.PRIMITIVES) == []


def test_quantifiers():
    g = E.Game(P.new_ruleset(), 3)
    ev = g.new_frame(0, -1, None, 0)
    ev.subject = 1        # the timing's subject: seat 1
    f = P.probe(g, 0, ev, 0)
    assert P.subject_matches(g, f, 1) and not P.subject_matches(g, f, 0)
    assert P.subject_matches(g, f, P.ANY)
    assert P.subject_matches(g, f, P.OTHER)
    f = P.probe(g, 1, ev, 0)
    assert not P.subject_matches(g, f, P.OTHER)
    assert P.subject_matches(g, f, P.Pick("players", (1, 2)))


def test_subject_matches_reads_the_event_frames_subject_or_its_own():
    """subject_matches asks the subject of f's event frame, or f's own without one (compiled,
    both read borrowed and a seat of one digit in place: step 189b): a subject of None or
    below 0 matches anyone; a seat, ANY and OTHER as seats; ints of more digits compared as
    ints; anything else through _matches."""
    g = E.Game(P.new_ruleset(), 3)
    ev = g.new_frame(0, -1, None, 0)
    f = P.probe(g, 0, ev, 0)
    big = 2 ** 40
    whos = (0, 1, 2, P.ANY, P.OTHER, -7, big, P.Pick("players", (1, 2)), (0, 2))
    cases = {None: (True,) * 9,
             -1: (True,) * 9,
             -5: (True,) * 9,
             0: (True, False, False, True, False, False, False, False, True),
             1: (False, True, False, True, True, False, False, True, False),
             big: (False, False, False, True, True, False, True, False, False)}
    for subj, want in cases.items():
        ev.subject = subj
        assert tuple(P.subject_matches(g, f, w) for w in whos) == want, subj
    own = g.new_frame(0, 1, None, 0)   # no event frame: its own subject
    ev.subject = 1
    own.subject = 2
    assert [P.subject_matches(g, own, w) for w in (1, 2, P.OTHER)] == [False, True, True]
    own.subject = -1
    assert P.subject_matches(g, own, 0)


# ------------------------------------------------------------------ quantifiers, picks
def test_pick_in_effect_and_quantifier_in_condition(fanji):
    # seat 0 〖反击〗 (你可对一名其他角色造成1点伤害), seat 2 〖旁观〗 (一名其他角色受到伤害后，你摸一张牌)
    g = make(fanji, ["反击者", None, "旁观者"], deck("红桃", "黑桃", "方块"))
    P.run_event(g, "伤害", (1, 0, 1))
    d = g.step()
    assert d.kind == E.D_TRIGGER and d.who == 0
    g.answer(d.options[0])
    d = g.step()
    assert d.kind == E.D_PLAYERS and d.who == 0 and sorted(d.options) == [1, 2]
    g.answer((2,))
    r = g.step()
    assert isinstance(r, E.GameResult)
    pushes = [e["s"] for e in events(g, "push") if e["p"] == "事件 伤害"]
    assert pushes == [[1, 0, 1], [0, 2, 1]]
    # 旁观 answered the damage to seat 0 only (not the one to itself)
    assert hand(g, 2) == [2]


def test_delayed_effect_runs_once(fanji):
    g = make(fanji, [None, "迟摸者", None], deck("红桃", "黑桃", "方块", "梅花"))
    P.run_event(g, "伤害", (0, 1, 1))
    src = g.new_frame(0, 1, None, 0)            # a frame owned by seat 1
    t_end = g.rs.id_of("timing", "伤害结算结束后")
    # 〖旁观〗's program (你摸一张牌), by name, as generated code names programs (its core id)
    draw_prog = g.rs.id_of("prog", "技能 〖旁观〗")
    assert P.add_delayed(g, src, True, t_end, draw_prog, 1) == 0
    # owner, timing, program, subject, its own values (none), the hidden skill that runs it
    assert P._state(g)[P.S_DELAYED] == [[1, t_end, draw_prog, 1, (), P.finish(g.rs).delayed_skill[t_end]]]
    r = g.step()  # 迟摸 draws 1 and adds its own → effect; both delayed effects draw 1 at 伤害结算结束后
    assert isinstance(r, E.GameResult)
    assert len(hand(g, 1)) == 3
    assert g.players[1].has[P.finish(g.rs).delayed_skill[t_end]] == 0


# ------------------------------------------------------------------ factory, clone
def test_new_game_turn_loop(gangli):
    g = P.new_game(gangli, 3, seed=5, mode=None, deck=deck(*(["红桃"] * 20)),
                   generals=["夏侯惇"], hand=2)
    assert [len(hand(g, p)) for p in range(3)] == [2, 2, 2]
    assert g.players[0].maxhp == 4 and g.has_skill(0, g.rs.id_of("skill", "刚烈"))
    assert g.step(200) is None                  # no turn flow in the fixture: turns only
    turns = events(g, "turn")
    assert [t["p"] for t in turns[:4]] == [0, 1, 2, 0]
    assert turns[3]["round"] == 2


def test_clone_is_independent(gangli):
    g = make(gangli, [None, "夏侯惇"], deck("红桃", "红桃", "黑桃", "方块"), {0: [0, 1]})
    P.run_event(g, "伤害", (0, 1, 1))
    g.answer(g.step().options[0])
    assert g.step().kind == E.D_OPTION
    h = g.clone()
    g.answer(0)
    h.answer(1)
    assert isinstance(g.step(), E.GameResult) and isinstance(h.step(), E.GameResult)
    assert hand(g, 0) == [] and hand(h, 0) == [0, 1, 2]   # h: 受到伤害 → draws (refill)
    g.check_invariants()
    h.check_invariants()


def test_exception_in_compiled_handler_reports_spec_position(tmp_path):
    """The same error as above, raised inside a Cython-compiled generated handler."""
    import core

    if not core.compiled():
        # compiled units cimport the compiled core (typed calls into prims, docs/performance.md)
        pytest.skip("a compiled generated unit needs the compiled core (not SGS_PURE=1)")
    import importlib
    import sys
    from pathlib import Path

    from compiler.build import write_package
    from compiler.emit import render_units
    from compiler.lower import Lowerer
    from compiler.project import load_project
    from core.build import build_modules

    proj = load_project([Path(__file__).with_name("gangli.sgs")], with_bundled=False)
    units = render_units(Lowerer(proj.checker, "cg", "test").run())
    pkg = "pkg_compiled_gangli"
    write_package(units, tmp_path, pkg)
    assert sorted(build_modules(pkg, sorted(units), opt="-O0", root=str(tmp_path))) == sorted(units)
    sys.path.insert(0, str(tmp_path))
    try:
        mod = importlib.import_module(f"{pkg}.cg")
        assert not importlib.import_module(f"{pkg}.cg_flows").__file__.endswith(".py")  # compiled
        g = make(mod, [None, "夏侯惇"], deck("红桃"), {})
        P.run_event(g, "伤害", (0, None, 1))
        with pytest.raises(P.SpecRuntimeError) as ei:
            g.step()
    finally:
        sys.path.remove(str(tmp_path))
    assert str(ei.value).split(": ")[0].endswith("gangli.sgs:27:3"), str(ei.value)
