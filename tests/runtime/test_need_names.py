"""Step 126b of docs/performance.md: the pre-test of a conversion skill's condition at a need
flow's timing (core/prims/register.py's _NeedCond with ``names``: the card names the compiler
found its condition to require, pretests.skill_card_names) answers as the full condition. At every
second decision of seeded random-player games of the three rulebooks, pure and as built, every
skill whose condition is such a _NeedCond is asked at each of its timings, for each need or pre-use
event frame on the stack and each seat, both its condition and the same wrapper without the names (the need
not started, then the skill's own condition): the answers are the same, and the names' test
answered False without the call (a need or pre-use event of another card name) often."""
from seeded_games import DECISIONS, run_python

SCRIPT = DECISIONS + r"""
import collections
from core.prims import register as R
from core.prims.base import _T, _prog_evi_in, EVI_NEED_USE, EVI_NEED_PLAY, EVI_PRE_USE, EVI_PRE_PLAY

EVS = (1 << EVI_NEED_USE) | (1 << EVI_NEED_PLAY) | (1 << EVI_PRE_USE) | (1 << EVI_PRE_PLAY)
seen = collections.Counter()
bad = []
for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    named = None
    for seed, n, g in decisions(key, seeds, every=2):
        if named is None:
            named = [(s, R._NeedCond(s.condition.inner)) for s in g.rs.skills
                     if type(s.condition) is R._NeedCond and s.condition.names is not None]
            seen["skills"] += len(named)
        for ev in list(g.stack):
            # the need and pre-use events (a need timing's event: what the dispatch asks with)
            if not _prog_evi_in(_T(g), ev.prog, EVS):
                continue
            # the pre-test's case (written out): a card name not flagged
            other = ev.slots is not None and len(ev.slots) > 1 and type(ev.slots[1]) is int
            for s, full in named:
                for t in s.timings:
                    for p in range(g.n):
                        seen["asked"] += 1
                        if other and not s.condition.names[ev.slots[1]]:
                            seen["other name"] += 1
                        if s.condition.test(g, p, ev, t) != full.test(g, p, ev, t):
                            bad.append((key, seed, n, s.name, g.rs.timing_names[t], p))
print(games, seen["skills"] > 20, seen["asked"] > 10000, seen["other name"] > 1000)
for x in bad[:5]:
    print("DIFFERS", *x)
"""


def test_a_need_conditions_card_names_pre_test_answers_as_the_condition_pure_and_as_built():
    out = {pure: run_python(SCRIPT, pure=pure).strip().splitlines() for pure in (True, False)}
    for pure, lines in out.items():
        assert lines[0] == "5 True True True", (pure, lines[:6])
        assert not lines[1:], (pure, "\n".join(lines[1:]))
