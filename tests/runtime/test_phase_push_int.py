"""Step 266b of docs/performance.md: turns._push_phase_event answers a C int (1, _pushed's answer;
-1 with an exception), where it answered a boxed 1 that flow's callers (_call_args inline in call
and call1…call4) took and dropped at each of ~1,650 phases. As built, flow's C tests the int
against -1 at each call; pure and as built, an extra phase's prim still answers 1."""
import os
import re

from seeded_games import identity_game, room_c, run_both

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def test_the_declaration_answers_an_int():
    with open(os.path.join(ROOT, "core", "prims", "turns.pxd"), encoding="utf-8") as f:
        pxd = f.read()
    assert ("cpdef int _push_phase_event(Game g, Frame f, int ph, object who, bint extra)"
            " except -1\n") in pxd


def test_flow_tests_the_int_as_built():
    c = room_c("flow")
    calls = re.findall(r"(\w+) = __pyx_f_4core_5prims_5turns__push_phase_event\([^;]*\); "
                       r"if \(unlikely\((\w+) == \(\(int\)-1\)\)\)", c)
    assert len(calls) == 2 and all(a == b for a, b in calls), calls


SCRIPT = identity_game(3) + r"""
from core.prims import turns as Turns
for _ in range(40):
    g.step()
f = g.stack[-1]
n = len(g.stack)
print(Turns._push_phase_event(g, f, 1, g.current, True), len(g.stack) - n)
"""


def test_a_pushed_phase_answers_one_pure_and_built():
    assert run_both(SCRIPT) == "1 1"
