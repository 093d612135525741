"""A vanished virtual card leaves the list of live handles (step 134a): resolving.vanish_virtual_card
finds the handle's first place in S_LIVE by a loop and deletes that item, where list.remove was
a method called by name; a clone's Shared list is copied by _Sw first and left as it was. The
vanishings — a card in the middle, a card listed twice (the first place goes), a card not
listed, a card vanished already, then a Shared list's middle and last items and its only one —
each the list after it and the record frozen (seven calls); then (step 184b: the live record's
fields read by C indices, the cards' and the ignored skills' tuples tested by their length) two
cards whose physical cards leave the correspondence where it names them, one with an ignored
armour skill that counts again — pure and as built."""
from seeded_games import VANISH_HEAD, run_python

SCRIPT = VANISH_HEAD + r"""
print(not R.__file__.endswith('.py'))
vs = [C._new_vcard(g, g.card_name(i % 4), (i % 4,)) for i in range(6)]
st = B._st(g)
st[B.S_LIVE] = [vs[0], vs[1], vs[2], vs[3], vs[1]]   # vs[1] twice: the first one goes
bad, n = [], 0
def vanish(v, live_want, alive_before=True):
    global n
    n += 1
    R.vanish_virtual_card(g, f, True, v)
    live = B._st(g)[B.S_LIVE]
    if type(live) is not list or live != live_want:
        bad.append(("live", v - B.VBASE, live, live_want))
    if type(B._rec(g, v)) is not C.Frozen and alive_before:
        bad.append(("not frozen", v - B.VBASE))
vanish(vs[2], [vs[0], vs[1], vs[3], vs[1]])
vanish(vs[1], [vs[0], vs[3], vs[1]])
vanish(vs[4], [vs[0], vs[3], vs[1]])   # not in the list: nothing deleted
vanish(vs[1], [vs[0], vs[3], vs[1]], False)   # vanished already: nothing done
# a clone's shared list: copied, the item deleted from the copy, the shared tuple unchanged
shared = B.Shared([vs[0], vs[3], vs[5]])
st[B.S_LIVE] = shared
vanish(vs[3], [vs[0], vs[5]])
if list(shared) != [vs[0], vs[3], vs[5]]:
    bad.append(("shared written", shared))
vanish(vs[5], [vs[0]])
vanish(vs[0], [])
# step 184b: a vanishing card's physical cards leave the correspondence where they name it (not
# where they name another card), and the armour skills it ignored count again (V_IGNORE, ())
w = [C._new_vcard(g, g.card_name(i), (i, (i + 1) % 4)) for i in range(2)]
corr = [None] * len(g.cards)
corr[0], corr[1], corr[2] = w[0], w[1], w[1]
st[B.S_CORR] = corr
sid = 0
g.invalidate_skill(1, sid, True)
g.invalidate_skill(1, sid, True)
B._rec(g, w[0])[B.V_IGNORE] = ((1, sid),)   # a tuple, then a list (a writer's)
B._rec(g, w[1])[B.V_IGNORE] = [(1, sid)]
before = list(g.players[1].invalid)
vanish(w[0], [])
got = list(B._st(g)[B.S_CORR][:3])
if got != [None, w[1], w[1]]:
    bad.append(("corr", got))
if g.players[1].invalid[sid] != before[sid] - 1 or B._rec(g, w[0])[B.V_IGNORE] != ():
    bad.append(("ignore", g.players[1].invalid[sid], before[sid], B._rec(g, w[0])[B.V_IGNORE]))
vanish(w[1], [])
got = list(B._st(g)[B.S_CORR][:3])
if got != [None, None, None]:
    bad.append(("corr", got))
if g.players[1].invalid[sid] != before[sid] - 2 or B._rec(g, w[1])[B.V_IGNORE] != ():
    bad.append(("ignore", g.players[1].invalid[sid], before[sid], B._rec(g, w[1])[B.V_IGNORE]))
print(n, bad)
"""


def test_a_vanished_card_leaves_the_live_list():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "9 []", lines
