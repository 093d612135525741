"""Game.run_pushed (docs/decisions/0086): the frame a running frame has just pushed runs at once
(from flow.call, call1-3 and a phase's call), and its caller goes on at once when it ran to its
end. The game is the one step makes running them one after the other — the same log, the same
runs and counts (steps, pushed, popped, serial), the same decisions and stacks at them — for a
callee that finishes, asks a decision (its frame stays, the caller waits above nothing: WAIT
goes up), pushes (a heard timing's dispatch frame, a nested caller that calls on), runs again
(CONTINUE), terminates its caller (step pops the caller: it does not go on), is terminated before
its first run (step pops it unrun), ends the game, or
recurses deeper than RUN_PUSHED_DEPTH (beyond it, step runs the frames). Pure and as built (the
test process's engine), on a hand-built ruleset: the caller program written as the generated
ones are (a status of 0 goes on where a resumption would)."""
import json

from core import engine as E
from core.decision import Decision
from core.rng import Rng
from core.ruleset import Ruleset

DEPTH = 64   # engine.py's RUN_PUSHED_DEPTH


class _Rules:
    def __init__(self, inline):
        self.inline = inline
        self.how = []     # (scenario, the status the caller saw): inline runs only
        self.active = 0   # programs running now, nested (a frame run within another's run)
        self.deepest = 0
        rs = self.rs = Ruleset()
        self.T = rs.timing("某时机")
        self.P_CALLER = rs.program("caller", self._run(self.caller), nslots=2)
        self.P_GAME = rs.program("game", self._run(self.game), log=False, nslots=1)
        self.kinds = {}
        for k in ("leaf", "ask", "fire", "term", "cont", "over", "deep"):
            self.kinds[k] = rs.program(k, self._run(getattr(self, k)), nslots=2)

        def heard(g, f):
            g.log_event({"e": "x", "skill": f.owner})
            return E.DONE
        rs.skill("听", self.T, heard)

    def _run(self, fn):
        def run(g, f):
            self.active += 1
            self.deepest = max(self.deepest, self.active)
            try:
                return fn(g, f)
            finally:
                self.active -= 1
        return run

    # the caller: each scenario a call, its status returned unless 0 (then on, as a resumption)
    def caller(self, g, f):
        todo = f.slots[0]
        while True:
            i = f.pc // 2
            if i >= len(todo):
                return E.DONE
            k = todo[i]
            if f.pc % 2 == 0:
                g.log_event({"e": "call", "f": f.id, "k": k if isinstance(k, str) else "nest"})
                if k == "dead":   # a leaf terminated before its first run (step pops it unrun)
                    g.push(self.kinds["leaf"], f.owner, f, [f.id, 3]).flags |= E.F_TERMINATED
                elif isinstance(k, str):
                    g.push(self.kinds[k], f.owner, f, [f.id, 3])
                else:
                    g.push(self.P_CALLER, f.owner, f, [k, 0])
                f.pc += 1
                st = g.run_pushed(f) if self.inline else E.PUSH
                if self.inline:
                    self.how.append((k if isinstance(k, str) else "nest", st))
                if st:
                    return st
            r = g.ret
            g.log_event({"e": "after", "f": f.id, "ret": r.id, "res": r.result, "pc": f.pc})
            f.pc += 1

    def leaf(self, g, f):
        g.log_event({"e": "leaf", "f": f.id})
        f.result = 7
        return E.DONE

    def ask(self, g, f):
        if f.pc == 0:
            f.pc = 1
            return g.ask(Decision(E.D_OPTION, 1, ["甲", "乙"], 1, 1, prompt="选"))
        g.log_event({"e": "ans", "f": f.id, "v": g.ans})
        f.result = g.ans
        return E.DONE

    def fire(self, g, f):
        if f.pc == 0:
            f.pc = 1
            return g.fire(self.T, f)
        return E.DONE

    def term(self, g, f):
        g.terminate(f.ev)   # its caller: it stops, popped by step at its resumption
        return E.DONE

    def cont(self, g, f):
        if f.pc == 0:
            f.pc = 1
            return E.CONTINUE
        return E.DONE

    def over(self, g, f):
        return g.end_game([0], "over")

    def deep(self, g, f):
        if f.pc == 0:
            f.pc = 1
            if f.slots[1] > 0:
                g.push(self.kinds["deep"], f.owner, f, [f.id, f.slots[1] - 1])
                st = g.run_pushed(f) if self.inline else E.PUSH
                if st:
                    return st
        g.log_event({"e": "deep", "f": f.id, "n": f.slots[1], "ret": None if g.ret is None else g.ret.id})
        return E.DONE

    def game(self, g, f):
        if f.pc == 0:
            f.pc = 1
            g.push(self.P_CALLER, 0, None, [f.slots[0], 0])
            return E.PUSH
        return g.end_game([1], "done")


def _play(todo, inline, deep=3):
    r = _Rules(inline)
    g = E.Game(r.rs, 3, seed=1, log_level=2)
    for p in g.players:   # every seat holds the skill listening to the timing
        g.grant_skill(p.seat, 0)
    g.push(r.P_GAME, -1, None, [todo])
    seen = []
    rng = Rng(5)
    while True:
        res = g.step()
        seen.append((g.steps, g.pushed, g.popped, g.serial, [(x.prog, x.pc, x.id) for x in g.stack]))
        if not isinstance(res, Decision):
            break
        g.answer(res.sample(rng))
    return g, r, seen


def _same(todo):
    a, ra, sa = _play(todo, True)
    b, rb, sb = _play(todo, False)
    assert a.log == b.log
    assert sa == sb
    assert (a.result.winners, a.result.reason) == (b.result.winners, b.result.reason)
    return a, ra


def test_a_callee_that_finishes_runs_at_once_and_its_caller_goes_on():
    g, r = _same(("leaf", "leaf", ("leaf", "leaf"), "cont", "leaf"))
    # each finished at once: the callers went on (0), a CONTINUE left to step (1)
    assert r.how == [("leaf", 0), ("leaf", 0), ("leaf", 0), ("leaf", 0), ("nest", 0), ("cont", 1),
                     ("leaf", 0)]
    assert [json.loads(x)["e"] for x in g.log].count("after") == 7


def test_a_callee_that_asks_keeps_its_frame_and_its_caller_waits():
    g, r = _same(("ask", "leaf", ("leaf", "ask", "leaf"), "ask"))
    assert r.how[0] == ("ask", E.WAIT) and ("ask", E.WAIT) in r.how[3:]
    # the decisions were asked with the callee's frame on top, its caller right below
    a, ra, seen = _play(("ask",), True)
    first = seen[0][4]
    assert [p for p, _, _ in first[-2:]] == [ra.P_CALLER, ra.kinds["ask"]]


def test_a_callee_that_pushes_leaves_its_frames_to_step():
    g, r = _same(("fire", "leaf", ("fire", "ask"), "fire"))
    assert r.how[0] == ("fire", E.PUSH)
    assert any(json.loads(x).get("e") == "x" for x in g.log)   # the skill ran, through step


def test_a_caller_its_callee_terminated_does_not_go_on():
    g, r = _same(("leaf", "term", "leaf"))
    assert r.how == [("leaf", 0), ("term", E.PUSH)]   # step pops the terminated caller
    assert [json.loads(x)["e"] for x in g.log].count("after") == 1
    g, r = _same((("term", "leaf"), "leaf"))          # the inner caller stops, the outer goes on
    assert [json.loads(x)["e"] for x in g.log].count("after") == 2


def test_a_callee_terminated_before_its_first_run_is_left_to_step():
    g, r = _same(("dead", "leaf", ("dead",)))
    assert r.how[0] == ("dead", E.PUSH)
    assert [json.loads(x)["e"] for x in g.log].count("leaf") == 1


def test_a_callee_that_ends_the_game_ends_it():
    g, r = _same(("leaf", "over", "leaf"))
    assert r.how == [("leaf", 0), ("over", E.GAMEOVER)] and g.result.reason == "over"


def test_frames_nest_at_most_run_pushed_depth_deep_and_step_runs_the_rest():
    for n in (5, DEPTH - 2, DEPTH - 1, DEPTH + 40):
        for inline in (True, False):
            r = _Rules(inline)
            g = E.Game(r.rs, 3, seed=1, log_level=2)
            g.push(r.kinds["deep"], 0, None, [0, n])   # n frames more, each pushed by the last
            res = g.step()
            out = (g.log, g.steps, g.pushed, g.popped, g.serial, res.reason)
            if inline:
                ref, deepest = out, r.deepest
            else:
                assert out == ref and r.deepest == 1
        # inline, a frame's run nests in its caller's while the stack is at most DEPTH frames
        # deep (the chain's n + 1 frames, or DEPTH of them); beyond it step runs the frames
        assert deepest == min(n + 1, DEPTH), (n, deepest)


def _play_budget(todo, inline, k):
    """_play with step(k) until the game ends: the state after each call of step."""
    r = _Rules(inline)
    g = E.Game(r.rs, 3, seed=1, log_level=2)
    assert g.step_end > 10 ** 12   # a new game: no end before its first step
    for p in g.players:
        g.grant_skill(p.seat, 0)
    g.push(r.P_GAME, -1, None, [todo])
    seen = []
    rng = Rng(5)
    while True:
        s0 = g.steps
        res = g.step(k)
        seen.append((g.steps - s0, g.pushed, g.popped, g.serial, len(g.log),
                     [(x.prog, x.pc, x.id) for x in g.stack]))
        # outside step no end: a rule's inline runs between two steps nest as before
        assert g.step_end > g.steps + 10 ** 12 and g.clone().step_end == g.step_end
        if res is None:
            continue
        if not isinstance(res, Decision):
            break
        g.answer(res.sample(rng))
    return g, r, seen


def test_a_small_budget_stops_where_step_would():
    """step(k) runs k frames, those run at once within a caller's run among them (step's budget,
    Game.step_end): it stops where step stops running every frame itself, for each k."""
    todo = ("leaf", ("leaf", ("leaf", "leaf"), "ask", "leaf"), "fire", "leaf", "dead", "leaf",
            "term")
    for k in (1, 2, 3, 4, 7):
        a, ra, sa = _play_budget(todo, True, k)
        b, rb, sb = _play_budget(todo, False, k)
        assert a.log == b.log
        assert sa == sb, k
        assert all(n <= k for n, *_ in sa)
        if k > 2:   # frames ran at once (three runs: the caller's, the callee's, the caller's again)
            assert ("leaf", 0) in ra.how, k
    # a turn of step's loop that pops a frame unrun (terminated) spends one of its budget
    r = _Rules(True)
    g = E.Game(r.rs, 3, seed=1, log_level=2)
    g.push(r.kinds["leaf"], 0, None, [0, 0])
    g.push(r.kinds["leaf"], 0, None, [0, 0]).flags |= E.F_TERMINATED
    assert g.step(1) is None and (g.steps, g.popped, len(g.stack)) == (0, 1, 1)
    # a chain of callers 30 deep: step(k) stops after k runs, within it as step would
    for k in (1, 5, 12):
        outs = []
        for inline in (True, False):
            r = _Rules(inline)
            g = E.Game(r.rs, 3, seed=1, log_level=2)
            g.push(r.kinds["deep"], 0, None, [0, 30])
            runs = []
            while g.step(k) is None:
                runs.append((g.steps, len(g.stack), len(g.log)))
            outs.append((runs, g.log, g.steps))
        assert outs[0] == outs[1]
        assert [s for s, _, _ in outs[0][0]] == list(range(k, k * len(outs[0][0]) + 1, k))


def test_a_settled_timing_runs_no_dispatch_step_once_the_budget_is_spent():
    """Game.fire(t, ev, settled=True) runs the dispatch frame's first step within its caller's
    run (step 95) only while step's budget lasts: spent, the frame is pushed for step."""
    for spent in (False, True):
        r = _Rules(True)
        g = E.Game(r.rs, 3, seed=1, log_level=2)
        for p in g.players:   # every seat holds the skill listening to the timing
            g.grant_skill(p.seat, 0)
        f = g.push(r.kinds["fire"], 0, None, [0, 0])
        g.step_end = g.steps + (0 if spent else 1)
        s0, pushed = g.steps, g.pushed
        st = g.fire(r.T, f, True)
        top = g.stack[-1]
        assert top.prog == 0 and g.pushed == pushed + 1   # the dispatch frame
        if spent:
            assert (st, g.steps, top.pc, top.b) == (E.PUSH, s0, 0, 0)
        else:
            assert g.steps == s0 + 1 and st in (E.PUSH, E.WAIT)
