"""Step 115 of docs/performance.md: the usability scan's and the target evaluation's type tests.

targets.reading_ok (targets.pxd, step 115b) tests that a card method's reading (its targets, its
condition) is a Reading by its type's own pointer and base first, then by PyObject_TypeCheck (a
subclass of a subclass: the MRO walk Cython's typed cast did for every reading); anything else
raises TypeError, as the typed cast did. Here a card name's first method in the tables has its
targets replaced, at an idle point of a seeded game, by: a FnReading (a direct subclass of
Reading), a Python subclass of FnReading (two levels down: the fallback), and a plain function
(not a Reading: TypeError, where a test that let it through would call a C method table that is
not there). usable._scan_from (step 115a) reads its state's fields where they are used, its
None tests left out once the state is tested: a None state raises TypeError, pure and as built;
usable._scan_begin's None tests are left out once the game and its tables are tested: a None
game raises TypeError as built (pure: AttributeError, None has no tables).
The scan's other reads are held to the scan's definition by test_scan_state.py and
test_scan_no_response.py (the 不可响应 list, now usable._noresp_blocks)."""
from seeded_games import IDLE_METHOD, run_python

READINGS = IDLE_METHOD + r"""
from core.ruleset import FnReading
from core.prims import targets as Targets, usable as U


class Deeper(FnReading):
    pass


MARK = ("marked",)
out = []
g, t, tf, p, ni, kept = idle_method()
m = kept[0]
try:
    for r in (FnReading(lambda g, f: MARK), Deeper(lambda g, f: MARK), lambda g, f: MARK):
        t.name_methods[ni] = (m[:2] + (r,) + m[3:],) + kept[1:]
        try:
            out.append(Targets._target_value(g, p, ni, 0, tf) is MARK)
        except TypeError:
            out.append("TypeError")
finally:
    t.name_methods[ni] = kept
try:
    U._scan_from(g, p, tf, t.idle, None, 0, [], False)
    out.append("no error")
except TypeError:
    out.append("TypeError")
try:
    U._scan_begin(None, p, tf, t.idle)
    out.append("no error")
except (TypeError, AttributeError):   # pure: None has no tables
    out.append("TypeError")
print(out)
"""

WANT = "[True, True, 'TypeError', 'TypeError', 'TypeError']"


def test_a_methods_reading_is_type_tested_pure():
    assert run_python(READINGS, pure=True).strip() == WANT


def test_a_methods_reading_is_type_tested_as_built():
    assert run_python(READINGS).strip() == WANT
