"""Step 110 of docs/performance.md: the usability scan's 不可响应 test held to its definition.

usable._scan_from runs the event card's 不可响应 list (``sc.noresp``: (who, card name) pairs) at
each method it reads only when the list has entries (step 110a: the empty list's loop was set
up at each method read). The seeded games of the other scan tests never reach a scan whose list
blocks a usable card, so the list is set here, on the pure engine (compiled, a scan's fields are
read-only C fields; the test is of usable.py's code, which the build compiles as it is): at
the idle points of seeded games, a name the scan finds usable is found no more when the list
holds (ANY, that name) or (p, that name), and is still found with (another seat, that name) or an
empty list. The scan's other mechanisms of step 110 (the hand's masks in one C loop, the subject
a C int, the conversion skills read in place) are held to the scan's definition, pure and as
built, by tests/runtime/test_scan_state.py; held._modval's walk by test_dispatch_caches.py;
roles.in_attack_range_one's seats by test_first_target.py; limits._use_limited's reads by
test_scan_reads.py and test_status_paths.py."""
from seeded_games import DECISIONS, run_python

NORESP = DECISIONS + r"""
from core.prims import base as B, turns as Turns, usable as U

checked, bad = 0, []
for seed, n, g in decisions("identity", (1, 2, 3)):
    t = B._T(g)
    tf = Turns._turn_frame(g)
    p = g.current
    if tf is None or p < 0:
        continue
    sc = U._scan_begin(g, p, tf, t.idle)
    if sc is None:
        continue
    plain = []
    U._scan_from(g, p, tf, t.idle, sc, 0, plain, False)
    if not plain:
        continue
    name = plain[0][0]
    other = (p + 1) % g.n
    for noresp, blocked in (([(B.ANY, name)], True), ([(p, name)], True),
                            ([(other, name)], False), ((), False)):
        sc.noresp = noresp
        got = []
        U._scan_from(g, p, tf, t.idle, sc, 0, got, False)
        checked += 1
        found = any(x[0] == name for x in got)
        if found == blocked:
            bad.append((seed, n, p, name, noresp, got))
print(checked > 100, bad[:3])
"""


def test_the_no_response_list_blocks_the_names_it_holds_pure():
    assert run_python(NORESP, pure=True).strip() == "True []"
