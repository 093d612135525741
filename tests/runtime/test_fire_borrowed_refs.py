"""flow._fire's borrowed reads (docs/performance.md step 181a, docs/decisions/0142): compiled, it
reads the game's tables (g.rs.sgs) and the frame's timing array borrowed — no reference taken and
dropped — across its first-timing branch, the append, the dispatch of a heard timing and the idle
point. Pure, the reference: _T's reference and the list's, dropped at the return.

Either way a fire leaves the tables' and the timing list's reference counts as they were (a
reference taken and not dropped, or dropped twice, moves them), appends the timing, and a list a
test set takes the timing too. fire's quiet path (fast.pxd) does not reach _fire: the idle point,
a heard timing and a list of timings do. Pure and as built (the test process's engine)."""
import sys

from core import prims as P
from core.prims import flow as Flow

from test_games import DECK, identity, move_event  # noqa: F401  (the fixtures)


def test_fire_leaves_the_tables_and_the_timings_counts_as_they_were(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    t = g.rs.sgs
    heard = [i for i in range(len(g.listen)) if g.listen[i] and i != t.idle]
    assert heard
    f = move_event(g)
    refs = sys.getrefcount(t)
    assert Flow.fire(g, f, t.idle, None) in (0, 1)   # the first timing: the timings made
    m = sys.getrefcount(t)
    assert m == refs
    tl = f.timings
    tl_refs = sys.getrefcount(tl)
    assert list(tl) == [t.idle]
    for k, tm in enumerate((t.idle, heard[0], t.idle)):   # the append; a dispatch between
        assert Flow.fire(g, f, tm, None) in (0, 1)
        n, m = sys.getrefcount(tl), sys.getrefcount(t)   # (before the assert's temporaries)
        assert f.timings is tl and n == tl_refs and m == refs, (k, tm)
    assert list(tl) == [t.idle, t.idle, heard[0], t.idle]
    # a list of timings (a test's): appended in place, its count as it was
    f2 = move_event(g)
    f2.timings = lst = [heard[0]]
    lst_refs = sys.getrefcount(lst)
    assert Flow.fire(g, f2, t.idle, None) in (0, 1)
    n, m = sys.getrefcount(lst), sys.getrefcount(t)
    assert f2.timings is lst and lst == [heard[0], t.idle]
    assert n == lst_refs and m == refs
