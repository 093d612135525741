"""Step 152 of docs/performance.md: the usability scan's target evaluation
(targets._scan_value) held to _reading_value(…, False, True), pure and as built.

* At every third decision of seeded games of the three rulebooks, for every living role and
  every method with a 使用目标 reading of every timing at which cards are used (the readings the
  scan's tables keep), _scan_value answers what _reading_value answers, with no evaluation in
  progress and within one (_TG set as a status query's reading finds it: the general form's
  fall-back), and leaves _TG's five fields as it found them.
* A probe reading sees, while evaluated by _scan_value, what _reading_value's evaluation sees:
  _TG on, its user and name, free False, first True; then _TG as before."""
from seeded_games import DECISIONS, USE_READINGS, run_both

VALUES = DECISIONS + r"""
from core.prims import base as B, targets as Targets, turns as Turns, usable as U
from core.ruleset import FnReading
""" + USE_READINGS + r"""
tg = B._targeting()


def state():
    return (tg.on, tg.user, tg.name, tg.free, tg.first)


def norm(v):
    return repr(v) if isinstance(v, B.Pick) else v


CLEAN = (False, None, None, False, False)
checked = nested = 0
bad = []
runs = (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,)))
for key, seed, n, g, tf, tid, p, name, mi, r in use_readings(runs, 3):
    for outer in (None, ((p + 1) % g.n, name, True), (p, name, False)):
        tg.set_evaluated(outer)
        before = state()
        got = Targets._scan_value(g, p, name, r, B._frame0(p, tf))
        after = state()
        want = Targets._reading_value(g, p, name, r, tf, False, True)
        if norm(got) != norm(want) or after != before or state() != before:
            bad.append((key, seed, n, tid, p, name, mi, outer, got, want, after))
        checked += 1
        nested += outer is not None
    tg.set_evaluated(None)
    if state() != CLEAN:
        bad.append(("clean", state()))
seen = []
probe = FnReading(lambda g, f: seen.append((state(), f.owner)) or 7)
for outer in (None, (2, "outer", True)):
    tg.set_evaluated(outer)
    before = state()
    for fn in (lambda: Targets._scan_value(g, 1, "name", probe, B._frame0(1, None)),
               lambda: Targets._reading_value(g, 1, "name", probe, None, False, True)):
        if fn() != 7 or state() != before:
            bad.append(("probe", outer, state()))
tg.set_evaluated(None)
want = ((True, 1, "name", False, True), 1)
print(checked > 5000, nested > 3000, seen == [want] * 4, bad[:3], seen if seen != [want] * 4 else "")
"""


def test_the_scan_value_is_the_reading_value_pure_and_as_built():
    assert run_both(VALUES) == "True True True []"
