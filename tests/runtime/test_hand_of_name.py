"""use._hand_of_name reads each hand card's name in place and compares it as a C int (the card,
its name and the name asked C ints: use.pxd; docs/performance.md "Step 72"), where it called
Game.card_name and compared boxed ints. Held to its definition — the hand's cards, in order,
named ``name`` or (not ``exact``) of a kind of it (Cards._kind_ok) — at every third decision of
three seeded games, for every seat, exact or not, and the names held, the names of which some
card is a kind (【杀】 for 火【杀】), their name groups (-2 - name), NONE and a name held by nobody,
pure and as built. use._hand_has_kind (start_default_use's question, step 143c) answers
whether that list (not exact) is not empty."""
from seeded_games import DECISIONS, run_python

HAND = DECISIONS + r"""
from core.prims import cards as Cards, status as Status, use as Use
print(not E.__file__.endswith('.py'))   # compiled: the extension module
seen = {"asks": 0, "found": 0, "kinds": 0}
bad = []


def definition(g, who, name, exact):
    out = []
    for c in g.zone_cards(E.Z_HAND, who):
        n = g.card_name(c)
        if n == name or (not exact and Cards._kind_ok(g, n, name)):
            out.append(c)
    return out


for seed, n, g in decisions("identity", (1, 2, 3), every=3):
    kinds = Status.kinds(g)
    wanted = sorted({w for ws in kinds.values() for w in ws})
    held = sorted({g.card_name(c) for p in range(g.n) for c in g.zone_cards(E.Z_HAND, p)})
    names = held + wanted + [-2 - w for w in wanted] + [-1, max(held + wanted + [0]) + 1]
    for who in range(g.n):
        for name in names:
            for exact in (True, False):
                got, want = Use._hand_of_name(g, who, name, exact), definition(g, who, name, exact)
                seen["asks"] += 1
                seen["found"] += len(want) > 0
                seen["kinds"] += any(g.card_name(c) != name for c in want)
                if (type(got) is not list or got != want) and len(bad) < 5:
                    bad.append((seed, n, who, name, exact, got, want))
                if not exact and Use.hand_has_kind(g, who, name) is not bool(want) and len(bad) < 5:
                    bad.append((seed, n, who, name, "has", want))
print(games, seen["asks"], seen["found"], seen["kinds"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_hand_of_name_is_its_definition():
    """Pure and as built: every ask answers the definition's list; some find cards, some by a
    kind of the name (a shortcut that compared only the exact name fails those)."""
    for pure in (True, False):
        lines = run_python(HAND, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, asks, found, kinds = map(int, lines[1].split())
        assert games == 3
        assert asks > 10000 and 0 < found < asks and kinds > 0, lines[1]
