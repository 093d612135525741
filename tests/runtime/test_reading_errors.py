"""A spec error inside a unit's reading (a card method's condition or targets, a card rule's
condition) names the reading's spec line, pure and as built: the core's ``Reading.value`` calls
the unit's ``raised``, which raises ``spec_error`` of it, from its finally clause (P.spec_error_raised, step 61 of
docs/performance.md), where an ``except Exception`` clause saved the exception state at every
call. An EngineError goes on as it is. The targets' two evaluations (targets._scan_value,
_reading_value), which call the reading's C function inline (step 220a), name it alike. The
conditions' path is test_unit_conditions.py's."""
from seeded_games import identity_game, run_python

SCRIPT = identity_game(1) + r"""
import re
import sys
from core.prims import base as B, targets as Targets
g.step()
r0 = next(m[2] for ms in B._T(g).use_methods.values() for m in ms if m[2] is not None)
unit = sys.modules[type(r0).__module__]
# 【桃】's targets (受伤的角色 among 你), read on a frame whose 你 is seat 9 of the game's five: the
# role's HP is read past the players (IndexError); k from the unit's C switch, the reading made
# with an id table of its own (it reads no id)
src = open(unit.__file__.rsplit(".", 2)[0].split(".cpython")[0] + ".py", encoding="utf-8").read()
fn = re.search(r"def (read_[0-9a-f]+)\(g: Game, f: Frame, ids: cython.p_int\) -> object:  # 【桃】 使用方法1 使用目标", src).group(1)
k = int(re.search(r"kc == (\d+):\n +self.fn_c = %s\n" % fn, src).group(1))
try:
    type(r0)(k, unit.Ids()).value(g, B._frame0(9, None))
except Exception as e:
    print(type(e).__name__, str(e).startswith(unit.WHERE_READS[k] + ": IndexError: "),
          type(e.__cause__).__name__, e.__cause__ is e.__context__)
try:
    type(r0)(10 ** 6, unit.Ids()).value(g, B._frame0(0, None))
except Exception as e:
    print(type(e).__name__, str(e), type(e.__cause__).__name__)# the same reading evaluated by the targets' two evaluations, which call its C function inline
# (ruleset.pxd's reading_fn_value, step 220a): the same error, and the targeting register clean
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


def test_a_reading_error_names_its_spec_line_pure_and_as_built():
    """The reading's error wrapped, from it (the core's ``Reading.value`` calls the unit's
    ``raised``); a reading the unit does not have is refused when made (docs/decisions/0106):
    compiled, the C switch's EngineError; pure, the table's IndexError."""
    out = {pure: run_python(SCRIPT, pure=pure).strip().splitlines() for pure in (True, False)}
    through = ["SpecRuntimeError True IndexError"] * 2 + ["None"]
    assert out[False] == ["SpecRuntimeError True IndexError True",
                          "EngineError no reading 1000000 in this unit NoneType"] + through, out[False]
    assert out[True] == ["SpecRuntimeError True IndexError True",
                         "IndexError tuple index out of range NoneType"] + through, out[True]
