"""A card value's physical cards (cards._cards_phys, docs/performance.md "Step 67"): one virtual
card (此牌的实体牌, ~1,200 asks in `sgs bench --what instructions`' six games) answers its
record's cards, read once, where the loop made a tuple of the one card, a list, its extension
and a tuple of the list. Held to the loop at every fifth decision of three seeded games, for
every virtual card made so far (living and vanished), every physical card and the values that
are neither, pure and as built."""
from seeded_games import DECISIONS, run_python

PHYS = DECISIONS + r"""
from core.prims import base as B, cards as Cards
print(not E.__file__.endswith('.py'))   # compiled: the extension module
V_CARDS = 1   # base's index of a record's cards: a C constant of the compiled base
assert E.__file__.endswith('.so') or B.V_CARDS == V_CARDS
seen = {"values": 0, "virtual": 0, "vanished": 0, "several": 0}
bad = []


def phys_written(g, v):
    # the definition: each card of the value, a virtual card by its record's cards
    out = []
    for c in Cards._cards(g, None, v):
        if isinstance(c, int):
            if c >= B.VBASE:
                out.extend(B._field(B._rec(g, c), V_CARDS))
            elif c >= 0:
                out.append(c)
    return tuple(out)


for seed, n, g in decisions("identity", (1, 2, 3), every=5):
    recs = B._S(g, B.S_VC)
    vcs = [B.VBASE + i for i in range(len(recs))]
    values = (vcs + list(range(0, len(g.cards), 7))
              + [B.NONE, None, True, tuple(vcs[:3]), E.VCard(-1, (0, 1))])
    for v in values:
        got, want = Cards._cards_phys(g, v), phys_written(g, v)
        seen["values"] += 1
        if type(v) is int and v >= B.VBASE:
            seen["virtual"] += 1
            seen["vanished"] += type(recs[v - B.VBASE]) is not list
            seen["several"] += len(want) > 1
        if (type(got) is not tuple or got != want) and len(bad) < 5:
            bad.append((seed, n, v, got, want))
print(games, seen["values"], seen["virtual"], seen["vanished"], seen["several"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_physical_cards_are_the_loops():
    """Pure and as built: every value's physical cards are the loop's, a tuple; the virtual
    cards asked include vanished ones (a Frozen record) and some of several cards (a shortcut
    that answered only the first card, or the one card itself, fails them)."""
    for pure in (True, False):
        lines = run_python(PHYS, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, values, virtual, vanished, several = map(int, lines[1].split())
        assert games == 3
        assert virtual > 1000 and 0 < vanished < virtual and several > 0, lines[1]
