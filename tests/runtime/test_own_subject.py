"""Step 123a of docs/performance.md (docs/decisions/0103): a skill's ``own_subject`` (the
compiler's word, pretests.skill_own_subject and emit.card_rules, that its condition begins with "the
timing's subject is the owner") is exactly implied by the condition: at every third decision of
seeded random-player games of the three rulebooks, pure and as built, every skill that has the
flag is asked its full condition (Skill.test) at each of its timings, for each event frame on
the stack whose subject is a seat and each other seat: each answer is False (the dispatcher's
pre-test, core/dispatch.py's _is_candidate, answers so without the call); a skill the runtime
flags (register.finish: its one timing is its active_idle) is asked Skill.cond, whose subject
test answers False there. The generated units' flags are checked against their conditions'
text as well."""
import re
from pathlib import Path

from seeded_games import DECISIONS, ROOT, run_python

from compiler.emit import owner_ref

SCRIPT = DECISIONS + r"""
import collections

seen = collections.Counter()
bad = []
for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    flagged = None
    for seed, n, g in decisions(key, seeds, every=3):
        if flagged is None:
            flagged = [s for s in g.rs.skills if s.own_subject]
            seen["flagged"] += len(flagged)
            seen["held rules"] += sum(s.name.startswith("【") for s in flagged)
        for ev in list(g.stack):
            subj = ev.subject
            if type(subj) is not int or subj < 0:
                continue
            seen["events"] += 1
            for s in flagged:
                for t in s.timings:
                    for p in range(g.n):
                        if p == subj:
                            continue
                        seen["asked"] += 1
                        # the compiler's flag: the condition itself; the runtime's (a skill at
                        # its one active_idle timing): Skill.cond's subject test
                        if s.test(g, p, ev, t) if s.active_idle < 0 else s.cond(g, p, ev, t):
                            bad.append((key, seed, n, s.name, g.rs.timing_names[t], p, subj))
print(games, seen["flagged"] > 200, seen["held rules"] > 0, seen["events"] > 1000,
      seen["asked"] > 100000)
for x in bad[:5]:
    print("DIFFERS", *x)
"""


def test_a_skills_own_subject_is_implied_by_its_condition_pure_and_as_built():
    out = {pure: run_python(SCRIPT, pure=pure).strip().splitlines() for pure in (True, False)}
    for pure, lines in out.items():
        assert lines[0] == "5 True True True True", (pure, lines[:6])
        assert not lines[1:], (pure, "\n".join(lines[1:]))


# a generated unit's condition function and the skill registrations naming it
_COND = re.compile(r"^def (cond_[0-9a-f]+)\(.*?\n    f: Frame = .*?\n    return (.*)$", re.M)
# the owner read from the frame, as emitted (owner_ref: borrowed from the unit's table, step 154c)
# or as a lambda's body writes it, or through 拥有者
_FIRST = (f"Base.subject_matches(g, f, {owner_ref()})", "Base.subject_matches(g, f, f.owner)",
          "Base.subject_matches(g, f, Roles.owner(g, f))")


def test_the_generated_flags_name_the_conditions_that_begin_with_the_owners_subject():
    # each unit's conditions in k order (_Condition.__init__'s switch), each skill registration's k and
    # flag: a flag exactly where the condition's first conjunct is the owner's subject test
    checked = 0
    for path in sorted((ROOT / "generated").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        cases = dict(re.findall(r"kc == (\d+):\n\s+self\.fn_c = (d?cond_\w+)\n", text))
        bodies = dict(_COND.findall(text))
        for m in re.finditer(r"P\.register_skill\(rs, .*?_Condition\((\d+), table\).*?\)\n(?=    P\.|\n)",
                             text, re.S):
            body = bodies.get(cases.get(m.group(1)))
            if body is None:   # a delayed effect's condition: not a skill's
                continue
            flagged = "own_subject=True" in m.group(0)
            assert flagged == body.startswith(_FIRST), (path.name, m.group(0)[:120], body[:80])
            checked += flagged
    assert checked > 150
