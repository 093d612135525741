"""The rooms' runtime tables of a game (base._T; compiled, fast.pxd's _T_fast reads the ruleset in
place, its type tested without taking its reference: docs/performance.md "Step 79"), held to
base._T's definition pure and as built: a game of a P.new_ruleset() ruleset (exactly base.Rules)
has its tables; any other ruleset — the engine's own, a subclass of Rules holding the same tables,
None — raises base._no_tables' TypeError, through flow.this_event (_event_ctx, which reads the
tables first) and through flow.call1 (compiled, _call_args reads the tables borrowed and sends a
game without them call's way: step 148b)."""
from seeded_games import DECISIONS, run_python

TABLES = DECISIONS + r"""
from core.prims import base as B, flow as Flow
from core.ruleset import Ruleset
print(not E.__file__.endswith('.py'))   # compiled: the extension module
for seed, n, g in decisions("identity", (1,), every=20):
    break
rs = g.rs
t = B._T(g)
f = E.Frame(t.ev_move, 0)
print("rules", B._T(g) is rs.sgs, Flow.this_event(g, f) is f)


class Sub(B.Rules):
    pass


sub = Sub()
sub.sgs = rs.sgs
for name, other in (("engine's", Ruleset()), ("subclass", sub), ("none", None)):
    g.rs = other
    try:
        Flow.this_event(g, f)
        print(name, "answered")
    except TypeError as e:
        print(name, "raised", str(e).startswith("the runtime's primitives need a game of a"))
    try:
        Flow.call1(g, f, t.ev_move, 0)
        print(name, "called")
    except TypeError as e:
        print(name, "call1 raised", str(e).startswith("the runtime's primitives need a game of a"))
g.rs = rs
print("back", Flow.this_event(g, f) is f)
"""


def test_a_games_tables_only_of_its_rules():
    """Pure and as built: the tables of a base.Rules game; base._T's error for any other ruleset."""
    want = ["rules True True"] + [x % n for n in ("engine's", "subclass", "none")
                                  for x in ("%s raised True", "%s call1 raised True")] \
        + ["back True"]
    for pure in (True, False):
        lines = run_python(TABLES, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert lines[1:] == want, "\n".join(lines)
