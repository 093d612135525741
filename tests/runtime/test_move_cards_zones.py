"""moves.move_cards' destinations (step 129a): when the move lists no destinations of its own
(X_DEST None or empty) every card goes to the move's target zone, whose kind and owner the move
reads once, not per card by _destination and _dest_zone; a zone of equipment (each card its own
slot) or of the general deck, and a move with destinations of its own, go card by card as before.
A move of one card records its (card, origin) pair (X_JCARD) as a tuple (decision 0129).
Each move below runs move_cards itself on a 移动 frame of a fresh game and checks where every card
went, what the move recorded (X_JCARD, S_MOVED, S_PROC) — pure and as built."""
from seeded_games import run_python

DIRECT = r"""
import core.engine as E
from compiler import simulate as S
from core.prims import base as B, moves as M
mod, P = S.load_engine("identity")
print(not M.__file__.endswith('.py'))
X_JCARD, X_DEST = getattr(B, "X_JCARD", 3), getattr(B, "X_DEST", 4)
DECK = [("杀", "红桃", 7), ("闪", "黑桃", 2), ("桃", "红桃", 3), ("诸葛连弩", "梅花", 1),
        ("八卦阵", "黑桃", 2)]
H0, H1, H2, D = (E.Z_HAND, 0), (E.Z_HAND, 1), (E.Z_HAND, 2), (E.Z_DISCARD, -1)
PR, EQ1, GD = (E.Z_PROCESS, -1), (B.ZK_EQUIP, 1), (B.ZK_GENERAL_DECK, -1)
W1, A1 = (E.EQUIP_ZONES[0], 1), (E.EQUIP_ZONES[1], 1)
# (the cards, the target zone, the move's own destinations, where each card is after the move;
# None: where it was)
CASES = [((0, 1), H2, None, [H2, H2]), ((0, 1), D, [], [D, D]), ((0,), H1, None, [H1]),
         ((1,), PR, None, [PR]), ((0, 2), PR, [], [PR, PR]), ((0, 1), None, None, [None, None]),
         ((0,), None, [], [None]), ((3, 4), EQ1, None, [W1, A1]), ((3,), EQ1, [], [W1]),
         ((0, 1), GD, None, [None, None]), ((0, 1), H2, [1, D], [H2, D]),
         ((0, 1), None, [0, H1], [H1, None]), ((2, 0), H1, [2, PR, 0, D], [PR, D]),
         ((0, 0), D, None, [D, D]), ((1,), H0, None, [H0]), ((0,), H0, [0, H2], [H2])]
bad = []
for cards, z, dests, want in CASES:
    g = P.new_game(mod, 3, seed=1, deck=DECK, generals=["关羽", "张飞", "刘备"], mode=None, hand=0,
                   shuffle=False, start=False)
    g.move((0,), E.Z_HAND, 0)   # a hand card, the rest in the draw pile
    P.run_event(g, "移动", (0, (), 0, None))   # a root frame: the state move_cards writes
    f = E.Frame(B._T(g).ev_move, 4)
    f.x = [None] * B.NX
    f.x[X_DEST] = dests
    f.slots = [0, cards, len(cards), z]
    before = [g.where(c) for c in cards]
    M.move_cards(g, f, True, 0, cards)
    after = [g.where(c) for c in cards]
    if after != [b if w is None else w for b, w in zip(before, want)]:
        bad.append(("where", cards, z, dests, before, after))
    pairs = [v for c, b in zip(cards, before) for v in (c, b)]
    # one card's record a tuple (card, origin), several cards' a list (decision 0129)
    if list(f.x[X_JCARD]) != pairs or type(f.x[X_JCARD]) is not (tuple if len(cards) == 1 else list):
        bad.append(("origins", cards, f.x[X_JCARD], pairs))
    if B._st(g)[B.S_MOVED] != cards:
        bad.append(("moved", cards, B._st(g)[B.S_MOVED]))
    proc = B._st(g)[B.S_PROC]
    for c, w in zip(cards, after):
        if (w == PR) != (proc is not None and proc[c] is not None):
            bad.append(("processing", cards, c, w))
print(len(CASES), bad)
# a card put into the 处理区 and out again: S_PROC's entry the frames' ids, then None (step 186a:
# the table's item stored in place), the other cards' entries untouched
g = P.new_game(mod, 3, seed=1, deck=DECK, generals=["关羽", "张飞", "刘备"], mode=None, hand=0,
               shuffle=False, start=False)
P.run_event(g, "移动", (0, (), 0, None))
seen = []
for cards, z in (((1, 2), PR), ((1,), D)):
    f = E.Frame(B._T(g).ev_move, 4)
    f.x = [None] * B.NX
    f.slots = [0, cards, len(cards), z]
    M.move_cards(g, f, True, 0, cards)
    proc = B._st(g)[B.S_PROC]
    seen.append([type(proc[c]).__name__ for c in range(len(DECK))])
print(seen)
"""


def test_each_card_goes_to_its_destination_and_the_move_records_its_origins():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "16 []", lines
        assert lines[2] == str([["NoneType", "array", "array", "NoneType", "NoneType"],
                                ["NoneType", "NoneType", "array", "NoneType", "NoneType"]]), lines
