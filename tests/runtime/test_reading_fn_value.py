"""Step 220a of docs/performance.md: the targets' evaluations (targets._reading_value and
_scan_value) and the usability scan's method conditions call a unit's reading by its C function,
inline (ruleset.pxd's reading_fn_value), not by Reading.value's method call. Held, pure and as
built, to what Reading.value answers:

* its value: at every fifth decision of a seeded game, for every living role and every 使用目标
  reading the scan's tables keep, _scan_value and _reading_value answer what Reading.value
  answers with the targeting register set as they set it (on, the user and name, free False,
  first True), and leave the register clean;
* its error: a reading that raises names its spec line (the unit's ``raised``, from the finally
  clause the exception leaves), through both evaluations, as Reading.value's own call does."""
from seeded_games import DECISIONS, identity_game, run_python

VALUES = DECISIONS + r"""
from core.prims import base as B, targets as Targets, turns as Turns, usable as U
tg = B._targeting()


def norm(v):
    return repr(v) if isinstance(v, B.Pick) else v


checked = units = 0
bad = []
for seed, n, g in decisions("identity", (1,), 5):
    t = B._T(g)
    tf = Turns._turn_frame(g)
    for tid in sorted(t.use_methods):
        at = U._scan_tables(t, tid)
        for p in range(g.n):
            if not g.players[p].alive:
                continue
            for (name, mi), r in zip(at.pairs, at.reads):
                if r is None:
                    continue
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

ERRORS = identity_game(1) + r"""
import re
import sys
from core.prims import base as B, targets as Targets
g.step()
r0 = next(m[2] for ms in B._T(g).use_methods.values() for m in ms if m[2] is not None)
unit = sys.modules[type(r0).__module__]
# 【桃】's targets (受伤的角色 among 你), read for seat 9 of the game's five: the role's HP is read
# past the players (IndexError), as test_reading_errors.py reads it by Reading.value
src = open(unit.__file__.rsplit(".", 2)[0].split(".cpython")[0] + ".py", encoding="utf-8").read()
fn = re.search(r"def (read_[0-9a-f]+)\(g: Game, f: Frame, ids: cython.p_int\) -> object:  # 【桃】 使用方法1 使用目标", src).group(1)
k = int(re.search(r"kc == (\d+):\n +self.fn_c = %s\n" % fn, src).group(1))
r = type(r0)(k, unit.Ids())
for call in (lambda: Targets._scan_value(g, 9, "桃", r, B._frame0(9, None)),
             lambda: Targets._reading_value(g, 9, "桃", r, None, False, True)):
    try:
        call()
        print("no error")
    except Exception as e:
        print(type(e).__name__, str(e).startswith(unit.WHERE_READS[k] + ": IndexError: "),
              type(e.__cause__).__name__)
print(B._targeting().evaluated())
"""


def test_the_evaluations_answer_what_reading_value_answers_pure_and_as_built():
    out = {pure: run_python(VALUES, pure=pure).strip() for pure in (True, False)}
    assert out[True] == out[False] == "True True []", out


def test_a_reading_error_names_its_spec_line_through_the_evaluations_pure_and_as_built():
    out = {pure: run_python(ERRORS, pure=pure).strip().splitlines() for pure in (True, False)}
    want = ["SpecRuntimeError True IndexError"] * 2 + ["None"]
    assert out[True] == out[False] == want, out
