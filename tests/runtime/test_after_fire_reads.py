"""flow._after_fire's reads (docs/performance.md step 255c): compiled, the card of the event by
resolving.pxd's inline rule of the tables given (where resolving._card_of_event read them again)
and the record's name, method and user read in place (fast.pxd's _field with C indices). Pure and
as built, the same: a virtual card of a name with a rule, in a use's slot 1, in a delayed use's
slot 0 and a pre-use's last card, pushes the rule's program owned by the record's user with the
event's frame as its context and the card as its last card; another method, or the card in a slot
the event does not read, pushes nothing and keeps the status."""
from seeded_games import identity_game, run_both

SCRIPT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, cards as Cards, flow as Flow
t = B._T(g)
nt = len(g.rs.timing_names)
rules = t.card_flow_rules
key = min(rules)
name, rest = divmod(key, 64 * nt)
mi, timing = divmod(rest, nt)
prog = rules[key][0][1]
X_LASTCARD = 7   # (base.X_LASTCARD: a C constant of the built base)
rules[key] = ((None, prog),)   # (no condition: the push depends on the reads alone)


def after(ev, where, method, user):
    c = Cards._new_vcard(g, name, ())
    r = B._rec(g, c)
    r[B.V_METHOD] = method
    r[B.V_USER] = user
    f = E.Frame(t.events[ev], 4)
    if where == "x":
        B._sx(f)[X_LASTCARD] = c
    else:
        f.slots[where] = c
    depth = len(g.stack)
    st = Flow._after_fire(g, f, t, timing, 7)
    out = [(fr.prog == prog, fr.owner, fr.ev is f, B._get(fr, X_LASTCARD) == c)
           for fr in g.stack[depth:]]
    del g.stack[depth:]
    return st, out


for ev, where in (("使用", 1), ("使用", 0), ("延时锦囊牌的特殊使用", 0), ("预使用", "x")):
    if ev in t.events:
        print(ev, where, after(ev, where, mi, 2), after(ev, where, mi + 1, 2),
              after(ev, where, mi, 3))
"""


def test_after_fire_reads_the_card_and_its_record_as_the_reference():
    got = run_both(SCRIPT).splitlines()
    ran = "(1, [(True, 2, True, True)]) (7, []) (1, [(True, 3, True, True)])"
    assert got == ["使用 1 " + ran, "使用 0 (7, []) (7, []) (7, [])",
                   "延时锦囊牌的特殊使用 0 " + ran, "预使用 x " + ran], got
