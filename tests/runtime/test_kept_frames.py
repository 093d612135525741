"""Step 252a of docs/performance.md: usable's two kept frames (_scan_frame's _SCAN_F, _conv_frame's
_CONV_F) answered again by one rule, usable._kept_frame, pure and as built.

* Compiled, a kept frame nobody else holds is answered again (the same object), its fields a new
  frame's but its owner and event; pure, each answer is _frame0's (a new frame).
* A frame still held elsewhere — by a variable, by a list, by another frame — is never answered
  again nor written: the next answer is another frame, kept from then on.
* The two kept frames are each their own: one's answer never is the other's."""
from seeded_games import run_both

KEPT = r"""
import core
from core import engine as E
from core.prims import usable as U

ev = E.Frame(3, 0)
NEW = (0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, None, None, None, None, None, None)
KINDS = (("scan", lambda: U.scan_frame(2, ev), 2, ev), ("conv", U.conv_frame, -1, None))


def fields(f):
    return (f.prog, f.pc, f.a, f.b, f.flags, f.id, f.result, f.c, f.skill, f.term_pc, f.jump_pc,
            f.timing, f.x, f.y, f.slots, f.child, f.subject, f.timings)


def scribble(f):
    f.prog, f.pc, f.a, f.b, f.flags, f.id, f.result, f.c = 1, 2, 3, 4, 5, 6, 7, 8
    f.skill = f.term_pc = f.jump_pc = f.timing = 9
    f.x, f.y, f.slots, f.subject, f.timings = [1], [2], [3], 4, [5]


def fresh(f, owner, evf):
    return fields(f) == NEW and f.owner == owner and f.ev is evf


out = []
for kind, take, owner, evf in KINDS:
    bad = []
    f = take()
    scribble(f)
    first = id(f)
    del f
    g = take()   # nobody held it: the same frame compiled, as new
    if not fresh(g, owner, evf):
        bad.append("written")
    reused = id(g) == first or not core.compiled()
    # held by a variable, a list, a frame's field: another frame each time, the held one unwritten
    for hold in ("var", "list", "frame"):
        scribble(g)
        box = [g] if hold == "list" else None
        if hold == "frame":
            box = E.Frame(1, 0)
            box.child = g
        mine = g if hold == "var" else None
        del g
        h = take()
        held = mine if hold == "var" else box[0] if hold == "list" else box.child
        if h is held or fields(held)[:8] != (1, 2, 3, 4, 5, 6, 7, 8) or not fresh(h, owner, evf):
            bad.append((hold, h is held))
        # the new frame is the kept one now: answered again once let go, the held one not
        hid = id(h)
        del h
        g = take()
        if (id(g) != hid and core.compiled()) or g is held or not fresh(g, owner, evf):
            bad.append((hold, "after"))
        del held, mine, box
    out.append((kind, reused, bad))
    del g
# each its own kept frame: a scan frame held while the probe's is taken, and the other way round
s = U.scan_frame(1, None)
c = U.conv_frame()
out.append(s is not c and U.scan_frame(0, None) is not c and U.conv_frame() is not s)
print(out)
"""


def test_the_kept_frames_are_answered_again_only_when_nobody_holds_them_pure_and_as_built():
    assert run_both(KEPT) == "[('scan', True, []), ('conv', True, []), True]"
