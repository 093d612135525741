"""What moves.move_cards records and where it puts the cards, pure and as built (step 244): a move
of several cards' origins (X_JCARD: [card, origin, …], `_origins`, a function of its own), a card
listed twice told apart (`_distinct`, the ids compared as C ints: no X_KEPTEQUIP), the move's
target zone (its slot 3, read in place compiled: none moves no card) and the 处理区's entries
(S_PROC, one write site: the frames' ids on entry, none on leaving)."""
import core.engine as E
from seeded_games import identity_game, run_both

SCRIPT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, moves as Moves
X_CARDS, X_JCARD, X_KEPTEQUIP = 2, 3, 12   # base's scratch indices: C constants of the compiled base
assert E.__file__.endswith('.so') or (B.X_CARDS, B.X_JCARD, B.X_KEPTEQUIP) == (X_CARDS, X_JCARD, X_KEPTEQUIP)
t = B._T(g)
d = tuple(g.zone_cards(E.Z_DRAW, -1))[:4]
g.move_one(d[1], E.Z_HAND, 1)   # cards of one move from different zones


def move(cards, zone):
    f = E.Frame(t.ev_move, 12)
    f.slots[3] = zone
    B._sx(f)[X_CARDS] = cards
    Moves.move_cards(g, f, True, 0, cards)
    kept = B._get(f, X_KEPTEQUIP)
    return B._get(f, X_JCARD), "kept" if kept is cards else kept


print(*move((d[0], d[1], d[2]), (E.Z_HAND, 2)))
print(*[tuple(g.where(c)) for c in d[:3]])
print(*move((d[0], d[0]), (E.Z_HAND, 3)))   # listed twice: no X_KEPTEQUIP
print(*move((d[3],), None), tuple(g.where(d[3])))   # no target zone: not moved
proc = B._st(g)
move((d[0], d[1]), (E.Z_PROCESS, -1))
ids = proc[B.S_PROC]
print(list(ids[d[0]]) == list(ids[d[1]]) != [], ids[d[2]])
move((d[1],), (E.Z_DISCARD, -1))   # out of the 处理区: its entry gone, the other's kept
print(ids[d[1]], ids[d[0]] is not None, tuple(g.where(d[1])))
"""


def test_move_cards_records_and_targets():
    lines = run_both(SCRIPT).splitlines()
    draw, hand, proc, dis = E.Z_DRAW, E.Z_HAND, E.Z_PROCESS, E.Z_DISCARD
    # [card, origin, …]: d0 and d2 from the draw pile, d1 from seat 1's hand; no equipment: kept
    rec, kept = lines[0].rsplit(" ", 1)
    rec = eval(rec)
    assert rec[1::2] == [(draw, -1), (hand, 1), (draw, -1)] and kept == "kept", lines
    assert lines[1] == " ".join(["(%d, 2)" % hand] * 3), lines
    assert lines[2].endswith(" None"), lines   # listed twice: told apart, no X_KEPTEQUIP
    assert lines[3].endswith(" kept (%d, -1)" % draw), lines   # no target zone: not moved
    assert lines[4] == "True None", lines   # both entered the 处理区: the same frames' ids
    assert lines[5] == "None True (%d, -1)" % dis, lines
