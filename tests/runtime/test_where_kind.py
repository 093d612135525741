"""Game.where_kind(c) is Game.where(c)[0] without the tuple (the rooms' tests of a card's zone
kind: moves, zones, decisions; docs/performance.md step 25): the same answer for every card,
in the deck, in a hand, in the discard pile and in the 处理区. Compiled when `sgs build` ran,
else pure."""
from core import engine as E
from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _same_for_every_card(g):
    kinds = set()
    for c in range(len(g.cards)):
        assert g.where_kind(c) == g.where(c)[0], c
        kinds.add(g.where_kind(c))
    return kinds


def test_where_kind_is_where_s_kind(identity):  # noqa: F811
    g = P.new_game(identity, 3, seed=1, deck=DECK, mode=None, hand=0, shuffle=False, start=False)
    assert _same_for_every_card(g) == {E.Z_DRAW}
    g.move((0, 1), E.Z_HAND, 1)
    g.move((2,), E.Z_DISCARD)
    g.move((3,), E.Z_PROCESS)
    assert _same_for_every_card(g) == {E.Z_DRAW, E.Z_HAND, E.Z_DISCARD, E.Z_PROCESS}
    assert (g.where_kind(0), g.where_kind(2), g.where_kind(3)) == (E.Z_HAND, E.Z_DISCARD, E.Z_PROCESS)
