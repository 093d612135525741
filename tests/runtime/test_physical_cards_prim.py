"""Step 220d of docs/performance.md: cards.physical_cards (此牌的实体牌) tests an int (a card)
by its exact type before the Pick's subtype test. Held, pure and as built: a Pick (a choice not
made yet) answers itself; a virtual card, a physical card, a tuple of cards and NONE answer
_cards_phys's tuple.

Step 262c: compiled, physical_cards reads a virtual card's tuple in its live record itself
(cards._vcard_cards, which _cards_phys reads too): the record's own tuple, answered as it is; a
record whose cards are not a tuple (a list here) answers _cards_phys's tuple of them."""
from seeded_games import move_game, run_both

SCRIPT = move_game(5) + r"""
import core.engine as E
from core.prims import base as B, cards as C
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * B.NX
pk = B.Pick("cards", "手牌", 1, 1, 0, None, None)
v = C._new_vcard(g, sorted(B._T(g).cards)[0], (0, 1))
got = [C.physical_cards(g, f, x) for x in (pk, v, 3, (2, 5), B.NONE)]
print(got[0] is pk, got[1:] == [(0, 1), (3,), (2, 5), ()])
rec = B._rec(g, v)
own = C.physical_cards(g, f, v) is rec[B.V_CARDS]
rec[B.V_CARDS] = [4, 6]
print(own, C.physical_cards(g, f, v) == (4, 6))
"""


def test_physical_cards_of_a_pick_and_of_cards_pure_and_as_built():
    assert run_both(SCRIPT) == "True True\nTrue True"
