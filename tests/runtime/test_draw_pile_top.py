"""Game.top_cards (docs/performance.md, step 217): the draw pile's top n cards, top first, as a
new list (the pile's last k items sliced and reversed), refilling once from the discard pile when
the pile is short."""
import generated.identity as M
from core import prims as P


def _game():
    return P.new_game(M, 5, seed=4, deck="标准版加军争", log_level=0, start=False)


def test_the_top_cards_are_the_piles_last_items_top_first_in_a_new_list():
    g = _game()
    d = g.zones[g.zbase[0]]
    before = list(d)
    assert g.top_cards(1) == [d[-1]]
    assert g.top_cards(4) == [d[-1], d[-2], d[-3], d[-4]]
    got = g.top_cards(3)
    got.append(-1)   # the answer is the caller's: the pile is not touched
    assert d == before and g.top_cards(0) == [] and g.top_cards(-2) == []


def test_a_short_pile_is_refilled_once_and_gives_what_it_has():
    g = _game()
    d = g.zones[g.zbase[0]]
    pile = list(d)
    # all but the top three moved to the discard pile: four asked, the discard shuffled in below
    g.move(pile[:-3], 1)
    assert len(g.zones[g.zbase[0]]) == 3
    got = g.top_cards(4)
    d = g.zones[g.zbase[0]]
    assert got[:3] == pile[-1:-4:-1] and len(d) == len(pile) and got == d[-1:-5:-1]
    assert not g.zones[g.zbase[1]]
    # nothing to refill from: every card of a short pile, top first
    g.move(d[:-2], 2, 0)
    d = g.zones[g.zbase[0]]
    assert g.top_cards(5) == [d[-1], d[-2]]


def test_a_refill_puts_the_shuffled_discard_under_the_pile_the_last_shuffled_card_lowest():
    # step 273a: one slice assignment where each shuffled card was inserted at the pile's bottom
    # in turn (the first shuffled card ends up just under the pile, the last at its very bottom)
    g = _game()
    pile = list(g.zones[g.zbase[0]])
    g.move(pile[:-5], 1)
    discard = list(g.zones[g.zbase[1]])
    shuffled = list(discard)
    g.rng.copy().shuffle(shuffled)
    assert shuffled != discard   # the order is the shuffle's
    g.refill_draw()
    assert g.zones[g.zbase[0]] == shuffled[::-1] + pile[-5:]
    assert not g.zones[g.zbase[1]]
    assert all(g.where(c) == g.where(pile[-1]) for c in discard)


DECK_TOP = r"""
import generated.identity as M
from core import prims as P
from core.prims import zones as Z
g = P.new_game(M, 5, seed=4, deck="标准版加军争", log_level=0, start=False)
print(not Z.__file__.endswith('.py'))
out = []
def ask(n):
    d = list(g.zones[g.zbase[0]])
    got = Z.deck_top(g, None, n)
    out.append((n, type(got).__name__, got == tuple(d[::-1][:max(n, 0)]), len(got)))
for n in (0, -2, 1, 4, 7):
    ask(n)
pile = list(g.zones[g.zbase[0]])
g.move(pile[:-3], 1)   # a pile of three over the discard pile: four asked, refilled once
got = Z.deck_top(g, None, 4)
d = g.zones[g.zbase[0]]
out.append((got[:3] == tuple(pile[-1:-4:-1]), got == tuple(d[-1:-5:-1]), len(d) == len(pile)))
g.move(d[:-2], 2, 0)   # nothing to refill from: the two cards of the short pile, top first
d = g.zones[g.zbase[0]]
out.append(Z.deck_top(g, None, 5) == (d[-1], d[-2]))
print(out)
"""


def test_deck_top_is_the_top_cards_as_a_tuple_pure_and_as_built():
    # step 281a: compiled, the tuple made from the pile's list in place (tuples.pxd), where
    # Game.top_cards' list was made, reversed and copied
    from seeded_games import run_python

    want = ("[(0, 'tuple', True, 0), (-2, 'tuple', True, 0), (1, 'tuple', True, 1), "
            "(4, 'tuple', True, 4), (7, 'tuple', True, 7), (True, True, True), True]")
    for pure in (True, False):
        lines = run_python(DECK_TOP, pure=pure).strip().split("\n")
        assert lines == [str(not pure), want]
