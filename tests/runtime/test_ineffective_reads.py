"""resolving.is_ineffective (step 212a): compiled, a live record's 无效 list and name are read
borrowed (_vrec_at), the list's size in place. Held to its definition, pure and as built: a
virtual card is ineffective to ``who`` when ``who`` is in its 无效 list — a list (empty, one, two),
a tuple (() until written), another sequence (a range: read by the accessors), a frozen record's
tuple — and the card's own 无效 rules (a name with card status rules, 【桃园结义】's) count only
at a target's settlement (a bare frame is none); a physical card, NONE and what is no card are
never ineffective."""
from seeded_games import run_python

DIRECT = r"""
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.prims import base as B, cards as Cards, resolving as R
M, P = S.load_engine("identity")
rb = by_key("identity")
g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
print(not R.__file__.endswith('.py'))
f = E.Frame(0, 0)
c0 = g.zone_cards(E.Z_DRAW, -1)[0]
ruled = sorted(k for k in B._T(g).card_status if isinstance(k, int))
names = [g.card_name(c0)] + ruled[:1]
print(len(ruled) > 0 and g.card_name(c0) not in ruled)
out = []
for name in names:
    for ineff in ([], [3], [1, 2], (), (4,), range(0), range(2), None):
        v = Cards._new_vcard(g, name, ())
        if ineff is not None:
            B._rec(g, v)[B.V_INEFF] = ineff
        out.append([R.is_ineffective(g, f, v, who) for who in (0, 1, 3, 4)])
    for ineff in ([], [2]):
        v = Cards._new_vcard(g, name, ())
        B._rec(g, v)[B.V_INEFF] = ineff
        vs = B._Sw(g, B.S_VC)
        vs[v - B.VBASE] = Cards._frozen(vs[v - B.VBASE])
        out.append([R.is_ineffective(g, f, v, who) for who in (0, 2)])
out.append([R.is_ineffective(g, f, c, 0) for c in (c0, -1, "x", None)])
print(out)
"""

F, T = False, True
EACH = [[F, F, F, F], [F, F, T, F], [F, T, F, F], [F, F, F, F], [F, F, F, T], [F, F, F, F],
        [T, T, F, F], [F, F, F, F], [F, F], [F, T]]
WANT = EACH + EACH + [[F, F, F, F]]


def test_is_ineffective_is_membership_in_the_list():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "True", lines
        assert lines[2] == repr(WANT), lines
