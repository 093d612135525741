"""Step 119 of docs/performance.md: the target evaluation's register and the scan's tables.

targets._target_value (step 119b) sets the card whose targets are read in _TG's fields and puts
them back after. An evaluation with none in progress (_TG.on False: the scan's, nearly every
one) does not save the user and the name: they are None then, and it puts them back as None;
one within another's saves and restores them. Here, at an idle point of a seeded game, a card
name's first method has its targets replaced by a reading that records _TG's fields and then
answers or raises: after an outermost evaluation _TG is as before (on False, user and name None,
free and first as they were), after one within another's (set_evaluated, first True) the outer
one's fields are back, and both while the reading raises. usable._scan_tables answers a _ScanAt
(step 119a): test_scan_tables.py holds its fields to the tables' entries."""
from seeded_games import IDLE_METHOD, run_python

REGISTER = IDLE_METHOD + r"""
from core.ruleset import FnReading
from core.prims import base as B, targets as Targets

TG = B._targeting()
MARK = ("marked",)
seen = []


def fields():
    return (TG.on, TG.user, TG.name, TG.free, TG.first)


def answer(g, f):
    seen.append(fields())
    return MARK


def fail(g, f):
    seen.append(fields())
    raise KeyError("raised")


out = []
g, t, tf, p, ni, kept = idle_method()
m = kept[0]
try:
    for r in (answer, fail):
        t.name_methods[ni] = (m[:2] + (FnReading(r),) + m[3:],) + kept[1:]
        for outer in (None, ("甲", "外", True)):
            TG.set_evaluated(outer)
            TG.first = outer is not None
            before = fields()
            try:
                got = Targets._target_value(g, p, ni, 0, tf, False, True) is MARK
            except KeyError:
                got = "KeyError"
            out.append((got, seen.pop() == (True, p, ni, False, True), fields() == before,
                        before))
            TG.set_evaluated(None)
            TG.first = False
finally:
    t.name_methods[ni] = kept
print(out)
"""

WANT = ("[(True, True, True, (False, None, None, False, False)), "
        "(True, True, True, (True, '甲', '外', True, True)), "
        "('KeyError', True, True, (False, None, None, False, False)), "
        "('KeyError', True, True, (True, '甲', '外', True, True))]")


def test_an_evaluation_puts_the_register_back_pure():
    assert run_python(REGISTER, pure=True).strip() == WANT


def test_an_evaluation_puts_the_register_back_as_built():
    assert run_python(REGISTER).strip() == WANT
