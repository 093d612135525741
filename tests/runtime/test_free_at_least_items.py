"""Which items of a choice's group moves._free_at_least counts and moves._may_be_busy looks at,
pure and as built (step 246b): each item read borrowed as a physical card's id (_physical_at: an
exact int below VBASE; a bool, a negative int, a virtual card's id or an id past the game's cards
is none) and its zone kind read in place (card_zone_kind), where Game.where_kind was called."""
from seeded_games import identity_game, run_both

SCRIPT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, moves as Moves
d = tuple(g.zone_cards(E.Z_DRAW, -1))[:3]
g.move_one(d[0], E.Z_HAND, 1)
g.move_one(d[1], E.EQUIP_ZONES[0], 1)   # equipment: not free, maybe busy
n = len(g.cards)
odd = (True, -1, n + 5, B.VBASE + 1, "x")   # none of them a card of the game
group = odd + (d[0], d[1], d[2])
print(*[Moves._free_at_least(g, group, k) for k in range(4)])
print(Moves._free_at_least(g, (1,) + odd, 2), Moves._free_at_least(g, (d[0],) * 2, 2))
print(Moves._may_be_busy(g, group), Moves._may_be_busy(g, odd + (d[0], d[2])))
"""


def test_free_at_least_counts_the_game_cards_outside_the_equipment():
    lines = run_both(SCRIPT).splitlines()
    # d0 (a hand) and d2 (the draw pile) are free, d1 (equipment) and the odd items are not
    assert lines[0] == "True True True False", lines
    # a card listed twice counts twice, as before; a bool is no card (True is not card 1)
    assert lines[1] == "False True", lines
    assert lines[2] == "True False", lines
