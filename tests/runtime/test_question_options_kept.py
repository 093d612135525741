"""Step 229b of docs/performance.md: compiled, a dead question kept for the next (core/decision.py's
_decision_dealloc) keeps its options list in its field, emptied, when nothing else holds it
(decision.pxd's sgs_options_empty); new_decision refills the taken question's own list in place
(options_refill) and options_of_skills fills the list of the question new_decision_list takes
next (options_room), where a list of 8 held the emptied lists apart (step 157b). Held, through a
probe built against decision.pxd (as the engine is): each question's options are the items given
(new_decision) or the skills' ids (the dispatch's new_decision_list(options_of_skills(…))), in
the same list a dead question left, grown past its room; a list something else holds — an
agent's, or options_of_skills' answer still the caller's — is never emptied nor refilled, and
what it holds stays. Pure Python makes every list anew: the same options."""
from seeded_games import probe_runs, run_python

PROBE = '''
import cython
if cython.compiled:
    from cython.cimports.core.decision import new_decision_list, options_of_skills
else:
    from core.decision import new_decision_list, options_of_skills


def ids(skills):
    return options_of_skills(skills)


def dispatch(skills, who):
    return new_decision_list(4, who, options_of_skills(skills), 1, 1, True, "timing")
'''

WATCH = r"""
import gc
import sys
sys.path.insert(0, sys.argv[1])

import core
from core.decision import Decision, new_decision
from core.ruleset import Skill
from pkg_options_probe import probe

compiled = not probe.__file__.endswith('.py')
print(compiled)
skills = [Skill(i, "s%d" % i, (), 0, None, False, 0, 0, 0, False) for i in range(300, 360)]
bad = []


def check(what, got, want):
    if got != want:
        bad.append((what, got, want))


def spare_lists():
    return [id(o.options) for o in gc.get_objects() if type(o) is Decision and o.options == []]


gc.collect()
d = new_decision(4, 0, (1, 2, 3), 1, 1, "first")
kept, dead = id(d.options), id(d)
del d
if compiled:   # the dead question holds its list, emptied
    check("left", kept in spare_lists(), True)
q = new_decision(5, 1, [7, 8], 1, 1, "again")
check("refilled", q.options, [7, 8])
if compiled:
    check("the same question", id(q), dead)
    check("the same list", id(q.options), kept)
del q
q = probe.dispatch(skills[:5], 2)   # options_of_skills into the next question's list
check("ids", q.options, [300, 301, 302, 303, 304])
check("exact ints", {type(o) for o in q.options}, {int})
if compiled:
    check("dispatch: the same list", (id(q), id(q.options)), (dead, kept))
del q
q = probe.dispatch(skills, 3)   # past the list's room: grown
check("wide ids", q.options, list(range(300, 360)))
if compiled:
    check("grown: the same list", id(q.options), kept)
del q
q = new_decision(2, 0, tuple(range(50)), 1, 3, "wide")
check("wide", q.options, list(range(50)))
want = Decision(2, 0, tuple(range(50)), 1, 3, prompt="wide")
check("fields", [getattr(q, k) for k in ("kind", "who", "options", "lo", "hi", "can_pass",
                                         "prompt", "valid", "data", "ordered", "game")],
      [getattr(want, k) for k in ("kind", "who", "options", "lo", "hi", "can_pass", "prompt",
                                  "valid", "data", "ordered", "game")])
# a list something else holds: never emptied nor refilled
held = q.options
del q
check("held kept", held, list(range(50)))
q = new_decision(4, 0, (9,), 1, 1, "next")
check("held not refilled", (q.options, q.options is held, held), ([9], False, list(range(50))))
del q
# options_of_skills' answer still the caller's when a question takes the dead one's list
mine = probe.ids(skills[:3])
q = new_decision(4, 1, (5, 6), 1, 1, "other")
check("mine stays", (mine, q.options, q.options is mine), ([300, 301, 302], [5, 6], False))
del q
check("mine stays after", mine, [300, 301, 302])
empty = probe.ids([])   # no skill: the dead question's list, still empty, shared
q = new_decision(4, 1, (5, 6), 1, 1, "other")
check("empty stays", (empty, q.options, q.options is empty), ([], [5, 6], False))
del q
refs = sys.getrefcount(mine)
for k in range(20):
    q = probe.dispatch(skills[k:k + 4], k % 5)
    check("dispatch %d" % k, q.options, list(range(300 + k, 304 + k)))
    q2 = new_decision(3, 0, [k] * (k + 1), 1, 1, "q2")
    check("q2 %d" % k, q2.options, [k] * (k + 1))
    del q, q2
now = sys.getrefcount(mine)
check("mine at the end", (mine, now), ([300, 301, 302], refs))
for x in bad[:8]:
    print("DIFFERS", *x)
print("done")
"""


def test_a_dead_questions_options_list_is_refilled_in_it_and_a_held_one_never(tmp_path):
    for pure, folder in probe_runs(tmp_path, "pkg_options_probe", PROBE):
        lines = run_python(WATCH, folder, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert lines[1:] == ["done"], (pure, "\n".join(lines[1:]))
