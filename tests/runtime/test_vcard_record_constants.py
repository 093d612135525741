"""A new virtual card's record and a frozen one read their constants (docs/performance.md, step
231b): compiled, cards keeps NAME_AS_PHYSICAL, S_NONE, C_NONE, the shared empty choices of
同时选择 (_NO_WITH) and the Frozen type as C globals of its own. Each must be the module's own:
a card made as its physical card takes that card's name (none without one), 普【名】 is 【名】,
a card of no physical card or of two has no suit (and of none no colour), a new record's and a
frozen record's choices are the one shared _NO_WITH, a frozen record is a Frozen. Pure and as
built."""
from seeded_games import VCARD_HEAD, run_python

SCRIPT = VCARD_HEAD + r"""
from core.engine import C_NONE, S_NONE
out = []
n1 = g.card_name(1)
v = C._new_vcard(g, B.NAME_AS_PHYSICAL, (1,))   # as its physical card: that card's name
r = B._rec(g, v)
out.append((r[B.V_NAME] == n1, r[B.V_WITH] is C._NO_WITH))
v0 = C._new_vcard(g, n1, ())   # no physical card: no suit, no colour, no point
r0 = B._rec(g, v0)
out.append((r0[B.V_SUIT] == S_NONE, r0[B.V_COLOR] == C_NONE, r0[B.V_POINT]))
v2 = C._new_vcard(g, -2 - n1, (1, 2))   # 普【名】 is 【名】; two cards: no suit
r2 = B._rec(g, v2)
out.append((r2[B.V_NAME] == n1, r2[B.V_SUIT] == S_NONE))
fz = C._frozen(list(r0))
out.append((type(fz) is C.Frozen, fz[B.V_WITH] is C._NO_WITH))
out.append(B._rec(g, C._new_vcard(g, B.NAME_AS_PHYSICAL, ()))[B.V_NAME])   # no card: no name
print(out)
"""


def test_new_and_frozen_records_read_the_rooms_constants():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "[(True, True), (True, True, 0), (True, True), (True, True), -1]", lines
