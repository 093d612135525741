"""A tiny hand-built ruleset for testing the core (no spec involved).

Turn flow (pcs):  0 回合开始后 → 1 flip check (❺) → 2/3 phase 准备 → 4/5 phase 出牌
→ 6 回合结束前❶ (jump target) → 7 回合结束前❷ → 8 done.
Each phase: 开始时 → body (出牌: 出牌阶段 timing) → 结束时.
Events: 伤害 (slots src, target, amount), 死亡 (slots target).
"""
from core import engine as E
from core import turnbook as Turnbook
from core.decision import Decision
from core.ruleset import Ruleset


class Toy:
    def __init__(self, nturns=3):
        rs = self.rs = Ruleset()
        self.nturns = nturns
        T = rs.timing
        self.T_TURN_START = T("回合开始后")
        self.T_END1 = T("回合结束前❶")
        self.T_END2 = T("回合结束前❷")
        self.T_DMG_BEFORE = T("受到伤害时")
        self.T_DMG_AFTER = T("受到伤害后")
        self.T_DEATH = T("死亡时")
        self.T_PH_BEFORE = {}
        self.T_PH_START = {}
        self.T_PH_BODY = {}
        self.T_PH_END = {}
        self.P_PHASE = rs.program("phase", self.phase_prog, log=False)
        self.PHASES = []
        for nm in ("准备", "出牌"):
            ph = rs.phase(nm + "阶段", self.P_PHASE)
            self.PHASES.append(ph)
            self.T_PH_BEFORE[ph] = T(nm + "阶段开始前")
            self.T_PH_START[ph] = T(nm + "阶段开始时")
            self.T_PH_BODY[ph] = T(nm + "阶段")
            self.T_PH_END[ph] = T(nm + "阶段结束时")
        self.PH_PREP, self.PH_PLAY = self.PHASES
        self.P_TURN = rs.program("turn", self.turn_prog, log=False)
        self.P_GAME = rs.program("game", self.game_prog, log=False)
        self.P_DAMAGE = rs.program("伤害", self.damage_prog, nslots=3)
        self.P_DEATH = rs.program("死亡", self.death_prog, nslots=1)
        self.JUMP = 6

    # -- programs -----------------------------------------------------------
    def game_prog(self, g, f):
        if g.alive_count() <= 1 or g.turn_no >= self.nturns:
            return g.end_game([s for s in range(g.n) if g.players[s].alive], "toy end")
        g.push_turn(self.P_TURN, self.JUMP)
        return E.PUSH

    def turn_prog(self, g, f):
        pc = f.pc
        if pc == 0:
            f.pc = 1
            return g.fire(self.T_TURN_START, f)
        if pc == 1:
            f.pc = 2
            if not g.players[f.owner].face_up:
                g.flip(f.owner)
                return E.DONE          # 终止此回合
            return E.CONTINUE
        if pc in (2, 4):
            i = (pc - 2) // 2
            ph = self.PHASES[i]
            prev = self.PHASES[i - 1] if i > 0 else -1
            f.pc = pc + 1
            if Turnbook.before_timing_exists(g, prev, ph):
                return g.fire(self.T_PH_BEFORE[ph], f)
            return E.CONTINUE
        if pc in (3, 5):
            ph = self.PHASES[(pc - 3) // 2]
            f.pc = pc + 1
            if Turnbook.is_skipped(g, ph):
                return E.CONTINUE
            g.push_phase(ph)
            return E.PUSH
        if pc == 6:
            f.pc = 7
            return g.fire(self.T_END1, f)
        if pc == 7:
            f.pc = 8
            return g.fire(self.T_END2, f)
        return E.DONE

    def phase_prog(self, g, f):
        ph = f.a
        if f.pc == 0:
            Turnbook.begin_phase(g, ph)
            f.pc = 1
            return g.fire(self.T_PH_START[ph], f)
        if f.pc == 1:
            f.pc = 2
            return g.fire(self.T_PH_BODY[ph], f)
        if f.pc == 2:
            f.pc = 3
            return g.fire(self.T_PH_END[ph], f)
        return E.DONE

    def damage_prog(self, g, f):
        src, tgt, amt = f.slots
        if f.pc == 0:
            f.pc = 1
            return g.fire(self.T_DMG_BEFORE, f)
        if f.pc == 1:
            if f.flags & E.F_PREVENTED:
                return E.DONE
            g.change_hp(tgt, -f.slots[2])
            f.pc = 2
            if g.players[tgt].hp <= 0 and g.players[tgt].alive:
                g.push(self.P_DEATH, -1, f, [tgt])
                return E.PUSH
            return E.CONTINUE
        if f.pc == 2:
            f.pc = 3
            return g.fire(self.T_DMG_AFTER, f)
        return E.DONE

    def death_prog(self, g, f):
        if f.pc == 0:
            g.kill(f.slots[0])
            f.pc = 1
            return g.fire(self.T_DEATH, f)
        return E.DONE

    # -- helpers ------------------------------------------------------------
    def skill(self, name, timing, effect=None, cond=None, **kw):
        """A skill whose program logs {"e":"x","s":name,"p":owner} and then
        runs ``effect(g, f)`` (may return a status)."""
        def run(g, f, name=name, effect=effect):
            if f.pc == 0:
                g.log_event({"e": "x", "s": name, "p": f.owner})
                f.pc = 1
                if effect is not None:
                    st = effect(g, f)
                    if st is not None:
                        return st
            return E.DONE
        return self.rs.skill(name, timing, run, cond=cond, **kw)

    def game(self, n=4, seed=1, hp=4, ncards=20, **kw):
        cards = [(0, i % 4, i % 13 + 1) for i in range(ncards)]
        g = E.Game(self.rs, n, seed=seed, cards=cards, **kw)
        for p in g.players:
            p.maxhp = hp
            p.hp = hp
        g.start(self.P_GAME)
        return g


def fired(g):
    """[(skill name, owner)] in the order skills ran."""
    import json
    out = []
    for line in g.log:
        d = json.loads(line)
        if d.get("e") == "x":
            out.append((d["s"], d["p"]))
    return out


def events(g, kind):
    import json
    return [d for d in (json.loads(l) for l in g.log) if d.get("e") == kind]


def random_toy(nturns=12):
    """A toy with decisions of every common kind, for determinism tests."""
    t = Toy(nturns=nturns)
    rs = t.rs

    def strike(g, f):
        if f.pc == 0:
            opts = [q for q in g.alive_seats() if q != f.owner]
            f.pc = 1
            return g.ask(Decision(E.D_PLAYERS, f.owner, opts, 1, 1, prompt="strike whom"))
        if f.pc == 1:
            f.pc = 2
            g.push(t.P_DAMAGE, f.owner, f, [f.owner, g.ans[0], 1])
            return E.PUSH
        return E.DONE

    def draw1(g, f):
        g.draw(f.owner, 1)
        return E.DONE

    def discard(g, f):
        if f.pc == 0:
            hand = g.zone_cards(E.Z_HAND, f.owner)
            f.pc = 1
            return g.ask(Decision(E.D_CARDS, f.owner, hand, 0, min(2, len(hand)),
                                    prompt="discard"))
        g.move(g.ans, E.Z_DISCARD)
        return E.DONE

    def choose(g, f):
        if f.pc == 0:
            f.pc = 1
            return g.ask(Decision(E.D_OPTION, f.owner, ["draw", "nothing"]))
        if g.ans == 0:
            g.draw(f.owner, 1)
        return E.DONE

    t.S_STRIKE = rs.skill("strike", t.T_PH_BODY[t.PH_PLAY], strike,
                          cond=lambda g, o, ev, tt: g.current == o)
    t.S_DRAW = rs.skill("draw", t.T_PH_START[t.PH_PREP], draw1, forced=True,
                        cond=lambda g, o, ev, tt: g.current == o)
    t.S_GAIN = rs.skill("gain", t.T_DMG_AFTER, draw1, times_slot=2,
                        cond=lambda g, o, ev, tt: ev.slots[1] == o)
    t.S_DISCARD = rs.skill("discard", t.T_PH_END[t.PH_PLAY], discard,
                           cond=lambda g, o, ev, tt: g.current == o)
    t.S_CHOOSE = rs.skill("choose", t.T_END1, choose,
                          cond=lambda g, o, ev, tt: g.current == o)
    return t


def random_game(t, n=4, seed=7, **kw):
    g = E.Game(t.rs, n, seed=seed, cards=[(0, i % 4, i % 13 + 1) for i in range(40)],
               setup={"toy": "random", "n": n}, **kw)
    for p in g.players:
        p.maxhp = p.hp = 3
        for s in (t.S_STRIKE, t.S_DRAW, t.S_GAIN, t.S_DISCARD, t.S_CHOOSE):
            g.grant_skill(p.seat, s)
    g.shuffle_zone(E.Z_DRAW)
    for p in range(n):
        g.draw(p, 2)
    g.start(t.P_GAME)
    return g
