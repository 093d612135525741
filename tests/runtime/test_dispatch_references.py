"""Step 74 of docs/performance.md: the dispatcher and the frames without references taken and
dropped at each skill, step and frame, held to their definitions pure and as built:

* Game._candidates asks each skill of the timing's held list through engine._is_candidate, the
  skill borrowed from the list when compiled. Its answer is the definition written out below
  (the skills of the timing somebody holds, the seat's has and invalid counts, its life, the
  times allowed against the times fired, the use limit, Skill.cond; a declined seat is not asked
  again: decision 0137), at every decision of seeded random-player games of the three rulebooks
  where a dispatch frame asks (it is on top of the stack, as when _candidates runs), for every
  seat, with the frame as it is and with every skill of the timing fired once more; and a call
  leaves every skill's reference count as it was, but for one each in the answer while it lives
  (compiled, the answer is the list the module keeps: its last answer's skills held until the
  next, step 157c).
* Game.step runs each frame's program borrowed from the ruleset's list: every program's reference
  count is the same at every decision of a game.
* a frame's twin, its copy while a clone is made (compiled, a C pointer): cleared at the clone's
  end, so a second clone copies the frames afresh, its frames name its own frames, and a clone
  made after an earlier one was dropped plays on like the original."""
from seeded_games import DECISIONS, run_python

CANDIDATES = DECISIONS + r"""
import collections
import sys
import core

seen = collections.Counter()
bad = []


def written(g, f, p):
    # Game._candidates' definition: the ids of timing f.a's skills that somebody holds (and whose
    # needed skill somebody holds), in their order, that seat p may use now at dispatch frame f
    t, ev, pl = f.a, f.ev, g.players[p]
    out = []
    for s in g.rs.by_timing[t]:
        if g.holders[s.id] <= 0 or (s.needs >= 0 and g.holders[s.needs] <= 0):
            continue
        if pl.has[s.id] == 0 or pl.invalid[s.id] > 0:
            continue
        if not pl.alive and not s.dead_ok:
            continue
        allowed = ev.slots[s.times_slot] if s.times_slot >= 0 else 1
        if (f.x.count(s.id) if f.x is not None else 0) >= allowed:
            continue
        if s.limit > 0 and g.count(s.limit_scope, p, g.ncounters + s.id) >= s.limit:
            continue
        if not s.cond(g, p, ev, t):
            continue
        out.append(s.id)
    return out or None


def counts(g):
    return [sys.getrefcount(s) for s in g.rs.skills]


def asked(g, f, p, what):
    w = g._candidates(f, p)   # the caches its conditions fill, filled before the counts are taken
    # compiled, the module keeps the list it answered last, holding its skills until it answers
    # it again (core/dispatch.pxd, step 157c): the warm-up's answer, dropped here, is held until
    # the call below empties the list and fills it again
    kept = collections.Counter(s.id for s in w) if core.compiled() and w is not None else {}
    del w
    before = counts(g)
    res = g._candidates(f, p)
    got = None if res is None else [s.id for s in res]
    plus = collections.Counter(got or ())
    after = counts(g)
    seen[what] += 1
    seen["found"] += got is not None
    if [a - plus[sid] + kept.get(sid, 0) for sid, a in enumerate(after)] != before:
        bad.append(("references", what, g.rs.timing_names[f.a], p))
    del res
    if counts(g) != before:
        bad.append(("references after", what, g.rs.timing_names[f.a], p))
    want = written(g, f, p)
    if got != want:
        bad.append((what, g.rs.timing_names[f.a], p, got, want))


for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    programs = None
    for seed, n, g in decisions(key, seeds):
        if n == 1:
            programs = [sys.getrefcount(x) for x in g.rs.progs]
        elif [sys.getrefcount(x) for x in g.rs.progs] != programs:
            bad.append(("program references", key, seed, n))
        seen["program counts"] += 1
        f = g.stack[len(g.stack) - 1]
        if f.prog != E.DISPATCH_PROG:
            continue
        held = [s.id for s in g.rs.by_timing[f.a]]
        for p in range(g.n):
            asked(g, f, p, "as it is")
            q = f.copy()
            q.x = list(f.x or ()) + held
            asked(g, q, p, "fired")
print(games, *[seen[k] > 50 for k in ("as it is", "fired", "found", "program counts")])
for x in bad[:5]:
    print("DIFFERS", *x)
"""


def test_candidates_are_their_definition_and_take_no_reference_pure_and_as_built():
    out = {pure: run_python(CANDIDATES, pure=pure).strip().splitlines() for pure in (True, False)}
    for pure, lines in out.items():
        assert lines[0] == "5 True True True True", (pure, lines[:6])
        assert not lines[1:], (pure, "\n".join(lines[1:]))


CLONES = DECISIONS + r"""
import gc
import sys

from core.agents import RandomPlayer

for key, seeds in (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, every=int(sys.argv[1])):
        first = g.clone()
        second = g.clone()
        own = {id(f) for f in second.stack}
        others = {id(f) for f in g.stack} | {id(f) for f in first.stack}
        if own & others or len(own) != len(second.stack):
            print("DIFFERS shared frames", key, seed, n)
        for f in second.stack:
            for h in (f.ev, f.child):
                if h is not None and id(h) in others:
                    print("DIFFERS a frame of another game", key, seed, n)
        del first, second
        gc.collect()
        third = g.clone()
        a, b = RandomPlayer(n), RandomPlayer(n)
        x, y = g.clone(), third
        d, e = x.step(), y.step()
        asks = 0
        while d is not None and x.result is None:
            if y.result is not None or d.describe() != e.describe():
                break
            asks += 1
            x.answer(a.choose(x, d))
            y.answer(b.choose(y, e))
            d, e = x.step(), y.step()
        if x.result is None or y.result is None or (x.result.winners, x.turn_no, x.serial) != (
                y.result.winners, y.turn_no, y.serial) or asks == 0:
            print("DIFFERS plays on", key, seed, n)
        print("clone", key, seed, n)
print(games)
"""


def test_each_clone_copies_the_frames_afresh_pure_and_as_built():
    # a clone at every 25th decision as built (the C twin pointers the games run); the pure
    # engine, which plays each clone to the game's end ~12 times slower, at every 100th
    for pure, every in ((True, 100), (False, 25)):
        lines = run_python(CLONES, every, pure=pure).strip().splitlines()
        assert lines[-1] == "4", (pure, lines[-5:])
        assert not [x for x in lines if x.startswith("DIFFERS")], (pure, lines[:5])
        assert len(lines) > 10, (pure, lines)
