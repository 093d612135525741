"""Runs one ruling: the table (table.py), then its steps in order — events injected into the
engine, answers queued and matched against the decisions the engine asks (answers.py),
expectations checked where they stand (expect.py), all within the ruling's budget
(budget.py)."""
from __future__ import annotations

import json

from . import answers, board as Board, expect, table
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
    "lose_maxhp": ("减体力上限", lambda P, a: [a["甲"], a["X"]]),
    "die": ("死亡", lambda P, a: [a["甲"], None]),   # at once, from no damage (起因 none)
    "extra_turn": (None, None),   # the core's turn order (002:345, 003:5): Runner.inject
    "at": (None, None),   # 于T: where the next event happens (Runner.run_to)
}
EVENTS.update(Board.EVENTS)   # a game on a board (战棋)


class Runner:
    def __init__(self, mod, r: Ruling, budget=DEFAULT):
        from core import engine as E
        from core import prims as P
        self.E, self.P = E, P
        self.mod = mod
        self.r = r
        self.n = len(r.seats)
        self.budget = budget
        self.parsed = []    # the log's entries parsed so far (each line once: parse_log)
        self.turn_of = []   # per parsed entry: (turn serial, the turn's role) it belongs to
        self.use_asks = []  # (log index, role, card name ids it could use) per use question
        self.choices = []   # (role, cards, hidden flags) per card choice answered
        self.seen = None    # the last decision observed
        self.named = None   # the pending decision an expectation named (其余 严格)

    # -- names
    def seat(self, p):
        return SEAT_NAMES[p] if isinstance(p, int) and 0 <= p < self.n else str(p)

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
            # 〖龙胆·2〗 (a second timing), 〖黄天·授〗 (the action it grants another character),
            # 〖双雄·延时〗 (its delayed effect offered as a skill)
            if sn == name or (sn.startswith(name) and sn[len(name):] in ("·授", "·延时")) or \
                    (sn.startswith(name) and not sn[len(name):].strip("①②③④⑤⑥⑦⑧⑨0123456789·")):
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
            return "%s: choose %d–%d of %s%s（%s）" % (who, d.lo, d.hi, "".join(self.seat(o) for o in d.options),
                                                  ", in order" if d.ordered else "", d.prompt)
        if d.kind == E.D_CARDS:
            return "%s: choose %d–%d of %s（%s）" % (who, d.lo, d.hi, " ".join(self.card_label(o) for o in d.options), d.prompt)
        if d.kind == E.D_OPTION:
            return "%s: 选择一项 %s（%s）" % (who, d.options, d.prompt)
        return "%s: 是否 %s" % (who, d.prompt)

    def answer_text(self, d, v):
        if d.kind == self.E.D_PLAYERS and isinstance(v, (tuple, list)):
            return "".join(self.seat(x) for x in v)
        if d.kind in (self.E.D_CARDS, self.E.D_RESPOND) and isinstance(v, (tuple, list)):
            return " ".join(self.card_label(x) for x in v)
        return repr(v)

    # -- the log
    def parse_log(self):
        """The log's entries, parsed; the lines added since the last call are parsed now, so a
        decision costs the same however long the game has run. Each entry's turn is noted."""
        log, parsed, turn_of = self.g.log, self.parsed, self.turn_of
        turn = turn_of[-1] if turn_of else (0, -1)
        for i in range(len(parsed), len(log)):
            e = json.loads(log[i])
            if e.get("e") == "turn":
                turn = (turn[0] + 1, e.get("p", -1))
            parsed.append(e)
            turn_of.append(turn)
        return parsed

    def scoped(self, s=None):
        """(index, entry) of the log since the ruling's start point, within the step's turn
        scope (于甲的回合内: 甲's turns; 于此回合内: the turn now)."""
        parsed = self.parse_log()
        scope = getattr(s, "scope", None)
        if scope is None:
            return [(i, parsed[i]) for i in range(self.base, len(parsed))]
        if scope == "this":
            now = self.turn_of[-1][0] if self.turn_of else 0
            return [(i, parsed[i]) for i in range(self.base, len(parsed)) if self.turn_of[i][0] == now]
        return [(i, parsed[i]) for i in range(self.base, len(parsed)) if self.turn_of[i][1] == scope]

    def entries(self, s=None):
        """The log's entries since the ruling's start point (within the step's turn scope)."""
        return [e for _i, e in self.scoped(s)]

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

    # -- decisions
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

    def idle_point(self, d):
        """A decision of the current role's play phase: use a card at its idle point, or end
        the phase (其余 严格 rests only there)."""
        E = self.E
        if d.who != self.g.current:
            return False
        return (d.kind == E.D_TRIGGER and "空闲时间点" in str(d.prompt)) or \
            (d.kind == E.D_YESNO and "结束此阶段" in str(d.prompt))

    def give(self, v, step=None):
        """Answer the pending decision with ``v``; an answer the engine refuses (not among the
        options, not a legal combination) fails the ruling with SGS504, naming the options."""
        g, E, d = self.g, self.E, self.g.pending
        if d is not None and d.kind == E.D_CARDS and isinstance(v, (tuple, list)):
            # blind: a card in the draw pile or another role's hand (compiler/play.hidden_from)
            hidden = []
            for c in v:
                kind, owner = g.where(c) if isinstance(c, int) and 0 <= c < len(g.cards) else (-1, -1)
                hidden.append(kind == E.Z_DRAW or (kind == E.Z_HAND and owner != d.who))
            self.choices.append((d.who, tuple(v), tuple(hidden)))
        try:
            g.answer(v)
        except E.IllegalAnswer:
            s = step if step is not None else (self.queue[0] if self.queue else None)
            self.fail(s if s is not None else self.r.span, "the answer %s%s is refused: the decision is %s" % (
                "to %r, " % s.text if s is not None else "", self.answer_text(d, v), self.describe(d)), "SGS504")

    def observe(self, d):
        """Note a decision once, as it is asked: a use question records the card names its role
        could use then (甲被询问是否使用【闪】 respects the name)."""
        if d is self.seen:
            return
        self.seen = d
        self.named = None
        if d.kind == self.E.D_TRIGGER and any(self.skill_name(o).startswith("<使用牌>") for o in d.options):
            names = expect.usable_names(self, d.who)
            self.use_asks.append((len(self.g.log) - 1, d.who, tuple(names or ())))

    # -- driving
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
            if s.kind == "event" and s.name == "at":
                self.run_to(s)
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
        if self.r.strict:
            self.strict_rest(steps[-1].span if steps else self.r.span)
        return g

    def on_decision(self, d, upto):
        """Answer d with the queue (or decline it under 其余 放弃); False if the game is to
        rest at it."""
        self.observe(d)
        if self.queue and self.try_answer(d):
            return True
        if self.queue:
            if self.r.others_decline and self.declinable(d):
                self.give(self.auto(d))
                return True
            self.fail(self.queue[0], "expected a decision for %r, got %s" % (self.queue[0].text, self.describe(d)),
                      "SGS504")
        if self.r.others_decline and self.declinable(d) and upto is not None:
            self.give(self.auto(d))
            return True
        return False

    def strict_rest(self, span):
        """其余 严格: the game rests only at the current role's idle point, at its end, or at a
        decision an expectation named; any other question was not expected."""
        d = self.g.pending
        if d is None or self.idle_point(d) or d is self.named:
            return
        self.fail(span, "unexpected question (其余 严格): %s" % self.describe(d), "SGS504")

    def settle_uses(self):
        """A use/play answer whose event has started is done, even when no decision followed
        (its target was fixed without a question and the game ended inside it)."""
        while self.queue and self.queue[0].name == "use" and hasattr(self.queue[0], "_begun"):
            head = self.queue[0]
            answers.check_done(self, head)
            if self.queue and self.queue[0] is head:
                return

    def drive(self, upto):
        """Answer decisions with the queued answers; stop at a decision nothing answers."""
        g, E = self.g, self.E
        from core.decision import Decision
        if self.r.current is None and not self.queue:
            return  # no turn: the table only (the root frame stays, so status rules apply)
        span = upto.span if upto is not None else self.r.span
        while True:
            self.meter.check(self, span)
            res = g.step(CHUNK)
            if res is None:
                continue   # the engine runs on without asking anything: look at the budget
            if not isinstance(res, Decision):
                self.settle_uses()
                if self.queue:
                    self.fail(self.queue[0], "the game stopped (%s) before this answer was used" % (
                        getattr(res, "reason", res),))
                return
            if self.on_decision(res, upto):
                continue
            return

    def run_to(self, s):
        """于(甲的)T: play on with the queued answers until timing T (of subject 甲) is next
        dispatched, and stop there: the next event happens at T, before its skills."""
        g, E, P = self.g, self.E, self.P
        from core.decision import Decision
        if self.r.strict and g.pending is not None and not self.queue:
            self.strict_rest(s.span)
        tid = g.rs.ids.get(("timing", s.args["T"]))
        if tid is None:
            self.fail(s, "no timing %s" % s.args["T"], "SGS502")
        who = s.args.get("甲")
        g.listen[tid] += 1
        try:
            while True:
                self.meter.check(self, s.span)
                res = g.step(1)
                st = g.stack
                top = st[-1] if st else None
                if top is not None and top.prog == 0 and top.a == tid and top.pc == 0 and top.b == 0 \
                        and top.x is None and (who is None or P.timing_subject(g, top.ev) == who):
                    return   # the dispatch of T has just been pushed: nothing of it ran yet
                if isinstance(res, Decision):
                    if not self.on_decision(res, s):
                        self.fail(s, "expected %s, got a decision nobody answers: %s" % (s.text, self.describe(res)),
                                  "SGS504")
                elif isinstance(res, E.GameResult):
                    self.fail(s, "the game ended (%s) before %s" % (res.reason, s.text))
        finally:
            g.listen[tid] -= 1

    def inject(self, s):
        """Run an event of the specs' flows now (above a pending decision, which is kept)."""
        g, E, P = self.g, self.E, self.P
        from core.decision import Decision
        if self.r.strict and g.pending is not None:
            self.strict_rest(s.span)
        if s.name == "extra_turn":   # not a flow: the last extra turn gained runs first
            g.grant_extra_turn(s.args["甲"])
            return
        ev, make_args = EVENTS[s.name]
        args = make_args(P, s.args)
        pending = g.pending
        g.pending = None
        base = len(g.stack)
        P._push_prog(g, None, self.tables.events[ev], args, -1, None)
        while len(g.stack) > base:
            self.meter.check(self, s.span)
            res = g.step(1)
            if isinstance(res, Decision):
                self.observe(res)
                if self.queue and self.try_answer(res):
                    continue
                if self.r.others_decline and self.declinable(res):
                    self.give(self.auto(res))
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
        self.give(v)
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
                self.give(0)   # an idle point of the play phase: go on to the next one
                return True
            if self.answer_with(s, d) or self.answer_nested(s, d):
                return True
            if getattr(s, "_via", False) and self.queue and self.queue[0] is s:
                # 发动〖S〗使用【N】 is spent once S is activated: a question of S's own that it
                # does not name (〖激将〗's targets, chosen on activation: 002:147) is the next
                # answer's, or the ruling rests there
                self.queue.pop(0)
                continue
            return False
        return False

    def answer_nested(self, s, d):
        """While a use/play answer is under way (A发动〖护驾〗使用【闪】), the next answer may be
        a decision inside it that the use answer itself does not take: another role's (B打出
        【闪】), or, once the answer's skill is activated, its own role's (〖天妒〗 on the
        judgement of its 〖八卦阵〗; before that, its role's questions are the use's own)."""
        if len(self.queue) < 2 or not hasattr(s, "_begun"):
            return False
        if d.who == s.args.get("甲") and not getattr(s, "_via", False):
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
