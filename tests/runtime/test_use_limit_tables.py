"""Step 240b of docs/performance.md: compiled, limits._use_limited and _limit_hit read the use
limits' entries (t.use_limits, made by status.kinds from t.card_status's rule sets) and their
direct forms without a type or size test; their shape is checked once, where register finishes
the card rules (limits.check_use_limit_rules), which refuses a malformed rule set with a clear
error, pure and as built, and registration with it (pure, where status.direct_rule can be
replaced). What the use limits answer is held to the rules by test_limit_direct.py,
test_scan_reads.py and test_status_paths.py."""
from seeded_games import identity_game, run_python

CHECK = identity_game(1) + r"""
from core.prims import base as B, limits as Limits
t = B._T(g)
Limits.check_use_limit_rules(t.card_status)   # the rulebook's own: accepted
k = g.rs.card_names.index("杀")
rule = t.card_status[k][0]   # (method, program, answer bits, direct rule): 【杀】's use limit
assert (rule[2] >> B.Q_LIMIT) & 1 and len(rule[3]) >= 5, rule
out = []
for table in ({k: list(t.card_status[k])}, {k: (rule[:3],)},
              {k: ((rule[0], rule[1], None, rule[3]),)},
              {k: (rule[:3] + (rule[3][:4],),)}, {k: (rule[:3] + (list(rule[3]),),)},
              {k: (rule[:3] + (None,),)}, {k: ((rule[0], rule[1], 0, rule[3][:2]),)}, {k: ()}):
    try:
        Limits.check_use_limit_rules(table)
        out.append("ok")
    except TypeError as e:
        out.append(str(e).split(":")[1].strip())
print(out)
"""

WANT = ("['its status rules are not a tuple', "
        "'a status rule is not a (method, program, answer bits, direct rule) tuple', "
        "'a status rule is not a (method, program, answer bits, direct rule) tuple', "
        "\"a use limit's direct rule is not a tuple of five items or more\", "
        "\"a use limit's direct rule is not a tuple of five items or more\", 'ok', 'ok', 'ok']")


def test_a_malformed_card_status_table_is_refused_pure_and_as_built():
    for pure in (True, False):
        assert run_python(CHECK, pure=pure).strip() == WANT, pure


# registration with a use limit's direct rule cut short (status.direct_rule replaced: pure only)
REGISTER = r"""
from core.prims import status as Status
direct_rule = Status.direct_rule


def short(op, readings, prog):
    d = direct_rule(op, readings, prog)
    return d if d is None else d[:4]


Status.direct_rule = short
""" + identity_game(1, start=False) + r"""
print("registered")
"""


def test_registration_refuses_a_use_limits_malformed_direct_rule():
    try:
        out = run_python(REGISTER, pure=True)
    except AssertionError as e:
        out = str(e)
    assert "registered" not in out
    assert "TypeError: card name" in out and "direct rule is not a tuple of five items" in out, out
