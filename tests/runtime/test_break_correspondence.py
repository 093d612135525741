"""resolving.break_correspondence (step 191): a physical card's correspondence with the virtual
card it makes up cleared, the card left out of that virtual card's cards. Compiled, the card is a C
long read in place (an int of one digit; anything else no card, as an int out of the table's
range), and a virtual card of that one card gets () without a list made. Held, pure and as built,
to the definition: one card, one of two, a card that corresponds to nothing or to a virtual card
without it, a bool (its int's),
and what is no card of the table (-1, its length, an int of more digits, a string); a clone's
shared table (read as it is, written through a copy)."""
from seeded_games import VCARD_HEAD, run_python

DIRECT = VCARD_HEAD + r"""
corr = B._Sw(g, B.S_CORR, len(g.cards))
out = []
def case(c, cards, link):
    v = C._new_vcard(g, g.card_name(1), cards)
    corr[:] = [None] * len(g.cards)
    for x in link:
        corr[x] = v
    R.break_correspondence(g, f, True, c, v)
    out.append((B._rec(g, v)[B.V_CARDS], [x for x in range(len(corr)) if corr[x] is not None]))
case(1, (1,), (1,))
case(2, (1, 2), (1, 2))
case(1, (1, 2), (1, 2))
case(3, (3,), ())
case(2, (1,), (2,))
case(True, (1,), (1,))
last = len(g.cards) - 1
for c in (-1, len(g.cards), 2 ** 40, "x"):
    case(c, (1,), (1, last))
# a clone's table shared with its original (a Shared tuple): read as it is, written through a
# copy of its own
v = C._new_vcard(g, g.card_name(1), (1,))
corr[:] = [None] * len(g.cards)
corr[1] = v
shared = B.Shared(corr)
B._st(g)[B.S_CORR] = shared
R.break_correspondence(g, f, True, 1, v)
now = B._st(g)[B.S_CORR]
out.append((type(now) is list and now[1] is None, shared[1] == v, B._rec(g, v)[B.V_CARDS]))
print(out, last)
"""

def want(last):
    return [((), []), ((1,), [1]), ((2,), [2]), ((3,), []), ((1,), []), ((), [])] \
        + [((1,), [1, last])] * 4 + [(True, True, ())]


def test_break_correspondence_is_the_definition():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        got, last = lines[1].rsplit(" ", 1)
        assert got == repr(want(int(last))), lines
