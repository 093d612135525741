"""The tables by program id read in place (compiled, fast.pxd's _by_prog_at: the table borrowed,
its length and item read as C data; docs/performance.md "Step 79"), held to base._by_prog's
definition through flow.this_event (compiled, fast.pxd's _event_ctx reads Tables.prog_is_ev so;
base._event_ctx is the reference) pure and as built: for every program id of the rulebook, ids
past its end and negative ones, a frame whose event context is another frame answers as
base._event_ctx does, the event programs answering themselves; with tables of no prog_is_ev
both raise the same TypeError."""
from seeded_games import DECISIONS, run_python

BY_PROG = DECISIONS + r"""
from core.prims import base as B, flow as Flow
print(not E.__file__.endswith('.py'))   # compiled: the extension module
for seed, n, g in decisions("identity", (1,), every=20):
    break
t = B._T(g)
n = len(t.prog_is_ev)
other = E.Frame(t.ev_move, 1)
same = events = 0
bad = []
for cid in list(range(-3, n + 3)) + [2 ** 30, -2 ** 30]:
    f = E.Frame(cid, 0)
    f.ev = other
    got, want = Flow.this_event(g, f), B._event_ctx(g, f)
    same += got is want
    events += got is f
    if got is not want and len(bad) < 5:
        bad.append((cid, got is f, want is f))
print(n, same, events)
saved = t.prog_is_ev
t.prog_is_ev = None
for ask in (Flow.this_event, B._event_ctx):
    try:
        ask(g, E.Frame(0, 0))
        print("answered")
    except TypeError:
        print("TypeError")
t.prog_is_ev = saved
for x in bad:
    print("DIFFERS", *x)
"""


def test_tables_by_prog_answer_as_by_prog():
    """Pure and as built: every id answered as base._event_ctx answers, some of them events;
    both raise without the table."""
    for pure in (True, False):
        lines = run_python(BY_PROG, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        n, same, events = map(int, lines[1].split())
        assert n > 100 and same == n + 8 and 10 < events < n, "\n".join(lines)
        assert lines[2:] == ["TypeError", "TypeError"], "\n".join(lines)
