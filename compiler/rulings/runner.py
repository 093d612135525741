"""Runs one ruling: the table (table.py), then its steps in order — events injected into the
engine, answers queued and matched against the decisions the engine asks (answers.py),
expectations checked where they stand (expect.py)."""
from __future__ import annotations

import json

from . import answers, expect, table
from .budget import CHUNK, DEFAULT, Meter
from .model import Ruling, RulingFailure, Step
from .vocab import SEAT_NAMES

LOG_TAIL = 10


# event name -> (the specs' event flow, its arguments from the phrase's)
EVENTS = {
    "damage": ("伤害", lambda P, a: [a.get("甲", -1), a["乙"], a["X"],
                                   {"火焰": P.NAT_FIRE, "雷电": P.NAT_THUNDER}.get(a.get("nature"), P.NAT_NONE),
                                   None, False]),
    "lose_hp": ("失去体力", lambda P, a: [a["甲"], a["X"]]),
    "recover": ("回复体力", lambda P, a: [a["甲"], a["X"]]),
    "judge": ("判定", lambda P, a: [a["甲"]]),
}


class Runner:
    def __init__(self, mod, r: Ruling, budget=DEFAULT):
        from core import engine as E
        from core import prims as P
        self.E, self.P = E, P
        self.mod = mod
        self.r = r
        self.n = len(r.seats)
        self.budget = budget
        self.parsed = []   # the log's entries parsed so far (each line once: parse_log)

    # -- names
    def seat(self, p):
        return SEAT_NAMES[p] if 0 <= p < self.n else str(p)

    def skill_name(self, sid):
        return self.g.rs.skills[sid].name

    def card_id(self, name):
        return self.g.rs.id_of("card", name)

    def card_label(self, c):
        g = self.g
        if self.P._is_v(c):
            rec = self.P._rec(g, c)
            return "【%s】" % g.rs.card_names[rec[self.P.V_NAME]]
        card = g.cards[c]
        suit = self.P.SUIT_TEXT[card.suit] if 0 <= card.suit < 4 else ""
        return "%s%d【%s】" % (suit, card.point, g.rs.card_names[card.name])

    def vname(self, c):
        """The name of a card or virtual card id (None for anything else)."""
        g, P = self.g, self.P
        if isinstance(c, int) and P._is_v(c):
            return g.rs.card_names[P._rec(g, c)[P.V_NAME]]
        if isinstance(c, int) and 0 <= c < len(g.cards):
            return g.rs.card_names[g.cards[c].name]
        return None

    def skill_in(self, options, name):
        """The option that is skill ``name`` (or one of its numbered parts 〖武圣·2〗)."""
        for o in options:
            sn = self.skill_name(o)
            if sn == name or (sn.startswith(name) and not sn[len(name):].strip("①②③④⑤⑥⑦⑧⑨0123456789·")):
                return o
        return None

    def describe(self, d):
        E = self.E
        who = self.seat(d.who)
        if d.kind == E.D_TRIGGER:
            return "%s: 是否发动 %s（%s）" % (who, "/".join("〖%s〗" % self.skill_name(o) for o in d.options), d.prompt)
        if d.kind == E.D_RESPOND:
            return "%s: respond with %s（%s）" % (who, "/".join(self.card_label(o) for o in d.options), d.prompt)
        if d.kind == E.D_PLAYERS:
            return "%s: choose %d–%d of %s（%s）" % (who, d.lo, d.hi, "".join(self.seat(o) for o in d.options), d.prompt)
        if d.kind == E.D_CARDS:
            return "%s: choose %d–%d of %s（%s）" % (who, d.lo, d.hi, " ".join(self.card_label(o) for o in d.options), d.prompt)
        if d.kind == E.D_OPTION:
            return "%s: 选择一项 %s（%s）" % (who, d.options, d.prompt)
        return "%s: 是否 %s" % (who, d.prompt)

    # -- the log
    def parse_log(self):
        """The log's entries, parsed; the lines added since the last call are parsed now, so a
        decision costs the same however long the game has run."""
        log, parsed = self.g.log, self.parsed
        for i in range(len(parsed), len(log)):
            parsed.append(json.loads(log[i]))
        return parsed

    def entries(self, start=None):
        """The log's entries since the ruling's start point (or since entry ``start``)."""
        parsed = self.parse_log()
        return parsed[self.base if start is None else start:]

    def log_tail(self):
        out = []
        for line in self.g.log:
            e = json.loads(line)
            if e.get("e") == "t" and self.g.log_level > 1:
                continue
            out.append(line)
        return ["log: " + x for x in out[-LOG_TAIL:]]

    def fail(self, step_or_span, msg, code="SGS503"):
        span = step_or_span.span if isinstance(step_or_span, Step) else step_or_span
        notes = []
        if self.g.pending is not None:
            notes.append("pending decision: " + self.describe(self.g.pending))
        notes.extend(self.log_tail())
        raise RulingFailure(code, msg, span, notes)

    # -- driving
    def auto(self, d):
        """The answer that declines: pass, no, the first option / fewest choices."""
        E = self.E
        if d.kind in (E.D_TRIGGER, E.D_RESPOND):
            if d.can_pass:
                return -1
            return d.options[0]
        if d.kind == E.D_YESNO:
            return 1 if "结束此阶段" in str(d.prompt) else 0
        if d.kind == E.D_OPTION:
            return 0
        legal = d.legal(1000)
        return legal[0] if legal else None

    def declinable(self, d):
        E = self.E
        if d.kind in (E.D_TRIGGER, E.D_RESPOND):
            return d.can_pass
        if d.kind == E.D_YESNO:
            # 进行此回合的角色可结束此阶段 is not declined: it would end the phase
            return "结束此阶段" not in str(d.prompt)
        return False

    def run(self):
        g = table.new_game(self)
        self.meter = Meter(self.budget, g)
        table.start(self)
        self.base = len(g.log)
        steps = self.r.steps
        i = 0
        self.queue = []   # pending answer matchers (from act steps)
        while i < len(steps):
            s = steps[i]
            if s.kind == "act":
                self.queue.append(s)
                i += 1
                continue
            # before an event or an expectation, the queued answers are played
            self.drive(s)
            if s.kind == "event":
                # the answers written after an event answer its decisions
                j = i + 1
                while j < len(steps) and steps[j].kind == "act":
                    self.queue.append(steps[j])
                    j += 1
                self.inject(s)
                i = j
                continue
            expect.check(self, s)
            i += 1
        self.drive(None)
        return g

    def drive(self, upto):
        """Answer decisions with the queued answers; stop at a decision nothing answers."""
        g, E = self.g, self.E
        if self.r.current is None and not self.queue:
            return  # no turn: the table only (the root frame stays, so status rules apply)
        span = upto.span if upto is not None else self.r.span
        while True:
            self.meter.check(self, span)
            res = g.step(CHUNK)
            if res is None:
                continue   # the engine runs on without asking anything: look at the budget
            if not isinstance(res, E.Decision):
                if self.queue:
                    self.fail(self.queue[0], "the game stopped (%s) before this answer was used" % (
                        getattr(res, "reason", res),))
                return
            if self.queue and self.try_answer(res):
                continue
            if self.queue:
                if self.r.others_decline and self.declinable(res):
                    g.answer(self.auto(res))
                    continue
                self.fail(self.queue[0], "expected a decision for %r, got %s" % (self.queue[0].text, self.describe(res)),
                          "SGS504")
            if self.r.others_decline and self.declinable(res) and upto is not None:
                g.answer(self.auto(res))
                continue
            return

    def inject(self, s):
        """Run an event of the specs' flows now (above a pending decision, which is kept)."""
        g, E, P = self.g, self.E, self.P
        t = self.tables
        ev, make_args = EVENTS[s.name]
        args = make_args(P, s.args)
        pending = g.pending
        g.pending = None
        base = len(g.stack)
        P._push_prog(g, None, t.events[ev], args, -1, None)
        while len(g.stack) > base:
            self.meter.check(self, s.span)
            res = g.step(1)
            if isinstance(res, E.Decision):
                if self.queue and self.try_answer(res):
                    continue
                if self.r.others_decline and self.declinable(res):
                    g.answer(self.auto(res))
                    continue
                if self.queue:
                    self.fail(self.queue[0], "expected a decision for %r, got %s" % (
                        self.queue[0].text, self.describe(res)), "SGS504")
                self.fail(s, "unscripted decision while running %r: %s" % (s.text, self.describe(res)), "SGS504")
            elif isinstance(res, E.GameResult):
                return
        g.pending = pending

    # -- the queue of answers
    def spend(self, v):
        """Answer the pending decision with ``v``: the scripted answer at the head of the
        queue is spent."""
        self.g.answer(v)
        self.queue.pop(0)
        return True

    def try_answer(self, d):
        while self.queue:
            s = self.queue[0]
            if s.name == "use" and hasattr(s, "_begun"):
                answers.check_done(self, s)
                if self.queue and self.queue[0] is not s:
                    continue
            if not self.queue or self.queue[0] is not s:
                continue
            if getattr(s, "_via", False) and (d.who != s.args["甲"] or "结束此阶段" in str(d.prompt)):
                # 发动〖S〗使用【N】: S was activated but no N was used (〖八卦阵〗's judge was
                # black): the answer is spent, the expectations say what happened
                self.queue.pop(0)
                continue
            if s.name != "end_play" and d.kind == self.E.D_YESNO and "结束此阶段" in str(d.prompt) \
                    and s.args.get("甲", d.who) == d.who:
                n_idle = getattr(s, "_idle", 0) + 1
                s._idle = n_idle
                if n_idle > 3:
                    self.fail(s, "expected a decision for %r; %s's play phase offers nothing that fits" % (
                        s.text, self.seat(d.who)), "SGS504")
                self.g.answer(0)   # an idle point of the play phase: go on to the next one
                return True
            return self.answer_with(s, d) or self.answer_nested(s, d)
        return False

    def answer_nested(self, s, d):
        """While a use/play answer of one role is under way (A发动〖护驾〗使用【闪】), the next
        answer may be another role's decision inside it (B打出【闪】)."""
        if len(self.queue) < 2 or not hasattr(s, "_begun") or d.who == s.args.get("甲"):
            return False
        nxt = self.queue[1]
        self.queue[0], self.queue[1] = nxt, s
        done = self.answer_with(nxt, d)
        if self.queue[0] is nxt:   # not used up (or not used): s is the head again
            self.queue[0], self.queue[1] = s, nxt
        return done

    def answer_with(self, s, d):
        """Answer d with step s if s describes it; True if answered (s may stay queued for
        the next decisions of a multi-decision answer)."""
        who = s.args.get("甲")
        if who is not None and d.who != who and s.name not in answers.ANY_ASKED:
            if s.name not in answers.DROPPED_IF_NOT_ASKED:
                return False
            self.queue.pop(0)   # a decline of someone not asked now: nothing to answer
            return self.try_answer(d)
        return answers.ANSWERS[s.name](self, s, d)
