"""A vanished virtual card leaves the live handles (S_LIVE) in place (step 241a):
resolving.vanish_virtual_card finds the handle's first place by a C loop over the handles' values
(resolving._live_at) and, when it is the last item (the card begun last, most vanishings), pops
it keeping the list's room (engine's pop_keep_room), where `del` went through list_ass_slice and
list_resize. A list of 12 handles made by 17 appends and 5 pops is one that list_resize
reallocates at its next pop (its size falls below half its room): compiled, its size in memory
(sys.getsizeof, its room) stays as it was. Then a handle listed twice (the first place goes),
one in the middle, one not listed, the last of a clone's shared tuple (copied by _Sw, the tuple
untouched) — each the list after it — pure and as built."""
from seeded_games import run_python

SCRIPT = r"""
import sys
import core.engine as E
from compiler import simulate as S
from core.prims import base as B, cards as C, resolving as R
mod, P = S.load_engine("identity")
print(not R.__file__.endswith('.py'))
g = P.new_game(mod, 3, seed=1, generals=["关羽", "张飞", "刘备"], mode=None, hand=0,
               shuffle=False, start=False)
P.run_event(g, "移动", (0, (), 0, None))
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * B.NX
vs = [C._new_vcard(g, g.card_name(0), (i,)) for i in range(17)]
st = B._st(g)
live = []
for v in vs:
    live.append(v)
for _ in range(5):
    live.pop()   # 12 handles in the room of 17 appends: list.pop would reallocate it now
st[B.S_LIVE] = live
bad = []
room = sys.getsizeof(live)
R.vanish_virtual_card(g, f, True, vs[11])
got = B._st(g)[B.S_LIVE]
if got is not live or got != vs[:11]:
    bad.append(("last", got))
print(sys.getsizeof(live) == room)
def vanish(v, want):
    R.vanish_virtual_card(g, f, True, v)
    got = B._st(g)[B.S_LIVE]
    if type(got) is not list or got != want:
        bad.append((v - B.VBASE, got, want))
st[B.S_LIVE] = [vs[0], vs[1], vs[2], vs[1], vs[3]]
vanish(vs[1], [vs[0], vs[2], vs[1], vs[3]])    # listed twice: the first place goes
vanish(vs[2], [vs[0], vs[1], vs[3]])           # the middle
vanish(vs[12], [vs[0], vs[1], vs[3]])          # not listed: nothing deleted
vanish(vs[3], [vs[0], vs[1]])                  # the last
shared = B.Shared([vs[4], vs[5]])
st[B.S_LIVE] = shared
vanish(vs[5], [vs[4]])                         # a clone's shared tuple: copied, then popped
if list(shared) != [vs[4], vs[5]]:
    bad.append(("shared written", shared))
print(bad)
"""


def test_a_vanished_last_handle_keeps_the_lists_room():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        # compiled, the room kept; pure, list.pop (engine_pure's pop_keep_room) gives it back
        assert lines[1] == str(not pure), lines
        assert lines[2] == "[]", lines
