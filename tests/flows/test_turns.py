"""Extra turns (002:345), extra phases (002:359), skipped phases (002:360-362) and 复原
(002:490) in real games of the bundled specs (specs/identity/terms/turns.sgs, 回合.sgs,
身份局.sgs).  Timings are compared with the book's turn list (book_flows.yaml turn_flow)."""
import json

import pytest

from core import engine as E
from core.decision import Decision
from core import prims as P

from flowkit import Ask, book_names, drive
from test_flow_timings import game, pick_first, second_turn, start_turns

TURN = book_names("turn_flow")


def phase_timings(name):
    """The book's timings of one phase (开始前 … 结束时), in order."""
    return [n for n in TURN if n.startswith(name)]


def ph(g, name):
    return g.rs.ids[("phase", name)]


def op(fn, g, *args):
    """Run an operation primitive as a term would; returns whether it was executed."""
    f = E.Frame(0, 0)
    st = fn(g, f, True, *args)
    assert st == 0
    return not (f.flags & P.F_NOTEXEC)


class Passive:
    """Declines everything it may decline; ends the play phase at its first idle point."""

    def choose(self, g, d):
        if d.kind == E.D_YESNO:
            return 1
        if d.kind == E.D_OPTION:
            return 0
        if d.kind in (E.D_CARDS, E.D_PLAYERS):
            return tuple(d.options[:d.lo])
        return -1 if d.can_pass else d.options[0]


def turns_of(g):
    """(seat, extra, round) of every turn begun so far, from the engine's log."""
    out = []
    for line in g.log:
        o = json.loads(line)
        if o["e"] == "turn":
            out.append((o["p"], o["extra"], o["round"]))
    return out


# ---------------------------------------------------------------- 额外回合 (002:345)
@pytest.mark.parametrize("at_turn", [1, 5])
def test_extra_turns_in_the_mode(identity, at_turn):
    """Five roles A…E counterclockwise from the current one A; in A's turn E then D gain an
    extra turn: D's extra turn, E's extra turn, then B, C, D, E, A (002:345).  A is the first
    of its round (turn 1, case 2: the extra turns and B…E are in that round, A begins the
    next) or the last (turn 5, case 1: the extra turns end the round, B begins the next).
    The mode's loop runs 执行 回合（下一个进行回合的角色）: the core's order, extra turns first."""
    g = P.new_game(identity, 5, seed=3, deck="标准版加军争", log_level=1)
    agent = Passive()
    granted = False
    while True:
        r = g.step()
        assert isinstance(r, Decision), r
        if not granted and g.turn_no == at_turn and g.current >= 0:
            a = g.current
            rnd = g.round
            b, c, d, e = [(a + i) % 5 for i in range(1, 5)]
            assert P.next_turn_player(g, None) == b
            assert op(P.gain_extra_turn, g, e)
            assert op(P.gain_extra_turn, g, d)
            # a peek, not consumed
            assert P.next_turn_player(g, None) == d
            assert P.next_turn_player(g, None) == d
            granted = True
        if granted and g.turn_no >= at_turn + 8:
            break
        g.answer(agent.choose(g, r))
    assert all(pl.alive for pl in g.players)
    seq = turns_of(g)[at_turn - 1:at_turn + 7]
    r2 = rnd + 1
    if at_turn == 1:   # A first of its round
        want = [(a, False, rnd), (d, True, rnd), (e, True, rnd), (b, False, rnd),
                (c, False, rnd), (d, False, rnd), (e, False, rnd), (a, False, r2)]
    else:              # A last of its round
        want = [(a, False, rnd), (d, True, rnd), (e, True, rnd), (b, False, r2),
                (c, False, r2), (d, False, r2), (e, False, r2), (a, False, r2)]
    assert seq == want


def test_extra_turn_of_a_dead_role_is_not_gained(identity):
    g = game(identity, 3, [("杀", "黑桃", 7)] * 12)
    g.set_alive(2, False)
    assert not op(P.gain_extra_turn, g, 2)
    assert g.extra_turns == []


# ---------------------------------------------------------------- 额外阶段 (002:359)
def test_extra_phases_timings(identity, recorder):
    """At an idle point of its 出牌阶段 the role gains: an extra 摸牌阶段 after 出牌阶段, an
    extra 准备阶段 before 弃牌阶段, an extra 结束阶段 after 摸牌阶段 (already ended: after
    回合结束前❶), an extra 判定阶段 before 出牌阶段 (already begun: never).  Each extra
    phase generates its whole timing sequence, 开始前 included, at the book's place."""
    g = game(identity, 2, [("杀", "黑桃", 7)] * 16)
    for p in range(2):
        g.draw(p, 4)
    start_turns(g)

    def grant(d):
        assert op(P.gain_extra_phase_after, g, 0, ph(g, "出牌阶段"), ph(g, "摸牌阶段"))
        assert op(P.gain_extra_phase_before, g, 0, ph(g, "弃牌阶段"), ph(g, "准备阶段"))
        assert op(P.gain_extra_phase_after, g, 0, ph(g, "摸牌阶段"), ph(g, "结束阶段"))
        assert op(P.gain_extra_phase_before, g, 0, ph(g, "出牌阶段"), ph(g, "判定阶段"))
        # only the turn's own role gains phases of this turn
        assert not op(P.gain_extra_phase_after, g, 1, ph(g, "出牌阶段"), ph(g, "摸牌阶段"))
        return -1

    drive(g, [
        Ask(E.D_TRIGGER, 0, grant, "出牌阶段内的空闲时间点"),
        Ask(E.D_YESNO, 0, 1),                               # ends the phase
        Ask(E.D_CARDS, 0, pick_first),                      # 弃牌阶段: 4 + 2 + 2 cards, limit 4
    ], stop=second_turn)
    recorder.check_against_log(g)
    want = []
    for n in TURN:
        if n == "弃牌阶段开始前":
            want += phase_timings("准备阶段")
        want.append(n)
        if n == "出牌阶段结束时":
            want += phase_timings("摸牌阶段")
        if n == "回合结束前❶":
            want += phase_timings("结束阶段")
    assert recorder.turn(0) == want
    assert recorder.turn(0).count("判定阶段开始前") == 1
    # the extra 摸牌阶段 drew its two cards: 4 drawn + 2 + 2, 4 discarded
    assert len(g.zone_cards(E.Z_DISCARD)) == 4
    assert len(g.zone_cards(E.Z_HAND, 0)) == 4
    # the next turn has no extra phase
    assert recorder.turn(1)[:12] == TURN[:12]


# ---------------------------------------------------------------- 跳过 (002:360-362)
def test_skipped_phases_generate_no_timings(identity, recorder, monkeypatch):
    """At 回合开始后❻ the role skips 判定阶段 and 摸牌阶段 (consecutive, both before the first
    starts) and 弃牌阶段: none of the timings within them (开始时❶ … 结束时, 002:356) is
    generated; 判定阶段开始前 and 弃牌阶段开始前 are (a single skipped phase keeps its
    开始前), 摸牌阶段开始前 is not (002:361).  A phase cannot be skipped twice (002:362)."""
    g = game(identity, 2, [("杀", "黑桃", 7)] * 16)
    for p in range(2):
        g.draw(p, 6)
    # the units call it through its room (IdentityMode.open_turn_window: cpdef, step 83); this
    # test's units are imported uncompiled (conftest's import_package), so they read the room's
    # attribute at each call, and the patch of the room is what they call
    orig = P.identity_mode.open_turn_window
    done = []

    def skip_at_6(g2, f, strict, who):
        if not done:
            done.append(who)
            for name in ("判定阶段", "摸牌阶段", "弃牌阶段"):
                assert op(P.skip_phase, g2, who, ph(g2, name))
            assert not op(P.skip_phase, g2, who, ph(g2, "摸牌阶段"))
        return orig(g2, f, strict, who)

    monkeypatch.setattr(P.identity_mode, "open_turn_window", skip_at_6)
    start_turns(g)
    drive(g, [
        Ask(E.D_TRIGGER, 0, -1, "出牌阶段内的空闲时间点"),
        Ask(E.D_YESNO, 0, 1),
    ], stop=second_turn)
    recorder.check_against_log(g)
    gone = set(phase_timings("判定阶段") + phase_timings("摸牌阶段") + phase_timings("弃牌阶段"))
    kept = {"判定阶段开始前", "弃牌阶段开始前"}
    assert recorder.turn(0) == [n for n in TURN if n not in gone or n in kept]
    # nothing drawn, nothing discarded (6 cards, limit 4: the skipped 弃牌阶段 discards none)
    assert len(g.zone_cards(E.Z_HAND, 0)) == 6
    assert g.zone_cards(E.Z_DISCARD) == []
    # the next turn skips nothing
    assert recorder.turn(1)[:20] == TURN[:20]


# ---------------------------------------------------------------- 复原 (002:490)
@pytest.mark.parametrize("face_up,chained,executed,ops", [
    (False, True, True, ["reset", "flip"]),
    (False, False, True, ["flip"]),
    (True, True, True, ["reset"]),
    (True, False, False, []),
])
def test_restore(identity, recorder, face_up, chained, executed, ops):
    g = game(identity, 2, [("杀", "黑桃", 7)] * 4)
    g.players[1].face_up = face_up
    g.players[1].chained = chained
    cid = [i for i, n in enumerate(g.rs.prog_names) if n.startswith("用语 〔甲：角色〕复原")]
    assert len(cid) == 1
    n0 = len(g.log)
    P._push_prog(g, None, cid[0], (1,), -1, None)
    assert drive(g, []).reason == "flow ended"
    assert g.rs.prog_names[g.ret.prog].startswith("用语 〔甲：角色〕复原")
    assert P._verdict(g, g.ret, 0) == executed
    assert g.players[1].face_up
    assert not g.players[1].chained
    # 复原 runs only the state-change flow (timings) and 翻面 (no timing): their order
    assert {x.event for x in recorder.fired} <= {"牌状态改变"}
    seen = []
    for line in g.log[n0:]:
        o = json.loads(line)
        if o["e"] == "flip":
            seen.append("flip")
        elif o["e"] == "t" and "reset" not in seen:
            seen.append("reset")
    assert seen == ops


# ---------------------------------------------------------------- the turn's own rules (000)
def test_face_down_turn_ends_at_5(identity, recorder):
    """000:28: a face-down role flips at 回合开始后❺ and its turn ends; the next role's turn
    follows (no phase of the face-down role is generated)."""
    g = game(identity, 2, [("杀", "黑桃", 7)] * 12)
    g.players[0].face_up = False
    start_turns(g)
    drive(g, [], stop=second_turn)
    recorder.check_against_log(g)
    assert recorder.turn(0) == TURN[:5]
    assert g.players[0].face_up
    assert g.zone_cards(E.Z_HAND, 0) == []
    assert recorder.turn(1)[:12] == TURN[:12]


def test_death_in_own_turn_jumps_to_turn_end(identity, recorder):
    """000:542: the turn's role dies in its 判定阶段 (【闪电】, 3 thunder damage at 1 HP):
    no more timing of the phases, the turn goes on at 回合结束前❶."""
    deck = [("杀", "黑桃", 7)] * 8 + [("闪电", "黑桃", 1), ("杀", "黑桃", 5)]
    g = game(identity, 3, deck, hp={0: 1},
             roles=[P.ROLE_REBEL, P.ROLE_LORD, P.ROLE_REBEL])
    g.move([8], E.Z_JUDGE, 0)
    start_turns(g)
    drive(g, [], stop=second_turn)
    recorder.check_against_log(g)
    assert not g.players[0].alive
    i = TURN.index("判定阶段")
    j = TURN.index("回合结束前❶")
    assert recorder.turn(0) == TURN[:i + 1] + TURN[j:]
    assert g.current == 1 and g.turn_no == 2
