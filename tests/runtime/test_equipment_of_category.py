"""A role's equipment of a category (zones.equipment_of_category, 〔角色〕装备区里的〔类别〕牌;
step 277d): the cards of its equipment zones in order, those the category holds (cards.card_is),
as a tuple; the empty tuple when none is, with no list made. Held to that definition for three
roles — nothing, equipment in two zones, equipment in every zone — and five categories, after
each of eight cards (two weapons, two armours, two horses, two others, whatever the slot) moved in one
at a time (135 asks), pure and as built."""
from seeded_games import move_game, run_python

SCRIPT = move_game(3) + r"""
import core.engine as E
from core.prims import base as B, cards as C, zones as Z
print(not Z.__file__.endswith('.py'))
EQ = list(E.EQUIP_ZONES)
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * B.NX
CATS = ("装备", "武器", "防具", "坐骑", "锦囊牌")   # (cards._name_cat: a type, a subtype)
def definition(p, cat):
    return tuple(c for c in Z.cards_in_zone(g, f, (B.ZK_EQUIP, p)) if C.card_is(g, f, c, cat))
layout = {1: [EQ[2], EQ[0]], 2: [EQ[3], EQ[1], EQ[0], EQ[2], EQ[1], EQ[0]]}
# two weapons, two armours, two horses and two cards of other categories, in the deck's order
picked, taken = [], {}
for c in range(len(g.cards)):
    key = ([cat for cat in CATS[1:4] if C.card_is(g, f, c, cat)] or ["other"])[0]
    if taken.get(key, 0) < 2:
        taken[key] = taken.get(key, 0) + 1
        picked.append(c)
assert len(picked) == 8, picked
bad, n, nonempty = [], 0, 0
def check():
    global n, nonempty
    for p in range(3):
        for cat in CATS:
            n += 1
            got = Z.equipment_of_category(g, f, p, cat)
            nonempty += bool(got)
            if type(got) is not tuple or got != definition(p, cat):
                bad.append((p, cat, got, definition(p, cat)))
check()
cs = iter(picked)
for p, ks in layout.items():
    for k in ks:
        g.move_one(next(cs), k, p)
        check()
print(n, nonempty, bad)   # (nonempty: the answers with cards)
"""


def test_equipment_of_a_category_is_the_equipment_zones_filtered():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "135 18 []", lines
