"""The rooms' runtime tables of a game (base._T; compiled, fast.pxd's _T_fast reads the ruleset in
place, its type tested without taking its reference: docs/performance.md "Step 79"), held to
base._T's definition pure and as built: a game of a P.new_ruleset() ruleset (exactly base.Rules)
has its tables; any other ruleset — the engine's own, a subclass of Rules holding the same tables,
None — raises base._no_tables' TypeError, through flow.this_event (_event_ctx, which reads the
tables first) and through flow.call1 (compiled, _call_args reads the tables borrowed and sends a
game without them call's way: step 148b). The ruleset is replaced through Game.set_rules (readonly
to Python once compiled), which keeps G_PLAIN: a game of any other ruleset is not plain, so that
flow.fire's quiet path, which casts the ruleset to Rules (fast.pxd), leaves it to _fire, whose _T
raises (step 166)."""
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
print("rules", B._T(g) is rs.sgs, Flow.this_event(g, f) is f, g.gbits & 8)
# a timing nobody hears, no flow rule's nor the idle point: fire's quiet path when plain; a frame
# of its own, its timing array made by a first firing
tm = next(i for i in range(len(g.listen))
          if g.listen[i] == 0 and t.flow_rule_at[i] == 0 and i != t.idle)
fe = E.Frame(t.ev_move, 0)
print("fired", Flow.fire(g, fe, tm, None), Flow.fire(g, fe, tm, None), list(fe.timings) == [tm, tm])
if not E.__file__.endswith('.py'):
    try:
        g.rs = rs
        print("written")
    except AttributeError:
        print("readonly")
else:
    print("readonly")


class Sub(B.Rules):
    pass


sub = Sub()
sub.sgs = rs.sgs
for name, other in (("engine's", Ruleset()), ("subclass", sub), ("none", None)):
    g.set_rules(other)
    print(name, "plain", g.gbits & 8, g.check_invariants())
    try:
        Flow.fire(g, fe, tm, None)
        print(name, "fired")
    except TypeError as e:
        print(name, "fire raised", str(e).startswith("the runtime's primitives need a game of a"))
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
g.set_rules(rs)
print("back", Flow.this_event(g, f) is f, g.gbits & 8)
"""


def test_a_games_tables_only_of_its_rules():
    """Pure and as built: the tables of a base.Rules game; base._T's error for any other ruleset,
    through fire too (the game not plain: step 166)."""
    want = ["rules True True 8", "fired 0 0 True", "readonly"] \
        + [x % n for n in ("engine's", "subclass", "none")
           for x in ("%s plain 0 True", "%s fire raised True", "%s raised True",
                     "%s call1 raised True")] \
        + ["back True 8"]
    for pure in (True, False):
        lines = run_python(TABLES, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert lines[1:] == want, "\n".join(lines)
