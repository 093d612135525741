"""What moves.move_cards records for a move of one card, pure and as built (step 246a): its
origin (X_JCARD: the tuple (card, origin), written as a temporary where it was two locals) and the
move's verdict (X_FLAG: True when the scratch had none, read compiled at gcc's constant index by
`_flag_unset`; a verdict already written is kept)."""
import core.engine as E
from seeded_games import identity_game, run_both

SCRIPT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, moves as Moves
X_CARDS, X_JCARD, X_FLAG = 2, 3, 10   # base's scratch indices: C constants of the compiled base
assert E.__file__.endswith('.so') or (B.X_CARDS, B.X_JCARD, B.X_FLAG) == (X_CARDS, X_JCARD, X_FLAG)
t = B._T(g)
d = tuple(g.zone_cards(E.Z_DRAW, -1))[:2]
g.move_one(d[1], E.Z_HAND, 1)


def move(c, zone, flag):
    f = E.Frame(t.ev_move, 12)
    f.slots[3] = zone
    x = B._sx(f)
    x[X_CARDS] = (c,)
    x[X_FLAG] = flag
    Moves.move_cards(g, f, True, 0, (c,))
    return B._get(f, X_JCARD), B._get(f, X_FLAG)


rec, flag = move(d[0], (E.Z_HAND, 2), None)
print(type(rec).__name__, rec[0] == d[0], tuple(rec[1]), flag)
rec, flag = move(d[1], (E.Z_DISCARD, -1), "kept")
print(type(rec).__name__, rec[0] == d[1], tuple(rec[1]), flag, tuple(g.where(d[1])))
"""


def test_one_card_record_and_verdict():
    lines = run_both(SCRIPT).splitlines()
    assert lines[0] == "tuple True (%d, -1) True" % E.Z_DRAW, lines
    assert lines[1] == "tuple True (%d, 1) kept (%d, -1)" % (E.Z_HAND, E.Z_DISCARD), lines
