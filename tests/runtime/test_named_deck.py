"""A named deck's cards are worked out once per module (core.prims.games._named_deck, step 210b):
every game of the module deals the same cards as _deck_cards says, without asking it again, and
a deck the tables replace is worked out anew."""
from core import prims as P
from core.prims import games as G

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _cards(g):
    return [(c.id, c.name, c.suit, c.point) for c in g.cards]


def _expected(rs, deck):
    return [(i, c[0], c[1], c[2]) for i, c in enumerate(G._deck_cards(rs, rs.sgs, deck))]


def test_every_game_deals_its_decks_cards_and_asks_deck_cards_once(identity, monkeypatch):  # noqa: F811
    rs = G._game_rules(identity)
    want = _expected(rs, DECK)
    assert len(want) > 100
    P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)   # (kept now, whichever test ran first)
    asked = []
    real = G._deck_cards
    monkeypatch.setattr(G, "_deck_cards", lambda *a: asked.append(a) or real(*a))
    for seed in (2, 3):
        g = P.new_game(identity, 5, seed=seed, deck=DECK, log_level=0, shuffle=False)
        assert sorted(_cards(g)) == want
    # the default deck (None): the tables' first, by its name
    g = P.new_game(identity, 5, seed=4, log_level=0, shuffle=False)
    assert sorted(_cards(g)) == _expected(rs, rs.sgs.deck_order[0])
    first = [a for a in asked if a[2] is rs.sgs.decks[rs.sgs.deck_order[0]]]
    assert len(first) <= 1   # the default worked out at most once, the named one not again
    assert not [a for a in asked if a[2] is rs.sgs.decks[DECK]]
    # a deck given as its cards is worked out at each game, as before
    custom = list(rs.sgs.decks[DECK])[:60]
    del asked[:]
    for seed in (5, 6):
        g = P.new_game(identity, 5, seed=seed, deck=custom, log_level=0, shuffle=False)
        assert len(g.cards) == 60
    assert len(asked) == 2


def test_a_deck_the_tables_replace_is_worked_out_again(identity, monkeypatch):  # noqa: F811
    rs = G._game_rules(identity)
    decks = rs.sgs.decks   # (the module's tables' dict: every game's copy shares it)
    P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    smaller = list(decks[DECK])[:80]
    monkeypatch.setitem(decks, DECK, smaller)
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0, shuffle=False)
    assert sorted(_cards(g)) == _expected(rs, smaller)
    assert len(g.cards) == 80
