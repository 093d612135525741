"""The number of cards (cards.count_cards, step 134c): a tuple's length read in place, where _cards
answered the same tuple by a call; anything else — a tuple subclass (a clone's Shared), a list,
a card id, None, a virtual card, a VCard — as _cards reads it, a Pick its number to choose.
Held to that definition for 16 values, pure and as built."""
from seeded_games import move_game, run_python

SCRIPT = move_game(3) + r"""
import core.engine as E
from core.prims import base as B, cards as C
print(not C.__file__.endswith('.py'))
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * B.NX
v = C._new_vcard(g, g.card_name(1), (1, 2))
pick = B.new_pick("cards", (0, 1, 2, 3), 2, 3, -1, None, None)
values = [(), (0,), (0, 3), (3, 0, 2, 5), (v,), (0, v), B.Shared((0, 1, 2)), [0, 3], [],
          3, 0, -1, None, v, pick, E.VCard(5, (0, 1, 2))]
bad = []
for x in values:
    want = pick.lo if isinstance(x, B.Pick) else len(C._cards(g, f, x))
    got = C.count_cards(g, f, x)
    if type(got) is not int or got != want:
        bad.append((x, got, want))
print(len(values), bad)
"""


def test_count_cards_is_the_number_cards_reads():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "16 []", lines
