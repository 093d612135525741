"""Step 158 of docs/performance.md: the frame the usability scan evaluates in (usable._scan_frame,
base._frame0's reading of a kept frame copied into the scan), pure and as built.

* At every third decision of seeded games of the three rulebooks, for every living role and every
  timing at which cards are used (the turn's frame as the event), usable._usable answers what the
  scan written out answers, each condition and 使用目标 evaluated in a frame of base._frame0.
* The frame: its fields a new frame's but the owner and event, also after a reading wrote its
  scratch, slots, subject, child or ints; a frame somebody still holds is never answered again
  (nor written); a clone's frame (twin) is not reused."""
from seeded_games import DECISIONS, SCAN_FROM_WRITTEN, run_both, run_python

# the seeded decisions and the scan written out: reference(g, p, ev, tid) is usable._usable
# written out, every method of the timing, each test with a _frame0 frame
SCAN_REFERENCE = DECISIONS + r"""
from core.prims import base as B, cards as Cards, limits as Limits, targets as Targets
from core.prims import turns as Turns, usable as U
""" + SCAN_FROM_WRITTEN + r"""


# (key, seed, n, g, tf, tid, p): at every third decision of the games of runs (key, seeds),
# every timing at which cards are used and every living seat, the turn's frame the event
def living_seats_at_use_timings(runs):
    for key, seeds in runs:
        for seed, n, g in decisions(key, seeds, 3):
            tf = Turns._turn_frame(g)
            for tid in sorted(B._T(g).use_methods):
                for p in range(g.n):
                    if g.players[p].alive:
                        yield key, seed, n, g, tf, tid, p


def reference(g, p, ev, tid):
    sc = U._scan_begin(g, p, ev, tid)
    if sc is None:
        return []
    out = scan_from_written(g, p, ev, tid, sc, 0)
    U._scan_done(sc)
    return out
"""

SCANS = SCAN_REFERENCE + r"""


scans = found = 0
bad = []
runs = (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,)))
for key, seed, n, g, tf, tid, p in living_seats_at_use_timings(runs):
    got = U._usable(g, p, tf, tid)
    want = reference(g, p, tf, tid)
    scans += 1
    found += len(got)
    if got != want:
        bad.append((key, seed, n, tid, p, got, want))
print(scans > 5000, found > 1000, bad[:3])
"""


def test_the_scan_answers_its_written_out_form_pure_and_as_built():
    assert run_both(SCANS) == "True True []"


FRAME = r"""
import core
from core import engine as E
from core.prims import usable as U

ev = E.Frame(3, 0)
NEW = (0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, None, None, None, None, None, None)


def fields(f):
    return (f.prog, f.pc, f.a, f.b, f.flags, f.id, f.result, f.c, f.skill, f.term_pc, f.jump_pc,
            f.timing, f.x, f.y, f.slots, f.child, f.subject, f.timings)


bad = []
f = U.scan_frame(2, ev)
if fields(f) != NEW or f.owner != 2 or f.ev is not ev:
    bad.append(("new", fields(f)))
# a reading writes every field, then lets the frame go: the next is as new
f.prog, f.pc, f.a, f.b, f.flags, f.id, f.result, f.c = 1, 2, 3, 4, 5, 6, 7, 8
f.skill = f.term_pc = f.jump_pc = f.timing = 9
f.x, f.y, f.slots, f.child, f.subject, f.timings = [1], [2], [3], E.Frame(1, 0), 4, [5]
first = id(f)
del f
g = U.scan_frame(1, None)
if fields(g) != NEW or g.owner != 1 or g.ev is not None:
    bad.append(("written", fields(g)))
# compiled: the same frame again (nobody held it; pure: a new one, perhaps at the same address);
# a held one is not answered, nor written
reused = id(g) == first or not core.compiled()
g.x = held = [7]
h = U.scan_frame(0, ev)
if h is g or g.x is not held or g.owner != 1 or fields(h) != NEW:
    bad.append(("held", h is g, g.x))
del h
k = U.scan_frame(4, ev)
if k is g or fields(k) != NEW or k.owner != 4:
    bad.append(("after held", k is g))
print(reused, bad)
"""


def test_the_scan_frame_is_a_new_frame_and_never_one_held_pure_and_as_built():
    for pure in (True, False):
        assert run_python(FRAME, pure=pure).strip() == "True []", pure


# step 168c: _use_cond and _resumed give _scan_from the seat borrowed from the module's table of
# small ints (idtable.pxd's _intbox), where it was boxed at each scan: at every third decision of
# seeded games, for every living role and timing, the card-use condition answers whether the scan
# written out finds anything, and the scan it keeps (to resume) is of that seat and stopped after
# the first pair the written-out scan finds
USE_COND = SCAN_REFERENCE + r"""


conds = held = kept = 0
bad = []
for key, seed, n, g, tf, tid, p in living_seats_at_use_timings((("identity", (1, 2)), ("zhanqi", (1,)))):
    want = reference(g, p, tf, tid)
    got = U._use_cond(g, p, tf, tid)
    k = U._kept_scan()
    conds += 1
    held += bool(got)
    if bool(got) != bool(want):
        bad.append((key, seed, n, tid, p, got, want))
    elif got and k.g is g:
        kept += 1
        first = k.sc.at.pairs[k.i - 1]   # the index after the first usable one (step 279b)
        if k.owner != p or [first] != want[:1]:
            bad.append((key, seed, n, tid, p, k.owner, first, want))
    k.clear()
print(conds > 2000, held > 300, kept > 300, bad[:3])
"""


def test_the_use_condition_answers_the_written_out_scan_of_its_seat_pure_and_as_built():
    assert run_both(USE_COND) == "True True True []"
