"""choose_move_cards' one walk of a tuple of cards (docs/performance.md, step 242a: moves.
_movable_as_is): the tuple itself is 此次移动的牌 only when every item is a physical card's id
(cards._all_physical's test) that is somewhere and, for a role's move (002:27), in no equipment
zone; any other tuple goes through _phys and _movable as before. Held directly, pure and as
built, on a 移动 frame: a card that is nowhere (its zone's kind made negative) and an id that is
no card's (negative) are left out and a virtual card's id stands for its physical card (cards.
_cards_phys), the others kept in their order, whoever moves them; the equipment card in use is
the test of tests/runtime/test_movable_cards.py."""
from seeded_games import identity_game, run_python

DIRECT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, cards as Cards, moves as Moves
print(not E.__file__.endswith('.py'))   # compiled: the extension module
t = B._T(g)
d = tuple(g.zone_cards(E.Z_DRAW, -1))[:3]
h = d[2]
g.move_one(h, E.Z_HAND, 1)   # into role 1's hand: that zone is made nowhere below
v = Cards._new_vcard(g, "杀", (d[1],))   # a virtual card of d[1]


def moving(who, cards):
    f = E.Frame(t.ev_move, 12)
    Moves.choose_move_cards(g, f, True, who, cards, len(cards))
    got = Moves.moving_cards(g, f)   # the X_CARDS choose_move_cards wrote
    return got, got is cards


for who in (0, -1):   # a role's move, the system's
    cards = (d[0], h, d[1])
    got, same = moving(who, cards)
    print(who, *got, same)   # every card: the tuple itself
    got, same = moving(who, (d[0], -1, d[1]))
    print(who, *got, same)   # no card's id: left out
    got, same = moving(who, (d[0], v))
    print(who, *got, same)   # a virtual card: its physical card
    z = g.card_zone[h]
    k = g.zkind_at[z]
    g.zkind_at[z] = -1   # role 1's hand is no zone: its card is nowhere
    try:
        got, same = moving(who, cards)
    finally:
        g.zkind_at[z] = k
    print(who, *got, same)   # the card nowhere left out
print(d[0], h, d[1])
"""


def test_only_movable_physical_cards_are_the_tuple_itself():
    """Pure and as built, for a role's move and the system's: three cards somewhere are the
    tuple itself; an id no card has (-1) and a card whose zone is nowhere are left out of a new
    tuple, a virtual card's id is its physical card, the others kept in their order (a walk
    that did not test the id's sign, its bound VBASE or the card's zone kind would keep them,
    or read no card's zone)."""
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        a, h, b = lines[-1].split()
        for k, who in enumerate(("0", "-1")):
            every, no_id, virtual, nowhere = (ln.split() for ln in lines[1 + 4 * k:5 + 4 * k])
            assert every == [who, a, h, b, "True"], lines
            assert no_id == [who, a, b, "False"], lines
            assert virtual == [who, a, b, "False"], lines
            assert nowhere == [who, a, b, "False"], lines
