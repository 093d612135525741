"""base._frame0 (step 118a): compiled, the frame a card method's condition, targets or flow rule
is evaluated in is one kept frame (base._F0) answered again when nothing but base holds it and no
object field but its event was written (its ints written again), else a new one that becomes the
kept one. Held here: an answered frame is always a new frame's state but for its owner and event;
a frame a caller still holds (an evaluation inside another) or kept (escaped) is never answered
again nor written; compiled, a frame given back is answered again (the saving), whatever object
field a reading wrote (its scratch, slots, subject, child…: dropped, made None; step 162,
decision 0134), and an evaluation inside another takes the second kept frame (base._F1), both
answered again once given back. Pure: a new frame each time."""
from seeded_games import run_python

DIRECT = r"""
import core.engine as E
import core.prims.base as B
print(not B.__file__.endswith('.py'))   # compiled: the extension module
bad = []
INTS = ("prog", "pc", "a", "b", "c", "flags", "id", "result", "skill", "term_pc", "jump_pc",
        "timing")
OBJS = ("child", "subject", "timings", "x", "y", "slots")
new = E.Frame(0, 0)


def check(f, owner, ev, what):
    if f.owner != owner or f.ev is not ev:
        bad.append((what, "owner/ev", f.owner, f.ev))
    for k in INTS:
        if getattr(f, k) != getattr(new, k):
            bad.append((what, k, getattr(f, k)))
    for k in OBJS:
        if getattr(f, k) is not None:
            bad.append((what, k, getattr(f, k)))


ev = E.Frame(7, 0)
f = B._frame0(1, ev)
check(f, 1, ev, "first")
i = id(f)
del f
g = B._frame0(2, None)
check(g, 2, None, "again")
print(id(g) == i)   # compiled: the kept frame answered again
# held: an evaluation inside another takes another frame, the outer's left as it was
h = B._frame0(3, ev)
check(h, 3, ev, "inner")
if h is g or g.owner != 2 or g.ev is not None:
    bad.append(("held frame answered or written", g.owner))
del g, h
# escaped: a frame kept anywhere is never answered nor written again
k = B._frame0(4, ev)
kept = [k]
del k
m = B._frame0(5, None)
check(m, 5, None, "after escape")
if m is kept[0] or kept[0].owner != 4 or kept[0].ev is not ev:
    bad.append(("escaped frame answered or written", kept[0].owner))
del m, kept
# every int written by the caller: answered again (compiled), each a new frame's again
for n, k in enumerate(INTS):
    f = B._frame0(6, ev)
    setattr(f, k, 9)
    del f
    f = B._frame0(8, None)
    check(f, 8, None, "int " + k)
    del f
# an object field written: not answered again (its holders' now), the next a new frame's
for k in OBJS:
    f = B._frame0(6, ev)
    setattr(f, k, [1] if k in ("x", "slots") else E.Frame(1, 0) if k == "child" else 5)
    i = id(f)
    keep = f   # (alive: its id not reused by the next)
    del f
    f = B._frame0(9, ev)
    check(f, 9, ev, "obj " + k)
    if id(f) == i:
        bad.append(("written frame answered again", k))
    del f, keep
print(bad)
"""


def test_frame0_answers_a_new_frames_state_and_never_a_held_one():
    """Pure and as built: every frame _frame0 answers is Frame(0, 0)'s but for its owner and
    event; a held or kept frame is neither answered again nor written; compiled, a frame given
    back is answered again."""
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure)
        if not pure:   # (pure, a new frame may take the freed one's memory: its id says nothing)
            assert lines[1] == "True", lines
        assert lines[2] == "[]", lines


WRITTEN = r"""
import core.engine as E
import core.prims.base as B
bad = []
OBJS = ("child", "subject", "timings", "x", "y", "slots")


class Held:
    pass


import weakref
ev = E.Frame(7, 0)
# a frame given back with an object field written: answered again (compiled), the field None and
# what it held dropped
for k in OBJS:
    f = B._frame0(6, ev)
    h = Held()
    w = weakref.ref(h)
    setattr(f, k, [h] if k in ("x", "slots", "y") else E.Frame(1, 0) if k == "child" else h)
    if k == "child":
        w = None
    del h
    i = id(f)
    del f
    f = B._frame0(9, None)
    if id(f) != i:
        bad.append(("written frame not answered again", k))
    for o in OBJS:
        if getattr(f, o) is not None:
            bad.append(("field left", k, o))
    if f.owner != 9 or f.ev is not None:
        bad.append(("owner/ev", k))
    if w is not None and w() is not None:
        bad.append(("written value not dropped", k))
    del f
# an evaluation inside another, and one inside that: the first two the kept frames, each answered
# again once given back; the third a new one (which becomes a kept one)
a = B._frame0(1, ev)
b = B._frame0(2, ev)
if a is b or a.owner != 1 or b.owner != 2:
    bad.append("nested frames shared")
c = B._frame0(3, None)
if c is a or c is b or a.owner != 1 or b.owner != 2:
    bad.append("third level shared")
del c, b, a
a = B._frame0(4, ev)
b = B._frame0(5, ev)
ids = {id(a), id(b)}
del a, b
for n in range(5):
    a = B._frame0(n, ev)
    b = B._frame0(n + 1, ev)
    if {id(a), id(b)} != ids:
        bad.append(("nested not answered again", n))
    del a, b
print(bad)
"""


def test_frame0_answers_a_written_frame_again_and_keeps_two():
    """Compiled: a frame given back whatever object field a reading wrote is answered again,
    every field a new frame's and what it held dropped; two nested evaluations take the two kept
    frames, each answered again once given back. Pure: a new frame each time (the checks of the
    fields and drops hold, the identities do not)."""
    for pure in (True, False):
        out = run_python(WRITTEN, pure=pure).strip().split("\n")
        if pure:
            bad = eval(out[-1])
            assert all(b[0] not in ("field left", "owner/ev", "written value not dropped")
                       for b in bad if isinstance(b, tuple)), bad
            continue
        assert out[-1] == "[]", out
