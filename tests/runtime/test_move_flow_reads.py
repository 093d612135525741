"""Two reads of the move flow and of a card's effect (step 137), pure and as built.

resolving.card_user walks the stack with the ruleset's tables and the stack read once, each
frame's event id read in place: a virtual card's user, NONE while a frame of
延时锦囊牌的特殊使用 holding that card is on the stack (000:41) — at the top, under ten other
frames, right above the root — and the user again when the frame holds another card or is gone.

cards.is_delayed_trick answers NONE (-1) before _card_info's call and reads a virtual card's
entry in place: False for NONE and a virtual card of no name, and for every physical card and a
virtual card of every name the entry's answer (its second field 延时锦囊).

resolving.is_ineffective reads an empty 无效 list's length before its membership test: who in
the list (a live record's list, a frozen record's tuple) for each role, with none, one and two."""
from seeded_games import move_game, run_python

SCRIPT = move_game(5) + r"""
import core.engine as E
from core.prims import base as B, cards as C, resolving as R
print(not R.__file__.endswith('.py'))
t = B._T(g)
f = E.Frame(t.ev_move, 4)
f.x = [None] * B.NX
# --- card_user
delayed = [i for i in range(len(t.prog_evis)) if t.prog_evis[i] == B.EVI_DELAYED_USE]
other = [i for i in range(len(t.prog_evis)) if t.prog_evis[i] not in (B.EVI_DELAYED_USE, -1)]
v = C._new_vcard(g, "乐不思蜀", ())
w = C._new_vcard(g, "乐不思蜀", ())
B._rec(g, v)[B.V_USER] = 2
B._rec(g, w)[B.V_USER] = 3
def frame(prog, card):
    fr = E.Frame(prog, 2)
    fr.slots[0] = card
    return fr
def plain(n):
    return [frame(other[k % len(other)], v) for k in range(n)]
saved = list(g.stack)
got = []
for stack in ([], plain(11), [frame(delayed[0], v)], plain(10) + [frame(delayed[0], v)],
              [frame(delayed[0], v)] + plain(10), plain(5) + [frame(delayed[0], v)] + plain(5),
              plain(5) + [frame(delayed[0], w)] + plain(5)):
    g.stack[:] = saved + stack   # the root frame stays at the bottom
    got.append((R.card_user(g, f, v), R.card_user(g, f, w)))
g.stack[:] = saved
print(len(delayed) == 1, len(other) > 3, got)
# --- is_delayed_trick
bad, n = [], 0
for i in range(len(g.cards)):
    n += 1
    if C.is_delayed_trick(g, f, i) is not (t.cards[g.card_name(i)][1] == "延时锦囊"):
        bad.append(i)
for name in sorted(t.cards):
    n += 1
    if C.is_delayed_trick(g, f, C._new_vcard(g, name, ())) is not (t.cards[name][1] == "延时锦囊"):
        bad.append(name)
print(C.is_delayed_trick(g, f, B.NONE), C.is_delayed_trick(g, f, -5),
      C.is_delayed_trick(g, f, C._new_vcard(g, -1, ())), n > 150, bad[:5])
# --- is_ineffective: the 无效 list (a live record's list, a frozen record's tuple) read for who
x = C._new_vcard(g, "杀", ())
rec = B._rec(g, x)
got = []
for ineff in ([], [1], [0, 3], (), (3,), (1, 3)):
    rec[B.V_INEFF] = ineff
    got.append([R.is_ineffective(g, f, x, who) for who in range(5)])
print(got)
"""


def test_card_user_and_a_delayed_trick_read():
    N = -1   # NONE
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "True True " + repr([(2, 3), (2, 3), (N, 3), (N, 3), (N, 3), (N, 3),
                                                (2, N)]), lines
        assert lines[2] == "False False False True []", lines
        F, T = False, True
        assert lines[3] == repr([[F] * 5, [F, T, F, F, F], [T, F, F, T, F], [F] * 5,
                                 [F, F, F, T, F], [F, T, F, T, F]]), lines
