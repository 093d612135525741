"""flow._after_fire's index of the card names card_flow_rules has a rule of (docs/performance.md
"Step 218", docs/decisions/0216): compiled, a card whose name has no rule there is answered
before its key is made and looked up, from an index kept with the dict and its version tag, made
again when the dict changes or is another. Held here, pure and as built, in fresh processes (the
two answers equal): a use event's virtual card of a name with no rule, at a flow-rule timing,
pushes nothing and keeps the status; a rule added to the same dict for that name after the index
was made is run (the index made again), then nothing once it is gone; a name's rule replaced is
run; a rule under another dict given to the tables too."""
from seeded_games import identity_game, run_python

SCRIPT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, cards as Cards, flow as Flow
t = B._T(g)
nt = len(g.rs.timing_names)
rules = t.card_flow_rules
key = min(rules)   # a card name's flow rule: its name, method and timing
name, rest = divmod(key, B_M := 64 * nt)
mi, timing = divmod(rest, nt)
other = next(n for n in sorted(t.cards) if not any(k // B_M == n for k in rules))
use = t.events["使用"]


def after(n):
    # a use event of a virtual card of name n (slot 1), at the rule's timing
    c = Cards._new_vcard(g, n, ())
    B._rec(g, c)[B.V_METHOD] = mi
    f = E.Frame(use, 4)
    f.slots[0] = g.current
    f.slots[1] = c
    depth = len(g.stack)
    st = Flow._after_fire(g, f, t, timing, 7)
    pushed = [fr.prog for fr in g.stack[depth:]]
    del g.stack[depth:]
    return st, pushed


prog = rules[key][0][1]   # (its rule's program)
print("without", after(other))   # (the index made)
print("real", after(name))   # (its condition's answer: the same pure and as built)
okey = (other * 64 + mi) * nt + timing
rules[okey] = ((None, prog),)
print("added", after(other))
del rules[okey]
print("gone", after(other))
rules[key] = ((None, prog),)
print("with", after(name))
t.card_flow_rules = dict(rules)   # another dict: its own index
t.card_flow_rules[okey] = ((None, prog),)
print("another", after(other))
print("prog", prog)
"""


def _run(pure):
    return dict(line.split(" ", 1) for line in run_python(SCRIPT, pure=pure).strip().splitlines())


def test_a_card_without_a_rule_runs_none_and_the_index_follows_the_dict():
    built, pure = _run(False), _run(True)
    assert built == pure
    prog = built["prog"]
    assert built["without"] == built["gone"] == "(7, [])"
    assert built["added"] == built["with"] == built["another"] == "(1, [%s])" % prog
