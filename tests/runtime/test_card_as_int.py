"""resolving.virtual_card_of of one card reads the card as a C int once — its virtual-card test,
its sign and its index into the correspondence table (S_CORR) — and cards._card_info answers NONE
before its name's call (docs/performance.md "Step 77"). Held to their definitions as they read
before that step (base._is_v, then the correspondence of a physical card, live, else a 判定区
card's own; the entry registered for the card's name) at every third decision of three seeded
games, for every physical card, every virtual card's handle, NONE, another negative int, a bool
and objects that are no card, pure and as built (a 判定区 card's first ask, which makes its
virtual card: tests/runtime/test_virtual_card_of.py)."""
from seeded_games import DECISIONS, run_python

VIRTUAL = DECISIONS + r"""
from core.prims import base as B, cards as Cards, resolving as Resolving
print(not E.__file__.endswith('.py'))   # compiled: the extension module
seen = {"asks": 0, "virtual": 0, "none": 0, "entries": 0}
bad = []


def definition(g, c):
    # virtual_card_of(c) before step 77 (asked after the function: a 判定区 card's virtual card,
    # made by its first ask, is then the live correspondence)
    if B._is_v(c):
        return c
    if not isinstance(c, int) or c < 0:
        return B.NONE
    v = B._S(g, B.S_CORR, len(g.cards))[c]
    if v is not None and B._field(B._rec(g, v), B.V_ALIVE):
        return v
    return B.NONE


def info(g, c):
    n = Cards._card_name_any(g, c)
    return None if n == -1 else B._T(g).cards.get(n)


for seed, n, g in decisions("identity", (1, 2, 3), every=3):
    records = B._S(g, B.S_VC)
    asked = list(range(len(g.cards))) + [B.VBASE + k for k in range(len(records))]
    asked += [B.NONE, -7, True, None, "x", (1, 2)]
    for c in asked:
        got = Resolving.virtual_card_of(g, None, c)
        want = definition(g, c)
        seen["asks"] += 1
        seen["virtual"] += want != B.NONE
        seen["none"] += want == B.NONE
        if (got != want or type(got) is not type(want)) and len(bad) < 5:
            bad.append(("virtual_card_of", seed, n, c, got, want))
        if type(c) is int:
            gi, wi = Cards._card_info(g, c), info(g, c)
            seen["entries"] += wi is not None
            if gi != wi and len(bad) < 5:
                bad.append(("_card_info", seed, n, c, gi, wi))
print(games, seen["asks"], seen["virtual"], seen["none"], seen["entries"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_virtual_card_of_and_card_info_of_any_value():
    """Pure and as built: every ask answers the definition's card (some a virtual card, some
    NONE), and every card entry the table's (some an entry)."""
    for pure in (True, False):
        lines = run_python(VIRTUAL, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, asks, virtual, none, entries = map(int, lines[1].split())
        assert games == 3
        assert asks > 10000 and virtual > 100 and none > 100 and entries > 1000, lines[1]
