"""Where a use or need flow's context lives (step 161, docs/decisions/0133): in the field y of
the flow's own frame (需要使用牌/需要打出牌/预使用/预打出), made by use._push_need and
_start_card or, for a flow that has none, by use._ctx, never in a frame's scratch. At every
decision of seeded games of the three rulebooks, pure and as built:

* every flow frame's y is None or its context (a list of NC items), and no frame's scratch holds
  a context;
* use._ctx (ctxread.pxd's read in place, as built) answers a flow frame's y, on a clone;
* its readers answer by it: register's _NeedCond (a need already started offers no skill, and a
  frame that runs no flow is never read, whatever its y holds: a dispatch's candidates, a hidden
  skill's options) and use._skill_use (a need flow a skill started is that skill's use event);
* a clone taken while a flow's context is made and not yet started plays on with the original's
  answers to the original's log (its context is its own: the original starting its need does
  not start the clone's);
* pure and as built answer alike at every decision (each game's decisions, answers and log as
  one digest)."""
from seeded_games import run_python

SCRIPT = r"""
import hashlib
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer, ScriptedAgent, play
from core.decision import Decision
from core.prims import base as B, register as R, use as Use

# compiled, C constants of use (use.pxd): the values of use.py
NC, C_STARTED, C_SKILL = 10, 3, 7
assert getattr(Use, "NC", NC) == NC and getattr(Use, "C_STARTED", 3) == 3
NEEDS = (1 << B.EVI_NEED_USE) | (1 << B.EVI_NEED_PLAY)
FLOWS = NEEDS | (1 << B.EVI_PRE_USE) | (1 << B.EVI_PRE_PLAY)
cond = R._NeedCond(None)
bad = []
seen = dict(made=0, started=0, skill=0, other_y=0, clones=0)


def check(g, key, seed, n):
    t = B._T(g)
    ctxs = {}
    for f in g.stack:
        flow = B._prog_evi_in(t, f.prog, FLOWS)
        y = f.y
        if flow and y is not None:
            if type(y) is not list or len(y) != NC:
                bad.append((key, seed, n, "y", y))
                continue
            ctxs[id(y)] = y
            seen["made"] += 1
            seen["started"] += bool(y[C_STARTED])
        elif not flow and y is not None:
            seen["other_y"] += 1   # a helper's parent, a hidden skill's options, the root's …
        want = not (flow and y is not None and y[C_STARTED])
        if cond.test(g, f.owner, f, 0) != want:
            bad.append((key, seed, n, "_NeedCond", f.prog, want))
        skill = (f.skill >= 0 and t.prog_kind.get(f.prog) == "skill") or (
            B._prog_evi_in(t, f.prog, NEEDS) and y is not None and y[C_SKILL] is not None)
        seen["skill"] += skill and not (f.skill >= 0)
        if Use._skill_use(g, f) != skill:
            bad.append((key, seed, n, "_skill_use", f.prog, skill))
    for f in g.stack:
        if type(f.x) is list and any(id(v) in ctxs for v in f.x):
            bad.append((key, seed, n, "scratch", f.prog))
    gc = g.clone()   # _ctx may make a context: on a clone
    for f in gc.stack:
        got = Use._ctx(gc, f)
        if B._prog_evi_in(t, f.prog, FLOWS) and (type(got) is not list or got is not f.y):
            bad.append((key, seed, n, "_ctx", f.prog))
    return any(not y[C_STARTED] for y in ctxs.values())


lines = []
for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1, 2)), ("zhanqi", (1,))):
    M, P = S.load_engine(key)
    rb = by_key(key)
    for seed in seeds:
        g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=2)
        agent = RandomPlayer(seed)
        answers, clones, h, n = [], [], hashlib.md5(), 0
        d = g.step()
        while isinstance(d, Decision) and g.result is None:
            n += 1
            if check(g, key, seed, n) and len(clones) < 4 and n % 3 == 0:
                clones.append((len(answers), g.clone()))
            v = agent.choose(g, d)
            h.update(repr((d.describe(), v)).encode())
            answers.append(v)
            g.answer(v)
            d = g.step()
        h.update(repr(g.log).encode())
        lines.append("%s %d %d %s" % (key, seed, n, h.hexdigest()))
        for k, c in clones:
            seen["clones"] += 1
            play(c, ScriptedAgent(answers[k:]))
            if c.log != g.log:
                bad.append((key, seed, k, "clone"))
print(" ".join("%s=%d" % kv for kv in sorted(seen.items())))
for line in lines:
    print(line)
for b in bad[:5]:
    print("BAD", *b)
"""


def _run(pure):
    out = run_python(SCRIPT, pure=pure).strip().splitlines()
    seen = dict(kv.split("=") for kv in out[0].split())
    assert not [x for x in out if x.startswith("BAD")], "\n".join(out)
    # the games did make, start and share contexts, ran skills' needs, cloned mid-flow and met
    # frames that run no flow with a y the readers must not take for a context
    for k in ("made", "started", "skill", "clones", "other_y"):
        assert int(seen[k]) > 0, (k, seen)
    return out[1:]


def test_ctx_in_the_flow_frames_field_pure_and_as_built():
    pure = _run(True)
    built = _run(False)
    assert len(pure) == 6 and pure == built
