"""flow.fire's test of a timing that asks in an order its flow set (the dying flow's X_FLAG list,
health._dying_flag, which flags its frame F_ASKING): compiled, the bit tested in fire's quiet path
(docs/performance.md "Step 209") and the list read in place by fast.pxd's _asks_in_order_fast (the
scratch's item borrowed; "Step 79"), held to its definition — the frame's F_ASKING bit and X_FLAG
a list of more than 4 items — pure and as built: for a frame whose scratch is of every shape, with
and without the bit, fire asks (flow._asking appends the timing's record to the flag's item 4)
exactly when the definition says; in seeded games flow._asking runs as often compiled as pure, at
the dying flow's timings; and _dying_flag sets the bit when it makes the list."""
from seeded_games import DECISIONS, run_python

ASKING = DECISIONS + r"""
from core.prims import base as B, flow as Flow, health as Health
from core.codes import F_ASKING
print(not E.__file__.endswith('.py'))   # compiled: the extension module
calls = [0]
asking = Flow._asking


def counted(g, fl, st, /):
    calls[0] += 1
    return asking(g, fl, st)


Flow._asking = counted   # fire calls it by the module's name, compiled too
for seed, n, g in decisions("identity", (1, 2, 3, 4, 5, 6), every=100):
    pass
print(games, calls[0])
# a frame of the last game fired at a timing nobody listens to, its scratch of each shape
t = B._T(g)
tid = next(i for i in range(len(g.listen)) if g.listen[i] == 0 and i != t.idle
           and not t.flow_rule_at[i])
X_FLAG, NX = getattr(B, "X_FLAG", 10), getattr(B, "NX", 13)
assert (X_FLAG, NX) == (10, 13)


def fl(n):
    return [None, False, -1, -1, [], []][:n] + [0] * max(0, n - 6)


class L(list):
    pass


for name, x, want in (("none", None, 0), ("no flag", [None] * NX, 0), ("short x", [None] * X_FLAG, 0),
                      ("x a tuple", tuple([None] * X_FLAG + [fl(6)]), 0),
                      ("flag 4", [None] * X_FLAG + [fl(4)], 0), ("flag 5", [None] * X_FLAG + [fl(5)], 1),
                      ("flag 6", [None] * X_FLAG + [fl(6)] + [None] * (NX - X_FLAG - 1), 1),
                      ("flag 9", [None] * X_FLAG + [fl(9)], 1),
                      ("flag a tuple", [None] * X_FLAG + [tuple(fl(6))], 0),
                      ("flag a list's subclass", [None] * X_FLAG + [L(fl(6))], 0),
                      ("flag True", [None] * X_FLAG + [True], 0)):
    for bit in (F_ASKING, 0):
        f = E.Frame(t.ev_move, 0)
        f.flags = bit
        f.x = [list(v) if type(v) is list else v for v in x] if type(x) is list else x
        before = calls[0]
        st = Flow.fire(g, f, tid, 0)
        asked = calls[0] - before
        flag = f.x[X_FLAG] if type(f.x) is list and len(f.x) > X_FLAG else None
        rec = len(flag[4]) if asked else 0
        w = want if bit else 0   # (no bit: quiet, whatever the list)
        print(name, bit, st, asked, rec, "ok" if (asked, rec) == (w, w) else "DIFFERS")
# the dying flow's flag list made by _dying_flag: its event frame flagged F_ASKING, and fire asks
ev = E.Frame(t.ev_move, 0)
fl = Health._dying_flag(g, ev)
before = calls[0]
Flow.fire(g, ev, tid, 0)
print("dying flag", ev.flags & F_ASKING == F_ASKING, len(fl), calls[0] - before, len(fl[4]))
"""


def test_fire_asks_in_order_where_the_flag_says():
    """Pure and as built: the same number of asking timings in six seeded games (some); for each
    shape of a frame's scratch, fire asks exactly when the frame has F_ASKING and X_FLAG is a list
    of more than 4 items; _dying_flag's list flags its frame, whose timing asks."""
    counts = set()
    for pure in (True, False):
        lines = run_python(ASKING, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        games, calls = map(int, lines[1].split())
        assert games == 6 and calls > 20, lines[1]
        counts.add(calls)
        shapes = lines[2:-1]
        assert len(shapes) == 22 and all(s.endswith(" ok") for s in shapes), "\n".join(shapes)
        assert lines[-1] == "dying flag True 6 1 1", lines[-1]
    assert len(counts) == 1, counts
