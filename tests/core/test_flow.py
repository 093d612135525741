"""Flow control: insertion, termination, prevention, death mid-turn, skipped
and extra phases, extra turns, face-down skip, rounds."""
import json

from core import engine as E
from core import turnbook as Turnbook
from core.decision import Decision
from toy import Toy, fired, events
from test_dispatch import run_answers


def timings(g):
    return [json.loads(l)["t"] for l in g.log if l.startswith('{"e":"t"')]


def turns(g):
    return [(d["p"], d["round"], d["extra"]) for d in events(g, "turn")]


def test_insertion_nested_event_runs_inside_the_timing():
    t = Toy(nturns=1)
    hit = t.skill("hit", t.T_PH_START[t.PH_PLAY], forced=True,
                  effect=lambda g, f: (g.push(t.P_DAMAGE, f.owner, f, [f.owner, 1, 1]), E.PUSH)[1],
                  cond=lambda g, o, ev, tt: g.current == o)
    seen = t.skill("seen", t.T_DMG_AFTER, forced=True,
                   cond=lambda g, o, ev, tt: ev.slots[1] == o)
    g = t.game(n=2, log_level=2)
    g.grant_skill(0, hit)
    g.grant_skill(1, seen)
    run_answers(g, [])
    assert fired(g) == [("hit", 0), ("seen", 1)]
    tl = timings(g)
    i = tl.index("出牌阶段开始时")
    assert tl[i + 1:i + 3] == ["受到伤害时", "受到伤害后"]
    assert tl[i + 3] == "出牌阶段"
    assert g.players[1].hp == 3


def test_skill_reads_event_slots_through_ev():
    t = Toy(nturns=0)
    got = []
    s = t.skill("peek", t.T_DMG_BEFORE, forced=True,
                effect=lambda g, f: got.append(tuple(f.ev.slots)))
    g = t.game(n=2)
    g.grant_skill(0, s)
    g.push(t.P_DAMAGE, -1, None, [1, 0, 2])
    run_answers(g, [])
    assert got == [(1, 0, 2)]


def test_termination_stops_the_flow():
    t = Toy(nturns=0)
    s = t.skill("stop", t.T_DMG_BEFORE, forced=True, effect=lambda g, f: g.terminate(f.ev))
    after = t.skill("after", t.T_DMG_AFTER, forced=True)
    g = t.game(n=2)
    g.grant_skill(1, s)
    g.grant_skill(1, after)
    g.push(t.P_DAMAGE, -1, None, [0, 1, 1])
    run_answers(g, [])
    assert g.players[1].hp == 4
    assert fired(g) == [("stop", 1)]
    g.check_invariants()


def test_termination_jumps_to_term_pc_for_cleanup():
    t = Toy(nturns=0)
    trace = []

    def flow(g, f):
        trace.append(f.pc)
        if f.pc == 0:
            f.term_pc = 5
            f.pc = 1
            return g.fire(t.T_DMG_BEFORE, f)
        if f.pc < 5:
            f.pc += 1
            return E.CONTINUE
        return E.DONE
    P = t.rs.program("flow", flow)
    s = t.skill("stop", t.T_DMG_BEFORE, forced=True, effect=lambda g, f: g.terminate(f.ev))
    g = t.game(n=2)
    g.grant_skill(0, s)
    g.push(P)
    run_answers(g, [])
    assert trace == [0, 5]


def test_prevention_flag_is_checked_by_the_flow():
    t = Toy(nturns=0)
    s = t.skill("shield", t.T_DMG_BEFORE, forced=True, effect=lambda g, f: g.prevent(f.ev))
    g = t.game(n=2)
    g.grant_skill(1, s)
    g.push(t.P_DAMAGE, -1, None, [0, 1, 1])
    run_answers(g, [])
    assert g.players[1].hp == 4


def _death_toy(kill_timing, nturns=2):
    """Seat 1 kills the current player (seat 0) at ``kill_timing``; seat 2 has
    a listener at the same timing (after seat 1), and everyone logs 回合结束前❶/❷
    and the phase timings."""
    t = Toy(nturns=nturns)
    kill = t.skill("kill", kill_timing, forced=True,
                   cond=lambda g, o, ev, tt: g.current == 0 and g.players[0].alive,
                   effect=lambda g, f: (g.push(t.P_DAMAGE, f.owner, f, [f.owner, 0, 9]), E.PUSH)[1])
    later = t.skill("later", kill_timing, forced=True, cond=lambda g, o, ev, tt: g.current == 0)
    mourn = t.skill("mourn", t.T_DEATH, forced=True)
    ends = [t.skill("end1", t.T_END1, forced=True, cond=lambda g, o, ev, tt: o == 2),
            t.skill("end2", t.T_END2, forced=True, cond=lambda g, o, ev, tt: o == 2),
            t.skill("play_end", t.T_PH_END[t.PH_PLAY], forced=True,
                    cond=lambda g, o, ev, tt: o == 2),
            t.skill("play_body", t.T_PH_BODY[t.PH_PLAY], forced=True,
                    cond=lambda g, o, ev, tt: o == 2)]
    g = t.game(n=3, debug=True)
    g.grant_skill(1, kill)
    g.grant_skill(2, later)
    g.grant_skill(2, mourn)
    for s in ends:
        g.grant_skill(2, s)
    return t, g


def test_death_before_turn_end_jumps():
    t0 = Toy()
    t, g = _death_toy(t0.T_PH_START[t0.PH_PLAY], nturns=2)
    run_answers(g, [])
    f = fired(g)
    # turn of seat 0: death flow, then timing a (出牌阶段开始时) finishes (seat 2's
    # 'later'), then straight to 回合结束前❶ (no 出牌阶段 body, no 结束时)
    first_turn = f[:f.index(("end2", 2)) + 1]
    assert first_turn == [("kill", 1), ("mourn", 2), ("later", 2), ("end1", 2), ("end2", 2)]
    assert not g.players[0].alive
    # the next turn is seat 1's, normal again
    assert ("play_body", 2) in f[len(first_turn):]
    assert [p for p, _, _ in turns(g)] == [0, 1]
    assert g.stack == []


def test_death_at_turn_end_1_continues_normally():
    t0 = Toy()
    t, g = _death_toy(t0.T_END1, nturns=1)
    d = None
    while True:
        r = g.step()
        if isinstance(r, Decision):
            # seat 2 orders its two forced skills at 回合结束前❶
            assert r.who == 2 and not r.can_pass
            g.answer(t.rs.id_of("skill", "later"))
        else:
            break
    assert fired(g) == [("play_body", 2), ("play_end", 2), ("kill", 1), ("mourn", 2),
                        ("later", 2), ("end1", 2), ("end2", 2)]


def test_death_outside_own_turn_changes_nothing():
    t = Toy(nturns=1)
    hit = t.skill("hit", t.T_PH_START[t.PH_PLAY], forced=True,
                  cond=lambda g, o, ev, tt: g.players[2].alive,
                  effect=lambda g, f: (g.push(t.P_DAMAGE, f.owner, f, [f.owner, 2, 9]), E.PUSH)[1])
    body = t.skill("body", t.T_PH_BODY[t.PH_PLAY], forced=True)
    g = t.game(n=3)
    g.grant_skill(0, hit)
    g.grant_skill(0, body)
    run_answers(g, [])
    assert fired(g) == [("hit", 0), ("body", 0)]


def test_skipped_phase_and_cannot_skip_twice():
    t = Toy(nturns=1)
    results = []
    s = t.skill("skip", t.T_TURN_START, forced=True,
                effect=lambda g, f: results.extend([g.skip_phase(t.PH_PREP),
                                                    g.skip_phase(t.PH_PREP)]))
    g = t.game(n=2, log_level=2)
    g.grant_skill(0, s)
    run_answers(g, [])
    assert results == [True, False]
    tl = timings(g)
    assert "准备阶段开始前" in tl          # the slot before a skipped phase exists
    assert "准备阶段开始时" not in tl
    assert "出牌阶段开始前" in tl
    assert "出牌阶段开始时" in tl


def test_two_adjacent_skipped_phases_lose_the_timing_between():
    t = Toy(nturns=1)
    s = t.skill("skip", t.T_TURN_START, forced=True,
                effect=lambda g, f: (g.skip_phase(t.PH_PREP), g.skip_phase(t.PH_PLAY)) and None)
    g = t.game(n=2, log_level=2)
    g.grant_skill(0, s)
    run_answers(g, [])
    tl = timings(g)
    assert "准备阶段开始前" in tl
    assert "出牌阶段开始前" not in tl
    assert "出牌阶段开始时" not in tl
    # next turn: skips were per turn
    g2 = t.game(n=2, log_level=2)
    assert not Turnbook.is_skipped(g2, t.PH_PREP)


def test_extra_phase_runs_as_an_effect():
    t = Toy(nturns=1)
    s = t.skill("当先", t.T_TURN_START, forced=True,
                effect=lambda g, f: (g.push_phase(t.PH_PLAY, extra=True), E.PUSH)[1])
    body = t.skill("body", t.T_PH_BODY[t.PH_PLAY], forced=True)
    g = t.game(n=2, log_level=2)
    g.grant_skill(0, s)
    g.grant_skill(0, body)
    run_answers(g, [])
    assert fired(g) == [("当先", 0), ("body", 0), ("body", 0)]
    tl = timings(g)
    # the extra phase has 开始时/结束时 but no 开始前 (program's choice via F_EXTRA)
    assert tl.count("出牌阶段开始时") == 2
    assert tl.count("出牌阶段开始前") == 1


def _order(grants, n=5, nturns=8, dead=()):
    """grants: list of (turn_no, timing-of-toy, seat gaining an extra turn)."""
    t = Toy(nturns=nturns)
    for k, (turn_no, seat) in enumerate(grants):
        t.skill("extra%d" % k, (t.T_END1, t.T_END2)[k % 2], forced=True,
                cond=lambda g, o, ev, tt, turn_no=turn_no: g.turn_no == turn_no and o == 0,
                effect=lambda g, f, seat=seat: g.grant_extra_turn(seat))
    g = t.game(n=n)
    for k in range(len(grants)):
        g.grant_skill(0, t.rs.id_of("skill", "extra%d" % k))
    for d in dead:
        g.set_alive(d, False)
    run_answers(g, [])
    return turns(g)


def test_extra_turn_order_E_B_C_D_E_A():
    # A..E = seats 0..4; during A's turn E gains an extra turn
    tl = _order([(1, 4)], nturns=7)
    assert [p for p, _, _ in tl] == [0, 4, 1, 2, 3, 4, 0]
    assert [x for _, _, x in tl] == [False, True, False, False, False, False, False]


def test_extra_turn_order_D_E_B_C_D_E_A():
    tl = _order([(1, 4), (1, 3)], nturns=8)
    assert [p for p, _, _ in tl] == [0, 3, 4, 1, 2, 3, 4, 0]
    # extra turns never advance the round
    assert [r for _, r, _ in tl] == [1, 1, 1, 1, 1, 1, 1, 2]


def test_extra_turn_zuoci_example():
    # 左慈(0) A(1) B(2, dead) C(3) 司马懿(4): 左慈 gives A an extra turn, then
    # 司马懿 gains one -> 司马懿 A A C 司马懿
    tl = _order([(1, 1), (1, 4)], nturns=6, dead=(2,))
    assert [p for p, _, _ in tl] == [0, 4, 1, 1, 3, 4]


def test_face_down_player_skips_turn():
    t = Toy(nturns=3)
    start = t.skill("start", t.T_TURN_START, forced=True, cond=lambda g, o, ev, tt: g.current == o)
    body = t.skill("body", t.T_PH_BODY[t.PH_PLAY], forced=True, cond=lambda g, o, ev, tt: g.current == o)
    g = t.game(n=3)
    for p in range(3):
        g.grant_skill(p, start)
        g.grant_skill(p, body)
    g.players[1].face_up = False
    run_answers(g, [])
    assert fired(g) == [("start", 0), ("body", 0), ("start", 1), ("start", 2), ("body", 2)]
    assert g.players[1].face_up
    assert [d["up"] for d in events(g, "flip")] == [True]


def test_round_counting_from_first_seat():
    t = Toy(nturns=7)
    g = t.game(n=3)
    g.first_seat = g.referee = 1
    run_answers(g, [])
    assert [(p, r) for p, r, _ in turns(g)] == [(1, 1), (2, 1), (0, 1), (1, 2), (2, 2), (0, 2), (1, 3)]


def test_round_counting_with_dead_seat():
    t = Toy(nturns=5)
    g = t.game(n=3)
    g.set_alive(1, False)
    run_answers(g, [])
    assert [(p, r) for p, r, _ in turns(g)] == [(0, 1), (2, 1), (0, 2), (2, 2), (0, 3)]


def test_round_scope_counters_reset():
    t = Toy(nturns=4)
    s = t.skill("R", t.T_TURN_START, forced=True, limit_scope=E.SC_ROUND, limit=1)
    g = t.game(n=2)
    g.grant_skill(0, s)
    run_answers(g, [])
    # rounds: turns 1,2 -> round 1; 3,4 -> round 2
    assert fired(g) == [("R", 0), ("R", 0)]
