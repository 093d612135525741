"""cards._card_name_any and _cards_phys read a card given as an int as one C int (step 52: the
virtual card's test, its record, the range test and a physical card's name each converted or
compared the object before). Held to their definitions — a VCard's name, a virtual card's
record's V_NAME, a physical card's name, else -1; the physical cards of each card of a value, a
virtual card's V_CARDS — at every call of the nine seeded games on the pure engine, where the
rooms' functions can be watched (the compiled engine plays the same games: the fingerprint), and
_card_name_any directly for each kind of value, pure and as built."""
from seeded_games import identity_game, run_pure, run_python, watch

WATCH = watch(r"""
from core.prims import cards as Cards
from core.prims.base import V_CARDS, V_NAME, VBASE, _is_v, _rec
name_any, phys = Cards._card_name_any, Cards._cards_phys


def defined(g, c):
    if isinstance(c, E.VCard):
        return c.name
    if _is_v(c):
        return _rec(g, c)[V_NAME]
    if isinstance(c, int) and 0 <= c < len(g.cards):
        return g.card_name(c)
    return -1


def watched(g, c):
    got = name_any(g, c)
    seen["calls"] += 1
    seen["virtual"] += _is_v(c)
    seen["physical"] += isinstance(c, int) and 0 <= c < len(g.cards)
    if got != defined(g, c) and len(bad) < 5:
        bad.append((c, got, defined(g, c)))
    return got


def phys_defined(g, v):
    if type(v) is tuple and all(type(c) is int and 0 <= c < VBASE for c in v):
        return v
    out = []
    for c in Cards._cards(g, None, v):
        if _is_v(c):
            out.extend(_rec(g, c)[V_CARDS])
        elif isinstance(c, int) and c >= 0:
            out.append(c)
    return tuple(out)


def watched_phys(g, v):
    got = phys(g, v)
    seen["phys"] += 1
    seen["phys_v"] += any(_is_v(c) for c in Cards._cards(g, None, v))
    if got != phys_defined(g, v) and len(bad) < 5:
        bad.append(("phys", v, got, phys_defined(g, v)))
    return got


Cards._card_name_any = watched
Cards._cards_phys = watched_phys
""", 'seen["calls"], seen["virtual"], seen["physical"], seen["phys"], seen["phys_v"]')


def test_card_name_any_and_cards_phys_are_their_definitions():
    """Nine seeded games: every call answers its definition; virtual and physical cards both."""
    lines = run_pure(WATCH)
    games, calls, virtual, physical, phys, phys_v = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert calls > 1000 and virtual > 500 and physical > 100, (calls, virtual, physical)
    assert phys > 1000 and phys_v > 100, (phys, phys_v)


DIRECT = identity_game(1) + r"""
import core.engine as E
from core.prims import cards as Cards
from core.prims.base import VBASE
c = g.zone_cards(E.Z_DRAW, -1)[0]
v = Cards._new_vcard(g, g.card_name(c), (c,))
for x in (c, 0, len(g.cards) - 1, v, E.VCard(7), len(g.cards), -1, -5, VBASE - 1, None, "x"):
    print(Cards._card_name_any(g, x))
# step 262d: a live record's name (written here) and a frozen record's (a vanished card's tuple)
from core.prims.base import S_VC, V_NAME, _S
recs = _S(g, S_VC)
w = Cards._new_vcard(g, 0, ())
recs[w - VBASE][V_NAME] = 5
live = Cards._card_name_any(g, w)
recs[w - VBASE] = Cards._frozen(recs[w - VBASE])
print(live, Cards._card_name_any(g, w))
print(g.card_name(c), g.card_name(0), g.card_name(len(g.cards) - 1))
"""


def test_card_name_any_of_each_kind_of_value():
    """A physical card (the first and last ids too), a virtual card, a VCard, an int past the
    physical cards, negative ints, ints between the cards and VBASE, not a card: the same answers
    pure and as built; a virtual card's name read from its live record, then from its frozen one
    (step 262d: compiled, the live record's name is read borrowed)."""
    for pure in (True, False):
        rows = run_python(DIRECT, pure=pure).strip().splitlines()
        first, lo, hi = rows[-1].split()
        assert rows[:-1] == [first, lo, hi, first, "7", "-1", "-1", "-1", "-1", "-1", "-1",
                             "5 5"], (pure, rows)
