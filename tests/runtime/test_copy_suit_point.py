"""resolving.copy_suit_point (docs/performance.md, step 233a): with no rule changing suits held it
reads the printed suit and colour directly, else through cards.phys_suit and phys_color as
before. Held to those readers on every card of a game without 〖红颜〗 and of one with 小乔
(her spades in hand count as hearts: the rule's suit, not the printed one), pure and as built."""
from seeded_games import move_game, run_python

SCRIPT = move_game(2, ["小乔", "曹操"]) + r"""
import core.engine as E
from core.prims import base as B, cards as C, resolving as R
print(not R.__file__.endswith('.py'))
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * B.NX
spades = [c for c in range(len(g.cards)) if g.card_suit(c) == E.SPADE]
g.move(spades, E.Z_HAND, 0)   # 小乔's spades: hearts for the rules while she holds 〖红颜〗
# the same seats without her: no rule changing suits held
h = P.new_game(M, 2, seed=1, generals=["刘备", "曹操"], mode=None, hand=0, start=False)
P.run_event(h, "移动", (0, (), 0, None))
print(C._suit_rules_held(g), C.phys_suit(g, spades[0]) != g.card_suit(spades[0]),
      C._suit_rules_held(h))
bad = []
for x in (g, h):
    for c in range(len(x.cards)):
        v = C._new_vcard(x, x.card_name(c))
        R.copy_suit_point(x, f, True, v, (c,))
        r = B._rec(x, v)
        got = (r[B.V_SUIT], r[B.V_COLOR], r[B.V_POINT])
        want = (C.phys_suit(x, c), C.phys_color(x, c), x.card_point(c))
        if got != want:
            bad.append((c, got, want))
print(len(g.cards) + len(h.cards), bad)
"""


def test_copy_suit_point_reads_as_the_suit_readers():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "True True False", lines
        assert lines[2].endswith(" []"), lines
