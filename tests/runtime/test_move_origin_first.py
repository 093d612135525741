"""zones.move_origin (step 118c): a running 移动's recorded origin of its first card answered
before _card_at's call and loop (the same small int object). Held to the record: for a 移动 frame
whose X_JCARD lists cards each followed by its origin, every card listed answers its first
entry's origin (first, later, listed twice, a big int equal but not the same object), a card not
listed answers where it is, a move of one card's (card, origin) tuple answers its origin for its
card (decision 0129), and any other record answers where the card is — pure and as built."""
from seeded_games import identity_game, run_python

DIRECT = identity_game(2) + r"""
import core.engine as E
from core.prims import base as B, zones as Z
print(not Z.__file__.endswith('.py'))
X_JCARD, NX = getattr(B, "X_JCARD", 3), getattr(B, "NX", 13)
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * NX
big = 2 ** 40
o1, o2, o3 = (E.Z_DISCARD, -1), (E.Z_HAND, 1), (E.Z_PROCESS, -1)
bad = []
cases = [([5, o1], 5, o1), ([5, o1, 7, o2], 7, o2), ([5, o1, 5, o3], 5, o1),
         ([7, o2, 5, o1], 5, o1), ([5, o1], 6, g.where(6)), ([], 5, g.where(5)),
         ([int(str(big)), o2], big, o2), (None, 5, g.where(5)),
         # a move of one card's record, a tuple (decision 0129): its card, another, an equal int
         # not the same object; a tuple of three answers where the card is
         ((5, o1), 5, o1), ((5, o1), 6, g.where(6)), ((int(str(big)), o2), big, o2),
         ((5, o1, 5), 5, g.where(5))]
for rec, c, want in cases:
    f.x[X_JCARD] = rec
    got = Z.move_origin(g, f, c)
    if got != want:
        bad.append((rec, c, got, want))
print(len(cases), bad)
"""


def test_a_moved_cards_origin_is_its_first_record():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "12 []", lines
