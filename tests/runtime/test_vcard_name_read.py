"""Step 220b of docs/performance.md: compiled, a virtual card's name id is read borrowed from its
live record (cards._card_name_of's _vname_at: the root state's list of records, the record, its
name field) for is_delayed_trick, is_equipment and is_faction_trick. Held, pure and as built, to
the entry's compare (cards._card_info) for the virtual card of every name with a user (a seat: an
int field beside the name), without one, and vanished (its Frozen record, read as before), and to
a record whose name was changed (change_kind) after it was made."""
from seeded_games import move_game, run_both

SCRIPT = move_game(5) + r"""
import core.engine as E
from core.prims import base as B, cards as C, resolving as R
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * B.NX
t = B._T(g)
names = sorted(t.cards)
cards = []
for i, name in enumerate(names):
    cards.append(C._new_vcard(g, name, (), i % 5))   # a user: a seat
    cards.append(C._new_vcard(g, name, ()))          # none
    v = C._new_vcard(g, name, (), 3)
    R.vanish_virtual_card(g, f, True, v)             # its record frozen
    cards.append(v)
    w = C._new_vcard(g, name, (), 2)
    R.change_kind(g, f, True, 2, w, names[(i + 7) % len(names)])   # its name changed
    cards.append(w)
bad, n = [], 0
for c in cards:
    e = C._card_info(g, c)
    for got, want in ((C.is_equipment(g, f, c), e[0] == "装备"),
                      (C.is_faction_trick(g, f, c), e[1] == "势力锦囊"),
                      (C.is_delayed_trick(g, f, c), e[1] == "延时锦囊")):
        n += 1
        if got is not want:
            bad.append((c, e[:2], got, want))
print(n > 500, sum(1 for c in cards if C.is_delayed_trick(g, f, c)) >= 8, bad[:5])
"""


def test_a_virtual_cards_category_by_its_name_read_in_place_pure_and_as_built():
    assert run_both(SCRIPT) == "True True []"
