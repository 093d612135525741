"""A new game's Card records (core/clone.py's _deck_cards, docs/performance.md step 217): the next
game dealt from the same tuple of (name, suit, point) tuples shares the records the last one made,
as a clone shares its original's; a deck anybody could change (a list, or a tuple holding one) is
made again for each game."""
from core import engine as E
from toy import Toy


def _fields(g):
    return [(c.id, c.name, c.suit, c.point) for c in g.cards]


def _deck(n, first=0):
    return tuple((first + i % 3, i % 4, i % 13 + 1) for i in range(n))


def test_games_dealt_from_the_same_deck_tuple_share_its_records():
    rs = Toy(nturns=0).rs
    deck = _deck(20)
    a = E.Game(rs, 4, seed=1, cards=deck)
    b = E.Game(rs, 4, seed=2, cards=deck)
    assert b.cards is a.cards and type(a.cards[0]) is E.Card
    assert _fields(b) == [(i, c[0], c[1], c[2]) for i, c in enumerate(deck)]
    # another deck between them: its own records, then the first deck's made again, equal
    other = _deck(7, 1)
    c = E.Game(rs, 4, seed=3, cards=other)
    assert c.cards is not a.cards and _fields(c) == [(i, *x) for i, x in enumerate(other)]
    d = E.Game(rs, 4, seed=4, cards=deck)
    assert d.cards is not a.cards and _fields(d) == _fields(a)


def test_a_deck_that_can_change_is_made_again_for_each_game():
    rs = Toy(nturns=0).rs
    as_list = list(_deck(12))
    a = E.Game(rs, 4, seed=1, cards=as_list)
    b = E.Game(rs, 4, seed=1, cards=as_list)
    assert a.cards is not b.cards and _fields(a) == _fields(b)
    holding = tuple([list(c) for c in _deck(12)])
    a = E.Game(rs, 4, seed=1, cards=holding)
    holding[0][1] = 3   # its first card's suit changed: the next game's record has it
    b = E.Game(rs, 4, seed=1, cards=holding)
    assert a.cards is not b.cards and (a.cards[0].suit, b.cards[0].suit) == (0, 3)


def test_a_game_without_cards_has_none():
    rs = Toy(nturns=0).rs
    assert E.Game(rs, 4).cards == [] and E.Game(rs, 4, cards=()).cards == []
