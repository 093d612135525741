"""resolving.targets_empty (step 205b): compiled, a live record's target field is read borrowed
(_vfield_at) and a list's or a tuple's size read in place. Held to ``len(target_list(c)) == 0``,
pure and as built, for targets that are a list (empty, one, two), a tuple (target_list's kept copy,
() until written), another sequence (a range: read by len), a frozen record's tuple (not read in
place: a Frozen record is no list), a physical card, NONE and what is no card."""
from seeded_games import identity_game, run_python

DIRECT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, cards as Cards, resolving as R
print(not R.__file__.endswith('.py'))
f = E.Frame(0, 0)
c0 = g.zone_cards(E.Z_DRAW, -1)[0]
out = []
for tg in ([], [3], [1, 2], (), (4,), range(0), range(2), None):
    v = Cards._new_vcard(g, g.card_name(c0), ())
    if tg is not None:
        B._rec(g, v)[B.V_TARGETS] = tg
    out.append((R.targets_empty(g, f, v), len(R.target_list(g, f, v)) == 0))
for tg in ([], [2]):
    v = Cards._new_vcard(g, g.card_name(c0), ())
    B._rec(g, v)[B.V_TARGETS] = tg
    vs = B._Sw(g, B.S_VC)
    vs[v - B.VBASE] = Cards._frozen(vs[v - B.VBASE])
    out.append((R.targets_empty(g, f, v), len(R.target_list(g, f, v)) == 0))
out.append([R.targets_empty(g, f, c) for c in (c0, -1, "x", None)])
print(out)
"""

WANT = [(True, True), (False, False), (False, False), (True, True), (False, False), (True, True),
        (False, False), (True, True), (True, True), (False, False), [True, True, True, True]]


def test_targets_empty_is_the_target_lists_emptiness():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == repr(WANT), lines
