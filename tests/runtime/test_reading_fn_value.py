"""Step 220a of docs/performance.md: the targets' evaluations (targets._reading_value and
_scan_value) and the usability scan's method conditions call a unit's reading by its C function,
inline (ruleset.pxd's reading_fn_value), not by Reading.value's method call. Held, pure and as
built, to what Reading.value answers:

* its value: at every fifth decision of a seeded game, for every living role and every 使用目标
  reading the scan's tables keep, _scan_value and _reading_value answer what Reading.value
  answers with the targeting register set as they set it (on, the user and name, free False,
  first True), and leave the register clean;
* its error: test_reading_errors.py (a reading that raises names its spec line through both
  evaluations too)."""
from seeded_games import DECISIONS, USE_READINGS, run_both

VALUES = DECISIONS + r"""
from core.prims import base as B, targets as Targets, turns as Turns, usable as U
""" + USE_READINGS + r"""
tg = B._targeting()


def norm(v):
    return repr(v) if isinstance(v, B.Pick) else v


checked = units = 0
bad = []
for key, seed, n, g, tf, tid, p, name, mi, r in use_readings((("identity", (1,)),), 5):
    tg.set_evaluated((p, name, False))
    tg.first = True
    want = r.value(g, B._frame0(p, tf))
    tg.set_evaluated(None)
    tg.first = False
    got = (Targets._scan_value(g, p, name, r, B._frame0(p, tf)),
           Targets._reading_value(g, p, name, r, tf, False, True))
    if norm(got[0]) != norm(want) or norm(got[1]) != norm(want) \
            or tg.evaluated() is not None or tg.first:
        bad.append((seed, n, tid, p, name, mi, got, want))
    checked += 1
    units += type(r).__module__.startswith("generated.")
print(checked > 1000, units == checked, bad[:3])
"""


def test_the_evaluations_answer_what_reading_value_answers_pure_and_as_built():
    assert run_both(VALUES) == "True True []"

